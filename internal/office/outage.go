package office

import (
	"fmt"
	"sync"
	"time"

	"postald/internal/phrase"
	"postald/internal/store"
	"postald/internal/tournament"
)

// When postald's own check of the senders cannot be done (the DNS does not answer: a
// temperror of a required method), the letters wait in the mailbox and are decided once it can
// (Authenticate). Nothing is held without a notice: the outage is logged when it begins and when
// it ends, and once it has lasted outageNotice the judges of every tournament are told, once an
// outage, by a notice in the outbox.

// outageNotice is how long postald's own check may fail for now before the judges are told: a
// resolver restarting or a short network fault is not their business.
const outageNotice = 30 * time.Minute

// checkOutage is what the office knows of the current outage of its own check.
type checkOutage struct {
	mu    sync.Mutex // Authenticate runs beside the owner goroutine
	since time.Time  // the first failure of the outage; zero while the check works
	last  string     // what the last failure said
	told  bool
}

// failed records a check that could not be done at now, and reports whether an outage began.
func (c *checkOutage) failed(now time.Time, why string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = why
	if !c.since.IsZero() {
		return false
	}
	c.since, c.told = now, false
	return true
}

// worked records a check that was done, and returns when the outage it ends began (zero when
// there was none).
func (c *checkOutage) worked() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	since := c.since
	c.since, c.last, c.told = time.Time{}, "", false
	return since
}

// untold returns the outage the judges must be told of by now.
func (c *checkOutage) untold(now time.Time) (since time.Time, why string, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.since.IsZero() || c.told || now.Sub(c.since) < outageNotice {
		return time.Time{}, "", false
	}
	return c.since, c.last, true
}

// markTold records that the judges were told of the outage begun at since.
func (c *checkOutage) markTold(since time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.since.Equal(since) {
		c.told = true
	}
}

// checkFailed logs a check that could not be done, when it begins an outage.
func (o *Office) checkFailed(why string) {
	if o.outage.failed(o.now(), why) {
		o.log.Warn("postald's own check of the senders cannot be done now; letters wait in the mailbox and are decided once it can; the judges are told if it lasts",
			"err", why, "notice_after", outageNotice.String())
	}
}

// checkWorked logs the end of an outage, when a check was done after one.
func (o *Office) checkWorked() {
	if since := o.outage.worked(); !since.IsZero() {
		o.log.Info("postald's own check of the senders works again; the letters that waited are decided", "down_since", since.Format(time.RFC3339))
	}
}

// outageNoticeDue puts in the outbox, for the judges of every tournament, the notice of an
// outage of the own check that has lasted outageNotice, once; it returns the outage's start for
// markTold once the transaction committed, or zero.
func (o *Office) outageNoticeDue(tx *store.Tx, now time.Time) (time.Time, error) {
	since, why, ok := o.outage.untold(now)
	if !ok {
		return time.Time{}, nil
	}
	err := o.eachJudge(tx, func(sh *tournament.Sheet, codes string) error {
		loc, err := o.zones.Get(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		t := &phrase.For(sh.Language).Office.OwnCheckDown
		body := fmt.Sprintf(t.Body, trustText(sh.Language).stamp(since.In(loc)), why)
		return judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(t.Subject, codes), body, now)
	})
	if err != nil {
		return time.Time{}, err
	}
	return since, nil
}
