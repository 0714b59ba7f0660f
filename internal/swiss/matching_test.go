package swiss

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the largest total weight of any matching, by trying all.
func bruteMatching(n int, w [][]uint64) uint64 {
	var best uint64
	used := make([]bool, n)
	var rec func(i int, sum uint64)
	rec = func(i int, sum uint64) {
		for i < n && used[i] {
			i++
		}
		if i >= n {
			if sum > best {
				best = sum
			}
			return
		}
		used[i] = true
		rec(i+1, sum) // i unmatched
		for j := i + 1; j < n; j++ {
			if !used[j] && w[i][j] > 0 {
				used[j] = true
				rec(i+1, sum+w[i][j])
				used[j] = false
			}
		}
		used[i] = false
	}
	rec(0, 0)
	return best
}

// TestMatchingAgreesWithExhaustiveSearch: on random graphs of up to 11 vertices the blossom
// algorithm's matching is a matching and its weight is the largest an exhaustive search finds.
func TestMatchingAgreesWithExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(11)
		density := rng.Float64()
		maxW := []uint64{1, 2, 5, 1000, 1 << 40}[rng.IntN(5)]
		w := make([][]uint64, n)
		for i := range w {
			w[i] = make([]uint64, n)
		}
		m := newMatcher(n, 2)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					x := 2 * (1 + rng.Uint64N(maxW))
					w[i][j], w[j][i] = x, x
					m.addEdge(i, j, num{x, 0})
				}
			}
		}
		mate := m.solve()
		var sum uint64
		for v, u := range mate {
			if u == -1 {
				continue
			}
			if mate[u] != v {
				t.Fatalf("trial %d: mate[%d]=%d but mate[%d]=%d", trial, v, u, u, mate[u])
			}
			if w[v][u] == 0 {
				t.Fatalf("trial %d: %d–%d is no edge", trial, v, u)
			}
			if v < u {
				sum += w[v][u]
			}
		}
		if want := bruteMatching(n, w); sum != want {
			t.Fatalf("trial %d (n=%d): matching weighs %d, the best weighs %d", trial, n, sum, want)
		}
	}
}

// TestNumArithmetic: carries and borrows cross words.
func TestNumArithmetic(t *testing.T) {
	a := num{^uint64(0), 1}
	b := num{1, 0}
	d := make(num, 2)
	d.add(a, b)
	if d[0] != 0 || d[1] != 2 {
		t.Fatalf("add: %v", d)
	}
	d.sub(d, b)
	if d.cmp(a) != 0 {
		t.Fatalf("sub: %v", d)
	}
	d.half(num{0, 1})
	if d[0] != 1<<63 || d[1] != 0 {
		t.Fatalf("half: %v", d)
	}
}

// TestMatchingAfterChanges: after a maximum matching, the weights of one vertex's edges change
// (some switched off, some raised or lowered) or a vertex is removed, and the matching solved
// again from the one it had is as heavy as an exhaustive search over the changed graph finds:
// the incremental solve the Dutch pairing's order of generation relies on.
func TestMatchingAfterChanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 1500; trial++ {
		n := 2 + rng.IntN(10)
		density := 0.3 + 0.7*rng.Float64()
		maxW := []uint64{1, 3, 1000, 1 << 40}[rng.IntN(4)]
		w := make([][]uint64, n)
		for i := range w {
			w[i] = make([]uint64, n)
		}
		edge := make([][]int, n)
		for i := range edge {
			edge[i] = fill(n, -1)
		}
		m := newMatcher(n, 2)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					x := 1 + rng.Uint64N(maxW)
					w[i][j], w[j][i] = x, x
					edge[i][j], edge[j][i] = len(m.ei), len(m.ei)
					m.addEdge(i, j, num{x, 0})
				}
			}
		}
		m.solve()
		removed := make([]bool, n)
		for step := 0; step < 6; step++ {
			v := rng.IntN(n)
			if removed[v] {
				continue
			}
			if rng.IntN(4) == 0 {
				m.remove(v)
				removed[v] = true
				for u := range n {
					w[v][u], w[u][v] = 0, 0
				}
			} else {
				m.setWeights(v, func(k int) num {
					u := m.ei[k]
					if u == v {
						u = m.ej[k]
					}
					if removed[u] {
						return nil
					}
					switch rng.IntN(4) {
					case 0:
						w[v][u], w[u][v] = 0, 0
						return nil
					case 1:
						x := 1 + rng.Uint64N(maxW)
						w[v][u], w[u][v] = x, x
					case 2:
						w[v][u]++
						w[u][v] = w[v][u]
					}
					if w[v][u] == 0 {
						return nil
					}
					return num{w[v][u], 0}
				})
			}
			mate := m.solve()
			var sum uint64
			for a, b := range mate {
				if b == -1 || removed[a] {
					continue
				}
				if mate[b] != a || removed[b] {
					t.Fatalf("trial %d step %d: mate[%d]=%d, mate[%d]=%d, removed %v", trial, step, a, b, b, mate[b], removed[b])
				}
				if w[a][b] == 0 {
					t.Fatalf("trial %d step %d: %d–%d is no edge", trial, step, a, b)
				}
				if a < b {
					sum += w[a][b]
				}
			}
			if want := bruteMatching(n, w); sum != want {
				t.Fatalf("trial %d step %d (n=%d): matching weighs %d, the best weighs %d", trial, step, n, sum, want)
			}
			if got := m.weightOf(); got[0] != 2*sum || got[1] != 0 {
				t.Fatalf("trial %d step %d: weightOf = %v, want %d", trial, step, got, 2*sum)
			}
		}
	}
}

// TestMatchingAfterChangesLarge: the same on graphs of up to 60 vertices and weights of two
// words with many ties (blossoms that outlive a stage), each solve after a change compared
// with a matcher solved afresh on the changed graph.
func TestMatchingAfterChangesLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 150; trial++ {
		n := 10 + rng.IntN(50)
		density := 0.2 + 0.8*rng.Float64()
		m := newMatcher(n, 2)
		type edge struct {
			i, j int
			w    num
			off  bool
		}
		var edges []edge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					w := num{1 + rng.Uint64N(4), rng.Uint64N(3)}
					edges = append(edges, edge{i, j, append(num(nil), w...), false})
					m.addEdge(i, j, w)
				}
			}
		}
		m.solve()
		removed := make([]bool, n)
		for step := 0; step < 25; step++ {
			v := rng.IntN(n)
			if removed[v] {
				continue
			}
			if x := rng.IntN(6); x == 0 {
				m.remove(v)
				removed[v] = true
			} else if x == 1 {
				m.switchOff(v, func(k int) bool {
					if rng.IntN(3) == 0 {
						edges[k].off = true
						return true
					}
					return false
				})
			} else {
				m.setWeights(v, func(k int) num {
					e := &edges[k]
					switch rng.IntN(5) {
					case 0:
						e.off = true
					case 1:
						e.off, e.w = false, num{1 + rng.Uint64N(4), rng.Uint64N(3)}
					case 2:
						e.w = num{e.w[0] + 1, e.w[1]}
					}
					if e.off {
						return nil
					}
					return append(num(nil), e.w...)
				})
			}
			m.solve()
			fresh := newMatcher(n, 2)
			for _, e := range edges {
				if !e.off && !removed[e.i] && !removed[e.j] {
					fresh.addEdge(e.i, e.j, append(num(nil), e.w...))
				}
			}
			fresh.solve()
			if got, want := m.weightOf(), fresh.weightOf(); got.cmp(want) != 0 {
				t.Fatalf("trial %d step %d (n=%d): the matching solved again weighs %v, afresh %v", trial, step, n, got, want)
			}
		}
	}
}
