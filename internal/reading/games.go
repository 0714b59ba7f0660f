package reading

import (
	"fmt"
	"strings"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// OpenGame finds the game the judge named and returns it at its table, with its tournament's
// sheet.
func (d *Desk) OpenGame(tx *store.Tx, name string) (store.GameID, *tournament.Sheet, referee.Seat, error) {
	id, err := FindGame(tx, name)
	if err != nil {
		return id, nil, referee.Seat{}, err
	}
	t, sh, err := d.Index.Table(tx, id.Tournament)
	if err != nil {
		return id, nil, referee.Seat{}, err
	}
	g, _, err := tx.LoadGame(id, d.Chunks)
	if err != nil {
		return id, nil, referee.Seat{}, err
	}
	st := referee.Seat{Table: t, Game: g}
	if err := st.Check(); err != nil {
		return id, nil, referee.Seat{}, fmt.Errorf("load game %s: %w", id, err)
	}
	return id, sh, st, nil
}

// FindGame resolves a game the judge named: TOURNAMENT/W-B, or W-B when only one tournament has
// that game.
func FindGame(tx *store.Tx, name string) (store.GameID, error) {
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
	return store.GameID{}, gameInSeveral(tx, name, found)
}

// EachGame calls fn for every game of tournament code (all tournaments when code is empty), at
// its table.
func (d *Desk) EachGame(tx *store.Tx, code string, fn func(*tournament.Sheet, store.GameID, referee.Seat) error) error {
	codes := []string{code}
	if code == "" {
		var err error
		if codes, err = tx.Tournaments(); err != nil {
			return err
		}
	}
	for _, c := range codes {
		t, sh, err := d.Index.Table(tx, c)
		if err != nil {
			return err
		}
		ids, err := tx.Games(c)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, _, err := tx.LoadGame(id, d.Chunks)
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
