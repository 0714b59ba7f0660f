package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// The attacks of this file go through the real Dovecot and Postfix: a letter is appended to the
// tournament's Dovecot mailbox as the receiving server delivers it, the daemon reads it over
// IMAP, and what it answers is read back from the players' mailboxes after Postfix delivered it.

// TestReusedMessageIDThroughDovecot: a stranger's letter carrying a Message-ID, then a player's
// real move carrying the same one. The move must be decided as the new letter it is: answered,
// forwarded and on the board (it once vanished without a log line, an answer or a record).
func TestReusedMessageIDThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	token := mailtest.Unique("reused-")
	stranger := "outbound" // a mailbox of the stack that plays in no game
	g.send(t, stranger, "My move: 1. c3-b4", token, 0)
	g.send(t, g.white, "My move: 1. c3-b4", token, 0)
	ack := g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second)
	if v := ack.Header("X-Postald-Verdict"); v != "accepted" {
		t.Errorf("the player's letter with a reused Message-ID: verdict %q, want accepted:\n%s", v, ack.Raw)
	}
	g.st.WaitMessage(t, g.black, "INBOX", token, 30*time.Second) // the forwarded move
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		if err != nil {
			return err
		}
		if got := strings.Join(gm.MoveList(), " "); got != "1. c3-b4" {
			t.Errorf("game 1-2 holds %q, want the player's move", got)
		}
		q, err := tx.QuarantinedInbound()
		if err != nil {
			return err
		}
		held := 0
		for _, in := range q {
			if strings.HasPrefix(in.MessageID, token) {
				held++
			}
		}
		if held != 1 {
			t.Errorf("%d letters with the reused Message-ID held, want the stranger's only", held)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFullDiskThroughDovecot: the store's disk fills while a player's move arrives. The letter
// stays in the mailbox (never quarantined, never answered wrongly), the judge is told by a letter
// sent directly, and once space returns the move is decided exactly once and answered.
func TestFullDiskThroughDovecot(t *testing.T) {
	dir := mailtest.SmallDisk(t, 8<<20)
	g := startStackGameIn(t, dir)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	free := mailtest.FillDisk(t, dir)
	token := mailtest.Unique("full-disk-")
	// A long letter, so that its archive entry needs pages the full disk cannot give.
	g.send(t, g.white, "My move: 1. c3-b4\n\n"+strings.Repeat("A long letter written while the disk is full.\n", 2000), token, 0)
	// The judge hears of it, in a letter that names the tournament and the store's fault.
	notice := g.st.WaitMessage(t, "judge", "INBOX", "cannot be written ("+g.code, 60*time.Second)
	if body := bodyText(t, notice.Raw); !strings.Contains(body, "no space left on device") {
		t.Errorf("the judge's notice does not say what failed:\n%s", body)
	}
	if n := len(g.st.Messages(t, g.st.Tournament, g.inbox)); n != 1 {
		t.Errorf("%d letters in the tournament's mailbox while the disk is full, want the move waiting there", n)
	}
	free()
	ack := g.st.WaitMessage(t, g.white, "INBOX", token, 90*time.Second)
	if v := ack.Header("X-Postald-Verdict"); v != "accepted" {
		t.Errorf("once space returned: verdict %q, want accepted:\n%s", v, ack.Raw)
	}
	g.st.WaitMessage(t, g.black, "INBOX", token, 30*time.Second)
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		if err != nil {
			return err
		}
		if got := strings.Join(gm.MoveList(), " "); got != "1. c3-b4" {
			t.Errorf("game 1-2 holds %q, want the move once", got)
		}
		q, err := tx.QuarantinedInbound()
		if len(q) != 0 {
			t.Errorf("%d letters quarantined, want none: %+v", len(q), q)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("VerifyAll: %v", err)
	}
}

// TestSpoofedFloodThroughPostfix: a stranger floods Postfix with letters in White's name, more
// than letters_per_hour. They fail authentication, are held, and White is told once; his own
// letter, which his provider's server stamped with a DKIM pass, is decided within the same hour.
func TestSpoofedFloodThroughPostfix(t *testing.T) {
	g := startTrustGame(t, config.Trust{AuthservID: mailtest.Load(t).AuthservID, Require: []string{"dkim"}, Verdict: config.VerdictServer},
		func(c *config.Config) { c.Limits.LettersPerHour = 3 })
	st := g.st
	flood := mailtest.Unique("flood-")
	for i := range 5 {
		token := fmt.Sprintf("%s%d", flood, i)
		raw := "From: " + st.Address(g.white) + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
			"Message-ID: <" + token + "@" + st.Domain + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
			"Tournament " + g.code + ", game 1-2.\r\nI resign.\r\n"
		g.sendUnauthenticated(t, st.Address(g.white), st.Address(st.Tournament), []byte(raw))
		g.toDaemon(t, st.WaitMessage(t, st.Tournament, "INBOX", token, 30*time.Second))
	}
	note := st.WaitMessage(t, g.white, "INBOX", g.code+": your letter was not read", 30*time.Second)
	if body := bodyText(t, note.Raw); !strings.Contains(body, "somebody is writing in your name") {
		t.Errorf("the note to the player whose name the flood used:\n%s", body)
	}
	// His own letter, as his provider's receiving server delivers it after checking its signature.
	token := mailtest.Unique("genuine-")
	raw := "Authentication-Results: " + st.AuthservID + "; dkim=pass header.d=" + st.Domain + "\r\n" +
		"From: " + st.Address(g.white) + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
		"Message-ID: <" + token + "@" + st.Domain + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"Tournament " + g.code + ", game 1-2.\r\nMy move: 1. c3-b4\r\n"
	st.Append(t, st.Tournament, g.inbox, []byte(raw))
	ack := st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second)
	if v := ack.Header("X-Postald-Verdict"); v != "accepted" {
		t.Errorf("the player's own letter after the flood: verdict %q, want accepted", v)
	}
	if res, n := g.game(t); res != "*" || n != 1 {
		t.Errorf("the game: result %q with %d moves, want in play with White's move", res, n)
	}
	if notes := st.Messages(t, g.white, "INBOX"); countSubject(notes, "your letter was not read", g.code) != 1 {
		t.Errorf("the player got %d notes about the flood, want one within the hour", countSubject(notes, "your letter was not read", g.code))
	}
}

// countSubject counts the letters whose Subject holds every one of words.
func countSubject(ms []mailtest.Mail, words ...string) int {
	n := 0
	for _, m := range ms {
		s := m.Header("Subject")
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			n++
		}
	}
	return n
}

// TestSecondDaemonRefused: a second postald with another store, started on the mailbox a first
// one watches, stops with an error naming the store that holds the mailbox, instead of taking
// half of the letters; the first goes on deciding them.
func TestSecondDaemonRefused(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	other := *g.cfg
	dir := t.TempDir()
	other.Store.Path = filepath.Join(dir, "other.db")
	other.Control.Socket = filepath.Join(dir, "other.sock")
	db, err := store.Open(other.Store.Path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	err = serve(ctx, &other, db, log, time.Now)
	if !errors.Is(err, mailbox.ErrClaimed) || !strings.Contains(err.Error(), g.db.Instance()) {
		t.Fatalf("the second daemon: %v, want it refused, naming store %s", err, g.db.Instance())
	}
	token := mailtest.Unique("after-second-")
	g.send(t, g.white, "My move: 1. c3-b4", token, 0)
	if ack := g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Errorf("the first daemon's answer: %q", ack.Header("X-Postald-Verdict"))
	}
}

// TestUnreadableFromThroughDovecot: a letter whose From cannot be read (an encoded CR/LF in the
// display name) is held, not lost: `judge quarantine` lists it with the From shown as written and
// the reason. (Nobody can be answered; the judges' daily digest lists it, see daemon/digest.go.)
func TestUnreadableFromThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	token := mailtest.Unique("bad-from-")
	raw := "From: =?utf-8?q?White=0D=0APlayer?= <\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: " + g.code + " game 1-2\r\nMessage-ID: <" + token + "@players.test>" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-b4\r\n"
	g.st.Append(t, g.st.Tournament, g.inbox, []byte(raw))
	deadline := time.Now().Add(30 * time.Second)
	var out bytes.Buffer
	for time.Now().Before(deadline) {
		out.Reset()
		if code, err := controlCall(g.cfg.Control.Socket, []string{"judge", "quarantine"}, &out); err == nil && code == 0 &&
			strings.Contains(out.String(), token) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if s := out.String(); !strings.Contains(s, token) || !strings.Contains(s, "White Player") {
		t.Fatalf("judge quarantine does not list the letter with the unreadable From:\n%s", s)
	}
	if res, moves := gameState(t, g); res != "*" || moves != 0 {
		t.Errorf("the game: result %q, %d moves; want it untouched", res, moves)
	}
}

// TestOversizedLetterCopyThroughDovecot: a player's 1.9 MB letter is decided, and the copy
// forwarded to his partner carries its text only up to a bound and says that it was cut.
func TestOversizedLetterCopyThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	token := mailtest.Unique("long-")
	long := "My move: 1. c3-b4\n\n" + strings.Repeat("A very long letter about everything but the game, line after line.\n", 28000)
	g.send(t, g.white, long, token, 0)
	fwd := g.st.WaitMessage(t, g.black, "INBOX", token, 60*time.Second)
	// The bound: the text cut at referee.MaxForwardText, written twice (the text and its HTML
	// form), and the position's picture twice (inline and attached), with room for encoding.
	if n := len(fwd.Raw); n > 3*referee.MaxForwardText+150<<10 {
		t.Errorf("the forwarded copy of a %d KB letter is %d KB, want it bounded", len(long)>>10, n>>10)
	}
	if body := bodyText(t, fwd.Raw); !strings.Contains(body, "cut by postald") || !strings.Contains(body, "Moves: 1. c3-b4") {
		t.Errorf("the cut copy does not say it was cut, or lacks the move:\n%s", body[max(0, len(body)-2000):])
	}
}

// gameState returns the result of game 1-2 and how many plies it holds.
func gameState(t *testing.T, g *stackGame) (string, int) {
	t.Helper()
	var res string
	var n int
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		res, n = string(gm.Result), len(gm.Plies)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, n
}

// TestServeRefusesWrongPassword: a password the IMAP or the SMTP server refuses stops serve with
// an error naming the server and the setting, instead of "postald ready" and retries for ever.
func TestServeRefusesWrongPassword(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	for _, server := range []string{"imap", "smtp"} {
		t.Run(server, func(t *testing.T) {
			dir := t.TempDir()
			cfg := &config.Config{
				Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
				IMAP:    config.Server{Address: st.IMAPAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), Mailbox: st.TempMailbox(t, st.Tournament, "in")},
				SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), From: "Secretary <" + st.Address(st.Tournament) + ">"},
				TLS:     config.TLS{CAFile: st.CAFile},
				Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
				Limits:  config.Defaults().Limits,
				Trust:   config.Trust{FromOnly: true}, // a closed test setup
			}
			cfg.IMAP.Processed = cfg.IMAP.Mailbox + "-done"
			if server == "imap" {
				cfg.IMAP.Password = "not-the-password"
			} else {
				cfg.SMTP.Password = "not-the-password"
			}
			db, err := store.Open(cfg.Store.Path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			err = serve(ctx, cfg, db, slog.New(slog.DiscardHandler), time.Now)
			if err == nil || !strings.Contains(err.Error(), "["+server+"] the server") || !strings.Contains(err.Error(), "refused the login") {
				t.Fatalf("serve with a wrong %s password: %v, want it refused naming [%s]", server, err, server)
			}
		})
	}
}
