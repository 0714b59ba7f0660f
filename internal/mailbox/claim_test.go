package mailbox_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// claimSequence runs the claims of two stores on one mailbox: the first claims it, the second is
// refused naming the first, and refused again with -takeover, the claim being a moment old (two
// daemons started at once); a claim a day old is taken over, and then its store is refused.
func claimSequence(t *testing.T, s *mailtest.Stack, opts mailbox.IMAPOptions, wantHow string) {
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
	if err := claim(b, true); !errors.As(err, &ce) || ce.Holder != a || ce.Age <= 0 {
		t.Fatalf("takeover of a claim a moment old: %v, want refused naming %s", err, a)
	}
	if err := claim(a, false); err != nil {
		t.Fatalf("the first store after the refused takeover: %v", err)
	}
	// A store retired a day ago: its claim is taken over.
	opts.Mailbox = s.TempMailbox(t, s.Tournament, "in-")
	plantClaim(t, s, opts, a, time.Now().Add(-24*time.Hour))
	if err := claim(b, false); !errors.As(err, &ce) || ce.Holder != a {
		t.Fatalf("another store: %v, want a claim error naming %s", err, a)
	}
	if err := claim(b, true); err != nil {
		t.Fatalf("takeover: %v", err)
	}
	if err := claim(a, false); !errors.As(err, &ce) || ce.Holder != b {
		t.Fatalf("the first store after the takeover: %v, want a claim error naming %s", err, b)
	}
}

// TestClaimMarker: the claim is a marker message in a folder of its own.
func TestClaimMarker(t *testing.T) {
	s := mailtest.Load(t)
	claimSequence(t, s, watched(t, s), mailbox.ClaimFolder)
}

// TestClaimMetadata: on a Dovecot with METADATA, the annotation an earlier postald wrote is
// honoured: another store is refused naming it; the takeover moves the claim to the folder and
// removes the annotation. The claims after that are the folder's, as on any server.
func TestClaimMetadata(t *testing.T) {
	s := mailtest.Private(t, "IMAP_METADATA=1")
	opts := watched(t, s)
	old, other := mailtest.Unique("store-old-"), mailtest.Unique("store-new-")
	c := s.Dial(t, s.Tournament)
	val := []byte(old)
	if err := c.SetMetadata(opts.Mailbox, map[string]*[]byte{mailbox.ClaimEntry: &val}).Wait(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var ce *mailbox.ClaimError
	if _, err := mailbox.Claim(ctx, opts, other, false); !errors.As(err, &ce) || ce.Holder != old || ce.Where != "METADATA" {
		t.Fatalf("another store under an annotated claim: %v, want refused naming %s (METADATA)", err, old)
	}
	if how, err := mailbox.Claim(ctx, opts, other, true); err != nil || how != mailbox.ClaimFolder {
		t.Fatalf("takeover: %q, %v", how, err)
	}
	data, err := c.GetMetadata(opts.Mailbox, []string{mailbox.ClaimEntry}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if v := data.Entries[mailbox.ClaimEntry]; v != nil && len(*v) > 0 {
		t.Errorf("the annotation after the takeover: %q, want it removed", *v)
	}
	if _, err := mailbox.Claim(ctx, opts, old, false); !errors.As(err, &ce) || ce.Holder != other {
		t.Fatalf("the old store after the takeover: %v, want refused naming %s", err, other)
	}
}

// plantClaim writes a marker of store on the mailbox of opts, as a claim stored at the given
// time by the server.
func plantClaim(t *testing.T, s *mailtest.Stack, opts mailbox.IMAPOptions, store string, at time.Time) {
	t.Helper()
	raw := "From: postald <postald@localhost>\r\nSubject: postald watches " + opts.Mailbox + "\r\nX-Postald-Mailbox: " + opts.Mailbox +
		"\r\nX-Postald-Store: " + store + "\r\n\r\nA claim.\r\n"
	c := s.Dial(t, s.Tournament)
	if err := c.Create(mailbox.ClaimFolder, nil).Wait(); err != nil && !strings.Contains(err.Error(), "ALREADYEXISTS") && !strings.Contains(err.Error(), "exists") {
		t.Fatal(err)
	}
	cmd := c.Append(mailbox.ClaimFolder, int64(len(raw)), &imap.AppendOptions{Time: at})
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

// TestClaimRace: two stores claim one mailbox at the same moment, many times: with a takeover
// of a retired store's claim, and as two new stores. Each time exactly one holds the claim, the
// other is refused naming it, and the holder's claim stands when both check again.
func TestClaimRace(t *testing.T) {
	s := mailtest.Load(t)
	ctx := context.Background()
	for round := range 12 {
		takeover := round%2 == 0
		opts := watched(t, s)
		if takeover {
			plantClaim(t, s, opts, mailtest.Unique("store-retired-"), time.Now().Add(-2*time.Hour))
		}
		stores := []string{mailtest.Unique("store-a-"), mailtest.Unique("store-b-")}
		errs := make([]error, 2)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = mailbox.Claim(ctx, opts, stores[i], takeover)
			}()
		}
		close(start)
		wg.Wait()
		won := -1
		for i, err := range errs {
			if err == nil {
				if won >= 0 {
					t.Fatalf("round %d (takeover %v): both stores hold the claim", round, takeover)
				}
				won = i
			}
		}
		if won < 0 {
			t.Fatalf("round %d (takeover %v): neither store holds the claim: %v; %v", round, takeover, errs[0], errs[1])
		}
		var ce *mailbox.ClaimError
		if lost := errs[1-won]; !errors.As(lost, &ce) || ce.Holder != stores[won] {
			t.Fatalf("round %d (takeover %v): the other store: %v, want refused naming %s", round, takeover, lost, stores[won])
		}
		if takeover && (ce.Age <= 0 || !strings.Contains(ce.Error(), "at the same moment")) {
			t.Errorf("round %d: the refused takeover does not say why: %v", round, ce)
		}
		// Checked again (as the watcher does at every connection): the same holder.
		if _, err := mailbox.Claim(ctx, opts, stores[won], false); err != nil {
			t.Errorf("round %d: the holder again: %v", round, err)
		}
		if _, err := mailbox.Claim(ctx, opts, stores[1-won], false); !errors.As(err, &ce) || ce.Holder != stores[won] {
			t.Errorf("round %d: the refused store again: %v", round, err)
		}
	}
}

// TestClaimTakeoverAfterSettle: a takeover refused because the claim is a moment old succeeds
// against a claim older than ClaimSettle.
func TestClaimTakeoverAfterSettle(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	ctx := context.Background()
	young := mailtest.Unique("store-young-")
	plantClaim(t, s, opts, young, time.Now())
	var ce *mailbox.ClaimError
	if _, err := mailbox.Claim(ctx, opts, mailtest.Unique("store-new-"), true); !errors.As(err, &ce) || ce.Holder != young || ce.Age <= 0 {
		t.Fatalf("a takeover of a claim a moment old: %v, want refused naming %s", err, young)
	}
	opts2 := watched(t, s)
	plantClaim(t, s, opts2, young, time.Now().Add(-mailbox.ClaimSettle-time.Minute))
	if _, err := mailbox.Claim(ctx, opts2, mailtest.Unique("store-new-"), true); err != nil {
		t.Fatalf("a takeover of a claim older than ClaimSettle: %v", err)
	}
}

// TestWatcherRefusesClaimedMailbox: a watcher working for another store than the one that
// claimed its mailbox stops with the claim error instead of taking letters.
func TestWatcherRefusesClaimedMailbox(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	first := mailtest.Unique("store-first-")
	plantClaim(t, s, opts, first, time.Now().Add(-time.Hour)) // a store that has watched it for an hour
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

// TestClaimTakeoversAfterAStop: a store stopped a moment ago (its claim 50 seconds old) and two
// new stores started with takeover at the same moment, many times. Each takeover waits until
// the old claim is ClaimSettle old instead of giving up on it; then exactly one of them holds
// the mailbox and the other is refused naming it: the mailbox is never left unwatched.
func TestClaimTakeoversAfterAStop(t *testing.T) {
	s := mailtest.Load(t)
	ctx := context.Background()
	for round := range 3 {
		opts := watched(t, s)
		stopped := mailtest.Unique("store-stopped-")
		plantClaim(t, s, opts, stopped, time.Now().Add(-50*time.Second))
		stores := []string{mailtest.Unique("store-a-"), mailtest.Unique("store-b-")}
		errs := make([]error, 2)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = mailbox.Claim(ctx, opts, stores[i], true)
			}()
		}
		close(start)
		wg.Wait()
		won := -1
		for i, err := range errs {
			if err == nil {
				if won >= 0 {
					t.Fatalf("round %d: both stores hold the claim", round)
				}
				won = i
			}
		}
		if won < 0 {
			t.Fatalf("round %d: neither store holds the claim: %v; %v", round, errs[0], errs[1])
		}
		var ce *mailbox.ClaimError
		if lost := errs[1-won]; !errors.As(lost, &ce) || ce.Holder != stores[won] {
			t.Fatalf("round %d: the other store: %v, want refused naming %s", round, lost, stores[won])
		}
		if _, err := mailbox.Claim(ctx, opts, stopped, false); !errors.As(err, &ce) || ce.Holder != stores[won] {
			t.Errorf("round %d: the stopped store started again: %v, want refused naming %s", round, err, stores[won])
		}
	}
}

// TestWatcherStopsWhenTakenOver: a watcher holds its mailbox; another store takes the claim
// over (serve -takeover). The watcher finds the claim gone at its next look (claimCheck) and
// stops with the claim error naming the new store, instead of deciding letters beside it.
func TestWatcherStopsWhenTakenOver(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	first := mailtest.Unique("store-first-")
	plantClaim(t, s, opts, first, time.Now().Add(-time.Hour)) // watched for an hour
	w, _ := fastWatcher(t, opts, func(context.Context, mailbox.Message) error { return nil })
	w.ClaimAs = first
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	time.Sleep(2 * time.Second) // watching
	second := mailtest.Unique("store-second-")
	if _, err := mailbox.Claim(ctx, opts, second, true); err != nil {
		t.Fatalf("the takeover: %v", err)
	}
	var ce *mailbox.ClaimError
	if err := <-done; !errors.As(err, &ce) || ce.Holder != second {
		t.Fatalf("the watcher taken over: %v, want it stopped naming %s", err, second)
	}
}
