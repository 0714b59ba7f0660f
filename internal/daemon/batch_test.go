package daemon

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"path/filepath"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/office"
	"postald/internal/store"
)

// batchRig is a daemon whose owner goroutine runs, on a store holding the trust tests'
// tournament, without mail servers: letters are handed to HandleBatch directly and the
// answers stay in the outbox.
type batchRig struct {
	d    *Daemon
	db   *store.DB
	now  time.Time
	game string
	uid  uint32
}

func newBatchRig(t *testing.T) *batchRig {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	sh := registerTournament(t, db, from, now)
	r := &batchRig{db: db, now: now}
	for _, g := range sh.Games() {
		if g.White == 1 && g.Black == 2 {
			r.game = g.Name
		}
	}
	if r.game == "" {
		t.Fatal("no game with Ivanov as White and Petrov as Black")
	}
	// from_only: a closed test setup (the test alone puts letters in)
	r.d = New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true}, Now: func() time.Time { return now }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.d.owner(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return r
}

// letter returns a letter with the given moves from player ("ivanov" or "petrov") as the mailbox hands it over.
func (r *batchRig) letter(player, move string) mailbox.Message {
	r.uid++
	raw := fmt.Sprintf("From: %s@%s\r\nTo: moves@%s\r\nSubject: TT-2026\r\nDate: %s\r\nMessage-ID: <batch-%d@%s>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\nTournament TT-2026, game %s.\r\n%s\r\n",
		player, trustDomain, trustDomain, r.now.Format(time.RFC1123Z), r.uid, trustDomain, r.game, move)
	return mailbox.Message{Mailbox: "INBOX", UIDValidity: 7, UID: r.uid, Raw: []byte(raw),
		InternalDate: r.now, Size: int64(len(raw))}
}

// plies returns the moves the game has recorded.
func (r *batchRig) plies(t *testing.T) int {
	t.Helper()
	var n int
	err := r.db.View(func(tx *store.Tx) error {
		g, err := office.LoadGame(tx, store.GameID{Tournament: "TT-2026", Game: r.game})
		n = len(g.Plies)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// record returns the store's record of m (State "" when there is none).
func (r *batchRig) record(t *testing.T, m mailbox.Message) store.Inbound {
	t.Helper()
	var in store.Inbound
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		in, err = tx.Inbound(office.RefOf(office.Incoming(m)))
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestHandleBatchDecidesInOrder: White's move and Black's reply in one batch; the reply is
// decided on the state the move left, so both are accepted.
func TestHandleBatchDecidesInOrder(t *testing.T) {
	r := newBatchRig(t)
	ms := []mailbox.Message{r.letter("ivanov", "My move: 1. c3-d4"), r.letter("petrov", "Received your 1. c3-d4.\r\nMy move: 1... b6-a5")}
	n, err := r.d.HandleBatch(context.Background(), ms)
	if n != 2 || err != nil {
		t.Fatalf("HandleBatch = %d, %v; want 2, nil", n, err)
	}
	if got := r.plies(t); got != 2 {
		t.Errorf("the game has %d plies, want 2 (the move and the reply)", got)
	}
	for i, m := range ms {
		if in := r.record(t, m); in.State != store.InboundDone || in.Attempts != 0 {
			t.Errorf("letter %d: %q after %d attempts, want done at the first", i+1, in.State, in.Attempts)
		}
	}
	// The same batch again, as after a crash before the move to the processed mailbox: both
	// are recognised, nothing is applied twice.
	if n, err := r.d.HandleBatch(context.Background(), ms); n != 2 || err != nil {
		t.Fatalf("HandleBatch again = %d, %v; want 2, nil", n, err)
	}
	if got := r.plies(t); got != 2 {
		t.Errorf("after the batch came back the game has %d plies, want 2", got)
	}
}

// TestHandleBatchFallsBackOneByOne: a letter the store refuses (UID 0 is no IMAP UID) fails the
// batch; the letters are then taken one at a time, so the one before it is decided and the
// one after it is not touched.
func TestHandleBatchFallsBackOneByOne(t *testing.T) {
	r := newBatchRig(t)
	bad := r.letter("petrov", "Received your 1. c3-d4.\r\nMy move: 1... b6-a5")
	bad.UID = 0
	ms := []mailbox.Message{r.letter("ivanov", "My move: 1. c3-d4"), bad, r.letter("ivanov", "Received your 1... b6-a5.\r\nMy move: 2. g3-h4")}
	n, err := r.d.HandleBatch(context.Background(), ms)
	if n != 1 || err == nil {
		t.Fatalf("HandleBatch = %d, %v; want 1 and an error", n, err)
	}
	if in := r.record(t, ms[0]); in.State != store.InboundDone || in.Attempts != 0 {
		t.Errorf("letter 1: %q after %d attempts, want done, counted once", in.State, in.Attempts)
	}
	if in := r.record(t, ms[2]); in.State != "" {
		t.Errorf("letter 3: %q, want no record (it stays in the mailbox untouched)", in.State)
	}
	if got := r.plies(t); got != 1 {
		t.Errorf("the game has %d plies, want 1", got)
	}
}

// TestHandleBatchTakesInterruptedLetterAlone: a letter received before and never finished (a
// crash interrupted it) is taken alone, its attempt counted; the new letters after it go
// together, counted once.
func TestHandleBatchTakesInterruptedLetterAlone(t *testing.T) {
	r := newBatchRig(t)
	ms := []mailbox.Message{r.letter("ivanov", "My move: 1. c3-d4"), r.letter("petrov", "Received your 1. c3-d4.\r\nMy move: 1... b6-a5"), r.letter("ivanov", "Received your 1... b6-a5.\r\nMy move: 2. g3-h4")}
	err := r.db.Update(func(tx *store.Tx) error {
		_, _, err := tx.Receive(office.RefOf(office.Incoming(ms[0])), office.MessageID(ms[0].Raw), ms[0].Raw, r.now)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	n, err := r.d.HandleBatch(context.Background(), ms)
	if n != 3 || err != nil {
		t.Fatalf("HandleBatch = %d, %v; want 3, nil", n, err)
	}
	for i, want := range []int{1, 0, 0} {
		if in := r.record(t, ms[i]); in.State != store.InboundDone || in.Attempts != want {
			t.Errorf("letter %d: %q after %d attempts, want done after %d", i+1, in.State, in.Attempts, want)
		}
	}
	if got := r.plies(t); got != 3 {
		t.Errorf("the game has %d plies, want 3", got)
	}
}
