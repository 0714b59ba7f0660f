package office

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/store"
	"postald/internal/tournament"
)

// TestStageFromPlaces: a stage of a mixed competition (seed 003, 1.2) is registered from a
// start sheet naming the stage before and its places that go on: refused while the stage before
// has games not over; once it is over, its first places by its crosstable — here a round robin
// the lowest numbers lost every game of, so that the places run against the numbers — become the
// new stage's players, numbered by their places, with their addresses; the stored sheet lists
// them, and they get their start letters.
func TestStageFromPlaces(t *testing.T) {
	var b strings.Builder
	b.WriteString("[tournament]\ncode = \"ПФ-2026\"\nname = \"Полуфинал\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n" +
		"address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\n")
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Игрок %d\"\nemail = \"p%d@mail.example\"\n", i, i, i)
	}
	sim, err := NewSimulation([]byte(b.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	if _, err := sim.Finish(p.at); err != nil {
		t.Fatal(err)
	}
	final := "[tournament]\ncode = \"ФИН-2026\"\nname = \"Финал\"\nvariant = \"russian\"\nstart = 2027-01-01\nend = 2027-12-31\n" +
		"address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\n\n[stage]\nafter = \"ПФ-2026\"\nplaces = 3\n"
	register := func() error {
		_, err := sim.office.Run(CreateRequest{Sheet: []byte(final), Force: true})
		return err
	}
	games := sim.Sheet().Games()
	for i, g := range games {
		if i == len(games)-1 {
			// The stage before is not over yet.
			var inv *tournament.InvalidError
			if err := register(); !errors.As(err, &inv) || !strings.Contains(err.Error(), "stage.after") || !strings.Contains(err.Error(), "1 games not finished") {
				t.Fatalf("the next stage registered while a game of the stage before is in play: %v", err)
			}
		}
		// The higher number wins every game: player 5 first, 4 second, 3 third.
		res := tournament.BlackWins
		if g.White > g.Black {
			res = tournament.WhiteWins
		}
		p.play(g, res)
	}
	if err := register(); err != nil {
		t.Fatal(err)
	}
	var stored *tournament.Sheet
	if err := sim.Store().View(func(tx *store.Tx) error {
		raw, err := tx.Tournament("ФИН-2026")
		if err != nil {
			return err
		}
		stored, err = tournament.ParseSheet(raw.Data)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pl := range stored.Players {
		got = append(got, fmt.Sprintf("%d %s <%s>", pl.Number, pl.Name, pl.Email))
	}
	want := []string{"1 Игрок 5 <p5@mail.example>", "2 Игрок 4 <p4@mail.example>", "3 Игрок 3 <p3@mail.example>"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("the final's players %q, want %q", got, want)
	}
	letters := map[string]bool{}
	for _, m := range mailedSince(t, sim.Store(), 0) {
		if m.subject == "ФИН-2026: начало турнира «Финал»" {
			letters[m.to] = true
		}
	}
	for _, to := range []string{"p5@mail.example", "p4@mail.example", "p3@mail.example"} {
		if !letters[to] {
			t.Errorf("%s got no start letter of the final", to)
		}
	}
	if letters["p1@mail.example"] || letters["p2@mail.example"] {
		t.Errorf("a player who did not go on got the final's start letter: %v", letters)
	}
}
