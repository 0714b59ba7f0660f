package main

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"testing"
	"time"
	"unicode"

	"postald/internal/mailtest"
	"postald/internal/office"
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

// TestTerminalEscapesThroughDovecot: a display name and a subject carrying terminal escapes
// (clear the screen, set the window's title, ring the bell) and a bidi override, in White's real
// move and in a stranger's letter. `judge show`, `judge letter` and `judge quarantine` print
// what was there as U+FFFD marks, never the control characters themselves.
func TestTerminalEscapesThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	// The display name and the subject as a mail program encodes them (RFC 2047), which is how
	// control characters pass every server: the escapes are in the decoded text.
	subject := mime.QEncoding.Encode("utf-8", g.code+" game 1-2 \x1b[8mhidden\x1b[0m\x07")
	letter := func(name, from, token, text string) []byte {
		return []byte("From: " + mime.QEncoding.Encode("utf-8", name) + " <" + from + ">\r\nTo: " + g.st.Address(g.st.Tournament) +
			"\r\nSubject: " + subject + "\r\nMessage-ID: <" + token + "@players.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text)
	}
	move := mailtest.Unique("escapes-")
	g.st.Append(t, g.st.Tournament, g.inbox, letter("White \u202eyalP", g.st.Address(g.white), move, "My move: 1. c3-b4\r\n\x1b[1Aa line drawn over\r\n"))
	if ack := g.st.WaitMessage(t, g.white, "INBOX", move, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the move: verdict %q", ack.Header("X-Postald-Verdict"))
	}
	// A display name with escapes is not read as anybody's (held, no readable From).
	held := mailtest.Unique("escapes-held-")
	g.st.Append(t, g.st.Tournament, g.inbox, letter("White\x1b[2J\x1b]0;you lost\x07", g.st.Address(g.white), held, "My move: 1. c3-b4\r\n"))
	var quarantine string
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(quarantine, held); {
		if time.Now().After(deadline) {
			t.Fatalf("judge quarantine does not list the letter:\n%s", quarantine)
		}
		time.Sleep(200 * time.Millisecond)
		quarantine = judgeOut(t, g, "quarantine")
	}
	for _, c := range []struct {
		what, out string
		marked    bool // the store keeps a held letter's From with its controls as spaces
	}{
		{"judge show", judgeOut(t, g, "show", g.code+"/1-2"), true},
		{"judge letter", judgeOut(t, g, "letter", g.code+"/1-2", "1"), true},
		{"judge quarantine", quarantine, false},
	} {
		for _, r := range c.out {
			if (unicode.IsControl(r) && r != '\n' && r != '\t') || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
				t.Errorf("%s prints %U:\n%q", c.what, r, c.out)
				break
			}
		}
		if c.marked && !strings.Contains(c.out, "\uFFFD") {
			t.Errorf("%s does not mark what it removed:\n%s", c.what, c.out)
		}
	}
}

// judgeOut runs a judge command through the daemon's control socket and returns what it prints.
func judgeOut(t *testing.T, g *stackGame, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	code, err := controlCall(g.cfg.Control.Socket, append([]string{"judge"}, args...), &out)
	if err != nil || code != 0 {
		t.Fatalf("judge %s: code %d, %v: %s", strings.Join(args, " "), code, err, out.String())
	}
	return out.String()
}

// TestClockBackThroughDovecot: the machine's clock jumps back two days between White's move and
// Black's answer, and Dovecot, on the same clock, dates the answer's arrival two days back too.
// The answer is decided and recorded after the move it answers, Black is charged nothing for
// the gap, and the judge is told once that the clock is behind.
func TestClockBackThroughDovecot(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), emailSheet, true)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	g.at(t, 4)
	move := mailtest.Unique("move-")
	g.send(t, g.white, "My move: 1. c3-b4", move, 0)
	g.st.WaitMessage(t, g.black, "INBOX", move, 30*time.Second)
	g.at(t, 2) // two days back, for postald and for Dovecot's arrival date alike
	answer := mailtest.Unique("answer-")
	g.send(t, g.black, "Received your 1. c3-b4.\nMy move: 1... b6-c5", answer, 0)
	if ack := g.st.WaitMessage(t, g.black, "INBOX", answer, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the answer after the jump: verdict %q, want accepted:\n%s", ack.Header("X-Postald-Verdict"), ack.Raw)
	}
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		if err != nil {
			return err
		}
		if len(gm.Plies) != 2 || gm.Plies[1].Date.Before(gm.Plies[0].Date) {
			t.Errorf("the record: %+v; want Black's answer dated no earlier than White's move", gm.Plies)
		}
		if gm.BlackClock.Days != 0 {
			t.Errorf("Black is charged %d days for answering on the day the move reached him", gm.BlackClock.Days)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	subject := "clock is behind the tournament's records (" + g.code + ")"
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := 0
		for _, m := range g.st.Messages(t, "judge", "INBOX") {
			if s, _ := new(mime.WordDecoder).DecodeHeader(m.Header("Subject")); strings.Contains(s, subject) {
				n++
			}
		}
		if n == 1 {
			break
		}
		if n > 1 || time.Now().After(deadline) {
			t.Fatalf("the judge has %d notices %q, want one", n, subject)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
