package pages

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
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

// channelGame is game 1-2 of a tournament in lang: White plays by post, Black by telephone,
// and of its four moves the first came on a card, the second by e-mail (a copy Black mailed),
// the third by e-mail and the fourth in a call.
func channelGame(t *testing.T, lang string) GameInput {
	t.Helper()
	data, err := os.ReadFile("../report/testdata/sheet.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), `variant = "column"`, `variant = "russian"`, 1)
	src = strings.Replace(src, `language = "ru"`, `language = "`+lang+`"`, 1)
	sh, err := tournament.ParseSheet([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	day := func(d int) daysclock.Date { return daysclock.Date{Year: 2026, Month: 11, Day: d} }
	tb := sh.Table(time.UTC)
	tb.Players[0] = referee.Player{Number: 1, Name: "Абрамов Алексей", Channel: referee.ChannelPost}
	tb.Players[1] = referee.Player{Number: 2, Name: "Белов Борис", Email: "belov@mail.example", Channel: referee.ChannelPhone}
	g := referee.Game{Tournament: sh.Code, Name: "1-2", Status: referee.StatusPlaying,
		Plies: []referee.Ply{
			{Text: "c3-d4", Date: day(3), By: referee.ByLetter, Via: referee.ChannelPost},
			{Text: "f6-g5", Date: day(5), By: referee.ByLetter},
			{Text: "b2-c3", Date: day(9), By: referee.ByLetter, Via: referee.ChannelEmail},
			{Text: "g7-f6", Date: day(11), By: referee.ByLetter, Via: referee.ChannelPhone},
		}}
	return GameInput{Sheet: sh, Table: tb, Game: g, Today: day(12), Ply: 4,
		Step: func(n int) string { return "/t/1-2?ply=" + strconv.Itoa(n) }}
}

// TestGameChannels: on a game's page a move that came on a card or in a call is marked, the mark
// explained in its title, in the page's language; a move by e-mail is not; the clocks name each
// player with how he plays.
func TestGameChannels(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			in := channelGame(t, lang)
			b, err := Game(NewFrame(lang, ""), in)
			if err != nil {
				t.Fatal(err)
			}
			page := string(b)
			ch := &phrase.For(lang).Channels
			mark := func(via referee.Channel) string {
				return `<span class="via" title="` + ch.Title(string(via)) + `">` + ch.Move(string(via)) + `</span>`
			}
			if n := strings.Count(page, `class="via"`); n != 2 {
				t.Errorf("%d moves marked, want 2 (the card and the call)", n)
			}
			for i, want := range []string{mark(referee.ChannelPost), "", "", mark(referee.ChannelPhone)} {
				cell := plyCell(t, page, i+1)
				if want == "" && strings.Contains(cell, "via") || want != "" && !strings.Contains(cell, want) {
					t.Errorf("ply %d: %s\nwant the mark %q", i+1, cell, want)
				}
			}
			cell := `<td data-label="` + phrase.For(lang).Web.Columns.Player + `">`
			for _, want := range []string{cell + ch.Named("Абрамов Алексей", "post") + "</td>", cell + ch.Named("Белов Борис", "phone") + "</td>"} {
				if !strings.Contains(page, want) {
					t.Errorf("the clocks have no %q", want)
				}
			}
			// The same game by e-mail: no mark, the names alone.
			in.Table.Players[0].Channel, in.Table.Players[1].Channel = "", ""
			for i := range in.Game.Plies {
				in.Game.Plies[i].Via = ""
			}
			b, err = Game(NewFrame(lang, ""), in)
			if err != nil {
				t.Fatal(err)
			}
			if plain := string(b); strings.Contains(plain, `class="via"`) || strings.Contains(plain, ch.Post) || strings.Contains(plain, ch.Phone) {
				t.Errorf("a game by e-mail is marked:\n%s", plain)
			}
		})
	}
}

// plyCell is the cell of ply n in a game's page.
func plyCell(t *testing.T, page string, n int) string {
	t.Helper()
	i := strings.Index(page, `data-ply="`+strconv.Itoa(n)+`" data-caption`)
	if i < 0 {
		t.Fatalf("no ply %d in the page", n)
	}
	start := strings.LastIndex(page[:i], "<td")
	end := strings.Index(page[i:], "</td>")
	return page[start : i+end+len("</td>")]
}
