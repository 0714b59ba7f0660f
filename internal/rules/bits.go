package rules

// Bits is a position of a variant without towers (russian, international and
// their giveaway forms) held as its bitboards only: bit i stands for
// [Square] i. It is the compact form the endgame databases walk millions of
// positions in; [Variant.FromBits] and [Position.Bits] convert.
type Bits struct {
	Occ   [2]uint64 // the squares of White's and of Black's pieces
	Kings uint64    // the squares of kings, of either colour
	Side  Color     // the side to move
}

// Bits returns p's bitboards. In a tower variant only the top pieces are seen.
func (p *Position) Bits() Bits {
	return Bits{Occ: p.occ, Kings: p.kings, Side: p.side}
}

// FromBits returns the position of v that b describes. It reports false when
// v has towers, when a bit lies off the board, when the colours overlap or
// when a king stands on no piece.
func (v *Variant) FromBits(b Bits) (Position, bool) {
	all := b.Occ[White] | b.Occ[Black]
	if v.towers || all&^v.geo.all != 0 || b.Occ[White]&b.Occ[Black] != 0 || b.Kings&^all != 0 || b.Side > Black {
		return Position{}, false
	}
	return Position{v: v, side: b.Side, occ: b.Occ, kings: b.Kings}, true
}

// Successors appends to out the bitboards of the position after each legal
// move of p, in the order of [Position.LegalMoves], and returns them with
// the moves. moves is scratch space for the moves (pass the returned slice
// back to reuse it; only captures are put there). The moves are those
// LegalMoves generates, by the same generator, and each successor is made by
// the same code as [Position.Play], so the two cannot disagree; it only
// spares the copies. p must belong to a variant without towers.
func (p *Position) Successors(moves []Move, out []Bits) ([]Move, []Bits) {
	// The generator writes the quiet moves' positions straight into out
	// (there are no captures when there are quiet moves); captures come
	// back as moves and are made here.
	g := generator{v: p.v, next: &p.v.geo.next, me: p.side, out: moves[:0], bits: true, succ: out, board: p.Bits()}
	g.generate(p)
	for i := range g.out {
		q := g.board
		q.Occ, q.Kings, q.Side = applyFlat(q.Occ, q.Kings, q.Side, &g.out[i])
		g.succ = append(g.succ, q)
	}
	return g.out, g.succ
}

// applyFlat makes m on the bitboards of a variant without towers: the moving
// piece leaves its square, the captured pieces leave the board when the move
// is complete (Turkish strike), and the piece lands, crowned if m crowns.
func applyFlat(occ [2]uint64, kings uint64, me Color, m *Move) ([2]uint64, uint64, Color) {
	from, to := uint64(1)<<uint(m.from), uint64(1)<<uint(m.to)
	king := kings&from != 0 || m.crown
	occ[me] &^= from
	kings &^= from
	occ[me.Opponent()] &^= m.set
	kings &^= m.set
	occ[me] |= to
	if king {
		kings |= to
	}
	return occ, kings, me.Opponent()
}
