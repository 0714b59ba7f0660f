package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// BackupInfo describes a copy written by Backup.
type BackupInfo struct {
	Path     string // the copy
	Bytes    int64  // its length
	Instance string // the store's instance name, the same in the copy
	// Archives are the archive files of the archived tournaments the copy names, in the
	// archive directory beside it (ArchiveDirName): copied, or already there with the right
	// digest (an archive file never changes; a pruned one has a new name).
	Archives      int
	ArchiveBytes  int64 // the bytes copied this time
	ArchiveCopied int   // how many were copied this time
}

// Backup writes a consistent copy of the file to path (a hot backup: it may
// run while the daemon writes) and checks the copy as Open does, deep check
// included, before it takes the name path. path must not exist. The copy
// is written beside path (path.tmp-*), fsynced, and linked into place, so a
// crash leaves no half-written file under that name.
func (db *DB) Backup(path string) (BackupInfo, error) {
	fail := func(err error) (BackupInfo, error) {
		return BackupInfo{}, fmt.Errorf("backup %s to %s: %w", db.path, path, err)
	}
	if _, err := os.Lstat(path); err == nil {
		return fail(fmt.Errorf("%s exists: remove it or choose another name", path))
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fail(err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return fail(err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after the link, or after a failure
	n, err := db.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	cp, err := Open(tmp, Options{ReadOnly: true, Logger: db.log})
	if err != nil {
		return fail(fmt.Errorf("the copy does not check (the store itself may be damaged: run postald judge verify): %w", err))
	}
	inst := cp.Instance()
	if err := cp.Close(); err != nil {
		return fail(err)
	}
	if inst != db.instance {
		return fail(fmt.Errorf("the copy has instance %q, the store %q", inst, db.instance))
	}
	if err := os.Link(tmp, path); err != nil {
		return fail(err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	info := BackupInfo{Path: path, Bytes: n, Instance: inst}
	if err := db.backupArchives(path, &info); err != nil {
		// The copy of the store stands; its archive files are what is missing.
		return info, fmt.Errorf("backup %s to %s: the store is copied, its archive files are not: %w", db.path, path, err)
	}
	return info, nil
}

// backupArchives copies the archive files the copy at path names into the archive directory
// beside it, so that the copy restores with every tournament it lists: a file already there
// with the digest the store recorded is kept, any other is copied, synced and checked. Nothing is
// lost with a copy whose archive files are missing, but an archived tournament would not read.
func (db *DB) backupArchives(path string, info *BackupInfo) error {
	cp, err := Open(path, Options{ReadOnly: true, SkipCheck: true, Logger: db.log})
	if err != nil {
		return err
	}
	var recs []ArchivedTournament
	err = cp.View(func(tx *Tx) (err error) { recs, err = tx.ArchivedTournaments(); return err })
	cp.Close()
	if err != nil || len(recs) == 0 {
		return err
	}
	dst := filepath.Join(filepath.Dir(path), ArchiveDirName)
	if err := os.MkdirAll(dst, 0o700); err != nil {
		return err
	}
	for _, r := range recs {
		info.Archives++
		to := filepath.Join(dst, r.File)
		if n, d, err := fileDigest(to); err == nil && n == r.Bytes && d == r.Digest {
			continue
		}
		n, err := copySynced(filepath.Join(db.ArchiveDir(), r.File), to)
		if err != nil {
			return fmt.Errorf("archive of %s: %w", r.Code, err)
		}
		if got, d, err := fileDigest(to); err != nil || got != r.Bytes || d != r.Digest {
			os.Remove(to)
			return fmt.Errorf("archive of %s: the copy %s does not match the store's record (%d bytes, sha256:%s)", r.Code, to, r.Bytes, r.Digest)
		}
		info.ArchiveCopied++
		info.ArchiveBytes += n
	}
	if d, err := os.Open(dst); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// copySynced copies the file from to a new file to (through a temporary file renamed into
// place), synced, mode 0600.
func copySynced(from, to string) (int64, error) {
	in, err := os.Open(from)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.CreateTemp(filepath.Dir(to), filepath.Base(to)+".tmp-*")
	if err != nil {
		return 0, err
	}
	tmp := out.Name()
	defer os.Remove(tmp)
	n, err := io.Copy(out, in)
	if err == nil {
		err = out.Chmod(0o600)
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, err
	}
	return n, os.Rename(tmp, to)
}
