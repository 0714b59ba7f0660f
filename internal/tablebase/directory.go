package tablebase

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// Directory is the databases of every variant under one directory (postald endgame build -dir,
// the configuration's [endgame] dir), as the daemon and the judge's commands read them: each
// variant's files opened and checked once, when first asked for. It is safe for concurrent use
// and implements referee.Endgames.
type Directory struct {
	dir string
	mu  sync.Mutex
	dbs map[*rules.Variant]*opened
}

type opened struct {
	db   *DB
	most int
	err  error
}

// OpenDirectory returns the databases under dir. Nothing is read until a variant is asked for;
// Check reads them all at once.
func OpenDirectory(dir string) *Directory {
	return &Directory{dir: dir, dbs: map[*rules.Variant]*opened{}}
}

func (d *Directory) open(v *rules.Variant) *opened {
	d.mu.Lock()
	defer d.mu.Unlock()
	if o, ok := d.dbs[v]; ok {
		return o
	}
	o := &opened{}
	if _, err := endgame.NewSpace(v); err == nil {
		o.db, o.err = Open(d.dir, v)
		if o.err == nil {
			o.most = o.db.Pieces()
		}
	}
	d.dbs[v] = o
	return o
}

// Database returns the database of variant v, when its directory holds one and its files
// passed their checks.
func (d *Directory) Database(v *rules.Variant) (*endgame.Space, endgame.Source, int, bool) {
	o := d.open(v)
	if o.db == nil || len(o.db.Materials()) == 0 {
		return nil, nil, 0, false
	}
	return o.db.Space(), o.db, o.most, true
}

// Check opens every variant's database there is a folder for and returns what each holds (the
// most pieces complete) and the files that failed their checks.
func (d *Directory) Check() (map[string]int, error) {
	out := map[string]int{}
	var errs []error
	if _, err := os.Stat(d.dir); err != nil {
		return out, err
	}
	for _, v := range rules.Variants() {
		if _, err := os.Stat(filepath.Join(d.dir, v.ID())); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		o := d.open(v)
		if o.err != nil {
			errs = append(errs, o.err)
			continue
		}
		if o.db != nil {
			out[v.ID()] = o.most
		}
	}
	return out, errors.Join(errs...)
}

// Close closes every file opened.
func (d *Directory) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, o := range d.dbs {
		if o.db != nil {
			o.db.Close()
		}
	}
	d.dbs = map[*rules.Variant]*opened{}
	return nil
}
