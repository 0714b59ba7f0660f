package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	bolt "go.etcd.io/bbolt"
)

// sampleGames are the games of sampleStore: the letters of each are archived
// and each has a state; game37's state holds the ply "b4-a5".
var sampleGames = []GameID{game12, game37, {Tournament: "CT-2026/1", Game: "2-5"}}

// sampleStore writes a closed store of three games with letters in and out,
// game states, next events and three rulings, and returns its path.
func sampleStore(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		g := sampleGames[i%len(sampleGames)]
		state := fmt.Sprintf(`{"game":%q,"plies":["c3-d4","f6-g5","b4-a5","h6-g7"],"n":%d}`, g.Game, i)
		next := t0.Add(time.Duration(72+i) * time.Hour)
		out := reply(fmt.Sprintf("forwarded letter %d", i))
		out.Game = g
		if _, err := db.ProcessLetter(LetterOutcome{
			Ref: inbox(1, uint32(i+1)), MessageID: fmt.Sprintf("m%d@example.org", i),
			Raw: letter(fmt.Sprintf("m%d@example.org", i), fmt.Sprintf("letter %d", i)), Received: t0, Now: t0,
			Game: g, Move: i/3 + 1, Verdict: "accepted", State: &GameState{Format: 1, Data: []byte(state)},
			NextEvent: &next, Outgoing: []Outgoing{out},
		}); err != nil {
			t.Fatal(err)
		}
	}
	update(t, db, func(tx *Tx) error {
		for i, g := range []GameID{game37, {Tournament: "CT-2026/1"}, game12} {
			if _, err := tx.AppendRuling(Ruling{Game: g, Time: t0, Entry: ruled("penalty"), Clause: "4.3.1", Reason: fmt.Sprintf("late reply number %d", i)}); err != nil {
				return err
			}
		}
		return nil
	})
	closeChecked(t, db)
	return path
}

// readEverything reads every record of db through the store's API, as the
// judge's views and the daemon would, and returns the first error.
func readEverything(db *DB) error {
	return db.View(func(tx *Tx) error {
		games, err := tx.Games("")
		if err != nil {
			return err
		}
		for _, g := range games {
			if _, err := tx.Game(g); err != nil {
				return err
			}
		}
		chains, err := tx.Chains()
		if err != nil {
			return err
		}
		for _, g := range chains {
			if err := tx.ArchiveEntries(g, 1, func(ArchiveEntry) error { return nil }); err != nil {
				return err
			}
		}
		if _, err := tx.Rulings(GameID{}); err != nil {
			return err
		}
		if _, err := tx.PendingInbound(); err != nil {
			return err
		}
		if _, err := tx.Due(t0.Add(1000*time.Hour), 0); err != nil {
			return err
		}
		_, err = tx.EventsDue(t0.Add(1000 * time.Hour))
		return err
	})
}

// inUsePages lists the pages of the file at path that head a branch or leaf
// page in use (not free), as bbolt sees them.
func inUsePages(t *testing.T, path string) (pages []int, pageSize int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	pageSize = b.Info().PageSize
	if err := b.View(func(tx *bolt.Tx) error {
		for id := 2; int64(id)*int64(pageSize) < tx.Size(); id++ {
			p, err := tx.Page(id)
			if err != nil {
				return err
			}
			if p != nil && (p.Type == "branch" || p.Type == "leaf") {
				pages = append(pages, id)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return pages, pageSize
}

// overwrite writes b at offset off of a copy of the file at path and returns
// the copy's path.
func overwrite(t *testing.T, path string, off int64, b []byte) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[off:], b)
	dst := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(dst, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return dst
}

// wantDamage fails unless err is a *DamageError naming path.
func wantDamage(t *testing.T, err error, path, what string) {
	t.Helper()
	var de *DamageError
	if !errors.As(err, &de) || !errors.Is(err, ErrDamaged) || de.Path != path || !strings.Contains(err.Error(), path) {
		t.Errorf("%s: %v, want a DamageError naming %s", what, err, path)
	}
}

// TestOpen_DamagedPage writes four bytes over pages of a real store file, as
// a disk or an editor would: over the header of every page in use Open must
// refuse the file with a DamageError naming it; anywhere in any page, Open
// and every read after it (with the deep check skipped) end in a result or
// such an error, never in a panic.
func TestOpen_DamagedPage(t *testing.T) {
	path := sampleStore(t)
	pages, ps := inUsePages(t, path)
	if len(pages) < 5 {
		t.Fatalf("only %d pages in use: the sample is too small to test", len(pages))
	}
	junk := []byte{0xde, 0xad, 0xbe, 0xef}
	for _, p := range pages {
		damaged := overwrite(t, path, int64(p*ps), junk)
		db, err := Open(damaged, Options{})
		if err == nil {
			db.Close()
			t.Errorf("page %d: Open of a file with a damaged page header succeeded", p)
			continue
		}
		wantDamage(t, err, damaged, fmt.Sprintf("page %d: Open", p))
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	for p := 2; int64(p*ps) < fi.Size(); p++ {
		for _, off := range []int{8, 16, 24, 40, 100, ps / 2, ps - 4} {
			damaged := overwrite(t, path, int64(p*ps+off), junk)
			for _, skip := range []bool{false, true} {
				db, err := Open(damaged, Options{SkipCheck: skip})
				if err != nil {
					if !errors.Is(err, ErrDamaged) {
						t.Logf("page %d+%d skip=%v: Open: %v", p, off, skip, err) // another refusal (not a store, …) is fine
					}
					if !strings.Contains(err.Error(), damaged) {
						t.Errorf("page %d+%d skip=%v: Open: %v does not name the file", p, off, skip, err)
					}
					continue
				}
				if err := readEverything(db); err != nil && !strings.Contains(err.Error(), damaged) && !errors.Is(err, ErrNotFound) {
					t.Logf("page %d+%d skip=%v: read: %v", p, off, skip, err)
				}
				db.Close()
			}
		}
	}
}

// TestDamage_PanicInCallerGoesOn checks that the boundary turns only bbolt's
// panics into errors: a panic of the caller's own function is not hidden.
func TestDamage_PanicInCallerGoesOn(t *testing.T) {
	db := openTemp(t)
	for name, run := range map[string]func(func(*Tx) error) error{"Update": db.Update, "View": db.View} {
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Errorf("%s: recovered %v, want the caller's panic", name, r)
				}
			}()
			err := run(func(*Tx) error { panic("boom") })
			t.Errorf("%s returned %v after its function panicked", name, err)
		}()
	}
}

func TestOpen_Truncated(t *testing.T) {
	path := sampleStore(t)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	for _, skip := range []bool{false, true} {
		db, err := Open(path, Options{SkipCheck: skip})
		if err == nil {
			db.Close()
			t.Fatalf("skip=%v: Open of a truncated file succeeded", skip)
		}
		wantDamage(t, err, path, fmt.Sprintf("skip=%v: Open of a truncated file", skip))
		if !strings.Contains(err.Error(), "truncated") {
			t.Errorf("skip=%v: %v does not say the file is truncated", skip, err)
		}
	}
}

// TestSeal_FileEdited changes one byte of a game's state in the file itself
// (b4-a5 becomes b4-h5), as the observed edit did: Open refuses the file,
// naming the game; with the deep check skipped, reading the game fails and
// Verify finds it, while the other games still read.
func TestSeal_FileEdited(t *testing.T) {
	path := sampleStore(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Every copy of game37's current state: the live record, and stale copies in free pages.
	db, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var state []byte
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		state = st.Data
		return err
	})
	db.Close()
	edited := bytes.ReplaceAll(state, []byte(`"b4-a5"`), []byte(`"b4-h5"`))
	if bytes.Equal(edited, state) || !bytes.Contains(data, state) {
		t.Fatalf("state %s not found to edit", state)
	}
	data = bytes.ReplaceAll(data, state, edited)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}

	_, err = Open(path, Options{})
	wantDamage(t, err, path, "Open of an edited game")
	var se *SealError
	if !errors.As(err, &se) || se.Game != game37 || !strings.Contains(err.Error(), "game record CT-2026/1/3-7 does not verify: content does not match its seal") {
		t.Fatalf("Open of an edited game: %v, want the SealError of %s", err, game37)
	}

	// A file over the check limit is checked in what was written since its last check: the
	// game was written since (the file was never opened again), so its edit is found.
	_, err = Open(path, Options{CheckLimit: 1024})
	wantDamage(t, err, path, "Open over the check limit of an edited game written since the last check")
	if !errors.As(err, &se) || se.Game != game37 {
		t.Fatalf("Open over the check limit: %v, want the SealError of %s", err, game37)
	}

	db, err = Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *Tx) error { _, err := tx.Game(game37); return err })
	wantDamage(t, err, path, "Game of an edited game")
	if !errors.As(err, &se) {
		t.Errorf("Game of an edited game: %v, want a SealError", err)
	}
	if _, err := db.Verify(game37); !errors.As(err, &se) {
		t.Errorf("Verify of an edited game: %v, want a SealError", err)
	}
	if err := db.VerifyAll(); !errors.As(err, &se) {
		t.Errorf("VerifyAll: %v, want a SealError", err)
	}
	if n, err := db.Verify(game12); err != nil || n != 8 {
		t.Errorf("Verify of another game: %d, %v", n, err)
	}
}

// TestSeal_Tamper edits game records as someone with bbolt in hand would.
func TestSeal_Tamper(t *testing.T) {
	record := func(tx *bolt.Tx, g GameID) []byte { return bytes.Clone(tx.Bucket(bucketGames).Get([]byte(g.Key()))) }
	put := func(tx *bolt.Tx, g GameID, v []byte) error { return tx.Bucket(bucketGames).Put([]byte(g.Key()), v) }
	tests := []struct {
		name   string
		tamper func(tx *bolt.Tx) error
		want   string
	}{
		{"the last byte of the state", func(tx *bolt.Tx) error {
			v := record(tx, game37)
			v[len(v)-2] ^= 1
			return put(tx, game37, v)
		}, "content does not match its seal"},
		{"the format", func(tx *bolt.Tx) error {
			v := record(tx, game37)
			v[2]++
			return put(tx, game37, v)
		}, "content does not match its seal"},
		{"a record written in the old layout", func(tx *bolt.Tx) error {
			return put(tx, game37, encodeGameV1(GameState{Format: 1, Data: []byte(`{}`)}))
		}, "bad header"},
		{"the record of another game", func(tx *bolt.Tx) error {
			return put(tx, game37, record(tx, game12))
		}, "content does not match its seal"},
		{"the in-play flag", func(tx *bolt.Tx) error {
			v := record(tx, game37)
			v[3] ^= gameInPlay
			return put(tx, game37, v)
		}, "content does not match its seal"},
		{"resealed to an entry that is not the chain's", func(tx *bolt.Tx) error {
			v := record(tx, game37)
			v[43] ^= 1 // the anchor hash
			seal := gameSeal(game37, v)
			copy(v[44:76], seal[:])
			return put(tx, game37, v)
		}, "whose hash is not the one sealed"},
		{"resealed to an entry the chain does not hold", func(tx *bolt.Tx) error {
			v := record(tx, game37)
			binary.BigEndian.PutUint64(v[4:12], 99)
			seal := gameSeal(game37, v)
			copy(v[44:76], seal[:])
			return put(tx, game37, v)
		}, "sealed to archive entry 99, which the chain does not hold"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := sampleStore(t)
			rawUpdate(t, path, tc.tamper)
			db, err := Open(path, Options{SkipCheck: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			_, err = db.Verify(game37)
			var se *SealError
			if !errors.As(err, &se) || se.Game != game37 || !strings.Contains(se.Reason, tc.want) {
				t.Errorf("Verify: %v, want a SealError of %s saying %q", err, game37, tc.want)
			}
			if _, err := db.Verify(game12); err != nil {
				t.Errorf("the other game: %v", err)
			}
		})
	}
}

// TestRulings_Tamper edits the rulings log.
func TestRulings_Tamper(t *testing.T) {
	get := func(tx *bolt.Tx, seq uint64) []byte { return bytes.Clone(tx.Bucket(bucketRulings).Get(seqKey(seq))) }
	put := func(tx *bolt.Tx, seq uint64, v []byte) error { return tx.Bucket(bucketRulings).Put(seqKey(seq), v) }
	tests := []struct {
		name    string
		tamper  func(tx *bolt.Tx) error
		wantSeq uint64
	}{
		{"a changed reason", func(tx *bolt.Tx) error {
			return put(tx, 2, bytes.Replace(get(tx, 2), []byte("late reply"), []byte("late Reply"), 1))
		}, 2},
		{"a ruling rehashed alone", func(tx *bolt.Tx) error {
			v := get(tx, 1)
			var prev Digest
			copy(prev[:], v[1:33])
			nv, _ := chainRuling(prev, bytes.Replace(v[65:], []byte("late reply"), []byte("on time"), 1))
			return put(tx, 1, nv)
		}, 2},
		{"a ruling deleted", func(tx *bolt.Tx) error { return tx.Bucket(bucketRulings).Delete(seqKey(2)) }, 2},
		{"the last ruling deleted", func(tx *bolt.Tx) error {
			if err := tx.Bucket(bucketRulings).Delete(seqKey(3)); err != nil {
				return err
			}
			return tx.Bucket(bucketRulingsIndex).Delete(rulingIndexKey(game12, 3))
		}, 3},
		{"an index entry removed", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketRulingsIndex).Delete(rulingIndexKey(game37, 1))
		}, 1},
		{"two rulings swapped", func(tx *bolt.Tx) error {
			one, two := get(tx, 1), get(tx, 2)
			return errors.Join(put(tx, 1, two), put(tx, 2, one))
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := sampleStore(t)
			rawUpdate(t, path, tc.tamper)
			_, err := Open(path, Options{})
			wantDamage(t, err, path, "Open")
			var ce *ChainError
			if !errors.As(err, &ce) || ce.Chain != "rulings" || ce.Seq != tc.wantSeq {
				t.Errorf("Open: %v, want the rulings log broken at %d", err, tc.wantSeq)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("rulings log broken at ruling %d", tc.wantSeq)) {
				t.Errorf("error %q does not name the ruling", err)
			}
		})
	}
	// With the deep check skipped, reading an edited ruling fails too.
	path := sampleStore(t)
	rawUpdate(t, path, tests[0].tamper)
	db, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *Tx) error { _, err := tx.Rulings(GameID{Tournament: "CT-2026/1"}); return err })
	wantDamage(t, err, path, "Rulings")
	if _, err := db.Verify(GameID{Tournament: "CT-2026/1"}); !errors.Is(err, ErrDamaged) {
		t.Errorf("Verify of the tournament: %v, want its edited ruling", err)
	}
	if _, err := db.Verify(game37); err != nil {
		t.Errorf("Verify of a game whose rulings are intact: %v", err)
	}
}

func TestRulings_Chained(t *testing.T) {
	db := openTemp(t)
	var hashes []Digest
	for i := range 3 {
		update(t, db, func(tx *Tx) error {
			_, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Entry: ruled("penalty"), Reason: itoa(i)})
			return err
		})
		view(t, db, func(tx *Tx) error {
			v := tx.bucket(bucketRulings).Get(seqKey(uint64(i + 1)))
			var prev, hash Digest
			copy(prev[:], v[1:33])
			copy(hash[:], v[33:65])
			if i > 0 && prev != hashes[i-1] {
				t.Errorf("ruling %d: previous hash %s, want %s", i+1, prev, hashes[i-1])
			}
			if _, h := chainRuling(prev, v[65:]); h != hash {
				t.Errorf("ruling %d: stored hash does not chain", i+1)
			}
			seq, head, err := decodeHead(tx.bucket(bucketMeta).Get(metaRulingsHead))
			if err != nil || seq != uint64(i+1) || head != hash {
				t.Errorf("head after ruling %d: %d %s %v", i+1, seq, head, err)
			}
			hashes = append(hashes, hash)
			return nil
		})
	}
}

// The file testdata/schema-v2.db was written by buildV2 at schema version 2
// (games unsealed, rulings unchained) and is kept frozen; TestMigrate_V2
// opens a copy. Rewrite it with go test -run TestMigrate_V2 -update-v2.
func buildV2(t *testing.T, path string) {
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := createSchema(tx, append(append([][]byte(nil), bucketsV1...), bucketInboundID), 2); err != nil {
			return err
		}
		head := tx.Bucket(bucketArchiveHead)
		chain, err := tx.Bucket(bucketArchive).CreateBucket([]byte(game37.Key()))
		if err != nil {
			return err
		}
		var prev Digest
		for seq := uint64(1); seq <= 2; seq++ {
			header := fmt.Appendf(nil, `{"chain":%q,"seq":%d,"dir":"in","time":"2026-11-18T09:30:00Z"}`, game37.Key(), seq)
			raw := fmt.Appendf(nil, "letter %d", seq)
			hash := entryHash(prev, header, raw)
			v := append([]byte{recordV1}, prev[:]...)
			v = append(v, hash[:]...)
			v = binary.BigEndian.AppendUint32(v, uint32(len(header)))
			v = append(append(v, header...), raw...)
			if err := chain.Put(seqKey(seq), v); err != nil {
				return err
			}
			prev = hash
		}
		if err := head.Put([]byte(game37.Key()), encodeHead(2, prev)); err != nil {
			return err
		}
		games := tx.Bucket(bucketGames)
		if err := games.Put([]byte(game37.Key()), encodeGameV1(GameState{Format: 1, Data: []byte(`{"plies":["c3-d4","b4-a5"]}`)})); err != nil {
			return err
		}
		if err := games.Put([]byte(game12.Key()), encodeGameV1(GameState{Format: 1, Data: []byte(`{"plies":[]}`)})); err != nil {
			return err
		}
		rulings, index := tx.Bucket(bucketRulings), tx.Bucket(bucketRulingsIndex)
		for i, g := range []GameID{game37, {Tournament: game37.Tournament}} {
			seq, _ := rulings.NextSequence()
			js := fmt.Appendf(nil, `{"seq":%d,"game":{"Tournament":%q,"Game":%q},"time":"2026-11-18T09:30:00Z","kind":"penalty","reason":"v2 ruling %d"}`, seq, g.Tournament, g.Game, i)
			if err := rulings.Put(seqKey(seq), append([]byte{recordV1}, js...)); err != nil {
				return err
			}
			if err := index.Put(rulingIndexKey(g, seq), []byte{recordV1}); err != nil {
				return err
			}
		}
		return nil
	})
}

func TestMigrate_V2(t *testing.T) {
	db, path := migrated(t, "schema-v2.db", *updateV2, buildV2, 2)
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if err != nil || st.Format != 1 || string(st.Data) != `{"plies":["c3-d4","b4-a5"]}` {
			t.Errorf("game 3-7 after migration: %+v, %v", st, err)
		}
		r, err := decodeGameRecord(tx.bucket(bucketGames).Get([]byte(game37.Key())))
		if err != nil || r.AnchorSeq != 2 {
			t.Errorf("game 3-7 sealed to entry %d (%v), want the chain's head 2", r.AnchorSeq, err)
		}
		if r, _ := decodeGameRecord(tx.bucket(bucketGames).Get([]byte(game12.Key()))); r.AnchorSeq != 0 {
			t.Errorf("game 1-2, without letters, sealed to entry %d", r.AnchorSeq)
		}
		rs, err := tx.Rulings(GameID{Tournament: game37.Tournament})
		if err != nil {
			return err
		}
		var reasons []string
		for _, r := range rs {
			reasons = append(reasons, fmt.Sprintf("%d %s %s", r.Seq, r.Game, r.Reason))
		}
		want := []string{"1 CT-2026/1/3-7 v2 ruling 0", "2 CT-2026/1/ v2 ruling 1"}
		if !cmp.Equal(reasons, want) {
			t.Errorf("rulings after migration (-got +want):\n%s", cmp.Diff(reasons, want))
		}
		return nil
	})
	// The migrated log goes on: a new ruling chains to the migrated ones.
	update(t, db, func(tx *Tx) error {
		r, err := tx.AppendRuling(Ruling{Game: game12, Time: t0, Entry: ruled("annul"), Reason: "after"})
		if err == nil && r.Seq != 3 {
			t.Errorf("new ruling numbered %d, want 3", r.Seq)
		}
		return err
	})
	closeChecked(t, db)

	// An edit after the migration is found.
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		v := bytes.Clone(tx.Bucket(bucketGames).Get([]byte(game37.Key())))
		return tx.Bucket(bucketGames).Put([]byte(game37.Key()), bytes.Replace(v, []byte("b4-a5"), []byte("b4-h5"), 1))
	})
	if _, err := Open(path, Options{}); !errors.Is(err, ErrDamaged) {
		t.Errorf("Open after an edit of a migrated game: %v, want ErrDamaged", err)
	}

}

// TestMigrate_V2Atomic: a migration 2→3 that fails leaves the file as it was.
func TestMigrate_V2Atomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	buildV2(t, path)
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRulings).Put(seqKey(9), []byte{recordV1, '{'})
	})
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, Options{}); err == nil || !strings.Contains(err.Error(), "migrate schema 2 to 3") {
		t.Fatalf("Open of a file whose migration fails: %v", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("a failed migration changed the file")
	}
}

// TestBackup copies a store while a writer goes on: the copy opens, passes
// the deep check and holds a state the store went through; a copy of a
// store at rest equals it key for key.
func TestBackup(t *testing.T) {
	path := sampleStore(t)
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			g := GameID{Tournament: "HOT", Game: fmt.Sprintf("g%d", i)}
			if err := db.Update(func(tx *Tx) error {
				if _, err := tx.Archive(g, ArchiveEntry{Direction: In, Time: t0, Raw: []byte("letter")}); err != nil {
					return err
				}
				return tx.PutGame(g, GameState{Data: []byte(g.Game)})
			}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	hot := filepath.Join(t.TempDir(), "hot.db")
	time.Sleep(20 * time.Millisecond)
	info, err := db.Backup(hot)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if info.Path != hot || info.Instance != db.Instance() || info.Bytes == 0 {
		t.Errorf("backup info %+v", info)
	}
	cp, err := Open(hot, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var copied int
	view(t, cp, func(tx *Tx) error {
		games, err := tx.Games("HOT")
		for _, g := range games {
			st, err := tx.Game(g)
			if err != nil || string(st.Data) != g.Game {
				t.Errorf("game %s in the copy: %q, %v", g, st.Data, err)
			}
		}
		copied = len(games)
		return err
	})
	closeChecked(t, cp)
	if fi, err := os.Stat(hot); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("copy's mode: %v, %v", fi.Mode(), err)
	}
	t.Logf("the copy holds %d of the games written meanwhile", copied)

	// At rest: the copy is the store, key for key.
	rest := filepath.Join(t.TempDir(), "rest.db")
	if _, err := db.Backup(rest); err != nil {
		t.Fatal(err)
	}
	cp, err = Open(rest, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, cp), dump(t, db); got != want {
		t.Errorf("the copy of a store at rest differs (-copy +store):\n%s", cmp.Diff(got, want))
	}
	closeChecked(t, cp)

	// An existing file is not overwritten, and nothing is left beside it.
	if _, err := db.Backup(rest); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup over an existing file: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(rest), "*.tmp-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestBackup_Damaged: a copy of a damaged store does not take the name.
func TestBackup_Damaged(t *testing.T) {
	path := sampleStore(t)
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		v := bytes.Clone(tx.Bucket(bucketGames).Get([]byte(game37.Key())))
		v[len(v)-2] ^= 1
		return tx.Bucket(bucketGames).Put([]byte(game37.Key()), v)
	})
	db, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dst := filepath.Join(t.TempDir(), "copy.db")
	_, err = db.Backup(dst)
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "the copy does not check") {
		t.Errorf("backup of a damaged store: %v", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the damaged copy took the name: %v", err)
	}
}
