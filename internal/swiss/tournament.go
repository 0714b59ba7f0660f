package swiss

import (
	"fmt"
	"sort"

	"postald/internal/trf"
)

// Colour is a colour of the pieces: White, Black, or NoColour.
type Colour int8

const (
	NoColour Colour = 0
	White    Colour = 1
	Black    Colour = -1
)

func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Round is one past round of a player.
type Round struct {
	Opponent int    // the opponent's pairing number, of a forfeited game too; 0 for none
	Colour   Colour // the colour he played with, or was paired with for a forfeit; NoColour for a bye
	Played   bool   // a game was played over the board (forfeits and byes are not)
	Points   int    // the points (in tenths) the round gave him
	PAB      bool   // he had the pairing-allocated bye
	Forfeit  bool   // he won by forfeit (his opponent did not appear)
}

// Player is a player of the tournament with his past rounds.
type Player struct {
	Number int     // the pairing number (the TRF's starting rank)
	Rounds []Round // one per round paired so far, in order
	Absent bool    // he is not paired in the round to pair (a bye asked for, or withdrawn)
}

// Tournament is what the pairing of the next round reads.
type Tournament struct {
	Players []Player
	// Rounds is the tournament's number of rounds; the last round's rules (C.3 and the
	// topscorers) apply when the round to pair is the last. 0: unknown, never the last.
	Rounds int
	// Initial is the initial colour (C.04.3 article 5, the last colour rule); NoColour is White.
	Initial Colour
	// Win and Loss are the points of a win and of a loss, in tenths (1.0 and 0 by default).
	Win, Loss int
	// Forbidden are pairs of players who must not meet in this round (TRF 260 records).
	Forbidden [][2]int
}

// Next is the number of the round to pair: one after the rounds paired so far.
func (t *Tournament) Next() int {
	n := 0
	for _, p := range t.Players {
		if len(p.Rounds) > n {
			n = len(p.Rounds)
		}
	}
	return n + 1
}

// FromTRF reads the tournament out of a TRF, with the round to pair the first round in
// which nobody is paired. A player whose column of that round holds a bye (H, F, Z,
// 0000 -) or who has a 240 record for it is absent. The file is checked as an arbiter
// would: every opponent's line must name the player back in the same round with the
// other colour, and a player's points (columns 81–84), where given, must be what his
// results give under the file's scoring. The error names the line and the column.
func FromTRF(f *trf.File) (*Tournament, error) { return fromTRF(f, false) }

// fromTRF reads the tournament; finished, a file whose every round is paired is read too.
func fromTRF(f *trf.File, finished bool) (*Tournament, error) {
	for _, tag := range []string{"250", "XXA"} {
		if _, lines := f.Records(tag); len(lines) > 0 {
			return nil, &trf.Error{Line: lines[0], Column: 1, Msg: "accelerated pairings (record " + tag + ") are not supported: pair this round without the acceleration"}
		}
	}
	if _, lines := f.Records("299"); len(lines) > 0 {
		return nil, &trf.Error{Line: lines[0], Column: 1, Msg: "abnormal points (record 299) are not supported: write the points the pairing counts into the results"}
	}
	rounds, err := f.Rounds()
	if err != nil {
		return nil, err
	}
	initial, err := f.InitialColour()
	if err != nil {
		return nil, err
	}
	scoring, err := f.Scoring()
	if err != nil {
		return nil, err
	}
	byes, err := f.Byes()
	if err != nil {
		return nil, err
	}
	prohibited, err := f.Prohibited()
	if err != nil {
		return nil, err
	}
	lineOf := map[int]int{}
	byNum := map[int]*trf.Player{}
	for i, l := range f.Lines {
		if l.Player != nil {
			lineOf[l.Player.Number] = i + 1
			byNum[l.Player.Number] = l.Player
		}
	}
	players := f.Players()
	if len(players) == 0 {
		return nil, &trf.Error{Line: len(f.Lines) + 1, Msg: "the file has no 001 player line"}
	}
	// The rounds paired so far: up to the last round in which anybody has an opponent
	// or the pairing-allocated bye.
	done := 0
	for _, p := range players {
		for r, res := range p.Rounds {
			if res.Opponent != 0 || res.Code == 'U' {
				if r+1 > done {
					done = r + 1
				}
			}
		}
	}
	next := done + 1
	if rounds > 0 && next > rounds && !finished {
		_, lines := f.Records("142")
		if len(lines) == 0 {
			_, lines = f.Records("XXR")
		}
		return nil, &trf.Error{Line: lines[0], Msg: fmt.Sprintf("all %d rounds are paired: there is no round to pair", rounds)}
	}
	t := &Tournament{Rounds: rounds, Win: int(scoring.Win), Loss: int(scoring.Loss)}
	switch initial {
	case 'w':
		t.Initial = White
	case 'b':
		t.Initial = Black
	}
	absent := map[int]bool{}
	// A 240 record of a round already played stands for a bye the player's own column
	// leaves blank.
	bye240 := map[[2]int]byte{}
	for _, b := range byes {
		for _, n := range b.Players {
			if b.Round == next {
				absent[n] = true
			}
			bye240[[2]int{n, b.Round}] = b.Kind
		}
	}
	for _, p := range players {
		line := lineOf[p.Number]
		pl := Player{Number: p.Number, Absent: absent[p.Number]}
		var total trf.Points
		for r := 0; r < done; r++ {
			res := trf.Result{Colour: '-', Code: 'Z'}
			if r < len(p.Rounds) {
				res = p.Rounds[r]
			}
			if k, ok := bye240[[2]int{p.Number, r + 1}]; ok && res.Opponent == 0 && res.Code == 'Z' {
				res.Code = k
			}
			col := 92 + 10*r
			if res.Opponent != 0 {
				q := byNum[res.Opponent]
				var back trf.Result
				if r < len(q.Rounds) {
					back = q.Rounds[r]
				}
				if back.Opponent != p.Number {
					return nil, &trf.Error{Line: line, Column: col, Msg: fmt.Sprintf("round %d: opponent %d, but his line (line %d) gives %s", r+1, res.Opponent, lineOf[q.Number], opponentText(back))}
				}
				if res.Played() != back.Played() {
					return nil, &trf.Error{Line: line, Column: col + 7, Msg: fmt.Sprintf("round %d: result %c against %d, whose line (line %d) gives %c", r+1, res.Code, q.Number, lineOf[q.Number], back.Code)}
				}
				if res.Played() && res.Colour == back.Colour {
					return nil, &trf.Error{Line: line, Column: col + 5, Msg: fmt.Sprintf("round %d: both %d and %d have the colour %c", r+1, p.Number, q.Number, res.Colour)}
				}
			}
			pts := scoring.Of(res)
			total += pts
			rd := Round{Opponent: res.Opponent, Points: int(pts), Played: res.Played(), PAB: res.Code == 'U', Forfeit: res.Code == '+' && res.Opponent != 0}
			if res.Opponent != 0 {
				// A forfeit keeps the colour it was paired with, which counts for
				// nothing (C.04.2: only games played count for colours).
				if res.Colour == 'w' {
					rd.Colour = White
				} else if res.Colour == 'b' {
					rd.Colour = Black
				}
			}
			// A forfeit is a pairing but no game: the two may still meet (C1 counts
			// games played), and no colour is counted (C.04.2).
			pl.Rounds = append(pl.Rounds, rd)
		}
		if next-1 < len(p.Rounds) {
			if res := p.Rounds[next-1]; res.Opponent == 0 && res.Code != 'U' {
				pl.Absent = true
				// The points column may already count the bye of the round to pair.
				if p.Points == total+scoring.Of(res) {
					total = p.Points
				}
			}
		}
		if p.Points != 0 && p.Points != total {
			return nil, &trf.Error{Line: line, Column: 81, Msg: fmt.Sprintf("points %s, but the results of rounds 1–%d give %s", p.Points, done, total)}
		}
		t.Players = append(t.Players, pl)
	}
	if initial == 0 && done > 0 {
		t.Initial = inferInitial(players)
	}
	for _, pr := range prohibited {
		if next < pr.First || next > pr.Last {
			continue
		}
		for i := range pr.Players {
			for j := i + 1; j < len(pr.Players); j++ {
				t.Forbidden = append(t.Forbidden, [2]int{pr.Players[i], pr.Players[j]})
			}
		}
	}
	sort.Slice(t.Players, func(i, j int) bool { return t.Players[i].Number < t.Players[j].Number })
	return t, nil
}

func opponentText(r trf.Result) string {
	if r.Opponent == 0 {
		return fmt.Sprintf("no opponent (%c)", r.Code)
	}
	return fmt.Sprintf("opponent %d", r.Opponent)
}

// inferInitial finds the initial colour from round 1 when the file does not give it: the
// colour of the highest-ranked player paired in round 1, a forfeited game included
// (TRF-2026, record 152).
func inferInitial(players []*trf.Player) Colour {
	best := -1
	var c Colour
	for _, p := range players {
		if len(p.Rounds) == 0 || p.Rounds[0].Opponent == 0 || p.Rounds[0].Colour == '-' {
			continue
		}
		if best == -1 || p.Number < best {
			best = p.Number
			c = White
			if p.Rounds[0].Colour == 'b' {
				c = Black
			}
		}
	}
	if best == -1 {
		return White
	}
	return c
}
