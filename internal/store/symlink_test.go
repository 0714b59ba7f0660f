package store_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/store"
)

// TestOpenRefusesSymlink: a [store] path that is a symbolic link, to another file (a typo such as
// /etc/passwd) or even to a store, is refused with a message that says so, and the file it
// points to keeps its mode and its bytes.
func TestOpenRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "passwd")
	content := []byte("root:x:0:0:root:/root:/bin/bash\n")
	if err := os.WriteFile(other, content, 0o644); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real.db")
	db, err := store.Open(real, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.Chmod(real, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{other, real, filepath.Join(dir, "missing")} {
		t.Run(filepath.Base(target), func(t *testing.T) {
			link := filepath.Join(dir, "link-"+filepath.Base(target))
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(target)
			for _, ro := range []bool{false, true} {
				db, err := store.Open(link, store.Options{ReadOnly: ro})
				if err == nil {
					db.Close()
					t.Fatalf("Open through a symbolic link (read-only %v) succeeded", ro)
				}
				if !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), link) {
					t.Errorf("Open through a link: %v, want it to name the link and say what it is", err)
				}
			}
			if fi, err := os.Stat(target); err == nil {
				if fi.Mode().Perm() != 0o644 {
					t.Errorf("the link's target has mode %v, want 0644 untouched", fi.Mode().Perm())
				}
				if after, _ := os.ReadFile(target); !bytes.Equal(before, after) {
					t.Errorf("the link's target changed")
				}
			} else if target != filepath.Join(dir, "missing") {
				t.Fatal(err)
			} else if _, err := os.Lstat(target); err == nil {
				t.Errorf("Open through a dangling link created %s", target)
			}
		})
	}
}

// TestOpenLeavesForeignFileMode: a [store] path naming a file that is not a store is refused,
// and its mode is not tightened: only postald's own store is ever chmod-ed.
func TestOpenLeavesForeignFileMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, bytes.Repeat([]byte("not a store\n"), 2000), 0o644); err != nil {
		t.Fatal(err)
	}
	if db, err := store.Open(path, store.Options{}); err == nil {
		db.Close()
		t.Fatal("Open of a text file succeeded")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the foreign file: %v, mode %v; want 0644 untouched", err, fi.Mode().Perm())
	}
}
