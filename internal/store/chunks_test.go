package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	bolt "go.etcd.io/bbolt"
)

// partsGame writes game37 in parts through letters, as the office does: plies and history
// entries kept apart in chunks of two, the rest in the head. It returns the whole state the
// last letter left.
func partsGame(t *testing.T, db *DB, letters int) string {
	t.Helper()
	var plies, hist []string
	var lists map[string]ChunkList = map[string]ChunkList{}
	kept := map[string]int{} // items kept apart per list
	for i := range letters {
		plies = append(plies, fmt.Sprintf(`{"text":"p%d"}`, i))
		hist = append(hist, fmt.Sprintf(`{"note":"h%d"}`, i))
		var st GameState
		for _, l := range []struct {
			name  string
			items []string
		}{{"plies", plies}, {"history", hist}} {
			for len(l.items)-kept[l.name] >= 3 { // two to a chunk, at least one left in the head
				c := Chunk{List: l.name, Index: lists[l.name].Chunks, Prev: lists[l.name].Last,
					Items: []byte("[" + strings.Join(l.items[kept[l.name]:kept[l.name]+2], ",") + "]")}
				st.NewChunks = append(st.NewChunks, c)
				lists[l.name] = lists[l.name].After(game37, c)
				kept[l.name] += 2
			}
		}
		for _, name := range []string{"plies", "history"} {
			if l, ok := lists[name]; ok {
				st.Chunks = append(st.Chunks, l)
			}
		}
		st.Format, st.InPlay = 1, true
		st.Data = fmt.Appendf(nil, `{"name":"3-7","plies":[%s],"history":[%s],"n":%d}`,
			strings.Join(plies[kept["plies"]:], ","), strings.Join(hist[kept["history"]:], ","), i)
		if _, err := db.ProcessLetter(LetterOutcome{Ref: inbox(5, uint32(i+1)), MessageID: fmt.Sprintf("p%d@example.org", i),
			Raw: letter("", fmt.Sprintf("letter %d", i)), Received: t0, Now: t0, Game: game37, Verdict: "accepted", State: &st}); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf(`{"name":"3-7","plies":[%s],"history":[%s],"n":%d}`, strings.Join(plies, ","), strings.Join(hist, ","), letters-1)
}

// sameJSON fails unless a and b are the same JSON value.
func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v: %s", what, err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(g, w) {
		t.Errorf("%s (-got +want):\n%s", what, cmp.Diff(g, w))
	}
}

func TestChunks_Game(t *testing.T) {
	db := openTemp(t)
	whole := partsGame(t, db, 7)
	view(t, db, func(tx *Tx) error {
		st, err := tx.Game(game37)
		if err != nil {
			return err
		}
		sameJSON(t, "the game whole", st.Data, []byte(whole))
		if st.Chunks != nil || !st.InPlay {
			t.Errorf("Game returned chunks %v, in play %v", st.Chunks, st.InPlay)
		}
		parts, err := tx.GameParts(game37)
		if err != nil {
			return err
		}
		want := []ChunkList{{List: "plies", Chunks: 3}, {List: "history", Chunks: 3}}
		if len(parts.Chunks) != 2 || parts.Chunks[0].List != "plies" || parts.Chunks[0].Chunks != 3 || parts.Chunks[1].Chunks != 3 {
			t.Errorf("parts: %+v, want %+v", parts.Chunks, want)
		}
		sameJSON(t, "the head", parts.Data, []byte(`{"name":"3-7","plies":[{"text":"p6"}],"history":[{"note":"h6"}],"n":6}`))
		items, err := tx.ChunkItems(game37, parts.Chunks[0])
		if err != nil {
			return err
		}
		if got := string(bytes.Join(items, []byte(" "))); got != `[{"text":"p0"},{"text":"p1"}] [{"text":"p2"},{"text":"p3"}] [{"text":"p4"},{"text":"p5"}]` {
			t.Errorf("the chunks of plies: %s", got)
		}
		// Each letter's entry keeps the game before it, with the chunks it had then.
		n := 0
		return tx.ArchiveEntries(game37, 1, func(e ArchiveEntry) error {
			st, ok, err := e.GameBefore()
			switch {
			case err != nil:
				return err
			case n == 0 && ok:
				t.Errorf("the first letter found a game before it: %s", st.Data)
			case n > 0:
				var g struct {
					Plies []any `json:"plies"`
					N     int   `json:"n"`
				}
				if err := json.Unmarshal(st.Data, &g); err != nil || len(g.Plies) != n || g.N != n-1 {
					t.Errorf("the game before letter %d: %s (%v)", n+1, st.Data, err)
				}
			}
			n++
			return nil
		})
	})
	// Outside the transaction that read it, an entry cannot read its chunks.
	var last ArchiveEntry
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(game37, 7, func(e ArchiveEntry) error { last = e; return nil })
	})
	if _, _, err := last.GameBefore(); err == nil || !strings.Contains(err.Error(), "inside the transaction") {
		t.Errorf("GameBefore after its transaction: %v", err)
	}
	if st, ok, err := last.GameBeforeParts(); err != nil || !ok || len(st.Chunks) != 2 {
		t.Errorf("GameBeforeParts after its transaction: %+v, %v, %v", st.Chunks, ok, err)
	}
	if n, err := db.Verify(game37); err != nil || n != 7 {
		t.Errorf("Verify = %d, %v", n, err)
	}
}

// TestChunks_Put: what PutGame refuses, and a chunk written twice is written once.
func TestChunks_Put(t *testing.T) {
	db := openTemp(t)
	c0 := Chunk{List: "plies", Items: []byte(`[1,2]`)}
	l1 := ChunkList{}.After(game37, c0)
	c1 := Chunk{List: "plies", Index: 1, Prev: l1.Last, Items: []byte(`[3,4]`)}
	l2 := l1.After(game37, c1)
	for _, c := range []struct {
		name string
		st   GameState
		want string
	}{
		{"a chunk not held", GameState{Data: []byte(`{}`), Chunks: []ChunkList{l1}}, "chunk 0 of plies is missing"},
		{"a chunk after one not held", GameState{Data: []byte(`{}`), Chunks: []ChunkList{l2}, NewChunks: []Chunk{c1}}, "chunk 0 of plies is missing"},
		{"a first chunk that follows one", GameState{Data: []byte(`{}`), NewChunks: []Chunk{{List: "plies", Prev: l1.Last, Items: []byte(`[]`)}}}, "follows a chunk"},
		{"items that are no array", GameState{Data: []byte(`{}`), NewChunks: []Chunk{{List: "plies", Items: []byte(`{}`)}}}, "not a JSON array"},
		{"a head that is no object", GameState{Data: []byte(`[]`), Chunks: []ChunkList{l1}, NewChunks: []Chunk{c0}}, "must be a JSON object"},
		{"a list twice", GameState{Data: []byte(`{}`), Chunks: []ChunkList{l1, l1}, NewChunks: []Chunk{c0}}, "kept apart twice"},
		{"a list in the wrong place", GameState{Data: []byte(`{}`), Chunks: []ChunkList{{List: "plies", Chunks: 2, Last: l1.Last}}, NewChunks: []Chunk{c0}}, "chunk 1 of plies is chunk 0 of plies"},
		{"a list of another name", GameState{Data: []byte(`{}`), Chunks: []ChunkList{{List: "history", Chunks: 1, Last: l1.Last}}, NewChunks: []Chunk{c0}}, "chunk 0 of history is chunk 0 of plies"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := db.Update(func(tx *Tx) error { return tx.PutGame(game37, c.st) })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("PutGame: %v, want an error saying %q", err, c.want)
			}
		})
	}
	st := GameState{Data: []byte(`{"plies":[5]}`), Chunks: []ChunkList{l2}, NewChunks: []Chunk{c0, c1}}
	update(t, db, func(tx *Tx) error { return tx.PutGame(game37, st) })
	before := dump(t, db)
	update(t, db, func(tx *Tx) error { return tx.PutGame(game37, st) })
	if after := dump(t, db); after != before {
		t.Errorf("the same state written again changed the file (-before +after):\n%s", cmp.Diff(before, after))
	}
	view(t, db, func(tx *Tx) error {
		got, err := tx.Game(game37)
		if err == nil {
			sameJSON(t, "the game", got.Data, []byte(`{"plies":[1,2,3,4,5]}`))
		}
		return err
	})
}

// TestChunks_Tamper edits chunks and the index of the games in play as someone with bbolt in
// hand would: the game's Verify or the deep check finds each.
func TestChunks_Tamper(t *testing.T) {
	chunkOf := func(tx *bolt.Tx, index uint32, list string) ([]byte, []byte) {
		c := tx.Bucket(bucketGameChunks).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if ch, err := decodeChunk(v); err == nil && ch.Index == index && ch.List == list {
				return bytes.Clone(k), bytes.Clone(v)
			}
		}
		t.Fatalf("no chunk %d of %s", index, list)
		return nil, nil
	}
	for _, c := range []struct {
		name   string
		tamper func(tx *bolt.Tx) error
		game   bool // Verify of the game finds it; otherwise only VerifyAll
		want   string
	}{
		{"an item of the first chunk", func(tx *bolt.Tx) error {
			k, v := chunkOf(tx, 0, "plies")
			return tx.Bucket(bucketGameChunks).Put(k, bytes.Replace(v, []byte("p1"), []byte("p9"), 1))
		}, true, "chunk 0 of plies does not match its reference"},
		{"the first chunk removed", func(tx *bolt.Tx) error {
			k, _ := chunkOf(tx, 0, "history")
			return tx.Bucket(bucketGameChunks).Delete(k)
		}, true, "chunk 0 of history is missing"},
		{"the last chunk removed", func(tx *bolt.Tx) error {
			k, _ := chunkOf(tx, 2, "plies")
			return tx.Bucket(bucketGameChunks).Delete(k)
		}, true, "chunk 2 of plies is missing"},
		{"a game taken out of play in the index", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketInPlay).Delete([]byte(game37.Key()))
		}, false, "the index of the games in play does not agree"},
		{"a game put in play in the index", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketInPlay).Put([]byte(game12.Key()), []byte{recordV1})
		}, false, "indexed as in play"},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := openTemp(t)
			partsGame(t, db, 7)
			path := db.Path()
			db.Close()
			rawUpdate(t, path, c.tamper)
			db, err := Open(path, Options{SkipCheck: true})
			if err != nil {
				t.Fatal(err)
			}
			_, err = db.Verify(game37)
			if c.game && (!errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), c.want)) {
				t.Errorf("Verify: %v, want damage saying %q", err, c.want)
			}
			if err := db.VerifyAll(); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("VerifyAll: %v, want damage saying %q", err, c.want)
			}
			db.Close()
			if _, err := Open(path, Options{}); !errors.Is(err, ErrDamaged) {
				t.Errorf("Open: %v, want ErrDamaged", err)
			}
		})
	}
}

// TestRevision: the tournaments' revision changes with a sheet, a new game and a game entering
// or leaving play, and with nothing else; the same changes give the same revisions.
func TestRevision(t *testing.T) {
	run := func() []uint64 {
		db := openTemp(t)
		var revs []uint64
		step := func(fn func(tx *Tx) error) {
			update(t, db, fn)
			view(t, db, func(tx *Tx) error { revs = append(revs, tx.TournamentsRevision()); return nil })
		}
		step(func(tx *Tx) error { return nil })
		step(func(tx *Tx) error {
			return tx.PutTournament("CT-2026/1", Sheet{Format: "toml", Data: []byte("[tournament]"), Created: t0})
		})
		step(func(tx *Tx) error { return tx.PutGame(game37, GameState{Data: []byte(`{}`), InPlay: true}) })
		step(func(tx *Tx) error { return tx.PutGame(game37, GameState{Data: []byte(`{"n":1}`), InPlay: true}) })
		step(func(tx *Tx) error { return tx.PutGame(game37, GameState{Data: []byte(`{"n":2}`)}) })
		step(func(tx *Tx) error { return tx.SetNextEvent(game37, t0) })
		return revs
	}
	revs := run()
	if revs[0] != 0 {
		t.Errorf("a new file's revision is %d", revs[0])
	}
	for i, changed := range []bool{true, true, false, true, false} {
		if got := revs[i+1] != revs[i]; got != changed {
			t.Errorf("step %d: revision changed %v, want %v (%v)", i+1, got, changed, revs)
		}
	}
	if again := run(); !cmp.Equal(again, revs) {
		t.Errorf("the same changes gave other revisions: %v and %v", revs, again)
	}
}
