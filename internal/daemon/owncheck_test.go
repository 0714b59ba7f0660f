package daemon

import (
	"context"
	"errors"
	"net/mail"
	"path/filepath"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailauth"
	"postald/internal/mailbox"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/store"
)

// TestOwnCheckWaitsForTheDNS: a player's signed letter arrives while the DNS cannot answer for
// his domain's key. Handle leaves it in the mailbox (an error, nothing recorded); once the DNS
// answers, the same letter is decided and applied.
func TestOwnCheckWaitsForTheDNS(t *testing.T) {
	dns := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, trustDomain, "sel")
	key.Publish(dns)
	dns.Fail(key.Name(), true)
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	d := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Now: func() time.Time { return now },
		Trust:    config.Trust{AuthservID: authserv, Require: []string{"dkim"}, Resolver: dns.Addr},
		Verifier: &mailauth.Checker{Resolver: mailauth.NewResolver(dns.Addr), Receiver: authserv, Now: func() time.Time { return now }}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, nil) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	var game string
	for _, g := range sh.Games() {
		if g.White == 1 {
			game = g.Name
			break
		}
	}
	raw := key.Sign(t, []byte("From: "+sh.Players[0].Email+"\r\nTo: "+from.Address+"\r\nSubject: TT-2026 game "+game+
		"\r\nDate: "+now.Format(time.RFC1123Z)+"\r\nMessage-ID: <dns-wait@postald.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"+
		"Tournament TT-2026, game "+game+".\r\nMy move: 1. c3-d4\r\n"))
	m := mailbox.Message{Mailbox: "INBOX", UIDValidity: 1, UID: 7, Raw: raw, InternalDate: now, Size: int64(len(raw))}
	if err := d.Handle(ctx, m); !errors.Is(err, office.ErrOwnCheckTemporary) {
		t.Fatalf("Handle with the DNS down: %v, want the letter left in the mailbox", err)
	}
	plies := func() int {
		n := 0
		err := db.View(func(tx *store.Tx) error {
			if in, err := tx.Inbound(office.RefOf(m)); err == nil && in.State != "" {
				t.Errorf("the letter is recorded while the DNS is down: %+v", in)
			}
			g, err := office.LoadGame(tx, store.GameID{Tournament: sh.Code, Game: game})
			n = len(g.Plies)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := plies(); n != 0 {
		t.Fatalf("%d plies while the DNS is down", n)
	}
	dns.Fail(key.Name(), false)
	if err := d.Handle(ctx, m); err != nil {
		t.Fatalf("Handle once the DNS answers: %v", err)
	}
	err = db.View(func(tx *store.Tx) error {
		g, err := office.LoadGame(tx, store.GameID{Tournament: sh.Code, Game: game})
		if len(g.Plies) != 1 {
			t.Errorf("the game holds %d plies, want the move", len(g.Plies))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
