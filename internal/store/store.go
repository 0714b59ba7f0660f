package store

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// DefaultTimeout is how long Open waits for the file lock when
// Options.Timeout is zero.
const DefaultTimeout = 5 * time.Second

// fileMode is the only mode a store file may have: it holds players'
// addresses and all their correspondence.
const fileMode os.FileMode = 0o600

// Options configure Open. The zero value is ready to use.
type Options struct {
	// Timeout bounds the wait for the file lock; zero means DefaultTimeout.
	// The store never waits forever.
	Timeout time.Duration

	// ReadOnly opens the file with a shared lock, for reports while no
	// daemon runs. A file that needs a migration cannot be opened read-only.
	ReadOnly bool

	// NoSync skips fsync on commit. Only for tests and benchmarks: a crash
	// can then lose committed transactions.
	NoSync bool

	// Logger receives what Open repairs (a loose file mode) and migrates;
	// nil discards.
	Logger *slog.Logger
}

// DB is an open store file. Its methods may be called from several
// goroutines; bbolt serialises writers.
type DB struct {
	bolt     *bolt.DB
	path     string
	instance string
	log      *slog.Logger
}

// Tx is a transaction, valid only inside the function given to Update or
// View. Byte slices it returns are copies and stay valid after it ends.
type Tx struct {
	tx *bolt.Tx
	db *DB
}

// Open opens or creates the store file at path with mode 0600, waiting at
// most opts.Timeout for the lock. A new file is created at SchemaVersion; an
// older file is migrated in one transaction; a newer one is refused with
// ErrNewerSchema.
func Open(path string, opts Options) (*DB, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if err := fixMode(path, opts.ReadOnly, log); err != nil {
		return nil, err
	}
	b, err := bolt.Open(path, fileMode, &bolt.Options{
		Timeout:  timeout,
		ReadOnly: opts.ReadOnly,
		NoSync:   opts.NoSync,
	})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%w (pid %s): %s: lock not obtained within %v", ErrInUse, lockHolder(path), path, timeout)
	}
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db := &DB{bolt: b, path: path, log: log}
	if err := db.prepare(opts.ReadOnly); err != nil {
		b.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return db, nil
}

// fixMode tightens the mode of an existing file to 0600 and says so.
func fixMode(path string, readOnly bool, log *slog.Logger) error {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("open store %s: not a regular file", path)
	}
	if fi.Mode().Perm()&0o077 == 0 {
		return nil // only the owner can read it
	}
	if readOnly {
		log.Warn("store file mode is not 0600", "path", path, "mode", fi.Mode().Perm().String())
		return nil
	}
	if err := os.Chmod(path, fileMode); err != nil {
		return fmt.Errorf("open store %s: tighten mode %v to 0600: %w", path, fi.Mode().Perm(), err)
	}
	log.Warn("store file mode tightened to 0600", "path", path, "was", fi.Mode().Perm().String())
	return nil
}

// lockHolder names the process holding the flock on path, from /proc/locks
// (Linux), or "unknown".
func lockHolder(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return "unknown"
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "unknown"
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	major, minor := (st.Dev>>8)&0xfff|(st.Dev>>32)&^0xfff, st.Dev&0xff|(st.Dev>>12)&^0xff
	want := fmt.Sprintf(":%d", st.Ino)
	holder := "unknown"
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 12345 fd:01:1234567 0 EOF
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" {
			continue
		}
		dev := strings.Split(fields[5], ":")
		if len(dev) != 3 || ":"+dev[2] != want {
			continue
		}
		ma, err1 := strconv.ParseUint(dev[0], 16, 64)
		mi, err2 := strconv.ParseUint(dev[1], 16, 64)
		if err1 == nil && err2 == nil && ma == major && mi == minor {
			return fields[4]
		}
		holder = fields[4] // the same inode on a device named differently (overlay file systems)
	}
	return holder
}

// prepare creates the schema of a new file, migrates an older one, and
// refuses a newer one.
func (db *DB) prepare(readOnly bool) error {
	if readOnly {
		return db.bolt.View(func(tx *bolt.Tx) error {
			v, err := schemaVersion(tx)
			if err != nil {
				return err
			}
			switch {
			case v == 0:
				return fmt.Errorf("%w: empty file", ErrNotStore)
			case v > SchemaVersion:
				return newerSchema(v)
			case v < SchemaVersion:
				return fmt.Errorf("schema version %d needs migrating to %d: open the store read-write once", v, SchemaVersion)
			}
			db.instance = string(tx.Bucket(bucketMeta).Get(metaInstance)[1:])
			return nil
		})
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		v, err := schemaVersion(tx)
		if err != nil {
			return err
		}
		if v == 0 {
			if err := createSchema(tx, currentBuckets, SchemaVersion); err != nil {
				return err
			}
			v = SchemaVersion
			db.log.Info("store created", "path", db.path, "schema", v)
		}
		if v > SchemaVersion {
			return newerSchema(v)
		}
		for ; v < SchemaVersion; v++ {
			m := migrations[v-1]
			if err := m.apply(tx); err != nil {
				return fmt.Errorf("migrate schema %d to %d (%s): %w", v, v+1, m.what, err)
			}
			db.log.Info("store migrated", "path", db.path, "from", v, "to", v+1, "what", m.what)
		}
		if err := putSchemaVersion(tx, v); err != nil {
			return err
		}
		db.instance = string(tx.Bucket(bucketMeta).Get(metaInstance)[1:])
		return nil
	})
}

// schemaVersion reads the version of the file: 0 for an empty file.
func schemaVersion(tx *bolt.Tx) (int, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty := true
		tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return io.EOF })
		if !empty {
			return 0, fmt.Errorf("%w: no %s bucket", ErrNotStore, bucketMeta)
		}
		return 0, nil
	}
	b := meta.Get(metaSchemaVersion)
	if len(b) != 4 {
		return 0, fmt.Errorf("%w: bad %s", ErrNotStore, metaSchemaVersion)
	}
	if inst := meta.Get(metaInstance); len(inst) < 2 || inst[0] != recordV1 {
		return 0, fmt.Errorf("%w: bad %s", ErrNotStore, metaInstance)
	}
	v := int(binary.BigEndian.Uint32(b))
	if v < 1 {
		return 0, fmt.Errorf("%w: schema version %d", ErrNotStore, v)
	}
	return v, nil
}

// newerSchema is the error for a file at schema version v, written by a later postald.
func newerSchema(v int) error {
	return fmt.Errorf("%w: file has schema version %d, this postald knows up to %d; run a newer postald", ErrNewerSchema, v, SchemaVersion)
}

func putSchemaVersion(tx *bolt.Tx, v int) error {
	if err := tx.Bucket(bucketMeta).Put(metaSchemaVersion, binary.BigEndian.AppendUint32(nil, uint32(v))); err != nil {
		return fmt.Errorf("put schema version %d: %w", v, err)
	}
	return nil
}

// createSchema lays out an empty file at version v with the given buckets.
func createSchema(tx *bolt.Tx, buckets [][]byte, v int) error {
	for _, name := range buckets {
		if _, err := tx.CreateBucket(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	var inst [8]byte
	if _, err := rand.Read(inst[:]); err != nil {
		return fmt.Errorf("instance name: %w", err)
	}
	if err := tx.Bucket(bucketMeta).Put(metaInstance, append([]byte{recordV1}, hex.EncodeToString(inst[:])...)); err != nil {
		return fmt.Errorf("put instance name: %w", err)
	}
	return putSchemaVersion(tx, v)
}

// Close closes the file, waiting for open transactions to finish.
func (db *DB) Close() error {
	if err := db.bolt.Close(); err != nil {
		return fmt.Errorf("close store %s: %w", db.path, err)
	}
	return nil
}

// Path is the file's path.
func (db *DB) Path() string { return db.path }

// Instance is the random name given to the file when it was created; it
// appears in every outgoing Message-ID.
func (db *DB) Instance() string { return db.instance }

// Update runs fn in a read-write transaction. If fn returns an error (or
// panics) nothing it did is kept; otherwise everything commits together,
// fsynced before Update returns.
func (db *DB) Update(fn func(*Tx) error) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx, db: db}) })
}

// View runs fn in a read-only transaction that sees one consistent state.
func (db *DB) View(fn func(*Tx) error) error {
	return db.bolt.View(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx, db: db}) })
}

// WriteTo writes a consistent copy of the whole file to w (a hot backup).
func (db *DB) WriteTo(w io.Writer) (int64, error) {
	var n int64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Check walks bbolt's own consistency check over the file and returns the
// first problem it finds.
func (db *DB) Check() error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		var first error
		for err := range tx.Check() { // drain: Check's goroutine sends every problem
			if first == nil {
				first = fmt.Errorf("store check: %w", err)
			}
		}
		return first
	})
}

func (tx *Tx) bucket(name []byte) *bolt.Bucket { return tx.tx.Bucket(name) }
