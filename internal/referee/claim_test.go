package referee

import (
	"strings"
	"testing"
	"time"

	"postald/internal/rules"
)

// playLine plays plies by letters, one a day from the start date, each letter repeating what the
// partner wrote.
func playLine(t *testing.T, variant string, plies []string) Seat {
	t.Helper()
	g := testGame(variant)
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)
	for i, mv := range plies {
		if i < len(g.Plies) {
			// postald played it already: the partner's only legal reply (4.2.4)
			if g.Plies[i].Text != mv || g.Plies[i].By != ByPostald {
				t.Fatalf("ply %d is %+v, want %s played by postald", i+1, g.Plies[i], mv)
			}
			continue
		}
		d := send(t, g, testLetter{g.Player(g.ToMove()), at.Format("2006-01-02 15:04"), repeatOwed(g.Game) + "Мой ход: " + numbered(i, mv)}, DefaultRegulation())
		if d.Verdict != Accepted {
			t.Fatalf("ply %d %s: %s %v %v", i+1, mv, d.Verdict, d.Clauses, d.Violations)
		}
		g.Game = d.Game
		at = at.Add(24 * time.Hour)
	}
	return g
}

func repeatOwed(g Game) string {
	owed := *g.owes(g.ToMove())
	if len(owed) == 0 {
		return ""
	}
	var s []string
	for _, j := range owed {
		s = append(s, numbered(j, g.Plies[j].Text))
	}
	return "Ваш ход " + strings.Join(s, " ") + " получил.\n"
}

// quietColumn is 15 moves of column draughts without a capture or a crowning: the material
// balance is unchanged for 30 plies, so the player to move may claim a draw (1.13.1).
var quietColumn = strings.Fields("a3-b4 b6-c5 b2-a3 f6-g5 a1-b2 g5-h4 b4-a5 d6-e5 c3-b4 c7-d6 e3-f4 e5-d4 " +
	"d2-e3 e7-f6 c1-d2 f6-g5 a5-b6 g7-f6 d2-c3 f6-e5 e1-d2 d8-e7 b4-a5 e7-f6 c3-b4 f8-e7 d2-c3 h8-g7 b6-c7 a7-b6")

// TestDrawClaim: a claim that does not hold is answered and the written move played
// (1.13.2, note б). After 29 quiet plies the material balance has been unchanged for 29 plies
// only, one short of 1.13.1's 15 moves.
func TestDrawClaim(t *testing.T) {
	short := playLine(t, "column", quietColumn[:29])
	d := send(t, short, testLetter{petrov, "2026-12-02 10:00", repeatOwed(short.Game) + "Требую ничью: 15 ходов без изменения соотношения сил.\nМой ход: 15... a7-b6"}, DefaultRegulation())
	if d.Verdict != Accepted || d.Game.Status != StatusPlaying || len(d.Moves) == 0 || d.Moves[0] != "15... a7-b6" {
		t.Errorf("invalid claim: %s %s, moves %v; want the move played and play going on", d.Verdict, d.Game.Status, d.Moves)
	}
	if !strings.Contains(strings.Join(d.Notes, " "), textFor("ru").ClaimInvalid) {
		t.Errorf("the invalid claim is not answered: %q", d.Notes)
	}
}

// TestValidDrawClaim: two lone kings shuffle until the position has occurred three times with
// the same side to move; the claim holds (1.13.1): a draw, the written move not played.
func TestValidDrawClaim(t *testing.T) {
	x := newDecider(testGame("column"), time.Date(2026, 12, 1, 10, 0, 0, 0, moscow))
	x.side = White
	b, err := newBoard("column", "")
	if err != nil {
		t.Fatal(err)
	}
	start, err := rules.ParseFEN(b.v, "W:WKa1:BKh2")
	if err != nil {
		t.Fatal(err)
	}
	b.start, b.pos = start, start
	for range 2 {
		for _, m := range []string{"a1-b2", "h2-g1", "b2-a1", "g1-h2"} {
			if err := b.play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	x.b = b
	if !x.claimDraw(true) {
		t.Fatalf("the third occurrence of the position: claim refused")
	}
	if x.g.Result != ResultDraw || x.d.Clauses[0] != "1.13.1" {
		t.Errorf("claim: result %s, clauses %v; want 1/2-1/2 under 1.13.1", x.g.Result, x.d.Clauses)
	}
}

// TestEndOnTheBoard: the last black piece is taken. In russian White has won (1.12); in the
// giveaway form the side left without a move, Black, has won.
func TestEndOnTheBoard(t *testing.T) {
	for _, tc := range []struct {
		variant string
		result  Result
	}{{"russian", ResultWhite}, {"russian-giveaway", ResultBlack}} {
		t.Run(tc.variant, func(t *testing.T) {
			x := newDecider(testGame(tc.variant), time.Date(2026, 12, 1, 10, 0, 0, 0, moscow))
			x.side = White
			b, err := newBoard(tc.variant, "")
			if err != nil {
				t.Fatal(err)
			}
			if b.start, err = rules.ParseFEN(b.v, "W:WKa1:Bc3"); err != nil {
				t.Fatal(err)
			}
			b.pos = b.start
			x.b = b
			text, f := x.b.parse("a1:d4")
			if f != nil {
				t.Fatalf("a1:d4: %+v", f)
			}
			x.play(text, ByLetter)
			if x.g.Status != StatusFinished || x.g.Result != tc.result {
				t.Errorf("after the last piece is taken: %s %s, want finished %s", x.g.Status, x.g.Result, tc.result)
			}
		})
	}
}
