package office

import (
	"log/slog"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/store"
)

// TestHeldDigest: every held letter is listed once in a daily digest to the judge: a stranger's
// letter and one whose From cannot be read included.
func TestHeldDigest(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	registerTournament(t, db, from, now)
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Logger: slog.New(slog.DiscardHandler),
		Now: func() time.Time { return now }})
	uid := uint32(0)
	hold := func(at time.Time, fromField, reason string) {
		uid++
		raw := []byte("From: " + fromField + "\r\nSubject: hello " + reason + "\r\nMessage-ID: <held-" + reason + "@x>\r\n\r\nbody\r\n")
		_, err := db.ProcessLetter(store.LetterOutcome{Ref: store.MessageRef{Mailbox: "INBOX", UIDValidity: 1, UID: uid},
			MessageID: "held-" + reason + "@x", Raw: raw, Received: at, Now: at, Quarantine: reason})
		if err != nil {
			t.Fatal(err)
		}
	}
	digests := func(at time.Time) []string {
		t.Helper()
		var out []string
		err := db.Update(func(tx *store.Tx) error {
			before, err := tx.Due(at.Add(time.Hour), 0)
			if err != nil {
				return err
			}
			if err := o.heldDigest(tx, at); err != nil {
				return err
			}
			after, err := tx.Due(at.Add(time.Hour), 0)
			for _, it := range after[len(before):] {
				out = append(out, strings.Join(it.To, ",")+"\n"+string(it.Raw))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	hold(now, "Stranger <stranger@elsewhere.example>", "not-a-player")
	hold(now, "=?utf-8?q?Ivan=0D=0AEvil?= <", "unreadable-from")
	if got := digests(now.Add(23 * time.Hour)); len(got) != 0 {
		t.Errorf("a digest before a day has passed: %q", got)
	}
	got := digests(now.Add(25 * time.Hour))
	if len(got) != 1 || !strings.HasPrefix(got[0], "judge@"+trustDomain) {
		t.Fatalf("digests %q, want one to the judge", got)
	}
	for _, want := range []string{"not-a-player", "unreadable-from", "stranger@elsewhere.example", "Ivan Evil"} {
		if !strings.Contains(got[0], want) {
			t.Errorf("the digest does not name %q:\n%s", want, got[0])
		}
	}
	// Within the day: a new held letter waits for the next digest.
	hold(now.Add(26*time.Hour), "p02@"+trustDomain, "over-a-limit")
	if got := digests(now.Add(30 * time.Hour)); len(got) != 0 {
		t.Errorf("a second digest within the day: %q", got)
	}
	got = digests(now.Add(50 * time.Hour))
	if len(got) != 1 || !strings.Contains(got[0], "over-a-limit") || strings.Contains(got[0], "not-a-player") {
		t.Errorf("the next day's digest: %q, want the new letter only", got)
	}
	if got := digests(now.Add(80 * time.Hour)); len(got) != 0 {
		t.Errorf("a digest with nothing new: %q", got)
	}
}
