package daemon

import (
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/store"
)

// TestAnswersPerHourEveryKind: answers_per_hour holds back answers of every kind, those to
// letters with moves too (no address gets more answers an hour, so no mail loop costs more);
// the letters over it are decided all the same, and the partner gets every forwarded move.
func TestAnswersPerHourEveryKind(t *testing.T) {
	limits := config.Defaults().Limits
	limits.AnswersPerHour = 2
	r := startRig(t, limits, config.Trust{FromOnly: true}) // a closed test setup
	game, white := r.gameOf(1, 2)
	from, user, partner := "ivanov@"+trustDomain, "ivanov", "petrov"
	if !white {
		from, user, partner = "petrov@"+trustDomain, "petrov", "ivanov"
	}
	other, _ := r.gameOf(1, 3)
	if !white {
		other, _ = r.gameOf(2, 3)
	}
	sendIn := func(game, body string) string {
		r.clock.Add(time.Minute)
		id, raw := r.compose(from, "", "Tournament TT-2026, game "+game+".\n"+body+"\n")
		r.deliver(raw)
		return id
	}
	sendIn(game, "My move: 1. c3-d4") // accepted: answered, forwarded
	sendIn(game, "My move: 1. c3-d4") // the same move again, not his turn: answered
	if got := len(r.newMail(user)); got != 2 {
		t.Errorf("the player got %d answers to 2 letters with moves, want 2", got)
	}
	if got := len(r.newMail(partner)); got != 1 {
		t.Errorf("the partner got %d letters, want the forwarded move", got)
	}
	// Over answers_per_hour: a move in the game is decided, not answered.
	id := sendIn(game, "My move: 1. c3-d4 2. d4-c5")
	if in := r.inbound(id); in.State == store.InboundQuarantined {
		t.Errorf("the move over answers_per_hour held: %s", in.Reason)
	}
	if got := len(r.newMail(user)); got != 0 {
		t.Errorf("the player got %d answers over answers_per_hour, want 0", got)
	}
	sendIn(other, "Thank you for the game so far, see you soon")
	if got := len(r.newMail(user)); got != 0 {
		t.Errorf("the player got %d answers to a letter without moves over answers_per_hour, want 0", got)
	}
	// An hour later the window has moved on (a letter without a move in the game, the first
	// there today).
	r.clock.Add(time.Hour)
	sendIn(game, "Thank you again")
	if got := len(r.newMail(user)); got != 1 {
		t.Errorf("an hour later the player got %d answers, want 1", got)
	}
}

// TestSpoofedFloodSparesThePlayer: a flood of letters in a player's name that fail
// authentication never counts toward his own letters_per_hour: his real letter within the same
// hour is decided.
func TestSpoofedFloodSparesThePlayer(t *testing.T) {
	limits := config.Defaults().Limits
	limits.LettersPerHour = 3
	r := startRig(t, limits, config.Trust{AuthservID: authserv, Require: []string{"dkim"}, Verdict: config.VerdictServer})
	game, white := r.gameOf(1, 2)
	from, user := "ivanov@"+trustDomain, "ivanov"
	if !white {
		from, user = "petrov@"+trustDomain, "petrov"
	}
	forged := "Authentication-Results: " + authserv + "; dkim=fail header.d=" + trustDomain + "\r\n"
	for range 10 {
		r.clock.Add(time.Minute)
		_, raw := r.compose(from, forged, "Tournament TT-2026, game "+game+".\nI resign.\n")
		r.deliver(raw)
	}
	r.newMail(user) // the note about the forged letters
	r.clock.Add(time.Minute)
	id, raw := r.compose(from, goodAuth, "Tournament TT-2026, game "+game+".\nMy move: 1. c3-d4\n")
	r.deliver(raw)
	if in := r.inbound(id); in.State == store.InboundQuarantined {
		t.Fatalf("the player's own letter after a spoofed flood is held: %s", in.Reason)
	}
	got := r.newMail(user)
	if len(got) != 1 || got[0].header.Get("X-Postald-Verdict") != "accepted" {
		t.Errorf("the player got %d letters, want the acknowledgement of his move", len(got))
	}
}
