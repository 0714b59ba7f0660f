package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"postald/internal/config"
	"postald/internal/mailbox"
)

// runCheckConfig is `postald check-config -config FILE`: the configuration, the trust
// settings, the permissions of the files it names, the store, and (unless -offline) a login to
// IMAP and to SMTP and the watched mailbox, each reported on a line of its own
// ("ok" or "FAIL"); exit status 1 when anything fails, 0 when all is well.
func runCheckConfig(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "check-config")
	offline := fs.Bool("offline", false, "check the files only: no login to the mail servers")
	timeout := fs.Duration("timeout", 20*time.Second, "how long each server may take to answer")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	path := configPath(env.config)
	failed := 0
	report := func(problem string, ok string) {
		if problem != "" {
			failed++
			fmt.Fprintf(env.stdout, "FAIL %s\n", problem)
			return
		}
		fmt.Fprintf(env.stdout, "ok   %s\n", ok)
	}
	cfg, err := config.Load(path, config.OSEnv())
	if err != nil {
		report(err.Error(), "")
		// The file's own mode is worth knowing even when it does not parse.
		for _, p := range config.FileProblems(path, nil, nil) {
			report(p, "")
		}
		return exitError{1}
	}
	report("", "configuration "+path+" parses")
	if err := cfg.Trust.Problem(); err != nil {
		report(err.Error(), "")
	} else if cfg.Trust.FromOnly {
		report("", "[trust] from_only = true: the From header alone is believed (a closed test setup only; see "+config.TrustDoc+")")
	} else if cfg.Trust.Verdict == config.VerdictServer {
		report("", fmt.Sprintf("[trust] letters must carry an Authentication-Results field of %s with an aligned pass of %v, not contradicted by postald's own check (resolver %s)",
			cfg.Trust.AuthservID, cfg.Trust.Require, resolverName(cfg.Trust.Resolver)))
	} else {
		report("", fmt.Sprintf("[trust] postald checks DKIM, SPF and DMARC itself (resolver %s) and requires an aligned pass of %v; the field of %s is recorded beside its verdict",
			resolverName(cfg.Trust.Resolver), cfg.Trust.Require, cfg.Trust.AuthservID))
	}
	files := config.FileProblems(path, cfg, nil)
	for _, p := range files {
		report(p, "")
	}
	if len(files) == 0 {
		report("", "the configuration and password files are readable by their owner only")
	}
	report(storeProblem(cfg.Store.Path), "[store] "+cfg.Store.Path+": owner-only, or to be created so")
	if cfg.Control.Socket != "" {
		dir := filepath.Dir(cfg.Control.Socket)
		p := ""
		if _, err := os.Stat(dir); err == nil {
			p = socketDirProblem(dir)
		}
		report(p, "[control] socket directory "+dir+": owner-only, or to be created so")
	}
	if !*offline {
		checkServers(ctx, cfg, *timeout, report)
	}
	if failed > 0 {
		fmt.Fprintf(env.stdout, "%d problem(s)\n", failed)
		return exitError{1}
	}
	return nil
}

// checkServers logs in to the IMAP server, selects the watched mailbox and logs in to the SMTP
// server with the configured credentials, reporting each on a line of its own; a refusal is
// reported in the server's own words.
func checkServers(ctx context.Context, cfg *config.Config, timeout time.Duration, report func(problem, ok string)) {
	opts := imapOptions(cfg)
	mbox := opts.Mailbox
	if mbox == "" {
		mbox = "INBOX"
	}
	ictx, cancel := context.WithTimeout(ctx, timeout)
	res, err := mailbox.CheckIMAP(ictx, opts)
	cancel()
	switch {
	case !res.LoggedIn && mailbox.LoginRefused(err):
		report(fmt.Sprintf("[imap] %s refused the login as %q (username, password_file or password_env): %v", cfg.IMAP.Address, cfg.IMAP.Username, err), "")
	case !res.LoggedIn:
		report(fmt.Sprintf("[imap] %s: %v", cfg.IMAP.Address, err), "")
	default:
		report("", fmt.Sprintf("[imap] logged in to %s as %q", cfg.IMAP.Address, cfg.IMAP.Username))
		if err != nil {
			report(fmt.Sprintf("[imap] mailbox %q: %v", mbox, err), "")
		} else {
			report("", fmt.Sprintf("[imap] mailbox %q selected: %d messages", mbox, res.Messages))
		}
	}
	sender, err := mailbox.NewSender(smtpOptions(cfg))
	if err != nil {
		report(fmt.Sprintf("[smtp] %v", err), "")
		return
	}
	defer sender.Close()
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	switch err := sender.Check(sctx); {
	case mailbox.LoginRefused(err):
		report(fmt.Sprintf("[smtp] %s refused the login as %q (username, password_file or password_env): %v", cfg.SMTP.Address, cfg.SMTP.Username, err), "")
	case err != nil:
		report(fmt.Sprintf("[smtp] %s: %v", cfg.SMTP.Address, err), "")
	default:
		report("", fmt.Sprintf("[smtp] logged in to %s as %q", cfg.SMTP.Address, cfg.SMTP.Username))
	}
}

// storeProblem says what is wrong with the store file, "" when nothing: it may not exist yet
// (serve creates it 0600), but if it does, only its owner may read it.
func storeProblem(path string) string {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Dir(path)); err != nil {
			return fmt.Sprintf("[store] path %s: its directory: %v", path, err)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("[store] path %s: %v", path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Sprintf("[store] path %s: not a regular file", path)
	}
	if m := fi.Mode().Perm(); m&0o077 != 0 {
		return fmt.Sprintf("[store] path %s has mode %04o: run chmod 600 %s (serve tightens it itself)", path, m, path)
	}
	return ""
}

// resolverName names [trust] resolver for check-config.
func resolverName(addr string) string {
	if addr == "" {
		return "the system's"
	}
	return addr
}
