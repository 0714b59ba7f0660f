package mailbox_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// These tests run against the real Dovecot of scripts/mailstack. Each one watches mailboxes of
// its own in the tournament's account, so that they can run beside other packages' tests.

// watched creates a watched and a processed mailbox for the test and returns the options of a
// Watcher for them over plain IMAP.
func watched(t testing.TB, s *mailtest.Stack) mailbox.IMAPOptions {
	t.Helper()
	user := s.Tournament
	processed := mailtest.Unique("processed-")
	t.Cleanup(func() { s.DeleteMailbox(t, user, processed) })
	return mailbox.IMAPOptions{
		Address:   s.IMAPAddr,
		TLS:       mailbox.TLSNone,
		Username:  s.Address(user),
		Password:  s.Password(user),
		Mailbox:   s.TempMailbox(t, user, "in-"),
		Processed: processed, // created by the Watcher
	}
}

func letter(s *mailtest.Stack, tok string) []byte {
	return mailtest.Letter(s.Address("alice"), s.Address(s.Tournament), tok, "Мой ход: 12. g3:e5")
}

func TestWatcherHandlesEachMessageOnceAndMovesIt(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	c := s.Dial(t, s.Tournament)

	var want []string
	raws := map[string][]byte{}
	appendOne := func() {
		tok := mailtest.Unique("letter-")
		raw := letter(s, tok)
		mailtest.Append(t, c, opts.Mailbox, raw)
		want = append(want, tok)
		raws[tok] = raw
	}
	for range 5 { // waiting before the Watcher starts
		appendOne()
	}
	rec := newRecorder()
	w, _ := fastWatcher(t, opts, rec.handle)
	stop := run(t, w)
	got := rec.wait(t, 5, 10*time.Second)
	for range 3 { // arriving while it runs
		appendOne()
	}
	got = append(got, rec.wait(t, 3, 10*time.Second)...)
	time.Sleep(300 * time.Millisecond) // room for a wrong second delivery
	stop()

	if diff := cmp.Diff(want, tokens(got)); diff != "" {
		t.Errorf("handled letters (-appended +handled):\n%s", diff)
	}
	if n := len(rec.ch); n != 0 {
		t.Errorf("%d letters handled more than once", n)
	}
	for _, m := range got {
		if m.Mailbox != opts.Mailbox || m.UIDValidity == 0 || m.UID == 0 || m.InternalDate.IsZero() {
			t.Errorf("message %d: mailbox %q, uidvalidity %d, internal date %v", m.UID, m.Mailbox, m.UIDValidity, m.InternalDate)
		}
		if !bytes.Equal(m.Raw, raws[token(m.Raw)]) || m.Truncated || m.Size != int64(len(m.Raw)) {
			t.Errorf("message %d: raw bytes differ from the appended letter (size %d, truncated %v)", m.UID, m.Size, m.Truncated)
		}
	}
	if left := mailtest.Messages(t, c, opts.Mailbox); len(left) != 0 {
		t.Errorf("%d letters left in %s, want 0", len(left), opts.Mailbox)
	}
	moved := mailTokens(mailtest.Messages(t, c, opts.Processed))
	if diff := cmp.Diff(want, moved); diff != "" {
		t.Errorf("letters in %s (-want +got):\n%s", opts.Processed, diff)
	}
}

func TestWatcherLeavesFailedMessageAndRetriesInOrder(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	c := s.Dial(t, s.Tournament)
	toks := []string{mailtest.Unique("first-"), mailtest.Unique("second-"), mailtest.Unique("third-")}
	for _, tok := range toks {
		mailtest.Append(t, c, opts.Mailbox, letter(s, tok))
	}
	rec := newRecorder()
	rec.failFor[toks[0]] = 2 // the store fails twice on the first letter
	w, _ := fastWatcher(t, opts, rec.handle)
	w.RetryMin, w.RetryMax = time.Second, time.Second
	stop := run(t, w)

	// After the first failure, and before the retry a second later, every letter is still there.
	deadline := time.Now().Add(10 * time.Second)
	for rec.attempts(toks[0]) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if left := mailTokens(mailtest.Messages(t, c, opts.Mailbox)); !slices.Contains(left, toks[0]) {
		t.Errorf("after a handler error the letter is gone from %s: %v", opts.Mailbox, left)
	}
	got := rec.wait(t, 3, 15*time.Second)
	stop()
	if diff := cmp.Diff(toks, tokens(got)); diff != "" {
		t.Errorf("handled letters (-arrival order +handled):\n%s", diff)
	}
	if n := rec.attempts(toks[0]); n != 3 {
		t.Errorf("first letter offered %d times, want 3 (two failures, one success)", n)
	}
	for _, tok := range toks[1:] {
		if n := rec.attempts(tok); n != 1 {
			t.Errorf("%s offered %d times, want 1", tok, n)
		}
	}
	if left := mailtest.Messages(t, c, opts.Mailbox); len(left) != 0 {
		t.Errorf("%d letters left in %s, want 0", len(left), opts.Mailbox)
	}
}

func TestWatcherIdleWakesOnNewMessage(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	c := s.Dial(t, s.Tournament)
	rec := newRecorder()
	w, lb := fastWatcher(t, opts, rec.handle)
	w.PollInterval = time.Hour // only IDLE can wake it
	run(t, w)
	waitLog(t, lb, "imap: watching", 10*time.Second)
	if !strings.Contains(lb.String(), "idle=true") {
		t.Fatalf("Dovecot offers IDLE, but the watcher does not use it:\n%s", lb)
	}
	time.Sleep(100 * time.Millisecond) // let IDLE begin
	var lat []time.Duration
	for range 3 {
		tok := mailtest.Unique("idle-")
		start := time.Now()
		mailtest.Append(t, c, opts.Mailbox, letter(s, tok))
		m := rec.wait(t, 1, 10*time.Second)[0]
		lat = append(lat, time.Since(start))
		if token(m.Raw) != tok {
			t.Errorf("handled %q, want %q", token(m.Raw), tok)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("arrival to handler latency with IDLE: %v", lat)
}

func TestWatcherPollsWhenIdleIsOff(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	rec := newRecorder()
	w, lb := fastWatcher(t, opts, rec.handle)
	w.DisableIdle = true
	run(t, w)
	waitLog(t, lb, "imap: watching", 10*time.Second)
	tok := mailtest.Unique("poll-")
	s.Append(t, s.Tournament, opts.Mailbox, letter(s, tok))
	if got := token(rec.wait(t, 1, 10*time.Second)[0].Raw); got != tok {
		t.Errorf("handled %q, want %q", got, tok)
	}
}

func TestWatcherTLS(t *testing.T) {
	s := mailtest.Load(t)
	for _, tc := range []struct {
		name string
		tls  mailbox.TLSMode
		addr string
	}{
		{"implicit", mailbox.TLSImplicit, s.IMAPSAddr},
		{"starttls", mailbox.TLSStartTLS, s.IMAPAddr},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := watched(t, s)
			opts.TLS, opts.Address, opts.CAFile = tc.tls, tc.addr, s.CAFile
			tok := mailtest.Unique(tc.name + "-")
			s.Append(t, s.Tournament, opts.Mailbox, letter(s, tok))
			rec := newRecorder()
			w, _ := fastWatcher(t, opts, rec.handle)
			run(t, w)
			if got := token(rec.wait(t, 1, 10*time.Second)[0].Raw); got != tok {
				t.Errorf("handled %q, want %q", got, tok)
			}
		})
		t.Run(tc.name+"/untrusted", func(t *testing.T) {
			opts := watched(t, s)
			opts.TLS, opts.Address = tc.tls, tc.addr // the stack's certificate is in no system pool
			s.Append(t, s.Tournament, opts.Mailbox, letter(s, mailtest.Unique("untrusted-")))
			rec := newRecorder()
			w, lb := fastWatcher(t, opts, rec.handle)
			run(t, w)
			waitLog(t, lb, "certificate", 10*time.Second)
			if n := len(rec.ch); n != 0 {
				t.Errorf("handled %d letters over an untrusted connection", n)
			}
		})
	}
}

func TestWatcherNoticesUIDValidityChange(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	c := s.Dial(t, s.Tournament)
	rec := newRecorder()
	type change struct {
		mailbox  string
		old, new uint32
	}
	var (
		mu      sync.Mutex
		changes []change
	)
	w, _ := fastWatcher(t, opts, rec.handle)
	// Dovecot does not always end the session of a client whose selected mailbox is deleted;
	// then the change is seen at the next look at the mailbox.
	w.IdleRestart = time.Second
	trace := &logBuffer{}
	mailbox.SetDebug(w, trace)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("IMAP trace:\n%s", trace)
		}
	})
	w.UIDValidityChanged = func(_ context.Context, mailbox string, old, new uint32) error {
		mu.Lock()
		defer mu.Unlock()
		changes = append(changes, change{mailbox, old, new})
		return nil
	}
	stop := run(t, w)
	tokBefore := mailtest.Unique("before-")
	mailtest.Append(t, c, opts.Mailbox, letter(s, tokBefore))
	before := rec.wait(t, 1, 10*time.Second)[0]
	s.WaitMessage(t, s.Tournament, opts.Processed, tokBefore, 10*time.Second) // moved
	// Dovecot derives a new mailbox's UIDVALIDITY from the clock in seconds: a mailbox created
	// again within the same second or so can get the old value.
	time.Sleep(2 * time.Second)

	// The mailbox is deleted and created again while the Watcher has it selected: the same
	// name, a new UIDVALIDITY.
	if err := c.Delete(opts.Mailbox).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(opts.Mailbox, nil).Wait(); err != nil {
		t.Fatal(err)
	}
	tok := mailtest.Unique("after-")
	// The session that deleted the mailbox may go on refusing APPEND to the new one with
	// "Mailbox was deleted under us": deliver over another connection, and try again for a
	// while.
	raw := letter(s, tok)
	c2 := s.Dial(t, s.Tournament)
	for i := 0; ; i++ {
		cmd := c2.Append(opts.Mailbox, int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		_, err := cmd.Wait()
		if err == nil {
			break
		}
		if i == 50 || !strings.Contains(err.Error(), "deleted") {
			t.Fatalf("append after re-creating %s: %v", opts.Mailbox, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	after := rec.wait(t, 1, 15*time.Second)[0]
	stop()

	if token(after.Raw) != tok {
		t.Errorf("handled %q, want %q", token(after.Raw), tok)
	}
	if after.UIDValidity == before.UIDValidity {
		t.Fatalf("UIDVALIDITY %d did not change when the mailbox was created again", after.UIDValidity)
	}
	mu.Lock()
	defer mu.Unlock()
	want := []change{{opts.Mailbox, before.UIDValidity, after.UIDValidity}}
	if diff := cmp.Diff(want, changes, cmp.AllowUnexported(change{})); diff != "" {
		t.Errorf("UIDValidityChanged calls (-want +got):\n%s", diff)
	}
	if w.UIDValidity != after.UIDValidity {
		t.Errorf("Watcher.UIDValidity = %d after Run, want %d", w.UIDValidity, after.UIDValidity)
	}
}

func TestWatcherSurvivesDovecotRestart(t *testing.T) {
	s := mailtest.Private(t) // a Dovecot of this test's own: stopping it disturbs no other test
	opts := mailbox.IMAPOptions{
		Address: s.IMAPAddr, TLS: mailbox.TLSNone,
		Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
		Mailbox: "INBOX", Processed: "Processed",
	}
	rec := newRecorder()
	w, lb := fastWatcher(t, opts, rec.handle)
	stop := run(t, w)
	tok1 := mailtest.Unique("before-restart-")
	s.Append(t, s.Tournament, "INBOX", letter(s, tok1))
	rec.wait(t, 1, 10*time.Second)

	s.StopDovecot(t)
	time.Sleep(500 * time.Millisecond) // a few failed reconnections
	s.StartDovecot(t)
	tok2 := mailtest.Unique("after-restart-")
	s.Append(t, s.Tournament, "INBOX", letter(s, tok2))
	got := rec.wait(t, 1, 20*time.Second)[0]
	stop()
	if token(got.Raw) != tok2 {
		t.Errorf("after the restart handled %q, want %q", token(got.Raw), tok2)
	}
	if !strings.Contains(lb.String(), "session ended; reconnecting") {
		t.Errorf("the lost connection was not logged:\n%s", lb)
	}
	if diff := cmp.Diff([]string{tok1, tok2}, mailTokens(s.Messages(t, s.Tournament, "Processed"))); diff != "" {
		t.Errorf("Processed (-want +got):\n%s", diff)
	}
}

func TestWatcherWithoutIdleAndMove(t *testing.T) {
	// A server that offers neither IDLE nor MOVE: the Watcher polls and moves with COPY,
	// STORE \Deleted and UID EXPUNGE.
	s := mailtest.Private(t, "IMAP_CAPABILITY=IMAP4rev1 LITERAL+ UIDPLUS")
	opts := mailbox.IMAPOptions{
		Address: s.IMAPAddr, TLS: mailbox.TLSNone,
		Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
		Mailbox: "INBOX", Processed: "Done",
	}
	c := s.Dial(t, s.Tournament)
	if c.Caps().Has("MOVE") || c.Caps().Has("IDLE") {
		t.Fatalf("private Dovecot still offers MOVE or IDLE: %v", c.Caps())
	}
	rec := newRecorder()
	w, lb := fastWatcher(t, opts, rec.handle)
	run(t, w)
	var want []string
	for i := range 3 {
		tok := mailtest.Unique(fmt.Sprintf("nomove%d-", i))
		mailtest.Append(t, c, "INBOX", letter(s, tok))
		want = append(want, tok)
	}
	got := rec.wait(t, 3, 10*time.Second)
	if diff := cmp.Diff(want, tokens(got)); diff != "" {
		t.Errorf("handled (-want +got):\n%s", diff)
	}
	if !strings.Contains(lb.String(), "idle=false") {
		t.Errorf("the watcher did not fall back to polling:\n%s", lb)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(mailtest.Messages(t, c, "INBOX")) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
		t.Errorf("%d letters left in INBOX (COPY fallback did not expunge)", len(left))
	}
	if diff := cmp.Diff(want, mailTokens(mailtest.Messages(t, c, "Done"))); diff != "" {
		t.Errorf("Done (-want +got):\n%s", diff)
	}
}

func TestWatcherTruncatesLargeMessages(t *testing.T) {
	s := mailtest.Load(t)
	opts := watched(t, s)
	tok := mailtest.Unique("large-")
	raw := mailtest.Letter(s.Address("alice"), s.Address(s.Tournament), tok, strings.Repeat("0123456789abcdef\n", 4096))
	s.Append(t, s.Tournament, opts.Mailbox, raw)
	rec := newRecorder()
	w, _ := fastWatcher(t, opts, rec.handle)
	w.MaxMessageBytes = 1024
	run(t, w)
	m := rec.wait(t, 1, 10*time.Second)[0]
	if !m.Truncated || len(m.Raw) != 1024 || m.Size != int64(len(raw)) || !bytes.Equal(m.Raw, raw[:1024]) {
		t.Errorf("got %d bytes, truncated %v, size %d; want the first 1024 bytes of %d", len(m.Raw), m.Truncated, m.Size, len(raw))
	}
}

// waitLog waits until the log contains substr.
func waitLog(t *testing.T, lb *logBuffer, substr string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !strings.Contains(lb.String(), substr) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the log after %v", substr, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
