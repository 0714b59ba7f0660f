package daemon

import (
	"context"
	"fmt"
	"sync"
	"time"

	"postald/internal/mailbox"
)

// A watcher that cannot work must say so: a daemon that logs "postald ready" and then never
// reads a letter (a server that refuses postald's folders, a password changed on the server, a
// watched mailbox deleted) looks, to a club, like a tournament that does not move. Each IMAP
// session that fails is logged at WARN by the watcher, which connects again after a growing
// delay, and counted (postald_imap_failures_in_a_row). When FailingAfter sessions in a row have
// failed, the same way (at the same stage: the login, the folders, the selection ...), the
// watcher is taken to be unable to work until a session reads the mailbox again:
//
//   - the cause is logged once at ERROR, with the stage and the server's words;
//   - /healthz fails, naming it (Health);
//   - postald_imap_failing{stage} is 1;
//   - the judges of every tournament are told once, by a notice in the outbox (the letters wait
//     on the server meanwhile, none is lost).
//
// A session that reads the mailbox again ends it: logged at INFO, /healthz answers ok, the
// metric goes back to 0. With the default delays, FailingAfter failures take about half a
// minute, so a server restarting is not taken for a fault.

// FailingAfter is how many IMAP sessions in a row must fail the same way before the watcher is
// taken to be unable to work.
const FailingAfter = 5

// mailboxHealth is what the daemon knows of its watcher's failures.
type mailboxHealth struct {
	mu      sync.Mutex
	failing *mailbox.Failure // the failures that make the watcher unable to work; nil: it works
	told    bool             // the judges were told of this failing
}

// MailboxFailed is the watcher's Failed: it counts the failure and, from the FailingAfter-th
// failure in a row at one stage, takes the watcher to be unable to work (see above).
func (d *Daemon) MailboxFailed(f mailbox.Failure) {
	h := &d.health
	h.mu.Lock()
	cannot := f.InARow >= FailingAfter || h.failing != nil
	began := cannot && h.failing == nil
	if cannot {
		if h.failing != nil && f.InARow < FailingAfter {
			f.Since = h.failing.Since // another way of failing, while it still cannot work
		}
		h.failing = &f
	}
	tell := cannot && !h.told
	if tell {
		h.told = true
	}
	h.mu.Unlock()
	d.opt.Metrics.MailboxFailed(f.InARow, cannot, f.Stage)
	if began {
		d.log.Error("the mailbox cannot be read: the IMAP sessions fail again and again; letters wait on the server; the judges are told",
			"stage", f.Stage, "in_a_row", f.InARow, "since", f.Since.Format(time.RFC3339), "err", f.Err)
	}
	if tell {
		d.tellMailboxDown(f)
	}
}

// MailboxWorking is the watcher's Working: a session read the mailbox after failures.
func (d *Daemon) MailboxWorking() {
	h := &d.health
	h.mu.Lock()
	was := h.failing
	h.failing, h.told = nil, false
	h.mu.Unlock()
	d.opt.Metrics.MailboxWorking()
	if was != nil {
		d.log.Info("the mailbox is read again", "down_since", was.Since.Format(time.RFC3339))
	}
}

// Health is nil while the daemon can work, and says why it cannot otherwise: /healthz fails
// with it.
func (d *Daemon) Health() error {
	h := &d.health
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.failing; f != nil {
		return fmt.Errorf("the mailbox cannot be read since %s: %d IMAP sessions in a row failed at %s: %v",
			f.Since.UTC().Format(time.RFC3339), f.InARow, f.Stage, f.Err)
	}
	return nil
}

// tellMailboxDown puts the judges' notice in the outbox, on the owner goroutine, and wakes the
// sender.
func (d *Daemon) tellMailboxDown(f mailbox.Failure) {
	ctx := d.runCtx
	if ctx == nil {
		ctx = context.Background()
	}
	err := d.Do(ctx, func() error { return d.office.MailboxDown(f.Since, f.InARow, f.Err.Error()) })
	if err != nil {
		d.log.Error("the judges could not be told that the mailbox cannot be read", "err", err)
		d.health.mu.Lock()
		d.health.told = false // told at the next failure
		d.health.mu.Unlock()
		return
	}
	kick(d.kickS)
}
