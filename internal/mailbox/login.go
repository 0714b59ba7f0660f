package mailbox

import (
	"context"
	"errors"

	"github.com/emersion/go-imap/v2"
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
