package daemon

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/mail"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/store"
)

// countingServer is an SMTP server that, each time it takes a letter (at the final dot),
// counts how many letters it has taken that the store does not yet record as sent.
type countingServer struct {
	db *store.DB
	n  int // letters in the outbox
	// onTake, if set, runs after the server took its k-th letter (k from 1).
	onTake func(k int)

	mu        sync.Mutex
	taken     int
	maxUnsent int // the most letters ever taken and not recorded as sent
	err       error
}

func (s *countingServer) NewSession(*smtp.Conn) (smtp.Session, error) { return countingSession{s}, nil }

type countingSession struct{ s *countingServer }

func (countingSession) Mail(string, *smtp.MailOptions) error { return nil }
func (countingSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (countingSession) Reset()                               {}
func (countingSession) Logout() error                        { return nil }

func (c countingSession) Data(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	s := c.s
	sent := 0
	err := s.db.View(func(tx *store.Tx) error {
		for seq := uint64(1); seq <= uint64(s.n); seq++ {
			it, err := tx.OutboxItem(seq)
			if err != nil {
				return err
			}
			if it.State == store.OutboxSent {
				sent++
			}
		}
		return nil
	})
	s.mu.Lock()
	s.taken++
	k := s.taken
	s.maxUnsent = max(s.maxUnsent, s.taken-sent)
	if err != nil && s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
	if s.onTake != nil {
		s.onTake(k)
	}
	return nil
}

// sendRig is a store with n letters in the outbox, a server counting what it takes, and a
// daemon sending through a real mailbox.Sender (two-phase).
func sendRig(t *testing.T, n int) (*Daemon, *countingServer) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	from := mail.Address{Name: "Secretary", Address: "moves@example.test"}
	now := time.Now()
	err = db.Update(func(tx *store.Tx) error {
		for i := range n {
			to := fmt.Sprintf("p%d@example.test", i)
			raw := []byte("From: moves@example.test\r\nTo: " + to + "\r\nSubject: start\r\n\r\nThe tournament begins.\r\n")
			if _, err := tx.Enqueue(store.Outgoing{From: from.Address, To: []string{to}, Raw: raw,
				Game: store.GameID{Tournament: "T"}, Verdict: "notice"}, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := &countingServer{db: db, n: n}
	s := smtp.NewServer(srv)
	s.Domain = "localhost"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	t.Cleanup(func() { s.Close() })
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: ln.Addr().String(), TLS: mailbox.TLSNone, From: from.String()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snd.Close() })
	// from_only: a closed test setup (the test alone puts letters in)
	d := New(Options{Store: db, Sender: snd, From: from, Trust: config.Trust{FromOnly: true}, Now: func() time.Time { return now }})
	return d, srv
}

// TestPipelinedSendingKeepsOneLetterUnrecorded sends 40 letters (more than one Due batch): the
// server must never hold two letters that the store does not record as sent, for a crash at
// that moment would send both again.
func TestPipelinedSendingKeepsOneLetterUnrecorded(t *testing.T) {
	const n = 40
	d, srv := sendRig(t, n)
	if _, err := d.sendDue(context.Background()); err != nil {
		t.Fatalf("sendDue: %v", err)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.err != nil {
		t.Fatal(srv.err)
	}
	if srv.taken != n {
		t.Errorf("server took %d letters, want %d", srv.taken, n)
	}
	if srv.maxUnsent != 1 {
		t.Errorf("at most %d letters were taken and not recorded as sent, want 1", srv.maxUnsent)
	}
	checkOutbox(t, d.opt.Store, n, n)
}

// TestPipelinedSendingStops stops the daemon as the server takes the second letter: that
// letter is finished and recorded, the next one is not begun, and no failure is recorded.
func TestPipelinedSendingStops(t *testing.T) {
	const n = 5
	d, srv := sendRig(t, n)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.onTake = func(k int) {
		if k == 2 {
			cancel()
		}
	}
	if _, err := d.sendDue(ctx); err != nil {
		t.Fatalf("sendDue: %v", err)
	}
	srv.mu.Lock()
	taken := srv.taken
	srv.mu.Unlock()
	if taken != 2 {
		t.Errorf("server took %d letters, want 2", taken)
	}
	checkOutbox(t, d.opt.Store, n, 2)
}

// checkOutbox checks that the first sent of the n letters are sent and the rest due, untried.
func checkOutbox(t *testing.T, db *store.DB, n, sent int) {
	t.Helper()
	err := db.View(func(tx *store.Tx) error {
		for seq := uint64(1); seq <= uint64(n); seq++ {
			it, err := tx.OutboxItem(seq)
			if err != nil {
				return err
			}
			want := store.OutboxPending
			if seq <= uint64(sent) {
				want = store.OutboxSent
			}
			if it.State != want || it.Attempts != 0 {
				t.Errorf("letter %d: %s after %d failed attempts, want %s after none", seq, it.State, it.Attempts, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
