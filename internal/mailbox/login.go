package mailbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// ErrLoginRefused marks a server that refused postald's user name or password: a fault of the
// configuration, which no retry mends. A network failure is not one.
var ErrLoginRefused = errors.New("the server refused the login")

// LoginRefused reports whether err, from the IMAP watcher, Claim or the SMTP sender, says the
// server refused the user name or the password.
func LoginRefused(err error) bool {
	if errors.Is(err, ErrLoginRefused) {
		return true
	}
	var ie *imap.Error
	if errors.As(err, &ie) && (ie.Code == imap.ResponseCodeAuthenticationFailed || ie.Code == imap.ResponseCodeAuthorizationFailed) {
		return true
	}
	var se *SendError
	return errors.As(err, &se) && se.Stage == "auth" && se.Code >= 500
}

// Check logs in to the SMTP server and leaves again: it tells, before anything is sent, that the
// address, TLS and the credentials of the configuration work.
func (s *Sender) Check(ctx context.Context) error {
	ss, err := s.open(ctx)
	if err != nil {
		return err
	}
	return ss.quit()
}

// IMAPCheck is what CheckIMAP found: whether the login succeeded, and the watched mailbox's
// number of messages once selected.
type IMAPCheck struct {
	LoggedIn bool
	Messages uint32
}

// CheckIMAP logs in to the IMAP server of opts with its credentials and selects the watched
// mailbox read-only (changing nothing), for a command that checks a configuration. The error is
// the connection's or the login's while LoggedIn is false, the selection's after; it carries
// the server's own words. ctx bounds the whole check.
func CheckIMAP(ctx context.Context, opts IMAPOptions) (IMAPCheck, error) {
	var res IMAPCheck
	cfg, err := tlsFor(opts)
	if err != nil {
		return res, err
	}
	type dialed struct {
		c   *imapclient.Client
		err error
	}
	ch := make(chan dialed, 1)
	go func() {
		c, err := dialIMAP(opts, cfg, nil, nil)
		ch <- dialed{c, err}
	}()
	var c *imapclient.Client
	select {
	case d := <-ch:
		if d.err != nil {
			return res, d.err
		}
		c = d.c
	case <-ctx.Done():
		go func() {
			if d := <-ch; d.c != nil {
				d.c.Close()
			}
		}()
		return res, fmt.Errorf("imap: connect %s: %w", opts.Address, ctx.Err())
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	res.LoggedIn = true
	mailbox := opts.Mailbox
	if mailbox == "" {
		mailbox = "INBOX"
	}
	data, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return res, fmt.Errorf("imap: select %s: %w", mailbox, err)
	}
	res.Messages = data.NumMessages
	return res, c.Logout().Wait()
}
