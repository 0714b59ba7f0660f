package store

import (
	"bytes"
	"testing"
)

func FuzzParseGameID(f *testing.F) {
	for _, s := range []string{"CT-2026/1/3-7", "СТ-2026/1/0307", "T/g", "T", "/", "T/", "/g", "a//b", "T\x00/g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGameID(s)
		if err != nil {
			return
		}
		if g.Key() != s {
			t.Fatalf("ParseGameID(%q).Key() = %q", s, g.Key())
		}
		again, err := ParseGameID(g.Key())
		if err != nil || again != g {
			t.Fatalf("round trip of %q: %+v, %v", s, again, err)
		}
		if err := g.validGame(); err != nil {
			t.Fatalf("parsed %q is not a valid game: %v", s, err)
		}
	})
}

// FuzzRecords feeds arbitrary bytes, as a damaged or hostile file would hold
// them, to every record decoder: none may panic, and an archive entry that
// decodes re-encodes to the same bytes.
func FuzzRecords(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{recordV1})
	f.Add(encodeGameV1(GameState{Format: 2, Data: []byte(`{"ply":3}`)}))
	f.Add(encodeHead(7, Digest{1, 2, 3}))
	if v, err := encodeRaw(OutboxItem{Seq: 1, MessageID: "a@b", To: []string{"c@d"}}, []byte("raw")); err == nil {
		f.Add(v)
	}
	if v, err := encodeJSON(Inbound{Ref: inbox(1, 2), State: InboundDone}); err == nil {
		f.Add(v)
	}
	db := openTemp(f)
	if err := db.Update(func(tx *Tx) error {
		_, err := tx.Archive(game37, ArchiveEntry{Direction: In, Time: t0, Verdict: "accepted", Raw: []byte("letter")})
		return err
	}); err != nil {
		f.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error {
		if err := tx.PutGame(game37, GameState{Format: 2, Data: []byte(`{"ply":3}`)}); err != nil {
			return err
		}
		_, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Entry: ruled("penalty"), Reason: "late"})
		return err
	}); err != nil {
		f.Fatal(err)
	}
	if err := db.View(func(tx *Tx) error {
		f.Add(bytes.Clone(tx.bucket(bucketArchive).Bucket([]byte(game37.Key())).Get(seqKey(1))))
		f.Add(bytes.Clone(tx.bucket(bucketGames).Get([]byte(game37.Key()))))
		f.Add(bytes.Clone(tx.bucket(bucketRulings).Get(seqKey(1))))
		return nil
	}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		decodeGame(b)
		if r, err := decodeGameRecord(b); err == nil {
			lists := 1
			for _, l := range r.State.Chunks {
				lists += 1 + len(l.List) + 4 + 32
			}
			if len(b) != gameHeaderLen+lists+len(r.State.Data) {
				t.Fatalf("game record %x decodes to %d bytes of state", b, len(r.State.Data))
			}
		}
		decodeChunk(b)
		decodeRuling(b)
		decodeHead(b)
		var it OutboxItem
		decodeRaw(b, &it)
		var in Inbound
		decodeJSON(b, &in)
		e, header, err := decodeEntry(b)
		if err != nil {
			return
		}
		// Rebuild the stored form from what was decoded, in the record version it was read in.
		var v []byte
		if b[0] == recordV1 {
			v = append([]byte{recordV1}, e.Prev[:]...)
			v = append(v, e.Hash[:]...)
			v = append(v, byte(len(header)>>24), byte(len(header)>>16), byte(len(header)>>8), byte(len(header)))
			v = append(v, header...)
			v = append(v, e.Raw...)
		} else {
			var flags byte
			if e.Pruned {
				flags |= entryPruned
			}
			if e.oldHash {
				flags |= entryOldHash
			}
			v = encodeEntry(flags, e.Prev, e.Hash, e.RawDigest, header, e.Raw)
		}
		if !bytes.Equal(v, b) {
			t.Fatalf("entry %x re-encodes as %x", b, v)
		}
	})
}
