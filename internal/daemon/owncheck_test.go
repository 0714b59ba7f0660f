package daemon

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"
	"sync"
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
// his domain's key. Handle leaves it in the mailbox for later (mailbox.ErrLater: the letters behind
// it go on; nothing recorded), without asking the DNS again before its next try is due; once the
// DNS answers, the same letter is decided and applied at its next try.
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
	var mu sync.Mutex
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	d := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Now: clock,
		Trust:    config.Trust{AuthservID: authserv, Require: []string{"dkim"}, Resolver: dns.Addr},
		Verifier: &mailauth.Checker{Resolver: mailauth.NewResolver(dns.Addr), Receiver: authserv, Now: clock}})
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
	if err := d.Handle(ctx, m); !errors.Is(err, office.ErrOwnCheckTemporary) || !errors.Is(err, mailbox.ErrLater) {
		t.Fatalf("Handle with the DNS down: %v, want the letter left in the mailbox for later", err)
	}
	plies := func() int {
		n := 0
		err := db.View(func(tx *store.Tx) error {
			if in, err := tx.Inbound(office.RefOf(office.Incoming(m))); err == nil && in.State != "" {
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
	asked := dns.Asked()
	if err := d.Handle(ctx, m); !errors.Is(err, mailbox.ErrLater) || dns.Asked() != asked {
		t.Fatalf("Handle before the next try is due: %v, %d questions asked; want it left for later, the DNS not asked", err, dns.Asked()-asked)
	}
	mu.Lock()
	now = now.Add(config.Defaults().Limits.CheckBackoff.Duration)
	mu.Unlock()
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

// TestHostileDNSHaltsNothing: a stranger's signed letter whose domain answers SERVFAIL comes
// first in a batch, a player's signed move behind it. The move is decided at once and the
// stranger's letter is left for later (mailbox.LaterError), tried again only when its back-off
// is over, never counted while the resolver answers nothing at all; after check_attempts tries it
// is held as unchecked, and the judge is told once.
func TestHostileDNSHaltsNothing(t *testing.T) {
	dns := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, trustDomain, "sel")
	key.Publish(dns)
	dns.TXT("_dmarc."+trustDomain, "v=DMARC1; p=reject")
	hostile := mailtest.NewDKIMKey(t, "hostile.example", "sel")
	dns.Fail(hostile.Name(), true)
	dns.Fail("_dmarc.hostile.example", true)
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	limits := config.Defaults().Limits
	d := New(Options{Store: db, From: from, Limits: limits, Now: clock,
		Trust:    config.Trust{AuthservID: authserv, Require: []string{"dmarc"}, Resolver: dns.Addr},
		Verifier: &mailauth.Checker{Resolver: mailauth.NewResolver(dns.Addr), Receiver: authserv, Now: clock}})
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
	letter := func(k *mailtest.DKIMKey, uid uint32, fromAddr, text string) mailbox.Message {
		raw := k.Sign(t, []byte("From: "+fromAddr+"\r\nTo: "+from.Address+"\r\nSubject: TT-2026 game "+game+
			"\r\nDate: "+clock().Format(time.RFC1123Z)+fmt.Sprintf("\r\nMessage-ID: <hostile-%d@x>", uid)+
			"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nTournament TT-2026, game "+game+".\r\n"+text+"\r\n"))
		return mailbox.Message{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: raw, InternalDate: clock(), Size: int64(len(raw))}
	}
	bad := letter(hostile, 1, "someone@hostile.example", "I resign.")
	move := letter(key, 2, sh.Players[0].Email, "My move: 1. c3-d4")
	n, err := d.HandleBatch(ctx, []mailbox.Message{bad, move})
	var le *mailbox.LaterError
	if n != 2 || !errors.As(err, &le) || len(le.Skip) != 1 || le.Skip[0] != 0 {
		t.Fatalf("HandleBatch: %d, %v; want both handled but the first left for later", n, err)
	}
	state := func(m mailbox.Message) store.Inbound {
		var in store.Inbound
		db.View(func(tx *store.Tx) error { in, _ = tx.Inbound(office.RefOf(office.Incoming(m))); return nil })
		return in
	}
	if in := state(move); in.State != store.InboundDone || in.Verdict != "accepted" {
		t.Fatalf("the move behind the hostile letter: %q %q, want decided at once", in.State, in.Verdict)
	}
	if in := state(bad); in.State != "" {
		t.Fatalf("the hostile letter is recorded: %+v", in)
	}
	// Before its back-off is over it costs no question of the DNS.
	asked := dns.Asked()
	if n, err := d.HandleBatch(ctx, []mailbox.Message{bad}); n != 1 || !errors.As(err, &le) || dns.Asked() != asked {
		t.Fatalf("HandleBatch before the next try: %d, %v, %d questions; want it left for later without a question", n, err, dns.Asked()-asked)
	}
	// Its tries, spaced 2, 4, 8, 16, 32 minutes: the sixth is the last and holds it.
	wait := limits.CheckBackoff.Duration
	for try := 2; try <= limits.CheckAttempts; try++ {
		advance(wait)
		wait *= 2
		n, err := d.HandleBatch(ctx, []mailbox.Message{bad})
		if try < limits.CheckAttempts && (n != 1 || !errors.As(err, &le)) {
			t.Fatalf("try %d: %d, %v; want it left for later", try, n, err)
		}
		if try == limits.CheckAttempts && (n != 1 || err != nil) {
			t.Fatalf("the last try: %d, %v; want it decided", n, err)
		}
	}
	in := state(bad)
	if in.State != store.InboundQuarantined || !strings.Contains(in.Reason, "could not be done, tried 6 times") {
		t.Fatalf("the hostile letter after every try: %q %q; want held as unchecked", in.State, in.Reason)
	}
	var notices int
	db.View(func(tx *store.Tx) error {
		due, _ := tx.Due(clock().Add(time.Hour), 100)
		for _, it := range due {
			if strings.Contains(string(it.Raw), "its sender could not be checked") {
				notices++
			}
		}
		return nil
	})
	if notices != 1 {
		t.Errorf("%d notices to the judge about the unchecked letter, want 1", notices)
	}
}

// TestSilentDomainsHaltNothing: eight strangers' letters whose domains' DNS never answers (each
// check runs into its timeout) come before a player's signed move in one batch. They are
// checked side by side, so that the move is decided in the same batch, and each stranger's
// letter is left for later, none recorded.
func TestSilentDomainsHaltNothing(t *testing.T) {
	dns := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, trustDomain, "sel")
	key.Publish(dns)
	dns.TXT("_dmarc."+trustDomain, "v=DMARC1; p=reject")
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	d := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Now: clock,
		Trust: config.Trust{AuthservID: authserv, Require: []string{"dmarc"}, Resolver: dns.Addr},
		Verifier: &mailauth.Checker{Resolver: mailauth.NewResolver(dns.Addr), Receiver: authserv, Now: clock,
			Timeout: 2 * time.Second}})
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
	var batch []mailbox.Message
	for i := range 8 {
		domain := fmt.Sprintf("silent%d.example", i)
		k := mailtest.NewDKIMKey(t, domain, "sel")
		dns.Silent(k.Name(), true)
		dns.Silent("_dmarc."+domain, true)
		raw := k.Sign(t, []byte("From: someone@"+domain+"\r\nTo: "+from.Address+"\r\nSubject: TT-2026 game "+game+
			fmt.Sprintf("\r\nMessage-ID: <silent-%d@x>\r\n", i)+"Content-Type: text/plain; charset=utf-8\r\n\r\nI resign.\r\n"))
		batch = append(batch, mailbox.Message{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: raw, InternalDate: now, Size: int64(len(raw))})
	}
	raw := key.Sign(t, []byte("From: "+sh.Players[0].Email+"\r\nTo: "+from.Address+"\r\nSubject: TT-2026 game "+game+
		"\r\nMessage-ID: <behind-silent@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-d4\r\n"))
	move := mailbox.Message{Mailbox: "INBOX", UIDValidity: 1, UID: 9, Raw: raw, InternalDate: now, Size: int64(len(raw))}
	n, err := d.HandleBatch(ctx, append(batch, move))
	var le *mailbox.LaterError
	if n != 9 || !errors.As(err, &le) || len(le.Skip) != 8 {
		t.Fatalf("HandleBatch: %d, %v; want the move decided and the eight left for later", n, err)
	}
	err = db.View(func(tx *store.Tx) error {
		if in, err := tx.Inbound(office.RefOf(office.Incoming(move))); err != nil || in.Verdict != "accepted" {
			t.Errorf("the move behind the silent letters: %+v, %v", in, err)
		}
		for _, m := range batch {
			if in, err := tx.Inbound(office.RefOf(office.Incoming(m))); err == nil {
				t.Errorf("a silent letter is recorded: %+v", in)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
