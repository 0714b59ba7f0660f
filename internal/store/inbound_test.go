package store

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

func TestReceive_DedupeByUID(t *testing.T) {
	db := openTemp(t)
	raw := letter("m1@example.org", "My move: 12. g3:e5")
	update(t, db, func(tx *Tx) error {
		rec, isNew, err := tx.Receive(inbox(7, 1), "<m1@example.org>", raw, t0)
		if err != nil {
			return err
		}
		if !isNew || rec.State != InboundReceived || rec.MessageID != "m1@example.org" || rec.Attempts != 0 {
			t.Errorf("first Receive: new=%v %+v", isNew, rec)
		}
		if rec.Digest != Digest(sha256Sum(raw)) || rec.Size != len(raw) {
			t.Errorf("digest or size not of the raw letter: %+v", rec)
		}
		return nil
	})
	// Fetched again after a crash before processing: not new, not finished,
	// one interrupted attempt.
	update(t, db, func(tx *Tx) error {
		rec, isNew, err := tx.Receive(inbox(7, 1), "<m1@example.org>", raw, t0.Add(time.Minute))
		if err != nil {
			return err
		}
		if isNew || rec.IsFinished() || rec.Attempts != 1 || !rec.Received.Equal(t0) {
			t.Errorf("second Receive: new=%v %+v", isNew, rec)
		}
		pending, err := tx.PendingInbound()
		if err != nil {
			return err
		}
		if len(pending) != 1 || pending[0].Ref != inbox(7, 1) {
			t.Errorf("pending: %+v", pending)
		}
		return nil
	})
	a, err := db.ProcessLetter(LetterOutcome{Ref: inbox(7, 1), MessageID: "<m1@example.org>", Raw: raw,
		Received: t0, Now: t0.Add(2 * time.Minute), Game: game37, Move: 12, Verdict: "accepted"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Duplicate || a.Inbound.State != InboundDone || a.Inbound.Game != game37 || a.Inbound.Verdict != "accepted" {
		t.Errorf("processed: %+v", a)
	}
	// Fetched again after the commit but before the IMAP move.
	update(t, db, func(tx *Tx) error {
		rec, isNew, err := tx.Receive(inbox(7, 1), "<m1@example.org>", raw, t0.Add(3*time.Minute))
		if err != nil {
			return err
		}
		if isNew || rec.State != InboundDone || rec.Attempts != 1 {
			t.Errorf("Receive after done: new=%v %+v", isNew, rec)
		}
		pending, err := tx.PendingInbound()
		if len(pending) != 0 {
			t.Errorf("pending after done: %+v", pending)
		}
		return err
	})
}

func TestReceive_DedupeAcrossUIDValidity(t *testing.T) {
	tests := []struct {
		name      string
		messageID string // as in the header
		again     string // the header of the copy under the new UIDVALIDITY
	}{
		{"by Message-ID", "<m1@example.org>", " <m1@example.org> "},
		{"by digest without Message-ID", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := openTemp(t)
			raw := letter(NormalizeMessageID(tc.messageID), "My move: 12. g3:e5")
			first := LetterOutcome{Ref: inbox(7, 41), MessageID: tc.messageID, Raw: raw, Received: t0, Now: t0,
				Game: game37, Move: 12, Verdict: "accepted",
				State: &GameState{Data: []byte(`{"ply":23}`)}, Outgoing: []Outgoing{reply("forwarded")}}
			if _, err := db.ProcessLetter(first); err != nil {
				t.Fatal(err)
			}
			before := gameAndOutbox(t, db)

			// The server renumbered the mailbox: the same letter is UID 3 of
			// UIDVALIDITY 8. The referee would apply it to the new state.
			again := first
			again.Ref, again.MessageID, again.Received, again.Now = inbox(8, 3), tc.again, t0.Add(time.Hour), t0.Add(time.Hour)
			again.State = &GameState{Data: []byte(`{"ply":24}`)}
			a, err := db.ProcessLetter(again)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Duplicate || a.Inbound.Ref != inbox(7, 41) || a.Inbound.State != InboundDone || len(a.Outbox) != 0 {
				t.Errorf("second copy: %+v", a)
			}
			if after := gameAndOutbox(t, db); after != before {
				t.Errorf("second copy changed the store:\nbefore %s\nafter  %s", before, after)
			}
			view(t, db, func(tx *Tx) error {
				rec, err := tx.Inbound(inbox(8, 3))
				if err != nil {
					return err
				}
				if rec.Ref != inbox(7, 41) {
					t.Errorf("new ref resolves to %v, want the first copy", rec.Ref)
				}
				return nil
			})
		})
	}
}

// gameAndOutbox summarises what a letter applies: game 3-7's state, the
// outbox and the archive chain's head.
func gameAndOutbox(t *testing.T, db *DB) string {
	t.Helper()
	var s string
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if err != nil {
			return err
		}
		due, err := tx.Due(t0.Add(100*time.Hour), 0)
		if err != nil {
			return err
		}
		n, err := tx.Verify(game37)
		s = string(st.Data) + " outbox=" + itoa(len(due)) + " archive=" + itoa(int(n))
		return err
	})
	return s
}

func TestReceive_DifferentLetters(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for i, l := range []struct {
			id  string
			raw []byte
		}{
			{"a@x", letter("a@x", "one")},
			{"b@x", letter("b@x", "one")}, // same text, another Message-ID: another letter
			{"", letter("", "two")},
			{"", letter("", "three")}, // no Message-ID, other bytes: another letter
		} {
			_, isNew, err := tx.Receive(inbox(1, uint32(i+1)), l.id, l.raw, t0)
			if err != nil {
				return err
			}
			if !isNew {
				t.Errorf("letter %d taken for a duplicate", i+1)
			}
		}
		return nil
	})
}

func TestQuarantine(t *testing.T) {
	db := openTemp(t)
	raw := letter("spam@x", "buy now")
	a, err := db.ProcessLetter(LetterOutcome{Ref: inbox(7, 9), MessageID: "spam@x", Raw: raw, Received: t0, Now: t0,
		Quarantine: "not from a registered player"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Inbound.State != InboundQuarantined || a.Inbound.Reason != "not from a registered player" {
		t.Errorf("inbound: %+v", a.Inbound)
	}
	if a.Receipt.Chain != "quarantine" || a.Receipt.Seq != 1 {
		t.Errorf("receipt %+v, want quarantine #1", a.Receipt)
	}
	view(t, db, func(tx *Tx) error {
		q, err := tx.QuarantinedInbound()
		if len(q) != 1 || q[0].Ref != inbox(7, 9) {
			t.Errorf("quarantined: %+v", q)
		}
		var got []ArchiveEntry
		err = errors.Join(err, tx.ArchiveEntries(GameID{}, 1, func(e ArchiveEntry) error { got = append(got, e); return nil }))
		if len(got) != 1 || string(got[0].Raw) != string(raw) || got[0].Verdict != "quarantined" || got[0].Direction != In {
			t.Errorf("quarantine chain: %+v", got)
		}
		return err
	})
	// A quarantined letter is finished: it cannot be marked done later.
	err = db.Update(func(tx *Tx) error {
		_, err := tx.MarkDone(inbox(7, 9), game37, "accepted", 0, t0)
		return err
	})
	if !errors.Is(err, ErrFinished) {
		t.Errorf("MarkDone after quarantine: %v, want ErrFinished", err)
	}
	// And a quarantined letter cannot carry a game state.
	_, err = db.ProcessLetter(LetterOutcome{Ref: inbox(7, 10), Raw: raw, Received: t0, Now: t0, Game: game37,
		Quarantine: "DKIM fail", State: &GameState{}})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("quarantine with a game state: %v, want ErrInvalid", err)
	}
}

func TestNormalizeMessageID(t *testing.T) {
	for in, want := range map[string]string{
		"<a@b>":     "a@b",
		" <a@b> ":   "a@b",
		"a@b":       "a@b",
		"< a@b >":   "a@b",
		"":          "",
		"<A@B.org>": "A@B.org",
	} {
		if got := NormalizeMessageID(in); got != want {
			t.Errorf("NormalizeMessageID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReceive_Invalid(t *testing.T) {
	db := openTemp(t)
	for _, ref := range []MessageRef{{"", 1, 1}, {"INBOX", 0, 1}, {"INBOX", 1, 0}, {"IN\x00BOX", 1, 1}} {
		err := db.Update(func(tx *Tx) error { _, _, err := tx.Receive(ref, "a@b", nil, t0); return err })
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("Receive(%v): %v, want ErrInvalid", ref, err)
		}
	}
}

// TestReceive_ReusedMessageID: letters are told apart by what they are. The same letter
// delivered again, with trace fields added by the server, is one letter; a letter that reuses
// the Message-ID with another sender or another text is a new letter (a stranger's letter with
// a player's next Message-ID must not make the player's move vanish).
func TestReceive_ReusedMessageID(t *testing.T) {
	first := letter("x@y", "My move: 12. g3:e5")
	redelivered := append([]byte("Received: from mx.example.org by mail.club.example; Tue, 1 Dec 2026\r\n"+
		"Delivered-To: moves@club.example\r\n"), first...)
	otherSender := bytes.Replace(first, []byte("ivan@example.org"), []byte("stranger@spam.example"), 1)
	otherText := letter("x@y", "My move: 12. g3:f4")
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for i, tc := range []struct {
			raw   []byte
			isNew bool
		}{
			{first, true},
			{redelivered, false},
			{otherSender, true},
			{otherText, true},
			{otherText, false}, // that one again, under another UID
		} {
			rec, isNew, err := tx.Receive(inbox(1, uint32(i+1)), "<x@y>", tc.raw, t0)
			if err != nil {
				return err
			}
			if isNew != tc.isNew {
				t.Errorf("letter %d: new=%v, want %v (%+v)", i+1, isNew, tc.isNew, rec)
			}
		}
		return nil
	})
}

// TestEarlierWithMessageID: the letters recorded before under a Message-ID, other than the one
// asked about and those that only repeat it, whatever became of them; none for an unknown
// Message-ID or none at all.
func TestEarlierWithMessageID(t *testing.T) {
	first := letter("x@y", "My move: 12. g3:e5")
	redelivered := append([]byte("Received: from mx.example.org by mail.club.example; Tue, 1 Dec 2026\r\n"), first...)
	replay := letter("x@y", "My move: 12. g3:e5   ")
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for i, raw := range [][]byte{first, redelivered, replay} {
			if _, _, err := tx.Receive(inbox(1, uint32(i+1)), "<x@y>", raw, t0); err != nil {
				return err
			}
		}
		got, err := tx.EarlierWithMessageID("<x@y>", inbox(1, 3))
		if err != nil {
			return err
		}
		if len(got) != 1 || got[0].Ref != inbox(1, 1) {
			t.Errorf("earlier than the replay: %+v, want the first letter alone", got)
		}
		if got, err := tx.EarlierWithMessageID("x@y", MessageRef{}); err != nil || len(got) != 2 {
			t.Errorf("every letter under x@y: %d, %v; want the first and the replay", len(got), err)
		}
		for _, id := range []string{"other@y", ""} {
			if got, err := tx.EarlierWithMessageID(id, inbox(1, 3)); err != nil || len(got) != 0 {
				t.Errorf("%q: %+v, %v; want none", id, got, err)
			}
		}
		return nil
	})
}
