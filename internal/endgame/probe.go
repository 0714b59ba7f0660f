package endgame

import (
	"fmt"

	"postald/internal/rules"
)

// Source gives the values a database holds: the files of a built database,
// or tables in memory.
type Source interface {
	// Lookup returns the value of position i of material m; held is false
	// when the database does not hold the material.
	Lookup(m Material, i uint64) (v Value, held bool, err error)
}

// Tables is a Source of tables in memory, by material.
type Tables map[Material]*Table

// Lookup implements Source.
func (t Tables) Lookup(m Material, i uint64) (Value, bool, error) {
	tb := t[m]
	if tb == nil {
		return Value{}, false, nil
	}
	if i >= tb.Len() {
		return Value{}, false, fmt.Errorf("material %v has no position %d", m, i)
	}
	return tb.Value(i), true, nil
}

// Probe returns the value of p: the end of the game when the side to move
// has no piece or no move (1.12), otherwise what src holds, Unknown when it
// does not hold the position's material.
func (sp *Space) Probe(src Source, p *rules.Position) (Value, error) {
	if p.Variant() != sp.v {
		return Value{}, fmt.Errorf("a %s position probed in the %s database", p.Variant().ID(), sp.v.ID())
	}
	if p.Outcome() != rules.Ongoing {
		if sp.giveaway {
			return Value{Verdict: Win}, nil
		}
		return Value{Verdict: Loss}, nil
	}
	m, i, ok := sp.Locate(p)
	if !ok {
		return Value{Verdict: Unknown}, nil
	}
	v, held, err := src.Lookup(m, i)
	if err != nil {
		return Value{}, err
	}
	if !held {
		return Value{Verdict: Unknown}, nil
	}
	return v, nil
}

// keeps reports whether a move after which the opponent has value after
// keeps the value v of the side that made it: a win by the fastest way, a
// loss by the slowest, a draw. Without distances any move of the right
// verdict keeps it.
func keeps(v, after Value) bool {
	switch v.Verdict {
	case Win:
		return after.Verdict == Loss && (v.Plies < 0 || after.Plies < 0 || after.Plies == v.Plies-1)
	case Loss:
		return after.Verdict == Win && (v.Plies < 0 || after.Plies < 0 || after.Plies == v.Plies-1)
	case Draw:
		return after.Verdict == Draw
	}
	return false
}

// Best returns a move of p that keeps its value v (a win by the fastest
// way, a loss by the slowest, a draw as a draw) and ok; ok is false when the
// game is over or when the move cannot be told because a position after a
// move is not held. Among several, it takes the one prefer scores highest,
// the first in the rules engine's order on a tie (prefer may be nil).
func (sp *Space) Best(src Source, p *rules.Position, v Value, prefer func(q *rules.Position) int) (rules.Move, bool, error) {
	var best rules.Move
	found, score := false, 0
	for _, m := range p.LegalMoves(nil) {
		q := p.Play(m)
		after, err := sp.Probe(src, &q)
		if err != nil {
			return rules.Move{}, false, err
		}
		if !keeps(v, after) {
			continue
		}
		s := 0
		if prefer != nil {
			s = prefer(&q)
		}
		if !found || s > score {
			best, found, score = m, true, s
		}
	}
	return best, found, nil
}

// LineEnd says how a principal line ends.
type LineEnd uint8

// The ends of a line.
const (
	EndGameOver   LineEnd = iota + 1 // the side to move has no piece or no move (1.12)
	EndRepetition                    // a drawn line: the position occurred a third time with the same side to move
	EndNotHeld                       // a position after a move is not held: the line stops there
	EndCut                           // the line reached its greatest length
)

// Line is a principal line: both sides keep their values, the winner ends
// the game by the fastest way, the loser puts it off longest; in a draw
// both keep the draw, going back to positions already seen until one
// occurs a third time.
type Line struct {
	Start rules.Position
	Moves []rules.Move
	End   LineEnd
}

// Positions returns the start and the position after each move.
func (l *Line) Positions() []rules.Position {
	out := []rules.Position{l.Start}
	p := l.Start
	for _, m := range l.Moves {
		p = p.Play(m)
		out = append(out, p)
	}
	return out
}

// Notation returns the moves in full notation (4.2.2).
func (l *Line) Notation() []string {
	out := make([]string, 0, len(l.Moves))
	p := l.Start
	for _, m := range l.Moves {
		out = append(out, rules.FormatMove(&p, m))
		p = p.Play(m)
	}
	return out
}

// PrincipalLine plays the principal line from p for at most maxPlies plies.
func (sp *Space) PrincipalLine(src Source, p rules.Position, maxPlies int) (Line, error) {
	line := Line{Start: p}
	seen := map[rules.Bits]int{p.Bits(): 1}
	prefer := func(q *rules.Position) int { return seen[q.Bits()] }
	for {
		v, err := sp.Probe(src, &p)
		if err != nil {
			return line, err
		}
		if p.Outcome() != rules.Ongoing {
			line.End = EndGameOver
			return line, nil
		}
		if v.Verdict == Unknown {
			line.End = EndNotHeld
			return line, nil
		}
		if len(line.Moves) >= maxPlies {
			line.End = EndCut
			return line, nil
		}
		m, ok, err := sp.Best(src, &p, v, prefer)
		if err != nil {
			return line, err
		}
		if !ok {
			line.End = EndNotHeld
			return line, nil
		}
		line.Moves = append(line.Moves, m)
		p = p.Play(m)
		seen[p.Bits()]++
		if seen[p.Bits()] >= 3 {
			line.End = EndRepetition
			return line, nil
		}
	}
}
