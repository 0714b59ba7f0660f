package main

import (
	"fmt"
	"net/mail"
	"path/filepath"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// TestRecordKeepsPastDeadline records a game whose deadlines passed while postald was down, as
// when a backlog is processed after an outage: White has been on move since the start date, 60
// days ago, so his reminders (7 and 1 days before the 50th day, 4.3.1) are due and his overstep is
// certain. The game must keep an event at or before now, so that the timer ticks it at once and
// the referee sends the reminders and records the overstep; a game without an event is never
// looked at again until a letter comes.
func TestRecordKeepsPastDeadline(t *testing.T) {
	now := time.Now().UTC()
	start := daysclock.DateOf(now, time.UTC).AddDays(-60)
	sh, err := tournament.ParseSheet(fmt.Appendf(nil, `[tournament]
code = "T"
name = "deadlines"
variant = "russian"
start = %s
end = %s
language = "en"
address = "moves@example.test"
judge = "judge@example.test"
director = "director@example.test"

[regulation]
zone = "UTC"

[[player]]
number = 1
name = "White"
email = "white@example.test"

[[player]]
number = 2
name = "Black"
email = "black@example.test"
`, start, start.AddDays(365)))
	if err != nil {
		t.Fatal(err)
	}
	table := sh.Table(time.UTC)
	g := referee.Seat{Table: table, Game: table.NewGame("1-2")}
	if g.Next().IsZero() {
		t.Fatal("the referee sees nothing coming for a game whose player on move is 60 days silent")
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id := store.GameID{Tournament: "T", Game: "1-2"}
	err = db.Update(func(tx *store.Tx) error {
		return office.Put(tx, mail.Address{Address: "moves@example.test"}, id, sh, g, now)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *store.Tx) error {
		due, err := tx.EventsDue(now)
		if err != nil {
			return err
		}
		if len(due) != 1 || due[0].Game != id {
			t.Errorf("events due now: %v; want game %s, whose reminders and overstep are due", due, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
