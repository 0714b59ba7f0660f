package daysclock

import (
	"cmp"
	"slices"
)

// Deadline is what a player on move must know about his next control (4.3.1), as every
// acknowledgement and forwarded letter states it.
type Deadline struct {
	Control Checkpoint `json:"control"` // his next control: move and days limit
	// Left are the days left before the limit, from his accrued days only (negative: exceeded).
	Left int `json:"left"`
	// LastDay is the last day on which he can send his move without the overstep becoming
	// certain; zero when he is not on move, his clock is frozen, or the limit is already exceeded.
	LastDay Date `json:"last_day,omitzero"`
	// OverstepDay is the day after LastDay that counts: the first day on which, still silent,
	// he has overstepped. Leave days in between move both.
	OverstepDay Date `json:"overstep_day,omitzero"`
	// Reminders are the days on which to remind him (Terms.Reminders days before LastDay), in
	// order, those not after the day his thinking began left out.
	Reminders []Date `json:"reminders,omitempty"`
	Clause    string `json:"clause"` // "4.3.1"
}

// Deadline returns his next control and, when he is on move, the last day to meet it.
func (c *Clock) Deadline(t Terms) Deadline {
	dl := c.deadline(t)
	c.eachReminder(dl, t, func(d Date) { dl.Reminders = append(dl.Reminders, d) })
	return dl
}

// deadline is Deadline without the reminders.
func (c *Clock) deadline(t Terms) Deadline {
	cp := c.next(t)
	dl := Deadline{Control: cp, Left: cp.Days - c.Days, Clause: ClauseTime}
	if dl.Left < 0 {
		return dl
	}
	if day, ok := c.overstepDay(cp); ok {
		dl.OverstepDay, dl.LastDay = day, day.AddDays(-1)
	}
	return dl
}

// eachReminder calls fn with each reminder day of dl in order, once each: Terms.Reminders days
// before the last day, those not after the day his thinking began left out.
func (c *Clock) eachReminder(dl Deadline, t Terms, fn func(Date)) {
	if dl.LastDay.IsZero() {
		return
	}
	// Largest number of days first, so the days come in order; a number given twice counts once.
	prev := -1
	for {
		n := -1
		for _, r := range t.Reminders {
			if r > 0 && (prev < 0 || r < prev) && r > n {
				n = r
			}
		}
		if n < 0 {
			return
		}
		prev = n
		if d := dl.LastDay.AddDays(-n); d.After(c.Since) {
			fn(d)
		}
	}
}

// LastDay returns the last day on which a player with used accrued days, whose thinking began on
// since, can send his move without exceeding limit (4.3.1), his leave days not counted; false
// when used already exceeds limit.
func LastDay(used int, since Date, limit int, leaves []Leave) (Date, bool) {
	if used > limit {
		return Date{}, false
	}
	return nthChargeable(since, limit-used+1, leaves).AddDays(-1), true
}

// EventKind names what a dated event asks of postald.
type EventKind string

// The events a clock set schedules.
const (
	EventReminder EventKind = "reminder" // remind the player on move of his last day
	EventOverstep EventKind = "overstep" // his overstep is certain today (4.3.1)
	EventSilence  EventKind = "silence"  // no letter from him for silence_days: tell the judge
	EventEnd      EventKind = "end"      // the end date (4.3.2): unfinished games go to adjudication
)

// order ranks events of the same day: the end first, then the overstep, the silence, a reminder
// last.
func (k EventKind) order() int {
	switch k {
	case EventEnd:
		return 0
	case EventOverstep:
		return 1
	case EventSilence:
		return 2
	}
	return 3
}

// Event is a day on which postald has something to do for a clock.
type Event struct {
	Kind    EventKind  `json:"kind"`
	Date    Date       `json:"date"`
	Clock   int        `json:"clock"`            // index of the clock in the set; -1 for EventEnd
	Control Checkpoint `json:"control,omitzero"` // the control concerned (reminder, overstep)
	Clause  string     `json:"clause"`           // "4.3.1", "4.3.2", "reminders", "silence_days"
}

// Events returns the dated events of one clock, in order: reminders and the overstep day of
// his next control, and the day his silence reaches Terms.SilenceDays (counted from the later of
// the day his move began and his last letter, leave days not counted). A clock not on move, or
// frozen (4.3.2), has none; neither has one whose overstep is recorded.
func (c *Clock) Events(t Terms) []Event {
	var evs []Event
	c.eachEvent(t, func(e Event) { evs = append(evs, e) })
	sortEvents(evs)
	return evs
}

// eachEvent calls fn with each event of the clock, in no particular order.
func (c *Clock) eachEvent(t Terms, fn func(Event)) {
	if !c.Running() || c.Frozen || c.Overstep != nil {
		return
	}
	dl := c.deadline(t)
	c.eachReminder(dl, t, func(d Date) {
		fn(Event{Kind: EventReminder, Date: d, Control: dl.Control, Clause: "reminders"})
	})
	if !dl.OverstepDay.IsZero() {
		fn(Event{Kind: EventOverstep, Date: dl.OverstepDay, Control: dl.Control, Clause: ClauseTime})
	} else if dl.Left < 0 {
		fn(Event{Kind: EventOverstep, Date: c.Since, Control: dl.Control, Clause: ClauseTime})
	}
	if t.SilenceDays > 0 {
		d := nthChargeable(Later(c.Since, c.Heard), t.SilenceDays, c.Leaves)
		fn(Event{Kind: EventSilence, Date: d, Clause: "silence_days"})
	}
}

// NextEvent returns the earliest event after the day after of a set of clocks (the clocks of a
// tournament, say), and of the end date: the day the daemon's timer must wake (Date.Start gives
// the instant in the tournament's zone). It reports false when nothing is scheduled.
func NextEvent(clocks []*Clock, after Date, t Terms) (Event, bool) {
	var best Event
	found := false
	consider := func(e Event) {
		if !e.Date.After(after) {
			return
		}
		if !found || compareEvents(e, best) < 0 {
			best, found = e, true
		}
	}
	if !t.End.IsZero() {
		consider(Event{Kind: EventEnd, Date: t.End, Clock: -1, Clause: ClauseStart})
	}
	for i, c := range clocks {
		c.eachEvent(t, func(e Event) {
			e.Clock = i
			consider(e)
		})
	}
	return best, found
}

// DueEvents returns the events of a set of clocks that fall after the day after and on or before
// the day through, in order: what the daemon must do on waking, when it last acted on after.
// An overstep not yet recorded is due however long ago its day was (the daemon may have been
// down); record it with Clock.Check. The end date is due in the window like the others.
func DueEvents(clocks []*Clock, after, through Date, t Terms) []Event {
	var evs []Event
	if !t.End.IsZero() && t.End.After(after) && !t.End.After(through) {
		evs = append(evs, Event{Kind: EventEnd, Date: t.End, Clock: -1, Clause: ClauseStart})
	}
	for i, c := range clocks {
		c.eachEvent(t, func(e Event) {
			if e.Date.After(through) || !e.Date.After(after) && e.Kind != EventOverstep {
				return
			}
			e.Clock = i
			evs = append(evs, e)
		})
	}
	sortEvents(evs)
	return evs
}

func compareEvents(a, b Event) int {
	return cmp.Or(a.Date.Sub(b.Date), cmp.Compare(a.Kind.order(), b.Kind.order()), cmp.Compare(a.Clock, b.Clock))
}

func sortEvents(evs []Event) { slices.SortFunc(evs, compareEvents) }
