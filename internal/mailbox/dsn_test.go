package mailbox_test

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"

	"postald/internal/mailbox"
)

// dsnServer is an in-process SMTP server that offers DSN (or not) and records the envelope's
// parameters as it received them.
type dsnServer struct {
	addr string
	mu   sync.Mutex
	from string
	mail smtp.MailOptions
	rcpt []smtp.RcptOptions
	fail *smtp.SMTPError // the reply to RCPT, when set
}

func startDSN(t *testing.T, offer bool) *dsnServer {
	t.Helper()
	s := &dsnServer{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &dsnSession{s}, nil }))
	srv.Domain = "localhost"
	srv.EnableDSN = offer
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

type dsnSession struct{ s *dsnServer }

func (d *dsnSession) Mail(from string, o *smtp.MailOptions) error {
	d.s.mu.Lock()
	defer d.s.mu.Unlock()
	d.s.from = from
	if o != nil {
		d.s.mail = *o
	}
	return nil
}

func (d *dsnSession) Rcpt(_ string, o *smtp.RcptOptions) error {
	d.s.mu.Lock()
	defer d.s.mu.Unlock()
	if d.s.fail != nil {
		return d.s.fail
	}
	if o != nil && len(o.Notify) > 0 {
		d.s.rcpt = append(d.s.rcpt, *o)
	}
	return nil
}

func (d *dsnSession) Data(io.Reader) error { return nil }

func (d *dsnSession) Reset()        {}
func (d *dsnSession) Logout() error { return nil }

// TestSenderAsksForNotifications: a server that offers DSN gets, for a letter with an envelope
// ID, its own envelope sender, NOTIFY=SUCCESS,FAILURE,DELAY, RET=HDRS and the ENVID, and the
// letter says it was notified; a server without DSN gets the plain envelope, and the letter
// says no notification will come.
func TestSenderAsksForNotifications(t *testing.T) {
	for _, offer := range []bool{true, false} {
		srv := startDSN(t, offer)
		snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
		if err != nil {
			t.Fatal(err)
		}
		env := mailbox.Envelope{From: "moves+pd7.abc@example.test", To: []string{"bob@example.test"}, EnvID: "pd7.abc"}
		p, err := snd.BeginEnvelope(context.Background(), env, []byte(testLetter))
		if err != nil {
			t.Fatal(err)
		}
		if p.Notified() != offer {
			t.Errorf("offer %v: Notified() = %v", offer, p.Notified())
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
		srv.mu.Lock()
		want := smtp.MailOptions{}
		wantRcpt := []smtp.RcptOptions(nil)
		if offer {
			want = smtp.MailOptions{Return: smtp.DSNReturnHeaders, EnvelopeID: "pd7.abc"}
			wantRcpt = []smtp.RcptOptions{{Notify: []smtp.DSNNotify{smtp.DSNNotifySuccess, smtp.DSNNotifyFailure, smtp.DSNNotifyDelayed}}}
		}
		if srv.from != "moves+pd7.abc@example.test" {
			t.Errorf("offer %v: MAIL FROM %q, want the letter's own envelope sender", offer, srv.from)
		}
		if srv.mail.Return != want.Return || srv.mail.EnvelopeID != want.EnvelopeID {
			t.Errorf("offer %v: MAIL options %+v, want %+v", offer, srv.mail, want)
		}
		if diff := cmp.Diff(wantRcpt, srv.rcpt); diff != "" {
			t.Errorf("offer %v: RCPT options (-want +got):\n%s", offer, diff)
		}
		srv.mu.Unlock()
		snd.Close()
	}
}

// TestSendErrorWords: a refusal's words as the judge reads them: the enhanced code and the
// server's text.
func TestSendErrorWords(t *testing.T) {
	srv := startDSN(t, true)
	srv.fail = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "<nobody@example.test>: Recipient address rejected: User unknown"}
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	err = snd.Send(context.Background(), []string{"nobody@example.test"}, []byte(testLetter))
	var se *mailbox.SendError
	if !errors.As(err, &se) || !mailbox.IsPermanent(err) {
		t.Fatalf("Send = %v", err)
	}
	if got, want := se.Words(), "5.1.1 <nobody@example.test>: Recipient address rejected: User unknown"; got != want {
		t.Errorf("Words() = %q, want %q", got, want)
	}
}
