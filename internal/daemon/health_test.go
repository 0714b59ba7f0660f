package daemon

import (
	"context"
	"errors"
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"postald/internal/mailbox"
	"postald/internal/mailwrite"
	"postald/internal/metrics"
	"postald/internal/store"
)

// TestMailboxHealth: failed IMAP sessions are counted; from the FailingAfter-th in a row the
// daemon cannot work: Health says why (so /healthz fails), the cause is logged once at ERROR,
// postald_imap_failing names the stage, and the judge is told once, however the sessions go on
// failing; a session that reads the mailbox ends it, and a new run of failures tells him again.
func TestMailboxHealth(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	sh := registerTournament(t, db, from, now)
	sender, m, logs := &recordingSender{}, metrics.New(nil), &syncBuffer{}
	d := New(Options{Store: db, Sender: sender, From: from, Metrics: m, Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, nil) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()

	refused := &mailbox.FolderError{Key: "processed", Name: "Processed", Err: errors.New("create Processed: NO Permission denied")}
	since := now.Add(-time.Minute)
	fail := func(stage string, n int, err error) {
		d.MailboxFailed(mailbox.Failure{Stage: stage, Err: err, InARow: n, Since: since})
	}
	failing := func(want string) {
		t.Helper()
		if err := testutil.GatherAndCompare(m.Gatherer(), strings.NewReader(want), "postald_imap_failing", "postald_imap_failures_in_a_row"); err != nil {
			t.Error(err)
		}
	}
	letters := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for len(sender.to(sh.Judge)) < n && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond) // a letter too many would be sent by now
		if got := sender.to(sh.Judge); len(got) != n {
			t.Fatalf("%d letters to the judge, want %d", len(got), n)
		}
	}

	for n := 1; n < FailingAfter; n++ {
		fail(mailbox.StageFolders, n, refused)
	}
	if err := d.Health(); err != nil {
		t.Errorf("Health after %d failures: %v, want none yet (a server restarting)", FailingAfter-1, err)
	}
	failing("# HELP postald_imap_failures_in_a_row IMAP sessions that failed one after another, now; 0 once one reads the mailbox.\n" +
		"# TYPE postald_imap_failures_in_a_row gauge\npostald_imap_failures_in_a_row 4\n")
	letters(0)

	fail(mailbox.StageFolders, FailingAfter, refused)
	err = d.Health()
	if err == nil || !strings.Contains(err.Error(), "the mailbox cannot be read") || !strings.Contains(err.Error(), "at folders") ||
		!strings.Contains(err.Error(), "Permission denied") || !strings.Contains(err.Error(), "[imap] processed") {
		t.Errorf("Health: %v, want the stage, the setting and the server's words", err)
	}
	failing("# HELP postald_imap_failing 1 while the mailbox watcher cannot work: its sessions fail at this stage again and again.\n" +
		"# TYPE postald_imap_failing gauge\npostald_imap_failing{stage=\"folders\"} 1\n" +
		"# HELP postald_imap_failures_in_a_row IMAP sessions that failed one after another, now; 0 once one reads the mailbox.\n" +
		"# TYPE postald_imap_failures_in_a_row gauge\npostald_imap_failures_in_a_row 5\n")
	letters(1)
	notice, err := mailwrite.Read(sender.to(sh.Judge)[0].raw)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(notice.Subject, "mailbox cannot be read") || !strings.Contains(notice.Subject, sh.Code) ||
		!strings.Contains(notice.Text, "5 attempts in a row failed") || !strings.Contains(notice.Text, "Permission denied") {
		t.Errorf("the judge's notice:\n%s\n%s", notice.Subject, notice.Text)
	}

	// It goes on failing, another way too: still unable to work, no second word.
	fail(mailbox.StageFolders, FailingAfter+1, refused)
	fail(mailbox.StageConnect, 1, errors.New("imap: connect: connection refused"))
	if err := d.Health(); err == nil || !strings.Contains(err.Error(), "at connect") {
		t.Errorf("Health while failing another way: %v", err)
	}
	letters(1)
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d errors logged, want 1:\n%s", n, logs)
	}

	d.MailboxWorking()
	if err := d.Health(); err != nil {
		t.Errorf("Health once the mailbox is read again: %v", err)
	}
	failing("# HELP postald_imap_failures_in_a_row IMAP sessions that failed one after another, now; 0 once one reads the mailbox.\n" +
		"# TYPE postald_imap_failures_in_a_row gauge\npostald_imap_failures_in_a_row 0\n")
	if !strings.Contains(logs.String(), "the mailbox is read again") {
		t.Errorf("the end of the failures is not logged:\n%s", logs)
	}

	for n := 1; n <= FailingAfter; n++ {
		fail(mailbox.StageLogin, n, errors.New("imap: log in: NO authentication failure"))
	}
	letters(2)
}
