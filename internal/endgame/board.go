package endgame

import (
	"fmt"
	"math/bits"

	"postald/internal/rules"
)

// Directions on the board, seen from the side to move: the first two lead
// towards its promotion row.
const (
	upRight = iota
	upLeft
	downRight
	downLeft
)

// board holds the constant tables of one variant's board, in the
// orientation every stored position has: the side to move plays up the
// board, from row 0 towards row size-1, like White.
type board struct {
	v     *rules.Variant
	n     int                 // playing squares
	row   int                 // playing squares in one row
	next  [64][4]int8         // diagonal neighbour or -1
	all   uint64              // every playing square
	first uint64              // row 0: the side to move's first row, its opponent's promotion row
	last  uint64              // the last row: the side to move's promotion row
	below [65]uint64          // below[s]: the squares numbered under s
	bits  [64]uint64          // 1 << s
	flip  func(uint64) uint64 // the board turned by 180°
}

// boardOf returns the tables of v, a variant without towers.
func boardOf(v *rules.Variant) (*board, error) {
	if v.Towers() {
		return nil, fmt.Errorf("variant %s has towers: no endgame database", v.ID())
	}
	size := v.BoardSize()
	b := &board{v: v, n: v.NumSquares(), row: size / 2}
	steps := [4][2]int{upRight: {1, 1}, upLeft: {-1, 1}, downRight: {1, -1}, downLeft: {-1, -1}}
	for s := 0; s < b.n; s++ {
		f, r := v.Coords(rules.Square(s))
		for d, st := range steps {
			b.next[s][d] = int8(v.SquareAt(f+st[0], r+st[1]))
		}
		b.all |= 1 << uint(s)
		if r == 0 {
			b.first |= 1 << uint(s)
		}
		if r == size-1 {
			b.last |= 1 << uint(s)
		}
	}
	for s := 0; s <= b.n; s++ {
		b.below[s] = 1<<uint(s) - 1
	}
	for s := range b.bits {
		b.bits[s] = 1 << uint(s)
	}
	// Squares are numbered row by row from White's side, so turning the
	// board by 180° maps square s to n-1-s: a bit reversal.
	switch b.n {
	case 32:
		b.flip = func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) }
	case 50:
		b.flip = func(x uint64) uint64 { return bits.Reverse64(x) >> 14 }
	default:
		shift := uint(64 - b.n)
		b.flip = func(x uint64) uint64 { return bits.Reverse64(x) >> shift }
	}
	// Check the numbering the flip relies on.
	for s := 0; s < b.n; s++ {
		f, r := v.Coords(rules.Square(s))
		if t := v.SquareAt(size-1-f, size-1-r); int(t) != b.n-1-s {
			return nil, fmt.Errorf("variant %s: square %d does not turn into %d", v.ID(), s, b.n-1-s)
		}
	}
	return b, nil
}

// side is one side's pieces in the stored orientation.
type side struct{ men, kings uint64 }

// pos is a position as the databases store it: the side to move ("us")
// plays up the board.
type pos struct{ us, them side }

// canonical turns a position with either side to move into the stored
// orientation: Black to move is turned by 180° with the colours swapped.
func (b *board) canonical(x rules.Bits) pos {
	w, bl, k := x.Occ[rules.White], x.Occ[rules.Black], x.Kings
	if x.Side == rules.White {
		return pos{us: side{w &^ k, w & k}, them: side{bl &^ k, bl & k}}
	}
	w, bl, k = b.flip(w), b.flip(bl), b.flip(k)
	return pos{us: side{bl &^ k, bl & k}, them: side{w &^ k, w & k}}
}

// rulesBits returns p as the rules engine's bitboards with White to move.
func (p pos) rulesBits() rules.Bits {
	return rules.Bits{Occ: [2]uint64{p.us.men | p.us.kings, p.them.men | p.them.kings}, Kings: p.us.kings | p.them.kings, Side: rules.White}
}

// turned returns the position seen from the other side: after a move of
// the side to move (given as its bitboards with Black now to move) the
// opponent becomes "us".
func (b *board) turned(x rules.Bits) pos {
	w, bl, k := b.flip(x.Occ[rules.White]), b.flip(x.Occ[rules.Black]), b.flip(x.Kings)
	return pos{us: side{bl &^ k, bl & k}, them: side{w &^ k, w & k}}
}

// material returns the material of p.
func (p pos) material() Material {
	return Material{
		UsMen: int8(bits.OnesCount64(p.us.men)), UsKings: int8(bits.OnesCount64(p.us.kings)),
		ThemMen: int8(bits.OnesCount64(p.them.men)), ThemKings: int8(bits.OnesCount64(p.them.kings)),
	}
}

func (p pos) occupied() uint64 { return p.us.men | p.us.kings | p.them.men | p.them.kings }
