package mailbox

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"fmt"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// SlowIdle is the longest a server may take to announce a new letter to a client in IDLE before
// CheckIMAP calls its IDLE slow: letters would wait as long before postald reads them. Dovecot
// announces one within a second; Cyrus without its idled polls every imapidlepoll (60 s).
const SlowIdle = 10 * time.Second

// IMAPCheck is what CheckIMAP found of the IMAP server, for a command that checks a
// configuration (check-config): whether the login succeeded, the watched mailbox, what the
// server offers, postald's folders, and how fast IDLE announces a letter.
type IMAPCheck struct {
	LoggedIn bool
	// Selected says the watched mailbox was selected, with Messages in it; MailboxErr says why
	// not.
	Selected   bool
	Messages   uint32
	MailboxErr error
	// Idle, Move and UIDPlus say what the server offers after the login.
	Idle, Move, UIDPlus bool
	// Namespace is the server's personal namespace, when a folder name was left to postald.
	Namespace Namespace
	// Folders are postald's folders (processed, claims), in that order, once the server was
	// asked where they go; FoldersErr says why it could not be.
	Folders    []FolderCheck
	FoldersErr error
	// IdleTook is how long the server took, in IDLE on the processed folder, to announce a letter
	// appended to it; IdleErr says why it could not be measured, and IdleSlow that no
	// announcement came within SlowIdle. Not measured (all zero) when the server has no IDLE or
	// NoIdle asked for none.
	IdleTook time.Duration
	IdleSlow bool
	IdleErr  error
}

// FolderCheck is one of postald's folders as CheckIMAP found it: its setting (processed,
// claims), its name, whether the name is postald's default, whether it had to be made, and a
// letter written into it and removed again; Err (a *FolderError) says what failed.
type FolderCheck struct {
	Key     string
	Name    string
	Default bool
	Created bool
	Err     error
}

// CheckOptions tune CheckIMAP.
type CheckOptions struct {
	// NoIdle: the daemon polls ([daemon] idle = false), so IDLE is not timed.
	NoIdle bool
	// SlowIdle bounds the wait for IDLE's announcement; 0 is SlowIdle.
	SlowIdle time.Duration
}

// CheckIMAP proves, for a command that checks a configuration, what the Watcher needs of the
// IMAP server of opts: it logs in with the configured credentials, selects the watched mailbox
// read-only (changing nothing in it), reads what the server offers (IDLE, MOVE, UIDPLUS), finds
// or makes postald's folders where the Watcher would and writes a letter into each and removes
// it, and times IDLE: a second connection waits in IDLE on the processed folder while a letter
// is appended to it, up to SlowIdle, then the letter is removed. The watched mailbox never gets
// a letter, so a daemon running meanwhile sees nothing. The error is the connection's or the
// login's while LoggedIn is false; the other failures are in the result, each with the server's
// own words. ctx bounds the whole check.
func CheckIMAP(ctx context.Context, opts IMAPOptions, copts CheckOptions) (IMAPCheck, error) {
	var res IMAPCheck
	cfg, err := tlsFor(opts)
	if err != nil {
		return res, err
	}
	c, err := dialCtx(ctx, opts, cfg, nil)
	if err != nil {
		return res, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	res.LoggedIn = true
	caps := c.Caps()
	res.Idle, res.Move, res.UIDPlus = caps.Has(imap.CapIdle), caps.Has(imap.CapMove), caps.Has(imap.CapUIDPlus)

	mailbox := opts.Mailbox
	if mailbox == "" {
		mailbox = "INBOX"
	}
	if data, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		res.MailboxErr = fmt.Errorf("imap: select %s: %w", mailbox, err)
	} else {
		res.Selected, res.Messages = true, data.NumMessages
	}

	f, err := resolveFolders(c, opts)
	if err != nil {
		res.FoldersErr = err
		return res, c.Logout().Wait()
	}
	res.Namespace = f.ns
	for _, key := range []string{"processed", "claims"} {
		fc := FolderCheck{Key: key, Name: f.name(key), Default: key == "processed" && f.processedDefault || key == "claims" && f.claimsDefault}
		created, err := f.ensure(c, key)
		fc.Created = created
		if err == nil {
			if err = writeProbe(c, fc.Name, res.UIDPlus, nil); err != nil {
				err = &FolderError{Key: key, Name: fc.Name, Default: fc.Default, Prefix: f.ns.Prefix, Err: err}
			}
		}
		fc.Err = err
		res.Folders = append(res.Folders, fc)
	}
	if res.Idle && !copts.NoIdle && res.Folders[0].Err == nil {
		bound := copts.SlowIdle
		if bound <= 0 {
			bound = SlowIdle
		}
		res.IdleTook, res.IdleErr = timeIdle(ctx, opts, cfg, c, f.processed, res.UIDPlus, bound)
		res.IdleSlow = res.IdleErr == nil && res.IdleTook == 0
	}
	return res, c.Logout().Wait()
}

// dialCtx connects and logs in within ctx.
func dialCtx(ctx context.Context, opts IMAPOptions, cfg *tls.Config, h *imapclient.UnilateralDataHandler) (*imapclient.Client, error) {
	type dialed struct {
		c   *imapclient.Client
		err error
	}
	ch := make(chan dialed, 1)
	go func() {
		c, err := dialIMAP(opts, cfg, nil, h)
		ch <- dialed{c, err}
	}()
	select {
	case d := <-ch:
		return d.c, d.err
	case <-ctx.Done():
		go func() {
			if d := <-ch; d.c != nil {
				d.c.Close()
			}
		}()
		return nil, at(StageConnect, fmt.Errorf("imap: connect %s: %w", opts.Address, ctx.Err()))
	}
}

// probeLetter is the letter CheckIMAP writes into postald's folders and removes again.
func probeLetter(nonce string) []byte {
	return []byte("From: postald <postald@localhost>\r\nDate: " + time.Now().UTC().Format(time.RFC1123Z) +
		"\r\nSubject: postald check-config\r\nX-Postald-Probe: " + nonce +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"postald check-config wrote this letter to see that it may write here, and removes it at once.\r\n")
}

// writeProbe appends a probe letter to folder and removes it; between the two, appended (if
// set) is called, so that the caller can wait for the server to announce it.
func writeProbe(c *imapclient.Client, folder string, uidplus bool, appended func()) error {
	nonce := rand.Text()
	raw := probeLetter(nonce)
	cmd := c.Append(folder, int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		return fmt.Errorf("append: %w", err)
	}
	if err := cmd.Close(); err != nil {
		return fmt.Errorf("append: %w", err)
	}
	if _, err := cmd.Wait(); err != nil {
		return fmt.Errorf("append: %w", err)
	}
	if appended != nil {
		appended()
	}
	if _, err := c.Select(folder, nil).Wait(); err != nil {
		return fmt.Errorf("select %s to remove the letter: %w", folder, err)
	}
	sd, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "X-Postald-Probe", Value: nonce}}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("search the letter: %w", err)
	}
	uids := sd.AllUIDs()
	if len(uids) == 0 {
		return fmt.Errorf("the letter appended to %s is not there", folder)
	}
	set := imap.UIDSetNum(uids...)
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		return fmt.Errorf("remove the letter: %w", err)
	}
	if uidplus {
		err = c.UIDExpunge(set).Close()
	} else {
		err = c.Expunge().Close()
	}
	if err != nil {
		return fmt.Errorf("remove the letter: %w", err)
	}
	return nil
}

// timeIdle measures how long the server takes to announce, to a second connection in IDLE on
// folder, a letter c appends to it: 0 when no announcement came within bound.
func timeIdle(ctx context.Context, opts IMAPOptions, cfg *tls.Config, c *imapclient.Client, folder string, uidplus bool, bound time.Duration) (time.Duration, error) {
	exists := make(chan struct{}, 1)
	w, err := dialCtx(ctx, opts, cfg, &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case exists <- struct{}{}:
				default:
				}
			}
		},
	})
	if err != nil {
		return 0, fmt.Errorf("a second connection: %w", err)
	}
	defer w.Close()
	stop := context.AfterFunc(ctx, func() { w.Close() })
	defer stop()
	if _, err := w.Select(folder, &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		return 0, fmt.Errorf("select %s: %w", folder, err)
	}
	select {
	case <-exists: // the selection's own EXISTS
	default:
	}
	idle, err := w.Idle()
	if err != nil {
		return 0, fmt.Errorf("idle: %w", err)
	}
	var took time.Duration
	began := time.Now()
	werr := writeProbe(c, folder, uidplus, func() {
		t := time.NewTimer(bound - time.Since(began))
		defer t.Stop()
		select {
		case <-exists:
			took = max(time.Since(began), time.Millisecond)
		case <-t.C:
		case <-ctx.Done():
		}
	})
	if err := idle.Close(); err != nil && werr == nil {
		werr = fmt.Errorf("end idle: %w", err)
	}
	_ = idle.Wait()
	if werr != nil {
		return 0, werr
	}
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	_ = w.Logout().Wait()
	return took, nil
}
