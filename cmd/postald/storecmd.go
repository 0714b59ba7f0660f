package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"os"
	"postald/internal/tablebase"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/office"
	"postald/internal/reading"
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

// printer prints the reply of a command on the store as the command prints it; it prints what
// the reply holds, nothing when the reply holds nothing (a failed request). speak (nil: none) is
// told the language of the tournament a reply is about, before it is printed (cmdEnv.speak).
type printer func(w io.Writer, rep office.Reply, speak func(lang string)) error

// spoken is a reply about one tournament, which names its language (office's replies).
type spoken interface{ SpokenIn() string }

// printing makes the printer of a command whose reply is an R (office.As): print is called with
// the reply's value, and not at all when the reply holds none; a reply about one tournament
// makes the command speak its language first.
func printing[R any](print func(w io.Writer, r R) error) printer {
	return func(w io.Writer, rep office.Reply, speak func(string)) error {
		v, ok, err := office.As[R](rep)
		if err != nil || !ok {
			return err
		}
		if s, ok := any(v).(spoken); ok && speak != nil {
			speak(s.SpokenIn())
		}
		return print(w, v)
	}
}

// storeCall is a command on the store (judge, report, export, tournament create, backup): the
// office request its command line makes and how its reply is printed. The same request runs in
// the daemon, through the control socket, or here on a store opened for it.
type storeCall struct {
	req   office.Command
	print printer
	// failed begins the line that reports the command's failure: "postald judge show".
	failed string
	// readOnly: a store opened here is opened read-only (backup).
	readOnly bool
	// then, when set, is the call to make after this one succeeded (nil: none): postald cards
	// prints the cards, then records their posting.
	then func() *storeCall
	// configure, when set, completes the request from the configuration before it is run.
	configure func(cfg *config.Config)
	// speak, when set, makes the command speak the language of the tournament its reply is
	// about (cmdEnv.speak); runStoreCall sets it.
	speak func(lang string)
}

// fail prints err as the command reports a failure and returns the exit status: 0 for a
// request for help (the flag package printed the usage), the status of an exitError, else 1.
func (c *storeCall) fail(w io.Writer, err error) int {
	if code, ok := exitStatus(err); ok {
		return code
	}
	fmt.Fprintf(w, "%s: %v\n", c.failed, err)
	return 1
}

// finish prints the reply of the call, then its failure when it failed (after what the reply
// holds of the work done before it), and returns the exit status.
func (c *storeCall) finish(w io.Writer, rep office.Reply, err error) int {
	if perr := c.print(w, rep, c.speak); err == nil {
		err = perr
	}
	if err == nil {
		return 0
	}
	return c.fail(w, err)
}

// runStoreCall runs call against the store of the configuration at cfgFile: through the running
// daemon's control socket when there is one, else on the store opened here.
func runStoreCall(env *cmdEnv, cfgFile string, call *storeCall) error {
	cfg, err := config.Load(configPath(cfgFile), config.OSEnv())
	if err != nil {
		return err
	}
	if call.configure != nil {
		call.configure(cfg)
	}
	call.speak = env.speak
	rep, err := daemon.Call(cfg.Control.Socket, call.req)
	var failure *daemon.Failure
	switch {
	case err == nil || errors.As(err, &failure):
		return call.next(env, cfgFile, call.finish(env.stdout, rep, err))
	case !errors.Is(err, daemon.ErrNoDaemon):
		return err
	}
	db, err := openStore(cfg, env, call.readOnly)
	if err != nil {
		return err
	}
	opt := office.Options{Store: db, Now: time.Now}
	if cfg.Endgame.Dir != "" {
		eg := tablebase.OpenDirectory(cfg.Endgame.Dir)
		defer eg.Close()
		opt.Endgames = eg
	}
	if !call.readOnly {
		from, err := mail.ParseAddress(cfg.SMTP.From)
		if err != nil {
			db.Close()
			return fmt.Errorf(env.text().Errors.From, cfg.SMTP.From, err)
		}
		opt.From = *from
	}
	// A command that only reads is answered by a desk of its own, with no office.
	if q, ok := call.req.(reading.Query); ok {
		rep, err = office.Read(reading.NewDesk(db, opt.Endgames), q)
	} else {
		rep, err = office.New(opt).Run(call.req)
	}
	code := call.finish(env.stdout, rep, err)
	env.opened(cfg.Store.Path, db.Opened())
	db.Close()
	return call.next(env, cfgFile, code)
}

// next makes the call that follows call once it succeeded with exit status code.
func (c *storeCall) next(env *cmdEnv, cfgFile string, code int) error {
	if code != 0 || c.then == nil {
		return exitCode(code)
	}
	if n := c.then(); n != nil {
		return runStoreCall(env, cfgFile, n)
	}
	return nil
}

func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return exitError{code}
}

// openStore opens the configured store for a command that found no daemon running: with the
// configured timeout (another postald may hold it) and the check of -skip-check. Its log
// shows warnings only: what opening did to the file (created, migrated) the command says
// in its user's language once it has run (opened).
func openStore(cfg *config.Config, env *cmdEnv, readOnly bool) (*store.DB, error) {
	return store.Open(cfg.Store.Path, store.Options{
		ReadOnly:  readOnly,
		Timeout:   cfg.Store.OpenTimeout.Duration,
		SkipCheck: env.skipCheck,
		Logger:    newLog(env.stderr, slog.LevelWarn),
	})
}

// opened tells the user on the standard error what opening the store at path did to it: a
// new file created, an old one migrated; in the command's language, which by now is the
// tournament's the command was about.
func (env *cmdEnv) opened(path string, o store.Opening) {
	switch {
	case o.Created:
		fmt.Fprintf(env.stderr, env.text().Store.Created+"\n", path)
	case o.From != 0:
		fmt.Fprintln(env.stderr, env.text().Store.Migrated(path, o.From, o.To))
	}
}
