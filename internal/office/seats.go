package office

import (
	"fmt"
	"strconv"
	"strings"

	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The office reads the store's tournaments and the games the judge names through its desk
// (reading.Desk): the index of the tournaments it shares with the judge's views, and its cache
// of the games' chunks.

// tournaments returns the store's tournaments as tx sees them (reading.Index.Tournaments).
func (o *Office) tournaments(tx *store.Tx) (*reading.Roster, error) {
	return o.desk.Index.Tournaments(tx)
}

// table returns tournament code as the referee decides its games, with its start sheet
// (reading.Index.Table).
func (o *Office) table(tx *store.Tx, code string) (*referee.Table, *tournament.Sheet, error) {
	return o.desk.Index.Table(tx, code)
}

// sheet returns the start sheet of tournament code (reading.Index.Sheet).
func (o *Office) sheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	return o.desk.Index.Sheet(tx, code)
}

// openGame finds the game the judge named and returns it at its table, with its tournament's
// sheet (reading.Desk.OpenGame).
func (o *Office) openGame(tx *store.Tx, name string) (store.GameID, *tournament.Sheet, referee.Seat, error) {
	return o.desk.OpenGame(tx, name)
}

// sideArg reads the side the judge named: white, black, w, b or the number of one of the players
// of the game of g.
func sideArg(g referee.Seat, s string) (referee.Side, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return referee.White, nil
	case "black", "b":
		return referee.Black, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		if side, ok := sideOfNumber(g, n); ok {
			return side, nil
		}
	}
	return "", fmt.Errorf("side %q: want white, black or the number of one of the players of %s", s, g.Game.Name)
}

// loadGame reads game id, whole, at its tournament's table, with what the office needs to write
// it back in parts (store.GameRead), through the office's cache of the games' chunks.
func (o *Office) loadGame(tx *store.Tx, id store.GameID) (referee.Seat, *store.GameRead, error) {
	t, _, err := o.table(tx, id.Tournament)
	if err != nil {
		return referee.Seat{}, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	g, read, err := tx.LoadGame(id, &o.cache.chunks)
	if err != nil {
		return referee.Seat{}, nil, err
	}
	st := referee.Seat{Table: t, Game: g}
	if err := st.Check(); err != nil {
		return referee.Seat{}, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	return st, read, nil
}
