package rules

// perpendicular holds the two directions at 90° to each direction.
var perpendicular = [4][2]direction{
	northEast: {northWest, southEast},
	northWest: {northEast, southWest},
	southEast: {northEast, southWest},
	southWest: {northWest, southEast},
}

// forward holds the directions a man of each colour moves in.
var forward = [2][2]direction{White: {northEast, northWest}, Black: {southEast, southWest}}

var allDirections = [4]direction{northEast, northWest, southEast, southWest}

// generator enumerates the legal moves of one position. It lives on the
// stack of LegalMoves; the search changes its copies of the board and
// restores them on the way back.
type generator struct {
	v       *Variant
	next    *[maxSquares][4]Square
	me      Color
	out     []Move
	start   int  // index in out of the first capture
	best    int8 // majority rule: the most jumps found so far
	king    bool // the moving piece (top piece) captures as a king
	wasKing bool // it was a king before the move
	crowned bool // it was crowned during this capture (russian, column)
	occ     uint64
	enemy   uint64 // squares that may still be jumped in this move
	cur     Move
	stack   [32]Tower // tower variants: the towers as they stand mid-capture
	count   bool      // count the quiet moves in n instead of appending them
	n       int
	bits    bool   // Successors: append the quiet moves' positions to succ instead of the moves
	succ    []Bits // Successors: the positions after the quiet moves
	board   Bits   // Successors: the position moved from
	routes  bool   // keep every route, even those that take the same pieces
}

// LegalMoves appends the legal moves of the side to move to buf[:0] and
// returns the result. Captures are compulsory, so when any capture exists
// only captures are returned. In russian and international (and their
// giveaway forms) routes that start and end on the same squares and take the
// same set of pieces are one move (they lead to the same position); in the
// tower variants every route is a move of its own.
func (p *Position) LegalMoves(buf []Move) []Move {
	g := generator{v: p.v, next: &p.v.geo.next, me: p.side, out: buf[:0]}
	g.generate(p)
	return g.out
}

// HasLegalMove reports whether the side to move can move.
func (p *Position) HasLegalMove() bool {
	return p.countMoves(nil) > 0
}

// countMoves returns the number of legal moves, using buf as scratch space
// for captures; quiet moves are only counted.
func (p *Position) countMoves(buf []Move) int {
	g := generator{v: p.v, next: &p.v.geo.next, me: p.side, out: buf[:0], count: true}
	g.generate(p)
	return len(g.out) + g.n
}

// allRoutes returns the legal moves with every capture route kept: in
// russian and international two routes that take the same pieces are both
// listed (LegalMoves lists one of them).
func (p *Position) allRoutes() []Move {
	g := generator{v: p.v, next: &p.v.geo.next, me: p.side, routes: true}
	g.generate(p)
	return g.out
}

// MovesFrom returns the legal moves of the piece (tower) on sq.
func (p *Position) MovesFrom(sq Square) []Move {
	var out []Move
	for _, m := range p.LegalMoves(nil) {
		if m.from == sq {
			out = append(out, m)
		}
	}
	return out
}

func (g *generator) generate(p *Position) {
	v := g.v
	own := p.occ[g.me]
	enemy := p.occ[g.me.Opponent()]
	g.occ = p.occ[White] | p.occ[Black]
	if v.towers {
		g.stack = p.stack
	}
	adj := &v.geo.adj
	for b := own; b != 0; b &= b - 1 {
		sq := Square(trailingZeros(b))
		bit := uint64(1) << uint(sq)
		if enemy&adj[sq] == 0 && (p.kings&bit == 0 || !v.flying) {
			continue // a man (or a short king) captures only an adjacent piece
		}
		// The moving tower is lifted off its square: it may pass over it and land on it again.
		g.occ &^= bit
		g.enemy = p.occ[g.me.Opponent()]
		g.king = p.kings&bit != 0
		g.wasKing = g.king
		g.crowned = false
		g.cur.from = sq
		g.cur.n = 0
		g.cur.set = 0
		if g.king && v.flying {
			g.kingFrom(sq, 0, false)
		} else {
			g.manCapture(sq, 0, false)
		}
		g.occ |= bit
	}
	if len(g.out) > 0 {
		if !v.towers && !g.routes {
			g.dropDuplicates()
		}
		return
	}
	g.quiet(p)
}

// quiet appends the moves without capture.
func (g *generator) quiet(p *Position) {
	last := g.v.geo.lastRow[g.me]
	for b := p.occ[g.me]; b != 0; b &= b - 1 {
		sq := Square(trailingZeros(b))
		if p.kings&(1<<uint(sq)) != 0 {
			for _, d := range allDirections {
				for t := g.next[sq][d]; t != NoSquare && g.occ&(1<<uint(t)) == 0; t = g.next[t][d] {
					if g.count {
						g.n++
					} else {
						g.quietMove(Move{from: sq, to: t})
					}
					if !g.v.flying { // lasca 2.4.1: kings move one square only
						break
					}
				}
			}
			continue
		}
		// Men step one square diagonally forward (1.5.2); reaching the last row crowns.
		if g.count {
			g.n += popcount(g.v.geo.fwd[g.me][sq] &^ g.occ)
			continue
		}
		for _, d := range forward[g.me] {
			t := g.next[sq][d]
			if t == NoSquare || g.occ&(1<<uint(t)) != 0 {
				continue
			}
			if g.count {
				g.n++
			} else {
				g.quietMove(Move{from: sq, to: t, crown: last&(1<<uint(t)) != 0})
			}
		}
	}
}

// quietMove appends a move without capture, or, for Successors, the
// position it leads to (made by the same code as Play).
func (g *generator) quietMove(m Move) {
	if !g.bits {
		g.out = append(g.out, m)
		return
	}
	b := g.board
	b.Occ, b.Kings, b.Side = applyFlat(b.Occ, b.Kings, b.Side, &m)
	g.succ = append(g.succ, b)
}

// jump takes one piece from x: in russian and international the piece stays
// on the board until the move is complete and may not be jumped again
// (Turkish strike); in tower variants only the top piece is taken at once,
// and what remains stays with its new top (1.6.1).
func (g *generator) jump(x, landing Square) (occ, enemy uint64, t Tower) {
	occ, enemy = g.occ, g.enemy
	bit := uint64(1) << uint(x)
	c := &g.cur
	c.jumped[c.n] = x
	c.route[c.n] = landing
	c.n++
	c.set |= bit
	if !g.v.towers {
		g.enemy &^= bit
		return occ, enemy, 0
	}
	t = g.stack[x]
	_, rest := t.popTop()
	g.stack[x] = rest
	switch {
	case rest.Empty():
		g.occ &^= bit
		g.enemy &^= bit
	case rest.Top().Color == g.me:
		// The tower is now the mover's own and cannot be jumped in this move.
		g.enemy &^= bit
	}
	return occ, enemy, t
}

func (g *generator) unjump(x Square, occ, enemy uint64, t Tower, set uint64) {
	g.occ, g.enemy = occ, enemy
	g.cur.n--
	g.cur.set = set
	if g.v.towers {
		g.stack[x] = t
	}
}

// emit records the capture ending on to.
func (g *generator) emit(to Square) {
	c := &g.cur
	if g.v.majority {
		// 004 2.5.1: taking the greatest number of pieces is compulsory; kings and men count alike.
		if c.n < g.best {
			return
		}
		if c.n > g.best {
			g.out = g.out[:g.start]
			g.best = c.n
		}
	}
	m := *c
	m.to = to
	m.route[m.n-1] = to
	// International 2.5.2.1: a man is crowned only if the move ends on the last row;
	// russian and column crown at once during the capture (g.crowned).
	m.crown = !g.wasKing && (g.crowned || g.v.geo.lastRow[g.me]&(1<<uint(to)) != 0)
	g.out = append(g.out, m)
}

// manCapture explores captures by a man, or by a Lasca king, from sq. last
// is the direction of the previous jump when hasLast. It reports whether any
// capture was found.
func (g *generator) manCapture(sq Square, last direction, hasLast bool) bool {
	dirs := allDirections[:] // 1.6.2: men capture backward too (russian, international, column)
	if g.v.family == familyLasca && !g.king {
		dirs = forward[g.me][:] // 2.4.1: Lasca men move and capture forward only
	}
	found := false
	lastRow := g.v.geo.lastRow[g.me]
	for _, d := range dirs {
		// No capture turns straight back over the line just travelled. In the tower
		// variants this is the 180° rule (the seeds do not state it, but the sample
		// column game requires it: after 8.h2:f4 the man stops on f4 although g3 is
		// still topped by Black); in russian and international the jumped piece blocks anyway.
		if hasLast && d == opposite(last) {
			continue
		}
		x := g.next[sq][d]
		if x == NoSquare || g.enemy&(1<<uint(x)) == 0 {
			continue
		}
		y := g.next[x][d]
		if y == NoSquare || g.occ&(1<<uint(y)) != 0 || g.cur.n == maxJumps {
			continue
		}
		found = true
		set := g.cur.set
		occ, enemy, t := g.jump(x, y)
		switch {
		case g.king || lastRow&(1<<uint(y)) == 0:
			if !g.manCapture(y, d, true) {
				g.emit(y)
			}
		case g.v.promoteAndContinue:
			// Russian rules and column 1.6.3: a man reaching the last row during a capture
			// becomes a king at once and goes on capturing as a king.
			g.king, g.crowned = true, true
			if !g.kingFrom(y, d, true) {
				g.king = false
				g.emit(y)
			}
			g.king, g.crowned = false, false
		case g.v.promoteAndStop:
			// Lasca 2.4.2: the man stops on the last row and is crowned.
			g.emit(y)
		default:
			// International 2.5.2.1: the man passes the last row and goes on as a man.
			if !g.manCapture(y, d, true) {
				g.emit(y)
			}
		}
		g.unjump(x, occ, enemy, t, set)
	}
	return found
}

// kingFrom explores captures by a flying king standing on sq; last is the
// direction of the previous jump when hasLast (a man just crowned).
func (g *generator) kingFrom(sq Square, last direction, hasLast bool) bool {
	found := false
	for _, d := range allDirections {
		if hasLast && d == opposite(last) {
			continue
		}
		if g.kingJump(sq, d) {
			found = true
		}
	}
	return found
}

// kingJump tries a flying-king capture from sq in direction d: over empty
// squares to an enemy piece with an empty square beyond.
func (g *generator) kingJump(sq Square, d direction) bool {
	x := g.next[sq][d]
	for x != NoSquare && g.occ&(1<<uint(x)) == 0 {
		x = g.next[x][d]
	}
	if x == NoSquare || g.enemy&(1<<uint(x)) == 0 {
		return false
	}
	y := g.next[x][d]
	if y == NoSquare || g.occ&(1<<uint(y)) != 0 || g.cur.n == maxJumps {
		return false
	}
	set := g.cur.set
	occ, enemy, t := g.jump(x, y)
	g.kingAfter(x, d)
	g.unjump(x, occ, enemy, t, set)
	return true
}

// kingAfter continues a flying king's capture after it jumped x in
// direction d. The king may land on any empty square beyond x, but where
// landing on some of them lets the capture go on it must land on one of
// those (1.6.3). Going on in the same direction is one move whatever square
// the king "paused" on, so it is explored once.
func (g *generator) kingAfter(x Square, d direction) {
	var lands [16]Square
	k := 0
	s := g.next[x][d]
	for s != NoSquare && g.occ&(1<<uint(s)) == 0 {
		lands[k] = s
		k++
		s = g.next[s][d]
	}
	n := g.cur.n
	found := false
	if s != NoSquare && g.enemy&(1<<uint(s)) != 0 {
		g.cur.route[n-1] = lands[0]
		if g.kingJump(lands[k-1], d) {
			found = true
		}
	}
	// Turning is allowed to either side, never straight back (the jumped piece
	// blocks in russian and international; the 180° rule forbids it in towers).
	for i := 0; i < k; i++ {
		for _, pd := range perpendicular[d] {
			g.cur.route[n-1] = lands[i]
			if g.kingJump(lands[i], pd) {
				found = true
			}
		}
	}
	if !found {
		for i := 0; i < k; i++ {
			g.emit(lands[i])
		}
	}
}

// dropDuplicates keeps one route of each (from, to, captured set, crowning):
// in russian and international they lead to the same position.
func (g *generator) dropDuplicates() {
	out := g.out
	long := false
	for i := range out {
		if out[i].n >= 3 {
			long = true
			break
		}
	}
	if !long {
		return
	}
	k := 0
	for i := range out {
		dup := false
		if out[i].n >= 3 {
			for j := 0; j < k; j++ {
				if sameResult(&out[j], &out[i]) {
					dup = true
					break
				}
			}
		}
		if !dup {
			out[k] = out[i]
			k++
		}
	}
	g.out = out[:k]
}

// sameResult reports whether two captures of russian or international lead
// to the same position: same squares, same pieces taken, same crowning.
func sameResult(a, b *Move) bool {
	return a.from == b.from && a.to == b.to && a.set == b.set && a.crown == b.crown
}
