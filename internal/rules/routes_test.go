package rules

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// keptMove returns the one move of LegalMoves that m stands for, failing
// the test when there is none.
func keptMove(t *testing.T, p *Position, m Move) Move {
	t.Helper()
	for _, l := range p.LegalMoves(nil) {
		if l.Equal(m) {
			return l
		}
	}
	t.Fatalf("%s: ParseMove returned %s, which LegalMoves does not hold", p.FEN(), fullRoute(p, m))
	return Move{}
}

// samePosition fails the test unless q is the position fen describes.
func samePosition(t *testing.T, q Position, fen string) {
	t.Helper()
	want, err := ParseFEN(q.Variant(), fen)
	if err != nil {
		t.Fatal(err)
	}
	if !q.Equal(&want) {
		t.Errorf("position %s, want %s", q.FEN(), fen)
	}
}

// TestParseMoveEitherWayRound checks that a capture taking the same pieces
// along another route than the one LegalMoves keeps is read as that kept
// move. The man on c1 (47) takes the four pieces around c3 (37) and comes
// back: LegalMoves holds one move (FMJD: duplicates dropped), and both ways
// round, written in full, must read as it.
func TestParseMoveEitherWayRound(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		routes             [2]string // the loop one way and the other, every landing square written
		also               []string  // other ways of writing the same move
		after              string    // the position after the move
	}{
		{"russian", "russian", "W:Wc1:Bb2,b4,d2,d4",
			[2]string{"c1:a3:c5:e3:c1", "c1:e3:c5:a3:c1"}, []string{"c1:c1", "c1:a3:c1", "c1:c5:c1", "c1:e3:c1", "C1:А3:С5:Е3:C1"},
			"B:Wc1:B"},
		// 47 = c1, 41 = b2, 42 = d2, 36 = a3, 38 = e3, 31 = b4, 32 = d4, 27 = c5
		{"international", "international", "W:W47:B41,42,31,32",
			[2]string{"47x36x27x38x47", "47x38x27x36x47"}, []string{"47x47", "47:36:27:38:47", "47×38×27×36×47"},
			"B:W47:B"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			legal := p.LegalMoves(nil)
			if len(legal) != 1 {
				t.Fatalf("LegalMoves holds %d moves, want the one capture", len(legal))
			}
			// Both routes exist and LegalMoves keeps exactly one of them.
			var routes []string
			for _, m := range p.allRoutes() {
				routes = append(routes, strings.ReplaceAll(fullRoute(&p, m), ":", "x"))
			}
			written := []string{strings.ReplaceAll(tc.routes[0], ":", "x"), strings.ReplaceAll(tc.routes[1], ":", "x")}
			slices.Sort(routes)
			slices.Sort(written)
			if !slices.Equal(routes, written) {
				t.Fatalf("routes %v, want %v", routes, written)
			}
			for _, text := range append(tc.routes[:], tc.also...) {
				m, err := ParseMove(&p, text)
				if err != nil {
					t.Errorf("%s: %v", text, err)
					continue
				}
				if !m.Equal(legal[0]) {
					t.Errorf("%s reads as %s, want the kept move %s", text, fullRoute(&p, m), fullRoute(&p, legal[0]))
				}
				samePosition(t, p.Play(m), tc.after)
				g := NewGame(p)
				if err := g.Play(m); err != nil {
					t.Errorf("%s: Game.Play: %v", text, err)
				}
			}
		})
	}
}

// TestParseMoveRoutePicksCaptures checks positions where captures taking
// different pieces join the same two squares: the written intermediate
// squares pick one, or the move stays ambiguous.
//
// e3: the white man on e3 may take f2 alone (e3:g1), or the four men around
// e5, either way round, and then f2 (e3:g5:e7:c5:e3:g1 = e3:c5:e7:g5:e3:g1),
// also landing on g1. e3:g1 is the full notation of the first (no turn); the
// second must name its turns.
//
// h4: the white king on h4 takes g5 and then either e5 (turning on f6) and
// d2 (turning on c3), or c7 (turning on d8) and d2 (turning on a5); both end
// on e1 and h4:e1 names neither.
//
// straight: the black king on e3 takes d4 and b6 going straight on
// (e3:c5:a7, pausing on c5), or f4, g7 (turning on h6), d6 (turning on f8)
// and b6 (turning on c5), also ending on a7; or d4, d6, g7 and f4 round the
// loop either way, back to e3 (or on to d2, c1, f2, g1).
func TestParseMoveRoutePicksCaptures(t *testing.T) {
	const (
		loop     = "W:We3:Bd4,f4,d6,f6,f2,h8"
		king     = "W:WKh4:Bd2,e5,g5,c7"
		straight = "B:Wd4,b6,d6,f4,g7:BKe3"
	)
	tests := []struct {
		fen, text string
		after     string   // the position after the move read
		ambiguous []string // or: the positions after each candidate
		kind      ErrorKind
	}{
		{loop, "e3:g1", "B:Wg1:Bd4,f4,d6,f6,h8", nil, 0},
		{loop, "e3:g5:e7:c5:e3:g1", "B:Wg1:Bh8", nil, 0},
		{loop, "e3:c5:e7:g5:e3:g1", "B:Wg1:Bh8", nil, 0}, // the route LegalMoves does not keep
		{loop, "e3:g5:e7:c5:g1", "B:Wg1:Bh8", nil, 0},    // full notation: the turns only
		{loop, "e3:c5:e7:g5:g1", "B:Wg1:Bh8", nil, 0},    // the same, the other way round
		{loop, "e3:c5:g1", "B:Wg1:Bh8", nil, 0},
		{loop, "e3:e3:g1", "B:Wg1:Bh8", nil, 0},
		{loop, "e3:d2:g1", "", nil, ErrNoSuchMove},
		{king, "h4:e1", "", []string{"B:WKe1:Bc7", "B:WKe1:Be5"}, ErrAmbiguous},
		{king, "h4:f6:c3:e1", "B:WKe1:Bc7", nil, 0},
		{king, "h4:c3:e1", "B:WKe1:Bc7", nil, 0},
		{king, "h4:d4:e1", "B:WKe1:Bc7", nil, 0},
		{king, "h4:d8:a5:e1", "B:WKe1:Be5", nil, 0},
		{king, "h4:d8:e1", "B:WKe1:Be5", nil, 0},
		{king, "h4:a5:e1", "B:WKe1:Be5", nil, 0},
		{king, "h4:b6:e1", "B:WKe1:Be5", nil, 0},
		{king, "h4:g3:e1", "", nil, ErrNoSuchMove},
		{straight, "e3:a7", "W:Wd6,f4,g7:BKa7", nil, 0},    // no turn: the full notation of the first
		{straight, "e3:c5:a7", "W:Wd6,f4,g7:BKa7", nil, 0}, // every landing square of the first
		{straight, "e3:h6:f8:c5:a7", "W:Wd4:BKa7", nil, 0},
		{straight, "e3:f8:a7", "W:Wd4:BKa7", nil, 0},
		{straight, "e3:c5:f8:h6:e3", "W:Wb6:BKe3", nil, 0},
		{straight, "e3:h6:f8:c5:e3", "W:Wb6:BKe3", nil, 0}, // the loop the other way round
		{straight, "e3:e3", "W:Wb6:BKe3", nil, 0},
		{straight, "e3:c5:c1", "W:Wb6:BKc1", nil, 0},
		{straight, "e3:c5:g1", "W:Wb6:BKg1", nil, 0},
		{straight, "e3:d2", "W:Wb6:BKd2", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			p := mustPosition(t, "russian", tc.fen)
			if tc.fen == straight && len(p.LegalMoves(nil)) != 7 {
				t.Fatalf("%d legal moves, want 7", len(p.LegalMoves(nil)))
			}
			m, err := ParseMove(&p, tc.text)
			if tc.kind != 0 {
				var ne *NotationError
				if !errors.As(err, &ne) || ne.Kind != tc.kind {
					t.Fatalf("got %s, %v; want %v", fullRoute(&p, m), err, tc.kind)
				}
				if tc.kind != ErrAmbiguous {
					return
				}
				if ne.Clause != "4.2.2" {
					t.Errorf("clause %s, want 4.2.2", ne.Clause)
				}
				if len(ne.Candidates) != len(tc.ambiguous) {
					t.Fatalf("%d candidates (%v), want %d", len(ne.Candidates), ne.Written, len(tc.ambiguous))
				}
				var got []string
				for _, c := range ne.Candidates {
					keptMove(t, &p, c)
					q := p.Play(c)
					got = append(got, q.FEN())
				}
				var want []string
				for _, fen := range tc.ambiguous {
					q := mustPosition(t, "russian", fen)
					want = append(want, q.FEN())
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("candidates lead to %v, want %v", got, want)
				}
				for _, w := range ne.Written {
					if _, err := ParseMove(&p, w); err != nil {
						t.Errorf("candidate %s does not read: %v", w, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			keptMove(t, &p, m)
			samePosition(t, p.Play(m), tc.after)
		})
	}
}

// TestTowerRoutesAreMoves checks that in the tower variants the order of
// capture stays part of the move: both ways round a loop are two moves,
// each route written in full reads as itself, and from:to alone is
// ambiguous because the towers differ.
func TestTowerRoutesAreMoves(t *testing.T) {
	tests := []struct {
		variant, fen string
		routes       [2]string // written in full
		after        [2]string
		short        string // from:to
	}{
		// column: the man on c1 takes d2 d4 b4 and the king b2, or the king first
		{"column", "W:Wc1:Bd2,d4,b4,Kb2,h8",
			[2]string{"c1:e3:c5:a3:c1", "c1:a3:c5:e3:c1"},
			[2]string{"B:Wc1(wbbbB):Bh8", "B:Wc1(wBbbb):Bh8"}, "c1:c1"},
		// lasca: a king captures one square each way, turning round d3's empty neighbour
		{"lasca", "W:WKc1:Bd2,d4,b4,Kb2,g7",
			[2]string{"c1:e3:c5:a3:c1", "c1:a3:c5:e3:c1"},
			[2]string{"B:Wc1(WbbbB):Bg7", "B:Wc1(WBbbb):Bg7"}, "c1:c1"},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			legal := p.LegalMoves(nil)
			all := p.allRoutes()
			if len(legal) != 2 || len(all) != 2 {
				t.Fatalf("%d legal moves and %d routes, want 2 and 2", len(legal), len(all))
			}
			for i := range legal {
				if !legal[i].Equal(all[i]) {
					t.Errorf("route %s is not the legal move %s", fullRoute(&p, all[i]), fullRoute(&p, legal[i]))
				}
			}
			for i, text := range tc.routes {
				m, err := ParseMove(&p, text)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if got := algebraicRoute(&p, m); got != text {
					t.Errorf("%s reads as %s", text, got)
				}
				keptMove(t, &p, m)
				samePosition(t, p.Play(m), tc.after[i])
			}
			_, err := ParseMove(&p, tc.short)
			var ne *NotationError
			if !errors.As(err, &ne) || ne.Kind != ErrAmbiguous || len(ne.Candidates) != 2 {
				t.Errorf("%s: %v, want ambiguous between the two routes", tc.short, err)
			}
		})
	}
}

// TestRoutesOfRandomPositions checks the route enumeration ParseMove reads
// against on random positions full of kings: in russian and international
// every route the simple generator finds is enumerated, and every one of
// them, written with every landing square, reads as the move LegalMoves
// keeps for it; in the tower variants the routes are the legal moves.
func TestRoutesOfRandomPositions(t *testing.T) {
	// Loops are rare in random positions: 6000 give russian a handful.
	const n = 6000
	for _, id := range []string{"russian", "international", "column", "lasca"} {
		t.Run(id, func(t *testing.T) {
			v, _ := VariantByID(id)
			rl := simpleRules(id)
			rng := rand.New(rand.NewSource(11))
			var others int // routes LegalMoves does not keep
			for i := 0; i < n; i++ {
				p := randomPosition(v, rng, 4+rng.Intn(v.NumSquares()/2), 0.4, 4)
				legal := p.LegalMoves(nil)
				all := p.allRoutes()
				if v.Towers() {
					if len(all) != len(legal) {
						t.Fatalf("%s: %d routes, %d legal moves", p.FEN(), len(all), len(legal))
					}
					for j := range all {
						if !all[j].Equal(legal[j]) {
							t.Fatalf("%s: route %s is not legal move %s", p.FEN(), fullRoute(&p, all[j]), fullRoute(&p, legal[j]))
						}
					}
					continue
				}
				// The same ordered routes as the simple generator.
				want := map[string]bool{}
				for _, m := range simpleFromPosition(&p).moves(rl) {
					want[orderedKey(m)] = true
				}
				got := map[string]bool{}
				for _, m := range all {
					got[orderedKey(engineMove(v, m))] = true
				}
				if fmt.Sprint(keysOf(got)) != fmt.Sprint(keysOf(want)) {
					t.Fatalf("%s: routes %v, simple generator %v", p.FEN(), keysOf(got), keysOf(want))
				}
				for _, r := range all {
					if !r.IsCapture() {
						continue
					}
					text := fullRoute(&p, r)
					m, err := ParseMove(&p, text)
					if err != nil {
						t.Fatalf("%s: %s: %v", p.FEN(), text, err)
					}
					k := keptMove(t, &p, m)
					if !sameResult(&k, &r) {
						t.Fatalf("%s: %s reads as %s, which takes other pieces", p.FEN(), text, fullRoute(&p, k))
					}
					if !k.Equal(r) {
						others++
					}
				}
			}
			if !v.Towers() && others == 0 {
				t.Errorf("no position had a route LegalMoves does not keep: the test proves nothing")
			}
			t.Logf("%d positions, %d routes read as another route of the same pieces", n, others)
		})
	}
}

// algebraicRoute writes a capture with every landing square, in algebraic notation.
func algebraicRoute(p *Position, m Move) string {
	v := p.Variant()
	parts := []string{v.AlgebraicName(m.From())}
	for _, r := range m.Route() {
		parts = append(parts, v.AlgebraicName(r))
	}
	return strings.Join(parts, ":")
}

// orderedKey identifies a route of the simple generator with the jumped
// squares in capture order.
func orderedKey(m sMove) string {
	return fmt.Sprintf("%v %v %v %v", m.from, m.jumped, m.to, m.crown)
}

// engineMove converts an engine move to the simple generator's form.
func engineMove(v *Variant, m Move) sMove {
	c := func(s Square) [2]int { f, r := v.Coords(s); return [2]int{f, r} }
	sm := sMove{from: c(m.From()), to: c(m.To()), crown: m.Crowns()}
	for _, j := range m.Jumped() {
		sm.jumped = append(sm.jumped, c(j))
	}
	return sm
}

func keysOf(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestNotationErrorSquareNames checks that a refusal's detail names squares
// as the player wrote them: Lasca reads algebraic and numeric squares.
func TestNotationErrorSquareNames(t *testing.T) {
	const loop = "W:WKc1:Bd2,d4,b4,Kb2,g7" // c1 = 2, b2 = 5, a3 = 8, e3 = 10, c5 = 16
	tests := []struct {
		variant, fen, text string
		detail             string
	}{
		{"lasca", "W:W9:B25", "c3-c5", "the piece on c3 cannot move to c5"},
		{"lasca", "W:W9:B25", "9-16", "the piece on 9 cannot move to 16"},
		{"lasca", "W:W9:B25", "a1-b2", "no piece on a1"},
		{"lasca", "W:W9:B25", "1-5", "no piece on 1"},
		{"lasca", "W:W9:B25", "g7-f6", "the piece on g7 is black and white is to move"},
		{"lasca", loop, "c1:c1", "c1:e3:c5:a3:c1, c1:a3:c5:e3:c1"},
		{"lasca", loop, "2:2", "2:10:16:8:2, 2:8:16:10:2"},
		{"lasca", loop, "c1:d4:c1", "the piece on c1 has no capture along the written squares"},
		{"russian", "W:Wc3:Bh8", "c3-c5", "the piece on c3 cannot move to c5"},
		{"international", "W:W32:B1", "32-23", "the piece on 32 cannot move to 23"},
	}
	for _, tc := range tests {
		t.Run(tc.variant+"/"+tc.text, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			_, err := ParseMove(&p, tc.text)
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("got %v, want a NotationError", err)
			}
			if !strings.HasSuffix(ne.Detail, tc.detail) {
				t.Errorf("detail %q, want it to end %q", ne.Detail, tc.detail)
			}
		})
	}
	// The moves a letter quotes stay in the variant's own notation.
	p := mustPosition(t, "lasca", loop)
	_, err := ParseMove(&p, "c1:c1")
	var ne *NotationError
	if !errors.As(err, &ne) {
		t.Fatal(err)
	}
	if want := []string{"2:10:16:8:2", "2:8:16:10:2"}; !slices.Equal(ne.Written, want) {
		t.Errorf("written %v, want %v", ne.Written, want)
	}
}

// BenchmarkParseMove reads a move written along the route LegalMoves does
// not keep: every route is enumerated, then the kept move looked up.
func BenchmarkParseMove(b *testing.B) {
	v, _ := VariantByID("international")
	p, err := ParseFEN(v, "W:W47:B41,42,31,32")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseMove(&p, "47x36x27x38x47"); err != nil {
			b.Fatal(err)
		}
	}
}
