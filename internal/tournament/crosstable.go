package tournament

import (
	"slices"
	"sort"
	"strconv"
)

// Crosstable is the standings of a round-robin: places, points, tie-breaks and every game.
type Crosstable struct {
	Scoring   Scoring
	Tiebreaks []string   // in the order they were applied
	Standings []Standing // by place; players struck out by seed 003, 1.10.2 come last
}

// Standing is one player's line of a crosstable.
type Standing struct {
	// Place is "1", or "2-3" for a place shared by players nothing separates; it is empty
	// for a player whose results were struck out (seed 003, 1.10.2).
	Place  string  `json:"place"`
	Number int     `json:"number"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
	Wins   int     `json:"wins"` // a plus counts as a win (seed 003, 1.12.2)
	// Tiebreaks holds the value of every tie-break of the table by name. Head-to-head is
	// present only for a player who was still tied with others when it was applied: it is
	// the points he scored against them.
	Tiebreaks map[string]float64 `json:"tiebreaks"`
	Withdrawn bool               `json:"withdrawn,omitempty"`  // left the tournament (seed 003, 1.10)
	StruckOut bool               `json:"struck_out,omitempty"` // and his results do not count (1.10.2)
	Games     []Cell             `json:"-"`                    // in the order of the input
}

// Cell is one game of a player as his crosstable line shows it.
type Cell struct {
	Opponent int
	White    bool
	Score    Score // never NoScore
	// Annulled marks a game played against a player whose results were struck out
	// (seed 003, 1.10.2): it stays in the table but counts for nobody.
	Annulled bool
	// Void marks the minus of a game not played against a player struck out (1.10.2): shown
	// as the clause marks it, and, like his played games, counted for nobody — for no
	// tie-break either («при окончательном подведении итогов не засчитываются»).
	Void bool
}

// counted reports whether the game counts for points and coefficients: a game against a player
// struck out counts for none of them (1.10.2).
func (c Cell) counted() bool { return !c.Annulled && !c.Void }

// Compute draws up the crosstable of t: points (seed 003, 1.12), withdrawals (1.10), places
// and tie-breaks (1.13; seed 000, 3.7.3).
func Compute(t *Results) (*Crosstable, error) {
	var ps problems
	t.check(&ps)
	if err := ps.err(); err != nil {
		return nil, err
	}
	c := newComputer(t)
	ct := &Crosstable{Scoring: t.Scoring, Tiebreaks: slices.Clone(t.Tiebreaks)}
	var ranked []int
	var struck []int
	for i := range t.Players {
		if c.struck[i] {
			struck = append(struck, i)
		} else {
			ranked = append(ranked, i)
		}
	}
	place := 1
	for _, g := range c.order(ranked, append([]string{"points"}, t.Tiebreaks...)) {
		p := strconv.Itoa(place)
		if len(g) > 1 {
			p += "-" + strconv.Itoa(place+len(g)-1)
		}
		for _, i := range g {
			ct.Standings = append(ct.Standings, c.standing(i, p))
		}
		place += len(g)
	}
	sort.Slice(struck, func(a, b int) bool { return t.Players[struck[a]].Number < t.Players[struck[b]].Number })
	for _, i := range struck {
		ct.Standings = append(ct.Standings, c.standing(i, ""))
	}
	return ct, nil
}

// computer holds what Compute works out about each player, by index in Results.Players.
type computer struct {
	t      *Results
	index  map[int]int // number -> index
	struck []bool
	cells  [][]Cell
	points []float64
	// opPoints are the points each player counts for as an opponent in the coefficients: his
	// points, and in a Swiss what 1.13.11 adds for a player who withdrew; byePoints is what the
	// opponent of a bye counts for (1.13.11).
	opPoints  []float64
	byePoints float64
	tbs       []map[string]float64
	headHead  []map[string]float64 // head-to-head values, set when applied
	byPlaces  []int                // the order of places ResultsByPlace reads (placesOrder)
}

func newComputer(t *Results) *computer {
	n := len(t.Players)
	c := &computer{t: t, index: map[int]int{}, struck: make([]bool, n), cells: make([][]Cell, n), points: make([]float64, n)}
	for i, p := range t.Players {
		c.index[p.Number] = i
	}
	games := c.withdrawals()
	for j, g := range games {
		w, b := c.index[g.White], c.index[g.Black]
		// A game given without a result (t.Begun, or "*" in a results file) is begun and not
		// finished; the games withdrawals adds after them were not played.
		begun := j < len(t.Games)+len(t.Begun) && g.Result == Unfinished
		sw, sb := g.Result.Scores()
		annulled, void := false, false
		switch {
		case g.Result == Annulled:
			continue // seed 003, 1.10.4: an annulled game is not played and scores nothing
		case c.struck[w] || c.struck[b]:
			// Seed 003, 1.10.2: «его результаты остаются в турнирной таблице для подсчета
			// рейтинга, но при окончательном подведении итогов не засчитываются. Несыгранные
			// партии этого игрока и его партнеров отмечаются в турнирной таблице минусом»: his
			// played games stay in the table and his unplayed ones are a minus for both, and
			// none of them counts in the final standings — for points or any tie-break alike.
			if g.Result.Played() {
				annulled = true
			} else {
				sw, sb, void = ForfeitLoss, ForfeitLoss, true
			}
		case !g.Result.Finished() && !begun && (t.Players[w].Withdrawn || t.Players[b].Withdrawn):
			// Seed 003, 1.10.3: his unplayed games are a minus for him and a plus for the
			// partner (a minus for a partner who withdrew too). A begun game is among the
			// games played and waits for the judge's adjudication (1.10.4): nothing to show yet.
			sw, sb = ForfeitWin, ForfeitWin
			if t.Players[w].Withdrawn {
				sw = ForfeitLoss
			}
			if t.Players[b].Withdrawn {
				sb = ForfeitLoss
			}
		}
		if sw == NoScore {
			continue // not finished: nothing to show yet
		}
		c.cells[w] = append(c.cells[w], Cell{Opponent: g.Black, White: true, Score: sw, Annulled: annulled, Void: void})
		c.cells[b] = append(c.cells[b], Cell{Opponent: g.White, White: false, Score: sb, Annulled: annulled, Void: void})
	}
	if t.Swiss != nil {
		// Seed 003, 1.13.11: the plus of a round without a game scores a point.
		for i, p := range t.Players {
			for k := 0; k < t.Swiss.Byes[p.Number]; k++ {
				c.cells[i] = append(c.cells[i], Cell{Score: ForfeitWin})
			}
		}
	}
	for i := range t.Players {
		if c.struck[i] {
			continue // seed 003, 1.10.2: not counted in the final standings
		}
		for _, cl := range c.cells[i] {
			if cl.counted() {
				c.points[i] += t.Scoring.Points(cl.Score)
			}
		}
	}
	c.opPoints = slices.Clone(c.points)
	if t.Swiss != nil {
		// Seed 003, 1.13.11: for the coefficients, a bye's opponent has the fewest points
		// anyone scored, and a player who withdrew what his score group scored after he left.
		c.byePoints = slices.Min(c.points)
		for i, p := range t.Players {
			c.opPoints[i] += t.Swiss.Later[p.Number]
		}
	}
	c.tbs = make([]map[string]float64, n)
	c.headHead = make([]map[string]float64, n)
	for i := range t.Players {
		c.tbs[i] = c.coefficients(i)
	}
	return c
}

// withdrawals decides, for every player who left, whether his results stand (seed 003,
// 1.10.2–1.10.3), and returns the games with every game of his the table does not list
// added as unfinished, so that it is scored as the clause says.
func (c *computer) withdrawals() []Played {
	t := c.t
	games := append(slices.Clone(t.Games), t.Begun...)
	if t.Swiss != nil {
		// Seed 003, 1.10.5: in a Swiss the games played stand, and a player who left is not
		// paired again: there is nothing to add.
		return games
	}
	given := len(games) // the games after these are the ones added below
	listed := pairCounts(games)
	for i, p := range t.Players {
		if !p.Withdrawn {
			continue
		}
		// Seed 003, 1.10.2–1.10.4, decided by Withdrawal as the judge's command decides it,
		// from every game of his: one with a result over the board or begun (t.Begun, "*" in a
		// results file: 1.10.4 «в число сыгранных партий входят и не доигранные») has moves;
		// a forfeit (1.12.2), an annulled game and a game the table does not list have none.
		plays := make([]GamePlay, (len(t.Players)-1)*t.Rounds)
		k := 0
		for _, g := range games[:given] {
			if (g.White != p.Number && g.Black != p.Number) || k == len(plays) {
				continue
			}
			plays[k] = GamePlay{Annulled: g.Result == Annulled}
			if g.Result.Played() || g.Result == Unfinished {
				plays[k].Moves = 1
			}
			k++
		}
		clause, _, _ := Withdrawal(plays)
		c.struck[i] = clause == ClauseStruckOut
		for _, q := range t.Players {
			if q.Number == p.Number {
				continue
			}
			for k := listed[pairKey(p.Number, q.Number)]; k < t.Rounds; k++ {
				w, b := p.Number, q.Number
				if k%2 == 1 {
					w, b = b, w
				}
				games = append(games, Played{White: w, Black: b, Result: Unfinished})
				listed[pairKey(p.Number, q.Number)]++
			}
		}
	}
	return games
}

// sums returns S1, S½ and S0 of player i: the final points of the opponents he beat, drew
// and lost to, one term per game (in a double round-robin each game counts).
func (c *computer) sums(i int) (s1, sHalf, s0 float64) {
	for _, cl := range c.cells[i] {
		if !cl.counted() {
			continue
		}
		op := c.opponentPoints(cl)
		switch {
		case cl.Score.won():
			s1 += op
		case cl.Score == DrawScore:
			sHalf += op
		case cl.Score.lost():
			s0 += op
		}
	}
	return s1, sHalf, s0
}

// opponents returns the final points of player i's opponent in every counted game, lowest first.
func (c *computer) opponents(i int) []float64 {
	var ops []float64
	for _, cl := range c.cells[i] {
		if cl.counted() {
			ops = append(ops, c.opponentPoints(cl))
		}
	}
	sort.Float64s(ops)
	return ops
}

// opponentPoints returns the final points of the opponent of a game as the coefficients count
// them: his points (in a Swiss with what 1.13.11 adds for a player who withdrew); for a bye, the
// fewest points anyone scored (1.13.11).
func (c *computer) opponentPoints(cl Cell) float64 {
	if cl.Opponent == 0 {
		return c.byePoints
	}
	return c.opPoints[c.index[cl.Opponent]]
}

// coefficients computes every tie-break of the table for player i, except head-to-head.
func (c *computer) coefficients(i int) map[string]float64 {
	s1, sHalf, s0 := c.sums(i)
	ops := c.opponents(i)
	buchholz := s1 + sHalf + s0
	m := map[string]float64{}
	for _, tb := range c.t.Tiebreaks {
		switch tb {
		case Shmulyan:
			m[tb] = s1 - s0 // seed 003, 1.13.4; seed 000, 3.7.3 (1)
		case Berger:
			m[tb] = s1 + sHalf - s0 // seed 000, 3.7.3 (2)
		case SonnebornBerger:
			m[tb] = 2*s1 + sHalf // seed 003, 1.13.5; seed 000, 3.7.3 (3)
		case Buchholz:
			m[tb] = buchholz // seed 003, 1.13.6; seed 000, 3.7.3 (4)
		case Solkoff:
			// Seed 003, 1.13.7: without the best and the worst result.
			if len(ops) >= 2 {
				m[tb] = buchholz - ops[0] - ops[len(ops)-1]
			} else {
				m[tb] = 0
			}
		case SolkoffTruncated:
			m[tb] = c.truncated(i)[0] // seed 003, 1.13.8: first without the worst
		case Riga:
			m[tb] = 2*s1 + 1.5*sHalf + s0 // seed 003, 1.13.9
		case Wins:
			m[tb] = float64(c.wins(i)) // seed 003, 1.13.3
		case BeatenPoints:
			// Seed 003, 1.13.3: «наибольшей сумме очков участников, над которыми одержаны
			// победы» — the final points of the opponents beaten, one term a game won: S1.
			m[tb] = s1
		case OpponentsRating:
			// Seed 003, 1.13.3: «лучшей сумме индивидуального рейтинга (ЭЛО) противников» — the
			// ratings of the opponents, one term a game counted, as the coefficients count them.
			m[tb] = c.ratings(i)
		}
	}
	return m
}

// ratings returns the sum of the ratings of player i's opponents in his counted games (a bye has
// no opponent; a player without a rating counts 0).
func (c *computer) ratings(i int) float64 {
	var sum float64
	for _, cl := range c.cells[i] {
		if cl.counted() && cl.Opponent != 0 {
			sum += float64(c.t.Players[c.index[cl.Opponent]].Rating)
		}
	}
	return sum
}

// byPlace returns what player i scored against every other player outside group, in the order
// of places (seed 003, 1.13.3: «лучшему результату во встречах с другими участниками в порядке
// занятых мест»): the points of his counted games against the first placed, then the second, and
// so on. Only the players every member of group met count, so that the keys of the group line
// up. The order of places is the table's without this criterion (placesOrder).
func (c *computer) byPlace(i int, group []int) []float64 {
	in := map[int]bool{}
	for _, j := range group {
		in[j] = true
	}
	met := func(a, b int) bool {
		for _, cl := range c.cells[a] {
			if cl.counted() && cl.Opponent == c.t.Players[b].Number {
				return true
			}
		}
		return false
	}
	var key []float64
	for _, j := range c.placesOrder() {
		if in[j] || !all(group, func(g int) bool { return met(g, j) }) {
			continue
		}
		var pts float64
		for _, cl := range c.cells[i] {
			if cl.counted() && cl.Opponent == c.t.Players[j].Number {
				pts += c.t.Scoring.Points(cl.Score)
			}
		}
		key = append(key, pts)
	}
	return key
}

func all(xs []int, f func(int) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}

// placesOrder returns the players with a place in the order the table's criteria give them
// without ResultsByPlace, the order of places that criterion reads; computed once.
func (c *computer) placesOrder() []int {
	if c.byPlaces != nil {
		return c.byPlaces
	}
	var ranked []int
	for i := range c.t.Players {
		if !c.struck[i] {
			ranked = append(ranked, i)
		}
	}
	crits := []string{"points"}
	for _, tb := range c.t.Tiebreaks {
		if tb != ResultsByPlace {
			crits = append(crits, tb)
		}
	}
	saved := c.headHead
	c.headHead = make([]map[string]float64, len(c.t.Players)) // what this order applies is not shown
	c.byPlaces = []int{}
	for _, g := range c.order(ranked, crits) {
		c.byPlaces = append(c.byPlaces, g...)
	}
	c.headHead = saved
	return c.byPlaces
}

// truncated returns the truncated Solkoff sums of player i (seed 003, 1.13.8): Buchholz
// without the worst opponent, without the two worst, and so on; always at least one value.
func (c *computer) truncated(i int) []float64 {
	ops := c.opponents(i)
	var sum float64
	for _, p := range ops {
		sum += p
	}
	out := []float64{}
	for _, p := range ops {
		sum -= p
		out = append(out, sum)
	}
	if len(out) == 0 {
		out = append(out, 0)
	}
	return out
}

func (c *computer) wins(i int) int {
	n := 0
	for _, cl := range c.cells[i] {
		if cl.counted() && cl.Score.won() {
			n++
		}
	}
	return n
}

// headToHead returns the points player i scored in the games against the others of group
// (seed 003, 1.13.3 "результату встреч между этими участниками").
func (c *computer) headToHead(i int, group []int) float64 {
	in := map[int]bool{}
	for _, j := range group {
		in[c.t.Players[j].Number] = true
	}
	var pts float64
	for _, cl := range c.cells[i] {
		if cl.counted() && in[cl.Opponent] {
			pts += c.t.Scoring.Points(cl.Score)
		}
	}
	return pts
}

// key returns what criterion crit says of player i within group: higher is better, compared
// element by element.
func (c *computer) key(i int, crit string, group []int) []float64 {
	switch crit {
	case "points":
		return []float64{c.points[i]}
	case HeadToHead:
		v := c.headToHead(i, group)
		if c.headHead[i] == nil {
			c.headHead[i] = map[string]float64{}
		}
		c.headHead[i][HeadToHead] = v
		return []float64{v}
	case SolkoffTruncated:
		// Seed 003, 1.13.8: on a tie without the two worst, then three, until separated.
		return c.truncated(i)
	case Wins:
		return []float64{float64(c.wins(i))}
	case ResultsByPlace:
		return c.byPlace(i, group)
	}
	return []float64{c.tbs[i][crit]}
}

// order sorts group by the criteria in turn and returns it as runs of players nothing
// separates, best first. A criterion splits a group into runs of equal value and each run
// goes on to the next criterion alone; head-to-head is computed once for the group it is
// applied to, and players it leaves level go on to the next criterion, it is not computed
// again among them.
func (c *computer) order(group []int, crits []string) [][]int {
	byNumber := func(g []int) {
		sort.Slice(g, func(a, b int) bool { return c.t.Players[g[a]].Number < c.t.Players[g[b]].Number })
	}
	if len(group) == 0 {
		return nil
	}
	if len(group) == 1 || len(crits) == 0 {
		byNumber(group)
		return [][]int{group}
	}
	keys := map[int][]float64{}
	for _, i := range group {
		keys[i] = c.key(i, crits[0], group)
	}
	sorted := slices.Clone(group)
	sort.SliceStable(sorted, func(a, b int) bool {
		if d := compareKeys(keys[sorted[a]], keys[sorted[b]]); d != 0 {
			return d > 0
		}
		return c.t.Players[sorted[a]].Number < c.t.Players[sorted[b]].Number
	})
	var out [][]int
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && compareKeys(keys[sorted[start]], keys[sorted[end]]) == 0 {
			end++
		}
		out = append(out, c.order(sorted[start:end:end], crits[1:])...)
		start = end
	}
	return out
}

// compareKeys compares two keys element by element; a longer key that is equal as far as the
// shorter goes is neither better nor worse.
func compareKeys(a, b []float64) int {
	for k := 0; k < len(a) && k < len(b); k++ {
		switch {
		case a[k] > b[k]:
			return 1
		case a[k] < b[k]:
			return -1
		}
	}
	return 0
}

func (c *computer) standing(i int, place string) Standing {
	p := c.t.Players[i]
	s := Standing{
		Place:     place,
		Number:    p.Number,
		Name:      p.Name,
		Points:    c.points[i],
		Wins:      c.wins(i),
		Tiebreaks: map[string]float64{},
		Withdrawn: p.Withdrawn,
		StruckOut: c.struck[i],
		Games:     slices.Clone(c.cells[i]),
	}
	if c.struck[i] {
		return s // no place, so nothing to break
	}
	for k, v := range c.tbs[i] {
		s.Tiebreaks[k] = v
	}
	if v, ok := c.headHead[i][HeadToHead]; ok {
		s.Tiebreaks[HeadToHead] = v
	}
	return s
}
