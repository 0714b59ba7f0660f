package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"postald/internal/office"
	"postald/internal/phrase"
)

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
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	return runStoreCall(env, env.config, backupCall(env.text(), dst))
}

// backupCall writes the copy to the absolute path dst: in the daemon, with the daemon's open
// store, or here on the store opened read-only.
func backupCall(tx *phrase.CLIText, dst string) *storeCall {
	return &storeCall{req: office.BackupRequest{Path: dst}, failed: "postald backup", readOnly: true,
		print: printing(func(w io.Writer, b *office.BackedUp) error {
			fmt.Fprintln(w, tx.Store.BackedUp(b.Path, b.Bytes, b.Store))
			if b.Archives > 0 {
				fmt.Fprintln(w, tx.Store.BackupArchives(b.Dir, b.Archives, b.Copied))
			}
			return nil
		})}
}
