package tablebase

import (
	"context"
	"math/rand/v2"
	"testing"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// probeSetup builds Russian three kings against a king (and what it depends on) under a
// temporary directory, opens it, and draws positions of that material at random.
func probeSetup(b *testing.B) (*DB, []rules.Position) {
	v, _ := rules.VariantByID("russian")
	dir := b.TempDir()
	m, _ := endgame.ParseMaterial("0m3k-0m1k")
	if _, err := Build(context.Background(), Options{Dir: dir, Variant: v, Materials: []endgame.Material{m}}); err != nil {
		b.Fatal(err)
	}
	db, err := Open(dir, v)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	var ps []rules.Position
	for len(ps) < 4096 {
		p, err := db.Space().Position(m, r.Uint64N(db.Space().Size(m)), rules.Color(r.IntN(2)))
		if err != nil {
			b.Fatal(err)
		}
		if p.Outcome() == rules.Ongoing {
			ps = append(ps, p)
		}
	}
	return db, ps
}

// BenchmarkProbe looks positions up in the files as postald endgame probe does: the verdict and
// a move that keeps it (every successor looked up too).
func BenchmarkProbe(b *testing.B) {
	db, ps := probeSetup(b)
	defer db.Close()
	sp := db.Space()
	n := 0
	for b.Loop() {
		p := &ps[n%len(ps)]
		n++
		v, err := sp.Probe(db, p)
		if err != nil || v.Verdict == endgame.Unknown {
			b.Fatalf("%s: %v %v", p.FEN(), v, err)
		}
		if _, _, err := sp.Best(db, p, v, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkProbeVerdict looks the verdict alone up.
func BenchmarkProbeVerdict(b *testing.B) {
	db, ps := probeSetup(b)
	defer db.Close()
	sp := db.Space()
	n := 0
	for b.Loop() {
		p := &ps[n%len(ps)]
		n++
		if _, err := sp.Probe(db, p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkPrincipalLine plays principal lines to the end, as the desk and probe -json do.
func BenchmarkPrincipalLine(b *testing.B) {
	db, ps := probeSetup(b)
	defer db.Close()
	sp := db.Space()
	n := 0
	for b.Loop() {
		if _, err := sp.PrincipalLine(db, ps[n%len(ps)], 1000); err != nil {
			b.Fatal(err)
		}
		n++
	}
}
