package store

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The frozen version-6 file testdata/schema-v6-office.db.gz was written by postald's office at
// schema version 6 (the last layout that kept letters as they are): two tournaments, 36 letters
// of one game decided by the office (each answered and forwarded with the picture of the
// position, inline and attached), the first 30 of them sent, the last six letters' answers still
// in the outbox. testdata/schema-v6-office.json lists, as that postald read them, every archive
// entry's hash and the SHA-256 of its letter, and every outbox item's state and the SHA-256 of
// the letter it still holds. It cannot be written again by this version: it is kept as it was.
type frozenV6 struct {
	Entries []struct {
		Chain  string `json:"chain"`
		Seq    uint64 `json:"seq"`
		Hash   string `json:"hash"`
		Raw    string `json:"raw_sha256"`
		Len    int    `json:"raw_len"`
		Dir    string `json:"dir"`
		Before bool   `json:"before"`
	} `json:"entries"`
	Outbox []struct {
		Seq   uint64 `json:"seq"`
		State string `json:"state"`
		Raw   string `json:"raw_sha256"`
	} `json:"outbox"`
}

// openV6 opens a migrated copy of the frozen version-6 file and returns it with what the
// version-6 postald read in it.
func openV6(t *testing.T) (*DB, frozenV6) {
	t.Helper()
	gz, err := os.Open(filepath.Join("testdata", "schema-v6-office.db.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer gz.Close()
	r, err := gzip.NewReader(gz)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "schema-v6.db"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	var want frozenV6
	js, err := os.ReadFile(filepath.Join("testdata", "schema-v6-office.json"))
	if err == nil {
		err = json.Unmarshal(js, &want)
	}
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	db, err := Open(filepath.Join(dir, "schema-v6.db"), Options{Logger: newTextLogger(&logged)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if got := fileSchema(t, db); got != SchemaVersion {
		t.Errorf("schema version %d after migration, want %d", got, SchemaVersion)
	}
	if !strings.Contains(logged.String(), "from=6 to=7") {
		t.Errorf("log does not report the migration:\n%s", logged.String())
	}
	if got, want := bucketNames(t, db), names(currentBuckets); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("migrated buckets %v, a new file's %v", got, want)
	}
	// The first open checked the file whole (every chain and game was marked) and recorded it.
	view(t, db, func(tx *Tx) error {
		if n := tx.Unchecked(); n != 0 {
			t.Errorf("%d chains and games still unchecked after the first open", n)
		}
		if n := tx.bucket(bucketVerified).Stats().KeyN; n < 2 {
			t.Errorf("%d chains verified at the first open", n)
		}
		return nil
	})
	return db, want
}

// TestMigrate_V6: every letter of a version-6 file reads byte for byte after the migration,
// every receipt is the one quoted, the letters still in the outbox are the ones to send, and a
// letter written after the migration is packed and reads back the same.
func TestMigrate_V6(t *testing.T) {
	db, want := openV6(t)
	if len(want.Entries) < 100 {
		t.Fatalf("the frozen file lists %d entries", len(want.Entries))
	}
	view(t, db, func(tx *Tx) error {
		i := 0
		chains, err := tx.Chains()
		if err != nil {
			return err
		}
		for _, g := range chains {
			err := tx.ArchiveEntries(g, 1, func(e ArchiveEntry) error {
				if i >= len(want.Entries) {
					return fmt.Errorf("more entries than the version-6 file held: %s #%d", e.Chain, e.Seq)
				}
				w := want.Entries[i]
				i++
				if e.Chain != w.Chain || e.Seq != w.Seq || e.Hash.String() != w.Hash || string(e.Direction) != w.Dir {
					t.Errorf("entry %s #%d %s %s, want %s #%d %s %s", e.Chain, e.Seq, e.Direction, e.Hash, w.Chain, w.Seq, w.Dir, w.Hash)
				}
				if d := sha256.Sum256(e.Raw); fmt.Sprintf("%x", d) != w.Raw || len(e.Raw) != w.Len {
					t.Errorf("entry %s #%d: the letter read (%d bytes) is not the one the version-6 postald read (%d bytes)", e.Chain, e.Seq, len(e.Raw), w.Len)
				}
				if _, ok, err := e.GameBefore(); err != nil || ok != w.Before {
					t.Errorf("entry %s #%d: the game before it: %v, %v; want %v", e.Chain, e.Seq, ok, err, w.Before)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		if i != len(want.Entries) {
			t.Errorf("%d entries read, the version-6 file held %d", i, len(want.Entries))
		}
		pending := 0
		for _, w := range want.Outbox {
			it, err := tx.OutboxItem(w.Seq)
			if err != nil {
				return err
			}
			if string(it.State) != w.State {
				t.Errorf("outbox %d: %s, want %s", w.Seq, it.State, w.State)
			}
			if w.Raw == "" {
				if len(it.Raw) != 0 {
					t.Errorf("outbox %d: holds %d bytes, the version-6 item none", w.Seq, len(it.Raw))
				}
				continue
			}
			pending++
			if d := sha256.Sum256(it.Raw); fmt.Sprintf("%x", d) != w.Raw {
				t.Errorf("outbox %d: the letter to send is not the one the version-6 postald kept", w.Seq)
			}
			sent, err := tx.SentLetter(it)
			if err != nil || !bytes.Equal(sent, it.Raw) {
				t.Errorf("outbox %d: SentLetter %v", w.Seq, err)
			}
		}
		if pending == 0 {
			t.Error("the frozen file has no letter waiting in the outbox")
		}
		return nil
	})

	// A letter after the migration: the picture of one of the old letters, packed once.
	var old []byte
	view(t, db, func(tx *Tx) error {
		it, err := tx.OutboxItem(want.Outbox[len(want.Outbox)-1].Seq)
		old = it.Raw
		return err
	})
	if !bytes.Contains(old, []byte("image/png")) {
		t.Fatalf("the last letter in the outbox carries no picture:\n%.2000s", old)
	}
	g := GameID{Tournament: "B-000", Game: "1-10"}
	update(t, db, func(tx *Tx) error {
		before := countKeys(tx.bucket(bucketParts))
		raw := bytes.Replace(old, []byte("Message-ID: <"), []byte("X-Copy: yes\r\nX-Was: <"), 1)
		it, err := tx.Enqueue(Outgoing{From: "moves@postald.test", To: []string{"p01@postald.test"}, Raw: raw, Game: g, Verdict: "notice"}, t0.Add(400*24*time.Hour))
		if err != nil {
			return err
		}
		if got := countKeys(tx.bucket(bucketParts)) - before; got != 1 {
			t.Errorf("%d parts kept for a letter with one picture (inline and attached), want 1", got)
		}
		back, err := tx.OutboxItem(it.Seq)
		if err != nil {
			return err
		}
		if !bytes.Equal(back.Raw, it.Raw) || !bytes.HasSuffix(it.Raw, raw) {
			t.Error("the letter enqueued after the migration does not read back byte for byte")
		}
		v := tx.bucket(bucketArchive).Bucket([]byte(g.Key())).Get(seqKey(it.Archive))
		if v[0] != recordV3 {
			t.Errorf("entry written after the migration: record version %d", v[0])
		}
		if len(v) > len(raw)/4 {
			t.Errorf("the entry of a %d-byte letter takes %d bytes", len(raw), len(v))
		}
		return nil
	})
	if err := db.VerifyAll(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fmt.Sprint(want.Entries[0].Chain), "B-000") {
		t.Errorf("first chain %s", want.Entries[0].Chain)
	}
}

// countKeys counts the keys of b (bbolt's Stats do not count what a write transaction added).
func countKeys(b interface {
	ForEach(func(k, v []byte) error) error
}) int {
	n := 0
	b.ForEach(func(_, _ []byte) error { n++; return nil })
	return n
}
