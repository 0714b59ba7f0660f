package tournament

import (
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func loadTable(t testing.TB, name string) *Results {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ParseResults(b)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// tb is one player's expected coefficients, in the order of field.toml's tiebreaks after
// sonneborn-berger and wins: shmulyan, berger, buchholz, solkoff, solkoff-truncated, riga.
func coeffs(sb, wins, shm, berger, buch, solk, trunc, riga float64) map[string]float64 {
	return map[string]float64{
		SonnebornBerger: sb, Wins: wins, Shmulyan: shm, Berger: berger,
		Buchholz: buch, Solkoff: solk, SolkoffTruncated: trunc, Riga: riga,
	}
}

func withH2H(m map[string]float64, v float64) map[string]float64 {
	m[HeadToHead] = v
	return m
}

// fieldWant is field.toml's crosstable as worked out by hand in testdata/README.md.
func fieldWant() []Standing {
	return []Standing{
		{Place: "1", Number: 2, Name: "Белов Борис", Points: 7.5, Wins: 6,
			Tiebreaks: coeffs(61, 6, 23.5, 37.5, 37.5, 30, 36, 68)},
		{Place: "2", Number: 1, Name: "Абрамов Алексей", Points: 6, Wins: 4,
			Tiebreaks: coeffs(50.5, 4, 11.5, 33, 39, 30, 37.5, 64.25)},
		{Place: "3", Number: 9, Name: "Ильин Кирилл", Points: 5.5, Wins: 3,
			Tiebreaks: coeffs(46, 3, 6.5, 27.5, 39.5, 30.5, 38, 62.5)},
		{Place: "4-5", Number: 6, Name: "Егоров Евгений", Points: 5.5, Wins: 4,
			Tiebreaks: withH2H(coeffs(36.5, 4, -3, 13.5, 39.5, 30.5, 38, 57.75), 0.5)},
		{Place: "4-5", Number: 7, Name: "Жуков Захар", Points: 5.5, Wins: 4,
			Tiebreaks: withH2H(coeffs(36.5, 4, -3, 13.5, 39.5, 30.5, 38, 57.75), 0.5)},
		{Place: "6", Number: 5, Name: "Дмитриев Денис", Points: 5, Wins: 3,
			Tiebreaks: coeffs(33.5, 3, -6.5, 13, 40, 31, 38.5, 56.75)},
		{Place: "7", Number: 3, Name: "Васильев Виктор", Points: 3, Wins: 2,
			Tiebreaks: coeffs(23.5, 2, -18.5, -10, 42, 33, 40.5, 53.75)},
		{Place: "8", Number: 4, Name: "Григорьев Геннадий", Points: 3, Wins: 0,
			Tiebreaks: coeffs(23.5, 0, -18.5, 5, 42, 33, 40.5, 53.75)},
		{Place: "9", Number: 8, Name: "Зайцев Игорь", Points: 2.5, Wins: 1,
			Tiebreaks: coeffs(22, 1, -20.5, -4.5, 42.5, 33.5, 41, 53.5)},
		{Place: "10", Number: 10, Name: "Козлов Леонид", Points: 1.5, Wins: 1,
			Tiebreaks: coeffs(8, 1, -35.5, -32.5, 43.5, 33.5, 41, 47.5)},
		{Place: "", Number: 11, Name: "Лебедев Михаил", Points: 0, Wins: 0,
			Tiebreaks: map[string]float64{}, Withdrawn: true, StruckOut: true},
	}
}

var ignoreCells = cmpopts.IgnoreFields(Standing{}, "Games")

func TestComputeField(t *testing.T) {
	ct, err := Compute(loadTable(t, "field.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fieldWant(), ct.Standings, ignoreCells); diff != "" {
		t.Errorf("crosstable (-hand +computed):\n%s", diff)
	}
}

// The cells of the crosstable, as the seed marks them.
func TestComputeFieldCells(t *testing.T) {
	ct, err := Compute(loadTable(t, "field.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cells := map[int]map[int]string{}
	for _, s := range ct.Standings {
		cells[s.Number] = map[int]string{}
		for _, g := range s.Games {
			sym := g.Score.Symbol()
			if g.Annulled {
				sym = "(" + sym + ")"
			}
			cells[s.Number][g.Opponent] += sym
		}
	}
	for _, tc := range []struct {
		player, opponent int
		want             string
	}{
		{5, 10, "+"}, {10, 5, "-"}, // forfeit without play, 1.12.2
		{1, 11, "(1)"}, {11, 1, "(0)"}, // 1.10.2: played, struck out
		{5, 11, "(½)"}, {10, 11, "(0)"}, {11, 10, "(1)"},
		{2, 11, "-"}, {11, 2, "-"}, // 1.10.2: a recorded -/+ becomes a minus for both
		{8, 11, "-"}, {11, 8, "-"}, // 1.10.2: never played, not listed in the file
		{6, 7, "½"}, {3, 1, "1"}, {1, 3, "0"},
	} {
		if got := cells[tc.player][tc.opponent]; got != tc.want {
			t.Errorf("cell %d vs %d = %q, want %q", tc.player, tc.opponent, got, tc.want)
		}
	}
}

// Scoring 2-1-0 doubles every point and every sum; places do not move (seed 003, 1.12.1).
func TestComputeFieldWholePoints(t *testing.T) {
	tb := loadTable(t, "field.toml")
	tb.Scoring = ScoringWhole
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	want := fieldWant()
	for i := range want {
		want[i].Points *= 2
		for k, v := range want[i].Tiebreaks {
			if k != Wins {
				want[i].Tiebreaks[k] = 2 * v
			}
		}
	}
	if diff := cmp.Diff(want, ct.Standings, ignoreCells); diff != "" {
		t.Errorf("crosstable with 2-1-0 (-want +got):\n%s", diff)
	}
}

func places(ct *Crosstable) []string {
	var out []string
	for _, s := range ct.Standings {
		out = append(out, s.Place+":"+itoa(s.Number))
	}
	return out
}

func itoa(n int) string { return FormatPoints(float64(n)) }

// The order of the tie-breaks is the regulation's; each applies only to those still level.
func TestComputeTiebreakOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		tbs  []string
		want []string
	}{
		{"none: shared places", nil,
			[]string{"1:2", "2:1", "3-5:6", "3-5:7", "3-5:9", "6:5", "7-8:3", "7-8:4", "9:8", "10:10", ":11"}},
		// 6, 7 and 9 face opponents with the same points: every Buchholz-like sum is equal.
		{"buchholz family cannot split 6, 7, 9", []string{Buchholz, Solkoff, SolkoffTruncated},
			[]string{"1:2", "2:1", "3-5:6", "3-5:7", "3-5:9", "6:5", "7-8:3", "7-8:4", "9:8", "10:10", ":11"}},
		// Berger: 9 27½, 6 and 7 13½; 3 −10, 4 5.
		{"berger", []string{Buchholz, Berger},
			[]string{"1:2", "2:1", "3:9", "4-5:6", "4-5:7", "6:5", "7:4", "8:3", "9:8", "10:10", ":11"}},
		// Shmulyan ties 3 and 4 (−18½ each); wins then put 3 first.
		{"shmulyan then wins", []string{Shmulyan, Wins},
			[]string{"1:2", "2:1", "3:9", "4-5:6", "4-5:7", "6:5", "7:3", "8:4", "9:8", "10:10", ":11"}},
		// Wins first: 6 and 7 have four, 9 three; 3 has two, 4 none.
		{"wins first", []string{Wins, SonnebornBerger},
			[]string{"1:2", "2:1", "3-4:6", "3-4:7", "5:9", "6:5", "7:3", "8:4", "9:8", "10:10", ":11"}},
		// Head-to-head in the 5½ group: 9 beat 6 and 7 (2 points), they drew (½ each).
		{"head-to-head first", []string{HeadToHead},
			[]string{"1:2", "2:1", "3:9", "4-5:6", "4-5:7", "6:5", "7-8:3", "7-8:4", "9:8", "10:10", ":11"}},
		// Riga ties 3 and 4 (53.75 each) and 6 and 7.
		{"riga", []string{Riga},
			[]string{"1:2", "2:1", "3:9", "4-5:6", "4-5:7", "6:5", "7-8:3", "7-8:4", "9:8", "10:10", ":11"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := loadTable(t, "field.toml")
			tb.Tiebreaks = tc.tbs
			ct, err := Compute(tb)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, places(ct)); diff != "" {
				t.Errorf("places (-want +got):\n%s", diff)
			}
		})
	}
}

func TestComputeWithdrawnHalf(t *testing.T) {
	ct, err := Compute(loadTable(t, "withdrawn.toml"))
	if err != nil {
		t.Fatal(err)
	}
	sb := func(v float64) map[string]float64 { return map[string]float64{SonnebornBerger: v} }
	want := []Standing{
		{Place: "1", Number: 1, Name: "Adams", Points: 3, Wins: 2, Tiebreaks: sb(10.5)},
		{Place: "2", Number: 3, Name: "Clark", Points: 2.5, Wins: 2, Tiebreaks: sb(7)},
		{Place: "3", Number: 4, Name: "Davis", Points: 2, Wins: 1, Tiebreaks: sb(7.5)},
		{Place: "4", Number: 2, Name: "Brown", Points: 1.5, Wins: 1, Tiebreaks: sb(7)},
		{Place: "5", Number: 5, Name: "Evans", Points: 1, Wins: 1, Tiebreaks: sb(3), Withdrawn: true},
	}
	if diff := cmp.Diff(want, ct.Standings, ignoreCells); diff != "" {
		t.Errorf("crosstable (-hand +computed):\n%s", diff)
	}
}

// One game fewer than half: 1.10.2 strikes the results out.
func TestComputeWithdrawnBeforeHalf(t *testing.T) {
	tb := loadTable(t, "withdrawn.toml")
	// 5's win against 2 was never played.
	tb.Games = slices.DeleteFunc(tb.Games, func(g Played) bool { return g.White == 2 && g.Black == 5 })
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	// 5 played one game of four: struck out. 1's win over him is annulled, and 2, 3 and 4
	// each get a minus for the unplayed game. 1 has ½+1+½ = 2; 2 ½+0+1 = 1½; 3 0+1+½ = 1½;
	// 4 ½+0+½ = 1.
	// S-B among 2 and 3: 2 beat 4 (1) and drew 1 (2): 2·1+2 = 4; 3 beat 2 (1½) and drew
	// 4 (1): 2·1½+1 = 4. Level on S-B, so they share places 2-3.
	var got []string
	for _, s := range ct.Standings {
		got = append(got, s.Place+":"+itoa(s.Number)+":"+FormatPoints(s.Points))
	}
	want := []string{"1:1:2", "2-3:2:1½", "2-3:3:1½", "4:4:1", ":5:0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A partial separation by head-to-head: the rest go on to the next criterion.
func TestComputeHeadToHeadPartial(t *testing.T) {
	// Five players; 1, 2 and 3 have 2 points each. Among them 1 beat 2 and 3, and 2 drew
	// with 3: head-to-head 2, ½, ½ puts 1 first and leaves 2 and 3 level. Final points:
	// 4 2½, 5 1½. S-B of 2: beat 4 (2½), drew 3 and 5 (2 + 1½): 5 + 3½ = 8½; of 3: beat 5
	// (1½), drew 2 and 4 (2 + 2½): 3 + 4½ = 7½. So 2 before 3.
	tb := &Results{
		Scoring:   ScoringHalf,
		Tiebreaks: []string{HeadToHead, SonnebornBerger},
		Rounds:    1,
		Players:   []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}, {Number: 3, Name: "C"}, {Number: 4, Name: "D"}, {Number: 5, Name: "E"}},
		Games: []Played{
			{1, 2, WhiteWins}, {3, 1, BlackWins}, {1, 4, BlackWins}, {5, 1, WhiteWins},
			{2, 3, Draw}, {2, 4, WhiteWins}, {5, 2, Draw},
			{3, 4, Draw}, {3, 5, WhiteWins}, {4, 5, WhiteWins},
		},
	}
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	want := []Standing{
		{Place: "1", Number: 4, Name: "D", Points: 2.5, Wins: 2},
		{Place: "2", Number: 1, Name: "A", Points: 2, Wins: 2},
		{Place: "3", Number: 2, Name: "B", Points: 2, Wins: 1},
		{Place: "4", Number: 3, Name: "C", Points: 2, Wins: 1},
		{Place: "5", Number: 5, Name: "E", Points: 1.5, Wins: 1},
	}
	h2h := map[int]float64{1: 2, 2: 0.5, 3: 0.5}
	sbs := map[int]float64{2: 8.5, 3: 7.5}
	for i, s := range ct.Standings {
		if v, ok := s.Tiebreaks[HeadToHead]; ok != (h2h[s.Number] > 0) || v != h2h[s.Number] {
			t.Errorf("player %d head-to-head = %v, %v; want %v", s.Number, v, ok, h2h[s.Number])
		}
		if v, ok := sbs[s.Number]; ok && s.Tiebreaks[SonnebornBerger] != v {
			t.Errorf("player %d S-B = %v, want %v", s.Number, s.Tiebreaks[SonnebornBerger], v)
		}
		s.Tiebreaks = nil
		ct.Standings[i] = s
	}
	if diff := cmp.Diff(want, ct.Standings, ignoreCells); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Truncated Solkoff drops the worst opponent, then on a tie the two worst, and so on
// (seed 003, 1.13.8). Players of a finished single round-robin who tie on points face the
// same opponents, so the levels matter while games are still unplayed.
func TestComputeSolkoffTruncatedLevels(t *testing.T) {
	// Games so far: 3 beat 1, 4 beat 1 and 2, 5 beat 1 and 4, 3 drew with 4 and 5.
	// Points: 1 0, 2 0, 3 1+½+½ = 2, 4 1+1+½ = 2½, 5 1+½+1 = 2½.
	// 4 faced 1 2 3 5: 0 0 2 2½ = 4½; without the worst 4½, without the two worst 4½.
	// 5 faced 1 3 4:   0 2 2½   = 4½; without the worst 4½, without the two worst 2½.
	// Level on the first, 4 is ahead on the second. 3 faced 0 2½ 2½: 5. 1 faced 2 2½ 2½:
	// 5; 2 faced 2½ alone: 0. So 4, 5, 3, 1, 2.
	tb := &Results{
		Scoring: ScoringHalf, Tiebreaks: []string{SolkoffTruncated}, Rounds: 1,
		Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}, {Number: 3, Name: "C"}, {Number: 4, Name: "D"}, {Number: 5, Name: "E"}},
		Games: []Played{
			{1, 3, BlackWins}, {4, 1, WhiteWins}, {1, 5, BlackWins}, {2, 4, BlackWins},
			{3, 4, Draw}, {5, 3, Draw}, {4, 5, BlackWins},
		},
	}
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"1:4", "2:5", "3:3", "4:1", "5:2"}, places(ct)); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	want := map[int]float64{4: 4.5, 5: 4.5, 3: 5, 1: 5, 2: 0}
	for _, s := range ct.Standings {
		if got := s.Tiebreaks[SolkoffTruncated]; got != want[s.Number] {
			t.Errorf("player %d: truncated Solkoff %v, want %v", s.Number, got, want[s.Number])
		}
	}
}

// In a double round-robin each game counts (seed 003, 1.13).
func TestComputeDouble(t *testing.T) {
	// 1-2 1-0 and ½, 1-3 ½ and 1-0 (3-1 0-1), 2-3 1-0 twice.
	// Points: 1 = 1+½+½+1 = 3, 2 = 0+½+1+1 = 2½, 3 = ½+0+0+0 = ½.
	// S-B of 1: beat 2 (2½) and 3 (½), drew with 2 and 3: 2·3 + 3 = 9;
	// of 2: beat 3 twice: 2·(½+½) + 3 = 5; of 3: drew with 1: 3.
	tb := &Results{
		Scoring: ScoringHalf, Tiebreaks: []string{SonnebornBerger}, Rounds: 2,
		Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}, {Number: 3, Name: "C"}},
		Games: []Played{
			{1, 2, WhiteWins}, {2, 1, Draw}, {1, 3, Draw}, {3, 1, BlackWins},
			{2, 3, WhiteWins}, {3, 2, BlackWins},
		},
	}
	ct, err := Compute(tb)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]float64{1: {3, 9}, 2: {2.5, 5}, 3: {0.5, 3}}
	for _, s := range ct.Standings {
		if got := [2]float64{s.Points, s.Tiebreaks[SonnebornBerger]}; got != want[s.Number] {
			t.Errorf("player %d: points, S-B = %v, want %v", s.Number, got, want[s.Number])
		}
	}
	if diff := cmp.Diff([]string{"1:1", "2:2", "3:3"}, places(ct)); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
}

func TestComputeInvalid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table Results
	}{
		{"one player", Results{Scoring: ScoringHalf, Rounds: 1, Players: []Entrant{{Number: 1, Name: "A"}}}},
		{"no scoring", Results{Rounds: 1, Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}}}},
		{"unknown player", Results{Scoring: ScoringHalf, Rounds: 1, Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}},
			Games: []Played{{1, 3, Draw}}}},
		{"twice in a single round-robin", Results{Scoring: ScoringHalf, Rounds: 1, Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}},
			Games: []Played{{1, 2, Draw}, {2, 1, Draw}}}},
		{"unknown tie-break", Results{Scoring: ScoringHalf, Rounds: 1, Tiebreaks: []string{"koya"},
			Players: []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var inv *InvalidError
			if _, err := Compute(&tc.table); !errors.As(err, &inv) {
				t.Errorf("Compute = %v, want an *InvalidError", err)
			}
		})
	}
}

func BenchmarkCompute(b *testing.B) {
	tb := loadTable(b, "field.toml")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(tb); err != nil {
			b.Fatal(err)
		}
	}
}

// A full double round-robin of 20, the largest tournament postald expects: 380 games.
func BenchmarkCompute20Double(b *testing.B) {
	games, err := Pairings(20, 2)
	if err != nil {
		b.Fatal(err)
	}
	tb := &Results{Scoring: ScoringHalf, Rounds: 2, Tiebreaks: TiebreakNames()}
	for n := 1; n <= 20; n++ {
		tb.Players = append(tb.Players, Entrant{Number: n, Name: "P" + itoa(n)})
	}
	for i, g := range games {
		tb.Games = append(tb.Games, Played{White: g.White, Black: g.Black, Result: []Result{WhiteWins, Draw, BlackWins, Draw, WhiteByForfeit}[i%5]})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(tb); err != nil {
			b.Fatal(err)
		}
	}
}
