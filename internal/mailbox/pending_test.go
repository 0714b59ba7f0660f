package mailbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"postald/internal/mailbox"
)

// serverCounts reads the in-process server's counters.
func serverCounts(srv *smtpServer) (conns, received, logouts int) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.conns, srv.received, srv.logouts
}

// waitLogouts waits until the server has seen n connections end.
func waitLogouts(t *testing.T, srv *smtpServer, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, _, l := serverCounts(srv); l >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not see %d connections end", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestPendingCommitHandsTheLetterOver(t *testing.T) {
	srv := startSMTP(t)
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	p, err := snd.Begin(context.Background(), []string{"bob@example.test"}, []byte(testLetter))
	if err != nil {
		t.Fatalf("Begin: %v", err)
	}
	// Without the final dot the server has not taken the letter.
	time.Sleep(50 * time.Millisecond)
	if _, r, _ := serverCounts(srv); r != 0 {
		t.Fatalf("before Commit the server took %d letters, want 0", r)
	}
	if err := p.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	if _, r, _ := serverCounts(srv); r != 1 {
		t.Fatalf("after Commit the server took %d letters, want 1", r)
	}
	srv.mu.Lock()
	got := srv.data
	srv.mu.Unlock()
	if got != testLetter {
		t.Errorf("server got %q, want %q", got, testLetter)
	}
	if err := p.Commit(); err == nil {
		t.Error("a second Commit succeeded, want an error")
	}
	p.Abort() // after Commit: nothing happens
	// The connection is kept for the next letter.
	if err := snd.Send(context.Background(), []string{"carol@example.test"}, []byte(testLetter)); err != nil {
		t.Fatalf("Send after Commit: %v", err)
	}
	if c, r, _ := serverCounts(srv); c != 1 || r != 2 {
		t.Errorf("two letters: %d connections, %d letters; want 1 connection, 2 letters", c, r)
	}
}

func TestPendingAbortAfterDataDeliversNothing(t *testing.T) {
	srv := startSMTP(t)
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	// The first letter goes out, so that the second reuses the connection (RSET, MAIL, RCPT,
	// DATA, body) before it is aborted.
	if err := snd.Send(context.Background(), []string{"bob@example.test"}, []byte(testLetter)); err != nil {
		t.Fatalf("Send: %v", err)
	}
	p, err := snd.Begin(context.Background(), []string{"carol@example.test"}, []byte("Subject: aborted\r\n\r\nnever\r\n"))
	if err != nil {
		t.Fatalf("Begin: %v", err)
	}
	p.Abort()
	p.Abort() // a second Abort does nothing
	waitLogouts(t, srv, 1)
	if c, r, _ := serverCounts(srv); c != 1 || r != 1 {
		t.Fatalf("after Abort: %d connections, %d letters; want 1 connection, only the first letter", c, r)
	}
	if err := p.Commit(); err == nil {
		t.Error("Commit after Abort succeeded, want an error")
	}
	// The Sender opens a new connection for the next letter.
	if err := snd.Send(context.Background(), []string{"dave@example.test"}, []byte(testLetter)); err != nil {
		t.Fatalf("Send after Abort: %v", err)
	}
	if c, r, _ := serverCounts(srv); c != 2 || r != 2 {
		t.Errorf("after Abort and a letter: %d connections, %d letters; want 2, 2", c, r)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.rcpts) != 1 || srv.rcpts[0] != "dave@example.test" {
		t.Errorf("last letter to %v, want [dave@example.test]", srv.rcpts)
	}
}

func TestPendingDataRejectedAtCommit(t *testing.T) {
	srv := startSMTP(t)
	srv.fail["data"] = &smtp.SMTPError{Code: 554, Message: "message refused"}
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	p, err := snd.Begin(context.Background(), []string{"bob@example.test"}, []byte(testLetter))
	if err != nil {
		t.Fatalf("Begin: %v", err)
	}
	err = p.Commit()
	var se *mailbox.SendError
	if !errors.As(err, &se) || se.Stage != "data" || se.Code != 554 || !mailbox.IsPermanent(err) {
		t.Errorf("Commit = %v, want a permanent data failure with code 554", err)
	}
}

func TestBeginRejectedRecipient(t *testing.T) {
	srv := startSMTP(t)
	srv.fail["rcpt:nobody@example.test"] = &smtp.SMTPError{Code: 550, Message: "no such user"}
	snd, err := mailbox.NewSender(mailbox.SMTPOptions{Address: srv.addr, TLS: mailbox.TLSNone, From: "moves@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	p, err := snd.Begin(context.Background(), []string{"nobody@example.test"}, []byte(testLetter))
	if p != nil || !mailbox.IsPermanent(err) {
		t.Fatalf("Begin to nobody = %v, %v; want no letter in hand and a permanent failure", p, err)
	}
	if _, err := snd.Begin(context.Background(), nil, []byte(testLetter)); err == nil {
		t.Errorf("Begin without recipients = nil, want an error")
	}
	if _, r, _ := serverCounts(srv); r != 0 {
		t.Errorf("the server took %d letters, want 0", r)
	}
}
