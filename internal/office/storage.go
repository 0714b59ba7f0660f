package office

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"syscall"
	"time"

	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/store"
)

// A failure of the store to write (a full disk, an I/O error, a read-only file system) is the
// store's fault, never a letter's. When a letter's transaction cannot be committed for such a
// reason:
//
//   - the attempt Receive counted for the letter is taken back (or, when even that cannot be
//     written, the next attempt is not counted), so that a letter is never quarantined as
//     «processing failed» because the disk was full;
//   - the letter stays in the mailbox: the watcher stops at it and offers it again with its
//     backoff, so nothing after it is fetched either;
//   - the fault is logged once, and the judges of every tournament are told once, by a letter
//     sent directly (the outbox is in the store that cannot be written);
//   - the first commit that succeeds again is logged, and every letter that waited is decided
//     once, in order.
//
// The state lives on the owner goroutine, like every other change.

// storeFaults is what the daemon knows of the store's failures to write.
type storeFaults struct {
	down  bool            // the last commit failed for the store's own fault
	since time.Time       // when it began
	retry map[string]bool // letters whose failed attempt could not be taken back
}

func (f *storeFaults) retrying(ref store.MessageRef) bool { return f.retry[ref.String()] }

func (f *storeFaults) remember(ref store.MessageRef) {
	if f.retry == nil {
		f.retry = map[string]bool{}
	}
	f.retry[ref.String()] = true
}

// isStorageFault reports whether err is the file system's: the store could not write or read
// its file, whatever the letter.
func isStorageFault(err error) bool {
	var errno syscall.Errno
	return errors.As(err, &errno)
}

// storeFailed records a failure to commit the letter at ref and returns the error that keeps the
// letter in the mailbox. A storage fault is logged and reported to the judges once.
func (o *Office) storeFailed(ref store.MessageRef, err error) error {
	if !isStorageFault(err) {
		return err
	}
	o.faults.remember(ref) // its next attempt is not counted, whatever ForgiveAttempt did
	if o.faults.down {
		return err
	}
	o.faults.down, o.faults.since = true, o.now()
	o.log.Error("the store cannot be written; letters wait in the mailbox and are decided once it can",
		"err", err, "letter", ref.String())
	o.tellJudges(err, func(t *phrase.OfficeText) *phrase.StorageText { return &t.Storage })
	return err
}

// StoreDamaged tells the judges of every tournament that a check of the store found damage
// (the daemon's scheduled whole check), by a letter sent directly, as for a store that cannot
// be written.
func (o *Office) StoreDamaged(damage error) {
	o.tellJudges(damage, func(t *phrase.OfficeText) *phrase.StorageText { return &t.Damaged })
}

// storeWorks records a commit that succeeded for the letter at ref.
func (o *Office) storeWorks(ref store.MessageRef) {
	delete(o.faults.retry, ref.String())
	if !o.faults.down {
		return
	}
	o.log.Info("the store is written again; the letters that waited are decided", "down_since", o.faults.since)
	o.faults.down = false
}

// tellJudges sends the judges of every tournament a letter about the store's fault, directly
// through the SMTP server, in the background: the owner goroutine goes on.
func (o *Office) tellJudges(fault error, text func(*phrase.OfficeText) *phrase.StorageText) {
	if o.opt.Sender == nil {
		return
	}
	type notice struct {
		to, lang string
		codes    []string
	}
	var ns []*notice
	byJudge := map[string]*notice{}
	_ = o.opt.Store.View(func(tx *store.Tx) error {
		r, err := o.tournaments(tx)
		if err != nil {
			return err
		}
		for _, sh := range r.Sheets() {
			if sh.Judge == "" {
				continue
			}
			j := strings.ToLower(sh.Judge)
			n, ok := byJudge[j]
			if !ok {
				n = &notice{to: j, lang: sh.Language}
				byJudge[j] = n
				ns = append(ns, n)
			}
			n.codes = append(n.codes, sh.Code)
		}
		return nil
	})
	now := o.now()
	for _, n := range ns {
		tx := text(&phrase.For(n.lang).Office)
		codes := strings.Join(n.codes, ", ")
		raw := mailwrite.Compose(mailwrite.Letter{From: o.opt.From, To: []mail.Address{{Address: n.to}}, Subject: fmt.Sprintf(tx.Subject, codes),
			Body: fmt.Sprintf(tx.Body, trustText(n.lang).stamp(now), fault), Date: now, Verdict: "notice"})
		go func(to string, raw []byte) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if err := o.opt.Sender.Send(ctx, []string{to}, raw); err != nil {
				o.log.Error("a letter to the judge about the store could not be sent", "to", to, "err", err)
			}
		}(n.to, raw)
	}
}
