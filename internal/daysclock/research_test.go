package daysclock

import "testing"

// The worked examples of the research digest on correspondence rules (§4), as tests.
func TestResearchExamples(t *testing.T) {
	t.Run("E1 five days per move", func(t *testing.T) {
		// A Lithuanian e-mail event, 5 days per move: published 13.02.1999, due "not later
		// February 18 (13 + 5)". As a control of 5 days per move.
		terms := Terms{Control: Control{Moves: 1, Days: 5}}
		c := &Clock{Moves: 1, Days: 5} // his earlier moves used their 5 days each: only the new 5 remain
		if err := c.Run(day(t, "1999-02-13"), terms); err != nil {
			t.Fatal(err)
		}
		if dl := c.Deadline(terms); dl.LastDay != day(t, "1999-02-18") {
			t.Errorf("last day %s, want 1999-02-18", dl.LastDay)
		}
	})
	t.Run("E5 cumulative threshold", func(t *testing.T) {
		// At move 10, 50 days is within the control, 51 is an overstep.
		for _, tt := range []struct {
			days int
			over bool
		}{{50, false}, {51, true}} {
			c := &Clock{Days: tt.days - 1, Moves: 9}
			terms := Terms{Control: DefaultControl()}
			if err := c.Run(day(t, "2026-11-01"), terms); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Reply(day(t, "2026-11-02"), 1, terms); err != nil {
				t.Fatal(err)
			}
			if (c.Overstep != nil) != tt.over {
				t.Errorf("%d days at move 10: overstep %v, want %v", tt.days, c.Overstep != nil, tt.over)
			}
		}
	})
	t.Run("E7 silence days", func(t *testing.T) {
		// Black moved on 21 Aug 2016. 14 days: 4 Sep; 28: 18 Sep; 35: 25 Sep; 40: 30 Sep.
		since := day(t, "2016-08-21")
		for n, want := range map[int]string{14: "2016-09-04", 28: "2016-09-18", 35: "2016-09-25", 40: "2016-09-30"} {
			terms := Terms{Control: DefaultControl(), SilenceDays: n}
			c := &Clock{Moves: 51, Days: 200, Since: since} // 100 days left for move 60: no overstep first
			var got Date
			for _, e := range c.Events(terms) {
				if e.Kind == EventSilence {
					got = e.Date
				}
			}
			if got != day(t, want) {
				t.Errorf("%d days of silence: %s, want %s", n, got, want)
			}
		}
	})
	t.Run("E11 tournament calendars", func(t *testing.T) {
		for _, tt := range []struct {
			start, end string
			days       int
		}{
			{"2009-01-20", "2011-05-20", 850}, // РФМ-22
			{"2008-04-30", "2009-10-30", 548}, // ПЧР-09
		} {
			if got := day(t, tt.end).Sub(day(t, tt.start)); got != tt.days {
				t.Errorf("%s to %s: %d days, want %d", tt.start, tt.end, got, tt.days)
			}
		}
		// Adjudication material is due 10 days after the end (codex 5.5.2): РФМ-22 → 30.05.2011.
		if got := day(t, "2011-05-20").AddDays(10); got != day(t, "2011-05-30") {
			t.Errorf("adjudication due %s, want 2011-05-30", got)
		}
	})
}
