package main

import (
	"context"
	"net/mail"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/store"
)

// stallingSender is a mail server that holds the first letter until released or until the
// sender's context ends.
type stallingSender struct {
	calls   atomic.Int32
	started chan struct{}
	release chan struct{}
}

func (s *stallingSender) Send(ctx context.Context, to []string, raw []byte) error {
	if s.calls.Add(1) == 1 {
		close(s.started)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-s.release:
		return nil
	}
}

// TestStopKeepsOutboxDue stops the daemon (as SIGTERM does) while it sends the first of three
// letters. A stop is not a failure of the mail server: whatever the daemon did not hand over
// must stay due at once, with no failed attempt recorded, so that the next start sends it
// without waiting for a retry (and five days of stops do not give a letter up).
func TestStopKeepsOutboxDue(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	from := mail.Address{Name: "Secretary", Address: "moves@example.test"}
	now := time.Now()
	err = db.Update(func(tx *store.Tx) error {
		for _, to := range []string{"a@example.test", "b@example.test", "c@example.test"} {
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
	s := &stallingSender{started: make(chan struct{}), release: make(chan struct{})}
	// from_only: a closed test setup (the test alone puts letters in)
	d := daemon.New(daemon.Options{Store: db, Sender: s, From: from, Trust: config.Trust{FromOnly: true}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, nil) }()
	select {
	case <-s.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the daemon sent nothing")
	}
	cancel()
	time.AfterFunc(100*time.Millisecond, func() { close(s.release) })
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	after := time.Now()
	err = db.View(func(tx *store.Tx) error {
		for seq := uint64(1); seq <= 3; seq++ {
			it, err := tx.OutboxItem(seq)
			if err != nil {
				return err
			}
			switch {
			case it.State == store.OutboxSent:
			case it.State != store.OutboxPending || it.Attempts != 0 || it.NextAttempt.After(after):
				t.Errorf("letter %d after a stop: %s, %d failed attempts (%s), next attempt %s; want sent, or pending and due at once",
					seq, it.State, it.Attempts, it.LastError, it.NextAttempt.Format(time.TimeOnly))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
