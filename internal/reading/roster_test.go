package reading

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/store"
)

// rosterSheet is a start sheet of a round robin of code in lang whose players are emails, numbered
// from 1.
func rosterSheet(code, lang string, emails ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = %q\nname = \"roster test\"\nvariant = \"russian\"\nstart = 2026-11-02\nend = 2027-10-31\n", code)
	fmt.Fprintf(&b, "language = %q\naddress = \"moves@postald.test\"\njudge = \"judge@postald.test\"\ndirector = \"director@postald.test\"\nrounds = 1\n", lang)
	b.WriteString("\n[regulation]\nzone = \"Europe/Moscow\"\n")
	for i, e := range emails {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Player %d\"\nemail = %q\n", i+1, i+1, e)
	}
	return b.String()
}

// rosterStore is a store in memory with the tournaments sheets (code to sheet) and the games
// games (a game's key to whether it is in play).
func rosterStore(t *testing.T, sheets map[string]string, games map[string]bool) *store.DB {
	t.Helper()
	db, err := store.OpenMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	if err := db.Update(func(tx *store.Tx) error {
		for code, sh := range sheets {
			if err := tx.PutTournament(code, store.Sheet{Format: "toml", Data: []byte(sh), Created: now}); err != nil {
				return err
			}
		}
		for key, inPlay := range games {
			id, err := store.ParseGameID(key)
			if err != nil {
				return err
			}
			if err := tx.PutGame(id, store.GameState{Data: []byte("{}"), InPlay: inPlay}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestRoster: the index finds a player's tournaments by his address in any case, a tournament
// by its code as the judge or a player writes it, and each tournament's games and games in play;
// a change of the store's tournaments is seen at once.
func TestRoster(t *testing.T) {
	db := rosterStore(t, map[string]string{
		"ЗК-1":   rosterSheet("ЗК-1", "ru", "ivanov@postald.test", "petrov@postald.test", "sidorov@postald.test"),
		"ЗК-2":   rosterSheet("ЗК-2", "ru", "petrov@postald.test", "sidorov@postald.test", "orlov@postald.test"),
		"OPEN-2": rosterSheet("OPEN-2", "en", "smith@postald.test", "jones@postald.test", "Ivanov@Postald.TEST"),
	}, map[string]bool{"ЗК-1/1-2": true, "ЗК-1/3-1": false, "OPEN-2/1-3": false, "ЗК-2/1-2": true})
	x := NewIndex(&Zones{}, nil)
	if err := db.View(func(tx *store.Tx) error {
		r, err := x.Tournaments(tx)
		if err != nil {
			return err
		}
		var regs []string
		for _, reg := range r.Registered("IVANOV@postald.test") {
			regs = append(regs, fmt.Sprintf("%s #%d", reg.Sheet.Code, reg.Player.Number))
		}
		// In code order, as the store keeps them (bytes: Latin before Cyrillic).
		if want := []string{"OPEN-2 #3", "ЗК-1 #1"}; !slices.Equal(regs, want) {
			t.Errorf("registrations of ivanov: %q, want %q", regs, want)
		}
		if regs := r.Registered("nobody@postald.test"); len(regs) != 0 {
			t.Errorf("a stranger is registered in %d tournaments", len(regs))
		}
		for _, tc := range []struct {
			name, code string
			ok         bool
		}{
			{"ЗК-1", "ЗК-1", true},
			{" зк-1 ", "ЗК-1", true}, // another case, spaces around
			{"ZK-1", "ЗК-1", true},   // its Latin spelling
			{"zk-2", "ЗК-2", true},
			{"open-2", "OPEN-2", true},
			{"ЗК", "", false},
			{"ZK-3", "", false},
		} {
			code, ok := r.Lookup(tc.name)
			if code != tc.code || ok != tc.ok {
				t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tc.name, code, ok, tc.code, tc.ok)
			}
		}
		got := map[string]any{}
		for _, e := range r.List() {
			games := map[int][]string{}
			for n, ids := range e.Games {
				for _, id := range ids {
					games[n] = append(games[n], id.Key())
				}
				slices.Sort(games[n])
			}
			got[e.Sheet.Code] = map[string]any{"in play": e.InPlay, "games": games}
		}
		want := map[string]any{
			"ЗК-1": map[string]any{"in play": 1, "games": map[int][]string{
				1: {"ЗК-1/1-2", "ЗК-1/3-1"}, 2: {"ЗК-1/1-2"}, 3: {"ЗК-1/3-1"}}},
			"ЗК-2":   map[string]any{"in play": 1, "games": map[int][]string{1: {"ЗК-2/1-2"}, 2: {"ЗК-2/1-2"}}},
			"OPEN-2": map[string]any{"in play": 0, "games": map[int][]string{1: {"OPEN-2/1-3"}, 3: {"OPEN-2/1-3"}}},
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("the tournaments' games (-want +got):\n%s", d)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	// A tournament registered since is in the next roster, and a letter's code finds it.
	if err := db.Update(func(tx *store.Tx) error {
		return tx.PutTournament("ZK-3", store.Sheet{Format: "toml", Created: time.Now(),
			Data: []byte(rosterSheet("ZK-3", "en", "ivanov@postald.test", "orlov@postald.test"))})
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.View(func(tx *store.Tx) error {
		code, err := x.CanonicalCode(tx, "zk-3")
		if err != nil || code != "ZK-3" {
			t.Errorf("CanonicalCode(zk-3) after registering ZK-3 = %q, %v", code, err)
		}
		r, err := x.Tournaments(tx)
		if err != nil {
			return err
		}
		if n := len(r.Registered("ivanov@postald.test")); n != 3 {
			t.Errorf("ivanov registered in %d tournaments after ZK-3, want 3", n)
		}
		if g, err := x.CanonicalGame(tx, "zk-1/1-2"); err != nil || g != "ЗК-1/1-2" {
			t.Errorf("CanonicalGame(zk-1/1-2) = %q, %v", g, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestFindGame: the judge names a game alone when one tournament holds it; a name several hold
// is refused asking for the tournament, in the language they all speak, else in the command
// line's.
func TestFindGame(t *testing.T) {
	db := rosterStore(t, map[string]string{
		"ЗК-1":   rosterSheet("ЗК-1", "ru", "a@postald.test", "b@postald.test", "c@postald.test"),
		"ЗК-2":   rosterSheet("ЗК-2", "ru", "a@postald.test", "b@postald.test", "c@postald.test"),
		"OPEN-2": rosterSheet("OPEN-2", "en", "a@postald.test", "b@postald.test", "c@postald.test"),
	}, map[string]bool{"ЗК-1/1-2": true, "ЗК-2/1-2": true, "ЗК-1/2-3": true, "ЗК-2/2-3": true, "OPEN-2/2-3": true, "OPEN-2/1-3": true})
	if err := db.View(func(tx *store.Tx) error {
		for _, tc := range []struct{ name, game, refused string }{
			{"1-3", "OPEN-2/1-3", ""},
			{"ЗК-2/1-2", "ЗК-2/1-2", ""},
			{"1-2", "", "партия 1-2 есть в нескольких турнирах (ЗК-1, ЗК-2): назовите её с турниром, например ЗК-1/1-2"},
			{"2-3", "", "game 2-3 is in several tournaments (OPEN-2, ЗК-1, ЗК-2): name it with its tournament, e.g. OPEN-2/2-3"},
		} {
			id, err := FindGame(tx, tc.name)
			switch {
			case tc.refused == "" && (err != nil || id.Key() != tc.game):
				t.Errorf("FindGame(%q) = %s, %v; want %s", tc.name, id, err, tc.game)
			case tc.refused != "" && (err == nil || err.Error() != tc.refused || !errors.Is(err, ErrBadRequest)):
				t.Errorf("FindGame(%q): %v\n want the refusal %q", tc.name, err, tc.refused)
			}
		}
		if _, err := FindGame(tx, "3-4"); err == nil {
			t.Errorf("FindGame(3-4) found a game no tournament holds")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
