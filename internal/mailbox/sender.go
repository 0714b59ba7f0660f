package mailbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"golang.org/x/net/idna"
)

// Defaults of a Sender.
const (
	// DefaultSendTimeout bounds one Send when its context has no deadline.
	DefaultSendTimeout = 2 * time.Minute
	// DefaultIdleTimeout is how long a connection is kept for the next letter.
	DefaultIdleTimeout = 30 * time.Second
)

// A Sender delivers postald's letters to its SMTP server (the submission server of the
// tournament's address). After a letter it keeps the connection open for IdleTimeout, so that
// a burst of letters goes out over one connection; a kept connection the server has closed
// meanwhile is replaced without failing the letter. It is safe for concurrent use.
type Sender struct {
	// Timeout bounds one Send when ctx has no earlier deadline; zero means DefaultSendTimeout.
	Timeout time.Duration
	// IdleTimeout is how long a connection is kept open after a letter; zero means
	// DefaultIdleTimeout, negative means a new connection for every letter.
	IdleTimeout time.Duration

	opts SMTPOptions
	from string // envelope sender: the address of opts.From
	tls  *tls.Config

	mu   sync.Mutex
	idle *session // the kept connection, if any
}

// session is one logged-in SMTP connection.
type session struct {
	conn  net.Conn
	c     *smtp.Client
	timer *time.Timer // ends the session when it stays idle
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
		opts.HelloName = HelloName(from.Address)
	}
	s := &Sender{opts: opts, from: from.Address}
	if opts.TLS != TLSNone {
		if s.tls, err = tlsConfig(opts.Address, opts.CAFile); err != nil {
			return nil, fmt.Errorf("smtp: %w", err)
		}
	}
	return s, nil
}

// HelloName is the name postald gives in EHLO when the configuration names none ([smtp] helo):
// the domain of its address, the host name a server that checks the greeting can find in the
// DNS, as RFC 5321 (4.1.1.1) asks for. "localhost", which such servers refuse, only for an
// address without a domain.
func HelloName(address string) string {
	at := strings.LastIndexByte(address, '@')
	if at < 0 || at == len(address)-1 {
		return "localhost"
	}
	domain := strings.ToLower(strings.TrimSuffix(address[at+1:], "."))
	if strings.HasPrefix(domain, "[") {
		return domain // an address literal
	}
	// EHLO takes the ASCII form of a domain in another script ("xn--80aaf6an.example").
	if ascii, err := idna.Lookup.ToASCII(domain); err == nil && ascii != "" {
		return ascii
	}
	return domain
}

// From returns the From of postald's letters as configured, e.g. "Турнирный секретарь
// <moves@club.example>", for the header of the letters; its address is the envelope sender.
func (s *Sender) From() string { return s.opts.From }

// Close ends the kept connection, if any, with QUIT. The Sender stays usable.
func (s *Sender) Close() error {
	if ss := s.take(); ss != nil {
		return ss.quit()
	}
	return nil
}

// errStale reports a kept connection that no longer works.
var errStale = errors.New("smtp: kept connection lost")

// Send delivers msg, a complete RFC 5322 message with CRLF line ends, to the recipients.
// A rejected recipient fails the whole letter and nothing is sent. The error, if any, is a
// *SendError: Temporary when sending again later may succeed.
func (s *Sender) Send(ctx context.Context, to []string, msg []byte) error {
	p, err := s.Begin(ctx, to, msg)
	if err != nil {
		return err
	}
	return p.Commit()
}

// Begin offers msg to the server up to, but not including, the end of its data: the envelope
// is accepted and the message written, yet the server has not taken it. Pending.Commit ends
// the data and the server takes the letter; Pending.Abort drops it, and nothing is delivered.
// So a caller that records each letter as sent can prepare the next letter while that record
// is being written, and still hand the server only one letter at a time that is not recorded.
// One of Commit and Abort must follow every Begin that returned no error; until then the
// connection belongs to the Pending. Errors are as for Send.
func (s *Sender) Begin(ctx context.Context, to []string, msg []byte) (*Pending, error) {
	return s.BeginEnvelope(ctx, Envelope{To: to}, msg)
}

// Envelope is a letter's SMTP envelope as its sender gives it.
type Envelope struct {
	// From is the envelope sender (MAIL FROM); "" is the Sender's own address. A letter of its
	// own (VERP: moves+TOKEN@club.example) brings its bounces to an address that names it.
	From string
	To   []string
	// EnvID, when set, asks for delivery status notifications (RFC 3461) where the server
	// offers DSN: NOTIFY=SUCCESS,FAILURE,DELAY for every recipient, RET=HDRS (only the header
	// comes back), and ENVID=EnvID, which every report returns to the envelope sender alone.
	EnvID string
}

// BeginEnvelope is Begin with the letter's own envelope: its envelope sender and, where the
// server offers DSN, the request for delivery notifications (Pending.Notified says whether the
// server took it).
func (s *Sender) BeginEnvelope(ctx context.Context, env Envelope, msg []byte) (*Pending, error) {
	to := env.To
	if len(to) == 0 {
		return nil, &SendError{Stage: "rcpt", Err: errors.New("no recipients")}
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = DefaultSendTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	p, err := s.begin(ctx, env, msg)
	if err != nil {
		cancel()
		return nil, err
	}
	p.cancel = cancel
	return p, nil
}

func (s *Sender) begin(ctx context.Context, env Envelope, msg []byte) (*Pending, error) {
	if ss := s.take(); ss != nil {
		p, err := s.offer(ctx, ss, true, env, msg)
		if !errors.Is(err, errStale) {
			return p, err
		}
	}
	ss, err := s.open(ctx)
	if err != nil {
		return nil, err
	}
	return s.offer(ctx, ss, false, env, msg)
}

// offer does the whole transaction over ss but the final dot. On a reused session a failing
// RSET gives errStale: the letter was not offered. On any error the session is ended.
func (s *Sender) offer(ctx context.Context, ss *session, reused bool, env Envelope, msg []byte) (_ *Pending, err error) {
	// The SMTP client knows no context: cut the connection when ctx ends.
	stop := context.AfterFunc(ctx, func() { ss.conn.Close() })
	defer func() {
		if err != nil {
			stop()
			ss.conn.Close()
		}
	}()
	if reused {
		if err := ss.c.Reset(); err != nil {
			return nil, errStale
		}
	}
	from := s.from
	if env.From != "" {
		from = env.From
	}
	// RFC 3461: the server that offers DSN takes the request; go-smtp leaves the parameters out
	// where it does not, and the letter goes as before, with no notification to come.
	var mopt *smtp.MailOptions
	var ropt *smtp.RcptOptions
	notified := false
	if ok, _ := ss.c.Extension("DSN"); ok && env.EnvID != "" {
		notified = true
		mopt = &smtp.MailOptions{Return: smtp.DSNReturnHeaders, EnvelopeID: env.EnvID}
		ropt = &smtp.RcptOptions{Notify: []smtp.DSNNotify{smtp.DSNNotifySuccess, smtp.DSNNotifyFailure, smtp.DSNNotifyDelayed}}
	}
	if err := ss.c.Mail(from, mopt); err != nil {
		return nil, classify(ctx, "mail", err)
	}
	for _, rcpt := range env.To {
		if err := ss.c.Rcpt(rcpt, ropt); err != nil {
			e := classify(ctx, "rcpt", err)
			e.Recipient = rcpt
			return nil, e
		}
	}
	w, err := ss.c.Data()
	if err != nil {
		return nil, classify(ctx, "data", err)
	}
	if _, err := w.Write(msg); err != nil {
		return nil, classify(ctx, "data", err)
	}
	return &Pending{s: s, ss: ss, ctx: ctx, stop: stop, w: w, notified: notified}, nil
}

// A Pending is a letter offered to the server by Sender.Begin, waiting for Commit or Abort.
// Its methods are not safe for concurrent use.
type Pending struct {
	s      *Sender
	ss     *session
	ctx    context.Context // Begin's, bounded by the Sender's Timeout
	cancel context.CancelFunc
	stop   func() bool // stops cutting the connection when ctx ends
	w      *smtp.DataCommand
	done   bool
	// notified: the server offers DSN and took the request for notifications.
	notified bool
}

// Notified reports whether the letter was offered with a request for delivery notifications
// (BeginEnvelope with an EnvID, to a server that offers DSN): reports of its delivery, its
// delay or its failure will come back to the envelope sender.
func (p *Pending) Notified() bool { return p.notified }

// errDone reports a second Commit or a Commit after Abort.
var errDone = errors.New("letter already committed or aborted")

// Commit ends the letter's data, which makes the server take responsibility for it, and
// returns the server's answer: nil when the letter is accepted, otherwise a *SendError of
// stage data. The connection is then kept for the next letter as after Send.
func (p *Pending) Commit() error {
	if p.done {
		return &SendError{Stage: "data", Err: errDone}
	}
	p.done = true
	defer p.cancel()
	err := p.w.Close()
	if p.stop() && err == nil && p.s.IdleTimeout >= 0 {
		p.s.keep(p.ss)
	} else {
		p.ss.conn.Close()
	}
	if err != nil {
		return classify(p.ctx, "data", err)
	}
	return nil
}

// Abort drops the letter: the connection is cut before the end of its data, so the server
// discards it (RFC 5321, 4.1.1.4: only the final dot makes it take the letter). Abort after
// Commit, or a second Abort, does nothing.
func (p *Pending) Abort() {
	if p.done {
		return
	}
	p.done = true
	p.stop()
	p.ss.conn.Close()
	p.cancel()
}

// open connects, protects the connection as configured, greets and logs in. Errors are
// *SendError.
func (s *Sender) open(ctx context.Context) (_ *session, err error) {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.opts.Address)
	if err != nil {
		return nil, &SendError{Stage: "connect", Temporary: true, Err: err}
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer func() {
		if !stop() && err == nil {
			err = &SendError{Stage: "connect", Temporary: true, Err: ctx.Err()}
		}
		if err != nil {
			conn.Close()
		}
	}()

	var c *smtp.Client
	helloStage := "hello"
	switch s.opts.TLS {
	case TLSImplicit:
		tc := tls.Client(conn, s.tls)
		if err := tc.HandshakeContext(ctx); err != nil {
			return nil, &SendError{Stage: "connect", Temporary: true, Err: err}
		}
		conn = tc
		c = smtp.NewClient(tc)
	case TLSStartTLS:
		// greeting, EHLO, STARTTLS; the handshake itself happens with the next EHLO
		if c, err = smtp.NewClientStartTLS(conn, s.tls); err != nil {
			return nil, classify(ctx, "starttls", err)
		}
		helloStage = "starttls"
	default:
		c = smtp.NewClient(conn)
	}
	if err := c.Hello(s.opts.HelloName); err != nil {
		return nil, classify(ctx, helloStage, err)
	}
	if s.opts.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.opts.Username, s.opts.Password)); err != nil {
			return nil, classify(ctx, "auth", err)
		}
	}
	return &session{conn: conn, c: c}, nil
}

// keep makes ss the kept connection, ending an older one.
func (s *Sender) keep(ss *session) {
	d := s.IdleTimeout
	if d == 0 {
		d = DefaultIdleTimeout
	}
	s.mu.Lock()
	old := s.idle
	s.idle = ss
	ss.timer = time.AfterFunc(d, func() {
		s.mu.Lock()
		mine := s.idle == ss
		if mine {
			s.idle = nil
		}
		s.mu.Unlock()
		if mine {
			ss.quit()
		}
	})
	s.mu.Unlock()
	if old != nil {
		old.timer.Stop()
		old.quit()
	}
}

// take removes the kept connection and returns it (nil if none).
func (s *Sender) take() *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss := s.idle
	s.idle = nil
	if ss != nil {
		ss.timer.Stop() // if it fired already, it finds s.idle changed and leaves ss alone
	}
	return ss
}

// quit ends the session politely, waiting at most a few seconds for the server.
func (ss *session) quit() error {
	ss.conn.SetDeadline(time.Now().Add(5 * time.Second))
	err := ss.c.Quit()
	ss.conn.Close()
	if err != nil {
		return fmt.Errorf("smtp: quit: %w", err)
	}
	return nil
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

// Words returns what the server answered, for people: the enhanced status code and its words
// ("5.1.1 <nobody@club.example>: Recipient address rejected: User unknown"), or the error when
// the server did not answer.
func (e *SendError) Words() string {
	var se *smtp.SMTPError
	if !errors.As(e.Err, &se) {
		return e.Err.Error()
	}
	msg := strings.Join(strings.Fields(se.Message), " ")
	ec := se.EnhancedCode
	if ec == smtp.NoEnhancedCode || ec == smtp.EnhancedCodeNotSet {
		return fmt.Sprintf("%d %s", se.Code, msg)
	}
	code := fmt.Sprintf("%d.%d.%d", ec[0], ec[1], ec[2])
	if strings.HasPrefix(msg, code) {
		return msg
	}
	return code + " " + msg
}

// IsPermanent reports whether err is a Send failure that sending again cannot cure: the
// server rejected the letter or a recipient with a 5xx reply.
func IsPermanent(err error) bool {
	var se *SendError
	return errors.As(err, &se) && !se.Temporary
}

// classify turns an error of stage into a *SendError. Only a 5xx reply to MAIL, RCPT or DATA
// is permanent: it is about this letter. A 5xx reply before (to EHLO, STARTTLS or AUTH) means
// a misconfigured server or account, which an operator can fix, so the letter waits. Once ctx
// is done, its error is the cause and err the detail.
func classify(ctx context.Context, stage string, err error) *SendError {
	if ctx.Err() != nil {
		err = fmt.Errorf("%w (%w)", ctx.Err(), err)
	}
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
