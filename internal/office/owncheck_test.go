package office

import (
	"context"
	"errors"
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/store"
	"postald/internal/trust"
)

// switchCheck is a Verifier whose finding the test sets; it counts the checks.
type switchCheck struct {
	mu      sync.Mutex
	results []trust.MethodResult
	checks  int
}

func (s *switchCheck) set(rs ...trust.MethodResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.results = rs
}

func (s *switchCheck) Check(context.Context, []byte) trust.AuthResults {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checks++
	return trust.AuthResults{AuthservID: trust.OwnCheck, Results: s.results}
}

// TestOwnCheckTemporaryFailure: a letter whose own check meets a DNS that does not answer is
// neither held nor decided (Authenticate keeps it out: it stays in the mailbox), and once the DNS
// answers it is decided. The check is asked before the transaction and its result used there.
func TestOwnCheckTemporaryFailure(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	sh, err := CreateTournament(db, from, []byte(benchSheet(1, "p")), now)
	if err != nil {
		t.Fatal(err)
	}
	check := &switchCheck{}
	check.set(trust.MethodResult{Method: "dkim", Result: "temperror", Reason: "lookup sel._domainkey: server misbehaving"})
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Verifier: check,
		Trust:  config.Trust{AuthservID: "mx." + trustDomain, Require: []string{"dkim"}},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
	player := sh.Players[0].Email
	raw := []byte("From: " + player + "\r\nTo: " + from.Address + "\r\nSubject: B-001 game 1-2\r\nMessage-ID: <dns-1@x>\r\n\r\nMy move: 1. c3-d4\r\n")
	m := Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: raw, InternalDate: now, Size: int64(len(raw))}
	if err := o.Authenticate(context.Background(), raw)[0]; !errors.Is(err, ErrOwnCheckTemporary) || !strings.Contains(err.Error(), "server misbehaving") {
		t.Fatalf("Authenticate with the DNS down: %v; want the letter left in the mailbox, saying why", err)
	}
	check.set(trust.MethodResult{Method: "dkim", Result: "pass", Properties: []trust.Property{{Type: "header", Name: "d", Value: trustDomain}}})
	before := check.checks
	if err := o.Authenticate(context.Background(), raw)[0]; err != nil {
		t.Fatalf("Authenticate once the DNS answers: %v", err)
	}
	if err := o.Letter(m); err != nil {
		t.Fatalf("Letter once the DNS answers: %v", err)
	}
	if n := check.checks - before; n != 1 {
		t.Errorf("the letter was checked %d times for its decision, want once (before its transaction)", n)
	}
	err = db.View(func(tx *store.Tx) error {
		g, err := LoadGame(tx, store.GameID{Tournament: sh.Code, Game: "1-2"})
		if len(g.Plies) != 1 {
			t.Errorf("the game holds %d plies, want the move", len(g.Plies))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestOwnCheckOutageIsTold: while the DNS does not answer, letters wait in the mailbox; nothing
// waits without a notice: once the outage has lasted half an hour the judge is told, once, and a
// later outage is told again.
func TestOwnCheckOutageIsTold(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	sh, err := CreateTournament(db, from, []byte(benchSheet(1, "p")), clock())
	if err != nil {
		t.Fatal(err)
	}
	check := &switchCheck{}
	down := func() {
		check.set(trust.MethodResult{Method: "dkim", Result: "temperror", Reason: "lookup sel._domainkey: i/o timeout"})
	}
	up := func() {
		check.set(trust.MethodResult{Method: "dkim", Result: "pass", Properties: []trust.Property{{Type: "header", Name: "d", Value: trustDomain}}})
	}
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Verifier: check,
		Trust:  config.Trust{AuthservID: "mx." + trustDomain, Require: []string{"dkim"}},
		Logger: slog.New(slog.DiscardHandler), Now: clock})
	raw := []byte("From: " + sh.Players[0].Email + "\r\nTo: " + from.Address + "\r\nSubject: B-001 game 1-2\r\nMessage-ID: <dns-2@x>\r\n\r\nMy move: 1. c3-d4\r\n")
	notices := func() (n int) {
		t.Helper()
		for _, l := range outbox(t, db, clock().Add(time.Hour)) {
			if l.to == sh.Judge && strings.Contains(l.subject, "cannot be checked") {
				n++
				if !strings.Contains(l.body, "i/o timeout") || !strings.Contains(l.body, "wait in the mailbox") {
					t.Errorf("the notice does not say why and that the letters wait:\n%s", l.body)
				}
			}
		}
		return n
	}
	tryAndTick := func(d time.Duration) {
		t.Helper()
		at(d)
		o.Authenticate(context.Background(), raw)
		if err := o.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	down()
	tryAndTick(0)
	tryAndTick(10 * time.Minute)
	if n := notices(); n != 0 {
		t.Errorf("the judge is told after 10 minutes (%d notices), want only after half an hour", n)
	}
	tryAndTick(25 * time.Minute)
	tryAndTick(2 * time.Hour)
	if n := notices(); n != 1 {
		t.Errorf("after the outage lasted %s the judge has %d notices, want one", 2*time.Hour+35*time.Minute, n)
	}
	up()
	tryAndTick(time.Minute)
	down()
	tryAndTick(time.Hour)
	tryAndTick(31 * time.Minute)
	if n := notices(); n != 2 {
		t.Errorf("after a second outage the judge has %d notices, want two", n)
	}
}
