package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
)

// GameID names a game: the tournament's code and the game's code within it
// ("СТ-2026/1" and "3-7"). A GameID with an empty Game names the tournament
// itself (for its own archive chain and for rulings about it).
type GameID struct {
	Tournament string
	Game       string
}

// Key is the game's key in the store, "tournament/game" (the form of the
// X-Postald-Game header); the tournament's own key ends in "/".
func (g GameID) Key() string { return g.Tournament + "/" + g.Game }

// String is Key.
func (g GameID) String() string { return g.Key() }

// IsZero reports whether g names nothing.
func (g GameID) IsZero() bool { return g == GameID{} }

// ParseGameID reads "tournament/game", splitting at the last "/": a
// tournament code may contain "/" ("СТ-2026/1/3-7"), a game code may not.
func ParseGameID(s string) (GameID, error) {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return GameID{}, invalidf("game %q: want tournament/game", s)
	}
	g := GameID{Tournament: s[:i], Game: s[i+1:]}
	if err := g.validTournament(); err != nil {
		return GameID{}, err
	}
	if err := g.validGame(); err != nil {
		return GameID{}, err
	}
	return g, nil
}

// parseKey reads a key written by Key: a game's, or a tournament's
// ("tournament/").
func parseKey(k string) (GameID, error) {
	if t, ok := strings.CutSuffix(k, "/"); ok {
		g := GameID{Tournament: t}
		return g, g.validTournament()
	}
	return ParseGameID(k)
}

func (g GameID) validTournament() error {
	if g.Tournament == "" || !utf8.ValidString(g.Tournament) || strings.ContainsRune(g.Tournament, 0) {
		return invalidf("tournament code %q", g.Tournament)
	}
	return nil
}

// validGame checks g names a game (not just a tournament).
func (g GameID) validGame() error {
	if err := g.validTournament(); err != nil {
		return err
	}
	if g.Game == "" || !utf8.ValidString(g.Game) || strings.ContainsAny(g.Game, "/\x00") {
		return invalidf("game code %q in tournament %q", g.Game, g.Tournament)
	}
	return nil
}

// validChain checks g names a game or a tournament.
func (g GameID) validChain() error {
	if err := g.validTournament(); err != nil {
		return err
	}
	if g.Game != "" {
		return g.validGame()
	}
	return nil
}

// GameState is a game's state as the caller serialises it. The store does not look inside Data
// beyond what is written here: Format is the caller's version of its shape, so that it can read
// old states, and InPlay says whether letters can still change the game.
//
// Since schema version 4 a state may be kept in parts, so that a letter does not rewrite the
// whole of a long game: Data is then a JSON object, the head, and the older items of some of
// its top-level arrays (named by the caller; postald's office keeps the plies and the history
// entries so) are kept apart in chunks, each a JSON array, chained per array (Chunks). Tx.Game
// returns the state whole (the chunks' items put back in front of the head's own items of each
// array); Tx.GameParts returns it as stored.
type GameState struct {
	Format uint16
	Data   []byte
	// InPlay marks a game that letters can still change (the caller's word: postald's office
	// sets it for every game not finished). The store keeps the index of the games in play and
	// changes the tournaments' revision when a game enters or leaves it.
	InPlay bool
	// Chunks are the arrays kept apart, each with its chunks in the store; nil when Data holds
	// the whole state.
	Chunks []ChunkList
	// NewChunks, when the state is written, are chunks that Chunks refer to and the store does not
	// hold yet: PutGame stores them first (a chunk already held is not written again).
	NewChunks []Chunk
}

// gameRecord is a game record as stored (schema version 4, recordV3).
type gameRecord struct {
	State      GameState // Data is the head; Chunks as stored
	AnchorSeq  uint64    // the entry of the game's archive chain that was last when it was written
	AnchorHash Digest    // that entry's hash
	Seal       Digest    // gameSeal of the rest
}

// gameHeaderLen is the length of a game record before its lists of chunks: version, format,
// flags, anchor sequence and hash, seal.
const gameHeaderLen = 1 + 2 + 1 + 8 + 32 + 32

// gameInPlay is the flag of a game record whose game is in play.
const gameInPlay byte = 1

// gameSeal is the seal of game record v of game g: SHA-256("postald game" 0 key 0 ‖ the record
// without its seal field), so that the seal covers the version, format, flags, anchor, the lists
// of chunks (and through their references every chunk) and the head.
func gameSeal(g GameID, v []byte) Digest {
	h := sha256.New()
	h.Write([]byte("postald game\x00" + g.Key() + "\x00"))
	h.Write(v[:gameHeaderLen-32])
	h.Write(v[gameHeaderLen:])
	var d Digest
	h.Sum(d[:0])
	return d
}

// sealGame encodes st as the record of game g, sealed to the head of g's archive chain in heads
// (the archive_head bucket).
func sealGame(heads *bolt.Bucket, g GameID, st GameState) ([]byte, error) {
	seq, hash, err := headIn(heads, []byte(g.Key()))
	if err != nil {
		return nil, fmt.Errorf("archive head: %w", err)
	}
	return encodeGameRecord(g, st, seq, hash)
}

// encodeGameRecord encodes st as the record of game g anchored to archive entry seq (whose hash
// is hash) and seals it.
func encodeGameRecord(g GameID, st GameState, seq uint64, hash Digest) ([]byte, error) {
	if len(st.Chunks) > 255 {
		return nil, invalidf("game %s: %d lists of chunks", g, len(st.Chunks))
	}
	b := make([]byte, 0, gameHeaderLen+1+len(st.Chunks)*48+len(st.Data))
	b = append(b, recordV3)
	b = binary.BigEndian.AppendUint16(b, st.Format)
	var flags byte
	if st.InPlay {
		flags |= gameInPlay
	}
	b = append(b, flags)
	b = append(b, seqKey(seq)...)
	b = append(b, hash[:]...)
	b = append(b, make([]byte, 32)...) // the seal, below
	b = append(b, byte(len(st.Chunks)))
	for _, l := range st.Chunks {
		b = append(b, byte(len(l.List)))
		b = append(b, l.List...)
		b = binary.BigEndian.AppendUint32(b, l.Chunks)
		b = append(b, l.Last[:]...)
	}
	b = append(b, st.Data...)
	seal := gameSeal(g, b)
	copy(b[gameHeaderLen-32:gameHeaderLen], seal[:])
	return b, nil
}

// decodeGame reads the state out of a game record of version 1 and 2 (recordV1), or out of a
// game record of the games bucket without checking its seal: for a record kept elsewhere than
// the games bucket (the game before a letter in entries of old files, prior.go), which the hash
// of the archive entry holding it covers.
func decodeGame(b []byte) (GameState, error) {
	if len(b) >= 3 && b[0] == recordV1 {
		return GameState{Format: binary.BigEndian.Uint16(b[1:3]), Data: bytes.Clone(b[3:])}, nil
	}
	r, err := decodeGameRecord(b)
	return r.State, err
}

// decodeGameRecord reads a game record of the games bucket; the seal is read, not checked.
func decodeGameRecord(b []byte) (gameRecord, error) {
	if len(b) < gameHeaderLen+1 || b[0] != recordV3 {
		return gameRecord{}, fmt.Errorf("game record: bad header")
	}
	r := gameRecord{
		State:     GameState{Format: binary.BigEndian.Uint16(b[1:3]), InPlay: b[3]&gameInPlay != 0},
		AnchorSeq: binary.BigEndian.Uint64(b[4:12]),
	}
	if b[3]&^gameInPlay != 0 {
		return gameRecord{}, fmt.Errorf("game record: unknown flags %#x", b[3])
	}
	copy(r.AnchorHash[:], b[12:44])
	copy(r.Seal[:], b[44:76])
	rest := b[gameHeaderLen:]
	n := int(rest[0])
	rest = rest[1:]
	for range n {
		if len(rest) < 1 || len(rest) < 1+int(rest[0])+4+32 {
			return gameRecord{}, fmt.Errorf("game record: its lists of chunks are cut short")
		}
		k := int(rest[0])
		l := ChunkList{List: string(rest[1 : 1+k]), Chunks: binary.BigEndian.Uint32(rest[1+k:])}
		copy(l.Last[:], rest[1+k+4:])
		r.State.Chunks = append(r.State.Chunks, l)
		rest = rest[1+k+4+32:]
	}
	r.State.Data = bytes.Clone(rest)
	return r, nil
}

// verifyGame checks the stored record v of game g: its seal, that the entry of g's archive chain
// it is anchored to exists with that hash, and that the last chunk of every list it keeps apart
// is held (the chunks before it are checked when they are read, and all of them by the deep
// check). It returns the state as stored, in parts.
func (tx *Tx) verifyGame(g GameID, v []byte) (GameState, error) {
	r, err := decodeGameRecord(v)
	if err != nil {
		return GameState{}, &SealError{Game: g, Reason: err.Error()}
	}
	if gameSeal(g, v) != r.Seal {
		return GameState{}, &SealError{Game: g, Reason: "content does not match its seal"}
	}
	if err := tx.checkLists(g, r.State.Chunks); err != nil {
		return GameState{}, err
	}
	if r.AnchorSeq == 0 {
		if r.AnchorHash != (Digest{}) {
			return GameState{}, &SealError{Game: g, Reason: "sealed to no archive entry but with a hash"}
		}
		return r.State, nil
	}
	var entry []byte
	if b := tx.bucket(bucketArchive).Bucket([]byte(g.Key())); b != nil {
		entry = b.Get(seqKey(r.AnchorSeq))
	}
	switch h, ok := storedEntryHash(entry); {
	case entry == nil:
		return GameState{}, &SealError{Game: g, Reason: fmt.Sprintf("sealed to archive entry %d, which the chain does not hold", r.AnchorSeq)}
	case !ok || h != r.AnchorHash:
		return GameState{}, &SealError{Game: g, Reason: fmt.Sprintf("sealed to archive entry %d, whose hash is not the one sealed", r.AnchorSeq)}
	}
	return r.State, nil
}

// Game returns the state of game g, whole (the chunks of a state kept in parts put back into
// Data), or ErrNotFound; a record or a chunk that does not verify is a *SealError.
func (tx *Tx) Game(g GameID) (GameState, error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return GameState{}, err
		}
		st, err := a.Game(g)
		return st, a.archivedErr(err)
	}
	st, err := tx.GameParts(g)
	if err != nil || len(st.Chunks) == 0 {
		return st, err
	}
	data, err := tx.joinChunks(g, st.Data, st.Chunks)
	if err != nil {
		return GameState{}, err
	}
	st.Data, st.Chunks = data, nil
	return st, nil
}

// GameParts returns the state of game g as it is stored: Data is the head and Chunks the lists
// kept apart, whose chunks Tx.Chunk reads. The record is verified as Tx.Game verifies it.
func (tx *Tx) GameParts(g GameID) (GameState, error) {
	if err := g.validGame(); err != nil {
		return GameState{}, err
	}
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return GameState{}, err
		}
		st, err := a.GameParts(g)
		return st, a.archivedErr(err)
	}
	v := tx.bucket(bucketGames).Get([]byte(g.Key()))
	if v == nil {
		return GameState{}, fmt.Errorf("game %s: %w", g, ErrNotFound)
	}
	return tx.verifyGame(g, v)
}

// PutGame stores the state of game g, replacing the previous one, sealed to the last entry of
// the game's archive chain: first st.NewChunks, then the record. Every list of st.Chunks must
// name its last chunk, held by the store or among st.NewChunks; with lists, Data must be a JSON
// object. A new game, or one that enters or leaves play, changes the tournaments' revision.
func (tx *Tx) PutGame(g GameID, st GameState) error {
	if err := g.validGame(); err != nil {
		return err
	}
	if err := tx.refuseArchived(g.Tournament); err != nil {
		return err
	}
	for _, c := range st.NewChunks {
		if err := tx.putChunk(g, c); err != nil {
			return fmt.Errorf("put game %s: %w", g, err)
		}
	}
	if len(st.Chunks) > 0 {
		if d := bytes.TrimLeft(st.Data, " \t\r\n"); len(d) == 0 || d[0] != '{' {
			return invalidf("game %s: a state kept in parts must be a JSON object", g)
		}
	}
	seen := map[string]bool{}
	for _, l := range st.Chunks {
		if seen[l.List] {
			return invalidf("game %s: list %q kept apart twice", g, l.List)
		}
		seen[l.List] = true
		if err := argument(tx.checkList(g, l)); err != nil {
			return fmt.Errorf("put game %s: %w", g, err)
		}
	}
	v, err := sealGame(tx.bucket(bucketArchiveHead), g, st)
	if err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	games, key := tx.bucket(bucketGames), []byte(g.Key())
	old := games.Get(key)
	changed := len(old) < gameHeaderLen || (old[3]&gameInPlay != 0) != st.InPlay // a new game, or in play no more or again
	if err := games.Put(key, v); err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	if err := tx.markUnverified(key); err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	if !changed {
		return nil
	}
	// The index of the games in play, and the revision that tells a cache of it that it changed.
	if st.InPlay {
		err = tx.bucket(bucketInPlay).Put(key, []byte{recordV1})
	} else {
		err = tx.bucket(bucketInPlay).Delete(key)
	}
	if err != nil {
		return fmt.Errorf("put game %s: in play: %w", g, err)
	}
	return tx.bumpRevision([]byte("game"), key, v[1:4])
}

// verifyGames checks the record of every game (see verifyGame), every chunk (its reference and
// its link to the chunk before it, so that every list of chunks is whole) and the index of the
// games in play against the records.
func (tx *Tx) verifyGames() error {
	inPlay := tx.bucket(bucketInPlay)
	err := tx.bucket(bucketGames).ForEach(func(k, v []byte) error {
		g, err := ParseGameID(string(k))
		if err != nil {
			return &SealError{Game: GameID{Tournament: string(k)}, Reason: "the key is not tournament/game"}
		}
		st, err := tx.verifyGame(g, v)
		if err != nil {
			return err
		}
		if st.InPlay != (inPlay.Get(k) != nil) {
			return &SealError{Game: g, Reason: fmt.Sprintf("the index of the games in play does not agree with its record (in play: %v)", st.InPlay)}
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = inPlay.ForEach(func(k, _ []byte) error {
		if tx.bucket(bucketGames).Get(k) == nil {
			return &SealError{Game: GameID{Tournament: string(k)}, Reason: "indexed as in play, but the store holds no such game"}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return tx.verifyChunks(nil)
}

// Games returns the games of a tournament in key order; an empty tournament
// code returns every game.
//
// The games of an archived tournament are those of its archive file; the list of every game
// holds the games of the tournaments in the store only.
func (tx *Tx) Games(tournament string) ([]GameID, error) {
	if a, err := tx.archivedTx(tournament); err != nil || a != nil {
		if err != nil {
			return nil, err
		}
		ids, err := a.Games(tournament)
		return ids, a.archivedErr(err)
	}
	var out []GameID
	prefix := []byte(tournament + "/")
	if tournament == "" {
		prefix = nil
	}
	c := tx.bucket(bucketGames).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		g, err := ParseGameID(string(k))
		if err != nil {
			return nil, fmt.Errorf("game key %q: %w", k, err)
		}
		if tournament == "" || g.Tournament == tournament {
			out = append(out, g)
		}
	}
	return out, nil
}

// Sheet is a tournament's start sheet as it was given, raw, with the seed of its lots.
type Sheet struct {
	Format  string    `json:"format"`  // "toml" or "json"
	Data    []byte    `json:"data"`    // the sheet's bytes
	Created time.Time `json:"created"` // when it was registered
	// Lot is the seed the tournament's lots were drawn from at registration (package lots); nil
	// when the sheet draws nothing.
	Lot *Lot `json:"lot,omitempty"`
}

// Lot is the seed of a tournament's lots and its commitment: the seed stays secret (no page, no
// report, no letter shows it) until it is revealed, when the tournament is finished or the judge
// reveals it; the hash is published in the start letters from the start.
type Lot struct {
	Seed string `json:"seed"` // 64 hexadecimal digits
	Hash string `json:"hash"` // the seed's SHA-256, 64 hexadecimal digits
	// Revealed is when the seed was revealed, zero until then; Finished says that it was revealed
	// because every game was finished, Reason the judge's reason otherwise.
	Revealed time.Time `json:"revealed,omitzero"`
	Finished bool      `json:"finished,omitempty"`
	Reason   string    `json:"reason,omitempty"`
}

// PutTournament stores the sheet of tournament code, replacing any earlier
// one, and changes the tournaments' revision.
func (tx *Tx) PutTournament(code string, sh Sheet) error {
	if err := (GameID{Tournament: code}).validTournament(); err != nil {
		return err
	}
	if err := tx.refuseArchived(code); err != nil {
		return err
	}
	if sh.Format != "toml" && sh.Format != "json" {
		return invalidf("sheet format %q: want toml or json", sh.Format)
	}
	v, err := encodeJSON(sh)
	if err != nil {
		return fmt.Errorf("encode tournament %s: %w", code, err)
	}
	if err := tx.bucket(bucketTournaments).Put([]byte(code), v); err != nil {
		return fmt.Errorf("put tournament %s: %w", code, err)
	}
	return tx.bumpRevision([]byte("tournament"), []byte(code), v)
}

// Tournament returns the sheet of tournament code, or ErrNotFound; an archived tournament's
// from its archive file.
func (tx *Tx) Tournament(code string) (Sheet, error) {
	if a, err := tx.archivedTx(code); err != nil || a != nil {
		if err != nil {
			return Sheet{}, err
		}
		sh, err := a.Tournament(code)
		return sh, a.archivedErr(err)
	}
	v := tx.bucket(bucketTournaments).Get([]byte(code))
	if v == nil {
		return Sheet{}, fmt.Errorf("tournament %s: %w", code, ErrNotFound)
	}
	var sh Sheet
	if err := decodeJSON(v, &sh); err != nil {
		return Sheet{}, fmt.Errorf("tournament %s: %w", code, err)
	}
	return sh, nil
}

// Tournaments returns the codes of all tournaments in key order, but the archived ones
// (ArchivedTournaments lists those).
func (tx *Tx) Tournaments() ([]string, error) {
	var out []string
	err := tx.bucket(bucketTournaments).ForEach(func(k, _ []byte) error {
		out = append(out, string(k))
		return nil
	})
	return out, err
}
