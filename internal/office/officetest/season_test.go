package officetest

import (
	"fmt"
	"net/mail"
	"testing"

	"postald/internal/config"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestSeason plays a small season through an office on a store in memory: every letter and
// card is decided as the season tells it (accepted, or stopped for its impossible move), every
// ruling and posting goes through, and at the end every game is finished, by resignation, an
// agreed draw, the judge's forfeit or time (4.3.1).
func TestSeason(t *testing.T) {
	db, err := store.OpenMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := NewSeason(SeasonOptions{Tournaments: 2, Players: 6, Plies: 8, Seed: 7, RulingEvery: 40})
	if err != nil {
		t.Fatal(err)
	}
	clock := &Clock{}
	clock.Set(s.Register)
	from := mail.Address{Name: "postald", Address: Address}
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 20
	o := office.New(office.Options{Store: db, From: from, Limits: limits, Trust: config.Trust{FromOnly: true}, Now: clock.Now})
	for _, sheet := range s.Sheets {
		if _, err := o.Run(&office.CreateRequest{Sheet: sheet}); err != nil {
			t.Fatal(err)
		}
	}
	kinds := map[EventKind]int{}
	rejected := 0
	for {
		ev, ok := s.Next()
		if !ok {
			break
		}
		if err := Play(ev, o, db, clock); err != nil {
			t.Fatalf("%v\n%s", err, gameState(db, ev.Game))
		}
		kinds[ev.Kind]++
		if ev.Want == referee.Rejected {
			rejected++
		}
	}
	t.Logf("events %v: %d letters (%d stopped), %d cards, %d rulings", kinds, s.Letters(), rejected, s.Cards(), s.Rulings())
	if s.Letters() < s.Games()*4 || s.Cards() == 0 || s.Rulings() == 0 || rejected == 0 || kinds[EventTick] == 0 || kinds[EventPosting] == 0 {
		t.Errorf("a season of %d games told %d letters, %d cards, %v", s.Games(), s.Letters(), s.Cards(), kinds)
	}
	byReason := map[string]int{}
	err = db.View(func(tx *store.Tx) error {
		ids, err := tx.Games("")
		if err != nil {
			return err
		}
		if len(ids) != s.Games() {
			t.Errorf("the store holds %d games, the season %d", len(ids), s.Games())
		}
		for _, id := range ids {
			g, err := office.LoadGame(tx, id)
			if err != nil {
				return err
			}
			if g.Status != referee.StatusFinished {
				t.Errorf("game %s is %s after the season", id, g.Status)
			}
			byReason[string(g.Reason)]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("games ended by %v", byReason)
	if len(byReason) < 3 {
		t.Errorf("the games ended in %d ways (%v), want resignations, draws and forfeits", len(byReason), byReason)
	}
}

// gameState is what the store holds of game (TOURNAMENT/W-B), for a failure's message.
func gameState(db *store.DB, game string) string {
	id, err := store.ParseGameID(game)
	if err != nil {
		return ""
	}
	var out string
	err = db.View(func(tx *store.Tx) error {
		g, err := office.LoadGame(tx, id)
		if err != nil {
			return err
		}
		out = fmt.Sprintf("%s: %s %s, draw offered by %q, %d plies, %s on move", id, g.Status, g.Reason, g.DrawOffer, len(g.Plies), g.ToMove())
		for _, e := range g.History {
			out += fmt.Sprintf("\n  %s %s %s %s %v", e.Date, e.Letter, e.From, e.Verdict, e.Clauses)
		}
		return nil
	})
	if err != nil {
		return err.Error()
	}
	return out
}
