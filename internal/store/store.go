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
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
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

	// SkipCheck skips the deep check of Open (bbolt's consistency check of
	// every page and the walk of every hash chain), for very large files.
	// The header check (bbolt's meta pages, the file's length, the schema
	// version, the buckets) is never skipped, and a damaged page or record
	// met later is still reported as a *DamageError, never a panic.
	SkipCheck bool

	// CheckLimit bounds the whole deep check of Open: a file of up to this many
	// bytes is checked whole at every open (every page, every chain from its
	// first entry); a larger one only in what was written since its last check
	// (verify.go), so that opening a store of many years costs what is new, not
	// what it holds; `judge verify` and the daemon's schedule check it whole.
	// Zero means DefaultCheckLimit; a negative limit checks every file whole.
	CheckLimit int64

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
	deflater deflater    // the game before a letter is compressed with it (prior.go)
	codec    letterCodec // the letters are packed with it (packing.go)

	// archiveOf is set in an archive file: the tournament it holds (archived.go).
	archiveOf *archiveOf
	// archives are the archive files opened read-only for archived tournaments, by code;
	// staleArchives those replaced since (a transaction may still read them), closed with db.
	archMu        sync.Mutex
	archives      map[string]archivedDB
	staleArchives []*DB

	// opened is what opening the file did to it (Opened).
	opened Opening
}

// Opening is what Open did to the file besides opening it: created it, or migrated it from an
// older schema. A command line tells its user in his language (Opened); the log says it too.
type Opening struct {
	// Created: the file was new and is created at SchemaVersion.
	Created bool
	// From and To are the schema versions of a migration (From 0: none).
	From, To int
}

// Opened reports what Open did to the file.
func (db *DB) Opened() Opening { return db.opened }

// Tx is a transaction, valid only inside the function given to Update or
// View. Byte slices it returns are copies and stay valid after it ends.
type Tx struct {
	tx *bolt.Tx
	db *DB
	// arch are the read transactions on the archive files of archived tournaments this
	// transaction read (archivedTx), ended with it.
	arch map[string]*Tx
}

// Open opens or creates the store file at path with mode 0600, waiting at
// most opts.Timeout for the lock. A new file is created at SchemaVersion; an
// older file is migrated in one transaction; a newer one is refused with
// ErrNewerSchema.
//
// DefaultCheckLimit is the largest file Open checks whole by default: a tenth of a second of
// reading on a small machine (BenchmarkOpenCheck); a larger file is checked in what was
// written since its last check.
const DefaultCheckLimit = 64 << 20

// Open checks the file before it is used: the header always (bbolt's meta
// pages, the file's length against them, the schema version and the
// buckets), then, unless opts.SkipCheck, the deep check: for a file of up to
// opts.CheckLimit bytes every page (checkPages) and every hash chain and
// sealed record (VerifyAll), and for a larger one what was written since the
// last check (CheckNew). A damaged file is refused with a *DamageError
// naming the file and the damage. What the check covered is recorded in the
// file (a file opened read-only records nothing).
func Open(path string, opts Options) (*DB, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	loose, err := checkPath(path)
	if err != nil {
		return nil, err
	}
	limit := opts.CheckLimit
	switch {
	case limit == 0:
		limit = DefaultCheckLimit
	case limit < 0:
		limit = math.MaxInt64
	}
	whole := true
	if fi, err := os.Stat(path); err == nil && fi.Size() > limit {
		whole = false
	}
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 && !opts.ReadOnly && !opts.SkipCheck && whole {
		// The pages are checked through a read-only handle first: opening
		// read-write makes bbolt read the freelist, and a panic there would
		// leak bbolt's mapping of the file, and with it the lock.
		if err := checkFile(path, timeout, log); err != nil {
			return nil, err
		}
	}
	b, f, err := openBolt(path, &bolt.Options{
		Timeout:  timeout,
		ReadOnly: opts.ReadOnly,
		NoSync:   opts.NoSync,
	})
	if err != nil {
		return nil, boltOpenError(path, timeout, err)
	}
	db := &DB{bolt: b, path: path, log: log}
	if err := db.open(opts, whole); err != nil {
		db.codec.close()
		b.Close()
		return nil, openError(path, err)
	}
	if loose {
		// Known now to be postald's store: its header, schema and buckets are read.
		if err := tightenMode(f, path, opts.ReadOnly, log); err != nil {
			b.Close()
			return nil, err
		}
	}
	return db, nil
}

// boltOpenError is the error of Open when bolt.Open fails.
func boltOpenError(path string, timeout time.Duration, err error) error {
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("%w (pid %s): %s: lock not obtained within %v", ErrInUse, lockHolder(path), path, timeout)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum), errors.Is(err, bolterrors.ErrVersionMismatch):
		return &DamageError{Path: path, Err: fmt.Errorf("its header (bbolt's meta pages) does not verify: %w", err)}
	}
	return openError(path, err)
}

// openBolt is bolt.Open with a panic on a damaged page (the freelist is read
// on open) turned into a *DamageError. bbolt does not close the file when it
// panics, so openBolt closes it, which releases the lock. The file is opened
// without following a symbolic link (O_NOFOLLOW), whatever replaced the file
// since checkPath looked; f is the file bbolt holds.
func openBolt(path string, o *bolt.Options) (b *bolt.DB, f *os.File, err error) {
	o.OpenFile = func(name string, flag int, mode os.FileMode) (*os.File, error) {
		var err error
		f, err = os.OpenFile(name, flag|syscall.O_NOFOLLOW, mode)
		if errors.Is(err, syscall.ELOOP) {
			err = fmt.Errorf("it is a symbolic link, which postald does not follow: %w", err)
		}
		return f, err
	}
	defer func() {
		if err != nil && f != nil {
			f.Close() // a second Close of a file bbolt closed is harmless
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(path, &err)
	b, err = bolt.Open(path, fileMode, o)
	return b, f, err
}

// openError is err as Open returns it: a *DamageError as it is (it names
// the file), anything else with the file's name.
func openError(path string, err error) error {
	var de *DamageError
	if errors.As(err, &de) {
		return err
	}
	return fmt.Errorf("open store %s: %w", path, err)
}

// checkFile checks the length and the pages of the file at path through a
// read-only handle (see Open).
func checkFile(path string, timeout time.Duration, log *slog.Logger) error {
	b, _, err := openBolt(path, &bolt.Options{Timeout: timeout, ReadOnly: true})
	if err != nil {
		return boltOpenError(path, timeout, err)
	}
	db := &DB{bolt: b, path: path, log: log}
	err = db.checkLength()
	if err == nil {
		err = db.Check()
	}
	return errors.Join(err, b.Close())
}

// open checks the file and prepares its schema: the header, the pages (when
// checkFile did not), the migrations, the chains; whole, or what is new.
func (db *DB) open(opts Options, whole bool) error {
	if err := db.checkLength(); err != nil {
		return err
	}
	if opts.ReadOnly && !opts.SkipCheck && whole {
		if err := db.Check(); err != nil {
			return err
		}
	}
	if err := db.prepare(opts.ReadOnly); err != nil {
		return err
	}
	switch {
	case opts.SkipCheck:
		return nil
	case whole:
		return db.verifyAllRecorded()
	}
	return db.CheckNew()
}

// verifyAllRecorded is VerifyAll, recorded as a whole check when the file is open for writing.
func (db *DB) verifyAllRecorded() error {
	if db.bolt.IsReadOnly() {
		return db.VerifyAll()
	}
	return db.Update(func(tx *Tx) error {
		if err := tx.verifyAll(); err != nil {
			return err
		}
		c, err := tx.wholeChecked()
		if err != nil {
			return err
		}
		return tx.recordChecked(c)
	})
}

// checkLength refuses a file shorter than the pages its header says it has
// (a truncated copy): bbolt would fault reading them.
func (db *DB) checkLength() error {
	fi, err := os.Stat(db.path)
	if err != nil {
		return err
	}
	return db.boltView(func(tx *bolt.Tx) error {
		if size := tx.Size(); fi.Size() < size {
			return &DamageError{Path: db.path, Err: fmt.Errorf("the file has %d bytes but its header says %d: it is truncated", fi.Size(), size)}
		}
		return nil
	})
}

// checkPath looks at the file at path without following a symbolic link, before anything opens
// it: a link is refused (a [store] path that names a link, or a typo that names another file
// through one, must never lead postald to open, lock or change that file), and so is anything
// but a regular file. It reports whether an existing file's mode lets others read it; the mode
// is tightened only once the file is known to be postald's store (tightenMode).
func checkPath(path string) (loose bool, err error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("open store: %w", err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		target, _ := os.Readlink(path)
		return false, fmt.Errorf("open store %s: it is a symbolic link (to %s): postald opens its store by the file's own path, "+
			"never through a link, and has not touched the file it points to; set [store] path to the store file itself", path, target)
	}
	if !fi.Mode().IsRegular() {
		return false, fmt.Errorf("open store %s: not a regular file", path)
	}
	return fi.Mode().Perm()&0o077 != 0, nil
}

// tightenMode sets the mode of the open store f to 0600 and says so; read-only, it only warns.
func tightenMode(f *os.File, path string, readOnly bool, log *slog.Logger) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("open store %s: %w", path, err)
	}
	if fi.Mode().Perm()&0o077 == 0 {
		return nil // only the owner can read it
	}
	if readOnly {
		log.Warn("store file mode is not 0600", "path", path, "mode", fi.Mode().Perm().String())
		return nil
	}
	if err := f.Chmod(fileMode); err != nil {
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
		return db.boltView(func(tx *bolt.Tx) error {
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
			if db.archiveOf, err = readArchiveOf(tx); err != nil {
				return err
			}
			if err := db.checkBuckets(tx); err != nil {
				return err
			}
			return db.codec.loadDicts(tx, false)
		})
	}
	return db.boltUpdate(func(tx *bolt.Tx) error {
		v, err := schemaVersion(tx)
		if err != nil {
			return err
		}
		if v == 0 {
			if err := createSchema(tx, currentBuckets, SchemaVersion); err != nil {
				return err
			}
			v = SchemaVersion
			db.opened.Created = true
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
			if db.opened.From == 0 {
				db.opened.From = v
			}
			db.opened.To = v + 1
		}
		if err := putSchemaVersion(tx, v); err != nil {
			return err
		}
		db.instance = string(tx.Bucket(bucketMeta).Get(metaInstance)[1:])
		if db.archiveOf, err = readArchiveOf(tx); err != nil {
			return err
		}
		if err := db.checkBuckets(tx); err != nil {
			return err
		}
		return db.codec.loadDicts(tx, true)
	})
}

// checkBuckets reports a bucket of SchemaVersion missing from the file.
func (db *DB) checkBuckets(tx *bolt.Tx) error {
	for _, name := range currentBuckets {
		if tx.Bucket(name) == nil {
			return &DamageError{Path: db.path, Err: fmt.Errorf("bucket %s is missing", name)}
		}
	}
	return nil
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
	if v >= 8 {
		if err := putDeliveryKey(tx); err != nil {
			return err
		}
	}
	return putSchemaVersion(tx, v)
}

// Close closes the file, waiting for open transactions to finish.
func (db *DB) Close() error {
	aerr := db.closeArchives()
	defer db.codec.close()
	if err := db.bolt.Close(); err != nil {
		return fmt.Errorf("close store %s: %w", db.path, err)
	}
	return aerr
}

// Path is the file's path.
func (db *DB) Path() string { return db.path }

// Instance is the random name given to the file when it was created; it
// appears in every outgoing Message-ID.
func (db *DB) Instance() string { return db.instance }

// Update runs fn in a read-write transaction. If fn returns an error (or
// panics) nothing it did is kept; otherwise everything commits together,
// fsynced before Update returns. A damaged page met on the way is a
// *DamageError, not a panic.
func (db *DB) Update(fn func(*Tx) error) error {
	return db.boltUpdate(func(tx *bolt.Tx) error {
		t := &Tx{tx: tx, db: db}
		defer t.endArchived()
		return fn(t)
	})
}

// View runs fn in a read-only transaction that sees one consistent state. A
// damaged page met on the way is a *DamageError, not a panic.
func (db *DB) View(fn func(*Tx) error) error {
	return db.boltView(func(tx *bolt.Tx) error {
		t := &Tx{tx: tx, db: db}
		defer t.endArchived()
		return fn(t)
	})
}

// boltView and boltUpdate are the store's boundary around bbolt: bbolt
// panics (and, with SetPanicOnFault, faults) on some damaged pages; guard
// turns those into a *DamageError and names the file in every error that
// says the file is damaged.
func (db *DB) boltView(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(db.path, &err)
	return db.bolt.View(fn)
}

func (db *DB) boltUpdate(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(db.path, &err)
	return db.bolt.Update(fn)
}

// guard, deferred, recovers a panic raised inside bbolt and returns it as a
// *DamageError; a panic raised elsewhere (in the caller's function) goes on.
// An error that matches ErrDamaged is given the file's name.
func guard(path string, errp *error) {
	if r := recover(); r != nil {
		site, ok := boltPanicSite()
		if !ok {
			panic(r)
		}
		*errp = &DamageError{Path: path, Err: fmt.Errorf("bbolt panicked reading a page: %v (in %s)", r, site)}
		return
	}
	var de *DamageError
	if *errp != nil && errors.Is(*errp, ErrDamaged) && !errors.As(*errp, &de) {
		*errp = &DamageError{Path: path, Err: *errp}
	}
}

// boltPanicSite, called by guard, returns the function that raised the
// panic in flight (the first frame past runtime.gopanic that is not the
// runtime's) and whether it belongs to bbolt.
func boltPanicSite() (string, bool) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && !strings.HasPrefix(f.Function, "runtime."):
			return f.Function, strings.HasPrefix(f.Function, "go.etcd.io/bbolt.") || strings.HasPrefix(f.Function, "go.etcd.io/bbolt/")
		}
		if !more {
			return "", false
		}
	}
}

// WriteTo writes a consistent copy of the whole file to w (a hot backup).
func (db *DB) WriteTo(w io.Writer) (int64, error) {
	var n int64
	err := db.boltView(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Check reads every page of the file and returns the first problem as a
// *DamageError: first the store's own walk of every bucket, key and value
// (on the calling goroutine, where a panic or a fault on a bad page can be
// recovered), then bbolt's consistency check (pages reachable or free, none
// twice, keys in order), which runs on a goroutine of bbolt's own and would
// crash the process on a page the walk had not read first.
func (db *DB) Check() error {
	return db.boltView(func(tx *bolt.Tx) error {
		if err := walkPages(tx); err != nil {
			return &DamageError{Path: db.path, Err: err}
		}
		var first error
		more := 0
		for err := range tx.Check() { // drain: Check's goroutine sends every problem
			if first == nil {
				first = err
			} else {
				more++
			}
		}
		switch {
		case first == nil:
			return nil
		case more > 0:
			first = fmt.Errorf("%w (and %d more problems)", first, more)
		}
		// bbolt reports a panic it recovered as "panic: …": it is a finding, not a crash.
		return &DamageError{Path: db.path, Err: fmt.Errorf("bbolt's consistency check: %s", strings.TrimPrefix(first.Error(), "panic: "))}
	})
}

// walkPages reads every bucket, key and value of the file, touching the
// first and last byte of each, so that a bad page panics (or faults) here
// and is reported with the bucket it belongs to.
func walkPages(tx *bolt.Tx) (err error) {
	where := "the root"
	var touched byte
	defer func() {
		if r := recover(); r != nil {
			site, ok := boltPanicSite()
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("bbolt panicked reading a page of bucket %s: %v (in %s)", where, r, site)
		}
	}()
	var walk func(path string, b *bolt.Bucket) error
	walk = func(path string, b *bolt.Bucket) error {
		where = path
		return b.ForEach(func(k, v []byte) error {
			touched ^= k[0] ^ k[len(k)-1]
			if v != nil {
				if len(v) > 0 {
					touched ^= v[0] ^ v[len(v)-1]
				}
				return nil
			}
			child := b.Bucket(k)
			if child == nil {
				return fmt.Errorf("bucket %s: key %q is neither a value nor a bucket", path, k)
			}
			if err := walk(path+"/"+strconv.QuoteToGraphic(string(k)), child); err != nil {
				return err
			}
			where = path
			return nil
		})
	}
	err = tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(strconv.QuoteToGraphic(string(name)), b) })
	_ = touched
	return err
}

func (tx *Tx) bucket(name []byte) *bolt.Bucket { return tx.tx.Bucket(name) }
