package referee

import (
	"fmt"
	"strings"
)

// followVariants applies the proposer's pending variants to the ply just played by his partner
// (4.2.13): a variant whose next move is that ply is accepted so far, and the proposer's next
// move of it is played at once (it was sent, 4.2.8, and costs him no days); a variant that no
// longer applies is discarded. It reports whether a proposer's move was played.
func (x *decider) followVariants(proposer Side) bool {
	p := len(x.g.Plies) - 1
	if p < 0 || sideOfPly(p) == proposer {
		return false
	}
	played := x.g.Plies[p].Text
	var kept []Variant
	next, label := "", ""
	for _, v := range x.g.Variants {
		if v.Proposer != proposer {
			kept = append(kept, v)
			continue
		}
		if v.At != p || len(v.Moves) == 0 || v.Moves[0] != played {
			x.tellProposer(proposer, fmt.Sprintf(x.tx.variantGone, labelText(v.Label), x.variantText(v)))
			continue
		}
		v.Moves, v.At = v.Moves[1:], v.At+1
		if len(v.Moves) == 0 {
			continue // accepted to its end; nothing of the proposer's is left in it
		}
		if next == "" {
			next, label = v.Moves[0], v.Label
		}
		if v.Moves[0] != next {
			// Two variants that agree on the partner's move but answer it differently: the first
			// one stated binds the proposer (4.2.8); the other cannot apply.
			x.tellProposer(proposer, fmt.Sprintf(x.tx.variantGone, labelText(v.Label), x.variantText(v)))
			continue
		}
		v.Moves, v.At = v.Moves[1:], v.At+1
		if len(v.Moves) > 0 {
			kept = append(kept, v)
		}
	}
	x.g.Variants = kept
	if next == "" {
		return false
	}
	i := len(x.g.Plies)
	x.d.addClause("4.2.13")
	x.play(next, ByVariant)
	msg := fmt.Sprintf(x.tx.variantPlayed, labelText(label), numbered(i, next))
	x.toPartner = append(x.toPartner, msg)
	x.note(msg)
	return true
}

// tellProposer notes something about a variant to whoever proposed it.
func (x *decider) tellProposer(proposer Side, msg string) {
	if proposer == x.side {
		x.note(msg)
	} else {
		x.toPartner = append(x.toPartner, msg)
	}
}

func labelText(l string) string {
	if l == "" {
		return ""
	}
	return l + " "
}

// variantText writes a stored variant with its move numbers.
func (x *decider) variantText(v Variant) string {
	s := make([]string, len(v.Moves))
	for i, m := range v.Moves {
		s[i] = numbered(v.At+i, m)
	}
	return strings.Join(s, " ")
}

// acceptExplicit applies "принимаю вариант А (до 14-го хода)" (4.2.13): the named variant of the
// partner is played up to the sender's move of the number given (all of it without a number).
func (x *decider) acceptExplicit() {
	a := x.lt.Accept
	var pick *Variant
	for i := range x.g.Variants {
		v := &x.g.Variants[i]
		if v.Proposer != x.side.Other() || v.At != len(x.g.Plies) {
			continue
		}
		if strings.EqualFold(v.Label, a.Label) || (a.Label == "" && pick == nil) {
			pick = v
			break
		}
	}
	if pick == nil {
		x.note(fmt.Sprintf(x.tx.noSuchVariant, a.Label))
		return
	}
	limit := pick.At + len(pick.Moves)
	if a.Until > 0 {
		limit = min(limit, plyOf(a.Until, x.side))
	}
	start, moves := pick.At, append([]string(nil), pick.Moves...)
	for i, m := range moves {
		p := start + i
		if p >= limit || x.g.Status != StatusPlaying {
			break
		}
		if sideOfPly(p) != x.side {
			continue // the proposer's moves are played by followVariants as the sender's match
		}
		if len(x.g.Plies) != p {
			break
		}
		x.play(m, ByLetter)
		x.followVariants(x.side.Other())
	}
	x.d.addClause("4.2.13")
	x.save() // 4.2.8: the accepted part is made
}

// proposeVariants stores the sender's proposed variants (4.2.7), each cut before its first
// impossible or unreadable move (4.2.12, no penalty). A variant starts with the partner's reply.
func (x *decider) proposeVariants() {
	p0 := len(x.g.Plies)
	// The sender's older proposals were answered by this position or are overtaken by it.
	var kept []Variant
	for _, v := range x.g.Variants {
		if v.Proposer != x.side {
			kept = append(kept, v)
		}
	}
	x.g.Variants = kept
	if len(x.lt.Variants) == 0 || x.g.Status != StatusPlaying {
		return
	}
	if sideOfPly(p0) == x.side {
		x.note(x.tx.variantNotNow)
		return
	}
	for _, lv := range x.lt.Variants {
		bb := x.b.clone()
		var moves []string
		for _, m := range lv.Moves {
			if m.Bad {
				x.cut(lv, m, x.tx.fault(faultUnreadable))
				break
			}
			text, f := bb.parse(m.Text)
			if f != nil {
				x.cut(lv, m, x.tx.fault(f.Kind))
				break
			}
			if bb.play(text) != nil {
				break
			}
			moves = append(moves, text)
			if ended, _ := bb.outcome(); ended {
				break
			}
		}
		if len(moves)%2 == 1 {
			moves = moves[:len(moves)-1] // a partner's move with no answer binds nobody
		}
		if len(moves) == 0 {
			x.note(fmt.Sprintf(x.tx.variantEmpty, labelText(lv.Label)))
			continue
		}
		v := Variant{Label: lv.Label, Proposer: x.side, At: p0, Moves: moves}
		x.g.Variants = append(x.g.Variants, v)
	}
}

// cut notes a variant cut before move m (4.2.12).
func (x *decider) cut(lv letterVariant, m letterMove, why string) {
	x.d.addClause("4.2.12")
	x.note(fmt.Sprintf(x.tx.variantCut, labelText(lv.Label), m.Line, m.written(), why))
}

// pendingVariants writes side s's pending proposals, one a line.
func (x *decider) pendingVariants(s Side) []string {
	var out []string
	for _, v := range x.g.Variants {
		if v.Proposer == s {
			out = append(out, strings.TrimSpace(labelColon(v.Label)+x.variantText(v)))
		}
	}
	return out
}

func labelColon(l string) string {
	if l == "" {
		return ""
	}
	return l + ": "
}
