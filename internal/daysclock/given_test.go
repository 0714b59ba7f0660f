package daysclock

import "testing"

// TestGivenMoves: the moves of an opening drawn by lot (Given) are neither charged nor counted
// for the controls: a player with two given moves has 50 days for his first 10 moves of his own,
// as one with none, and his control is named by the game's move, 12; his overstep is the same
// day as without them, and his 10th own move passes the control.
func TestGivenMoves(t *testing.T) {
	terms := seedTerms(t)
	plain := Clock{Since: day(t, "2026-11-01")}
	given := Clock{Since: day(t, "2026-11-01"), Given: 2}
	a, b := plain.Deadline(terms), given.Deadline(terms)
	if b.Control != (Checkpoint{12, 50, "4.3.1"}) || a.Control != (Checkpoint{10, 50, "4.3.1"}) {
		t.Errorf("controls %+v and %+v; want move 10 and, with two given moves, move 12, both 50 days", a.Control, b.Control)
	}
	if a.LastDay != b.LastDay || a.OverstepDay != b.OverstepDay || a.Left != b.Left {
		t.Errorf("the given moves changed the last day: %+v, %+v", a, b)
	}
	for i := range 10 {
		on := day(t, "2026-11-01").AddDays(4 * (i + 1))
		if _, err := given.Reply(on, 1, terms); err != nil {
			t.Fatal(err)
		}
		if i < 9 {
			if err := given.Run(on, terms); err != nil {
				t.Fatal(err)
			}
		}
	}
	if given.Moves != 10 || given.Days != 40 || given.Overstep != nil {
		t.Errorf("after 10 own moves in 40 days: %+v", given)
	}
	if cp := given.Next(terms); cp != (Checkpoint{22, 100, "4.3.1"}) {
		t.Errorf("the next control after 10 own moves: %+v, want move 22, 100 days", cp)
	}
}
