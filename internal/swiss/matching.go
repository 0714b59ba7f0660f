package swiss

import (
	"context"
	"math/bits"
	"sort"
)

// The maximum-weight matching of a general graph (Edmonds' blossom algorithm with
// dual variables, O(n³)), on weights that are unsigned integers of a fixed number of
// 64-bit words. The pairing criteria are lexicographic (C.04.3 article 2: each criterion
// matters only where every criterion before it is equal), so each criterion has a field
// of bits of its own in the weight, wide enough that no sum of one field spills into the
// next; comparing two matchings' total weights compares them criterion by criterion.
//
// The algorithm follows the classic primal-dual method: vertex duals hold twice the
// dual value u(v), blossom duals z(B); an edge is tight when u(i)+u(j)−w = 0 (its slack,
// as dual[i]+dual[j]−2w, is zero); every stage grows alternating trees of tight edges
// from the free vertices, shrinks odd cycles into blossoms, augments, or changes the
// duals by the smallest delta that keeps every slack non-negative. With integer weights
// every quantity stays integral and non-negative, so unsigned words suffice.

// num is a non-negative integer of the matcher's fixed width, little-endian words.
type num []uint64

func (a num) cmp(b num) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func (a num) isZero() bool {
	for _, w := range a {
		if w != 0 {
			return false
		}
	}
	return true
}

// add sets d = a + b.
func (d num) add(a, b num) {
	var carry uint64
	for i := range d {
		d[i], carry = bits.Add64(a[i], b[i], carry)
	}
}

// sub sets d = a − b; a ≥ b.
func (d num) sub(a, b num) {
	var borrow uint64
	for i := range d {
		d[i], borrow = bits.Sub64(a[i], b[i], borrow)
	}
}

// sub2 sets d = a − b, or zero when b > a.
func (d num) sub2(a, b num) {
	if a.cmp(b) <= 0 {
		clear(d)
		return
	}
	d.sub(a, b)
}

// half sets d = a / 2.
func (d num) half(a num) {
	for i := range d {
		v := a[i] >> 1
		if i+1 < len(a) {
			v |= a[i+1] << 63
		}
		d[i] = v
	}
}

// matcher holds one graph and computes its maximum-weight matching.
type matcher struct {
	n     int
	words int
	// edges: endpoints and weights (already doubled: w2 = 2w).
	ei, ej []int
	w2     []num
	adj    [][]int // per vertex: remote endpoints p (endpoint[p] is the neighbour, p>>1 the edge)

	mate             []int
	label            []int
	labelend         []int
	inblossom        []int
	blossomparent    []int
	blossomchilds    [][]int
	blossombase      []int
	blossomendps     [][]int
	bestedge         []int
	blossombestedges [][]int
	unusedblossoms   []int
	dual             []num
	allowedge        []bool
	queue            []int
	bestedgeto       []int // addBlossom's scratch: the best edge to each S-blossom, -1 for none

	tmp, tmp2 num

	ready bool            // start has run
	off   []bool          // by edge: switched off (setWeights)
	dead  []bool          // by vertex: removed
	ctx   context.Context // when set and done, run stops (its matching is then not maximum)
}

func newMatcher(n, words int) *matcher {
	m := &matcher{n: n, words: words, adj: make([][]int, n), tmp: make(num, words), tmp2: make(num, words)}
	edges := n * (n - 1) / 2
	m.ei, m.ej, m.w2 = make([]int, 0, edges), make([]int, 0, edges), make([]num, 0, edges)
	for i := range m.adj {
		m.adj[i] = make([]int, 0, n-1)
	}
	return m
}

func (m *matcher) newNum() num { return make(num, m.words) }

// addEdge adds the edge i–j with weight w (w > 0); the matcher keeps w, doubled in place.
func (m *matcher) addEdge(i, j int, w num) {
	k := len(m.ei)
	m.ei = append(m.ei, i)
	m.ej = append(m.ej, j)
	w.add(w, w)
	m.w2 = append(m.w2, w)
	m.adj[i] = append(m.adj[i], 2*k+1)
	m.adj[j] = append(m.adj[j], 2*k)
}

func (m *matcher) endpoint(p int) int {
	if p&1 == 0 {
		return m.ei[p>>1]
	}
	return m.ej[p>>1]
}

// slack sets d to the slack of edge k: dual[i] + dual[j] − 2w.
func (m *matcher) slack(d num, k int) {
	a, b, w := m.dual[m.ei[k]], m.dual[m.ej[k]], m.w2[k]
	var carry, borrow uint64
	for i := range d {
		var s uint64
		s, carry = bits.Add64(a[i], b[i], carry)
		d[i], borrow = bits.Sub64(s, w[i], borrow)
	}
}

func (m *matcher) leaves(b int, out []int) []int {
	if b < m.n {
		return append(out, b)
	}
	for _, t := range m.blossomchilds[b] {
		out = m.leaves(t, out)
	}
	return out
}

func (m *matcher) assignLabel(w, t, p int) {
	b := m.inblossom[w]
	m.label[w], m.label[b] = t, t
	m.labelend[w], m.labelend[b] = p, p
	m.bestedge[w], m.bestedge[b] = -1, -1
	if t == 1 {
		m.queue = m.leaves(b, m.queue)
	} else {
		base := m.blossombase[b]
		m.assignLabel(m.endpoint(m.mate[base]), 1, m.mate[base]^1)
	}
}

// scanBlossom traces back from v and w to find a new blossom's base, or -1 for an
// augmenting path.
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint(m.labelend[b])
			b = m.inblossom[v]
			v = m.endpoint(m.labelend[b])
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

func (m *matcher) addBlossom(base, k int) {
	v, w := m.ei[k], m.ej[k]
	bb := m.inblossom[base]
	bv := m.inblossom[v]
	bw := m.inblossom[w]
	b := m.unusedblossoms[len(m.unusedblossoms)-1]
	m.unusedblossoms = m.unusedblossoms[:len(m.unusedblossoms)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	path := []int{}
	endps := []int{}
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint(m.labelend[bv])
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverseInts(path)
	reverseInts(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint(m.labelend[bw])
		bw = m.inblossom[w]
	}
	m.blossomchilds[b] = path
	m.blossomendps[b] = endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	for i := range m.dual[b] {
		m.dual[b][i] = 0
	}
	for _, lv := range m.leaves(b, nil) {
		if m.label[m.inblossom[lv]] == 2 {
			m.queue = append(m.queue, lv)
		}
		m.inblossom[lv] = b
	}
	// Best edges to neighbouring S-blossoms.
	if m.bestedgeto == nil {
		m.bestedgeto = fill(2*m.n, -1)
	}
	bestedgeto := m.bestedgeto
	var touched []int
	st, st2 := m.tmp, m.newNum()
	consider := func(kk int) {
		if m.off[kk] {
			return
		}
		j := m.ej[kk]
		if m.inblossom[j] == b {
			j = m.ei[kk]
		}
		bj := m.inblossom[j]
		if bj == b || m.label[bj] != 1 {
			return
		}
		if bestedgeto[bj] == -1 {
			bestedgeto[bj] = kk
			touched = append(touched, bj)
			return
		}
		m.slack(st, kk)
		m.slack(st2, bestedgeto[bj])
		if st.cmp(st2) < 0 {
			bestedgeto[bj] = kk
		}
	}
	for _, cb := range path {
		if m.blossombestedges[cb] == nil {
			for _, lv := range m.leaves(cb, nil) {
				for _, p := range m.adj[lv] {
					consider(p >> 1)
				}
			}
		} else {
			for _, kk := range m.blossombestedges[cb] {
				consider(kk)
			}
		}
		m.blossombestedges[cb] = nil
		m.bestedge[cb] = -1
	}
	best := make([]int, 0, len(touched))
	sort.Ints(touched)
	for _, bj := range touched {
		best = append(best, bestedgeto[bj])
		bestedgeto[bj] = -1
	}
	m.blossombestedges[b] = best
	m.bestedge[b] = -1
	for _, kk := range best {
		if m.bestedge[b] == -1 {
			m.bestedge[b] = kk
			continue
		}
		m.slack(st, kk)
		m.slack(st2, m.bestedge[b])
		if st.cmp(st2) < 0 {
			m.bestedge[b] = kk
		}
	}
}

func reverseInts(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		if s < m.n {
			m.inblossom[s] = s
		} else if endstage && m.dual[s].isZero() {
			m.expandBlossom(s, endstage)
		} else {
			for _, lv := range m.leaves(s, nil) {
				m.inblossom[lv] = s
			}
		}
	}
	if !endstage && m.label[b] == 2 {
		entrychild := m.inblossom[m.endpoint(m.labelend[b]^1)]
		childs := m.blossomchilds[b]
		endps := m.blossomendps[b]
		nc := len(childs)
		j := indexOf(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= nc
			jstep = 1
			endptrick = 0
		} else {
			jstep = -1
			endptrick = 1
		}
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint(p^1)] = 0
			m.label[m.endpoint(endps[mod(j-endptrick, nc)]^endptrick^1)] = 0
			m.assignLabel(m.endpoint(p^1), 2, p)
			m.allowedge[endps[mod(j-endptrick, nc)]>>1] = true
			j += jstep
			p = endps[mod(j-endptrick, nc)] ^ endptrick
			m.allowedge[p>>1] = true
			j += jstep
		}
		bv := childs[mod(j, nc)]
		m.label[m.endpoint(p^1)] = 2
		m.label[bv] = 2
		m.labelend[m.endpoint(p^1)] = p
		m.labelend[bv] = p
		m.bestedge[bv] = -1
		j += jstep
		for childs[mod(j, nc)] != entrychild {
			bv = childs[mod(j, nc)]
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			v := -1
			for _, lv := range m.leaves(bv, nil) {
				if m.label[lv] != 0 {
					v = lv
					break
				}
			}
			if v != -1 {
				m.label[v] = 0
				m.label[m.endpoint(m.mate[m.blossombase[bv]])] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b] = -1
	m.labelend[b] = -1
	m.blossomchilds[b] = nil
	m.blossomendps[b] = nil
	m.blossombase[b] = -1
	m.blossombestedges[b] = nil
	m.bestedge[b] = -1
	m.unusedblossoms = append(m.unusedblossoms, b)
}

func indexOf(s []int, x int) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

func mod(a, n int) int {
	r := a % n
	if r < 0 {
		r += n
	}
	return r
}

func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs := m.blossomchilds[b]
	endps := m.blossomendps[b]
	nc := len(childs)
	i := indexOf(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= nc
		jstep = 1
		endptrick = 0
	} else {
		jstep = -1
		endptrick = 1
	}
	for j != 0 {
		j += jstep
		t = childs[mod(j, nc)]
		p := endps[mod(j-endptrick, nc)] ^ endptrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint(p))
		}
		j += jstep
		t = childs[mod(j, nc)]
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint(p^1))
		}
		m.mate[m.endpoint(p)] = p ^ 1
		m.mate[m.endpoint(p^1)] = p
	}
	// Rotate the child list so that the new base comes first.
	m.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

func (m *matcher) augmentMatching(k int) {
	v, w := m.ei[k], m.ej[k]
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		m.flipPath(sp[0], sp[1])
	}
}

// solve computes a maximum-weight matching and returns mate[v] = partner or -1. Called again
// after changes (setVertex, drop, remove), it restores the maximum from the matching and the
// duals it has (run).
func (m *matcher) solve() []int {
	if !m.ready {
		m.start()
	}
	m.run()
	return m.matching()
}

// matching returns mate[v] = partner or -1 (a removed vertex has its partner of removal).
func (m *matcher) matching() []int {
	result := fill(m.n, -1)
	for v := 0; v < m.n; v++ {
		if m.mate[v] >= 0 {
			result[v] = m.endpoint(m.mate[v])
		}
	}
	return result
}

// start sets up the matching (empty) and the duals (every vertex the largest weight).
func (m *matcher) start() {
	n := m.n
	m.ready = true
	m.tmp, m.tmp2 = m.newNum(), m.newNum()
	maxw := m.newNum()
	for _, w := range m.w2 {
		if w.cmp(maxw) > 0 {
			copy(maxw, w)
		}
	}
	maxw.half(maxw)
	if maxw.isZero() {
		maxw[0] = 2 // no edge: every vertex free with a positive dual, for the first stage to end
	}
	m.mate = fill(n, -1)
	m.label = make([]int, 2*n)
	m.labelend = fill(2*n, -1)
	m.inblossom = make([]int, n)
	for i := range m.inblossom {
		m.inblossom[i] = i
	}
	m.blossomparent = fill(2*n, -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = make([]int, 2*n)
	for i := range m.blossombase {
		if i < n {
			m.blossombase[i] = i
		} else {
			m.blossombase[i] = -1
		}
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(2*n, -1)
	m.blossombestedges = make([][]int, 2*n)
	m.unusedblossoms = m.unusedblossoms[:0]
	for i := n; i < 2*n; i++ {
		m.unusedblossoms = append(m.unusedblossoms, i)
	}
	m.dual = make([]num, 2*n)
	for i := range m.dual {
		m.dual[i] = m.newNum()
		if i < n {
			copy(m.dual[i], maxw)
		}
	}
	m.allowedge = make([]bool, len(m.ei))
	if m.off == nil {
		m.off = make([]bool, len(m.ei))
	}
	m.dead = make([]bool, n)
	m.warmStart()
}

// warmStart gives each vertex the dual of its heaviest edge (half its doubled weight: every
// slack stays non-negative, since an edge weighs no more than either end's heaviest) instead
// of the heaviest edge of all, and matches greedily the edges then tight (the heaviest of both
// their ends). The solve starts from there: fewer free vertices, fewer stages, and a free
// vertex whose heaviest edge is light is no root for long.
func (m *matcher) warmStart() {
	n := m.n
	best := make([]num, n)
	for v := range n {
		best[v] = m.newNum()
	}
	for k := range m.ei {
		if m.off[k] {
			continue
		}
		for _, v := range [2]int{m.ei[k], m.ej[k]} {
			if m.w2[k].cmp(best[v]) > 0 {
				copy(best[v], m.w2[k])
			}
		}
	}
	for v := range n {
		// Rounded up: the sum of two ends' halves is at least the edge's doubled weight.
		m.dual[v].half(best[v])
		if best[v][0]&1 != 0 {
			m.tmp.sub(m.tmp, m.tmp) // zero
			m.tmp[0] = 1
			m.dual[v].add(m.dual[v], m.tmp)
		}
	}
	for k := range m.ei {
		i, j := m.ei[k], m.ej[k]
		if m.off[k] || m.mate[i] != -1 || m.mate[j] != -1 {
			continue
		}
		if m.slack(m.tmp, k); m.tmp.isZero() {
			m.mate[i], m.mate[j] = 2*k+1, 2*k
		}
	}
}

// run restores a maximum-weight matching: stages of the primal-dual method, each growing
// alternating trees from the free vertices whose dual is still positive (a free vertex of
// dual zero is as a maximum matching leaves it), until there are none. A stage ends with an
// augmentation (to another root, or to a free vertex of dual zero), or when an S-vertex's
// dual reaches zero: a root then stays free; a vertex inside a tree is made free and the root
// matched by flipping the even alternating path between them. From an empty matching with
// every dual equal this is the classic method; after changes it needs a few stages only.
func (m *matcher) run() {
	n := m.n
	delta := m.newNum()
	kslack := m.newNum()
	cand := m.newNum()
	one := m.newNum()
	one[0] = 1
	for {
		if m.ctx != nil && m.ctx.Err() != nil {
			return
		}
		if !m.hasRoot() {
			return
		}
		for i := range m.label {
			m.label[i] = 0
			m.labelend[i] = -1
		}
		for i := range m.bestedge {
			m.bestedge[i] = -1
		}
		for i := n; i < 2*n; i++ {
			m.blossombestedges[i] = nil
		}
		clear(m.allowedge)
		m.queue = m.queue[:0]
		// The roots, with their duals of one parity (the odd ones raised by one, which no
		// slack minds), so that every slack between two S-vertices stays even and halves
		// exactly. A root that is a blossom is dissolved first (its vertices share a parity
		// its base alone cannot change).
		roots := 0
		for v := 0; v < n; v++ {
			if m.dead[v] || m.mate[v] != -1 || m.label[m.inblossom[v]] != 0 || m.dual[v].isZero() {
				continue
			}
			if m.inblossom[v] != v {
				m.free(v)
			}
			if m.dual[v][0]&1 != 0 {
				m.dual[v].add(m.dual[v], one)
			}
			m.assignLabel(v, 1, -1)
			roots++
		}
		if roots == 0 {
			return
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.adj[v] {
					k := p >> 1
					w := m.endpoint(p)
					if m.off[k] || m.dead[w] || m.inblossom[v] == m.inblossom[w] {
						continue
					}
					if !m.allowedge[k] {
						m.slack(kslack, k)
						if kslack.isZero() {
							m.allowedge[k] = true
						}
					}
					if m.allowedge[k] {
						if bw := m.inblossom[w]; m.label[bw] == 0 && m.mate[m.blossombase[bw]] == -1 {
							// A free vertex (of dual zero, no root): an augmenting path.
							m.augmentMatching(k)
							augmented = true
							break
						} else if m.label[bw] == 0 {
							m.assignLabel(w, 2, p^1)
						} else if m.label[bw] == 1 {
							base := m.scanBlossom(v, w)
							if base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
								break
							}
						} else if m.label[w] == 0 {
							m.label[w] = 2
							m.labelend[w] = p ^ 1
						}
					} else if m.label[m.inblossom[w]] == 1 {
						b := m.inblossom[v]
						if m.bestedge[b] == -1 {
							m.bestedge[b] = k
						} else {
							m.slack(cand, m.bestedge[b])
							if kslack.cmp(cand) < 0 {
								m.bestedge[b] = k
							}
						}
					} else if m.label[w] == 0 {
						if m.bestedge[w] == -1 {
							m.bestedge[w] = k
						} else {
							m.slack(cand, m.bestedge[w])
							if kslack.cmp(cand) < 0 {
								m.bestedge[w] = k
							}
						}
					}
				}
			}
			if augmented {
				break
			}
			// No augmenting path: change the duals.
			// delta1: the smallest dual of an S-vertex (a maximum-weight matching, not a
			// maximum-cardinality one: the weights make every pair worth more than none).
			deltatype := 1
			deltaedge, deltablossom, deltavertex := -1, -1, -1
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 1 && (deltavertex < 0 || m.dual[v].cmp(delta) < 0) {
					copy(delta, m.dual[v])
					deltavertex = v
				}
			}
			// delta2: a free vertex's best edge to an S-vertex.
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					m.slack(cand, m.bestedge[v])
					if cand.cmp(delta) < 0 {
						copy(delta, cand)
						deltatype = 2
						deltaedge = m.bestedge[v]
					}
				}
			}
			// delta3: half the slack of an edge between two S-blossoms.
			for b := 0; b < 2*n; b++ {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					m.slack(cand, m.bestedge[b])
					cand.half(cand)
					if cand.cmp(delta) < 0 {
						copy(delta, cand)
						deltatype = 3
						deltaedge = m.bestedge[b]
					}
				}
			}
			// delta4: the dual of a T-blossom.
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 {
					if m.dual[b].cmp(delta) < 0 {
						copy(delta, m.dual[b])
						deltatype = 4
						deltablossom = b
					}
				}
			}
			for v := 0; v < n; v++ {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dual[v].sub(m.dual[v], delta)
				case 2:
					m.dual[v].add(m.dual[v], delta)
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dual[b].add(m.dual[b], delta)
					case 2:
						m.dual[b].sub(m.dual[b], delta)
					}
				}
			}
			if deltatype == 1 {
				// An S-vertex's dual is zero: it may stay free. A vertex inside a tree is made
				// free and its root matched, by the even alternating path between them.
				if m.mate[deltavertex] != -1 || m.blossombase[m.inblossom[deltavertex]] != deltavertex {
					m.flipToRoot(deltavertex)
				}
				break
			} else if deltatype == 2 {
				m.allowedge[deltaedge] = true
				i := m.ei[deltaedge]
				if m.label[m.inblossom[i]] == 0 {
					i = m.ej[deltaedge]
				}
				m.queue = append(m.queue, i)
			} else if deltatype == 3 {
				m.allowedge[deltaedge] = true
				m.queue = append(m.queue, m.ei[deltaedge])
			} else if deltatype == 4 {
				m.expandBlossom(deltablossom, false)
			}
		}
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dual[b].isZero() {
				m.expandBlossom(b, true)
			}
		}
	}
}

// hasRoot reports whether some free vertex still has a positive dual: a root of the next
// stage.
func (m *matcher) hasRoot() bool {
	for v := 0; v < m.n; v++ {
		if !m.dead[v] && m.mate[v] == -1 && !m.dual[v].isZero() {
			return true
		}
	}
	return false
}

// switchOff switches off v's edges that off names, keeping its match where it can: the
// matching and the duals stay those of a maximum matching when the edge v is matched by stays
// on and v is in no blossom (dropping edges only drops constraints); else v is freed first.
func (m *matcher) switchOff(v int, off func(k int) bool) {
	if !m.ready {
		m.start()
	}
	mustFree := m.inblossom[v] != v
	var ks []int
	for _, p := range m.adj[v] {
		k := p >> 1
		if !m.off[k] && off(k) {
			ks = append(ks, k)
			if mp := m.mate[v]; mp >= 0 && mp>>1 == k {
				mustFree = true
			}
		}
	}
	if mustFree {
		m.free(v)
	}
	for _, k := range ks {
		m.off[k] = true
	}
}

// flipToRoot makes S-vertex x free and the root of its tree matched, flipping the even
// alternating path between them (x's blossoms rotated so that x is their base).
func (m *matcher) flipToRoot(x int) { m.flipPath(x, -1) }

// flipPath matches S-vertex s to endpoint p (-1: none) and flips the alternating path from s to
// the root of its tree, each blossom on it rotated so that the path enters at its base.
func (m *matcher) flipPath(s, p int) {
	for {
		bs := m.inblossom[s]
		if bs >= m.n {
			m.augmentBlossom(bs, s)
		}
		m.mate[s] = p
		if m.labelend[bs] == -1 {
			return
		}
		t := m.endpoint(m.labelend[bs])
		bt := m.inblossom[t]
		s = m.endpoint(m.labelend[bt])
		j := m.endpoint(m.labelend[bt] ^ 1)
		if bt >= m.n {
			m.augmentBlossom(bt, j)
		}
		m.mate[j] = m.labelend[bt]
		p = m.labelend[bt] ^ 1
	}
}

// free makes v a free vertex of its own, as a maximum matching may have it, so that its
// edges may change: the matched edge of v's top blossom is cut (both its ends become free),
// the blossom is turned so that v is its base, and every blossom holding v is dissolved, its
// dual moved onto its vertices (an edge inside keeps its slack, one leaving it gains, none is
// matched).
func (m *matcher) free(v int) {
	b := m.inblossom[v]
	if base := m.blossombase[b]; m.mate[base] >= 0 {
		other := m.endpoint(m.mate[base])
		m.mate[other] = -1
		m.mate[base] = -1
	}
	for b >= m.n {
		m.augmentBlossom(b, v)
		m.mate[v] = -1
		for _, lv := range m.leaves(b, nil) {
			m.dual[lv].add(m.dual[lv], m.dual[b])
		}
		for _, c := range m.blossomchilds[b] {
			m.blossomparent[c] = -1
			if c < m.n {
				m.inblossom[c] = c
			} else {
				for _, lv := range m.leaves(c, nil) {
					m.inblossom[lv] = c
				}
			}
		}
		m.label[b], m.labelend[b] = 0, -1
		m.blossomchilds[b], m.blossomendps[b] = nil, nil
		m.blossombase[b] = -1
		m.blossombestedges[b] = nil
		m.bestedge[b] = -1
		clear(m.dual[b])
		m.unusedblossoms = append(m.unusedblossoms, b)
		b = m.inblossom[v]
	}
	m.mate[v] = -1
}

// setWeights changes the weights of v's edges: weight(k) is edge k's new weight (not doubled;
// nil switches it off). v is made free first, and its dual raised so that no slack of its
// edges is negative.
func (m *matcher) setWeights(v int, weight func(k int) num) {
	if !m.ready {
		m.start()
	}
	m.free(v)
	for _, p := range m.adj[v] {
		k := p >> 1
		w := weight(k)
		if w == nil {
			m.off[k] = true
			continue
		}
		m.off[k] = false
		copy(m.w2[k], w)
		m.w2[k].add(m.w2[k], m.w2[k])
		// dual[v] ≥ 2w − dual[u]
		u := m.endpoint(p)
		if m.dead[u] {
			continue
		}
		m.tmp.sub2(m.w2[k], m.dual[u])
		if m.tmp.cmp(m.dual[v]) > 0 {
			copy(m.dual[v], m.tmp)
		}
	}
}

// remove takes v out of the graph (a pair fixed, or a player gone): made free, never matched
// again; the vertex it was matched to, freed, is matched anew by the next solve.
func (m *matcher) remove(v int) {
	if !m.ready {
		m.start()
	}
	m.free(v)
	m.dead[v] = true
}

// weightOf returns the total weight (doubled) of the matching's edges.
func (m *matcher) weightOf() num {
	sum := m.newNum()
	for v := 0; v < m.n; v++ {
		if p := m.mate[v]; p >= 0 && !m.dead[v] && v < m.endpoint(p) {
			sum.add(sum, m.w2[p>>1])
		}
	}
	return sum
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}
