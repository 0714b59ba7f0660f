package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/store"
)

// TestTakeoverRaceThroughDovecot: two new stores, each with the tournament registered, start
// `serve -takeover` on one mailbox within a millisecond of each other, with a move letter
// waiting and the claim of a retired store on the mailbox (a day old, or 50 seconds old: a
// store stopped a moment ago); many times. Each time exactly one daemon decides: the other
// stops with the claim error before it decides anything (its store holds no letter), and the
// move is answered and forwarded once.
func TestTakeoverRaceThroughDovecot(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	players := st.Players()
	white, black := players[0], players[1]
	for round := range 4 {
		code := mailtest.Unique("RACE")
		inbox := st.TempMailbox(t, st.Tournament, "in")
		processed := st.TempMailbox(t, st.Tournament, "done")
		// The retired store's claim, written a day ago or a moment ago.
		marker := "From: postald <postald@localhost>\r\nSubject: postald watches " + inbox + "\r\nX-Postald-Mailbox: " + inbox +
			"\r\nX-Postald-Store: " + mailtest.Unique("retired-") + "\r\n\r\nA claim.\r\n"
		c := st.Dial(t, st.Tournament)
		c.Create(mailbox.ClaimFolder, nil).Wait() // there already, but for the first test on a new stack
		retired := time.Now().Add(-24 * time.Hour)
		if round >= 2 {
			retired = time.Now().Add(-50 * time.Second)
		}
		cmd := c.Append(mailbox.ClaimFolder, int64(len(marker)), &imap.AppendOptions{Time: retired})
		cmd.Write([]byte(marker))
		cmd.Close()
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		start := time.Now().AddDate(0, 0, -10)
		sheet := fmt.Sprintf("[tournament]\ncode = %q\nname = \"race\"\nvariant = \"column\"\nstart = %s\nend = %s\nlanguage = \"en\"\n"+
			"address = %q\njudge = %q\ndirector = %q\n[[player]]\nnumber = 1\nname = \"White\"\nemail = %q\n[[player]]\nnumber = 2\nname = \"Black\"\nemail = %q\n",
			code, start.Format(time.DateOnly), start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
			st.Address("judge"), st.Address("director"), st.Address(white), st.Address(black))
		token := mailtest.Unique("race-move-")
		st.Append(t, st.Tournament, inbox, []byte("From: "+st.Address(white)+"\r\nTo: "+st.Address(st.Tournament)+
			"\r\nSubject: "+code+" game 1-2\r\nMessage-ID: <"+token+"@players.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-b4\r\n"))

		type daemon struct {
			db   *store.DB
			done chan error
		}
		ds := make([]daemon, 2)
		ctx, cancel := context.WithCancel(context.Background())
		begin := make(chan struct{})
		for i := range ds {
			dir := t.TempDir()
			cfg := &config.Config{
				Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
				IMAP:    config.Server{Address: st.IMAPAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), Mailbox: inbox, Processed: processed},
				SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: st.Address(st.Tournament), Password: st.Password(st.Tournament), From: "Secretary <" + st.Address(st.Tournament) + ">"},
				TLS:     config.TLS{CAFile: st.CAFile},
				Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
				Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}, Takeover: true},
				Limits:  config.Defaults().Limits,
				Trust:   config.Trust{FromOnly: true}, // a closed test setup: the test appends the letters
			}
			db, err := store.Open(cfg.Store.Path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := office.CreateTournament(db, mail.Address{Name: "Secretary", Address: st.Address(st.Tournament)}, []byte(sheet), time.Now()); err != nil {
				t.Fatal(err)
			}
			ds[i] = daemon{db: db, done: make(chan error, 1)}
			log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
			go func() {
				<-begin
				ds[i].done <- serve(ctx, cfg, db, log, time.Now)
			}()
		}
		close(begin) // both start now
		lost, won := -1, -1
		select {
		case err := <-ds[0].done:
			lost, won = 0, 1
			ds[0].done <- err
		case err := <-ds[1].done:
			lost, won = 1, 0
			ds[1].done <- err
		case <-time.After(time.Minute):
			cancel()
			t.Fatalf("round %d: both daemons still run after a minute: both hold the mailbox", round)
		}
		err := <-ds[lost].done
		var ce *mailbox.ClaimError
		if !errors.As(err, &ce) || ce.Holder != ds[won].db.Instance() {
			cancel()
			t.Fatalf("round %d: the daemon that stopped: %v, want refused naming store %s", round, err, ds[won].db.Instance())
		}
		ack := st.WaitMessage(t, white, "INBOX", token, 60*time.Second)
		if v := ack.Header("X-Postald-Verdict"); v != "accepted" {
			t.Errorf("round %d: verdict %q, want accepted", round, v)
		}
		st.WaitMessage(t, black, "INBOX", token, 30*time.Second)
		time.Sleep(2 * time.Second) // time for a second daemon's answers, were there one
		if n := countToken(t, st, black, token); n != 1 {
			t.Errorf("round %d: the move forwarded %d times, want once", round, n)
		}
		if n := countToken(t, st, white, token); n != 1 {
			t.Errorf("round %d: the move answered %d times, want once", round, n)
		}
		cancel()
		if err := <-ds[won].done; err != nil {
			t.Errorf("round %d: the deciding daemon: %v", round, err)
		}
		for i, d := range ds {
			err := d.db.View(func(tx *store.Tx) error {
				gm, err := office.LoadGame(tx, store.GameID{Tournament: code, Game: "1-2"})
				if err != nil {
					return err
				}
				q, err := tx.QuarantinedInbound()
				if want := map[bool]int{true: 1, false: 0}[i == won]; len(gm.Plies) != want || len(q) != 0 {
					t.Errorf("round %d: store %d (deciding %v) holds %d plies and %d held letters, want %d and 0", round, i, i == won, len(gm.Plies), len(q), want)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			d.db.Close()
		}
	}
}

// countToken counts the letters in user's INBOX that name token.
func countToken(t *testing.T, st *mailtest.Stack, user, token string) int {
	t.Helper()
	n := 0
	for _, m := range st.Messages(t, user, "INBOX") {
		if strings.Contains(string(m.Raw), token) {
			n++
		}
	}
	return n
}
