package web

import (
	"testing"

	"postald/internal/referee"
	"postald/internal/rules"
)

// TestPositionFromSetup: a game that began from a starting position drawn by lot (Game.Setup) is
// drawn from that position, with its plies played on it; a game without one from the variant's
// start.
func TestPositionFromSetup(t *testing.T) {
	v, err := rules.VariantByID("russian")
	if err != nil {
		t.Fatal(err)
	}
	setup := "W:Wc3,e3:Bd6,f6"
	plies := []referee.Ply{{Text: "c3-d4", By: referee.ByLot}, {Text: "f6-g5"}}
	p, last, err := position("russian", setup, plies)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := rules.ParseFEN(v, "W:Wd4,e3:Bd6,g5")
	if !p.Equal(&want) || last == nil {
		t.Errorf("position %s, last %v; want %s", p.FEN(), last, want.FEN())
	}
	if _, _, err := position("russian", "", plies); err != nil {
		t.Errorf("the plies from the variant's start: %v", err)
	}
	if _, _, err := position("russian", setup, []referee.Ply{{Text: "a3-b4"}}); err == nil {
		t.Error("a ply that does not play from the starting position was drawn")
	}
}
