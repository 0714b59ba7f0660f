package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

// A letter is statements about games (mailparse: sections by game, the polarity and the scope of
// each statement). This file holds what the referee makes of a statement that cannot be taken as
// written — nothing irreversible on a doubtful reading — and of the statements that are the
// player's rather than one game's: a leave.
//
// Nothing irreversible on a doubtful reading: a result (a draw agreed, a resignation), a penalty
// and a stop that costs days follow only from a reading with one meaning. Where two readings of a
// letter lead to different outcomes, postald asks the writer what he meant, plays nothing of the
// letter, charges nothing and stops no clock beyond what a letter without a move does (his clock
// runs on; his silence is not counted); the game's history records the question, which `judge
// show` lists. The doubtful readings:
//   - a draw statement with a negation it cannot settle («не отказываюсь от ничьей») or under a
//     condition («если …, согласен на ничью», "I would accept a draw if …"): when the partner's
//     offer stands and the letter also moves, the move would refuse the offer (1.13.3) and the
//     words accept it: the whole letter is asked about; otherwise the letter is decided without
//     the statement, which is asked about;
//   - the short «Согласен», "Agreed" while both a draw offer and a variant of the partner's stand
//     (1.13.3 and 4.2.13 both ask for a yes), or beside a move (which declines the offer): the
//     whole letter is asked about;
//   - an acceptance of a draw no offer of the partner's stands for: nothing is recorded (it is no
//     offer: the writer may not mean one) and the writer is told how to offer one; the short forms
//     with no offer standing say nothing of a draw;
//   - a resignation under a condition («если завтра не отвечу — сдаюсь»): the game goes on and
//     the writer is told how to resign;
//   - a letter whose text names two games outside sections of their own («Как и в партии 2-1, мой
//     ход …» under «Партия 1-2»): decided for the game it names first when that costs nothing;
//     a stop with penalty days or a result is asked about instead;
//   - a letter stopped in the game it is taken for (a wrong repetition, an impossible move), or
//     told it is not its writer's move there, whose repetition and moves play in another game of
//     his, where he is on move: the letter may be that game's (a reply in the other game's
//     thread); it is asked about, without penalty.
//
// Every result the players reach by letter names the words it rests on: the line of the letter
// and its words («Согласен на ничью», «Сдаюсь») are in both players' letters, the judge's, and
// the game's history (`judge show`).
//
// Leave (the regulation's leave_days; the seeds have none): a leave is the player's. A notice —
// alone, inside a move letter, or in any section of a letter about several games — grants the
// leave in every game of his in play in the tournament (in every tournament he plays in, when
// the letter names none): one answer to him names the games, each partner is told, and each
// game's clock of his stops on those days. The allowance is counted as the regulation counts it,
// per player and tournament: the days of every leave he holds in any game of the tournament. A
// notice whose days have no year takes it from the day the letter was sent (mailparse.Leave:
// the first day nearest to it, the last on or after the first). A leave already begun, one that
// overlaps a leave he holds, one over the allowance, is refused with its reason; the same leave
// announced again is answered that it stands.

// Quote is where a statement stands in a letter: the line of the letter's text and what is
// written on it. An outcome that cannot be undone records the words it rests on.
type Quote struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// quoted returns the quote of q, nil for none.
func (q quote) quoted() *Quote {
	if q.Line == 0 && q.Text == "" {
		return nil
	}
	return &Quote{Line: q.Line, Text: q.Text}
}

// Effective draw statements: the letter's draw words as the game stands (decider.draw).
const (
	drawDoubtful  = "doubtful"  // two readings: asked about
	drawUnoffered = "unoffered" // an acceptance with no offer standing: asked about
)

// draw returns what the letter's draw statement is in the game as it stands: offer, accept,
// decline, claim; drawDoubtful or drawUnoffered for the statements asked about; "" for none.
func (x *decider) draw() string {
	lt := &x.lt
	offered := x.g.DrawOffer == x.side.Other()
	switch {
	case lt.Draw == "":
		return ""
	case lt.DrawShort && !offered:
		return "" // «Согласен» with nothing to agree to says nothing of a draw (1.13.3)
	case lt.DrawDoubt != "":
		return drawDoubtful
	case lt.Draw == drawAccept && !offered:
		return drawUnoffered
	case lt.DrawShort && lt.Draw == drawAccept && (x.partnerVariants() || len(lt.Moves) > 0 || lt.Accept != nil):
		return drawDoubtful // «Согласен»: to the draw, to the variant, or beside a move that declines it?
	}
	return lt.Draw
}

// partnerVariants reports whether a variant of the sender's partner stands.
func (x *decider) partnerVariants() bool {
	return slices.ContainsFunc(x.g.Variants, func(v Variant) bool { return v.Proposer == x.side.Other() })
}

// wholeDoubt returns why the whole letter is asked about rather than decided: a draw statement
// with two readings while the partner's offer stands and the letter moves (the move refuses the
// offer, the words may accept it), or a short yes to a draw offer and a variant alike.
func (x *decider) wholeDoubt() (string, bool) {
	if x.draw() != drawDoubtful || x.g.DrawOffer != x.side.Other() {
		return "", false
	}
	if x.lt.DrawShort && x.partnerVariants() {
		return x.tx.Statements.WhyShortYes, true
	}
	if x.lt.DrawShort {
		return x.tx.Statements.WhyShortMove, true
	}
	if len(x.lt.Moves) > 0 || x.lt.Accept != nil {
		return x.tx.Statements.WhyDrawAndMove, true
	}
	return "", false
}

// drawNote tells the sender what became of a draw statement postald did not take as written.
func (x *decider) drawNote() {
	w := x.lt.DrawWords
	switch x.draw() {
	case drawDoubtful:
		why := x.tx.Statements.WhyCondition
		if x.lt.DrawDoubt == mailparse.DoubtNegation {
			why = x.tx.Statements.WhyNegation
		}
		x.note(fmt.Sprintf(x.tx.Statements.DrawAsk, w.Line, w.Text, why))
		x.history = append(x.history, "asked: draw")
	case drawUnoffered:
		x.note(fmt.Sprintf(x.tx.Statements.DrawNoOffer, w.Line, w.Text))
		x.history = append(x.history, "asked: draw")
	}
}

// resignNote tells the sender that a resignation under a condition is not taken.
func (x *decider) resignNote() {
	w := x.lt.ResignWords
	x.note(fmt.Sprintf(x.tx.Statements.ResignAsk, w.Line, w.Text))
	x.history = append(x.history, "asked: resignation")
}

// askWhole answers a letter postald cannot read with one meaning: nothing of it is played or
// charged, the sender is asked, and his clock runs on as for a letter without a move (his silence
// is not counted). words are the place the doubt stands, why what the two readings are.
func (x *decider) askWhole(words quote, why string) {
	x.d.Verdict = Notice
	x.g.Clock(x.side).NoteLetter(x.today)
	x.history = append(x.history, "asked")
	x.d.Words = words.quoted()
	if words.Line > 0 {
		x.note(fmt.Sprintf(x.tx.Statements.Asked, words.Line, words.Text, why))
	} else {
		x.note(fmt.Sprintf(x.tx.Statements.AskedNoLine, why))
	}
	if x.g.Status == StatusPlaying && x.g.ToMove() == x.side && x.g.Posting != x.side {
		x.expecting()
	}
	x.answer(KindNotice, Notice)
}

// irreversible reports whether decision d of a letter about game before cannot be undone by
// the writer's next letter: a stop that costs penalty days, or a result the players reached by
// letter (a draw agreed, a resignation).
func irreversible(before *Game, d Decision) bool {
	if d.PenaltyDays > 0 {
		return true
	}
	if before.Status == StatusFinished || d.Game.Status != StatusFinished {
		return false
	}
	switch d.Game.Reason {
	case ReasonDrawAgreed, ReasonWhiteResigned, ReasonBlackResigned:
		return true
	}
	return false
}

// asked decides the letter lt about the game of seat st as a question to its writer (askWhole):
// the reading of the letter that decided d is doubtful for why, and d cannot be undone.
func asked(st Seat, lt letter, env Envelope, words quote, why string) Decision {
	x := newDecider(st, env.Received)
	x.env, x.lt = env, lt
	side, ok := x.senderOf(env)
	if !ok {
		x.d.Verdict = Ignored
		return x.finish()
	}
	x.side = side
	x.tx, x.ptx = x.textOf(side), x.textOf(side.Other())
	if b, err := gameBoard(x.t.Variant, &x.g); err == nil {
		x.b = b
	}
	x.stamps = x.dates()
	if x.g.Status != StatusFinished {
		x.leave() // the leave is no part of the doubt
	}
	x.askWhole(words, why)
	return x.finish()
}

// leaveStatement is a leave notice as the player's (the door's): the leaves he holds in the
// tournament in any of his games, and the games of his in play the notice applies to (this
// game's first).
type leaveStatement struct {
	Taken []daysclock.Leave
	Games []string
	// Echo: another game of the letter carries the notice and answers the player; this one,
	// which a section of the letter is about too, records the leave granted and tells its
	// partner, and says nothing of it to the player.
	Echo bool
}

// leaveVerdict is what a leave notice comes to, for one tournament.
type leaveVerdict int

const (
	leaveNoDates leaveVerdict = iota // the notice gives no whole period
	leaveRefused                     // refused: begun, overlapping, over the allowance
	leaveAgain                       // the same leave is held already
	leaveGranted
)

// judgeLeave decides notice n, sent on day, against the leaves taken in the tournament and its
// allowance: the period it names and the verdict.
func judgeLeave(n *mailparse.Leave, day daysclock.Date, taken []daysclock.Leave, allowance int) (daysclock.Leave, leaveVerdict) {
	l, ok := n.Complete(day)
	if !ok {
		return l, leaveNoDates
	}
	if slices.Contains(taken, l) {
		return l, leaveAgain
	}
	if daysclock.ValidateLeave(l, day, taken, allowance) != nil {
		return l, leaveRefused
	}
	return l, leaveGranted
}

// leave decides the letter's leave notice (the regulation's leave_days; the seeds have none):
// granted, the sender's clock stops on its days in this game (and, by the door, in every game of
// his in play in the tournament), the partner is told; refused, the sender is told why. It is
// decided whatever else the letter does: a move letter that announces a leave is both.
func (x *decider) leave() {
	if x.lt.Leave == nil {
		return
	}
	x.d.addClause(daysclock.ClauseLeave)
	x.history = append(x.history, "leave")
	c := x.g.Clock(x.side)
	taken, games := c.Leaves, []string{x.g.Name}
	if st := x.lt.leave; st != nil {
		taken, games = st.Taken, st.Games
	}
	l, v := judgeLeave(x.lt.Leave, x.today, taken, x.reg.LeaveDays)
	if st := x.lt.leave; st != nil && st.Echo {
		if v == leaveGranted {
			c.AddLeave(l)
			x.news = append(x.news, fmt.Sprintf(x.ptx.LeavePartner, x.player(x.side).Name, x.ptx.period(l)))
		}
		return
	}
	switch v {
	case leaveNoDates:
		x.note(x.tx.LeaveNoDates)
	case leaveAgain:
		x.note(fmt.Sprintf(x.tx.Statements.LeaveAgain, x.tx.period(l)))
	case leaveRefused:
		x.note(fmt.Sprintf(x.tx.LeaveRefused, x.tx.period(l), leaveRefusal(x.tx, l, x.today, taken, x.reg.LeaveDays), daysclock.ClauseLeave))
	case leaveGranted:
		c.AddLeave(l)
		x.granted = true
		x.note(fmt.Sprintf(x.tx.LeaveGranted, x.tx.period(l), x.tx.Days(l.Days())))
		if len(games) > 1 {
			x.note(fmt.Sprintf(x.tx.Statements.LeaveGames, x.t.Code, strings.Join(games, ", ")))
		}
		x.news = append(x.news, fmt.Sprintf(x.ptx.LeavePartner, x.player(x.side).Name, x.ptx.period(l)))
	}
}

// leaveIn records in the game of seat st a leave l of the sender of env granted by a letter about
// another game of his (the door): his clock stops on its days, the partner is told, and the
// game's history keeps the letter. Nothing is written to the sender: his answer names the games.
func leaveIn(st Seat, l daysclock.Leave, env Envelope, now time.Time) Decision {
	x := newDecider(st, now)
	x.env = env
	side, ok := x.senderOf(env)
	if !ok {
		x.d.Verdict = Ignored
		return x.finish()
	}
	x.side = side
	x.tx, x.ptx = x.textOf(side), x.textOf(side.Other())
	x.d.Verdict = Notice
	x.d.addClause(daysclock.ClauseLeave)
	x.history = append(x.history, "leave")
	x.g.Clock(side).AddLeave(l)
	x.news = append(x.news, fmt.Sprintf(x.ptx.LeavePartner, x.player(side).Name, x.ptx.period(l)))
	return x.finish()
}
