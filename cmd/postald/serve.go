package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/mailbox"
	"postald/internal/store"
)

func runServe(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "serve")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	debug := fs.Bool("debug", false, "log at debug level")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := config.Load(configPath(*cfgFile), config.OSEnv())
	if err != nil {
		return err
	}
	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(env.stderr, &slog.HandlerOptions{Level: level}))
	db, err := store.Open(cfg.Store.Path, store.Options{Timeout: cfg.Store.OpenTimeout.Duration, Logger: log})
	if err != nil {
		return err
	}
	defer db.Close()
	return serve(ctx, cfg, db, log, time.Now)
}

// serve runs the daemon on an open store until ctx ends.
func serve(ctx context.Context, cfg *config.Config, db *store.DB, log *slog.Logger, now func() time.Time) error {
	from, err := mail.ParseAddress(cfg.SMTP.From)
	if err != nil {
		return fmt.Errorf("[smtp] from %q: %w", cfg.SMTP.From, err)
	}
	sender, err := mailbox.NewSender(mailbox.SMTPOptions{
		Address:  cfg.SMTP.Address,
		TLS:      mailbox.TLSMode(cfg.SMTP.TLS),
		Username: cfg.SMTP.Username,
		Password: cfg.SMTP.Password,
		From:     cfg.SMTP.From,
		CAFile:   cfg.TLS.CAFile,
	})
	if err != nil {
		return err
	}
	defer sender.Close()
	d := daemon.New(daemon.Options{
		Store:         db,
		Sender:        sender,
		From:          *from,
		Limits:        cfg.Limits,
		Trust:         cfg.Trust,
		ControlSocket: cfg.Control.Socket,
		Control:       controlDispatch,
		Logger:        log,
		Now:           now,
	})
	w, err := mailbox.NewWatcher(mailbox.IMAPOptions{
		Address:   cfg.IMAP.Address,
		TLS:       mailbox.TLSMode(cfg.IMAP.TLS),
		Username:  cfg.IMAP.Username,
		Password:  cfg.IMAP.Password,
		Mailbox:   cfg.IMAP.Mailbox,
		Processed: cfg.IMAP.Processed,
		CAFile:    cfg.TLS.CAFile,
	}, d.Handle)
	if err != nil {
		return err
	}
	w.HandleBatch = d.HandleBatch
	w.PollInterval = cfg.Daemon.PollInterval.Duration
	w.Logger = log
	if cfg.Limits.MaxMessageBytes > 0 {
		w.MaxMessageBytes = int64(cfg.Limits.MaxMessageBytes)
	}
	log.Info("postald starting", "store", db.Path(), "imap", cfg.IMAP.Address, "smtp", cfg.SMTP.Address, "control", cfg.Control.Socket)
	if every := cfg.Daemon.ReportEvery.Duration; every > 0 {
		go reportEvery(ctx, d, every, log)
	}
	return d.Run(ctx, w)
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
		var out daemon.ControlOutput
		if code := reportMain(ctx, []string{"-send"}, &out, d.Env()); code != 0 {
			log.Error("scheduled report", "output", out.String())
		}
	}
}
