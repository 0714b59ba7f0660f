package store

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// archived returns the path of a closed store whose chain of game 3-7 holds
// four letters, and their raw bytes.
func archived(t *testing.T) (string, [][]byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	raws := [][]byte{
		letter("m1@x", "My move: 11. c3-d4"),
		[]byte("From: moves@club.example\r\n\r\nforwarded 11. c3-d4\r\n"),
		letter("m2@x", "My move: 12. g3:e5"),
		[]byte("From: moves@club.example\r\n\r\nforwarded 12. g3:e5\r\n"),
	}
	update(t, db, func(tx *Tx) error {
		for i, raw := range raws {
			dir := In
			if i%2 == 1 {
				dir = Out
			}
			r, err := tx.Archive(game37, ArchiveEntry{Direction: dir, Time: t0.Add(time.Duration(i) * time.Hour),
				Move: 11 + i/2, Verdict: "accepted", Raw: raw})
			if err != nil {
				return err
			}
			if r.Seq != uint64(i+1) {
				t.Errorf("entry %d got sequence %d", i+1, r.Seq)
			}
		}
		// Another chain, to see that tampering is reported per chain.
		_, err := tx.Archive(game12, ArchiveEntry{Direction: In, Time: t0, Raw: []byte("x")})
		return err
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path, raws
}

// verify opens path without the deep check of Open and verifies the chain
// of g.
func verify(t *testing.T, path string, g GameID) (uint64, error) {
	t.Helper()
	db, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return db.Verify(g)
}

func TestArchive_Hash(t *testing.T) {
	path, raws := archived(t)
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	// Recompute the chain by hand from the stored metadata and the raw
	// letters, independently of entryHash.
	var prev [32]byte
	var entries []ArchiveEntry
	if err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketArchive).Bucket([]byte("CT-2026/1/3-7")).Cursor()
		ctx, err := codecTx(tx)
		if err != nil {
			return err
		}
		for k, v := c.First(); k != nil; k, v = c.Next() {
			// Since schema version 7: recordV3, flags, prev, hash, SHA-256 of the letter, then
			// the packed header and letter; the hash covers the header and the letter's digest.
			if v[0] != recordV3 || v[1] != 0 {
				t.Fatalf("entry %x: record version %d flags %d", k, v[0], v[1])
			}
			meta, raw, err := ctx.unpackLetter("CT-2026/1", v[98:])
			if err != nil {
				t.Fatalf("entry %x: %v", k, err)
			}
			n := len(meta)
			rawSum := sha256.Sum256(raw)
			if !bytes.Equal(v[66:98], rawSum[:]) {
				t.Errorf("entry %x: the letter's digest is not kept", k)
			}
			h := sha256.New()
			h.Write(prev[:])
			h.Write([]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
			h.Write(meta)
			h.Write(rawSum[:])
			var want [32]byte
			h.Sum(want[:0])
			if !bytes.Equal(v[2:34], prev[:]) || !bytes.Equal(v[34:66], want[:]) {
				t.Errorf("entry %x: stored hashes do not chain", k)
			}
			prev = want
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(game37, 1, func(e ArchiveEntry) error { entries = append(entries, e); return nil })
	})
	if len(entries) != 4 || entries[3].Hash != Digest(prev) {
		t.Fatalf("entries %d, last hash %v, want %x", len(entries), entries[len(entries)-1].Hash, prev)
	}
	for i, e := range entries {
		if !bytes.Equal(e.Raw, raws[i]) || e.Seq != uint64(i+1) || e.Chain != "CT-2026/1/3-7" {
			t.Errorf("entry %d: %+v", i+1, e)
		}
	}
	if n, err := db.Verify(game37); n != 4 || err != nil {
		t.Errorf("Verify = %d, %v; want 4, nil", n, err)
	}
	// From the middle.
	var from3 []uint64
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(game37, 3, func(e ArchiveEntry) error { from3 = append(from3, e.Seq); return nil })
	})
	if len(from3) != 2 || from3[0] != 3 {
		t.Errorf("entries from 3: %v", from3)
	}
}

func TestArchive_Tamper(t *testing.T) {
	chain := []byte("CT-2026/1/3-7")
	entry := func(tx *bolt.Tx, seq uint64) []byte {
		return bytes.Clone(tx.Bucket(bucketArchive).Bucket(chain).Get(seqKey(seq)))
	}
	putEntry := func(tx *bolt.Tx, seq uint64, v []byte) error {
		return tx.Bucket(bucketArchive).Bucket(chain).Put(seqKey(seq), v)
	}
	tests := []struct {
		name    string
		tamper  func(tx *bolt.Tx) error
		wantSeq uint64
	}{
		{"a flipped byte in a stored letter", func(tx *bolt.Tx) error {
			v := entry(tx, 2)
			v[len(v)-5] ^= 0x01
			return putEntry(tx, 2, v)
		}, 2},
		{"a flipped byte in a raw letter", func(tx *bolt.Tx) error {
			return editStored(tx, chain, 2, func(header, raw []byte) ([]byte, []byte) {
				raw[len(raw)-5] ^= 0x01
				return header, raw
			})
		}, 2},
		{"a changed verdict", func(tx *bolt.Tx) error {
			return editStored(tx, chain, 3, func(header, raw []byte) ([]byte, []byte) {
				return bytes.Replace(header, []byte(`"verdict":"accepted"`), []byte(`"verdict":"rejected"`), 1), raw
			})
		}, 3},
		{"a deleted entry", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketArchive).Bucket(chain).Delete(seqKey(2))
		}, 2},
		{"the last entry deleted", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketArchive).Bucket(chain).Delete(seqKey(4))
		}, 4},
		{"two entries swapped", func(tx *bolt.Tx) error {
			two, three := entry(tx, 2), entry(tx, 3)
			return errors.Join(putEntry(tx, 2, three), putEntry(tx, 3, two))
		}, 2},
		{"an entry rehashed by someone who does not rebuild the rest", func(tx *bolt.Tx) error {
			var header, raw []byte
			if err := editStored(tx, chain, 2, func(h, r []byte) ([]byte, []byte) {
				r[len(r)-5] ^= 0x01
				header, raw = h, r
				return h, r
			}); err != nil {
				return err
			}
			v := entry(tx, 2)
			var prev Digest
			copy(prev[:], v[2:34])
			sum := sha256.Sum256(raw)
			h := entryHashV5(prev, header, sum)
			copy(v[34:66], h[:])
			copy(v[66:98], sum[:])
			return putEntry(tx, 2, v)
		}, 3},
		{"an entry appended without the head", func(tx *bolt.Tx) error {
			return putEntry(tx, 5, entry(tx, 4))
		}, 5},
		{"an entry copied from another chain", func(tx *bolt.Tx) error {
			other := bytes.Clone(tx.Bucket(bucketArchive).Bucket([]byte("CT-2026/1/1-2")).Get(seqKey(1)))
			return putEntry(tx, 1, other)
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path, _ := archived(t)
			if n, err := verify(t, path, game37); n != 4 || err != nil {
				t.Fatalf("before tampering: %d, %v", n, err)
			}
			rawUpdate(t, path, tc.tamper)
			_, err := verify(t, path, game37)
			var ce *ChainError
			if !errors.As(err, &ce) {
				t.Fatalf("Verify after tampering: %v, want a ChainError", err)
			}
			if want := "store " + path + " is damaged: archive chain CT-2026/1/3-7 broken at entry " + itoa(int(tc.wantSeq)) + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q, want it to start %q", err, want)
			}
			if ce.Chain != "CT-2026/1/3-7" || ce.Seq != tc.wantSeq {
				t.Errorf("broken link reported at %s #%d (%s), want #%d", ce.Chain, ce.Seq, ce.Reason, tc.wantSeq)
			}
			// Open's deep check finds the same link.
			db, err := Open(path, Options{})
			if err == nil {
				db.Close()
				t.Fatal("Open of a tampered file succeeded")
			}
			if !errors.As(err, &ce) || !errors.Is(err, ErrDamaged) || ce.Seq != tc.wantSeq || !strings.Contains(err.Error(), path) {
				t.Errorf("Open of a tampered file: %v, want the ChainError at entry %d naming the file", err, tc.wantSeq)
			}
			if n, err := verify(t, path, game12); n != 1 || err != nil {
				t.Errorf("the other chain: %d, %v", n, err)
			}
		})
	}
}

func TestArchive_Chains(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for _, g := range []GameID{game37, {}, {Tournament: "CT-2026/1"}, game12} {
			if _, err := tx.Archive(g, ArchiveEntry{Direction: In, Time: t0, Raw: []byte("x")}); err != nil {
				return err
			}
		}
		chains, err := tx.Chains()
		want := []GameID{{Tournament: "CT-2026/1"}, game12, game37, {}} // key order: "CT-2026/1/" is a prefix of the games
		if len(chains) != len(want) {
			t.Fatalf("chains %v, want %v", chains, want)
		}
		for i := range want {
			if chains[i] != want[i] {
				t.Errorf("chain %d: %v, want %v", i, chains[i], want[i])
			}
		}
		return err
	})
	for _, bad := range []ArchiveEntry{{Direction: "sideways", Time: t0}, {Direction: In}} {
		if err := db.Update(func(tx *Tx) error { _, err := tx.Archive(game37, bad); return err }); !errors.Is(err, ErrInvalid) {
			t.Errorf("Archive(%+v): %v, want ErrInvalid", bad, err)
		}
	}
}

func TestReceipt_String(t *testing.T) {
	r := Receipt{Chain: "СТ-2026/1/3-7", Seq: 12, Move: 6, Hash: Digest{0xab, 0xcd}}
	want := "СТ-2026/1/3-7 #12 move 6 sha256:abcd000000000000000000000000000000000000000000000000000000000000"
	if got := r.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// editStored changes the header and letter of entry seq of chain as edit says, its hashes kept.
func editStored(tx *bolt.Tx, chain []byte, seq uint64, edit func(header, raw []byte) ([]byte, []byte)) error {
	ctx, err := codecTx(tx)
	if err != nil {
		return err
	}
	b := tx.Bucket(bucketArchive).Bucket(chain)
	v, err := ctx.editEntry(string(chain), bytes.Clone(b.Get(seqKey(seq))), edit)
	if err != nil {
		return err
	}
	return b.Put(seqKey(seq), v)
}
