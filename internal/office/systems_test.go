package office

import (
	"fmt"
	"hash/fnv"
	"mime"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/swiss"
	"postald/internal/tournament"
	"postald/internal/trf"
)

// teamSheet writes the start sheet of a team event of teams teams of boards boards each, every
// pairing playing micromatch games: team i's board k is player (i-1)·boards+k.
func teamSheet(system string, teams, boards, micromatch int, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = \"КМ-%d%d\"\nname = \"Командный матч\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n", teams, boards)
	fmt.Fprintf(&b, "address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = %q\n", system)
	fmt.Fprintf(&b, "\n[regulation]\nmicromatch = %d\n%s", micromatch, extra)
	for i := 1; i <= teams; i++ {
		fmt.Fprintf(&b, "\n[[team]]\nname = \"Клуб %d\"\ncaptain = \"captain%d@club.example\"\nboards = [", i, i)
		for k := 1; k <= boards; k++ {
			if k > 1 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, (i-1)*boards+k)
		}
		b.WriteString("]\n")
	}
	for n := 1; n <= teams*boards; n++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Игрок %d\"\nemail = \"p%d@mail.example\"\n", n, n, n)
	}
	return b.String()
}

// outcome is the result a test gives game name: a win for White, for Black, or a draw, spread
// by a hash of the name and the seed.
func outcome(name string, seed uint32) tournament.Result {
	h := fnv.New32a()
	fmt.Fprint(h, name, seed)
	return []tournament.Result{tournament.WhiteWins, tournament.BlackWins, tournament.Draw}[h.Sum32()%3]
}

// letterFrom writes a letter of player num about game name.
func letterFrom(code string, num int, name, body string, at time.Time, id int) []byte {
	raw := fmt.Sprintf("From: p%d@mail.example\r\nTo: moves@club.example\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <sys-%d@mail.example>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		num, mime.QEncoding.Encode("utf-8", code+" партия "+name), at.Format(time.RFC1123Z), id, strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(raw)
}

// player plays games of a simulation to the results outcome gives, by letters: White's move then
// Black's resignation; White's resignation; a move with a draw offer, then its acceptance.
type player struct {
	t   *testing.T
	sim *Simulation
	at  time.Time
	n   int
}

func (p *player) send(num int, name, body string) Done {
	p.t.Helper()
	p.n++
	p.at = p.at.Add(time.Hour)
	step, err := p.sim.Letter(letterFrom(p.sim.Sheet().Code, num, name, body, p.at, p.n))
	if err != nil {
		p.t.Fatalf("game %s, letter of %d: %v", name, num, err)
	}
	if step.Letter.Held != "" || step.Letter.Kind == "" {
		p.t.Fatalf("game %s, letter of %d %q: held (%s)", name, num, body, step.Letter.Held)
	}
	return step.Letter
}

func (p *player) play(g tournament.Game, r tournament.Result) {
	p.t.Helper()
	code := p.sim.Sheet().Code
	head := fmt.Sprintf("Турнир %s, партия %s.\n", code, g.Name)
	switch r {
	case tournament.WhiteWins:
		p.send(g.White, g.Name, head+"Мой ход: 1. c3-d4")
		p.send(g.Black, g.Name, head+"Ваш ход 1. c3-d4 получил. Сдаюсь.")
	case tournament.BlackWins:
		p.send(g.White, g.Name, head+"Сдаюсь.")
	case tournament.Draw:
		p.send(g.White, g.Name, head+"Мой ход: 1. c3-d4\nПредлагаю ничью.")
		p.send(g.Black, g.Name, head+"Ваш ход 1. c3-d4 получил. Принимаю ничью.")
	}
	st, err := p.sim.Game(g.Name)
	if err != nil {
		p.t.Fatal(err)
	}
	if got := tournament.TableResult(&st.Game); st.Game.Status != referee.StatusFinished || got != r {
		p.t.Fatalf("game %s: %s %s after its letters, want %s", g.Name, st.Game.Status, got, r)
	}
}

// handCount is the team standings counted in the test, independently of package tournament: the
// points of each team in each match (the points of its players in the match's games, 1.14.6),
// the match points (2, 1, 0: the note of 1.14.7), and the coefficient of seed 000, 3.7.3 (each
// match's result times the opponent's points in all matches, summed).
type handCount struct {
	games, matches, coefficient map[int]float64 // by team
	score                       map[[2]int][2]float64
}

func countByHand(sh *tournament.Sheet, results map[string]tournament.Result, byMatches bool) handCount {
	h := handCount{games: map[int]float64{}, matches: map[int]float64{}, coefficient: map[int]float64{}, score: map[[2]int][2]float64{}}
	teamOf := map[int]int{}
	for _, t := range sh.Teams {
		for _, n := range t.Boards {
			teamOf[n] = t.Number
		}
	}
	type match struct{ a, b int }
	var order []match
	for _, g := range sh.Games() {
		a, b := teamOf[g.White], teamOf[g.Black]
		k := [2]int{min(a, b), max(a, b)}
		if _, ok := h.score[k]; !ok {
			order = append(order, match{k[0], k[1]})
		}
		pw, pb := 0.0, 0.0
		switch results[g.Name] {
		case tournament.WhiteWins:
			pw = 1
		case tournament.BlackWins:
			pb = 1
		case tournament.Draw:
			pw, pb = 0.5, 0.5
		}
		s := h.score[k]
		if a == k[0] {
			s[0], s[1] = s[0]+pw, s[1]+pb
		} else {
			s[0], s[1] = s[0]+pb, s[1]+pw
		}
		h.score[k] = s
	}
	mp := func(own, their float64) float64 {
		switch {
		case own > their:
			return 2
		case own == their:
			return 1
		}
		return 0
	}
	for _, m := range order {
		s := h.score[[2]int{m.a, m.b}]
		h.games[m.a] += s[0]
		h.games[m.b] += s[1]
		h.matches[m.a] += mp(s[0], s[1])
		h.matches[m.b] += mp(s[1], s[0])
	}
	points := h.games
	if byMatches {
		points = h.matches
	}
	for _, m := range order {
		s := h.score[[2]int{m.a, m.b}]
		ra, rb := s[0], s[1]
		if byMatches {
			ra, rb = mp(s[0], s[1]), mp(s[1], s[0])
		}
		h.coefficient[m.a] += ra * points[m.b]
		h.coefficient[m.b] += rb * points[m.a]
	}
	return h
}

// TestTeamEventsPlayedThrough plays team events of 2 to 8 teams on 2 to 6 boards, team round
// robins and Scheveningen matches, single games and micromatches of two, every game by letters
// through the office (postald simulate's path), and checks what the players, the captains and
// the director get: the colours of every game by the first board (1.14.3), every member against
// every member in a Scheveningen match, each captain's letter with his match's score when its
// last game ends (1.14.7), and the team standings, match results and coefficients of the
// director's report as the test counts them by hand.
func TestTeamEventsPlayedThrough(t *testing.T) {
	for _, c := range []struct {
		system                    string
		teams, boards, micromatch int
		extra                     string
	}{
		{"team-round-robin", 2, 2, 1, ""},
		{"team-round-robin", 3, 4, 2, ""},
		{"team-round-robin", 4, 3, 1, "team_points = \"matches\"\n"},
		{"team-round-robin", 8, 6, 1, ""},
		{"scheveningen", 2, 6, 1, ""},
		{"scheveningen", 3, 2, 2, ""},
		{"scheveningen", 8, 2, 1, "team_points = \"matches\"\n"},
	} {
		t.Run(fmt.Sprintf("%s %d teams %d boards micromatch %d %s", c.system, c.teams, c.boards, c.micromatch, strings.TrimSpace(c.extra)), func(t *testing.T) {
			if testing.Short() && c.teams*c.boards > 20 {
				t.Skip("a long event")
			}
			sim, err := NewSimulation([]byte(teamSheet(c.system, c.teams, c.boards, c.micromatch, c.extra)), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer sim.Close()
			defer checkKnown(t, sim)
			defer checkKnown(t, sim)
			defer checkKnown(t, sim)
			sh := sim.Sheet()
			games := sh.Games()
			checkColours(t, sh, games, c.micromatch)
			p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
			results := map[string]tournament.Result{}
			for _, g := range games {
				r := outcome(g.Name, uint32(c.teams*10+c.boards))
				p.play(g, r)
				results[g.Name] = r
			}
			byMatches := strings.Contains(c.extra, "matches")
			want := countByHand(sh, results, byMatches)

			var in report.Input
			if err := sim.Store().View(func(tx *store.Tx) error {
				got, err := reading.TableResults(tx, sh.Code)
				if err != nil {
					return err
				}
				if len(got) != len(games) {
					t.Errorf("%d results in the store, want %d", len(got), len(games))
				}
				in, err = reading.ReportInput(tx, sh, sim.Zone(), p.at, nil, nil, nil)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			tr, err := sh.TeamResults(results, nil)
			if err != nil {
				t.Fatal(err)
			}
			tt, err := tournament.ComputeTeams(tr)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.Standings {
				if s.GamePoints != want.games[s.Number] || s.MatchPoints != want.matches[s.Number] || s.Tiebreaks[tournament.TeamCoefficient] != want.coefficient[s.Number] {
					t.Errorf("team %d: points %v, match points %v, coefficient %v; by hand %v, %v, %v", s.Number, s.GamePoints, s.MatchPoints,
						s.Tiebreaks[tournament.TeamCoefficient], want.games[s.Number], want.matches[s.Number], want.coefficient[s.Number])
				}
			}
			for i := 1; i < len(tt.Standings); i++ {
				a, b := tt.Standings[i-1], tt.Standings[i]
				pa, pb := a.GamePoints, b.GamePoints
				if byMatches {
					pa, pb = a.MatchPoints, b.MatchPoints
				}
				if pa < pb {
					t.Errorf("team %d (%v) placed above team %d (%v)", a.Number, pa, b.Number, pb)
				}
			}
			text, err := report.Text(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.Standings {
				row := fmt.Sprintf("%s  %d  Клуб %d", s.Place, s.Number, s.Number)
				if !strings.Contains(text, row) {
					t.Errorf("the report has no line %q:\n%s", row, text)
				}
			}
			checkCaptains(t, sim, sh, want)
			checkFinalStandings(t, sim, sh, tt)
		})
	}
}

// checkFinalStandings checks the letters of a team event's end (1.2, 1.14.6): when its last
// game ends, every player, every captain, the judge and the director get one letter with the
// final standings, each player with his team's place and points, once.
func checkFinalStandings(t *testing.T, sim *Simulation, sh *tournament.Sheet, tt *tournament.TeamTable) {
	t.Helper()
	all := mailedSince(t, sim.Store(), 0)
	final := func(to string) []mailed {
		var out []mailed
		for _, m := range all {
			if m.to == to && m.subject == sh.Code+": итоги турнира" {
				out = append(out, m)
			}
		}
		return out
	}
	for _, to := range []string{"judge@club.example", "td@club.example", sh.Teams[0].Captain} {
		if got := final(to); len(got) != 1 || !strings.Contains(got[0].body, "все партии сыграны, турнир окончен") ||
			!strings.Contains(got[0].body, fmt.Sprintf("%s  %d  Клуб %d", tt.Standings[0].Place, tt.Standings[0].Number, tt.Standings[0].Number)) {
			t.Errorf("%s: %d letters of the final standings, want one with the standings: %+v", to, len(got), got)
		}
	}
	for _, p := range sh.Players {
		tm, _, ok := sh.TeamOf(p.Number)
		if !ok {
			continue
		}
		var want string
		for _, st := range tt.Standings {
			if st.Number == tm.Number {
				points := st.GamePoints
				if tt.TeamPoints == tournament.TeamPointsMatches {
					points = st.MatchPoints
				}
				want = fmt.Sprintf("Ваша команда «%s» заняла место %s, очков: %s.", tm.Name, st.Place, tournament.FormatPoints(points))
			}
		}
		if got := final(p.Email); len(got) != 1 || !strings.Contains(got[0].body, want) {
			t.Errorf("player %d: %d letters of the final standings, want one saying %q: %+v", p.Number, len(got), want, got)
		}
	}
}

// checkColours checks the colours of every game by the first board (1.14.3): in each match, the
// team with White on board 1 has White on the odd boards and Black on the even ones (in a
// Scheveningen match, on board i against board j when i+j is even); a micromatch's games
// alternate the colours (1.11); a Scheveningen match pairs every member with every member.
func checkColours(t *testing.T, sh *tournament.Sheet, games []tournament.Game, micromatch int) {
	t.Helper()
	type at struct{ team, board int }
	seat := map[int]at{}
	for _, tm := range sh.Teams {
		for k, n := range tm.Boards {
			seat[n] = at{tm.Number, k + 1}
		}
	}
	byMatch := map[[2]int][]tournament.Game{}
	for _, g := range games {
		a, b := seat[g.White].team, seat[g.Black].team
		byMatch[[2]int{min(a, b), max(a, b)}] = append(byMatch[[2]int{min(a, b), max(a, b)}], g)
	}
	n := len(sh.Teams[0].Boards)
	for k, ms := range byMatch {
		home := 0 // the team with White in the first game of board 1 against board 1
		pairs := map[[2]int]int{}
		for _, g := range ms {
			w, b := seat[g.White], seat[g.Black]
			if w.board == 1 && b.board == 1 && home == 0 {
				home = w.team
			}
			pairs[[2]int{min(g.White, g.Black), max(g.White, g.Black)}]++
		}
		for _, g := range ms {
			w, b := seat[g.White], seat[g.Black]
			hb, ab := w.board, b.board
			if w.team != home {
				hb, ab = b.board, w.board
			}
			want := (hb+ab)%2 == 0 // the home team's colour on these boards: White
			if sh.System == tournament.TeamRoundRobin {
				if hb != ab {
					t.Errorf("game %s: board %d against board %d in a team round robin", g.Name, hb, ab)
				}
				want = hb%2 == 1
			}
			if micromatch > 1 && g.Leg%2 == 0 {
				want = !want
			}
			if got := w.team == home; got != want {
				t.Errorf("match %v, game %s (boards %d and %d, leg %d): the home team %d has White %v, want %v", k, g.Name, hb, ab, g.Leg, home, got, want)
			}
		}
		wantPairs := n
		if sh.System == tournament.Scheveningen {
			wantPairs = n * n
		}
		if len(pairs) != wantPairs {
			t.Errorf("match %v: %d pairs of players, want %d", k, len(pairs), wantPairs)
		}
		for pr, c := range pairs {
			if c != micromatch {
				t.Errorf("match %v: players %v meet %d times, want %d", k, pr, c, micromatch)
			}
		}
	}
}

// checkCaptains checks that each captain got one letter per match of his team, with its score.
func checkCaptains(t *testing.T, sim *Simulation, sh *tournament.Sheet, want handCount) {
	t.Helper()
	all := mailedSince(t, sim.Store(), 0)
	for _, tm := range sh.Teams {
		var got []mailed
		for _, m := range all {
			if m.to == tm.Captain && m.subject != sh.Code+": итоги турнира" {
				got = append(got, m)
			}
		}
		if len(got) != len(sh.Teams)-1 {
			t.Errorf("captain of team %d: %d letters, want one per match, %d", tm.Number, len(got), len(sh.Teams)-1)
		}
		for _, m := range got {
			if !strings.Contains(m.body, "«Клуб "+fmt.Sprint(tm.Number)+"»") {
				t.Errorf("captain of team %d: a letter not about his team:\n%s", tm.Number, m.body)
			}
		}
	}
	for _, m := range sh.Matches() {
		home, away := m.Home, m.Away
		k := [2]int{min(home, away), max(home, away)}
		s := want.score[k]
		hs, as := s[0], s[1]
		if home != k[0] {
			hs, as = as, hs
		}
		score := tournament.FormatPoints(hs) + ":" + tournament.FormatPoints(as)
		for _, team := range []int{home, away} {
			tm, _ := sh.Team(team)
			found := slices.ContainsFunc(all, func(l mailed) bool {
				return l.to == tm.Captain && strings.Contains(l.body, fmt.Sprintf("«Клуб %d» – «Клуб %d» закончен со счётом %s.", home, away, score))
			})
			if !found {
				t.Errorf("match %d (%d–%d): the captain of team %d has no letter with the score %s", m.Number, home, away, team, score)
			}
		}
	}
}

// swissSheet writes the start sheet of a Swiss of n players and rounds rounds.
func swissSheet(n, rounds int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = \"ШВ-%d\"\nname = \"Швейцарка\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n", n)
	fmt.Fprintf(&b, "address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = \"swiss\"\nrounds = %d\n", rounds)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Игрок %d\"\nemail = \"p%d@mail.example\"\n", i, i, i)
	}
	return b.String()
}

// swissRounds reads the rounds the office paired.
func swissRounds(t *testing.T, sim *Simulation) []tournament.PairedRound {
	t.Helper()
	var rounds []tournament.PairedRound
	if err := sim.Store().View(func(tx *store.Tx) error {
		rulings, err := tx.Rulings(store.GameID{Tournament: sim.Sheet().Code})
		if err != nil {
			return err
		}
		rounds = store.LogOf(rulings).Rounds
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return rounds
}

// TestSwissPlayedThrough plays Swiss tournaments by letters through the office: round 1 is paired
// at registration; the letter that ends a round's last game pairs the next round, opens its games
// and sends its letters in the same step; a player who withdraws keeps his results and is not
// paired again (1.10.5); every round postald paired is the pairing the Dutch system gives from
// the TRF postald exports (what an arbiter's program checks), and the standings' Buchholz is
// the test's own count (the bye counting as the fewest points anyone scored, 1.13.11).
func TestSwissPlayedThrough(t *testing.T) {
	for _, c := range []struct {
		players, rounds, withdraw, seed int
	}{
		{7, 4, 0, 1},
		{8, 5, 0, 2},
		{11, 5, 4, 3},
		{16, 6, 0, 4},
	} {
		t.Run(fmt.Sprintf("%d players %d rounds", c.players, c.rounds), func(t *testing.T) {
			sim, err := NewSimulation([]byte(swissSheet(c.players, c.rounds)), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer sim.Close()
			defer checkKnown(t, sim)
			defer checkKnown(t, sim)
			defer checkKnown(t, sim)
			sh := sim.Sheet()
			p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
			// The tournament is registered at its start: round 1 is paired then.
			if _, err := sim.Finish(p.at); err != nil {
				t.Fatal(err)
			}
			results := map[string]tournament.Result{}
			left := 0
			// Every player's letter of a round shows the start of his game as text (and picture)
			// when he has White in it, and no position when he has Black or the bye.
			showsStart := func(round int, letters []mailed, subject string) {
				t.Helper()
				r := swissRounds(t, sim)[round-1]
				for _, g := range sh.SwissGames([]tournament.PairedRound{r}) {
					for _, n := range []int{g.White, g.Black} {
						pl, _ := sh.Player(n)
						var l *mailed
						for i := range letters {
							if letters[i].to == pl.Email && letters[i].subject == subject {
								l = &letters[i]
							}
						}
						if l == nil {
							t.Errorf("round %d: no letter %q to player %d", round, subject, n)
							continue
						}
						if shows := strings.Contains(l.body, "Позиция:\n") && strings.Contains(l.body, "a b c d e f g h\n"); shows != (n == g.White) {
							t.Errorf("round %d: player %d (White %v in %s): the start position as text %v:\n%s", round, n, n == g.White, g.Name, shows, l.body)
						}
					}
				}
			}
			showsStart(1, mailedSince(t, sim.Store(), 0), sh.Code+": начало турнира «"+sh.Name+"»")
			// The registration letter lists round 1's games as round 1's, not as the tournament's.
			reg := letterTo(t, mailedSince(t, sim.Store(), 0), "judge@club.example")
			if want := fmt.Sprintf("партий 1-го тура %d, ", c.players/2); !strings.Contains(reg.body, want) || !strings.Contains(reg.body, "Партии 1-го тура (белые – чёрные):\n") {
				t.Errorf("the registration letter does not count round 1's games as round 1's (%q):\n%s", want, reg.body)
			}
			if first := swissRounds(t, sim)[0]; first.Bye != 0 {
				// Round 1's bye: named to the judge, and his start letter's sample names no game.
				start := mailedSince(t, sim.Store(), 0)
				bye, _ := sh.Player(first.Bye)
				if judge := letterTo(t, start, "judge@club.example"); !strings.Contains(judge.body, fmt.Sprintf("Свободен от игры в 1-м туре (плюс, очко, п. 1.12.2): %d. %s.", bye.Number, bye.Name)) {
					t.Errorf("the registration letter names no bye of round 1 (%d):\n%s", first.Bye, judge.body)
				}
				mine := letterTo(t, start, bye.Email)
				if !strings.Contains(mine.body, "партия (номер партии)") || regexp.MustCompile(fmt.Sprintf(`партия (%[1]d-\d+|\d+-%[1]d)\b`, bye.Number)).MatchString(mine.body) {
					t.Errorf("the bye's start letter has a sample of a game that looks real:\n%s", mine.body)
				}
			}
			for r := 1; r <= c.rounds; r++ {
				rounds := swissRounds(t, sim)
				if len(rounds) != r {
					t.Fatalf("before round %d is played: %d rounds paired", r, len(rounds))
				}
				round := rounds[r-1]
				if left != 0 && round.Pairs(left) {
					t.Errorf("round %d pairs player %d, who withdrew (1.10.5)", r, left)
				}
				games := sh.SwissGames([]tournament.PairedRound{round})
				if want := (c.players - boolInt(left != 0)) / 2; len(games) != want {
					t.Errorf("round %d: %d games, want %d", r, len(games), want)
				}
				sent := len(mailedSince(t, sim.Store(), 0))
				for i, g := range games {
					res := outcome(g.Name, uint32(c.seed))
					if r == 2 && c.withdraw != 0 && (g.White == c.withdraw || g.Black == c.withdraw) {
						// He leaves before his game of round 2 has a move: it is lost without play.
						if _, err := sim.office.Run(WithdrawRequest{Player: c.withdraw, Reason: "по болезни"}); err != nil {
							t.Fatal(err)
						}
						left = c.withdraw
						res = tournament.WhiteByForfeit
						if g.White == c.withdraw {
							res = tournament.BlackByForfeit
						}
						st, err := sim.Game(g.Name)
						if err != nil {
							t.Fatal(err)
						}
						if got := tournament.TableResult(&st.Game); got != res {
							t.Fatalf("game %s of the player who withdrew: %s, want %s", g.Name, got, res)
						}
					} else {
						p.play(g, res)
					}
					results[g.Name] = res
					if i < len(games)-1 && len(swissRounds(t, sim)) != r {
						t.Fatalf("round %d: the next round was paired before the round's last game ended", r)
					}
				}
				after := mailedSince(t, sim.Store(), sent)
				if r < c.rounds {
					next := swissRounds(t, sim)
					if len(next) != r+1 {
						t.Fatalf("round %d ended: %d rounds paired, want %d", r, len(next), r+1)
					}
					showsStart(r+1, after, sh.Code+": тур "+fmt.Sprint(r+1))
					// The judge's letter of the round names its bye in words.
					if bye := next[r].Bye; bye != 0 {
						want := fmt.Sprintf("Свободен от игры в %d-м туре (плюс, очко, п. 1.12.2): %d. %s.", r+1, bye, sh.Players[bye-1].Name)
						if !slices.ContainsFunc(after, func(m mailed) bool {
							return m.to == "judge@club.example" && m.subject == sh.Code+": тур "+fmt.Sprint(r+1) && strings.Contains(m.body, want)
						}) {
							t.Errorf("round %d: the judge's letter does not say %q", r+1, want)
						}
					}
					for _, b := range next[r].Boards {
						for _, n := range b {
							subject := sh.Code + ": тур " + fmt.Sprint(r+1)
							if !slices.ContainsFunc(after, func(m mailed) bool { return m.to == fmt.Sprintf("p%d@mail.example", n) && m.subject == subject }) {
								t.Errorf("round %d: player %d got no letter %q", r+1, n, subject)
							}
						}
					}
				} else if len(swissRounds(t, sim)) != c.rounds {
					t.Errorf("after the last round: %d rounds paired", len(swissRounds(t, sim)))
				} else {
					// The last round ended: every player, the judge and the director get the final
					// standings, once, each player with his place.
					subject := sh.Code + ": итоги турнира"
					for _, to := range append(playerAddresses(c.players), "judge@club.example", "td@club.example") {
						var got []mailed
						for _, m := range after {
							if m.to == to && m.subject == subject {
								got = append(got, m)
							}
						}
						if len(got) != 1 || !strings.Contains(got[0].body, "Итоговая таблица:") {
							t.Errorf("%s got %d letters %q after the last round: %v", to, len(got), subject, got)
						} else if to == "p1@mail.example" && !strings.Contains(got[0].body, "Ваше место — ") {
							t.Errorf("the final standings to player 1 name no place:\n%s", got[0].body)
						}
					}
				}
			}
			checkSwissAgainstTRF(t, sim, c.rounds)
			checkBuchholz(t, sim, results, left)
		})
	}
}

// playerAddresses are the addresses of players 1 to n of the test sheets.
func playerAddresses(n int) []string {
	var out []string
	for k := 1; k <= n; k++ {
		out = append(out, fmt.Sprintf("p%d@mail.example", k))
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkSwissAgainstTRF exports the tournament as a TRF and pairs every round of it again by the
// Dutch system, as an arbiter does with postald pair -dutch -check.
func checkSwissAgainstTRF(t *testing.T, sim *Simulation, rounds int) {
	t.Helper()
	rep, err := sim.office.Run(reading.ExportRequest{TRF: true})
	if err != nil {
		t.Fatal(err)
	}
	exp, _, err := As[*reading.ExportReply](rep)
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(exp.TRF)
	if err != nil {
		t.Fatalf("the exported TRF: %v\n%s", err, exp.TRF)
	}
	checks, err := swiss.Check(f)
	if err != nil {
		t.Fatalf("the exported TRF: %v\n%s", err, exp.TRF)
	}
	if len(checks) != rounds {
		t.Errorf("the TRF has %d rounds, want %d", len(checks), rounds)
	}
	for _, c := range checks {
		if !c.Agrees() {
			t.Errorf("round %d: postald paired %+v, the Dutch system pairs %+v (err %v)\n%s", c.Round, c.File, c.Paired, c.Err, exp.TRF)
		}
	}
}

// checkBuchholz counts every player's points and Buchholz by hand (seed 003, 1.13.6: the points of
// all his opponents; 1.13.11: a bye counts the fewest points anyone scored) and compares them with
// the report's standings; with a player who withdrew, it checks his points only.
func checkBuchholz(t *testing.T, sim *Simulation, results map[string]tournament.Result, left int) {
	t.Helper()
	sh := sim.Sheet()
	rounds := swissRounds(t, sim)
	points := map[int]float64{}
	opponents := map[int][]int{} // 0 for the bye
	for _, r := range rounds {
		for _, b := range r.Boards {
			sw, sb := results[tournament.GameName(b[0], b[1])].Scores()
			points[b[0]] += tournament.ScoringHalf.Points(sw)
			points[b[1]] += tournament.ScoringHalf.Points(sb)
			opponents[b[0]] = append(opponents[b[0]], b[1])
			opponents[b[1]] = append(opponents[b[1]], b[0])
		}
		if r.Bye != 0 {
			points[r.Bye]++
			opponents[r.Bye] = append(opponents[r.Bye], 0)
		}
	}
	fewest := points[1]
	for _, p := range sh.Players {
		fewest = min(fewest, points[p.Number])
	}
	var withdrawn []int
	if left != 0 {
		withdrawn = []int{left}
	}
	st, err := sh.ComputeSwiss(rounds, results, withdrawn)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st.Standings {
		if s.Points != points[s.Number] {
			t.Errorf("player %d: %v points, by hand %v", s.Number, s.Points, points[s.Number])
		}
		if left != 0 && slices.Contains(opponents[s.Number], left) {
			continue // his Buchholz counts what 1.13.11 adds for the player who left
		}
		var want float64
		for _, op := range opponents[s.Number] {
			if op == 0 {
				want += fewest
			} else {
				want += points[op]
			}
		}
		if got := s.Tiebreaks[tournament.Buchholz]; got != want {
			t.Errorf("player %d: Buchholz %v, by hand %v (opponents %v)", s.Number, got, want, opponents[s.Number])
		}
	}
}

// reserveSheet is a team round robin of three teams of three boards; team 1 has the reserve 10.
func reserveSheet(order string) string {
	s := teamSheet("team-round-robin", 3, 3, 1, "board_order = \""+order+"\"\n")
	s = strings.Replace(s, "boards = [1, 2, 3]\n", "boards = [1, 2, 3]\nreserves = [10]\n", 1)
	return s + "\n[[player]]\nnumber = 10\nname = \"Запасной\"\nemail = \"p10@mail.example\"\n"
}

// TestReserveEntered: the director enters a team's reserve (1.14.2). With the boards fixed the
// reserve takes the games of the player he replaces that have no move, with their colours and
// boards: each old game is annulled (it counts for no one), a new one opens, the reserve gets a
// start letter with his games, his partners and the captain a letter; the begun game stays with
// its player. With the boards moved up, in a match where nothing has begun on the player's board
// or below, the players below move up a board and the reserve plays the last. The match then
// counts the new games, and its captains' letters come when they end.
func TestReserveEntered(t *testing.T) {
	t.Run("fixed", func(t *testing.T) {
		sim, err := NewSimulation([]byte(reserveSheet("fixed")), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		defer checkKnown(t, sim)
		defer checkKnown(t, sim)
		sh := sim.Sheet()
		p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
		// Player 2's games: one against team 2's board 2 (5), one against team 3's (8).
		var begun, waiting tournament.Game
		for _, g := range sh.GamesOf(2) {
			if g.White == 5 || g.Black == 5 {
				begun = g
			} else {
				waiting = g
			}
		}
		code := sh.Code
		p.send(begun.White, begun.Name, fmt.Sprintf("Турнир %s, партия %s.\nМой ход: 1. c3-d4", code, begun.Name))
		sent := len(mailedSince(t, sim.Store(), 0))
		reply, err := sim.office.Run(ReserveRequest{Out: 2, In: 10, Reason: "болен"})
		if err != nil {
			t.Fatal(err)
		}
		rep, _, err := As[*Reserved](reply)
		if err != nil {
			t.Fatal(err)
		}
		w, b := waiting.White, waiting.Black
		if w == 2 {
			w = 10
		} else {
			b = 10
		}
		want := [][2]string{{waiting.Name, tournament.GameName(w, b)}}
		if diff := cmp.Diff(want, rep.Games); diff != "" {
			t.Fatalf("games changed (-want +got):\n%s", diff)
		}
		old, err := sim.Game(waiting.Name)
		if err != nil {
			t.Fatal(err)
		}
		if r := tournament.TableResult(&old.Game); r != tournament.Annulled {
			t.Errorf("the game the reserve took over: %s, want annulled", r)
		}
		if st, err := sim.Game(begun.Name); err != nil || st.Game.Status != referee.StatusPlaying {
			t.Errorf("the begun game %s: %v %v; it stays with its players", begun.Name, st.Game.Status, err)
		}
		letters := mailedSince(t, sim.Store(), sent)
		for _, to := range []string{"p10@mail.example", fmt.Sprintf("p%d@mail.example", waiting.White+waiting.Black-2), "captain1@club.example"} {
			if !slices.ContainsFunc(letters, func(m mailed) bool { return m.to == to && strings.Contains(m.body, want[0][1]) }) {
				t.Errorf("no letter to %s naming the new game %s", to, want[0][1])
			}
		}
		reserveLetter := letters[slices.IndexFunc(letters, func(m mailed) bool { return m.to == "p10@mail.example" })]
		if !strings.Contains(reserveLetter.body, "на 2-й доске") {
			t.Errorf("the reserve's start letter does not give his board 2:\n%s", reserveLetter.body)
		}
		// Every game of the match of the new game played out: the match counts it, and its
		// captains are told once its last game ends.
		newGame, ok := sh.MatchIn(want[0][1], []tournament.Substitution{{Team: 1, Out: 2, In: 10, Games: want}})
		if !ok {
			t.Fatalf("the new game %s is in no match", want[0][1])
		}
		results := map[string]tournament.Result{}
		for _, name := range newGame.Games {
			wn, bn, _ := tournament.ParseGameName(name)
			g := tournament.Game{Name: name, White: wn, Black: bn}
			p.play(g, tournament.WhiteWins)
			results[name] = tournament.WhiteWins
		}
		var in report.Input
		if err := sim.Store().View(func(tx *store.Tx) error {
			in, err = reading.ReportInput(tx, sh, sim.Zone(), p.at, nil, nil, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		text, err := report.Text(in)
		if err != nil {
			t.Fatal(err)
		}
		// Every game won by White: each team scores its Whites (the reserve plays for team 1).
		teamOf := func(n int) int {
			if n == 10 {
				return 1
			}
			return (n-1)/3 + 1
		}
		var hs, as int
		for _, name := range newGame.Games {
			wn, _, _ := tournament.ParseGameName(name)
			if teamOf(wn) == newGame.Home {
				hs++
			} else {
				as++
			}
		}
		row := fmt.Sprintf("Клуб %d Клуб %d %d:%d 3/3", newGame.Home, newGame.Away, hs, as)
		if !slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return strings.Contains(strings.Join(strings.Fields(l), " "), row) }) {
			t.Errorf("the report's matches have no line %q:\n%s", row, text)
		}
		if !slices.ContainsFunc(mailedSince(t, sim.Store(), 0), func(m mailed) bool {
			return m.to == "captain1@club.example" && strings.Contains(m.body, "закончен со счётом") && strings.Contains(m.body, want[0][1])
		}) {
			t.Error("captain 1 has no letter on the match with the reserve's game")
		}
	})
	t.Run("moved up", func(t *testing.T) {
		sim, err := NewSimulation([]byte(reserveSheet("moved-up")), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		defer checkKnown(t, sim)
		defer checkKnown(t, sim)
		if _, err := sim.Finish(time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		reply, err := sim.office.Run(ReserveRequest{Out: 1, In: 10, Reason: "уехал"})
		if err != nil {
			t.Fatal(err)
		}
		rep, _, err := As[*Reserved](reply)
		if err != nil {
			t.Fatal(err)
		}
		// Team 1 (1, 2, 3) plays team 2 (4, 5, 6) and team 3 (7, 8, 9): in both matches 2 moves
		// to board 1, 3 to board 2, 10 plays board 3; the colours stay the boards' (1.14.3).
		got := map[string]bool{}
		for _, g := range rep.Games {
			got[g[1]] = true
		}
		for _, m := range sim.Sheet().Matches() {
			if m.Home != 1 && m.Away != 1 {
				continue
			}
			op := m.Away
			if op == 1 {
				op = m.Home
			}
			for board, us := range map[int]int{1: 2, 2: 3, 3: 10} {
				them := (op-1)*3 + board
				homeWhite := board%2 == 1
				w, b := us, them
				if (m.Home == 1) != homeWhite {
					w, b = them, us
				}
				if name := tournament.GameName(w, b); !got[name] {
					t.Errorf("match %d: no game %s (board %d: %d against %d)", m.Number, name, board, us, them)
				}
			}
		}
		if len(rep.Games) != 6 {
			t.Errorf("%d games changed players, want 6 (three boards in two matches): %v", len(rep.Games), rep.Games)
		}
		if _, err := sim.office.Run(ReserveRequest{Out: 5, In: 10, Reason: "?"}); err == nil {
			t.Error("a reserve of team 1 entered for a player of team 2")
		}
	})
}

// TestCaptainsProtest: a team's captain who does not play protests about a game of his team
// (1.14.7): the judge and the director get the protest, the captain the answer that it went,
// and the letter is kept in the game's archive; the game does not change. A captain's letter
// about another team's game, or without a protest, is a stranger's: held for the judge.
func TestCaptainsProtest(t *testing.T) {
	sim, err := NewSimulation([]byte(teamSheet("team-round-robin", 2, 2, 1, "")), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	sh := sim.Sheet()
	at := time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC)
	captain := func(n int, game, body string) Step {
		t.Helper()
		at = at.Add(time.Hour)
		raw := fmt.Sprintf("From: captain%d@club.example\r\nTo: moves@club.example\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <cap-%d@club.example>\r\n"+
			"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n", n, mime.QEncoding.Encode("utf-8", sh.Code+" партия "+game), at.Format(time.RFC1123Z), at.Unix(), body)
		step, err := sim.Letter([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return step
	}
	game := sh.Games()[0].Name // board 1 of the match, team 1 against team 2
	sent := len(mailedSince(t, sim.Store(), 0))
	step := captain(1, game, "Протест: партнёр нашего игрока прислал ход после срока.")
	if step.Letter.Held != "" || step.Letter.Verdict != "notice" || step.Letter.Game.Game != game {
		t.Fatalf("the captain's protest: %+v", step.Letter)
	}
	letters := mailedSince(t, sim.Store(), sent)
	for _, to := range []string{"judge@club.example", "td@club.example"} {
		if !slices.ContainsFunc(letters, func(m mailed) bool {
			return m.to == to && strings.Contains(m.body, "Протест капитана команды «Клуб 1» (captain1@club.example) по партии "+game) &&
				strings.Contains(m.body, "прислал ход после срока")
		}) {
			t.Errorf("%s has no letter with the captain's protest: %+v", to, letters)
		}
	}
	if !slices.ContainsFunc(letters, func(m mailed) bool {
		return m.to == "captain1@club.example" && strings.Contains(m.body, "передан судье")
	}) {
		t.Errorf("the captain was not answered: %+v", letters)
	}
	st, err := sim.Game(game)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Game.Plies) != 0 || st.Game.Status != referee.StatusPlaying {
		t.Errorf("the game changed: %+v", st.Game)
	}
	if err := sim.Store().View(func(tx *store.Tx) error {
		n := 0
		err := tx.ArchiveEntries(store.GameID{Tournament: sh.Code, Game: game}, 1, func(e store.ArchiveEntry) error {
			if e.Direction == store.In && e.Verdict == "notice" && e.Clause == "1.14.7,4.1.12" {
				n++
			}
			return nil
		})
		if n != 1 {
			t.Errorf("%d protests in the game's archive, want 1", n)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// The captain of team 2 about a game of team 2 (the same match): his team's too.
	if step := captain(2, game, "Протест по партии."); step.Letter.Held != "" {
		t.Errorf("the other captain's protest about his team's game was held: %s", step.Letter.Held)
	}
	// Without a protest the captain is no player: held.
	if step := captain(1, game, "Как дела?"); step.Letter.Held == "" {
		t.Errorf("a captain's letter without a protest was decided: %+v", step.Letter)
	}
}

// checkKnown: what the office kept counting as it went (Known: the games a Swiss round or a
// reserve opened among them) is what the store holds, counted afresh.
func checkKnown(t *testing.T, sim *Simulation) {
	t.Helper()
	k := sim.office.opt.Known
	// As the daemon does after every job: a change made by a transaction of its own (the
	// registration) is counted then.
	if err := sim.office.Sync(); err != nil {
		t.Fatal(err)
	}
	fresh, err := reading.NewKnown(sim.db, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := k.Games(), fresh.Games(); got != want {
		t.Errorf("the games kept %+v, the store holds %+v", got, want)
	}
	code := sim.Sheet().Code
	_, got, _ := k.Tournament(code)
	_, want, _ := fresh.Tournament(code)
	if got != want {
		t.Errorf("tournament %s: the games kept %+v, the store holds %+v", code, got, want)
	}
	gd, gc := k.Outbox()
	wd, wc := fresh.Outbox()
	if gd != wd || gc != wc {
		t.Errorf("the outbox kept %d letters and %d cards, the store holds %d and %d", gd, gc, wd, wc)
	}
}

// TestRoundRobinEnds: a round robin ends when its last game ends (seed 003, 1.2). The letter that
// ends it sends every player his place and points with the final crosstable, and the judge and
// the director the crosstable, each once; nothing of the kind goes before. A player who
// withdrew having played fewer than half his games is struck out (1.10.2): his letter says he
// takes no place, and his games count for no one's points.
func TestRoundRobinEnds(t *testing.T) {
	sheet := strings.Replace(knockoutSheet(5, ""), "system = \"knockout\"\n", "", 1)
	sim, err := NewSimulation([]byte(sheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	sh := sim.Sheet()
	p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	if _, err := sim.Finish(p.at); err != nil {
		t.Fatal(err)
	}
	final := func(to string) []mailed {
		var out []mailed
		for _, m := range mailedSince(t, sim.Store(), 0) {
			if m.to == to && m.subject == sh.Code+": итоги турнира" {
				out = append(out, m)
			}
		}
		return out
	}
	games := sh.Games()
	i5 := slices.IndexFunc(games, func(g tournament.Game) bool { return g.White == 5 || g.Black == 5 })
	p.play(games[i5], tournament.WhiteWins)
	if _, err := sim.office.Run(WithdrawRequest{Player: 5, Reason: "по болезни"}); err != nil {
		t.Fatal(err)
	}
	points := map[int]float64{}
	var left []tournament.Game
	for _, g := range games {
		if g.White != 5 && g.Black != 5 {
			left = append(left, g)
		}
	}
	for k, g := range left {
		if got := final("judge@club.example"); len(got) != 0 {
			t.Fatalf("the final standings went with %d of %d games played", k, len(left))
		}
		r := outcome(g.Name, 11)
		p.play(g, r)
		switch r {
		case tournament.WhiteWins:
			points[g.White]++
		case tournament.BlackWins:
			points[g.Black]++
		default:
			points[g.White] += 0.5
			points[g.Black] += 0.5
		}
	}
	best := 0
	for n := 1; n <= 4; n++ {
		if best == 0 || points[n] > points[best] {
			best = n
		}
	}
	for _, to := range []string{"judge@club.example", "td@club.example"} {
		if got := final(to); len(got) != 1 || !strings.Contains(got[0].body, "все партии сыграны, турнир окончен") || !strings.Contains(got[0].body, "Игрок 4") {
			t.Errorf("%s: %d letters of the final standings, want one with the crosstable: %+v", to, len(got), got)
		}
	}
	for n := 1; n <= 4; n++ {
		got := final(fmt.Sprintf("p%d@mail.example", n))
		want := fmt.Sprintf(", очков: %s.", tournament.FormatPoints(points[n]))
		if len(got) != 1 || !strings.Contains(got[0].body, "Ваше место — ") || !strings.Contains(got[0].body, want) {
			t.Errorf("player %d: %d letters of the final standings, want one saying %q: %+v", n, len(got), want, got)
			continue
		}
		unique := true
		for m := 1; m <= 4; m++ {
			unique = unique && (m == n || points[m] != points[n])
		}
		if n == best && unique && !strings.Contains(got[0].body, "Ваше место — 1, ") {
			t.Errorf("player %d has the most points, %v, and is not told he is first:\n%s", n, points[n], got[0].body)
		}
	}
	if got := final("p5@mail.example"); len(got) != 1 || !strings.Contains(got[0].body, "аннулированы (п. 1.10.2)") {
		t.Errorf("the player struck out: %+v, want one letter saying he takes no place", got)
	}
}
