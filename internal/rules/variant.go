package rules

import (
	"fmt"
	"strings"
)

// Square is a playing (dark) square of a variant's board, numbered from 0 in
// postald's internal order: row by row from White's side, left to right. The
// names players use come from [Variant.SquareName] and [Variant.ParseSquare].
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// maxSquares is the number of playing squares of the largest board (10×10).
const maxSquares = 50

// direction is one of the four diagonal directions, seen from White's side.
type direction uint8

const (
	northEast direction = iota // towards higher rows and files
	northWest
	southEast
	southWest
)

// opposite returns the direction turned by 180°.
func opposite(d direction) direction { return 3 - d }

// family is a rule family: the variants of one family move alike and differ only in the aim.
type family uint8

const (
	familyRussian family = iota
	familyInternational
	familyColumn
	familyLasca
)

// geometry holds the constant tables of one board size.
type geometry struct {
	size    int                    // squares per side
	n       int                    // playing squares
	next    [maxSquares][4]Square  // diagonal neighbour or NoSquare
	adj     [maxSquares]uint64     // the diagonal neighbours as a bitboard
	fwd     [2][maxSquares]uint64  // the squares a man of each colour steps to
	file    [maxSquares]int8       // 0 = a
	rank    [maxSquares]int8       // 0 = White's first row
	index   [16][16]Square         // [file][rank] -> square or NoSquare
	lastRow [2]uint64              // promotion rows: [White] is the far row, [Black] the first row
	all     uint64                 // every playing square
	number  [maxSquares]int        // PDN number: 1 is the top-left dark square (international style)
	byNum   [maxSquares + 1]Square // inverse of number
}

func newGeometry(size int) *geometry {
	g := &geometry{size: size}
	for f := range g.index {
		for r := range g.index[f] {
			g.index[f][r] = NoSquare
		}
	}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			if (f+r)%2 != 0 {
				continue
			}
			s := Square(g.n)
			g.file[s], g.rank[s] = int8(f), int8(r)
			g.index[f][r] = s
			g.all |= 1 << uint(s)
			if r == size-1 {
				g.lastRow[White] |= 1 << uint(s)
			}
			if r == 0 {
				g.lastRow[Black] |= 1 << uint(s)
			}
			g.n++
		}
	}
	// PDN numbering: rows from the top (Black's side), left to right.
	num := 0
	for r := size - 1; r >= 0; r-- {
		for f := 0; f < size; f++ {
			if s := g.index[f][r]; s != NoSquare {
				num++
				g.number[s] = num
				g.byNum[num] = s
			}
		}
	}
	steps := [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	for s := 0; s < g.n; s++ {
		for d, st := range steps {
			f, r := int(g.file[s])+st[0], int(g.rank[s])+st[1]
			g.next[s][d] = NoSquare
			if f >= 0 && f < size && r >= 0 && r < size {
				g.next[s][d] = g.index[f][r]
				g.adj[s] |= 1 << uint(g.index[f][r])
				if d < 2 {
					g.fwd[White][s] |= 1 << uint(g.index[f][r])
				} else {
					g.fwd[Black][s] |= 1 << uint(g.index[f][r])
				}
			}
		}
	}
	return g
}

// Variant is one game postald referees: its board, its moves and its aim.
// Variants are constant values obtained from [VariantByID] or [Variants].
type Variant struct {
	id       string
	name     string
	family   family
	giveaway bool
	gameType string
	geo      *geometry
	men      int // men per side at the start
	towers   bool
	flying   bool // kings move and capture at any distance
	majority bool // capturing the most pieces is compulsory (004 2.5.1)
	// promotion during a capture
	promoteAndContinue bool // russian, column: crowned at once, continues as a king
	promoteAndStop     bool // lasca 2.4.2: stops on the last row, crowned
	numeric            bool // the variant's own notation is numeric
}

var allVariants = buildVariants()

func buildVariants() []*Variant {
	g8, g10, g7 := newGeometry(8), newGeometry(10), newGeometry(7)
	base := []Variant{
		{id: "russian", name: "Russian draughts", family: familyRussian, gameType: "25", geo: g8, men: 12,
			flying: true, promoteAndContinue: true},
		{id: "international", name: "International draughts", family: familyInternational, gameType: "20", geo: g10, men: 20,
			flying: true, majority: true, numeric: true},
		{id: "column", name: "Russian column draughts", family: familyColumn, gameType: "42", geo: g8, men: 12,
			towers: true, flying: true, promoteAndContinue: true},
		{id: "lasca", name: "Lasca", family: familyLasca, gameType: "43", geo: g7, men: 11,
			towers: true, promoteAndStop: true, numeric: true},
	}
	giveawayType := map[string]string{"russian": "44", "international": "98", "column": "45", "lasca": "46"}
	var out []*Variant
	for i := range base {
		v := base[i]
		out = append(out, &v)
	}
	for i := range base {
		v := base[i]
		v.id += "-giveaway"
		v.name += ", giveaway"
		v.giveaway = true
		v.gameType = giveawayType[base[i].id]
		out = append(out, &v)
	}
	return out
}

// Variants returns every variant postald supports, base variants first.
func Variants() []*Variant {
	return append([]*Variant(nil), allVariants...)
}

// VariantByID returns the variant with the given stable identifier
// (russian, international, column, lasca, and each with -giveaway).
func VariantByID(id string) (*Variant, error) {
	for _, v := range allVariants {
		if v.id == strings.ToLower(strings.TrimSpace(id)) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("unknown variant %q", id)
}

// VariantByGameType returns the variant whose PDN GameType number is t
// (only the number before the first comma is read). See the package
// documentation for the numbers of the variants PDN does not define.
func VariantByGameType(t string) (*Variant, error) {
	num, _, _ := strings.Cut(strings.TrimSpace(t), ",")
	for _, v := range allVariants {
		if v.gameType == num {
			return v, nil
		}
	}
	return nil, fmt.Errorf("no variant for GameType %q", t)
}

// ID returns the stable identifier, for example "column-giveaway".
func (v *Variant) ID() string { return v.id }

// Name returns the English name of the variant.
func (v *Variant) Name() string { return v.name }

// String returns the identifier.
func (v *Variant) String() string { return v.id }

// GameType returns the PDN GameType number of the variant.
func (v *Variant) GameType() string { return v.gameType }

// Giveaway reports whether the aim is reversed: the side that cannot move wins.
func (v *Variant) Giveaway() bool { return v.giveaway }

// Base returns the variant whose moves this one uses (itself for a base variant).
func (v *Variant) Base() *Variant {
	if !v.giveaway {
		return v
	}
	b, _ := VariantByID(strings.TrimSuffix(v.id, "-giveaway"))
	return b
}

// Towers reports whether captured pieces stay on the board inside towers.
func (v *Variant) Towers() bool { return v.towers }

// BoardSize returns the number of squares along one side of the board.
func (v *Variant) BoardSize() int { return v.geo.size }

// NumSquares returns the number of playing squares.
func (v *Variant) NumSquares() int { return v.geo.n }

// Numeric reports whether the variant's own notation is numeric (international, Lasca).
func (v *Variant) Numeric() bool { return v.numeric }

// Coords returns the file (0 = a) and the row (0 = White's first row) of sq.
func (v *Variant) Coords(sq Square) (file, row int) {
	return int(v.geo.file[sq]), int(v.geo.rank[sq])
}

// SquareAt returns the square at the given file and row, or NoSquare when it
// is off the board or a light square.
func (v *Variant) SquareAt(file, row int) Square {
	if file < 0 || row < 0 || file >= v.geo.size || row >= v.geo.size {
		return NoSquare
	}
	return v.geo.index[file][row]
}

// SquareName returns the name of sq in the variant's own notation: algebraic
// for 8×8 (c3), numeric for international (1..50) and Lasca (1..25).
func (v *Variant) SquareName(sq Square) string {
	if v.numeric {
		return v.NumericName(sq)
	}
	return v.AlgebraicName(sq)
}

// AlgebraicName returns the algebraic name of sq, for example "c3".
func (v *Variant) AlgebraicName(sq Square) string {
	if !v.valid(sq) {
		return "?"
	}
	return string(rune('a'+v.geo.file[sq])) + fmt.Sprint(v.geo.rank[sq]+1)
}

// NumericName returns the number of sq in the variant's numeric notation:
// international style (1 = top-left dark square) on 8×8 and 10×10, and
// Lasca's own numbering (1 = a1, row by row from White's side) on 7×7.
func (v *Variant) NumericName(sq Square) string {
	if !v.valid(sq) {
		return "?"
	}
	return fmt.Sprint(v.squareNumber(sq))
}

func (v *Variant) squareNumber(sq Square) int {
	if v.family == familyLasca {
		return int(sq) + 1
	}
	return v.geo.number[sq]
}

func (v *Variant) squareByNumber(n int) Square {
	if n < 1 || n > v.geo.n {
		return NoSquare
	}
	if v.family == familyLasca {
		return Square(n - 1)
	}
	return v.geo.byNum[n]
}

func (v *Variant) valid(sq Square) bool { return sq >= 0 && int(sq) < v.geo.n }

// normalizeFile returns the Latin lower-case file letter r stands for, or 0.
// Upper-case Latin letters are read as lower case, and the Cyrillic letters
// that look like Latin file letters are read as those letters (4.2.2 lets a
// player write «Е» for e): а А → a, в В → b, с С → c, е Е → e, н Н → h.
func normalizeFile(r rune) rune {
	switch r {
	case 'а', 'А':
		return 'a'
	case 'в', 'В':
		return 'b'
	case 'с', 'С':
		return 'c'
	case 'е', 'Е':
		return 'e'
	case 'н', 'Н':
		return 'h'
	}
	if r >= 'A' && r <= 'Z' {
		r += 'a' - 'A'
	}
	if r >= 'a' && r <= 'z' {
		return r
	}
	return 0
}

// ParseSquare reads a square name: algebraic on 8×8 and 7×7 (upper case and
// the Cyrillic look-alikes а в с е н accepted), numeric on 10×10 and 7×7.
func (v *Variant) ParseSquare(s string) (Square, error) {
	sq, n := v.scanSquare(s)
	if sq == NoSquare || n != len(s) {
		return NoSquare, fmt.Errorf("%s: bad square %q", v.id, s)
	}
	return sq, nil
}

// scanSquare reads a square at the start of s and returns it with the number
// of bytes read, or NoSquare.
func (v *Variant) scanSquare(s string) (Square, int) {
	if s == "" {
		return NoSquare, 0
	}
	if s[0] >= '0' && s[0] <= '9' {
		if !v.numeric { // numbers on 8×8 are read only by ParseFEN
			return NoSquare, 0
		}
		n, i := 0, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 3 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		return v.squareByNumber(n), i
	}
	var r rune
	var size int
	for i, c := range s {
		if i > 0 {
			break
		}
		r = c
		size = len(string(c))
	}
	f := normalizeFile(r)
	if f == 0 || v.family == familyInternational {
		return NoSquare, 0
	}
	rest := s[size:]
	if rest == "" || rest[0] < '1' || rest[0] > '9' {
		return NoSquare, 0
	}
	row, i := int(rest[0]-'0'), 1
	if i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		return NoSquare, 0
	}
	sq := v.SquareAt(int(f-'a'), row-1)
	return sq, size + i
}
