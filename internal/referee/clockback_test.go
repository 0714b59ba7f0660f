package referee

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTimeNeverRunsBackward: the machine's clock (and the mail server's, which dates a letter's
// arrival) jumps back two days after Black's reply was decided. White's answer, received "before"
// the move it answers, is decided as if it came at the instant of the last decision: the record
// shows it after Black's move, and no day is charged for the gap, nor taken back. A tick and a
// ruling at the jumped instant are dated the same way.
func TestTimeNeverRunsBackward(t *testing.T) {
	reg := DefaultRegulation()
	g := after(t, "russian", opening...) // Black's reply decided on 2026-11-03 at 20:00
	last := time.Date(2026, 11, 3, 20, 0, 0, 0, moscow)
	if !g.Decided.Equal(last) {
		t.Fatalf("the game was last decided %s, want Black's letter's %s", g.Decided, last)
	}
	const reply = "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4"
	back := send(t, g, testLetter{ivanov, "2026-11-01 09:00", reply}, reg)
	same := send(t, g, testLetter{ivanov, "2026-11-03 20:00", reply}, reg)
	if back.Verdict != Accepted {
		t.Fatalf("the answer received after the jump: %s %v, want it accepted", back.Verdict, back.Clauses)
	}
	n := len(back.Game.Plies)
	if got, want := back.Game.Plies[n-1].Date, day("2026-11-03"); got != want {
		t.Errorf("White's move is dated %s, want %s: not before the move it answers", got, want)
	}
	if got := back.Game.History[len(back.Game.History)-1].Date; got != day("2026-11-03") {
		t.Errorf("the decision is recorded on %s, want 2026-11-03", got)
	}
	if back.Time != same.Time || back.Game.WhiteClock.Days != same.Game.WhiteClock.Days {
		t.Errorf("time after the jump %s (white %d days), want %s (%d days) as at the instant of the last decision",
			back.Time, back.Game.WhiteClock.Days, same.Time, same.Game.WhiteClock.Days)
	}
	if !back.Game.Decided.Equal(last) {
		t.Errorf("decided %s, want the last instant %s kept", back.Game.Decided, last)
	}
	if diff := cmp.Diff(same.Game.Plies, back.Game.Plies, cmpopts.IgnoreFields(Ply{}, "Letter")); diff != "" {
		t.Errorf("the plies differ from a letter received at the last instant (-there +here):\n%s", diff)
	}

	// A tick dated before the last decision sees the game as at that decision.
	if d := Tick(g, time.Date(2026, 11, 1, 0, 0, 0, 0, moscow)); d.Verdict != "" || !d.Game.Decided.Equal(last) {
		t.Errorf("a tick in the past: verdict %q, decided %s; want nothing, the game as it was", d.Verdict, d.Game.Decided)
	}
	// A ruling given while the clock is behind is dated by the last decision too.
	r, err := Rule(g, Ruling{Kind: RulePenalty, Side: Black, Days: 1, Clause: "4.2.6", Reason: "a remark", At: time.Date(2026, 11, 2, 12, 0, 0, 0, moscow)})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Game.History[len(r.Game.History)-1].Date; got != day("2026-11-03") || !r.Game.Decided.Equal(last) {
		t.Errorf("the ruling is recorded on %s (decided %s), want 2026-11-03 at the last instant", got, r.Game.Decided)
	}
}
