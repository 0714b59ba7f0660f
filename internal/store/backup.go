package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// BackupInfo describes a copy written by Backup.
type BackupInfo struct {
	Path     string // the copy
	Bytes    int64  // its length
	Instance string // the store's instance name, the same in the copy
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
	return BackupInfo{Path: path, Bytes: n, Instance: inst}, nil
}
