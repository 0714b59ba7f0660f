package tournament

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/referee"
)

func readSheet(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/sheet.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseSheet(t *testing.T) {
	s, err := ParseSheet([]byte(readSheet(t)))
	if err != nil {
		t.Fatal(err)
	}
	reg := referee.Regulation{ControlMoves: 10, ControlDays: 50, PenaltyDays: 6, Zone: "Europe/Moscow"}.WithDefaults()
	want := &Sheet{
		Code:        "СТ-2026/1",
		Name:        "Кубок клуба по столбовым шашкам",
		Variant:     "column",
		Start:       daysclock.Date{Year: 2026, Month: time.November, Day: 1},
		End:         daysclock.Date{Year: 2027, Month: time.October, Day: 31},
		Language:    "ru",
		Address:     "moves@club.example",
		Judge:       "judge@club.example",
		Director:    "td@club.example",
		Rounds:      1,
		Regulation:  reg,
		System:      RoundRobin,
		Competition: DefaultCompetition(),
		Players: []Player{
			{1, "Иванов Иван Иванович", "ivanov@mail.example", "ru", referee.ChannelEmail, nil, "", "", 0},
			{2, "Петров Пётр", "petrov@mail.example", "ru", referee.ChannelEmail, nil, "", "", 0},
			{3, "Сидоров Сидор", "sidorov@mail.example", "ru", referee.ChannelEmail, nil, "", "", 0},
			{4, "Smith John", "john.smith@mail.example", "ru", referee.ChannelEmail, nil, "", "", 0},
		},
	}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("ParseSheet (-want +got):\n%s", diff)
	}
	if s.Regulation.Scoring != "1-0.5-0" || len(s.Regulation.Tiebreaks) == 0 {
		t.Errorf("regulation defaults not applied: %+v", s.Regulation)
	}
	if p, ok := s.PlayerByEmail("Petrov@Mail.Example"); !ok || p.Number != 2 {
		t.Errorf("PlayerByEmail: %v %v", p, ok)
	}
	if g, ok := s.Game("3-1"); !ok || g.Round != 3 {
		t.Errorf("Game(3-1) = %+v, %v; want round 3", g, ok)
	}
	if _, ok := s.Game("1-3"); ok {
		t.Error("Game(1-3) found; in a single round-robin 3 has White against 1")
	}
	if got := len(s.GamesOf(4)); got != 3 {
		t.Errorf("GamesOf(4): %d games, want 3", got)
	}
}

// Defaults, the other spellings a director may use, players listed out of order.
func TestParseSheetDefaults(t *testing.T) {
	src := `
[tournament]
code = "CT-2026/2"
name = "Club cup"
variant = "russian"
start = "2026-11-01"
end = 2027-05-01
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[[player]]
number = 2
name = "Brown"
email = "brown@mail.example"

[[player]]
number = 1
name = "Adams"
email = "adams@mail.example"
`
	s, err := ParseSheet([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Language != Russian || s.Rounds != 1 {
		t.Errorf("language %q rounds %d; want ru, 1", s.Language, s.Rounds)
	}
	if s.Start != (daysclock.Date{Year: 2026, Month: time.November, Day: 1}) {
		t.Errorf("start %v", s.Start)
	}
	if diff := cmp.Diff(referee.DefaultRegulation(), s.Regulation); diff != "" {
		t.Errorf("regulation (-want +got):\n%s", diff)
	}
	if s.Players[0].Name != "Adams" || s.Players[1].Name != "Brown" {
		t.Errorf("players not in number order: %+v", s.Players)
	}
}

func TestParseSheetInvalid(t *testing.T) {
	base := readSheet(t)
	for _, tc := range []struct {
		name  string
		edit  func(string) string
		where []string // every Problem.Where expected, in order
	}{
		{"duplicate number", replace(`number = 3`, `number = 2`),
			[]string{"player 3 (number 2).number", "player"}},
		{"duplicate e-mail", replace(`sidorov@mail.example`, `PETROV@mail.example`),
			[]string{"player 3 (number 3).email"}},
		{"unknown variant", replace(`"column"`, `"checkers"`),
			[]string{"tournament.variant"}},
		{"end before start", replace(`end = 2027-10-31`, `end = 2026-10-31`),
			[]string{"tournament.end"}},
		{"end on the start day", replace(`end = 2027-10-31`, `end = 2026-11-01`),
			[]string{"tournament.end"}},
		{"bad e-mail", replace(`ivanov@mail.example`, `ivanov at mail.example`),
			[]string{"player 1 (number 1).email"}},
		{"display name in e-mail", replace(`"judge@club.example"`, `"Judge <judge@club.example>"`),
			[]string{"tournament.judge"}},
		{"player writes from the tournament address", replace(`ivanov@mail.example`, `moves@club.example`),
			[]string{"player 1 (number 1).email"}},
		{"one player", func(s string) string { return s[:strings.Index(s, "[[player]]\nnumber = 2")] },
			[]string{"player"}},
		{"gap in numbers", replace(`number = 4`, `number = 5`),
			[]string{"player"}},
		{"missing name", replace(`name = "Петров Пётр"`, `name = " "`),
			[]string{"player 2 (number 2).name"}},
		{"zero number", replace(`number = 4`, `number = 0`),
			[]string{"player 4.number", "player"}},
		{"language", replace(`language = "ru"`, `language = "de"`),
			[]string{"tournament.language"}},
		{"rounds", replace(`rounds = 1`, `rounds = 3`),
			[]string{"tournament.rounds"}},
		{"missing start", replace(`start = 2026-11-01`, ``),
			[]string{"tournament.start"}},
		{"start with a time", replace(`start = 2026-11-01`, `start = 2026-11-01T10:00:00`),
			[]string{"tournament.start"}},
		{"start not a date", replace(`start = 2026-11-01`, `start = "1 Nov 2026"`),
			[]string{"tournament.start"}},
		{"missing code", replace(`code = "СТ-2026/1"`, ``),
			[]string{"tournament.code"}},
		{"typo in a key", replace(`penalty_days`, `penalty_day`),
			[]string{"regulation.penalty_day"}},
		{"scoring", replace(`zone = "Europe/Moscow"`, "zone = \"Europe/Moscow\"\nscoring = \"3-1-0\""),
			[]string{"regulation.scoring"}},
		{"tiebreaks", replace(`zone = "Europe/Moscow"`, "zone = \"Europe/Moscow\"\ntiebreaks = [\"wins\", \"koya\", \"wins\"]"),
			[]string{"regulation.tiebreaks[1]", "regulation.tiebreaks[2]"}},
		{"negative days", replace(`penalty_days = 6`, `penalty_days = -6`),
			[]string{"regulation.penalty_days"}},
		{"overstep", replace(`zone = "Europe/Moscow"`, "zone = \"Europe/Moscow\"\noverstep = \"auto\""),
			[]string{"regulation.overstep"}},
		{"several at once", func(s string) string {
			return replace(`"column"`, `"chess"`)(replace(`language = "ru"`, `language = "fr"`)(s))
		}, []string{"tournament.variant", "tournament.language"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.edit(base)
			if src == base {
				t.Fatal("the edit changed nothing")
			}
			s, err := ParseSheet([]byte(src))
			var inv *InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("ParseSheet = %v, %v; want an *InvalidError", s, err)
			}
			var where []string
			for _, p := range inv.Problems {
				where = append(where, p.Where)
			}
			if diff := cmp.Diff(tc.where, where); diff != "" {
				t.Errorf("problems (-want +got):\n%s\nerror: %v", diff, err)
			}
		})
	}
}

func TestParseSheetSyntax(t *testing.T) {
	_, err := ParseSheet([]byte("[tournament\ncode = 1"))
	var inv *InvalidError
	if err == nil || errors.As(err, &inv) {
		t.Errorf("err = %v; want a TOML syntax error", err)
	}
}

func replace(old, new string) func(string) string {
	return func(s string) string { return strings.Replace(s, old, new, 1) }
}

func FuzzParseSheet(f *testing.F) {
	f.Add([]byte(readSheet(f)))
	f.Add(readTestdata(f, "teams.toml"))
	f.Add([]byte(strings.Replace(readSheet(f), "rounds = 1", "rounds = 3\nsystem = \"swiss\"", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSheet(data)
		if err != nil {
			return
		}
		// A sheet that passes can be paired and every player found by number and address.
		if len(s.Players) < 2 || s.End.Before(s.Start) {
			t.Fatalf("accepted an invalid sheet: %+v", s)
		}
		for i, p := range s.Players {
			if p.Number != i+1 {
				t.Fatalf("player %d has number %d", i, p.Number)
			}
			if p.Email == "" && p.Channel.Captain() {
				continue // a player by post or telephone may have no address
			}
			if q, ok := s.PlayerByEmail(p.Email); !ok || !cmp.Equal(q, p) {
				t.Fatalf("PlayerByEmail(%q) = %v", p.Email, q)
			}
		}
		if len(s.Players) > 40 {
			return
		}
		switch {
		case s.System == RoundRobin:
			if got, want := len(s.Games()), len(s.Players)*(len(s.Players)-1)/2*s.Rounds; got != want {
				t.Fatalf("%d games, want %d", got, want)
			}
		case s.System.Teams():
			// Every game once, between players of two teams, in a match of those teams.
			seen := map[string]bool{}
			for _, g := range s.Games() {
				tw, _, okW := s.TeamOf(g.White)
				tb, _, okB := s.TeamOf(g.Black)
				m, ok := s.MatchOf(g.Name)
				if seen[g.Name] || !okW || !okB || tw.Number == tb.Number || !ok {
					t.Fatalf("game %s: teams %v %v, match %v %v", g.Name, tw, tb, m, ok)
				}
				if _, in := m.Opponent(tw.Number); !in {
					t.Fatalf("game %s of team %d in match %+v", g.Name, tw.Number, m)
				}
				seen[g.Name] = true
			}
		case s.System == Swiss:
			if s.Rounds >= len(s.Players) {
				t.Fatalf("a Swiss of %d rounds for %d players", s.Rounds, len(s.Players))
			}
		}
	})
}

// TestCardProblems: a sheet whose cards could not print is named at registration: a player's
// 400-character postal address, a captain's address too long for the sender block; ParseSheet
// still reads such a sheet (one registered before keeps working).
func TestCardProblems(t *testing.T) {
	base := `
[tournament]
code = "CP-1"
name = "cards"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "en"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = %q

[[player]]
number = 1
name = "Anna"
email = "anna@club.example"

[[player]]
number = 2
name = "Boris"
channel = "post"
postal_address = %q
`
	long := strings.Repeat("A very long street name, ", 16)
	for _, tc := range []struct {
		name, captain, boris string
		want                 []string
	}{
		{"both fit", "Captain, PO Box 1, Tula", "1 Main Street, Kaluga", nil},
		{"a 400-character address", "Captain, PO Box 1, Tula", strings.ReplaceAll(long, ",", ""), []string{"player 2.postal_address"}},
		{"a captain's address of 12 lines", long, "1 Main Street, Kaluga", []string{"tournament.postal_address"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh, err := ParseSheet([]byte(fmt.Sprintf(base, tc.captain, tc.boris)))
			if err != nil {
				t.Fatalf("ParseSheet: %v", err)
			}
			var got []string
			for _, p := range sh.CardProblems() {
				got = append(got, p.Where)
				if !strings.Contains(p.What, "more than the 10") {
					t.Errorf("%s: %q does not say what does not fit", p.Where, p.What)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("CardProblems: %v, want %v", got, tc.want)
			}
		})
	}
}
