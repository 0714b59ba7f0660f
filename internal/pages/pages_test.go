package pages

import (
	"fmt"
	"os"
	"regexp"
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

// TestSystemTables: a team event's page draws its team standings, matches and board results, each
// a table of its own with its title (the team's name as the row's heading, the matches' team
// names as words), with a finished game's result in them; a Swiss's page draws its standings with
// every round.
func TestSystemTables(t *testing.T) {
	data, err := os.ReadFile("../tournament/testdata/teams.toml")
	if err != nil {
		t.Fatal(err)
	}
	sh, err := tournament.ParseSheet(data)
	if err != nil {
		t.Fatal(err)
	}
	day := daysclock.Date{Year: 2026, Month: 12, Day: 1}
	in := report.Input{Sheet: sh, Today: day, Games: []report.Game{
		{Name: "1-3", Status: referee.StatusFinished, Result: tournament.WhiteWins, Moves: 20},
		{Name: "3-1", Status: referee.StatusPlaying, ToMove: referee.White},
	}}
	b, err := Tournament(NewFrame("ru", ""), in, map[string]string{}, "")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	sy := &phrase.For("ru").Tournament.Systems
	for _, want := range []string{
		"<h2>" + sy.TeamStandings + "</h2>", `id="crosstable"`, "<h2>" + sy.MatchResults + "</h2>", `id="table-2"`,
		"<h2>" + sy.BoardResults + "</h2>", `id="table-3"`,
		`<th scope="row" class="name">Нева</th>`, `<td class="n" data-label="[^"<]+">1` + sy.InPlay + `</td>`, // Нева's 1 point in the match in play
		`<td data-label="[^"<]+">Волга</td>`, `<td class="n" data-label="[^"<]+">1:0` + sy.InPlay + `</td>`,
	} {
		if !regexp.MustCompile(want).MatchString(page) {
			t.Errorf("the team event's page has no %q", want)
		}
	}

	head := string(data)[:strings.Index(string(data), "[[team]]")]
	head = strings.Replace(strings.Replace(head, "micromatch = 2\n", "", 1), `system = "team-round-robin"`, "system = \"swiss\"\nrounds = 3", 1)
	sw, err := tournament.ParseSheet([]byte(head + players(string(data))))
	if err != nil {
		t.Fatal(err)
	}
	sw.Language = "en" // as the web server draws a page in the other language
	r1, err := sw.PairSwiss(nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := tournament.GameName(r1.Boards[0][0], r1.Boards[0][1])
	in = report.Input{Sheet: sw, Today: day, Rounds: []tournament.PairedRound{r1},
		Games: []report.Game{{Name: first, Status: referee.StatusFinished, Result: tournament.BlackWins, Moves: 30}}}
	b, err = Tournament(NewFrame("en", ""), in, map[string]string{}, "")
	if err != nil {
		t.Fatal(err)
	}
	page = string(b)
	// A round's result labelled by its round for a phone; + written &#43; as html/template writes it.
	for _, want := range []string{`<th scope="col">R1</th>`, `<td class="n opp" data-label="R1">` + fmt.Sprint(r1.Boards[0][0]) + "b1</td>", `<td class="n opp" data-label="R1">&#43;</td>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the Swiss's page has no %q", want)
		}
	}
}

// players returns the [[player]] tables of a sheet.
func players(sheet string) string { return sheet[strings.Index(sheet, "[[player]]"):] }

// TestKnockoutPage: a knockout's page and report draw its bracket, a row per pairing labelled by
// its columns for a phone: the pairings of round 1 with a finished game's score and who went
// through, the byes, and the pairing whose players are known opened in round 2.
func TestKnockoutPage(t *testing.T) {
	data, err := os.ReadFile("../tournament/testdata/teams.toml")
	if err != nil {
		t.Fatal(err)
	}
	head := string(data)[:strings.Index(string(data), "[[team]]")]
	head = strings.Replace(strings.Replace(head, "micromatch = 2\n", "", 1), `system = "team-round-robin"`, "system = \"knockout\"", 1)
	head = strings.Replace(head, "[regulation]\n", "[regulation]\nknockout_tie = \"higher-seed\"\n", 1)
	ko, err := tournament.ParseSheet([]byte(head + players(string(data))))
	if err != nil {
		t.Fatal(err)
	}
	n := len(ko.Players)
	first := ko.Games()[0]
	in := report.Input{Sheet: ko, Today: daysclock.Date{Year: 2026, Month: 12, Day: 1},
		Games: []report.Game{{Name: first.Name, Status: referee.StatusFinished, Result: tournament.BlackWins, Moves: 30}}}
	for _, g := range ko.Games()[1:] {
		in.Games = append(in.Games, report.Game{Name: g.Name, Status: referee.StatusPlaying, ToMove: referee.White})
	}
	for _, lang := range []string{"ru", "en"} {
		ko.Language = lang // as the web server draws a page in either language
		b, err := Tournament(NewFrame(lang, ""), in, map[string]string{}, "")
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		sy := &phrase.For(lang).Tournament.Systems
		black, _ := ko.Player(first.Black)
		for _, want := range []string{
			"<h2>" + sy.Bracket + "</h2>", `class="rows"`,
			`data-label="` + sy.Score + `">0–1</td>`,
			`data-label="` + sy.Through + `">` + fmt.Sprint(first.Black) + " " + black.Name + "</td>",
			`data-label="` + sy.How + `">` + sy.KnockoutHow(tournament.HowWon, "") + "</td>",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%d players, %s: the knockout's page has no %q", n, lang, want)
			}
		}
		if size := 1 << tournament.KnockoutRounds(n); size > n && !strings.Contains(page, sy.KnockoutHow(tournament.HowBye, "")) {
			t.Errorf("%d players: the page shows no bye", n)
		}
	}
}
