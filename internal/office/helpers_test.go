package office

import (
	"net/mail"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
	"testing"
	"time"
)

// trustSheet is the tournament of the office's tests.
const trustSheet = `
[tournament]
code = "TT-2026"
name = "trust test"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "en"
address = "moves@postald.test"
judge = "judge@postald.test"
director = "director@postald.test"
rounds = 1

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Ivan Ivanov"
email = "ivanov@postald.test"

[[player]]
number = 2
name = "Peter Petrov"
email = "petrov@postald.test"

[[player]]
number = 3
name = "Sidor Sidorov"
email = "sidorov@postald.test"
`

const trustDomain = "postald.test"

// registerTournament stores the sheet and its games as `postald tournament create` does (the
// start letters aside).
func registerTournament(t *testing.T, db *store.DB, from mail.Address, now time.Time) *tournament.Sheet {
	t.Helper()
	sh, err := tournament.ParseSheet([]byte(trustSheet))
	if err != nil {
		t.Fatal(err)
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		if err := tx.PutTournament(sh.Code, store.Sheet{Format: "toml", Data: []byte(trustSheet), Created: now}); err != nil {
			return err
		}
		player := func(n int) referee.Player {
			p := sh.Players[n-1]
			return referee.Player{Number: p.Number, Name: p.Name, Email: p.Email}
		}
		for _, pr := range sh.Games() {
			g := referee.NewGame(sh.Code, pr.Name, sh.Variant, sh.Language, player(pr.White), player(pr.Black), sh.Start, sh.End)
			g.Address, g.Judge = sh.Address, sh.Judge
			if err := Record(tx, from, store.GameID{Tournament: sh.Code, Game: pr.Name}, sh, referee.Decision{Game: g}, now, loc); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sh
}
