package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/mailtest"
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
