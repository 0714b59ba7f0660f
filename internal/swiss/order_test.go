package swiss

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOrderPlayerByPlayer: whole tournaments with random results, forfeits and absences,
// every round paired twice: with the order of generation in the weights (a digit for every
// player, the reference) and player by player on a matcher solved again after each change (what
// Pair does). The two give the same boards, colours and bye every time.
func TestOrderPlayerByPlayer(t *testing.T) {
	rounds := 0
	for seed := uint64(1); seed <= 80; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		n := 4 + rng.IntN(40)
		total := 4 + rng.IntN(6)
		if total >= n {
			total = n - 1
		}
		tr := &Tournament{Rounds: total, Win: 10}
		for i := 1; i <= n; i++ {
			tr.Players = append(tr.Players, Player{Number: i})
		}
		for r := 1; r <= total; r++ {
			for i := range tr.Players {
				tr.Players[i].Absent = rng.IntN(15) == 0
			}
			want, werr := pair(context.Background(), tr, true)
			got, gerr := pair(context.Background(), tr, false)
			if werr != nil || gerr != nil {
				if errors.Is(werr, ErrNoPairing) && errors.Is(gerr, ErrNoPairing) {
					break
				}
				t.Fatalf("seed %d, %d players, round %d: reference %v, player by player %v", seed, n, r, werr, gerr)
			}
			if diff := cmp.Diff(format(want), format(got)); diff != "" {
				t.Fatalf("seed %d, %d players, round %d: the pairing (-reference +player by player):\n%s", seed, n, r, diff)
			}
			rounds++
			play(tr, got, rng)
		}
	}
	t.Logf("%d rounds paired alike", rounds)
}
