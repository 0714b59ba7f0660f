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
// server refused the user name or the password: in whatever words the server uses. An IMAP
// server answers LOGIN or AUTHENTICATE with a NO, with the code AUTHENTICATIONFAILED (Dovecot),
// another code ([ALERT] and a reason), or none at all ("NO authentication failure", Cyrus); every
// NO is a refusal but one whose code says it may pass (UNAVAILABLE, INUSE, SERVERBUG, LIMIT:
// the server's authentication is down for the moment). An SMTP server answers AUTH with a 5xx
// reply (535).
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

// loginRefusal is the error of a login the IMAP server refused: the server's words, which are
// also ErrLoginRefused.
type loginRefusal struct{ err error }

func (e *loginRefusal) Error() string   { return e.err.Error() }
func (e *loginRefusal) Unwrap() []error { return []error{e.err, ErrLoginRefused} }
