package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/diagram"
	"postald/internal/mailauth"
	"postald/internal/mailbox"
	"postald/internal/metrics"
	"postald/internal/office"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/rules"
	"postald/internal/store"
	"postald/internal/web"
)

func runServe(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "serve")
	debug := fs.Bool("debug", false, tx.Flags.Debug)
	takeover := fs.Bool("takeover", false, tx.Flags.Takeover)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	path := configPath(env.config)
	cfg, err := config.Load(path, config.OSEnv())
	if err != nil {
		return err
	}
	// Refused before anything is opened: without [trust] anyone could move for a player.
	if p := trustProblem(tx, cfg.Trust); p != "" {
		return fmt.Errorf("%s: %s", path, p)
	}
	cfg.Daemon.Takeover = *takeover
	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	log := newLog(env.stderr, level)
	for _, p := range config.FileChecks(path, cfg, nil) {
		log.Warn(p.String())
	}
	db, err := store.Open(cfg.Store.Path, store.Options{Timeout: cfg.Store.OpenTimeout.Duration, Logger: log, SkipCheck: env.skipCheck})
	if err != nil {
		return err
	}
	defer db.Close()
	return serve(ctx, cfg, db, log, time.Now)
}

// imapOptions are the watcher's options of the configuration.
func imapOptions(cfg *config.Config) mailbox.IMAPOptions {
	return mailbox.IMAPOptions{
		Address:   cfg.IMAP.Address,
		TLS:       mailbox.TLSMode(cfg.IMAP.TLS),
		Username:  cfg.IMAP.Username,
		Password:  cfg.IMAP.Password,
		Mailbox:   cfg.IMAP.Mailbox,
		Processed: cfg.IMAP.Processed,
		Claims:    cfg.IMAP.Claims,
		CAFile:    cfg.TLS.CAFile,
	}
}

// smtpOptions are the sender's options of the configuration.
func smtpOptions(cfg *config.Config) mailbox.SMTPOptions {
	return mailbox.SMTPOptions{
		Address:  cfg.SMTP.Address,
		TLS:      mailbox.TLSMode(cfg.SMTP.TLS),
		Username: cfg.SMTP.Username,
		Password: cfg.SMTP.Password,
		From:     cfg.SMTP.From,
		CAFile:   cfg.TLS.CAFile,
		// [smtp] helo, else the domain of From's address (mailbox.HelloName)
		HelloName: cfg.SMTP.Helo,
	}
}

// serve runs the daemon on an open store until ctx ends; what stops it at start is said in the
// command line's language ([cli] language). The log is in English, for the administrator's tools.
func serve(ctx context.Context, cfg *config.Config, db *store.DB, log *slog.Logger, now func() time.Time) error {
	tx := &phrase.For(cfg.CLI.Lang(os.Getenv)).CLI
	if p := trustProblem(tx, cfg.Trust); p != "" {
		return errors.New(p)
	}
	if cfg.Trust.FromOnly {
		log.Warn("[trust] from_only = true: the From header alone identifies a player; fit only for a closed test setup (docs/trust.md)")
	}
	if err := socketDir(cfg.Control.Socket, log); err != nil {
		return err
	}
	from, err := mail.ParseAddress(cfg.SMTP.From)
	if err != nil {
		return fmt.Errorf(tx.Errors.From, cfg.SMTP.From, err)
	}
	sender, err := mailbox.NewSender(smtpOptions(cfg))
	if err != nil {
		return err
	}
	defer sender.Close()
	// What the pages and the metrics read of the store, counted once here and kept by the
	// daemon's units of work.
	known, err := reading.NewKnown(db, now())
	if err != nil {
		return err
	}
	m := metrics.New(known)
	endgames := openEndgames(cfg, log)
	if endgames != nil {
		defer endgames.Close()
	}
	d := daemon.New(daemon.Options{
		Store:         db,
		Sender:        sender,
		From:          *from,
		Addresses:     mailboxAddresses(cfg),
		Limits:        cfg.Limits,
		Trust:         cfg.Trust,
		Verifier:      verifier(cfg.Trust, now),
		ControlSocket: cfg.Control.Socket,
		Logger:        log,
		Now:           now,
		Metrics:       m,
		CheckEvery:    cfg.Store.CheckEvery.Duration,
		Known:         known,
		Delivery:      cfg.Delivery,
		Endgames:      endgamesOf(endgames),
	})
	imapOpts := imapOptions(cfg)
	// One mailbox, one daemon: a mailbox another store holds is refused before anything runs
	// (no reminder, no letter of this store goes out); the watcher checks again at every
	// connection, so a server unreachable now does not keep postald from starting.
	// (A takeover may wait for a claim of a moment ago to settle: mailbox.ClaimSettle.)
	claimCtx, cancelClaim := context.WithTimeout(ctx, mailbox.ClaimSettle+time.Minute)
	defer cancelClaim()
	// A login the servers refuse is the configuration's fault, which no retry mends: postald
	// says so and stops, instead of announcing itself ready and retrying for ever. A server that
	// cannot be reached now is retried as usual.
	if err := sender.Check(claimCtx); mailbox.LoginRefused(err) {
		return fmt.Errorf(tx.Errors.Login, "smtp", cfg.SMTP.Address, cfg.SMTP.Username, err)
	} else if err != nil {
		log.Warn("the SMTP server could not be reached now; letters wait in the outbox", "err", err)
	}
	_, err = mailbox.Claim(claimCtx, imapOpts, db.Instance(), cfg.Daemon.Takeover)
	claimed := err == nil
	switch {
	case errors.Is(err, mailbox.ErrClaimed):
		return err
	case mailbox.LoginRefused(err):
		return fmt.Errorf(tx.Errors.Login, "imap", cfg.IMAP.Address, cfg.IMAP.Username, err)
	case folderRefused(err):
		// A folder the server does not allow (Cyrus refuses one beside INBOX) is the
		// configuration's fault too: a watcher started on it would never read a letter.
		var fe *mailbox.FolderError
		errors.As(err, &fe)
		return errors.New(tx.Check.FolderFail(fe.Key, fe.Name, fe.Default, fe.Prefix, fe.Err.Error()))
	case err != nil:
		log.Warn("the claim on the watched mailbox could not be checked now; the watcher checks it when it connects", "err", err)
	}
	w, err := mailbox.NewWatcher(imapOpts, d.Handle)
	if err != nil {
		return err
	}
	w.HandleBatch = d.HandleBatch
	w.Reconnecting = m.Reconnected
	// A watcher whose sessions fail again and again cannot work: the daemon says so (log,
	// /healthz, metrics, the judges; daemon/health.go).
	w.Failed, w.Working = d.MailboxFailed, d.MailboxWorking
	w.DisableIdle = !cfg.Daemon.UseIdle()
	// One mailbox, one daemon: the mailbox is claimed for this store (mailbox/claim.go). Once
	// claimed above, the takeover is done: the watcher only checks that the claim is still this
	// store's, at every connection and before its first letter.
	w.ClaimAs, w.Takeover = db.Instance(), cfg.Daemon.Takeover && !claimed
	w.PollInterval = cfg.Daemon.PollInterval.Duration
	w.Logger = log
	if cfg.Limits.MaxMessageBytes > 0 {
		w.MaxMessageBytes = int64(cfg.Limits.MaxMessageBytes)
	}
	log.Info("postald starting", "store", db.Path(), "imap", cfg.IMAP.Address, "smtp", cfg.SMTP.Address, "control", cfg.Control.Socket)
	if every := cfg.Daemon.ReportEvery.Duration; every > 0 {
		go reportEvery(ctx, d, every, log)
	}
	if cfg.Web.Listen != "" {
		_, stop, err := serveWeb(cfg.Web.Listen, web.Options{Store: db, Logger: log, Metrics: m.Gatherer(), Now: now, Picture: pagePicture, Known: known,
			Health: d.Health}, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	return d.Run(ctx, w)
}

// serveWeb serves the web pages on addr until stop is called; stop lets the requests in hand
// finish, within a bound. The pages read the committed state on their own goroutines: the
// daemon never waits for them.
func serveWeb(addr string, opt web.Options, log *slog.Logger) (at net.Addr, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("[web] listen: %w", err)
	}
	srv := &http.Server{
		Handler:           web.New(opt),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web pages", "err", err)
		}
	}()
	log.Info("web pages", "address", "http://"+ln.Addr().String()+"/")
	return ln.Addr(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			srv.Close()
		}
		<-done
	}, nil
}

// reportEvery mails the director's report of every tournament on the configured period.
func reportEvery(ctx context.Context, d *daemon.Daemon, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := d.Command(ctx, office.ReportRequest{Send: true}); err != nil {
			log.Error("scheduled report", "err", err)
		}
	}
}

// socketDir makes the control socket's directory, owner-only (0700), and warns about an
// existing one that others may enter (it is not changed: it may be shared, /run say).
func socketDir(socket string, log *slog.Logger) error {
	if socket == "" {
		return nil
	}
	dir := filepath.Dir(socket)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("[control] socket: %w", err)
	}
	if p := socketDirProblem(&phrase.For(config.DefaultCLILanguage).CLI, dir); p != "" {
		log.Warn(p) // the log is in English
	}
	return nil
}

// socketDirProblem says what is wrong with the control socket's directory in the words of tx,
// "" when nothing.
func socketDirProblem(tx *phrase.CLIText, dir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Sprintf(tx.Check.SocketErr, dir, err)
	}
	if m := fi.Mode().Perm(); m&0o077 != 0 {
		return fmt.Sprintf(tx.Check.SocketMode, dir, m, dir)
	}
	return ""
}

// pagePicture draws a game page's board: a little wider than a letter's, for a screen.
func pagePicture(p rules.Position, last *rules.Move) ([]byte, error) {
	return diagram.PNG(p, diagram.Options{Last: last, Width: 480})
}

// verifier is postald's own check of the senders for [trust]: DKIM, SPF and DMARC asked of the
// configured resolver (internal/mailauth); nil for a closed test setup (from_only).
func verifier(t config.Trust, now func() time.Time) office.Verifier {
	if t.FromOnly || len(t.Require) == 0 {
		return nil
	}
	return &mailauth.Checker{Resolver: mailauth.NewResolver(t.Resolver), Receiver: t.AuthservID, Hosts: t.Receivers(), Now: now}
}

// folderRefused reports whether err says the IMAP server refused one of postald's folders
// outright (not for the moment).
func folderRefused(err error) bool {
	var fe *mailbox.FolderError
	return errors.As(err, &fe) && mailbox.Refused(fe.Err)
}

// mailboxAddresses are the watched mailbox's addresses besides [smtp] from's: the IMAP login
// when it is an address, and [imap] aliases.
func mailboxAddresses(cfg *config.Config) []string {
	var out []string
	if strings.Contains(cfg.IMAP.Username, "@") {
		out = append(out, cfg.IMAP.Username)
	}
	return append(out, cfg.IMAP.Aliases...)
}
