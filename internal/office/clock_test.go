package office

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/store"
)

// TestClockJumpsBack: the machine's clock jumps back two days between White's move and Black's
// answer (the mail server's with it, so the letter's arrival is dated back too). Black's answer
// is decided and recorded after White's move, not before it, and charges him nothing for the
// gap; the jump is logged once and told to the judge once, at the next tick; an office started
// afresh on the store, its clock still behind, dates its work by the store's clock.
func TestClockJumpsBack(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	machine := time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)
	clockAt := func(at time.Time) { mu.Lock(); machine = at; mu.Unlock() }
	read := func() time.Time { mu.Lock(); defer mu.Unlock(); return machine }
	from := mail.Address{Name: "B-001 secretary", Address: "moves@postald.test"}
	sh, err := CreateTournament(db, from, []byte(benchSheet(1, "p")), read())
	if err != nil {
		t.Fatal(err)
	}
	pair := sh.Games()[0]
	white, black := sh.Players[pair.White-1].Email, sh.Players[pair.Black-1].Email
	id := store.GameID{Tournament: sh.Code, Game: pair.Name}
	var logs bytes.Buffer
	var logMu sync.Mutex
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true},
		Logger: slog.New(slog.NewTextHandler(lockedWriter{&logMu, &logs}, nil)), Now: read})
	uid := uint32(0)
	letter := func(o *Office, sender, body string) {
		t.Helper()
		uid++
		raw := []byte("From: " + sender + "\r\nTo: " + from.Address + "\r\nSubject: " + sh.Code + " game " + pair.Name +
			fmt.Sprintf("\r\nMessage-ID: <clock-%d@postald.test>\r\n\r\n", uid) + body + "\r\n")
		if err := o.Letter(Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: raw, InternalDate: read(), Size: int64(len(raw))}); err != nil {
			t.Fatal(err)
		}
	}

	clockAt(time.Date(2026, 11, 5, 12, 0, 0, 0, moscow))
	letter(o, white, "My move: 1. c3-d4")
	moved := time.Date(2026, 11, 5, 12, 0, 0, 0, moscow)
	clockAt(time.Date(2026, 11, 3, 9, 0, 0, 0, moscow)) // two days back
	letter(o, black, "Your move 1. c3-d4 received.\nMy move: 1... f6-g5")

	g := gameOf(t, db, id)
	if len(g.Plies) != 2 {
		t.Fatalf("the game holds %d plies, want both moves: %+v", len(g.Plies), g.History)
	}
	if g.Plies[1].Date.Before(g.Plies[0].Date) {
		t.Errorf("Black's answer is dated %s, before the move it answers (%s)", g.Plies[1].Date, g.Plies[0].Date)
	}
	if g.BlackClock.Days != 0 {
		t.Errorf("Black is charged %d days for an answer on the day he received the move", g.BlackClock.Days)
	}
	if got := o.Now(); !got.Equal(moved) {
		t.Errorf("the office's time while the clock is behind: %s, want the last instant %s", got, moved)
	}
	logMu.Lock()
	warned := strings.Count(logs.String(), "clock jumped back")
	logMu.Unlock()
	if warned != 1 {
		t.Errorf("the jump is logged %d times, want once:\n%s", warned, logs.String())
	}

	judgeNotices := func() int {
		n := 0
		for _, l := range outbox(t, db, moved.Add(24*time.Hour)) {
			if l.to == sh.Judge && strings.Contains(l.subject, "clock is behind") {
				n++
				if !strings.Contains(l.body, "no player is charged") {
					t.Errorf("the judge's notice does not say that nobody is charged:\n%s", l.body)
				}
			}
		}
		return n
	}
	for range 2 {
		if err := o.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if n := judgeNotices(); n != 1 {
		t.Errorf("the judge is told %d times of the jump, want once", n)
	}

	// A restart while the clock is still behind: the store remembers the last instant.
	again := New(Options{Store: db, From: from, Logger: slog.New(slog.DiscardHandler), Now: read})
	if got := again.Now(); got.Before(moved) {
		t.Errorf("a new office dates its work %s, before the store's last instant %s", got, moved)
	}

	// The clock catches up: time goes on from the machine's reading, and a second jump is a
	// new one, told again.
	clockAt(time.Date(2026, 11, 6, 12, 0, 0, 0, moscow))
	if got := o.Now(); !got.Equal(read()) {
		t.Errorf("after the clock caught up the office reads %s, want the machine's %s", got, read())
	}
	clockAt(time.Date(2026, 11, 4, 12, 0, 0, 0, moscow))
	if err := o.Tick(); err != nil {
		t.Fatal(err)
	}
	if n := judgeNotices(); n != 2 {
		t.Errorf("after a second jump the judge has %d notices, want 2", n)
	}
}

// lockedWriter serialises the log's writes.
type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
