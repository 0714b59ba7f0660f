package swiss

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/trf"
)

// toTRF writes a tournament as a TRF: what postald would hand an arbiter.
func toTRF(t *Tournament) *trf.File {
	f := &trf.File{Lines: []trf.Line{{Text: "012 Random Swiss"}, {Text: "142 " + itoa(t.Rounds)}}}
	if t.Initial == Black {
		f.Lines = append(f.Lines, trf.Line{Text: "152 B"})
	} else {
		f.Lines = append(f.Lines, trf.Line{Text: "152 W"})
	}
	for _, p := range t.Players {
		tp := &trf.Player{Number: p.Number, Name: "Player " + itoa(p.Number)}
		total := 0
		for _, r := range p.Rounds {
			total += r.Points
			res := trf.Result{Opponent: r.Opponent, Colour: '-', Code: 'Z'}
			switch {
			case r.PAB:
				res = trf.Result{Colour: '-', Code: 'U'}
			case r.Played:
				res.Colour = 'w'
				if r.Colour == Black {
					res.Colour = 'b'
				}
				switch r.Points {
				case t.Win:
					res.Code = '1'
				case t.Loss:
					res.Code = '0'
				default:
					res.Code = '='
				}
			case r.Opponent != 0:
				res.Code, res.Colour = '-', 'b'
				if r.Colour == White {
					res.Colour = 'w'
				}
				if r.Forfeit {
					res.Code = '+'
				}
			}
			tp.Rounds = append(tp.Rounds, res)
		}
		if p.Absent {
			tp.Rounds = append(tp.Rounds, trf.Result{Colour: '-', Code: 'Z'})
		}
		tp.Points = trf.Points(total)
		f.Lines = append(f.Lines, trf.Line{Player: tp})
	}
	return f
}

func itoa(n int) string { return trf.Points(n * 10).String()[:len(trf.Points(n*10).String())-2] }

// TestThroughTRF: random tournaments written as TRF and read back are the same
// tournament, round by round, and pair the same.
func TestThroughTRF(t *testing.T) {
	for seed := uint64(1); seed <= 25; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		n := 5 + rng.IntN(20)
		tr := &Tournament{Rounds: 7, Win: 10, Initial: White}
		for i := 1; i <= n; i++ {
			tr.Players = append(tr.Players, Player{Number: i})
		}
		for r := 1; r <= 6; r++ {
			for i := range tr.Players {
				tr.Players[i].Absent = rng.IntN(15) == 0
			}
			data := trf.Write(toTRF(tr))
			f, err := trf.Read(data)
			if err != nil {
				t.Fatalf("seed %d round %d: %v\n%s", seed, r, err, data)
			}
			back, err := FromTRF(f)
			if err != nil {
				t.Fatalf("seed %d round %d: %v\n%s", seed, r, err, data)
			}
			if diff := cmp.Diff(tr, back); diff != "" {
				t.Fatalf("seed %d round %d: read back differs:\n%s", seed, r, diff)
			}
			want, err := Pair(tr)
			if errors.Is(err, ErrNoPairing) && !pairable(tr) {
				break
			}
			if err != nil {
				t.Fatalf("seed %d round %d: %v", seed, r, err)
			}
			got, err := Pair(back)
			if err != nil || format(got) != format(want) {
				t.Fatalf("seed %d round %d: through the TRF %v %q, directly %q", seed, r, err, format(got), format(want))
			}
			play(tr, want, rng)
		}
	}
}
