package daysclock

import (
	"errors"
	"fmt"
)

// Terms are the time rules a tournament keeps its clocks under: the numbers of its regulation
// and the dates of its start sheet. The operations of a Clock take them as an argument, so a
// clock holds only the player's own state.
type Terms struct {
	Control     Control `json:"control"`                // 4.3.1: control_moves, control_days
	Start       Date    `json:"start"`                  // 4.3.2: the start date of the start sheet
	End         Date    `json:"end,omitzero"`           // 4.3.2: the end date of the start sheet; zero when play has no end date
	Reminders   []int   `json:"reminders,omitempty"`    // days before the last day on which to remind the player on move: 7, 1
	SilenceDays int     `json:"silence_days,omitempty"` // days without a letter from the player on move before the judge is told; 0: never
}

// PlayerStart returns the day play starts for a player who received the start sheet on
// sheetReceived (4.3.2): the start date, or, when he received the sheet after the start date,
// the day after he received it. A zero sheetReceived means "in time".
func (t Terms) PlayerStart(sheetReceived Date) Date {
	if !sheetReceived.IsZero() && sheetReceived.After(t.Start) {
		return sheetReceived.AddDays(1) // 4.3.2: "следующий день после получения стартовой документации"
	}
	return t.Start
}

// Clock is one player's thinking time in one game (4.3): the days he has accrued and the move
// he is thinking about, if any. The zero Clock is a player who has not moved and is not on move.
// A Clock is a value kept in the game's state; its fields are exported for storage and reports,
// and are changed only through its methods.
type Clock struct {
	// Days are the accrued days, penalty days included (4.3.1).
	Days int `json:"days"`
	// Penalty are the penalty days among Days (4.2.11).
	Penalty int `json:"penalty,omitempty"`
	// Moves counts the moves he has made (move 10 made: 10).
	Moves int `json:"moves"`
	// Given counts his moves that were on the board before play, not made by him: the moves of
	// an opening drawn by lot (seed 003, 1.6.4). They are neither charged nor counted for the
	// controls, which count his own moves: his k-th control falls on the game's move
	// Moves·k + Given, which is the move number Checkpoint.Move names.
	Given int `json:"given,omitempty"`
	// Start is the day play started for him (4.3.2, Terms.PlayerStart); zero: Terms.Start.
	Start Date `json:"start,omitzero"`
	// Since is the day his current thinking time runs from: the day he received the move he must
	// answer (or his start, 4.3.2). Zero when it is not his move.
	Since Date `json:"since,omitzero"`
	// Frozen is set once he received a move on the end date or later (4.3.2): from then on no
	// time is charged to him.
	Frozen bool `json:"frozen,omitempty"`
	// Heard is the day of his last letter in this game, valid or stopped.
	Heard Date `json:"heard,omitzero"`
	// Leaves are his periods of leave, sorted and disjoint: the clock stops on those days.
	Leaves []Leave `json:"leaves,omitempty"`
	// Overstep is his first overstep, once certain (4.3.1).
	Overstep *Overstep `json:"overstep,omitempty"`
}

// Charge is what one operation charged to a clock.
type Charge struct {
	Days     int       `json:"days"`            // days added to the accrued total
	From     Date      `json:"from,omitzero"`   // the day the charged thinking time ran from (Reply)
	On       Date      `json:"on"`              // the day of the charge
	Leave    int       `json:"leave,omitempty"` // days of (From, On] not charged because of leave
	Clause   string    `json:"clause"`          // "4.3.1", "4.3.2" (start or end rule), "4.2.11"
	Overstep *Overstep `json:"overstep,omitempty"`
}

// Overstep is a time overstep (4.3.1): the player's accrued days, with the days running on a
// move he has not answered, exceed the limit of his next control. It is a fact as soon as it is
// certain, whether or not he ever answers.
type Overstep struct {
	Control Checkpoint `json:"control"` // the control exceeded
	Days    int        `json:"days"`    // his days on the day it became certain
	On      Date       `json:"on"`      // the day it became certain
	Clause  string     `json:"clause"`  // "4.3.1"
}

// ErrNotOnMove is returned by Reply when the clock is not running: it is not the player's move.
var ErrNotOnMove = errors.New("not on move")

// Running reports whether it is the player's move.
func (c *Clock) Running() bool { return !c.Since.IsZero() }

// start returns the day play starts for the player (4.3.2).
func (c *Clock) start(t Terms) Date {
	if !c.Start.IsZero() {
		return c.Start
	}
	return t.Start
}

// Run starts the player's thinking time: he received the move he must answer on from.
// For his first move it never runs from before his start (4.3.2): White's first move is charged
// from the start, Black's from the later of his start and the day he received White's first move.
// A move received on the end date or later freezes the clock (4.3.2).
func (c *Clock) Run(from Date, t Terms) error {
	if from.IsZero() {
		return errors.New("run clock: no date")
	}
	if c.Running() {
		return fmt.Errorf("run clock from %s: already running since %s", from, c.Since)
	}
	if c.Moves == 0 {
		from = Later(from, c.start(t)) // 4.3.2
	}
	c.Since = from
	if !t.End.IsZero() && !from.Before(t.End) {
		c.Frozen = true // 4.3.2: "получил ответ в день окончания игры ... или позже, то далее ему время не начисляется"
	}
	return nil
}

// Stop stops the clock without charging the days running: the game is over (a result, a
// resignation, a judge's ruling), or the turn was taken from him by a ruling. It returns the day
// his thinking had run from, zero when it was not running.
func (c *Clock) Stop() Date {
	since := c.Since
	c.Since = Date{}
	return since
}

// RunningDays returns the days running on the move he has not answered, as of today:
// the days of (Since, today] outside his leave; 0 when not on move or frozen.
func (c *Clock) RunningDays(today Date) int {
	if !c.Running() || c.Frozen {
		return 0
	}
	return chargeable(c.Since, today, c.Leaves)
}

// Total returns his accrued days with the days running on his move, as of today.
func (c *Clock) Total(today Date) int { return c.Days + c.RunningDays(today) }

// Reply charges the letter in which the player made moves moves (his own: the partner's forced
// replies and accepted variant moves are not his), sent on the day on: the days from Since to
// on (4.3.1: 0 on the same day), less his leave days. It stops the clock. The days are charged to
// the first of the moves; every control the letter completes is checked, and an overstep it makes
// certain is recorded and returned in the Charge.
func (c *Clock) Reply(on Date, moves int, t Terms) (Charge, error) {
	if !c.Running() {
		return Charge{}, fmt.Errorf("reply on %s: %w", on, ErrNotOnMove)
	}
	if moves < 1 {
		return Charge{}, fmt.Errorf("reply on %s: %d moves", on, moves)
	}
	ch := Charge{From: c.Since, On: on, Clause: ClauseTime}
	switch {
	case c.Frozen:
		ch.Clause = ClauseStart // 4.3.2: no time after the end date
	default:
		ch.Days = chargeable(c.Since, on, c.Leaves) // 4.3.1
		ch.Leave = LetterDays(c.Since, on) - ch.Days
		if c.Moves == 0 && !on.After(c.start(t)) {
			ch.Clause = ClauseStart // 4.3.2: first move on the start date or earlier costs nothing
		}
	}
	had := c.Overstep != nil
	if !had {
		// The overstep, if this letter makes one, became certain on the first day the running
		// days took him over the limit, which may be before the letter came.
		cp := c.next(t)
		if c.Days+ch.Days > cp.Days {
			if day, ok := c.overstepDay(cp); ok {
				c.Overstep = &Overstep{Control: cp, Days: c.Total(day), On: day, Clause: ClauseTime}
			}
		}
	}
	c.Days += ch.Days
	c.Since, c.Heard = Date{}, Later(c.Heard, on)
	c.CountMoves(moves, on, t)
	if !had && c.Overstep != nil {
		ch.Overstep = c.Overstep
	}
	return ch, nil
}

// checkPassed records an overstep when his accrued days already exceed the control of the move
// he is about to make (penalty days can do that while no move is running).
func (c *Clock) checkPassed(on Date, t Terms) {
	if c.Overstep != nil {
		return
	}
	if cp := c.next(t); c.Days > cp.Days {
		c.Overstep = &Overstep{Control: cp, Days: c.Days, On: on, Clause: ClauseTime}
	}
}

// CountMoves records n moves of the player that cost him no days: his forced replies written by
// the partner (4.2.4) and his moves of a variant the partner accepted (4.2.13). A control they
// complete is checked as for any move.
func (c *Clock) CountMoves(n int, on Date, t Terms) {
	for range n {
		// 4.3.1: after each of his moves, the total must not exceed the control it completes.
		c.checkPassed(on, t)
		c.Moves++
	}
}

// Penalize charges days penalty days at once on the day on (4.2.11: 6 days for a stopped letter,
// the regulation's penalty_days). The clock keeps running: the thinking days of a stopped letter
// are charged with his valid letter. Penalty days count in the total (4.3.1), so they can make an
// overstep certain; it is recorded and returned, as is one that was already certain before the
// penalty but not yet recorded. A frozen clock is charged nothing (4.3.2).
func (c *Clock) Penalize(days int, on Date, t Terms) Charge {
	c.Heard = Later(c.Heard, on)
	if c.Frozen {
		return Charge{On: on, Clause: ClauseStart}
	}
	days = max(days, 0) // days are given back by Correct, not by a negative penalty
	ch := Charge{Days: days, On: on, Clause: ClausePenalty}
	had := c.Overstep != nil
	// An overstep already certain before the penalty keeps its own day.
	c.Check(on, t)
	c.Days += days
	c.Penalty += days
	if c.Overstep == nil {
		cp := c.next(t)
		if day, ok := c.overstepDay(cp); ok && !day.After(on) || !c.Running() && c.Days > cp.Days {
			// Certain from the day the penalty was charged (4.3.1: penalty days count in the total).
			c.Overstep = &Overstep{Control: cp, Days: c.Total(on), On: on, Clause: ClauseTime}
		}
	}
	if !had && c.Overstep != nil {
		ch.Overstep = c.Overstep
	}
	return ch
}

// Correct changes his accrued days by days and, of those, his penalty days by penalty (negative
// to give days back): a judge's ruling, such as a date corrected by the postmark (4.3.1) or a
// penalty annulled. It records no overstep and clears none (Check records, Excuse clears).
// It refuses a change that would leave the total or the
// penalty days below zero, or more penalty days than days.
func (c *Clock) Correct(days, penalty int) error {
	d, p := c.Days+days, c.Penalty+penalty
	if d < 0 || p < 0 || p > d {
		return fmt.Errorf("correct clock of %d days (%d penalty) by %+d (%+d penalty): would leave %d (%d penalty)",
			c.Days, c.Penalty, days, penalty, d, p)
	}
	c.Days, c.Penalty = d, p
	return nil
}

// Excuse clears his recorded overstep and returns it: a judge's ruling that the overstep does not
// stand (after a correction of the days, say). The next Check records an overstep that the days
// still make certain.
func (c *Clock) Excuse() *Overstep {
	o := c.Overstep
	c.Overstep = nil
	return o
}

// NoteLetter records a letter from the player on the day on that charges nothing (a draw offer
// alone, a leave notice): it ends a silence.
func (c *Clock) NoteLetter(on Date) { c.Heard = Later(c.Heard, on) }

// AddLeave adds a period of leave to the clock (validate it first with ValidateLeave: the
// allowance is per tournament, the clock per game). The days of leave are not charged, including
// those of a move already running when the leave begins.
func (c *Clock) AddLeave(l Leave) {
	c.Leaves = mergeLeaves(append(c.Leaves, l))
}

// Check records and returns his overstep if it is certain by today (4.3.1): his accrued days,
// with the days running on his move, exceed the limit of his next control. It returns the
// overstep already recorded, if any, and nil when there is none.
func (c *Clock) Check(today Date, t Terms) *Overstep {
	if c.Overstep != nil {
		return c.Overstep
	}
	cp := c.next(t)
	if day, ok := c.overstepDay(cp); ok && !day.After(today) {
		c.Overstep = &Overstep{Control: cp, Days: c.Total(day), On: day, Clause: ClauseTime}
	} else if !c.Running() && c.Days > cp.Days {
		c.Overstep = &Overstep{Control: cp, Days: c.Days, On: today, Clause: ClauseTime}
	}
	return c.Overstep
}

// Next returns his next control (4.3.1): the move and the days limit his total must meet.
func (c *Clock) Next(t Terms) Checkpoint { return c.next(t) }

// next is his next control, its move numbered as the game numbers it: after the moves of a drawn
// opening (Given), his 10th own move is the game's move 10 + Given.
func (c *Clock) next(t Terms) Checkpoint {
	cp := t.Control.Next(c.Moves)
	cp.Move += max(c.Given, 0)
	return cp
}

// overstepDay returns the first day on which his total exceeds the limit of cp, given the move
// running (if his accrued days alone exceed it, the day his move began). It reports false when
// no such day follows from the facts: not on move, or frozen, within the limit.
func (c *Clock) overstepDay(cp Checkpoint) (Date, bool) {
	if !c.Running() || c.Frozen {
		return Date{}, false
	}
	left := cp.Days - c.Days
	if left < 0 {
		return c.Since, true
	}
	return nthChargeable(c.Since, left+1, c.Leaves), true
}
