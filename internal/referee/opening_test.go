package referee_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
)

// TestOpenWithDrawnOpening: a game whose opening was drawn by lot (1.6.4) opens with the drawn
// moves on the board, marked as the lot's, dated the start; the player on move after them is on
// move from the start and the other's clock stands; nobody is charged a day or a move, and each
// control is numbered by the game's moves. A late registration starts them on the day play
// starts for the players (4.3.2). An opening that does not play is refused.
func TestOpenWithDrawnOpening(t *testing.T) {
	start, _ := daysclock.ParseDate("2026-11-01")
	for _, tc := range []struct {
		name     string
		opening  referee.Opening
		toMove   referee.Side
		controls [2]int // White's and Black's next control, as the game numbers its moves
		at       time.Time
		from     daysclock.Date // the day the clock on move runs from
	}{
		{"three moves", referee.Opening{Name: "Дебют 1", Moves: []string{"c3-d4", "f6-g5", "b2-c3"}}, referee.Black, [2]int{12, 11},
			time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC), start},
		{"White's first move", referee.Opening{Name: "1. a3-b4", Moves: []string{"a3-b4"}}, referee.Black, [2]int{11, 10},
			time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC), start},
		{"registered late", referee.Opening{Name: "1. a3-b4", Moves: []string{"a3-b4"}}, referee.Black, [2]int{11, 10},
			time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC), start.AddDays(10)},
		{"a starting position", referee.Opening{Name: "Позиция", Setup: "W:Wc3,e3:Bd6,f6"}, referee.White, [2]int{10, 10},
			time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC), start},
		{"a position and moves", referee.Opening{Name: "Позиция 2", Setup: "W:Wc3,e3:Bd6,f6", Moves: []string{"c3-d4", "f6-g5"}}, referee.White, [2]int{11, 11},
			time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC), start},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := table()
			tb.Zone = time.UTC
			tb.Openings = map[string]referee.Opening{"1-2": tc.opening}
			d, err := referee.Open(tb, "1-2", tc.at)
			if err != nil {
				t.Fatal(err)
			}
			g := d.Game
			if g.Drawn() != len(tc.opening.Moves) || g.Begun() || g.Opening != tc.opening.Name || g.Setup != tc.opening.Setup {
				t.Errorf("game: %d drawn plies, begun %v, opening %q, setup %q", g.Drawn(), g.Begun(), g.Opening, g.Setup)
			}
			for i, p := range g.Plies {
				if p.By != referee.ByLot || p.Text != tc.opening.Moves[i] || p.Date != tc.from || p.Letter != "" {
					t.Errorf("ply %d: %+v", i, p)
				}
			}
			if d.ToMove != tc.toMove || g.ToMove() != tc.toMove || !slices.Equal(d.Clauses, []string{"1.6.4"}) {
				t.Errorf("to move %s/%s, clauses %v; want %s, [1.6.4]", d.ToMove, g.ToMove(), d.Clauses, tc.toMove)
			}
			on, off := g.Clock(tc.toMove), g.Clock(tc.toMove.Other())
			if !on.Running() || on.Since != tc.from || off.Running() {
				t.Errorf("clock on move %+v, the other %+v; want the one on move running from %s", *on, *off, tc.from)
			}
			if g.WhiteClock.Days+g.BlackClock.Days+g.WhiteClock.Moves+g.BlackClock.Moves != 0 {
				t.Errorf("the drawn moves were charged: %+v %+v", g.WhiteClock, g.BlackClock)
			}
			terms := tb.Terms()
			if w, b := g.WhiteClock.Next(terms).Move, g.BlackClock.Next(terms).Move; w != tc.controls[0] || b != tc.controls[1] {
				t.Errorf("next controls at moves %d and %d, want %v", w, b, tc.controls)
			}
			if d.Next.IsZero() {
				t.Error("no next event: the player on move is never reminded")
			}
		})
	}
	for _, bad := range []referee.Opening{
		{Name: "impossible", Moves: []string{"c3-d4", "c3-b4"}},
		{Name: "Black first", Setup: "B:Wc3:Bf6"},
		{Name: "over", Setup: "W:Wc3:Bd4", Moves: []string{"c3:e5"}},
		{Name: "unreadable", Setup: "W:Wz9:Bf6"},
	} {
		tb := table()
		tb.Openings = map[string]referee.Opening{"1-2": bad}
		if _, err := referee.Open(tb, "1-2", time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC)); err == nil || !strings.Contains(err.Error(), bad.Name) {
			t.Errorf("opening %q: %v, want it refused by name", bad.Name, err)
		}
	}
}

// TestFirstLetterAfterDrawnOpening: the first letter of the player on move after the drawn moves
// repeats nothing (the drawn moves were sent by nobody), is charged from the start, and may
// restate the drawn moves; a letter that changes a drawn move is refused without penalty (4.2.8).
func TestFirstLetterAfterDrawnOpening(t *testing.T) {
	tb := table()
	tb.Openings = map[string]referee.Opening{"1-2": {Name: "Дебют 1", Moves: []string{"c3-d4", "f6-g5", "b2-c3"}}}
	open, err := referee.Open(tb, "1-2", time.Date(2026, 10, 20, 12, 0, 0, 0, tb.Zone))
	if err != nil {
		t.Fatal(err)
	}
	decide := func(text string, day int) referee.Decision {
		t.Helper()
		raw := "From: petrov@mail.example\r\nSubject: СТ-2026/1 game 1-2\r\n\r\n" + text + "\r\n"
		l, err := mailparse.Parse([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 1+day, 10, 0, 0, 0, tb.Zone)
		env := referee.Envelope{From: "petrov@mail.example", MessageID: "m@mail.example", Received: at}
		d, err := referee.Decide([]referee.Seat{{Table: tb, Game: open.Game}}, referee.Mail{Letter: l, Envelope: env}, at)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := decide("My move: 2... g5-h4", 3)
	if d.Verdict != referee.Accepted || !slices.Equal(d.Moves, []string{"2... g5-h4"}) || d.Time != (referee.Time{Black: 3}) {
		t.Errorf("Black's first move: %s %v %v, time %v; want accepted, 3 days", d.Verdict, d.Moves, d.Clauses, d.Time)
	}
	if got := d.Game.BlackClock.Moves; got != 1 {
		t.Errorf("Black's moves for his control: %d, want 1 (his own)", got)
	}
	d = decide("1. c3-d4 f6-g5 2. b2-c3 g5-h4", 3)
	if d.Verdict != referee.Accepted || !slices.Equal(d.Moves, []string{"2... g5-h4"}) {
		t.Errorf("a letter restating the drawn moves: %s %v %v", d.Verdict, d.Moves, d.Clauses)
	}
	d = decide("1... f6-e5", 3)
	if d.Verdict != referee.Rejected || d.PenaltyDays != 0 {
		t.Errorf("a letter changing a drawn move: %s, %d penalty days, %v; want rejected without penalty", d.Verdict, d.PenaltyDays, d.Clauses)
	}
}
