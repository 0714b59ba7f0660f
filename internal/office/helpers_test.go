package office

import (
	"net/mail"
	"testing"
	"time"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// trustDomain is the mail domain of the office's test tournaments (benchSheet).
const trustDomain = "postald.test"

// registerTournament registers a tournament of the office's tests as `postald tournament
// create` does, start letters included: benchSheet's first tournament.
func registerTournament(t *testing.T, db *store.DB, from mail.Address, now time.Time) *tournament.Sheet {
	t.Helper()
	sh, err := CreateTournament(db, from, []byte(benchSheet(1, "p")), now)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// loadStored reads game id as the store holds it, without its table.
func loadStored(tx *store.Tx, id store.GameID) (referee.Game, error) {
	st, err := LoadGame(tx, id)
	return st.Game, err
}

// putGame stores game g of the tournament of sh as it is (Put), as a test sets a game up.
func putGame(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, g referee.Game, now time.Time) error {
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		return err
	}
	return Put(tx, from, id, sh, referee.Seat{Table: sh.Table(loc), Game: g}, now)
}
