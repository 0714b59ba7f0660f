package office

import (
	"fmt"
	"net/mail"
	"time"

	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// Tick asks the referee about every game whose event is due, each in its own transaction.
func (o *Office) Tick() error {
	now := o.now()
	var due []store.GameEvent
	if err := o.opt.Store.View(func(tx *store.Tx) error {
		var err error
		due, err = tx.EventsDue(now)
		return err
	}); err != nil {
		return err
	}
	for _, ev := range due {
		var done Done
		if err := o.update(func(tx *store.Tx) error {
			var err error
			done, err = o.tick(tx, ev.Game, now)
			return err
		}); err != nil {
			o.log.Error("deadline", append(gameAttrs(ev.Game), "err", err)...)
			continue
		}
		o.observe(done)
	}
	// The judges' notices and the store's clock, in one transaction: a tick follows every letter.
	var jump, outage time.Time
	if err := o.update(func(tx *store.Tx) (err error) {
		if err := o.heldDigest(tx, now); err != nil {
			return fmt.Errorf("digest of held letters: %w", err)
		}
		if err := o.cardsNotice(tx, now); err != nil {
			return fmt.Errorf("notice of the cards to post: %w", err)
		}
		if err := o.lateNotice(tx, now); err != nil {
			return fmt.Errorf("notice of the letters not delivered: %w", err)
		}
		if jump, err = o.clockNotice(tx, now); err != nil {
			return fmt.Errorf("notice of the clock: %w", err)
		}
		if outage, err = o.outageNoticeDue(tx, now); err != nil {
			return fmt.Errorf("notice of the own check's outage: %w", err)
		}
		return tx.Advance(now) // the store's clock, for the next start (clock.go)
	}); err != nil {
		o.log.Error("the judges' notices", "err", err)
	} else {
		if !jump.IsZero() {
			o.clock.markTold(jump)
		}
		if !outage.IsZero() {
			o.outage.markTold(outage)
		}
	}
	return nil
}

// tick decides what time brought game id by now (referee.Tick) and records it, with the judge's
// adjudication package when the referee found it due.
func (o *Office) tick(tx *store.Tx, id store.GameID, now time.Time) (Done, error) {
	st, stored, err := o.loadGame(tx, id)
	if err != nil {
		return Done{}, err
	}
	_, sh, err := o.table(tx, id.Tournament)
	if err != nil {
		return Done{}, err
	}
	dec := referee.Tick(st, now)
	if dec.Package != nil {
		if err := sendPackage(tx, o.opt.From, id, sh, referee.Seat{Table: st.Table, Game: dec.Game}, dec.Package, now); err != nil {
			return Done{}, err
		}
	}
	if err := record(tx, o.opt.From, id, sh, st.Table, dec, now, stored, &o.cache.chunks, o.work); err != nil {
		return Done{}, err
	}
	// A tick decides everything due by now, so the next event lies ahead. Should one still be
	// due, look again in an hour rather than at once, so the timer can never spin.
	if t, ok := tx.NextEvent(id); ok && !t.After(now) {
		o.log.Warn("deadline still due after its tick; looking again in an hour", append(gameAttrs(id), "at", t)...)
		if err := tx.SetNextEvent(id, now.Add(time.Hour)); err != nil {
			return Done{}, err
		}
	}
	return Done{Kind: DoneTick, At: now, Game: id, Decision: dec}, nil
}

// Record stores a decision that no letter brought — a deadline's tick, a judge's ruling, a
// posting — in tx: the game's new state, its next event (Decision.Next) and the letters to send,
// from postald's address from.
func Record(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, t *referee.Table, dec referee.Decision, now time.Time) error {
	return record(tx, from, id, sh, t, dec, now, nil, nil, nil)
}

// record is Record for a game read as stored (nil: not known; each of its full chunks is then
// encoded again, and the store writes none it holds), with the office's chunk cache (or nil),
// noting in w what it wrote (reading.Work; nil: nothing noted).
func record(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, t *referee.Table, dec referee.Decision, now time.Time, stored *store.GameRead, cache *store.GameCache, w *reading.Work) error {
	c := candidate{id: id, sheet: sh, seat: referee.Seat{Table: t, Game: dec.Game}}
	st, err := store.EncodeGame(c.id, dec.Game, stored, cache)
	if err != nil {
		return err
	}
	was, known := tx.GameStatus(c.id)
	if err := tx.PutGame(c.id, st); err != nil {
		return err
	}
	w.Game(c.id, dec.Game.Status)
	if err := tx.SetNextEvent(c.id, dec.Next); err != nil {
		return err
	}
	pics := pictures{}
	for _, l := range dec.Letters {
		for _, m := range outgoing(from, c, l, now, pics) {
			if _, err := tx.Enqueue(m, now); err != nil {
				return err
			}
		}
	}
	if known == nil && was != referee.StatusFinished && dec.Game.Status == referee.StatusFinished {
		// The game ended by this decision: what its end brings to its tournament (systems.go),
		// sent after the decision's own letters, which tell the players how the game ended.
		if err := gameEnded(tx, from, sh, t, id, now, w); err != nil {
			return err
		}
	}
	if dec.Game.Status == referee.StatusFinished {
		// The tournament's last game finished: the seed of its lots is revealed (lots.go).
		return revealFinished(tx, from, id.Tournament, now)
	}
	return nil
}

// Put stores game st as it is, with its next event (referee.Seat.Next) and no letter: for a
// game written other than by a decision (an import, a test that sets a game up).
func Put(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, st referee.Seat, now time.Time) error {
	return record(tx, from, id, sh, st.Table, referee.Decision{Game: st.Game, Next: st.Next()}, now, nil, nil, nil)
}
