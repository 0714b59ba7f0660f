package office

import (
	"strings"
	"testing"
	"time"

	"postald/internal/store"
)

// TestReportSendRolledBack: when the report of one tournament cannot be drawn up, none is mailed
// (one transaction), and the reply says none was queued.
func TestReportSendRolledBack(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	if _, err := CreateTournament(db, from, []byte(langSheet("А-1", "ru", "Иванов Иван", "Петров Пётр", "ru")), now); err != nil {
		t.Fatal(err)
	}
	// A sheet whose zone this machine does not know: its report cannot count the days, and it
	// comes after А-1's, which would have been queued first.
	broken := strings.Replace(langSheet("Я-9", "ru", "Иванов Иван", "Петров Пётр", "ru"), `zone = "Europe/Moscow"`, `zone = "Nowhere/Atlantis"`, 1)
	if err := db.Update(func(tx *store.Tx) error {
		return tx.PutTournament("Я-9", store.Sheet{Format: "toml", Data: []byte(broken), Created: now})
	}); err != nil {
		t.Fatal(err)
	}
	before := len(mailedSince(t, db, 0))
	rep, err := o.Run(Request{Report: &ReportRequest{Send: true}})
	if err == nil || !strings.Contains(err.Error(), "Nowhere/Atlantis") {
		t.Fatalf("a report in an unknown zone: %v", err)
	}
	if len(rep.Report.Reports) != 1 || rep.Report.Reports[0].Code != "А-1" {
		t.Fatalf("reports in the reply: %+v, want А-1's, drawn up before the failure", rep.Report.Reports)
	}
	for _, r := range rep.Report.Reports {
		if r.Queued {
			t.Errorf("the reply says the report of %s was queued, though nothing was", r.Code)
		}
	}
	if after := len(mailedSince(t, db, 0)); after != before {
		t.Errorf("%d letters queued by a failed report", after-before)
	}
}

// TestReportSubjectDate: the mailed report names its day as the tournament's letters write
// dates, in the tournament's zone: at 22:30 UTC on 18 November it is already the 19th in Moscow.
func TestReportSubjectDate(t *testing.T) {
	now := time.Date(2026, 11, 18, 22, 30, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	for _, lang := range []string{"ru", "en"} {
		code := "Р-" + lang
		if _, err := CreateTournament(db, from, []byte(langSheet(code, lang, "Иванов Иван", "Петров Пётр", lang)), now); err != nil {
			t.Fatal(err)
		}
		seen := len(mailedSince(t, db, 0))
		if _, err := o.Run(Request{Report: &ReportRequest{Tournament: code, Send: true}}); err != nil {
			t.Fatal(err)
		}
		l := letterTo(t, mailedSince(t, db, seen), "td@club.example")
		want := map[string]string{"ru": code + ": отчёт директору 19.11.2026", "en": code + ": director's report 2026-11-19"}[lang]
		if l.subject != want {
			t.Errorf("%s report subject %q, want %q", lang, l.subject, want)
		}
	}
}
