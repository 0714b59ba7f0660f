package store

import (
	"bytes"
	"fmt"
	"time"
)

// GameEvent is the next instant at which something happens to a game without
// a letter (a reminder, a control deadline, a time overstep) or to a
// tournament (Game.Game empty: its end date): the caller decides what and
// when, the store only keeps the instants in order.
type GameEvent struct {
	Game GameID
	At   time.Time
}

// SetNextEvent records that game g's (or, with g.Game empty, the
// tournament's) next event is at at, replacing any earlier one; a zero at
// clears it.
func (tx *Tx) SetNextEvent(g GameID, at time.Time) error {
	if err := g.validChain(); err != nil {
		return err
	}
	if err := tx.refuseArchived(g.Tournament); err != nil {
		return err
	}
	if !at.IsZero() && !validTimeKey(at) {
		return invalidf("next event of %s: time %v", g, at)
	}
	byGame, events := tx.bucket(bucketEventsByGame), tx.bucket(bucketEvents)
	key := []byte(g.Key())
	if old := byGame.Get(key); old != nil {
		if len(old) != 9 || old[0] != recordV1 {
			return fmt.Errorf("next event of %s: bad record", g)
		}
		if err := events.Delete(append(bytes.Clone(old[1:]), key...)); err != nil {
			return fmt.Errorf("next event of %s: %w", g, err)
		}
		if err := byGame.Delete(key); err != nil {
			return fmt.Errorf("next event of %s: %w", g, err)
		}
	}
	if at.IsZero() {
		return nil
	}
	tk := timeKey(at)
	if err := events.Put(append(tk, key...), []byte{recordV1}); err != nil {
		return fmt.Errorf("next event of %s: %w", g, err)
	}
	if err := byGame.Put(key, append([]byte{recordV1}, tk...)); err != nil {
		return fmt.Errorf("next event of %s: %w", g, err)
	}
	return nil
}

// NextEvent returns game g's next event; false when it has none.
func (tx *Tx) NextEvent(g GameID) (time.Time, bool) {
	v := tx.bucket(bucketEventsByGame).Get([]byte(g.Key()))
	if len(v) != 9 {
		return time.Time{}, false
	}
	return parseTimeKey(v[1:]), true
}

// EarliestEvent returns the earliest next event of any game; false when no
// game has one.
func (tx *Tx) EarliestEvent() (GameEvent, bool, error) {
	k, _ := tx.bucket(bucketEvents).Cursor().First()
	if k == nil {
		return GameEvent{}, false, nil
	}
	return decodeEventKey(k)
}

// EventsDue returns the events at or before now, earliest first.
func (tx *Tx) EventsDue(now time.Time) ([]GameEvent, error) {
	var out []GameEvent
	end := timeKey(now)
	c := tx.bucket(bucketEvents).Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0; k, _ = c.Next() {
		ev, _, err := decodeEventKey(k)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

func decodeEventKey(k []byte) (GameEvent, bool, error) {
	if len(k) < 9 {
		return GameEvent{}, false, fmt.Errorf("event key %x too short", k)
	}
	g, err := parseKey(string(k[8:]))
	if err != nil {
		return GameEvent{}, false, fmt.Errorf("event key %x: %w", k, err)
	}
	return GameEvent{Game: g, At: parseTimeKey(k[:8])}, true, nil
}
