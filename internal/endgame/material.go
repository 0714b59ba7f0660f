package endgame

import (
	"fmt"
	"sort"
	"strconv"
)

// Material is what a position holds, without the places: the men and kings
// of the side to move ("us") and of its opponent ("them"). Each material is
// one table of the database, its positions numbered by a perfect index.
type Material struct {
	UsMen, UsKings, ThemMen, ThemKings int8
}

// Pieces returns the number of pieces on the board.
func (m Material) Pieces() int { return int(m.UsMen + m.UsKings + m.ThemMen + m.ThemKings) }

// Men returns the number of men on the board.
func (m Material) Men() int { return int(m.UsMen + m.ThemMen) }

// Turned returns the material seen from the other side.
func (m Material) Turned() Material {
	return Material{UsMen: m.ThemMen, UsKings: m.ThemKings, ThemMen: m.UsMen, ThemKings: m.UsKings}
}

// valid reports whether both sides have a piece: a side to move without
// pieces has lost and is not stored.
func (m Material) valid() bool {
	return m.UsMen >= 0 && m.UsKings >= 0 && m.ThemMen >= 0 && m.ThemKings >= 0 &&
		m.UsMen+m.UsKings > 0 && m.ThemMen+m.ThemKings > 0
}

// String writes the material as the file names have it: the side to move's
// men and kings, a dash, its opponent's: "1m2k-0m1k".
func (m Material) String() string {
	return fmt.Sprintf("%dm%dk-%dm%dk", m.UsMen, m.UsKings, m.ThemMen, m.ThemKings)
}

// ParseMaterial reads what String writes.
func ParseMaterial(s string) (Material, error) {
	var m Material
	var n [4]int
	if len(s) != 9 || s[1] != 'm' || s[3] != 'k' || s[4] != '-' || s[6] != 'm' || s[8] != 'k' {
		return m, fmt.Errorf("material %q: want the form 1m2k-0m1k", s)
	}
	for i, at := range []int{0, 2, 5, 7} {
		v, err := strconv.Atoi(s[at : at+1])
		if err != nil {
			return m, fmt.Errorf("material %q: %w", s, err)
		}
		n[i] = v
	}
	m = Material{int8(n[0]), int8(n[1]), int8(n[2]), int8(n[3])}
	if !m.valid() {
		return m, fmt.Errorf("material %q: each side needs a piece", s)
	}
	return m, nil
}

// code packs the material into a small number, for tables indexed by material.
func (m Material) code() int {
	return int(m.UsMen)<<9 | int(m.UsKings)<<6 | int(m.ThemMen)<<3 | int(m.ThemKings)
}

// maxPieces is the most pieces a database can hold: three bits per count in code.
const maxPieces = 7

// Materials returns every material with at most pieces pieces, in the
// order they can be built: fewer pieces first, and among as many pieces
// fewer men first (a man that is crowned leads to a material with one man
// less). A material and its Turned are built together and listed one after
// the other.
func (b *board) materials(pieces int) []Material {
	var out []Material
	for n := 2; n <= pieces && n <= maxPieces; n++ {
		for um := 0; um <= n; um++ {
			for uk := 0; um+uk <= n; uk++ {
				for tm := 0; um+uk+tm <= n; tm++ {
					m := Material{int8(um), int8(uk), int8(tm), int8(n - um - uk - tm)}
					if m.valid() && b.fits(m) {
						out = append(out, m)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return buildsBefore(out[i], out[j]) })
	// Put each material next to its Turned.
	var paired []Material
	seen := map[Material]bool{}
	for _, m := range out {
		if seen[m] {
			continue
		}
		seen[m] = true
		paired = append(paired, m)
		if t := m.Turned(); !seen[t] {
			seen[t] = true
			paired = append(paired, t)
		}
	}
	return paired
}

// buildsBefore orders materials for building: pieces, then men, then a
// fixed order among the rest.
func buildsBefore(a, b Material) bool {
	if a.Pieces() != b.Pieces() {
		return a.Pieces() < b.Pieces()
	}
	if a.Men() != b.Men() {
		return a.Men() < b.Men()
	}
	ka, kb := pairKey(a), pairKey(b)
	return ka < kb
}

// pairKey names the pair {m, m.Turned()} by the smaller code of the two.
func pairKey(m Material) int {
	a, b := m.code(), m.Turned().code()
	if b < a {
		return b
	}
	return a
}

// fits reports whether the men of m find room on the board.
func (b *board) fits(m Material) bool {
	menSquares := b.n - b.row
	return int(m.UsMen) <= menSquares && int(m.ThemMen) <= menSquares && m.Pieces() <= b.n
}
