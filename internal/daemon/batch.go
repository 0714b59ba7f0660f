package daemon

import (
	"context"
	"errors"
	"slices"

	"postald/internal/mailbox"
	"postald/internal/store"
)

// HandleBatch is the mailbox watcher's batch handler (mailbox.Watcher.HandleBatch): the
// letters of a fetched batch are recorded as received in one transaction and decided, in
// order, in another, each decision seeing the state the previous one left, instead of two
// transactions for every letter. It returns how many letters, from the first, are committed;
// the watcher moves only those.
//
// A letter already received before and not finished (a crash or a failure interrupted it) is
// taken alone, as Handle takes it, so that its attempt count grows only when it is tried
// again. When the batch's decisions cannot be committed, its letters are taken again one at a
// time, which finds the letter at fault and keeps it, and those after it, in the mailbox.
func (d *Daemon) HandleBatch(ctx context.Context, ms []mailbox.Message) (int, error) {
	done := 0
	for done < len(ms) {
		if ctx.Err() != nil {
			return done, ctx.Err()
		}
		var n int
		err := d.Do(ctx, func() error {
			var err error
			n, err = d.processBatch(ms[done:])
			return err
		})
		if err != nil {
			if ctx.Err() != nil || !errors.Is(err, errBatch) {
				// Stopping, or a letter taken alone failed: whatever the owner committed
				// meanwhile is recognised next time.
				d.log.Error("letters not processed; they stay in the mailbox", "count", len(ms)-done, "err", err)
				return done, err
			}
			d.log.Warn("batch of letters failed; taking them one at a time", "count", n, "err", err)
			for _, m := range ms[done : done+n] {
				if err := d.Handle(ctx, m); err != nil {
					return done, err
				}
				done++
			}
			continue
		}
		done += n
		d.Kick()
	}
	return done, nil
}

// errBatch marks a failure of a batch's decisions: the letters are to be taken one at a time.
var errBatch = errors.New("batch not committed")

// processBatch processes the leading letters of ms that were never received or are finished,
// in two transactions, and returns how many it took. When ms[0] was received before and not
// finished, it is processed alone. An error means that none of the n letters is decided.
func (d *Daemon) processBatch(ms []mailbox.Message) (n int, err error) {
	type letter struct {
		m     mailbox.Message
		msgID string
		rec   store.Inbound
	}
	now := d.now()
	var run []letter
	if err := d.opt.Store.View(func(tx *store.Tx) error {
		for _, m := range ms {
			rec, err := tx.Inbound(refOf(m))
			switch {
			case errors.Is(err, store.ErrNotFound):
				rec = store.Inbound{}
			case err != nil:
				return err
			case !rec.IsFinished():
				return nil // interrupted: the run ends before it
			}
			run = append(run, letter{m: m, rec: rec})
		}
		return nil
	}); err != nil {
		return 0, err
	}
	if len(run) == 0 {
		return 1, d.process(ms[0])
	}
	if !slices.ContainsFunc(run, func(l letter) bool { return l.rec.State == "" }) {
		return len(run), nil // all finished: seen before, nothing to commit
	}
	if err := d.opt.Store.Update(func(tx *store.Tx) error {
		for i := range run {
			l := &run[i]
			l.msgID = headerMessageID(l.m.Raw)
			var err error
			if l.rec, _, err = tx.Receive(refOf(l.m), l.msgID, l.m.Raw, now); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return len(run), errors.Join(errBatch, err)
	}
	var all []decided
	err = d.opt.Store.Update(func(tx *store.Tx) error {
		all = all[:0]
		for _, l := range run {
			if l.rec.IsFinished() {
				continue // seen before, under this or another UID
			}
			x, err := d.apply(tx, l.m, l.rec, l.msgID, now)
			if err != nil {
				return err
			}
			all = append(all, x)
		}
		return nil
	})
	if err != nil {
		return len(run), errors.Join(errBatch, err)
	}
	for _, x := range all {
		d.logDecided(x)
	}
	return len(run), nil
}
