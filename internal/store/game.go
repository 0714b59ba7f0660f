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

// GameState is a game's state as the referee serialises it. The store does
// not look inside: Data is opaque (JSON produced by the caller), Format is the
// caller's version of its shape so that it can read old states.
type GameState struct {
	Format uint16
	Data   []byte
}

// gameRecord is a game record as stored (schema version 3, recordV2).
type gameRecord struct {
	State      GameState
	AnchorSeq  uint64 // the entry of the game's archive chain that was last when it was written
	AnchorHash Digest // that entry's hash
	Seal       Digest // gameSeal of the above
}

// gameHeaderLen is the length of a game record before the state.
const gameHeaderLen = 1 + 2 + 8 + 32 + 32

// gameSeal is SHA-256("postald game" 0 key 0 format anchor-sequence
// anchor-hash state).
func gameSeal(g GameID, format uint16, anchorSeq uint64, anchorHash Digest, data []byte) Digest {
	h := sha256.New()
	h.Write([]byte("postald game\x00" + g.Key() + "\x00"))
	h.Write(binary.BigEndian.AppendUint16(nil, format))
	h.Write(seqKey(anchorSeq))
	h.Write(anchorHash[:])
	h.Write(data)
	var d Digest
	h.Sum(d[:0])
	return d
}

// sealGame encodes st as the record of game g, sealed to the head of g's
// archive chain in heads (the archive_head bucket).
func sealGame(heads *bolt.Bucket, g GameID, st GameState) ([]byte, error) {
	var seq uint64
	var hash Digest
	if h := heads.Get([]byte(g.Key())); h != nil {
		var err error
		if seq, hash, err = decodeHead(h); err != nil {
			return nil, fmt.Errorf("archive head: %w", err)
		}
	}
	seal := gameSeal(g, st.Format, seq, hash, st.Data)
	b := make([]byte, 0, gameHeaderLen+len(st.Data))
	b = append(b, recordV2)
	b = binary.BigEndian.AppendUint16(b, st.Format)
	b = append(b, seqKey(seq)...)
	b = append(b, hash[:]...)
	b = append(b, seal[:]...)
	return append(b, st.Data...), nil
}

// decodeGame reads the state out of a game record of either layout (recordV1
// of schema versions 1 and 2, recordV2 since 3) without checking a seal: for
// a record kept elsewhere than the games bucket (the game before a letter,
// prior.go), which the hash of the archive entry holding it covers.
func decodeGame(b []byte) (GameState, error) {
	if len(b) >= 3 && b[0] == recordV1 {
		return GameState{Format: binary.BigEndian.Uint16(b[1:3]), Data: bytes.Clone(b[3:])}, nil
	}
	r, err := decodeGameRecord(b)
	return r.State, err
}

// decodeGameRecord reads a game record of the games bucket; the seal is read,
// not checked.
func decodeGameRecord(b []byte) (gameRecord, error) {
	if len(b) < gameHeaderLen || b[0] != recordV2 {
		return gameRecord{}, fmt.Errorf("game record: bad header")
	}
	r := gameRecord{
		State:     GameState{Format: binary.BigEndian.Uint16(b[1:3]), Data: bytes.Clone(b[gameHeaderLen:])},
		AnchorSeq: binary.BigEndian.Uint64(b[3:11]),
	}
	copy(r.AnchorHash[:], b[11:43])
	copy(r.Seal[:], b[43:75])
	return r, nil
}

// verifyGame checks the stored record v of game g: its seal, and that the
// entry of g's archive chain it is anchored to exists with that hash.
func (tx *Tx) verifyGame(g GameID, v []byte) (GameState, error) {
	r, err := decodeGameRecord(v)
	if err != nil {
		return GameState{}, &SealError{Game: g, Reason: err.Error()}
	}
	if gameSeal(g, r.State.Format, r.AnchorSeq, r.AnchorHash, r.State.Data) != r.Seal {
		return GameState{}, &SealError{Game: g, Reason: "content does not match its seal"}
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
	n := len(Digest{})
	switch {
	case entry == nil:
		return GameState{}, &SealError{Game: g, Reason: fmt.Sprintf("sealed to archive entry %d, which the chain does not hold", r.AnchorSeq)}
	case len(entry) < 1+2*n || !bytes.Equal(entry[1+n:1+2*n], r.AnchorHash[:]):
		return GameState{}, &SealError{Game: g, Reason: fmt.Sprintf("sealed to archive entry %d, whose hash is not the one sealed", r.AnchorSeq)}
	}
	return r.State, nil
}

// Game returns the state of game g, or ErrNotFound; a record that does not
// verify is a *SealError.
func (tx *Tx) Game(g GameID) (GameState, error) {
	if err := g.validGame(); err != nil {
		return GameState{}, err
	}
	v := tx.bucket(bucketGames).Get([]byte(g.Key()))
	if v == nil {
		return GameState{}, fmt.Errorf("game %s: %w", g, ErrNotFound)
	}
	return tx.verifyGame(g, v)
}

// PutGame stores the state of game g, replacing the previous one, sealed to
// the last entry of the game's archive chain.
func (tx *Tx) PutGame(g GameID, st GameState) error {
	if err := g.validGame(); err != nil {
		return err
	}
	v, err := sealGame(tx.bucket(bucketArchiveHead), g, st)
	if err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	if err := tx.bucket(bucketGames).Put([]byte(g.Key()), v); err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	return nil
}

// verifyGames checks the record of every game (see verifyGame).
func (tx *Tx) verifyGames() error {
	return tx.bucket(bucketGames).ForEach(func(k, v []byte) error {
		g, err := ParseGameID(string(k))
		if err != nil {
			return &SealError{Game: GameID{Tournament: string(k)}, Reason: "the key is not tournament/game"}
		}
		_, err = tx.verifyGame(g, v)
		return err
	})
}

// Games returns the games of a tournament in key order; an empty tournament
// code returns every game.
func (tx *Tx) Games(tournament string) ([]GameID, error) {
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

// Sheet is a tournament's start sheet as it was given, raw.
type Sheet struct {
	Format  string    `json:"format"`  // "toml" or "json"
	Data    []byte    `json:"data"`    // the sheet's bytes
	Created time.Time `json:"created"` // when it was registered
}

// PutTournament stores the sheet of tournament code, replacing any earlier
// one.
func (tx *Tx) PutTournament(code string, sh Sheet) error {
	if err := (GameID{Tournament: code}).validTournament(); err != nil {
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
	return nil
}

// Tournament returns the sheet of tournament code, or ErrNotFound.
func (tx *Tx) Tournament(code string) (Sheet, error) {
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

// Tournaments returns the codes of all tournaments in key order.
func (tx *Tx) Tournaments() ([]string, error) {
	var out []string
	err := tx.bucket(bucketTournaments).ForEach(func(k, _ []byte) error {
		out = append(out, string(k))
		return nil
	})
	return out, err
}
