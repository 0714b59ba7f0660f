package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

var updateV4 = flag.Bool("update-v4", false, "rewrite testdata/schema-v4.db")

// The frozen version-4 file: a finished tournament of one game with three letters archived
// (recordV1 entries, whose hash covers the raw bytes), sealed to the last one, and a ruling.
var v4Game = GameID{Tournament: "СТ-2025/4", Game: "1-2"}

// v4Entry is an archive entry as schema versions 1 to 4 wrote it (recordV1). Frozen here.
func v4Entry(prev Digest, e ArchiveEntry) ([]byte, Digest, error) {
	header, err := json.Marshal(e)
	if err != nil {
		return nil, Digest{}, err
	}
	hash := entryHash(prev, header, e.Raw)
	v := append([]byte{recordV1}, prev[:]...)
	v = append(v, hash[:]...)
	v = binary.BigEndian.AppendUint32(v, uint32(len(header)))
	return append(append(v, header...), e.Raw...), hash, nil
}

// putV4Chain writes the entries es as recordV1 entries of chain g in a version-4 layout, with
// the head, and returns the last hash.
func putV4Chain(tx *bolt.Tx, g GameID, es []ArchiveEntry) (Digest, error) {
	b, err := tx.Bucket(bucketArchive).CreateBucketIfNotExists([]byte(g.Key()))
	if err != nil {
		return Digest{}, err
	}
	var prev Digest
	for i, e := range es {
		e.Chain, e.Seq = g.Key(), uint64(i+1)
		v, hash, err := v4Entry(prev, e)
		if err != nil {
			return Digest{}, err
		}
		if err := b.Put(seqKey(e.Seq), v); err != nil {
			return Digest{}, err
		}
		prev = hash
	}
	return prev, tx.Bucket(bucketArchiveHead).Put([]byte(g.Key()), encodeHead(uint64(len(es)), prev))
}

func v4Letters() []ArchiveEntry {
	var es []ArchiveEntry
	for i := range 3 {
		dir := In
		if i == 1 {
			dir = Out
		}
		es = append(es, ArchiveEntry{Direction: dir, Time: t0.Add(time.Duration(i) * time.Hour), Move: i + 1, Verdict: "accepted",
			MessageID: fmt.Sprintf("v4-%d@example.org", i), Raw: letter(fmt.Sprintf("v4-%d@example.org", i), fmt.Sprintf("letter %d", i))})
	}
	return es
}

func buildV4(t *testing.T, path string) {
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := createSchema(tx, bucketsV4, 4); err != nil {
			return err
		}
		v, err := encodeJSON(Sheet{Format: "toml", Data: fmt.Appendf(nil, "[tournament]\ncode = %q\n", v4Game.Tournament), Created: t0})
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketTournaments).Put([]byte(v4Game.Tournament), v); err != nil {
			return err
		}
		last, err := putV4Chain(tx, v4Game, v4Letters())
		if err != nil {
			return err
		}
		rec, err := encodeGameRecord(v4Game, GameState{Format: 1, Data: []byte(`{"status":"finished"}`)}, 3, last)
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketGames).Put([]byte(v4Game.Key()), rec); err != nil {
			return err
		}
		js, err := json.Marshal(rulingRecord{Seq: 1, Game: v4Game, Time: t0, Kind: "penalty", Reason: "late"})
		if err != nil {
			return err
		}
		rv, hash := chainRuling(Digest{}, js)
		if err := tx.Bucket(bucketRulings).Put(seqKey(1), rv); err != nil {
			return err
		}
		if err := tx.Bucket(bucketRulings).SetSequence(1); err != nil {
			return err
		}
		if err := tx.Bucket(bucketRulingsIndex).Put(rulingIndexKey(v4Game, 1), []byte{recordV1}); err != nil {
			return err
		}
		if err := tx.Bucket(bucketMeta).Put(metaRulingsHead, encodeHead(1, hash)); err != nil {
			return err
		}
		return (&Tx{tx: tx}).bumpRevision([]byte("version 4"))
	})
}

// TestMigrate_V4 opens the frozen version-4 file: it is migrated to version 5 without a record
// rewritten (the receipts of its letters stay valid), a letter archived after the migration is
// a recordV2 entry chained to the old ones, and the tournament can be archived and its letters
// pruned: verify then reports the old entries as pruned, not as broken.
func TestMigrate_V4(t *testing.T) {
	db, path := migrated(t, "schema-v4.db", *updateV4, buildV4, 4)
	defer closeChecked(t, db)
	var want []Digest
	prev := Digest{}
	for i, e := range v4Letters() {
		e.Chain, e.Seq = v4Game.Key(), uint64(i+1)
		_, hash, err := v4Entry(prev, e)
		if err != nil {
			t.Fatal(err)
		}
		want, prev = append(want, hash), hash
	}
	var got []Digest
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(v4Game, 1, func(e ArchiveEntry) error {
			got = append(got, e.Hash)
			if !e.oldHash || e.RawDigest != sha256Sum(e.Raw) {
				t.Errorf("entry %d: old formula %v, digest %s", e.Seq, e.oldHash, e.RawDigest)
			}
			return nil
		})
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("hashes after migration %v, want the receipts' %v", got, want)
	}
	// A letter after the migration: the new formula, on the same chain.
	update(t, db, func(tx *Tx) error {
		_, err := tx.Archive(v4Game, ArchiveEntry{Direction: In, Time: t0.Add(5 * time.Hour), Verdict: "notice", Raw: []byte("late letter")})
		return err
	})
	view(t, db, func(tx *Tx) error {
		v := tx.bucket(bucketArchive).Bucket([]byte(v4Game.Key())).Get(seqKey(4))
		if v[0] != recordV3 {
			t.Errorf("entry written after the migration: record version %d", v[0])
		}
		rep, err := tx.VerifyChain(v4Game)
		if err != nil || rep != (ChainReport{Entries: 4}) {
			t.Errorf("VerifyChain = %+v, %v", rep, err)
		}
		return nil
	})
	if _, err := db.ArchiveTournament(v4Game.Tournament, t0.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	res, err := db.PruneArchived(v4Game.Tournament, t0.Add(60*24*time.Hour), MinRetention)
	if err != nil {
		t.Fatal(err)
	}
	if res.Dropped != 4 {
		t.Errorf("dropped %d letters, want 4", res.Dropped)
	}
	view(t, db, func(tx *Tx) error {
		rep, err := tx.VerifyChain(v4Game)
		if err != nil || rep != (ChainReport{Entries: 4, Pruned: 4, PrunedOld: 3}) {
			t.Errorf("VerifyChain after pruning = %+v, %v; want 4 entries, 4 pruned, 3 of the old formula", rep, err)
		}
		if _, err := tx.VerifyGame(v4Game); err != nil {
			t.Error(err)
		}
		var hashes []Digest
		err = tx.ArchiveEntries(v4Game, 1, func(e ArchiveEntry) error {
			hashes = append(hashes, e.Hash)
			if !e.Pruned || len(e.Raw) != 0 || e.Verdict == "" {
				t.Errorf("entry %d after pruning: %+v", e.Seq, e)
			}
			return nil
		})
		if fmt.Sprint(hashes[:3]) != fmt.Sprint(want) {
			t.Errorf("hashes after pruning %v, want the receipts' %v", hashes, want)
		}
		return err
	})
	_ = path
}

// TestPruneArchived covers the retention's floor and its date, the pruning itself and a pruned
// entry changed afterwards.
func TestPruneArchived(t *testing.T) {
	db := openTemp(t)
	fillArchivable(t, db)
	archivedAt := t0.Add(48 * time.Hour)
	if _, err := db.PruneArchived(finT.Tournament, archivedAt, MinRetention); err == nil {
		t.Error("pruned a tournament not archived")
	}
	res, err := db.ArchiveTournament(finT.Tournament, archivedAt)
	if err != nil {
		t.Fatal(err)
	}
	before := tournamentView(t, db, finT.Tournament)
	tests := []struct {
		name   string
		now    time.Time
		retain time.Duration
		want   error
	}{
		{"shorter than a month", archivedAt.Add(100 * 24 * time.Hour), 29 * 24 * time.Hour, ErrInvalid},
		{"within the retention", archivedAt.Add(30*24*time.Hour - time.Second), MinRetention, ErrRetained},
		{"within a longer retention", archivedAt.Add(100 * 24 * time.Hour), 365 * 24 * time.Hour, ErrRetained},
	}
	for _, tc := range tests {
		if _, err := db.PruneArchived(finT.Tournament, tc.now, tc.retain); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if got := tournamentView(t, db, finT.Tournament); got != before {
		t.Fatal("a refused prune changed the tournament")
	}
	pr, err := db.PruneArchived(finT.Tournament, archivedAt.Add(MinRetention), MinRetention)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Dropped != 9 || pr.Bytes <= 0 || pr.Generation != 1 || filepath.Base(pr.Path) != ArchiveFileName(finT.Tournament, 1) {
		t.Errorf("prune: %+v", pr)
	}
	if _, err := os.Stat(res.Path); !os.IsNotExist(err) {
		t.Errorf("the file before pruning is still there: %v", err)
	}
	view(t, db, func(tx *Tx) error {
		for _, g := range []GameID{finA, finB, finT} {
			rep, err := tx.VerifyChain(g)
			if err != nil || rep.Pruned != rep.Entries || rep.PrunedOld != 0 || rep.Entries == 0 {
				t.Errorf("VerifyChain(%s) = %+v, %v", g, rep, err)
			}
			if _, err := tx.VerifyGame(g); err != nil {
				t.Error(err)
			}
		}
		st, err := tx.Game(finA)
		if err != nil || st.InPlay {
			t.Errorf("game after pruning: %+v, %v", st, err)
		}
		return nil
	})
	if err := db.VerifyArchived(finT.Tournament); err != nil {
		t.Fatal(err)
	}
	// Pruning again drops nothing more.
	if pr, err := db.PruneArchived(finT.Tournament, archivedAt.Add(40*24*time.Hour), MinRetention); err != nil || pr.Dropped != 0 {
		t.Errorf("second prune: %+v, %v", pr, err)
	}
}

// TestPruneArchived_Crash stops the prune after the new file is named and after the store's
// record is switched: the tournament reads the same either way, and the next run finishes.
func TestPruneArchived_Crash(t *testing.T) {
	for _, step := range []string{"pruned", "switched"} {
		t.Run(step, func(t *testing.T) {
			db := openTemp(t)
			fillArchivable(t, db)
			archivedAt := t0.Add(48 * time.Hour)
			if _, err := db.ArchiveTournament(finT.Tournament, archivedAt); err != nil {
				t.Fatal(err)
			}
			crash := fmt.Errorf("crash")
			archiveStep = func(s string) error {
				if s == step {
					return crash
				}
				return nil
			}
			_, err := db.PruneArchived(finT.Tournament, archivedAt.Add(MinRetention), MinRetention)
			archiveStep = nil
			if err == nil {
				t.Fatal("no crash")
			}
			view(t, db, func(tx *Tx) error {
				_, err := tx.VerifyGame(finA)
				return err
			})
			if _, err := db.PruneArchived(finT.Tournament, archivedAt.Add(MinRetention+time.Hour), MinRetention); err != nil {
				t.Fatalf("the next run: %v", err)
			}
			var rec ArchivedTournament
			view(t, db, func(tx *Tx) (err error) { rec, _, err = tx.Archived(finT.Tournament); return err })
			files, _ := filepath.Glob(filepath.Join(db.ArchiveDir(), "*"))
			if len(files) != 1 || filepath.Base(files[0]) != rec.File {
				t.Errorf("archive directory %v, the record names %s", files, rec.File)
			}
			if err := db.VerifyArchived(finT.Tournament); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestVerify_PrunedEntryChanged: a pruned entry whose header is changed breaks its chain, of
// either formula.
func TestVerify_PrunedEntryChanged(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for i := range 3 {
			if _, err := tx.Archive(game37, ArchiveEntry{Direction: In, Time: t0, Verdict: "accepted", Raw: []byte(fmt.Sprint("letter ", i))}); err != nil {
				return err
			}
		}
		return nil
	})
	update(t, db, func(tx *Tx) error {
		b := tx.bucket(bucketArchive).Bucket([]byte(game37.Key()))
		v, err := tx.pruneEntry(game37.Key(), b.Get(seqKey(2)))
		if err != nil {
			return err
		}
		v, err = tx.editEntry(game37.Key(), v, func(header, raw []byte) ([]byte, []byte) {
			return bytes.Replace(header, []byte(`"accepted"`), []byte(`"rejected"`), 1), raw
		})
		if err != nil {
			return err
		}
		return b.Put(seqKey(2), v)
	})
	path := db.Path()
	db.Close()
	db, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Verify(game37)
	var ce *ChainError
	if !errors.As(err, &ce) || ce.Seq != 2 {
		t.Errorf("Verify of a changed pruned entry: %v, want a broken link at 2", err)
	}
}
