package store

import (
	"bytes"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// The deep check of what is new (since schema version 7).
//
// Every write the chains and seals cover marks what it wrote in unverified, with the bbolt
// transaction that wrote it: an archive entry its chain, a game record (and its chunks) its
// game. The deep check at open (checkNew) checks exactly those: each marked chain from the last
// entry the check verified before (kept in verified: its sequence and hash, so that the first
// new entry must link to it), each marked game's record, chunks and index of the games in play;
// and, because they cost little, every chain's head against its verified point (a chain whose
// head moved without its mark, or went back, is reported), the rulings log and the records of
// the archived tournaments. What it verified it records (verified, and the marks removed), so
// that the next open starts from there: opening costs what was written since the last check,
// not what the file holds.
//
// The whole check (DB.CheckWhole: every page, every chain from its first entry, every record,
// chunk, part and ruling) runs in `judge verify` and on the daemon's schedule, and records its
// point likewise. A damaged or edited record written before the last check is found by it, and
// by any read of that record (every read checks what it reads); one written since, at the next
// open too.

// markUnverified records that the chain or game key was written in this transaction.
func (tx *Tx) markUnverified(key []byte) error {
	b := tx.tx.Bucket(bucketUnverified)
	if b == nil {
		return nil // a file before version 7, read for its migration
	}
	if v := b.Get(key); len(v) == 1 && v[0] == recordV1 {
		return nil // marked already
	}
	if err := b.Put(key, []byte{recordV1}); err != nil {
		return fmt.Errorf("mark %q to check: %w", key, err)
	}
	return nil
}

// checked is what a check verified, for recordChecked.
type checked struct {
	heads map[string][]byte // chain → its head record as verified
	marks map[string]Digest // the marks the check covered, with what they marked as it was
}

// fingerprint is what the mark of key covers as tx holds it: the chain's head and the game's
// record; a check removes a mark only if its fingerprint did not change since the check read it.
func (tx *Tx) fingerprint(key []byte) Digest {
	c := newContentHash()
	c.add(tx.bucket(bucketArchiveHead).Get(key), tx.bucket(bucketGames).Get(key))
	return c.sum()
}

// readMark checks the mark record k, v of unverified.
func (tx *Tx) readMark(k, v []byte) error {
	if len(v) != 1 || v[0] != recordV1 {
		return &DamageError{Path: tx.path(), Err: fmt.Errorf("the mark of %q to check: bad record", k)}
	}
	return nil
}

// checkNew checks what was written since the last check (see above).
func (tx *Tx) checkNew() (*checked, error) {
	c := &checked{heads: map[string][]byte{}, marks: map[string]Digest{}}
	heads, verified := tx.bucket(bucketArchiveHead), tx.bucket(bucketVerified)
	err := tx.bucket(bucketUnverified).ForEach(func(k, v []byte) error {
		if err := tx.readMark(k, v); err != nil {
			return err
		}
		c.marks[string(k)] = tx.fingerprint(k)
		key := string(k)
		if h := heads.Get(k); h != nil || tx.bucket(bucketArchive).Bucket(k) != nil {
			from, fromHash, err := verifiedPoint(verified, k)
			if err != nil {
				return &ChainError{Chain: key, Seq: 1, Reason: err.Error()}
			}
			g, err := chainGame(key)
			if err != nil {
				return err
			}
			if _, err := tx.verifyChainFrom(g, from, fromHash); err != nil {
				return err
			}
			if h != nil {
				c.heads[key] = bytes.Clone(h)
			}
		}
		if key == quarantineChain || strings.HasSuffix(key, "/") {
			return nil
		}
		g, err := ParseGameID(key)
		if err != nil {
			return &SealError{Game: GameID{Tournament: key}, Reason: "marked to check, but the key is not tournament/game"}
		}
		return tx.verifyGameRecord(g)
	})
	if err != nil {
		return nil, err
	}
	// Every chain against its verified point: cheap (a head and a point a chain), and it finds
	// a chain changed without its mark.
	err = verified.ForEach(func(k, v []byte) error {
		if _, marked := c.marks[string(k)]; marked {
			return nil
		}
		seq, hash, err := decodeHead(v)
		if err != nil {
			return &ChainError{Chain: string(k), Seq: 1, Reason: "its verified point: " + err.Error()}
		}
		hs, hh, err := headIn(heads, k)
		switch {
		case err != nil:
			return &ChainError{Chain: string(k), Seq: seq, Reason: "head: " + err.Error()}
		case hs != seq || hh != hash:
			return &ChainError{Chain: string(k), Seq: min(hs, seq) + 1, Reason: fmt.Sprintf("its head (%d entries) is not the one last verified (%d entries), and nothing written since is marked", hs, seq)}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := tx.verifyArchivedRecords(); err != nil {
		return nil, err
	}
	return c, tx.verifyRulings()
}

// verifiedPoint is the last entry of chain k the deep check verified: 0 when none was.
func verifiedPoint(verified *bolt.Bucket, k []byte) (uint64, Digest, error) {
	if verified == nil {
		return 0, Digest{}, nil
	}
	return headIn(verified, k)
}

// chainGame is the GameID of the chain key.
func chainGame(key string) (GameID, error) {
	if key == quarantineChain {
		return GameID{}, nil
	}
	g, err := parseKey(key)
	if err != nil {
		return GameID{}, &ChainError{Chain: fmt.Sprintf("%q", key), Seq: 1, Reason: "the chain's key names no game or tournament"}
	}
	return g, nil
}

// verifyGameRecord checks game g's record (seal, anchor, lists), its chunks, and its place in
// the index of the games in play; a game the store no longer holds has nothing to check.
func (tx *Tx) verifyGameRecord(g GameID) error {
	k := []byte(g.Key())
	v := tx.bucket(bucketGames).Get(k)
	if v == nil {
		if tx.bucket(bucketInPlay).Get(k) != nil {
			return &SealError{Game: g, Reason: "indexed as in play, but the store holds no such game"}
		}
		return nil
	}
	st, err := tx.verifyGame(g, v)
	if err != nil {
		return err
	}
	if st.InPlay != (tx.bucket(bucketInPlay).Get(k) != nil) {
		return &SealError{Game: g, Reason: fmt.Sprintf("the index of the games in play does not agree with its record (in play: %v)", st.InPlay)}
	}
	return tx.verifyChunks(append(k, 0))
}

// wholeChecked is what verifyAll covered: every chain to its head, every mark.
func (tx *Tx) wholeChecked() (*checked, error) {
	c := &checked{heads: map[string][]byte{}, marks: map[string]Digest{}}
	err := tx.bucket(bucketArchiveHead).ForEach(func(k, v []byte) error {
		c.heads[string(k)] = bytes.Clone(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if b := tx.bucket(bucketUnverified); b != nil {
		err = b.ForEach(func(k, v []byte) error {
			if err := tx.readMark(k, v); err != nil {
				return err
			}
			c.marks[string(k)] = tx.fingerprint(k)
			return nil
		})
	}
	return c, err
}

// recordChecked records, in a write transaction, what the check c verified: the verified point
// of every chain it verified (a chain appended to since keeps its mark), and the marks it
// covered removed, unless written again after the state it read.
func (tx *Tx) recordChecked(c *checked) error {
	verified, marks := tx.bucket(bucketVerified), tx.bucket(bucketUnverified)
	if verified == nil || marks == nil {
		return nil
	}
	for k, h := range c.heads {
		if v := verified.Get([]byte(k)); bytes.Equal(v, h) {
			continue
		}
		if tx.bucket(bucketArchiveHead).Get([]byte(k)) == nil {
			continue // the chain left the store since (its tournament archived)
		}
		if err := verified.Put([]byte(k), h); err != nil {
			return fmt.Errorf("record the verified point of %q: %w", k, err)
		}
	}
	for k, seen := range c.marks {
		if marks.Get([]byte(k)) == nil || tx.fingerprint([]byte(k)) != seen {
			continue // written again since the check read it: checked next time
		}
		if err := marks.Delete([]byte(k)); err != nil {
			return fmt.Errorf("clear the mark of %q: %w", k, err)
		}
	}
	return nil
}

// Unchecked is how many chains and games were written since the deep check last covered them.
func (tx *Tx) Unchecked() int {
	b := tx.bucket(bucketUnverified)
	if b == nil {
		return 0
	}
	n := 0
	b.ForEach(func(_, _ []byte) error { n++; return nil })
	return n
}

// CheckNew is the deep check Open runs: what was written since the last check, recorded as
// checked when the file is open for writing.
func (db *DB) CheckNew() error {
	if db.bolt.IsReadOnly() {
		return db.View(func(tx *Tx) error {
			_, err := tx.checkNew()
			return err
		})
	}
	return db.Update(func(tx *Tx) error {
		c, err := tx.checkNew()
		if err != nil {
			return err
		}
		return tx.recordChecked(c)
	})
}

// CheckWhole is the whole deep check: every page of the file (the store's walk of every bucket,
// key and value), then every chain from
// its first entry, every game record, chunk and part kept apart, the index of the games in
// play, the rulings log and the records of the archived tournaments (VerifyAll), each read in
// a transaction of its own so that a check of a large file holds none for long; it records the
// point it reached when the file is open for writing. The first damage found is returned, as
// VerifyAll returns it.
func (db *DB) CheckWhole() error {
	// Every page through the store's own walk; not bbolt's consistency check, whose goroutine
	// reads the freelist unlocked and so races with a writer (Open runs it, before any).
	err := db.boltView(func(tx *bolt.Tx) error {
		if err := walkPages(tx); err != nil {
			return &DamageError{Path: db.path, Err: err}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var c *checked
	err = db.View(func(tx *Tx) error {
		var err error
		if c, err = tx.wholeChecked(); err != nil {
			return err
		}
		if _, err := tx.Chains(); err != nil { // every chain's key names a game, a tournament or the quarantine
			return err
		}
		return tx.verifyOthers()
	})
	if err != nil {
		return err
	}
	// The chains, one transaction each: a letter written meanwhile is checked next time (its
	// mark is newer than what this check read, recordChecked keeps it).
	for k, h := range c.heads {
		g, err := chainGame(k)
		if err != nil {
			return err
		}
		seq, hash, err := decodeHead(h)
		if err != nil {
			return &DamageError{Path: db.path, Err: &ChainError{Chain: k, Seq: 1, Reason: "head: " + err.Error()}}
		}
		err = db.View(func(tx *Tx) error {
			_, err := tx.verifyChainUpTo(g, seq, hash)
			return err
		})
		if err != nil {
			return err
		}
	}
	if db.bolt.IsReadOnly() {
		return nil
	}
	return db.Update(func(tx *Tx) error { return tx.recordChecked(c) })
}

// verifyOthers is VerifyAll but the chains: the chain buckets against their heads, every game
// record and chunk, the parts kept apart, the archived tournaments' records and the rulings.
func (tx *Tx) verifyOthers() error {
	err := tx.bucket(bucketArchive).ForEach(func(k, _ []byte) error {
		if tx.bucket(bucketArchiveHead).Get(k) == nil {
			return &ChainError{Chain: string(k), Seq: 1, Reason: "chain has no head record"}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := tx.verifyGames(); err != nil {
		return err
	}
	if b := tx.bucket(bucketParts); b != nil {
		if err := tx.verifyParts(); err != nil {
			return err
		}
	}
	if err := tx.verifyArchivedRecords(); err != nil {
		return err
	}
	return tx.verifyRulings()
}
