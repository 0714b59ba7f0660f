package rules

import (
	"math/rand"
	"testing"
)

// TestSameMove: SameMove tells moves apart as full notation does: two legal moves are the same
// move exactly when FormatMove writes them alike; a move and what its notation reads back as
// are the same move. Checked on random positions full of kings and towers and along random
// games of every variant.
func TestSameMove(t *testing.T) {
	check := func(t *testing.T, p *Position) {
		t.Helper()
		legal := p.LegalMoves(nil)
		texts := make([]string, len(legal))
		for i, m := range legal {
			texts[i] = FormatMove(p, m)
			back, err := ParseMove(p, texts[i])
			if err != nil {
				t.Fatalf("%s: %s: %v", p.FEN(), texts[i], err)
			}
			if !p.SameMove(m, back) || !p.SameMove(back, m) {
				t.Fatalf("%s: %s is not the move its notation %s reads as (%s)", p.FEN(), fullRoute(p, m), texts[i], fullRoute(p, back))
			}
		}
		for i := range legal {
			for j := range legal {
				if got, want := p.SameMove(legal[i], legal[j]), texts[i] == texts[j]; got != want {
					t.Fatalf("%s: SameMove(%s, %s) = %v, notation %s and %s", p.FEN(),
						fullRoute(p, legal[i]), fullRoute(p, legal[j]), got, texts[i], texts[j])
				}
			}
		}
	}
	for _, v := range Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			rng := rand.New(rand.NewSource(3))
			for i := 0; i < 1500; i++ {
				p := randomPosition(v, rng, 4+rng.Intn(v.NumSquares()/2), 0.4, 4)
				check(t, &p)
			}
			for games := 0; games < 10; games++ {
				p := v.Start()
				for ply := 0; ply < 150; ply++ {
					check(t, &p)
					moves := p.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					p = p.Play(moves[rng.Intn(len(moves))])
				}
			}
		})
	}
}

// TestSameMoveRoutes: in column draughts two routes that take the same men in another order
// leave the same towers, yet the notation tells them apart (from:to alone is ambiguous), so
// they are two moves; the same route read from either of its notations is one.
func TestSameMoveRoutes(t *testing.T) {
	p := mustPosition(t, "column", "B:Wc1,b2,d2,f2(ww),a3,e3,b4,d4,f4,a7(wbbb):Bh4,a5,c5(bW),d6(bbbb),h6,h8")
	a, err := ParseMove(&p, "a5:c3:e5:g3:e1:c3:a1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseMove(&p, "a5:e1:g3:e5:a1")
	if err != nil {
		t.Fatal(err)
	}
	if x, y := p.Play(a), p.Play(b); !x.Equal(&y) {
		t.Fatalf("the two routes leave different positions: %s, %s", x.FEN(), y.FEN())
	}
	if p.SameMove(a, b) {
		t.Errorf("%s and %s, written apart, are the same move", FormatMove(&p, a), FormatMove(&p, b))
	}
	if !p.SameMove(a, a) || !p.SameMove(b, b) {
		t.Error("a route is not the same move as itself")
	}
	for _, m := range p.LegalMoves(nil) {
		if x, y := p.Play(m), p.Play(a); !x.Equal(&y) && (p.SameMove(m, a) || p.SameMove(a, m)) {
			t.Errorf("%s, leaving another position, is the same move as %s", FormatMove(&p, m), FormatMove(&p, a))
		}
	}
}
