package office

import (
	"fmt"
	"strconv"
	"strings"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// openGame finds the game the judge named and returns it at its table, with its tournament's
// sheet.
func (o *Office) openGame(tx *store.Tx, name string) (store.GameID, *tournament.Sheet, referee.Seat, error) {
	id, err := findGame(tx, name)
	if err != nil {
		return id, nil, referee.Seat{}, err
	}
	_, sh, err := o.table(tx, id.Tournament)
	if err != nil {
		return id, nil, referee.Seat{}, err
	}
	st, _, err := o.loadGame(tx, id)
	return id, sh, st, err
}

// findGame resolves a game the judge named: TOURNAMENT/W-B, or W-B when only one tournament has
// that game.
func findGame(tx *store.Tx, name string) (store.GameID, error) {
	if strings.Contains(name, "/") {
		id, err := store.ParseGameID(name)
		if err != nil {
			return id, err
		}
		if _, err := tx.GameParts(id); err != nil {
			return id, fmt.Errorf("game %s: %w", name, err)
		}
		return id, nil
	}
	var found []store.GameID
	ids, err := tx.Games("")
	if err != nil {
		return store.GameID{}, err
	}
	for _, id := range ids {
		if id.Game == name {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return store.GameID{}, fmt.Errorf("no game %s", name)
	}
	return store.GameID{}, fmt.Errorf("game %s is in several tournaments; write TOURNAMENT/%s", name, name)
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

// eachGame calls fn for every game of tournament code (all tournaments when code is empty), at
// its table.
func (o *Office) eachGame(tx *store.Tx, code string, fn func(*tournament.Sheet, store.GameID, referee.Seat) error) error {
	codes := []string{code}
	if code == "" {
		var err error
		if codes, err = tx.Tournaments(); err != nil {
			return err
		}
	}
	for _, c := range codes {
		t, sh, err := o.table(tx, c)
		if err != nil {
			return err
		}
		ids, err := tx.Games(c)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, _, err := readGame(tx, id, &o.cache.chunks)
			if err != nil {
				return err
			}
			if err := fn(sh, id, referee.Seat{Table: t, Game: g}); err != nil {
				return err
			}
		}
	}
	return nil
}
