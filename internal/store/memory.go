package store

import (
	"fmt"
	"log/slog"
	"os"

	bolt "go.etcd.io/bbolt"
)

// MemoryPath is the Path of a store OpenMemory opened: it names no file.
const MemoryPath = ":memory:"

// OpenMemory opens a new, empty store that lives in memory only and is gone when it is closed:
// the same schema, buckets and records as a store file, for a replay of letters through the
// office (postald simulate) that must leave nothing behind. On Linux the bbolt file is an
// anonymous memory file (memfd); elsewhere a temporary file removed at once, which only the open
// store still holds. Nothing of it is synced.
func OpenMemory(log *slog.Logger) (*DB, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	f, err := memoryFile()
	if err != nil {
		return nil, fmt.Errorf("open a store in memory: %w", err)
	}
	b, err := bolt.Open(MemoryPath, fileMode, &bolt.Options{
		NoSync:         true,
		NoFreelistSync: true,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) {
			return f, nil
		},
	})
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open a store in memory: %w", err)
	}
	db := &DB{bolt: b, path: MemoryPath, log: log}
	if err := db.prepare(false); err != nil {
		b.Close()
		return nil, fmt.Errorf("open a store in memory: %w", err)
	}
	return db, nil
}

// tempFile returns a temporary file removed at once: only the open store holds it.
func tempFile() (*os.File, error) {
	f, err := os.CreateTemp("", "postald-store-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
