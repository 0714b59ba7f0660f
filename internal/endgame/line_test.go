package endgame_test

import (
	"math/rand/v2"
	"testing"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// checkLine plays the principal line of p as its notation, through the rules engine's own
// reading of moves (Game.PlayText), and checks that it ends as the value says: the winner ends
// the game (1.12) after exactly the plies the value claims, or a drawn line ends in a position
// that occurred a third time, every position on it a draw.
func checkLine(t *testing.T, sp *endgame.Space, src endgame.Source, p rules.Position) {
	t.Helper()
	val, err := sp.Probe(src, &p)
	if err != nil {
		t.Fatal(err)
	}
	line, err := sp.PrincipalLine(src, p, 1000)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGame(p)
	for i, text := range line.Notation() {
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("%s: move %d %q of the line: %v", p.FEN(), i+1, text, err)
		}
	}
	end := g.Position()
	switch val.Verdict {
	case endgame.Win, endgame.Loss:
		winner := p.SideToMove()
		if val.Verdict == endgame.Loss {
			winner = winner.Opponent()
		}
		if sp.Giveaway() {
			winner = winner.Opponent()
		}
		w, over := end.Outcome().Winner()
		if line.End != endgame.EndGameOver || !over || w != winner || len(g.Moves) != val.Plies {
			t.Errorf("%s: %v in %d plies, the line %v ends after %d plies in %s (%v)", p.FEN(), val.Verdict, val.Plies, line.Notation(), len(g.Moves), end.FEN(), end.Outcome())
		}
	case endgame.Draw:
		if line.End != endgame.EndRepetition || g.RepetitionCount() < 3 {
			t.Errorf("%s: a draw, the line %v ends %v with the position seen %d times", p.FEN(), line.Notation(), line.End, g.RepetitionCount())
		}
		for _, q := range g.Positions() {
			if v, _ := sp.Probe(src, &q); v.Verdict != endgame.Draw {
				t.Errorf("%s: the drawn line passes %s, %v", p.FEN(), q.FEN(), v.Verdict)
			}
		}
	default:
		t.Errorf("%s: not held", p.FEN())
	}
}

// TestLinesReplay plays the principal lines of every two-piece position and of random
// positions of three and four pieces, either side to move.
func TestLinesReplay(t *testing.T) {
	for _, id := range []string{"russian", "international"} {
		var names []string
		switch {
		case raceDetector && id == "international":
			continue // not under the race detector: a few hundred thousand positions more to build
		case raceDetector:
			names = []string{"0m3k-0m1k"} // the theory tests build it too
		case id == "russian":
			names = []string{"0m3k-0m1k", "1m1k-0m2k", "2m0k-1m0k", "1m1k-1m0k"}
		default:
			names = []string{"0m2k-0m1k", "1m1k-0m1k", "1m0k-1m1k"}
		}
		v, sp, src := tablesOf(t, id, names...)
		r := rand.New(rand.NewPCG(6, 35))
		n := 0
		for m := range src {
			size := sp.Size(m)
			count := uint64(300)
			if m.Pieces() == 2 {
				count = size
			}
			if testing.Short() || raceDetector {
				count = min(count, 20)
			}
			for k := uint64(0); k < count; k++ {
				i := k
				if count < size {
					i = r.Uint64N(size)
				}
				side := rules.Color(r.IntN(2))
				p, err := sp.Position(m, i, side)
				if err != nil {
					t.Fatal(err)
				}
				if p.Outcome() != rules.Ongoing {
					continue
				}
				checkLine(t, sp, src, p)
				n++
			}
		}
		t.Logf("%s: %d lines replayed", id, n)
		_ = v
	}
}
