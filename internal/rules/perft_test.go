package rules

import (
	"syscall"
	"testing"
	"time"
)

// perftStart holds the perft figures from the start position. Russian and
// international are the published "duplicates dropped" figures (FMJD
// convention). Column has no published figures: depths 1–7 are those every
// column rule set shares (captured men stay in towers from ply 6 on), and
// depth 8 was counted once, in 44 s, by walking the whole tree with the
// simple generator of simple_test.go. Lasca agrees with two independent
// implementations up to depth 14 (their rule never re-jumps a tower; postald
// allows it from another line, but no start line reaches that by ply 14).
// Giveaway variants move like their base, so their figures are the base's.
var perftStart = map[string][]uint64{
	"russian":       {7, 49, 302, 1469, 7482, 37986, 190146, 929899},
	"international": {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961},
	"column":        {7, 49, 302, 1469, 7482, 37908, 189912, 925868},
	"lasca":         {6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898, 37124, 97440, 269512, 742638},
}

func TestPerftStart(t *testing.T) {
	for _, v := range Variants() {
		want := perftStart[v.Base().ID()]
		t.Run(v.ID(), func(t *testing.T) {
			p := v.Start()
			for depth := 1; depth <= len(want); depth++ {
				if got := Perft(&p, depth); got != want[depth-1] {
					t.Fatalf("depth %d: %d, want %d", depth, got, want[depth-1])
				}
			}
		})
	}
}

// TestPerftPositions checks the published FMJD test positions (damforum
// t=2308, duplicates dropped).
func TestPerftPositions(t *testing.T) {
	tests := []struct {
		fen  string
		want []uint64
	}{
		{"B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", []uint64{14, 55, 1168, 5432, 87195}},
		{"W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", []uint64{6, 12, 30, 73, 215, 590, 1944, 6269}},
		{"W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
			[]uint64{17, 79, 352, 1399, 7062}},
		{"W:W6,7,8,9,10:B41,42,43,44,45", []uint64{9, 81, 795, 7578, 86351}},
	}
	v, _ := VariantByID("international")
	for _, tc := range tests {
		p, err := ParseFEN(v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= len(tc.want); depth++ {
			if got := Perft(&p, depth); got != tc.want[depth-1] {
				t.Errorf("%s depth %d: %d, want %d", tc.fen, depth, got, tc.want[depth-1])
			}
		}
	}
}

func benchmarkPerft(b *testing.B, id string, depth int) {
	benchmarkPerftFEN(b, id, "", depth)
}

func benchmarkPerftFEN(b *testing.B, id, fen string, depth int) {
	v, err := VariantByID(id)
	if err != nil {
		b.Fatal(err)
	}
	p := v.Start()
	if fen != "" {
		if p, err = ParseFEN(v, fen); err != nil {
			b.Fatal(err)
		}
	}
	var nodes uint64
	start, cpu := time.Now(), cpuTime()
	for b.Loop() {
		nodes += Perft(&p, depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	// On a shared machine the wall clock counts other programs' time too;
	// the process's CPU time does not.
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(float64(nodes)/used.Seconds(), "nodes/cpu-s")
	}
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkPerftRussian(b *testing.B)         { benchmarkPerft(b, "russian", 7) }
func BenchmarkPerftInternational(b *testing.B)   { benchmarkPerft(b, "international", 6) }
func BenchmarkPerftColumn(b *testing.B)          { benchmarkPerft(b, "column", 7) }
func BenchmarkPerftLasca(b *testing.B)           { benchmarkPerft(b, "lasca", 12) }
func BenchmarkPerftRussianGiveaway(b *testing.B) { benchmarkPerft(b, "russian-giveaway", 7) }
func BenchmarkPerftInternationalGiveaway(b *testing.B) {
	benchmarkPerft(b, "international-giveaway", 6)
}
func BenchmarkPerftColumnGiveaway(b *testing.B) { benchmarkPerft(b, "column-giveaway", 7) }
func BenchmarkPerftLascaGiveaway(b *testing.B)  { benchmarkPerft(b, "lasca-giveaway", 12) }

// BenchmarkPerftColumnTowers starts from the sample game's position after
// 7...e5:g3, with towers on b2, c3, g3 and a7.
func BenchmarkPerftColumnTowers(b *testing.B) {
	benchmarkPerftFEN(b, "column", "W:Wc1,e1,g1,b2(ww),d2,f2,h2,c3(wb),e3,a7(wbb):Bg3(bbw),h6,c7,e7,g7,b8,f8,h8", 9)
}
