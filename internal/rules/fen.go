package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// ParseFEN reads a position in postald's FEN (see the package
// documentation for the grammar): PDN FEN for russian and international
// (W:W31,32,K45:B1,2 or W:Wa1,c1,Kh8:B...), with towers written top piece
// first for column and Lasca (W:Wc3(wbb),e1:Bd6(Bww)). It also reads the
// real-world forms found in PDN files: a trailing dot, spaces, numeric
// squares on 8×8 (1 = b8 … 32 = g1), number ranges (W31-50), an empty piece
// list, the lists in either order, and trailing :H…/:F… counters.
func ParseFEN(v *Variant, s string) (Position, error) {
	p, err := parseFEN(v, s)
	if err != nil {
		return Position{}, fmt.Errorf("%s FEN %q: %w", v.id, s, err)
	}
	return p, nil
}

func parseFEN(v *Variant, s string) (Position, error) {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	s = strings.TrimSuffix(strings.Trim(s, `"`), ".")
	parts := strings.Split(s, ":")
	if len(parts) < 3 {
		return Position{}, fmt.Errorf("want side:list:list")
	}
	p := v.Empty()
	switch parts[0] {
	case "W", "w":
		p.side = White
	case "B", "b":
		p.side = Black
	default:
		return Position{}, fmt.Errorf("side to move %q is not W or B", parts[0])
	}
	seen := [2]bool{}
	var filled uint64
	for _, list := range parts[1:] {
		if list == "" {
			return Position{}, fmt.Errorf("empty section")
		}
		var c Color
		switch list[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		case 'H', 'h', 'F', 'f':
			continue // move counters written by some programs
		default:
			return Position{}, fmt.Errorf("piece list %q does not start with W or B", list)
		}
		if seen[c] {
			return Position{}, fmt.Errorf("two %s piece lists", c)
		}
		seen[c] = true
		if err := parseFENList(&p, c, list[1:], &filled); err != nil {
			return Position{}, err
		}
	}
	if !seen[White] || !seen[Black] {
		return Position{}, fmt.Errorf("want a W list and a B list")
	}
	return p, nil
}

func parseFENList(p *Position, c Color, list string, filled *uint64) error {
	if list == "" {
		return nil // an empty piece list is allowed
	}
	v := p.v
	for _, item := range splitItems(list) {
		if item == "" {
			return fmt.Errorf("empty item in %q", list)
		}
		king := false
		if item[0] == 'K' || item[0] == 'k' {
			king = true
			item = item[1:]
		}
		sqText, towerText, hasTower := strings.Cut(item, "(")
		var t Tower
		if hasTower {
			if king {
				return fmt.Errorf("%q: K before a tower; write kings inside the parentheses", item)
			}
			if !strings.HasSuffix(towerText, ")") {
				return fmt.Errorf("%q: tower not closed", item)
			}
			var err error
			if t, err = parseTowerLetters(strings.TrimSuffix(towerText, ")")); err != nil {
				return fmt.Errorf("%q: %w", item, err)
			}
			if t.Top().Color != c {
				return fmt.Errorf("%q: the top piece is not %s", item, c)
			}
			if !v.towers && t.Height() > 1 {
				return fmt.Errorf("%q: %s has no towers", item, v.id)
			}
		} else {
			t, _ = TowerOf(Piece{Color: c, King: king})
		}
		squares, err := fenSquares(v, sqText)
		if err != nil {
			return err
		}
		for _, sq := range squares {
			bit := uint64(1) << uint(sq)
			if *filled&bit != 0 {
				return fmt.Errorf("square %s given twice", v.SquareName(sq))
			}
			*filled |= bit
			if !p.SetTower(sq, t) {
				return fmt.Errorf("more than %d pieces on the board", MaxTowerHeight)
			}
		}
	}
	return nil
}

// splitItems splits a piece list at the commas outside parentheses.
func splitItems(list string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, list[start:i])
				start = i + 1
			}
		}
	}
	return append(out, list[start:])
}

// parseTowerLetters reads a tower written top first: w b men, W B kings.
func parseTowerLetters(s string) (Tower, error) {
	if s == "" {
		return 0, fmt.Errorf("empty tower")
	}
	if len(s) > MaxTowerHeight {
		return 0, fmt.Errorf("tower higher than %d", MaxTowerHeight)
	}
	var t Tower
	for i := 0; i < len(s); i++ {
		var pc Piece
		switch s[i] {
		case 'w':
		case 'W':
			pc.King = true
		case 'b':
			pc.Color = Black
		case 'B':
			pc.Color, pc.King = Black, true
		default:
			return 0, fmt.Errorf("bad piece letter %q", s[i])
		}
		t = t.pushBottom(pc)
	}
	return t, nil
}

// fenSquares reads one square or a numeric range a-b.
func fenSquares(v *Variant, s string) ([]Square, error) {
	if lo, hi, ok := strings.Cut(s, "-"); ok {
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a > b {
			return nil, fmt.Errorf("bad range %q", s)
		}
		var out []Square
		for n := a; n <= b; n++ {
			sq := fenNumber(v, n)
			if sq == NoSquare {
				return nil, fmt.Errorf("no square %d", n)
			}
			out = append(out, sq)
		}
		return out, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		if sq := fenNumber(v, n); sq != NoSquare {
			return []Square{sq}, nil
		}
		return nil, fmt.Errorf("no square %q", s)
	}
	if v.family == familyInternational {
		return nil, fmt.Errorf("bad square %q", s)
	}
	sq, n := v.scanSquare(s)
	if sq == NoSquare || n != len(s) {
		return nil, fmt.Errorf("bad square %q", s)
	}
	return []Square{sq}, nil
}

// fenNumber maps a FEN square number to a square: the variant's numbering on
// 10×10 and 7×7, and on 8×8 the PDN numbering (1 = b8, 32 = g1) Russian files use.
func fenNumber(v *Variant, n int) Square {
	if v.family == familyLasca {
		return v.squareByNumber(n)
	}
	if n < 1 || n > v.geo.n {
		return NoSquare
	}
	return v.geo.byNum[n]
}

// FEN writes the position in postald's FEN: White's list first, squares in
// the variant's order (numeric variants by number), kings with a K prefix,
// towers of two or more pieces as square(letters), top first.
func (p *Position) FEN() string {
	var b strings.Builder
	if p.side == White {
		b.WriteString("W")
	} else {
		b.WriteString("B")
	}
	for _, c := range []Color{White, Black} {
		b.WriteString(":")
		b.WriteByte("WB"[c])
		squares := p.Squares(c)
		if p.v.numeric {
			sort.Slice(squares, func(i, j int) bool {
				return p.v.squareNumber(squares[i]) < p.v.squareNumber(squares[j])
			})
		}
		for i, sq := range squares {
			if i > 0 {
				b.WriteByte(',')
			}
			t := p.Tower(sq)
			if t.Height() > 1 {
				b.WriteString(p.v.SquareName(sq))
				b.WriteString("(" + t.String() + ")")
				continue
			}
			if t.Top().King {
				b.WriteByte('K')
			}
			b.WriteString(p.v.SquareName(sq))
		}
	}
	return b.String()
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
