package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"time"
)

// Ruling is one entry of the judge's audit log. The log is append-only: the
// store has no call that changes or removes a ruling; a ruling that corrects
// an earlier one is a new ruling that says so.
type Ruling struct {
	Seq     uint64    `json:"seq"`              // assigned by AppendRuling, from 1, across all tournaments
	Game    GameID    `json:"game"`             // Game.Game is empty for a ruling about the tournament
	Time    time.Time `json:"time"`             // when it was recorded
	Kind    string    `json:"kind"`             // penalty, forfeit, adjudicate, correct-date, annul, withdraw, protest
	Clause  string    `json:"clause,omitempty"` // the clause applied
	Reason  string    `json:"reason"`           // the judge's words
	Judge   string    `json:"judge,omitempty"`  // who ruled
	Details []byte    `json:"details,omitempty"`
}

// AppendRuling adds r to the audit log and returns it with its sequence
// number.
func (tx *Tx) AppendRuling(r Ruling) (Ruling, error) {
	if err := r.Game.validChain(); err != nil {
		return Ruling{}, err
	}
	if r.Kind == "" || r.Time.IsZero() {
		return Ruling{}, invalidf("ruling on %s: want a kind and a time", r.Game)
	}
	b := tx.bucket(bucketRulings)
	seq, err := b.NextSequence()
	if err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %w", r.Game, err)
	}
	r.Seq, r.Time = seq, r.Time.UTC()
	v, err := encodeJSON(r)
	if err != nil {
		return Ruling{}, fmt.Errorf("encode ruling on %s: %w", r.Game, err)
	}
	if err := b.Put(seqKey(seq), v); err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %w", r.Game, err)
	}
	if err := tx.bucket(bucketRulingsIndex).Put(rulingIndexKey(r.Game, seq), []byte{recordV1}); err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: index: %w", r.Game, err)
	}
	return r, nil
}

// Rulings returns, in the order they were made, the rulings about game g, or
// when g.Game is empty every ruling in tournament g.Tournament (about the
// tournament and about each of its games), or when g is zero every ruling.
func (tx *Tx) Rulings(g GameID) ([]Ruling, error) {
	var seqs []uint64
	if g.IsZero() {
		err := tx.bucket(bucketRulings).ForEach(func(k, _ []byte) error {
			seqs = append(seqs, binary.BigEndian.Uint64(k))
			return nil
		})
		if err != nil {
			return nil, err
		}
	} else {
		if err := g.validChain(); err != nil {
			return nil, err
		}
		prefix := append([]byte(g.Tournament), 0)
		if g.Game != "" {
			prefix = append(append(prefix, g.Game...), 0)
		}
		c := tx.bucket(bucketRulingsIndex).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			seqs = append(seqs, binary.BigEndian.Uint64(k[len(k)-8:]))
		}
	}
	// The index sorts by game first; the log's order is the sequence.
	slices.Sort(seqs)
	out := make([]Ruling, 0, len(seqs))
	for _, seq := range seqs {
		var r Ruling
		v := tx.bucket(bucketRulings).Get(seqKey(seq))
		if v == nil {
			return nil, fmt.Errorf("ruling %d: %w", seq, ErrNotFound)
		}
		if err := decodeJSON(v, &r); err != nil {
			return nil, fmt.Errorf("ruling %d: %w", seq, err)
		}
		out = append(out, r)
	}
	return out, nil
}
