package tournament

import (
	"fmt"

	"testing"

	"github.com/google/go-cmp/cmp"
)

// published holds the Berger tables as printed in the FIDE Handbook (C.05, annex 1) and in
// the Russian draughts and chess handbooks: one line per round, boards in order, White first.
var published = map[int][]string{
	4: {
		"1-4 2-3",
		"4-3 1-2",
		"2-4 3-1",
	},
	6: {
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	},
	8: {
		"1-8 2-7 3-6 4-5",
		"8-5 6-4 7-3 1-2",
		"2-8 3-1 4-7 5-6",
		"8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7",
		"8-7 1-6 2-5 3-4",
		"4-8 5-3 6-2 7-1",
	},
	10: {
		"1-10 2-9 3-8 4-7 5-6",
		"10-6 7-5 8-4 9-3 1-2",
		"2-10 3-1 4-9 5-8 6-7",
		"10-7 8-6 9-5 1-4 2-3",
		"3-10 4-2 5-1 6-9 7-8",
		"10-8 9-7 1-6 2-5 3-4",
		"4-10 5-3 6-2 7-1 8-9",
		"10-9 1-8 2-7 3-6 4-5",
		"5-10 6-4 7-3 8-2 9-1",
	},
}

// rounds lays games out as the published tables do.
func rounds(games []Game) []string {
	var out []string
	for _, g := range games {
		for len(out) < g.Round {
			out = append(out, "")
		}
		if out[g.Round-1] != "" {
			out[g.Round-1] += " "
		}
		out[g.Round-1] += g.Name
	}
	return out
}

func TestPairingsPublishedTables(t *testing.T) {
	for _, n := range []int{4, 6, 8, 10} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			games, err := Pairings(n, 1)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(published[n], rounds(games)); diff != "" {
				t.Errorf("Berger table for %d players (-published +got):\n%s", n, diff)
			}
		})
	}
}

// An odd field plays the table of the next even number; whoever meets the dummy rests.
func TestPairingsOddRests(t *testing.T) {
	games, err := Pairings(5, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The 6-player table with every game of player 6 removed.
	want := []string{
		"2-5 3-4",
		"5-3 1-2",
		"3-1 4-5",
		"1-4 2-3",
		"4-2 5-1",
	}
	if diff := cmp.Diff(want, rounds(games)); diff != "" {
		t.Errorf("5 players (-want +got):\n%s", diff)
	}
}

func TestPairingsDouble(t *testing.T) {
	games, err := Pairings(4, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1-4 2-3",
		"4-3 1-2",
		"2-4 3-1",
		"4-1 3-2",
		"3-4 2-1",
		"4-2 1-3",
	}
	if diff := cmp.Diff(want, rounds(games)); diff != "" {
		t.Errorf("double round-robin of 4 (-want +got):\n%s", diff)
	}
}

// Every pair meets once per cycle, nobody plays twice in a round, and colours alternate
// as evenly as a round-robin allows.
func TestPairingsProperties(t *testing.T) {
	for n := 2; n <= 21; n++ {
		for _, cycles := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d players, %d cycles", n, cycles), func(t *testing.T) {
				games, err := Pairings(n, cycles)
				if err != nil {
					t.Fatal(err)
				}
				if want := n * (n - 1) / 2 * cycles; len(games) != want {
					t.Errorf("%d games, want %d", len(games), want)
				}
				met := map[[2]int]int{}
				busy := map[[2]int]bool{} // round, player
				white := make([]int, n+1)
				for _, g := range games {
					if g.White < 1 || g.White > n || g.Black < 1 || g.Black > n || g.White == g.Black {
						t.Fatalf("game %s outside 1..%d", g.Name, n)
					}
					if g.Name != GameName(g.White, g.Black) {
						t.Errorf("game %+v named %q", g, g.Name)
					}
					lo, hi := min(g.White, g.Black), max(g.White, g.Black)
					met[[2]int{lo, hi}]++
					for _, p := range []int{g.White, g.Black} {
						if busy[[2]int{g.Round, p}] {
							t.Errorf("player %d plays twice in round %d", p, g.Round)
						}
						busy[[2]int{g.Round, p}] = true
					}
					white[g.White]++
				}
				for a := 1; a <= n; a++ {
					for b := a + 1; b <= n; b++ {
						if met[[2]int{a, b}] != cycles {
							t.Errorf("%d and %d meet %d times, want %d", a, b, met[[2]int{a, b}], cycles)
						}
					}
					// Each player has (n-1)·cycles games; White in half of them, give or take one.
					played := (n - 1) * cycles
					if d := 2*white[a] - played; d < -2 || d > 2 || (n%2 == 0 && (d < -1 || d > 1)) {
						t.Errorf("player %d is White in %d of %d games", a, white[a], played)
					}
				}
				if cycles == 2 {
					seen := map[string]bool{}
					for _, g := range games {
						if seen[g.Name] {
							t.Errorf("game name %s used twice", g.Name)
						}
						seen[g.Name] = true
					}
				}
			})
		}
	}
}

func TestPairingsErrors(t *testing.T) {
	for _, tc := range []struct{ n, rounds int }{{1, 1}, {0, 1}, {4, 0}, {4, 3}} {
		if _, err := Pairings(tc.n, tc.rounds); err == nil {
			t.Errorf("Pairings(%d, %d): no error", tc.n, tc.rounds)
		}
	}
}

func TestParseGameName(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, b int
		ok   bool
	}{
		{"1-2", 1, 2, true},
		{"12-3", 12, 3, true},
		{"03-07", 3, 7, true},
		{"0307", 3, 7, true},
		{"1-1", 0, 0, false},
		{"1-", 0, 0, false},
		{"-2", 0, 0, false},
		{"+1-2", 0, 0, false},
		{"1--2", 0, 0, false},
		{"a-b", 0, 0, false},
		{"123", 0, 0, false},
		{"", 0, 0, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			w, b, err := ParseGameName(tc.in)
			if (err == nil) != tc.ok || w != tc.w || b != tc.b {
				t.Errorf("ParseGameName(%q) = %d, %d, %v; want %d, %d, ok=%v", tc.in, w, b, err, tc.w, tc.b, tc.ok)
			}
		})
	}
}

func ExamplePairings() {
	games, _ := Pairings(4, 1)
	for _, g := range games {
		fmt.Printf("round %d: %s\n", g.Round, g.Name)
	}
	// Output:
	// round 1: 1-4
	// round 1: 2-3
	// round 2: 4-3
	// round 2: 1-2
	// round 3: 2-4
	// round 3: 3-1
}

func BenchmarkPairings20(b *testing.B) {
	for b.Loop() {
		if _, err := Pairings(20, 2); err != nil {
			b.Fatal(err)
		}
	}
}
