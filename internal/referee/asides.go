package referee

import (
	"fmt"
	"strings"

	"postald/internal/mailparse"
)

// What a letter says besides its moves (mailparse, asides.go): a protest (4.1.12), a question
// or a request, a withdrawal from the tournament. Each is dealt with whatever else the letter
// does — a letter that protests and states a move is both — and none of them costs the sender
// anything: no stop, no penalty, no move played, the clock untouched. The moves they mention are
// quotes, never his moves; where a line of moves alone stands inside a protest, postald cannot
// tell a quote from a move and asks.

// carries reports whether the letter carries something of the game itself: moves, a repetition,
// an acceptance, a draw statement, a resignation.
func (lt *letter) carries() bool {
	return len(lt.Moves) > 0 || len(lt.Repeated) > 0 || lt.Accept != nil || lt.Draw != "" || lt.Resign
}

// carries reports whether the letter carries something of the game as it stands: moves, a
// repetition, an acceptance, a draw statement that says something here (a short «Согласен» with
// no offer standing says nothing), a resignation without a condition.
func (x *decider) carries() bool {
	lt := &x.lt
	return len(lt.Moves) > 0 || len(lt.Repeated) > 0 || lt.Accept != nil || x.draw() != "" || lt.Resign && lt.ResignDoubt == ""
}

// asides reports whether the letter says something besides its moves that postald answers.
func (lt *letter) asides() bool {
	return lt.Protest != "" || lt.Withdrawal != "" || len(lt.Questions) > 0
}

// asides deals with what the letter says besides its moves: the protest goes to the judge, the
// withdrawal to the judge and the director, each question is answered where postald knows the
// answer and passed on otherwise; the sender is told of each in his answer.
func (x *decider) asides() {
	lt := &x.lt
	if lt.Protest != "" {
		// 4.1.12: the protest is recorded against the game and goes to the judge as written,
		// with the moves it quotes; the judge rules with `postald judge protest`.
		x.d.addClause("4.1.12")
		x.history = append(x.history, "protest")
		x.note(fmt.Sprintf(x.tx.ProtestSent, x.tx.Days(x.reg.ProtestDays)))
		x.notify(ToJudge, x.jtx.SubjProtest,
			fmt.Sprintf(x.jtx.ProtestJudge, x.player(x.side).Name, x.jtx.side(x.side), strings.TrimRight(lt.Protest, "\n"),
				"postald judge protest "+x.g.ID()+" -reason TEXT"), Notice, "4.1.12")
	}
	if lt.Withdrawal != "" {
		// Seed 003, 1.10: a player leaves the tournament; what becomes of his games is the
		// judge's ruling (tournament.Withdraw), never the letter's.
		x.d.addClause("1.10")
		x.history = append(x.history, "withdrawal")
		x.note(x.tx.Asides.WithdrawalSent)
		cmd := fmt.Sprintf("postald judge withdraw %s %d -reason TEXT", x.t.Code, x.player(x.side).Number)
		for _, role := range []Role{ToJudge, ToDirector} {
			tx := x.t.textTo(&x.g, role)
			x.notify(role, tx.Asides.SubjWithdrawal,
				fmt.Sprintf(tx.Asides.WithdrawalJudge, x.player(x.side).Name, tx.side(x.side), lt.Withdrawal, cmd), Notice, "1.10")
		}
	}
	answered := map[mailparse.Topic]bool{}
	for _, q := range lt.Questions {
		x.question(q, answered)
	}
	var quoted []string
	for _, m := range lt.ProtestQuoted {
		quoted = append(quoted, m.written())
	}
	for _, q := range lt.Questions {
		for _, m := range q.Quoted {
			quoted = append(quoted, m.written())
		}
	}
	if len(quoted) > 0 && !x.carries() && len(lt.ProtestUnsure) == 0 {
		x.note(fmt.Sprintf(x.tx.Asides.Quoted, strings.Join(quoted, ", ")))
	}
}

// question answers one question of the letter: with what postald knows where its words say what
// it asks (his last day, his time, whose move, his last letter, the position, the moves), each
// once a letter; otherwise it goes to the judge, or to the director when there is no judge, and
// the sender is told so.
func (x *decider) question(q question, answered map[mailparse.Topic]bool) {
	if len(q.About) == 0 {
		x.passOn(q)
		return
	}
	s := x.side
	tx := x.tx
	for _, t := range q.About {
		if answered[t] {
			continue
		}
		answered[t] = true
		switch t {
		case mailparse.TopicDeadline:
			// Every answer to a player of a game in play ends with his next control and, on
			// move, his last day for it (answer): that is the answer.
			if x.g.Status != StatusPlaying {
				x.note(fmt.Sprintf(tx.Asides.AnswerOver, x.over(tx)))
			}
		case mailparse.TopicClock:
			c := x.g.Clock(s)
			x.note(fmt.Sprintf(tx.Asides.AnswerClock, tx.Days(c.Days), tx.Days(c.Penalty), x.g.Time()))
		case mailparse.TopicTurn:
			switch {
			case x.g.Status != StatusPlaying:
				x.note(fmt.Sprintf(tx.Asides.AnswerOver, x.over(tx)))
			case x.g.ToMove() == s && x.g.Posting == s:
				x.note(fmt.Sprintf(tx.Asides.AnswerTurnPosting, tx.side(s)))
			case x.g.ToMove() == s:
				x.note(fmt.Sprintf(tx.Asides.AnswerTurnYours, tx.side(s)))
			default:
				x.note(fmt.Sprintf(tx.Asides.AnswerTurnPartner, tx.side(s.Other()), x.player(s.Other()).Name))
			}
		case mailparse.TopicReceived:
			x.note(x.lastLetter(tx))
		case mailparse.TopicPosition:
			if d := x.b.diagram(tx, true); d != "" { // the letter shows the picture too (showBoard)
				x.note(tx.Asides.AnswerPosition + "\n" + strings.TrimRight(d, "\n"))
				x.showBoard = true
			}
		case mailparse.TopicMoves:
			if moves := x.g.MoveList(); len(moves) > 0 {
				x.note(fmt.Sprintf(tx.Asides.AnswerMoves, strings.Join(moves, " ")))
			} else {
				x.note(tx.Asides.AnswerNoMoves)
			}
		}
	}
}

// passOn sends a question postald cannot answer to the judge, or to the director when the
// tournament has no judge, and tells the sender.
func (x *decider) passOn(q question) {
	role, say := ToJudge, x.tx.Asides.QuestionToJudge
	switch {
	case x.t.Judge != "":
	case x.t.Director != "":
		role, say = ToDirector, x.tx.Asides.QuestionToDirector
	default:
		x.note(fmt.Sprintf(x.tx.Asides.QuestionNobody, q.Text))
		return
	}
	x.note(fmt.Sprintf(say, q.Text))
	tx := x.t.textTo(&x.g, role)
	x.notify(role, tx.Asides.SubjQuestion, fmt.Sprintf(tx.Asides.QuestionOfficial, x.player(x.side).Name, tx.side(x.side), q.Text), Notice)
}

// lastLetter says when the sender's last letter about the game came and what became of it.
func (x *decider) lastLetter(tx *phrases) string {
	for i := len(x.g.History) - 1; i >= 0; i-- {
		e := x.g.History[i]
		if e.From != x.side || e.Letter == "" {
			continue
		}
		what := tx.Asides.VerdictNotice
		switch e.Verdict {
		case Accepted:
			what = tx.Asides.VerdictAccepted
		case Corrected:
			what = tx.Asides.VerdictCorrected
		case Rejected:
			what = tx.Asides.VerdictRejected
		}
		return fmt.Sprintf(tx.Asides.AnswerReceived, tx.date(e.Date), what)
	}
	return tx.Asides.AnswerReceivedNone
}

// over words how a finished game ended: its result, or why it has none.
func (x *decider) over(tx *phrases) string {
	if x.g.Result == ResultNone && x.g.Reason != "" {
		if s, ok := tx.reason(x.g.Reason); ok {
			return s
		}
	}
	return x.g.Result.String()
}

// asideOnly answers a letter that carries nothing of the game but what it says besides: a
// protest, a question, a withdrawal. It is a notice; nothing is played or charged. A line of
// moves alone inside a protest is asked about (mailparse: postald cannot tell a quote from a
// move); a player on move is reminded what postald expects.
func (x *decider) asideOnly() {
	x.d.Verdict = Notice
	x.g.Clock(x.side).NoteLetter(x.today) // he wrote: his silence is not counted (silence_days)
	switch u := x.lt.ProtestUnsure; {
	case len(u) > 0 && x.g.Status == StatusPlaying:
		var moves []string
		for _, m := range u {
			moves = append(moves, m.written())
		}
		x.note(fmt.Sprintf(x.tx.Asides.ProtestUnsure, strings.Join(moves, " ")))
	case x.tournamentWide():
		// About all his games: nothing is expected in one of them more than in another.
	case x.g.Status == StatusPlaying && x.g.ToMove() == x.side && x.g.Posting != x.side:
		x.expecting()
	}
	n := len(x.d.Letters)
	if x.tournamentWide() {
		x.answerTournament()
	} else {
		x.answer(KindNotice, Notice)
	}
	if x.granted && !x.lt.asides() && !x.lt.Resign {
		// A leave granted, and nothing else, asks nothing of its reader (Outgoing.NoReply).
		for i := n; i < len(x.d.Letters); i++ {
			x.d.Letters[i].NoReply = true
		}
	}
}

// tournamentWide reports whether the letter is a leave notice alone (no move, no other
// statement) that names no game and applies to several games of the sender's: its answer is
// about his tournament, not the one game the door decided it in (answerTournament).
func (x *decider) tournamentWide() bool {
	lt := &x.lt
	st := lt.leave
	return st != nil && !st.Echo && len(st.Games) > 1 && lt.Leave != nil && lt.Game == "" && lt.Partner == "" &&
		!lt.asides() && !lt.Resign && lt.Draw == "" && len(lt.Variants) == 0 && lt.Accept == nil && len(lt.Moves) == 0 && len(lt.Repeated) == 0
}

// answerTournament answers a leave notice about all the sender's games of the tournament
// (tournamentWide) under the tournament's subject: what became of the leave and the games it
// applies to, without one game's clock or position.
func (x *decider) answerTournament() {
	tx := x.tx
	var b strings.Builder
	fmt.Fprintf(&b, tx.NoticeIntro+"\n", tx.date(x.today))
	for _, n := range x.toSender {
		b.WriteString(n + "\n")
	}
	o, ok := outgoing(x.t, &x.g, roleOf(x.side), tx.Statements.SubjLeave, "", Notice, x.d.Clauses...)
	if !ok {
		return
	}
	o.Body = fmt.Sprintf(textFor(o.Language).Statements.LeaveHead, x.g.Tournament) + "\n\n" + b.String()
	o.Game, o.References, o.InReplyTo = x.g.Tournament+"/", nil, x.env.MessageID
	x.d.Letters = append(x.d.Letters, o)
}

// expecting notes what postald expects of the sender on move (expected), after the files
// attached that were not read, if any: a ".doc", a ".pdf", a picture, a document below a leave
// notice may hold his move, which must be in the letter's text; and after a move written in
// the Subject only. Nothing is charged for them.
func (x *decider) expecting() {
	if len(x.lt.FilesUnread) > 0 {
		x.note(fmt.Sprintf(x.tx.Statements.FilesUnread, x.tx.fileNames(x.lt.FilesUnread)))
	}
	if x.lt.SubjectMove != "" && len(x.lt.Moves) == 0 {
		// A move written in the Subject only is not read (mailparse): the player is told where
		// it belongs, and nothing is charged.
		x.note(fmt.Sprintf(x.tx.Statements.MoveNotInText, x.lt.SubjectMove))
	}
	x.note(x.expected())
}

// expected words what postald expects of the sender on move: the moves to repeat and his
// move, or his move alone.
func (x *decider) expected() string {
	owed := *x.g.owes(x.side)
	if len(owed) == 0 {
		return fmt.Sprintf(x.tx.Expected, x.tx.Asides.ExpectMove)
	}
	return fmt.Sprintf(x.tx.Expected, x.repeatWant(owed))
}
