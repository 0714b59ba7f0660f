package rules

// Play returns the position after m, which must be one of p's legal moves
// (Play does not check it; use [ParseMove] or [Position.LegalMoves] to get
// moves). The side to move passes to the opponent.
func (p *Position) Play(m Move) Position {
	q := *p
	q.apply(&m)
	return q
}

// apply makes m on p in place.
func (p *Position) apply(m *Move) {
	if !p.v.towers {
		// Turkish strike: the captured pieces leave the board when the move is complete.
		p.occ, p.kings, p.side = applyFlat(p.occ, p.kings, p.side, m)
		return
	}
	me := p.side
	// Tower variants (1.6.1): each jump takes the top piece of the jumped
	// tower at once and puts it under the capturing tower, in capture order.
	t := p.stack[m.from]
	p.setTower(m.from, 0)
	for i := 0; i < int(m.n); i++ {
		x := m.jumped[i]
		pc, rest := p.stack[x].popTop()
		p.setTower(x, rest)
		t = t.pushBottom(pc)
	}
	if m.crown {
		t = t.crown() // only the top piece is crowned (1.5.2)
	}
	p.setTower(m.to, t)
	p.side = me.Opponent()
}
