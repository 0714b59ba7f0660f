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
