package mailbox_test

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
)

// smtpServer is an in-process SMTP server that records what it accepts and fails where told.
type smtpServer struct {
	addr string

	mu       sync.Mutex
	user     string // AUTH PLAIN credentials it accepts ("" : no AUTH offered)
	pass     string
	authed   string
	fail     map[string]*smtp.SMTPError // stage (mail, rcpt:<addr>, data, auth) -> reply
	from     string
	rcpts    []string
	data     string
	received int
	conns    int
	logouts  int // connections ended, by QUIT or cut
}

func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	return startSMTPTimeout(t, 0)
}

// startSMTPTimeout starts a server that drops a connection idle for readTimeout (0: never).
func startSMTPTimeout(t *testing.T, readTimeout time.Duration) *smtpServer {
	t.Helper()
	s := &smtpServer{fail: map[string]*smtp.SMTPError{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		s.mu.Lock()
		s.conns++
		s.mu.Unlock()
		return &smtpSession{s: s}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout = readTimeout
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

type smtpSession struct{ s *smtpServer }

func (ss *smtpSession) failure(stage string) error {
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	if e := ss.s.fail[stage]; e != nil {
		return e
	}
	return nil
}

func (ss *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *smtpSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if err := ss.failure("auth"); err != nil {
			return err
		}
		ss.s.mu.Lock()
		defer ss.s.mu.Unlock()
		if user != ss.s.user || pass != ss.s.pass {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad credentials"}
		}
		ss.s.authed = user
		return nil
	}), nil
}

func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if err := ss.failure("mail"); err != nil {
		return err
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.from, ss.s.rcpts = from, nil
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := ss.failure("rcpt:" + to); err != nil {
		return err
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.rcpts = append(ss.s.rcpts, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if err := ss.failure("data"); err != nil {
		return err
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.data = string(b)
	ss.s.received++
	return nil
}

func (ss *smtpSession) Reset() {}
func (ss *smtpSession) Logout() error {
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.logouts++
	return nil
}

const testLetter = "From: Tournament <moves@example.test>\r\nTo: bob@example.test\r\nSubject: game 1-2\r\n\r\n12. g3:e5\r\n"

func TestSenderSendsEnvelopeAndAuth(t *testing.T) {
	srv := startSMTP(t)
	srv.user, srv.pass = "moves@example.test", "secret"
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{
		Address: srv.addr, TLS: mailbox.TLSNone,
		Username: "moves@example.test", Password: "secret",
		From: "Турнирный секретарь <moves@example.test>",
	})
	if err != nil {
		t.Fatal(err)
	}
	rcpts := []string{"bob@example.test", "td@example.test"}
	if err := snd.Send(context.Background(), rcpts, []byte(testLetter)); err != nil {
		t.Fatalf("Send: %v", err)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.authed != "moves@example.test" {
		t.Errorf("authenticated as %q, want moves@example.test", srv.authed)
	}
	if srv.from != "moves@example.test" {
		t.Errorf("MAIL FROM %q, want the bare address of From", srv.from)
	}
	if diff := cmp.Diff(rcpts, srv.rcpts); diff != "" {
		t.Errorf("RCPT TO (-want +got):\n%s", diff)
	}
	if srv.data != testLetter {
		t.Errorf("DATA = %q, want %q", srv.data, testLetter)
	}
}

func TestSenderClassifiesReplies(t *testing.T) {
	for _, tc := range []struct {
		name      string
		stage     string // where the server fails
		code      int
		wantStage string
		permanent bool
	}{
		{"mailbox busy at RCPT", "rcpt:bob@example.test", 450, "rcpt", false},
		{"no such user at RCPT", "rcpt:bob@example.test", 550, "rcpt", true},
		{"sender refused", "mail", 553, "mail", true},
		{"service closing at MAIL", "mail", 421, "mail", false},
		{"content rejected after DATA", "data", 554, "data", true},
		{"out of space after DATA", "data", 452, "data", false},
		// a refused login is the account's problem, not the letter's: the letter waits
		{"bad credentials", "auth", 535, "auth", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startSMTP(t)
			srv.user, srv.pass = "moves@example.test", "secret"
			srv.fail[tc.stage] = &smtp.SMTPError{Code: tc.code, EnhancedCode: smtp.EnhancedCode{tc.code / 100, 0, 0}, Message: "injected"}
			snd, err := mailbox.NewSender(mailbox.SMTPOptions{
				Address: srv.addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "secret",
				From: "moves@example.test",
			})
			if err != nil {
				t.Fatal(err)
			}
			err = snd.Send(context.Background(), []string{"bob@example.test"}, []byte(testLetter))
			var se *mailbox.SendError
			if !errors.As(err, &se) {
				t.Fatalf("Send = %v, want *SendError", err)
			}
			if se.Stage != tc.wantStage || se.Code != tc.code || se.Temporary == tc.permanent || mailbox.IsPermanent(err) != tc.permanent {
				t.Errorf("Send = %+v (IsPermanent %v), want stage %s, code %d, permanent %v",
					se, mailbox.IsPermanent(err), tc.wantStage, tc.code, tc.permanent)
			}
			srv.mu.Lock()
			defer srv.mu.Unlock()
			if srv.received != 0 {
				t.Errorf("server accepted %d letters", srv.received)
			}
		})
	}
}

func TestSenderStopsOnRejectedRecipient(t *testing.T) {
	srv := startSMTP(t)
	srv.fail["rcpt:nobody@example.test"] = &smtp.SMTPError{Code: 550, Message: "no such user"}
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	err = snd.Send(context.Background(), []string{"bob@example.test", "nobody@example.test"}, []byte(testLetter))
	var se *mailbox.SendError
	if !errors.As(err, &se) || se.Recipient != "nobody@example.test" || !mailbox.IsPermanent(err) {
		t.Fatalf("Send = %v, want a permanent failure naming nobody@example.test", err)
	}
	if !strings.Contains(err.Error(), "nobody@example.test") {
		t.Errorf("error %q does not name the recipient", err)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.received != 0 {
		t.Errorf("letter delivered to the other recipients although one was rejected")
	}
}

func TestSenderCancelledContext(t *testing.T) {
	// A server that accepts the connection and never greets.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: ln.Addr().String(), TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	err = snd.Send(ctx, []string{"bob@example.test"}, []byte(testLetter))
	if err == nil || mailbox.IsPermanent(err) {
		t.Errorf("Send with a cancelled context = %v, want a temporary failure", err)
	}
}

func TestNewSenderRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts mailbox.SMTPOptions
		want string
	}{
		{"plain text off the machine", mailbox.SMTPOptions{Address: "mail.club.example:25", TLS: mailbox.TLSNone, From: "moves@club.example"}, "loopback"},
		{"unknown mode", mailbox.SMTPOptions{Address: "mail.club.example:465", TLS: "ssl", From: "moves@club.example"}, "want implicit, starttls or none"},
		{"no port", mailbox.SMTPOptions{Address: "mail.club.example", From: "moves@club.example"}, "missing port"},
		{"bad from", mailbox.SMTPOptions{Address: "mail.club.example:465", From: "Турнирный секретарь"}, "from"},
		{"missing CA file", mailbox.SMTPOptions{Address: "mail.club.example:465", From: "moves@club.example", CAFile: "testdata/nonexistent.pem"}, "CA file"},
		{"CA file without certificate", mailbox.SMTPOptions{Address: "mail.club.example:465", From: "moves@club.example", CAFile: "sender_test.go"}, "no PEM certificate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mailbox.NewSender(tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewSender = %v, want an error about %q", err, tc.want)
			}
		})
	}
	for _, addr := range []string{"127.0.0.1:25", "[::1]:25", "localhost:25", "127.0.0.2:25"} {
		if _, err := mailbox.NewSender(mailbox.SMTPOptions{Address: addr, TLS: mailbox.TLSNone, From: "moves@example.test"}); err != nil {
			t.Errorf("NewSender(tls none, %s) = %v, want loopback accepted", addr, err)
		}
	}
}

func TestSenderReusesConnection(t *testing.T) {
	srv := startSMTPTimeout(t, 300*time.Millisecond)
	srv.user, srv.pass = "moves@example.test", "secret"
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{
		Address: srv.addr, TLS: mailbox.TLSNone, Username: "moves@example.test", Password: "secret",
		From: "moves@example.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	send := func() {
		t.Helper()
		if err := snd.Send(context.Background(), []string{"bob@example.test"}, []byte(testLetter)); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}
	counts := func() (conns, received int) {
		srv.mu.Lock()
		defer srv.mu.Unlock()
		return srv.conns, srv.received
	}
	for range 3 {
		send()
	}
	if c, r := counts(); c != 1 || r != 3 {
		t.Errorf("3 letters in a row: %d connections, %d letters; want 1 connection, 3 letters", c, r)
	}
	// The server drops the idle connection; the next letter goes out over a new one.
	time.Sleep(time.Second)
	send()
	if c, r := counts(); c != 2 || r != 4 {
		t.Errorf("after the server dropped the connection: %d connections, %d letters; want 2, 4", c, r)
	}
	// A rejected letter ends the connection; the next letter opens another.
	srv.mu.Lock()
	srv.fail["rcpt:nobody@example.test"] = &smtp.SMTPError{Code: 550, Message: "no such user"}
	srv.mu.Unlock()
	if err := snd.Send(context.Background(), []string{"nobody@example.test"}, []byte(testLetter)); !mailbox.IsPermanent(err) {
		t.Fatalf("Send to nobody = %v, want a permanent failure", err)
	}
	send()
	if c, r := counts(); c != 3 || r != 5 {
		t.Errorf("after a rejection: %d connections, %d letters; want 3, 5", c, r)
	}
}

func TestSenderWithoutReuse(t *testing.T) {
	srv := startSMTP(t)
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	snd.IdleTimeout = -1
	for range 2 {
		if err := snd.Send(context.Background(), []string{"bob@example.test"}, []byte(testLetter)); err != nil {
			t.Fatal(err)
		}
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.conns != 2 {
		t.Errorf("%d connections for 2 letters with IdleTimeout < 0, want 2", srv.conns)
	}
}
