package endgame

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"postald/internal/rules"
)

func testBoard(t testing.TB, id string) *board {
	t.Helper()
	v, err := rules.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := boardOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestIndexRoundTrip numbers every position of small materials and reads
// the number back: the index is a bijection onto 0..Size-1, and its size is
// the number of placements counted square by square.
func TestIndexRoundTrip(t *testing.T) {
	for _, id := range []string{"russian", "international"} {
		b := testBoard(t, id)
		for _, m := range b.materials(3) {
			x := newIndexer(b, m)
			seen := make([]bool, x.Size())
			var count uint64
			forEachPlacement(b, m, func(p pos) {
				count++
				i := x.index(p)
				if i >= x.Size() {
					t.Fatalf("%s %v: index %d beyond size %d", id, m, i, x.Size())
				}
				if seen[i] {
					t.Fatalf("%s %v: index %d twice", id, m, i)
				}
				seen[i] = true
				if q := x.position(i); q != p {
					t.Fatalf("%s %v: position(%d) = %+v, want %+v", id, m, i, q, p)
				}
			})
			if count != x.Size() {
				t.Errorf("%s %v: %d placements, size %d", id, m, count, x.Size())
			}
		}
	}
}

// TestIndexRandom reads back random numbers of larger materials.
func TestIndexRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, id := range []string{"russian", "international"} {
		b := testBoard(t, id)
		for _, m := range b.materials(6) {
			x := newIndexer(b, m)
			for range 200 {
				i := r.Uint64N(x.Size())
				p := x.position(i)
				if got := p.material(); got != m {
					t.Fatalf("%s %v: position(%d) has material %v", id, m, i, got)
				}
				if p.us.men&b.last != 0 || p.them.men&b.first != 0 {
					t.Fatalf("%s %v: a man on its promotion row at %d", id, m, i)
				}
				if bits.OnesCount64(p.occupied()) != m.Pieces() {
					t.Fatalf("%s %v: pieces overlap at %d", id, m, i)
				}
				if j := x.index(p); j != i {
					t.Fatalf("%s %v: index(position(%d)) = %d", id, m, i, j)
				}
			}
		}
	}
}

// forEachPlacement calls f for every position of material m, placing the
// pieces square by square (written apart from the index).
func forEachPlacement(b *board, m Material, f func(pos)) {
	var place func(kind int, left int, from int, p pos)
	counts := [4]int{int(m.UsMen), int(m.UsKings), int(m.ThemMen), int(m.ThemKings)}
	place = func(kind, left, from int, p pos) {
		if left == 0 {
			if kind == 3 {
				f(p)
				return
			}
			place(kind+1, counts[kind+1], 0, p)
			return
		}
		for s := from; s < b.n; s++ {
			bit := uint64(1) << uint(s)
			if p.occupied()&bit != 0 {
				continue
			}
			q := p
			switch kind {
			case 0:
				if bit&b.last != 0 {
					continue
				}
				q.us.men |= bit
			case 1:
				q.us.kings |= bit
			case 2:
				if bit&b.first != 0 {
					continue
				}
				q.them.men |= bit
			case 3:
				q.them.kings |= bit
			}
			place(kind, left-1, s+1, q)
		}
	}
	place(0, counts[0], 0, pos{})
}
