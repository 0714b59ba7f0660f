package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// benchTeamSheet is a team event of teams teams of boards boards.
func benchTeamSheet(b *testing.B, system string, teams, boards int) *Sheet {
	b.Helper()
	var s strings.Builder
	fmt.Fprintf(&s, "[tournament]\ncode = \"B\"\nname = \"B\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n"+
		"address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = %q\n", system)
	for i := 1; i <= teams; i++ {
		fmt.Fprintf(&s, "[[team]]\nname = \"T%d\"\ncaptain = \"c%d@club.example\"\nboards = [", i, i)
		for k := 1; k <= boards; k++ {
			if k > 1 {
				s.WriteString(", ")
			}
			fmt.Fprint(&s, (i-1)*boards+k)
		}
		s.WriteString("]\n")
	}
	for n := 1; n <= teams*boards; n++ {
		fmt.Fprintf(&s, "[[player]]\nnumber = %d\nname = \"P%d\"\nemail = \"p%d@mail.example\"\n", n, n, n)
	}
	sh, err := ParseSheet([]byte(s.String()))
	if err != nil {
		b.Fatal(err)
	}
	return sh
}

// BenchmarkTeamDraw pairs the largest team events the checks name: 8 teams of 6 boards.
func BenchmarkTeamDraw(b *testing.B) {
	for _, system := range []string{"team-round-robin", "scheveningen"} {
		b.Run(system, func(b *testing.B) {
			sh := benchTeamSheet(b, system, 8, 6)
			b.ReportAllocs()
			for b.Loop() {
				_ = sh.Games()
			}
		})
	}
}

// BenchmarkComputeTeams draws up the team standings of 8 teams of 6 boards with every game
// finished: what the report and a captain's letter compute.
func BenchmarkComputeTeams(b *testing.B) {
	for _, system := range []string{"team-round-robin", "scheveningen"} {
		b.Run(system, func(b *testing.B) {
			sh := benchTeamSheet(b, system, 8, 6)
			results := map[string]Result{}
			for i, g := range sh.Games() {
				results[g.Name] = []Result{WhiteWins, Draw, BlackWins}[i%3]
			}
			b.ReportAllocs()
			for b.Loop() {
				in, err := sh.TeamResults(results, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := ComputeTeams(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPairSwiss pairs round 5 of a Swiss of 40 players from its first four rounds: what
// the letter that ends round 4 computes, with the standings of its round letters.
func BenchmarkPairSwiss(b *testing.B) {
	var s strings.Builder
	s.WriteString("[tournament]\ncode = \"S\"\nname = \"S\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n" +
		"address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = \"swiss\"\nrounds = 9\n")
	for n := 1; n <= 40; n++ {
		fmt.Fprintf(&s, "[[player]]\nnumber = %d\nname = \"P%d\"\nemail = \"p%d@mail.example\"\n", n, n, n)
	}
	sh, err := ParseSheet([]byte(s.String()))
	if err != nil {
		b.Fatal(err)
	}
	var rounds []PairedRound
	results := map[string]Result{}
	for r := 0; r < 4; r++ {
		pr, err := sh.PairSwiss(rounds, results, nil)
		if err != nil {
			b.Fatal(err)
		}
		for i, bd := range pr.Boards {
			results[GameName(bd[0], bd[1])] = []Result{WhiteWins, Draw, BlackWins, WhiteWins}[(i+r)%4]
		}
		rounds = append(rounds, pr)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sh.PairSwiss(rounds, results, nil); err != nil {
			b.Fatal(err)
		}
		if _, err := sh.ComputeSwiss(rounds, results, nil); err != nil {
			b.Fatal(err)
		}
	}
}
