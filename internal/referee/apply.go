package referee

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// decider carries one decision in the making.
type decider struct {
	g     Game
	reg   Regulation
	loc   *time.Location
	env   Envelope
	lt    letter
	today daysclock.Date
	side  Side // the sender's side
	b     *board
	tx    *phrases
	d     Decision

	toSender    []string // paragraphs for the acknowledgement or rejection
	toPartner   []string // paragraphs for the forwarded letter
	notices     []Outgoing
	played      int  // plies this letter put on the board
	substituted bool // a 4.2.10 unique move was played for an impossible one
	numberFixed bool // a 4.2.14 numbering error was corrected
	terms       daysclock.Terms
	stamps      daysclock.Dates
	// what the sender and the partner owed before the letter: restored on a stop
	commit snapshot
}

// snapshot is the state a stopped letter falls back to: the game as it was, or with the
// accepted part of a variant played (4.2.8: accepted moves are made and stay).
type snapshot struct {
	g       Game
	b       *board
	moves   []string
	played  int
	partner []string
}

func (x *decider) save() {
	x.commit = snapshot{g: x.g.clone(), b: x.b.clone(), moves: append([]string(nil), x.d.Moves...),
		played: x.played, partner: append([]string(nil), x.toPartner...)}
}

func (x *decider) restore() {
	x.g, x.b, x.d.Moves, x.played = x.commit.g.clone(), x.commit.b.clone(), append([]string(nil), x.commit.moves...), x.commit.played
	x.toPartner = append([]string(nil), x.commit.partner...)
}

func newDecider(g Game, reg Regulation, loc *time.Location, now time.Time) *decider {
	if loc == nil {
		loc = time.UTC
	}
	x := &decider{g: g.clone(), reg: reg.WithDefaults(), loc: loc, today: daysclock.DateOf(now, loc)}
	x.tx = textFor(x.g.Language)
	x.terms = x.g.Terms(x.reg)
	x.d = Decision{Clauses: []string{}, Moves: []string{}}
	return x
}

// applyLetter decides a letter against a game (see Apply).
func applyLetter(g Game, lt letter, env Envelope, reg Regulation, loc *time.Location) Decision {
	x := newDecider(g, reg, loc, env.Received)
	x.env, x.lt = env, lt
	side, ok := x.g.SideOf(env.From)
	if !ok {
		// Only a player of the game moves in it (architecture: reliability contract).
		x.d.Verdict = Ignored
		return x.finish()
	}
	x.side = side
	b, err := gameBoard(&x.g)
	if err != nil {
		// A stored game that no longer replays is postald's own fault, never the player's:
		// nothing moves and the judge is told.
		x.d.Verdict = Notice
		x.note(x.tx.internal)
		x.notify(ToJudge, x.g.Judge, x.tx.subjNotice, x.tx.internalJudge+"\n"+err.Error(), Notice)
		return x.finish()
	}
	x.b = b
	x.stamps = x.dates()
	x.save()
	switch {
	case x.g.Status == StatusFinished:
		x.d.Verdict = Notice
		x.note(fmt.Sprintf(x.tx.gameOver, x.g.Result))
		x.answer(KindNotice, Notice)
	case lt.Resign:
		x.resign()
	case lt.Draw == drawAccept && x.g.DrawOffer == side.Other():
		x.agreeDraw()
	case lt.Protest != "" && len(lt.Moves) == 0:
		x.protest()
	case (lt.Leave != nil || lt.LeaveBad) && len(lt.Moves) == 0:
		x.leave()
	case x.g.Status == StatusAdjudication:
		// 4.3.2: after the end date only a draw acceptance or a resignation is taken.
		x.d.Verdict = Notice
		x.d.addClause("4.3.2")
		x.note(x.tx.frozen)
		x.answer(KindNotice, Notice)
	case side != x.g.ToMove():
		x.offTurn()
	default:
		x.onTurn()
	}
	if lt.Protest != "" && len(lt.Moves) > 0 {
		// A protest written with moves goes to the judge all the same (4.1.12).
		x.d.addClause("4.1.12")
		x.notify(ToJudge, x.g.Judge, x.tx.subjProtest,
			fmt.Sprintf(x.tx.protestJudge, x.g.Player(x.side).Name, x.tx.side(x.side), lt.Protest), Notice, "4.1.12")
	}
	return x.finish()
}

// finish fills the decision's summary fields and records it in the game's history.
func (x *decider) finish() Decision {
	sortClauses(x.d.Clauses)
	if x.b != nil {
		x.g.Position = x.b.pos.FEN()
	}
	if x.d.Verdict != Ignored {
		x.g.History = append(x.g.History, Entry{Date: x.today, Letter: x.env.MessageID, From: x.side,
			Verdict: x.d.Verdict, Clauses: append([]string(nil), x.d.Clauses...)})
		if id := x.env.MessageID; id != "" {
			x.g.LastLetter = id
			x.g.Thread = append(x.g.Thread, id)
			if n := len(x.g.Thread); n > threadLength {
				x.g.Thread = x.g.Thread[n-threadLength:]
			}
		}
	}
	x.d.Letters = append(x.d.Letters, x.notices...)
	x.summarize()
	return x.d
}

// summarize fills in the decision the game as it now stands: the game itself, the days used and
// the side on move while it is played.
func (x *decider) summarize() {
	x.d.Time = x.g.Time()
	x.d.ToMove = ""
	if x.g.Status == StatusPlaying {
		x.d.ToMove = x.g.ToMove()
	}
	x.d.Game = x.g
}

// note adds a paragraph for the sender.
func (x *decider) note(s string) {
	x.toSender = append(x.toSender, s)
	x.d.Notes = append(x.d.Notes, s)
}

// onTurn decides a letter from the player on move.
func (x *decider) onTurn() {
	if v := x.checkRepetition(); len(v) > 0 {
		x.stop(v)
		return
	}
	moves := x.ownMoves()
	if x.lt.Accept != nil {
		x.acceptExplicit()
	}
	if len(moves) == 0 && x.played == 0 {
		switch x.lt.Draw {
		case drawOffer, drawAccept:
			x.offerDraw()
			return
		case drawClaim:
			x.claimDraw(false)
			return
		case drawDecline:
			x.declineDraw()
			return
		}
		x.d.Verdict = Notice
		x.note(x.tx.noMove)
		x.answer(KindNotice, Notice)
		return
	}
	if x.lt.Draw == drawClaim && x.claimDraw(true) {
		return
	}
	if !x.playMoves(moves) {
		return
	}
	x.accepted()
}

// ownMoves returns the letter's moves that are not repetitions of plies already on the board.
func (x *decider) ownMoves() []letterMove {
	var out []letterMove
	for i, m := range x.lt.Moves {
		if len(out) == 0 && x.isRepetition(m) {
			continue
		}
		out = append(out, x.lt.Moves[i])
	}
	return out
}

// isRepetition reports whether m names a ply already on the board and matches it.
func (x *decider) isRepetition(m letterMove) bool {
	if m.Number <= 0 || m.Side == "" {
		return false
	}
	i := plyOf(m.Number, m.Side)
	return i >= 0 && i < len(x.g.Plies) && x.sameMove(i, m.Text)
}

// sameMove reports whether text, read in the position before ply i, is the move played there.
func (x *decider) sameMove(i int, text string) bool {
	if canon(text) == canon(x.g.Plies[i].Text) {
		return true
	}
	b, err := newBoard(x.g.Variant)
	if err != nil || b.replay(x.g.Plies[:i]) != nil {
		return false
	}
	got, f := b.parse(text)
	return f == nil && got == x.g.Plies[i].Text
}

// canon is a move's text reduced for a quick comparison.
func canon(s string) string {
	s = strings.ToLower(strings.ReplaceAll(s, " ", ""))
	s = strings.NewReplacer("x", ":", "×", ":", "–", "-", "—", "-").Replace(s)
	return s
}

// owes returns the plies side s must repeat in his next letter (4.2.9).
func (g *Game) owes(s Side) *[]int {
	if s == White {
		return &g.WhiteOwes
	}
	return &g.BlackOwes
}

// checkRepetition applies 4.2.9: the partner's moves of the letter answered must be repeated,
// fully, correctly and legibly; otherwise the letter is stopped.
func (x *decider) checkRepetition() []Violation {
	owed := *x.g.owes(x.side)
	covered := map[int]bool{}
	var v []Violation
	given := append([]letterMove(nil), x.lt.Repeated...)
	for _, m := range x.lt.Moves {
		if !x.isRepetition(m) {
			break
		}
		given = append(given, m)
	}
	for _, m := range x.lt.Repeated {
		if m.Bad {
			v = append(v, Violation{Clause: "4.2.9", Line: m.Line, Text: m.written(), What: x.tx.illegibleRepeat,
				Send: x.repeatWant(owed)})
			continue
		}
		if i := plyOf(m.Number, m.Side); m.Number > 0 && m.Side != "" && i >= 0 && i < len(x.g.Plies) && x.sameMove(i, m.Text) {
			covered[i] = true
			continue
		}
		// 4.2.14: the right move under a wrong number is a numbering error, not a wrong repetition.
		found := false
		for _, j := range owed {
			if !covered[j] && x.sameMove(j, m.Text) {
				covered[j], found = true, true
				x.numbering(m, j, x.g.Plies[j].Text)
				break
			}
		}
		if !found {
			v = append(v, Violation{Clause: "4.2.9", Line: m.Line, Text: m.written(),
				What: x.tx.wrongRepeat, Send: x.repeatWant(owed)})
		}
	}
	for _, m := range given[len(x.lt.Repeated):] {
		covered[plyOf(m.Number, m.Side)] = true
	}
	for _, j := range owed {
		if !covered[j] && len(v) == 0 {
			v = append(v, Violation{Clause: "4.2.9", What: fmt.Sprintf(x.tx.notRepeated, numbered(j, x.g.Plies[j].Text)),
				Send: x.repeatWant(owed)})
		}
	}
	return v
}

// repeatWant says what a correct repetition is.
func (x *decider) repeatWant(owed []int) string {
	var s []string
	for _, j := range owed {
		s = append(s, numbered(j, x.g.Plies[j].Text))
	}
	if len(s) == 0 {
		return x.tx.repeatNothing
	}
	return fmt.Sprintf(x.tx.repeatThese, strings.Join(s, " "))
}

// numbering records a 4.2.14 numbering error: corrected without a stop and noted to the sender.
func (x *decider) numbering(m letterMove, ply int, text string) {
	x.d.addClause("4.2.14")
	x.note(fmt.Sprintf(x.tx.numbering, m.Line, m.written(), numbered(ply, text)))
	x.numberFixed = true
}

// playMoves plays the sender's own moves (and the partner's forced replies he wrote). It reports
// false when the letter was stopped.
func (x *decider) playMoves(moves []letterMove) bool {
	for k, m := range moves {
		p := len(x.g.Plies)
		if ended, _ := x.b.outcome(); ended {
			x.note(fmt.Sprintf(x.tx.extraIgnored, m.written()))
			break
		}
		if i := plyOf(m.Number, m.Side); m.Number > 0 && m.Side != "" && i < p {
			if x.sameMove(i, m.Text) {
				continue // a repetition of a ply already on the board (an accepted variant move)
			}
			if sideOfPly(i) == x.side && !m.Bad {
				if _, f := x.b.parse(m.Text); f != nil {
					// 4.2.8: a sent move cannot be changed. Nothing of the letter is played but an
					// accepted part of a variant.
					x.restore()
					x.reject([]Violation{{Clause: "4.2.8", Line: m.Line, Text: m.written(),
						What: fmt.Sprintf(x.tx.changesSent, numbered(i, x.g.Plies[i].Text)), Send: x.tx.sendNext}})
					return false
				}
			}
			if sideOfPly(i) != x.side && k == 0 {
				if _, f := x.b.parse(m.Text); f != nil {
					// 4.2.9: a partner's move written wrongly before the sender's own moves is a
					// wrong repetition, not a move of the sender's.
					x.stop([]Violation{{Clause: "4.2.9", Line: m.Line, Text: m.written(), What: x.tx.wrongRepeat,
						Send: x.repeatWant(*x.g.owes(x.side))}})
					return false
				}
			}
		}
		if sideOfPly(p) != x.side {
			// 4.2.4: the partner's forced reply may (must) be written by the sender.
			legal := x.b.legal()
			if len(legal) != 1 {
				var rest []string
				for _, r := range moves[k:] {
					rest = append(rest, r.written())
				}
				x.note(fmt.Sprintf(x.tx.notForced, m.written(), strings.Join(rest, " ")))
				break
			}
			if got, f := x.b.parse(m.Text); f != nil || got != legal[0] {
				x.note(fmt.Sprintf(x.tx.forcedFixed, m.written(), numbered(p, legal[0])))
			}
			x.d.addClause("4.2.4")
			x.play(legal[0], ByForced)
			continue
		}
		misnumbered := m.Number > 0 && m.Side != "" && plyOf(m.Number, m.Side) != p
		text, f := x.b.parse(m.Text)
		by := ByLetter
		if f != nil {
			if f.Unique == "" {
				// 4.2.10: several or no moves from the square, no piece, abbreviated (4.2.2) or
				// ambiguous: the sender must replace the move; the letter is stopped.
				switch f.Kind {
				case faultAbbreviated:
					x.d.addClause("4.2.2")
				case faultUnreadable:
					x.d.addClause("4.2.5") // moves must be written legibly
				}
				x.stop([]Violation{x.moveViolation(m, f)})
				return false
			}
			// 4.2.10: the piece on the stated square has exactly one legal move: it is played.
			text, by = f.Unique, BySubstituted
			x.d.addClause("4.2.10")
			x.substituted = true
			msg := fmt.Sprintf(x.tx.substituted, m.Line, m.written(), numbered(p, text))
			x.note(msg)
			x.toPartner = append(x.toPartner, msg)
		}
		if misnumbered {
			x.numbering(m, p, text) // 4.2.14
		}
		x.play(text, by)
		if x.followVariants(x.side.Other()) {
			x.save() // the accepted part of a variant is made and stays (4.2.8)
		}
	}
	return true
}

// moveViolation words a 4.2.10 fault.
func (x *decider) moveViolation(m letterMove, f *fault) Violation {
	what := x.tx.fault(f.Kind)
	send := x.tx.sendMove
	if len(f.Options) > 0 {
		send = fmt.Sprintf(x.tx.sendOneOf, strings.Join(f.Options, ", "))
	}
	return Violation{Clause: "4.2.10", Line: m.Line, Text: m.written(), What: what, Send: send}
}

// play puts a legal move on the board.
func (x *decider) play(text, by string) {
	if err := x.b.play(text); err != nil {
		panic(fmt.Sprintf("referee: playing legal move %q: %v", text, err))
	}
	i := len(x.g.Plies)
	x.g.Plies = append(x.g.Plies, Ply{Text: text, Date: x.today, Letter: x.env.MessageID, By: by})
	x.d.Moves = append(x.d.Moves, numbered(i, text))
	x.played++
	if ended, winner := x.b.outcome(); ended {
		x.endByRules(winner)
	}
}

// stop rejects the letter under 4.2.9/4.2.10 with the penalty of 4.2.11.
func (x *decider) stop(v []Violation) {
	x.restore()
	// 4.2.11: 6 penalty days (regulation penalty_days), once per stopped letter whatever the
	// number of errors, charged at once in postald's answer. The thinking days keep running
	// from the day the move was received (4.2.10: "начисляются дни, затраченные как на
	// обдумывание так и на исправление").
	ch := x.g.Clock(x.side).Penalize(x.reg.PenaltyDays, x.today, x.terms)
	x.d.PenaltyDays = ch.Days
	for _, vi := range v {
		x.d.addClause(vi.Clause)
	}
	x.d.addClause("4.2.11")
	x.reject(v)
	x.overstepped(x.side, ch.Overstep)
}

// reject answers a stopped letter: nothing is forwarded; the sender is told what is wrong, where,
// under which clause, the consequence and what to send.
func (x *decider) reject(v []Violation) {
	x.d.Verdict = Rejected
	x.d.Violations = v
	for _, vi := range v {
		x.d.addClause(vi.Clause)
	}
	x.answer(KindRejection, Rejected)
	if x.played > 0 {
		// The accepted part of a variant stays played (4.2.8, 4.2.13): the partner is told.
		x.notifyPartner(x.tx.subjNotice,
			fmt.Sprintf(x.tx.variantAcceptedStop, strings.Join(x.d.Moves, " ")), "4.2.13")
	}
}
