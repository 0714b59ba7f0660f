package referee

import (
	"fmt"

	"postald/internal/daysclock"
)

// accepted finishes a letter whose moves are on the board: time, repetition owed, variants,
// forced replies, draw offers, the end date and the letters.
func (x *decider) accepted() {
	s := x.side
	// 4.2.9: the partner must repeat what the sender wrote; the sender has repeated his part.
	*x.g.owes(s) = nil
	x.g.Accepted = nil
	first := len(x.g.Plies) - x.played
	for i := first; i < len(x.g.Plies); i++ {
		if sideOfPly(i) == s && x.g.Plies[i].By.Written() {
			o := x.g.owes(s.Other())
			*o = append(*o, i)
		}
	}
	if x.g.Status == StatusPlaying {
		x.proposeVariants()
		x.settle()
	}
	// 1.13.3: a draw offer stands until the partner's reply move; this letter's move answers it.
	if x.g.DrawOffer == s.Other() {
		x.g.DrawOffer = ""
		x.toPartner = append(x.toPartner, x.ptx.DrawLapsed)
	}
	switch draw := x.draw(); {
	case x.g.Status == StatusPlaying && draw == drawOffer:
		// 1.13.3: an offer made with a move stands until the partner's reply move.
		x.g.DrawOffer = s
		x.toPartner = append(x.toPartner, x.ptx.DrawOffered)
		x.note(x.tx.DrawOfferSent) // the sender: his offer is recorded and forwarded
	case draw == drawDoubtful || draw == drawUnoffered:
		x.drawNote() // the move stands; the draw statement is asked about (statements.go)
	}
	x.charge()
	x.statements()
	x.d.Verdict = Accepted
	if x.substituted || x.numberFixed {
		x.d.Verdict = Corrected
	}
	if x.g.Status == StatusPlaying {
		// The move was sent on the letter's postmark, and the player now on move receives it
		// when postald forwards it, today, or when the captain posts his card: his days run from
		// then (4.3.1). When that is the sender again (a forced reply or a variant move was
		// played), his clock runs from this notice (4.2.4, 4.2.13).
		x.g.MovedOn = x.today
		x.deliver(x.g.ToMove(), x.forwarded)
		switch {
		case x.g.ToMove() != s:
		case x.g.Posting == s:
			// 4.3.1: a player by post or telephone receives the move from the captain: his
			// time runs from then (Posted), not from today.
			x.note(x.tx.YourMoveAgainPosted)
		default:
			x.note(x.tx.YourMoveAgain)
		}
	}
	x.endDate()
	x.forward()
	x.answer(KindAck, x.d.Verdict)
}

// settle plays the partner's forced replies the letter left out (4.2.4) and the sender's variant
// moves that answer them (4.2.13), until a player has a real choice.
func (x *decider) settle() {
	for x.g.Status == StatusPlaying && x.g.ToMove() != x.side {
		legal := x.b.legal()
		if len(legal) != 1 {
			return
		}
		// 4.2.4: the partner has a single legal reply: postald plays it for him (no days for
		// him), tells both sides, and the same player must answer it.
		i := len(x.g.Plies)
		x.d.addClause("4.2.4")
		x.play(legal[0], ByPostald)
		// The sender is told his partner's reply was forced; the partner, that it was his own.
		x.note(fmt.Sprintf(x.tx.ForcedPlayed, numbered(i, x.g.Plies[i].Text)))
		x.toPartner = append(x.toPartner, fmt.Sprintf(x.ptx.ForcedYours, numbered(i, x.g.Plies[i].Text)))
		x.followVariants(x.side)
	}
}

// dates returns postald's own three dates for the sender's letter (4.3.1).
func (x *decider) dates() daysclock.Dates {
	if !x.g.Begun() {
		// The first letter of the game answers no partner's letter: the moves of an opening drawn
		// by lot (1.6.4) were on the board before play, sent by nobody.
		return daysclock.Dates{Sent: x.today}
	}
	received := x.g.receivedOn()
	if x.today.Before(received) {
		// A card postmarked before the day its player is counted to have received his move
		// (post_days are the regulation's, the post was faster): he had it by the postmark, which
		// is the latest receipt the letters can show; he is charged nothing before it (charge).
		received = x.today
	}
	return daysclock.Dates{PartnerSent: x.g.MovedOn, Received: received, Sent: x.today}
}

// charge charges the letter to the clocks (4.3.1): the sender's thinking days for his own moves,
// with the start rule of 4.3.2; the moves of either side that cost nothing (forced replies,
// 4.2.4; a proposer's variant moves, 4.2.13) are counted for the controls.
func (x *decider) charge() {
	s := x.side
	own, free, partnerFree := 0, 0, 0
	for i := len(x.g.Plies) - x.played; i < len(x.g.Plies); i++ {
		p := x.g.Plies[i]
		switch {
		case sideOfPly(i) != s:
			partnerFree++
		case p.By.Written():
			own++
		default:
			free++
		}
	}
	c := x.g.Clock(s)
	if own > 0 && c.Running() {
		x.withdrawOverstep(s, c)
		// 4.3.2: a first move sent (postmarked) on the start date or earlier costs nothing, also
		// when the card reached postald, or its player was counted to have received his move,
		// only later.
		start := c.Start
		if start.IsZero() {
			start = x.terms.Start
		}
		firstInTime := c.Moves == 0 && !x.today.After(start)
		// A card may be postmarked before the day its player is counted to have received his
		// move (post_days are the regulation's, the post can be faster): he is charged nothing
		// before that day.
		ch, err := c.Reply(daysclock.Later(x.today, c.Since), own, x.terms)
		if err != nil {
			panic("referee: " + err.Error()) // the sender is on move and made a move
		}
		x.d.Days = ch.Days
		if ch.Clause == daysclock.ClauseStart || firstInTime {
			x.d.addClause(daysclock.ClauseStart) // 4.3.2: the first move on the start date or earlier, or after the end date
		}
		if firstInTime && !c.Frozen {
			// 4.3.2 in its words, where it decided: the first move, sent on the day play began
			// or before, costs no time.
			x.note(fmt.Sprintf(x.tx.BeforeStart, x.tx.date(start)))
			x.toPartner = append(x.toPartner, fmt.Sprintf(x.ptx.BeforeStartPartner, x.ptx.date(start)))
		}
		x.overstepped(s, ch.Overstep)
	}
	c.CountMoves(free, x.today, x.terms)
	x.g.Clock(s.Other()).CountMoves(partnerFree, x.today, x.terms)
	x.overstepped(s, c.Overstep)
	x.overstepped(s.Other(), x.g.Clock(s.Other()).Overstep)
}

// withdrawOverstep takes back the overstep of side s that his silence made certain while his card
// or call was on its way: this letter was sent before the day the overstep was counted from, so
// its days, charged to its postmark, are what 4.3.1 counts; Reply then records an overstep only
// if they make one. Both players and the judge are told. An e-mail letter always comes after a
// silence counted, and a judge's ruling stands: the game is then no longer in play.
func (x *decider) withdrawOverstep(s Side, c *daysclock.Clock) {
	o := c.Overstep
	if !x.env.Via.Captain() || o == nil || !x.today.Before(o.On) {
		return
	}
	c.Overstep = nil
	x.g.unnote(overstepSent(s))
	x.d.addClause(o.Clause)
	body := func(tx *phrases) string {
		return fmt.Sprintf(tx.OverstepWithdrawn, x.player(s).Name, tx.side(s), tx.date(o.On), tx.date(x.today))
	}
	x.tellBoth(body)
	x.notify(ToJudge, x.jtx.SubjNotice, body(x.jtx), Notice, o.Clause)
}

// statements sets the dates and the time fraction the letter states against postald's (4.3.1):
// postald's stamps and its own count stand; differences are reported, not believed.
func (x *decider) statements() {
	// White's first move answers no move: it has one date, its sending, and a time of 0/0 to
	// state; a letter that leaves them out is told nothing about them.
	first := x.stamps.PartnerSent.IsZero()
	switch {
	case len(x.lt.Dates) == 0 && first:
	case len(x.lt.Dates) == 0:
		x.note(x.tx.DatesMissing) // the dates stamped follow in the letter, once
	default:
		for _, df := range x.stamps.Compare(x.lt.Dates) {
			if df.Missing() {
				continue
			}
			x.d.addClause(df.Clause)
			x.note(fmt.Sprintf(x.tx.DateDiff, x.tx.dateField(df.Field), x.tx.date(df.Stated), x.tx.date(df.Stamped)))
		}
	}
	now := x.g.Time()
	var stated *daysclock.Fraction
	if x.lt.Time != nil {
		stated = &daysclock.Fraction{White: x.lt.Time.White, Black: x.lt.Time.Black}
	}
	df, differ := daysclock.CompareFraction(daysclock.Fraction{White: now.White, Black: now.Black}, stated)
	switch {
	case !differ:
	case df.Missing && first:
	case df.Missing:
		x.note(x.tx.TimeMissing) // the count follows in the letter, once
	default:
		x.d.addClause(df.Clause)
		x.note(fmt.Sprintf(x.tx.TimeDiff, df.Stated, now))
	}
}

// datesText words the three dates (4.3.1) in tx's language, as its players write dates.
func datesText(tx *phrases, d daysclock.Dates) string {
	return fmt.Sprintf(tx.ThreeDates, tx.date(d.PartnerSent), tx.date(d.Received), tx.date(d.Sent))
}

// overstepped tells everyone of side s's overstep (4.3.1) the first time it is seen.
func (x *decider) overstepped(s Side, o *daysclock.Overstep) {
	overstepNotice(x.t, &x.g, x.reg, s, o, func(out Outgoing) { x.notices = append(x.notices, out) }, &x.d)
}

// overstepNotice records side s's overstep o once and sends the notices; with the forfeit policy
// the game is lost at once, otherwise the judge is asked to confirm the loss.
func overstepNotice(t *Table, g *Game, reg Regulation, s Side, o *daysclock.Overstep, send func(Outgoing), d *Decision) {
	if o == nil || g.Status == StatusFinished || g.notified(overstepSent(s)) {
		return
	}
	g.note(overstepSent(s))
	d.addClause(o.Clause)
	forfeit := reg.Overstep == OverstepForfeit
	if forfeit {
		g.Status, g.Result, g.Reason = StatusFinished, Won(s.Other()), ReasonOverstep
		g.Variants, g.DrawOffer = nil, ""
	}
	// Each reader's letter in his language (letters.md).
	for _, role := range []Role{ToWhite, ToBlack, ToJudge} {
		tx := t.textTo(g, role)
		body := fmt.Sprintf(tx.Overstep, t.player(g, s).Name, tx.side(s), o.Control.Move, tx.DaysOf(o.Control.Days), o.Days)
		if forfeit {
			body += "\n" + fmt.Sprintf(tx.Forfeited, g.Result)
		} else {
			body += "\n" + tx.OverstepJudge
		}
		if out, ok := outgoing(t, g, role, tx.SubjOverstep, body, Notice, o.Clause); ok {
			send(out)
		}
	}
}

// endDate freezes the game when the player now on move received his move on the end date or
// later (4.3.2): no more time is charged, he need not answer except to accept a draw or resign,
// and the game goes to the judge for adjudication. A move still waiting for the post is
// judged when it is posted (Posted).
func (x *decider) endDate() {
	if x.g.Status != StatusPlaying || x.terms.End.IsZero() || x.g.Posting != "" || x.g.receivedOn().Before(x.terms.End) {
		return
	}
	x.g.Status = StatusAdjudication
	x.d.addClause("4.3.2")
	body := func(tx *phrases) string {
		return fmt.Sprintf(tx.Adjudication, tx.date(x.terms.End), tx.DaysOf(x.reg.AdjudicationDays))
	}
	x.tellBoth(body)
	x.notify(ToJudge, x.jtx.SubjResult, body(x.jtx), Notice, "4.3.2")
}

// offTurn decides a letter from the player who is not on move.
func (x *decider) offTurn() {
	for _, m := range x.lt.Moves {
		i := plyOf(m.Number, m.Side)
		if m.Number <= 0 || m.Side == "" || i >= len(x.g.Plies) || x.sameMove(i, m.Text) || x.substitutedFor(i, m.Text) {
			continue
		}
		if sideOfPly(i) == x.side {
			// 4.2.8: a sent move cannot be changed in any way.
			x.reject([]Violation{{Clause: "4.2.8", Line: m.Line, Text: m.written(),
				What: fmt.Sprintf(x.tx.ChangesSent, numbered(i, x.g.Plies[i].Text)), Send: x.tx.SendNothing}})
			return
		}
	}
	switch x.draw() {
	case drawOffer:
		x.offerDraw()
		return
	case drawDecline:
		x.declineDraw()
		return
	case drawDoubtful, drawUnoffered:
		x.d.Verdict = Notice
		x.drawNote()
		x.answer(KindNotice, Notice)
		return
	}
	x.d.Verdict = Notice
	if len(x.lt.Moves) == 0 && len(x.lt.Repeated) == 0 && !x.firstToday() {
		return // a letter without a move is answered once a day, on move or not
	}
	if len(x.lt.Moves) > 0 && x.allPlayed() {
		x.note(x.tx.Duplicate)
	} else {
		x.note(x.tx.NotYourTurn)
	}
	x.answer(KindNotice, Notice)
}

// allPlayed reports whether every move of the letter is already on the board.
func (x *decider) allPlayed() bool {
	for _, m := range x.lt.Moves {
		if !x.isRepetition(m) {
			return false
		}
	}
	return true
}

// offerDraw records a draw offer made without a move: it stands until the partner's reply move
// (1.13.3; that an offer may come without a move is the decision in the package doc).
func (x *decider) offerDraw() {
	x.d.Verdict = Notice
	if x.g.DrawOffer == x.side.Other() {
		x.agreeDraw()
		return
	}
	x.g.DrawOffer = x.side
	x.note(x.tx.DrawOfferSent)
	x.answer(KindNotice, Notice)
	x.notifyPartner(x.ptx.SubjDraw, x.ptx.DrawOffered)
}

// declineDraw withdraws the partner's standing offer: "не согласен" (1.13.3).
func (x *decider) declineDraw() {
	x.d.Verdict = Notice
	if x.g.DrawOffer != x.side.Other() {
		x.note(x.tx.NoDrawOffer)
		x.answer(KindNotice, Notice)
		return
	}
	x.g.DrawOffer = ""
	x.note(x.tx.DrawDeclinedYou)
	x.answer(KindNotice, Notice)
	x.notifyPartner(x.ptx.SubjDraw, x.ptx.DrawDeclined)
}

// agreeDraw ends the game drawn by agreement: "согласен" to a standing offer (1.13.3). The
// letters name the words the result rests on.
func (x *decider) agreeDraw() {
	x.d.Verdict = Notice
	x.g.DrawOffer = ""
	x.d.Words = x.lt.DrawWords.quoted()
	x.endGame(ResultDraw, ReasonDrawAgreed, func(tx *phrases) string { return tx.DrawAgreed + x.wordsOf(tx) })
}

// resign ends the game: the sender resigns (any time, also after the end date, 4.3.2). The
// letters name the words the result rests on.
func (x *decider) resign() {
	x.d.Verdict = Notice
	name := x.player(x.side).Name
	x.d.Words = x.lt.ResignWords.quoted()
	x.endGame(Won(x.side.Other()), Resigned(x.side), func(tx *phrases) string { return fmt.Sprintf(tx.Resigned, name) + x.wordsOf(tx) })
}

// wordsOf words, in tx's language, the words of the letter a result rests on: "" when the
// decision records none.
func (x *decider) wordsOf(tx *phrases) string {
	w := x.d.Words
	if w == nil || w.Text == "" {
		return ""
	}
	return "\n" + fmt.Sprintf(tx.Statements.Words, tx.date(x.today), w.Line, w.Text)
}

// claimDraw decides a draw claim (repetition, the move rules of the variant). A valid claim ends
// the game; an invalid one is answered and, when the letter has a move, the move is played
// (1.13.2, note б). It reports whether the game ended.
func (x *decider) claimDraw(withMove bool) bool {
	if ok, clause := x.b.claim(); ok {
		x.d.Verdict = Notice
		if clause != "" {
			x.d.addClause(clause)
		}
		x.endGame(ResultDraw, ReasonDrawClaimed, func(tx *phrases) string { return tx.DrawClaimed })
		return true
	}
	x.note(x.tx.ClaimInvalid)
	if !withMove {
		x.d.Verdict = Notice
		x.answer(KindNotice, Notice)
	}
	return false
}

// endByRules ends the game decided on the board (1.12; the giveaway aim reversed).
func (x *decider) endByRules(winner Side) {
	if x.g.Status == StatusFinished {
		return
	}
	x.g.Status, x.g.Result, x.g.Reason = StatusFinished, Won(winner), ReasonNoMoves
	x.g.Variants, x.g.DrawOffer = nil, ""
	msg := func(tx *phrases) string { return fmt.Sprintf(tx.EndedOnBoard, x.g.Result) }
	x.tellBoth(msg)
	x.notify(ToJudge, x.jtx.SubjResult, msg(x.jtx), Notice)
}

// endGame records a result reached by the players and tells both (and the judge), each in his
// language.
func (x *decider) endGame(result Result, reason Reason, msg func(tx *phrases) string) {
	x.g.Status, x.g.Result, x.g.Reason = StatusFinished, result, reason
	x.g.Variants, x.g.DrawOffer = nil, ""
	// No clock runs in a finished game: the days running on the move not made are charged to
	// nobody (a result the players reached ends the count, 4.3.1).
	x.g.WhiteClock.Stop()
	x.g.BlackClock.Stop()
	body := func(tx *phrases) string { return msg(tx) + "\n" + fmt.Sprintf(tx.Result, result) }
	for _, r := range []Side{White, Black} {
		tx := x.textOf(r)
		x.notify(roleOf(r), tx.SubjResult, body(tx), Notice)
	}
	x.notify(ToJudge, x.jtx.SubjResult, body(x.jtx), Notice)
}

// nextControl words side s's next control: the move, the limit and, when he is on move, the last
// day to send his move (the day after which the overstep is certain, 4.3.1).
func nextControl(t *Table, g *Game, s Side, tx *phrases) string {
	c := g.Clock(s)
	dl := c.Deadline(t.termsOf(g))
	if !dl.LastDay.IsZero() {
		return fmt.Sprintf(tx.ControlOnMove, dl.Control.Move, tx.DaysOf(dl.Control.Days), tx.date(dl.LastDay))
	}
	return fmt.Sprintf(tx.ControlWaiting, dl.Control.Move, tx.DaysOf(dl.Control.Days), tx.Days(max(dl.Left, 0)))
}

// leaveRefusal words, in the letter's language, why daysclock.ValidateLeave refuses leave l: the
// same checks in the same order (daysclock's error is English, for logs and the judge).
func leaveRefusal(tx *phrases, l daysclock.Leave, announced daysclock.Date, taken []daysclock.Leave, allowance int) string {
	if l.From.IsZero() || l.To.IsZero() || l.To.Before(l.From) {
		return tx.LeaveOrder
	}
	if !announced.Before(l.From) {
		return fmt.Sprintf(tx.LeaveLate, tx.date(announced))
	}
	for _, t := range taken {
		if !l.To.Before(t.From) && !t.To.Before(l.From) {
			return fmt.Sprintf(tx.LeaveOverlap, tx.period(t))
		}
	}
	left := max(allowance-daysclock.LeaveTaken(taken), 0)
	// «в нём 5 дней, а из 10 дней отпуска остался 1 день»: after «из» the genitive.
	return fmt.Sprintf(tx.LeaveTooLong, tx.Days(l.Days()), tx.DaysOf(allowance), tx.DaysLeft(left))
}
