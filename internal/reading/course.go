package reading

import (
	"time"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// CourseState loads what a step of tournament sh's course reads at now: its log and the results
// of its finished games.
func CourseState(tx *store.Tx, sh *tournament.Sheet, t *referee.Table, now time.Time) (tournament.State, error) {
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return tournament.State{}, err
	}
	results, err := TableResults(tx, sh.Code)
	if err != nil {
		return tournament.State{}, err
	}
	return tournament.State{Log: store.LogOf(rulings), Results: results, Table: t, Now: now}, nil
}

// TableResults reads the result of every finished game of tournament code as the crosstable
// counts it (tournament.TableResult), by game name.
func TableResults(tx *store.Tx, code string) (map[string]tournament.Result, error) {
	results, _, err := GameResults(tx, code)
	return results, err
}

// GameResults is TableResults with, from the same reading of every game, the games finished by
// name whatever their result counts for (a struck-out player's count for no one, seed 003,
// 1.10.2): what the end of a game is decided on (tournament.State.Finished).
func GameResults(tx *store.Tx, code string) (map[string]tournament.Result, map[string]bool, error) {
	ids, err := tx.Games(code)
	if err != nil {
		return nil, nil, err
	}
	results := make(map[string]tournament.Result, len(ids))
	finished := make(map[string]bool, len(ids))
	for _, id := range ids {
		g, _, err := tx.LoadGame(id, nil)
		if err != nil {
			return nil, nil, err
		}
		if r := tournament.TableResult(&g); r.Finished() {
			results[id.Game] = r
		}
		finished[id.Game] = g.Status == referee.StatusFinished
	}
	return results, finished, nil
}
