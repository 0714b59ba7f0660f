package endgame

import "postald/internal/rules"

// Limits are the draw rules of 2.6 that count moves (seed 004 for
// international, seed 002 as printed for russian; a tournament's
// regulation may set its own numbers): a theoretical win that takes longer
// than they allow is a draw under the rules.
type Limits struct {
	// LoneKing is the moves of the stronger side in the endings 2.6 lists
	// against a lone king (three kings, two kings and a man, a king and two
	// men, three men; two kings, a king and a man; a king against a lone
	// king or man): 5.
	LoneKing int
	// FiveKings is the moves of the stronger side with five kings, or four
	// kings and a man, against two kings: 50.
	FiveKings int
	// KingsOnly is the moves of each side with kings only, no man moved and
	// nothing captured: 25.
	KingsOnly int
}

// SeedLimits returns the numbers 2.6 gives.
func SeedLimits() Limits { return Limits{LoneKing: 5, FiveKings: 50, KingsOnly: 25} }

// Rule is one of the counting draw rules.
type Rule uint8

// The counting rules of 2.6.
const (
	NoRule        Rule = iota
	RuleLoneKing       // the ending against a lone king or man, Limits.LoneKing
	RuleFiveKings      // five kings against two, Limits.FiveKings
	RuleKingsOnly      // kings only, Limits.KingsOnly
)

// Counters say how far the game already is into the counting rules when a
// position arises: the plies since the last man move or capture, and the
// moves the stronger side has made in the ending 2.6 lists that is on the
// board (counted as rules.Game.DrawClaims counts them).
type Counters struct {
	KingsOnlyPlies int
	EndingMoves    int
}

// CountersOf reads the counters at the end of a game record.
func CountersOf(g *rules.Game) Counters {
	ps := g.Positions()
	var c Counters
	for k, m := range g.Moves {
		c = c.after(&ps[k], m, &ps[k+1])
	}
	return c
}

// after returns the counters after m, played in p, leading to q.
func (c Counters) after(p *rules.Position, m rules.Move, q *rules.Position) Counters {
	pc, _ := p.PieceAt(m.From())
	if m.IsCapture() || !pc.King {
		c.KingsOnlyPlies = 0
	} else {
		c.KingsOnlyPlies++
	}
	lp, sp := p.EndingLimit()
	lq, sq := q.EndingLimit()
	switch {
	case lq == 0 || lp != lq || sp != sq:
		c.EndingMoves = 0
	case p.SideToMove() == sp:
		c.EndingMoves++
	}
	return c
}

// due returns the rule whose limit the counters have reached in position
// p, and its limit in moves.
func (l Limits) due(p *rules.Position, c Counters) (Rule, int) {
	if lim, _ := p.EndingLimit(); lim != 0 {
		r, n := RuleLoneKing, l.LoneKing
		if lim != 5 {
			r, n = RuleFiveKings, l.FiveKings
		}
		if n > 0 && c.EndingMoves >= n {
			return r, n
		}
	}
	if l.KingsOnly > 0 && c.KingsOnlyPlies >= 2*l.KingsOnly {
		return RuleKingsOnly, l.KingsOnly
	}
	return NoRule, 0
}

// RuleCheck is a theoretical value checked against the counting rules.
type RuleCheck struct {
	// Verdict is the verdict under the rules: the theoretical one, or a
	// draw when a limit falls due on the principal line before its end.
	Verdict Verdict
	// Rule is the rule that falls due first, with its limit in moves and
	// the ply of the line after which the draw can be claimed.
	Rule  Rule
	Limit int
	Ply   int
	// Certain is true when the verdict under the rules does not depend on
	// the line: a theoretical draw, or a win that the winner completes
	// within every limit that applies now or could apply later (no more
	// moves than the smallest limit, and inside what the counters leave).
	// Otherwise it is the principal line's account, for the judge.
	Certain bool
}

// Check checks the value v of the line's start against the limits along
// the principal line, the game being at counters c when it starts.
func (l Limits) Check(v Value, line *Line, c Counters) RuleCheck {
	out := RuleCheck{Verdict: v.Verdict}
	switch v.Verdict {
	case Draw:
		out.Certain = true
		return out
	case Unknown:
		return out
	}
	ps := line.Positions()
	if r, n := l.due(&ps[0], c); r != NoRule {
		return RuleCheck{Verdict: Draw, Rule: r, Limit: n, Ply: 0}
	}
	cc := c
	for k, m := range line.Moves {
		cc = cc.after(&ps[k], m, &ps[k+1])
		if ps[k+1].Outcome() != rules.Ongoing {
			break
		}
		if r, n := l.due(&ps[k+1], cc); r != NoRule {
			return RuleCheck{Verdict: Draw, Rule: r, Limit: n, Ply: k + 1}
		}
	}
	if line.End != EndGameOver {
		return out // the line did not reach the end: nothing more is known
	}
	moves := v.Moves()
	smallest := l.KingsOnly
	for _, n := range []int{l.LoneKing, l.FiveKings} {
		if n > 0 && (smallest <= 0 || n < smallest) {
			smallest = n
		}
	}
	left := 2*l.KingsOnly - c.KingsOnlyPlies
	if lim, _ := ps[0].EndingLimit(); lim != 0 {
		n := l.LoneKing
		if lim != 5 {
			n = l.FiveKings
		}
		if n > 0 {
			left = min(left, 2*(n-c.EndingMoves))
		}
	}
	out.Certain = moves <= smallest && v.Plies < left
	return out
}
