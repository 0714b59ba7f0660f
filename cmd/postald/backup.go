package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"postald/internal/config"
	"postald/internal/daemon"
)

const backupUsage = `usage: postald backup [-config FILE] FILE

Writes a consistent copy of the store to FILE, which must not exist, and checks the copy
(bbolt's consistency check, every hash chain, every sealed record) before it takes the name.
While the daemon runs, the daemon writes the copy (through the control socket) and goes on
working; otherwise the store is opened read-only here. See "Backups and restore" in
docs/admin.md for restoring.
`

// runBackup is `postald backup FILE`.
func runBackup(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "backup")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	fs.Usage = func() { fmt.Fprint(env.stderr, backupUsage) }
	if err := fs.Parse(args); err != nil {
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
	cfg, err := config.Load(configPath(*cfgFile), config.OSEnv())
	if err != nil {
		return err
	}
	code, err := daemon.CallControl(cfg.Control.Socket, []string{"backup", dst}, env.stdout)
	switch {
	case err == nil:
		return exitCode(code)
	case !errors.Is(err, daemon.ErrNoDaemon):
		return err
	}
	db, err := openStore(cfg, env, true)
	if err != nil {
		return err
	}
	defer db.Close()
	return exitCode(backupMain(ctx, []string{dst}, env.stdout, &daemon.ControlEnv{Store: db}))
}

// backupMain writes the copy; it is what the control socket runs, in the daemon, with the
// daemon's open store.
func backupMain(_ context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	if len(args) != 1 || !filepath.IsAbs(args[0]) {
		fmt.Fprint(out, backupUsage)
		return 2
	}
	info, err := cenv.Store.Backup(args[0])
	if err != nil {
		fmt.Fprintf(out, "postald backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(out, "%s: %d bytes, a consistent copy of %s; it checks and every chain verifies\n", info.Path, info.Bytes, cenv.Store.Path())
	return 0
}
