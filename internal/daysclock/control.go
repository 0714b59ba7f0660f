package daysclock

// Control is the time control of clause 4.3.1: Days days for every Moves moves, accumulating.
// After his move Moves·k a player's accrued days must not exceed Days·k. The numbers come from
// the tournament's regulation (control_moves, control_days); the seed's are 10 and 50.
type Control struct {
	Moves int `json:"moves"`
	Days  int `json:"days"`
}

// DefaultControl is the seed's control: 50 days for every 10 moves (4.3.1).
func DefaultControl() Control { return Control{Moves: 10, Days: 50} }

// Valid reports whether both numbers are positive.
func (c Control) Valid() bool { return c.Moves > 0 && c.Days > 0 }

// orDefault returns c, or DefaultControl when c is not Valid: a zero number means "not set"
// in the regulation, and its default is the seed's.
func (c Control) orDefault() Control {
	if !c.Valid() {
		return DefaultControl()
	}
	return c
}

// Checkpoint is one control point (4.3.1): after his move Move a player's accrued days must
// not exceed Days.
type Checkpoint struct {
	Move   int    `json:"move"`
	Days   int    `json:"days"`
	Clause string `json:"clause"` // "4.3.1"
}

// At returns the k-th control point (k ≥ 1): move Moves·k, Days·k days.
// A Control that is not Valid counts as DefaultControl.
func (c Control) At(k int) Checkpoint {
	c = c.orDefault()
	return Checkpoint{Move: c.Moves * k, Days: c.Days * k, Clause: ClauseTime}
}

// Next returns the control point of the move a player makes after his moves made so far:
// with 0–9 moves made it is move 10 (50 days), with 10–19 move 20 (100 days), and so on.
// The control of move 10 is passed once move 10 is made; from then on the next one counts.
func (c Control) Next(moves int) Checkpoint {
	if moves < 0 {
		moves = 0
	}
	return c.At(moves/c.orDefault().Moves + 1)
}
