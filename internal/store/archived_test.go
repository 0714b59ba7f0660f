package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A finished tournament with a Cyrillic code holding "/" (two games, letters in and out, a
// ruling, an event), beside a tournament in play, in one store.
var (
	finA     = GameID{Tournament: "СТ-2026/1", Game: "1-2"}
	finB     = GameID{Tournament: "СТ-2026/1", Game: "3-4"}
	finT     = GameID{Tournament: "СТ-2026/1"}
	livingG  = GameID{Tournament: "СТ-2026/1x", Game: "1-2"} // shares a prefix with the code
	finSheet = Sheet{Format: "toml", Data: []byte("code = \"СТ-2026/1\"\n"), Created: t0}
)

// fillArchivable writes the two tournaments, through the letter path: every game of finT is
// finished at the end, each game's letters acknowledged and sent.
func fillArchivable(t *testing.T, db *DB) {
	t.Helper()
	update(t, db, func(tx *Tx) error {
		if err := tx.PutTournament(finT.Tournament, finSheet); err != nil {
			return err
		}
		return tx.PutTournament(livingG.Tournament, Sheet{Format: "toml", Data: []byte("x"), Created: t0})
	})
	uid := uint32(0)
	for i, g := range []GameID{finA, finB, livingG, finA, finB} {
		uid++
		raw := letter(fmt.Sprintf("m%d@example.org", uid), fmt.Sprintf("move %d of %s", i, g))
		ref := inbox(1, uid)
		update(t, db, func(tx *Tx) error {
			if _, _, err := tx.Receive(ref, fmt.Sprintf("m%d@example.org", uid), raw, t0); err != nil {
				return err
			}
			out := reply("ack " + g.Key())
			out.Game = g
			_, err := tx.ApplyLetter(LetterOutcome{Ref: ref, MessageID: fmt.Sprintf("m%d@example.org", uid), Raw: raw,
				Received: t0.Add(time.Duration(i) * time.Hour), Now: t0.Add(time.Duration(i) * time.Hour),
				Game: g, Move: i + 1, Verdict: "accepted",
				State:    &GameState{Format: 1, Data: []byte(fmt.Sprintf(`{"move":%d}`, i)), InPlay: g == livingG || i < 3},
				Outgoing: []Outgoing{out}})
			return err
		})
	}
	update(t, db, func(tx *Tx) error {
		for _, r := range []Ruling{
			{Game: livingG, Time: t0, Entry: ruled("penalty"), Reason: "late"},
			{Game: finA, Time: t0.Add(time.Hour), Entry: ruled("penalty"), Reason: "late"},
			{Game: finT, Time: t0.Add(2 * time.Hour), Entry: Withdrawal{Player: 4, Played: 1, Games: 5, Clause: "1.10.2"}, Reason: "ill"},
			{Game: livingG, Time: t0.Add(3 * time.Hour), Entry: ruled("penalty"), Reason: "late again"},
		} {
			if _, err := tx.AppendRuling(r); err != nil {
				return err
			}
		}
		if _, err := tx.Archive(finT, ArchiveEntry{Direction: Out, Time: t0.Add(9 * time.Hour), Verdict: "notice", Raw: []byte("results")}); err != nil {
			return err
		}
		return tx.SetNextEvent(finT, t0.Add(30*24*time.Hour))
	})
	sendAll(t, db)
}

// sendAll marks every letter of the outbox sent.
func sendAll(t *testing.T, db *DB) {
	t.Helper()
	update(t, db, func(tx *Tx) error {
		due, err := tx.Due(t0.Add(1000*time.Hour), 100)
		if err != nil {
			return err
		}
		for _, it := range due {
			if err := tx.MarkSent(it.Seq, t0.Add(10*time.Hour)); err != nil {
				return err
			}
		}
		return nil
	})
}

// tournamentView is everything a reader sees of a tournament: its sheet, its games whole and in
// parts, every letter of its chains, its rulings and what verify says.
func tournamentView(t *testing.T, db *DB, code string) string {
	t.Helper()
	var b strings.Builder
	view(t, db, func(tx *Tx) error {
		sh, err := tx.Tournament(code)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "sheet %s %q %v\n", sh.Format, sh.Data, sh.Created)
		ids, err := tx.Games(code)
		if err != nil {
			return err
		}
		for _, id := range append(ids, GameID{Tournament: code}) {
			if id.Game != "" {
				st, err := tx.Game(id)
				if err != nil {
					return err
				}
				fmt.Fprintf(&b, "game %s %d %v %s\n", id, st.Format, st.InPlay, st.Data)
			}
			err = tx.ArchiveEntries(id, 1, func(e ArchiveEntry) error {
				before, _, err := e.GameBefore()
				if err != nil {
					return err
				}
				fmt.Fprintf(&b, "entry %s #%d %s %s %v %s raw=%q before=%s\n", e.Chain, e.Seq, e.Hash, e.Direction, e.Time, e.Verdict, e.Raw, before.Data)
				return nil
			})
			if err != nil {
				return err
			}
			rs, err := tx.Rulings(id)
			if err != nil {
				return err
			}
			for _, r := range rs {
				fmt.Fprintf(&b, "ruling %d %s %s %s\n", r.Seq, r.Game, r.Kind, r.Reason)
			}
			n, err := tx.VerifyGame(id)
			fmt.Fprintf(&b, "verify %s %d %v\n", id, n, err)
		}
		return nil
	})
	return b.String()
}

func TestArchiveTournament_RoundTrip(t *testing.T) {
	db := openTemp(t)
	fillArchivable(t, db)
	before := tournamentView(t, db, finT.Tournament)
	living := tournamentView(t, db, livingG.Tournament)
	var receipts []Receipt
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(finA, 1, func(e ArchiveEntry) error {
			receipts = append(receipts, Receipt{Chain: e.Chain, Seq: e.Seq, Move: e.Move, Hash: e.Hash})
			return nil
		})
	})

	res, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(res.Path) != filepath.Join(filepath.Dir(db.Path()), ArchiveDirName) {
		t.Errorf("archive file %s, want it in the archive directory beside the store", res.Path)
	}
	if res.Games != 2 || res.Letters != 9 || res.Rulings != 2 || res.Inbound != 4 || res.Outbox != 4 {
		t.Errorf("moved %+v, want 2 games, 9 letters, 2 rulings, 4 inbound records and 4 outbox items", res.ArchivedTournament)
	}
	if !res.LastLetter.Equal(t0.Add(9 * time.Hour)) {
		t.Errorf("last letter %v, want %v", res.LastLetter, t0.Add(9*time.Hour))
	}
	// Read through the store, the tournament is as it was, byte for byte.
	if got := tournamentView(t, db, finT.Tournament); got != before {
		t.Errorf("the archived tournament reads differently:\n%s", cmp.Diff(before, got))
	}
	if got := tournamentView(t, db, livingG.Tournament); got != living {
		t.Errorf("the other tournament changed:\n%s", cmp.Diff(living, got))
	}
	if err := db.VerifyAll(); err != nil {
		t.Fatal(err)
	}
	if err := db.VerifyArchived(finT.Tournament); err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		// The store holds nothing of it but its rulings and what recognises its letters.
		codes, _ := tx.Tournaments()
		if !cmp.Equal(codes, []string{livingG.Tournament}) {
			t.Errorf("tournaments %v", codes)
		}
		all, _ := tx.Games("")
		if !cmp.Equal(all, []GameID{livingG}) {
			t.Errorf("every game: %v", all)
		}
		chains, _ := tx.Chains()
		for _, c := range chains {
			if c.Tournament == finT.Tournament {
				t.Errorf("chain %s still in the store", c)
			}
		}
		if tx.bucket(bucketArchive).Bucket([]byte(finA.Key())) != nil {
			t.Errorf("chain bucket %s still in the store", finA)
		}
		if _, ok := tx.NextEvent(finT); ok {
			t.Error("the tournament's event is still due")
		}
		for _, r := range receipts {
			err := tx.ArchiveEntries(finA, r.Seq, func(e ArchiveEntry) error {
				if e.Seq == r.Seq && e.Hash != r.Hash {
					t.Errorf("receipt %s no longer matches", r)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	// A redelivered letter of the archived tournament is recognised as seen.
	update(t, db, func(tx *Tx) error {
		rec, isNew, err := tx.Receive(inbox(2, 1), "m1@example.org", letter("m1@example.org", fmt.Sprintf("move %d of %s", 0, finA)), t0.Add(50*time.Hour))
		if err != nil || isNew || !rec.IsFinished() || rec.Game != finA || rec.Verdict != "accepted" {
			t.Errorf("redelivery: %+v new %v, %v", rec, isNew, err)
		}
		return nil
	})
	// Nothing of it changes any more.
	for name, change := range map[string]func(tx *Tx) error{
		"game": func(tx *Tx) error { return tx.PutGame(finA, GameState{Format: 1, Data: []byte("{}")}) },
		"letter": func(tx *Tx) error {
			_, err := tx.Archive(finA, ArchiveEntry{Direction: In, Time: t0, Raw: []byte("x")})
			return err
		},
		"ruling": func(tx *Tx) error {
			_, err := tx.AppendRuling(Ruling{Game: finA, Time: t0, Entry: ruled("penalty"), Reason: "x"})
			return err
		},
		"sheet": func(tx *Tx) error { return tx.PutTournament(finT.Tournament, finSheet) },
		"event": func(tx *Tx) error { return tx.SetNextEvent(finB, t0) },
	} {
		if err := db.Update(change); !errors.Is(err, ErrArchived) {
			t.Errorf("%s of the archived tournament: %v, want ErrArchived", name, err)
		}
	}
	if _, err := db.ArchiveTournament(finT.Tournament, t0.Add(49*time.Hour)); err == nil || !strings.Contains(err.Error(), "archived already") {
		t.Errorf("archiving it again: %v", err)
	}
	// A new process reads it the same.
	path := db.Path()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecked(t, db2)
	if got := tournamentView(t, db2, finT.Tournament); got != before {
		t.Errorf("reopened, the archived tournament reads differently:\n%s", cmp.Diff(before, got))
	}
}

func TestArchiveTournament_Refused(t *testing.T) {
	db := openTemp(t)
	fillArchivable(t, db)
	tests := []struct {
		code string
		want string
	}{
		{livingG.Tournament, "still in play: СТ-2026/1x/1-2"},
		{"nope", "not found"},
	}
	for _, tc := range tests {
		_, err := db.ArchiveTournament(tc.code, t0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("archive %s: %v, want %q", tc.code, err, tc.want)
		}
	}
	// A letter still to send holds the tournament back.
	update(t, db, func(tx *Tx) error {
		o := reply("late")
		o.Game = finB
		_, err := tx.Enqueue(o, t0.Add(20*time.Hour))
		return err
	})
	if _, err := db.ArchiveTournament(finT.Tournament, t0); !errors.Is(err, ErrInPlay) || !strings.Contains(err.Error(), "outbox") {
		t.Errorf("archive with a letter to send: %v", err)
	}
	entries, _ := os.ReadDir(db.ArchiveDir())
	if len(entries) != 0 {
		t.Errorf("a refused archive left files: %v", entries)
	}
}

// TestArchiveTournament_Crash stops the move after each step, as a crash would, and checks that
// the store is as it was, reads the same, and that the next run completes the move.
func TestArchiveTournament_Crash(t *testing.T) {
	for _, step := range []string{"written", "renamed"} {
		t.Run(step, func(t *testing.T) {
			db := openTemp(t)
			fillArchivable(t, db)
			before := dump(t, db)
			view1 := tournamentView(t, db, finT.Tournament)
			crash := errors.New("crash")
			archiveStep = func(s string) error {
				if s == step {
					return crash
				}
				return nil
			}
			_, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour))
			archiveStep = nil
			if !errors.Is(err, crash) {
				t.Fatalf("ArchiveTournament = %v, want the crash", err)
			}
			if got := dump(t, db); got != before {
				t.Fatalf("the store changed before the archive file was recorded:\n%s", cmp.Diff(before, got))
			}
			if _, err := db.ArchiveTournament(finT.Tournament, t0.Add(49*time.Hour)); err != nil {
				t.Fatalf("the next run: %v", err)
			}
			if got := tournamentView(t, db, finT.Tournament); got != view1 {
				t.Errorf("after the next run:\n%s", cmp.Diff(view1, got))
			}
			files, _ := filepath.Glob(filepath.Join(db.ArchiveDir(), "*"))
			if len(files) != 1 || strings.HasSuffix(files[0], ".tmp") {
				t.Errorf("archive directory: %v", files)
			}
		})
	}
}

// TestArchiveTournament_Changed: a letter for the tournament that comes in between the copy and
// the drop makes the move fail with the store unchanged.
func TestArchiveTournament_Changed(t *testing.T) {
	db := openTemp(t)
	fillArchivable(t, db)
	archiveStep = func(s string) error {
		if s == "renamed" {
			return db.Update(func(tx *Tx) error {
				_, err := tx.Archive(finT, ArchiveEntry{Direction: In, Time: t0.Add(11 * time.Hour), Verdict: "notice", Raw: []byte("late protest")})
				return err
			})
		}
		return nil
	}
	defer func() { archiveStep = nil }()
	before := ""
	_, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour))
	if err == nil || !strings.Contains(err.Error(), "changed while") {
		t.Fatalf("ArchiveTournament = %v", err)
	}
	_ = before
	view(t, db, func(tx *Tx) error {
		if _, ok, _ := tx.Archived(finT.Tournament); ok {
			t.Error("recorded as archived")
		}
		_, err := tx.Tournament(finT.Tournament)
		return err
	})
}

func TestArchiveTournament_DamagedFile(t *testing.T) {
	tests := []struct {
		name   string
		damage func(path string) error
		want   string
	}{
		{"a byte changed", func(path string) error {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			b[len(b)/2] ^= 1
			return os.WriteFile(path, b, 0o600)
		}, "was changed or replaced"},
		{"truncated", func(path string) error { return os.Truncate(path, 4096) }, "was changed or replaced"},
		{"removed", os.Remove, "no such file"},
		{"garbage", func(path string) error { return os.WriteFile(path, bytes.Repeat([]byte("x"), 100), 0o600) }, "was changed or replaced"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := openTemp(t)
			fillArchivable(t, db)
			res, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.damage(res.Path); err != nil {
				t.Fatal(err)
			}
			err = db.View(func(tx *Tx) error { _, err := tx.Game(finA); return err })
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), res.Path) {
				t.Errorf("reading a game of a damaged archive file: %v, want %q naming the file", err, tc.want)
			}
			if err := db.VerifyArchived(finT.Tournament); err == nil {
				t.Error("VerifyArchived of a damaged file passed")
			}
			// The store itself is sound.
			if err := db.VerifyAll(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestArchiveFileName(t *testing.T) {
	tests := []struct {
		code string
		want string // the readable part
	}{
		{"CT-2026/1", "CT-2026_1-"},
		{"СТ-2026/1", "__-2026_1-"},
		{".hidden", "_hidden-"},
		{"../../etc", "_._.._etc-"},
		{strings.Repeat("a", 100), strings.Repeat("a", 40) + "-"},
	}
	seen := map[string]string{}
	for _, tc := range tests {
		name := ArchiveFileName(tc.code, 0)
		if !strings.HasPrefix(name, tc.want) || !strings.HasSuffix(name, ".db") || strings.ContainsAny(name, "/\\\x00") || filepath.Base(name) != name {
			t.Errorf("ArchiveFileName(%q) = %q, want it to start %q", tc.code, name, tc.want)
		}
		if other, ok := seen[name]; ok {
			t.Errorf("%q and %q share the name %s", tc.code, other, name)
		}
		seen[name] = tc.code
	}
	if ArchiveFileName("СТ-2026/1", 0) == ArchiveFileName("СТ-2026_1", 0) {
		t.Error("two codes that read alike share a name")
	}
	if a, b := ArchiveFileName("x", 0), ArchiveFileName("x", 2); a == b || !strings.HasSuffix(b, ".g2.db") {
		t.Errorf("generations: %s, %s", a, b)
	}
}

// TestBackupWithArchives: a backup of a store with an archived tournament copies its archive
// file into the archive directory beside the copy, checked by its digest, and a second backup in
// the same directory keeps the file already there; the copy, restored with that directory,
// reads the archived tournament as the store does.
func TestBackupWithArchives(t *testing.T) {
	db := openTemp(t)
	fillArchivable(t, db)
	before := tournamentView(t, db, finT.Tournament)
	if _, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	first, err := db.Backup(filepath.Join(dir, "one.db"))
	if err != nil {
		t.Fatal(err)
	}
	if first.Archives != 1 || first.ArchiveCopied != 1 || first.ArchiveBytes == 0 {
		t.Errorf("first backup: %+v, want its archive file copied", first)
	}
	second, err := db.Backup(filepath.Join(dir, "two.db"))
	if err != nil {
		t.Fatal(err)
	}
	if second.Archives != 1 || second.ArchiveCopied != 0 {
		t.Errorf("second backup: %+v, want the archive file kept as it is", second)
	}
	// Restored: the copy and the archive directory beside it.
	restored, err := Open(filepath.Join(dir, "two.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if got := tournamentView(t, restored, finT.Tournament); got != before {
		t.Errorf("the archived tournament in the restored copy:\n%s", cmp.Diff(before, got))
	}
	if err := restored.VerifyArchived(finT.Tournament); err != nil {
		t.Error(err)
	}
}
