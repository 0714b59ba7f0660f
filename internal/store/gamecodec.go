package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"postald/internal/referee"
)

// How a game is kept (architecture.md, "Scale": the cost of a letter must not grow with the
// length of the game). The store owns the game's record and its format: everyone reads and
// writes a referee.Game through LoadGame, DecodeGame and EncodeGame, never its JSON. A
// referee.Game is kept as its JSON (GameFormat), in
// parts: the plies and the history entries, the two lists that grow with every letter, go into
// chunks of chunkSize items each, written once when they fill and never again; the record keeps
// everything else (the position's FEN, the clocks, what each player owes, the variants, the
// status …) and the last plies and entries, fewer than chunkSize of each, in its head. A letter
// thus rewrites a head of a bounded size and, once every chunkSize plies, adds a chunk; the game
// before the letter, which the store keeps with it for `judge revert`, is that head and the
// references of the chunks, which never change.
//
// A game shorter than chunkSize plies and entries is one record holding the whole JSON, as in
// schema version 3 (and a game migrated from a version-3 file is so until it is next written).
// The referee.Game read and written is always the whole game: reading puts the chunks'
// items in front of the head's; writing splits it again and keeps, by comparing items, every
// chunk that did not change (a ruling that puts a game back as it was, judge revert, writes
// shorter lists: its chunks are those the game had then, found again by their references).
//
// Whoever reads games often keeps the chunks read, decoded, by reference (GameCache): a reference
// covers the chunk's content and its place, so a chunk once read never has to be read again,
// whatever changed since, and a letter reads no item of the game's older plies from the file.

// chunkSize is how many plies, or history entries, one chunk keeps.
const chunkSize = 16

// The members of referee.Game's JSON kept apart in chunks.
const (
	listPlies   = "plies"
	listHistory = "history"
)

// chunk is one chunk of a list as the office read or wrote it.
type gameChunk[T any] struct {
	ref   Digest
	items []T // chunkSize of them
}

// GameRead is what the office read of a game: the chunks of its lists, oldest first, so that
// the game written back keeps every chunk whose items did not change.
type GameRead struct {
	plies   []gameChunk[referee.Ply]
	history []gameChunk[referee.Entry]
}

// GameCache holds decoded chunks by reference; bounded by maxCachedChunks (about 10 MB), it is
// emptied when full.
type GameCache struct {
	mu     sync.Mutex
	chunks map[Digest]cachedChunk
}

// maxCachedChunks bounds the chunks the office keeps decoded.
const maxCachedChunks = 4096

// cachedChunk is a chunk as stored: its place, the reference before it, its decoded items
// ([]referee.Ply or []referee.Entry, never changed).
type cachedChunk struct {
	index uint32
	prev  Digest
	items any
}

func (c *GameCache) get(ref Digest) (cachedChunk, bool) {
	if c == nil {
		return cachedChunk{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	x, ok := c.chunks[ref]
	return x, ok
}

func (c *GameCache) put(ref Digest, x cachedChunk) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.chunks == nil || len(c.chunks) >= maxCachedChunks {
		c.chunks = make(map[Digest]cachedChunk)
	}
	c.chunks[ref] = x
}

// GameFormat is the version of the referee.Game JSON a game's record holds.
const GameFormat = 1

// LoadGame reads game id, whole, reading the chunks cache does not hold (cache may be nil), with
// what was read of it (GameRead) for EncodeGame to write it back keeping its chunks.
func (tx *Tx) LoadGame(id GameID, cache *GameCache) (referee.Game, *GameRead, error) {
	st, err := tx.GameParts(id)
	if err != nil {
		return referee.Game{}, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	g, err := DecodeGame(id, st.Data)
	if err != nil {
		return referee.Game{}, nil, err
	}
	sg := &GameRead{}
	for _, l := range st.Chunks {
		switch l.List {
		case listPlies:
			sg.plies, err = readGameChunks[referee.Ply](tx, id, l, cache)
		case listHistory:
			sg.history, err = readGameChunks[referee.Entry](tx, id, l, cache)
		default:
			err = fmt.Errorf("list %q kept apart, which the office does not keep", l.List)
		}
		if err != nil {
			return referee.Game{}, nil, fmt.Errorf("load game %s: %w", id, err)
		}
	}
	g.Plies = joinGameItems(sg.plies, g.Plies)
	g.History = joinGameItems(sg.history, g.History)
	return g, sg, nil
}

// readGameChunks returns the chunks of list l of game id, oldest first.
func readGameChunks[T any](tx *Tx, id GameID, l ChunkList, cache *GameCache) ([]gameChunk[T], error) {
	out := make([]gameChunk[T], l.Chunks)
	ref := l.Last
	for i := int(l.Chunks) - 1; i >= 0; i-- {
		x, ok := cache.get(ref)
		if !ok {
			c, err := tx.Chunk(id, l.List, ref)
			if err != nil {
				return nil, err
			}
			var items []T
			if err := json.Unmarshal(c.Items, &items); err != nil {
				return nil, fmt.Errorf("chunk %d of %s: %w", c.Index, l.List, err)
			}
			x = cachedChunk{index: c.Index, prev: c.Prev, items: items}
			cache.put(ref, x)
		}
		items, ok := x.items.([]T)
		if !ok || x.index != uint32(i) {
			return nil, fmt.Errorf("chunk %d of %s is not in its place", i, l.List)
		}
		out[i] = gameChunk[T]{ref: ref, items: items}
		ref = x.prev
	}
	return out, nil
}

// DecodeGame reads the JSON of game id as stored — its head (the game without the plies and
// entries of its chunks: enough for its status, clocks and position), or a whole game (the game
// before a letter, ArchiveEntry.GameBefore). The game is named by id; the tournament's data a
// postald of before the referee's tables kept in it are not read.
func DecodeGame(id GameID, data []byte) (referee.Game, error) {
	var g referee.Game
	if err := json.Unmarshal(data, &g); err != nil {
		return referee.Game{}, fmt.Errorf("load game %s: %w", id, err)
	}
	g.Tournament, g.Name = id.Tournament, id.Game
	return g, nil
}

// joinGameItems returns the items of the chunks followed by tail, in a slice of their own.
func joinGameItems[T any](chunks []gameChunk[T], tail []T) []T {
	if len(chunks) == 0 {
		return tail
	}
	n := len(tail)
	for _, c := range chunks {
		n += len(c.items)
	}
	out := make([]T, 0, n)
	for _, c := range chunks {
		out = append(out, c.items...)
	}
	return append(out, tail...)
}

// EncodeGame returns g as the store keeps it: the plies and history entries in chunks of
// chunkSize but the last ones (fewer than chunkSize of each) in the head with the rest of the
// game. The chunks of prior (what was read of the game; nil: nothing) whose items did not change
// are kept; new chunks are in NewChunks (a chunk the store holds already is not written again)
// and are put in cache, decoded, for the next letter.
func EncodeGame(id GameID, g referee.Game, prior *GameRead, cache *GameCache) (GameState, error) {
	st := GameState{Format: GameFormat, InPlay: g.Status != referee.StatusFinished}
	var old GameRead
	if prior != nil {
		old = *prior
	}
	head := g
	var err error
	if head.Plies, err = splitGameItems(&st, id, listPlies, g.Plies, old.plies, samePly, cache); err != nil {
		return GameState{}, err
	}
	if head.History, err = splitGameItems(&st, id, listHistory, g.History, old.history, sameEntry, cache); err != nil {
		return GameState{}, err
	}
	if st.Data, err = json.Marshal(head); err != nil {
		return GameState{}, fmt.Errorf("encode game %s: %w", id, err)
	}
	return st, nil
}

// splitGameItems puts the full chunks of items into st (list name) and returns the items left for
// the head. A chunk of old whose items are the same, after the same chunks, is kept as it is.
func splitGameItems[T any](st *GameState, id GameID, name string, items []T, old []gameChunk[T], same func(a, b T) bool, cache *GameCache) ([]T, error) {
	n := len(items) / chunkSize
	if n == 0 {
		return items, nil
	}
	var l ChunkList
	kept := true
	for i := range n {
		part := items[i*chunkSize : (i+1)*chunkSize]
		if kept = kept && i < len(old) && slices.EqualFunc(old[i].items, part, same); kept {
			l = ChunkList{List: name, Chunks: uint32(i + 1), Last: old[i].ref}
			continue
		}
		js, err := json.Marshal(part)
		if err != nil {
			return nil, fmt.Errorf("encode game %s: %s: %w", id, name, err)
		}
		c := Chunk{List: name, Index: uint32(i), Prev: l.Last, Items: js}
		st.NewChunks = append(st.NewChunks, c)
		l = l.After(id, c)
		if cache != nil {
			cache.put(l.Last, cachedChunk{index: c.Index, prev: c.Prev, items: slices.Clone(part)})
		}
	}
	st.Chunks = append(st.Chunks, l)
	tail := items[n*chunkSize:]
	if tail == nil {
		tail = []T{} // plies are written as [] rather than null, as the whole game writes them
	}
	return tail, nil
}

// samePly reports whether two plies are the same.
func samePly(a, b referee.Ply) bool { return a == b }

// sameEntry reports whether two history entries are the same.
func sameEntry(a, b referee.Entry) bool {
	return a.Date == b.Date && a.Letter == b.Letter && a.From == b.From && a.Verdict == b.Verdict &&
		a.Note == b.Note && slices.Equal(a.Clauses, b.Clauses) && slices.Equal(a.Faults, b.Faults) &&
		(a.Words == nil) == (b.Words == nil) && (a.Words == nil || *a.Words == *b.Words)
}

// GameStatus returns the status of game id, from its record's head alone.
func (tx *Tx) GameStatus(id GameID) (referee.Status, error) {
	st, err := tx.GameParts(id)
	if err != nil {
		return "", err
	}
	g, err := DecodeGame(id, st.Data)
	return g.Status, err
}
