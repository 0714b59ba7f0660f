// Package localmail runs a small IMAP and SMTP server inside the process, on 127.0.0.1, for
// `postald demo` and for fast tests: mail submitted over SMTP to one of its users lands in that
// user's INBOX, which is read over IMAP like any mailbox. It keeps everything in memory and
// never relays: mail to an address that is not one of its users is refused.
//
// It is not how postald is tested against real servers (Dovecot and Postfix are); it is how the
// whole job can be shown on a machine with nothing installed.
package localmail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

// Server is a running pair of IMAP and SMTP servers.
type Server struct {
	IMAPAddr string // host:port of the IMAP server (no TLS)
	SMTPAddr string // host:port of the SMTP server (no TLS, no AUTH)

	now   func() time.Time
	mem   *imapmemserver.Server
	imap  *imapserver.Server
	smtp  *smtp.Server
	mu    sync.Mutex
	users map[string]*imapmemserver.User // by lower-case address

	// Delivered receives the recipients of every message accepted, after it is in their INBOX.
	Delivered chan []string
}

// polling is a session of the in-process IMAP server that, idling, looks at its mailbox every
// 50 ms. go-imap's tracker (SessionTracker.Idle) waits for the next change only: a letter
// delivered between its "+ idling" and its own start would be announced at the next change
// alone, and the watcher would wait for its IDLE restart.
type polling struct{ imapserver.SessionIMAP4rev2 }

func (s polling) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if err := s.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-tick.C:
		}
	}
}

// Start starts both servers on 127.0.0.1 with the given users (address → password). now gives
// each delivered message its internal date (the postmark); nil means time.Now.
func Start(users map[string]string, now func() time.Time) (*Server, error) {
	if now == nil {
		now = time.Now
	}
	s := &Server{now: now, mem: imapmemserver.New(), users: make(map[string]*imapmemserver.User), Delivered: make(chan []string, 256)}
	for addr, pw := range users {
		u := imapmemserver.NewUser(addr, pw)
		if err := u.Create("INBOX", nil); err != nil {
			return nil, fmt.Errorf("localmail: %w", err)
		}
		s.mem.AddUser(u)
		s.users[strings.ToLower(addr)] = u
	}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return polling{s.mem.NewSession().(imapserver.SessionIMAP4rev2)}, nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true, // loopback only
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("localmail: %w", err)
	}
	go s.imap.Serve(iln)
	s.IMAPAddr = iln.Addr().String()

	s.smtp = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	s.smtp.Domain = "localhost"
	s.smtp.MaxMessageBytes = 32 << 20
	s.smtp.AllowInsecureAuth = true
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.imap.Close()
		return nil, fmt.Errorf("localmail: %w", err)
	}
	go s.smtp.Serve(sln)
	s.SMTPAddr = sln.Addr().String()
	return s, nil
}

// Close stops both servers.
func (s *Server) Close() error {
	return errors.Join(s.smtp.Close(), s.imap.Close())
}

// Deliver puts raw into the INBOX of each recipient, as the SMTP server does.
func (s *Server) Deliver(raw []byte, rcpts []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rcpts {
		u, ok := s.users[strings.ToLower(r)]
		if !ok {
			return fmt.Errorf("localmail: no user %s", r)
		}
		if _, err := u.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Time: s.now()}); err != nil {
			return fmt.Errorf("localmail: deliver to %s: %w", r, err)
		}
	}
	select {
	case s.Delivered <- rcpts:
	default:
	}
	return nil
}

type session struct {
	s     *Server
	rcpts []string
}

func (ss *session) Mail(string, *smtp.MailOptions) error { return nil }

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	_, ok := ss.s.users[strings.ToLower(to)]
	ss.s.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user here (nothing is relayed)"}
	}
	ss.rcpts = append(ss.rcpts, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	return ss.s.Deliver(raw, ss.rcpts)
}

func (ss *session) Reset()        { ss.rcpts = nil }
func (ss *session) Logout() error { return nil }

// Count returns the number of messages in a user's mailbox.
func (s *Server) Count(user, mailbox string) (int, error) {
	s.mu.Lock()
	u, ok := s.users[strings.ToLower(user)]
	s.mu.Unlock()
	if !ok {
		return 0, fmt.Errorf("localmail: no user %s", user)
	}
	st, err := u.Status(mailbox, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return 0, fmt.Errorf("localmail: %w", err)
	}
	return int(*st.NumMessages), nil
}
