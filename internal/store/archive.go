package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Direction tells letters received from letters sent.
type Direction string

// The two directions of an archived letter.
const (
	In  Direction = "in"
	Out Direction = "out"
)

// ArchiveEntry is one letter kept in the archive (clause 4.1.13: all
// correspondence is kept). Letters are kept per chain: one per game, one per
// tournament (letters about the tournament as a whole) and the quarantine
// chain (letters that belong to no game). Each entry's Hash is SHA-256 over
// the previous entry's hash, the entry's metadata as stored and its raw
// bytes, so that a change anywhere breaks every later link.
type ArchiveEntry struct {
	// Filled by the store.
	Chain string `json:"chain"` // "tournament/game", "tournament/" or "quarantine"
	Seq   uint64 `json:"seq"`   // from 1, no gaps
	Prev  Digest `json:"-"`     // the previous entry's Hash; zero for the first
	Hash  Digest `json:"-"`

	// Given by the caller.
	Direction Direction   `json:"dir"`
	Time      time.Time   `json:"time"`                 // received (in) or enqueued (out)
	MessageID string      `json:"message_id,omitempty"` // without angle brackets
	Move      int         `json:"move,omitempty"`       // the move number the letter is about, 0 if none
	Verdict   string      `json:"verdict,omitempty"`    // accepted, corrected, rejected, notice, ruling, quarantined
	Clause    string      `json:"clause,omitempty"`     // clauses that applied, comma-separated
	Ref       *MessageRef `json:"ref,omitempty"`        // where an inbound letter was found
	Outbox    uint64      `json:"outbox,omitempty"`     // the outbox item of an outgoing letter
	Raw       []byte      `json:"-"`                    // the letter, byte for byte

	// Auth is the authentication verdict postald recorded for an inbound letter: what its
	// trust settings made of the sender (`judge show`). Empty for letters sent, and in entries
	// archived before it was kept.
	Auth string `json:"auth,omitempty"`
	// Before is, for an inbound letter of a game, the game's record as the store held it just
	// before the letter was applied, deflated (prior.go; GameBefore reads it): what `judge
	// revert` puts back. The chain's hash covers it. Empty for other entries, and in entries
	// archived before it was kept.
	Before []byte `json:"before,omitempty"`
	// BeforeChunks are the lists that state kept apart in chunks (since schema version 4): Before
	// then holds its head. The chain's hash covers them, and each reference its chunks.
	BeforeChunks []ChunkList `json:"before_chunks,omitempty"`

	// Letter, in the entry of an inbound letter about several games (a letter with a section per
	// game, a leave that stops the player's clock in each of his games), names the entry of the
	// letter's first game that holds the letter: the letter is archived once, and this entry,
	// which holds no bytes of its own, is read with that entry's (ArchiveEntries). The chain's
	// hash covers the reference.
	Letter *EntryRef `json:"letter,omitempty"`

	// RawDigest is the SHA-256 of the raw letter (filled by the store): kept in the entry since
	// schema version 5, computed from Raw for an older entry that still holds it.
	RawDigest Digest `json:"-"`
	// Pruned: the raw letter was dropped after its retention (Raw is empty); the header, the
	// verdict and RawDigest remain, and with them the receipt (see Tx.Verify).
	Pruned bool `json:"-"`

	// oldHash: the entry's hash is the formula of schema versions 1 to 4, over the raw bytes.
	oldHash bool
	// tx is the transaction that read the entry (GameBefore reads its chunks through it).
	tx *Tx
}

// EntryRef names an archive entry: its chain and its sequence number.
type EntryRef struct {
	Chain string `json:"chain"`
	Seq   uint64 `json:"seq"`
}

// Receipt identifies an archived letter for an acknowledgement: a player who
// keeps it can later show that the archive still holds what postald saw.
type Receipt struct {
	Chain string
	Seq   uint64
	Move  int
	Hash  Digest
}

// String is the receipt as printed in letters, for example
// "СТ-2026/1/3-7 #12 move 6 sha256:3f…".
func (r Receipt) String() string {
	return fmt.Sprintf("%s #%d move %d sha256:%s", r.Chain, r.Seq, r.Move, r.Hash)
}

// chainKey names the chain of game g; the zero GameID is the quarantine
// chain.
func chainKey(g GameID) (string, error) {
	if g.IsZero() {
		return quarantineChain, nil
	}
	if err := g.validChain(); err != nil {
		return "", err
	}
	return g.Key(), nil
}

// Archive appends e to the chain of game g (a tournament's chain when g.Game
// is empty, the quarantine chain when g is zero) and returns its receipt.
func (tx *Tx) Archive(g GameID, e ArchiveEntry) (Receipt, error) {
	chain, err := chainKey(g)
	if err != nil {
		return Receipt{}, err
	}
	if e.Direction != In && e.Direction != Out {
		return Receipt{}, invalidf("archive %s: direction %q", chain, e.Direction)
	}
	if e.Time.IsZero() {
		return Receipt{}, invalidf("archive %s: zero time", chain)
	}
	if err := tx.refuseArchived(g.Tournament); err != nil {
		return Receipt{}, err
	}
	b, err := tx.bucket(bucketArchive).CreateBucketIfNotExists([]byte(chain))
	if err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	heads := tx.bucket(bucketArchiveHead)
	last, prev, err := headIn(heads, []byte(chain))
	if err != nil {
		return Receipt{}, fmt.Errorf("archive %s: head: %w", chain, err)
	}
	e.Chain, e.Seq, e.Prev, e.Time = chain, last+1, prev, e.Time.UTC()
	header, err := json.Marshal(e)
	if err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	e.RawDigest = sha256.Sum256(e.Raw)
	e.Hash = entryHashV5(prev, header, e.RawDigest)
	payload, err := tx.packLetter(g.Tournament, header, e.Raw)
	if err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	v := encodeEntryV3(0, e.Prev, e.Hash, e.RawDigest, payload)
	b.FillPercent = appendFill // a chain only grows at its end
	if err := b.Put(seqKey(e.Seq), v); err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	if err := heads.Put([]byte(chain), encodeHead(e.Seq, e.Hash)); err != nil {
		return Receipt{}, fmt.Errorf("archive %s: head: %w", chain, err)
	}
	if err := tx.markUnverified([]byte(chain)); err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	return Receipt{Chain: chain, Seq: e.Seq, Move: e.Move, Hash: e.Hash}, nil
}

// encodeEntryV3 is a recordV3 archive entry: its hashes and the packed payload of its header
// and letter (packing.go).
func encodeEntryV3(flags byte, prev, hash, rawDigest Digest, payload []byte) []byte {
	n := len(Digest{})
	v := make([]byte, 0, 2+3*n+len(payload))
	v = append(v, recordV3, flags)
	v = append(v, prev[:]...)
	v = append(v, hash[:]...)
	v = append(v, rawDigest[:]...)
	return append(v, payload...)
}

// chainTournament is the tournament whose letters chain key holds: "" for the quarantine.
func chainTournament(chain string) string {
	if chain == quarantineChain {
		return ""
	}
	if g, err := parseKey(chain); err == nil {
		return g.Tournament
	}
	return chain
}

// Flags of a recordV2 archive entry (schema.go, bucketArchive).
const (
	entryPruned  byte = 1 << 0 // the raw letter was dropped
	entryOldHash byte = 1 << 1 // the hash is entryHash (a recordV1 entry, pruned since)
)

// encodeEntry is a recordV2 archive entry.
func encodeEntry(flags byte, prev, hash, rawDigest Digest, header, raw []byte) []byte {
	n := len(Digest{})
	v := make([]byte, 0, 2+3*n+4+len(header)+len(raw))
	v = append(v, recordV2, flags)
	v = append(v, prev[:]...)
	v = append(v, hash[:]...)
	v = append(v, rawDigest[:]...)
	v = binary.BigEndian.AppendUint32(v, uint32(len(header)))
	v = append(v, header...)
	return append(v, raw...)
}

// entryHashV5 is the hash of an entry written since schema version 5: SHA-256(prev ‖
// len(header) ‖ header ‖ SHA-256(raw)). It covers the letter through its digest, so that the
// letter may be dropped after its retention and the chain still verify.
func entryHashV5(prev Digest, header []byte, rawDigest Digest) Digest {
	return entryHash(prev, header, rawDigest[:])
}

// entryHash is SHA-256(prev ‖ len(header) ‖ header ‖ raw): the hash of an entry written by
// schema versions 1 to 4, kept for them so that the receipts quoted to players stay valid.
func entryHash(prev Digest, header, raw []byte) Digest {
	h := sha256.New()
	h.Write(prev[:])
	h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(header))))
	h.Write(header)
	h.Write(raw)
	var d Digest
	h.Sum(d[:0])
	return d
}

func encodeHead(seq uint64, hash Digest) []byte {
	v := append([]byte{recordV1}, seqKey(seq)...)
	return append(v, hash[:]...)
}

// headIn reads the head record kept under key in b: the last sequence number and hash of its
// chain, zero for a chain not begun.
func headIn(b *bolt.Bucket, key []byte) (uint64, Digest, error) {
	h := b.Get(key)
	if h == nil {
		return 0, Digest{}, nil
	}
	return decodeHead(h)
}

func decodeHead(v []byte) (uint64, Digest, error) {
	var d Digest
	if len(v) != 1+8+len(d) || v[0] != recordV1 {
		return 0, d, fmt.Errorf("bad head record")
	}
	copy(d[:], v[9:])
	return binary.BigEndian.Uint64(v[1:9]), d, nil
}

// storedEntryHash is the hash an entry record stores, of either record version, unchecked.
func storedEntryHash(v []byte) (Digest, bool) {
	var d Digest
	n := len(d)
	switch {
	case len(v) >= 1+2*n && v[0] == recordV1:
		copy(d[:], v[1+n:1+2*n])
	case len(v) >= 2+2*n && (v[0] == recordV2 || v[0] == recordV3):
		copy(d[:], v[2+n:2+2*n])
	default:
		return d, false
	}
	return d, true
}

// decodeEntry reads a stored entry of chain, of any record version; the hashes are read as
// stored, not checked. RawDigest is computed for a recordV1 entry. The letter of a recordV3
// entry is put back together from its payload and the parts it names.
func (tx *Tx) decodeEntry(chain string, v []byte) (ArchiveEntry, []byte, error) {
	if len(v) == 0 || v[0] != recordV3 {
		return decodeEntry(v)
	}
	var e ArchiveEntry
	n := len(Digest{})
	if len(v) < 2+3*n+1 {
		return e, nil, fmt.Errorf("bad entry record")
	}
	flags := v[1]
	if flags&^entryPruned != 0 {
		return e, nil, fmt.Errorf("entry flags %#x", flags)
	}
	copy(e.Prev[:], v[2:2+n])
	copy(e.Hash[:], v[2+n:2+2*n])
	copy(e.RawDigest[:], v[2+2*n:2+3*n])
	e.Pruned = flags&entryPruned != 0
	header, raw, err := tx.unpackLetter(chainTournament(chain), v[2+3*n:])
	if err != nil {
		return e, nil, err
	}
	if err := json.Unmarshal(header, &e); err != nil {
		return e, nil, fmt.Errorf("entry header: %w", err)
	}
	e.Raw = raw
	if e.Pruned && len(e.Raw) > 0 {
		return e, nil, fmt.Errorf("a pruned entry holds %d bytes of letter", len(e.Raw))
	}
	return e, header, nil
}

// decodeEntry reads a stored entry of record version 1 or 2; the hashes are read as stored,
// not checked. RawDigest is computed for a recordV1 entry.
func decodeEntry(v []byte) (ArchiveEntry, []byte, error) {
	var e ArchiveEntry
	n := len(Digest{})
	var rest []byte
	switch {
	case len(v) >= 1+2*n+4 && v[0] == recordV1:
		copy(e.Prev[:], v[1:1+n])
		copy(e.Hash[:], v[1+n:1+2*n])
		rest, e.oldHash = v[1+2*n:], true
	case len(v) >= 2+3*n+4 && v[0] == recordV2:
		flags := v[1]
		if flags&^(entryPruned|entryOldHash) != 0 || flags == entryOldHash {
			return e, nil, fmt.Errorf("entry flags %#x", flags)
		}
		copy(e.Prev[:], v[2:2+n])
		copy(e.Hash[:], v[2+n:2+2*n])
		copy(e.RawDigest[:], v[2+2*n:2+3*n])
		rest, e.Pruned, e.oldHash = v[2+3*n:], flags&entryPruned != 0, flags&entryOldHash != 0
	default:
		return e, nil, fmt.Errorf("bad entry record")
	}
	hl := binary.BigEndian.Uint32(rest)
	if uint64(hl) > uint64(len(rest)-4) {
		return e, nil, fmt.Errorf("entry header overruns the record")
	}
	header := rest[4 : 4+hl]
	if err := json.Unmarshal(header, &e); err != nil {
		return e, nil, fmt.Errorf("entry header: %w", err)
	}
	e.Raw = bytes.Clone(rest[4+hl:])
	if e.Pruned && len(e.Raw) > 0 {
		return e, nil, fmt.Errorf("a pruned entry holds %d bytes of letter", len(e.Raw))
	}
	if v[0] == recordV1 {
		e.RawDigest = sha256.Sum256(e.Raw)
	}
	return e, header, nil
}

// checkEntry checks an entry's hash against what it holds; pruned entries of the old formula
// cannot be: their hash covers bytes no longer held, and it is taken as stored.
func checkEntry(e ArchiveEntry, header []byte) error {
	switch {
	case e.oldHash && e.Pruned:
		return nil
	case e.oldHash:
		if entryHash(e.Prev, header, e.Raw) != e.Hash {
			return errors.New("content does not match its hash")
		}
	default:
		if !e.Pruned && sha256.Sum256(e.Raw) != e.RawDigest {
			return errors.New("the letter does not match its digest")
		}
		if entryHashV5(e.Prev, header, e.RawDigest) != e.Hash {
			return errors.New("content does not match its hash")
		}
	}
	return nil
}

// pruneEntry is the stored entry v with its raw letter dropped: a recordV2 entry whose hash and
// digest are those of v; v itself when it is pruned already.
func (tx *Tx) pruneEntry(chain string, v []byte) ([]byte, error) {
	e, header, err := tx.decodeEntry(chain, v)
	if err != nil {
		return nil, err
	}
	if e.Pruned {
		return v, nil
	}
	if v[0] == recordV3 {
		payload, err := tx.db.codec.pack(append(binary.AppendUvarint(nil, uint64(len(header))), header...))
		if err != nil {
			return nil, err
		}
		return encodeEntryV3(entryPruned, e.Prev, e.Hash, e.RawDigest, payload), nil
	}
	flags := entryPruned
	if e.oldHash {
		flags |= entryOldHash
	}
	return encodeEntry(flags, e.Prev, e.Hash, e.RawDigest, header, nil), nil
}

// ArchiveEntries calls fn with the entries of game g's chain (see Archive for
// the zero and tournament GameID) in order, from entry from (1 for all).
func (tx *Tx) ArchiveEntries(g GameID, from uint64, fn func(ArchiveEntry) error) error {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return err
		}
		return a.archivedErr(a.ArchiveEntries(g, from, fn))
	}
	chain, err := chainKey(g)
	if err != nil {
		return err
	}
	b := tx.bucket(bucketArchive).Bucket([]byte(chain))
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.Seek(seqKey(from)); k != nil; k, v = c.Next() {
		e, _, err := tx.decodeEntry(chain, v)
		if err != nil {
			return fmt.Errorf("archive %s entry %x: %w", chain, k, err)
		}
		e.tx = tx
		if e.Letter != nil && len(e.Raw) == 0 && !e.Pruned {
			if err := tx.referredLetter(&e); err != nil {
				return fmt.Errorf("archive %s entry %x: %w", chain, k, err)
			}
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// referredLetter fills the raw letter of e, an entry that names the entry holding its letter
// (ArchiveEntry.Letter), from that entry. A letter no longer held there (pruned, or its chain
// moved with another tournament into a file of its own) leaves e as pruned: its header and
// verdict remain.
func (tx *Tx) referredLetter(e *ArchiveEntry) error {
	b := tx.bucket(bucketArchive).Bucket([]byte(e.Letter.Chain))
	var v []byte
	if b != nil {
		v = b.Get(seqKey(e.Letter.Seq))
	}
	if v == nil {
		e.Pruned = true
		return nil
	}
	held, _, err := tx.decodeEntry(e.Letter.Chain, v)
	if err != nil {
		return fmt.Errorf("the letter's entry %s #%d: %w", e.Letter.Chain, e.Letter.Seq, err)
	}
	if held.Pruned {
		e.Pruned = true
		return nil
	}
	e.Raw = held.Raw
	return nil
}

// Chains returns the GameIDs of every archive chain in key order; the
// quarantine chain is the zero GameID.
func (tx *Tx) Chains() ([]GameID, error) {
	var out []GameID
	err := tx.bucket(bucketArchiveHead).ForEach(func(k, _ []byte) error {
		if string(k) == quarantineChain {
			out = append(out, GameID{})
			return nil
		}
		g, err := parseKey(string(k))
		if err != nil {
			return &ChainError{Chain: fmt.Sprintf("%q", k), Seq: 1, Reason: "the chain's key names no game or tournament"}
		}
		out = append(out, g)
		return nil
	})
	return out, err
}

// Verify walks the chain of game g from its first entry and returns the
// number of entries and, if a link is broken, a *ChainError naming the
// first bad entry: an entry whose bytes changed, a missing, extra or
// reordered entry, or a head that does not match the last entry.
//
// A pruned entry (its raw letter dropped after its retention, Tx.PruneRaw) is not a broken
// link. An entry written since schema version 5 keeps the digest of its letter, which its hash
// covers: its header, its verdict, the game before it and its link are checked as before, and a
// copy of the letter kept elsewhere can be checked against the digest. An entry written before
// version 5 hashed the raw bytes themselves: once pruned, its hash cannot be recomputed; it is
// taken as stored, and the chain is checked on both sides of it (its previous hash is the hash
// of the entry before, and the entry after names its hash), so that a change to it still breaks
// the link to the next entry or the head. VerifyChain counts both kinds.
func (tx *Tx) Verify(g GameID) (uint64, error) {
	rep, err := tx.VerifyChain(g)
	return rep.Entries, err
}

// ChainReport is what VerifyChain found of a chain that verifies.
type ChainReport struct {
	Entries uint64 // the entries of the chain
	Pruned  uint64 // of them, those whose raw letter was dropped after its retention
	// PrunedOld counts the pruned entries written before schema version 5, whose hash covers the
	// bytes dropped: taken as stored, checked only through the links on both sides.
	PrunedOld uint64
}

// VerifyChain is Verify with the count of the pruned entries. The chain of an archived
// tournament's game is read from its archive file.
func (tx *Tx) VerifyChain(g GameID) (rep ChainReport, err error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return rep, err
		}
		rep, err := a.VerifyChain(g)
		return rep, a.archivedErr(err)
	}
	return tx.verifyChainFrom(g, 0, Digest{})
}

// verifyChainFrom is VerifyChain of the entries after entry from, whose hash must be fromHash
// (from 0: the whole chain); the report counts the entries checked.
func (tx *Tx) verifyChainFrom(g GameID, from uint64, fromHash Digest) (rep ChainReport, err error) {
	chain, err := chainKey(g)
	if err != nil {
		return rep, err
	}
	n, prev, rep, err := tx.verifyEntries(g, chain, from, fromHash, 0)
	if err != nil {
		return rep, err
	}
	broken := func(seq uint64, format string, args ...any) error {
		return &ChainError{Chain: chain, Seq: seq, Reason: fmt.Sprintf(format, args...)}
	}
	hv := tx.bucket(bucketArchiveHead).Get([]byte(chain))
	if hv == nil {
		if n > 0 {
			return rep, broken(n, "chain has no head record")
		}
		return rep, nil
	}
	seq, hash, err := decodeHead(hv)
	if err != nil {
		return rep, broken(n+1, "head: %v", err)
	}
	if seq != n {
		return rep, broken(min(seq, n)+1, "head says %d entries, chain has %d", seq, n)
	}
	if hash != prev {
		return rep, broken(n, "head hash does not match the last entry")
	}
	return rep, nil
}

// verifyChainUpTo checks the entries of g's chain from the first to entry upTo, whose hash
// must be upToHash: the chain as its head was when a check began (entries added since are
// checked by the next check).
func (tx *Tx) verifyChainUpTo(g GameID, upTo uint64, upToHash Digest) (ChainReport, error) {
	chain, err := chainKey(g)
	if err != nil {
		return ChainReport{}, err
	}
	n, prev, rep, err := tx.verifyEntries(g, chain, 0, Digest{}, upTo)
	switch {
	case err != nil:
		return rep, err
	case n != upTo:
		return rep, &ChainError{Chain: chain, Seq: n + 1, Reason: fmt.Sprintf("the head said %d entries, the chain has %d", upTo, n)}
	case prev != upToHash:
		return rep, &ChainError{Chain: chain, Seq: n, Reason: "head hash does not match the last entry"}
	}
	// While the head is still that one, no entry may follow it (later entries are checked with
	// the head they are written under).
	if seq, hash, err := headIn(tx.bucket(bucketArchiveHead), []byte(chain)); err == nil && seq == upTo && hash == upToHash {
		if b := tx.bucket(bucketArchive).Bucket([]byte(chain)); b != nil {
			if k, _ := b.Cursor().Seek(seqKey(upTo + 1)); k != nil {
				return rep, &ChainError{Chain: chain, Seq: upTo + 1, Reason: fmt.Sprintf("head says %d entries, the chain has more", upTo)}
			}
		}
	}
	return rep, nil
}

// verifyEntries checks the entries of chain after entry from (whose hash must be fromHash) up
// to entry upTo (0: to the last), each against its hash and its link to the entry before; it
// returns the last entry checked and its hash.
func (tx *Tx) verifyEntries(g GameID, chain string, from uint64, fromHash Digest, upTo uint64) (n uint64, prev Digest, rep ChainReport, err error) {
	broken := func(seq uint64, format string, args ...any) error {
		return &ChainError{Chain: chain, Seq: seq, Reason: fmt.Sprintf(format, args...)}
	}
	n, prev = from, fromHash
	if b := tx.bucket(bucketArchive).Bucket([]byte(chain)); b != nil {
		c := b.Cursor()
		k, v := c.First()
		if from > 0 {
			k, v = c.Seek(seqKey(from))
			if k == nil || binary.BigEndian.Uint64(k) != from {
				return n, prev, rep, broken(from, "the entry last verified is missing")
			}
			if h, ok := storedEntryHash(v); !ok || h != fromHash {
				return n, prev, rep, broken(from, "the entry last verified changed")
			}
			k, v = c.Next()
		}
		for ; k != nil && (upTo == 0 || n < upTo); k, v = c.Next() {
			want := n + 1
			if len(k) != 8 {
				return n, prev, rep, broken(want, "key %x is not a sequence number", k)
			}
			if got := binary.BigEndian.Uint64(k); got != want {
				return n, prev, rep, broken(want, "entry missing (next stored entry is %d)", got)
			}
			e, header, err := tx.decodeEntry(chain, v)
			if err != nil {
				return n, prev, rep, broken(want, "%v", err)
			}
			if e.Chain != chain || e.Seq != want {
				return n, prev, rep, broken(want, "entry claims to be %s #%d", e.Chain, e.Seq)
			}
			if e.Prev != prev {
				return n, prev, rep, broken(want, "previous hash does not match entry %d", n)
			}
			if err := checkEntry(e, header); err != nil {
				return n, prev, rep, broken(want, "%v", err)
			}
			if e.Pruned {
				rep.Pruned++
				if e.oldHash {
					rep.PrunedOld++
				}
			}
			// The chunks of the game before the letter are held (each chain is checked whole by
			// the deep check of the chunks).
			if len(e.BeforeChunks) > 0 {
				if g.Game == "" {
					return n, prev, rep, broken(want, "a letter of no game keeps a game before it")
				}
				if err := tx.checkLists(g, e.BeforeChunks); err != nil {
					return n, prev, rep, broken(want, "the game before the letter: %v", err)
				}
			}
			n, prev = want, e.Hash
			rep.Entries = n
		}
	} else if from > 0 {
		return n, prev, rep, broken(from, "the chain last verified is missing")
	}
	return n, prev, rep, nil
}

// VerifyGame is Verify for a game's chain and also checks what the chain
// covers: the game's record (its seal and its anchor in the chain), every
// chunk of the game (its reference and its link to the chunk before it:
// those of the record and those of the games before its letters), and the
// rulings about the game (each one's hash and its link to the ruling
// before). It returns the number of archived letters.
//
// For a game of an archived tournament, the archive file is checked so, and its copy of the
// rulings about the game against the store's log.
func (tx *Tx) VerifyGame(g GameID) (uint64, error) {
	rep, err := tx.verifyGameChain(g)
	return rep.Entries, err
}

// verifyGameChain is VerifyGame with the report of the chain.
func (tx *Tx) verifyGameChain(g GameID) (ChainReport, error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return ChainReport{}, err
		}
		rep, err := a.verifyGameChain(g)
		if err == nil {
			if _, err = tx.Rulings(g); err == nil {
				err = tx.sameRulings(a, g)
			}
		}
		return rep, a.archivedErr(err)
	}
	n, err := tx.VerifyChain(g)
	if err != nil || g.IsZero() {
		return n, err
	}
	if g.Game != "" {
		if v := tx.bucket(bucketGames).Get([]byte(g.Key())); v != nil {
			if _, err := tx.verifyGame(g, v); err != nil {
				return n, err
			}
		}
		if err := tx.verifyChunks(append([]byte(g.Key()), 0)); err != nil {
			return n, err
		}
	}
	_, err = tx.Rulings(g)
	return n, err
}

// VerifyReport is Tx.VerifyGame in its own read transaction, with the report of the chain
// (its pruned entries).
func (db *DB) VerifyReport(g GameID) (rep ChainReport, err error) {
	err = db.View(func(tx *Tx) error {
		rep, err = tx.verifyGameChain(g)
		return err
	})
	return rep, err
}

// Verify is Tx.VerifyGame in its own read transaction.
func (db *DB) Verify(g GameID) (n uint64, err error) {
	err = db.View(func(tx *Tx) error {
		n, err = tx.VerifyGame(g)
		return err
	})
	return n, err
}

// VerifyAll verifies every archive chain, every game record and chunk, the
// index of the games in play and the rulings log, and returns the first
// broken link (a *ChainError or a *SealError, inside a *DamageError naming
// the file).
func (db *DB) VerifyAll() error {
	return db.View(func(tx *Tx) error { return tx.verifyAll() })
}

func (tx *Tx) verifyAll() error {
	chains, err := tx.Chains()
	if err != nil {
		return err
	}
	for _, g := range chains {
		if _, err := tx.Verify(g); err != nil {
			return err
		}
	}
	// A chain bucket without a head is caught here too.
	return tx.verifyOthers()
}

// verifyArchivedRecords checks the records of the archived tournaments (not their files:
// DB.VerifyArchived reads those): each one decodes and names a tournament the store no longer
// holds.
func (tx *Tx) verifyArchivedRecords() error {
	recs, err := tx.ArchivedTournaments()
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if rec.File == "" || filepath.Base(rec.File) != rec.File {
			return &DamageError{Path: tx.path(), Err: fmt.Errorf("archived tournament %s: bad file name %q", rec.Code, rec.File)}
		}
		if tx.bucket(bucketTournaments).Get([]byte(rec.Code)) != nil {
			return &DamageError{Path: tx.path(), Err: fmt.Errorf("tournament %s is both in the store and archived in %s", rec.Code, rec.File)}
		}
	}
	return nil
}
