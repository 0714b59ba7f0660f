package endgame

import (
	"syscall"
	"testing"
	"time"

	"postald/internal/rules"
)

// benchmarkPair solves one pair of materials with its dependencies built
// beforehand and reports positions per second.
func benchmarkPair(b *testing.B, id, material string) {
	v, _ := rules.VariantByID(id)
	sp, err := NewSpace(v)
	if err != nil {
		b.Fatal(err)
	}
	m, err := ParseMaterial(material)
	if err != nil {
		b.Fatal(err)
	}
	deps, err := sp.BuildMaterials(sp.Dependencies(m))
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	cpu := cpuTime()
	for b.Loop() {
		p, err := sp.NewPair(m, func(d Material) *Table { return deps[d] })
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Solve(); err != nil {
			b.Fatal(err)
		}
		for s := range p.Slices() {
			n += p.Len(s)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	// On a shared machine the wall clock counts other programs' time too.
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(float64(n)/used.Seconds(), "positions/cpu-s")
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

func BenchmarkBuildRussianKingsMen(b *testing.B)   { benchmarkPair(b, "russian", "1m1k-1m1k") }
func BenchmarkBuildRussianThreeKings(b *testing.B) { benchmarkPair(b, "russian", "0m3k-0m1k") }
func BenchmarkBuildInternationalKingsMen(b *testing.B) {
	benchmarkPair(b, "international", "1m1k-1m0k")
}
