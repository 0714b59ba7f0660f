package localmail

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

func TestSMTPToIMAP(t *testing.T) {
	postmark := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
	s, err := Start(map[string]string{"moves@club.test": "pw", "ivanov@club.test": "pw2"}, func() time.Time { return postmark })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	msg := "From: ivanov@club.test\r\nTo: moves@club.test\r\nSubject: game 1-2\r\n\r\n1. c3-d4\r\n"
	c, err := smtp.Dial(s.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SendMail("ivanov@club.test", []string{"moves@club.test"}, strings.NewReader(msg)); err != nil {
		t.Fatalf("SendMail: %v", err)
	}
	err = c.SendMail("ivanov@club.test", []string{"someone@elsewhere.test"}, strings.NewReader(msg))
	var se *smtp.SMTPError
	if !errors.As(err, &se) || se.Code != 550 {
		t.Errorf("mail to a stranger: err = %v, want a 550 refusal (nothing is relayed)", err)
	}
	c.Quit()

	ic, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ic.Close()
	if err := ic.Login("moves@club.test", "pw").Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := ic.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := ic.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{InternalDate: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil || len(msgs) == 0 {
		t.Fatalf("fetch: %v (%d messages)", err, len(msgs))
	}
	if got := string(msgs[0].FindBodySection(sec)); got != msg {
		t.Errorf("body = %q, want %q", got, msg)
	}
	if !msgs[0].InternalDate.Equal(postmark) {
		t.Errorf("internal date = %v, want the postmark %v", msgs[0].InternalDate, postmark)
	}
}
