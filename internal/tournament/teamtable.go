package tournament

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// TeamResults is what the standings of a team event are computed from: the teams, their
// matches and the results of the matches' games. Sheet.TeamResults assembles it for a
// tournament postald runs, ParseResults from a results file with [[team]] tables.
type TeamResults struct {
	Scoring    Scoring
	TeamPoints string   // TeamPointsGames or TeamPointsMatches (1.14.6)
	Tiebreaks  []string // team tie-breaks, in order (1.14.6)
	Teams      []Team
	Players    []Entrant // by number: the names of the board results
	Matches    []MatchGames
	// Planned is the number of matches the event plays: a results file gives only those with
	// a game. 0 counts the matches given.
	Planned int
}

// MatchGames is one match with its games: a game without a result is Unfinished.
type MatchGames struct {
	Match
	Games []BoardGame
	// Planned is the number of games the match plays (its boards, times the micromatch; in a
	// Scheveningen match every pair of boards): a match whose games are not all given is not
	// complete. 0 counts the games given.
	Planned int
}

// BoardGame is one game of a match: its players, the boards they play on and its result.
type BoardGame struct {
	Played
	Board, Opposite int // the home team's player's board, the away team's
}

// TeamTable is the standings of a team event: the teams by place with their points and
// tie-breaks, every match's result, and every player's results on his board.
type TeamTable struct {
	Scoring    Scoring
	TeamPoints string
	Tiebreaks  []string
	Standings  []TeamStanding // by place
	Matches    []MatchResult  // in the order of the matches
	Boards     []BoardResult  // board by board, the best first
	// ExtraMatch is the team that won every match and is not first, once every match is
	// complete (1.14.6: it has the right to an extra match for first place with the first
	// team, ExtraAgainst); 0 for none.
	ExtraMatch, ExtraAgainst int
}

// TeamStanding is one team's line of the standings.
type TeamStanding struct {
	Place       string  `json:"place"` // "1", or "2-3" for a place nothing separates
	Number      int     `json:"number"`
	Name        string  `json:"name"`
	GamePoints  float64 `json:"game_points"`  // the points of its players in all finished games
	MatchPoints float64 `json:"match_points"` // 2 a match won, 1 drawn (1.14.6 note), complete matches
	Won         int     `json:"won"`
	Drawn       int     `json:"drawn"`
	Lost        int     `json:"lost"`
	// Tiebreaks holds every team tie-break of the table by name; head-to-head only for a team
	// still tied with others when it was applied.
	Tiebreaks map[string]float64 `json:"tiebreaks"`
}

// MatchResult is one match as it stands: the points of both teams in its finished games.
type MatchResult struct {
	Match
	HomePoints, AwayPoints float64
	Planned                int  // the games it plays
	Finished               int  // games with a result
	Complete               bool // every game has one: the match is decided (1.14.6)
}

// Winner returns the team that won the complete match, 0 for a draw or a match not complete.
func (m MatchResult) Winner() int {
	switch {
	case !m.Complete || m.HomePoints == m.AwayPoints:
		return 0
	case m.HomePoints > m.AwayPoints:
		return m.Home
	}
	return m.Away
}

// pointsOf returns the points team scored in the match and its opponent's.
func (m MatchResult) pointsOf(team int) (own, their float64) {
	if team == m.Home {
		return m.HomePoints, m.AwayPoints
	}
	return m.AwayPoints, m.HomePoints
}

// matchPoints returns the match points team took from the complete match: 2 won, 1 drawn, 0
// lost (1.14.6 note).
func (m MatchResult) matchPoints(team int) float64 {
	own, their := m.pointsOf(team)
	switch {
	case own > their:
		return 2
	case own == their:
		return 1
	}
	return 0
}

// BoardResult is one player's results in the team event (the individual board results).
type BoardResult struct {
	Team   int
	Board  int // his board in the main line-up; 0 for a reserve
	Number int
	Name   string
	Games  int     // his finished games
	Points float64 // their points
}

// ComputeTeams draws up the standings of a team event: the matches' results (1.14.6: the
// points of a team's players in the match's games), the teams' points — game points or match
// points, as the regulation counts places (1.14.6) — places and tie-breaks, and the board
// results.
//
// A game's points are scored by the regulation's scoring (1.12.1), a plus as a win and a minus
// as a loss (1.12.2); an annulled game scores nothing. Game points count every finished game;
// match points, match wins, head-to-head and the coefficient count complete matches only,
// since a match is won or lost once all its games are finished.
func ComputeTeams(r *TeamResults) (*TeamTable, error) {
	if len(r.Teams) < 2 {
		return nil, fmt.Errorf("team standings: %d teams", len(r.Teams))
	}
	tt := &TeamTable{Scoring: r.Scoring, TeamPoints: r.TeamPoints, Tiebreaks: slices.Clone(r.Tiebreaks)}
	idx := map[int]int{}
	for i, t := range r.Teams {
		idx[t.Number] = i
	}
	n := len(r.Teams)
	st := make([]TeamStanding, n)
	for i, t := range r.Teams {
		st[i] = TeamStanding{Number: t.Number, Name: t.Name, Tiebreaks: map[string]float64{}}
	}
	boards := map[int]*BoardResult{}
	board := func(team, boardNo, number int) *BoardResult {
		b := boards[number]
		if b == nil {
			b = &BoardResult{Team: team, Number: number}
			if t, ok := teamByNumber(r.Teams, team); ok {
				if k := slices.Index(t.Boards, number); k >= 0 {
					b.Board = k + 1
				}
			}
			for _, p := range r.Players {
				if p.Number == number {
					b.Name = p.Name
				}
			}
			boards[number] = b
		}
		return b
	}
	for _, mg := range r.Matches {
		// Seed 003, 1.14.6: «Победа … присуждается коллективу, набравшему в сумме наибольшее
		// количество очков во всех партиях данного тура»: a match is won on the points of all
		// its games, so it is decided only when every game it plays is finished — a game not
		// given, or given without a result, leaves it undecided.
		mr := MatchResult{Match: mg.Match, Planned: max(mg.Planned, len(mg.Games))}
		mr.Complete = mr.Planned > 0 && len(mg.Games) == mr.Planned
		home, okH := teamByNumber(r.Teams, mg.Home)
		_, okA := teamByNumber(r.Teams, mg.Away)
		if !okH || !okA {
			return nil, fmt.Errorf("match %d: teams %d and %d: no such team", mg.Number, mg.Home, mg.Away)
		}
		for _, g := range mg.Games {
			if !g.Result.Finished() {
				mr.Complete = false
				continue
			}
			mr.Finished++
			if g.Result == Annulled {
				continue // seed 003, 1.10.4: not played, it scores nothing
			}
			sw, sb := g.Result.Scores()
			pw, pb := r.Scoring.Points(sw), r.Scoring.Points(sb)
			homeWhite := slices.Contains(home.Boards, g.White) || slices.Contains(home.Reserves, g.White)
			hp, ap := pw, pb
			hn, an := g.White, g.Black
			if !homeWhite {
				hp, ap = pb, pw
				hn, an = g.Black, g.White
			}
			mr.HomePoints += hp
			mr.AwayPoints += ap
			bh, ba := board(mg.Home, g.Board, hn), board(mg.Away, g.Opposite, an)
			bh.Games++
			bh.Points += hp
			ba.Games++
			ba.Points += ap
		}
		tt.Matches = append(tt.Matches, mr)
		h, a := &st[idx[mg.Home]], &st[idx[mg.Away]]
		h.GamePoints += mr.HomePoints
		a.GamePoints += mr.AwayPoints
		if !mr.Complete {
			continue
		}
		h.MatchPoints += mr.matchPoints(mg.Home)
		a.MatchPoints += mr.matchPoints(mg.Away)
		switch mr.Winner() {
		case mg.Home:
			h.Won++
			a.Lost++
		case mg.Away:
			a.Won++
			h.Lost++
		default:
			h.Drawn++
			a.Drawn++
		}
	}
	c := &teamComputer{r: r, tt: tt, st: st, idx: idx}
	for i := range st {
		for _, tb := range r.Tiebreaks {
			if tb != TeamHeadToHead {
				st[i].Tiebreaks[tb] = c.value(i, tb)
			}
		}
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	place := 1
	var ordered []TeamStanding
	for _, g := range c.order(all, append([]string{"points"}, r.Tiebreaks...)) {
		p := strconv.Itoa(place)
		if len(g) > 1 {
			p += "-" + strconv.Itoa(place+len(g)-1)
		}
		for _, i := range g {
			s := st[i]
			s.Place = p
			if v, ok := c.h2h[i]; ok {
				s.Tiebreaks[TeamHeadToHead] = v
			}
			ordered = append(ordered, s)
		}
		place += len(g)
	}
	tt.Standings = ordered
	for _, b := range boards {
		tt.Boards = append(tt.Boards, *b)
	}
	sort.Slice(tt.Boards, func(i, j int) bool {
		a, b := tt.Boards[i], tt.Boards[j]
		if (a.Board == 0) != (b.Board == 0) {
			return b.Board == 0 // the reserves after the boards
		}
		if a.Board != b.Board {
			return a.Board < b.Board
		}
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.Number < b.Number
	})
	c.extraMatch()
	return tt, nil
}

func teamByNumber(teams []Team, n int) (Team, bool) {
	for _, t := range teams {
		if t.Number == n {
			return t, true
		}
	}
	return Team{}, false
}

// teamComputer orders the teams of a TeamTable; st and idx are by index in TeamResults.Teams.
type teamComputer struct {
	r   *TeamResults
	tt  *TeamTable
	st  []TeamStanding
	idx map[int]int
	h2h map[int]float64 // head-to-head values, set when applied
}

// points is what a team's place is counted by (1.14.6): its game points, or its match points.
func (c *teamComputer) points(i int) float64 {
	if c.r.TeamPoints == TeamPointsMatches {
		return c.st[i].MatchPoints
	}
	return c.st[i].GamePoints
}

// value returns team tie-break tb of team i (head-to-head aside).
func (c *teamComputer) value(i int, tb string) float64 {
	s := c.st[i]
	switch tb {
	case TeamMatchWins:
		return float64(s.Won) // 1.14.6: «большее количество выигранных матчей»
	case TeamGamePoints:
		return s.GamePoints
	case TeamMatchPoints:
		return s.MatchPoints
	case TeamCoefficient:
		// Seed 000, 3.7.3, «Система круговая командная»: «Результат каждого матча команды,
		// разделившей место, умножается на сумму очков, набранных их противниками во всех
		// матчах. Затем произведения складываются». The result of a match and the opponents'
		// points are counted as the places are (1.14.6): game points, or match points.
		var sum float64
		for _, m := range c.tt.Matches {
			op, ok := m.Opponent(s.Number)
			if !ok || !m.Complete {
				continue
			}
			res, _ := m.pointsOf(s.Number)
			if c.r.TeamPoints == TeamPointsMatches {
				res = m.matchPoints(s.Number)
			}
			sum += res * c.points(c.idx[op])
		}
		return sum
	}
	return 0
}

// headToHead returns the match points team i took in the complete matches against the other
// teams of group (1.14.6: «выигравшей личную встречу»; with more than two teams tied, their
// matches among themselves as a table of their own).
func (c *teamComputer) headToHead(i int, group []int) float64 {
	in := map[int]bool{}
	for _, j := range group {
		in[c.st[j].Number] = true
	}
	me := c.st[i].Number
	var pts float64
	for _, m := range c.tt.Matches {
		op, ok := m.Opponent(me)
		if ok && m.Complete && in[op] {
			pts += m.matchPoints(me)
		}
	}
	return pts
}

func (c *teamComputer) key(i int, crit string, group []int) float64 {
	switch crit {
	case "points":
		return c.points(i)
	case TeamHeadToHead:
		v := c.headToHead(i, group)
		if c.h2h == nil {
			c.h2h = map[int]float64{}
		}
		c.h2h[i] = v
		return v
	}
	return c.value(i, crit)
}

// order sorts group by the criteria in turn, as the individual crosstable does (computer.order):
// runs of teams nothing separates, best first, each run going on to the next criterion alone.
func (c *teamComputer) order(group []int, crits []string) [][]int {
	byNumber := func(g []int) {
		sort.Slice(g, func(a, b int) bool { return c.st[g[a]].Number < c.st[g[b]].Number })
	}
	if len(group) == 0 {
		return nil
	}
	if len(group) == 1 || len(crits) == 0 {
		byNumber(group)
		return [][]int{group}
	}
	keys := map[int]float64{}
	for _, i := range group {
		keys[i] = c.key(i, crits[0], group)
	}
	sorted := slices.Clone(group)
	sort.SliceStable(sorted, func(a, b int) bool {
		if ka, kb := keys[sorted[a]], keys[sorted[b]]; ka != kb {
			return ka > kb
		}
		return c.st[sorted[a]].Number < c.st[sorted[b]].Number
	})
	var out [][]int
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && keys[sorted[end]] == keys[sorted[start]] {
			end++
		}
		out = append(out, c.order(sorted[start:end:end], crits[1:])...)
		start = end
	}
	return out
}

// extraMatch finds, once every match is complete, a team that won all its matches and is not
// first (1.14.6: «команда, выигравшая все матчи, занимает только второе место, ей
// предоставляется право на дополнительный матч за первое место с командой, занимающей первое
// место»). The judge arranges that match; the table only says who may claim it.
func (c *teamComputer) extraMatch() {
	tt := c.tt
	if len(tt.Matches) == 0 || len(tt.Standings) < 2 {
		return
	}
	if len(tt.Matches) < c.r.Planned {
		return // a match of the draw has no game yet
	}
	for _, m := range tt.Matches {
		if !m.Complete {
			return
		}
	}
	// «занимает только второе место»: the team is second — its place is 2, alone or shared
	// with teams nothing separates from it — behind one team alone in first place. A team
	// third behind two sharing first, or sharing first itself, has no such right.
	first := tt.Standings[0]
	for _, s := range tt.Standings[1:] {
		if s.Lost == 0 && s.Drawn == 0 && s.Won > 0 && placeFrom(s.Place) == 2 {
			tt.ExtraMatch, tt.ExtraAgainst = s.Number, first.Number
			return
		}
	}
}

// placeFrom returns the first place of a place as the standings write it: 2 for "2" and "2-3";
// 0 for none.
func placeFrom(place string) int {
	head, _, _ := strings.Cut(place, "-")
	n, err := strconv.Atoi(head)
	if err != nil {
		return 0
	}
	return n
}
