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
