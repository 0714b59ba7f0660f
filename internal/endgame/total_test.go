package endgame

import "testing"

// TestTotals checks the number of positions the index gives each database
// against the counts computed by hand (a sum of binomials per material).
func TestTotals(t *testing.T) {
	for _, c := range []struct {
		id     string
		pieces int
		want   uint64
	}{
		{"russian", 3, 199_520}, {"russian", 4, 6_408_836}, {"russian", 6, 2_571_945_320},
		{"international", 4, 42_786_345}, {"international", 5, 1_613_387_095},
	} {
		b := testBoard(t, c.id)
		var n uint64
		for _, m := range b.materials(c.pieces) {
			n += newIndexer(b, m).Size()
		}
		if n != c.want {
			t.Errorf("%s to %d pieces: %d positions, want %d", c.id, c.pieces, n, c.want)
		}
	}
}
