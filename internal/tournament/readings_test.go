package tournament

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// resultsText writes a results file: head (the top-level keys and any tables), the players
// named by their numbers, and games as "W-B result" (a Swiss's "round: W-B result").
func resultsText(head string, players []int, withdrawn []int, games ...string) string {
	var b strings.Builder
	b.WriteString(head + "\n")
	for _, n := range players {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"P%d\"\n", n, n)
		for _, w := range withdrawn {
			if w == n {
				b.WriteString("withdrawn = true\n")
			}
		}
	}
	for _, g := range games {
		var round, w, bl int
		var res string
		if strings.Contains(g, ":") {
			fmt.Sscanf(g, "%d: %d-%d %s", &round, &w, &bl, &res)
		} else {
			fmt.Sscanf(g, "%d-%d %s", &w, &bl, &res)
		}
		b.WriteString("\n[[game]]\n")
		if round > 0 {
			fmt.Fprintf(&b, "round = %d\n", round)
		}
		fmt.Fprintf(&b, "white = %d\nblack = %d\nresult = %q\n", w, bl, res)
	}
	return b.String()
}

func numbers(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// lines writes the standings of players as "place:number:points" and the tie-breaks named.
func lines(ct *Crosstable, tbs ...string) []string {
	var out []string
	for _, s := range ct.Standings {
		l := s.Place + ":" + itoa(s.Number) + ":" + FormatPoints(s.Points)
		for _, tb := range tbs {
			if v, ok := s.Tiebreaks[tb]; ok {
				l += " " + tb + "=" + FormatPoints(v)
			}
		}
		out = append(out, l)
	}
	return out
}

// The four readings of seed 003 (1.10.2, 1.10.3, 1.14.6 twice) and the forms a results file
// gained, each against its clause.
func TestReadings(t *testing.T) {
	// Five players; 1 and 4 have 2 points. 5 withdrew having played one game (5-1): struck out
	// (1.10.2). Opponents' points: 1 met 2 (1½), 3 (½), 4 (2) — 5's game is annulled; 4 met
	// 1 (2), 2 (1½), 3 (½) and has a minus against 5, which counts for nobody: Solkoff ½…2
	// left out, 1½ each; truncated Solkoff 3½ each, then 2 each: 1 and 4 share first. Were 5 an
	// opponent of 4 with 0 points, 4's Solkoff would be ½+1½ = 2 and 4 alone first.
	struck := resultsText(`tiebreaks = ["solkoff", "solkoff-truncated", "buchholz", "wins"]`, numbers(5), []int{5},
		"1-2 1/2-1/2", "1-3 1-0", "1-4 1/2-1/2", "2-3 1-0", "2-4 0-1", "3-4 1/2-1/2", "5-1 0-1")
	// The same four and 4 withdrawn: 4-1 begun ("*"), 4-2 won, 4-3 not begun. Two of three
	// played (1.10.4: «в число сыгранных партий входят и не доигранные»): his results stand
	// (1.10.3), 4-3 is a plus for 3, 4-1 waits for the judge. Without the begun game he played
	// one of three: struck out (1.10.2), 4-2 in parentheses and minuses for 1 and 3; 1 and 3
	// have 1½ and a win each.
	begun := func(games ...string) string {
		return resultsText(`tiebreaks = ["wins"]`, numbers(4), []int{4},
			append([]string{"1-2 1-0", "1-3 1/2-1/2", "2-3 0-1", "4-2 1-0"}, games...)...)
	}
	for _, tc := range []struct {
		name, file string
		tbs        []string
		want       []string
	}{
		{"1.10.2: the struck-out player counts in no tie-break", struck, []string{Solkoff, SolkoffTruncated, Buchholz},
			[]string{"1-2:1:2 solkoff=1½ solkoff-truncated=3½ buchholz=4", "1-2:4:2 solkoff=1½ solkoff-truncated=3½ buchholz=4",
				"3:2:1½ solkoff=2 solkoff-truncated=4 buchholz=4½", "4:3:½ solkoff=2 solkoff-truncated=4 buchholz=5½", ":5:0"}},
		{"1.10.4: a begun game counts as played", begun("4-1 *"), nil,
			[]string{"1:3:2½", "2:1:1½", "3:4:1", "4:2:0"}},
		{"1.10.2 without the begun game", begun(), nil,
			[]string{"1-2:1:1½", "1-2:3:1½", "3:2:0", ":4:0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := ReadStandings([]byte(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, lines(st.Cross, tc.tbs...)); diff != "" {
				t.Errorf("standings (-seed +got):\n%s", diff)
			}
		})
	}
}

// teamResults writes a team event's results file of four-board-or-more teams: each team's
// boards are consecutive numbers (team 1 has 1..boards), and every match is given as the home
// team's points board by board ("1", "½", "0", "*" for a game begun, "" for a game not given),
// the home team White on the odd boards (1.14.3).
type teamMatch struct {
	home, away int
	scores     []string
}

func teamResults(sys, head string, teams, boards int, withdrawn []int, matches ...teamMatch) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system = %q\n%s\n", sys, head)
	for t := 1; t <= teams; t++ {
		fmt.Fprintf(&b, "\n[[team]]\nname = \"T%d\"\nboards = [", t)
		for k := 1; k <= boards; k++ {
			if k > 1 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, (t-1)*boards+k)
		}
		b.WriteString("]\n")
	}
	var games []string
	for _, m := range matches {
		for k, sc := range m.scores {
			h, a := (m.home-1)*boards+k+1, (m.away-1)*boards+k+1
			w, bl := h, a
			if k%2 == 1 {
				w, bl = a, h
			}
			res := map[string]string{"1": "1-0", "½": "1/2-1/2", "0": "0-1", "*": "*"}[sc]
			if sc == "" {
				continue
			}
			if w != h && sc != "*" && sc != "½" {
				res = map[string]string{"1": "0-1", "0": "1-0"}[sc]
			}
			games = append(games, fmt.Sprintf("%d-%d %s", w, bl, res))
		}
	}
	return b.String() + resultsText("", numbers(teams*boards), withdrawn, games...)
}

// teamStandingLines writes a team table as "place:team:game points:match points:won" and its
// extra match.
func teamStandingLines(tt *TeamTable) []string {
	var out []string
	for _, s := range tt.Standings {
		out = append(out, fmt.Sprintf("%s:%d:%s:%s:%d", s.Place, s.Number, FormatPoints(s.GamePoints), FormatPoints(s.MatchPoints), s.Won))
	}
	for _, m := range tt.Matches {
		out = append(out, fmt.Sprintf("match %d-%d %s:%s %d/%d %v", m.Home, m.Away, FormatPoints(m.HomePoints), FormatPoints(m.AwayPoints), m.Finished, m.Planned, m.Complete))
	}
	if tt.ExtraMatch != 0 {
		out = append(out, fmt.Sprintf("extra match %d against %d", tt.ExtraMatch, tt.ExtraAgainst))
	}
	return out
}

// The team events' readings: a match is decided on all its games (1.14.6), a player who leaves
// loses his unplayed games (1.10.3), the extra match is a second team's (1.14.6), and a team
// file takes a micromatch (1.11).
func TestReadingsTeams(t *testing.T) {
	two := func(head string, withdrawn []int, scores ...string) string {
		return teamResults("team-round-robin", head, 2, 2, withdrawn, teamMatch{1, 2, scores})
	}
	// Four teams of six boards. T1 wins every match 3½:2½ (10½); T2 and T3 draw 3:3 and beat T4
	// 6:0, 11½ each, and nothing separates them (head-to-head drawn, one match won each,
	// coefficient 2½·10½ + 3·11½ + 6·2½ = 75.75 each): they share first, and T1, third, has no
	// right to the extra match («занимает только второе место»). With T2 beating T3 6:0, T2 is
	// first alone (14½) and T1 second: T1 may claim it against T2.
	win := []string{"1", "1", "1", "½", "0", "0"}
	draw := []string{"½", "½", "½", "½", "½", "½"}
	crush := []string{"1", "1", "1", "1", "1", "1"}
	four := func(t2t3 []string) string {
		return teamResults("team-round-robin", "", 4, 6, nil, teamMatch{1, 2, win}, teamMatch{1, 3, win}, teamMatch{1, 4, win},
			teamMatch{2, 3, t2t3}, teamMatch{2, 4, crush}, teamMatch{3, 4, crush})
	}
	for _, tc := range []struct {
		name, file string
		want       []string
	}{
		{"1.14.6: one game of two given", two("", nil, "1", ""),
			[]string{"1:1:1:0:0", "2:2:0:0:0", "match 1-2 1:0 1/2 false"}},
		{"1.14.6: one game of two begun", two("", nil, "1", "*"),
			[]string{"1:1:1:0:0", "2:2:0:0:0", "match 1-2 1:0 1/2 false"}},
		{"1.14.6: by match points, nothing decided", two(`team_points = "matches"`, nil, "1", "*"),
			[]string{"1-2:1:1:0:0", "1-2:2:0:0:0", "match 1-2 1:0 1/2 false"}},
		{"1.14.6: every game finished", two("", nil, "1", "½"),
			[]string{"1:1:1½:2:1", "2:2:½:0:0", "match 1-2 1½:½ 2/2 true"}},
		// Player 2 (T1, board 2) left: his game 4-2, not given, is a plus for 4 (1.10.3).
		{"1.10.3: a team player's unplayed game", two("", []int{2}, "1", ""),
			[]string{"1-2:1:1:1:0", "1-2:2:1:1:0", "match 1-2 1:1 2/2 true"}},
		{"1.10.4: a team player's begun game waits", two("", []int{2}, "1", "*"),
			[]string{"1:1:1:0:0", "2:2:0:0:0", "match 1-2 1:0 1/2 false"}},
		{"1.14.6: third behind two sharing first", four(draw),
			[]string{"1-2:2:11½:3:1", "1-2:3:11½:3:1", "3:1:10½:6:3", "4:4:2½:0:0",
				"match 1-2 3½:2½ 6/6 true", "match 1-3 3½:2½ 6/6 true", "match 1-4 3½:2½ 6/6 true",
				"match 2-3 3:3 6/6 true", "match 2-4 6:0 6/6 true", "match 3-4 6:0 6/6 true"}},
		{"1.14.6: second behind one", four(crush),
			[]string{"1:2:14½:4:2", "2:1:10½:6:3", "3:3:8½:2:1", "4:4:2½:0:0",
				"match 1-2 3½:2½ 6/6 true", "match 1-3 3½:2½ 6/6 true", "match 1-4 3½:2½ 6/6 true",
				"match 2-3 6:0 6/6 true", "match 2-4 6:0 6/6 true", "match 3-4 6:0 6/6 true", "extra match 1 against 2"}},
		// A micromatch of two (1.11): board 1 plays 1-3 and 3-1, board 2 4-2 and 2-4; three of
		// the four games given, the match is not decided.
		{"1.11: a micromatch of two", two("micromatch = 2", nil) + resultsText("", nil, nil, "1-3 1-0", "3-1 1/2-1/2", "4-2 1-0"),
			[]string{"1-2:1:1½:0:0", "1-2:2:1½:0:0", "match 1-2 1½:1½ 3/4 false"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := ReadStandings([]byte(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, teamStandingLines(st.Teams)); diff != "" {
				t.Errorf("standings (-seed +got):\n%s", diff)
			}
		})
	}
}

// The forms a results file gained: the further criteria of 1.13.3 by name, a team player's game
// taken over by a reserve, a micromatch's key, a knockout's long micromatches and extra games.
func TestReadingsForms(t *testing.T) {
	// Five players: 1 3½, 2 and 3 2 each (drawn with each other), 4 1½, 5 1. Against the others
	// in the order of places (1, 4, 5): 2 lost to 1, 3 drew with him — 3 first. 2 beat 4 (1½
	// points), 3 beat nobody: by the points of the beaten, 2 first. Ratings 2000, 1800, 1900,
	// 1700, 1600: 2 met 3 (1900) where 3 met 2 (1800): 7200 to 7100, 2 first. (1 beat 2, 4 and 5:
	// 2+1½+1 = 4½.)
	rr := resultsText("tiebreaks = []", numbers(5), nil, "1-2 1-0", "1-3 1/2-1/2", "1-4 1-0", "1-5 1-0",
		"2-3 1/2-1/2", "2-4 1-0", "2-5 1/2-1/2", "3-4 1/2-1/2", "3-5 1/2-1/2", "4-5 1-0")
	for n, r := range map[int]int{1: 2000, 2: 1800, 3: 1900, 4: 1700, 5: 1600} {
		rr = strings.Replace(rr, fmt.Sprintf("name = \"P%d\"\n", n), fmt.Sprintf("name = \"P%d\"\nrating = %d\n", n, r), 1)
	}
	for _, tc := range []struct {
		tb   string
		want []string
	}{
		{ResultsByPlace, []string{"1:1:3½", "2:3:2", "3:2:2", "4:4:1½", "5:5:1"}},
		{BeatenPoints, []string{"1:1:3½ beaten-points=4½", "2:2:2 beaten-points=1½", "3:3:2 beaten-points=0", "4:4:1½ beaten-points=1", "5:5:1 beaten-points=0"}},
		{OpponentsRating, []string{"1:1:3½ opponents-rating=7000", "2:2:2 opponents-rating=7200", "3:3:2 opponents-rating=7100",
			"4:4:1½ opponents-rating=7300", "5:5:1 opponents-rating=7400"}},
	} {
		t.Run("1.13.3 "+tc.tb, func(t *testing.T) {
			st, err := ReadStandings([]byte(strings.Replace(rr, "tiebreaks = []", fmt.Sprintf("tiebreaks = [%q]", tc.tb), 1)))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, lines(st.Cross, tc.tb)); diff != "" {
				t.Errorf("standings (-seed +got):\n%s", diff)
			}
		})
	}

	// A reserve (5, of T1) played board 2 for 2, who left: no forfeit for 2's game (1.14.2).
	t.Run("1.14.2: the reserve's game is the leaver's", func(t *testing.T) {
		file := teamResults("team-round-robin", "", 2, 2, []int{2}, teamMatch{1, 2, []string{"1", ""}})
		file = strings.Replace(file, "boards = [1, 2]\n", "boards = [1, 2]\nreserves = [5]\n", 1) +
			resultsText("", []int{5}, nil, "4-5 1-0")
		st, err := ReadStandings([]byte(file))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"1-2:1:1:1:0", "1-2:2:1:1:0", "match 1-2 1:1 2/2 true"}
		if diff := cmp.Diff(want, teamStandingLines(st.Teams)); diff != "" {
			t.Errorf("standings (-seed +got):\n%s", diff)
		}
	})

	for _, tc := range []struct {
		name, file string
		where      string
	}{
		{"a round robin plays single games", resultsText("micromatch = 2", numbers(2), nil), "micromatch"},
		{"a team micromatch with two cycles", teamResults("team-round-robin", "micromatch = 2\nrounds = 2", 2, 2, nil), "micromatch"},
		{"a micromatch of no game", teamResults("scheveningen", "micromatch = 0", 2, 2, nil), "micromatch"},
		{"a negative rating", strings.Replace(resultsText("", numbers(2), nil), "name = \"P2\"\n", "name = \"P2\"\nrating = -5\n", 1), "player 2 (number 2).rating"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadStandings([]byte(tc.file))
			var inv *InvalidError
			if !errors.As(err, &inv) || len(inv.Problems) == 0 || inv.Problems[0].Where != tc.where {
				t.Errorf("ReadStandings: %v, want a problem at %s", err, tc.where)
			}
		})
	}

	// Knockouts of four (1–4, 2–3) by 1.11: «состоят из двух или большего количества партий».
	ko := func(head string, withdrawn []int, games ...string) []string {
		t.Helper()
		st, err := ReadStandings([]byte(resultsText("system = \"knockout\"\n"+head, numbers(4), withdrawn, games...)))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, row := range st.Knockout.Rounds {
			for _, p := range row {
				var games []string
				for _, g := range p.Games {
					games = append(games, g.Name+" "+st.Knockout.results[g.Key()].String())
				}
				out = append(out, fmt.Sprintf("%d.%d %d-%d %v %v %d %s [%s]", p.Round, p.Slot, p.A, p.B, p.Main, p.Extra, p.Winner, p.How, strings.Join(games, ", ")))
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		got  []string
		want []string
	}{
		{"a micromatch of three", ko("micromatch = 3", []int{4}, "2-3 1-0", "3-2 1-0", "2-3 1-0"),
			[]string{"1.1 1-4 [0 0] [0 0] 1 withdrawal []", "1.2 2-3 [2 1] [0 0] 2 won [2-3 1-0, 3-2 1-0, 2-3 1-0]", "2.1 1-2 [0 0] [0 0] 0  []"}},
		// The colours give a game's place, whatever the file's order.
		{"the file's order", ko("micromatch = 3", []int{4}, "3-2 1-0", "2-3 1-0", "2-3 1-0"),
			[]string{"1.1 1-4 [0 0] [0 0] 1 withdrawal []", "1.2 2-3 [2 1] [0 0] 2 won [2-3 1-0, 3-2 1-0, 2-3 1-0]", "2.1 1-2 [0 0] [0 0] 0  []"}},
		// A micromatch of two tied 1–1, then two extra games: ½ and a win with Black for 2.
		{"extra games after a micromatch of two", ko("micromatch = 2\nknockout_extra = 2", nil,
			"1-4 1-0", "4-1 0-1", "2-3 1-0", "3-2 1-0", "2-3 1/2-1/2", "3-2 0-1"),
			[]string{"1.1 1-4 [2 0] [0 0] 1 won [1-4 1-0, 4-1 0-1]", "1.2 2-3 [1 1] [1.5 0.5] 2 extra [2-3 1-0, 3-2 1-0, 2-3 1/2-1/2, 3-2 0-1]",
				"2.1 1-2 [0 0] [0 0] 0  []"}},
	} {
		t.Run("1.11 "+tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got); diff != "" {
				t.Errorf("bracket (-seed +got):\n%s", diff)
			}
		})
	}
}
