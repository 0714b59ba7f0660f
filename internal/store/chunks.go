package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Chunks (since schema version 4). A game's state may keep the older items of some of its
// top-level arrays apart from its record, in chunks: each chunk is a JSON array of items, the
// chunks of one array form a chain (each names the one before it), and the game's record names
// only the last chunk of each chain and how many there are. A chunk is never changed or removed:
// it is named by its reference, a SHA-256 over the game, the array, its place in the chain, the
// chunk before it and its items, so that a record put back as it was before a letter (judge
// revert) finds its chunks as they were, and a record that names a chunk covers, through the
// references, every item before it.

// ChunkList is one array of a game's state kept apart in chunks.
type ChunkList struct {
	List   string `json:"list"`   // the array's member in the state's JSON object
	Chunks uint32 `json:"chunks"` // how many chunks it has
	Last   Digest `json:"last"`   // the reference of the last
}

// Chunk is one chunk of a list kept apart.
type Chunk struct {
	List  string // the array it belongs to
	Index uint32 // its place in the list's chain: 0 for the first
	Prev  Digest // the reference of the chunk before it; zero for the first
	Items []byte // a JSON array: the items, oldest first
}

// Ref is the chunk's reference as a chunk of game g: SHA-256("postald chunk" 0 key 0 list 0
// index prev items).
func (c Chunk) Ref(g GameID) Digest {
	h := sha256.New()
	h.Write([]byte("postald chunk\x00" + g.Key() + "\x00" + c.List + "\x00"))
	h.Write(binary.BigEndian.AppendUint32(nil, c.Index))
	h.Write(c.Prev[:])
	h.Write(c.Items)
	var d Digest
	h.Sum(d[:0])
	return d
}

// After returns list l with c appended: c must be the chunk that follows l's last.
func (l ChunkList) After(g GameID, c Chunk) ChunkList {
	return ChunkList{List: c.List, Chunks: c.Index + 1, Last: c.Ref(g)}
}

// chunkKey is the game_chunks key of the chunk of game g whose reference is ref.
func chunkKey(g GameID, ref Digest) []byte {
	k := make([]byte, 0, len(g.Key())+1+len(ref))
	k = append(k, g.Key()...)
	k = append(k, 0)
	return append(k, ref[:]...)
}

// encodeChunk is the stored value of c: recordV1, index, previous reference, the list's name
// (length-prefixed) and the items.
func encodeChunk(c Chunk) []byte {
	v := make([]byte, 0, 1+4+32+1+len(c.List)+len(c.Items))
	v = append(v, recordV1)
	v = binary.BigEndian.AppendUint32(v, c.Index)
	v = append(v, c.Prev[:]...)
	v = append(v, byte(len(c.List)))
	v = append(v, c.List...)
	return append(v, c.Items...)
}

// decodeChunk reads a stored chunk; its reference is not checked. Items is not copied.
func decodeChunk(v []byte) (Chunk, error) {
	const fixed = 1 + 4 + 32 + 1
	if len(v) < fixed || v[0] != recordV1 || len(v) < fixed+int(v[fixed-1]) {
		return Chunk{}, fmt.Errorf("bad chunk record")
	}
	c := Chunk{Index: binary.BigEndian.Uint32(v[1:5])}
	copy(c.Prev[:], v[5:37])
	n := int(v[fixed-1])
	c.List = string(v[fixed : fixed+n])
	c.Items = v[fixed+n:]
	return c, nil
}

// validList checks the name of a list kept apart.
func validList(name string) error {
	if name == "" || len(name) > 255 || strings.ContainsRune(name, 0) {
		return invalidf("list name %q", name)
	}
	return nil
}

// putChunk stores chunk c of game g unless the store holds it: the chunk before it must be held.
func (tx *Tx) putChunk(g GameID, c Chunk) error {
	if err := validList(c.List); err != nil {
		return err
	}
	if d := bytes.TrimLeft(c.Items, " \t\r\n"); len(d) == 0 || d[0] != '[' || !json.Valid(c.Items) {
		return invalidf("chunk %d of %s: the items are not a JSON array", c.Index, c.List)
	}
	b := tx.bucket(bucketGameChunks)
	ref := c.Ref(g)
	if b.Get(chunkKey(g, ref)) != nil {
		return nil // the same chunk: its reference covers every byte of it
	}
	if c.Index == 0 {
		if c.Prev != (Digest{}) {
			return invalidf("chunk 0 of %s follows a chunk", c.List)
		}
	} else if err := argument(tx.checkList(g, ChunkList{List: c.List, Chunks: c.Index, Last: c.Prev})); err != nil {
		return err
	}
	if err := b.Put(chunkKey(g, ref), encodeChunk(c)); err != nil {
		return fmt.Errorf("chunk %d of %s: %w", c.Index, c.List, err)
	}
	return nil
}

// Chunk returns the chunk of game g's list whose reference is ref, checked against it. A chunk
// that is missing or does not match is a *SealError: the game's record names it.
func (tx *Tx) Chunk(g GameID, list string, ref Digest) (Chunk, error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return Chunk{}, err
		}
		c, err := a.Chunk(g, list, ref)
		return c, a.archivedErr(err)
	}
	v := tx.bucket(bucketGameChunks).Get(chunkKey(g, ref))
	if v == nil {
		return Chunk{}, &SealError{Game: g, Reason: fmt.Sprintf("chunk %s of %s is missing", ref, list)}
	}
	c, err := decodeChunk(v)
	if err != nil {
		return Chunk{}, &SealError{Game: g, Reason: fmt.Sprintf("chunk %s of %s: %v", ref, list, err)}
	}
	if c.List != list {
		return Chunk{}, &SealError{Game: g, Reason: fmt.Sprintf("chunk %s of %s belongs to %s", ref, list, c.List)}
	}
	if c.Ref(g) != ref {
		return Chunk{}, &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s does not match its reference", c.Index, list)}
	}
	c.Items = bytes.Clone(c.Items)
	return c, nil
}

// ChunkItems returns the items of every chunk of list l of game g, oldest chunk first, each
// checked against its reference and its link to the chunk before it.
func (tx *Tx) ChunkItems(g GameID, l ChunkList) ([][]byte, error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return nil, err
		}
		items, err := a.ChunkItems(g, l)
		return items, a.archivedErr(err)
	}
	out := make([][]byte, l.Chunks)
	ref := l.Last
	for i := int(l.Chunks) - 1; i >= 0; i-- {
		c, err := tx.Chunk(g, l.List, ref)
		if err != nil {
			return nil, err
		}
		if c.Index != uint32(i) {
			return nil, &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s is in place %d", c.Index, l.List, i)}
		}
		out[i], ref = c.Items, c.Prev
	}
	if ref != (Digest{}) {
		return nil, &SealError{Game: g, Reason: fmt.Sprintf("the first chunk of %s follows another", l.List)}
	}
	return out, nil
}

// checkList checks that the store holds the last chunk of list l of game g, in its place.
func (tx *Tx) checkList(g GameID, l ChunkList) error {
	if err := validList(l.List); err != nil {
		return err
	}
	if l.Chunks == 0 {
		return &SealError{Game: g, Reason: fmt.Sprintf("list %s kept apart in no chunk", l.List)}
	}
	v := tx.bucket(bucketGameChunks).Get(chunkKey(g, l.Last))
	if v == nil {
		return &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s is missing", l.Chunks-1, l.List)}
	}
	c, err := decodeChunk(v)
	switch {
	case err != nil:
		return &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s: %v", l.Chunks-1, l.List, err)}
	case c.List != l.List || c.Index != l.Chunks-1:
		return &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s is chunk %d of %s", l.Chunks-1, l.List, c.Index, c.List)}
	}
	return nil
}

// argument is err of a check made of what a caller asks the store to write: a chunk it names
// that the store does not hold is its mistake (ErrInvalid), not damage.
func argument(err error) error {
	var se *SealError
	if errors.As(err, &se) {
		return invalidf("%s", se.Reason)
	}
	return err
}

// checkLists is checkList for each list.
func (tx *Tx) checkLists(g GameID, ls []ChunkList) error {
	for _, l := range ls {
		if err := tx.checkList(g, l); err != nil {
			return err
		}
	}
	return nil
}

// verifyChunks checks every chunk the store holds whose key starts with prefix (all of them, or
// a game's: its key and 0x00): its key, its reference, and its link to the chunk before it
// (held, of the same game and list, one place earlier), so that every chain of chunks that a
// record or an archived game names is whole.
func (tx *Tx) verifyChunks(prefix []byte) error {
	c := tx.bucket(bucketGameChunks).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := tx.verifyChunk(k, v); err != nil {
			return err
		}
	}
	return nil
}

// verifyChunk checks the stored chunk v under key k (see verifyChunks).
func (tx *Tx) verifyChunk(k, v []byte) error {
	n := len(Digest{})
	if len(k) < n+2 || k[len(k)-n-1] != 0 {
		return &SealError{Game: GameID{Tournament: fmt.Sprintf("%q", k)}, Reason: "a chunk's key is not game 0 reference"}
	}
	g, err := ParseGameID(string(k[:len(k)-n-1]))
	if err != nil {
		return &SealError{Game: GameID{Tournament: fmt.Sprintf("%q", k)}, Reason: "a chunk's key names no game"}
	}
	var ref Digest
	copy(ref[:], k[len(k)-n:])
	c, err := decodeChunk(v)
	if err != nil {
		return &SealError{Game: g, Reason: fmt.Sprintf("chunk %s: %v", ref, err)}
	}
	if c.Ref(g) != ref {
		return &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s does not match its reference", c.Index, c.List)}
	}
	if c.Index == 0 {
		if c.Prev != (Digest{}) {
			return &SealError{Game: g, Reason: fmt.Sprintf("the first chunk of %s follows another", c.List)}
		}
		return nil
	}
	return tx.checkList(g, ChunkList{List: c.List, Chunks: c.Index, Last: c.Prev})
}

// joinChunks returns head, a JSON object, with the items of the chunks of lists put in front of
// the head's own items of each array. The members come out in the order of their names.
func (tx *Tx) joinChunks(g GameID, head []byte, lists []ChunkList) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(head, &m); err != nil {
		return nil, &SealError{Game: g, Reason: fmt.Sprintf("a state kept in parts: its head: %v", err)}
	}
	for _, l := range lists {
		chunks, err := tx.ChunkItems(g, l)
		if err != nil {
			return nil, err
		}
		var items []json.RawMessage
		for i, c := range chunks {
			var part []json.RawMessage
			if err := json.Unmarshal(c, &part); err != nil {
				return nil, &SealError{Game: g, Reason: fmt.Sprintf("chunk %d of %s: %v", i, l.List, err)}
			}
			items = append(items, part...)
		}
		if own := m[l.List]; len(own) > 0 && string(own) != "null" {
			var tail []json.RawMessage
			if err := json.Unmarshal(own, &tail); err != nil {
				return nil, &SealError{Game: g, Reason: fmt.Sprintf("a state kept in parts: member %s of its head: %v", l.List, err)}
			}
			items = append(items, tail...)
		}
		js, err := json.Marshal(items)
		if err != nil {
			return nil, err
		}
		m[l.List] = js
	}
	return json.Marshal(m)
}

// TournamentsRevision is the tournaments' revision: a value that changes whenever a start sheet
// is stored, a game is added, or a game enters or leaves play, in whatever process, so that a
// cache of the sheets and of the games in play is valid as long as the revision it was read at
// is the store's. Each change makes the revision a hash of the one before and of the change
// itself (what was stored), not a count: a transaction rolled back after a cache read what it
// wrote must not leave that cache valid under a revision a different change commits later.
// Zero in a file that never had a tournament or a game.
func (tx *Tx) TournamentsRevision() uint64 {
	v := tx.bucket(bucketMeta).Get(metaRevision)
	if len(v) != 9 || v[0] != recordV1 {
		return 0
	}
	return binary.BigEndian.Uint64(v[1:])
}

// bumpRevision gives the tournaments their next revision: the first 8 bytes of SHA-256("postald
// revision" 0 previous revision ‖ each part of the change, length first).
func (tx *Tx) bumpRevision(change ...[]byte) error {
	h := sha256.New()
	h.Write([]byte("postald revision\x00"))
	h.Write(binary.BigEndian.AppendUint64(nil, tx.TournamentsRevision()))
	for _, p := range change {
		h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(p))))
		h.Write(p)
	}
	r := binary.BigEndian.Uint64(h.Sum(nil)) | 1 // never zero
	if err := tx.bucket(bucketMeta).Put(metaRevision, binary.BigEndian.AppendUint64([]byte{recordV1}, r)); err != nil {
		return fmt.Errorf("put %s: %w", metaRevision, err)
	}
	return nil
}

// GamesInPlay returns the games whose record says they are in play (GameState.InPlay), in key
// order.
func (tx *Tx) GamesInPlay() ([]GameID, error) {
	var out []GameID
	err := tx.bucket(bucketInPlay).ForEach(func(k, _ []byte) error {
		g, err := ParseGameID(string(k))
		if err != nil {
			return &SealError{Game: GameID{Tournament: string(k)}, Reason: "indexed as in play under a key that names no game"}
		}
		out = append(out, g)
		return nil
	})
	return out, err
}
