package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// memoryFile returns an anonymous file in memory (memfd_create(2)).
func memoryFile() (*os.File, error) {
	fd, err := unix.MemfdCreate("postald-store", unix.MFD_CLOEXEC)
	if err != nil {
		return tempFile()
	}
	return os.NewFile(uintptr(fd), "postald-store"), nil
}
