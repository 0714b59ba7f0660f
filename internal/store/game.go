package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
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

func encodeGame(st GameState) []byte {
	b := make([]byte, 0, 3+len(st.Data))
	b = append(b, recordV1)
	b = binary.BigEndian.AppendUint16(b, st.Format)
	return append(b, st.Data...)
}

func decodeGame(b []byte) (GameState, error) {
	if len(b) < 3 || b[0] != recordV1 {
		return GameState{}, fmt.Errorf("game record: bad header")
	}
	return GameState{Format: binary.BigEndian.Uint16(b[1:3]), Data: bytes.Clone(b[3:])}, nil
}

// Game returns the state of game g, or ErrNotFound.
func (tx *Tx) Game(g GameID) (GameState, error) {
	if err := g.validGame(); err != nil {
		return GameState{}, err
	}
	v := tx.bucket(bucketGames).Get([]byte(g.Key()))
	if v == nil {
		return GameState{}, fmt.Errorf("game %s: %w", g, ErrNotFound)
	}
	st, err := decodeGame(v)
	if err != nil {
		return GameState{}, fmt.Errorf("game %s: %w", g, err)
	}
	return st, nil
}

// PutGame stores the state of game g, replacing the previous one.
func (tx *Tx) PutGame(g GameID, st GameState) error {
	if err := g.validGame(); err != nil {
		return err
	}
	if err := tx.bucket(bucketGames).Put([]byte(g.Key()), encodeGame(st)); err != nil {
		return fmt.Errorf("put game %s: %w", g, err)
	}
	return nil
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
