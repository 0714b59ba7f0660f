package office

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"postald/internal/phrase"
	"postald/internal/store"
	"postald/internal/tournament"
)

// Time never runs backward in the office. The machine's clock can: a virtual machine restored
// from a snapshot, a dead battery, a date set by hand, a time server that was wrong. Were the
// office to take it as it reads, a reply would be recorded before the move it answers and a
// player's days counted from a day that comes after his letter. So:
//
//   - every unit of work is dated by the machine's clock, but never earlier than the latest
//     instant the office dated one, nor than the store's Clock (Tx.Advance records it with
//     every letter and tick), so a restart does not forget it;
//   - while the machine reads earlier, decisions are dated by that latest instant: the days do
//     not advance, so nobody is charged for the gap, and everything recorded keeps its order;
//   - a jump back of more than clockSlack is logged when it is seen and when the clock has caught
//     up, and the judges of every tournament are told once, at the next tick, by a notice in the
//     outbox.
//
// The mail server's clock dates a letter's arrival, and jumps with the machine's: the referee
// takes a letter as arriving no earlier than the game's last letter, nor than the day the move it
// answers was forwarded (referee.Seat.arrival), whatever the dates say.

// clockSlack is how far back the machine's clock may step without a word: the adjustments of a
// time server, a leap second. Such a step is dated by the latest instant all the same.
const clockSlack = time.Minute

// clock is the office's time.
type clock struct {
	machine func() time.Time
	// stored reads the store's Clock, once, at the office's first instant.
	stored func() time.Time

	mu     sync.Mutex // the read desk takes the time too, beside the owner goroutine
	loaded bool
	latest time.Time
	// behind is the machine's reading when it was found behind latest by more than clockSlack,
	// zero while it is not; told records that the judges were told of this jump.
	behind time.Time
	told   bool
}

// now returns the instant of a unit of work, and the machine's reading that was behind when it
// is (zero otherwise), for the log.
func (c *clock) now() (at, machine time.Time, jumped, caughtUp bool) {
	t := c.machine()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.loaded {
		c.loaded = true
		if c.stored != nil {
			c.latest = c.stored()
		}
	}
	if !t.Before(c.latest) {
		caughtUp = !c.behind.IsZero()
		c.latest, c.behind, c.told = t, time.Time{}, false
		return t, time.Time{}, false, caughtUp
	}
	if c.latest.Sub(t) > clockSlack && c.behind.IsZero() {
		c.behind, jumped = t, true
	}
	return c.latest, t, jumped, false
}

// untold returns the jump back the judges were not told of yet: the machine's reading and the
// instant that dates the decisions; ok is false when there is none.
func (c *clock) untold() (machine, kept time.Time, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.behind.IsZero() || c.told {
		return time.Time{}, time.Time{}, false
	}
	return c.behind, c.latest, true
}

// markTold records that the judges were told of the jump begun at machine.
func (c *clock) markTold(machine time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.behind.Equal(machine) {
		c.told = true
	}
}

// Now is the office's time: the machine's clock, never earlier than an instant the office gave
// before or the store recorded (clock.go). The daemon's loops take it too.
func (o *Office) Now() time.Time { return o.now() }

// instant is the office's now (Office.now): the clock's instant, with the jumps logged.
func (o *Office) instant() time.Time {
	at, machine, jumped, caughtUp := o.clock.now()
	switch {
	case jumped:
		o.log.Warn("the machine's clock jumped back: decisions are dated by the latest instant recorded until it catches up, and nobody is charged for the gap; the judges are told",
			"machine", machine.Format(time.RFC3339), "latest", at.Format(time.RFC3339), "behind", at.Sub(machine).Round(time.Second).String())
	case caughtUp:
		o.log.Info("the machine's clock caught up with the latest instant recorded", "now", at.Format(time.RFC3339))
	}
	return at
}

// storedClock reads the store's Clock; zero when it cannot be read (the office's own clock then
// starts from the machine's).
func (o *Office) storedClock() time.Time {
	var t time.Time
	if err := o.opt.Store.View(func(tx *store.Tx) error {
		t = tx.Clock()
		return nil
	}); err != nil {
		o.log.Warn("the store's clock could not be read", "err", err)
	}
	return t
}

// clockNotice puts in the outbox, for the judges of every tournament, the notice that the
// machine's clock is behind the records (one letter a judge, naming his tournaments), when there
// is a jump they were not told of; it returns the jump's machine reading, for markTold once the
// transaction committed, or zero.
func (o *Office) clockNotice(tx *store.Tx, now time.Time) (time.Time, error) {
	machine, kept, ok := o.clock.untold()
	if !ok {
		return time.Time{}, nil
	}
	err := o.eachJudge(tx, func(sh *tournament.Sheet, codes string) error {
		loc, err := o.zones.Get(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		t := &phrase.For(sh.Language).Office.ClockBack
		stamp := trustText(sh.Language).stamp
		body := fmt.Sprintf(t.Body, stamp(machine.In(loc)), stamp(kept.In(loc)))
		return judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(t.Subject, codes), body, now)
	})
	if err != nil {
		return time.Time{}, err
	}
	return machine, nil
}

// eachJudge calls fn once for each judge of the store's tournaments, with the first of his
// tournaments (its language and zone word his letter) and the codes of all of them, "А-1, Б-2".
func (o *Office) eachJudge(tx *store.Tx, fn func(sh *tournament.Sheet, codes string) error) error {
	r, err := o.tournaments(tx)
	if err != nil {
		return err
	}
	var judges []string
	first := map[string]*tournament.Sheet{}
	codes := map[string][]string{}
	for _, sh := range r.Sheets() {
		j := strings.ToLower(sh.Judge)
		if j == "" {
			continue
		}
		if first[j] == nil {
			first[j] = sh
			judges = append(judges, j)
		}
		codes[j] = append(codes[j], sh.Code)
	}
	for _, j := range judges {
		if err := fn(first[j], strings.Join(codes[j], ", ")); err != nil {
			return err
		}
	}
	return nil
}
