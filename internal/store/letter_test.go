package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// seeded returns a store with one letter already processed in game 3-7.
func seeded(t *testing.T) *DB {
	t.Helper()
	db := openTemp(t)
	next := t0.Add(72 * time.Hour)
	_, err := db.ProcessLetter(LetterOutcome{
		Ref: inbox(7, 1), MessageID: "m1@example.org", Raw: letter("m1@example.org", "My move: 11. c3-d4"),
		Received: t0, Now: t0, Game: game37, Move: 11, Verdict: "accepted",
		State: &GameState{Format: 1, Data: []byte(`{"ply":21}`)}, NextEvent: &next,
		Outgoing: []Outgoing{reply("forwarded 11. c3-d4")},
	})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestUpdate_FailureLeavesNothing(t *testing.T) {
	second := func() LetterOutcome {
		next := t0.Add(96 * time.Hour)
		return LetterOutcome{
			Ref: inbox(7, 2), MessageID: "m2@example.org", Raw: letter("m2@example.org", "My move: 12. g3:e5"),
			Received: t0.Add(time.Hour), Now: t0.Add(time.Hour), Game: game37, Move: 12, Verdict: "accepted",
			State: &GameState{Format: 1, Data: []byte(`{"ply":23}`)}, NextEvent: &next,
			Outgoing: []Outgoing{reply("forwarded 12. g3:e5"), reply("acknowledged")},
		}
	}
	tests := []struct {
		name string
		run  func(db *DB) error
	}{
		{"fn returns an error after applying", func(db *DB) error {
			return db.Update(func(tx *Tx) error {
				if _, err := tx.ApplyLetter(second()); err != nil {
					return err
				}
				if _, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Entry: ruled("penalty"), Reason: "x"}); err != nil {
					return err
				}
				return errors.New("the referee failed")
			})
		}},
		{"fn panics after applying", func(db *DB) (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = errors.New("panicked")
				}
			}()
			return db.Update(func(tx *Tx) error {
				if _, err := tx.ApplyLetter(second()); err != nil {
					return err
				}
				panic("the referee panicked")
			})
		}},
		{"the last outgoing letter is invalid", func(db *DB) error {
			o := second()
			o.Outgoing[1].To = nil
			_, err := db.ProcessLetter(o)
			return err
		}},
		{"compose fails", func(db *DB) error {
			o := second()
			o.Compose = func(Receipt) ([]Outgoing, error) { return nil, errors.New("template failed") }
			_, err := db.ProcessLetter(o)
			return err
		}},
		{"a later letter of the batch fails", func(db *DB) error {
			bad := second()
			bad.Ref, bad.MessageID, bad.Received = inbox(7, 3), "m3@example.org", time.Time{}
			_, err := db.ProcessLetters([]LetterOutcome{second(), bad})
			return err
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := seeded(t)
			before := dump(t, db)
			if err := tc.run(db); err == nil {
				t.Fatal("no error")
			}
			if after := dump(t, db); after != before {
				t.Errorf("a failed transaction changed the file:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			// The letter can still be processed afterwards, once.
			a, err := db.ProcessLetter(second())
			if err != nil || a.Duplicate || len(a.Outbox) != 2 {
				t.Fatalf("processing after the failure: %+v, %v", a, err)
			}
		})
	}
}

func TestApplyLetter_Commits(t *testing.T) {
	db := seeded(t)
	var receipt Receipt
	next := t0.Add(96 * time.Hour)
	a, err := db.ProcessLetter(LetterOutcome{
		Ref: inbox(7, 2), MessageID: "<m2@example.org>", Raw: letter("m2@example.org", "My move: 12. g3:e5"),
		Received: t0.Add(time.Hour), Now: t0.Add(time.Hour + time.Second), Game: game37, Move: 12, Verdict: "corrected", Clause: "4.2.4",
		State: &GameState{Format: 2, Data: []byte(`{"ply":23}`)}, NextEvent: &next,
		Outgoing: []Outgoing{reply("forwarded 12. g3:e5")},
		Compose: func(r Receipt) ([]Outgoing, error) {
			receipt = r
			return []Outgoing{reply("acknowledged, receipt " + r.String())}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Archive of game 3-7: letter 1 in, its forward out, letter 2 in, forward, acknowledgement.
	if receipt.Chain != "CT-2026/1/3-7" || receipt.Seq != 3 || receipt.Move != 12 || receipt != a.Receipt {
		t.Errorf("receipt %+v (applied %+v)", receipt, a.Receipt)
	}
	if len(a.Outbox) != 2 || a.Outbox[0].Archive != 4 || a.Outbox[1].Archive != 5 {
		t.Errorf("outbox %+v", a.Outbox)
	}
	if !strings.Contains(string(a.Outbox[1].Raw), "receipt CT-2026/1/3-7 #3 move 12 sha256:"+receipt.Hash.String()) {
		t.Errorf("acknowledgement does not quote the receipt:\n%s", a.Outbox[1].Raw)
	}
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if err != nil {
			return err
		}
		if st.Format != 2 || string(st.Data) != `{"ply":23}` {
			t.Errorf("game %+v", st)
		}
		if at, ok := tx.NextEvent(game37); !ok || !at.Equal(next) {
			t.Errorf("next event %v %v, want %v", at, ok, next)
		}
		in, err := tx.Inbound(inbox(7, 2))
		if err != nil {
			return err
		}
		if in.State != InboundDone || in.Verdict != "corrected" || in.Archive != 3 || !in.Finished.Equal(t0.Add(time.Hour+time.Second)) {
			t.Errorf("inbound %+v", in)
		}
		var dirs []string
		err = tx.ArchiveEntries(game37, 1, func(e ArchiveEntry) error {
			dirs = append(dirs, string(e.Direction)+":"+e.Verdict+":"+e.Clause)
			return nil
		})
		want := "in:accepted: out:accepted: in:corrected:4.2.4 out:accepted: out:accepted:"
		if strings.Join(dirs, " ") != want {
			t.Errorf("archive %v, want %s", dirs, want)
		}
		return err
	})
}

func TestProcessLetters_Batch(t *testing.T) {
	db := seeded(t)
	var batch []LetterOutcome
	for i := uint32(2); i <= 4; i++ {
		batch = append(batch, LetterOutcome{
			Ref: inbox(7, i), Raw: letter("", "move "+itoa(int(i))), Received: t0, Now: t0,
			Game: game37, Verdict: "accepted", State: &GameState{Data: []byte(itoa(int(i)))},
		})
	}
	// Letter 1 again inside the batch: skipped, the rest applied.
	batch = append(batch, LetterOutcome{Ref: inbox(7, 1), MessageID: "m1@example.org", Raw: letter("m1@example.org", "x"),
		Received: t0, Now: t0, Game: game37, State: &GameState{Data: []byte("overwritten")}})
	got, err := db.ProcessLetters(batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0].Duplicate || got[2].Duplicate || !got[3].Duplicate {
		t.Errorf("applied %+v", got)
	}
	// The same batch again, as after a crash: all duplicates, nothing changed.
	before := dump(t, db)
	got, err = db.ProcessLetters(batch)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range got {
		if !a.Duplicate {
			t.Errorf("letter %d applied twice", i)
		}
	}
	if after := dump(t, db); after != before {
		t.Error("a repeated batch changed the file")
	}
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if string(st.Data) != "4" {
			t.Errorf("game state %q, want the last letter's", st.Data)
		}
		return err
	})
}

func TestWriteTo_Backup(t *testing.T) {
	db := seeded(t)
	path := filepath.Join(t.TempDir(), "backup.db")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	backup, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, backup)
	if a, b := dumpState(t, db), dumpState(t, backup); a != b {
		t.Errorf("backup differs from the store:\n%s", firstDiff(a, b))
	}
}

// TestApplyLetter_SeveralGames: a letter about two games (a section per game) is archived once,
// in its first game's chain; the other game's chain holds an entry that names it, read with the
// letter's bytes, with that game as it stood before the letter (judge revert); both games are
// written in the one unit of work, and every chain verifies.
func TestApplyLetter_SeveralGames(t *testing.T) {
	db := seeded(t)
	game38 := GameID{Tournament: "CT-2026/1", Game: "3-8"}
	next := t0.Add(100 * time.Hour)
	update(t, db, func(tx *Tx) error {
		return tx.PutGame(game38, GameState{Format: 1, Data: []byte(`{"ply":4}`)})
	})
	raw := letter("m2@example.org", "Партия 3-7: мой ход 12. g3:e5\n\nПартия 3-8: мой ход 3. c3-d4")
	var a Applied
	update(t, db, func(tx *Tx) error {
		var err error
		a, err = tx.ApplyLetter(LetterOutcome{
			Ref: inbox(7, 2), MessageID: "m2@example.org", Raw: raw, Received: t0.Add(time.Hour), Now: t0.Add(time.Hour),
			Game: game37, Move: 12, Verdict: "accepted", State: &GameState{Format: 1, Data: []byte(`{"ply":23}`)}, NextEvent: &next,
			Also: []GameOutcome{{Game: game38, Move: 3, Verdict: "rejected", Clause: "4.2.10,4.2.11",
				State: &GameState{Format: 1, Data: []byte(`{"ply":4,"penalty":6}`)}, NextEvent: &next}},
			Outgoing: []Outgoing{reply("forwarded 12. g3:e5"), reply("stopped 3. c3-d4")},
		})
		return err
	})
	if a.Duplicate || len(a.Outbox) != 2 {
		t.Fatalf("applied %+v", a)
	}
	view(t, db, func(tx *Tx) error {
		for _, g := range []GameID{game37, game38} {
			var last ArchiveEntry
			if err := tx.ArchiveEntries(g, 1, func(e ArchiveEntry) error {
				if e.Direction == In && e.MessageID == "m2@example.org" {
					last = e
				}
				return nil
			}); err != nil {
				return err
			}
			if string(last.Raw) != string(raw) || last.MessageID != "m2@example.org" {
				t.Errorf("%s: the last entry reads %q (message %q), want the letter", g, last.Raw, last.MessageID)
			}
			if g == game38 {
				if last.Letter == nil || last.Letter.Chain != game37.Key() || last.Letter.Seq != a.Receipt.Seq {
					t.Errorf("%s: the entry names %+v, want the letter's entry %s #%d", g, last.Letter, game37.Key(), a.Receipt.Seq)
				}
				if last.Verdict != "rejected" || last.Move != 3 {
					t.Errorf("%s: verdict %q move %d, want the game's own", g, last.Verdict, last.Move)
				}
				before, ok, err := last.GameBefore()
				if err != nil || !ok || string(before.Data) != `{"ply":4}` {
					t.Errorf("%s: the game before the letter %q %v %v, want {\"ply\":4}", g, before.Data, ok, err)
				}
			}
			st, err := tx.Game(g)
			if err != nil {
				return err
			}
			if want := map[GameID]string{game37: `{"ply":23}`, game38: `{"ply":4,"penalty":6}`}[g]; string(st.Data) != want {
				t.Errorf("%s: state %s, want %s", g, st.Data, want)
			}
		}
		return nil
	})
	if err := db.VerifyAll(); err != nil {
		t.Fatalf("verify: %v", err)
	}
	// The letter again (another copy in the mailbox after a crash): nothing is applied twice.
	update(t, db, func(tx *Tx) error {
		d, err := tx.ApplyLetter(LetterOutcome{Ref: inbox(7, 3), MessageID: "m2@example.org", Raw: raw, Received: t0.Add(2 * time.Hour),
			Now: t0.Add(2 * time.Hour), Game: game37, Verdict: "accepted", Also: []GameOutcome{{Game: game38, Verdict: "rejected"}}})
		if err == nil && !d.Duplicate {
			t.Errorf("the same letter applied twice")
		}
		return err
	})
}
