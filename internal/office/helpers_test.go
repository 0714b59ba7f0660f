package office

import (
	"net/mail"
	"testing"
	"time"

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
