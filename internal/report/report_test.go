package report

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/golden"
	"postald/internal/referee"
	"postald/internal/tournament"
)

func day(y int, m time.Month, d int) daysclock.Date { return daysclock.Date{Year: y, Month: m, Day: d} }

// input is a tournament of six on 15 January 2027: the Berger pairings are
// 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1.
func input(t testing.TB, lang string) Input {
	t.Helper()
	src, err := os.ReadFile("testdata/sheet.toml")
	if err != nil {
		t.Fatal(err)
	}
	if lang == tournament.English {
		src = []byte(strings.Replace(string(src), `language = "ru"`, `language = "en"`, 1))
	}
	s, err := tournament.ParseSheet(src)
	if err != nil {
		t.Fatal(err)
	}
	// Reasons, offences and rulings are written by the referee and the judge in the
	// tournament's language.
	w := func(ru, en string) string {
		if lang == tournament.English {
			return en
		}
		return ru
	}
	return Input{
		Sheet: s,
		Today: day(2027, time.January, 15),
		Games: []Game{
			{Name: "1-6", Status: referee.StatusFinished, Moves: 24, Result: tournament.WhiteWins, Reason: w("чёрные сдались", "Black resigned"),
				White: Clock{Days: 61, Control: 30, Limit: 150}, Black: Clock{Days: 70, Control: 30, Limit: 150}},
			// White on move, control due in 4 days.
			{Name: "2-5", Status: referee.StatusPlaying, ToMove: "white", Moves: 14,
				White: Clock{Days: 40, Control: 20, Limit: 100, LastDay: day(2027, time.January, 19)},
				Black: Clock{Days: 33, Control: 20, Limit: 100}},
			// Black on move, overdue since 10 January, overstep certain on the 11th; 6 penalty days.
			{Name: "3-4", Status: referee.StatusPlaying, ToMove: "black", Moves: 9,
				White:     Clock{Days: 20, Control: 10, Limit: 50},
				Black:     Clock{Days: 52, Penalty: 6, Control: 10, Limit: 50, LastDay: day(2027, time.January, 10), Overstep: day(2027, time.January, 11)},
				Penalties: []Penalty{{Date: day(2026, time.December, 3), Side: "black", Days: 6, Clause: "4.2.11", What: w("невыполнимый ход 7... c5-b4", "impossible move 7... c5-b4")}}},
			{Name: "6-4", Status: referee.StatusFinished, Moves: 31, Result: tournament.Draw, Reason: w("ничья по соглашению", "draw agreed"),
				White: Clock{Days: 80, Control: 40, Limit: 200}, Black: Clock{Days: 75, Control: 40, Limit: 200}},
			// Due in 36 days: not listed among the deadlines.
			{Name: "5-3", Status: referee.StatusPlaying, ToMove: "white", Moves: 11,
				White: Clock{Days: 30, Control: 20, Limit: 100, LastDay: day(2027, time.February, 20)},
				Black: Clock{Days: 25, Control: 20, Limit: 100}},
			{Name: "1-2", Status: referee.StatusFinished, Moves: 0, Result: tournament.BlackByForfeit, Reason: w("поражение белым без игры", "White lost without play")},
			// Due in exactly 7 days: listed.
			{Name: "2-6", Status: referee.StatusPlaying, ToMove: "black", Moves: 5,
				White: Clock{Days: 12, Control: 10, Limit: 50},
				Black: Clock{Days: 41, Control: 10, Limit: 50, LastDay: day(2027, time.January, 22)}},
			// Due in 8 days: not listed.
			{Name: "3-1", Status: referee.StatusPlaying, ToMove: "black", Moves: 6,
				White: Clock{Days: 20, Control: 10, Limit: 50},
				Black: Clock{Days: 30, Control: 10, Limit: 50, LastDay: day(2027, time.January, 23)}},
		},
		Rulings: []Ruling{
			{Date: day(2027, time.January, 12), Game: "3-4", Kind: "protest", Clause: "4.1.12", Text: w("Протест чёрных на штраф отклонён", "Black's protest against the penalty rejected"), Judge: "judge@club.example"},
			{Date: day(2026, time.December, 20), Game: "1-2", Kind: "forfeit", Clause: "4.1.7", Text: w("Белые не начали игру: поражение без игры", "White did not start: lost without play"), Judge: "judge@club.example"},
			{Date: day(2027, time.January, 2), Kind: "protest", Text: w("Протест на жеребьёвку <номера 1 и 2> отклонён", "Protest against the draw <numbers 1 and 2> rejected"), Judge: "judge@club.example"},
		},
	}
}

func TestText(t *testing.T) {
	for _, lang := range []string{tournament.Russian, tournament.English} {
		t.Run(lang, func(t *testing.T) {
			got, err := Text(input(t, lang))
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, "testdata/"+"report."+lang+".txt", got)
		})
	}
}

// TestTextChannels: in a tournament where player 2 plays by post and player 5 by telephone, the
// report's list of players names each with his channel; the players by e-mail and every other
// section read as they do when all play by e-mail.
func TestTextChannels(t *testing.T) {
	for _, lang := range []string{tournament.Russian, tournament.English} {
		t.Run(lang, func(t *testing.T) {
			in := input(t, lang)
			in.Sheet.Players[1].Channel = referee.ChannelPost
			in.Sheet.Players[1].PostalAddress = []string{"ул. Садовая, 5", "Тверь"}
			in.Sheet.Players[4].Channel = referee.ChannelPhone
			in.Sheet.Players[4].Phone = "+7 900 000-00-05"
			got, err := Text(in)
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, "testdata/"+"report.channels."+lang+".txt", got)
			plain, err := Text(input(t, lang))
			if err != nil {
				t.Fatal(err)
			}
			by := map[string][2]string{tournament.Russian: {" (по почте)", " (по телефону)"}, tournament.English: {" (by post)", " (by telephone)"}}[lang]
			// The columns of the list of players widen for the longer names: compare words.
			words := func(s string) []string {
				var lines []string
				for _, l := range strings.Split(s, "\n") {
					lines = append(lines, strings.Join(strings.Fields(l), " "))
				}
				return lines
			}
			unmarked := strings.NewReplacer("Белов Борис"+by[0], "Белов Борис", "Дмитриев Денис"+by[1], "Дмитриев Денис").Replace(got)
			if diff := cmp.Diff(words(unmarked), words(plain)); diff != "" {
				t.Errorf("besides the channels the report differs (-channels +e-mail):\n%s", diff)
			}
			if n := strings.Count(got, by[0]) + strings.Count(got, by[1]); n != 4 {
				t.Errorf("%d players named with their channel, want 4 rows of the list of players:\n%s", n, got)
			}
			for _, secret := range []string{"Садовая", "+7 900"} {
				if strings.Contains(got, secret) {
					t.Errorf("the report shows %q, a player's address or number", secret)
				}
			}
		})
	}
}

// What a director reads off the report, checked line by line.
func TestTextContent(t *testing.T) {
	got, err := Text(input(t, tournament.Russian))
	if err != nil {
		t.Fatal(err)
	}
	section := func(title string) string {
		i := strings.Index(got, "\n"+title+"\n")
		if i < 0 {
			t.Fatalf("no section %q", title)
		}
		rest := got[i+len(title)+2:]
		if j := strings.Index(rest, "\n\n"); j >= 0 {
			rest = rest[:j]
		}
		return rest
	}
	// Points: 1 beat 6 and lost 1-2 by forfeit: 1; 2 won it: 1. S-B: 2 beat 1 (1 point):
	// 2; 1 beat 6 (½): 1. 4 and 6 drew: ½ each, S-B ½, no wins, head-to-head ½: shared.
	// 3 and 5 have played nothing: shared last places.
	var places []string
	for _, line := range strings.Split(section("Турнирная таблица"), "\n")[2:] {
		f := strings.Fields(line)
		if len(f) >= 2 {
			places = append(places, f[0]+" "+f[1])
		}
	}
	if diff := cmp.Diff([]string{"1 2", "2 1", "3-4 4", "3-4 6", "5-6 3", "5-6 5"}, places); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	// Deadlines: 3-4 overdue by 5 days, 2-5 in 4 days, 2-6 in exactly 7; not 5-3 nor 3-1.
	dl := section("Сроки контроля в ближайшие 7 дней")
	var games []string
	for _, line := range strings.Split(dl, "\n")[2:] {
		games = append(games, strings.Fields(line)[1])
	}
	if diff := cmp.Diff([]string{"3-4", "2-5", "2-6"}, games); diff != "" {
		t.Errorf("deadlines (-want +got):\n%s", diff)
	}
	if !strings.Contains(dl, "просрочено на 5 дн.") || !strings.Contains(dl, "осталось дней: 4") || !strings.Contains(dl, "осталось дней: 7") {
		t.Errorf("deadlines:\n%s", dl)
	}
	if !strings.Contains(got, "Партий 15: закончено 3, в игре 5, на присуждении 0, не начато 7.") {
		t.Error("counts line missing or wrong")
	}
}

func TestInvalid(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Input)
	}{
		{"no sheet", func(in *Input) { in.Sheet = nil }},
		{"no date", func(in *Input) { in.Today = daysclock.Date{} }},
		{"unknown game", func(in *Input) { in.Games = append(in.Games, Game{Name: "6-1", Status: referee.StatusPlaying}) }},
		{"game twice", func(in *Input) { in.Games = append(in.Games, in.Games[0]) }},
		{"status", func(in *Input) { in.Games[0].Status = "paused" }},
		{"to move", func(in *Input) { in.Games[1].ToMove = "red" }},
		{"withdrawn unknown", func(in *Input) { in.Withdrawn = []int{7} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := input(t, tournament.Russian)
			tc.edit(&in)
			if _, err := Text(in); err == nil {
				t.Error("Text: no error")
			}
		})
	}
}

func BenchmarkText(b *testing.B) {
	in := input(b, tournament.Russian)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Text(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestKnockoutReport: the director's report of a knockout of six, golden in both languages: the
// system named with its players, and the bracket with every pairing opened, its score, its
// games, who went through and how — here round 1 played (4–5 won, 3–6 tied in its micromatch and
// its extra game and decided by the higher seed), 1 and 2 through by byes, the semi-finals
// opened, 1–4 in play and 2–3 won by Black; under «События сетки» every step of the bracket on
// its day, a pairing decided on the day its last game ended, before what that opened.
func TestKnockoutReport(t *testing.T) {
	src, err := os.ReadFile("testdata/sheet.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{tournament.Russian, tournament.English} {
		text := strings.Replace(string(src), "rounds = 1\n", "system = \"knockout\"\n\n[regulation]\nknockout_extra = 1\nknockout_tie = \"higher-seed\"\n", 1)
		text = strings.Replace(text, `language = "ru"`, `language = "`+lang+`"`, 1)
		s, err := tournament.ParseSheet([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		opened := []tournament.KnockoutOpened{{Round: 1, Slot: 4, A: 3, B: 6, Extra: true}, {Round: 2, Slot: 1, A: 1, B: 4}, {Round: 2, Slot: 2, A: 2, B: 3}}
		in := Input{Sheet: s, Today: day(2027, 1, 15), Knockout: opened,
			// The bracket's steps as the log has them: under their own heading, in words.
			Events: []Event{{Date: day(2026, 12, 1), Opened: opened[0]}, {Date: day(2026, 12, 3), Opened: opened[1]}, {Date: day(2026, 12, 20), Opened: opened[2]}},
			Games: []Game{
				{Name: "4-5", Status: referee.StatusFinished, Result: tournament.WhiteWins, Moves: 31, Ended: day(2026, 12, 3)},
				{Name: "3-6", Status: referee.StatusFinished, Result: tournament.Draw, Moves: 40, Ended: day(2026, 12, 1)},
				{Name: "6-3", Status: referee.StatusFinished, Result: tournament.Draw, Moves: 22, Ended: day(2026, 12, 20)},
				{Name: "1-4", Status: referee.StatusPlaying, ToMove: referee.Black, Moves: 3},
				{Name: "2-3", Status: referee.StatusFinished, Result: tournament.BlackWins, Moves: 18, Ended: day(2027, 1, 10)},
			}}
		got, err := Text(in)
		if err != nil {
			t.Fatal(err)
		}
		golden.Text(t, "testdata/report.knockout."+lang+".txt", got)

		// 1 wins 1-4, and the final 1-3 is won by 3: the report names the winner.
		in.Games[3] = Game{Name: "1-4", Status: referee.StatusFinished, Result: tournament.WhiteWins, Moves: 30, Ended: day(2027, 1, 12)}
		in.Knockout = append(in.Knockout, tournament.KnockoutOpened{Round: 3, Slot: 1, A: 1, B: 3})
		in.Games = append(in.Games, Game{Name: "1-3", Status: referee.StatusFinished, Result: tournament.BlackWins, Moves: 41, Ended: day(2027, 1, 15)})
		in.Events = append(in.Events, Event{Date: day(2027, 1, 15), Winner: 3})
		if got, err = Text(in); err != nil {
			t.Fatal(err)
		}
		for _, want := range map[string][]string{
			tournament.Russian: {"Финал решён: победитель — 3 Васильев Виктор.", "12.01.2027  2-й тур (полуфинал), встреча 1 решена (1–0; выигрыш): дальше проходит 1 Абрамов Алексей\n",
				"15.01.2027  финал решён (0–1; выигрыш), победитель — 3 Васильев Виктор\n"},
			tournament.English: {"The final is decided: the winner is 3 Васильев Виктор.", "2027-01-12  round 2 (semi-final), pairing 1 decided (1–0; won): 1 Абрамов Алексей goes through\n",
				"2027-01-15  the final is decided (0–1; won); the winner is 3 Васильев Виктор\n"},
		}[lang] {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the report of the knockout ended lacks %q:\n%s", lang, want, got)
			}
		}
		// Its events are no rulings: the judge ruled nothing.
		if _, rul, _ := strings.Cut(got, map[string]string{tournament.Russian: "Решения судьи", tournament.English: "Rulings of the judge"}[lang]); !strings.Contains(rul, "\n"+map[string]string{tournament.Russian: "нет", tournament.English: "none"}[lang]+"\n") {
			t.Errorf("%s: the rulings of the knockout ended are not empty:\n%s", lang, rul)
		}
	}
}
