package referee

import (
	"testing"
	"time"

	"postald/internal/mailparse"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTimeNeverRunsBackward: the machine's clock (and the mail server's, which dates a letter's
// arrival) jumps back two days after Black's reply arrived. White's answer, dated "before" the
// move it answers, is decided as if it arrived with the game's last letter: the record shows it
// after Black's move, and no day is charged for the gap, nor taken back.
func TestTimeNeverRunsBackward(t *testing.T) {
	reg := DefaultRegulation()
	g := after(t, "russian", opening...) // Black's reply arrived on 2026-11-03 at 20:00
	last := time.Date(2026, 11, 3, 20, 0, 0, 0, moscow)
	if !g.LastArrival.Equal(last) {
		t.Fatalf("the game's last letter arrived %s, want Black's letter's %s", g.LastArrival, last)
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
	if !back.Game.LastArrival.Equal(last) {
		t.Errorf("the last arrival %s, want %s kept", back.Game.LastArrival, last)
	}
	if diff := cmp.Diff(same.Game.Plies, back.Game.Plies, cmpopts.IgnoreFields(Ply{}, "Letter")); diff != "" {
		t.Errorf("the plies differ from a letter received at the last instant (-there +here):\n%s", diff)
	}
}

// TestLateLettersKeepTheirArrival: letters decided long after they arrived (postald was stopped
// for a month, or a backlog is replayed) are dated by their arrival, in order, not by the time
// they are decided: the guard against a clock that jumps back charges nobody for postald's delay.
func TestLateLettersKeepTheirArrival(t *testing.T) {
	g := testGame("russian")
	later := time.Date(2026, 12, 1, 9, 0, 0, 0, moscow) // when postald decides them
	for _, l := range opening {
		at, err := time.ParseInLocation("2006-01-02 15:04", l.at, moscow)
		if err != nil {
			t.Fatal(err)
		}
		raw := "From: " + l.from.Email + "\r\nTo: moves@club.example\r\nSubject: СТ-2026/1 партия 1-2\r\nMessage-ID: <" + l.at + "@x>\r\n" +
			"Content-Type: text/plain; charset=utf-8\r\n\r\n" + l.body
		parsed, err := mailparse.Parse([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Decide([]Seat{g}, Mail{Letter: parsed, Envelope: Envelope{From: l.from.Email, MessageID: l.at + "@x", Received: at}}, later)
		if err != nil {
			t.Fatal(err)
		}
		g = g.with(d.Game)
	}
	if got := g.Plies[1].Date; got != day("2026-11-03") {
		t.Errorf("Black's move decided on 2026-12-01 is dated %s, want its arrival 2026-11-03", got)
	}
	if g.BlackClock.Days != 2 {
		t.Errorf("Black is charged %d days, want the 2 from White's move to his answer", g.BlackClock.Days)
	}
}
