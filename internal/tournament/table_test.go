package tournament

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseTable(t *testing.T) {
	tb, err := ParseResults([]byte(`
scoring = "2-1-0"
[[player]]
number = 1
name = "Иванов"
[[player]]
number = 2
name = "Петров"
[[game]]
white = 1
black = 2
result = "1-0"
[[game]]
white = 2
black = 1
result = "-/+"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := &Results{
		Scoring:   ScoringWhole,
		Tiebreaks: []string{SonnebornBerger, Wins, HeadToHead}, // the regulation's default
		Rounds:    2,                                           // 1-2 and 2-1: a double round-robin
		Players:   []Entrant{{1, "Иванов", false, 0}, {2, "Петров", false, 0}},
		Games:     []Played{{1, 2, WhiteWins}, {2, 1, BlackByForfeit}},
	}
	if diff := cmp.Diff(want, tb); diff != "" {
		t.Errorf("ParseResults (-want +got):\n%s", diff)
	}
	tb, err = ParseResults([]byte("tiebreaks = []\n[[player]]\nnumber = 1\nname = \"A\"\n[[player]]\nnumber = 2\nname = \"B\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Tiebreaks) != 0 || tb.Rounds != 1 || tb.Scoring != ScoringHalf {
		t.Errorf("empty tiebreaks, no games: %+v", tb)
	}
}

func TestParseTableInvalid(t *testing.T) {
	players := "[[player]]\nnumber = 1\nname = \"A\"\n[[player]]\nnumber = 2\nname = \"B\"\n"
	game := func(w, b int, r string) string {
		return fmt.Sprintf("[[game]]\nwhite = %d\nblack = %d\nresult = %q\n", w, b, r)
	}
	for _, tc := range []struct {
		name, src string
		where     []string
	}{
		{"scoring", "scoring = \"3-1-0\"\n" + players, []string{"scoring"}},
		{"tie-break", "tiebreaks = [\"koya\"]\n" + players, []string{"tiebreaks[0]"}},
		{"result", players + game(1, 2, "1:0"), []string{"game 1 (1-2).result"}},
		{"unknown player", players + game(1, 3, "1-0"), []string{"game 1 (1-3).black"}},
		{"himself", players + game(2, 2, "1-0"), []string{"game 1 (2-2)"}},
		{"three games", players + game(1, 2, "1-0") + game(2, 1, "1-0") + game(1, 2, "0-1"), []string{"rounds"}},
		{"too many for rounds", "rounds = 1\n" + players + game(1, 2, "1-0") + game(2, 1, "1-0"), []string{"game 2 (2-1)"}},
		{"duplicate number", players + "[[player]]\nnumber = 2\nname = \"C\"\n", []string{"player 3 (number 2).number"}},
		{"no name", "[[player]]\nnumber = 1\n[[player]]\nnumber = 2\nname = \"B\"\n", []string{"player 1 (number 1).name"}},
		{"one player", "[[player]]\nnumber = 1\nname = \"A\"\n", []string{"player"}},
		{"unknown key", "scorng = \"2-1-0\"\n" + players, []string{"scorng"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseResults([]byte(tc.src))
			var inv *InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("err = %v, want an *InvalidError", err)
			}
			var where []string
			for _, p := range inv.Problems {
				where = append(where, p.Where)
			}
			if diff := cmp.Diff(tc.where, where); diff != "" {
				t.Errorf("problems (-want +got):\n%s\n%v", diff, err)
			}
		})
	}
}

func TestSheetTable(t *testing.T) {
	s, err := ParseSheet([]byte(readSheet(t)))
	if err != nil {
		t.Fatal(err)
	}
	// 1-4 1-0, 2-3 ½, 4-3 0-1 by forfeit (judge), 1-2 *; 4 withdrew.
	tb, err := s.Results(map[string]Result{"1-4": WhiteWins, "2-3": Draw, "4-3": BlackByForfeit, "1-2": Unfinished}, []int{4})
	if err != nil {
		t.Fatal(err)
	}
	want := &Results{
		Scoring: ScoringHalf, Tiebreaks: []string{SonnebornBerger, Wins, HeadToHead}, Rounds: 1,
		Players: []Entrant{{1, "Иванов Иван Иванович", false, 0}, {2, "Петров Пётр", false, 0}, {3, "Сидоров Сидор", false, 0}, {4, "Smith John", true, 0}},
		Games:   []Played{{1, 4, WhiteWins}, {2, 3, Draw}, {4, 3, BlackByForfeit}},
	}
	if diff := cmp.Diff(want, tb); diff != "" {
		t.Errorf("Results (-want +got):\n%s", diff)
	}
	if _, err := s.Results(map[string]Result{"4-1": WhiteWins}, nil); err == nil {
		t.Error("a result for game 4-1, which the tournament does not have: no error")
	}
	if _, err := s.Results(nil, []int{9}); err == nil {
		t.Error("withdrawn player 9 of 4: no error")
	}
	// 4 played one game of three: struck out (1.10.2). 1's win over him is annulled and
	// 2 and 3 get a minus for their games with him (3's plus becomes a minus). So 1 has 0,
	// 2 and 3 ½ each from their draw: S-B ½ each, no wins, head-to-head ½ each: shared.
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range ct.Standings {
		got = append(got, fmt.Sprintf("%s %d %s", st.Place, st.Number, FormatPoints(st.Points)))
	}
	if diff := cmp.Diff([]string{"1-2 2 ½", "1-2 3 ½", "3 1 0", " 4 0"}, got); diff != "" {
		t.Errorf("standings (-want +got):\n%s", diff)
	}
}

func FuzzParseTable(f *testing.F) {
	for _, name := range []string{"field.toml", "withdrawn.toml"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("scoring = \"2-1-0\"\ntiebreaks = [\"solkoff-truncated\", \"head-to-head\"]\n" +
		"[[player]]\nnumber = 1\nname = \"A\"\nwithdrawn = true\n[[player]]\nnumber = 2\nname = \"B\"\n" +
		"[[player]]\nnumber = 3\nname = \"C\"\n" +
		"[[game]]\nwhite = 1\nblack = 2\nresult = \"-/-\"\n[[game]]\nwhite = 2\nblack = 1\nresult = \"1/2-1/2\"\n"))
	f.Add([]byte("rounds = 2\n[[player]]\nnumber = 7\nname = \"X\"\n[[player]]\nnumber = 9\nname = \"Y\"\n" +
		"[[game]]\nwhite = 9\nblack = 7\nresult = \"+/-\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := ParseResults(data)
		if err != nil {
			return
		}
		// Whatever parses can be computed, and every player gets exactly one line.
		ct, err := Compute(tb)
		if err != nil {
			t.Fatalf("Compute of a parsed table: %v", err)
		}
		if len(ct.Standings) != len(tb.Players) {
			t.Fatalf("%d lines for %d players", len(ct.Standings), len(tb.Players))
		}
		var total float64
		for _, s := range ct.Standings {
			total += s.Points
		}
		// No game gives out more than a win.
		if max := float64(len(tb.Players)*(len(tb.Players)-1)/2*tb.Rounds) * tb.Scoring.Win; total > max {
			t.Fatalf("%v points handed out, at most %v possible", total, max)
		}
		_ = ct.Text(English)
	})
}

func ExampleCompute() {
	tb, _ := ParseResults([]byte(`
scoring = "1-0.5-0"
tiebreaks = ["sonneborn-berger", "wins"]
[[player]]
number = 1
name = "Adams"
[[player]]
number = 2
name = "Brown"
[[player]]
number = 3
name = "Clark"
[[game]]
white = 1
black = 2
result = "1/2-1/2"
[[game]]
white = 2
black = 3
result = "1/2-1/2"
[[game]]
white = 3
black = 1
result = "1/2-1/2"
`))
	ct, _ := Compute(tb)
	for _, s := range ct.Standings {
		fmt.Println(s.Place, s.Name, s.Points, s.Tiebreaks[SonnebornBerger])
	}
	// Output:
	// 1-3 Adams 1 2
	// 1-3 Brown 1 2
	// 1-3 Clark 1 2
}
