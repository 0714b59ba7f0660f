package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	bolt "go.etcd.io/bbolt"
)

var (
	updateV1 = flag.Bool("update-v1", false, "rewrite testdata/schema-v1.db")
	updateV2 = flag.Bool("update-v2", false, "rewrite testdata/schema-v2.db")
)

func TestOpen_Create(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("mode %v, want 0600", got)
	}
	if got := fileSchema(t, db); got != SchemaVersion {
		t.Errorf("schema version %d, want %d", got, SchemaVersion)
	}
	if got, want := bucketNames(t, db), names(currentBuckets); !cmp.Equal(got, want) {
		t.Errorf("buckets (-got +want):\n%s", cmp.Diff(got, want))
	}
	if len(db.Instance()) != 16 {
		t.Errorf("instance %q, want 16 hex digits", db.Instance())
	}
	if got, want := db.Opened(), (Opening{Created: true}); got != want {
		t.Errorf("Opened() = %+v, want %+v", got, want)
	}
}

func TestOpen_Reopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	inst := db.Instance()
	update(t, db, func(tx *Tx) error { return tx.PutGame(game37, GameState{Format: 3, Data: []byte(`{"moves":[]}`)}) })
	closeChecked(t, db)

	db, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	if db.Instance() != inst {
		t.Errorf("instance changed from %q to %q on reopen", inst, db.Instance())
	}
	if got := db.Opened(); got != (Opening{}) {
		t.Errorf("Opened() on reopen = %+v, want nothing done", got)
	}
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if err != nil {
			return err
		}
		if st.Format != 3 || string(st.Data) != `{"moves":[]}` {
			t.Errorf("game after reopen: %+v", st)
		}
		return nil
	})
}

func TestOpen_TightensMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	closeChecked(t, db)
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	db, err = Open(path, Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("mode %v, want 0600", got)
	}
	if !strings.Contains(logged.String(), "level=WARN") || !strings.Contains(logged.String(), "was=-rw-r--r--") {
		t.Errorf("log does not say the mode was tightened:\n%s", logged.String())
	}
}

func TestOpen_InUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)

	// bbolt's flock belongs to the open file, so a second Open in the same
	// process waits exactly as another postald would.
	second, err := Open(path, Options{Timeout: 100 * time.Millisecond})
	if err == nil {
		second.Close()
		t.Fatal("second Open succeeded while the file is held")
	}
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("error %v, want ErrInUse", err)
	}
	want := "store is in use by another postald (pid " + strconv.Itoa(os.Getpid()) + ")"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not contain %q", err, want)
	}

	// Read-only opens take a shared lock, refused too while the daemon holds
	// the exclusive one.
	if ro, err := Open(path, Options{Timeout: 50 * time.Millisecond, ReadOnly: true}); !errors.Is(err, ErrInUse) {
		if err == nil {
			ro.Close()
		}
		t.Errorf("read-only open while held: %v, want ErrInUse", err)
	}
}

func TestOpen_ReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	update(t, db, func(tx *Tx) error { return tx.PutGame(game37, GameState{Data: []byte("x")}) })
	closeChecked(t, db)

	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Update(func(tx *Tx) error { return tx.PutGame(game12, GameState{}) }); err == nil {
		t.Error("write in a read-only store succeeded")
	}
	view(t, ro, func(tx *Tx) error { _, err := tx.Game(game37); return err })
}

func TestOpen_RefusesNewer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	closeChecked(t, db)
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(metaSchemaVersion, binary.BigEndian.AppendUint32(nil, SchemaVersion+1))
	})
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	_, err = Open(path, Options{})
	if !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("error %v, want ErrNewerSchema", err)
	}
	if want := fmt.Sprintf("file has schema version %d, this postald knows up to %d", SchemaVersion+1, SchemaVersion); !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("refusing a newer file changed it")
	}
}

func TestOpen_NotStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		_, err := tx.CreateBucket([]byte("keys"))
		return err
	})
	if _, err := Open(path, Options{}); !errors.Is(err, ErrNotStore) {
		t.Fatalf("error %v, want ErrNotStore", err)
	}
}

// frozenCopy copies a frozen store file of testdata into the test's directory and returns the
// copy's path; when the test ends it checks that the frozen file itself is untouched.
func frozenCopy(t *testing.T, frozen string) string {
	t.Helper()
	orig, err := os.ReadFile(frozen)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "postald.db")
	if err := os.WriteFile(path, orig, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		now, err := os.ReadFile(frozen)
		if err != nil {
			t.Error(err)
		} else if !bytes.Equal(now, orig) {
			t.Errorf("the test changed %s", frozen)
		}
	})
	return path
}

// The file testdata/schema-v1.db was written by buildV1 at schema version 1
// (before inbound_id) and is kept frozen; TestMigrate_V1 opens a copy.
// Rewrite it with go test -run TestMigrate_V1 -update-v1.
func buildV1(t *testing.T, path string) {
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := createSchema(tx, bucketsV1, 1); err != nil {
			return err
		}
		put := func(rec Inbound) error {
			v, err := encodeJSON(rec)
			if err != nil {
				return err
			}
			return tx.Bucket(bucketInbound).Put(inboundKey(rec.Ref), v)
		}
		withID := Inbound{Ref: inbox(7, 1), MessageID: "m1@example.org", Size: 11,
			State: InboundDone, Received: t0, Finished: t0, Game: game37, Verdict: "accepted", Archive: 1}
		withoutID := Inbound{Ref: inbox(7, 2), Digest: Digest(sha256Sum([]byte("no message id"))), Size: 13,
			State: InboundDone, Received: t0, Finished: t0, Game: game37, Verdict: "rejected", Archive: 2}
		pending := Inbound{Ref: inbox(7, 3), MessageID: "m3@example.org", Size: 5,
			State: InboundReceived, Received: t0}
		dup := Inbound{Ref: inbox(7, 4), MessageID: "m1@example.org", Size: 11,
			State: InboundDuplicate, Received: t0, DuplicateOf: &withID.Ref}
		for _, rec := range []Inbound{withID, withoutID, pending, dup} {
			if err := put(rec); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketGames).Put([]byte(game37.Key()), encodeGameV1(GameState{Format: 1, Data: []byte(`{"v1":true}`)}))
	})
}

func TestMigrate_V1(t *testing.T) {
	frozen := filepath.Join("testdata", "schema-v1.db")
	if *updateV1 {
		os.Remove(frozen)
		buildV1(t, frozen)
	}
	path := frozenCopy(t, frozen)

	var logged bytes.Buffer
	db, err := Open(path, Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db)
	if got := fileSchema(t, db); got != SchemaVersion {
		t.Errorf("schema version %d after migration, want %d", got, SchemaVersion)
	}
	if !strings.Contains(logged.String(), "store migrated") || !strings.Contains(logged.String(), "from=1 to=2") {
		t.Errorf("log does not report the migration:\n%s", logged.String())
	}
	if got, want := db.Opened(), (Opening{From: 1, To: SchemaVersion}); got != want {
		t.Errorf("Opened() = %+v, want %+v", got, want)
	}
	fresh := openTemp(t)
	if got, want := bucketNames(t, db), bucketNames(t, fresh); !cmp.Equal(got, want) {
		t.Errorf("migrated buckets differ from a new file's (-got +want):\n%s", cmp.Diff(got, want))
	}

	// The index holds the first copies only, keyed as Receive looks them up.
	var index []string
	view(t, db, func(tx *Tx) error {
		return tx.bucket(bucketInboundID).ForEach(func(k, v []byte) error {
			index = append(index, string(k)+" → "+MessageRef{Mailbox: string(v[1 : len(v)-9]),
				UIDValidity: binary.BigEndian.Uint32(v[len(v)-8:]), UID: binary.BigEndian.Uint32(v[len(v)-4:])}.String())
			return nil
		})
	})
	wantIndex := []string{
		"mid:m1@example.org → INBOX/7/1",
		"mid:m3@example.org → INBOX/7/3",
		"sha256:" + Digest(sha256Sum([]byte("no message id"))).String() + " → INBOX/7/2",
	}
	if !cmp.Equal(index, wantIndex) {
		t.Errorf("inbound_id (-got +want):\n%s", cmp.Diff(index, wantIndex))
	}

	// A letter received under version 1 is recognised after a UIDVALIDITY
	// change, by Message-ID and by digest.
	update(t, db, func(tx *Tx) error {
		rec, isNew, err := tx.Receive(inbox(8, 1), "<m1@example.org>", []byte("changed bytes"), t0.Add(time.Hour))
		if err != nil {
			return err
		}
		if isNew || rec.Ref != inbox(7, 1) || rec.State != InboundDone {
			t.Errorf("m1 after UIDVALIDITY change: new=%v %+v", isNew, rec)
		}
		rec, isNew, err = tx.Receive(inbox(8, 2), "", []byte("no message id"), t0.Add(time.Hour))
		if err != nil {
			return err
		}
		if isNew || rec.Ref != inbox(7, 2) || rec.Verdict != "rejected" {
			t.Errorf("letter without Message-ID after UIDVALIDITY change: new=%v %+v", isNew, rec)
		}
		st, err := tx.Game(game37)
		if err != nil {
			return err
		}
		if string(st.Data) != `{"v1":true}` {
			t.Errorf("game after migration: %s", st.Data)
		}
		return nil
	})

}

// TestMigrate_Atomic checks that a migration that fails leaves the file at
// its old version with nothing changed.
func TestMigrate_Atomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	buildV1(t, path)
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketInbound).Put(inboundKey(inbox(9, 9)), []byte{recordV1, '{'})
	})
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, Options{}); err == nil || !strings.Contains(err.Error(), "migrate schema 1 to 2") {
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

func fileSchema(t *testing.T, db *DB) int {
	t.Helper()
	var v int
	if err := db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		v, err = schemaVersion(tx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

func bucketNames(t *testing.T, db *DB) []string {
	t.Helper()
	var out []string
	if err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
			out = append(out, string(name))
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func names(bs [][]byte) []string {
	var out []string
	for _, b := range bs {
		out = append(out, string(b))
	}
	slices.Sort(out)
	return out
}

func TestMigrations_Ordered(t *testing.T) {
	if len(migrations) != SchemaVersion-1 {
		t.Fatalf("%d migrations for schema version %d", len(migrations), SchemaVersion)
	}
	for i, m := range migrations {
		if m.from != i+1 || m.apply == nil || m.what == "" {
			t.Errorf("migration %d: from %d, want %d", i, m.from, i+1)
		}
	}
}

func TestOpen_ReadOnlyNeedsMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	buildV1(t, path)
	if _, err := Open(path, Options{ReadOnly: true}); err == nil || !strings.Contains(err.Error(), "needs migrating") {
		t.Errorf("read-only open of a version-1 file: %v", err)
	}
}
