package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// namespaceServer starts a Dovecot of the test's own laid out as Cyrus and Courier are: the
// user's folders live under "INBOX." (its personal namespace), and a folder beside INBOX is
// refused.
func namespaceServer(t *testing.T) *mailtest.Stack {
	t.Helper()
	return mailtest.Private(t, "IMAP_PREFIX=INBOX.", "IMAP_SEPARATOR=.")
}

// TestWatcherMakesFoldersInTheNamespace: with no folder names configured, the watcher asks the
// server's NAMESPACE and makes its folders under "INBOX.", moves the letters it handled to
// INBOX.Processed and keeps the claim in INBOX.postald-claims; the server refuses a folder beside
// INBOX.
func TestWatcherMakesFoldersInTheNamespace(t *testing.T) {
	s := namespaceServer(t)
	c := s.Dial(t, s.Tournament)
	if err := c.Create("Processed", nil).Wait(); err == nil {
		t.Fatal("the namespace server let a folder be made beside INBOX")
	}
	opts := mailbox.IMAPOptions{
		Address: s.IMAPAddr, TLS: mailbox.TLSNone,
		Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
	}
	store := mailtest.Unique("store-")
	var want []string
	for i := range 3 {
		tok := mailtest.Unique(fmt.Sprintf("ns%d-", i))
		mailtest.Append(t, c, "INBOX", letter(s, tok))
		want = append(want, tok)
	}
	rec := newRecorder()
	w, lb := fastWatcher(t, opts, rec.handle)
	w.ClaimAs = store
	var failures sync.Map
	w.Failed = func(f mailbox.Failure) { failures.Store(f.Stage, f.Err) }
	stop := run(t, w)
	got := rec.wait(t, 3, 20*time.Second)
	if diff := cmp.Diff(want, tokens(got)); diff != "" {
		t.Errorf("handled (-want +got):\n%s", diff)
	}
	waitLog(t, lb, "imap: watching", 10*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for len(mailtest.Messages(t, c, "INBOX.Processed")) < 3 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	if diff := cmp.Diff(want, mailTokens(mailtest.Messages(t, c, "INBOX.Processed"))); diff != "" {
		t.Errorf("INBOX.Processed (-want +got):\n%s", diff)
	}
	if left := mailtest.Messages(t, c, "INBOX"); len(left) != 0 {
		t.Errorf("%d letters left in INBOX", len(left))
	}
	markers := mailtest.Messages(t, c, "INBOX.postald-claims")
	if len(markers) != 1 || markers[0].Header("X-Postald-Store") != store {
		t.Errorf("INBOX.postald-claims holds %d markers, want this store's one", len(markers))
	}
	failures.Range(func(k, v any) bool {
		t.Errorf("a session failed at %v: %v", k, v)
		return true
	})
	// The claim is held: another store is refused, naming the folder it is kept in.
	var ce *mailbox.ClaimError
	_, err := mailbox.Claim(context.Background(), opts, mailtest.Unique("store-other-"), false)
	if !errors.As(err, &ce) || ce.Holder != store || ce.Where != "folder INBOX.postald-claims" {
		t.Errorf("another store's claim: %v, want refused naming %s in INBOX.postald-claims", err, store)
	}
	if how, err := mailbox.Claim(context.Background(), opts, store, false); err != nil || how != "INBOX.postald-claims" {
		t.Errorf("the store's own claim again: %q, %v", how, err)
	}
}

// TestFolderRefusedNamesTheSetting: a configured folder the server refuses (beside INBOX on a
// namespace server) is a FolderError naming the setting, at Claim and at every session of the
// watcher, which tells Failed each time with the count in a row; nothing is handled.
func TestFolderRefusedNamesTheSetting(t *testing.T) {
	s := namespaceServer(t)
	c := s.Dial(t, s.Tournament)
	tok := mailtest.Unique("refused-")
	mailtest.Append(t, c, "INBOX", letter(s, tok))
	for _, tc := range []struct {
		processed, claims, key, name string
	}{
		{"Processed", "", "processed", "Processed"},
		{"", "postald-claims", "claims", "postald-claims"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			opts := mailbox.IMAPOptions{
				Address: s.IMAPAddr, TLS: mailbox.TLSNone,
				Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
				Processed: tc.processed, Claims: tc.claims,
			}
			_, err := mailbox.Claim(context.Background(), opts, mailtest.Unique("store-"), false)
			var fe *mailbox.FolderError
			if !errors.As(err, &fe) || fe.Key != tc.key || fe.Name != tc.name || fe.Default || !mailbox.Refused(fe.Err) ||
				!strings.Contains(err.Error(), "[imap] "+tc.key) {
				t.Fatalf("Claim: %v, want a refusal of %q naming [imap] %s", err, tc.name, tc.key)
			}
			rec := newRecorder()
			w, _ := fastWatcher(t, opts, rec.handle)
			w.ClaimAs = mailtest.Unique("store-")
			fails := make(chan mailbox.Failure, 100)
			w.Failed = func(f mailbox.Failure) { fails <- f }
			run(t, w)
			for n := 1; n <= 3; n++ {
				select {
				case f := <-fails:
					if f.Stage != mailbox.StageFolders || f.InARow != n || !errors.As(f.Err, &fe) || fe.Key != tc.key {
						t.Fatalf("failure %d: %+v, want the folders' stage, %d in a row, naming %s", n, f, n, tc.key)
					}
				case <-time.After(20 * time.Second):
					t.Fatalf("no failure %d reported", n)
				}
			}
			if rec.attempts(tok) != 0 {
				t.Errorf("the letter was handed over %d times with no folder to move it to", rec.attempts(tok))
			}
		})
	}
}

// TestCheckIMAPOnNamespaceServer: the check of a configuration finds where the server keeps the
// user's folders, makes postald's there and writes into them, reports what the server offers,
// and times IDLE; a configured folder beside INBOX fails naming the setting. Nothing is left
// behind in the folders.
func TestCheckIMAPOnNamespaceServer(t *testing.T) {
	s := namespaceServer(t)
	opts := mailbox.IMAPOptions{
		Address: s.IMAPAddr, TLS: mailbox.TLSNone,
		Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := mailbox.CheckIMAP(ctx, opts, mailbox.CheckOptions{})
	if err != nil || !res.LoggedIn || !res.Selected {
		t.Fatalf("CheckIMAP: %+v, %v", res, err)
	}
	if res.Namespace.Prefix != "INBOX." || res.Namespace.Delim != '.' || !res.Idle || !res.Move || !res.UIDPlus {
		t.Errorf("namespace %+v, idle %v move %v uidplus %v", res.Namespace, res.Idle, res.Move, res.UIDPlus)
	}
	want := []mailbox.FolderCheck{
		{Key: "processed", Name: "INBOX.Processed", Default: true, Created: true},
		{Key: "claims", Name: "INBOX.postald-claims", Default: true, Created: true},
	}
	if diff := cmp.Diff(want, res.Folders); diff != "" {
		t.Errorf("folders (-want +got):\n%s", diff)
	}
	if res.IdleErr != nil || res.IdleSlow || res.IdleTook <= 0 || res.IdleTook > mailbox.SlowIdle {
		t.Errorf("IDLE took %v (slow %v, %v), want Dovecot's prompt announcement", res.IdleTook, res.IdleSlow, res.IdleErr)
	}
	t.Logf("Dovecot's IDLE announced the appended letter after %v", res.IdleTook)
	c := s.Dial(t, s.Tournament)
	for _, f := range []string{"INBOX.Processed", "INBOX.postald-claims"} {
		if left := mailtest.Messages(t, c, f); len(left) != 0 {
			t.Errorf("%d letters left in %s", len(left), f)
		}
	}
	// Made once: the next check finds them.
	res, _ = mailbox.CheckIMAP(ctx, opts, mailbox.CheckOptions{NoIdle: true})
	if len(res.Folders) != 2 || res.Folders[0].Created || res.Folders[0].Err != nil || res.IdleTook != 0 {
		t.Errorf("the second check: %+v", res.Folders)
	}
	opts.Processed = "Processed"
	res, err = mailbox.CheckIMAP(ctx, opts, mailbox.CheckOptions{})
	var fe *mailbox.FolderError
	if err != nil || len(res.Folders) != 2 || !errors.As(res.Folders[0].Err, &fe) || fe.Key != "processed" || fe.Default {
		t.Fatalf("a folder beside INBOX: %+v, %v; want it refused, naming [imap] processed", res.Folders, err)
	}
	if res.IdleTook != 0 || res.IdleErr != nil {
		t.Errorf("IDLE was timed on a folder that cannot be made: %v %v", res.IdleTook, res.IdleErr)
	}
}

// TestCheckIMAPWithoutIdleAndMove: a server without IDLE and MOVE is reported so, and IDLE is
// not timed.
func TestCheckIMAPWithoutIdleAndMove(t *testing.T) {
	s := mailtest.Private(t, "IMAP_CAPABILITY=IMAP4rev1 LITERAL+ UIDPLUS")
	opts := mailbox.IMAPOptions{
		Address: s.IMAPAddr, TLS: mailbox.TLSNone,
		Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
	}
	res, err := mailbox.CheckIMAP(context.Background(), opts, mailbox.CheckOptions{})
	if err != nil || res.Idle || res.Move || !res.UIDPlus || res.IdleTook != 0 || res.IdleSlow {
		t.Fatalf("CheckIMAP: %+v, %v", res, err)
	}
	if len(res.Folders) != 2 || res.Folders[0].Name != "Processed" || res.Folders[1].Name != mailbox.ClaimFolder || res.Folders[0].Err != nil {
		t.Errorf("folders on Dovecot's default namespace: %+v", res.Folders)
	}
	c := s.Dial(t, s.Tournament)
	if st, err := c.Status("Processed", &imap.StatusOptions{NumMessages: true}).Wait(); err != nil || *st.NumMessages != 0 {
		t.Errorf("Processed after the check: %v, %v", st, err)
	}
}
