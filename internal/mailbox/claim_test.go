package mailbox_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// claimSequence runs the claims of two stores on one mailbox: the first claims it, the second is
// refused naming the first, takes it over, and then the first is refused.
func claimSequence(t *testing.T, opts mailbox.IMAPOptions, wantHow string) {
	t.Helper()
	ctx := context.Background()
	a, b := mailtest.Unique("store-a-"), mailtest.Unique("store-b-")
	claim := func(inst string, takeover bool) error {
		t.Helper()
		how, err := mailbox.Claim(ctx, opts, inst, takeover)
		if err == nil && how != wantHow {
			t.Errorf("claim kept in %q, want %q", how, wantHow)
		}
		return err
	}
	if err := claim(a, false); err != nil {
		t.Fatalf("first claim: %v", err)
	}
	if err := claim(a, false); err != nil {
		t.Fatalf("the same store again: %v", err)
	}
	var ce *mailbox.ClaimError
	if err := claim(b, false); !errors.As(err, &ce) || ce.Holder != a || !errors.Is(err, mailbox.ErrClaimed) {
		t.Fatalf("another store: %v, want a claim error naming %s", err, a)
	}
	if err := claim(b, true); err != nil {
		t.Fatalf("takeover: %v", err)
	}
	if err := claim(a, false); !errors.As(err, &ce) || ce.Holder != b {
		t.Fatalf("the first store after the takeover: %v, want a claim error naming %s", err, b)
	}
}

// TestClaimMarker: on a server without METADATA (the stack's Dovecot) the claim is a marker
// message in a folder of its own.
func TestClaimMarker(t *testing.T) {
	s := mailtest.Load(t)
	claimSequence(t, watched(t, s), mailbox.ClaimFolder)
}

// TestClaimMetadata: on a Dovecot with METADATA the claim is an annotation of the mailbox.
func TestClaimMetadata(t *testing.T) {
	s := mailtest.Private(t, "IMAP_METADATA=1")
	claimSequence(t, watched(t, s), "METADATA")
}

// TestWatcherRefusesClaimedMailbox: a watcher working for another store than the one that
// claimed its mailbox stops with the claim error instead of taking letters.
func TestWatcherRefusesClaimedMailbox(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	first := mailtest.Unique("store-first-")
	if _, err := mailbox.Claim(context.Background(), opts, first, false); err != nil {
		t.Fatal(err)
	}
	s.Append(t, s.Tournament, opts.Mailbox, letter(s, mailtest.Unique("claimed-")))
	var handled atomic.Int32
	count := func(context.Context, mailbox.Message) error { handled.Add(1); return nil }
	w, _ := fastWatcher(t, opts, count)
	w.ClaimAs = mailtest.Unique("store-second-")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := w.Run(ctx)
	var ce *mailbox.ClaimError
	if !errors.As(err, &ce) || ce.Holder != first {
		t.Fatalf("Run: %v, want the claim error naming %s", err, first)
	}
	if n := handled.Load(); n != 0 {
		t.Errorf("%d letters handled by the refused watcher", n)
	}
	// With -takeover the second store watches it.
	w2, _ := fastWatcher(t, opts, count)
	w2.ClaimAs, w2.Takeover = ce.Holder+"-not", true
	ctx2, cancel2 := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w2.Run(ctx2) }()
	deadline := time.Now().Add(20 * time.Second)
	for handled.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	cancel2()
	if err := <-done; err != nil {
		t.Fatalf("Run with takeover: %v", err)
	}
	if n := handled.Load(); n != 1 {
		t.Errorf("%d letters handled after the takeover, want 1", n)
	}
}
