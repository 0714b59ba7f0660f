package daemon

import (
	"context"
	"errors"
	"time"

	"postald/internal/store"
)

// checkLoop checks the whole store every Options.CheckEvery ([store] check_every): every page,
// every chain from its first entry, every record and part (store.DB.CheckWhole), which Open no
// longer reads for a large file (it checks what was written since the last check). The check
// runs on a goroutine of its own, in read transactions of its own, so letters are decided
// meanwhile; the store records what it verified itself. Damage found is logged, counted
// (postald_store_damaged) and mailed to the judges of every tournament; the daemon goes on.
func (d *Daemon) checkLoop(ctx context.Context) error {
	every := d.opt.CheckEvery
	if every <= 0 {
		return nil
	}
	for {
		if err := d.sleep(ctx, d.now().Add(every), nil); err != nil {
			return nil
		}
		d.CheckStore(ctx)
	}
}

// CheckStore runs the whole check of the store once and reports what it found: in the log, in
// the metrics and, for damage, to the judges.
func (d *Daemon) CheckStore(ctx context.Context) error {
	start := time.Now()
	err := d.opt.Store.CheckWhole()
	took := time.Since(start).Round(time.Millisecond)
	switch {
	case err == nil:
		d.opt.Metrics.StoreChecked("ok")
		d.log.Info("store checked whole", "store", d.opt.Store.Path(), "took", took)
	case errors.Is(err, store.ErrDamaged):
		d.opt.Metrics.StoreChecked("damaged")
		d.log.Error("the store's check found damage; restore it from a backup", "store", d.opt.Store.Path(), "err", err, "took", took)
		// The office (and its phrasebook and sender) belongs to the owner goroutine.
		if derr := d.Do(ctx, func() error { d.office.StoreDamaged(err); return nil }); derr != nil && ctx.Err() == nil {
			d.log.Error("telling the judges of the damage", "err", derr)
		}
	default:
		d.opt.Metrics.StoreChecked("failed")
		d.log.Error("the store's check could not be done", "store", d.opt.Store.Path(), "err", err)
	}
	return err
}
