package pages

import (
	"os"
	"strings"
	"testing"

	"postald/internal/daysclock"
	"postald/internal/report"
	"postald/internal/tournament"
)

// TestReport: the director's report in HTML is the tournament's page without what needs the
// web server (links to the games, the language switch, the script), with every value escaped.
func TestReport(t *testing.T) {
	data, err := os.ReadFile("../report/testdata/sheet.toml")
	if err != nil {
		t.Fatal(err)
	}
	sh, err := tournament.ParseSheet(data)
	if err != nil {
		t.Fatal(err)
	}
	in := report.Input{Sheet: sh, Today: daysclock.Date{Year: 2026, Month: 12, Day: 1},
		Rulings: []report.Ruling{{Date: daysclock.Date{Year: 2026, Month: 11, Day: 20}, Kind: "penalty", Clause: "4.2.11", Text: "<b>ход</b> & день"}}}
	got, err := Report(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<html lang="` + sh.Language + `">`, `id="crosstable"`, "&lt;b&gt;ход&lt;/b&gt; &amp; день", "<style>"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q", want)
		}
	}
	for _, bad := range []string{"<script", `href="/`, "<b>ход", "hreflang"} {
		if strings.Contains(got, bad) {
			t.Errorf("the report holds %q", bad)
		}
	}
	if _, err := Report(report.Input{}); err == nil {
		t.Error("a report without a sheet")
	}
}
