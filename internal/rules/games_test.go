package rules

import (
	"errors"
	"strings"
	"testing"
)

// columnSample is the seed's sample column game (Ivanov – Petrov, seed 000
// "Шашечная нотация") in its own full notation, plies in order.
var columnSample = strings.Fields(`c3-b4 b6-c5 b4-a5 a7-b6 b2-c3 c5-b4 a3:a7 c7-b6 a5:e5 f6:b2
	a1:c3 d8-c7 g3-f4 e5:g3 h2:f4 g3:e5 e3:g5 h6:f4 d2-e3 f4:b4 b2:d4:f6:d8D:a5:d2:h6`)

// columnAbbreviated is the same game in the seed's abbreviated notation
// (the last move is written in full there too).
var columnAbbreviated = strings.Fields(`cb4 bc5 ba5 ab6 bc3 cb4 a:a7 cb6 a:e5 f:b2 a:c3 dc7 gf4 e:g3
	h:f4 g:e5 e:g5 h:f4 de3 f:b4`)

func TestColumnSampleGame(t *testing.T) {
	v, _ := VariantByID("column")
	g := NewGame(v.Start())
	// The seed's comments on the towers, checked after the ply they follow.
	comments := map[int]map[string]string{
		7:  {"a7": "wbb"},             // 4.a3:a7: a tower of 3 on a7
		9:  {"e5": "wbb"},             // 5.a5:e5: another tower of 3 on e5
		10: {"b2": "bww", "e5": "bb"}, // 5...f6:b2 freed its 2 pieces on e5, a tower of 3 on b2
		21: {"c3": "", "e5": "ww", "e7": "", "c7": ""},
	}
	for i, text := range columnSample {
		if i < len(columnAbbreviated) {
			p := g.Position()
			_, err := ParseMove(&p, columnAbbreviated[i])
			var ne *NotationError
			if !errors.As(err, &ne) || ne.Kind != ErrAbbreviated {
				t.Errorf("ply %d: abbreviated %q: error %v, want abbreviated notation", i+1, columnAbbreviated[i], err)
			}
		}
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		p := g.Position()
		for sq, want := range comments[i+1] {
			s, _ := v.ParseSquare(sq)
			if got := p.Tower(s).String(); got != want {
				t.Errorf("after ply %d (%s): tower on %s is %q, want %q", i+1, text, sq, got, want)
			}
		}
	}
	final := g.Position()
	if got, want := final.FEN(), "B:Wc1,e1,g1,f2,b4(www),e5(ww),h6(Wwbbbbbb),a7(wbb):Bg7,b8,f8,h8"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
	last := g.Moves[len(g.Moves)-1]
	if !last.Crowns() || last.NumJumps() != 6 {
		t.Errorf("11.b2:…:h6 takes %d pieces, crowns %v; want 6 and a crowning on d8", last.NumJumps(), last.Crowns())
	}
}

// lascaSample is the seed's Lasca game (Johnson-Davies – Matthews, Cambridge
// 1976) as printed: White's 27 moves and Black's 26.
var lascaWhite = strings.Fields(`c3-d4 b2:d4 d4:f6 c3-d4 d2:b4 c3:g7 g7:e5 c1:e3 e3-d4 a3:c5 g3-f4 e5-f6
	a1:e5 b2-c3 f2:b6 e1-f2 e3:a7 a7:c5 e5:g7 g7:e5 e5:g7 d4-e5 e3-d4 d4-c3 c3-d2 g1:e3 d2:b4`)
var lascaBlack = strings.Fields(`e5:c3 f6-e5 g7:e5 e5:c3 c5-d4 a5:c3 d6:d2 b6-c5 c5:c1 c1:e3 c7-b6 c3-b2
	b6:d4 d4:b2 a7:c5 c5-d4 g5:e3 e7:g5 e3-d2 d2-e1 e1:g3 b2-c1 g5-f4 f4-e3 e3-f2 g3:c3`)

// TestLascaSampleGame replays the seed's Lasca game. It replays move by move
// up to 22...b2-c1; 23.e3-d4 is impossible because e3 is empty (Black's
// piece left it with 19...e3-d2 and nothing came back). That is a
// transcription fault, not a rules question: the pieces that go on to play
// d4-c3 and c3-d2 (backward for White) must be a king, and White's only king
// that can reach d4 is the tower on c5; with 23.c5-d4 every remaining move
// replays as written, and 26...g3:c3 (g3:e1:c3) leaves 27.d2:b4 possible.
func TestLascaSampleGame(t *testing.T) {
	v, _ := VariantByID("lasca")
	play := func(white []string) (*Game, int, error) {
		g := NewGame(v.Start())
		for i := range white {
			if _, err := g.PlayText(white[i]); err != nil {
				return g, 2 * i, err
			}
			if i < len(lascaBlack) {
				if _, err := g.PlayText(lascaBlack[i]); err != nil {
					return g, 2*i + 1, err
				}
			}
		}
		return g, -1, nil
	}
	_, ply, err := play(lascaWhite)
	var ne *NotationError
	if ply != 44 || !errors.As(err, &ne) || ne.Kind != ErrNoPiece {
		t.Fatalf("as printed: stops at ply %d with %v; want ply 45 (23.e3-d4), no piece on e3", ply+1, err)
	}
	fixed := append([]string(nil), lascaWhite...)
	fixed[22] = "c5-d4"
	g, ply, err := play(fixed)
	if err != nil {
		t.Fatalf("with 23.c5-d4: ply %d: %v", ply+1, err)
	}
	p := g.Position()
	if got, want := p.FEN(), "B:W9(wwwW),10(wb),12(WwbBbB),17,25(Wbbbbb):B2(Bww)"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
}
