package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// TestWatcherBatchHandler: a batch handler gets the whole fetched batch; the letters it
// accepted are moved, the rest stay in place and come back, in order, in the next pass.
func TestWatcherBatchHandler(t *testing.T) {
	addr, c := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}})
	var want []string
	for i := range 5 {
		tok := fmt.Sprintf("letter-%d", i)
		mailtest.Append(t, c, "INBOX", mailtest.Letter("alice@example.test", "moves@example.test", tok, "12. g3:e5"))
		want = append(want, tok)
	}
	var (
		mu      sync.Mutex
		batches [][]string
	)
	done := make(chan struct{})
	single := func(context.Context, mailbox.Message) error {
		t.Error("the Handler was called although a BatchHandler is set")
		return nil
	}
	w, _ := fastWatcher(t, mailbox.IMAPOptions{
		Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw",
	}, single)
	w.HandleBatch = func(_ context.Context, ms []mailbox.Message) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		batches = append(batches, tokens(ms))
		for _, m := range ms {
			if m.UIDValidity == 0 || m.Mailbox != "INBOX" {
				t.Errorf("message %d handed over without its place: %+v", m.UID, m)
			}
		}
		if len(batches) == 1 {
			return 2, errors.New("store unavailable")
		}
		if len(batches) == 2 {
			close(done)
		}
		return len(ms), nil
	}
	stop := run(t, w)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the failed part of the batch was not offered again")
	}
	stop()
	mu.Lock()
	defer mu.Unlock()
	wantBatches := [][]string{want, want[2:]}
	if diff := cmp.Diff(wantBatches, batches); diff != "" {
		t.Errorf("batches (-want +got):\n%s", diff)
	}
	if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
		t.Errorf("%d letters left in INBOX", len(left))
	}
	if diff := cmp.Diff(want, mailTokens(mailtest.Messages(t, c, "Processed"))); diff != "" {
		t.Errorf("Processed (-want +got):\n%s", diff)
	}
}

// TestWatcherLeavesForLater: a batch handler that leaves the first letter for later
// (LaterError) gets the letters behind it moved at once; the one left stays in place and comes
// back alone; a Handler that returns Later does the same for its letter.
func TestWatcherLeavesForLater(t *testing.T) {
	for _, batch := range []bool{true, false} {
		t.Run(map[bool]string{true: "batch", false: "handler"}[batch], func(t *testing.T) {
			addr, c := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}})
			var want []string
			for i := range 4 {
				tok := fmt.Sprintf("letter-%d", i)
				mailtest.Append(t, c, "INBOX", mailtest.Letter("alice@example.test", "moves@example.test", tok, "12. g3:e5"))
				want = append(want, tok)
			}
			var (
				mu     sync.Mutex
				offers []string
				tries  int
			)
			done := make(chan struct{})
			single := func(_ context.Context, m mailbox.Message) error {
				mu.Lock()
				defer mu.Unlock()
				tok := tokens([]mailbox.Message{m})[0]
				offers = append(offers, tok)
				if tok == want[0] {
					tries++
					if tries == 3 {
						close(done)
						return nil
					}
					return fmt.Errorf("%w: its sender cannot be checked now", mailbox.ErrLater)
				}
				return nil
			}
			w, _ := fastWatcher(t, mailbox.IMAPOptions{
				Address: addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "moves-pw",
			}, single)
			if batch {
				w.HandleBatch = func(ctx context.Context, ms []mailbox.Message) (int, error) {
					var le *mailbox.LaterError
					for i, m := range ms {
						if err := single(ctx, m); errors.Is(err, mailbox.ErrLater) {
							if le == nil {
								le = &mailbox.LaterError{Err: err}
							}
							le.Skip = append(le.Skip, i)
						}
					}
					if le != nil {
						return len(ms), le
					}
					return len(ms), nil
				}
			}
			stop := run(t, w)
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("the letter left for later was not offered again")
			}
			stop()
			mu.Lock()
			defer mu.Unlock()
			// Every letter behind the first is offered once, at the first pass.
			wantOffers := append(append([]string{}, want...), want[0], want[0])
			if diff := cmp.Diff(wantOffers, offers); diff != "" {
				t.Errorf("offers (-want +got):\n%s", diff)
			}
			// The letters behind it left the mailbox at the first pass, whatever became of it.
			moved := mailTokens(mailtest.Messages(t, c, "Processed"))
			if len(moved) < 3 || !cmp.Equal(moved[:3], want[1:]) {
				t.Errorf("Processed holds %q, want the letters behind the first (%q) first", moved, want[1:])
			}
		})
	}
}
