package mailbox_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// These tests send through the real Postfix of scripts/mailstack, which delivers into Dovecot,
// and read the letters back over IMAP.

func senderFor(t *testing.T, s *mailtest.Stack, tlsMode mailbox.TLSMode, addr string, auth bool) *mailbox.Sender {
	t.Helper()
	opts := mailbox.SMTPOptions{
		Address: addr,
		TLS:     tlsMode,
		From:    "Турнирный секретарь <" + s.Address(s.Tournament) + ">",
		CAFile:  s.CAFile,
	}
	if auth {
		opts.Username, opts.Password = s.Address(s.Tournament), s.Password(s.Tournament)
	}
	snd, err := mailbox.NewSender(opts)
	if err != nil {
		t.Fatal(err)
	}
	return snd
}

func TestSenderDeliversThroughPostfix(t *testing.T) {
	s := mailtest.Load(t)
	s.RequireSMTP(t)
	for _, tc := range []struct {
		name string
		tls  mailbox.TLSMode
		addr string
		auth bool
	}{
		{"none", mailbox.TLSNone, s.SMTPAddr, false},
		{"none+auth", mailbox.TLSNone, s.SMTPAddr, true},
		{"starttls+auth", mailbox.TLSStartTLS, s.SubmissionAddr, true},
		{"implicit+auth", mailbox.TLSImplicit, s.SMTPSAddr, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snd := senderFor(t, s, tc.tls, tc.addr, tc.auth)
			tok := mailtest.Unique("sent-" + strings.ReplaceAll(tc.name, "+", "-") + "-")
			msg := mailtest.Letter(snd.From(), s.Address("bob"), tok, "Ваш ход 11... h6:f4 получил.")
			start := time.Now()
			if err := snd.Send(context.Background(), []string{s.Address("bob")}, msg); err != nil {
				t.Fatalf("Send: %v", err)
			}
			sent := time.Since(start)
			got := s.WaitMessage(t, "bob", "INBOX", tok, 15*time.Second)
			t.Logf("accepted by Postfix after %v, readable over IMAP after %v", sent, time.Since(start))
			if !strings.Contains(string(got.Raw), "Ваш ход 11... h6:f4 получил.") {
				t.Errorf("delivered letter lost its body:\n%s", got.Raw)
			}
			if rp := got.Header("Return-Path"); rp != "<"+s.Address(s.Tournament)+">" {
				t.Errorf("Return-Path = %q, want the tournament's address", rp)
			}
		})
	}
}

func TestSenderOtherDomainStaysOnTheMachine(t *testing.T) {
	s := mailtest.Load(t)
	s.RequireSMTP(t)
	snd := senderFor(t, s, mailbox.TLSStartTLS, s.SubmissionAddr, true)
	tok := mailtest.Unique("outbound-")
	msg := mailtest.Letter(snd.From(), "ivanov@mail.example", tok, "forwarded move")
	if err := snd.Send(context.Background(), []string{"ivanov@mail.example"}, msg); err != nil {
		t.Fatalf("Send: %v", err)
	}
	s.WaitMessage(t, "outbound", "INBOX", tok, 15*time.Second)
}

func TestSenderClassifiesPostfixRejections(t *testing.T) {
	s := mailtest.Load(t)
	s.RequireSMTP(t)
	for _, tc := range []struct {
		name      string
		snd       *mailbox.Sender
		rcpt      string
		code      int
		permanent bool
	}{
		// 550 5.1.1 User unknown in virtual mailbox table
		{"unknown user", senderFor(t, s, mailbox.TLSNone, s.SMTPAddr, false), "nobody@" + s.Domain, 550, true},
		// 554 5.7.1 Relay access denied
		{"relay without auth", senderFor(t, s, mailbox.TLSNone, s.SMTPAddr, false), "ivanov@mail.example", 554, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := mailtest.Letter(tc.snd.From(), tc.rcpt, mailtest.Unique("rejected-"), "x")
			err := tc.snd.Send(context.Background(), []string{s.Address("bob"), tc.rcpt}, msg)
			var se *mailbox.SendError
			if !errors.As(err, &se) {
				t.Fatalf("Send = %v, want a *SendError", err)
			}
			if se.Stage != "rcpt" || se.Recipient != tc.rcpt || se.Code != tc.code || se.Temporary == tc.permanent {
				t.Errorf("Send = %+v, want stage rcpt, recipient %s, code %d, permanent %v", se, tc.rcpt, tc.code, tc.permanent)
			}
			if mailbox.IsPermanent(err) != tc.permanent {
				t.Errorf("IsPermanent(%v) = %v, want %v", err, !tc.permanent, tc.permanent)
			}
		})
	}
}

func TestSenderNetworkFailureIsTemporary(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	err = snd.Send(context.Background(), []string{"bob@example.test"}, []byte("Subject: x\r\n\r\nx\r\n"))
	var se *mailbox.SendError
	if !errors.As(err, &se) || se.Stage != "connect" || !se.Temporary || mailbox.IsPermanent(err) {
		t.Errorf("Send to a closed port = %#v, want a temporary connect failure", err)
	}
}

func TestSenderUntrustedCertificateIsTemporary(t *testing.T) {
	s := mailtest.Load(t)
	s.RequireSMTP(t)
	for _, tc := range []struct {
		tls  mailbox.TLSMode
		addr string
	}{{mailbox.TLSStartTLS, s.SubmissionAddr}, {mailbox.TLSImplicit, s.SMTPSAddr}} {
		snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: tc.addr, TLS: tc.tls, From: s.Address(s.Tournament)})
		if err != nil {
			t.Fatal(err)
		}
		err = snd.Send(context.Background(), []string{s.Address("bob")}, mailtest.Letter(s.Address(s.Tournament), s.Address("bob"), "x", "x"))
		if err == nil || !strings.Contains(err.Error(), "certificate") || mailbox.IsPermanent(err) {
			t.Errorf("%s without the private CA: Send = %v, want a temporary certificate error", tc.tls, err)
		}
	}
}

// TestPendingThroughPostfix sends in two phases through Postfix: a letter whose data was
// written but not ended is aborted and never delivered; a committed one arrives.
func TestPendingThroughPostfix(t *testing.T) {
	s := mailtest.Load(t)
	s.RequireSMTP(t)
	snd := senderFor(t, s, mailbox.TLSStartTLS, s.SubmissionAddr, true)
	defer snd.Close()
	rcpt := []string{s.Address("bob")}

	aborted := mailtest.Unique("aborted-")
	p, err := snd.Begin(context.Background(), rcpt, mailtest.Letter(snd.From(), rcpt[0], aborted, "never sent"))
	if err != nil {
		t.Fatalf("Begin: %v", err)
	}
	p.Abort()

	held := mailtest.Unique("held-")
	p, err = snd.Begin(context.Background(), rcpt, mailtest.Letter(snd.From(), rcpt[0], held, "Ваш ход 12. c3:e5 получил."))
	if err != nil {
		t.Fatalf("Begin after Abort: %v", err)
	}
	// Postfix has the envelope and the data but not the final dot: nothing is delivered yet.
	time.Sleep(time.Second)
	for _, m := range s.Messages(t, "bob", "INBOX") {
		if strings.Contains(string(m.Raw), held) {
			t.Fatal("the letter was delivered before Commit")
		}
	}
	if err := p.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	got := s.WaitMessage(t, "bob", "INBOX", held, 15*time.Second)
	if !strings.Contains(string(got.Raw), "Ваш ход 12. c3:e5 получил.") {
		t.Errorf("delivered letter lost its body:\n%s", got.Raw)
	}
	// The committed letter went through the same queue after the aborted one was dropped; give
	// the aborted one as long again before concluding that it never comes.
	time.Sleep(time.Second)
	for _, m := range s.Messages(t, "bob", "INBOX") {
		if strings.Contains(string(m.Raw), aborted) {
			t.Errorf("the aborted letter was delivered")
		}
	}
}
