package rules

import (
	"testing"
)

func TestStartFEN(t *testing.T) {
	tests := map[string]string{
		"russian":       "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		"column":        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		"international": "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
		"lasca":         "W:W1,2,3,4,5,6,7,8,9,10,11:B15,16,17,18,19,20,21,22,23,24,25",
	}
	for id, want := range tests {
		v, _ := VariantByID(id)
		p := v.Start()
		if got := p.FEN(); got != want {
			t.Errorf("%s start: %s, want %s", id, got, want)
		}
	}
}

func TestParseFENForms(t *testing.T) {
	tests := []struct {
		variant, in, want string
	}{
		// PDN 3.0 ranges
		{"international", "W:W31-50:B1-20", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
		// numeric FEN for Russian with a trailing dot, as in Russian PDN files (1 = b8, 32 = g1)
		{"russian", "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		// lidraughts' move counters, spaces, lower case, black's list first, empty list
		{"international", "B:W28,K46:B19:H0:F12", "B:W28,K46:B19"},
		{"international", " w : w 28 , k46 : b 19 ", "W:W28,K46:B19"},
		{"international", "W:B19:W28", "W:W28:B19"},
		{"international", "W:W28:B", "W:W28:B"},
		{"russian", `"B:WKa1:Bh8"`, "B:WKa1:Bh8"},
		// towers, top first; a one-piece tower in parentheses is a plain piece
		{"column", "W:Wc3(wbb),e1:Bd6(Bww)", "W:We1,c3(wbb):Bd6(Bww)"},
		{"column", "W:Wc3(W):B", "W:WKc3:B"},
		{"column", "W:W22(wbb):B", "W:Wc3(wbb):B"}, // 22 = c3
		// Lasca: numbers and algebraic squares
		{"lasca", "W:Wa1,c3(wB):B25", "W:W1,9(wB):B25"},
		{"lasca", "B:W1,9(wB):BK25", "B:W1,9(wB):BK25"},
	}
	for _, tc := range tests {
		v, _ := VariantByID(tc.variant)
		p, err := ParseFEN(v, tc.in)
		if err != nil {
			t.Errorf("%s %q: %v", tc.variant, tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s %q: %s, want %s", tc.variant, tc.in, got, tc.want)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ variant, in string }{
		{"russian", ""},
		{"russian", "W"},
		{"russian", "W:Wa1"},
		{"russian", "X:Wa1:Bh8"},
		{"russian", "W:Wa1:Ba1"},                         // a square twice
		{"russian", "W:Wa1:Wc1"},                         // two white lists
		{"russian", "W:Wa2:B"},                           // a light square
		{"russian", "W:Wz9:B"},                           // no such square
		{"russian", "W:Wc3(ww):B"},                       // russian has no towers
		{"russian", "W:W33:B"},                           // numbers stop at 32
		{"column", "W:Wc3(bw):B"},                        // the top piece is black in the white list
		{"column", "W:WKc3(ww):B"},                       // K before a tower
		{"column", "W:Wc3(wx):B"},                        // bad letter
		{"column", "W:Wc3(ww:B"},                         // not closed
		{"column", "W:Wc3():B"},                          // empty tower
		{"international", "W:Wa1:B"},                     // international is numeric
		{"international", "W:W51:B"},                     // no square 51
		{"international", "W:W20-10:B"},                  // backward range
		{"column", "W:Wc3(wwwwwwwwwwwwwwwwwwwwwwwww):B"}, // 25 pieces
	}
	for _, tc := range tests {
		v, _ := VariantByID(tc.variant)
		if p, err := ParseFEN(v, tc.in); err == nil {
			t.Errorf("%s %q: accepted as %s", tc.variant, tc.in, p.FEN())
		}
	}
}

// TestFENRoundTrip writes random positions and reads them back.
func TestFENRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		rng := newRand(v.ID())
		for i := 0; i < 500; i++ {
			p := randomPosition(v, rng, rng.Intn(v.NumSquares()), 0.3, 5)
			q, err := ParseFEN(v, p.FEN())
			if err != nil {
				t.Fatalf("%s: %s: %v", v.ID(), p.FEN(), err)
			}
			if !q.Equal(&p) {
				t.Fatalf("%s: %s reads back as %s", v.ID(), p.FEN(), q.FEN())
			}
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(0, "W:Wa1,c1,Kh8:Bb6")
	f.Add(1, "W:W31-50:B1-20")
	f.Add(1, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46")
	f.Add(2, "W:Wc3(wbb),e1:Bd6(Bww)")
	f.Add(3, "W:W1,9(wB):BK25")
	f.Add(0, "W:W29,30,31,32:B1,2,3,4.")
	f.Add(1, "B:W28,K46:B19:H0:F12")
	vs := Variants()
	f.Fuzz(func(t *testing.T, vi int, s string) {
		v := vs[uint(vi)%uint(len(vs))]
		p, err := ParseFEN(v, s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(v, out)
		if err != nil {
			t.Fatalf("%q: written as %q, which does not read: %v", s, out, err)
		}
		if !q.Equal(&p) || q.FEN() != out {
			t.Fatalf("%q: written as %q, read back as %q", s, out, q.FEN())
		}
		// Whatever the position, move generation must not fail.
		for _, m := range p.LegalMoves(nil) {
			r := p.Play(m)
			_ = r.FEN()
		}
	})
}
