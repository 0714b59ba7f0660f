package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/mail"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"

	"postald/internal/mailbox"
)

func ExampleWatcher() {
	// An in-process IMAP server on 127.0.0.1 with one letter waiting in the INBOX.
	addr, stop := exampleIMAPServer("From: alice@example.test\r\nSubject: game 1-2 move 12\r\n\r\n12. g3:e5\r\n")
	defer stop()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := mailbox.NewWatcher(mailbox.IMAPOptions{
		Address:  addr,
		TLS:      mailbox.TLSNone, // allowed on a loopback address only
		Username: "moves@example.test",
		Password: "moves-pw",
	}, func(ctx context.Context, m mailbox.Message) error {
		msg, err := mail.ReadMessage(strings.NewReader(string(m.Raw)))
		if err != nil {
			return nil // unreadable letters are the handler's to quarantine
		}
		fmt.Printf("%s uid %d: %s\n", m.Mailbox, m.UID, msg.Header.Get("Subject"))
		cancel() // one letter is enough for the example
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Run(ctx); err != nil {
		log.Fatal(err)
	}
	// Output: INBOX uid 1: game 1-2 move 12
}

func ExampleSender() {
	addr, stop := exampleSMTPServer(&smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"})
	defer stop()

	snd, err := mailbox.NewSender(mailbox.SMTPOptions{
		Address: addr,
		TLS:     mailbox.TLSNone, // allowed on a loopback address only
		From:    "Tournament secretary <moves@example.test>",
	})
	if err != nil {
		log.Fatal(err)
	}
	letter := []byte("From: Tournament secretary <moves@example.test>\r\nTo: bob@example.test\r\n" +
		"Subject: game 1-2\r\n\r\n12. g3:e5\r\n")
	err = snd.Send(context.Background(), []string{"bob@example.test"}, letter)
	fmt.Println("sent:", err)

	err = snd.Send(context.Background(), []string{"nobody@example.test"}, letter)
	var se *mailbox.SendError
	if errors.As(err, &se) {
		fmt.Println("stage:", se.Stage, "code:", se.Code, "permanent:", mailbox.IsPermanent(err))
	}
	// Output:
	// sent: <nil>
	// stage: rcpt code: 550 permanent: true
}

// A letter sent in two phases: the server takes it only with Commit, so the record of the
// previous letter can be written in between.
func ExampleSender_Begin() {
	addr, stop := exampleSMTPServer(nil)
	defer stop()

	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		log.Fatal(err)
	}
	defer snd.Close()
	letter := []byte("From: moves@example.test\r\nTo: bob@example.test\r\nSubject: game 1-2\r\n\r\n12. g3:e5\r\n")
	p, err := snd.Begin(context.Background(), []string{"bob@example.test"}, letter)
	if err != nil {
		log.Fatal(err)
	}
	// ... the previous letter is recorded as sent here ...
	fmt.Println("committed:", p.Commit())
	// Output:
	// committed: <nil>
}

// exampleIMAPServer serves moves@example.test (moves-pw) with raw in its INBOX.
func exampleIMAPServer(raw string) (addr string, stop func()) {
	mem := imapmemserver.New()
	u := imapmemserver.NewUser("moves@example.test", "moves-pw")
	u.Create("INBOX", nil)
	mem.AddUser(u)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go srv.Serve(ln)
	c, err := imapclient.DialInsecure(ln.Addr().String(), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("moves@example.test", "moves-pw").Wait(); err != nil {
		log.Fatal(err)
	}
	cmd := c.Append("INBOX", int64(len(raw)), nil)
	cmd.Write([]byte(raw))
	cmd.Close()
	if _, err := cmd.Wait(); err != nil {
		log.Fatal(err)
	}
	return ln.Addr().String(), func() { srv.Close() }
}

// exampleSMTPServer accepts letters for example.test and answers reject to nobody@.
func exampleSMTPServer(reject *smtp.SMTPError) (addr string, stop func()) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return exampleSession{reject}, nil
	}))
	srv.Domain = "localhost"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go srv.Serve(ln)
	return ln.Addr().String(), func() { srv.Close() }
}

type exampleSession struct{ reject *smtp.SMTPError }

func (exampleSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s exampleSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "nobody@") {
		return s.reject
	}
	return nil
}
func (exampleSession) Data(r io.Reader) error { _, err := io.Copy(io.Discard, r); return err }
func (exampleSession) Reset()                 {}
func (exampleSession) Logout() error          { return nil }
