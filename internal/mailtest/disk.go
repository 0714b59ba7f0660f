package mailtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// SmallDisk mounts a tmpfs of size bytes for the test and returns its directory, unmounted when
// the test ends: a disk a test can fill. It needs root (CI has it); elsewhere the test is
// skipped, and when Required it fails instead.
func SmallDisk(t testing.TB, size int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d,mode=0700", size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		msg := fmt.Sprintf("cannot mount a small tmpfs (root is needed): %v: %s", err, out)
		if Required() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// FillDisk writes a file into dir until its file system is full and returns a function that
// removes it again.
func FillDisk(t testing.TB, dir string) (free func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			break
		}
	}
	if err := f.Close(); err != nil && !errors.Is(err, syscall.ENOSPC) {
		t.Fatal(err)
	}
	return func() {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}
