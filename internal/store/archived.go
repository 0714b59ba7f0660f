package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ArchiveDirName is the directory, beside the store file, that holds the archive files of the
// tournaments moved out of it (DB.ArchiveTournament).
const ArchiveDirName = "archive"

// MinRetention is the shortest time the raw bytes of a finished tournament's letters are kept:
// under clause 4.1.13 the players keep all the tournament's correspondence for a month after
// they receive its results, and show it to the judge on demand, so postald keeps its own copies
// at least as long. PruneArchived refuses a shorter retention whatever its caller says.
const MinRetention = 30 * 24 * time.Hour

// ErrArchived is returned when something would change a tournament moved to an archive file:
// its games, its letters, its rulings, its events, its sheet.
var ErrArchived = errors.New("store: the tournament is archived")

// ErrInPlay is wrapped by the error of ArchiveTournament for a tournament whose games are not all
// finished, or whose letters still wait in the outbox.
var ErrInPlay = errors.New("store: the tournament is not finished")

// ArchivedTournament is the main store's record of a tournament moved to an archive file
// (bucket archived_tournaments).
type ArchivedTournament struct {
	Code   string `json:"code"`
	File   string `json:"file"`   // the file's name in the archive directory
	Digest Digest `json:"sha256"` // of the whole file
	Bytes  int64  `json:"bytes"`  // its length
	// Archived is when it was moved; LastLetter the time of its latest letter (any chain of its
	// own or of its games).
	Archived   time.Time `json:"archived"`
	LastLetter time.Time `json:"last_letter,omitzero"`
	// Generation counts the rewrites of the file by PruneArchived (its name changes with it).
	Generation int `json:"generation,omitempty"`
	// Pruned is when its letters' raw bytes were dropped; zero while they are kept.
	Pruned time.Time `json:"pruned,omitzero"`
	// What was moved.
	Games   int `json:"games"`
	Letters int `json:"letters"`
	Outbox  int `json:"outbox"`
	Inbound int `json:"inbound"`
	Rulings int `json:"rulings"`
}

// RetainedUntil is the instant from which the raw bytes of its letters may be dropped after a
// retention of retain: retain after the later of its last letter and its archiving (postald
// publishes the results by letter; a tournament is archived after them).
func (a ArchivedTournament) RetainedUntil(retain time.Duration) time.Time {
	from := a.Archived
	if a.LastLetter.After(from) {
		from = a.LastLetter
	}
	return from.Add(retain)
}

// archiveOf is the meta record of an archive file: the tournament it holds and the store (its
// instance name) it was moved out of.
type archiveOf struct {
	Code     string    `json:"code"`
	Store    string    `json:"store"`
	Archived time.Time `json:"archived"`
}

// archivedDB is an archive file opened read-only for the record rec.
type archivedDB struct {
	rec ArchivedTournament
	db  *DB
}

// ArchiveDir is the directory of the store's archive files: ArchiveDirName beside the file.
func (db *DB) ArchiveDir() string { return filepath.Join(filepath.Dir(db.path), ArchiveDirName) }

// ArchiveFileName is the name of the archive file of tournament code at generation gen: the
// code's letters, digits, '-', '_' and '.' as they are (others as '_', at most 40), then the
// first 12 hex digits of the code's SHA-256, so that any code (Cyrillic, with "/") gives a
// name safe on any file system and two codes never share one.
func ArchiveFileName(code string, gen int) string {
	var b strings.Builder
	for _, r := range code {
		if b.Len() >= 40 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.' && b.Len() > 0:
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	sum := sha256.Sum256([]byte(code))
	name := fmt.Sprintf("%s-%x", b.String(), sum[:6])
	if gen > 0 {
		name += fmt.Sprintf(".g%d", gen)
	}
	return name + ".db"
}

// Archived returns the record of tournament code when it is archived.
func (tx *Tx) Archived(code string) (ArchivedTournament, bool, error) {
	b := tx.bucket(bucketArchived)
	if b == nil {
		return ArchivedTournament{}, false, nil
	}
	v := b.Get([]byte(code))
	if v == nil {
		return ArchivedTournament{}, false, nil
	}
	var rec ArchivedTournament
	if err := decodeJSON(v, &rec); err != nil {
		return rec, false, &DamageError{Path: tx.path(), Err: fmt.Errorf("archived tournament %s: %w", code, err)}
	}
	return rec, true, nil
}

// ArchivedTournaments lists the archived tournaments, in code order.
func (tx *Tx) ArchivedTournaments() ([]ArchivedTournament, error) {
	var out []ArchivedTournament
	b := tx.bucket(bucketArchived)
	if b == nil {
		return nil, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		var rec ArchivedTournament
		if err := decodeJSON(v, &rec); err != nil || rec.Code != string(k) {
			return &DamageError{Path: tx.path(), Err: fmt.Errorf("archived tournament %q: bad record", k)}
		}
		out = append(out, rec)
		return nil
	})
	return out, err
}

func (tx *Tx) path() string {
	if tx.db == nil {
		return ""
	}
	return tx.db.path
}

// refuseArchived is ErrArchived when tournament code is archived: a change to it is refused.
func (tx *Tx) refuseArchived(code string) error {
	rec, ok, err := tx.Archived(code)
	if err != nil || !ok {
		return err
	}
	return fmt.Errorf("tournament %s: %w in %s; its records are kept there and no longer change", code, ErrArchived, rec.File)
}

// archivedTx returns the read transaction, on its archive file, of tournament code when code is
// archived; nil when it is not (and in an archive file itself, whose archived_tournaments is
// empty). The file is opened read-only on first use, after its SHA-256 is checked against the
// record; the transaction ends with tx.
func (tx *Tx) archivedTx(code string) (*Tx, error) {
	if code == "" || tx.db == nil {
		return nil, nil
	}
	if a := tx.arch[code]; a != nil {
		return a, nil
	}
	rec, ok, err := tx.Archived(code)
	if err != nil || !ok {
		return nil, err
	}
	adb, err := tx.db.archiveDB(rec)
	if err != nil {
		return nil, err
	}
	btx, err := adb.bolt.Begin(false)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: archive file %s: %w", code, adb.path, err)
	}
	a := &Tx{tx: btx, db: adb}
	if tx.arch == nil {
		tx.arch = map[string]*Tx{}
	}
	tx.arch[code] = a
	return a, nil
}

// archivedErr names the archive file in an error that says it is damaged.
func (a *Tx) archivedErr(err error) error {
	var de *DamageError
	if err == nil || !errors.Is(err, ErrDamaged) || errors.As(err, &de) {
		return err
	}
	return &DamageError{Path: a.db.path, Err: err}
}

// endArchived ends the transactions tx opened on archive files.
func (tx *Tx) endArchived() {
	for _, a := range tx.arch {
		_ = a.tx.Rollback() // read-only: nothing to lose
	}
	tx.arch = nil
}

// archiveDB returns the archive file of rec, opened read-only: cached while the record names the
// same file with the same digest.
func (db *DB) archiveDB(rec ArchivedTournament) (*DB, error) {
	db.archMu.Lock()
	defer db.archMu.Unlock()
	if a, ok := db.archives[rec.Code]; ok {
		if a.rec.File == rec.File && a.rec.Digest == rec.Digest {
			return a.db, nil
		}
		db.staleArchives = append(db.staleArchives, a.db) // a transaction may still read it
		delete(db.archives, rec.Code)
	}
	adb, err := db.openArchive(rec, true)
	if err != nil {
		return nil, err
	}
	if db.archives == nil {
		db.archives = map[string]archivedDB{}
	}
	db.archives[rec.Code] = archivedDB{rec: rec, db: adb}
	return adb, nil
}

// openArchive opens the archive file of rec read-only after checking its length and SHA-256
// against the record, and checks that it holds rec's tournament. skipCheck skips the deep check
// (the digest says the file is the one verified when it was written).
func (db *DB) openArchive(rec ArchivedTournament, skipCheck bool) (*DB, error) {
	path := filepath.Join(db.ArchiveDir(), rec.File)
	fail := func(err error) (*DB, error) {
		return nil, fmt.Errorf("tournament %s is archived in %s: %w", rec.Code, path, err)
	}
	size, sum, err := fileDigest(path)
	if err != nil {
		return fail(err)
	}
	if size != rec.Bytes || sum != rec.Digest {
		return fail(&DamageError{Path: path, Err: fmt.Errorf("the file has %d bytes and SHA-256 %s, the store recorded %d bytes and %s when it was written: it was changed or replaced",
			size, sum, rec.Bytes, rec.Digest)})
	}
	adb, err := Open(path, Options{ReadOnly: true, SkipCheck: skipCheck, CheckLimit: -1, Logger: db.log})
	if err != nil {
		return fail(err)
	}
	if adb.archiveOf == nil || adb.archiveOf.Code != rec.Code {
		adb.Close()
		return fail(&DamageError{Path: path, Err: errors.New("the file is not the archive of this tournament")})
	}
	return adb, nil
}

// closeArchives closes the archive files db opened.
func (db *DB) closeArchives() error {
	db.archMu.Lock()
	defer db.archMu.Unlock()
	var errs []error
	for _, a := range db.archives {
		errs = append(errs, a.db.Close())
	}
	for _, a := range db.staleArchives {
		errs = append(errs, a.Close())
	}
	db.archives, db.staleArchives = nil, nil
	return errors.Join(errs...)
}

// fileDigest is the length and SHA-256 of the file at path.
func fileDigest(path string) (int64, Digest, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, Digest{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, Digest{}, err
	}
	var d Digest
	h.Sum(d[:0])
	return n, d, nil
}

// readArchiveOf reads meta archive_of: nil in a store file.
func readArchiveOf(tx *bolt.Tx) (*archiveOf, error) {
	v := tx.Bucket(bucketMeta).Get(metaArchiveOf)
	if v == nil {
		return nil, nil
	}
	var a archiveOf
	if err := decodeJSON(v, &a); err != nil || a.Code == "" {
		return nil, fmt.Errorf("%w: bad %s", ErrNotStore, metaArchiveOf)
	}
	return &a, nil
}

// ofTournament reports whether the key k of a game, a tournament's chain or an event
// ("tournament/game", "tournament/") belongs to tournament code.
func ofTournament(k []byte, code string) bool {
	g, err := parseKey(string(k))
	return err == nil && g.Tournament == code
}

// tournamentItems calls fn with every record of tournament code in tx, in a fixed order: its
// sheet, its games, their chunks, the archive chains of its games and its own with their heads,
// its events, its outbox items, the inbound records of its games (not the aliases of
// redeliveries), its rulings and their index. chain is the nested bucket of an archive entry.
// The values are given as stored.
func (tx *Tx) tournamentItems(code string, fn func(bucket, chain, k, v []byte) error) error {
	if v := tx.bucket(bucketTournaments).Get([]byte(code)); v != nil {
		if err := fn(bucketTournaments, nil, []byte(code), v); err != nil {
			return err
		}
	}
	prefix := []byte(code + "/")
	each := func(name []byte, keyOf func(k []byte) []byte) error {
		c := tx.bucket(name).Cursor()
		seek, match := prefix, func(k []byte) bool { return bytes.HasPrefix(k, prefix) }
		if bytes.Equal(name, bucketEvents) {
			seek, match = nil, func([]byte) bool { return true } // keyed by instant first
		}
		for k, v := c.Seek(seek); k != nil && match(k); k, v = c.Next() {
			if v == nil || !ofTournament(keyOf(k), code) {
				continue
			}
			if err := fn(name, nil, k, v); err != nil {
				return err
			}
		}
		return nil
	}
	self := func(k []byte) []byte { return k }
	if err := each(bucketGames, self); err != nil {
		return err
	}
	if err := each(bucketGameChunks, func(k []byte) []byte {
		if len(k) < 1+len(Digest{}) {
			return nil
		}
		return k[:len(k)-1-len(Digest{})]
	}); err != nil {
		return err
	}
	// The archive chains: the heads name them.
	var chains [][]byte
	c := tx.bucket(bucketArchiveHead).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if ofTournament(k, code) {
			chains = append(chains, bytes.Clone(k))
		}
	}
	for _, chain := range chains {
		b := tx.bucket(bucketArchive).Bucket(chain)
		if b == nil {
			continue
		}
		err := b.ForEach(func(k, v []byte) error { return fn(bucketArchive, chain, k, v) })
		if err != nil {
			return err
		}
	}
	for _, chain := range chains {
		if err := fn(bucketArchiveHead, nil, chain, tx.bucket(bucketArchiveHead).Get(chain)); err != nil {
			return err
		}
	}
	if err := each(bucketEventsByGame, self); err != nil {
		return err
	}
	if err := each(bucketEvents, func(k []byte) []byte {
		if len(k) < 8 {
			return nil
		}
		return k[8:]
	}); err != nil {
		return err
	}
	err := tx.bucket(bucketOutbox).ForEach(func(k, v []byte) error {
		it, err := tx.decodeOutbox(v, false)
		if err != nil {
			return fmt.Errorf("outbox %x: %w", k, err)
		}
		if it.Game.Tournament != code {
			return nil
		}
		return fn(bucketOutbox, nil, k, v)
	})
	if err != nil {
		return err
	}
	// The parts kept apart of its letters, and the dictionaries they were packed with (every
	// one: they are few and small, and never removed from the store).
	if parts := tx.bucket(bucketParts); parts != nil {
		pp := append([]byte(code), 0)
		pc := parts.Cursor()
		for k, v := pc.Seek(pp); k != nil && bytes.HasPrefix(k, pp); k, v = pc.Next() {
			if len(k) != len(pp)+len(Digest{}) {
				continue // a longer code that begins with this one and a 0 cannot be: codes hold no 0
			}
			if err := fn(bucketParts, nil, k, v); err != nil {
				return err
			}
		}
		err := tx.bucket(bucketDicts).ForEach(func(k, v []byte) error { return fn(bucketDicts, nil, k, v) })
		if err != nil {
			return err
		}
	}
	err = tx.bucket(bucketInbound).ForEach(func(k, v []byte) error {
		var rec Inbound
		if err := decodeJSON(v, &rec); err != nil {
			return fmt.Errorf("inbound %x: %w", k, err)
		}
		if rec.Game.Tournament != code || rec.DuplicateOf != nil {
			return nil
		}
		return fn(bucketInbound, nil, k, v)
	})
	if err != nil {
		return err
	}
	var seqs [][]byte
	rp := append([]byte(code), 0)
	ic := tx.bucket(bucketRulingsIndex).Cursor()
	for k, _ := ic.Seek(rp); k != nil && bytes.HasPrefix(k, rp); k, _ = ic.Next() {
		if len(k) >= 8 {
			seqs = append(seqs, bytes.Clone(k[len(k)-8:]))
		}
	}
	slices.SortFunc(seqs, bytes.Compare)
	for _, seq := range seqs {
		v := tx.bucket(bucketRulings).Get(seq)
		if v == nil {
			return &ChainError{Chain: rulingsChain, Seq: binary.BigEndian.Uint64(seq), Reason: "indexed but missing"}
		}
		if err := fn(bucketRulings, nil, seq, v); err != nil {
			return err
		}
	}
	for k, v := ic.Seek(rp); k != nil && bytes.HasPrefix(k, rp); k, v = ic.Next() {
		if err := fn(bucketRulingsIndex, nil, k, v); err != nil {
			return err
		}
	}
	return nil
}

// contentHash hashes the records tournamentItems gives, each bucket, chain, key and value with
// its length: equal hashes say that two files hold the same records of the tournament.
type contentHash struct {
	h interface {
		io.Writer
		Sum([]byte) []byte
	}
}

func newContentHash() *contentHash { return &contentHash{h: sha256.New()} }

func (c *contentHash) add(parts ...[]byte) {
	for _, p := range parts {
		c.h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(p))))
		c.h.Write(p)
	}
}

func (c *contentHash) sum() Digest {
	var d Digest
	c.h.Sum(d[:0])
	return d
}

// tournamentDigest is the content hash of tournament code's records in tx.
func (tx *Tx) tournamentDigest(code string) (Digest, error) {
	c := newContentHash()
	err := tx.tournamentItems(code, func(bucket, chain, k, v []byte) error {
		c.add(bucket, chain, k, v)
		return nil
	})
	return c.sum(), err
}

// ArchiveResult is what ArchiveTournament moved, and where.
type ArchiveResult struct {
	ArchivedTournament
	Path string // the archive file
}

// archiveStep, when set (by tests), is called after each step of ArchiveTournament and
// PruneArchived; an error stops the work there, as a crash would.
var archiveStep func(step string) error

func stepDone(step string) error {
	if archiveStep == nil {
		return nil
	}
	return archiveStep(step)
}

// ArchiveTournament moves tournament code, every game of which is finished, out of the store
// into an archive file of its own in ArchiveDir: its sheet, its games and their chunks, the
// archive chains of its games and its own (every letter, raw), its events, its outbox items
// (all sent or given up: a letter still to send refuses the move), the inbound records of its
// games, and a copy of its rulings. now is the instant recorded.
//
// The steps, each safe to be cut by a crash:
//
//  1. In one read transaction, the tournament's records are copied, byte for byte, into
//     NAME.tmp in ArchiveDir (a store file of the same schema, marked as the archive of the
//     tournament); the file is fsynced.
//  2. The file is opened again and checked as Open checks a store (every page, every chain,
//     every seal), and its records of the tournament are compared with the store's (a hash over
//     them); then it takes its name (rename, directory fsynced). A crash until here leaves the
//     store as it was and at most a stray file, which the next run writes again.
//  3. In one write transaction the store checks that the tournament's records are still those
//     copied, records the file with its length and SHA-256 (archived_tournaments), and drops
//     the records: after a crash before its commit the store is as it was and the next run
//     completes the move.
//
// What stays in the store: the rulings (the log chains every ruling in the order made, and a
// gap would break it: the archive file keeps a copy, and verify compares the two), the inbound
// records of the tournament's letters, reduced to what recognises a redelivered letter as seen
// (reference, Message-ID, digest, state, game, verdict, times; the sender, subject and held
// record go to the archive file), and the index of the inbound letters.
func (db *DB) ArchiveTournament(code string, now time.Time) (ArchiveResult, error) {
	fail := func(err error) (ArchiveResult, error) {
		return ArchiveResult{}, fmt.Errorf("archive tournament %s: %w", code, err)
	}
	if now.IsZero() {
		return fail(invalidf("zero time"))
	}
	now = now.UTC()
	if db.archiveOf != nil {
		return fail(invalidf("%s is an archive file", db.path))
	}
	var rec ArchivedTournament
	if err := db.View(func(tx *Tx) error {
		var err error
		rec, err = tx.archivable(code)
		return err
	}); err != nil {
		return fail(err)
	}
	rec.File, rec.Archived = ArchiveFileName(code, 0), now
	dir := db.ArchiveDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fail(err)
	}
	final := filepath.Join(dir, rec.File)
	tmp := final + ".tmp"
	copied, err := db.writeArchive(tmp, rec, now)
	if err != nil {
		os.Remove(tmp)
		return fail(err)
	}
	if err := stepDone("written"); err != nil {
		return fail(err)
	}
	if err := db.checkArchive(tmp, code, copied); err != nil {
		os.Remove(tmp)
		return fail(fmt.Errorf("the archive file written does not check, the store is unchanged: %w", err))
	}
	if rec.Bytes, rec.Digest, err = fileDigest(tmp); err != nil {
		return fail(err)
	}
	if err := renameSynced(tmp, final); err != nil {
		return fail(err)
	}
	if err := stepDone("renamed"); err != nil {
		return fail(err)
	}
	err = db.Update(func(tx *Tx) error {
		if _, ok, err := tx.Archived(code); err != nil || ok {
			return errors.Join(err, fmt.Errorf("it is archived already"))
		}
		cur, err := tx.tournamentDigest(code)
		if err != nil {
			return err
		}
		if cur != copied {
			return errors.New("its records changed while they were copied (a letter came in?): nothing is moved; run archive again")
		}
		return tx.dropTournament(rec)
	})
	if err != nil {
		os.Remove(final) // the store is as it was: the file names nothing
		return fail(err)
	}
	if err := stepDone("recorded"); err != nil {
		return fail(err)
	}
	return ArchiveResult{ArchivedTournament: rec, Path: final}, nil
}

// archivable checks that tournament code may be archived and returns its record, counts filled.
func (tx *Tx) archivable(code string) (ArchivedTournament, error) {
	rec := ArchivedTournament{Code: code}
	if _, ok, err := tx.Archived(code); err != nil || ok {
		return rec, errors.Join(err, fmt.Errorf("it is archived already"))
	}
	if _, err := tx.Tournament(code); err != nil {
		return rec, err
	}
	var inPlay []string
	var pending []string
	err := tx.tournamentItems(code, func(bucket, chain, k, v []byte) error {
		switch string(bucket) {
		case string(bucketGames):
			rec.Games++
			g, err := ParseGameID(string(k))
			if err != nil {
				return &SealError{Game: GameID{Tournament: string(k)}, Reason: "the key is not tournament/game"}
			}
			st, err := tx.verifyGame(g, v)
			if err != nil {
				return err
			}
			if st.InPlay {
				inPlay = append(inPlay, string(k))
			}
		case string(bucketArchive):
			rec.Letters++
			e, _, err := tx.decodeEntry(string(chain), v)
			if err != nil {
				return &ChainError{Chain: string(chain), Seq: binary.BigEndian.Uint64(k), Reason: err.Error()}
			}
			if e.Time.After(rec.LastLetter) {
				rec.LastLetter = e.Time
			}
		case string(bucketOutbox):
			rec.Outbox++
			it, err := tx.decodeOutbox(v, false)
			if err != nil {
				return err
			}
			if it.State == OutboxPending || it.State == OutboxCard {
				pending = append(pending, fmt.Sprintf("#%d", it.Seq))
			}
		case string(bucketInbound):
			rec.Inbound++
		case string(bucketRulings):
			rec.Rulings++
		}
		return nil
	})
	if err != nil {
		return rec, err
	}
	if len(inPlay) > 0 {
		return rec, fmt.Errorf("%w: %d of its games are still in play: %s", ErrInPlay, len(inPlay), strings.Join(inPlay, ", "))
	}
	if len(pending) > 0 {
		return rec, fmt.Errorf("%w: %d of its letters still wait in the outbox (%s): let the daemon send them, and post the cards (postald cards), first", ErrInPlay, len(pending), strings.Join(pending, ", "))
	}
	return rec, nil
}

// writeArchive writes the records of rec's tournament into a new store file at path, marked as
// its archive, fsynced, and returns their content hash.
func (db *DB) writeArchive(path string, rec ArchivedTournament, now time.Time) (Digest, error) {
	os.Remove(path)
	adb, err := Open(path, Options{NoSync: true, SkipCheck: true, Logger: db.log})
	if err != nil {
		return Digest{}, err
	}
	defer adb.Close()
	c := newContentHash()
	w := newBatchWriter(adb)
	err = db.View(func(tx *Tx) error {
		return tx.tournamentItems(rec.Code, func(bucket, chain, k, v []byte) error {
			c.add(bucket, chain, k, v)
			return w.put(bucket, chain, k, v)
		})
	})
	if err == nil {
		err = w.flush()
	}
	if err != nil {
		return Digest{}, err
	}
	meta, err := encodeJSON(archiveOf{Code: rec.Code, Store: db.instance, Archived: now})
	if err != nil {
		return Digest{}, err
	}
	if err := adb.boltUpdate(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(metaArchiveOf, meta) }); err != nil {
		return Digest{}, err
	}
	if err := adb.bolt.Sync(); err != nil {
		return Digest{}, fmt.Errorf("fsync %s: %w", path, err)
	}
	return c.sum(), adb.Close()
}

// batchWriter puts records into a file in transactions of about batchBytes each, so that a large
// tournament is not held in memory whole.
type batchWriter struct {
	db      *DB
	pending []batchItem
	size    int
}

type batchItem struct{ bucket, chain, k, v []byte }

const batchBytes = 8 << 20

func newBatchWriter(db *DB) *batchWriter { return &batchWriter{db: db} }

func (w *batchWriter) put(bucket, chain, k, v []byte) error {
	w.pending = append(w.pending, batchItem{bucket, bytes.Clone(chain), bytes.Clone(k), bytes.Clone(v)})
	w.size += len(k) + len(v)
	if w.size >= batchBytes {
		return w.flush()
	}
	return nil
}

func (w *batchWriter) flush() error {
	if len(w.pending) == 0 {
		return nil
	}
	err := w.db.boltUpdate(func(tx *bolt.Tx) error {
		for _, it := range w.pending {
			b := tx.Bucket(it.bucket)
			if it.chain != nil {
				var err error
				if b, err = b.CreateBucketIfNotExists(it.chain); err != nil {
					return fmt.Errorf("archive chain %q: %w", it.chain, err)
				}
			}
			b.FillPercent = 0.9 // keys mostly come in order
			if err := b.Put(it.k, it.v); err != nil {
				return fmt.Errorf("%s %q: %w", it.bucket, it.k, err)
			}
		}
		return nil
	})
	w.pending, w.size = w.pending[:0], 0
	return err
}

// checkArchive opens the archive file at path as Open checks a store (every page, every chain
// and seal; the copy of the rulings as a copy) and compares its records of tournament code with
// want.
func (db *DB) checkArchive(path, code string, want Digest) error {
	adb, err := Open(path, Options{ReadOnly: true, CheckLimit: -1, Logger: db.log})
	if err != nil {
		return err
	}
	defer adb.Close()
	if adb.archiveOf == nil || adb.archiveOf.Code != code {
		return &DamageError{Path: path, Err: errors.New("the file is not the archive of the tournament")}
	}
	var got Digest
	if err := adb.View(func(tx *Tx) (err error) { got, err = tx.tournamentDigest(code); return err }); err != nil {
		return err
	}
	if got != want {
		return &DamageError{Path: path, Err: errors.New("the file does not hold the records copied into it")}
	}
	return adb.Close()
}

// renameSynced renames from to to and fsyncs the directory, so that the name survives a crash.
func renameSynced(from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(to))
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("fsync %s: %w", filepath.Dir(to), err)
	}
	return nil
}

// dropTournament records rec and removes the tournament's records from the store but its rulings
// and, reduced, its inbound records (see ArchiveTournament).
func (tx *Tx) dropTournament(rec ArchivedTournament) error {
	type del struct{ bucket, chain, k []byte }
	var dels []del
	var slim []Inbound
	err := tx.tournamentItems(rec.Code, func(bucket, chain, k, v []byte) error {
		switch string(bucket) {
		case string(bucketRulings), string(bucketRulingsIndex), string(bucketDicts):
			return nil
		case string(bucketGames):
			dels = append(dels, del{bucketUnverified, nil, bytes.Clone(k)})
		case string(bucketInbound):
			var in Inbound
			if err := decodeJSON(v, &in); err != nil {
				return err
			}
			slim = append(slim, Inbound{Ref: in.Ref, MessageID: in.MessageID, Digest: in.Digest, Size: in.Size, State: in.State,
				Received: in.Received, Finished: in.Finished, Game: in.Game, Verdict: in.Verdict, Archive: in.Archive})
			return nil
		case string(bucketArchive):
			return nil // the chain's bucket is deleted whole
		case string(bucketArchiveHead):
			dels = append(dels, del{bucketArchive, nil, bytes.Clone(k)},
				del{bucketVerified, nil, bytes.Clone(k)}, del{bucketUnverified, nil, bytes.Clone(k)})
		}
		dels = append(dels, del{bucket, nil, bytes.Clone(k)})
		return nil
	})
	if err != nil {
		return err
	}
	for _, d := range dels {
		var err error
		if string(d.bucket) == string(bucketArchive) {
			err = tx.bucket(bucketArchive).DeleteBucket(d.k)
			if errors.Is(err, bolterrors.ErrBucketNotFound) {
				err = nil
			}
		} else {
			err = tx.bucket(d.bucket).Delete(d.k)
		}
		if err != nil {
			return fmt.Errorf("drop %s %q: %w", d.bucket, d.k, err)
		}
	}
	for _, in := range slim {
		if err := tx.putInbound(in); err != nil {
			return err
		}
	}
	v, err := encodeJSON(rec)
	if err != nil {
		return err
	}
	if err := tx.bucket(bucketArchived).Put([]byte(rec.Code), v); err != nil {
		return fmt.Errorf("record archived tournament: %w", err)
	}
	return tx.bumpRevision([]byte("archive"), []byte(rec.Code), v)
}

// VerifyArchived checks the archive file of tournament code whole: its length and SHA-256
// against the store's record, every page, chain and seal as Open checks a store, that it holds
// the tournament, and that its copy of the rulings is the store's log, ruling by ruling.
func (db *DB) VerifyArchived(code string) error {
	var rec ArchivedTournament
	err := db.View(func(tx *Tx) error {
		var ok bool
		var err error
		if rec, ok, err = tx.Archived(code); err == nil && !ok {
			err = fmt.Errorf("tournament %s is not archived: %w", code, ErrNotFound)
		}
		return err
	})
	if err != nil {
		return err
	}
	adb, err := db.openArchive(rec, false)
	if err != nil {
		return err
	}
	defer adb.Close()
	return db.View(func(tx *Tx) error {
		return adb.View(func(a *Tx) error { return a.archivedErr(tx.sameRulings(a, GameID{Tournament: code})) })
	})
}

// sameRulings checks that the rulings about g (about tournament g.Tournament, all of them, when
// g.Game is empty) in the archive file's transaction a are the records of tx's log.
func (tx *Tx) sameRulings(a *Tx, g GameID) error {
	mine, err := tx.rulingRecords(g)
	if err != nil {
		return err
	}
	copies, err := a.rulingRecords(g)
	if err != nil {
		return err
	}
	for seq, v := range copies {
		if w, ok := mine[seq]; !ok || !bytes.Equal(v, w) {
			return &ChainError{Chain: rulingsChain, Seq: seq, Reason: "the archive file's copy is not the ruling of the store's log"}
		}
	}
	for seq := range mine {
		if _, ok := copies[seq]; !ok {
			return &ChainError{Chain: rulingsChain, Seq: seq, Reason: fmt.Sprintf("the ruling on %s is missing from the archive file", g)}
		}
	}
	return nil
}

// rulingRecords are the stored records of the rulings indexed under g, by sequence.
func (tx *Tx) rulingRecords(g GameID) (map[uint64][]byte, error) {
	prefix := append([]byte(g.Tournament), 0)
	if g.Game != "" {
		prefix = append(append(prefix, g.Game...), 0)
	}
	out := map[uint64][]byte{}
	c := tx.bucket(bucketRulingsIndex).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) < 8 {
			continue
		}
		seq := binary.BigEndian.Uint64(k[len(k)-8:])
		v := tx.bucket(bucketRulings).Get(k[len(k)-8:])
		if v == nil {
			return nil, &ChainError{Chain: rulingsChain, Seq: seq, Reason: "indexed but missing"}
		}
		out[seq] = bytes.Clone(v)
	}
	return out, nil
}

// PruneResult is what PruneArchived did.
type PruneResult struct {
	ArchivedTournament
	Path    string // the archive file now
	Dropped int    // entries whose raw letter was dropped now
	Bytes   int64  // the raw bytes dropped
	Before  int64  // the length of the file before
}

// PruneArchived drops the raw bytes of the letters of archived tournament code once their
// retention has passed at now: retain (never less than MinRetention, clause 4.1.13) after the
// later of its last letter and its archiving. Every entry keeps its header, its verdict, the
// game before it, its hash and the digest of its letter, so that the chain and the receipts
// still verify (Tx.Verify says which entries are pruned).
//
// The archive file is rewritten to NAME.gN.db (N its generation), checked as ArchiveTournament
// checks a new one (every page, chain and seal, and its heads are the old file's), fsynced and
// named; then the store's record is switched to it in one transaction, and the old file is
// removed. A crash before the switch leaves the old file in use (the next run writes the new one
// again); after it, only a stray old file, which the next run removes.
func (db *DB) PruneArchived(code string, now time.Time, retain time.Duration) (PruneResult, error) {
	fail := func(err error) (PruneResult, error) {
		return PruneResult{}, fmt.Errorf("prune tournament %s: %w", code, err)
	}
	if retain < MinRetention {
		// 4.1.13: the correspondence is kept for a month after the results are received.
		return fail(invalidf("a retention of %v is shorter than the %v of clause 4.1.13", retain, MinRetention))
	}
	var rec ArchivedTournament
	err := db.View(func(tx *Tx) error {
		var ok bool
		var err error
		if rec, ok, err = tx.Archived(code); err == nil && !ok {
			err = fmt.Errorf("it is not archived (postald archive moves a finished tournament out first): %w", ErrNotFound)
		}
		return err
	})
	if err != nil {
		return fail(err)
	}
	if until := rec.RetainedUntil(retain); now.Before(until) {
		return fail(fmt.Errorf("%w: its letters are kept until %s (clause 4.1.13 and [store] retain_raw_days)", ErrRetained, until.UTC().Format(time.RFC3339)))
	}
	dir := db.ArchiveDir()
	for gen := range rec.Generation { // files a crash left after an earlier switch
		os.Remove(filepath.Join(dir, ArchiveFileName(code, gen)))
	}
	if !rec.Pruned.IsZero() {
		// Pruned already, and nothing is added to an archived tournament: nothing more to drop.
		return PruneResult{ArchivedTournament: rec, Path: filepath.Join(dir, rec.File), Before: rec.Bytes}, nil
	}
	old, err := db.openArchive(rec, true)
	if err != nil {
		return fail(err)
	}
	next := rec
	next.Generation++
	next.File, next.Pruned = ArchiveFileName(code, next.Generation), now.UTC()
	final := filepath.Join(dir, next.File)
	tmp := final + ".tmp"
	res := PruneResult{Path: final, Before: rec.Bytes}
	heads, err := db.writePruned(old, tmp, &res)
	if cerr := old.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fail(err)
	}
	if err := checkPruned(tmp, code, heads); err != nil {
		os.Remove(tmp)
		return fail(fmt.Errorf("the pruned file does not check, nothing is dropped: %w", err))
	}
	if next.Bytes, next.Digest, err = fileDigest(tmp); err != nil {
		return fail(err)
	}
	if err := renameSynced(tmp, final); err != nil {
		return fail(err)
	}
	if err := stepDone("pruned"); err != nil {
		return fail(err)
	}
	err = db.Update(func(tx *Tx) error {
		cur, ok, err := tx.Archived(code)
		if err != nil {
			return err
		}
		if !ok || cur.File != rec.File || cur.Digest != rec.Digest {
			return errors.New("its record changed meanwhile (another prune?): run prune again")
		}
		v, err := encodeJSON(next)
		if err != nil {
			return err
		}
		return tx.bucket(bucketArchived).Put([]byte(code), v)
	})
	if err != nil {
		return fail(err)
	}
	if err := stepDone("switched"); err != nil {
		return fail(err)
	}
	if err := os.Remove(filepath.Join(dir, rec.File)); err != nil && !errors.Is(err, os.ErrNotExist) {
		db.log.Warn("store: the archive file before pruning could not be removed", "file", rec.File, "err", err)
	}
	res.ArchivedTournament = next
	return res, nil
}

// ErrRetained is wrapped by PruneArchived's error for a tournament whose letters are still
// within their retention.
var ErrRetained = errors.New("store: the letters are still within their retention")

// writePruned copies archive file old to a new file at path with every entry's raw letter
// dropped, fsynced, and returns the heads of its chains.
func (db *DB) writePruned(old *DB, path string, res *PruneResult) (map[string][]byte, error) {
	os.Remove(path)
	adb, err := Open(path, Options{NoSync: true, SkipCheck: true, Logger: db.log})
	if err != nil {
		return nil, err
	}
	defer adb.Close()
	heads := map[string][]byte{}
	w := newBatchWriter(adb)
	err = old.boltView(func(tx *bolt.Tx) error {
		otx := &Tx{tx: tx, db: old}
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if string(name) == string(bucketParts) {
				return nil // no letter is left to use them
			}
			if string(name) == string(bucketUnverified) || string(name) == string(bucketVerified) {
				return nil // the new file's own: checked whole when it is written
			}
			if string(name) == string(bucketArchive) {
				return b.ForEach(func(chain, _ []byte) error {
					cb := b.Bucket(chain)
					if cb == nil {
						return &ChainError{Chain: string(chain), Seq: 1, Reason: "not a chain"}
					}
					return cb.ForEach(func(k, v []byte) error {
						pv, err := otx.pruneEntry(string(chain), v)
						if err != nil {
							return &ChainError{Chain: string(chain), Seq: binary.BigEndian.Uint64(k), Reason: err.Error()}
						}
						if len(pv) != len(v) || !bytes.Equal(pv, v) {
							res.Dropped++
							res.Bytes += int64(len(v) - len(pv))
						}
						return w.put(name, chain, k, pv)
					})
				})
			}
			return b.ForEach(func(k, v []byte) error {
				if v == nil {
					return fmt.Errorf("bucket %s: nested bucket %q", name, k)
				}
				if string(name) == string(bucketArchiveHead) {
					heads[string(k)] = bytes.Clone(v)
				}
				if string(name) == string(bucketMeta) && (string(k) == string(metaInstance) || string(k) == string(metaSchemaVersion)) {
					return nil // the new file's own
				}
				return w.put(name, nil, k, v)
			})
		})
	})
	if err == nil {
		err = w.flush()
	}
	if err == nil {
		err = adb.bolt.Sync()
	}
	if err != nil {
		return nil, err
	}
	return heads, adb.Close()
}

// checkPruned checks the pruned file at path as Open checks a store and that its chains end
// where the old file's did.
func checkPruned(path, code string, heads map[string][]byte) error {
	adb, err := Open(path, Options{ReadOnly: true, CheckLimit: -1})
	if err != nil {
		return err
	}
	defer adb.Close()
	if adb.archiveOf == nil || adb.archiveOf.Code != code {
		return &DamageError{Path: path, Err: errors.New("the file is not the archive of the tournament")}
	}
	return adb.View(func(tx *Tx) error {
		n := 0
		err := tx.bucket(bucketArchiveHead).ForEach(func(k, v []byte) error {
			n++
			if !bytes.Equal(heads[string(k)], v) {
				return &ChainError{Chain: string(k), Seq: 1, Reason: "its head is not the one of the file before pruning"}
			}
			return nil
		})
		if err == nil && n != len(heads) {
			err = &DamageError{Path: path, Err: fmt.Errorf("%d chains, the file before pruning had %d", n, len(heads))}
		}
		return err
	})
}
