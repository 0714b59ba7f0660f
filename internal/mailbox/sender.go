package mailbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// DefaultSendTimeout bounds one Send when its context has no deadline.
const DefaultSendTimeout = 2 * time.Minute

// A Sender delivers postald's letters to its SMTP server (the submission server of the
// tournament's address), one connection per letter. It is safe for concurrent use.
type Sender struct {
	opts SMTPOptions
	from string // envelope sender: the address of opts.From
	tls  *tls.Config
	// Timeout bounds one Send when ctx has no earlier deadline; zero means DefaultSendTimeout.
	Timeout time.Duration
}

// NewSender checks opts and returns a Sender.
func NewSender(opts SMTPOptions) (*Sender, error) {
	opts.TLS = opts.TLS.orDefault()
	if err := checkTLS(opts.TLS, opts.Address); err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	from, err := mail.ParseAddress(opts.From)
	if err != nil {
		return nil, fmt.Errorf("smtp: from %q: %w", opts.From, err)
	}
	if opts.HelloName == "" {
		opts.HelloName = "localhost"
	}
	s := &Sender{opts: opts, from: from.Address}
	if opts.TLS != TLSNone {
		if s.tls, err = tlsConfig(opts.Address, opts.CAFile); err != nil {
			return nil, fmt.Errorf("smtp: %w", err)
		}
	}
	return s, nil
}

// From returns the From of postald's letters as configured, e.g. "Турнирный секретарь
// <moves@club.example>", for the header of the letters; its address is the envelope sender.
func (s *Sender) From() string { return s.opts.From }

// Send delivers msg, a complete RFC 5322 message with CRLF line ends, to the recipients.
// A rejected recipient fails the whole letter and nothing is sent. The error, if any, is a
// *SendError: Temporary when sending again later may succeed.
func (s *Sender) Send(ctx context.Context, to []string, msg []byte) error {
	if len(to) == 0 {
		return &SendError{Stage: "rcpt", Err: errors.New("no recipients")}
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = DefaultSendTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.opts.Address)
	if err != nil {
		return &SendError{Stage: "connect", Temporary: true, Err: err}
	}
	defer conn.Close()
	// The SMTP client knows no context: cut the connection when ctx ends.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := s.client(ctx, conn)
	if err != nil {
		return err
	}
	defer c.Close()
	fail := func(stage string, err error) *SendError {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%w)", ctx.Err(), err)
		}
		return classify(stage, err)
	}

	helloStage := "hello"
	if s.opts.TLS == TLSStartTLS {
		helloStage = "starttls" // the TLS handshake happens with the EHLO after STARTTLS
	}
	if err := c.Hello(s.opts.HelloName); err != nil {
		return fail(helloStage, err)
	}
	if s.opts.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.opts.Username, s.opts.Password)); err != nil {
			return fail("auth", err)
		}
	}
	if err := c.Mail(s.from, nil); err != nil {
		return fail("mail", err)
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt, nil); err != nil {
			e := fail("rcpt", err)
			e.Recipient = rcpt
			return e
		}
	}
	w, err := c.Data()
	if err != nil {
		return fail("data", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fail("data", err)
	}
	if err := w.Close(); err != nil {
		return fail("data", err)
	}
	// The letter is accepted; a failed QUIT changes nothing.
	_ = c.Quit()
	return nil
}

// client starts the SMTP session on conn: the TLS handshake for TLSImplicit, EHLO and
// STARTTLS for TLSStartTLS. Errors are *SendError.
func (s *Sender) client(ctx context.Context, conn net.Conn) (*smtp.Client, error) {
	switch s.opts.TLS {
	case TLSImplicit:
		tc := tls.Client(conn, s.tls)
		if err := tc.HandshakeContext(ctx); err != nil {
			return nil, &SendError{Stage: "connect", Temporary: true, Err: err}
		}
		return smtp.NewClient(tc), nil
	case TLSStartTLS:
		// greeting, EHLO, STARTTLS; the handshake itself happens at the next command
		c, err := smtp.NewClientStartTLS(conn, s.tls)
		if err != nil {
			return nil, classify("starttls", err)
		}
		return c, nil
	}
	return smtp.NewClient(conn), nil
}

// SendError is a failed Send.
type SendError struct {
	// Stage is the step that failed: connect, hello, starttls, auth, mail, rcpt or data.
	Stage string
	// Code is the server's reply code (0 when the server did not answer).
	Code int
	// Recipient is the rejected recipient, at stage rcpt.
	Recipient string
	// Temporary says that sending the same letter again later may succeed: a 4xx reply, a
	// network failure, or a failure before the letter was offered (connect, TLS, hello, auth:
	// those are the server's or the configuration's, not the letter's).
	Temporary bool
	Err       error
}

func (e *SendError) Error() string {
	kind := "permanent"
	if e.Temporary {
		kind = "temporary"
	}
	if e.Recipient != "" {
		return fmt.Sprintf("smtp %s <%s> (%s): %v", e.Stage, e.Recipient, kind, e.Err)
	}
	return fmt.Sprintf("smtp %s (%s): %v", e.Stage, kind, e.Err)
}

func (e *SendError) Unwrap() error { return e.Err }

// IsPermanent reports whether err is a Send failure that sending again cannot cure: the
// server rejected the letter or a recipient with a 5xx reply.
func IsPermanent(err error) bool {
	var se *SendError
	return errors.As(err, &se) && !se.Temporary
}

// classify turns an error of stage into a *SendError. Only a 5xx reply to MAIL, RCPT or DATA
// is permanent: it is about this letter. A 5xx reply before (to EHLO, STARTTLS or AUTH) means
// a misconfigured server or account, which an operator can fix, so the letter waits.
func classify(stage string, err error) *SendError {
	e := &SendError{Stage: stage, Temporary: true, Err: err}
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		e.Code = se.Code
		switch stage {
		case "mail", "rcpt", "data":
			e.Temporary = se.Code/100 != 5
		}
	}
	return e
}
