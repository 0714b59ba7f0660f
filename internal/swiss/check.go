package swiss

import (
	"context"
	"fmt"
	"sort"

	"postald/internal/trf"
)

// RoundCheck is one round of a tournament file paired again from the rounds before it.
type RoundCheck struct {
	Round  int
	File   *Pairing // the round as the file records it (boards in pairing-number order)
	Paired *Pairing // the round as the Dutch system pairs it; nil when Err is set
	Err    error    // the round could not be paired
}

// Agrees tells whether the file's round is the pairing the system gives: the same pairs
// with the same colours and the same bye.
func (c RoundCheck) Agrees() bool {
	return c.Err == nil && c.File.Bye == c.Paired.Bye && fmt.Sprint(sortedBoards(c.File)) == fmt.Sprint(sortedBoards(c.Paired))
}

func sortedBoards(p *Pairing) []Board {
	bs := append([]Board(nil), p.Boards...)
	sort.Slice(bs, func(i, j int) bool { return bs[i].White < bs[j].White })
	return bs
}

// Check pairs every round of a tournament file again, each from the rounds before it,
// as an arbiter checks another program's pairings: the players without an opponent in
// a round (other than the pairing-allocated bye) were absent from it. The last round's
// rules apply in the file's last round when it gives no number of rounds (142, XXR).
func Check(f *trf.File) ([]RoundCheck, error) { return CheckContext(context.Background(), f) }

// CheckContext is Check, given up with ctx's error when ctx ends first.
func CheckContext(ctx context.Context, f *trf.File) ([]RoundCheck, error) {
	full, err := fromTRF(f, true)
	if err != nil {
		return nil, err
	}
	prohibited, err := f.Prohibited()
	if err != nil {
		return nil, err
	}
	done := full.Next() - 1
	total := full.Rounds
	if total == 0 {
		total = done
	}
	var out []RoundCheck
	for r := 1; r <= done; r++ {
		c := RoundCheck{Round: r, File: &Pairing{}}
		t := &Tournament{Rounds: total, Initial: full.Initial, Win: full.Win, Loss: full.Loss}
		for _, p := range full.Players {
			q := Player{Number: p.Number, Rounds: p.Rounds[: r-1 : r-1]}
			rd := p.Rounds[r-1]
			switch {
			case rd.PAB:
				c.File.Bye = p.Number
			case rd.Opponent == 0:
				q.Absent = true
			case rd.Colour == White:
				c.File.Boards = append(c.File.Boards, Board{p.Number, rd.Opponent})
			}
			t.Players = append(t.Players, q)
		}
		for _, pr := range prohibited {
			if r >= pr.First && r <= pr.Last {
				for i := range pr.Players {
					for j := i + 1; j < len(pr.Players); j++ {
						t.Forbidden = append(t.Forbidden, [2]int{pr.Players[i], pr.Players[j]})
					}
				}
			}
		}
		c.Paired, c.Err = PairContext(ctx, t)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
