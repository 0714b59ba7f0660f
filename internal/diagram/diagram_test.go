package diagram

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"postald/internal/rules"
)

var update = flag.Bool("update", false, "write the golden PNGs in testdata instead of comparing with them")

// golden is a position of one variant family drawn after its last move: before
// is the position the move is played in, move its text in the variant's notation.
type golden struct {
	name    string
	variant string
	before  string
	move    string
}

// goldens hold men, kings, towers of heights 1, 2, 3 and 6 or more, kings
// inside towers, a capture path and a quiet move, and both sides to move.
var goldens = []golden{
	// a two-piece capture by a man; kings of both colours
	{"russian", "russian", "W:Wc3,e1,a1,Kh2:Bd4,f6,b8,d8,Ka7,Kf2", "c3:g7"},
	// the numbers on the board; a flying king's capture; White to move after it
	{"international", "international", "B:W31,32,33,34,35,K48,45:B1,2,3,12,13,K25", "25:26"},
	// towers of 1, 2, 3 and 7 pieces, a black king inside a white tower, a
	// capture that builds a tower and leaves the jumped one with a new top
	{"column", "column", "W:Wc3(wb),e1(wBw),a1,g1(Wb):Bd4(bw),d8(bwwbbwb),f8(Bww),b8", "c3:e5"},
	{"lasca", "lasca", "W:Wc3(wb),e1(wBw),a1,g1(Wbb):Bd4(bw),d6(bwwbbwb),f6(Bww),b6", "c3:g7"},
}

// played returns the position after g's move and the move.
func (g golden) played(t testing.TB) (rules.Position, *rules.Move) {
	t.Helper()
	v, err := rules.VariantByID(g.variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(v, g.before)
	if err != nil {
		t.Fatal(err)
	}
	var m rules.Move
	if g.move == "" {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			t.Fatalf("%s: no legal move", g.name)
		}
		m = moves[0]
	} else if m, err = rules.ParseMove(&p, g.move); err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	return p.Play(m), &m
}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			p, m := g.played(t)
			got, err := PNG(p, Options{Last: m})
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", g.name+".png")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s (look at both; run go test -update if the change is meant)", g.name, file)
			}
		})
	}
}
