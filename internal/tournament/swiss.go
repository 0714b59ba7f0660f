package tournament

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/swiss"
)

// PairedRound is one round of a Swiss as it was paired: its games in board order and the
// pairing-allocated bye. The office records it when it pairs the round; everything else about
// the round follows from it and the results of its games.
type PairedRound struct {
	Round  int      `json:"round"`
	Boards [][2]int `json:"boards"`           // White's and Black's numbers, board 1 first
	Bye    int      `json:"bye,omitempty"`    // the player of the pairing-allocated bye; 0 for none
	Absent []int    `json:"absent,omitempty"` // the players not paired: those who withdrew (1.10.5)
	// Ends is the round's own end date when the regulation sets one (round_days): 4.3.2 applies
	// to its games then; zero when the round is played until its games are finished.
	Ends daysclock.Date `json:"ends,omitzero"`
}

// SwissGames returns the games of the rounds of a Swiss paired so far, round by round, board
// by board.
func (s *Sheet) SwissGames(rounds []PairedRound) []Game {
	var out []Game
	for _, r := range rounds {
		for _, b := range r.Boards {
			out = append(out, Game{Name: GameName(b[0], b[1]), White: b[0], Black: b[1], Round: r.Round})
		}
	}
	return out
}

// swissPoints are a player's points in tenths, as package swiss counts them.
func swissPoints(sc Scoring, score Score) int { return int(sc.Points(score)*10 + 0.5) }

// RoundFinished reports whether every game of round r is finished (results as Sheet.Results
// takes them), and names the first that is not.
func RoundFinished(r PairedRound, results map[string]Result) (bool, string) {
	for _, b := range r.Boards {
		if name := GameName(b[0], b[1]); !results[name].Finished() {
			return false, name
		}
	}
	return true, ""
}

// PairSwiss pairs the next round of a Swiss (seed 003, 1.2) by the FIDE Dutch system
// (internal/swiss, C.04.3), from the rounds paired so far and the results of their games, every
// one of which must be finished: by correspondence a round starts when the last game of the
// round before is finished or adjudicated. The players who withdrew are not paired again; the
// games they played stand (1.10.5).
//
// The pairing numbers are the players' numbers of the sheet, in the order the director ranked
// them (C.04.2: by rating, then title); White is the initial colour of the first board, as
// the swiss package takes it when no lot decides it. A forfeited game (+/−, 1.12.2) and an
// annulled one are no game played: they count for no colour and the two may meet again (the
// swiss package's decision, C1 speaking of games played).
func (s *Sheet) PairSwiss(rounds []PairedRound, results map[string]Result, withdrawn []int) (PairedRound, error) {
	if s.System != Swiss {
		return PairedRound{}, fmt.Errorf("tournament %s is no Swiss", s.Code)
	}
	next := len(rounds) + 1
	if next > s.Rounds {
		return PairedRound{}, fmt.Errorf("tournament %s: all %d rounds are paired", s.Code, s.Rounds)
	}
	for i, r := range rounds {
		if r.Round != i+1 {
			return PairedRound{}, fmt.Errorf("tournament %s: round %d recorded as round %d", s.Code, i+1, r.Round)
		}
		if ok, game := RoundFinished(r, results); !ok {
			return PairedRound{}, fmt.Errorf("tournament %s: round %d: game %s is not finished", s.Code, r.Round, game)
		}
	}
	t, err := s.swissTournament(rounds, results, withdrawn)
	if err != nil {
		return PairedRound{}, err
	}
	p, err := swiss.Pair(t)
	if err != nil {
		return PairedRound{}, fmt.Errorf("tournament %s, round %d: %w", s.Code, next, err)
	}
	pr := PairedRound{Round: next, Bye: p.Bye}
	for _, b := range p.Boards {
		pr.Boards = append(pr.Boards, [2]int{b.White, b.Black})
	}
	for _, n := range withdrawn {
		if !slices.Contains(pr.Absent, n) {
			pr.Absent = append(pr.Absent, n)
		}
	}
	slices.Sort(pr.Absent)
	return pr, nil
}

// swissTournament is the Swiss as package swiss reads it: every player's rounds so far.
func (s *Sheet) swissTournament(rounds []PairedRound, results map[string]Result, withdrawn []int) (*swiss.Tournament, error) {
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	t := &swiss.Tournament{Rounds: s.Rounds, Initial: swiss.White, Win: swissPoints(sc, Win), Loss: 0}
	for _, p := range s.Players {
		t.Players = append(t.Players, swiss.Player{Number: p.Number, Absent: slices.Contains(withdrawn, p.Number)})
	}
	for _, r := range rounds {
		seen := map[int]bool{}
		for _, b := range r.Boards {
			res := results[GameName(b[0], b[1])]
			sw, sb := res.Scores()
			played := res.Played()
			for k, n := range b {
				if n < 1 || n > len(t.Players) || seen[n] {
					return nil, fmt.Errorf("tournament %s, round %d: player %d paired twice or unknown", s.Code, r.Round, n)
				}
				seen[n] = true
				score, colour, op := sw, swiss.White, b[1]
				if k == 1 {
					score, colour, op = sb, swiss.Black, b[0]
				}
				t.Players[n-1].Rounds = append(t.Players[n-1].Rounds, swiss.Round{Opponent: op, Colour: colour, Played: played,
					Points: swissPoints(sc, score), Forfeit: score == ForfeitWin})
			}
		}
		for i := range t.Players {
			p := &t.Players[i]
			switch {
			case seen[p.Number]:
			case p.Number == r.Bye:
				// 1.13.11: the player without a partner for an odd number scores a plus.
				p.Rounds = append(p.Rounds, swiss.Round{PAB: true, Points: swissPoints(sc, ForfeitWin)})
			default:
				p.Rounds = append(p.Rounds, swiss.Round{}) // absent: no game, no points
			}
		}
	}
	return t, nil
}

// SwissResults assembles the standings input of a Swiss postald runs: the finished games of
// its rounds, the byes and what seed 003, 1.13.11 counts for the coefficients.
func (s *Sheet) SwissResults(rounds []PairedRound, results map[string]Result, withdrawn []int) (*Results, error) {
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	t := &Results{Scoring: sc, Tiebreaks: s.Regulation.Tiebreaks, Rounds: 1,
		Swiss: &SwissScore{Byes: map[int]int{}, Later: map[int]float64{}}}
	out := map[int]bool{}
	for _, n := range withdrawn {
		out[n] = true
	}
	for _, p := range s.Players {
		t.Players = append(t.Players, Entrant{Number: p.Number, Name: p.Name, Withdrawn: out[p.Number], Rating: p.Rating})
	}
	known := map[string]bool{}
	for _, r := range rounds {
		for _, b := range r.Boards {
			name := GameName(b[0], b[1])
			known[name] = true
			if res := results[name]; res.Finished() {
				t.Games = append(t.Games, Played{White: b[0], Black: b[1], Result: res})
			}
		}
		if r.Bye != 0 {
			t.Swiss.Byes[r.Bye]++
		}
	}
	for name := range results {
		if !known[name] {
			return nil, fmt.Errorf("result of game %s, which no round of tournament %s pairs", name, s.Code)
		}
	}
	after := swissProgress(s, sc, rounds, results)
	for n := range out {
		t.Swiss.Later[n] = laterPoints(n, rounds, after)
	}
	return t, nil
}

// swissProgress returns every player's points after each round: after[n][k] after round k+1.
func swissProgress(s *Sheet, sc Scoring, rounds []PairedRound, results map[string]Result) map[int][]float64 {
	after := map[int][]float64{}
	for _, r := range rounds {
		got := map[int]float64{}
		for _, b := range r.Boards {
			sw, sb := results[GameName(b[0], b[1])].Scores()
			got[b[0]] += sc.Points(sw)
			got[b[1]] += sc.Points(sb)
		}
		if r.Bye != 0 {
			got[r.Bye] += sc.Points(ForfeitWin)
		}
		for _, p := range s.Players {
			prev := 0.0
			if k := len(after[p.Number]); k > 0 {
				prev = after[p.Number][k-1]
			}
			after[p.Number] = append(after[p.Number], prev+got[p.Number])
		}
	}
	return after
}

// laterPoints is 1.13.11 for player n who withdrew: the average of what the players who had his
// points after the last round he was paired in scored in the rounds after it (0 when nobody had).
func laterPoints(n int, rounds []PairedRound, after map[int][]float64) float64 {
	last := -1 // the index of the last round he was paired in
	for k, r := range rounds {
		for _, b := range r.Boards {
			if b[0] == n || b[1] == n {
				last = k
			}
		}
		if r.Bye == n {
			last = k
		}
	}
	if last < 0 || last == len(rounds)-1 {
		return 0
	}
	mine := after[n][last]
	var sum float64
	count := 0
	for m, pts := range after {
		if m == n || pts[last] != mine {
			continue
		}
		sum += pts[len(pts)-1] - pts[last]
		count++
	}
	if count == 0 {
		return 0
	}
	return sum / float64(count)
}

// SwissTable is the standings of a Swiss with every player's rounds.
type SwissTable struct {
	*Crosstable
	rounds  int
	cells   map[int][]swissCell // by player number, a cell per round
	withBye bool
}

// swissCell is one round of a player: his opponent and colour, and his score when the game is
// finished; a bye; or nothing (absent).
type swissCell struct {
	opponent int
	white    bool
	score    Score
	bye      bool
}

// ComputeSwiss draws up the standings of a Swiss: points with the byes, places by the
// regulation's tie-breaks (Buchholz by default, seed 000, 3.7.3; 1.13.11 for byes and
// withdrawals), and each player's rounds.
func (s *Sheet) ComputeSwiss(rounds []PairedRound, results map[string]Result, withdrawn []int) (*SwissTable, error) {
	in, err := s.SwissResults(rounds, results, withdrawn)
	if err != nil {
		return nil, err
	}
	ct, err := Compute(in)
	if err != nil {
		return nil, err
	}
	st := &SwissTable{Crosstable: ct, rounds: len(rounds), cells: map[int][]swissCell{}}
	for _, p := range s.Players {
		st.cells[p.Number] = make([]swissCell, len(rounds))
	}
	for k, r := range rounds {
		for _, b := range r.Boards {
			sw, sb := results[GameName(b[0], b[1])].Scores()
			st.cells[b[0]][k] = swissCell{opponent: b[1], white: true, score: sw}
			st.cells[b[1]][k] = swissCell{opponent: b[0], score: sb}
		}
		if r.Bye != 0 {
			st.cells[r.Bye][k] = swissCell{bye: true, score: ForfeitWin}
			st.withBye = true
		}
	}
	return st, nil
}

// Grid returns the Swiss's standings as a grid in lang: place, number, name, a column per round
// («12б1»: against 12, with White, won; «+» the bye), points and the tie-breaks; the notes name
// the byes' scoring and the players who withdrew.
func (st *SwissTable) Grid(lang string) Grid {
	h := words(lang)
	sy := &h.Systems
	g := Grid{NameColumn: 2, Points: 3 + st.rounds} // place, number, name, a round a column, the points
	g.Header = []string{h.Place, h.Number, h.Name}
	for r := 1; r <= st.rounds; r++ {
		g.Header = append(g.Header, sy.SwissRound(r))
	}
	g.Header = append(g.Header, h.Points)
	for _, tb := range st.Tiebreaks {
		g.Header = append(g.Header, tiebreakHeading(h, tb))
	}
	for _, s := range st.Standings {
		row := []string{s.Place, strconv.Itoa(s.Number), s.Name}
		for _, c := range st.cells[s.Number] {
			switch {
			case c.bye:
				row = append(row, "+")
			case c.opponent == 0:
				row = append(row, "")
			default:
				colour := sy.SwissBlack
				if c.white {
					colour = sy.SwissWhite
				}
				row = append(row, strconv.Itoa(c.opponent)+colour+c.score.Symbol())
			}
		}
		row = append(row, FormatPoints(s.Points))
		row = append(row, tiebreakCells(st.Tiebreaks, s.Tiebreaks)...)
		g.Rows = append(g.Rows, row)
	}
	decimalComma(g.Rows, g.Points, lang)
	if st.withBye {
		g.Notes = append(g.Notes, sy.ByeNote)
	}
	var left []Standing
	for _, s := range st.Standings {
		if s.Withdrawn {
			left = append(left, s)
		}
	}
	sort.Slice(left, func(i, j int) bool { return left[i].Number < left[j].Number })
	var names []string
	for _, s := range left {
		names = append(names, strconv.Itoa(s.Number)+" "+s.Name)
	}
	if len(names) > 0 {
		g.Notes = append(g.Notes, sy.SwissWithdrawn+" "+strings.Join(names, ", ")+".")
	}
	return g
}

// RoundLetters returns the letters of round r of a Swiss after the first, one to every player
// paired in it or given its bye, in number order: his game with colour and partner, his place
// and points before the round (standings, drawn up from the rounds before it).
func (s *Sheet) RoundLetters(r PairedRound, standings *SwissTable) []Letter {
	games := s.SwissGames([]PairedRound{r})
	var out []Letter
	for _, p := range s.Players {
		lang := s.LanguageOf(p.Number)
		h := words(lang)
		rl := phrase.RoundLetter{Player: p.Name, Code: s.Code, Name: s.Name, Round: r.Round, Rounds: s.Rounds,
			Bye: r.Bye == p.Number, Address: s.Address, Ends: r.Ends}
		for _, st := range standings.Standings {
			if st.Number == p.Number {
				rl.Place, rl.Points = st.Place, FormatPoints(st.Points)
			}
		}
		code := s.Code
		if HasCyrillic(code) && lang != Russian {
			code = Latin(code)
		}
		for _, g := range games {
			if g.White != p.Number && g.Black != p.Number {
				continue
			}
			white, partner := g.White == p.Number, g.Black
			if !white {
				partner = g.White
			}
			q, _ := s.Player(partner)
			rl.Games = append(rl.Games, phrase.StartGame{Name: g.Name, White: white, Partner: q.Number, PartnerName: q.Name,
				PartnerEmail: q.Email, PartnerChannel: q.Channel.String()})
			rl.SampleSubject = h.Subject(code, g.Name)
		}
		if len(rl.Games) == 0 && !rl.Bye {
			continue // not paired: he withdrew (1.10.5)
		}
		out = append(out, Letter{Number: p.Number, To: p.Email, Subject: h.Systems.RoundSubject(s.Code, r.Round), Body: h.Systems.RoundBody(rl)})
	}
	return out
}

// SwissEndLetters returns the letters of a Swiss's end, once its last round is played: to every
// player his place and points with the final standings, in his language, in number order, then
// the judge's and the director's (Number 0, no address: the office addresses it).
func (s *Sheet) SwissEndLetters(standings *SwissTable) []Letter {
	body := func(lang, reader, place, points string) string {
		return words(lang).Systems.EndedBody(phrase.SwissEnded{Player: reader, Code: s.Code, Name: s.Name, Rounds: s.Rounds,
			Place: place, Points: points, Standings: standings.Grid(lang).Text()})
	}
	var out []Letter
	for _, p := range s.Players {
		lang := s.LanguageOf(p.Number)
		place, points := "", ""
		for _, st := range standings.Standings {
			if st.Number == p.Number {
				place, points = st.Place, FormatPoints(st.Points)
			}
		}
		out = append(out, Letter{Number: p.Number, To: p.Email, Subject: words(lang).Systems.EndedSubject(s.Code), Body: body(lang, p.Name, place, points)})
	}
	return append(out, Letter{Subject: words(s.Language).Systems.EndedSubject(s.Code), Body: body(s.Language, "", "", "")})
}
