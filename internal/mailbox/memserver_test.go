package mailbox_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// Fast tests against go-imap's in-process server; the Dovecot tests are the proof.

// startMemIMAP serves user moves@example.test (password moves-pw) with an empty INBOX on
// 127.0.0.1 and returns the address and a logged-in client.
func startMemIMAP(t testing.TB, caps imap.CapSet) (string, *imapclient.Client) {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser("moves@example.test", "moves-pw")
	if err := u.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(u)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
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
	c, err := imapclient.DialInsecure(ln.Addr().String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login("moves@example.test", "moves-pw").Wait(); err != nil {
		t.Fatal(err)
	}
	return ln.Addr().String(), c
}

func TestWatcherInProcess(t *testing.T) {
	for _, tc := range []struct {
		name string
		caps imap.CapSet
	}{
		{"IMAP4rev2 (IDLE, MOVE)", imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}},
		{"IMAP4rev1 (polling, COPY)", imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, c := startMemIMAP(t, tc.caps)
			var want []string
			for i := range 3 {
				tok := fmt.Sprintf("letter-%d", i)
				mailtest.Append(t, c, "INBOX", mailtest.Letter("alice@example.test", "moves@example.test", tok, "12. g3:e5"))
				want = append(want, tok)
			}
			rec := newRecorder()
			rec.failFor["letter-1"] = 1
			w, _ := fastWatcher(t, mailbox.IMAPOptions{
				Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw",
			}, rec.handle)
			// imapmemserver can miss a change made just as IDLE begins: look again often
			w.IdleRestart = 500 * time.Millisecond
			stop := run(t, w)
			got := rec.wait(t, 3, 10*time.Second)
			tok := "letter-late"
			mailtest.Append(t, c, "INBOX", mailtest.Letter("alice@example.test", "moves@example.test", tok, "13. c3:e5"))
			want = append(want, tok)
			got = append(got, rec.wait(t, 1, 10*time.Second)...)
			stop()
			if diff := cmp.Diff(want, tokens(got)); diff != "" {
				t.Errorf("handled (-want +got):\n%s", diff)
			}
			if n := rec.attempts("letter-1"); n != 2 {
				t.Errorf("letter-1 offered %d times, want 2 (one failure)", n)
			}
			if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
				t.Errorf("%d letters left in INBOX", len(left))
			}
			if diff := cmp.Diff(want, mailTokens(mailtest.Messages(t, c, "Processed"))); diff != "" {
				t.Errorf("Processed (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewWatcherRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts mailbox.IMAPOptions
		want string
	}{
		{"plain text off the machine", mailbox.IMAPOptions{Address: "mail.club.example:143", TLS: mailbox.TLSNone}, "loopback"},
		{"unknown mode", mailbox.IMAPOptions{Address: "mail.club.example:993", TLS: "tls"}, "want implicit, starttls or none"},
		{"processed is the watched mailbox", mailbox.IMAPOptions{Address: "mail.club.example:993", Mailbox: "INBOX", Processed: "INBOX"}, "is the watched mailbox"},
		{"missing CA file", mailbox.IMAPOptions{Address: "mail.club.example:993", CAFile: "testdata/nonexistent.pem"}, "CA file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mailbox.NewWatcher(tc.opts, newRecorder().handle)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewWatcher = %v, want an error about %q", err, tc.want)
			}
		})
	}
	if _, err := mailbox.NewWatcher(mailbox.IMAPOptions{Address: "mail.club.example:993"}, nil); err == nil {
		t.Error("NewWatcher without a handler succeeded")
	}
}

func TestWatcherFinishesLetterInHandOnCancel(t *testing.T) {
	addr, c := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}})
	mailtest.Append(t, c, "INBOX", mailtest.Letter("alice@example.test", "moves@example.test", "in-hand", "12. g3:e5"))
	started := make(chan struct{})
	w, _ := fastWatcher(t, mailbox.IMAPOptions{
		Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw",
	}, func(ctx context.Context, m mailbox.Message) error {
		close(started)
		<-ctx.Done() // the daemon is told to stop while this letter is being recorded
		return nil   // ... and the record commits
	})
	stop := run(t, w)
	<-started
	stop()
	if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
		t.Errorf("%d letters left in INBOX: the letter in hand was recorded but not moved", len(left))
	}
	if got := mailTokens(mailtest.Messages(t, c, "Processed")); len(got) != 1 || got[0] != "in-hand" {
		t.Errorf("Processed holds %v, want [in-hand]", got)
	}
}

func TestWatcherWrongPassword(t *testing.T) {
	addr, _ := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}})
	rec := newRecorder()
	w, lb := fastWatcher(t, mailbox.IMAPOptions{
		Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "wrong",
	}, rec.handle)
	stop := run(t, w)
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(lb.String(), "log in to") < 2 { // it keeps trying, with a backoff
		if time.Now().After(deadline) {
			t.Fatalf("no repeated login failures logged:\n%s", lb)
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if strings.Contains(lb.String(), "wrong") {
		t.Errorf("the log shows the password:\n%s", lb)
	}
}
