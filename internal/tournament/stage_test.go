package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/referee"
)

// TestQualified: the first places go on in the order of places; a player who withdrew is left
// out and the next place takes his; a cut inside a shared place, or more places than players,
// is refused.
func TestQualified(t *testing.T) {
	st := func(place string, number int, withdrawn bool) Standing {
		return Standing{Place: place, Number: number, Name: "p" + place, Withdrawn: withdrawn}
	}
	table := []Standing{st("1", 4, false), st("2", 2, false), st("3-4", 1, false), st("3-4", 5, false), st("5", 3, false)}
	for _, c := range []struct {
		name      string
		standings []Standing
		places    int
		want      []int
		err       string
	}{
		{"the first two", table, 2, []int{4, 2}, ""},
		{"a shared place kept whole", table, 4, []int{4, 2, 1, 5}, ""},
		{"the cut inside a shared place", table, 3, nil, "shared"},
		{"more places than players", table, 6, nil, "has 5 players"},
		{"a player who withdrew", []Standing{st("1", 4, false), st("2", 2, true), st("3", 1, false)}, 2, []int{4, 1}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Qualified(c.standings, c.places)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("Qualified = %v, %v; want an error about %q", got, err, c.err)
				}
				return
			}
			if err != nil || !cmp.Equal(got, c.want) {
				t.Errorf("Qualified = %v, %v; want %v", got, err, c.want)
			}
		})
	}
}

// TestStageSheet: a stage's sheet names the stage before and the places that go on; the players
// postald writes in read back as the stage before had them, numbered by their places; a sheet
// that names too few places, or a system "mixed", is refused with the key.
func TestStageSheet(t *testing.T) {
	head := "[tournament]\ncode = \"ФИН-2026\"\nname = \"Финал\"\nvariant = \"russian\"\nstart = 2027-01-01\nend = 2027-12-31\n" +
		"address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\npostal_address = \"Капитан, а/я 1, Тула\"\n\n[stage]\nafter = \"КЧ-2026\"\nplaces = 2\n"
	st, n, ok := StageOf([]byte(head))
	if !ok || n != 0 || st != (Stage{After: "КЧ-2026", Places: 2}) {
		t.Fatalf("StageOf = %+v, %d, %v", st, n, ok)
	}
	players := []Player{
		{Number: 1, Name: "Сидоров Сидор", Email: "sidorov@mail.example", Language: "en", Channel: referee.ChannelEmail},
		{Number: 2, Name: "Орлов Илья", Channel: referee.ChannelPost, PostalAddress: []string{"Орлову И.", "ул. Садовая, д. 5", "Калуга", "248000"}},
	}
	extra, err := StagePlayers("КЧ-2026", players)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := ParseSheet(append([]byte(head), extra...))
	if err != nil {
		t.Fatalf("the sheet with its players written in: %v\n%s", err, extra)
	}
	if sh.Stage != (Stage{After: "КЧ-2026", Places: 2}) {
		t.Errorf("the stage %+v", sh.Stage)
	}
	want := append([]Player(nil), players...)
	want[1].Language = Russian // no language of his own: the tournament's
	if diff := cmp.Diff(want, sh.Players); diff != "" {
		t.Errorf("the players read back (-written +read):\n%s", diff)
	}
	if _, _, ok := StageOf(append([]byte(head), extra...)); !ok {
		t.Error("StageOf of the completed sheet")
	}
	for _, c := range []struct{ name, sheet, where string }{
		{"one place", strings.Replace(head, "places = 2", "places = 1", 1) + string(extra), "stage.places"},
		{"more players than places", strings.Replace(head, "places = 2", "places = 3", 1) + string(extra), "stage.places"},
		{"no stage before", strings.Replace(head, "after = \"КЧ-2026\"\n", "", 1) + string(extra), "stage.after"},
		{"the system mixed", strings.Replace(head, "variant = \"russian\"\n", "variant = \"russian\"\nsystem = \"mixed\"\n", 1) + string(extra), "tournament.system"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseSheet([]byte(c.sheet))
			var inv *InvalidError
			if !errors.As(err, &inv) || !strings.Contains(err.Error(), c.where) {
				t.Errorf("ParseSheet: %v; want a problem at %s", err, c.where)
			}
		})
	}
}
