package endgame

// Verdict is the result of a position for the side to move with best play
// on both sides.
type Verdict uint8

// The verdicts. Unknown is a position the database does not hold.
const (
	Unknown Verdict = iota
	Win
	Draw
	Loss
)

// String returns "win", "draw", "loss" or "?", the words of postald
// endgame probe.
func (v Verdict) String() string {
	switch v {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return "?"
}

// Value is what the database knows of a position: the verdict for the
// side to move and, for a win or a loss, the number of plies (moves of
// either side) to the end of the game with best play: the winner ends it as
// fast as he can, the loser puts it off as long as he can. Plies is -1 when
// the distance is not known (a database built without distances).
type Value struct {
	Verdict Verdict
	Plies   int
}

// Moves returns the winner's moves to the end of the game: for a win the
// side to move's, for a loss its opponent's. A draw has none.
func (v Value) Moves() int {
	switch {
	case v.Plies < 0 || v.Verdict == Draw || v.Verdict == Unknown:
		return 0
	case v.Verdict == Win:
		return (v.Plies + 1) / 2
	}
	return v.Plies / 2
}

// Table holds the values of one material in memory, one code per position
// in index order: 0 a draw, otherwise the plies to the end plus one; whether
// that is a win or a loss follows from the parity (in the normal game a
// side to move with no move has lost, so a loss is an even number of plies;
// in giveaway it has won). Codes take one byte while the longest distance
// fits, two otherwise.
type Table struct {
	Material Material
	giveaway bool
	narrow   []uint8
	wide     []uint16
}

// NewTable returns a table of n positions, all draws; wide tables hold
// distances beyond 254 plies.
func NewTable(m Material, giveaway bool, n uint64, wide bool) *Table {
	t := &Table{Material: m, giveaway: giveaway}
	if wide {
		t.wide = make([]uint16, n)
	} else {
		t.narrow = make([]uint8, n)
	}
	return t
}

// Len returns the number of positions.
func (t *Table) Len() uint64 {
	if t.wide != nil {
		return uint64(len(t.wide))
	}
	return uint64(len(t.narrow))
}

// Wide reports whether codes take two bytes.
func (t *Table) Wide() bool { return t.wide != nil }

// code returns the code of position i.
func (t *Table) code(i uint64) int {
	if t.wide != nil {
		return int(t.wide[i])
	}
	return int(t.narrow[i])
}

// Set stores the value of position i; a win or loss must carry its plies.
func (t *Table) Set(i uint64, v Value) {
	c := 0
	if v.Verdict == Win || v.Verdict == Loss {
		c = v.Plies + 1
	}
	if t.wide != nil {
		t.wide[i] = uint16(c)
	} else {
		t.narrow[i] = uint8(c)
	}
}

// Value returns the value of position i.
func (t *Table) Value(i uint64) Value { return CodeValue(t.code(i), t.giveaway) }

// CodeValue reads a code of a table (see [Table]).
func CodeValue(c int, giveaway bool) Value {
	if c == 0 {
		return Value{Verdict: Draw}
	}
	plies := c - 1
	if (plies%2 == 0) != giveaway {
		return Value{Verdict: Loss, Plies: plies}
	}
	return Value{Verdict: Win, Plies: plies}
}

// Codes returns the one-byte codes, or nil for a wide table.
func (t *Table) Codes() []uint8 { return t.narrow }

// WideCodes returns the two-byte codes, or nil for a narrow table.
func (t *Table) WideCodes() []uint16 { return t.wide }

// TableOf wraps codes read back from a file.
func TableOf(m Material, giveaway bool, narrow []uint8, wide []uint16) *Table {
	return &Table{Material: m, giveaway: giveaway, narrow: narrow, wide: wide}
}
