package store

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	// 1 minute doubling: 1, 2, 4, 8, 16, 32, 64, 128 minutes, then 256 is
	// over the 4-hour cap.
	tests := []struct {
		attempt int
		want    time.Duration
	}{
		{1, time.Minute},
		{2, 2 * time.Minute},
		{3, 4 * time.Minute},
		{8, 128 * time.Minute},
		{9, 4 * time.Hour},
		{10, 4 * time.Hour},
		{1000, 4 * time.Hour},
	}
	for _, tc := range tests {
		if got := Backoff(tc.attempt); got != tc.want {
			t.Errorf("Backoff(%d) = %v, want %v", tc.attempt, got, tc.want)
		}
	}
}

func seqs(items []OutboxItem) []uint64 {
	out := []uint64{}
	for _, it := range items {
		out = append(out, it.Seq)
	}
	return out
}

func due(t *testing.T, db *DB, now time.Time) []uint64 {
	t.Helper()
	var got []uint64
	view(t, db, func(tx *Tx) error {
		items, err := tx.Due(now, 0)
		got = seqs(items)
		return err
	})
	return got
}

func TestOutbox(t *testing.T) {
	db := openTemp(t)
	var items []OutboxItem
	update(t, db, func(tx *Tx) error {
		for i := range 3 {
			o := reply("letter " + itoa(i+1))
			o.From = "Турнирный секретарь <moves@club.example>"
			it, err := tx.Enqueue(o, t0)
			if err != nil {
				return err
			}
			items = append(items, it)
		}
		return nil
	})

	t.Run("enqueue", func(t *testing.T) {
		inst := db.Instance()
		for i, it := range items {
			seq := uint64(i + 1)
			wantID := "postald." + itoa(int(seq)) + "." + inst + "@club.example"
			if it.Seq != seq || it.MessageID != wantID || it.State != OutboxPending || !it.NextAttempt.Equal(t0) {
				t.Errorf("item %d: %+v", i, it)
			}
			if want := "Message-ID: <" + wantID + ">\r\nFrom: moves@club.example\r\n"; !strings.HasPrefix(string(it.Raw), want) {
				t.Errorf("item %d raw starts %q, want %q", i, it.Raw[:60], want)
			}
		}
		view(t, db, func(tx *Tx) error {
			got, err := tx.OutboxItem(2)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(got, items[1]) {
				t.Errorf("stored item\n%+v\nwant\n%+v", got, items[1])
			}
			return nil
		})
	})

	t.Run("due", func(t *testing.T) {
		if got := due(t, db, t0.Add(-time.Second)); len(got) != 0 {
			t.Errorf("due before enqueue: %v", got)
		}
		if got := due(t, db, t0); !reflect.DeepEqual(got, []uint64{1, 2, 3}) {
			t.Errorf("due at enqueue: %v", got)
		}
		view(t, db, func(tx *Tx) error {
			items, err := tx.Due(t0, 2)
			if !reflect.DeepEqual(seqs(items), []uint64{1, 2}) {
				t.Errorf("due with limit 2: %v", seqs(items))
			}
			return err
		})
	})

	t.Run("sent", func(t *testing.T) {
		update(t, db, func(tx *Tx) error { return tx.MarkSent(1, t0.Add(time.Second)) })
		update(t, db, func(tx *Tx) error { return tx.MarkSent(1, t0.Add(2*time.Second)) }) // again: nothing
		if got := due(t, db, t0.Add(time.Hour)); !reflect.DeepEqual(got, []uint64{2, 3}) {
			t.Errorf("due after sending 1: %v", got)
		}
		view(t, db, func(tx *Tx) error {
			it, err := tx.OutboxItem(1)
			if it.State != OutboxSent || !it.Done.Equal(t0.Add(time.Second)) || !it.NextAttempt.IsZero() {
				t.Errorf("sent item %+v", it)
			}
			return err
		})
	})

	t.Run("backoff", func(t *testing.T) {
		var it OutboxItem
		update(t, db, func(tx *Tx) (err error) {
			it, err = tx.RecordFailure(2, t0.Add(10*time.Second), "451 4.3.0 try later", false)
			return err
		})
		if it.Attempts != 1 || it.LastError != "451 4.3.0 try later" || !it.NextAttempt.Equal(t0.Add(70*time.Second)) {
			t.Errorf("after one failure: %+v", it)
		}
		if got := due(t, db, t0.Add(69*time.Second)); !reflect.DeepEqual(got, []uint64{3}) {
			t.Errorf("due while 2 waits: %v", got)
		}
		// Earliest next attempt first: 3 has waited since t0.
		if got := due(t, db, t0.Add(70*time.Second)); !reflect.DeepEqual(got, []uint64{3, 2}) {
			t.Errorf("due when 2's wait is over: %v", got)
		}
		update(t, db, func(tx *Tx) (err error) {
			it, err = tx.RecordFailure(2, t0.Add(70*time.Second), "451", false)
			return err
		})
		if it.Attempts != 2 || !it.NextAttempt.Equal(t0.Add(190*time.Second)) {
			t.Errorf("after two failures: %+v, want the next attempt 2 minutes later", it)
		}
		view(t, db, func(tx *Tx) error {
			if at, ok := tx.NextAttempt(); !ok || !at.Equal(t0) {
				t.Errorf("NextAttempt = %v %v, want item 3's %v", at, ok, t0)
			}
			return nil
		})
	})

	t.Run("give up", func(t *testing.T) {
		var it OutboxItem
		update(t, db, func(tx *Tx) (err error) {
			it, err = tx.RecordFailure(3, t0.Add(time.Minute), "550 5.1.1 no such user", true)
			return err
		})
		if it.State != OutboxFailed || it.Attempts != 1 || !it.Done.Equal(t0.Add(time.Minute)) {
			t.Errorf("after a permanent failure: %+v", it)
		}
		// Item 2 fails again five days after it was enqueued: given up.
		update(t, db, func(tx *Tx) (err error) {
			it, err = tx.RecordFailure(2, t0.Add(RetryGiveUp), "451", false)
			return err
		})
		if it.State != OutboxFailed || it.Attempts != 3 {
			t.Errorf("after five days: %+v", it)
		}
		if got := due(t, db, t0.Add(30*24*time.Hour)); len(got) != 0 {
			t.Errorf("due after giving up: %v", got)
		}
		view(t, db, func(tx *Tx) error {
			if _, ok := tx.NextAttempt(); ok {
				t.Error("NextAttempt with nothing pending")
			}
			failed, err := tx.Undeliverable()
			if !reflect.DeepEqual(seqs(failed), []uint64{2, 3}) || failed[1].LastError != "550 5.1.1 no such user" || len(failed[1].Raw) == 0 {
				t.Errorf("undeliverable: %+v", failed)
			}
			return err
		})
		for _, f := range []func(tx *Tx) error{
			func(tx *Tx) error { return tx.MarkSent(3, t0) },
			func(tx *Tx) error { _, err := tx.RecordFailure(3, t0, "x", false); return err },
			func(tx *Tx) error { _, err := tx.RecordFailure(1, t0, "x", false); return err },
		} {
			if err := db.Update(f); !errors.Is(err, ErrFinished) {
				t.Errorf("changing a finished item: %v, want ErrFinished", err)
			}
		}
	})
}

func TestEnqueue_Invalid(t *testing.T) {
	db := openTemp(t)
	withID := reply("x")
	withID.Raw = append([]byte("message-id: <mine@x>\r\n"), withID.Raw...)
	bodyMentionsID := reply("Message-ID: in the body is fine")
	folded := reply("x")
	folded.Raw = []byte("Subject: a long subject\r\n Message-ID: folded into the subject\r\n\r\nbody\r\n")
	tests := []struct {
		name string
		o    Outgoing
		now  time.Time
		ok   bool
	}{
		{"valid", reply("x"), t0, true},
		{"Message-ID only in the body", bodyMentionsID, t0, true},
		{"Message-ID inside a folded field", folded, t0, true},
		{"no recipients", Outgoing{From: "a@b", Raw: []byte("x")}, t0, false},
		{"no sender", Outgoing{To: []string{"a@b"}, Raw: []byte("x")}, t0, false},
		{"empty letter", Outgoing{From: "a@b", To: []string{"a@b"}}, t0, false},
		{"has a Message-ID", withID, t0, false},
		{"zero time", reply("x"), time.Time{}, false},
		{"bad game", Outgoing{From: "a@b", To: []string{"c@d"}, Raw: []byte("x"), Game: GameID{Game: "1-2"}}, t0, false},
	}
	for _, tc := range tests {
		err := db.Update(func(tx *Tx) error { _, err := tx.Enqueue(tc.o, tc.now); return err })
		if tc.ok != (err == nil) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestEnqueue_MessageIDDomain(t *testing.T) {
	db := openTemp(t)
	for from, domain := range map[string]string{
		"moves@club.example":                  "club.example",
		"<moves@club.example>":                "club.example",
		"Secretary <moves@sub.club.example> ": "sub.club.example",
		"postmaster":                          "postald.invalid",
	} {
		update(t, db, func(tx *Tx) error {
			o := reply("x")
			o.From = from
			it, err := tx.Enqueue(o, t0)
			if !strings.HasSuffix(it.MessageID, "."+db.Instance()+"@"+domain) {
				t.Errorf("from %q: Message-ID %q, want domain %s", from, it.MessageID, domain)
			}
			return err
		})
	}
}

func TestEnqueue_LineEndings(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		o := reply("x")
		o.Raw = []byte("From: a@b\nSubject: s\n\nbody\n")
		it, err := tx.Enqueue(o, t0)
		if want := "Message-ID: <" + it.MessageID + ">\nFrom: a@b\n"; !strings.HasPrefix(string(it.Raw), want) {
			t.Errorf("raw %q, want it to start %q", it.Raw, want)
		}
		return err
	})
}

// TestSentLetterKeptOnce: a sent letter's bytes leave the outbox record and are read from its
// archive entry, unchanged.
func TestSentLetterKeptOnce(t *testing.T) {
	db := openTemp(t)
	var it OutboxItem
	update(t, db, func(tx *Tx) (err error) {
		it, err = tx.Enqueue(reply("a letter to keep"), t0)
		return err
	})
	update(t, db, func(tx *Tx) error { return tx.MarkSent(it.Seq, t0.Add(time.Minute)) })
	view(t, db, func(tx *Tx) error {
		sent, err := tx.OutboxItem(it.Seq)
		if err != nil {
			return err
		}
		if sent.State != OutboxSent || len(sent.Raw) != 0 {
			t.Errorf("the sent item is %s and keeps %d bytes, want sent and none", sent.State, len(sent.Raw))
		}
		raw, err := tx.SentLetter(sent)
		if err != nil {
			return err
		}
		if !bytes.Equal(raw, it.Raw) {
			t.Errorf("the sent letter read back differs:\n%s\nwant\n%s", raw, it.Raw)
		}
		return nil
	})
}

// TestCards: a letter to a player by post waits for the captain, never for the mail server,
// keeps its address, and is sent on the day he posts it, once.
func TestCards(t *testing.T) {
	db := openTemp(t)
	card := &Card{Channel: "post", Player: 2, Name: "Петров Пётр", Address: []string{"ул. Садовая, 5", "Тула", "300000"}}
	var mail, post OutboxItem
	update(t, db, func(tx *Tx) error {
		var err error
		if mail, err = tx.Enqueue(reply("by e-mail"), t0); err != nil {
			return err
		}
		o := reply("on a card")
		o.To, o.Card = nil, card
		post, err = tx.Enqueue(o, t0)
		return err
	})
	if post.State != OutboxCard || post.Card == nil || !reflect.DeepEqual(*post.Card, *card) {
		t.Fatalf("card enqueued as %+v", post)
	}
	card.Address[0] = "changed" // the item keeps its own copy
	if got := due(t, db, t0.Add(time.Hour)); !reflect.DeepEqual(got, []uint64{mail.Seq}) {
		t.Errorf("due = %v, want only the e-mail letter %d", got, mail.Seq)
	}
	var cards []OutboxItem
	view(t, db, func(tx *Tx) (err error) { cards, err = tx.Cards(); return err })
	if got := seqs(cards); !reflect.DeepEqual(got, []uint64{post.Seq}) {
		t.Fatalf("cards = %v, want %d", got, post.Seq)
	}
	if cards[0].Card.Address[0] != "ул. Садовая, 5" || !bytes.Contains(cards[0].Raw, []byte("on a card")) {
		t.Errorf("card read back as %+v, %q", cards[0].Card, cards[0].Raw)
	}
	posted := t0.Add(48 * time.Hour)
	update(t, db, func(tx *Tx) error {
		if err := tx.MarkPosted(mail.Seq, posted); err == nil {
			t.Error("an e-mail letter marked as a posted card")
		}
		if err := tx.MarkPosted(post.Seq, posted); err != nil {
			return err
		}
		return tx.MarkPosted(post.Seq, posted.Add(time.Hour)) // again: nothing changes
	})
	view(t, db, func(tx *Tx) error {
		cards, err := tx.Cards()
		if err != nil || len(cards) != 0 {
			t.Errorf("cards after posting = %v, %v", seqs(cards), err)
		}
		it, err := tx.OutboxItem(post.Seq)
		if err != nil {
			return err
		}
		if it.State != OutboxSent || !it.Done.Equal(posted) {
			t.Errorf("posted card is %s, done %v; want sent on %v", it.State, it.Done, posted)
		}
		raw, err := tx.SentLetter(it)
		if err != nil || !bytes.Contains(raw, []byte("on a card")) {
			t.Errorf("posted card's letter = %q, %v", raw, err)
		}
		return nil
	})
	if err := db.VerifyAll(); err != nil {
		t.Errorf("verify: %v", err)
	}
}
