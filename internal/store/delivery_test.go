package store

import (
	"strings"
	"testing"
	"time"
)

// TestDeliveryToken: a letter's token names its item and verifies only with the store's key; a
// changed letter, another store's token, a Message-ID or nonsense verify nothing.
func TestDeliveryToken(t *testing.T) {
	db, other := openTemp(t), openTemp(t)
	var it OutboxItem
	update(t, db, func(tx *Tx) (err error) {
		it, err = tx.Enqueue(reply("12. c3-d4"), t0)
		return err
	})
	var tok, foreign string
	view(t, db, func(tx *Tx) (err error) {
		due, err := tx.Due(t0, 0)
		if len(due) != 1 || due[0].EnvID == "" {
			t.Fatalf("due %+v: want the letter with its envelope ID", due)
		}
		tok = due[0].EnvID
		return err
	})
	update(t, other, func(tx *Tx) (err error) {
		if _, err := tx.Enqueue(reply("12. c3-d4"), t0); err != nil {
			return err
		}
		foreign, err = tx.Token(it.Seq)
		return err
	})
	if !strings.HasPrefix(tok, "pd1.") || len(tok) != len("pd1.")+tokenMACLen {
		t.Errorf("token %q", tok)
	}
	view(t, db, func(tx *Tx) error {
		for _, tc := range []struct {
			s     string
			seq   uint64
			ok    bool
			named uint64
		}{
			{tok, 1, true, 1},
			{strings.ToUpper(tok), 1, true, 1}, // a server that writes addresses in capitals
			{foreign, 0, false, 1},             // the same letter number, another store's key
			{"pd2." + tok[4:], 0, false, 2},    // another letter's number with this one's HMAC
			{tok[:len(tok)-1], 0, false, 1},    // cut
			{it.MessageID, 0, false, 0},        // a Message-ID proves nothing
			{"pd1", 0, false, 0},
			{"", 0, false, 0},
		} {
			seq, ok, named := tx.CheckToken(tc.s)
			if seq != tc.seq || ok != tc.ok || named != tc.named {
				t.Errorf("CheckToken(%q) = %d, %v, %d; want %d, %v, %d", tc.s, seq, ok, named, tc.seq, tc.ok, tc.named)
			}
		}
		if got := tx.SeqOfMessageID("<" + it.MessageID + ">"); got != 1 {
			t.Errorf("SeqOfMessageID(%q) = %d", it.MessageID, got)
		}
		if got := tx.SeqOfMessageID("postald.1.otherinstance@club.example"); got != 0 {
			t.Errorf("another store's Message-ID names letter %d", got)
		}
		return nil
	})
	verp := VERP("moves@club.example", "+", tok)
	if verp != "moves+"+tok+"@club.example" || TokenOfAddress(verp, "+") != tok || TokenOfAddress("moves@club.example", "+") != "" {
		t.Errorf("VERP %q, token of it %q", verp, TokenOfAddress(verp, "+"))
	}
}

// TestDeliveryStates: a letter sent with notifications asked for is sent and watched; the
// reports move it on (a delay, then a relay, then a failure of a later server), never back (a
// delay after the relay); delivered and failed are final; a final letter is watched no more.
func TestDeliveryStates(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for range 3 {
			if _, err := tx.Enqueue(reply("12. c3-d4"), t0); err != nil {
				return err
			}
		}
		if err := tx.MarkSentNotified(1, t0.Add(time.Minute), true); err != nil {
			return err
		}
		if err := tx.MarkSentNotified(2, t0.Add(2*time.Minute), true); err != nil {
			return err
		}
		return tx.MarkSent(3, t0.Add(3*time.Minute))
	})
	watched := func(by time.Time) []uint64 {
		var got []uint64
		view(t, db, func(tx *Tx) error {
			items, err := tx.Watched(by, 0)
			got = seqs(items)
			return err
		})
		return got
	}
	if got := watched(t0.Add(time.Hour)); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("watched %v, want [1 2]: letter 3 was sent without notifications", got)
	}
	if got := watched(t0.Add(90 * time.Second)); len(got) != 1 {
		t.Errorf("watched by 90 s: %v, want letter 1 only", got)
	}
	steps := []struct {
		d       Delivery
		want    DeliveryState
		changed bool
	}{
		{Delivery{State: DeliveryDelayed, Note: "4.3.0 try later", At: t0.Add(time.Hour), Report: 5}, DeliveryDelayed, true},
		{Delivery{State: DeliveryRelayed, Note: "2.0.0 ok", At: t0.Add(2 * time.Hour), Report: 6}, DeliveryRelayed, true},
		{Delivery{State: DeliveryDelayed, Note: "4.3.0 later", At: t0.Add(3 * time.Hour), Report: 7}, DeliveryRelayed, false},
		{Delivery{State: DeliveryFailed, Note: "5.2.2 mailbox full", At: t0.Add(4 * time.Hour), Report: 8}, DeliveryFailed, true},
		{Delivery{State: DeliveryDelivered, Note: "2.0.0", At: t0.Add(5 * time.Hour), Report: 9}, DeliveryFailed, false},
	}
	for i, s := range steps {
		update(t, db, func(tx *Tx) error {
			it, changed, err := tx.Deliver(1, s.d)
			if err != nil {
				return err
			}
			if it.Delivery != s.want || changed != s.changed {
				t.Errorf("step %d: %s (changed %v), want %s (changed %v)", i, it.Delivery, changed, s.want, s.changed)
			}
			return nil
		})
	}
	view(t, db, func(tx *Tx) error {
		it, err := tx.OutboxItem(1)
		if it.DeliveryNote != "5.2.2 mailbox full" || !it.DeliveryTime.Equal(t0.Add(4*time.Hour)) || len(it.Reports) != 5 {
			t.Errorf("item 1: %+v", it)
		}
		return err
	})
	if got := watched(t0.Add(time.Hour)); len(got) != 1 || got[0] != 2 {
		t.Errorf("watched %v after letter 1 failed, want [2]", got)
	}
	update(t, db, func(tx *Tx) error { return tx.MarkWarned(2, t0.Add(25*time.Hour)) })
	if got := watched(t0.Add(48 * time.Hour)); len(got) != 0 {
		t.Errorf("watched %v after the judges were told", got)
	}
	view(t, db, func(tx *Tx) error {
		if _, ok := tx.EarliestWatched(); ok {
			t.Error("a letter still watched")
		}
		return nil
	})
}

// TestRefusedIsFailed: a letter the submission server refused for good is a failed delivery,
// the refusal its words.
func TestRefusedIsFailed(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		if _, err := tx.Enqueue(reply("12. c3-d4"), t0); err != nil {
			return err
		}
		it, err := tx.RecordFailure(1, t0.Add(time.Minute), "5.1.1 user unknown", true)
		if it.DeliveryOf() != DeliveryFailed || it.DeliveryNote != "5.1.1 user unknown" {
			t.Errorf("refused: %+v", it)
		}
		return err
	})
}

// TestResendLetter: a letter sent again to another address keeps the letter and its Message-ID
// under RFC 5322's Resent-* fields, with a Message-ID, an envelope ID and a token of its own,
// and brings the same move; sent again as a card it is a card for the captain.
func TestResendLetter(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		o := reply("12. c3-d4")
		o.Brings = &Brings{Side: "black", Plies: 23}
		if _, err := tx.Enqueue(o, t0); err != nil {
			return err
		}
		if err := tx.MarkSentNotified(1, t0, true); err != nil {
			return err
		}
		it, err := tx.ResendLetter(Resend{Of: 1, To: "petr2@example.org"}, t0.Add(time.Hour))
		if err != nil {
			return err
		}
		first, _ := tx.OutboxItem(1)
		raw := string(it.Raw)
		if it.Resends != 1 || it.Brings == nil || it.Brings.Plies != 23 || it.To[0] != "petr2@example.org" {
			t.Errorf("resent item %+v", it)
		}
		for _, want := range []string{"Resent-To: petr2@example.org\r\n", "Resent-Message-ID: <" + it.MessageID + ">\r\n",
			"Message-ID: <" + first.MessageID + ">\r\n", "\r\n\r\n12. c3-d4\r\n"} {
			if !strings.Contains(raw, want) {
				t.Errorf("resent letter lacks %q:\n%s", want, raw)
			}
		}
		if tok, _ := tx.Token(it.Seq); tok == "" || it.MessageID == first.MessageID {
			t.Errorf("resent letter: token %q, Message-ID %q (first %q)", tok, it.MessageID, first.MessageID)
		}
		card, err := tx.ResendLetter(Resend{Of: 1, Card: &Card{Channel: "post", Player: 2, Name: "Petrov", Address: []string{"Sadovaya 1"}}}, t0.Add(time.Hour))
		if err != nil {
			return err
		}
		if card.State != OutboxCard || strings.Count(string(card.Raw), "Message-ID:") != 1 || card.Resends != 1 {
			t.Errorf("card %+v\n%s", card, card.Raw)
		}
		return nil
	})
}
