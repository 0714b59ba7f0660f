package daysclock

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestControls plays one letter on a clock with days accrued and checks the charge, the overstep
// and the next control, under the seed's 50 days per 10 moves (4.3.1).
func TestControls(t *testing.T) {
	terms := seedTerms(t)
	tests := []struct {
		name         string
		days, moves  int    // before the letter
		since, reply string // the move received, the reply sent
		letterMoves  int
		wantCharge   int
		wantOverstep *Overstep // nil: none
		wantNext     Checkpoint
	}{
		// 45 + (6 Nov - 1 Nov = 5) = 50 after move 10: exactly the limit.
		{"exactly 50 after move 10", 45, 9, "2026-11-01", "2026-11-06", 1, 5, nil, Checkpoint{20, 100, "4.3.1"}},
		// 45 + 6 = 51 > 50. Certain on the 6th day, 7 Nov, when his total reached 51.
		{"51 after move 10 oversteps", 45, 9, "2026-11-01", "2026-11-07", 1, 6,
			&Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 51, On: day(t, "2026-11-07"), Clause: "4.3.1"},
			Checkpoint{20, 100, "4.3.1"}},
		// 45 + 8 = 53: still dated 7 Nov, the first day over 50, and 51 days on that day.
		{"late letter dated the first day over", 45, 9, "2026-11-01", "2026-11-09", 1, 8,
			&Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 51, On: day(t, "2026-11-07"), Clause: "4.3.1"},
			Checkpoint{20, 100, "4.3.1"}},
		// Cumulative: 30 days for moves 1-10 leave 70 for moves 11-20. 30 + 70 = 100 after move 20:
		// 1 Dec + 70 days = 9 Feb (30 to 31 Dec, 31 to 31 Jan, 9 more).
		{"30 used leaves 70 for moves 11-20", 30, 19, "2026-12-01", "2027-02-09", 1, 70, nil, Checkpoint{30, 150, "4.3.1"}},
		{"30 used, 71 more oversteps at move 20", 30, 19, "2026-12-01", "2027-02-10", 1, 71,
			&Overstep{Control: Checkpoint{20, 100, "4.3.1"}, Days: 101, On: day(t, "2027-02-10"), Clause: "4.3.1"},
			Checkpoint{30, 150, "4.3.1"}},
		// Move 5 with 49 days: the control is at move 10, 50 days; 49 + 1 = 50 is fine.
		{"mid-block, at the limit", 49, 4, "2026-11-20", "2026-11-21", 1, 1, nil, Checkpoint{10, 50, "4.3.1"}},
		// 40 + 11 = 51 after his move 9, so over the limit of move 10 before he even makes it: the
		// first of the letter's three moves carries the days; certain on 12 Nov, the 11th day.
		{"several moves, first one over", 40, 8, "2026-11-01", "2026-11-12", 3, 11,
			&Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 51, On: day(t, "2026-11-12"), Clause: "4.3.1"},
			Checkpoint{20, 100, "4.3.1"}},
		// 40 + 4 = 44 after move 10 (his moves 10 and 11 in one letter): next control is move 20.
		{"several moves across a control", 40, 9, "2026-11-01", "2026-11-05", 2, 4, nil, Checkpoint{20, 100, "4.3.1"}},
		{"same day costs nothing at the limit", 50, 9, "2026-11-20", "2026-11-20", 1, 0, nil, Checkpoint{20, 100, "4.3.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Clock{Days: tt.days, Moves: tt.moves}
			if err := c.Run(day(t, tt.since), terms); err != nil {
				t.Fatal(err)
			}
			ch, err := c.Reply(day(t, tt.reply), tt.letterMoves, terms)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Days != tt.wantCharge || ch.Clause != "4.3.1" {
				t.Errorf("charged %d days (%s), want %d (4.3.1)", ch.Days, ch.Clause, tt.wantCharge)
			}
			if c.Days != tt.days+tt.wantCharge || c.Moves != tt.moves+tt.letterMoves {
				t.Errorf("clock %d days, %d moves; want %d, %d", c.Days, c.Moves, tt.days+tt.wantCharge, tt.moves+tt.letterMoves)
			}
			if d := cmp.Diff(tt.wantOverstep, ch.Overstep); d != "" {
				t.Errorf("overstep of the charge (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.wantOverstep, c.Overstep); d != "" {
				t.Errorf("overstep of the clock (-want +got):\n%s", d)
			}
			if got := c.Next(terms); got != tt.wantNext {
				t.Errorf("next control %+v, want %+v", got, tt.wantNext)
			}
			if c.Running() {
				t.Error("clock still running after the reply")
			}
		})
	}
}

func TestDeadline(t *testing.T) {
	terms := seedTerms(t)
	tests := []struct {
		name        string
		clock       Clock
		wantControl Checkpoint
		wantLeft    int
		lastDay     string // "" when none
		overstepDay string
		reminders   []string
	}{
		// 0 + 50: 1 Nov + 29 = 30 Nov, + 21 = 21 Dec. Reminders 7 and 1 days before.
		{"a fresh block", Clock{Moves: 0, Since: day(t, "2026-11-01")}, Checkpoint{10, 50, "4.3.1"}, 50,
			"2026-12-21", "2026-12-22", []string{"2026-12-14", "2026-12-20"}},
		// 10 Jan + 50 in a leap year: 21 days to 31 Jan, 29 to 29 Feb.
		{"last day is a leap day", Clock{Since: day(t, "2028-01-10")}, Checkpoint{10, 50, "4.3.1"}, 50,
			"2028-02-29", "2028-03-01", []string{"2028-02-22", "2028-02-28"}},
		// The same in a common year: 21 to 31 Jan, 28 to 28 Feb, 1 to 1 March.
		{"common year", Clock{Since: day(t, "2027-01-10")}, Checkpoint{10, 50, "4.3.1"}, 50,
			"2027-03-01", "2027-03-02", []string{"2027-02-22", "2027-02-28"}},
		// 30 used after move 10: 70 left for move 20. 1 Dec + 70 = 9 Feb.
		{"cumulative", Clock{Days: 30, Moves: 10, Since: day(t, "2026-12-01")}, Checkpoint{20, 100, "4.3.1"}, 70,
			"2027-02-09", "2027-02-10", []string{"2027-02-02", "2027-02-08"}},
		// 48 of 50 used: last day 12 Nov; the 7-day reminder (5 Nov) is before his move began.
		{"near the limit", Clock{Days: 48, Moves: 9, Since: day(t, "2026-11-10")}, Checkpoint{10, 50, "4.3.1"}, 2,
			"2026-11-12", "2026-11-13", []string{"2026-11-11"}},
		// At the limit: he must answer the day he receives the move.
		{"no day left", Clock{Days: 50, Moves: 9, Since: day(t, "2026-11-10")}, Checkpoint{10, 50, "4.3.1"}, 0,
			"2026-11-10", "2026-11-11", nil},
		// Across the year end: 25 Dec + 10 = 4 Jan.
		{"year end", Clock{Days: 90, Moves: 11, Since: day(t, "2026-12-25")}, Checkpoint{20, 100, "4.3.1"}, 10,
			"2027-01-04", "2027-01-05", []string{"2026-12-28", "2027-01-03"}},
		{"not on move", Clock{Days: 12, Moves: 4}, Checkpoint{10, 50, "4.3.1"}, 38, "", "", nil},
		{"over already", Clock{Days: 56, Moves: 7, Since: day(t, "2026-11-10")}, Checkpoint{10, 50, "4.3.1"}, -6, "", "", nil},
		{"frozen", Clock{Days: 12, Moves: 4, Since: day(t, "2027-10-31"), Frozen: true}, Checkpoint{10, 50, "4.3.1"}, 38, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.clock.Deadline(terms)
			var rem []Date
			for _, r := range tt.reminders {
				rem = append(rem, day(t, r))
			}
			want := Deadline{Control: tt.wantControl, Left: tt.wantLeft, LastDay: day(t, tt.lastDay),
				OverstepDay: day(t, tt.overstepDay), Reminders: rem, Clause: "4.3.1"}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("Deadline (-want +got):\n%s", d)
			}
			if !got.LastDay.IsZero() {
				// The definition: on the last day his total is within the limit, the day after it is not.
				if tot := tt.clock.Total(got.LastDay); tot > got.Control.Days {
					t.Errorf("total on the last day %d > %d", tot, got.Control.Days)
				}
				if tot := tt.clock.Total(got.OverstepDay); tot <= got.Control.Days {
					t.Errorf("total on the overstep day %d <= %d", tot, got.Control.Days)
				}
				if ld, ok := LastDay(tt.clock.Days, tt.clock.Since, got.Control.Days, tt.clock.Leaves); !ok || ld != got.LastDay {
					t.Errorf("LastDay = %s, %v; want %s", ld, ok, got.LastDay)
				}
			}
		})
	}
}

func TestStartRule(t *testing.T) {
	terms := seedTerms(t) // start 2026-11-01
	tests := []struct {
		name          string
		sheetReceived string // "" in time
		received      string // the day his move began: the start letter (White) or White's first move (Black)
		reply         string
		wantSince     string
		wantDays      int
		wantClause    string
	}{
		// 4.3.2: "если игрок начал игру в день начала игры ... или ранее, то время на первый ход не начисляется".
		{"White moves before the start", "", "2026-10-25", "2026-10-30", "2026-11-01", 0, "4.3.2"},
		{"White moves on the start date", "", "2026-10-25", "2026-11-01", "2026-11-01", 0, "4.3.2"},
		{"White moves after the start", "", "2026-10-25", "2026-11-03", "2026-11-01", 2, "4.3.1"},
		// Sheet received 5 Nov, after the start: his start is 6 Nov.
		{"late sheet, move on his start", "2026-11-05", "2026-11-05", "2026-11-06", "2026-11-06", 0, "4.3.2"},
		{"late sheet, move on the day received", "2026-11-05", "2026-11-05", "2026-11-05", "2026-11-06", 0, "4.3.2"},
		{"late sheet, move later", "2026-11-05", "2026-11-05", "2026-11-09", "2026-11-06", 3, "4.3.1"},
		{"sheet on the start date is in time", "2026-11-01", "2026-11-01", "2026-11-04", "2026-11-01", 3, "4.3.1"},
		// Black received White's first move before the start: his time runs from the start.
		{"Black, White moved early, Black before the start", "", "2026-10-30", "2026-10-31", "2026-11-01", 0, "4.3.2"},
		{"Black, White moved early, Black after the start", "", "2026-10-30", "2026-11-04", "2026-11-01", 3, "4.3.1"},
		// Black received White's first move after the start: from that day, as any move.
		{"Black receives White's move later, same day", "", "2026-11-10", "2026-11-10", "2026-11-10", 0, "4.3.1"},
		{"Black receives White's move later", "", "2026-11-10", "2026-11-12", "2026-11-10", 2, "4.3.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Clock{Start: terms.PlayerStart(day(t, tt.sheetReceived))}
			if err := c.Run(day(t, tt.received), terms); err != nil {
				t.Fatal(err)
			}
			if c.Since != day(t, tt.wantSince) {
				t.Errorf("runs from %s, want %s", c.Since, tt.wantSince)
			}
			ch, err := c.Reply(day(t, tt.reply), 1, terms)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Days != tt.wantDays || ch.Clause != tt.wantClause || c.Days != tt.wantDays {
				t.Errorf("charged %d (%s), clock %d; want %d (%s)", ch.Days, ch.Clause, c.Days, tt.wantDays, tt.wantClause)
			}
		})
	}
	t.Run("second move is not a first move", func(t *testing.T) {
		c := &Clock{Moves: 1}
		if err := c.Run(day(t, "2026-10-30"), terms); err != nil {
			t.Fatal(err)
		}
		if c.Since != day(t, "2026-10-30") {
			t.Errorf("runs from %s, want 2026-10-30", c.Since)
		}
	})
}

func TestEndRule(t *testing.T) {
	terms := seedTerms(t) // end 2027-10-31
	tests := []struct {
		name       string
		received   string
		reply      string
		wantFrozen bool
		wantDays   int
		wantClause string
	}{
		// Received the day before the end: not freed, his time runs on past the end date.
		{"received the day before", "2027-10-30", "2027-11-02", false, 3, "4.3.1"},
		// 4.3.2: "получил ответ в день окончания игры ... или позже, то далее ему время не начисляется".
		{"received on the end date", "2027-10-31", "2027-11-20", true, 0, "4.3.2"},
		{"received after the end date", "2027-11-05", "2027-11-06", true, 0, "4.3.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Clock{Days: 120, Moves: 30}
			if err := c.Run(day(t, tt.received), terms); err != nil {
				t.Fatal(err)
			}
			if c.Frozen != tt.wantFrozen {
				t.Fatalf("frozen %v, want %v", c.Frozen, tt.wantFrozen)
			}
			if tt.wantFrozen {
				if p := c.Penalize(6, day(t, tt.reply), terms); p.Days != 0 || c.Days != 120 || c.Penalty != 0 {
					t.Errorf("frozen clock charged a penalty: %+v, clock %d (%d penalty)", p, c.Days, c.Penalty)
				}
				if evs := c.Events(terms); evs != nil {
					t.Errorf("frozen clock has events %+v", evs)
				}
				if c.Check(day(t, "2028-12-31"), terms) != nil {
					t.Error("frozen clock overstepped")
				}
			}
			ch, err := c.Reply(day(t, tt.reply), 1, terms)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Days != tt.wantDays || ch.Clause != tt.wantClause || c.Days != 120+tt.wantDays || c.Moves != 31 {
				t.Errorf("charged %d (%s), clock %d days %d moves; want %d (%s)", ch.Days, ch.Clause, c.Days, c.Moves, tt.wantDays, tt.wantClause)
			}
		})
	}
}

func TestPenalty(t *testing.T) {
	terms := seedTerms(t)
	t.Run("stopped letter, then the valid one", func(t *testing.T) {
		// Received 1 Dec; a stopped letter on 3 Dec costs 6 days at once (4.2.11); the valid letter
		// on 5 Dec is charged 5 - 1 = 4 thinking days, counted from the receipt.
		c := &Clock{Days: 10, Moves: 5}
		if err := c.Run(day(t, "2026-12-01"), terms); err != nil {
			t.Fatal(err)
		}
		p := c.Penalize(6, day(t, "2026-12-03"), terms)
		if want := (Charge{Days: 6, On: day(t, "2026-12-03"), Clause: "4.2.11"}); p != want {
			t.Errorf("penalty charge %+v, want %+v", p, want)
		}
		if c.Days != 16 || c.Penalty != 6 || c.Since != day(t, "2026-12-01") {
			t.Errorf("after the penalty: %d days, %d penalty, since %s; want 16, 6, 2026-12-01", c.Days, c.Penalty, c.Since)
		}
		// Total on 4 Dec: 16 + 3 running.
		if got := c.Total(day(t, "2026-12-04")); got != 19 {
			t.Errorf("total on 4 Dec = %d, want 19", got)
		}
		ch, err := c.Reply(day(t, "2026-12-05"), 1, terms)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Days != 4 || c.Days != 20 || c.Penalty != 6 {
			t.Errorf("valid letter charged %d, clock %d (%d penalty); want 4, 20 (6)", ch.Days, c.Days, c.Penalty)
		}
	})
	t.Run("over a control already passed", func(t *testing.T) {
		// 48 after move 10 met that control. 6 penalty days make 54 > 50, but they count towards
		// move 20 (100): no overstep.
		c := &Clock{Days: 48, Moves: 10}
		if err := c.Run(day(t, "2026-12-01"), terms); err != nil {
			t.Fatal(err)
		}
		if p := c.Penalize(6, day(t, "2026-12-02"), terms); p.Overstep != nil || c.Check(day(t, "2026-12-02"), terms) != nil {
			t.Errorf("penalty over a passed control oversteps: %+v", p.Overstep)
		}
	})
	t.Run("penalty within the next control", func(t *testing.T) {
		// 90 after move 15, received 1 Dec; penalty on 4 Dec: 96 + 3 running = 99 <= 100. 4 days left from
		// 1 Dec: last day 5 Dec.
		c := &Clock{Days: 90, Moves: 15}
		if err := c.Run(day(t, "2026-12-01"), terms); err != nil {
			t.Fatal(err)
		}
		if p := c.Penalize(6, day(t, "2026-12-04"), terms); p.Overstep != nil {
			t.Errorf("overstep %+v, want none", p.Overstep)
		}
		if dl := c.Deadline(terms); dl.LastDay != day(t, "2026-12-05") {
			t.Errorf("last day %s, want 2026-12-05", dl.LastDay)
		}
	})
	t.Run("penalty takes him over the next control", func(t *testing.T) {
		// 90 after move 15, received 1 Dec; on 8 Dec (7 running, total 97) a penalty of 6: 103 > 100.
		// Certain on 8 Dec, the day of the penalty, not on 6 Dec when 96 + 5 would have passed 100.
		c := &Clock{Days: 90, Moves: 15}
		if err := c.Run(day(t, "2026-12-01"), terms); err != nil {
			t.Fatal(err)
		}
		p := c.Penalize(6, day(t, "2026-12-08"), terms)
		want := &Overstep{Control: Checkpoint{20, 100, "4.3.1"}, Days: 103, On: day(t, "2026-12-08"), Clause: "4.3.1"}
		if d := cmp.Diff(want, p.Overstep); d != "" {
			t.Errorf("overstep (-want +got):\n%s", d)
		}
		if d := cmp.Diff(want, c.Check(day(t, "2026-12-20"), terms)); d != "" {
			t.Errorf("recorded overstep (-want +got):\n%s", d)
		}
	})
	t.Run("penalty after an overstep not yet recorded", func(t *testing.T) {
		// 48 after move 9, received 10 Nov: over on 13 Nov (51). A stopped letter on 20 Nov reports
		// that overstep, with its own day, not the penalty's.
		c := &Clock{Days: 48, Moves: 9}
		if err := c.Run(day(t, "2026-11-10"), terms); err != nil {
			t.Fatal(err)
		}
		p := c.Penalize(6, day(t, "2026-11-20"), terms)
		want := &Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 51, On: day(t, "2026-11-13"), Clause: "4.3.1"}
		if d := cmp.Diff(want, p.Overstep); d != "" {
			t.Errorf("overstep (-want +got):\n%s", d)
		}
		if c.Days != 54 || c.Penalty != 6 {
			t.Errorf("clock %d days (%d penalty), want 54 (6)", c.Days, c.Penalty)
		}
	})
	t.Run("judge's penalty when not on move", func(t *testing.T) {
		// 48 after move 9, not on move: 6 days make 54 > 50, the limit of his move 10.
		c := &Clock{Days: 48, Moves: 9}
		p := c.Penalize(6, day(t, "2026-12-08"), terms)
		want := &Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 54, On: day(t, "2026-12-08"), Clause: "4.3.1"}
		if d := cmp.Diff(want, p.Overstep); d != "" {
			t.Errorf("overstep (-want +got):\n%s", d)
		}
	})
}

func TestOverstepOfSilence(t *testing.T) {
	terms := seedTerms(t)
	// 48 after move 9, received 10 Nov: 50 on 12 Nov, 51 on 13 Nov.
	c := &Clock{Days: 48, Moves: 9}
	if err := c.Run(day(t, "2026-11-10"), terms); err != nil {
		t.Fatal(err)
	}
	if ov := c.Check(day(t, "2026-11-12"), terms); ov != nil {
		t.Fatalf("overstep on the last day: %+v", ov)
	}
	want := &Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 51, On: day(t, "2026-11-13"), Clause: "4.3.1"}
	// The daemon may look only weeks later: the overstep is still dated the day it became certain.
	if d := cmp.Diff(want, c.Check(day(t, "2026-12-30"), terms)); d != "" {
		t.Errorf("overstep (-want +got):\n%s", d)
	}
	// His letter still comes, late: the move is charged and the first overstep stays.
	ch, err := c.Reply(day(t, "2027-01-02"), 1, terms)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Overstep != nil {
		t.Errorf("the letter reports the overstep again: %+v", ch.Overstep)
	}
	if d := cmp.Diff(want, c.Overstep); d != "" {
		t.Errorf("recorded overstep changed (-want +got):\n%s", d)
	}
}

func TestLeave(t *testing.T) {
	terms := seedTerms(t)
	tests := []struct {
		name      string
		leaves    []Leave
		since     string
		reply     string
		wantDays  int
		wantLeave int
		lastDay   string // with 40 days left
	}{
		// 24 days from 1 to 25 Dec, of which 10 to 19 Dec are leave: 14 charged. 40 days from 1 Dec
		// end on 10 Jan; the 10 leave days inside move it to 20 Jan.
		{"leave inside the move", []Leave{{day(t, "2026-12-10"), day(t, "2026-12-19")}}, "2026-12-01", "2026-12-25", 14, 10, "2027-01-20"},
		// Leave from 28 Nov to 5 Dec, move received 1 Dec, reply 8 Dec: 7 days, 2-5 Dec are leave: 3.
		// Last day: 2-5 Dec free, so 4 days later than 10 Jan.
		{"leave running when the move came", []Leave{{day(t, "2026-11-28"), day(t, "2026-12-05")}}, "2026-12-01", "2026-12-08", 3, 4, "2027-01-14"},
		// Leave 5 to 10 Dec, reply during it on 7 Dec: 6 days, 5-7 Dec are leave: 3.
		{"reply during leave", []Leave{{day(t, "2026-12-05"), day(t, "2026-12-10")}}, "2026-12-01", "2026-12-07", 3, 3, "2027-01-16"},
		// Two leaves: 3-4 Dec and 20-21 Dec; reply 31 Dec: 30 days less 4.
		{"two leaves", []Leave{{day(t, "2026-12-20"), day(t, "2026-12-21")}, {day(t, "2026-12-03"), day(t, "2026-12-04")}}, "2026-12-01", "2026-12-31", 26, 4, "2027-01-14"},
		// A leave that starts on the day he received the move: that day is not charged anyway.
		{"leave from the receipt day", []Leave{{day(t, "2026-12-01"), day(t, "2026-12-03")}}, "2026-12-01", "2026-12-05", 2, 2, "2027-01-12"},
		// Leave after the last day does not move it.
		{"leave after the reply", []Leave{{day(t, "2027-02-01"), day(t, "2027-02-10")}}, "2026-12-01", "2026-12-05", 4, 0, "2027-01-10"},
		// Leave that begins on the would-be last day: 10 Jan to 12 Jan is leave, the 40th free day is 13 Jan.
		{"leave on the last day", []Leave{{day(t, "2027-01-10"), day(t, "2027-01-12")}}, "2026-12-01", "2026-12-05", 4, 0, "2027-01-13"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Clock{Days: 60, Moves: 12} // 40 days left for move 20
			for _, l := range tt.leaves {
				c.AddLeave(l)
			}
			if err := c.Run(day(t, tt.since), terms); err != nil {
				t.Fatal(err)
			}
			if dl := c.Deadline(terms); dl.LastDay != day(t, tt.lastDay) {
				t.Errorf("last day %s, want %s", dl.LastDay, tt.lastDay)
			}
			ch, err := c.Reply(day(t, tt.reply), 1, terms)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Days != tt.wantDays || ch.Leave != tt.wantLeave {
				t.Errorf("charged %d (%d leave), want %d (%d leave)", ch.Days, ch.Leave, tt.wantDays, tt.wantLeave)
			}
		})
	}
}

func TestValidateLeave(t *testing.T) {
	taken := []Leave{{day(t, "2027-01-01"), day(t, "2027-01-20")}} // 20 of 30 days
	tests := []struct {
		name      string
		leave     Leave
		announced string
		wantRule  bool // a *RuleError
		wantErr   bool
	}{
		{"the rest of the allowance", Leave{day(t, "2027-03-01"), day(t, "2027-03-10")}, "2027-02-20", false, false},
		{"announced the day before", Leave{day(t, "2027-03-01"), day(t, "2027-03-01")}, "2027-02-28", false, false},
		{"one day too many", Leave{day(t, "2027-03-01"), day(t, "2027-03-11")}, "2027-02-20", true, true},
		{"announced on its first day", Leave{day(t, "2027-03-01"), day(t, "2027-03-02")}, "2027-03-01", true, true},
		{"announced after it began", Leave{day(t, "2027-03-01"), day(t, "2027-03-02")}, "2027-03-02", true, true},
		{"overlaps a leave taken", Leave{day(t, "2027-01-20"), day(t, "2027-01-22")}, "2026-12-20", true, true},
		{"backwards", Leave{day(t, "2027-03-05"), day(t, "2027-03-01")}, "2027-02-20", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateLeave(tt.leave, day(t, tt.announced), taken, 30)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ValidateLeave = %v, want error %v", err, tt.wantErr)
			}
			var re *RuleError
			if errors.As(err, &re) != tt.wantRule {
				t.Fatalf("ValidateLeave = %v, want a rule error %v", err, tt.wantRule)
			}
			if tt.wantRule && re.Clause != ClauseLeave {
				t.Errorf("clause %q, want %q", re.Clause, ClauseLeave)
			}
		})
	}
	if got := LeaveTaken([]Leave{{day(t, "2027-01-01"), day(t, "2027-01-10")}, {day(t, "2027-01-05"), day(t, "2027-01-12")}}); got != 12 {
		t.Errorf("LeaveTaken of overlapping periods = %d, want 12", got)
	}
}

func TestClockMisuse(t *testing.T) {
	terms := seedTerms(t)
	c := &Clock{}
	if _, err := c.Reply(day(t, "2026-11-02"), 1, terms); !errors.Is(err, ErrNotOnMove) {
		t.Errorf("Reply when not on move: %v, want ErrNotOnMove", err)
	}
	if err := c.Run(day(t, "2026-11-01"), terms); err != nil {
		t.Fatal(err)
	}
	if err := c.Run(day(t, "2026-11-02"), terms); err == nil {
		t.Error("Run twice: no error")
	}
	if _, err := c.Reply(day(t, "2026-11-02"), 0, terms); err == nil {
		t.Error("Reply with no moves: no error")
	}
	if err := c.Run(Date{}, terms); err == nil {
		t.Error("Run with no date: no error")
	}
	if err := c.Correct(-1, 0); err == nil {
		t.Error("Correct below zero: no error")
	}
	if err := c.Correct(3, 4); err == nil {
		t.Error("Correct to more penalty days than days: no error")
	}
}

func TestCountMoves(t *testing.T) {
	terms := seedTerms(t)
	// His moves of an accepted variant: 8 → 11, no days; the control of move 10 (50) is met with 44.
	c := &Clock{Days: 44, Moves: 8}
	c.CountMoves(3, day(t, "2026-12-01"), terms)
	if c.Moves != 11 || c.Days != 44 || c.Overstep != nil {
		t.Errorf("clock %+v, want 11 moves, 44 days, no overstep", c)
	}
	// With 52 days (a judge's correction made them so), passing move 10 oversteps.
	c = &Clock{Days: 52, Moves: 9}
	c.CountMoves(1, day(t, "2026-12-01"), terms)
	want := &Overstep{Control: Checkpoint{10, 50, "4.3.1"}, Days: 52, On: day(t, "2026-12-01"), Clause: "4.3.1"}
	if d := cmp.Diff(want, c.Overstep); d != "" {
		t.Errorf("overstep (-want +got):\n%s", d)
	}
}

func TestClockJSON(t *testing.T) {
	terms := seedTerms(t)
	c := &Clock{Days: 44, Moves: 9, Start: day(t, "2026-11-06")}
	c.AddLeave(Leave{day(t, "2027-01-10"), day(t, "2027-01-12")})
	if err := c.Run(day(t, "2027-01-01"), terms); err != nil {
		t.Fatal(err)
	}
	// 44 + 6 penalty days + 1 running on 2 Jan = 51 > 50: the overstep is certain on the penalty day.
	c.Penalize(6, day(t, "2027-01-02"), terms)
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"days":50,"penalty":6,"moves":9,"start":"2026-11-06","since":"2027-01-01","heard":"2027-01-02",` +
		`"leaves":[{"from":"2027-01-10","to":"2027-01-12"}],` +
		`"overstep":{"control":{"move":10,"days":50,"clause":"4.3.1"},"days":51,"on":"2027-01-02","clause":"4.3.1"}}`
	if string(b) != want {
		t.Errorf("json\n got %s\nwant %s", b, want)
	}
	var back Clock
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(c, &back); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}
	b, _ = json.Marshal(Clock{})
	if string(b) != `{"days":0,"moves":0}` {
		t.Errorf("zero clock json %s", b)
	}
}

func TestStop(t *testing.T) {
	terms := seedTerms(t)
	c := &Clock{Days: 20, Moves: 7}
	if err := c.Run(day(t, "2026-12-01"), terms); err != nil {
		t.Fatal(err)
	}
	if got := c.Stop(); got != day(t, "2026-12-01") {
		t.Errorf("Stop = %s, want 2026-12-01", got)
	}
	if c.Running() || c.Days != 20 || c.Total(day(t, "2026-12-30")) != 20 || c.Events(terms) != nil {
		t.Errorf("stopped clock %+v still counts", c)
	}
	if got := c.Stop(); !got.IsZero() {
		t.Errorf("Stop of a stopped clock = %s", got)
	}
}

func TestCorrectAndExcuse(t *testing.T) {
	terms := seedTerms(t)
	// 48 after move 9, received 10 Nov: over on 13 Nov.
	c := &Clock{Days: 48, Moves: 9}
	if err := c.Run(day(t, "2026-11-10"), terms); err != nil {
		t.Fatal(err)
	}
	if c.Check(day(t, "2026-11-13"), terms) == nil {
		t.Fatal("no overstep on 13 Nov")
	}
	// The judge finds the partner's letter reached him 3 days late by the postmark: 3 days back.
	if err := c.Correct(-3, 0); err != nil {
		t.Fatal(err)
	}
	if c.Overstep == nil {
		t.Fatal("Correct cleared the overstep")
	}
	if o := c.Excuse(); o == nil || o.On != day(t, "2026-11-13") {
		t.Fatalf("Excuse = %+v, want the overstep of 13 Nov", o)
	}
	// 45 + 3 running on 13 Nov = 48: no overstep now; with 5 left from 10 Nov, the new last day is 15 Nov.
	if o := c.Check(day(t, "2026-11-13"), terms); o != nil {
		t.Errorf("overstep after the correction: %+v", o)
	}
	if dl := c.Deadline(terms); dl.LastDay != day(t, "2026-11-15") {
		t.Errorf("last day %s, want 2026-11-15", dl.LastDay)
	}
	// A penalty annulled: 6 days and 6 penalty days back.
	c = &Clock{Days: 20, Penalty: 6}
	if err := c.Correct(-6, -6); err != nil || c.Days != 14 || c.Penalty != 0 {
		t.Errorf("annul penalty: %v, clock %d (%d penalty), want 14 (0)", err, c.Days, c.Penalty)
	}
}
