package office

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/store"
)

// TestFullDiskIsNotTheLettersFault: a letter whose transaction cannot be committed because the
// disk is full stays in the mailbox however often it is tried, is never quarantined for it, and
// is decided once, exactly once, when space comes back.
func TestFullDiskIsNotTheLettersFault(t *testing.T) {
	dir := mailtest.SmallDisk(t, 4<<20)
	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	var logs bytes.Buffer
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true}, // a closed test setup
		Logger: slog.New(slog.NewTextHandler(&logs, nil)), Now: func() time.Time { return now }})
	game, white := "", ""
	for _, g := range sh.Games() {
		if g.White == 1 {
			game, white = g.Name, sh.Players[0].Email
		}
	}
	if game == "" {
		t.Fatal("player 1 has no White game")
	}
	// A long letter: its archive entry needs new pages, while the small record of its receipt
	// may still fit in the store's free pages.
	raw := []byte("From: " + white + "\r\nTo: " + from.Address + "\r\nSubject: " + sh.Code + " game " + game +
		"\r\nMessage-ID: <full-disk@postald.test>\r\nDate: " + now.Format(time.RFC1123Z) +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-d4\r\n\r\n" +
		strings.Repeat("A long letter about the weather, written while the disk is full.\r\n", 2000))
	m := Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: raw, InternalDate: now, Size: int64(len(raw))}

	free := mailtest.FillDisk(t, dir)
	for i := range 6 {
		err := o.Letter(m)
		if !isStorageFault(err) {
			t.Fatalf("attempt %d on a full disk: %v, want a storage fault that keeps the letter in the mailbox", i+1, err)
		}
	}
	if n := strings.Count(logs.String(), "the store cannot be written"); n != 1 {
		t.Errorf("the fault is logged %d times, want once:\n%s", n, logs.String())
	}
	free()
	if err := o.Letter(m); err != nil {
		t.Fatalf("once space is back: %v", err)
	}
	if !strings.Contains(logs.String(), "the store is written again") {
		t.Errorf("the recovery is not logged:\n%s", logs.String())
	}
	err = db.View(func(tx *store.Tx) error {
		rec, err := tx.Inbound(store.MessageRef{Mailbox: "INBOX", UIDValidity: 1, UID: 1})
		if err != nil {
			return err
		}
		if rec.State != store.InboundDone || rec.Verdict != "accepted" || rec.Attempts > 1 {
			t.Errorf("the letter is %s (%s), %d attempts counted; want done, accepted, no attempt counted for the full disk",
				rec.State, rec.Verdict, rec.Attempts)
		}
		g, err := LoadGame(tx, store.GameID{Tournament: sh.Code, Game: game})
		if err != nil {
			return err
		}
		if got := strings.Join(g.MoveList(), " "); got != "1. c3-d4" {
			t.Errorf("the game holds %q, want the move once", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Offered again (the watcher's MOVE was lost): recognised, applied once.
	if err := o.Letter(m); err != nil {
		t.Fatal(err)
	}
	if err := db.VerifyAll(); err != nil {
		t.Errorf("VerifyAll: %v", err)
	}
}

// TestInterruptedLetter: a letter whose deciding was interrupted (the daemon killed between its
// record and its decision) is decided normally when it comes again, however many times that
// happened, up to maxAttempts times; after more, it is held for the judge, who is told, and never blocks
// the mailbox.
func TestInterruptedLetter(t *testing.T) {
	for _, interrupted := range []int{1, 4, maxAttempts, maxAttempts + 1} {
		t.Run(fmt.Sprint(interrupted), func(t *testing.T) {
			db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
			from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
			sh := registerTournament(t, db, from, now)
			o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true},
				Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
			var game string
			for _, g := range sh.Games() {
				if g.White == 1 {
					game = g.Name
					break
				}
			}
			raw := []byte("From: " + sh.Players[0].Email + "\r\nTo: " + from.Address + "\r\nSubject: " + sh.Code + " game " + game +
				"\r\nMessage-ID: <interrupted@postald.test>\r\n\r\nMy move: 1. c3-d4\r\n")
			m := Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: raw, InternalDate: now, Size: int64(len(raw))}
			// Each interruption leaves the letter received and undecided, as a kill does.
			for range interrupted {
				if err := db.Update(func(tx *store.Tx) error {
					_, _, err := tx.Receive(RefOf(m), MessageID(raw), raw, now)
					return err
				}); err != nil {
					t.Fatal(err)
				}
			}
			if err := o.Letter(m); err != nil {
				t.Fatal(err)
			}
			var rec store.Inbound
			if err := db.View(func(tx *store.Tx) (err error) { rec, err = tx.Inbound(RefOf(m)); return err }); err != nil {
				t.Fatal(err)
			}
			if interrupted <= maxAttempts {
				if rec.State != store.InboundDone || rec.Verdict != "accepted" {
					t.Errorf("after %d interruptions: %s %s (%s), want the move accepted", interrupted, rec.State, rec.Verdict, rec.Reason)
				}
				return
			}
			if rec.State != store.InboundQuarantined || !strings.Contains(rec.Reason, "processing failed") {
				t.Errorf("after %d interruptions: %s (%s), want held for the judge", interrupted, rec.State, rec.Reason)
			}
			var toJudge bool
			for _, l := range outbox(t, db, now.Add(time.Hour)) {
				toJudge = toJudge || l.to == sh.Judge && strings.Contains(l.body, "processing failed")
			}
			if !toJudge {
				t.Error("the judge is not told of the held letter")
			}
		})
	}
}
