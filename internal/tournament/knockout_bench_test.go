package tournament

import (
	"strings"
	"testing"
)

// BenchmarkKnockoutBracket draws up the bracket of a knockout of 128 players in micromatches of
// two, every pairing played and the last one's second game deciding: what the office does at
// the end of every game of a knockout (with the store's reads), and the page and the report
// with every draw.
func BenchmarkKnockoutBracket(b *testing.B) {
	var s strings.Builder
	s.WriteString(knockoutSheet(128, "en", "micromatch = 2\nknockout_tie = \"higher-seed\""))
	sh, err := ParseSheet([]byte(s.String()))
	if err != nil {
		b.Fatal(err)
	}
	results := map[string]Result{}
	var opened []KnockoutOpened
	for {
		br, err := sh.Bracket(opened, results)
		if err != nil {
			b.Fatal(err)
		}
		grew := false
		for _, row := range br.Rounds {
			for _, p := range row {
				for k, g := range p.Games {
					if _, ok := results[g.Name]; !ok {
						results[g.Name] = []Result{WhiteWins, Draw}[k%2]
						grew = true
					}
				}
			}
		}
		opened = append(opened, br.Open...)
		if !grew && len(br.Open) == 0 {
			if br.Winner == 0 {
				b.Fatal("no winner")
			}
			break
		}
	}
	if len(results) != 127*2 {
		b.Fatalf("%d games, want %d", len(results), 127*2)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sh.Bracket(opened, results); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKnockoutGrid draws the bracket of 128 players as its table, in text.
func BenchmarkKnockoutGrid(b *testing.B) {
	sh, err := ParseSheet([]byte(knockoutSheet(128, "en", "knockout_tie = \"higher-seed\"")))
	if err != nil {
		b.Fatal(err)
	}
	results := map[string]Result{}
	for _, g := range sh.Games() {
		results[g.Name] = WhiteWins
	}
	br, err := sh.Bracket(nil, results)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g := br.Grid(sh, "en")
		if rows := len(g.Rows); rows != 64+32 { // round 1, and round 2's pairings with both players known
			b.Fatalf("%d rows", rows)
		}
		_ = g.Text()
	}
}
