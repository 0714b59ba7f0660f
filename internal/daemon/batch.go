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
	// postald's own check of the senders asks the DNS before the transactions; a letter whose
	// check could not be done now stays in the mailbox, to be tried again, and the letters
	// behind it are decided (office/later.go): no letter halts the mailbox.
	raws := make([][]byte, len(ms))
	for i, m := range ms {
		raws[i] = m.Raw
	}
	var (
		ready []mailbox.Message
		at    []int // at[k] is ready[k]'s index in ms
		later *mailbox.LaterError
	)
	for i, err := range d.office.Authenticate(ctx, raws...) {
		switch {
		case err == nil:
			ready, at = append(ready, ms[i]), append(at, i)
		case errors.Is(err, office.ErrOwnCheckTemporary):
			if later == nil {
				later = &mailbox.LaterError{Err: err}
			}
			later.Skip = append(later.Skip, i)
		default: // stopping
			return d.handleReady(ctx, ready, at, i, later)
		}
	}
	if later != nil {
		d.log.Warn("letters not decided now; they stay in the mailbox, the letters behind them are decided", "count", len(later.Skip), "err", later.Err)
	}
	return d.handleReady(ctx, ready, at, len(ms), later)
}

// handleReady decides the letters ready (at: their indices in the batch) in order, and returns
// how many of the batch, from the first, are handled or left for later (up to end), with later
// naming those left; when a letter fails, the count stops before it and the error says why.
func (d *Daemon) handleReady(ctx context.Context, ready []mailbox.Message, at []int, end int, later *mailbox.LaterError) (int, error) {
	result := func(done int, err error) (int, error) {
		n := end
		if done < len(ready) {
			n = at[done]
		}
		if later != nil {
			var skip []int
			for _, i := range later.Skip {
				if i < n {
					skip = append(skip, i)
				}
			}
			later.Skip = skip
			if err != nil {
				later.Err = err
			}
			if len(skip) > 0 {
				return n, later
			}
		}
		if n < end && err == nil {
			err = ctx.Err()
		}
		return n, err
	}
	done := 0
	for done < len(ready) {
		if ctx.Err() != nil {
			return result(done, ctx.Err())
		}
		var n int
		err := d.Do(ctx, func() error {
			var err error
			n, err = d.office.Batch(incoming(ready[done:]))
			return err
		})
		if err != nil {
			if ctx.Err() != nil || !errors.Is(err, office.ErrBatch) {
				// Stopping, or a letter taken alone failed: whatever the owner committed
				// meanwhile is recognised next time.
				d.log.Error("letters not processed; they stay in the mailbox", "count", len(ready)-done, "err", err)
				return result(done, err)
			}
			d.log.Warn("batch of letters failed; taking them one at a time", "count", n, "err", err)
			for _, m := range ready[done : done+n] {
				if err := d.decide(ctx, m); err != nil {
					return result(done, err)
				}
				done++
			}
			continue
		}
		done += n
		d.Kick()
	}
	return result(done, nil)
}

// incoming is the letters ms as the office takes them: the shell's fetched messages, converted
// at the edge.
func incoming(ms []mailbox.Message) []office.Incoming {
	in := make([]office.Incoming, len(ms))
	for i, m := range ms {
		in[i] = office.Incoming(m)
	}
	return in
}
