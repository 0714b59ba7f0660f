package daemon

import (
	"context"
	"time"

	"postald/internal/store"
)

// timerLoop wakes up at the earliest deadline any game has in the store — a reminder, a control
// deadline, a silent player's overstep — never on a busy loop, and lets the referee decide what
// is due.
func (d *Daemon) timerLoop(ctx context.Context) error {
	for {
		next := d.now().Add(time.Hour)
		err := d.opt.Store.View(func(tx *store.Tx) error {
			ev, ok, err := tx.EarliestEvent()
			if ok && ev.At.Before(next) {
				next = ev.At
			}
			// A letter still without a report of its delivery is told to the judges warn_after
			// after it was sent (office.Tick).
			if after := d.opt.Delivery.WarnAfter.Duration; after > 0 {
				if sent, ok := tx.EarliestWatched(); ok && sent.Add(after).Before(next) {
					next = sent.Add(after)
				}
			}
			return err
		})
		if err != nil {
			d.log.Error("deadlines", "err", err)
		}
		if err := d.sleep(ctx, next, d.kickT); err != nil {
			return nil
		}
		if err := d.Do(ctx, func() error { return d.office.Tick() }); err != nil && ctx.Err() == nil {
			d.log.Error("deadlines", "err", err)
		}
		kick(d.kickS)
	}
}
