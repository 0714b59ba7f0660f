package tablebase

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// build builds variant id to pieces pieces under a temporary directory.
func build(t *testing.T, id string, pieces int) (string, Report) {
	t.Helper()
	v, _ := rules.VariantByID(id)
	dir := t.TempDir()
	rep, err := Build(context.Background(), Options{Dir: dir, Variant: v, Pieces: pieces})
	if err != nil {
		t.Fatal(err)
	}
	return dir, rep
}

// small is the pieces of the databases the tests build: three, two under the race detector.
func small() int {
	if raceDetector {
		return 2
	}
	return 3
}

// TestFilesRoundTrip builds to three pieces and reads every position back
// from the files: the same values as the tables built in memory.
func TestFilesRoundTrip(t *testing.T) {
	dir, rep := build(t, "russian", small())
	if rep.Built != rep.Pairs || rep.Kept != 0 || rep.Positions != rep.AllPositions {
		t.Errorf("report %+v", rep)
	}
	v, _ := rules.VariantByID("russian")
	db, err := Open(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Pieces() != small() {
		t.Errorf("Pieces() = %d, want %d", db.Pieces(), small())
	}
	sp, _ := endgame.NewSpace(v)
	mem, err := sp.BuildInMemory(small())
	if err != nil {
		t.Fatal(err)
	}
	for m, tb := range mem {
		for i := uint64(0); i < tb.Len(); i++ {
			got, held, err := db.Lookup(m, i)
			if err != nil || !held || got != tb.Value(i) {
				t.Fatalf("%v %d: file %+v (held %v, %v), memory %+v", m, i, got, held, err, tb.Value(i))
			}
		}
	}
}

// TestResume stops a build half-way and runs it again: the pairs written
// are kept, the rest built, and the files are the same as one build's.
func TestResume(t *testing.T) {
	v, _ := rules.VariantByID("russian")
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	pairs := 0
	_, err := Build(ctx, Options{Dir: dir, Variant: v, Pieces: small(), Progress: func(p Progress) {
		if p.Stage == StageDone {
			pairs++
			if pairs == 2 {
				cancel()
			}
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped build: %v", err)
	}
	rep, err := Build(context.Background(), Options{Dir: dir, Variant: v, Pieces: small()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Kept == 0 || rep.Built == 0 || rep.Kept+rep.Built != rep.Pairs {
		t.Errorf("resumed build: %+v", rep)
	}
	once, _ := build(t, "russian", small())
	names, _ := filepath.Glob(filepath.Join(once, "russian", "*.egdb"))
	for _, a := range names {
		b := filepath.Join(dir, "russian", filepath.Base(a))
		x, _ := os.ReadFile(a)
		y, err := os.ReadFile(b)
		if err != nil || string(x) != string(y) {
			t.Errorf("%s differs after a resumed build (%v)", filepath.Base(a), err)
		}
	}
}

// TestDamaged changes one byte of a file: opening it fails, naming the
// file; a block changed is found when it is read; a build run again
// rebuilds the file.
func TestDamaged(t *testing.T) {
	dir, _ := build(t, "russian", small())
	v, _ := rules.VariantByID("russian")
	m, _ := endgame.ParseMaterial("0m1k-1m0k")
	name := FileName(dir, "russian", m)
	data, _ := os.ReadFile(name)
	head := append([]byte(nil), data...)
	head[50] ^= 1 // the number of positions
	os.WriteFile(name, head, 0o644)
	if _, err := Open(dir, v); !errors.Is(err, ErrDamaged) {
		t.Errorf("a changed header: Open = %v", err)
	}
	body := append([]byte(nil), data...)
	body[len(body)-3] ^= 1 // the last block
	os.WriteFile(name, body, 0o644)
	db, err := Open(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	var lookErr error
	for i := uint64(0); i < db.Space().Size(m) && lookErr == nil; i++ {
		_, _, lookErr = db.Lookup(m, i)
	}
	db.Close()
	if !errors.Is(lookErr, ErrDamaged) {
		t.Errorf("a changed block: Lookup = %v", lookErr)
	}
	os.WriteFile(name, head, 0o644)
	var damaged []string
	rep, err := Build(context.Background(), Options{Dir: dir, Variant: v, Pieces: small(), Progress: func(p Progress) {
		if p.Stage == StageDamaged {
			damaged = append(damaged, filepath.Base(p.File))
		}
	}})
	if err != nil || rep.Built != 1 || len(damaged) != 1 {
		t.Errorf("rebuild: %+v %v, damaged %v", rep, err, damaged)
	}
	if again, _ := os.ReadFile(name); string(again) != string(data) {
		t.Errorf("the rebuilt file differs")
	}
}

// fixture is the directory of the database the other packages' tests read: Russian three kings
// against a king and what it depends on, as Build writes it.
const fixture = "testdata/db"

// TestFixture builds the materials of the committed database again and compares the files byte
// for byte: the other packages' tests read what a build writes.
func TestFixture(t *testing.T) {
	if raceDetector {
		t.Skip("a build of a quarter of a million positions: not under the race detector")
	}
	v, _ := rules.VariantByID("russian")
	dir := t.TempDir()
	m, _ := endgame.ParseMaterial("0m3k-0m1k")
	if _, err := Build(context.Background(), Options{Dir: dir, Variant: v, Materials: []endgame.Material{m}}); err != nil {
		t.Fatal(err)
	}
	built, _ := filepath.Glob(filepath.Join(dir, "russian", "*.egdb"))
	kept, _ := filepath.Glob(filepath.Join(fixture, "russian", "*.egdb"))
	if len(built) != len(kept) || len(kept) == 0 {
		t.Fatalf("built %d files, the fixture holds %d", len(built), len(kept))
	}
	for _, b := range built {
		x, _ := os.ReadFile(b)
		y, err := os.ReadFile(filepath.Join(fixture, "russian", filepath.Base(b)))
		if err != nil || string(x) != string(y) {
			t.Errorf("%s differs from the fixture (%v)", filepath.Base(b), err)
		}
	}
	d := OpenDirectory(fixture)
	defer d.Close()
	if _, err := d.Check(); err != nil {
		t.Errorf("the fixture: %v", err)
	}
	if _, _, _, ok := d.Database(v); !ok {
		t.Errorf("the fixture holds no russian database")
	}
}
