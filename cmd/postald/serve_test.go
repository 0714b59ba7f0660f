package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/mailwrite"
	"postald/internal/office"
	"postald/internal/store"
)

// stackGame is a tournament of two players of the real mail stack, run by a daemon in this
// process that talks to Dovecot over IMAP (STARTTLS, the stack's private CA) and sends through
// Postfix's submission port (STARTTLS and AUTH), into the players' Dovecot mailboxes.
type stackGame struct {
	st           *mailtest.Stack
	imap         *mailtest.Stack // the server of the tournament's mailbox; nil: st
	cfg          *config.Config
	db           *store.DB
	code         string // the tournament's code: unique, so that letters are found by it
	white, black string // user names
	inbox        string // the tournament's own mailbox the daemon watches
	start        time.Time
	done         chan error
	// behind is how far the daemon's clock is set back from the real one (now); zero, it is
	// the real clock. A test that plays days moves it forward with at.
	behind atomic.Int64
}

// now is the daemon's clock.
func (g *stackGame) now() time.Time { return time.Now().Add(-time.Duration(g.behind.Load())) }

// at sets the daemon's clock to noon of the start date's day n (in the regulation's zone,
// Europe/Moscow), and returns that instant; it must not be later than the real time.
func (g *stackGame) at(t *testing.T, n int) time.Time {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	s := g.start // the sheet's start date is the date of g.start where the test runs
	when := time.Date(s.Year(), s.Month(), s.Day()+n, 12, 0, 0, 0, loc)
	if d := time.Until(when); d > 0 {
		t.Fatalf("day %d of the game is %v in the future", n, d)
	}
	g.behind.Store(int64(time.Since(when)))
	return when
}

func startStackGame(t *testing.T) *stackGame {
	t.Helper()
	return startStackGameIn(t, t.TempDir())
}

// startStackGameIn is startStackGame with the store and the control socket in dir.
func startStackGameIn(t *testing.T, dir string) *stackGame {
	t.Helper()
	return startStackGameWith(t, dir, emailSheet, false)
}

// emailSheet is the start sheet of a stackGame: two players by e-mail, column checkers.
func emailSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "integration"
variant = "column"
start = %s
end = %s
language = "en"
address = %q
judge = %q
director = %q
[[player]]
number = 1
name = "White Player"
email = %q
[[player]]
number = 2
name = "Black Player"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// startStackGameWith is startStackGameIn with the start sheet sheet writes for g. With days,
// the daemon's clock is set to the start date (at), for a test that plays on the game's days;
// configure, if given, completes the configuration before the daemon starts.
func startStackGameWith(t *testing.T, dir string, sheet func(g *stackGame) string, days bool, configure ...func(*config.Config)) *stackGame {
	t.Helper()
	return startStackGameOn(t, dir, sheet, days, nil, func(c *config.Config) {
		for _, f := range configure {
			f(c)
		}
	})
}

// startStackGameOn is startStackGameWith with the tournament's mailbox on the IMAP server of
// imap (nil: the stack's Dovecot, in mailboxes of the test's own), where the daemon watches
// INBOX and makes its own folders; adjust, if set, changes the configuration before serve
// starts.
func startStackGameOn(t *testing.T, dir string, sheet func(g *stackGame) string, days bool, imap *mailtest.Stack, adjust func(*config.Config)) *stackGame {
	t.Helper()
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	players := st.Players()
	if len(players) < 2 {
		t.Fatalf("the mail stack has %d players, want 2", len(players))
	}
	g := &stackGame{st: st, imap: imap, white: players[0], black: players[1], done: make(chan error, 1)}
	g.code = mailtest.Unique("IT")
	var processed string
	if imap == nil {
		g.inbox = st.TempMailbox(t, st.Tournament, "in")
		processed = st.TempMailbox(t, st.Tournament, "done")
	} else {
		g.inbox = "INBOX" // the test's own server
	}
	in := g.imapStack()
	g.cfg = &config.Config{
		Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
		IMAP:    config.Server{Address: in.IMAPAddr, TLS: "starttls", Username: in.Address(in.Tournament), Password: in.Password(in.Tournament), Mailbox: g.inbox, Processed: processed},
		SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), From: "Secretary <" + st.Address(st.Tournament) + ">"},
		TLS:     config.TLS{CAFile: st.CAFile},
		Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
		Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}},
		Limits:  config.Defaults().Limits,
		// from_only: a closed test setup; the test appends the letters to the mailbox itself
		Trust: config.Trust{FromOnly: true},
		// No delivery notices: their reports would pile up in the tournament's INBOX, which these
		// daemons do not watch (the delivery tests ask for them: delivery_stack_test.go).
		Delivery: config.Delivery{RecipientDelimiter: "+"},
	}
	if imap != nil {
		// The test's own server has its own certificate: the CA file trusts both.
		g.cfg.TLS.CAFile = bothCAs(t, dir, st, imap)
	}
	if adjust != nil {
		adjust(g.cfg)
	}
	db, err := store.Open(g.cfg.Store.Path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.db = db
	g.start = time.Now().AddDate(0, 0, -30)
	if days {
		g.at(t, 0)
	}
	ctx, cancel := context.WithCancel(context.Background())
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	go func() { g.done <- serve(ctx, g.cfg, db, log, g.now) }()
	t.Cleanup(func() {
		cancel()
		if err := <-g.done; err != nil {
			t.Errorf("serve: %v", err)
		}
		db.Close()
	})
	// The tournament is registered through the control socket, as `postald tournament create` does
	// while the daemon runs.
	sheetFile := writeSheet(t, sheet(g))
	var out bytes.Buffer
	code := 0
	for i := 0; ; i++ {
		code, err = controlCall(g.cfg.Control.Socket, []string{"tournament", "create", "-sheet", sheetFile}, &out)
		if err == nil || i == 100 {
			break
		}
		time.Sleep(20 * time.Millisecond) // the daemon is starting
	}
	if err != nil || code != 0 {
		t.Fatalf("tournament create through the control socket: code %d, %v: %s", code, err, out.String())
	}
	return g
}

// bodyText returns the decoded text of a letter postald wrote.
func bodyText(t *testing.T, raw []byte) string {
	t.Helper()
	w, err := mailwrite.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	return w.Text
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// send puts a player's letter into the tournament's mailbox, as the mail server delivers it,
// received on the given day; token goes into its Message-ID so that answers can be found by it.
func (g *stackGame) send(t *testing.T, user, text, token string, day int) {
	t.Helper()
	raw := "From: " + g.st.Address(user) + "\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: " + g.code + " game 1-2\r\nMessage-ID: <" + token + "@players.test>" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n")
	c := g.imapStack().Dial(t, g.st.Tournament)
	received := g.start.AddDate(0, 0, day)
	if g.behind.Load() != 0 {
		received = g.now() // a test that sets the daemon's clock plays on its days
	}
	cmd := c.Append(g.inbox, int64(len(raw)), &imap.AppendOptions{Time: received})
	if _, err := cmd.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}

// imapStack is the server of the tournament's mailbox.
func (g *stackGame) imapStack() *mailtest.Stack {
	if g.imap != nil {
		return g.imap
	}
	return g.st
}

// TestServeGameThroughDovecot plays the seed's sample game of column checkers by letters through
// the real servers: every letter is appended to the tournament's Dovecot mailbox, postald reads
// it over IMAP, and its acknowledgement and forwarded copy are read back from the players'
// Dovecot mailboxes after Postfix delivered them.
func TestServeGameThroughDovecot(t *testing.T) {
	playDemo(t, startStackGame(t))
}

// playDemo plays the seed's sample game of column checkers by letters through the daemon of g
// and checks every answer and forwarded copy, and the final game.
func playDemo(t *testing.T, g *stackGame) {
	t.Helper()
	for _, u := range []string{g.white, g.black} {
		m := g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
		if v := m.Header("X-Postald-Verdict"); v != "notice" {
			t.Errorf("start letter to %s: X-Postald-Verdict %q", u, v)
		}
	}
	for i, step := range demoSteps {
		token := mailtest.Unique(fmt.Sprintf("step%d-", i+1))
		from, partner := g.white, g.black
		if step.side == "black" {
			from, partner = g.black, g.white
		}
		g.send(t, from, step.text, token, step.day)
		ack := g.st.WaitMessage(t, from, "INBOX", token, 30*time.Second)
		if v := ack.Header("X-Postald-Verdict"); v != step.verdict {
			t.Errorf("letter %d: the answer to %s says %q, want %q:\n%s", i+1, from, v, step.verdict, ack.Raw)
		}
		if got, want := ack.Header("X-Postald-Game"), g.code+"/1-2"; got != want {
			t.Errorf("letter %d: X-Postald-Game %q, want %q", i+1, got, want)
		}
		if ack.Header("Auto-Submitted") != "auto-replied" || ack.Header("In-Reply-To") != "<"+token+"@players.test>" {
			t.Errorf("letter %d: Auto-Submitted %q, In-Reply-To %q", i+1, ack.Header("Auto-Submitted"), ack.Header("In-Reply-To"))
		}
		// The partner receives the move (or, at the end, the result) with the same verdict.
		fwd := g.st.WaitMessage(t, partner, "INBOX", token, 30*time.Second)
		if v := fwd.Header("X-Postald-Verdict"); v != step.verdict {
			t.Errorf("letter %d: the copy to %s says %q, want %q", i+1, partner, v, step.verdict)
		}
	}
	// The last forwarded letter before the resignation carries the whole combination.
	var final string
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		final = gm.Result.String() + " " + strings.Join(gm.MoveList(), " ")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "1-0 1. c3-b4 1... b6-c5 2. b4-a5"; !strings.HasPrefix(final, want) || !strings.HasSuffix(final, "11. b2:h6") {
		t.Errorf("final game = %q, want the seed's game won by White", final)
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("archive: %v", err)
	}
}

// TestJudgeRulingThroughControlSocket gives a ruling while the daemon runs: it goes through the
// control socket, and both players find it in their Dovecot mailboxes.
func TestJudgeRulingThroughControlSocket(t *testing.T) {
	g := startStackGame(t)
	reason := mailtest.Unique("ruling-")
	var out bytes.Buffer
	code, err := controlCall(g.cfg.Control.Socket, []string{"judge", "penalty", "-clause", "4.1.9", "-reason", reason,
		g.code + "/1-2", "white", "3"}, &out)
	if err != nil || code != 0 {
		t.Fatalf("judge penalty: code %d, %v: %s", code, err, out.String())
	}
	// No move was made, so the only letter about game 1-2 of this tournament is the ruling.
	for _, u := range []string{g.white, g.black, "director"} {
		m := g.st.WaitMessage(t, u, "INBOX", "X-Postald-Game: "+g.code+"/1-2", 30*time.Second)
		if v, c := m.Header("X-Postald-Verdict"), m.Header("X-Postald-Clause"); v != "ruling" || c != "4.1.9" {
			t.Errorf("ruling to %s: verdict %q clause %q, want ruling 4.1.9", u, v, c)
		}
		if text := bodyText(t, m.Raw); !strings.Contains(text, reason) {
			t.Errorf("ruling to %s does not give the judge's reason %q:\n%s", u, reason, text)
		}
	}
	out.Reset()
	if code, err := controlCall(g.cfg.Control.Socket, []string{"judge", "list", "-tournament", g.code}, &out); err != nil || code != 0 {
		t.Fatalf("judge list: code %d, %v", code, err)
	}
	if !strings.Contains(out.String(), "3/0") {
		t.Errorf("judge list after a 3-day penalty to White:\n%s\nwant the time 3/0", out.String())
	}
}
