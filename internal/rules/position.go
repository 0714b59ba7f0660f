package rules

import "strings"

// Color is a side: White or Black.
type Color uint8

// The two sides; White moves first (1.7).
const (
	White Color = iota
	Black
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Piece is one draughtsman: a man or a king of one colour.
type Piece struct {
	Color Color
	King  bool
}

// letter returns w, b, W or B (kings upper case), the letters of postald's FEN.
func (pc Piece) letter() byte {
	c := byte('w')
	if pc.Color == Black {
		c = 'b'
	}
	if pc.King {
		c -= 'a' - 'A'
	}
	return c
}

// Tower is a stack of pieces on one square, top piece first. In variants
// without towers every occupied square holds a one-piece tower. The zero
// Tower is an empty square.
//
// Encoding: bit i (0 = top) of the low 24 bits is set when piece i is black,
// bit 24+i when it is a king, and bits 56..61 hold the height.
type Tower uint64

// MaxTowerHeight is the largest number of pieces in one tower (all the
// pieces of a column game).
const MaxTowerHeight = 24

const (
	towerKingShift   = 24
	towerHeightShift = 56
	towerColorMask   = 1<<MaxTowerHeight - 1
)

// TowerOf builds a tower from its pieces, top first. It returns false when
// there are more than MaxTowerHeight pieces.
func TowerOf(pieces ...Piece) (Tower, bool) {
	if len(pieces) > MaxTowerHeight {
		return 0, false
	}
	var t Tower
	for _, pc := range pieces {
		t = t.pushBottom(pc)
	}
	return t, true
}

// Height returns the number of pieces in the tower.
func (t Tower) Height() int { return int(t >> towerHeightShift) }

// Empty reports whether the tower holds no piece.
func (t Tower) Empty() bool { return t == 0 }

// Piece returns the i-th piece from the top (0 is the top piece).
func (t Tower) Piece(i int) Piece {
	return Piece{Color: Color(t >> uint(i) & 1), King: t>>(towerKingShift+uint(i))&1 == 1}
}

// Top returns the top piece, which decides who owns the tower and how it moves (1.5.1).
func (t Tower) Top() Piece { return t.Piece(0) }

// Pieces returns the pieces, top first.
func (t Tower) Pieces() []Piece {
	out := make([]Piece, t.Height())
	for i := range out {
		out[i] = t.Piece(i)
	}
	return out
}

// String writes the pieces top first as letters: w b for men, W B for kings.
func (t Tower) String() string {
	var b strings.Builder
	for i := 0; i < t.Height(); i++ {
		b.WriteByte(t.Piece(i).letter())
	}
	return b.String()
}

// pushBottom puts pc under the tower (1.6.1: captured pieces go under the capturing tower).
func (t Tower) pushBottom(pc Piece) Tower {
	h := uint(t.Height())
	t &^= 0x3f << towerHeightShift
	if pc.Color == Black {
		t |= 1 << h
	}
	if pc.King {
		t |= 1 << (towerKingShift + h)
	}
	return t | Tower(h+1)<<towerHeightShift
}

// popTop removes the top piece and returns it with what remains.
func (t Tower) popTop() (Piece, Tower) {
	top := t.Top()
	h := t.Height()
	colors := (t & towerColorMask) >> 1
	kings := (t >> towerKingShift & towerColorMask) >> 1
	return top, colors | kings<<towerKingShift | Tower(h-1)<<towerHeightShift
}

// crown makes the top piece a king; pieces below keep their rank (1.5.2).
func (t Tower) crown() Tower { return t | 1<<towerKingShift }

// Position is a board position with the side to move. It is a value: copy
// it freely; Play returns a new Position. The zero Position belongs to no
// variant and must not be used: positions come from [Variant.Start],
// [Variant.Empty] and [ParseFEN].
type Position struct {
	v     *Variant
	side  Color
	occ   [2]uint64 // squares whose (top) piece is of that colour
	kings uint64    // squares whose (top) piece is a king
	stack [32]Tower // tower variants only: the whole tower on each square
}

// Variant returns the variant the position belongs to.
func (p *Position) Variant() *Variant { return p.v }

// SideToMove returns the side whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// Start returns the initial position: White's men on the rows nearest to
// White (three rows on 8×8 and 7×7, four on 10×10), Black's on the far rows,
// White to move (1.7).
func (v *Variant) Start() Position {
	p := Position{v: v}
	rows := 3
	if v.geo.size == 10 {
		rows = 4
	}
	for s := 0; s < v.geo.n; s++ {
		r := int(v.geo.rank[s])
		switch {
		case r < rows:
			p.put(Square(s), Piece{Color: White})
		case r >= v.geo.size-rows:
			p.put(Square(s), Piece{Color: Black})
		}
	}
	return p
}

// Empty returns a position with no pieces and White to move, to be filled by
// [Position.SetTower].
func (v *Variant) Empty() Position { return Position{v: v} }

// put places a one-piece tower on an empty square.
func (p *Position) put(sq Square, pc Piece) {
	t, _ := TowerOf(pc)
	p.setTower(sq, t)
}

// setTower stores t on sq and updates the bitboards.
func (p *Position) setTower(sq Square, t Tower) {
	bit := uint64(1) << uint(sq)
	p.occ[White] &^= bit
	p.occ[Black] &^= bit
	p.kings &^= bit
	if p.v.towers {
		p.stack[sq] = t
	}
	if t.Empty() {
		return
	}
	top := t.Top()
	p.occ[top.Color] |= bit
	if top.King {
		p.kings |= bit
	}
}

// SetTower puts t on sq (an empty Tower clears the square). It reports
// false and changes nothing when sq is not a square of the board, when the
// variant has no towers and t has more than one piece, or when the board
// would hold more than MaxTowerHeight pieces in a tower variant (so that no
// capture can build a tower higher than that).
func (p *Position) SetTower(sq Square, t Tower) bool {
	if !p.v.valid(sq) || (!p.v.towers && t.Height() > 1) {
		return false
	}
	if p.v.towers && p.pieceCount()-p.Tower(sq).Height()+t.Height() > MaxTowerHeight {
		return false
	}
	p.setTower(sq, t)
	return true
}

// pieceCount returns the number of pieces on the board, buried ones included.
func (p *Position) pieceCount() int {
	if !p.v.towers {
		return popcount(p.occ[White] | p.occ[Black])
	}
	n := 0
	for b := p.occ[White] | p.occ[Black]; b != 0; b &= b - 1 {
		n += p.stack[trailingZeros(b)].Height()
	}
	return n
}

// SetSideToMove sets whose turn it is.
func (p *Position) SetSideToMove(c Color) { p.side = c }

// Tower returns the tower on sq (an empty Tower for an empty square).
func (p *Position) Tower(sq Square) Tower {
	if !p.v.valid(sq) {
		return 0
	}
	if p.v.towers {
		return p.stack[sq]
	}
	bit := uint64(1) << uint(sq)
	switch {
	case p.occ[White]&bit != 0:
		t, _ := TowerOf(Piece{Color: White, King: p.kings&bit != 0})
		return t
	case p.occ[Black]&bit != 0:
		t, _ := TowerOf(Piece{Color: Black, King: p.kings&bit != 0})
		return t
	}
	return 0
}

// PieceAt returns the (top) piece on sq and whether there is one.
func (p *Position) PieceAt(sq Square) (Piece, bool) {
	if !p.v.valid(sq) {
		return Piece{}, false
	}
	bit := uint64(1) << uint(sq)
	switch {
	case p.occ[White]&bit != 0:
		return Piece{Color: White, King: p.kings&bit != 0}, true
	case p.occ[Black]&bit != 0:
		return Piece{Color: Black, King: p.kings&bit != 0}, true
	}
	return Piece{}, false
}

// Squares returns the squares whose (top) piece belongs to c, in square order.
func (p *Position) Squares(c Color) []Square {
	var out []Square
	for b := p.occ[c]; b != 0; b &= b - 1 {
		out = append(out, Square(trailingZeros(b)))
	}
	return out
}

// Equal reports whether p and q are the same position: same variant, same
// side to move and the same towers, composition included.
func (p *Position) Equal(q *Position) bool {
	return p.v == q.v && p.side == q.side && p.occ == q.occ && p.kings == q.kings && p.stack == q.stack
}

// Outcome is the state of a game decided on the board.
type Outcome uint8

// The outcomes decided on the board (1.12). Draws are claimed or agreed,
// never decided by the position alone; see [Game.DrawClaims].
const (
	Ongoing   Outcome = iota // the side to move has a legal move
	WhiteWins                // Black cannot move (White can, in giveaway)
	BlackWins                // White cannot move (Black can, in giveaway)
)

// String returns "ongoing", "white wins" or "black wins".
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "white wins"
	case BlackWins:
		return "black wins"
	}
	return "ongoing"
}

// Winner returns the winner of a decided outcome.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// Outcome tells whether the game is over on the board. A side to move that has
// no piece (towers: no tower topped by its colour) or no legal move has lost
// (1.12); in a giveaway variant it has won.
func (p *Position) Outcome() Outcome {
	if p.occ[p.side] != 0 && p.HasLegalMove() {
		return Ongoing
	}
	winner := p.side.Opponent()
	if p.v.giveaway {
		winner = p.side
	}
	if winner == White {
		return WhiteWins
	}
	return BlackWins
}
