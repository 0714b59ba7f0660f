package rules

import (
	"math/rand/v2"
	"testing"
)

// TestSuccessors checks that Successors gives, in order, the positions
// Play makes of each legal move: in every position of the first plies of
// russian and international (captures, crowning on the way included) and
// in random endings with kings.
func TestSuccessors(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, id := range []string{"russian", "international", "russian-giveaway"} {
		v, _ := VariantByID(id)
		var positions []Position
		var walk func(p Position, depth int)
		walk = func(p Position, depth int) {
			positions = append(positions, p)
			if depth == 0 {
				return
			}
			for _, m := range p.LegalMoves(nil) {
				walk(p.Play(m), depth-1)
			}
		}
		walk(v.Start(), 4)
		for range 3000 {
			positions = append(positions, randomEnding(v, r))
		}
		var moves []Move
		var succ []Bits
		checked := 0
		for _, p := range positions {
			moves, succ = p.Successors(moves[:0], succ[:0])
			legal := p.LegalMoves(nil)
			if len(succ) != len(legal) {
				t.Fatalf("%s %s: %d successors, %d legal moves", id, p.FEN(), len(succ), len(legal))
			}
			for i, m := range legal {
				q := p.Play(m)
				if succ[i] != q.Bits() {
					t.Fatalf("%s %s: successor %d is not the position after %s", id, p.FEN(), i, FormatMove(&p, m))
				}
				back, ok := v.FromBits(succ[i])
				if !ok || !back.Equal(&q) {
					t.Fatalf("%s %s: FromBits of successor %d", id, p.FEN(), i)
				}
				checked++
			}
		}
		t.Logf("%s: %d positions, %d successors", id, len(positions), checked)
	}
}

// randomEnding places two to seven pieces, kings and men, at random.
func randomEnding(v *Variant, r *rand.Rand) Position {
	for {
		p := v.Empty()
		p.SetSideToMove(Color(r.IntN(2)))
		n := 2 + r.IntN(6)
		ok := true
		for range n {
			sq := Square(r.IntN(v.NumSquares()))
			if _, taken := p.PieceAt(sq); taken {
				ok = false
				break
			}
			pc := Piece{Color: Color(r.IntN(2)), King: r.IntN(2) == 0}
			_, row := v.Coords(sq)
			if !pc.King && (pc.Color == White && row == v.BoardSize()-1 || pc.Color == Black && row == 0) {
				ok = false
				break
			}
			t, _ := TowerOf(pc)
			p.SetTower(sq, t)
		}
		if ok && p.occ[White] != 0 && p.occ[Black] != 0 {
			return p
		}
	}
}

func TestFromBitsRefuses(t *testing.T) {
	ru, _ := VariantByID("russian")
	col, _ := VariantByID("column")
	for _, c := range []struct {
		v *Variant
		b Bits
	}{
		{col, Bits{Occ: [2]uint64{1, 2}}},
		{ru, Bits{Occ: [2]uint64{1 << 40, 2}}},
		{ru, Bits{Occ: [2]uint64{3, 2}}},
		{ru, Bits{Occ: [2]uint64{1, 2}, Kings: 4}},
	} {
		if _, ok := c.v.FromBits(c.b); ok {
			t.Errorf("%s %+v accepted", c.v.ID(), c.b)
		}
	}
}
