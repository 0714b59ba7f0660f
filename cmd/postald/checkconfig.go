package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"postald/internal/config"
	"postald/internal/mailauth"
	"postald/internal/mailbox"
	"postald/internal/phrase"
)

// runCheckConfig is `postald check-config -config FILE`: the configuration, the trust
// settings, the permissions of the files it names, the store, and (unless -offline) a login to
// IMAP and to SMTP and the watched mailbox, each reported on a line of its own
// ("ok" or "FAIL"); exit status 1 when anything fails, 0 when all is well.
func runCheckConfig(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	x := &tx.Check
	fs := newFlagSet(env, "check-config")
	offline := fs.Bool("offline", false, tx.Flags.Offline)
	timeout := fs.Duration("timeout", 20*time.Second, tx.Flags.Timeout)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	path := configPath(env.config)
	failed := 0
	report := func(problem string, ok string) {
		if problem != "" {
			failed++
			fmt.Fprintf(env.stdout, "%-4s %s\n", x.Fail, problem)
			return
		}
		fmt.Fprintf(env.stdout, "%-4s %s\n", x.OK, ok)
	}
	cfg, err := config.Load(path, config.OSEnv())
	if err != nil {
		report(err.Error(), "")
		// The file's own mode is worth knowing even when it does not parse.
		for _, p := range config.FileChecks(path, nil, nil) {
			report(fileProblem(tx, p), "")
		}
		return exitError{1}
	}
	report("", fmt.Sprintf(x.Parses, path))
	switch methods := strings.Join(cfg.Trust.Require, ", "); {
	case cfg.Trust.Problem() != nil:
		report(trustProblem(tx, cfg.Trust), "")
	case cfg.Trust.FromOnly:
		report("", fmt.Sprintf(x.FromOnly, config.TrustDoc))
	case cfg.Trust.Verdict == config.VerdictServer:
		report("", fmt.Sprintf(x.Server, cfg.Trust.AuthservID, methods, resolverName(tx, cfg.Trust.Resolver)))
	default:
		report("", fmt.Sprintf(x.Own, resolverName(tx, cfg.Trust.Resolver), methods, cfg.Trust.AuthservID))
	}
	files := config.FileChecks(path, cfg, nil)
	for _, p := range files {
		report(fileProblem(tx, p), "")
	}
	if len(files) == 0 {
		report("", x.Files)
	}
	report(storeProblem(tx, cfg.Store.Path), fmt.Sprintf(x.StoreOK, cfg.Store.Path))
	if cfg.Control.Socket != "" {
		dir := filepath.Dir(cfg.Control.Socket)
		p := ""
		if _, err := os.Stat(dir); err == nil {
			p = socketDirProblem(tx, dir)
		}
		report(p, fmt.Sprintf(x.SocketOK, dir))
	}
	note := func(s string) { fmt.Fprintf(env.stdout, "%-4s %s\n", "", s) } // neither ok nor failed
	if !*offline {
		checkServers(ctx, tx, cfg, *timeout, report)
		checkAuthField(ctx, tx, cfg, *timeout, report, note)
		if !cfg.Trust.FromOnly && cfg.Trust.Problem() == nil {
			checkResolver(ctx, tx, cfg, *timeout, report)
		}
	}
	if failed > 0 {
		fmt.Fprintln(env.stdout, x.Problems(failed))
		return exitError{1}
	}
	return nil
}

// trustProblem says why serve refuses t ([trust] Problem), in the words of tx; "" when it
// does not.
func trustProblem(tx *phrase.CLIText, t config.Trust) string {
	x := &tx.Check
	switch {
	case t.Problem() == nil:
		return ""
	case t.AuthservID != "":
		return fmt.Sprintf(x.TrustNoRequire, config.TrustDoc)
	case len(t.Require) > 0:
		return fmt.Sprintf(x.TrustNoAuthserv, config.TrustDoc)
	}
	return fmt.Sprintf(x.TrustUnset, config.TrustDoc)
}

// fileProblem says a file's problem in the words of tx.
func fileProblem(tx *phrase.CLIText, p config.FileProblem) string {
	what := p.Key
	if what == "" {
		what = tx.Check.ConfigFile
	}
	if p.Err != nil {
		return fmt.Sprintf(tx.Check.FileErr, what, p.Path, p.Err)
	}
	return fmt.Sprintf(tx.Check.FileMode, what, p.Path, p.Mode, p.Path)
}

// checkServers logs in to the IMAP server, selects the watched mailbox, reports what the server
// offers, finds or makes postald's folders and writes into them, times IDLE, and logs in to the
// SMTP server with the configured credentials, reporting each on a line of its own; a refusal is
// reported in the server's own words.
func checkServers(ctx context.Context, tx *phrase.CLIText, cfg *config.Config, timeout time.Duration, report func(problem, ok string)) {
	x := &tx.Check
	opts := imapOptions(cfg)
	mbox := opts.Mailbox
	if mbox == "" {
		mbox = "INBOX"
	}
	// The folders and the timed IDLE take longer than a login: each its own bound.
	ictx, cancel := context.WithTimeout(ctx, timeout+mailbox.SlowIdle)
	res, err := mailbox.CheckIMAP(ictx, opts, mailbox.CheckOptions{NoIdle: !cfg.Daemon.UseIdle()})
	cancel()
	switch {
	case !res.LoggedIn && mailbox.LoginRefused(err):
		report(fmt.Sprintf(x.Refused, "imap", cfg.IMAP.Address, cfg.IMAP.Username, err), "")
	case !res.LoggedIn:
		report(fmt.Sprintf(x.Unreachable, "imap", cfg.IMAP.Address, err), "")
	default:
		report("", fmt.Sprintf(x.LoggedIn, "imap", cfg.IMAP.Address, cfg.IMAP.Username))
		if !res.Selected {
			report(fmt.Sprintf(x.MailboxErr, mbox, res.MailboxErr), "")
		} else {
			report("", x.Mailbox(mbox, int(res.Messages)))
		}
		reportIMAP(tx, cfg, res, err, report)
	}
	sender, err := mailbox.NewSender(smtpOptions(cfg))
	if err != nil {
		report(fmt.Sprintf(x.Unreachable, "smtp", cfg.SMTP.Address, err), "")
		return
	}
	defer sender.Close()
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	switch err := sender.Check(sctx); {
	case mailbox.LoginRefused(err):
		report(fmt.Sprintf(x.Refused, "smtp", cfg.SMTP.Address, cfg.SMTP.Username, err), "")
	case err != nil:
		report(fmt.Sprintf(x.Unreachable, "smtp", cfg.SMTP.Address, err), "")
	default:
		report("", fmt.Sprintf(x.LoggedIn, "smtp", cfg.SMTP.Address, cfg.SMTP.Username))
	}
}

// reportIMAP reports what CheckIMAP found of the server after the login: what it offers,
// postald's folders, the timed IDLE; err is the check's own, ended early.
func reportIMAP(tx *phrase.CLIText, cfg *config.Config, res mailbox.IMAPCheck, err error, report func(problem, ok string)) {
	x := &tx.Check
	poll := x.Duration(cfg.Daemon.PollInterval.Duration)
	switch {
	case !res.Idle:
		report("", fmt.Sprintf(x.NoIdle, poll))
	case !cfg.Daemon.UseIdle():
		report("", fmt.Sprintf(x.IdleOff, poll))
	default:
		report("", x.Idle)
	}
	if res.Move {
		report("", x.Move)
	} else {
		report("", x.NoMove)
	}
	if res.UIDPlus {
		report("", x.UIDPlus)
	} else {
		report("", x.NoUIDPlus)
	}
	if res.FoldersErr != nil {
		report(fmt.Sprintf(x.FoldersErr, res.FoldersErr), "")
	}
	for _, f := range res.Folders {
		if f.Err != nil {
			var fe *mailbox.FolderError
			words := f.Err.Error()
			if errors.As(f.Err, &fe) {
				words = fe.Err.Error()
			}
			report(x.FolderFail(f.Key, f.Name, f.Default, res.Namespace.Prefix, words), "")
			continue
		}
		report("", x.Folder(f.Key, f.Name, f.Created, f.Default, res.Namespace.Prefix))
	}
	processed := ""
	if len(res.Folders) > 0 {
		processed = res.Folders[0].Name
	}
	switch {
	case res.IdleErr != nil:
		report(fmt.Sprintf(x.IdleErr, res.IdleErr), "")
	case res.IdleSlow:
		report(fmt.Sprintf(x.IdleSlow, processed, x.Duration(mailbox.SlowIdle)), "")
	case res.IdleTook > 0:
		report("", fmt.Sprintf(x.IdleTook, processed, x.Duration(res.IdleTook.Round(time.Millisecond))))
	}
	if err != nil && res.FoldersErr == nil && len(res.Folders) == 0 {
		report(fmt.Sprintf(x.Unreachable, "imap", cfg.IMAP.Address, err), "")
	}
}

// checkResolver asks the resolver of postald's own check ([trust] resolver, or the system's)
// for the TXT records of the tournament address's domain, as the check asks for SPF and DMARC
// records: an answer, records or none, is what it needs; no answer at all (a timeout, a refusal)
// means that letters would wait in the mailbox for the check.
func checkResolver(ctx context.Context, tx *phrase.CLIText, cfg *config.Config, timeout time.Duration, report func(problem, ok string)) {
	name := resolverName(tx, cfg.Trust.Resolver)
	domain := "localhost"
	if a, err := mail.ParseAddress(cfg.SMTP.From); err == nil {
		if _, d, ok := strings.Cut(a.Address, "@"); ok {
			domain = d
		}
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err := mailauth.NewResolver(cfg.Trust.Resolver).LookupTXT(rctx, domain)
	var dnsErr *net.DNSError
	if err != nil && !(errors.As(err, &dnsErr) && dnsErr.IsNotFound) {
		report(fmt.Sprintf(tx.Check.ResolverFail, name, domain, err, config.TrustDoc), "")
		return
	}
	report("", fmt.Sprintf(tx.Check.ResolverOK, name, domain))
}

// storeProblem says what is wrong with the store file, "" when nothing: it may not exist yet
// (serve creates it 0600), but if it does, only its owner may read it.
func storeProblem(tx *phrase.CLIText, path string) string {
	x := &tx.Check
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Dir(path)); err != nil {
			return fmt.Sprintf(x.StoreDir, path, err)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf(x.StoreErr, path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Sprintf(x.StoreNotFile, path)
	}
	if m := fi.Mode().Perm(); m&0o077 != 0 {
		return fmt.Sprintf(x.StoreMode, path, m, path)
	}
	return ""
}

// resolverName names [trust] resolver for check-config.
func resolverName(tx *phrase.CLIText, addr string) string {
	if addr == "" {
		return tx.Check.SystemResolver
	}
	return addr
}
