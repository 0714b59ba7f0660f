package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
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

	// tx is the transaction that read the entry (GameBefore reads its chunks through it).
	tx *Tx
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
	e.Hash = entryHash(prev, header, e.Raw)
	v := make([]byte, 0, 1+2*len(Digest{})+4+len(header)+len(e.Raw))
	v = append(v, recordV1)
	v = append(v, e.Prev[:]...)
	v = append(v, e.Hash[:]...)
	v = binary.BigEndian.AppendUint32(v, uint32(len(header)))
	v = append(v, header...)
	v = append(v, e.Raw...)
	if err := b.Put(seqKey(e.Seq), v); err != nil {
		return Receipt{}, fmt.Errorf("archive %s: %w", chain, err)
	}
	if err := heads.Put([]byte(chain), encodeHead(e.Seq, e.Hash)); err != nil {
		return Receipt{}, fmt.Errorf("archive %s: head: %w", chain, err)
	}
	return Receipt{Chain: chain, Seq: e.Seq, Move: e.Move, Hash: e.Hash}, nil
}

// entryHash is SHA-256(prev ‖ len(header) ‖ header ‖ raw).
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

// decodeEntry reads a stored entry; the hashes are read as stored, not
// checked.
func decodeEntry(v []byte) (ArchiveEntry, []byte, error) {
	var e ArchiveEntry
	n := len(Digest{})
	if len(v) < 1+2*n+4 || v[0] != recordV1 {
		return e, nil, fmt.Errorf("bad entry record")
	}
	copy(e.Prev[:], v[1:1+n])
	copy(e.Hash[:], v[1+n:1+2*n])
	rest := v[1+2*n:]
	hl := binary.BigEndian.Uint32(rest)
	if uint64(hl) > uint64(len(rest)-4) {
		return e, nil, fmt.Errorf("entry header overruns the record")
	}
	header := rest[4 : 4+hl]
	if err := json.Unmarshal(header, &e); err != nil {
		return e, nil, fmt.Errorf("entry header: %w", err)
	}
	e.Raw = bytes.Clone(rest[4+hl:])
	return e, header, nil
}

// ArchiveEntries calls fn with the entries of game g's chain (see Archive for
// the zero and tournament GameID) in order, from entry from (1 for all).
func (tx *Tx) ArchiveEntries(g GameID, from uint64, fn func(ArchiveEntry) error) error {
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
		e, _, err := decodeEntry(v)
		if err != nil {
			return fmt.Errorf("archive %s entry %x: %w", chain, k, err)
		}
		e.tx = tx
		if err := fn(e); err != nil {
			return err
		}
	}
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
func (tx *Tx) Verify(g GameID) (uint64, error) {
	chain, err := chainKey(g)
	if err != nil {
		return 0, err
	}
	broken := func(seq uint64, format string, args ...any) error {
		return &ChainError{Chain: chain, Seq: seq, Reason: fmt.Sprintf(format, args...)}
	}
	var n uint64
	var prev Digest
	if b := tx.bucket(bucketArchive).Bucket([]byte(chain)); b != nil {
		c := b.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			want := n + 1
			if len(k) != 8 {
				return n, broken(want, "key %x is not a sequence number", k)
			}
			if got := binary.BigEndian.Uint64(k); got != want {
				return n, broken(want, "entry missing (next stored entry is %d)", got)
			}
			e, header, err := decodeEntry(v)
			if err != nil {
				return n, broken(want, "%v", err)
			}
			if e.Chain != chain || e.Seq != want {
				return n, broken(want, "entry claims to be %s #%d", e.Chain, e.Seq)
			}
			if e.Prev != prev {
				return n, broken(want, "previous hash does not match entry %d", n)
			}
			if h := entryHash(prev, header, e.Raw); h != e.Hash {
				return n, broken(want, "content does not match its hash")
			}
			// The chunks of the game before the letter are held (each chain is checked whole by
			// the deep check of the chunks).
			if len(e.BeforeChunks) > 0 {
				if g.Game == "" {
					return n, broken(want, "a letter of no game keeps a game before it")
				}
				if err := tx.checkLists(g, e.BeforeChunks); err != nil {
					return n, broken(want, "the game before the letter: %v", err)
				}
			}
			n, prev = want, e.Hash
		}
	}
	hv := tx.bucket(bucketArchiveHead).Get([]byte(chain))
	if hv == nil {
		if n > 0 {
			return n, broken(n, "chain has no head record")
		}
		return 0, nil
	}
	seq, hash, err := decodeHead(hv)
	if err != nil {
		return n, broken(n+1, "head: %v", err)
	}
	if seq != n {
		return n, broken(min(seq, n)+1, "head says %d entries, chain has %d", seq, n)
	}
	if hash != prev {
		return n, broken(n, "head hash does not match the last entry")
	}
	return n, nil
}

// VerifyGame is Verify for a game's chain and also checks what the chain
// covers: the game's record (its seal and its anchor in the chain), every
// chunk of the game (its reference and its link to the chunk before it:
// those of the record and those of the games before its letters), and the
// rulings about the game (each one's hash and its link to the ruling
// before). It returns the number of archived letters.
func (tx *Tx) VerifyGame(g GameID) (uint64, error) {
	n, err := tx.Verify(g)
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
	// A chain bucket without a head is caught here too.
	err = tx.bucket(bucketArchive).ForEach(func(k, _ []byte) error {
		if tx.bucket(bucketArchiveHead).Get(k) == nil {
			return &ChainError{Chain: string(k), Seq: 1, Reason: "chain has no head record"}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, g := range chains {
		if _, err := tx.Verify(g); err != nil {
			return err
		}
	}
	if err := tx.verifyGames(); err != nil {
		return err
	}
	return tx.verifyRulings()
}
