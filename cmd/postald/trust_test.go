package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	netsmtp "net/smtp"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/store"
	"postald/internal/trust"
)

// exampleConfig is config.example.toml as shipped, with its password files in dir (mode 0600)
// and the store in dir.
func exampleConfig(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, name := range []string{"imap.pass", "smtp.pass"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("secret\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		s = strings.ReplaceAll(s, "/etc/postald/"+name, p)
	}
	s = strings.ReplaceAll(s, "/var/lib/postald/postald.db", filepath.Join(dir, "postald.db"))
	s = strings.ReplaceAll(s, "/run/postald/control.sock", filepath.Join(dir, "run", "control.sock"))
	s = strings.ReplaceAll(s, `"127.0.0.1:8080"`, `"127.0.0.1:0"`) // any free port: tests run side by side
	return s
}

func writeFile(t *testing.T, path, data string, mode os.FileMode) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // whatever the umask
		t.Fatal(err)
	}
	return path
}

// TestServeRefusesDefaultTrust: with the shipped configuration ([trust] left as it is) serve
// does not start, and says which setting to give and where to read about it; so does
// check-config.
func TestServeRefusesDefaultTrust(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, filepath.Join(dir, "postald.toml"), exampleConfig(t, dir), 0o600)
	for _, cmd := range []string{"serve", "check-config"} {
		var stdout, stderr bytes.Buffer
		args := []string{cmd, "-config", path}
		if cmd == "check-config" {
			args = append(args, "-offline") // the example's servers do not exist
		}
		code := run(context.Background(), &cmdEnv{stdout: &stdout, stderr: &stderr}, args)
		out := stdout.String() + stderr.String()
		if code != 1 {
			t.Errorf("%s with the default [trust]: exit %d, want 1\n%s", cmd, code, out)
		}
		for _, want := range []string{"[trust] is not set", "authserv_id", "require", "from_only = true", "closed test setup", "docs/trust.md"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the refusal does not say %q:\n%s", cmd, want, out)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "postald.db")); err == nil {
		t.Error("serve created the store before refusing")
	}
}

// TestFilePermissions: a configuration or password file readable by others makes serve warn
// and check-config fail with every problem listed; owner-only files pass.
func TestFilePermissions(t *testing.T) {
	dir := t.TempDir()
	cfg := exampleConfig(t, dir)
	cfg = strings.Replace(cfg, `authserv_id = ""`, `authserv_id = "mx.club.example"`, 1)
	cfg = strings.Replace(cfg, `require = []`, `require = ["dkim"]`, 1)
	path := writeFile(t, filepath.Join(dir, "postald.toml"), cfg, 0o644)
	pass := filepath.Join(dir, "imap.pass")
	if err := os.Chmod(pass, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), &cmdEnv{stdout: &stdout, stderr: &stderr}, []string{"check-config", "-offline", "-config", path})
		return code, stdout.String() + stderr.String()
	}
	code, out := check()
	if code != 1 || !strings.Contains(out, "FAIL the configuration file "+path+" has mode 0644") ||
		!strings.Contains(out, "FAIL [imap] password_file "+pass+" has mode 0644") || !strings.Contains(out, "2 problems") {
		t.Errorf("check-config with world-readable files: exit %d, want 1 and both files listed:\n%s", code, out)
	}
	if strings.Contains(out, filepath.Join(dir, "smtp.pass")+" has mode") {
		t.Errorf("check-config lists the owner-only smtp.pass:\n%s", out)
	}

	// serve warns about the same files; the store path here cannot be opened, so it stops there.
	bad := strings.Replace(cfg, filepath.Join(dir, "postald.db"), filepath.Join(dir, "missing", "dir", "postald.db"), 1)
	badPath := writeFile(t, filepath.Join(dir, "bad.toml"), bad, 0o644)
	var stdout, stderr bytes.Buffer
	run(context.Background(), &cmdEnv{stdout: &stdout, stderr: &stderr}, []string{"serve", "-config", badPath})
	if s := stderr.String(); !strings.Contains(s, "level=WARN") || !strings.Contains(s, badPath+" has mode 0644") ||
		!strings.Contains(s, pass+" has mode 0644") {
		t.Errorf("serve did not warn about the readable files:\n%s", s)
	}

	for _, p := range []string{path, pass} {
		if err := os.Chmod(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := check(); code != 0 || strings.Contains(out, "FAIL") {
		t.Errorf("check-config with owner-only files: exit %d, want 0:\n%s", code, out)
	}
}

// trustGame is a tournament of two players of the real mail stack, served by a daemon with
// the given [trust], watching a mailbox of its own.
type trustGame struct {
	st           *mailtest.Stack
	cfg          *config.Config
	db           *store.DB
	code         string
	white, black string
	inbox        string
}

func startTrustGame(t *testing.T, tr config.Trust, adjust ...func(*config.Config)) *trustGame {
	t.Helper()
	return startTrustGameWith(t, tr, trustSheet, adjust...)
}

// trustSheet is the start sheet of a trustGame: White and Black, one game.
func trustSheet(g *trustGame) string {
	st := g.st
	start := time.Now().AddDate(0, 0, -10)
	return fmt.Sprintf("[tournament]\ncode = %q\nname = \"trust\"\nvariant = \"column\"\nstart = %s\nend = %s\nlanguage = \"en\"\n"+
		"address = %q\njudge = %q\ndirector = %q\n[[player]]\nnumber = 1\nname = \"White\"\nemail = %q\n[[player]]\nnumber = 2\nname = \"Black\"\nemail = %q\n",
		g.code, start.Format(time.DateOnly), start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// startTrustGameWith is startTrustGame with the start sheet sheet writes for g.
func startTrustGameWith(t *testing.T, tr config.Trust, sheet func(*trustGame) string, adjust ...func(*config.Config)) *trustGame {
	t.Helper()
	st := mailtest.Load(t)
	st.RequireAuthres(t)
	players := st.Players()
	g := &trustGame{st: st, white: players[0], black: players[1], code: mailtest.Unique("TR")}
	g.inbox = st.TempMailbox(t, st.Tournament, "in")
	processed := st.TempMailbox(t, st.Tournament, "done")
	dir := t.TempDir()
	cfg := &config.Config{
		Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
		IMAP:    config.Server{Address: st.IMAPAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), Mailbox: g.inbox, Processed: processed},
		SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), From: "Secretary <" + st.Address(st.Tournament) + ">"},
		TLS:     config.TLS{CAFile: st.CAFile},
		Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
		Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}},
		Limits:  config.Defaults().Limits,
		Trust:   tr,
	}
	if !tr.FromOnly && tr.Resolver == "" {
		// postald's own check asks a DNS server of the test's, which knows nothing: no DKIM
		// key, SPF or DMARC record anywhere (and no question leaves the machine).
		cfg.Trust.Resolver = mailtest.StartDNS(t).Addr
	}
	for _, f := range adjust {
		f(cfg)
	}
	db, err := store.Open(cfg.Store.Path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.db, g.cfg = db, cfg
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	go func() { done <- serve(ctx, cfg, db, log, time.Now) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		db.Close()
	})
	sheetFile := writeSheet(t, sheet(g))
	var out bytes.Buffer
	code := 0
	for i := 0; ; i++ {
		code, err = controlCall(cfg.Control.Socket, []string{"tournament", "create", "-sheet", sheetFile}, &out)
		if err == nil || i == 100 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil || code != 0 {
		t.Fatalf("tournament create: code %d, %v: %s", code, err, out.String())
	}
	st.WaitMessage(t, g.black, "INBOX", g.code+": start of the tournament", 30*time.Second)
	return g
}

// sendUnauthenticated hands raw to the stack's Postfix as any stranger on the Internet can:
// plain SMTP, no AUTH.
func (g *trustGame) sendUnauthenticated(t *testing.T, from, to string, raw []byte) {
	t.Helper()
	c, err := netsmtp.Dial(g.st.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Mail(from); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt(to); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c.Quit()
}

// toDaemon moves a letter Postfix delivered into the tournament's INBOX, as it is (the fields
// Postfix wrote included), into the mailbox the daemon watches: the shared INBOX is not watched
// by any test.
func (g *trustGame) toDaemon(t *testing.T, m mailtest.Mail) {
	t.Helper()
	g.st.Append(t, g.st.Tournament, g.inbox, m.Raw)
	c := g.st.Dial(t, g.st.Tournament)
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Store(imap.UIDSetNum(imap.UID(m.UID)), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}, nil).Collect(); err != nil {
		t.Fatal(err)
	}
	if err := c.UIDExpunge(imap.UIDSetNum(imap.UID(m.UID))).Close(); err != nil {
		t.Fatal(err)
	}
}

func (g *trustGame) game(t *testing.T) (result string, moves int) {
	t.Helper()
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		result, moves = string(gm.Result), len(gm.MoveList())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return result, moves
}

// TestForgedResignationThroughPostfix: a stranger sends Postfix, without AUTH, a letter with
// Black's From that resigns (in English and in Russian) and carries a forged
// Authentication-Results field in the receiving server's name with a DKIM pass. Postfix
// removes the forged field and writes its own (no DKIM pass), so with require = ["dkim"] the
// letter is quarantined, the game stays as it was and the judge is told.
func TestForgedResignationThroughPostfix(t *testing.T) {
	g := startTrustGame(t, config.Trust{AuthservID: mailtest.Load(t).AuthservID, Require: []string{"dkim"}, Verdict: config.VerdictServer})
	st := g.st
	result, moves := g.game(t)
	// One letter in each language, from each player: the judge hears of one sender once an hour.
	for _, f := range []struct{ player, text string }{{g.black, "I resign."}, {g.white, "Сдаюсь."}} {
		token := mailtest.Unique("forged-")
		raw := "From: " + st.Address(f.player) + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
			"Message-ID: <" + token + "@" + st.Domain + ">\r\n" +
			"Authentication-Results: " + st.AuthservID + "; dkim=pass header.d=" + st.Domain + "; spf=pass smtp.mailfrom=" + st.Address(f.player) + "\r\n" +
			"Content-Type: text/plain; charset=utf-8\r\n\r\nTournament " + g.code + ", game 1-2.\r\n" + f.text + "\r\n"
		g.sendUnauthenticated(t, st.Address(f.player), st.Address(st.Tournament), []byte(raw))
		m := st.WaitMessage(t, st.Tournament, "INBOX", token, 30*time.Second)

		// What Postfix delivered: one field, its own, on top, and no pass in it.
		h := trust.ReadHeader(m.Raw)
		if len(h.AuthResults) != 1 || h.AuthResults[0] != st.AuthservID+"; auth=none" {
			t.Fatalf("Postfix delivered the Authentication-Results fields %q, want only its own %q", h.AuthResults, st.AuthservID+"; auth=none")
		}
		g.toDaemon(t, m)

		notice := st.WaitMessage(t, "judge", "INBOX", token, 30*time.Second)
		body := bodyText(t, notice.Raw)
		if !strings.Contains(body, st.Address(f.player)) || !strings.Contains(body, "not authenticated: dkim") {
			t.Errorf("the judge's notice does not name the sender and the failed DKIM:\n%s", body)
		}
		if res, n := g.game(t); res != result || n != moves {
			t.Errorf("after the forged %q the game has result %q and %d moves, want %q and %d: unchanged", f.text, res, n, result, moves)
		}
		var held store.Inbound
		g.db.View(func(tx *store.Tx) error {
			q, err := tx.QuarantinedInbound()
			for _, in := range q {
				if in.MessageID == token+"@"+st.Domain {
					held = in
				}
			}
			return err
		})
		if held.State != store.InboundQuarantined || !strings.Contains(held.Reason, "dkim") {
			t.Errorf("the forged letter: state %q, reason %q; want quarantined for dkim", held.State, held.Reason)
		}
	}
}

// TestUnstampedLetterNoticeThroughDovecot: a letter that reaches the mailbox without passing
// Postfix (here: IMAP APPEND) has no field of the receiving server; it is held and the judge
// gets the daily notice that such letters arrive.
func TestUnstampedLetterNoticeThroughDovecot(t *testing.T) {
	g := startTrustGame(t, config.Trust{AuthservID: mailtest.Load(t).AuthservID, Require: []string{"dkim"}, Verdict: config.VerdictServer})
	st := g.st
	token := mailtest.Unique("unstamped-")
	st.Append(t, st.Tournament, g.inbox, mailtest.Letter(st.Address(g.white), st.Address(st.Tournament), token, "Tournament "+g.code+", game 1-2.\nMy move: 1. c3-b4"))
	want := "letters arrive without an Authentication-Results field of " + st.AuthservID
	deadline := time.Now().Add(30 * time.Second)
	for {
		found := false
		for _, m := range st.Messages(t, "judge", "INBOX") {
			if strings.Contains(m.Header("Subject"), want) && bytes.Contains(m.Raw, []byte(token)) {
				found = true
				if body := bodyText(t, m.Raw); !strings.Contains(body, "docs/trust.md") || !strings.Contains(body, "forged") {
					t.Errorf("the daily notice does not say what is at stake and where to read:\n%s", body)
				}
			}
		}
		if found {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no notice %q about %s reached the judge", want, token)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, n := g.game(t); n != 0 {
		t.Errorf("the unstamped letter's move was applied")
	}
}
