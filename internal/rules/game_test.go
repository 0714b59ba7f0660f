package rules

import (
	"slices"
	"testing"
)

func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

func rulesOf(claims []DrawClaim) []DrawRule {
	var out []DrawRule
	for _, c := range claims {
		out = append(out, c.Rule)
	}
	return out
}

func TestRepetition(t *testing.T) {
	for _, id := range []string{"russian", "column", "russian-giveaway"} {
		t.Run(id, func(t *testing.T) {
			g := NewGame(mustPosition(t, id, "W:WKa1:BKh2"))
			cycle := []string{"a1-b2", "h2-g1", "b2-a1", "g1-h2"}
			playAll(t, g, cycle...)
			if n := g.RepetitionCount(); n != 2 {
				t.Errorf("after one cycle: %d occurrences, want 2", n)
			}
			if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawRepetition) {
				t.Errorf("claim after two occurrences: %v", c)
			}
			playAll(t, g, cycle[:3]...)
			// 1.13.2: Black may write g1-h2, which would repeat the position a
			// third time, and claim without playing it.
			p := g.Position()
			m, _ := ParseMove(&p, "g1-h2")
			if c := g.DrawClaimsWith(m); !slices.Contains(rulesOf(c), DrawRepetition) {
				t.Errorf("no claim with g1-h2: %v", c)
			}
			if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawRepetition) {
				t.Errorf("claim before the third occurrence: %v", c)
			}
			playAll(t, g, cycle[3])
			if n := g.RepetitionCount(); n != 3 {
				t.Errorf("after two cycles: %d occurrences, want 3", n)
			}
			if c := g.DrawClaims(); !slices.Contains(rulesOf(c), DrawRepetition) {
				t.Errorf("no repetition claim after three occurrences: %v", c)
			}
			// The same placement with the other side to move is another position.
			a := mustPosition(t, id, "W:WKa1:BKh2")
			b := mustPosition(t, id, "B:WKa1:BKh2")
			if a.Equal(&b) {
				t.Error("positions with different sides to move are equal")
			}
			if id == "column" {
				// Towers with the same tops but other pieces below are other positions.
				c := mustPosition(t, id, "W:Wa1(Wb):BKh2")
				d := mustPosition(t, id, "W:Wa1(Ww):BKh2")
				if c.Equal(&d) {
					t.Error("towers of different composition are equal")
				}
			}
		})
	}
}

func TestColumnMaterialUnchanged(t *testing.T) {
	// 1.13.1: 15 moves of both sides with the same towers claim a draw. The
	// first move is a capture, which changes the material, so the count starts after it.
	g := NewGame(mustPosition(t, "column", "W:WKa1,g5:BKh2,f6"))
	playAll(t, g, "g5:e7")
	cycle := []string{"h2-g1", "a1-b2", "g1-h2", "b2-a1"}
	plies := 0
	for plies < 30 {
		for _, m := range cycle {
			if plies == 29 {
				if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawMaterialUnchanged) {
					t.Fatalf("claim after %d plies: %v", plies, c)
				}
			}
			playAll(t, g, m)
			plies++
			if plies == 30 {
				break
			}
		}
	}
	if c := g.DrawClaims(); !slices.Contains(rulesOf(c), DrawMaterialUnchanged) {
		t.Errorf("no 1.13.1 claim after 15 moves: %v", c)
	}
}

func TestInternationalKingsOnly(t *testing.T) {
	// 2.6: 25 moves of both sides with kings only. White has a king and three men,
	// Black a king and two men, so no endgame limit applies.
	g := NewGame(mustPosition(t, "international", "W:WK46,25,35,45:BK6,16,26"))
	cycle := []string{"46-41", "6-1", "41-46", "1-6"}
	for ply := 0; ply < 50; ply++ {
		if ply == 49 {
			if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawKingsOnly) {
				t.Fatalf("claim after 49 plies: %v", c)
			}
		}
		playAll(t, g, cycle[ply%4])
	}
	c := g.DrawClaims()
	if !slices.Contains(rulesOf(c), DrawKingsOnly) || slices.Contains(rulesOf(c), DrawEndgameLimit) {
		t.Errorf("claims after 25 moves: %v, want kings-only and no endgame limit", c)
	}
	// A man's move stops the count.
	playAll(t, g, "25-20")
	if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawKingsOnly) {
		t.Errorf("claim after a man moved: %v", c)
	}
}

func TestInternationalEndgameLimit(t *testing.T) {
	// 2.6: three kings against a lone king must win by their 5th move.
	g := NewGame(mustPosition(t, "international", "W:WK46,K45,K50:BK6"))
	cycle := []string{"46-41", "6-1", "41-46", "1-6"}
	for ply := 0; ply < 9; ply++ {
		if ply == 8 { // White has made 4 moves
			if c := g.DrawClaims(); slices.Contains(rulesOf(c), DrawEndgameLimit) {
				t.Fatalf("claim after 4 moves: %v", c)
			}
		}
		playAll(t, g, cycle[ply%4])
	}
	if c := g.DrawClaims(); !slices.Contains(rulesOf(c), DrawEndgameLimit) {
		t.Errorf("no claim after White's 5th move: %v", c)
	}
	for _, tc := range []struct {
		fen   string
		limit int
	}{
		{"W:WK1,K2,K3:BK50", 5}, {"W:WK1,K2,30:BK50", 5}, {"W:WK1,30,31:BK50", 5}, {"W:W28,30,31:BK50", 5},
		{"W:WK1,K2:BK50", 5}, {"W:WK1,30:BK50", 5}, {"W:WK1:BK50", 5}, {"W:WK1:B40", 5}, {"W:W30,31:BK50", 0},
		{"W:WK1,K2,K3,K4,K5:BK49,K50", 50}, {"W:WK1,K2,K3,K4,30:BK49,K50", 50}, {"W:WK1,K2,K3,K4:BK49,K50", 0},
		{"W:BK1:WK2,K3,K4", 5},
	} {
		p := mustPosition(t, "international", tc.fen)
		if got, _ := endingKind(&p); got != tc.limit {
			t.Errorf("%s: limit %d, want %d", tc.fen, got, tc.limit)
		}
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		variant, fen string
		want         Outcome
	}{
		{"russian", "W:Wa1:Bb2,c3", BlackWins},          // White is blocked
		{"russian-giveaway", "W:Wa1:Bb2,c3", WhiteWins}, // and wins the giveaway game
		{"russian", "W:W:Bh8", BlackWins},               // White has no piece
		{"column", "W:W:Bc3(bw)", BlackWins},            // no tower topped by White
		{"column-giveaway", "W:W:Bc3(bw)", WhiteWins},
		{"lasca", "B:W1:B25", Ongoing},
		{"international", "B:W46:B", WhiteWins},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.variant, tc.fen)
		if got := p.Outcome(); got != tc.want {
			t.Errorf("%s %s: %v, want %v", tc.variant, tc.fen, got, tc.want)
		}
	}
}

func TestGamePlayRefusesIllegal(t *testing.T) {
	v, _ := VariantByID("russian")
	g := NewGame(v.Start())
	other := mustPosition(t, "russian", "W:Wa1,h2:Bh8")
	m := other.LegalMoves(nil)[0] // a1-b2, illegal at the start
	if err := g.Play(m); err == nil {
		t.Fatal("Play accepted a1-b2 at the start")
	}
	p := v.Start()
	if err := g.Play(p.LegalMoves(nil)[0]); err != nil || len(g.Moves) != 1 {
		t.Fatalf("Play refused a legal move: %v", err)
	}
}
