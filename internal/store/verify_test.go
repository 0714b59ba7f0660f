package store

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// incremental is how the tests open a store to have the deep check of what is new, whatever
// the file's size.
var incremental = Options{CheckLimit: 1}

// playLetters decides n letters of game g from letter number from on: each archived with the
// game's new state, answered and forwarded with a picture of its own.
func playLetters(t testing.TB, db *DB, g GameID, from, n int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		state := fmt.Sprintf(`{"game":%q,"plies":%d}`, g.Game, i)
		png := picture(uint64(1000+i), 3000)
		out := func(to string) Outgoing {
			return Outgoing{From: "moves@club.example", To: []string{to}, Raw: pictureLetter(to, fmt.Sprintf("move %d accepted", i), png), Game: g, Verdict: "accepted"}
		}
		if _, err := db.ProcessLetter(LetterOutcome{
			Ref: inbox(1, uint32(i+1)), MessageID: fmt.Sprintf("%s-%d@example.org", g.Game, i),
			Raw: letter(fmt.Sprintf("%s-%d@example.org", g.Game, i), fmt.Sprintf("My move %d", i)), Received: t0, Now: t0,
			Game: g, Move: i + 1, Verdict: "accepted", State: &GameState{Format: 1, Data: []byte(state), InPlay: true},
			Outgoing: []Outgoing{out("ivan@example.org"), out("petr@example.org")},
		}); err != nil {
			t.Fatal(err)
		}
	}
}

// checkedStore is a store whose letters of game37 and game12 were checked at an open (old), and
// with letters of game37 written after it (new); closed.
func checkedStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	playLetters(t, db, game37, 0, 4)
	playLetters(t, db, game12, 100, 3)
	db.Close()
	db, err = Open(path, Options{NoSync: true, CheckLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 0 {
			t.Errorf("%d unchecked after an open", n)
		}
		return nil
	})
	playLetters(t, db, game37, 4, 2)
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 1 {
			t.Errorf("%d unchecked after letters of one game, want 1", n)
		}
		return nil
	})
	db.Close()
	return path
}

// TestCheckNew_Found: a record written since the last check that is edited or damaged is found
// by Open (the check of what is new); one written before it is found by the whole check and by
// every read of it, and Open over the check limit does not read it.
func TestCheckNew_Found(t *testing.T) {
	chain := []byte(game37.Key())
	flip := func(seq uint64) func(tx *bolt.Tx) error {
		return func(tx *bolt.Tx) error {
			return editStored(tx, chain, seq, func(h, r []byte) ([]byte, []byte) { r[len(r)/2] ^= 1; return h, r })
		}
	}
	for _, tc := range []struct {
		name   string
		new    bool // found at open: written since the last check
		tamper func(tx *bolt.Tx) error
	}{
		{"a new letter changed", true, flip(14)},
		{"a new entry's stored bytes damaged", true, func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketArchive).Bucket(chain)
			v := bytes.Clone(b.Get(seqKey(13)))
			v[len(v)-3] ^= 0x40
			return b.Put(seqKey(13), v)
		}},
		{"the game record written since edited", true, func(tx *bolt.Tx) error {
			v := bytes.Clone(tx.Bucket(bucketGames).Get(chain))
			v[len(v)-3] ^= 1
			return tx.Bucket(bucketGames).Put(chain, v)
		}},
		{"an entry appended, and its mark removed", true, func(tx *bolt.Tx) error {
			if err := tx.Bucket(bucketUnverified).Delete(chain); err != nil {
				return err
			}
			b := tx.Bucket(bucketArchive).Bucket(chain)
			return b.Put(seqKey(19), bytes.Clone(b.Get(seqKey(18))))
		}},
		{"the head moved back to the verified point, and the mark removed", false, func(tx *bolt.Tx) error {
			if err := tx.Bucket(bucketUnverified).Delete(chain); err != nil {
				return err
			}
			h, _ := storedEntryHash(tx.Bucket(bucketArchive).Bucket(chain).Get(seqKey(12)))
			return tx.Bucket(bucketArchiveHead).Put(chain, encodeHead(12, h))
		}},
		{"an old letter changed", false, flip(2)},
		{"an old letter of the other game changed", false, func(tx *bolt.Tx) error {
			return editStored(tx, []byte(game12.Key()), 4, func(h, r []byte) ([]byte, []byte) { r[3] ^= 1; return h, r })
		}},
		{"an old verdict changed", false, func(tx *bolt.Tx) error {
			return editStored(tx, chain, 4, func(h, r []byte) ([]byte, []byte) {
				return bytes.Replace(h, []byte(`"accepted"`), []byte(`"rejected"`), 1), r
			})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := checkedStore(t)
			rawUpdate(t, path, tc.tamper)
			db, err := Open(path, incremental)
			if tc.new {
				if err == nil {
					db.Close()
					t.Fatal("Open did not find a record written since the last check changed")
				}
				wantDamage(t, err, path, "Open")
				return
			}
			if err != nil {
				t.Fatalf("Open over the check limit read an old record: %v", err)
			}
			defer db.Close()
			err = db.CheckWhole()
			wantDamage(t, err, path, "CheckWhole")
			var ce *ChainError
			if !errors.As(err, &ce) {
				t.Errorf("CheckWhole: %v, want the broken chain", err)
			}
			if err := readEverything(db); err != nil && !errors.Is(err, ErrDamaged) {
				t.Errorf("reading the store: %v", err)
			}
			// Open checking the file whole finds it too.
			db.Close()
			if _, err := Open(path, Options{CheckLimit: -1}); !errors.Is(err, ErrDamaged) {
				t.Errorf("Open checking the file whole: %v, want the damage", err)
			}
		})
	}
}

// TestCheckNew_Random damages records at random places, old and new, many times: a new one is
// found at Open, an old one by the whole check.
func TestCheckNew_Random(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("POSTALD_CHECK_SEED"), 10, 64); err == nil {
		seed = s // a failing run again
	}
	t.Logf("seed %d (POSTALD_CHECK_SEED=%d runs it again)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	path := checkedStore(t)
	for i := range 40 {
		g := []GameID{game37, game12}[r.IntN(2)]
		var n uint64
		rawUpdate(t, path, func(tx *bolt.Tx) error {
			n = uint64(countKeys(tx.Bucket(bucketArchive).Bucket([]byte(g.Key()))))
			return nil
		})
		seq := 1 + r.Uint64N(n)
		isNew := g == game37 && seq > 12 // game37's letters 5 and 6: entries 13 to 18
		damaged := copyFile(t, path)
		rawUpdate(t, damaged, func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketArchive).Bucket([]byte(g.Key()))
			v := bytes.Clone(b.Get(seqKey(seq)))
			at := r.IntN(len(v))
			v[at] ^= byte(1 + r.IntN(255))
			return b.Put(seqKey(seq), v)
		})
		db, err := Open(damaged, incremental)
		if isNew {
			if err == nil {
				db.Close()
				t.Errorf("%d: %s #%d (new) damaged: Open succeeded", i, g, seq)
			}
			continue
		}
		if err != nil {
			// The entry last verified is read at open, to link the new ones to: its damage may
			// be found there already.
			if !errors.Is(err, ErrDamaged) {
				t.Errorf("%d: %s #%d (old) damaged: Open over the check limit: %v", i, g, seq, err)
			}
			continue
		}
		if err := db.CheckWhole(); !errors.Is(err, ErrDamaged) && !samePacked(t, path, db, g, seq) {
			t.Errorf("%d: %s #%d (old) damaged: CheckWhole: %v", i, g, seq, err)
		}
		db.Close()
	}
}

// samePacked reports whether entry seq of chain g reads in db exactly as in the store at path:
// a byte changed where the packing has room for it (zstd can say the same thing in more than
// one way) changes nothing of the letter or its record, and no check could call it damage.
func samePacked(t *testing.T, path string, db *DB, g GameID, seq uint64) bool {
	t.Helper()
	read := func(db *DB) (out []byte) {
		err := db.View(func(tx *Tx) error {
			v := tx.tx.Bucket(bucketArchive).Bucket([]byte(g.Key())).Get(seqKey(seq))
			e, h, err := tx.decodeEntry(g.Key(), v)
			out = append(append(append(bytes.Clone(h), e.Raw...), e.Prev[:]...), e.Hash[:]...)
			return err
		})
		if err != nil {
			return nil
		}
		return out
	}
	orig, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	a, b := read(orig), read(db)
	return a != nil && bytes.Equal(a, b)
}

// TestCheckNew_Pages writes four bytes over the header of every page in use of a checked
// store: Open over the check limit either refuses the file or opens it, and then the whole
// check refuses it; none of it panics.
func TestCheckNew_Pages(t *testing.T) {
	path := checkedStore(t)
	pages, ps := inUsePages(t, path)
	if len(pages) < 10 {
		t.Fatalf("only %d pages in use", len(pages))
	}
	for _, p := range pages {
		damaged := overwrite(t, path, int64(p*ps), []byte{0xde, 0xad, 0xbe, 0xef})
		db, err := Open(damaged, incremental)
		if err != nil {
			wantDamage(t, err, damaged, fmt.Sprintf("page %d: Open", p))
			continue
		}
		err = db.CheckWhole()
		db.Close()
		wantDamage(t, err, damaged, fmt.Sprintf("page %d: CheckWhole", p))
	}
}

// TestCheckWhole_Records: the whole check records what it verified (nothing is left to check
// at the next open), and a letter written while it runs is left to the next check.
func TestCheckWhole_Records(t *testing.T) {
	path := checkedStore(t)
	db, err := Open(path, Options{SkipCheck: true, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 1 {
			t.Errorf("%d unchecked, want 1", n)
		}
		return nil
	})
	if err := db.CheckWhole(); err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 0 {
			t.Errorf("%d unchecked after the whole check", n)
		}
		return nil
	})
	// A check that read the store before a letter: the letter's mark stays.
	var c *checked
	view(t, db, func(tx *Tx) (err error) { c, err = tx.wholeChecked(); return err })
	playLetters(t, db, game12, 103, 1)
	update(t, db, func(tx *Tx) error { return tx.recordChecked(c) })
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 1 {
			t.Errorf("%d unchecked after a letter written during a check, want 1", n)
		}
		return nil
	})
}

// copyFile copies the file at path into a new temporary directory.
func copyFile(t *testing.T, path string) string {
	t.Helper()
	return overwrite(t, path, 0, nil)
}
