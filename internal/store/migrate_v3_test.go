package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	bolt "go.etcd.io/bbolt"
)

var updateV3 = flag.Bool("update-v3", false, "rewrite testdata/schema-v3.db")

// The games of the frozen version-3 file: a game in play with two plies and two letters, a
// game in play without a letter, and a game of a finished tournament.
var (
	v3Playing  = game37
	v3Fresh    = game12
	v3Finished = GameID{Tournament: "CT-2025/9", Game: "1-2"}
)

// v3State is the JSON of a game as postald's office kept it in version 3 (referee.Game).
func v3State(g GameID, status string, plies ...string) []byte {
	var ps []string
	for i, p := range plies {
		ps = append(ps, fmt.Sprintf(`{"text":%q,"date":"2026-11-18","letter":"m%d@example.org","by":"letter"}`, p, i+1))
	}
	var hist []string
	for i := range plies {
		hist = append(hist, fmt.Sprintf(`{"date":"2026-11-18","letter":"m%d@example.org","from":"white","verdict":"accepted"}`, i+1))
	}
	js := fmt.Sprintf(`{"tournament":%q,"name":%q,"variant":"russian","language":"ru","address":"moves@club.example",`+
		`"white":{"number":1,"name":"Ivan Sidorov","email":"ivan@example.org"},"black":{"number":2,"name":"Petr Petrov","email":"petr@example.net"},`+
		`"start":"2026-11-02","end":"2027-10-31","plies":[%s],"white_clock":{"days":0},"black_clock":{"days":0},"status":%q,"result":"*"`,
		g.Tournament, g.Game, joinComma(ps), status)
	if len(hist) > 0 {
		js += `,"history":[` + joinComma(hist) + `]`
	}
	return []byte(js + "}")
}

func joinComma(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x)
	}
	return b.String()
}

// sealV3 is a game record as schema version 3 wrote it (recordV2): format, the anchor's
// sequence and hash, the seal, the state. Frozen here for the files of that version.
func sealV3(g GameID, st GameState, anchorSeq uint64, anchorHash Digest) []byte {
	seal := gameSealV3(g, st.Format, anchorSeq, anchorHash, st.Data)
	b := []byte{recordV2}
	b = binary.BigEndian.AppendUint16(b, st.Format)
	b = append(b, seqKey(anchorSeq)...)
	b = append(b, anchorHash[:]...)
	b = append(b, seal[:]...)
	return append(b, st.Data...)
}

// priorV3 is the game before a letter as version 3 kept it in the letter's archive entry.
func priorV3(st GameState) []byte {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestSpeed)
	w.Write(binary.BigEndian.AppendUint16(nil, st.Format))
	w.Write(st.Data)
	w.Close()
	return b.Bytes()
}

// The file testdata/schema-v3.db was written by buildV3 at schema version 3 (game records
// whole, sealed; rulings chained) and is kept frozen; TestMigrate_V3 opens a copy. Rewrite it
// with go test -run TestMigrate_V3 -update-v3.
func buildV3(t *testing.T, path string) {
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := createSchema(tx, append(append([][]byte(nil), bucketsV1...), bucketInboundID), 3); err != nil {
			return err
		}
		for _, code := range []string{v3Playing.Tournament, v3Finished.Tournament} {
			v, err := encodeJSON(Sheet{Format: "toml", Data: fmt.Appendf(nil, "[tournament]\ncode = %q\n", code), Created: t0})
			if err != nil {
				return err
			}
			if err := tx.Bucket(bucketTournaments).Put([]byte(code), v); err != nil {
				return err
			}
		}
		// chain archives entries of g: each inbound letter keeps the game before it.
		chain := func(g GameID, befores ...[]byte) (uint64, Digest, error) {
			b, err := tx.Bucket(bucketArchive).CreateBucket([]byte(g.Key()))
			if err != nil {
				return 0, Digest{}, err
			}
			var prev Digest
			var seq uint64
			for i, before := range befores {
				seq = uint64(i + 1)
				ref := inbox(3, uint32(seq))
				e := ArchiveEntry{Chain: g.Key(), Seq: seq, Direction: In, Time: t0, MessageID: fmt.Sprintf("m%d@example.org", seq),
					Move: i/2 + 1, Verdict: "accepted", Ref: &ref, Auth: "from_only", Before: before}
				header, err := json.Marshal(e)
				if err != nil {
					return 0, Digest{}, err
				}
				raw := letter(e.MessageID, fmt.Sprintf("letter %d", seq))
				hash := entryHash(prev, header, raw)
				v := append([]byte{recordV1}, prev[:]...)
				v = append(v, hash[:]...)
				v = binary.BigEndian.AppendUint32(v, uint32(len(header)))
				v = append(append(v, header...), raw...)
				if err := b.Put(seqKey(seq), v); err != nil {
					return 0, Digest{}, err
				}
				prev = hash
			}
			return seq, prev, tx.Bucket(bucketArchiveHead).Put([]byte(g.Key()), encodeHead(seq, prev))
		}
		st := func(g GameID, status string, plies ...string) GameState {
			return GameState{Format: 1, Data: v3State(g, status, plies...)}
		}
		games := tx.Bucket(bucketGames)
		seq, hash, err := chain(v3Playing, priorV3(st(v3Playing, "playing")), priorV3(st(v3Playing, "playing", "c3-d4")))
		if err != nil {
			return err
		}
		if err := games.Put([]byte(v3Playing.Key()), sealV3(v3Playing, st(v3Playing, "playing", "c3-d4", "b6-a5"), seq, hash)); err != nil {
			return err
		}
		if err := games.Put([]byte(v3Fresh.Key()), sealV3(v3Fresh, st(v3Fresh, "playing"), 0, Digest{})); err != nil {
			return err
		}
		if seq, hash, err = chain(v3Finished, priorV3(st(v3Finished, "playing", "c3-d4"))); err != nil {
			return err
		}
		if err := games.Put([]byte(v3Finished.Key()), sealV3(v3Finished, st(v3Finished, "finished", "c3-d4"), seq, hash)); err != nil {
			return err
		}
		// Two letters done, indexed by Message-ID.
		for i := uint32(1); i <= 2; i++ {
			in := Inbound{Ref: inbox(3, i), MessageID: fmt.Sprintf("m%d@example.org", i), Size: 40, State: InboundDone,
				Received: t0, Finished: t0, Game: v3Playing, Verdict: "accepted", Archive: uint64(i)}
			v, err := encodeJSON(in)
			if err != nil {
				return err
			}
			if err := tx.Bucket(bucketInbound).Put(inboundKey(in.Ref), v); err != nil {
				return err
			}
			if err := tx.Bucket(bucketInboundID).Put(dedupeKey(in.MessageID, in.Digest), append([]byte{recordV1}, inboundKey(in.Ref)...)); err != nil {
				return err
			}
		}
		// The next event of the game in play.
		tk := timeKey(t0.Add(72 * 3600e9))
		if err := tx.Bucket(bucketEvents).Put(append(bytes.Clone(tk), v3Playing.Key()...), []byte{recordV1}); err != nil {
			return err
		}
		if err := tx.Bucket(bucketEventsByGame).Put([]byte(v3Playing.Key()), append([]byte{recordV1}, tk...)); err != nil {
			return err
		}
		// Two rulings, chained.
		rulings, index := tx.Bucket(bucketRulings), tx.Bucket(bucketRulingsIndex)
		var prev Digest
		var last uint64
		for i, g := range []GameID{v3Playing, {Tournament: v3Finished.Tournament}} {
			seq, _ := rulings.NextSequence()
			js, err := json.Marshal(rulingRecord{Seq: seq, Game: g, Time: t0, Kind: "penalty", Clause: "4.3.1", Reason: fmt.Sprintf("v3 ruling %d", i)})
			if err != nil {
				return err
			}
			v, h := chainRuling(prev, js)
			if err := rulings.Put(seqKey(seq), v); err != nil {
				return err
			}
			if err := index.Put(rulingIndexKey(g, seq), []byte{recordV1}); err != nil {
				return err
			}
			prev, last = h, seq
		}
		return tx.Bucket(bucketMeta).Put(metaRulingsHead, encodeHead(last, prev))
	})
}

func TestMigrate_V3(t *testing.T) {
	db, path := migrated(t, "schema-v3.db", *updateV3, buildV3, 3)
	view(t, db, func(tx *Tx) error {
		// Every state whole, byte for byte, as a head without chunks, on its anchor, and in play
		// unless its status says finished.
		for _, c := range []struct {
			g      GameID
			status string
			plies  []string
			anchor uint64
		}{
			{v3Playing, "playing", []string{"c3-d4", "b6-a5"}, 2},
			{v3Fresh, "playing", nil, 0},
			{v3Finished, "finished", []string{"c3-d4"}, 1},
		} {
			st, err := tx.Game(c.g)
			if err != nil {
				return err
			}
			if want := v3State(c.g, c.status, c.plies...); !bytes.Equal(st.Data, want) || st.Format != 1 {
				t.Errorf("game %s after migration: format %d\n%s\nwant\n%s", c.g, st.Format, st.Data, want)
			}
			parts, err := tx.GameParts(c.g)
			if err != nil {
				return err
			}
			if len(parts.Chunks) != 0 || parts.InPlay != (c.status != "finished") {
				t.Errorf("game %s after migration: chunks %v, in play %v", c.g, parts.Chunks, parts.InPlay)
			}
			r, err := decodeGameRecord(tx.bucket(bucketGames).Get([]byte(c.g.Key())))
			if err != nil || r.AnchorSeq != c.anchor {
				t.Errorf("game %s anchored to entry %d (%v), want %d as before", c.g, r.AnchorSeq, err, c.anchor)
			}
		}
		inPlay, err := tx.GamesInPlay()
		if err != nil {
			return err
		}
		if want := []GameID{v3Fresh, v3Playing}; !cmp.Equal(inPlay, want) {
			t.Errorf("games in play %v, want %v", inPlay, want)
		}
		if tx.TournamentsRevision() == 0 {
			t.Error("no revision of the tournaments after migration")
		}
		// The game before each letter, as version 3 kept it, is still read.
		var befores []string
		err = tx.ArchiveEntries(v3Playing, 1, func(e ArchiveEntry) error {
			st, ok, err := e.GameBefore()
			if err != nil || !ok {
				return fmt.Errorf("entry %d: the game before: %v, %v", e.Seq, ok, err)
			}
			befores = append(befores, string(st.Data))
			return nil
		})
		if err != nil {
			return err
		}
		if want := []string{string(v3State(v3Playing, "playing")), string(v3State(v3Playing, "playing", "c3-d4"))}; !cmp.Equal(befores, want) {
			t.Errorf("the games before the letters (-got +want):\n%s", cmp.Diff(befores, want))
		}
		rs, err := tx.Rulings(GameID{})
		if err != nil || len(rs) != 2 || rs[1].Reason != "v3 ruling 1" {
			t.Errorf("rulings after migration: %+v, %v", rs, err)
		}
		return nil
	})

	// The migrated game goes on in parts: a letter keeps its plies apart, the next letter finds
	// the game before it with its chunks, and everything verifies.
	head := `{"name":"3-7","plies":[{"text":"c1-b2"}],"status":"playing"}`
	items := []byte(`[{"text":"c3-d4"},{"text":"b6-a5"}]`)
	c := Chunk{List: "plies", Items: items}
	lists := []ChunkList{ChunkList{}.After(v3Playing, c)}
	for i, st := range []GameState{
		{Format: 1, Data: []byte(head), InPlay: true, Chunks: lists, NewChunks: []Chunk{c}},
		{Format: 1, Data: []byte(`{"plies":[],"status":"finished"}`), Chunks: lists},
	} {
		if _, err := db.ProcessLetter(LetterOutcome{Ref: inbox(3, uint32(10+i)), MessageID: fmt.Sprintf("after%d@example.org", i),
			Raw: letter("", fmt.Sprintf("after %d", i)), Received: t0, Now: t0, Game: v3Playing, Verdict: "accepted", State: &st}); err != nil {
			t.Fatal(err)
		}
	}
	view(t, db, func(tx *Tx) error {
		var last ArchiveEntry
		err := tx.ArchiveEntries(v3Playing, 1, func(e ArchiveEntry) error { last = e; return nil })
		if err != nil {
			return err
		}
		st, ok, err := last.GameBefore()
		if err != nil || !ok {
			return fmt.Errorf("the game before the last letter: %v, %v", ok, err)
		}
		var got, want any
		json.Unmarshal(st.Data, &got)
		json.Unmarshal([]byte(`{"name":"3-7","plies":[{"text":"c3-d4"},{"text":"b6-a5"},{"text":"c1-b2"}],"status":"playing"}`), &want)
		if !cmp.Equal(got, want) {
			t.Errorf("the game before the last letter (-got +want):\n%s", cmp.Diff(got, want))
		}
		if inPlay, _ := tx.GamesInPlay(); !cmp.Equal(inPlay, []GameID{v3Fresh}) {
			t.Errorf("games in play after the game finished: %v", inPlay)
		}
		return nil
	})
	closeChecked(t, db)

	// An edit after the migration is found.
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		v := bytes.Clone(tx.Bucket(bucketGames).Get([]byte(v3Finished.Key())))
		return tx.Bucket(bucketGames).Put([]byte(v3Finished.Key()), bytes.Replace(v, []byte("c3-d4"), []byte("c3-b4"), 1))
	})
	if _, err := Open(path, Options{}); !errors.Is(err, ErrDamaged) {
		t.Errorf("Open after an edit of a migrated game: %v, want ErrDamaged", err)
	}
}

// TestMigrate_V3Checks: a version-3 record edited before the migration is found by it, not
// sealed anew, and the file is left as it was.
func TestMigrate_V3Checks(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(v []byte) []byte
		want string
	}{
		{"a move", func(v []byte) []byte { return bytes.Replace(v, []byte("b6-a5"), []byte("b6-c5"), 1) }, "content does not match its seal"},
		{"the anchor", func(v []byte) []byte {
			v = bytes.Clone(v)
			binary.BigEndian.PutUint64(v[3:11], 1)
			var hash Digest
			copy(hash[:], v[11:43])
			seal := gameSealV3(v3Playing, 1, 1, hash, v[gameHeaderLenV3:])
			copy(v[43:75], seal[:])
			return v
		}, "sealed to archive entry 1, which the chain does not hold with that hash"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "postald.db")
			buildV3(t, path)
			rawUpdate(t, path, func(tx *bolt.Tx) error {
				v := tx.Bucket(bucketGames).Get([]byte(v3Playing.Key()))
				return tx.Bucket(bucketGames).Put([]byte(v3Playing.Key()), c.edit(v))
			})
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Open(path, Options{SkipCheck: true})
			var se *SealError
			if !errors.Is(err, ErrDamaged) || !errors.As(err, &se) || se.Game != v3Playing || !strings.Contains(err.Error(), "migrate schema 3 to 4") || !strings.Contains(se.Reason, c.want) {
				t.Errorf("Open of a version-3 file with an edited game: %v, want a SealError of %s saying %q", err, v3Playing, c.want)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Error("a failed migration changed the file")
			}
		})
	}
}

// migrated opens a copy of the frozen store testdata/name, of schema version from (rebuilt
// first by build when update is set), and checks what every migration must give: the current
// schema, the migration from that version logged, the buckets of a new file, and a store that
// verifies whole. It returns the open store and the copy's path.
func migrated(t *testing.T, name string, update bool, build func(*testing.T, string), from int) (*DB, string) {
	t.Helper()
	frozen := filepath.Join("testdata", name)
	if update {
		os.Remove(frozen)
		build(t, frozen)
	}
	path := frozenCopy(t, frozen)
	var logged bytes.Buffer
	db, err := Open(path, Options{Logger: newTextLogger(&logged)})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileSchema(t, db); got != SchemaVersion {
		t.Errorf("schema version %d after migration, want %d", got, SchemaVersion)
	}
	if step := fmt.Sprintf("from=%d to=%d", from, from+1); !strings.Contains(logged.String(), step) {
		t.Errorf("log does not report the migration %s:\n%s", step, logged.String())
	}
	if got, want := bucketNames(t, db), names(currentBuckets); !cmp.Equal(got, want) {
		t.Errorf("migrated buckets differ from a new file's (-got +want):\n%s", cmp.Diff(got, want))
	}
	if err := db.VerifyAll(); err != nil {
		t.Errorf("VerifyAll after migration: %v", err)
	}
	return db, path
}
