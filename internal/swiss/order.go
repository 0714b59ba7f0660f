package swiss

// The order of generation, player by player.
//
// Among the pairings of a bracket that are best by the criteria C1–C21, the rules take the
// first one article 4 generates: which moved-down players are paired (the highest first), their
// opponents by the transpositions of S2, then in the remainder the fewest exchanges, the
// smallest difference of the exchanged numbers, the highest numbers moved from S1, the lowest
// from S2, and the transposition of S2. Written into the weights (engine.whole) the last three
// take a field of a digit per player: weights of n log n bits, and a round of a thousand players
// would not be paired in an hour. pairBracket takes the same decisions one player at a time,
// each a change of one player's edges on a matcher solved again from the matching it has, as
// FIDE-endorsed engines do:
//
//   - the criteria, which moved-down players are paired, the number of exchanges and the sum
//     of the exchanged numbers stay in the weights (fields of a few bits);
//   - a moved-down player's opponent: the earliest resident, by a preference (tOrder) on his
//     edges alone, then the pair is fixed (both leave the matcher);
//   - the players exchanged from S1, the highest first: a player whose edges as the higher of
//     a pair are switched off and whose best matching weighs as much as before is exchanged
//     (his edges stay off); else they come back;
//   - the players exchanged from S2, the lowest first: the same with his edges as the lower of
//     a pair and out of the remainder;
//   - each higher player of a pair, in order, takes the earliest partner the best matchings
//     allow (tOrder), and the pair is fixed.

// pairBracket pairs the bracket br of the players still unpaired (alive, by rank), whose
// residents are residents, and returns the matching by rank: the bracket's pairs as the rules
// order them, the rest as the bracket's best matching leaves them (which players move down, and
// to whom, for the next bracket's C9).
func (e *engine) pairBracket(alive []*state, br *bracket, residents []*state) []int {
	final := fill(len(e.ps), -1)
	fix := func(a, b *state) { final[a.rank], final[b.rank] = b.rank, a.rank }

	var g *graph
	var rem []*state
	setRem := func(left []*state) {
		br.rem, br.nRem, br.remPairs = fill(len(e.ps), -1), 0, 0
		rem = rem[:0]
		for _, s := range left {
			br.rem[s.rank] = len(rem)
			rem = append(rem, s)
		}
		br.nRem = len(rem)
	}
	remPairs := func() int {
		n := 0
		for _, s := range rem {
			if u := g.mate(g.index[s.rank]); u >= 0 && g.alive[u].rank > s.rank && br.rem[g.alive[u].rank] >= 0 {
				n++
			}
		}
		return n
	}
	// S1 are the remainder's first remPairs players (the number of pairs inside it).
	s1 := func() map[*state]bool {
		m := map[*state]bool{}
		for _, s := range rem[:br.remPairs] {
			m[s] = true
		}
		return m
	}
	// The criteria and which moved-down players are paired: a matching whose weights vary
	// little (no order of the remainder yet), fast to find, on which the first candidate is
	// tried.
	br.rem = nil
	e.newLayout(br)
	g = e.newGraph(alive, br)
	g.solve()
	// Each paired moved-down player, the highest first, with the earliest resident the
	// best matchings allow.
	mdps := make([]*state, br.nMDP)
	for _, s := range alive {
		if i := br.mdp[s.rank]; i >= 0 {
			mdps[i] = s
		}
	}
	for _, s := range mdps {
		if s == nil || g.ctxDone() {
			continue
		}
		v := g.index[s.rank]
		if u := g.mate(v); u < 0 || br.res[g.alive[u].rank] < 0 {
			continue // paired with another moved-down player, or moved down again
		}
		g.prefer(v, func(o *state) uint64 {
			if j := br.res[o.rank]; j >= 0 {
				return uint64(br.nRes - j)
			}
			return 0
		})
		g.solve()
		u := g.mate(v)
		fix(s, g.alive[u])
		g.m.remove(v)
		g.m.remove(u)
	}
	g.solve()
	// The remainder (1.3.4): the residents not paired with moved-down players.
	var left []*state
	for _, s := range residents {
		if final[s.rank] < 0 {
			left = append(left, s)
		}
	}
	setRem(left)
	br.remPairs = remPairs()
	// The first candidate generated: S1 against S2, each of S1 in order with the earliest
	// of S2 left that he may meet. When a best matching by the criteria allows it, it is
	// the one: no exchange, the smallest numbers above, the first transposition.
	if g.natural(rem, s1(), final, fix) {
		return g.finish(final)
	}
	var still []*state // the players still in the matcher
	for _, s := range alive {
		if final[s.rank] < 0 {
			still = append(still, s)
		}
	}
	e.newLayout(br)
	g = e.newGraph(still, br)
	g.solve()
	k, p := br.nRem, br.remPairs
	// top reports whether remainder player s is the higher of a pair inside the remainder.
	top := func(s *state) bool {
		u := g.mate(g.index[s.rank])
		return u >= 0 && br.rem[g.alive[u].rank] > br.rem[s.rank]
	}
	exchanges := 0
	for _, s := range rem[:p] {
		if !top(s) {
			exchanges++
		}
	}
	if exchanges > 0 {
		best := g.m.weightOf()
		// try switches off the edges of s that keep him from being what want says, solves
		// again, and keeps them off when the best matching weighs as much as before and s is
		// what want says; else they come back.
		try := func(s *state, keep func(o *state) bool, want func() bool) bool {
			v := g.index[s.rank]
			dropped := g.drop(v, keep)
			g.solve()
			if g.m.weightOf().cmp(best) == 0 && want() {
				return true
			}
			g.undrop(v, dropped)
			g.solve()
			return false
		}
		// From S1, the highest numbers (4.3, D.2 b3): s the lower of his pair, or out of the
		// remainder.
		left := exchanges
		for i := p - 1; i >= 0 && left > 0 && !g.ctxDone(); i-- {
			s := rem[i]
			notTop := func(o *state) bool { return br.rem[o.rank] < br.rem[s.rank] || br.rem[o.rank] < 0 }
			if try(s, notTop, func() bool { return !top(s) }) {
				left--
			}
		}
		// From S2, the lowest numbers (4.3, D.2 b4): s the higher of a pair in the remainder.
		left = exchanges
		for i := p; i < k && left > 0 && !g.ctxDone(); i++ {
			s := rem[i]
			asTop := func(o *state) bool { return br.rem[o.rank] > br.rem[s.rank] }
			if try(s, asTop, func() bool { return top(s) }) {
				left--
			}
		}
	}
	// The transposition (4.2, D.1): each higher player of a pair, in order, with the earliest
	// partner. The higher players are known by now (the exchanges are fixed). The first
	// transposition generated, each higher player with the earliest lower one left, is tried at
	// once: when the best matching allows it, it is the answer; else each higher player in turn
	// (one already given the earliest lower player left is fixed without a solve).
	tops := map[*state]bool{}
	for _, s := range rem {
		tops[s] = top(s)
	}
	if exchanges > 0 {
		// (With no exchange the higher players are S1 again, whose first transposition the
		// criteria refused above.)
		g.natural(rem, tops, final, fix)
	}
	for i, s := range rem {
		if g.ctxDone() {
			break
		}
		if !tops[s] || final[s.rank] >= 0 {
			continue
		}
		v := g.index[s.rank]
		if o := g.earliest(rem, i, tops, final, nil); o == nil || g.mate(v) != g.index[o.rank] {
			g.prefer(v, func(o *state) uint64 {
				if j := br.rem[o.rank]; j > br.rem[s.rank] {
					return uint64(k - j)
				}
				return 0
			})
			g.solve()
		}
		u := g.mate(v)
		fix(s, g.alive[u])
		g.m.remove(v)
		g.m.remove(u)
		g.solve()
	}
	return g.finish(final)
}

// finish returns final with the rest of the best matching: the bracket's other pairs (two
// moved-down players) and where its unpaired players go.
func (g *graph) finish(final []int) []int {
	g.solve()
	for v, s := range g.alive {
		if final[s.rank] >= 0 || g.m.dead[v] {
			continue
		}
		if u := g.mate(v); u >= 0 {
			final[s.rank] = g.alive[u].rank
		}
	}
	return final
}

// earliest returns the earliest player after rem[i] that is no higher player of a pair (tops),
// not paired yet (final), not used, and whom rem[i] may meet.
func (g *graph) earliest(rem []*state, i int, tops map[*state]bool, final []int, used map[*state]bool) *state {
	v := g.index[rem[i].rank]
	for _, o := range rem[i+1:] {
		if !tops[o] && !used[o] && final[o.rank] < 0 && g.edge(v, g.index[o.rank]) {
			return o
		}
	}
	return nil
}

// natural tries the first transposition generated for the higher players tops of rem: each
// in order with the earliest lower player left. When the best matching with these pairs put in
// (its other pairs kept) weighs as much as the best matching, it is a best matching and the
// first generated: its pairs are fixed (fix, and out of the matcher) and natural reports true.
// It asks no solve of the matcher to say no.
func (g *graph) natural(rem []*state, tops map[*state]bool, final []int, fix func(a, b *state)) bool {
	used := map[*state]bool{}
	var pairs [][2]int // vertices
	in := map[int]bool{}
	for i, s := range rem {
		if !tops[s] || final[s.rank] >= 0 {
			continue
		}
		o := g.earliest(rem, i, tops, final, used)
		if o == nil {
			return false
		}
		used[o] = true
		v, u := g.index[s.rank], g.index[o.rank]
		pairs = append(pairs, [2]int{v, u})
		in[v], in[u] = true, true
	}
	if len(pairs) == 0 || g.ctxDone() {
		return false
	}
	sum := g.m.newNum()
	for _, pr := range pairs {
		k := g.edgeIndex(pr[0], pr[1])
		if k < 0 {
			return false
		}
		sum.add(sum, g.m.w2[k])
	}
	for v, u := range g.mates {
		if u > v && !g.m.dead[v] && !in[v] && !in[u] {
			sum.add(sum, g.m.w2[g.m.mate[v]>>1])
		}
	}
	if sum.cmp(g.m.weightOf()) != 0 {
		return false
	}
	for _, pr := range pairs {
		fix(g.alive[pr[0]], g.alive[pr[1]])
		g.m.remove(pr[0])
		g.m.remove(pr[1])
	}
	g.solve()
	return true
}

// edgeIndex returns the edge of v and u that is on, or -1.
func (g *graph) edgeIndex(v, u int) int {
	for _, p := range g.m.adj[v] {
		if g.m.endpoint(p) == u {
			if g.m.off[p>>1] {
				return -1
			}
			return p >> 1
		}
	}
	return -1
}

// graph is a matcher over the players still unpaired, with the edges' weights by the current
// layout and the edges switched off for good.
type graph struct {
	e       *engine
	br      *bracket
	m       *matcher
	alive   []*state
	index   map[int]int // rank → vertex
	dropped []bool      // by edge
	mates   []int       // the last solution
}

// newGraph builds the matcher of the players alive with the weights of br's layout.
func (e *engine) newGraph(alive []*state, br *bracket) *graph {
	words := br.l.words
	m := newMatcher(len(alive), words)
	m.ctx = e.ctx
	need := words * len(alive) * (len(alive) - 1) / 2
	if cap(e.arena) < need {
		e.arena = make([]uint64, need)
	}
	arena := e.arena[:need]
	clear(arena)
	for i := 0; i < len(alive); i++ {
		for j := i + 1; j < len(alive); j++ {
			w := num(arena[:words:words])
			if e.weight(alive[i], alive[j], br, w) {
				m.addEdge(i, j, w)
				arena = arena[words:]
			}
		}
	}
	g := &graph{e: e, br: br, m: m, alive: alive, index: make(map[int]int, len(alive)), dropped: make([]bool, len(m.ei))}
	for i, s := range alive {
		g.index[s.rank] = i
	}
	return g
}

func (g *graph) solve()         { g.mates = g.m.solve() }
func (g *graph) mate(v int) int { return g.mates[v] }
func (g *graph) ctxDone() bool  { return g.m.ctx != nil && g.m.ctx.Err() != nil }
func (g *graph) other(v, k int) int {
	if g.m.ei[k] == v {
		return g.m.ej[k]
	}
	return g.m.ei[k]
}

// weightOf is the weight of edge k by the layout, with bonus in tOrder: the pair's weight for
// the higher-ranked player first, as weight takes it.
func (g *graph) weightOf(k int, bonus uint64) num {
	a, b := g.alive[g.m.ei[k]], g.alive[g.m.ej[k]]
	if a.rank > b.rank {
		a, b = b, a
	}
	w := make(num, g.m.words)
	g.e.weight(a, b, g.br, w)
	g.br.l.add(w, tOrder, 0, bonus)
	return w
}

// prefer gives v's edges the preference bonus(partner) in tOrder (the rest of the weights as
// they are): among the best matchings, the next solve takes one that pairs v with the partner
// of the largest bonus.
func (g *graph) prefer(v int, bonus func(o *state) uint64) {
	g.m.setWeights(v, func(k int) num {
		if g.dropped[k] {
			return nil
		}
		return g.weightOf(k, bonus(g.alive[g.other(v, k)]))
	})
}

// drop switches off v's edges to the partners keep does not keep, and returns those it
// switched off (undrop switches them on again).
func (g *graph) drop(v int, keep func(o *state) bool) map[int]bool {
	now := map[int]bool{}
	g.m.switchOff(v, func(k int) bool {
		if !g.dropped[k] && !keep(g.alive[g.other(v, k)]) {
			g.dropped[k], now[k] = true, true
		}
		return g.dropped[k]
	})
	return now
}

// edge reports whether v and u may be matched: an edge of the graph, not switched off.
func (g *graph) edge(v, u int) bool {
	for _, p := range g.m.adj[v] {
		if g.m.endpoint(p) == u {
			return !g.m.off[p>>1]
		}
	}
	return false
}

// undrop switches v's edges in ks on again; the edges dropped before stay off.
func (g *graph) undrop(v int, ks map[int]bool) {
	g.m.setWeights(v, func(k int) num {
		if ks[k] {
			g.dropped[k] = false
		}
		if g.dropped[k] {
			return nil
		}
		return g.weightOf(k, 0)
	})
}
