package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/mailtest"
	"postald/internal/store"
)

// Mail servers other than Dovecot's default: one that keeps a user's folders under "INBOX." as
// Cyrus and Courier do, one without IDLE and MOVE (both real Dovecots of the test's own,
// started by scripts/mailstack/dovecot-up.sh), and logins refused in a server's own words.

// bothCAs writes a CA file trusting the certificates of the stack and of the test's own server.
func bothCAs(t *testing.T, dir string, st, own *mailtest.Stack) string {
	t.Helper()
	var all []byte
	for _, f := range []string{st.CAFile, own.CAFile} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	p := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(p, all, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// namespaceServer is a Dovecot of the test's own laid out as Cyrus and Courier are.
func namespaceServer(t *testing.T) *mailtest.Stack {
	t.Helper()
	return mailtest.Private(t, "IMAP_PREFIX=INBOX.", "IMAP_SEPARATOR=.")
}

// checkServerAfterGame checks the tournament's server once the demo game is over: the watched
// INBOX is empty, every letter is in the processed folder, and the claim is the daemon's store's,
// which another store cannot take.
func checkServerAfterGame(t *testing.T, g *stackGame, processed, claims string) {
	t.Helper()
	s := g.imapStack()
	c := s.Dial(t, s.Tournament)
	deadline := time.Now().Add(10 * time.Second)
	for len(mailtest.Messages(t, c, "INBOX")) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
		t.Errorf("%d letters left in the watched INBOX", len(left))
	}
	if done := mailtest.Messages(t, c, processed); len(done) != len(demoSteps) {
		t.Errorf("%s holds %d letters, want the game's %d", processed, len(done), len(demoSteps))
	}
	markers := mailtest.Messages(t, c, claims)
	if len(markers) != 1 || markers[0].Header("X-Postald-Store") != g.db.Instance() {
		t.Errorf("%s holds %d markers, want the daemon's store's one", claims, len(markers))
	}
	var ce *mailbox.ClaimError
	_, err := mailbox.Claim(context.Background(), imapOptions(g.cfg), mailtest.Unique("other-store-"), false)
	if !errors.As(err, &ce) || ce.Holder != g.db.Instance() {
		t.Errorf("another store's claim on the mailbox: %v, want it refused naming %s", err, g.db.Instance())
	}
}

// TestServeGameThroughNamespaceServer plays the demo game through a Dovecot whose user has no
// folders beside INBOX (prefix "INBOX.", separator "."): postald makes INBOX.Processed and
// INBOX.postald-claims where the server's NAMESPACE says, every letter is decided and moved, and
// the claim holds.
func TestServeGameThroughNamespaceServer(t *testing.T) {
	t.Parallel() // a server of its own; the stack's mailboxes it reads are found by a unique code
	ns := namespaceServer(t)
	g := startStackGameOn(t, t.TempDir(), emailSheet, false, ns, nil)
	playDemo(t, g)
	checkServerAfterGame(t, g, "INBOX.Processed", "INBOX.postald-claims")
}

// TestServeGameWithoutIdleAndMove plays the demo game through a Dovecot that offers neither IDLE
// nor MOVE: postald polls, and moves the decided letters with COPY and UID EXPUNGE.
func TestServeGameWithoutIdleAndMove(t *testing.T) {
	t.Parallel() // a server of its own; the stack's mailboxes it reads are found by a unique code
	plain := mailtest.Private(t, "IMAP_CAPABILITY=IMAP4rev1 LITERAL+ UIDPLUS STARTTLS AUTH=PLAIN")
	c := plain.Dial(t, plain.Tournament)
	if c.Caps().Has(imap.CapIdle) || c.Caps().Has(imap.CapMove) {
		t.Fatalf("the server offers IDLE or MOVE: %v", c.Caps())
	}
	g := startStackGameOn(t, t.TempDir(), emailSheet, false, plain, nil)
	playDemo(t, g)
	checkServerAfterGame(t, g, "Processed", mailbox.ClaimFolder)
}

// TestServeStopsOnARefusedFolder: a configured folder the server does not allow (beside INBOX on
// a namespace server) stops serve at start, naming the setting, instead of "postald ready" and
// reconnecting for ever.
func TestServeStopsOnARefusedFolder(t *testing.T) {
	t.Parallel() // a server of its own; the stack's mailboxes it reads are found by a unique code
	ns := namespaceServer(t)
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	for _, key := range []string{"processed", "claims"} {
		t.Run(key, func(t *testing.T) {
			dir := t.TempDir()
			cfg := serverConfig(t, dir, st, ns)
			if key == "processed" {
				cfg.IMAP.Processed = "Processed"
			} else {
				cfg.IMAP.Claims = "postald-claims"
			}
			db, err := store.Open(cfg.Store.Path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			err = serve(ctx, cfg, db, slog.New(slog.DiscardHandler), time.Now)
			if err == nil || !strings.Contains(err.Error(), "[imap] "+key) || !strings.Contains(err.Error(), "cannot be made") {
				t.Fatalf("serve with a folder beside INBOX: %v, want it stopped naming [imap] %s", err, key)
			}
			t.Logf("serve: %v", err)
		})
	}
}

// serverConfig is a configuration of the tournament's mailbox (INBOX) on own, sending through the
// stack's Postfix.
func serverConfig(t *testing.T, dir string, st, own *mailtest.Stack) *config.Config {
	t.Helper()
	return &config.Config{
		Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
		IMAP:    config.Server{Address: own.IMAPAddr, TLS: "starttls", Username: own.Address(own.Tournament), Password: own.Password(own.Tournament), Mailbox: "INBOX"},
		SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), From: "Secretary <" + st.Address(st.Tournament) + ">"},
		TLS:     config.TLS{CAFile: bothCAs(t, dir, st, own)},
		Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
		Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}},
		Limits:  config.Defaults().Limits,
		Trust:   config.Trust{FromOnly: true}, // a closed test setup
	}
}

// refusingSession is a session of go-imap's in-process server whose logins are refused with the
// server's own words.
type refusingSession struct {
	imapserver.Session
	refusal *imap.Error
}

func (s refusingSession) Login(string, string) error { return s.refusal }

// refusingServer serves IMAP on 127.0.0.1 and answers every login with refusal.
func refusingServer(t *testing.T, refusal *imap.Error) string {
	t.Helper()
	mem := imapmemserver.New()
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return refusingSession{mem.NewSession(), refusal}, nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}},
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// TestServeRefusedLoginInAnyWords: a login the IMAP server refuses stops serve at start whatever
// words it uses — Cyrus's "NO authentication failure" without a response code, Dovecot's
// [CONTACTADMIN] for a disabled account — while a refusal for the moment ([UNAVAILABLE]) lets it
// run and try again.
func TestServeRefusedLoginInAnyWords(t *testing.T) {
	for _, tc := range []struct {
		name  string
		no    *imap.Error
		stops bool
	}{
		{"without a code", &imap.Error{Type: imap.StatusResponseTypeNo, Text: "authentication failure"}, true},
		{"a disabled account", &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeContactAdmin, Text: "Login disabled"}, true},
		{"authentication failed", &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeAuthenticationFailed, Text: "Authentication failed."}, true},
		{"for the moment", &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeUnavailable, Text: "Temporary authentication failure"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := &config.Config{
				Store: config.Store{Path: filepath.Join(dir, "postald.db")},
				IMAP:  config.Server{Address: refusingServer(t, tc.no), TLS: "none", Username: "moves@club.example", Password: "secret", Mailbox: "INBOX"},
				// nothing listens there: the sender's check fails for the moment, and serve goes on
				SMTP:    config.Server{Address: "127.0.0.1:1", TLS: "none", From: "Secretary <moves@club.example>"},
				Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
				Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}},
				Limits:  config.Defaults().Limits,
				Trust:   config.Trust{FromOnly: true},
			}
			db, err := store.Open(cfg.Store.Path, store.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			err = serve(ctx, cfg, db, slog.New(slog.DiscardHandler), time.Now)
			switch {
			case tc.stops && (err == nil || !strings.Contains(err.Error(), "[imap] the server") || !strings.Contains(err.Error(), "refused the login") ||
				!strings.Contains(err.Error(), tc.no.Text)):
				t.Errorf("serve: %v, want it stopped: the login refused, in the server's words %q", err, tc.no.Text)
			case !tc.stops && err != nil:
				t.Errorf("serve: %v, want it running until stopped", err)
			}
		})
	}
}

// freeAddr returns an address on 127.0.0.1 nothing listened on a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// get returns the status and body of a GET.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestHealthzWhenTheMailboxCannotBeRead: the tournament's server goes down while serve runs.
// After a few failed sessions in a row /healthz fails naming the cause, /metrics says
// postald_imap_failing, and the judge gets one letter saying so; once the server is back and a
// session reads the mailbox, /healthz answers ok again and the letters that waited are decided.
func TestHealthzWhenTheMailboxCannotBeRead(t *testing.T) {
	t.Parallel() // a server of its own; the stack's mailboxes it reads are found by a unique code
	ns := namespaceServer(t)
	webAddr := freeAddr(t)
	g := startStackGameOn(t, t.TempDir(), emailSheet, false, ns, func(c *config.Config) { c.Web.Listen = webAddr })
	base := "http://" + webAddr
	if code, body := get(t, base+"/healthz"); code != 200 {
		t.Fatalf("/healthz while the mailbox is read: %d %s", code, body)
	}
	g.st.WaitMessage(t, g.white, "INBOX", g.code+": start of the tournament", 30*time.Second)
	ns.StopDovecot(t)
	began := time.Now()
	var code int
	var body string
	for time.Since(began) < 90*time.Second {
		if code, body = get(t, base+"/healthz"); code != 200 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("/healthz failed %v after the server stopped: %d %s", time.Since(began).Round(time.Second), code, body)
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "the mailbox cannot be read") || !strings.Contains(body, "at connect") {
		t.Fatalf("/healthz with the server down: %d %q, want 503 naming the mailbox and the stage", code, body)
	}
	if _, metrics := get(t, base+"/metrics"); !strings.Contains(metrics, `postald_imap_failing{stage="connect"} 1`) {
		t.Errorf("/metrics does not say the watcher cannot work:\n%s", metrics)
	}
	notice := g.st.WaitMessage(t, "judge", "INBOX", "mailbox cannot be read ("+g.code, 30*time.Second)
	if text := bodyText(t, notice.Raw); !strings.Contains(text, "attempts in a row failed") || !strings.Contains(text, ns.IMAPAddr) {
		t.Errorf("the judge's notice does not give the cause:\n%s", text)
	}

	// The server is back; a letter that arrived meanwhile is decided.
	ns.StartDovecot(t)
	token := mailtest.Unique("after-")
	g.send(t, g.white, demoSteps[0].text, token, demoSteps[0].day)
	g.st.WaitMessage(t, g.white, "INBOX", token, 90*time.Second)
	if code, body := get(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz once the mailbox is read again: %d %s", code, body)
	}
	if _, metrics := get(t, base+"/metrics"); strings.Contains(metrics, "postald_imap_failing{") || !strings.Contains(metrics, "postald_imap_failures_in_a_row 0") {
		t.Errorf("/metrics still says the watcher cannot work:\n%s", metrics)
	}
	// One notice for the whole outage.
	c := g.st.Dial(t, "judge")
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	sd, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Subject", Value: "mailbox cannot be read (" + g.code}}}, nil).Wait()
	if err != nil || len(sd.AllUIDs()) != 1 {
		t.Errorf("the judge got %d notices of the outage, want 1 (%v)", len(sd.AllUIDs()), err)
	}
}

// TestGreetingNamesTheDomain: postald greets the SMTP server with the domain of its From address
// (or [smtp] helo), never localhost, which servers that check the greeting refuse; Postfix
// records the name in the Received field of the letter it takes.
func TestGreetingNamesTheDomain(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	for _, helo := range []string{"", "postald.club.example"} {
		cfg := serverConfig(t, t.TempDir(), st, st)
		cfg.SMTP.Helo = helo
		sender, err := mailbox.NewSender(smtpOptions(cfg))
		if err != nil {
			t.Fatal(err)
		}
		token := mailtest.Unique("greeting-")
		raw := mailtest.Letter(st.Address(st.Tournament), st.Address("director"), token, "hello")
		if err := sender.Send(context.Background(), []string{st.Address("director")}, raw); err != nil {
			t.Fatal(err)
		}
		sender.Close()
		want := helo
		if want == "" {
			want = st.Domain
		}
		got := st.WaitMessage(t, "director", "INBOX", token, 30*time.Second)
		if received := string(got.Raw); !strings.Contains(received, "Received: from "+want+" (") {
			t.Errorf("[smtp] helo %q: the letter does not record the greeting %q:\n%s", helo, want, received)
		}
	}
}

// serverConfigFile writes the configuration of serverConfig as a file, with extra lines in its
// [imap] table, and returns its path.
func serverConfigFile(t *testing.T, st, own *mailtest.Stack, imapExtra string) string {
	t.Helper()
	dir := t.TempDir()
	pass := filepath.Join(dir, "pass")
	if err := os.WriteFile(pass, []byte(own.Password(own.Tournament)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`[store]
path = %q
[imap]
address = %q
tls = "starttls"
username = %q
password_file = %q
%s
[smtp]
address = %q
tls = "starttls"
username = %q
password_file = %q
from = "Secretary <%s>"
[tls]
ca_file = %q
[control]
socket = %q
[trust]
from_only = true
`, filepath.Join(dir, "postald.db"), own.IMAPAddr, own.Address(own.Tournament), pass, imapExtra,
		st.SubmissionAddr, st.Address(st.Tournament), pass, st.Address(st.Tournament), bothCAs(t, dir, st, own), filepath.Join(dir, "run", "control.sock"))
	p := filepath.Join(dir, "postald.toml")
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCheckConfigFindsTheFolders: check-config proves what serve needs of the IMAP server. On a
// server that keeps the user's folders under "INBOX." it makes postald's folders there and
// writes into them, reports IDLE (timed), MOVE and UIDPLUS; a configured folder beside INBOX
// fails naming the setting; on a server without IDLE and MOVE it says how postald works there.
func TestCheckConfigFindsTheFolders(t *testing.T) {
	t.Parallel() // a server of its own; the stack's mailboxes it reads are found by a unique code
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	ns := namespaceServer(t)
	code, out, errOut := runLine("check-config", "-config", serverConfigFile(t, st, ns, ""))
	t.Logf("check-config on the namespace server:\n%s", out)
	if code != 0 || strings.Contains(out, "FAIL") || errOut != "" {
		t.Fatalf("check-config: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"ok   [imap] processed: folder \"INBOX.Processed\" made and written (postald's default in the server's personal namespace \"INBOX.\")\n",
		"ok   [imap] claims: folder \"INBOX.postald-claims\" made and written (postald's default in the server's personal namespace \"INBOX.\")\n",
		"ok   [imap] the server offers IDLE",
		"ok   [imap] IDLE announced a letter appended to \"INBOX.Processed\" after ",
		"ok   [imap] the server offers MOVE\n",
		"ok   [imap] the server offers UIDPLUS\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check-config does not report %q", want)
		}
	}
	_, again, _ := runLine("check-config", "-config", serverConfigFile(t, st, ns, ""))
	if !strings.Contains(again, "folder \"INBOX.Processed\" found and written") {
		t.Errorf("the second check-config does not find the folder it made:\n%s", again)
	}

	code, out, _ = runLine("check-config", "-config", serverConfigFile(t, st, ns, `processed = "Processed"`))
	t.Logf("check-config with a folder beside INBOX:\n%s", out)
	if code != 1 || !strings.Contains(out, "FAIL [imap] processed: the folder \"Processed\" cannot be made or written: ") ||
		!strings.Contains(out, "set [imap] processed to a folder this server allows") || !strings.Contains(out, testText.Check.Problems(1)) {
		t.Errorf("check-config with a folder beside INBOX: exit %d, want 1 and the setting named:\n%s", code, out)
	}

	plain := mailtest.Private(t, "IMAP_CAPABILITY=IMAP4rev1 LITERAL+ UIDPLUS STARTTLS AUTH=PLAIN")
	code, out, _ = runLine("check-config", "-config", serverConfigFile(t, st, plain, ""))
	t.Logf("check-config on a server without IDLE and MOVE:\n%s", out)
	for _, want := range []string{
		"ok   [imap] the server offers no IDLE: postald looks at the mailbox every 1m0s ([daemon] poll_interval)\n",
		"ok   [imap] the server offers no MOVE",
		"ok   [imap] processed: folder \"Processed\" made and written",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("check-config on a server without IDLE and MOVE: exit %d, no %q", code, want)
		}
	}
}

// TestDamagedSubjectThroughTheStack: a letter whose Subject a server stored with its Cyrillic
// replaced by X (Cyrus's munge8bit: "XXXX-1 XXXXXXXXXXXX 1-2") is decided by its text, which
// names the game, and judge letter says the Subject was damaged.
func TestDamagedSubjectThroughTheStack(t *testing.T) {
	g := startStackGame(t)
	g.st.WaitMessage(t, g.white, "INBOX", g.code+": start of the tournament", 30*time.Second)
	token := mailtest.Unique("munged-")
	raw := "From: " + g.st.Address(g.white) + "\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: XXXX-1 XXXXXXXXXXXX 1-2\r\nMessage-ID: <" + token + "@players.test>" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nTournament " + g.code + ", game 1-2.\r\nMy move: 1. c3-b4\r\n"
	g.st.Append(t, g.st.Tournament, g.inbox, []byte(raw))
	if ack := g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second); ack.Header("X-Postald-Verdict") != demoSteps[0].verdict {
		t.Fatalf("the letter with a damaged subject: verdict %q, want %q", ack.Header("X-Postald-Verdict"), demoSteps[0].verdict)
	}
	for n := 1; n < 10; n++ {
		out := judgeOut(t, g, "letter", g.code+"/1-2", fmt.Sprint(n))
		if !strings.Contains(out, token) {
			continue
		}
		_, said, _ := strings.Cut(testText.Letter.SubjectDamaged, "\t") // the label is aligned with spaces
		if !strings.Contains(out, said) {
			t.Errorf("judge letter does not say the subject was damaged:\n%s", out)
		}
		return
	}
	t.Fatal("judge letter finds no letter with the damaged subject")
}
