package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"postald/internal/rules"
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
	before, played, known := x.lastPly(p)
	var kept []Variant
	var next rules.Move // the proposer's next move, in the position after the played ply
	nextText, label := "", ""
	for _, v := range x.g.Variants {
		if v.Proposer != proposer {
			kept = append(kept, v)
			continue
		}
		if v.At != p || len(v.Moves) == 0 || !known || !storedIs(before, v.Moves[0], played) {
			x.tellProposer(proposer, func(tx *phrases) string { return fmt.Sprintf(tx.VariantGone, labelText(v.shown()), x.variantText(v)) })
			continue
		}
		v.Moves, v.At = v.Moves[1:], v.At+1
		if len(v.Moves) == 0 {
			continue // accepted to its end; nothing of the proposer's is left in it
		}
		m, ok := x.b.stored(v.Moves[0])
		if ok && nextText == "" {
			next, nextText, label = m, v.Moves[0], v.shown()
		}
		if !ok || !x.b.pos.SameMove(m, next) {
			// Two variants that agree on the partner's move but answer it differently: the first
			// one stated binds the proposer (4.2.8); the other cannot apply.
			x.tellProposer(proposer, func(tx *phrases) string { return fmt.Sprintf(tx.VariantGone, labelText(v.shown()), x.variantText(v)) })
			continue
		}
		v.Moves, v.At = v.Moves[1:], v.At+1
		if len(v.Moves) > 0 {
			kept = append(kept, v)
		}
	}
	x.g.Variants = kept
	if nextText == "" {
		return false
	}
	i := len(x.g.Plies)
	x.d.addClause("4.2.13")
	x.playAs(next, nextText, ByVariant)
	x.tellBoth(func(tx *phrases) string {
		return fmt.Sprintf(tx.VariantPlayed, labelText(label), numbered(i, nextText))
	})
	return true
}

// lastPly returns ply p, the last on the board, as a move with the position it was played in.
func (x *decider) lastPly(p int) (*rules.Position, rules.Move, bool) {
	if x.last.ply == p && p >= 0 {
		return &x.last.before, x.last.move, true
	}
	return x.plyAt(p)
}

// storedIs reports whether text, a move as the game stores it, is the move m of position pos.
func storedIs(pos *rules.Position, text string, m rules.Move) bool {
	s, err := rules.ParseMove(pos, text)
	return err == nil && pos.SameMove(s, m)
}

// tellProposer notes something about a variant to whoever proposed it, in his language.
func (x *decider) tellProposer(proposer Side, say func(tx *phrases) string) {
	if proposer == x.side {
		x.note(say(x.tx))
	} else {
		x.toPartner = append(x.toPartner, say(x.ptx))
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

// acceptWritten applies a variant of the partner accepted in writing (4.2.13): «принимаю
// вариант А[ до N-го хода][: moves]», then «вместо X играю Y» or «Мой ход: Y». moves are the
// letter's own moves after its repetition. The accepted part is the variant up to the first
// move the sender changed, told by any of: N (the number of the first changed move, the seed's
// usage), the declined move X, the accepted moves written out (the first of the sender's moves
// that differs from the variant is the changed one), the number of his first own move; and, when
// none is given, by his moves followed move by move (acceptance by play). Every indication the
// letter gives must agree, or the acceptance is not read with certainty: it is stopped under
// 4.2.5 naming the line and saying what was read, and nothing of it is played (no penalty:
// 4.2.11 names only 4.2.9 and 4.2.10). An accepted move of the proposer written otherwise than
// the variant is a wrong repetition of the accepted variant (4.2.9, 4.2.3). It plays the accepted
// part and returns the moves to play from the changed move on; sure is false when the position
// the letter intends is unknown.
func (x *decider) acceptWritten(moves []letterMove) (rest []letterMove, faults []Violation, sure bool) {
	a := x.lt.Accept
	p0 := len(x.g.Plies)
	// Accepted moves already on the board (the accepted part of a letter stopped before, or a
	// repetition written into the acceptance) are repetitions.
	var written []letterMove
	for _, m := range a.Moves {
		if len(written) == 0 && x.isRepetition(m) {
			continue
		}
		written = append(written, m)
	}
	v, why := x.pickVariant(written, moves)
	if v == nil {
		if why == "" && len(written) == 0 && x.restated(moves) {
			return moves, nil, true
		}
		if why == "" && len(written) == 0 && len(a.Declined) == 0 && a.Until == 0 {
			// Nothing to accept and nothing said about it but the word: the moves are judged
			// in the position on the board, as written.
			x.note(fmt.Sprintf(x.tx.NoSuchVariant, a.shown()))
			return moves, nil, true
		}
		if why == "" {
			why = fmt.Sprintf(x.tx.AcceptNone, labelText(a.shown()), x.proposals())
		}
		return nil, []Violation{x.unsureAccept(why, a.Line, a.Text)}, false
	}
	vm := v.Moves
	unsure := func(what string) ([]letterMove, []Violation, bool) {
		return nil, append(faults, x.unsureAccept(what+"; "+fmt.Sprintf(x.tx.AcceptVariant, strings.TrimSpace(labelText(v.shown())), x.variantText(*v)), a.Line, a.Text)), false
	}
	// The variant is walked on bb, which stands before ply p0+i of it when its move i is read:
	// each of its moves is read once, in its position; the moves walked are kept (walked) to be
	// played.
	bb := x.b.clone()
	var walked []rules.Move
	variantMove := func(i int) (rules.Move, bool) {
		if i < len(walked) {
			return walked[i], true
		}
		return bb.stored(vm[i])
	}
	matches := func(i int, m letterMove) bool {
		if m.Bad {
			return false
		}
		want, ok := variantMove(i)
		return ok && bb.reads(m.Text, want)
	}
	advance := func(i int) bool {
		m, ok := variantMove(i)
		if ok {
			bb.playMove(m)
			walked = append(walked, m)
		}
		return ok
	}

	// The declared cut: N, or the declined move X.
	cut := -1
	if a.Until > 0 {
		n := a.Until
		if a.Inclusive {
			n++
		}
		cut = plyOf(n, x.side)
		if cut < p0 || cut > p0+len(vm) {
			return unsure(fmt.Sprintf(x.tx.AcceptOutside, n))
		}
	}
	if len(a.Declined) > 0 {
		d := a.Declined[0]
		at := -1
		c := x.b.clone() // stands before ply p0+i of the variant
		for i := range vm {
			ply := p0 + i
			want, ok := c.stored(vm[i])
			if !ok {
				break // a stored variant replays; nothing after an unplayable move is its
			}
			if sideOfPly(ply) == x.side && (d.Number <= 0 || d.Side == "" || plyOf(d.Number, d.Side) == ply) {
				if !d.Bad && c.reads(d.Text, want) {
					at = ply
					break
				}
			}
			c.playMove(want)
		}
		switch {
		case at < 0:
			return unsure(fmt.Sprintf(x.tx.AcceptDeclined, d.written()))
		case cut >= 0 && cut != at:
			return unsure(fmt.Sprintf(x.tx.AcceptDisagree, d.written(), moveNumber(cut)))
		}
		cut = at
	}
	// The moves the letter writes, each at its ply: the accepted moves written out from the
	// variant's start, then the own moves from the ply their number names (else right after).
	type placed struct {
		m   letterMove
		ply int
	}
	var line []placed
	for i, m := range written {
		ply := p0 + i
		if m.Number > 0 && m.Side != "" && plyOf(m.Number, m.Side) != ply {
			return unsure(fmt.Sprintf(x.tx.AcceptNumber, m.written(), moveNumber(ply)))
		}
		line = append(line, placed{m, ply})
	}
	next := p0 + len(written)
	if len(moves) > 0 {
		m := moves[0]
		at := next
		if m.Number > 0 && m.Side != "" {
			at = plyOf(m.Number, m.Side)
		} else if cut > next && len(written) == 0 {
			at = cut
		}
		if at < next || at > p0+len(vm) {
			return unsure(fmt.Sprintf(x.tx.AcceptNumber, m.written(), moveNumber(next)))
		}
		for i, m := range moves {
			line = append(line, placed{m, at + i})
		}
	}
	// Walk the variant: written moves that match it are accepted; the first of the sender's
	// that differs is the changed move; the proposer's moves cannot differ (4.2.8). Plies the
	// letter does not write are accepted when a later move's number or N reaches past them;
	// with nothing written at all the whole variant is accepted.
	accepted := 0 // plies of the variant accepted
	changed := -1 // index in line of the first move from the changed one on, or -1
	li := 0
	for i := 0; i < len(vm); i++ {
		ply := p0 + i
		atLine := li < len(line) && line[li].ply == ply
		if cut >= 0 && ply == cut {
			if atLine {
				if matches(i, line[li].m) {
					// N or X says the letter changes the variant here, yet it plays the variant's move
					return unsure(fmt.Sprintf(x.tx.AcceptDisagree, line[li].m.written(), moveNumber(cut)))
				}
				changed = li
			}
			break
		}
		switch {
		case atLine && matches(i, line[li].m):
			li++
		case atLine && sideOfPly(ply) == x.side:
			changed = li
		case atLine:
			m := line[li].m
			faults = append(faults, Violation{Clause: "4.2.9", Line: m.Line, Text: m.written(),
				What: fmt.Sprintf(x.tx.WrongAccepted, labelText(v.shown()), numbered(ply, vm[i])), Send: x.tx.SendAccepted})
			li++
		case li < len(line), cut >= 0, len(line) == 0:
			// a ply the letter does not write, before a later move, N, or in a bare acceptance
		default:
			i = len(vm) // the rest of the variant is followed move by move as the letter plays
			continue
		}
		if changed >= 0 || !advance(i) {
			break
		}
		accepted = i + 1
	}
	if changed < 0 && li < len(line) {
		changed = li // the moves after the whole variant
	}
	if changed >= 0 && line[changed].ply != p0+accepted {
		return unsure(fmt.Sprintf(x.tx.AcceptNumber, line[changed].m.written(), moveNumber(p0+accepted)))
	}
	if cut >= 0 && p0+accepted != cut {
		m := a.Text
		if changed >= 0 {
			m = line[changed].m.written()
		}
		return unsure(fmt.Sprintf(x.tx.AcceptDisagree, m, moveNumber(cut)))
	}
	// Play the accepted part: the sender's moves as his own, the proposer's from his variant.
	x.d.addClause("4.2.13")
	x.preferVariant(v)
	for i := 0; i < accepted && x.g.Status == StatusPlaying; i++ {
		ply := p0 + i
		if len(x.g.Plies) > ply {
			continue // played by followVariants
		}
		if sideOfPly(ply) != x.side {
			x.playAs(walked[i], vm[i], ByVariant)
			continue
		}
		x.playAs(walked[i], vm[i], ByLetter)
		x.followVariants(x.side.Other())
	}
	if x.played > 0 {
		x.save() // 4.2.8: the accepted part is made
	}
	if changed >= 0 {
		for _, p := range line[changed:] {
			rest = append(rest, p.m)
		}
	}
	return rest, faults, true
}

// pickVariant finds the partner's pending variant a letter accepts: the one its label names,
// else the only one, else the only one its moves follow. why says why none could be chosen
// when the partner has proposals; "" when he has none.
func (x *decider) pickVariant(written, moves []letterMove) (*Variant, string) {
	a := x.lt.Accept
	var cands []*Variant
	for i := range x.g.Variants {
		if v := &x.g.Variants[i]; v.Proposer == x.side.Other() && v.At == len(x.g.Plies) && len(v.Moves) > 0 {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return nil, ""
	}
	if a.Label != "" {
		for _, v := range cands {
			if strings.EqualFold(v.Label, a.Label) {
				return v, ""
			}
		}
		// 4.2.13, as a judge reads a label: by its place, А, A, 1 and «первый» the first, Б, B,
		// 2 the second (mailparse maps a Cyrillic letter by its place in the alphabet): the
		// variant of that place's label, or, where none has a label, the variant proposed in
		// that place; and the only variant on the table by the label of the first place,
		// whatever its own label: «принимаю вариант А» can mean no other line. A label of
		// another place that no variant has is a line a judge cannot tell (4.2.5).
		if i, ok := labelIndex(a.Label); ok {
			labelled := false
			for _, v := range cands {
				if j, ok := labelIndex(v.Label); ok && j == i {
					return v, ""
				}
				labelled = labelled || v.Label != ""
			}
			switch {
			case !labelled && i < len(cands):
				return cands[i], ""
			case len(cands) == 1 && i == 0:
				return cands[0], ""
			}
		}
		return nil, fmt.Sprintf(x.tx.AcceptNone, labelText(a.shown()), x.proposals())
	}
	if len(cands) == 1 {
		return cands[0], ""
	}
	first := append(append([]letterMove(nil), written...), moves...)
	if len(first) > 0 && !first[0].Bad {
		var fit []*Variant
		if got, f := x.b.parse(first[0].Text); f == nil {
			for _, v := range cands {
				if storedIs(&x.b.pos, v.Moves[0], got) {
					fit = append(fit, v)
				}
			}
		}
		if len(fit) == 1 {
			return fit[0], ""
		}
		// Several variants begin with that move as written (two capture routes written alike,
		// «6:6» in Lasca): the moves the letter writes after it name the one it accepts, when
		// exactly one variant has them (4.2.13).
		var named []*Variant
		for _, v := range cands {
			if writtenAs(first, v.Moves) {
				named = append(named, v)
			}
		}
		if len(named) == 1 {
			return named[0], ""
		}
	}
	return nil, fmt.Sprintf(x.tx.AcceptWhich, x.proposals())
}

// labelIndex returns the place a variant's label names, from 0: A (А) and 1 the first, B (Б)
// and 2 the second, and so on.
func labelIndex(label string) (int, bool) {
	if n, err := strconv.Atoi(label); err == nil {
		return n - 1, n >= 1
	}
	if len(label) == 1 && label[0] >= 'A' && label[0] <= 'Z' {
		return int(label[0] - 'A'), true
	}
	return 0, false
}

// writtenAs reports whether the letter's moves, at least two, are the variant's first moves
// written as it writes them (notation compared as text, capture marks and case as the reader
// normalises them).
func writtenAs(written []letterMove, moves []string) bool {
	n := min(len(written), len(moves))
	if n < 2 {
		return false // the first move alone does not tell the variants apart
	}
	for i := range n {
		if written[i].Bad || !strings.EqualFold(written[i].Text, moves[i]) {
			return false
		}
	}
	return true
}

// restated reports whether an acceptance restates the accepted part of a variant that an
// earlier, stopped letter of the sender made (4.2.8): it stands, and the moves follow it.
func (x *decider) restated(moves []letterMove) bool {
	ap, a := x.g.Accepted, x.lt.Accept
	if ap == nil || ap.Proposer != x.side.Other() || ap.Cut != len(x.g.Plies) {
		return false
	}
	if a.Label != "" && ap.Label != "" && !strings.EqualFold(a.Label, ap.Label) {
		return false
	}
	if a.Until > 0 && plyOf(a.Until, x.side) != ap.Cut && !a.Inclusive {
		return false
	}
	if len(moves) > 0 && moves[0].Number > 0 && moves[0].Side != "" && plyOf(moves[0].Number, moves[0].Side) != ap.Cut {
		return false
	}
	return true
}

// preferVariant puts v first among its proposer's variants, so that where two of them answer
// the same move differently the accepted one binds (4.2.13).
func (x *decider) preferVariant(v *Variant) {
	chosen := *v
	out := []Variant{chosen}
	for _, w := range x.g.Variants {
		if w.Proposer == chosen.Proposer && w.At == chosen.At && w.Label == chosen.Label && slices.Equal(w.Moves, chosen.Moves) {
			continue
		}
		out = append(out, w)
	}
	x.g.Variants = out
}

// proposals lists the partner's pending variants, for a letter that names one he did not propose.
func (x *decider) proposals() string {
	var out []string
	for _, v := range x.g.Variants {
		if v.Proposer == x.side.Other() {
			out = append(out, strings.TrimSpace(labelColon(v.shown())+x.variantText(v)))
		}
	}
	if len(out) == 0 {
		return "—"
	}
	return strings.Join(out, "; ")
}

// unsureAccept is the fault of an acceptance postald cannot read with certainty (4.2.5).
func (x *decider) unsureAccept(what string, line int, text string) Violation {
	return Violation{Clause: "4.2.5", Line: line, Text: text, What: fmt.Sprintf(x.tx.AcceptUnsure, what), Send: x.tx.SendAccepted}
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
		x.note(x.tx.VariantNotNow)
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
			mv, f := bb.parse(m.Text)
			if f != nil {
				x.cut(lv, m, x.tx.why(f))
				break
			}
			moves = append(moves, bb.format(mv))
			bb.playMove(mv)
			if ended, _ := bb.outcome(); ended {
				break
			}
		}
		if len(moves)%2 == 1 {
			moves = moves[:len(moves)-1] // a partner's move with no answer binds nobody
		}
		if len(moves) == 0 {
			x.note(fmt.Sprintf(x.tx.VariantEmpty, labelText(lv.shown())))
			continue
		}
		v := Variant{Label: lv.Label, Written: lv.Written, Proposer: x.side, At: p0, Moves: moves}
		x.g.Variants = append(x.g.Variants, v)
	}
}

// cut notes a variant cut before move m (4.2.12).
func (x *decider) cut(lv letterVariant, m letterMove, why string) {
	x.d.addClause("4.2.12")
	x.note(fmt.Sprintf(x.tx.VariantCut, labelText(lv.shown()), m.Line, m.written(), why))
}

// pendingVariants writes side s's pending proposals, one a line.
func (x *decider) pendingVariants(s Side) []string {
	var out []string
	for _, v := range x.g.Variants {
		if v.Proposer == s {
			out = append(out, strings.TrimSpace(labelColon(v.shown())+x.variantText(v)))
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

// moveNumber writes the number of ply i as a letter does: "3." for White, "3..." for Black.
func moveNumber(i int) string { return strings.TrimSpace(numbered(i, "")) }
