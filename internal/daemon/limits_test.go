package daemon

import (
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/store"
)

// TestAnswersToMovesAlwaysSent: answers_per_hour holds back only the answers to letters without
// moves (and automatic notices): every letter that carries moves is answered, so that a player
// who answers many games in one evening gets every acknowledgement.
func TestAnswersToMovesAlwaysSent(t *testing.T) {
	limits := config.Defaults().Limits
	limits.AnswersPerHour = 1
	r := startRig(t, limits, config.Trust{FromOnly: true}) // a closed test setup
	game, white := r.gameOf(1, 2)
	from, user := "ivanov@"+trustDomain, "ivanov"
	if !white {
		from, user = "petrov@"+trustDomain, "petrov"
	}
	other, _ := r.gameOf(1, 3)
	if !white {
		other, _ = r.gameOf(2, 3)
	}
	sendIn := func(game, body string) {
		r.clock.Add(time.Minute)
		_, raw := r.compose(from, "", "Tournament TT-2026, game "+game+".\n"+body+"\n")
		r.deliver(raw)
	}
	send := func(body string) { sendIn(game, body) }
	send("My move: 1. c3-d4") // accepted: answered, forwarded
	send("My move: 1. c3-d4") // the same move again, not his turn: answered
	send("My move: 1. c3-d4") // and again
	if got := len(r.newMail(user)); got != 3 {
		t.Errorf("the player got %d answers to 3 letters with moves, want 3 whatever answers_per_hour says", got)
	}
	// Letters without a move: the first is answered, the second (in his other game, which the
	// referee would answer) is over the limit of one an hour.
	send("Thank you for the game so far, see you soon")
	if got := len(r.newMail(user)); got != 1 {
		t.Errorf("the player got %d answers to his first letter without moves, want 1", got)
	}
	sendIn(other, "Thank you for the game so far, see you soon")
	if got := len(r.newMail(user)); got != 0 {
		t.Errorf("the player got %d answers to a letter without moves over answers_per_hour, want 0", got)
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
