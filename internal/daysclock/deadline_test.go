package daysclock

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEvents(t *testing.T) {
	terms := seedTerms(t)
	a := &Clock{Since: day(t, "2026-11-01")}                     // 50 left: last day 21 Dec
	b := &Clock{Days: 48, Moves: 9, Since: day(t, "2026-11-10")} // 2 left: last day 12 Nov
	c := &Clock{Days: 20, Moves: 6}                              // not on move
	cp10 := Checkpoint{10, 50, "4.3.1"}

	// Clock a: reminders 7 and 1 days before 21 Dec, overstep on 22 Dec, and 30 days of silence
	// from 1 Nov on 1 Dec.
	want := []Event{
		{Kind: EventSilence, Date: day(t, "2026-12-01"), Clause: "silence_days"},
		{Kind: EventReminder, Date: day(t, "2026-12-14"), Control: cp10, Clause: "reminders"},
		{Kind: EventReminder, Date: day(t, "2026-12-20"), Control: cp10, Clause: "reminders"},
		{Kind: EventOverstep, Date: day(t, "2026-12-22"), Control: cp10, Clause: "4.3.1"},
	}
	if d := cmp.Diff(want, a.Events(terms)); d != "" {
		t.Errorf("events of a (-want +got):\n%s", d)
	}
	if evs := c.Events(terms); evs != nil {
		t.Errorf("a clock not on move has events: %+v", evs)
	}

	clocks := []*Clock{a, b, c}
	steps := []struct {
		after string
		want  Event
	}{
		{"2026-11-10", Event{Kind: EventReminder, Date: day(t, "2026-11-11"), Clock: 1, Control: cp10, Clause: "reminders"}},
		{"2026-11-11", Event{Kind: EventOverstep, Date: day(t, "2026-11-13"), Clock: 1, Control: cp10, Clause: "4.3.1"}},
		{"2026-11-13", Event{Kind: EventSilence, Date: day(t, "2026-12-01"), Clock: 0, Clause: "silence_days"}},
		// b, silent since 10 Nov (its overstep not yet recorded), reaches 30 days on 10 Dec.
		{"2026-12-01", Event{Kind: EventSilence, Date: day(t, "2026-12-10"), Clock: 1, Clause: "silence_days"}},
		{"2026-12-10", Event{Kind: EventReminder, Date: day(t, "2026-12-14"), Clock: 0, Control: cp10, Clause: "reminders"}},
		{"2026-12-21", Event{Kind: EventOverstep, Date: day(t, "2026-12-22"), Clock: 0, Control: cp10, Clause: "4.3.1"}},
		{"2026-12-22", Event{Kind: EventEnd, Date: day(t, "2027-10-31"), Clock: -1, Clause: "4.3.2"}},
	}
	for _, s := range steps {
		got, ok := NextEvent(clocks, day(t, s.after), terms)
		if !ok {
			t.Errorf("after %s: no event", s.after)
			continue
		}
		if d := cmp.Diff(s.want, got); d != "" {
			t.Errorf("after %s (-want +got):\n%s", s.after, d)
		}
	}
	if got, ok := NextEvent(clocks, day(t, "2027-10-31"), terms); ok {
		t.Errorf("after the end: %+v", got)
	}

	// Once b's overstep is recorded, the timer does not wake for it again.
	b.Check(day(t, "2026-11-13"), terms)
	if got, _ := NextEvent(clocks, day(t, "2026-11-11"), terms); got.Clock != 0 || got.Kind != EventSilence {
		t.Errorf("after b overstepped: %+v, want a's silence", got)
	}
}

func TestSilence(t *testing.T) {
	terms := seedTerms(t)
	// Received 1 Nov; a stopped letter on 10 Nov ends a silence: 30 days from 10 Nov is 10 Dec.
	c := &Clock{Moves: 3}
	if err := c.Run(day(t, "2026-11-01"), terms); err != nil {
		t.Fatal(err)
	}
	c.Penalize(6, day(t, "2026-11-10"), terms)
	// Leave 20-24 Nov (5 days) moves the silence day to 15 Dec.
	c.AddLeave(Leave{day(t, "2026-11-20"), day(t, "2026-11-24")})
	var got Date
	for _, e := range c.Events(terms) {
		if e.Kind == EventSilence {
			got = e.Date
		}
	}
	if got != day(t, "2026-12-15") {
		t.Errorf("silence day %s, want 2026-12-15", got)
	}
}

func TestDueEvents(t *testing.T) {
	terms := seedTerms(t)
	cp10 := Checkpoint{10, 50, "4.3.1"}
	a := &Clock{Since: day(t, "2026-11-01")}                     // reminders 14, 20 Dec; overstep 22 Dec; silence 1 Dec
	b := &Clock{Days: 48, Moves: 9, Since: day(t, "2026-11-10")} // reminder 11 Nov; overstep 13 Nov; silence 10 Dec
	clocks := []*Clock{a, b}

	// The daemon acted last on 10 Nov and wakes on 11 Nov: b's reminder.
	want := []Event{{Kind: EventReminder, Date: day(t, "2026-11-11"), Clock: 1, Control: cp10, Clause: "reminders"}}
	if d := cmp.Diff(want, DueEvents(clocks, day(t, "2026-11-10"), day(t, "2026-11-11"), terms)); d != "" {
		t.Errorf("due on 11 Nov (-want +got):\n%s", d)
	}
	// It was down from 11 Nov to 15 Dec: b's overstep, both silences and a's first reminder are due.
	want = []Event{
		{Kind: EventOverstep, Date: day(t, "2026-11-13"), Clock: 1, Control: cp10, Clause: "4.3.1"},
		{Kind: EventSilence, Date: day(t, "2026-12-01"), Clock: 0, Clause: "silence_days"},
		{Kind: EventSilence, Date: day(t, "2026-12-10"), Clock: 1, Clause: "silence_days"},
		{Kind: EventReminder, Date: day(t, "2026-12-14"), Clock: 0, Control: cp10, Clause: "reminders"},
	}
	if d := cmp.Diff(want, DueEvents(clocks, day(t, "2026-11-11"), day(t, "2026-12-15"), terms)); d != "" {
		t.Errorf("due after an outage (-want +got):\n%s", d)
	}
	// An overstep not recorded stays due even when the window has passed its day.
	got := DueEvents(clocks, day(t, "2026-12-15"), day(t, "2026-12-16"), terms)
	if len(got) != 1 || got[0].Kind != EventOverstep || got[0].Clock != 1 {
		t.Errorf("due on 16 Dec: %+v, want b's overstep only", got)
	}
	b.Check(day(t, "2026-12-16"), terms)
	if got := DueEvents(clocks, day(t, "2026-12-15"), day(t, "2026-12-16"), terms); got != nil {
		t.Errorf("due on 16 Dec after the check: %+v", got)
	}
	// The end date.
	got = DueEvents(nil, day(t, "2027-10-30"), day(t, "2027-10-31"), terms)
	if len(got) != 1 || got[0].Kind != EventEnd || got[0].Clock != -1 {
		t.Errorf("due on the end date: %+v", got)
	}
}
