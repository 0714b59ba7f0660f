package rules

import (
	"slices"
	"strings"
	"testing"
)

// fullRoute writes a move with every landing square: from:l1:…:to, or from-to.
func fullRoute(p *Position, m Move) string {
	v := p.Variant()
	if !m.IsCapture() {
		return v.SquareName(m.From()) + "-" + v.SquareName(m.To())
	}
	parts := []string{v.SquareName(m.From())}
	for _, r := range m.Route() {
		parts = append(parts, v.SquareName(r))
	}
	return strings.Join(parts, ":")
}

func mustPosition(t *testing.T, id, fen string) Position {
	t.Helper()
	v, err := VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCaptureRules checks every capture rule on hand-built positions. The
// expected moves (every landing square written) and the position after the
// first of them were worked out by hand from the rules.
func TestCaptureRules(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		fen     string
		want    []string // all legal moves, full routes
		crown   []bool   // per move in want, when given
		after   string   // FEN after want[0], when given
	}{
		// russian
		{"capture is compulsory", "russian", "W:Wc3,g3:Bd4,h8", []string{"c3:e5"}, nil, "B:Wg3,e5:Bh8"},
		{"men capture backward", "russian", "W:We5:Bd4,h8", []string{"e5:c3"}, nil, ""},
		{"a capture goes on while it can", "russian", "W:Wa1:Bb2,d4,f6,h8", []string{"a1:c3:e5:g7"}, nil, "B:Wg7:Bh8"},
		{"free choice, no majority", "russian", "W:Wc3:Bd4,b4,b6", []string{"c3:a5:c7", "c3:e5"}, nil, ""},
		{"crowned mid-capture, goes on as a flying king", "russian", "W:Wb6:Bc7,f6,a1",
			[]string{"b6:d8:g5", "b6:d8:h4"}, []bool{true, true}, "B:WKg5:Ba1"},
		{"king must land where the capture goes on", "russian", "W:WKa1:Bc3,f4",
			[]string{"a1:e5:g3", "a1:e5:h2"}, nil, "B:WKg3:B"},
		{"king going on straight is one move per landing square", "russian", "W:WKa1:Bc3,f6",
			[]string{"a1:d4:g7", "a1:d4:h8"}, nil, "B:WKg7:B"},
		{"turkish strike: the captured f4 still blocks d6-h2", "russian", "W:WKh6:Bb2,g3,f4,Kc5",
			[]string{"h6:c1:a3:d6", "h6:c1:a3:e7", "h6:c1:a3:f8", "h6:e3:a7", "h6:e3:b6"}, nil, "B:WKd6:Bg3"},
		{"loop routes taking the same pieces are one move", "russian", "W:Wc1:Bd2,d4,b4,b2,h8",
			[]string{"c1:e3:c5:a3:c1"}, nil, "B:Wc1:Bh8"}, // c1:a3:c5:e3:c1 is the same move

		// international (numeric)
		{"majority capture", "international", "W:W37:B32,31,21", []string{"37:26:17"}, nil, "B:W17:B32"},
		{"man passing the last row goes on as a man", "international", "W:W12:B8,9,50",
			[]string{"12:3:14"}, []bool{false}, "B:W14:B50"},
		{"man ending on the last row is crowned and stops", "international", "W:W12:B8,14",
			[]string{"12:3"}, []bool{true}, "B:WK3:B14"},

		// column
		{"only the top piece is taken", "column", "W:Wc3:Bd4(bw),h8", []string{"c3:e5"}, nil, "B:Wd4,e5(wb):Bh8"},
		{"no turning straight back over a tower", "column", "W:Wc3:Bd4(bb)", []string{"c3:e5"}, nil, "B:We5(wb):Bd4"},
		{"no turning back, king, square now empty", "column", "W:WKc3:Bd4,b2",
			[]string{"c3:a1", "c3:e5", "c3:f6", "c3:g7", "c3:h8"}, nil, "B:Wa1(Wb):Bd4"},
		{"men capture backward in column", "column", "W:Wd4:Bc3,e5", []string{"d4:b2", "d4:f6"}, nil, ""},
		{"crowned mid-capture, goes on as a king", "column", "W:Wb6:Bc7,f6,a1",
			[]string{"b6:d8:g5", "b6:d8:h4"}, []bool{true, true}, "B:Wg5(Wbb):Ba1"},
		{"a tower turned to the mover's colour cannot be jumped again", "column", "W:Wh4(Ww):Bc5(bw),g5(bwB),d6(Bw),c7",
			[]string{"h4:d8:b6:d4", "h4:d8:b6:e3", "h4:d8:b6:f2", "h4:d8:b6:g1"}, nil,
			"B:Wd4(Wwbbb),c5,g5(wB):Bd6(Bw)"},
		{"loop routes are separate moves in towers", "column", "W:Wc1:Bd2,d4,b4,b2,h8",
			[]string{"c1:a3:c5:e3:c1", "c1:e3:c5:a3:c1"}, nil, "B:Wc1(wbbbb):Bh8"},
		{"buried king freed", "column", "B:Wd4(wB),h2:Be5", []string{"e5:c3"}, nil, "W:Wh2:Bc3(bw),Kd4"},

		// lasca (numeric: 13 = d4, 21 = f6, 16 = c5, 20 = d6, 24 = e7)
		{"lasca men capture forward only", "lasca", "W:Wd4:Bc3,e5", []string{"13:21"}, nil, "B:W21(wb):B9"},
		{"lasca kings capture one square", "lasca", "W:WKd4:Be5", []string{"13:21"}, nil, ""},
		{"lasca kings do not fly", "lasca", "W:WKd4:Bf6", []string{"13-10", "13-17", "13-9", "13-16"}, nil, ""},
		{"lasca man stops on the last row", "lasca", "W:Wc5:Bd6,f6", []string{"16:24"}, []bool{true}, "B:W24(Wb):B21"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.variant, tc.fen)
			moves := p.LegalMoves(nil)
			var got []string
			for _, m := range moves {
				got = append(got, fullRoute(&p, m))
			}
			want := slices.Clone(tc.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("moves = %v, want %v", got, want)
			}
			for i, w := range tc.want {
				for _, m := range moves {
					if fullRoute(&p, m) == w && tc.crown != nil && m.Crowns() != tc.crown[i] {
						t.Errorf("%s crowns = %v, want %v", w, m.Crowns(), tc.crown[i])
					}
					if fullRoute(&p, m) == w && i == 0 && tc.after != "" {
						q := p.Play(m)
						if q.FEN() != tc.after {
							t.Errorf("after %s: %s, want %s", w, q.FEN(), tc.after)
						}
					}
				}
			}
		})
	}
}

// TestRulePositionsMatter shows that the positions above exercise their
// rule: the simple generator with the rule switched off disagrees.
func TestRulePositionsMatter(t *testing.T) {
	p := mustPosition(t, "russian", "W:WKh6:Bb2,g3,f4,Kc5")
	immediate := simpleRules("russian")
	immediate.turkish = false
	if n := len(simpleKeys(simpleFromPosition(&p), immediate)); n == len(p.LegalMoves(nil)) {
		t.Errorf("removing pieces at once gives as many moves (%d): the position does not test the Turkish strike", n)
	}
	q := mustPosition(t, "column", "W:Wh4(Ww):Bc5(bw),g5(bwB),d6(Bw),c7")
	rejump := simpleRules("column")
	rejump.rejumpOwn = true
	if n := len(simpleKeys(simpleFromPosition(&q), rejump)); n == len(q.LegalMoves(nil)) {
		t.Errorf("re-jumping own towers gives as many moves (%d): the position does not test the rule", n)
	}
}

// TestSameTowerTwice checks 1.6.1: several pieces taken from one tower in
// one move, reaching it again along another line.
func TestSameTowerTwice(t *testing.T) {
	p := mustPosition(t, "column", "W:Wc1(Ww):Be3(BB),d6(bBw),g7(BB)")
	// c1 jumps e3 going NE and lands on h6, jumps g7 to f8, d6 to c5, and e3
	// again going SE to f2: e3 is jumped twice.
	m, err := ParseMove(&p, "c1:h6:f8:c5:f2")
	if err != nil {
		t.Fatal(err)
	}
	e3, _ := p.Variant().ParseSquare("e3")
	if n := slices.Index(m.Jumped(), e3); n != 0 || slices.Index(m.Jumped()[1:], e3) != 2 {
		t.Errorf("jumped %v, want e3 first and fourth", m.Jumped())
	}
	q := p.Play(m)
	if got, want := q.FEN(), "B:Wf2(WwBBbB):Bd6(Bw),Kg7"; got != want {
		t.Errorf("after c1:h6:f8:c5:f2: %s, want %s", got, want)
	}
}

// TestTowerQuietMoves checks quiet moves of towers.
func TestTowerQuietMoves(t *testing.T) {
	// A white man on a black king: the tower moves as a white man, crowning
	// only the top piece (1.5.2).
	p := mustPosition(t, "column", "W:Wc7(wB):Bh8")
	var got []string
	for _, m := range p.LegalMoves(nil) {
		got = append(got, fullRoute(&p, m))
		if !m.Crowns() {
			t.Errorf("%s does not crown", fullRoute(&p, m))
		}
	}
	slices.Sort(got)
	if want := []string{"c7-b8", "c7-d8"}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
	m, _ := ParseMove(&p, "c7-d8")
	q := p.Play(m)
	if got, want := q.FEN(), "B:Wd8(WB):Bh8"; got != want {
		t.Errorf("after c7-d8: %s, want %s", got, want)
	}
}

// TestBuriedKingFreed checks 1.6's last paragraph: a captured king loses its
// rights while covered and regains them when freed.
func TestBuriedKingFreed(t *testing.T) {
	p := mustPosition(t, "column", "B:Wd4(wB),h2:Be5")
	d4, _ := p.Variant().ParseSquare("d4")
	if pc, _ := p.PieceAt(d4); pc.Color != White || pc.King {
		t.Fatalf("d4 is topped by %+v, want a white man", pc)
	}
	for _, text := range []string{"e5:c3", "h2-g3"} {
		m, err := ParseMove(&p, text)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(m)
	}
	// The freed black king on d4 flies: e5 f6 g7 h8, c5 b6 a7, e3 f2 g1 (c3 is Black's own).
	if n := len(p.MovesFrom(d4)); n != 10 {
		t.Errorf("the freed king on d4 has %d moves, want 10", n)
	}
}
