package rules

import "math/bits"

// maxJumps bounds the number of pieces one capture can take. No legal
// position comes near it: a tower variant holds at most MaxTowerHeight
// pieces in all, and the geometry of the 10×10 board allows far fewer
// captures than 32 in one move.
const maxJumps = 32

// Move is one turn of one side: a quiet move or a whole capture sequence.
// It is a value of fixed size; the zero Move is no move.
type Move struct {
	from, to Square
	n        int8 // number of jumps; 0 for a quiet move
	crown    bool
	jumped   [maxJumps]Square // jumped squares in capture order
	route    [maxJumps]Square // landing square after each jump
	set      uint64           // union of the jumped squares
}

// From returns the square the moving piece (tower) starts on.
func (m Move) From() Square { return m.from }

// To returns the square it ends on.
func (m Move) To() Square { return m.to }

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.n > 0 }

// Crowns reports whether the moving piece becomes a king by this move.
func (m Move) Crowns() bool { return m.crown }

// NumJumps returns the number of pieces taken.
func (m Move) NumJumps() int { return int(m.n) }

// Jumped returns the jumped squares in capture order. In tower variants a
// square may appear more than once: each time one piece is taken from it.
func (m Move) Jumped() []Square { return append([]Square(nil), m.jumped[:m.n]...) }

// Route returns the landing squares in order, the last being To. After each
// jump the landing square is where the piece stopped before the next jump;
// when a flying king goes on in the same direction it is the square just
// behind the captured piece (the PDN convention). A quiet move has the
// one-element route [To].
func (m Move) Route() []Square {
	if m.n == 0 {
		return []Square{m.to}
	}
	return append([]Square(nil), m.route[:m.n]...)
}

// Equal reports whether m and o are the same move: same squares, same
// pieces taken in the same order, same crowning.
func (m Move) Equal(o Move) bool { return m.sameRoute(&o) && m.crown == o.crown }

// sameRoute reports whether m and o start, end and jump alike in the same order.
func (m *Move) sameRoute(o *Move) bool {
	return m.from == o.from && m.to == o.to && m.n == o.n && m.jumped == o.jumped
}

func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

func popcount(b uint64) int { return bits.OnesCount64(b) }

// SameMove reports whether a and b, legal moves of p, are the same move as
// full notation tells moves apart: [FormatMove] writes them alike. The moves
// themselves are compared (the same route, or, in russian and international,
// the same pieces taken: see LegalMoves); only two different routes that lead
// to the same position are written out, which happens in the tower variants,
// where every route is a move of its own and a capture whose route the
// notation cannot tell from another's is the same move for the game.
func (p *Position) SameMove(a, b Move) bool {
	if a.Equal(b) {
		return true
	}
	if !p.v.towers {
		if !sameResult(&a, &b) {
			return false
		}
	} else if x, y := p.Play(a), p.Play(b); !x.Equal(&y) {
		return false
	}
	return FormatMove(p, a) == FormatMove(p, b)
}
