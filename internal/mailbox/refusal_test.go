package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"postald/internal/mailbox"
)

// session wraps a session of go-imap's in-process server: its logins are refused with refusal
// when set, and its IDLE announces nothing when silent (as Cyrus without idled, for longer).
type session struct {
	imapserver.SessionIMAP4rev2 // what the in-process server's own sessions offer
	refusal                     *imap.Error
	silent                      bool
}

func (s session) Login(user, pass string) error {
	if s.refusal != nil {
		return s.refusal
	}
	return s.SessionIMAP4rev2.Login(user, pass)
}

// Idle announces new mail as a server does, or, silent, never. go-imap's in-process tracker
// (SessionTracker.Idle) waits for the next change only: a letter appended between its "+ idling"
// and its own start is announced at the next change, which in a check never comes. The
// announcing session therefore polls its mailbox while idling, as often as a real server
// notices new mail.
func (s session) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if s.silent {
		<-stop
		return nil
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if err := s.SessionIMAP4rev2.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-tick.C:
		}
	}
}

// startServer serves moves@example.test (moves-pw) with go-imap's in-process server, its
// sessions made by wrap.
func startServer(t *testing.T, caps imap.CapSet, wrap func(imapserver.Session) imapserver.Session) string {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser("moves@example.test", "moves-pw")
	if err := u.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(u)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return wrap(mem.NewSession()), nil, nil
		},
		Caps:         caps,
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

// TestLoginRefusedInAnyWords: a login the server refuses is a refusal whatever its words — no
// response code at all (Cyrus), [AUTHENTICATIONFAILED] (Dovecot), [CONTACTADMIN] (a disabled
// account) — and a refusal for the moment ([UNAVAILABLE]) is not; the watcher reports it at the
// login stage.
func TestLoginRefusedInAnyWords(t *testing.T) {
	no := func(code imap.ResponseCode, text string) *imap.Error {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Code: code, Text: text}
	}
	for _, tc := range []struct {
		refusal *imap.Error
		refused bool
	}{
		{no("", "authentication failure"), true},
		{no(imap.ResponseCodeAuthenticationFailed, "Authentication failed."), true},
		{no(imap.ResponseCodeContactAdmin, "Login disabled"), true},
		{no(imap.ResponseCodeUnavailable, "Temporary authentication failure"), false},
	} {
		t.Run(fmt.Sprintf("NO [%s] %s", tc.refusal.Code, tc.refusal.Text), func(t *testing.T) {
			addr := startServer(t, imap.CapSet{imap.CapIMAP4rev1: {}}, func(s imapserver.Session) imapserver.Session {
				return session{SessionIMAP4rev2: s.(imapserver.SessionIMAP4rev2), refusal: tc.refusal}
			})
			opts := mailbox.IMAPOptions{Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw"}
			_, err := mailbox.Claim(context.Background(), opts, "store", false)
			if mailbox.LoginRefused(err) != tc.refused {
				t.Errorf("Claim: %v; LoginRefused %v, want %v", err, mailbox.LoginRefused(err), tc.refused)
			}
			res, err := mailbox.CheckIMAP(context.Background(), opts, mailbox.CheckOptions{})
			if res.LoggedIn || mailbox.LoginRefused(err) != tc.refused {
				t.Errorf("CheckIMAP: %+v, %v; want the login refused: %v", res, err, tc.refused)
			}
			w, _ := fastWatcher(t, opts, newRecorder().handle)
			fails := make(chan mailbox.Failure, 10)
			w.Failed = func(f mailbox.Failure) { fails <- f }
			run(t, w)
			select {
			case f := <-fails:
				if f.Stage != mailbox.StageLogin || mailbox.LoginRefused(f.Err) != tc.refused {
					t.Errorf("the watcher's failure: %+v, want the login stage", f)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the watcher reported no failure")
			}
		})
	}
	if mailbox.LoginRefused(errors.New("imap: connect: connection refused")) {
		t.Error("a connection refused is taken for a refused login")
	}
}

// TestCheckIMAPSlowIdle: a server whose IDLE announces nothing within the bound is reported slow
// (CheckIMAP's timed round trip), and the letter appended to time it is removed.
func TestCheckIMAPSlowIdle(t *testing.T) {
	caps := imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	for _, silent := range []bool{true, false} {
		t.Run(fmt.Sprintf("silent %v", silent), func(t *testing.T) {
			addr := startServer(t, caps, func(s imapserver.Session) imapserver.Session {
				return session{SessionIMAP4rev2: s.(imapserver.SessionIMAP4rev2), silent: silent}
			})
			opts := mailbox.IMAPOptions{Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw"}
			// The silent server is waited for one second; the announcing one is given the
			// default bound, so that a loaded machine does not take its answer for silence.
			bound := mailbox.SlowIdle
			if silent {
				bound = time.Second
			}
			res, err := mailbox.CheckIMAP(context.Background(), opts, mailbox.CheckOptions{SlowIdle: bound})
			if err != nil || !res.Idle || res.IdleErr != nil {
				t.Fatalf("CheckIMAP: %+v, %v", res, err)
			}
			if res.IdleSlow != silent || (silent && res.IdleTook != 0) || (!silent && (res.IdleTook <= 0 || res.IdleTook > bound)) {
				t.Errorf("IDLE slow %v after %v, want slow %v", res.IdleSlow, res.IdleTook, silent)
			}
			c := dialMoves(t, addr)
			st, err := c.Status("Processed", &imap.StatusOptions{NumMessages: true}).Wait()
			if err != nil || *st.NumMessages != 0 {
				t.Errorf("Processed after the check: %v, %v; want the timing letter removed", st, err)
			}
		})
	}
}

// dialMoves logs in to the server at addr as moves@example.test.
func dialMoves(t *testing.T, addr string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login("moves@example.test", "moves-pw").Wait(); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestHelloName: postald greets with the domain of its From address, never localhost.
func TestHelloName(t *testing.T) {
	for addr, want := range map[string]string{
		"moves@Club.Example":         "club.example",
		"moves@mail.club.example.":   "mail.club.example",
		"secretary@шашки.example":    "xn--80aqf8cb.example",
		"moves":                      "localhost",
		"moves@":                     "localhost",
		"a@b@mail.club.example":      "mail.club.example",
		"moves@[192.0.2.1]":          "[192.0.2.1]",
		"Moves@CLUB.EXAMPLE.":        "club.example",
		"moves@club-example.example": "club-example.example",
	} {
		if got := mailbox.HelloName(addr); got != want {
			t.Errorf("HelloName(%q) = %q, want %q", addr, got, want)
		}
	}
}
