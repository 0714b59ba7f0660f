package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"postald/internal/office"
)

const backupUsage = `usage: postald backup [-config FILE] FILE

Writes a consistent copy of the store to FILE, which must not exist, and checks the copy
(bbolt's consistency check, every hash chain, every sealed record) before it takes the name.
While the daemon runs, the daemon writes the copy (through the control socket) and goes on
working; otherwise the store is opened read-only here. See "Backups and restore" in
docs/admin.md for restoring.

example:
  postald backup /var/backups/postald/store-2026-12-01.db
`

// runBackup is `postald backup FILE`.
func runBackup(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "backup")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitError{2}
	}
	// The daemon's working directory is not ours: it gets an absolute path.
	dst, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("backup %s: %w", fs.Arg(0), err)
	}
	return runStoreCall(env, env.config, backupCall(dst))
}

// backupCall writes the copy to the absolute path dst: in the daemon, with the daemon's open
// store, or here on the store opened read-only.
func backupCall(dst string) *storeCall {
	return &storeCall{req: office.BackupRequest{Path: dst}, failed: "postald backup", readOnly: true,
		print: printing(func(w io.Writer, b *office.BackedUp) error {
			fmt.Fprintf(w, "%s: %d bytes, a consistent copy of %s; it checks and every chain verifies\n", b.Path, b.Bytes, b.Store)
			if b.Archives > 0 {
				fmt.Fprintf(w, "%s: the files of %d archived tournaments (%d copied now, the others there already); restore them with the copy\n", b.Dir, b.Archives, b.Copied)
			}
			return nil
		})}
}
