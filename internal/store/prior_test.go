package store

import (
	"bytes"
	"testing"
	"time"
)

// Every inbound letter of a game keeps the game as the store held it just before the letter,
// and the authentication verdict given with it; the chain's hash covers both.
func TestApplyLetter_KeepsTheGameBefore(t *testing.T) {
	db := seeded(t) // entry 1: the first letter of 3-7, applied to a game without a state
	ruled := GameState{Format: 1, Data: []byte(`{"ply":21,"penalty":3}`)}
	update(t, db, func(tx *Tx) error { return tx.PutGame(game37, ruled) }) // a ruling between two letters
	_, err := db.ProcessLetter(LetterOutcome{
		Ref: inbox(7, 2), MessageID: "m2@example.org", Raw: letter("m2@example.org", "I resign"),
		Received: t0.Add(time.Hour), Now: t0.Add(time.Hour), Game: game37, Move: 11, Verdict: "notice", Auth: "none: from alone",
		State: &GameState{Format: 1, Data: []byte(`{"ply":21,"result":"1-0"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.ProcessLetter(LetterOutcome{Ref: inbox(7, 3), MessageID: "m3@example.org", Raw: letter("m3@example.org", "spam"),
		Received: t0.Add(2 * time.Hour), Now: t0.Add(2 * time.Hour), Quarantine: "not from a registered player", Auth: "fail: dkim"})
	if err != nil {
		t.Fatal(err)
	}
	var entries []ArchiveEntry
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(game37, 1, func(e ArchiveEntry) error { entries = append(entries, e); return nil })
	})
	var in []ArchiveEntry
	for _, e := range entries {
		if e.Direction == In {
			in = append(in, e)
		} else if _, ok, _ := e.GameBefore(); ok {
			t.Errorf("letter sent #%d keeps a game", e.Seq)
		}
	}
	if len(in) != 2 {
		t.Fatalf("%d letters received in 3-7, want 2", len(in))
	}
	if _, ok, err := in[0].GameBefore(); ok || err != nil {
		t.Errorf("the first letter, applied to a game without a state, keeps one (%v)", err)
	}
	st, ok, err := in[1].GameBefore()
	if !ok || err != nil || st.Format != ruled.Format || !bytes.Equal(st.Data, ruled.Data) {
		t.Errorf("the second letter keeps %v %q (%v), want the state the ruling left, %q", ok, st.Data, err, ruled.Data)
	}
	if in[1].Auth != "none: from alone" {
		t.Errorf("the second letter's authentication verdict: %q", in[1].Auth)
	}
	var held []ArchiveEntry
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(GameID{}, 1, func(e ArchiveEntry) error { held = append(held, e); return nil })
	})
	if len(held) != 1 || held[0].Auth != "fail: dkim" || len(held[0].Before) != 0 {
		t.Errorf("the quarantined letter: %+v", held)
	}
}

// What GameBefore cannot read is an error, not a state.
func TestGameBefore_Damaged(t *testing.T) {
	for _, b := range [][]byte{{1, 2, 3}, {0x01, 0x00, 0x00, 0xff, 0xff}} {
		if _, ok, err := (ArchiveEntry{Before: b}).GameBefore(); ok || err == nil {
			t.Errorf("GameBefore(%x) = %v, %v; want an error", b, ok, err)
		}
	}
}
