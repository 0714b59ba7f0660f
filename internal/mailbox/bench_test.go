package mailbox_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// BenchmarkWatcherDovecot measures a backlog drained from Dovecot: b.N letters are appended
// first (not timed), then the Watcher hands each one over and moves it to the processed
// mailbox. msgs/s is letters handled and moved per second.
func BenchmarkWatcherDovecot(b *testing.B) {
	s := mailtest.Load(b)
	opts := watched(b, s)
	c := s.Dial(b, s.Tournament)
	raw := letter(s, mailtest.Unique("bench-"))
	for range b.N {
		mailtest.Append(b, c, opts.Mailbox, raw)
	}
	var handled atomic.Int64
	done := make(chan struct{})
	w, err := mailbox.NewWatcher(opts, func(context.Context, mailbox.Message) error {
		if handled.Add(1) == int64(b.N) {
			close(done)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	stop := run(b, w)
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		b.Fatalf("handled %d of %d", handled.Load(), b.N)
	}
	waitEmpty(b, c, opts.Mailbox) // the last move
	b.StopTimer()
	stop()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

func waitEmpty(b *testing.B, c *imapclient.Client, mailbox string) {
	for {
		st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			b.Fatal(err)
		}
		if *st.NumMessages == 0 {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// BenchmarkSendPostfix measures Send through Postfix to a player's mailbox, over a kept
// connection and with a new connection per letter; sends/s counts letters accepted by
// Postfix. The letters are deleted afterwards.
func BenchmarkSendPostfix(b *testing.B) {
	s := mailtest.Load(b)
	s.RequireSMTP(b)
	for _, bc := range []struct {
		name   string
		tls    mailbox.TLSMode
		addr   string
		noKeep bool
	}{
		{"none+auth", mailbox.TLSNone, s.SMTPAddr, false},
		{"starttls+auth", mailbox.TLSStartTLS, s.SubmissionAddr, false},
		{"implicit+auth", mailbox.TLSImplicit, s.SMTPSAddr, false},
		{"none+auth/new-connection", mailbox.TLSNone, s.SMTPAddr, true},
		{"starttls+auth/new-connection", mailbox.TLSStartTLS, s.SubmissionAddr, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			snd, err := mailbox.NewSender(mailbox.SMTPOptions{
				Address: bc.addr, TLS: bc.tls, CAFile: s.CAFile,
				Username: s.Address(s.Tournament), Password: s.Password(s.Tournament),
				From: s.Address(s.Tournament),
			})
			if err != nil {
				b.Fatal(err)
			}
			if bc.noKeep {
				snd.IdleTimeout = -1
			}
			defer snd.Close()
			tok := mailtest.Unique("bench-send-")
			msg := mailtest.Letter(s.Address(s.Tournament), s.Address("dave"), tok, "12. g3:e5")
			b.Cleanup(func() { deleteBySubject(b, s, "dave", tok) })
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if err := snd.Send(context.Background(), []string{s.Address("dave")}, msg); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sends/s")
		})
	}
}

// deleteBySubject waits (up to 30 s) for the letters with this subject to be delivered to user's
// INBOX and deletes them.
func deleteBySubject(b *testing.B, s *mailtest.Stack, user, subject string) {
	c := s.Dial(b, user)
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		b.Fatal(err)
	}
	criteria := &imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Subject", Value: subject}}}
	deadline := time.Now().Add(30 * time.Second)
	var uids []imap.UID
	for {
		sd, err := c.UIDSearch(criteria, nil).Wait()
		if err != nil {
			b.Fatal(err)
		}
		uids = sd.AllUIDs()
		if len(uids) >= b.N || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(uids) < b.N {
		b.Errorf("%d of %d letters delivered after 30 s", len(uids), b.N)
	}
	if len(uids) == 0 {
		return
	}
	set := imap.UIDSetNum(uids...)
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		b.Fatal(err)
	}
	if err := c.UIDExpunge(set).Close(); err != nil {
		b.Fatal(err)
	}
}
