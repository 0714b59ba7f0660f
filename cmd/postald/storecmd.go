package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"os"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/store"
)

// defaultConfig is where postald looks for its configuration when -config is not given.
const defaultConfig = "/etc/postald/postald.toml"

// configPath returns the -config value, else $POSTALD_CONFIG, else the default.
func configPath(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if p := os.Getenv("POSTALD_CONFIG"); p != "" {
		return p
	}
	return defaultConfig
}

// storeFunc is a command that works on the store: the same function runs inside the daemon
// (through the control socket) and in the CLI on a store it opened itself.
type storeFunc func(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int

// storeCommands are the commands the control socket runs. The first argument names one.
func storeCommands() map[string]storeFunc {
	return map[string]storeFunc{
		"judge":      judgeMain,
		"report":     reportMain,
		"tournament": tournamentMain,
		"export":     exportMain,
		"backup":     backupMain,
	}
}

// controlDispatch runs a command line received on the control socket.
func controlDispatch(ctx context.Context, args []string, out *daemon.ControlOutput, cenv *daemon.ControlEnv) int {
	if len(args) == 0 {
		fmt.Fprintln(out, "no command")
		return 2
	}
	fn, ok := storeCommands()[args[0]]
	if !ok {
		fmt.Fprintf(out, "unknown command %q\n", args[0])
		return 2
	}
	return fn(ctx, args[1:], out, cenv)
}

// runStoreCommand runs name with args against the store of the configuration at cfgFile: through
// the running daemon's control socket when there is one, else on the store opened here.
func runStoreCommand(ctx context.Context, env *cmdEnv, cfgFile, name string, args []string) error {
	cfg, err := config.Load(configPath(cfgFile), config.OSEnv())
	if err != nil {
		return err
	}
	code, err := daemon.CallControl(cfg.Control.Socket, append([]string{name}, args...), env.stdout)
	switch {
	case err == nil:
		return exitCode(code)
	case !errors.Is(err, daemon.ErrNoDaemon):
		return err
	}
	db, err := openStore(cfg, env, false)
	if err != nil {
		return err
	}
	defer db.Close()
	from, err := mail.ParseAddress(cfg.SMTP.From)
	if err != nil {
		return fmt.Errorf("[smtp] from %q: %w", cfg.SMTP.From, err)
	}
	return exitCode(storeCommands()[name](ctx, args, env.stdout, daemon.DirectEnv(db, *from, time.Now)))
}

func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return exitError{code}
}

// openStore opens the configured store for a command that found no daemon running: with the
// configured timeout (another postald may hold it) and the check of -skip-check.
func openStore(cfg *config.Config, env *cmdEnv, readOnly bool) (*store.DB, error) {
	return store.Open(cfg.Store.Path, store.Options{
		ReadOnly:  readOnly,
		Timeout:   cfg.Store.OpenTimeout.Duration,
		SkipCheck: env.skipCheck,
		Logger:    slog.New(slog.NewTextHandler(env.stderr, nil)),
	})
}
