package office

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/referee"
	"postald/internal/store"
)

// openRig opens a store in a temporary directory with the benchmark's tournaments.
func openRig(t *testing.T, tournaments, plies int) *letterBench {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return newLetterRig(t, db, tournaments, plies)
}

// TestGameInParts plays a game past two chunks by letters: the record keeps a head of a bounded
// size, the game reads back whole (through the office and through the store), every letter's
// archive entry keeps the game as it was before it, and a game put back as it was before a
// letter (judge revert) finds its chunks again and plays on.
func TestGameInParts(t *testing.T) {
	const plies = 40
	r := openRig(t, 1, plies+2)
	var befores []referee.Game // the game before each letter, as the office read it
	for k := range plies {
		befores = append(befores, r.game(t))
		r.play(t, k)
	}
	r.checkAccepted(t, plies)
	g := r.game(t)
	if len(g.Plies) != plies || len(g.History) != plies {
		t.Fatalf("the game has %d plies and %d history entries, want %d", len(g.Plies), len(g.History), plies)
	}
	for k, p := range g.Plies {
		if p.Text != r.line[k] {
			t.Fatalf("ply %d is %s, want %s", k+1, p.Text, r.line[k])
		}
	}
	var whole, parts store.GameState
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		if whole, err = tx.Game(r.id); err != nil {
			return err
		}
		parts, err = tx.GameParts(r.id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// The store keeps no copy of the sheet's data: the game holds play state only.
	fromStore, err := store.DecodeGame(r.id, whole.Data)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(g, fromStore); d != "" {
		t.Errorf("the game the store joins differs from the office's (-office +store):\n%s", d)
	}
	want := []store.ChunkList{{List: "plies", Chunks: 2}, {List: "history", Chunks: 2}}
	if len(parts.Chunks) != 2 || parts.Chunks[0].List != want[0].List || parts.Chunks[0].Chunks != 2 || parts.Chunks[1].Chunks != 2 {
		t.Errorf("lists kept apart: %+v, want %+v", parts.Chunks, want)
	}
	var head referee.Game
	if err := json.Unmarshal(parts.Data, &head); err != nil {
		t.Fatal(err)
	}
	if email := r.sheet.Players[0].Email; bytes.Contains(parts.Data, []byte(email)) || bytes.Contains(parts.Data, []byte(`"variant":`)) {
		t.Errorf("the head keeps the sheet's data: %s", parts.Data)
	}
	const chunk = 16 // the store's chunks keep 16 plies or entries
	if len(head.Plies) != plies-2*chunk || len(head.History) != plies-2*chunk || !parts.InPlay {
		t.Errorf("the head keeps %d plies and %d entries (in play %v), want %d", len(head.Plies), len(head.History), parts.InPlay, plies-2*chunk)
	}
	if len(parts.Data) > len(whole.Data)/2 {
		t.Errorf("the head is %d bytes of the game's %d", len(parts.Data), len(whole.Data))
	}
	t.Logf("game of %d plies: %d bytes whole, a head of %d", plies, len(whole.Data), len(parts.Data))

	// Written again as it is, nothing changes.
	st, err := store.EncodeGame(r.id, g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(st.Data, parts.Data) || !cmp.Equal(st.Chunks, parts.Chunks) {
		t.Errorf("the game encoded again differs from the store's:\n%s\n%+v\nwant\n%s\n%+v", st.Data, st.Chunks, parts.Data, parts.Chunks)
	}

	// The game before each letter.
	var archived []referee.Game
	if err := r.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(r.id, 1, func(e store.ArchiveEntry) error {
			st, ok, err := e.GameBefore()
			if err != nil || !ok || e.Direction != store.In {
				return err
			}
			g, err := store.DecodeGame(r.id, st.Data)
			if err != nil {
				return err
			}
			archived = append(archived, g)
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(befores, archived); d != "" {
		t.Errorf("the games before the letters, as archived (-read before +archived):\n%s", d)
	}

	// Put back as it was before letter 21 (in the first chunk's second half of the game), and on.
	const back = 21
	if err := r.db.Update(func(tx *store.Tx) error {
		return putGame(tx, r.from, r.id, r.sheet, archived[back], r.now)
	}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(archived[back], r.game(t)); d != "" {
		t.Errorf("the game put back (-archived +stored):\n%s", d)
	}
	for k := back; k < plies+2; k++ {
		r.play(t, k)
	}
	r.checkAccepted(t, plies+2-back)
	if g := r.game(t); len(g.Plies) != plies+2 || g.Plies[plies+1].Text != r.line[plies+1] {
		t.Errorf("after the revert the game has %d plies", len(g.Plies))
	}
	if err := r.db.VerifyAll(); err != nil {
		t.Error(err)
	}
	// Another office (a restarted daemon: nothing cached) reads the same game.
	var again referee.Game
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		st, _, err := r.office().loadGame(tx, r.id)
		again = st.Game
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(r.game(t), again); d != "" {
		t.Errorf("a new office reads another game (-office +new office):\n%s", d)
	}
}

// game returns the rig's game as LoadGame reads it.
func (r *letterBench) game(t *testing.T) referee.Game {
	t.Helper()
	var g referee.Game
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		g, err = loadStored(tx, r.id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMigratedGame opens a store written by the office of schema version 3 (the frozen
// testdata/schema-v3-office.db.gz of package store: a game of 21 plies, recorded by letters):
// the game reads as it was, the next letter is accepted and keeps the game in parts, and the
// game before that letter is the migrated game.
func TestMigratedGame(t *testing.T) {
	frozen := filepath.Join("..", "store", "testdata", "schema-v3-office.db.gz")
	orig, err := os.ReadFile(frozen)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(orig))
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if _, err := raw.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "postald.db")
	if err := os.WriteFile(path, raw.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("..", "store", "testdata", "schema-v3-office.json"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := &letterBench{db: db, from: mail.Address{Name: "postald", Address: "moves@postald.test"}, id: store.GameID{Tournament: "TT-2026", Game: "1-2"},
		white: "ivanov@postald.test", black: "petrov@postald.test", uid: 21,
		now: time.Date(2026, 11, 4, 12, 0, 0, 0, time.UTC)}
	var sheetErr error
	db.View(func(tx *store.Tx) error {
		r.sheet, sheetErr = New(Options{Store: db}).sheet(tx, r.id.Tournament)
		return nil
	})
	if sheetErr != nil {
		t.Fatal(sheetErr)
	}
	g := r.game(t)
	// The version-3 record held the tournament's data too; the game read is its play state,
	// every field of it as the record had it, and the players are the sheet's.
	var want, got map[string]any
	if err := json.Unmarshal(golden, &want); err != nil {
		t.Fatal(err)
	}
	players := map[string]string{}
	for _, side := range []string{"white", "black"} {
		players[side] = want[side].(map[string]any)["name"].(string)
	}
	for _, k := range []string{"variant", "language", "address", "judge", "white", "black", "start", "end"} {
		delete(want, k)
	}
	js, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the migrated game differs from the version-3 game (-want +got):\n%s", d)
	}
	table := r.sheet.Table(time.UTC)
	st := referee.Seat{Table: table, Game: g}
	if w, b := st.Player(referee.White).Name, st.Player(referee.Black).Name; w != players["white"] || b != players["black"] {
		t.Errorf("the migrated game's players: %s, %s; the version-3 record named %s, %s", w, b, players["white"], players["black"])
	}
	var parts store.GameState
	db.View(func(tx *store.Tx) error { parts, err = tx.GameParts(r.id); return err })
	if err != nil || len(parts.Chunks) != 0 || !parts.InPlay {
		t.Errorf("the migrated record: chunks %v, in play %v, %v", parts.Chunks, parts.InPlay, err)
	}
	r.o = r.office()
	r.line = longLine(t, "russian", 24)
	if !slices.EqualFunc(g.Plies, r.line[:21], func(p referee.Ply, s string) bool { return p.Text == s }) {
		t.Fatal("the frozen game is not the line the test plays")
	}
	r.play(t, 21)
	r.checkAccepted(t, 1)
	after := r.game(t)
	if len(after.Plies) != 22 || !cmp.Equal(after.Plies[:21], g.Plies) {
		t.Errorf("after a letter the game has %d plies", len(after.Plies))
	}
	db.View(func(tx *store.Tx) error { parts, err = tx.GameParts(r.id); return err })
	if err != nil || len(parts.Chunks) != 2 {
		t.Errorf("the record after a letter: chunks %+v, %v", parts.Chunks, err)
	}
	var before referee.Game
	if err := db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(r.id, 1, func(e store.ArchiveEntry) error {
			st, ok, err := e.GameBefore()
			if err != nil || !ok {
				return err
			}
			before = referee.Game{}
			return json.Unmarshal(st.Data, &before)
		})
	}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(g, before); d != "" {
		t.Errorf("the game before the letter after the migration (-migrated +archived):\n%s", d)
	}
	if err := db.VerifyAll(); err != nil {
		t.Error(err)
	}
	if now, err := os.ReadFile(frozen); err != nil || !bytes.Equal(now, orig) {
		t.Errorf("the test changed %s (%v)", frozen, err)
	}
}

// TestRevertLongGame: the judge's revert of a letter of a game kept in parts puts back the game
// as it was before the letter, its chunks found again by their references, and play goes on.
func TestRevertLongGame(t *testing.T) {
	const plies = 40
	r := openRig(t, 1, plies+2)
	for k := range plies {
		r.play(t, k)
	}
	// The letter that made ply 30, and the game before it.
	var seq uint64
	var before referee.Game
	if err := r.db.View(func(tx *store.Tx) error {
		n := 0
		return tx.ArchiveEntries(r.id, 1, func(e store.ArchiveEntry) error {
			if e.Direction != store.In {
				return nil
			}
			if n++; n == 30 {
				st, ok, err := e.GameBefore()
				if err != nil || !ok {
					return fmt.Errorf("the game before letter %d: %v, %v", e.Seq, ok, err)
				}
				seq = e.Seq
				return json.Unmarshal(st.Data, &before)
			}
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	if len(before.Plies) != 29 {
		t.Fatalf("the game before letter 30 has %d plies", len(before.Plies))
	}
	if _, err := r.o.Run(RevertRequest{Game: r.id.Key(), Letter: seq, Clause: "4.1.7", Reason: "a forged letter"}); err != nil {
		t.Fatal(err)
	}
	g := r.game(t)
	if len(g.Plies) != 29 || !cmp.Equal(g.Plies, before.Plies) || !cmp.Equal(g.History[:len(before.History)], before.History) || len(g.History) != len(before.History)+1 {
		t.Errorf("after the revert: %d plies, %d history entries; want the %d and %d+1 of the game before the letter",
			len(g.Plies), len(g.History), len(before.Plies), len(before.History))
	}
	for k := 29; k < plies+2; k++ {
		r.play(t, k)
	}
	r.checkAccepted(t, plies+2-29)
	if err := r.db.VerifyAll(); err != nil {
		t.Error(err)
	}
}
