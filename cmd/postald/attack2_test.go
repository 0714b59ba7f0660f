package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/mailtest"
	"postald/internal/store"
)

// TestTwoSendersThroughDovecot: under from_only, a letter whose From names White and another
// address, and one sent by somebody else (a Sender) in White's name, are held as unreadable:
// neither is applied as White's move, the judge is told of each, and White's own letter after
// them is decided.
func TestTwoSendersThroughDovecot(t *testing.T) {
	cases := []struct {
		name, header string
		why          func(white, other string) string
	}{
		{"two addresses in From", "From: White Player <%s>, %s",
			func(string, string) string { return "the From names 2 addresses" }},
		{"a Sender other than the From", "From: %s\r\nSender: %s",
			func(white, other string) string { return "sent by " + other + " for " + white }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := startStackGame(t) // a daemon of its own: the judge hears of one sender once an hour
			for _, u := range []string{g.white, g.black} {
				g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
			}
			white, other := g.st.Address(g.white), g.st.Address("outbound")
			token := mailtest.Unique("two-senders-")
			raw := fmt.Sprintf(c.header, white, other) + "\r\nTo: " + g.st.Address(g.st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
				"Message-ID: <" + token + "@players.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-b4\r\n"
			g.st.Append(t, g.st.Tournament, g.inbox, []byte(raw))
			why := c.why(white, other)
			if body := waitNotice(t, g.st, "judge", g.code+": letter held from", token, 30*time.Second); !strings.Contains(body, why) {
				t.Errorf("the judge's notice does not say %q:\n%s", why, body)
			}
			note := g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second) // in reply to his letter
			if body := bodyText(t, note.Raw); !strings.Contains(note.Header("Subject"), "your letter was not read") || !strings.Contains(body, why) {
				t.Errorf("White's note does not say %q:\n%s", why, body)
			}
			if res, n := gameState(t, g); res != "*" || n != 0 {
				t.Fatalf("the game holds %d plies (result %q), want the letter held", n, res)
			}
			own := mailtest.Unique("own-")
			g.send(t, g.white, "My move: 1. c3-b4", own, 0)
			if ack := g.st.WaitMessage(t, g.white, "INBOX", own, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
				t.Errorf("White's own letter: verdict %q, want accepted", ack.Header("X-Postald-Verdict"))
			}
		})
	}
}

// waitNotice waits for a letter of postald to user whose subject holds subject and whose text
// holds token, and returns its text.
func waitNotice(t *testing.T, st *mailtest.Stack, user, subject, token string, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, m := range st.Messages(t, user, "INBOX") {
			if !strings.Contains(m.Header("Subject"), subject) {
				continue
			}
			if body := bodyText(t, m.Raw); strings.Contains(body, token) {
				return body
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no letter %q with %q to %s after %v", subject, token, user, timeout)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestFloodThenMoveThroughDovecot: a player sends 200 letters without a move within minutes,
// far over letters_per_hour, then his real move. The flood beyond the limit is held, but his
// move is decided, answered and forwarded: the hourly limit protects answers, never his moves.
func TestFloodThenMoveThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	flood := mailtest.Unique("chatter-")
	c := g.st.Dial(t, g.st.Tournament) // one connection: the server allows a user few at once
	for i := range 200 {
		raw := "From: " + g.st.Address(g.white) + "\r\nTo: " + g.st.Address(g.st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
			fmt.Sprintf("Message-ID: <%s%d@players.test>\r\n", flood, i) + "Content-Type: text/plain; charset=utf-8\r\n\r\n" +
			fmt.Sprintf("Dear captain, a word about the weather, number %d.\r\n", i)
		mailtest.Append(t, c, g.inbox, []byte(raw))
	}
	token := mailtest.Unique("real-move-")
	g.send(t, g.white, "My move: 1. c3-b4", token, 0)
	ack := g.st.WaitMessage(t, g.white, "INBOX", token, 3*time.Minute)
	if v := ack.Header("X-Postald-Verdict"); v != "accepted" {
		t.Errorf("his move after the flood: verdict %q, want accepted", v)
	}
	g.st.WaitMessage(t, g.black, "INBOX", token, 30*time.Second) // forwarded to his partner
	if res, n := gameState(t, g); res != "*" || n != 1 {
		t.Errorf("the game: result %q, %d plies; want White's move on the board", res, n)
	}
	err := g.db.View(func(tx *store.Tx) error {
		q, err := tx.QuarantinedInbound()
		held := 0
		for _, in := range q {
			if strings.HasPrefix(in.MessageID, token) {
				t.Errorf("his move is in the quarantine: %+v", in)
			}
			if strings.HasPrefix(in.MessageID, flood) {
				held++
			}
		}
		if limit := g.cfg.Limits.LettersPerHour; held != 200-limit {
			t.Errorf("%d letters of the flood held, want the %d over the limit of %d", held, 200-limit, limit)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
