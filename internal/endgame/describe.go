package endgame

import (
	"postald/internal/phrase"
	"postald/internal/rules"
)

// Describe writes in words a value of a position with toMove to move and its
// check against the counting rules of the clause: who wins in how many
// moves, or a draw; then, for a win, what the rules make of it, and whether
// that holds on the principal line only.
func Describe(w *phrase.EndgameText, toMove rules.Color, v Value, c RuleCheck, clause string) string {
	switch v.Verdict {
	case Draw:
		return w.Draw
	case Unknown:
		return ""
	}
	white := (v.Verdict == Win) == (toMove == rules.White)
	s := w.WinsNoDistance(white)
	if v.Plies >= 0 {
		s = w.Wins(white, v.Moves())
	}
	if c.Verdict == Draw {
		s += "; " + w.DrawUnder(clause, RuleName(w, c.Rule), c.Limit)
	} else {
		s += "; " + w.Stands(clause)
	}
	if !c.Certain {
		s += " " + w.Judge
	}
	return s
}

// RuleName names a counting rule in words.
func RuleName(w *phrase.EndgameText, r Rule) string {
	switch r {
	case RuleLoneKing:
		return w.RuleLoneKing
	case RuleFiveKings:
		return w.RuleFiveKings
	case RuleKingsOnly:
		return w.RuleKingsOnly
	}
	return ""
}
