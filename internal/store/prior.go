package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
)

// The game before a letter. Every inbound letter of a game keeps, in its archive entry
// (ArchiveEntry.Before), the game's state exactly as the store held it when the letter came to
// be applied (Tx.Game inside the letter's transaction): the judge's revert (`postald judge
// revert GAME N`) puts that state back, so the game is again what it was, field by field,
// whatever changed it between two letters (rulings, reminders, the end date). It is kept as
// the state's format (2 bytes, big-endian) and its data, deflated: a game's JSON shrinks
// several times, to about the size of a letter. Since schema version 4 the data is the state's
// head as the record held it and the entry names the chunks it kept apart (BeforeChunks):
// chunks are never changed or removed, so they are the chunks the game had then, and the cost
// of keeping the game before a letter does not grow with the game.

// maxPriorBytes bounds what GameBefore inflates: far more than any game's state.
const maxPriorBytes = 16 << 20

// deflater is the compressor of priorState, kept with the DB for reuse: a new one allocates
// about a megabyte, more than the rest of a letter.
type deflater struct {
	mu sync.Mutex
	w  *flate.Writer
}

// priorState returns the deflated state of game g as it is now, as stored (its head, when it is
// kept in parts) with the lists it keeps apart, or nil when g names no game or the game has no
// state yet.
func (tx *Tx) priorState(g GameID) ([]byte, []ChunkList, error) {
	if g.Game == "" || g.validGame() != nil {
		return nil, nil, nil
	}
	st, err := tx.GameParts(g)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("the game before the letter: %w", err)
	}
	var b bytes.Buffer
	d := &tx.db.deflater
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.w == nil {
		d.w, _ = flate.NewWriter(nil, flate.BestSpeed) // the level is valid
	}
	w := d.w
	w.Reset(&b)
	w.Write(binary.BigEndian.AppendUint16(nil, st.Format)) // a bytes.Buffer does not fail
	w.Write(st.Data)
	if err := w.Close(); err != nil {
		return nil, nil, fmt.Errorf("game %s before the letter: %w", g, err)
	}
	return b.Bytes(), st.Chunks, nil
}

// GameBefore returns the game's state as it was just before the entry's letter was applied,
// whole (as Tx.Game returns it), and false when the entry keeps none (a letter sent, a letter of
// no game, an entry archived before postald kept it). An entry that names chunks reads them
// through the transaction that read the entry (Tx.ArchiveEntries): only inside it.
func (e ArchiveEntry) GameBefore() (GameState, bool, error) {
	st, ok, err := e.gameBeforeParts()
	if err != nil || !ok || len(st.Chunks) == 0 {
		return st, ok, err
	}
	if e.tx == nil || e.tx.tx.DB() == nil {
		return GameState{}, false, fmt.Errorf("archive %s #%d: the game before the letter keeps chunks apart: read it inside the transaction that read the entry", e.Chain, e.Seq)
	}
	g, err := parseKey(e.Chain)
	if err != nil {
		return GameState{}, false, fmt.Errorf("archive %s #%d: %w", e.Chain, e.Seq, err)
	}
	if st.Data, err = e.tx.joinChunks(g, st.Data, st.Chunks); err != nil {
		return GameState{}, false, fmt.Errorf("archive %s #%d: the game before the letter: %w", e.Chain, e.Seq, err)
	}
	st.Chunks = nil
	return st, true, nil
}

// GameBeforeParts is GameBefore as the record held the state: Data is its head when Chunks
// names lists kept apart (whose chunks Tx.Chunk reads).
func (e ArchiveEntry) GameBeforeParts() (GameState, bool, error) { return e.gameBeforeParts() }

func (e ArchiveEntry) gameBeforeParts() (GameState, bool, error) {
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
	return GameState{Format: binary.BigEndian.Uint16(v), Data: v[2:], Chunks: e.BeforeChunks}, true, nil
}
