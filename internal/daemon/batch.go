package daemon

import (
	"context"
	"errors"

	"postald/internal/mailbox"
	"postald/internal/office"
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
	// postald's own check of the senders asks the DNS before the transactions; the letters
	// from the first whose check could not be done now stay in the mailbox, to be tried again.
	raws := make([][]byte, len(ms))
	for i, m := range ms {
		raws[i] = m.Raw
	}
	ready, waiting := d.office.Authenticate(ctx, raws...)
	if waiting != nil {
		d.log.Warn("letters not decided now; they stay in the mailbox", "count", len(ms)-ready, "err", waiting)
	}
	ms = ms[:ready]
	done := 0
	for done < len(ms) {
		if ctx.Err() != nil {
			return done, ctx.Err()
		}
		var n int
		err := d.Do(ctx, func() error {
			var err error
			n, err = d.office.Batch(ms[done:])
			return err
		})
		if err != nil {
			if ctx.Err() != nil || !errors.Is(err, office.ErrBatch) {
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
	return done, waiting
}
