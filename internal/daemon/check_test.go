package daemon

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"mime"
	"net/mail"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	bolt "go.etcd.io/bbolt"

	"postald/internal/metrics"
	"postald/internal/store"
)

// recordingSender keeps every letter handed to it, as a mail server that takes them all.
type recordingSender struct {
	mu   sync.Mutex
	sent []sentLetter
}

type sentLetter struct {
	to  []string
	raw []byte
}

func (s *recordingSender) Send(_ context.Context, to []string, raw []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, sentLetter{to, bytes.Clone(raw)})
	return nil
}

func (s *recordingSender) to(addr string) []sentLetter {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []sentLetter
	for _, l := range s.sent {
		for _, a := range l.to {
			if a == addr {
				out = append(out, l)
			}
		}
	}
	return out
}

// TestCheckStore: the daemon's whole check of the store finds a game record edited before the
// last check, which opening the store (the check of what is new) did not read: it is logged,
// counted in postald_store_damaged and mailed to the tournament's judge; the daemon goes on.
// A store that checks is counted so.
func TestCheckStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	db, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	sh := registerTournament(t, db, from, now)
	if err := db.Update(func(tx *store.Tx) error {
		_, err := tx.Archive(store.GameID{Tournament: sh.Code, Game: sh.Games()[0].Name}, store.ArchiveEntry{Direction: store.In, Time: now,
			Raw: []byte("From: ivanov@postald.test\r\nSubject: move\r\n\r\nMy move: 1. c3-d4\r\n")})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	open := func() *store.DB {
		db, err := store.Open(path, store.Options{NoSync: true, CheckLimit: 1})
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db = open() // checks what registerTournament wrote, and records it
	db.Close()

	run := func(db *store.DB) (*Daemon, *recordingSender, *metrics.Set, *syncBuffer, func()) {
		known := knownOf(t, db)
		sender, m, logs := &recordingSender{}, metrics.New(known), &syncBuffer{}
		d := New(Options{Store: db, Sender: sender, From: from, Metrics: m, Known: known, Now: func() time.Time { return now },
			Logger: slog.New(slog.NewTextHandler(logs, nil)), CheckEvery: 24 * time.Hour})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- d.Run(ctx, nil) }()
		return d, sender, m, logs, func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	}

	db = open()
	d, _, m, _, stop := run(db)
	if err := d.CheckStore(context.Background()); err != nil {
		t.Fatalf("CheckStore of a sound store: %v", err)
	}
	want := "# HELP postald_store_damaged 1 while the last whole check of the store found it damaged.\n# TYPE postald_store_damaged gauge\npostald_store_damaged 0\n"
	if err := testutil.GatherAndCompare(m.Gatherer(), strings.NewReader(want), "postald_store_damaged"); err != nil {
		t.Error(err)
	}
	stop()
	db.Close()

	// A letter of the archive changed in the file, after the check that covered it.
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	var game string
	err = bdb.Update(func(tx *bolt.Tx) error {
		archive := tx.Bucket([]byte("archive"))
		k, _ := archive.Cursor().First()
		if k == nil {
			return errors.New("nothing archived")
		}
		game = string(k)
		b := archive.Bucket(k)
		v := bytes.Clone(b.Get([]byte{0, 0, 0, 0, 0, 0, 0, 1}))
		v[len(v)-2] ^= 1
		return b.Put([]byte{0, 0, 0, 0, 0, 0, 0, 1}, v)
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}

	db = open() // the edit is older than the last check: Open does not read it
	defer db.Close()
	d, sender, m, logs, stop := run(db)
	defer stop()
	err = d.CheckStore(context.Background())
	if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), game) {
		t.Fatalf("CheckStore: %v, want the damage of %s", err, game)
	}
	want = "# HELP postald_store_checks_total Whole checks of the store, by result (ok, damaged, failed).\n# TYPE postald_store_checks_total counter\npostald_store_checks_total{result=\"damaged\"} 1\n" +
		"# HELP postald_store_damaged 1 while the last whole check of the store found it damaged.\n# TYPE postald_store_damaged gauge\npostald_store_damaged 1\n"
	if err := testutil.GatherAndCompare(m.Gatherer(), strings.NewReader(want), "postald_store_checks_total", "postald_store_damaged"); err != nil {
		t.Error(err)
	}
	if !strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "found damage") {
		t.Errorf("the log does not report the damage:\n%s", logs.String())
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(sender.to(sh.Judge)) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	got := sender.to(sh.Judge)
	if len(got) != 1 {
		t.Fatalf("%d letters to the judge %s, want 1", len(got), sh.Judge)
	}
	m2, err := mail.ReadMessage(bytes.NewReader(got[0].raw))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m2.Header.Get("Subject"))
	if err != nil || !strings.Contains(subject, sh.Code) || !strings.Contains(subject, "damage") && !strings.Contains(subject, "повреждение") {
		t.Errorf("the judge's letter (subject %q) does not name the tournament and the damage", subject)
	}
}
