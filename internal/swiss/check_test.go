package swiss

import (
	"math/rand/v2"
	"testing"

	"postald/internal/trf"
)

// TestCheck: a tournament postald paired is, round by round, what Check pairs again;
// the same file with two opponents of round 3 swapped is reported at round 3.
func TestCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	tr := &Tournament{Rounds: 7, Win: 10, Initial: White}
	for i := 1; i <= 21; i++ {
		tr.Players = append(tr.Players, Player{Number: i})
	}
	for r := 1; r <= 7; r++ {
		for i := range tr.Players {
			tr.Players[i].Absent = r > 1 && rng.IntN(12) == 0
		}
		p, err := Pair(tr)
		if err != nil {
			t.Fatal(err)
		}
		play(tr, p, rng)
	}
	for i := range tr.Players {
		tr.Players[i].Absent = false
	}
	f, err := trf.Read(trf.Write(toTRF(tr)))
	if err != nil {
		t.Fatal(err)
	}
	checks, err := Check(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(checks) != 7 {
		t.Fatalf("%d rounds checked, want 7", len(checks))
	}
	for _, c := range checks {
		if !c.Agrees() {
			t.Errorf("round %d: file %v, paired %v (%v)", c.Round, c.File, c.Paired, c.Err)
		}
	}

	// Swap the Black players of two boards of round 3, on both sides of each game.
	round3 := checks[2].File.Boards
	a, b := round3[0], round3[1]
	players := map[int]*trf.Player{}
	for _, p := range f.Players() {
		players[p.Number] = p
	}
	players[a.White].Rounds[2].Opponent = b.Black
	players[b.Black].Rounds[2].Opponent = a.White
	players[b.White].Rounds[2].Opponent = a.Black
	players[a.Black].Rounds[2].Opponent = b.White
	for _, p := range players {
		p.Points = 0 // the swapped results no longer add up
	}
	checks, err = Check(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks[:2] {
		if !c.Agrees() {
			t.Errorf("round %d was not changed, but does not agree", c.Round)
		}
	}
	if checks[2].Agrees() {
		t.Errorf("round 3 was changed, but agrees")
	}
}
