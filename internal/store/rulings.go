package store

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Ruling is one entry of the judge's audit log, and of what postald decided for a tournament
// after its registration. The log is append-only: the store has no call that changes or removes
// a ruling; a ruling that corrects an earlier one is a new ruling that says so.
type Ruling struct {
	Seq    uint64    // assigned by AppendRuling, from 1, across all tournaments
	Game   GameID    // Game.Game is empty for a ruling about the tournament
	Time   time.Time // when it was recorded
	Kind   string    // its entry's kind (Entry.Kind): set by AppendRuling, as stored when read
	Clause string    // the clause applied
	Reason string    // the judge's words, or what postald decided
	Judge  string    // who ruled
	// Entry is what the ruling records, of the type its kind declares (entries.go).
	Entry Entry
}

// AppendRuling adds r to the audit log and returns it with its sequence
// number.
func (tx *Tx) AppendRuling(r Ruling) (Ruling, error) {
	if err := r.Game.validChain(); err != nil {
		return Ruling{}, err
	}
	if r.Entry == nil || r.Time.IsZero() {
		return Ruling{}, invalidf("ruling on %s: want an entry and a time", r.Game)
	}
	if r.Kind != "" && r.Kind != r.Entry.Kind() {
		return Ruling{}, invalidf("ruling on %s: kind %q, its entry's %q", r.Game, r.Kind, r.Entry.Kind())
	}
	if err := tx.refuseArchived(r.Game.Tournament); err != nil {
		return Ruling{}, err
	}
	b := tx.bucket(bucketRulings)
	seq, err := b.NextSequence()
	if err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %w", r.Game, err)
	}
	r.Seq, r.Time, r.Kind = seq, r.Time.UTC(), r.Entry.Kind()
	js, err := encodeRuling(r)
	if err != nil {
		return Ruling{}, err
	}
	meta := tx.bucket(bucketMeta)
	last, prev, err := headIn(meta, metaRulingsHead)
	if err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %s: %w", r.Game, metaRulingsHead, err)
	}
	if last != seq-1 {
		return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf("the head says %d rulings, the log's sequence %d", last, seq-1)}
	}
	v, hash := chainRuling(prev, js)
	if err := b.Put(seqKey(seq), v); err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %w", r.Game, err)
	}
	if err := meta.Put(metaRulingsHead, encodeHead(seq, hash)); err != nil {
		return Ruling{}, fmt.Errorf("ruling on %s: %s: %w", r.Game, metaRulingsHead, err)
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
		r, err := tx.ruling(seq)
		if err != nil {
			return nil, err
		}
		if !g.IsZero() && (r.Game.Tournament != g.Tournament || g.Game != "" && r.Game.Game != g.Game) {
			return nil, &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf("indexed under %s but about %s", g, r.Game)}
		}
		out = append(out, r)
	}
	return out, nil
}

// chainRuling is the stored record of a ruling whose JSON is js, following
// the ruling whose hash is prev, and its hash.
func chainRuling(prev Digest, js []byte) ([]byte, Digest) {
	h := sha256.New()
	h.Write(prev[:])
	h.Write(js)
	var hash Digest
	h.Sum(hash[:0])
	v := make([]byte, 0, 1+2*len(hash)+len(js))
	v = append(v, recordV2)
	v = append(v, prev[:]...)
	v = append(v, hash[:]...)
	return append(v, js...), hash
}

// decodeRuling reads a stored ruling record and checks its own hash; the
// link to the previous ruling is returned, not checked. An entry that cannot be
// read is an *EntryError, with the ruling's header and hashes read.
func decodeRuling(v []byte) (Ruling, Digest, Digest, error) {
	var r Ruling
	var prev, hash Digest
	n := len(hash)
	if len(v) < 1+2*n || v[0] != recordV2 {
		return r, prev, hash, errors.New("bad ruling record")
	}
	copy(prev[:], v[1:1+n])
	copy(hash[:], v[1+n:1+2*n])
	if _, h := chainRuling(prev, v[1+2*n:]); h != hash {
		return r, prev, hash, errors.New("content does not match its hash")
	}
	r, err := decodeRulingJSON(v[1+2*n:])
	return r, prev, hash, err
}

// ruling reads ruling seq and checks it and its link to the ruling before.
func (tx *Tx) ruling(seq uint64) (Ruling, error) {
	b := tx.bucket(bucketRulings)
	v := b.Get(seqKey(seq))
	if v == nil {
		return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq, Reason: "indexed but missing"}
	}
	r, prev, _, err := decodeRuling(v)
	var unread *EntryError
	if errors.As(err, &unread) {
		err = nil // the chain is checked first: a broken chain is the worse news
	}
	if err != nil {
		return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq, Reason: err.Error()}
	}
	if r.Seq != seq {
		return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf("ruling claims to be %d", r.Seq)}
	}
	var want Digest
	if seq > 1 {
		pv := b.Get(seqKey(seq - 1))
		if pv == nil && tx.inArchive() {
			return r, nil // a copy: its link is checked against the store's log (sameRulings)
		}
		if pv == nil {
			return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq - 1, Reason: "ruling missing"}
		}
		_, _, ph, err := decodeRuling(pv)
		if err != nil && !errors.As(err, new(*EntryError)) {
			return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq - 1, Reason: err.Error()}
		}
		want = ph
	}
	if prev != want {
		return Ruling{}, &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf("previous hash does not match ruling %d", seq-1)}
	}
	if unread != nil {
		return Ruling{}, unread
	}
	return r, nil
}

// verifyRulings walks the rulings log from the first ruling: every link,
// the head, the index both ways, and every entry read (an unreadable one is
// reported as an *EntryError once the chain holds).
func (tx *Tx) verifyRulings() error {
	if tx.inArchive() {
		return tx.verifyRulingsCopy()
	}
	broken := func(seq uint64, format string, args ...any) error {
		return &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf(format, args...)}
	}
	var n uint64
	var prev Digest
	var unread error // the first entry that cannot be read
	indexed := tx.bucket(bucketRulingsIndex)
	c := tx.bucket(bucketRulings).Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		want := n + 1
		if len(k) != 8 {
			return broken(want, "key %x is not a sequence number", k)
		}
		if got := binary.BigEndian.Uint64(k); got != want {
			return broken(want, "ruling missing (next stored ruling is %d)", got)
		}
		r, p, hash, err := decodeRuling(v)
		if errors.As(err, new(*EntryError)) {
			unread, err = cmp.Or(unread, err), nil
		}
		if err != nil {
			return broken(want, "%v", err)
		}
		if r.Seq != want {
			return broken(want, "ruling claims to be %d", r.Seq)
		}
		if p != prev {
			return broken(want, "previous hash does not match ruling %d", n)
		}
		if indexed.Get(rulingIndexKey(r.Game, want)) == nil {
			return broken(want, "not in the index of %s", r.Game)
		}
		n, prev = want, hash
	}
	var count uint64
	err := indexed.ForEach(func(k, _ []byte) error {
		count++
		if len(k) < 10 || tx.bucket(bucketRulings).Get(k[len(k)-8:]) == nil {
			return broken(n+1, "index entry %q names no ruling", k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if count != n {
		return broken(n, "the index has %d entries for %d rulings", count, n)
	}
	hv := tx.bucket(bucketMeta).Get(metaRulingsHead)
	if hv == nil {
		if n > 0 {
			return broken(n, "the log has no head record")
		}
		return nil
	}
	seq, hash, err := decodeHead(hv)
	if err != nil {
		return broken(n+1, "head: %v", err)
	}
	if seq != n {
		return broken(min(seq, n)+1, "head says %d rulings, the log has %d", seq, n)
	}
	if hash != prev {
		return broken(n, "head hash does not match the last ruling")
	}
	return unread
}

// inArchive reports whether tx reads an archive file.
func (tx *Tx) inArchive() bool { return tx.db != nil && tx.db.archiveOf != nil }

// verifyRulingsCopy checks the rulings of an archive file, a copy of those of its tournament
// taken from the store's log: each one's hash, its place and its tournament, the link between
// consecutive rulings held, and the index both ways. A ruling's link to one of another
// tournament is not in the file; the store checks every copy against its log (sameRulings).
func (tx *Tx) verifyRulingsCopy() error {
	code := tx.db.archiveOf.Code
	indexed := tx.bucket(bucketRulingsIndex)
	var n uint64
	var last uint64
	var lastHash Digest
	var unread error // the first entry that cannot be read
	err := tx.bucket(bucketRulings).ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			return &ChainError{Chain: rulingsChain, Seq: last + 1, Reason: fmt.Sprintf("key %x is not a sequence number", k)}
		}
		seq := binary.BigEndian.Uint64(k)
		broken := func(format string, args ...any) error {
			return &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf(format, args...)}
		}
		r, prev, hash, err := decodeRuling(v)
		if errors.As(err, new(*EntryError)) {
			unread, err = cmp.Or(unread, err), nil
		}
		switch {
		case err != nil:
			return broken("%v", err)
		case r.Seq != seq:
			return broken("ruling claims to be %d", r.Seq)
		case r.Game.Tournament != code:
			return broken("a ruling on %s in the archive of %s", r.Game, code)
		case last > 0 && last == seq-1 && prev != lastHash:
			return broken("previous hash does not match ruling %d", last)
		case indexed.Get(rulingIndexKey(r.Game, seq)) == nil:
			return broken("not in the index of %s", r.Game)
		}
		n, last, lastHash = n+1, seq, hash
		return nil
	})
	if err != nil {
		return err
	}
	var count uint64
	err = indexed.ForEach(func(k, _ []byte) error {
		count++
		if len(k) < 10 || tx.bucket(bucketRulings).Get(k[len(k)-8:]) == nil {
			return &ChainError{Chain: rulingsChain, Seq: last + 1, Reason: fmt.Sprintf("index entry %q names no ruling", k)}
		}
		return nil
	})
	if err == nil && count != n {
		err = &ChainError{Chain: rulingsChain, Seq: last, Reason: fmt.Sprintf("the index has %d entries for %d rulings", count, n)}
	}
	return cmp.Or(err, unread)
}
