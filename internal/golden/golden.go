// Package golden compares what a test produced with a file under testdata — a letter as its
// reader sees it, a report, a picture, a card, a letter read as JSON — and, under the one flag
// every package's tests share, `go test -update`, writes the file instead. The files are what
// postald's users receive: after -update, read the diff before committing it.
//
// It is imported by tests only.
package golden

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files with what the tests produce (then read the diff)")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Text compares got with the file at path, line by line, or writes it under -update.
func Text(t testing.TB, path, got string) {
	t.Helper()
	if write(t, path, []byte(got)) {
		return
	}
	want := read(t, path)
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// Bytes compares got with the file at path byte for byte (a picture, a PDF), or writes it under
// -update; what is a file the diff cannot show, say what is: look at both.
func Bytes(t testing.TB, path string, got []byte, what string) {
	t.Helper()
	if write(t, path, got) {
		return
	}
	if want := read(t, path); !bytes.Equal(want, got) {
		t.Errorf("%s differs from %s (%d bytes, want %d): %s; go test -update writes it if the change is meant", what, path, len(got), len(want), what)
	}
}

// JSON compares got, marshalled, with the JSON file at path as values (the order of an
// object's keys does not matter), or writes it, indented, under -update.
func JSON(t testing.TB, path string, got any) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if write(t, path, append(b, '\n')) {
		return
	}
	var want, have any
	if err := json.Unmarshal(read(t, path), &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := json.Unmarshal(b, &have); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, have); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// write writes got to path under -update and reports whether it did.
func write(t testing.TB, path string, got []byte) bool {
	t.Helper()
	if !*update {
		return false
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, got, 0o644); err != nil {
		t.Fatal(err)
	}
	return true
}

// read reads the golden file at path.
func read(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	return b
}
