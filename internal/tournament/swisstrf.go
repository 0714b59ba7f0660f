package tournament

import (
	"fmt"

	"postald/internal/trf"
)

// TRF writes a Swiss as a FIDE tournament report file (TRF-2026), so that a federation's arbiter
// checks its pairings with his own program (or postald pair -dutch -check): the tournament's
// records (012 name, 042 and 052 the dates, 062 the players, 092 the system, 142 the rounds, 152
// the initial colour White, 162 the points of 2-1-0 scoring, 192 the pairing system) and a 001
// line per player with his points and every round finished.
//
// The rounds written are those whose every game is finished: a round in play has results no file
// can give yet, and its pairing is what postald pair -dutch makes of the file. A player who
// withdrew has a zero-point bye (Z) in the round after them, when one is still to be paired, so
// that the pairing of that round leaves him out as postald did (1.10.5). A game is written by
// its result: 1 = 0 played, + − lost without play (1.12.2), − − annulled (no game, no points);
// the pairing-allocated bye is U.
func (s *Sheet) TRF(rounds []PairedRound, results map[string]Result, withdrawn []int) ([]byte, error) {
	if s.System != Swiss {
		return nil, fmt.Errorf("tournament %s is no Swiss: a TRF is written for a Swiss", s.Code)
	}
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	var done []PairedRound
	for _, r := range rounds {
		if ok, _ := RoundFinished(r, results); !ok {
			break
		}
		done = append(done, r)
	}
	f := &trf.File{EOL: "\r"}
	rec := func(format string, args ...any) {
		f.Lines = append(f.Lines, trf.Line{Text: fmt.Sprintf(format, args...)})
	}
	rec("012 %s", s.Name)
	rec("042 %04d/%02d/%02d", s.Start.Year, s.Start.Month, s.Start.Day)
	rec("052 %04d/%02d/%02d", s.End.Year, s.End.Month, s.End.Day)
	rec("062 %d", len(s.Players))
	rec("092 Individual: Swiss-System")
	rec("142 %d", s.Rounds)
	rec("152 W")
	if sc.Win != 1 {
		rec("162  W %4.1f    D %4.1f", sc.Win, sc.Draw)
	}
	rec("192 FIDE_DUTCH_2025")
	out := map[int]bool{}
	for _, n := range withdrawn {
		out[n] = true
	}
	tenths := func(v float64) trf.Points { return trf.Points(v*10 + 0.5) }
	for _, p := range s.Players {
		tp := &trf.Player{Number: p.Number, Name: p.Name}
		var pts float64
		for _, r := range done {
			res := trf.Result{Colour: '-', Code: 'Z'}
			for _, b := range r.Boards {
				if b[0] != p.Number && b[1] != p.Number {
					continue
				}
				sw, sb := results[GameName(b[0], b[1])].Scores()
				score, op, colour := sw, b[1], byte('w')
				if b[1] == p.Number {
					score, op, colour = sb, b[0], 'b'
				}
				res = trf.Result{Opponent: op, Colour: colour, Code: trfCode(score)}
				pts += sc.Points(score)
			}
			if r.Bye == p.Number {
				res = trf.Result{Colour: '-', Code: 'U'}
				pts += sc.Points(ForfeitWin) // 1.13.11: the plus of the bye
			}
			tp.Rounds = append(tp.Rounds, res)
		}
		if out[p.Number] && len(done) < s.Rounds && (len(done) == len(rounds) || !rounds[len(done)].Pairs(p.Number)) {
			tp.Rounds = append(tp.Rounds, trf.Result{Colour: '-', Code: 'Z'}) // 1.10.5: not paired again
		}
		tp.Points = tenths(pts)
		f.Lines = append(f.Lines, trf.Line{Player: tp})
	}
	return trf.Write(f), nil
}

// trfCode is the TRF result code of a score: 1 = 0 over the board, + − without play; an annulled
// game (no score) is − for both.
func trfCode(s Score) byte {
	switch s {
	case Win:
		return '1'
	case DrawScore:
		return '='
	case Loss:
		return '0'
	case ForfeitWin:
		return '+'
	}
	return '-'
}

// Pairs reports whether the round gives player n a game or the bye.
func (r PairedRound) Pairs(n int) bool {
	for _, b := range r.Boards {
		if b[0] == n || b[1] == n {
			return true
		}
	}
	return r.Bye == n
}
