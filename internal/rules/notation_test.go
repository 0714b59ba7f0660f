package rules

import (
	"errors"
	"slices"
	"testing"
)

func TestParseMove(t *testing.T) {
	const (
		russianStart = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
		ambiguous    = "W:WKd8:BKe3,b4(Bbw),d4(bWw),e7(bw)" // column: two routes d8→a5 with different towers
	)
	tests := []struct {
		variant, fen, text string
		want               string    // the move, written with every landing square
		kind               ErrorKind // or the refusal
	}{
		{"russian", russianStart, "c3-d4", "c3-d4", 0},
		{"russian", russianStart, "C3-D4", "c3-d4", 0},
		{"russian", russianStart, "с3-d4", "c3-d4", 0}, // Cyrillic с
		{"russian", russianStart, "Е3-f4", "e3-f4", 0}, // Cyrillic Е, as 4.2.2 asks
		{"russian", russianStart, "c3–d4", "c3-d4", 0}, // en dash
		{"russian", russianStart, "c3—d4", "c3-d4", 0}, // em dash
		{"russian", russianStart, " g3 - h4 ", "g3-h4", 0},
		{"russian", russianStart, "c3d4", "", ErrSyntax},
		{"russian", russianStart, "c3-", "", ErrSyntax},
		{"russian", russianStart, "c3", "", ErrSyntax},
		{"russian", russianStart, "c3-d4-e5", "", ErrSyntax},
		{"russian", russianStart, "c3-d4:e5", "", ErrSyntax},
		{"russian", russianStart, "i3-d4", "", ErrSyntax},
		{"russian", russianStart, "a2-b3", "", ErrSyntax},
		{"russian", russianStart, "22-18", "", ErrSyntax},
		{"russian", russianStart, "cb4", "", ErrAbbreviated},
		{"russian", russianStart, "gf4", "", ErrAbbreviated},
		{"russian", russianStart, "a:a7", "", ErrAbbreviated},
		{"russian", russianStart, "e:g3", "", ErrAbbreviated},
		{"russian", russianStart, "h:f4", "", ErrAbbreviated},
		{"russian", russianStart, "c5-d4", "", ErrNoPiece},
		{"russian", russianStart, "b6-a5", "", ErrNotYourPiece},
		{"russian", russianStart, "a1-b2", "", ErrNoSuchMove},
		{"russian", russianStart, "c3:d4", "", ErrNoSuchMove},
		{"russian", "W:Wc3,g3:Bd4,h8", "g3-h4", "", ErrCaptureRequired},
		{"russian", "W:Wc3,g3:Bd4,h8", "c3:e5", "c3:e5", 0},
		{"russian", "W:Wc3,g3:Bd4,h8", "c3xe5", "c3:e5", 0},
		{"russian", "W:Wc3,g3:Bd4,h8", "c3×e5", "c3:e5", 0},
		{"russian", "W:Wc3,g3:Bd4,h8", "c3-e5", "", ErrCaptureRequired},
		{"russian", "W:Wb6:Bc7,f6,a1", "b6:g5", "b6:d8:g5", 0},
		{"russian", "W:Wb6:Bc7,f6,a1", "b6:d8D:g5", "b6:d8:g5", 0},
		{"russian", "W:Wb6:Bc7,f6,a1", "b6:d8К:h4Д", "b6:d8:h4", 0},
		{"russian", "W:Wb6:Bc7,f6,a1", "b6:d8*:h4", "b6:d8:h4", 0},
		{"russian", "W:Wb6:Bc7,f6,a1", "b6:e7:h4", "", ErrNoSuchMove},
		// a king going on straight: any square between the two pieces may be written
		{"russian", "W:WKa1:Bc3,f6", "a1:g7", "a1:d4:g7", 0},
		{"russian", "W:WKa1:Bc3,f6", "a1:e5:g7", "a1:d4:g7", 0},
		{"russian", "W:WKa1:Bc3,f6", "a1:c3:g7", "", ErrNoSuchMove},
		// two routes taking the same pieces are one move
		{"russian", "W:Wc1:Bd2,d4,b4,b2,h8", "c1:c1", "c1:e3:c5:a3:c1", 0},
		{"russian", "W:Wc1:Bd2,d4,b4,b2,h8", "c1:a3:c5:e3:c1", "c1:e3:c5:a3:c1", 0}, // the other way round, same move
		{"column", "W:Wc1:Bd2,d4,b4,b2,h8", "c1:c1", "c1:e3:c5:a3:c1", 0},
		{"column", ambiguous, "d8:a5", "", ErrAmbiguous},
		{"column", ambiguous, "d8:f6:c3:a5", "d8:f6:c3:a5", 0},
		{"column", ambiguous, "d8:g5:a5", "d8:g5:d2:a5", 0},
		{"column", ambiguous, "d8:c3:a5", "d8:f6:c3:a5", 0},
		{"international", "W:W32:B1", "32-28", "32-28", 0},
		{"international", "W:W32:B1", "32-27", "32-27", 0},
		{"international", "W:W32:B1", "32x28", "", ErrNoSuchMove},
		{"international", "W:W32:B1", "c3-d4", "", ErrSyntax},
		{"international", "W:W37:B32,31,21", "37:28", "", ErrNoSuchMove}, // majority: 37:17 only
		{"international", "W:W37:B32,31,21", "37:17", "37:26:17", 0},
		{"lasca", "W:W9:B25", "9-13", "9-13", 0},
		{"lasca", "W:W9:B25", "c3-d4", "9-13", 0},
		{"lasca", "W:W9:B25", "С3-b4", "9-12", 0},
	}
	for _, tc := range tests {
		t.Run(tc.variant+"/"+tc.text, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			m, err := ParseMove(&p, tc.text)
			if tc.kind != 0 {
				var ne *NotationError
				if !errors.As(err, &ne) {
					t.Fatalf("got %v, %v; want a %v", fullRoute(&p, m), err, tc.kind)
				}
				if ne.Kind != tc.kind {
					t.Fatalf("error %v, want kind %v", err, tc.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fullRoute(&p, m); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestNotationErrorDetails(t *testing.T) {
	// 4.2.10: a3 has exactly one move at the start; the referee may substitute it.
	v, _ := VariantByID("russian")
	p := v.Start()
	_, err := ParseMove(&p, "a3-a5")
	var ne *NotationError
	if !errors.As(err, &ne) || ne.Kind != ErrNoSuchMove || ne.Clause != "4.2.10" {
		t.Fatalf("a3-a5: %v", err)
	}
	if len(ne.PieceMoves) != 1 || !slices.Equal(ne.Written, []string{"a3-b4"}) {
		t.Errorf("piece moves %v, want [a3-b4]", ne.Written)
	}
	// abbreviated notation is a notation fault under 4.2.2 and carries no guess
	_, err = ParseMove(&p, "cb4")
	if !errors.As(err, &ne) || ne.Clause != "4.2.2" || len(ne.PieceMoves) != 0 {
		t.Errorf("cb4: %v (moves %v)", err, ne.Written)
	}
	// an ambiguous capture lists the routes that disambiguate it
	q := mustPosition(t, "column", "W:WKd8:BKe3,b4(Bbw),d4(bWw),e7(bw)")
	_, err = ParseMove(&q, "d8:a5")
	if !errors.As(err, &ne) || ne.Kind != ErrAmbiguous {
		t.Fatalf("d8:a5: %v", err)
	}
	got := slices.Clone(ne.Written)
	slices.Sort(got)
	if want := []string{"d8:f6:c3:a5", "d8:g5:d2:a5"}; !slices.Equal(got, want) {
		t.Errorf("candidates %v, want %v", got, want)
	}
}

func TestFormatMove(t *testing.T) {
	tests := []struct {
		variant, fen, move string // move written with every landing square
		want, alg          string // FormatMove, FormatMoveIn algebraic
	}{
		{"russian", "W:Wc3:Bh8", "c3-d4", "c3-d4", "c3-d4"},
		{"russian", "W:Wa1:Bb2,d4,f6,h8", "a1:c3:e5:g7", "a1:g7", "a1:g7"},
		{"russian", "W:WKa1:Bc3,f6", "a1:d4:g7", "a1:g7", "a1:g7"},
		{"column", "W:WKd8:BKe3,b4(Bbw),d4(bWw),e7(bw)", "d8:f6:c3:a5", "d8:f6:c3:a5", "d8:f6:c3:a5"},
		{"column", "W:Wc1:Bd2,d4,b4,b2,h8", "c1:e3:c5:a3:c1", "c1:c1", "c1:c1"},
		{"international", "W:W37:B32,31,21", "37:26:17", "37:17", "c3:c7"},
		{"lasca", "W:Wd4:Bc3,e5", "13:21", "13:21", "d4:f6"},
		// e3:g1 takes f2 alone and is written so; the loop around e5 that also
		// ends on g1 needs its turns (not the straight step over d4 to e3)
		{"russian", "W:We3:Bd4,f4,d6,f6,f2,h8", "e3:g1", "e3:g1", "e3:g1"},
		{"russian", "W:We3:Bd4,f4,d6,f6,f2,h8", "e3:g5:e7:c5:e3:g1", "e3:g5:e7:c5:g1", "e3:g5:e7:c5:g1"},
		{"russian", "W:WKh4:Bd2,e5,g5,c7", "h4:f6:c3:e1", "h4:f6:c3:e1", "h4:f6:c3:e1"},
		{"russian", "W:WKh4:Bd2,e5,g5,c7", "h4:d8:a5:e1", "h4:d8:a5:e1", "h4:d8:a5:e1"},
		{"international", "W:W47:B41,42,31,32", "47:38:27:36:47", "47:47", "c1:c1"},
	}
	for _, tc := range tests {
		t.Run(tc.variant+"/"+tc.move, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			var m Move
			found := false
			for _, l := range p.LegalMoves(nil) {
				if fullRoute(&p, l) == tc.move {
					m, found = l, true
				}
			}
			if !found {
				t.Fatalf("no legal move %s", tc.move)
			}
			if got := FormatMove(&p, m); got != tc.want {
				t.Errorf("FormatMove = %s, want %s", got, tc.want)
			}
			if got := FormatMoveIn(&p, m, NotationAlgebraic); got != tc.alg {
				t.Errorf("FormatMoveIn algebraic = %s, want %s", got, tc.alg)
			}
			back, err := ParseMove(&p, FormatMove(&p, m))
			if err != nil || fullRoute(&p, back) != tc.move {
				t.Errorf("ParseMove(FormatMove) = %s, %v", fullRoute(&p, back), err)
			}
		})
	}
}

// TestFormatParseAllMoves checks on random playouts that every legal move,
// written by FormatMove, reads back as the same move (or one with the same
// result).
func TestFormatParseAllMoves(t *testing.T) {
	for _, v := range Variants()[:4] {
		t.Run(v.ID(), func(t *testing.T) {
			rng := newRand(v.ID())
			for games := 0; games < 20; games++ {
				p := v.Start()
				for ply := 0; ply < 200; ply++ {
					moves := p.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					for _, m := range moves {
						text := FormatMove(&p, m)
						back, err := ParseMove(&p, text)
						if err != nil {
							t.Fatalf("%s: %s: %v", p.FEN(), text, err)
						}
						a, b := p.Play(m), p.Play(back)
						if !a.Equal(&b) {
							t.Fatalf("%s: %s reads back as %s", p.FEN(), fullRoute(&p, m), fullRoute(&p, back))
						}
					}
					p = p.Play(moves[rng.Intn(len(moves))])
				}
			}
		})
	}
}

// fuzzPositions are the positions FuzzParseMove reads moves against.
var fuzzPositions = []struct{ variant, fen string }{
	{"russian", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
	{"russian", "W:WKh6:Bb2,g3,f4,Kc5"},
	{"russian", "W:Wc1:Bd2,d4,b4,b2,h8"},
	{"international", "W:W31-50:B1-20"},
	{"international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"},
	{"column", "W:WKd8:BKe3,b4(Bbw),d4(bWw),e7(bw)"},
	{"column", "W:Wc1(Ww):Be3(BB),d6(bBw),g7(BB)"},
	{"lasca", "W:W9(wB),13:B17(bw),25"},
	{"international", "W:W47:B41,42,31,32"},
	{"russian", "W:We3:Bd4,f4,d6,f6,f2,h8"},
	{"russian", "W:WKh4:Bd2,e5,g5,c7"},
	{"lasca", "W:WKc1:Bd2,d4,b4,Kb2,g7"},
}

func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"c3-d4", "h6:c1:a3:d6", "c1:c1", "32-28", "17:28", "d8:f6:c3:a5", "c1:h6:f8:c5:f2", "c3-d4",
		"cb4", "a:a7", "Е3-f4", "b6:d8D:g5", "c3×e5", "9-13", "c3–d4", "47:24:8:17:6", "a1:x:h8"} {
		f.Add(i%len(fuzzPositions), s)
	}
	f.Add(2, "c1:a3:c5:e3:c1")
	f.Add(8, "47x36x27x38x47")
	f.Add(9, "e3:c5:e7:g5:g1")
	f.Add(9, "e3:g1")
	f.Add(10, "h4:e1")
	f.Add(11, "c1:a3:c5:e3:c1")
	positions := make([]Position, len(fuzzPositions))
	for i, fp := range fuzzPositions {
		v, _ := VariantByID(fp.variant)
		p, err := ParseFEN(v, fp.fen)
		if err != nil {
			f.Fatal(err)
		}
		positions[i] = p
	}
	f.Fuzz(func(t *testing.T, pi int, text string) {
		p := positions[uint(pi)%uint(len(positions))]
		m, err := ParseMove(&p, text)
		if err != nil {
			var ne *NotationError
			if !errors.As(err, &ne) || ne.Kind == 0 || ne.Clause == "" {
				t.Fatalf("%q: error %v is not a classified NotationError", text, err)
			}
			return
		}
		legal := false
		for _, l := range p.LegalMoves(nil) {
			if l.sameRoute(&m) {
				legal = true
			}
		}
		if !legal {
			t.Fatalf("%q: returned a move that is not legal", text)
		}
		back, err := ParseMove(&p, FormatMove(&p, m))
		if err != nil {
			t.Fatalf("%q: FormatMove gives %q which does not read: %v", text, FormatMove(&p, m), err)
		}
		a, b := p.Play(m), p.Play(back)
		if !a.Equal(&b) {
			t.Fatalf("%q: %q reads back as another move", text, FormatMove(&p, m))
		}
	})
}
