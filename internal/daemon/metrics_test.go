package daemon

import (
	"context"
	"errors"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"postald/internal/metrics"
	"postald/internal/reading"
	"postald/internal/store"
)

// failingSender refuses every letter, as a mail server that is down.
type failingSender struct{}

func (failingSender) Send(context.Context, []string, []byte) error {
	return errors.New("451 try again later")
}

// TestSendFailuresCounted: each failed attempt to send a letter of the outbox is counted in
// postald_send_failures_total, and the letter still waits (postald_outbox_depth).
func TestSendFailuresCounted(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *store.Tx) error {
		_, err := tx.Enqueue(store.Outgoing{From: "moves@example.test", To: []string{"p@example.test"},
			Raw:  []byte("From: moves@example.test\r\nTo: p@example.test\r\nSubject: s\r\n\r\nx\r\n"),
			Game: store.GameID{Tournament: "T"}, Verdict: "notice"}, time.Now())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	known := knownOf(t, db)
	m := metrics.New(known)
	d := New(Options{Store: db, Sender: failingSender{}, From: mail.Address{Address: "moves@example.test"}, Metrics: m, Known: known})
	if _, err := d.sendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := `
# HELP postald_send_failures_total Attempts to send a letter of the outbox that failed.
# TYPE postald_send_failures_total counter
postald_send_failures_total 1
# HELP postald_outbox_depth Letters waiting in the outbox to be sent.
# TYPE postald_outbox_depth gauge
postald_outbox_depth 1
`
	if err := testutil.GatherAndCompare(m.Gatherer(), strings.NewReader(want), "postald_send_failures_total", "postald_outbox_depth"); err != nil {
		t.Error(err)
	}
	// A daemon without metrics sends (and fails) alike.
	if _, err := New(Options{Store: db, Sender: failingSender{}}).sendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// knownOf counts db as serve does before it starts the daemon (reading.Known).
func knownOf(t testing.TB, db *store.DB) *reading.Known {
	t.Helper()
	k, err := reading.NewKnown(db, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return k
}
