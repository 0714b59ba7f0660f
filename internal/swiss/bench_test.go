package swiss

import (
	"math/rand/v2"
	"testing"
)

// tournamentAfter plays rounds rounds of an n-player tournament with random results.
func tournamentAfter(n, rounds, total int, seed uint64) *Tournament {
	rng := rand.New(rand.NewPCG(seed, 11))
	tr := &Tournament{Rounds: total, Win: 10}
	for i := 1; i <= n; i++ {
		tr.Players = append(tr.Players, Player{Number: i})
	}
	for r := 0; r < rounds; r++ {
		p, err := Pair(tr)
		if err != nil {
			panic(err)
		}
		play(tr, p, rng)
	}
	return tr
}

// BenchmarkPair200 pairs round 6 of a 200-player, 9-round Swiss.
func BenchmarkPair200(b *testing.B) {
	tr := tournamentAfter(200, 5, 9, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Pair(tr); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPair200Round2 pairs round 2 of a 200-player Swiss: the largest brackets.
func BenchmarkPair200Round2(b *testing.B) {
	tr := tournamentAfter(200, 1, 9, 2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Pair(tr); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPair1000Round1 pairs round 1 of a 1,000-player Swiss: one bracket, the top half
// against the bottom half.
func BenchmarkPair1000Round1(b *testing.B) {
	tr := tournamentAfter(1000, 0, 9, 3)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Pair(tr); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPair500Round2 pairs round 2 of a 500-player Swiss (MaxPlayers): three brackets,
// colour preferences everywhere.
func BenchmarkPair500Round2(b *testing.B) {
	tr := tournamentAfter(500, 1, 9, 4)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Pair(tr); err != nil {
			b.Fatal(err)
		}
	}
}
