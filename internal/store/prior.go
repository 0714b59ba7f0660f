package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The game before a letter. Every inbound letter of a game keeps, in its archive entry
// (ArchiveEntry.Before), the game's state exactly as the store held it when the letter came to
// be applied (Tx.Game inside the letter's transaction): the judge's revert (`postald judge
// revert GAME N`) puts that state back, so the game is again what it was, field by field,
// whatever changed it between two letters (rulings, reminders, the end date). It is kept as
// the state's format (2 bytes, big-endian) and its data, deflated: a game's JSON shrinks
// several times, to about the size of a letter.

// maxPriorBytes bounds what GameBefore inflates: far more than any game's state.
const maxPriorBytes = 16 << 20

// priorState returns the deflated state of game g as it is now, or nil when g names no game or
// the game has no state yet.
func (tx *Tx) priorState(g GameID) ([]byte, error) {
	if g.Game == "" || g.validGame() != nil {
		return nil, nil
	}
	st, err := tx.Game(g)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the game before the letter: %w", err)
	}
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	w.Write(binary.BigEndian.AppendUint16(nil, st.Format)) // a bytes.Buffer does not fail
	w.Write(st.Data)
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("game %s before the letter: %w", g, err)
	}
	return b.Bytes(), nil
}

// GameBefore returns the game's state as it was just before the entry's letter was applied,
// and false when the entry keeps none (a letter sent, a letter of no game, an entry archived
// before postald kept it).
func (e ArchiveEntry) GameBefore() (GameState, bool, error) {
	if len(e.Before) == 0 {
		return GameState{}, false, nil
	}
	r := flate.NewReader(bytes.NewReader(e.Before))
	defer r.Close()
	v, err := io.ReadAll(io.LimitReader(r, maxPriorBytes+1))
	switch {
	case err != nil:
		return GameState{}, false, fmt.Errorf("archive %s #%d: the game before the letter: %w", e.Chain, e.Seq, err)
	case len(v) > maxPriorBytes:
		return GameState{}, false, fmt.Errorf("archive %s #%d: the game before the letter is over %d bytes", e.Chain, e.Seq, maxPriorBytes)
	case len(v) < 2:
		return GameState{}, false, fmt.Errorf("archive %s #%d: the game before the letter is cut short", e.Chain, e.Seq)
	}
	return GameState{Format: binary.BigEndian.Uint16(v), Data: v[2:]}, true, nil
}
