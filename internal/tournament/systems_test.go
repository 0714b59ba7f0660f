package tournament

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/golden"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// teamLine is a team's line of the standings as a test writes it by hand.
type teamLine struct {
	Place       string
	Team        int
	Games       float64
	Matches     float64
	Coefficient float64
}

func teamLines(tt *TeamTable) []teamLine {
	var out []teamLine
	for _, s := range tt.Standings {
		out = append(out, teamLine{s.Place, s.Number, s.GamePoints, s.MatchPoints, s.Tiebreaks[TeamCoefficient]})
	}
	return out
}

// TestTeamStandingsByHand: the team round robin of testdata/teams.results.toml has the standings
// testdata/README.md counts by hand, by game points (1.14.6) and by match points (its note):
// places, points, the coefficient of seed 000, 3.7.3, the extra match of 1.14.6, the board
// results.
func TestTeamStandingsByHand(t *testing.T) {
	data := readTestdata(t, "teams.results.toml")
	st, err := ReadStandings(data)
	if err != nil {
		t.Fatal(err)
	}
	tt := st.Teams
	want := []teamLine{{"1", 1, 9, 4, 38.25}, {"2", 2, 8, 6, 41.75}, {"3", 4, 3.5, 1, 19.5}, {"4", 3, 3.5, 1, 19}}
	if diff := cmp.Diff(want, teamLines(tt)); diff != "" {
		t.Errorf("by game points (-hand +got):\n%s", diff)
	}
	if tt.ExtraMatch != 2 || tt.ExtraAgainst != 1 {
		t.Errorf("extra match: team %d against %d, want Волга (2) against Нева (1)", tt.ExtraMatch, tt.ExtraAgainst)
	}
	if h := tt.Standings[2].Tiebreaks[TeamHeadToHead]; h != 1 {
		t.Errorf("head-to-head of Ока: %v, want 1 (the drawn match)", h)
	}
	var scores []string
	for _, m := range tt.Matches {
		scores = append(scores, fmt.Sprintf("%d-%d %s:%s", m.Home, m.Away, FormatPoints(m.HomePoints), FormatPoints(m.AwayPoints)))
	}
	if diff := cmp.Diff([]string{"1-4 3½:½", "2-3 2½:1½", "4-3 2:2", "1-2 1½:2½", "2-4 3:1", "3-1 0:4"}, scores); diff != "" {
		t.Errorf("matches (-hand +got):\n%s", diff)
	}
	var board1 []string
	for _, b := range tt.Boards {
		if b.Board == 1 {
			board1 = append(board1, fmt.Sprintf("%d %s", b.Number, FormatPoints(b.Points)))
		}
	}
	if diff := cmp.Diff([]string{"5 3", "1 2", "9 ½", "13 ½"}, board1); diff != "" {
		t.Errorf("board 1 (-hand +got):\n%s", diff)
	}

	st, err = ReadStandings([]byte(strings.Replace(string(data), `scoring = "1-0.5-0"`, "scoring = \"1-0.5-0\"\nteam_points = \"matches\"", 1)))
	if err != nil {
		t.Fatal(err)
	}
	want = []teamLine{{"1", 2, 8, 6, 12}, {"2", 1, 9, 4, 4}, {"3-4", 3, 3.5, 1, 1}, {"3-4", 4, 3.5, 1, 1}}
	if diff := cmp.Diff(want, teamLines(st.Teams)); diff != "" {
		t.Errorf("by match points (-hand +got):\n%s", diff)
	}
	if st.Teams.ExtraMatch != 0 {
		t.Errorf("by match points Волга is first, yet an extra match for team %d", st.Teams.ExtraMatch)
	}
	for _, lang := range []string{Russian, English} {
		st, _ := ReadStandings(data)
		golden.Text(t, "testdata/teams.results."+lang+".golden", st.Text(lang))
	}
}

// TestSwissStandingsByHand: the Swiss of testdata/swiss.results.toml, with a bye in two rounds
// and a player who withdrew, has the points and Buchholz README.md counts by hand (1.13.11: a
// bye as the fewest points anyone scored; the player who left as his score group after him).
func TestSwissStandingsByHand(t *testing.T) {
	data := readTestdata(t, "swiss.results.toml")
	st, err := ReadStandings(data)
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		Place    string
		Number   int
		Points   float64
		Buchholz float64
	}
	var got []line
	for _, s := range st.Swiss.Standings {
		got = append(got, line{s.Place, s.Number, s.Points, s.Tiebreaks[Buchholz]})
	}
	want := []line{{"1", 1, 2.5, 5}, {"2", 3, 2, 5}, {"3", 4, 1.5, 5.5}, {"4", 2, 1, 4.5}, {"5", 5, 1, 3.5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("standings (-hand +got):\n%s", diff)
	}
	for _, lang := range []string{Russian, English} {
		golden.Text(t, "testdata/swiss.results."+lang+".golden", st.Text(lang))
	}
}

// TestReadStandingsProblems: a results file of another system says what is wrong with its key.
func TestReadStandingsProblems(t *testing.T) {
	teams := string(readTestdata(t, "teams.results.toml"))
	swiss := string(readTestdata(t, "swiss.results.toml"))
	for _, tc := range []struct {
		name, src string
		where     []string
	}{
		{"unknown system", strings.Replace(teams, `"team-round-robin"`, `"olympic"`, 1), []string{"system"}},
		{"a player in two teams", strings.Replace(teams, "boards = [5, 6, 7, 8]", "boards = [4, 6, 7, 8]", 1), []string{"team 2.boards[0]", "player 5"}},
		{"teammates", strings.Replace(teams, "white = 1\nblack = 13", "white = 1\nblack = 2", 1), []string{"game 1 (1-2)"}},
		{"bad team points", strings.Replace(teams, `scoring = "1-0.5-0"`, "scoring = \"1-0.5-0\"\nteam_points = \"boards\"", 1), []string{"team_points"}},
		{"a Swiss game without a round", strings.Replace(swiss, "round = 3\nwhite = 1", "white = 1", 1), []string{"game 5 (1-4).round"}},
		{"two byes in a round", strings.Replace(swiss, "round = 2\nplayer = 2", "round = 1\nplayer = 2", 1), []string{"bye 2"}},
		{"a rematch", strings.Replace(swiss, "white = 2\nblack = 3", "white = 3\nblack = 1", 1), []string{"game 6 (3-1)"}},
		{"rounds in a round robin", "[[player]]\nnumber = 1\nname = \"A\"\n[[player]]\nnumber = 2\nname = \"B\"\n[[game]]\nround = 1\nwhite = 1\nblack = 2\nresult = \"1-0\"\n",
			[]string{"game 1 (1-2).round"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadStandings([]byte(tc.src))
			var inv *InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("ReadStandings = %v; want an *InvalidError", err)
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

// pairsOf writes games as "W-B" names, round by round.
func pairsOf(games []Game) []string {
	var out []string
	for _, g := range games {
		out = append(out, fmt.Sprintf("%d:%s", g.Round, g.Name))
	}
	return out
}

// teamsSheet is testdata/teams.toml with edit applied.
func teamsSheet(t *testing.T, edit func(string) string) *Sheet {
	t.Helper()
	s, err := ParseSheet([]byte(edit(string(readTestdata(t, "teams.toml")))))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTeamDraw: the games of team events, written out by hand from 1.14.3 (the team with White on
// board 1 has White on the odd boards), 1.11 (a micromatch alternates the colours), 1.2 (in a
// Scheveningen match every member against every member) and the Berger table of three teams
// (round 1: 2–3, team 1 resting; round 2: 1–2; round 3: 3–1).
func TestTeamDraw(t *testing.T) {
	same := func(s string) string { return s }
	single := replace("micromatch = 2", "micromatch = 1")
	for _, tc := range []struct {
		name string
		edit func(string) string
		want []string
	}{
		{"team round robin, micromatch of two", same, []string{
			"1:3-5", "1:5-3", "1:6-4", "1:4-6", "2:1-3", "2:3-1", "2:4-2", "2:2-4", "3:5-1", "3:1-5", "3:2-6", "3:6-2"}},
		{"team round robin, single games", single, []string{
			"1:3-5", "1:6-4", "2:1-3", "2:4-2", "3:5-1", "3:2-6"}},
		{"double team round robin", func(s string) string {
			return replace("system = \"team-round-robin\"", "system = \"team-round-robin\"\nrounds = 2")(single(s))
		}, []string{
			"1:3-5", "1:6-4", "2:1-3", "2:4-2", "3:5-1", "3:2-6", "4:5-3", "4:4-6", "5:3-1", "5:2-4", "6:1-5", "6:6-2"}},
		{"Scheveningen", func(s string) string {
			return replace("system = \"team-round-robin\"", "system = \"scheveningen\"")(single(s))
		}, []string{
			"1:3-5", "1:6-3", "1:5-4", "1:4-6", // the home team White on boards 1–1 and 2–2, Black on 1–2 and 2–1
			"2:1-3", "2:4-1", "2:3-2", "2:2-4",
			"3:5-1", "3:2-5", "3:1-6", "3:6-2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := teamsSheet(t, tc.edit)
			if diff := cmp.Diff(tc.want, pairsOf(s.Games())); diff != "" {
				t.Errorf("games (-hand +got):\n%s", diff)
			}
			for _, g := range s.Games() {
				if m, ok := s.MatchOf(g.Name); !ok || m.Number != g.Match {
					t.Errorf("game %s: match %v, %v; want %d", g.Name, m, ok, g.Match)
				}
			}
		})
	}
}

// TestSystemSheetProblems: a start sheet whose system, teams or competition keys are wrong is
// refused with every key named.
func TestSystemSheetProblems(t *testing.T) {
	base := string(readTestdata(t, "teams.toml"))
	for _, tc := range []struct {
		name  string
		edit  func(string) string
		where []string
	}{
		{"unknown system", replace(`system = "team-round-robin"`, `system = "olympic"`), []string{"tournament.system"}},
		{"one team", func(s string) string {
			s = replace("[[team]]\nname = \"Волга\"\ncaptain = \"volga@club.example\"\nboards = [3, 4]\n", "")(s)
			return replace("[[team]]\nname = \"Кама\"\ncaptain = \"kama@club.example\"\nboards = [5, 6]\n", "")(s)
		}, []string{"team", "player 3", "player 4", "player 5", "player 6"}},
		{"boards of two lengths", replace("boards = [3, 4]", "boards = [3, 4, 6]"), []string{"team 2.boards", "team 3.boards[1]"}},
		{"no captain", replace("captain = \"kama@club.example\"\n", ""), []string{"team 3.captain"}},
		{"a captain's address is postald's", replace("captain = \"kama@club.example\"", "captain = \"moves@club.example\""), []string{"team 3.captain"}},
		{"the same name", replace("name = \"Кама\"", "name = \"нева\""), []string{"team 3.name"}},
		{"an unknown player", replace("reserves = [7]", "reserves = [7, 9]"), []string{"team 1.reserves[1]"}},
		{"a player in no team", replace("reserves = [7]", "reserves = []"), []string{"player 7"}},
		{"a micromatch of three", replace("micromatch = 2", "micromatch = 3"), []string{"regulation.micromatch"}},
		{"a micromatch of two in two cycles", replace(`system = "team-round-robin"`, "system = \"team-round-robin\"\nrounds = 2"), []string{"regulation.micromatch"}},
		{"a micromatch of 0", replace("micromatch = 2", "micromatch = 0"), []string{"regulation.micromatch"}},
		{"team points", replace("micromatch = 2", "micromatch = 2\nteam_points = \"boards\""), []string{"regulation.team_points"}},
		{"team tie-breaks", replace("micromatch = 2", "micromatch = 2\nteam_tiebreaks = [\"coefficient\", \"buchholz\", \"coefficient\"]"),
			[]string{"regulation.team_tiebreaks[1]", "regulation.team_tiebreaks[2]"}},
		{"board order", replace("micromatch = 2", "micromatch = 2\nboard_order = \"random\""), []string{"regulation.board_order"}},
		{"a round's term in a team event", replace("micromatch = 2", "micromatch = 2\nround_days = 30"), []string{"regulation.round_days"}},
		{"teams in a round robin", replace(`system = "team-round-robin"`, `system = "round-robin"`), []string{"regulation.micromatch", "team"}},
		// The lots are an individual round robin's (lots.go): a team event's numbers are its boards'.
		{"numbers drawn in a team event", func(s string) string { return s + "\n[lots]\nnumbers = true\n" }, []string{"lots.numbers"}},
		{"openings drawn in a team event", func(s string) string { return s + "\n[lots]\nopenings = \"first-move\"\n" }, []string{"lots.openings"}},
		{"a Swiss without rounds", func(s string) string {
			return replace("micromatch = 2\n", "")(replace(`system = "team-round-robin"`, `system = "swiss"`)(s))
		}, []string{"team", "tournament.rounds"}},
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
	swiss := replace("micromatch = 2\n", "")(replace(`system = "team-round-robin"`, "system = \"swiss\"\nrounds = 7")(base))
	for _, tn := range []string{"Нева", "Волга", "Кама"} {
		swiss = strings.Replace(swiss, "[[team]]\nname = \""+tn+"\"", "[[xteam]]\nname = \""+tn+"\"", 1)
	}
	if _, err := ParseSheet([]byte(swiss)); err == nil || !strings.Contains(err.Error(), "tournament.rounds: 7 rounds for 7 players") {
		t.Errorf("a Swiss of as many rounds as players: %v", err)
	}
	// A Swiss's round is played for at least a day (round_days); 20 days stand.
	plain := regexp.MustCompile(`(?s)\[\[team\]\].*?\n\n`).ReplaceAllString(base, "")
	plain = strings.Replace(strings.Replace(plain, `system = "team-round-robin"`, "system = \"swiss\"\nrounds = 3", 1), "micromatch = 2\n", "round_days = %d\n", 1)
	if _, err := ParseSheet([]byte(fmt.Sprintf(plain, 0))); err == nil || !strings.Contains(err.Error(), "regulation.round_days: 0") {
		t.Errorf("a Swiss's round of 0 days: %v", err)
	}
	if sh, err := ParseSheet([]byte(fmt.Sprintf(plain, 20))); err != nil || sh.Competition.RoundDays != 20 {
		t.Errorf("a Swiss's round of 20 days: %v", err)
	}
	// A Swiss that numbers nobody numbers its players in the sheet's order (their ratings',
	// C.04.2), drawing nothing by lot.
	var blocks []string
	for _, b := range strings.Split(strings.Replace(swiss, "rounds = 7", "rounds = 5", 1), "\n\n") {
		if !strings.HasPrefix(strings.TrimSpace(b), "[[xteam]]") {
			blocks = append(blocks, b)
		}
	}
	unnumbered := regexp.MustCompile(`(?m)^number = \d+\n`).ReplaceAllString(strings.Join(blocks, "\n\n"), "")
	sh, err := ParseSheet([]byte(unnumbered))
	if err != nil {
		t.Fatalf("a Swiss without numbers: %v", err)
	}
	if sh.NeedsLot() {
		t.Errorf("a Swiss without numbers draws by lot: %+v", sh.Lots)
	}
	for i, p := range sh.Players {
		if p.Number != i+1 {
			t.Errorf("player %d of the sheet (%s) has number %d", i+1, p.Name, p.Number)
		}
	}
}

// TestSystemLetters: the letters of the systems, as their readers get them: a team player's and
// a reserve's start letters (his team, board and captain; every game with colour, partner, the
// partner's team and board), a captain's letter on a complete match, a Swiss's start letter of
// round 1 and the letter of its round 2.
func TestSystemLetters(t *testing.T) {
	s := teamsSheet(t, func(s string) string { return s })
	for _, tc := range []struct {
		number int
		golden string
	}{{2, "start.team.ru.2.golden"}, {4, "start.team.en.4.golden"}, {7, "start.team.ru.reserve.golden"}} {
		l, err := s.StartLetter(tc.number)
		if err != nil {
			t.Fatal(err)
		}
		golden.Text(t, "testdata/"+tc.golden, letterText(l))
	}
	results := map[string]Result{"1-3": WhiteWins, "3-1": Draw, "4-2": BlackByForfeit, "2-4": Draw}
	in, err := s.TeamResults(results, nil)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := ComputeTeams(in)
	if err != nil {
		t.Fatal(err)
	}
	var letters []string
	for _, m := range tt.Matches {
		if m.Complete {
			for _, l := range s.MatchLetters(m, tt, results, nil) {
				letters = append(letters, letterText(l))
			}
		}
	}
	if len(letters) != 2 {
		t.Fatalf("%d captains' letters for the one complete match, want 2", len(letters))
	}
	golden.Text(t, "testdata/match.ru.golden", strings.Join(letters, "\n----\n"))
	// A captain who plays reads the match in his own language: player 4 writes English.
	en := teamsSheet(t, replace(`captain = "volga@club.example"`, `captain = "p4@mail.example"`))
	told := 0
	defer func() {
		if told == 0 {
			t.Error("no captain's letter to player 4")
		}
	}()
	for _, m := range tt.Matches {
		if !m.Complete {
			continue
		}
		for _, l := range en.MatchLetters(m, tt, results, nil) {
			if l.To == "p4@mail.example" {
				told++
			}
			if english := strings.Contains(l.Subject, ": match "); english != (l.To == "p4@mail.example") {
				t.Errorf("the captain's letter to %s: %q", l.To, l.Subject)
			}
		}
	}

	sw, err := ParseSheet([]byte(strings.Replace(readSheet(t), "rounds = 1", "rounds = 3\nsystem = \"swiss\"", 1)))
	if err != nil {
		t.Fatal(err)
	}
	r1, err := sw.PairSwiss(nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "testdata/start.swiss.ru.1.golden", letterText(sw.SwissStartLetters(r1)[0]))
	res := map[string]Result{}
	for _, b := range r1.Boards {
		res[GameName(b[0], b[1])] = WhiteWins
	}
	r2, err := sw.PairSwiss([]PairedRound{r1}, res, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sw.ComputeSwiss([]PairedRound{r1}, res, nil)
	if err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "testdata/round.swiss.ru.2.golden", letterText(sw.RoundLetters(r2, st)[0]))
}

// FuzzReadStandings: a results file of any system that reads computes, every team or player once.
func FuzzReadStandings(f *testing.F) {
	for _, name := range []string{"teams.results.toml", "swiss.results.toml", "field.toml"} {
		f.Add(readTestdata(f, name))
	}
	f.Add([]byte("system = \"scheveningen\"\n[[team]]\nname = \"A\"\nboards = [1, 2]\n[[team]]\nname = \"B\"\nboards = [3, 4]\n" +
		"[[player]]\nnumber = 1\nname = \"a\"\n[[player]]\nnumber = 2\nname = \"b\"\n[[player]]\nnumber = 3\nname = \"c\"\n[[player]]\nnumber = 4\nname = \"d\"\n" +
		"[[game]]\nwhite = 1\nblack = 3\nresult = \"1-0\"\n[[game]]\nwhite = 4\nblack = 1\nresult = \"-/+\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := ReadStandings(data)
		if err != nil {
			return
		}
		for _, lang := range []string{Russian, English} {
			for _, g := range st.Grids(lang) {
				for _, r := range g.Rows {
					if len(r) != len(g.Header) {
						t.Fatalf("a row of %d cells under %d headings", len(r), len(g.Header))
					}
				}
			}
			_ = st.Text(lang)
		}
		if st.Teams != nil {
			var sum float64
			for _, s := range st.Teams.Standings {
				sum += s.GamePoints
			}
			var games int
			for _, m := range st.Teams.Matches {
				games += len(m.Games)
			}
			if sum > float64(games)*st.Teams.Scoring.Win {
				t.Fatalf("%v game points from %d games", sum, games)
			}
		}
	})
}
