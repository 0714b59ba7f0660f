package office

import (
	"errors"
	"slices"

	"postald/internal/store"
)

// ErrBatch marks a failure of a batch's decisions: the letters are to be taken one at a time.
var ErrBatch = errors.New("batch not committed")

// Batch processes the leading letters of ms that were never received or are finished,
// in two transactions, and returns how many it took. When ms[0] was received before and not
// finished, it is processed alone. An error means that none of the n letters is decided.
func (o *Office) Batch(ms []Incoming) (n int, err error) {
	type letter struct {
		m     Incoming
		msgID string
		rec   store.Inbound
	}
	now := o.now()
	var run []letter
	if err := o.opt.Store.View(func(tx *store.Tx) error {
		for _, m := range ms {
			rec, err := tx.Inbound(RefOf(m))
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
		return 1, o.Letter(ms[0])
	}
	if !slices.ContainsFunc(run, func(l letter) bool { return l.rec.State == "" }) {
		return len(run), nil // all finished: seen before, nothing to commit
	}
	if err := o.opt.Store.Update(func(tx *store.Tx) error {
		for i := range run {
			l := &run[i]
			l.msgID = MessageID(l.m.Raw)
			var err error
			if l.rec, _, err = tx.Receive(RefOf(l.m), l.msgID, l.m.Raw, now); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return len(run), errors.Join(ErrBatch, err)
	}
	var all []decided
	err = o.update(func(tx *store.Tx) error {
		all = all[:0]
		for _, l := range run {
			if l.rec.IsFinished() {
				continue // seen before, under this or another UID
			}
			x, err := o.apply(tx, l.m, l.rec, l.msgID, now, nil)
			if err != nil {
				return err
			}
			all = append(all, x)
		}
		return nil
	})
	if err != nil {
		return len(run), errors.Join(ErrBatch, err)
	}
	for _, x := range all {
		o.logDecided(x)
	}
	return len(run), nil
}
