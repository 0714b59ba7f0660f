package rules

// Perft counts the move sequences of the given depth from p: the number of
// leaves of the game tree. Moves are counted as [Position.LegalMoves]
// returns them: one per (from, to, set of captured pieces) in russian and
// international and their giveaway forms, one per route in tower variants.
// Depth 0 counts the position itself.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s := perftState{bufs: make([][]Move, depth), pos: make([]Position, depth)}
	for i := range s.bufs {
		s.bufs[i] = make([]Move, 0, 64)
	}
	s.pos[0] = *p
	return s.count(0, depth)
}

// perftState holds one move buffer and one position per ply, so that the
// walk allocates nothing per node.
type perftState struct {
	bufs [][]Move
	pos  []Position
}

func (s *perftState) count(ply, depth int) uint64 {
	p := &s.pos[ply]
	if depth == 1 {
		return uint64(p.countMoves(s.bufs[ply]))
	}
	moves := p.LegalMoves(s.bufs[ply])
	s.bufs[ply] = moves[:0]
	var n uint64
	child := &s.pos[ply+1]
	for i := range moves {
		if p.v.towers {
			*child = *p
		} else { // the towers are unused: copy the bitboards only
			child.v, child.side, child.occ, child.kings = p.v, p.side, p.occ, p.kings
		}
		child.apply(&moves[i])
		n += s.count(ply+1, depth-1)
	}
	return n
}
