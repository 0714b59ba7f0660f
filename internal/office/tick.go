package office

import (
	"net/mail"
	"time"

	"postald/internal/daysclock"
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
		if err := o.opt.Store.Update(func(tx *store.Tx) error { return o.tick(tx, ev.Game, now) }); err != nil {
			o.log.Error("deadline", "game", ev.Game.Key(), "err", err)
		}
	}
	if err := o.opt.Store.Update(func(tx *store.Tx) error { return o.heldDigest(tx, now) }); err != nil {
		o.log.Error("digest of held letters", "err", err)
	}
	if err := o.opt.Store.Update(func(tx *store.Tx) error { return o.cardsNotice(tx, now) }); err != nil {
		o.log.Error("notice of the cards to post", "err", err)
	}
	return nil
}

func (o *Office) tick(tx *store.Tx, id store.GameID, now time.Time) error {
	sh, err := o.sheet(tx, id.Tournament)
	if err != nil {
		return err
	}
	g, stored, err := o.loadGame(tx, id)
	if err != nil {
		return err
	}
	loc, err := o.zones.get(sh.Regulation.Zone)
	if err != nil {
		return err
	}
	dec := referee.Tick(g, now, sh.Regulation, loc)
	if err := sendPackage(tx, o.opt.From, id, sh, &dec.Game, daysclock.DateOf(now, loc), now, loc); err != nil {
		return err
	}
	if err := record(tx, o.opt.From, id, sh, dec, now, loc, stored, &o.cache.chunks); err != nil {
		return err
	}
	// A tick decides everything due by now, so the next event lies ahead. Should one still be
	// due, look again in an hour rather than at once, so the timer can never spin.
	if t, ok := tx.NextEvent(id); ok && !t.After(now) {
		o.log.Warn("deadline still due after its tick; looking again in an hour", "game", id.Key(), "at", t)
		return tx.SetNextEvent(id, now.Add(time.Hour))
	}
	return nil
}

// nextEvent returns the instant of the game's next event after dec — the referee's next
// reminder or overstep, or the day its adjudication package is due — and, when dec sent the game
// to adjudication, adds the letters asking the players for their submissions. A zero time: none.
func nextEvent(dec *referee.Decision, sh *tournament.Sheet, now time.Time, loc *time.Location) time.Time {
	referee.AskAdjudication(dec, sh.Regulation, now, loc)
	// An event already past (a backlog after an outage) is kept: the timer takes it at once.
	next := time.Time{}
	if t, ok := referee.NextEvent(dec.Game, sh.Regulation, loc); ok {
		next = t
	}
	if due, ok := referee.AdjudicationDue(&dec.Game, sh.Regulation, loc); ok {
		if t := due.Start(loc); next.IsZero() || t.Before(next) {
			next = t
		}
	}
	return next
}

// Record stores a decision that no letter brought — a deadline's tick or a judge's ruling — in
// tx: the game's new state, its next event and the letters to send, from postald's address from.
func Record(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, dec referee.Decision, now time.Time, loc *time.Location) error {
	return record(tx, from, id, sh, dec, now, loc, nil, nil)
}

// record is Record for a game read as stored (nil: not known; each of its full chunks is then
// encoded again, and the store writes none it holds), with the office's chunk cache (or nil).
func record(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, dec referee.Decision, now time.Time, loc *time.Location, stored *storedGame, cache *chunkCache) error {
	c := candidate{id: id, sheet: sh, game: dec.Game}
	next := nextEvent(&dec, sh, now, loc)
	st, err := encodeGame(c.id, dec.Game, stored, cache)
	if err != nil {
		return err
	}
	if err := tx.PutGame(c.id, st); err != nil {
		return err
	}
	if err := tx.SetNextEvent(c.id, next); err != nil {
		return err
	}
	pics := pictures{}
	for _, o := range dec.Letters {
		for _, m := range outgoing(from, c, o, now, pics) {
			if _, err := tx.Enqueue(m, now); err != nil {
				return err
			}
		}
	}
	return nil
}
