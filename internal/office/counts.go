package office

import "postald/internal/store"

// Sync counts again what the store holds when it shows a change the office was not told of (a
// tournament registered or archived by a command's own transactions): the daemon calls it on its
// owner goroutine after each job. A no-op without Options.Known.
func (o *Office) Sync() error {
	k := o.opt.Known
	if k == nil {
		return nil
	}
	var current bool
	if err := o.opt.Store.View(func(tx *store.Tx) error { current = k.Current(tx); return nil }); err != nil || current {
		return err
	}
	// Counted holding the store's writer, as every unit of work counts (count).
	return o.opt.Store.Update(func(tx *store.Tx) error {
		if k.Current(tx) {
			return nil
		}
		return k.Recount(tx, o.now())
	})
}

// Recount counts again everything Options.Known keeps, after a change written to the store
// other than by the office's units of work that the tournaments' revision does not show (a game
// set up by a tool or a test with Put). Run it where the office runs.
func (o *Office) Recount() error {
	k := o.opt.Known
	if k == nil {
		return nil
	}
	return o.opt.Store.Update(func(tx *store.Tx) error { return k.Recount(tx, o.now()) })
}
