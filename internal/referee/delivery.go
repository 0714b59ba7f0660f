package referee

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// The delivery of the move (4.3.1: «Время ... исчисляется со дня получения хода партнёра»). A
// player's time runs from the day he receives his partner's move. postald forwards a move the day
// it decides the letter and counts that day as the day he received it (relay mode: postald is the
// post office). When the post says the forward did not reach him — a mail server returned it —
// he has not received the move: his clock stops as if it had never run, nothing reminds him and
// no overstep is counted, until the move does reach him. The office learns of it from a delivery
// report it believes (a secret of the letter's own; internal/bounce, office/delivery.go) and
// comes to this door with the facts as data: which side's move, the plies when the letter was
// written, the address and the server's words, and what it does next.
//
// Judgement calls, where the seed is silent:
//   - A report about a move the game no longer waits for (the reader has answered since, the
//     game ended) changes nothing: the partner's letter shows that he had the move.
//   - An overstep counted on a day when, as it turns out, he had not received the move does not
//     stand: it is withdrawn, and the judge sees it in the game's history.
//   - A player whose move did not reach him and whose letter with moves then comes had it by that
//     letter's postmark at the latest (postedByReply): his time runs from that day.
//   - When the move goes to him by post instead (his postal address in the start sheet), it waits
//     for the captain as a postal player's would (Posted, post_days).
//   - A success notice for the letter sent again starts his clock on the day the notice came;
//     where the letter sent again can bring no notice (the submission server offers none), the
//     day the server took it (the office decides which and passes the day).

// Then is what postald does with a move that did not reach its reader.
type Then string

// What follows a failed delivery of a move.
const (
	ThenSecond Then = "second" // sent at once to the reader's second address (email2)
	ThenPost   Then = "post"   // sent by post: a card for the captain to post
	ThenJudge  Then = "judge"  // the judge decides (judge resend)
)

// Mailing is what the post said of the letter that brought side Side the move he must answer,
// written when the game had Plies plies.
type Mailing struct {
	Side  Side
	Plies int
	// Reached is the day the move reached him (a success notice of a letter sent again); zero
	// when the post said it did not.
	Reached daysclock.Date
	// To is the address that returned the letter; Words the server's status and words.
	To, Words string
	// Then is what postald does now with a move that did not reach him; Second the second
	// address it went to (ThenSecond).
	Then   Then
	Second string
}

// Mailed is the door of the post's news about a move: that it did not reach its reader (his
// clock stops as if it had never run, 4.3.1; his partner, who moved, is told what happened and
// what happens next), or that it reached him after all on m.Reached (his clock runs from that
// day; his partner and the judge are told). A report about a move the game no longer waits for
// changes nothing and returns a decision without a verdict.
func Mailed(st Seat, m Mailing, now time.Time) Decision {
	x := newDecider(st, now)
	s := m.Side
	waits := x.g.Status == StatusPlaying && x.g.ToMove() == s && len(x.g.Plies) == m.Plies && (s == White || s == Black)
	switch {
	case !waits:
	case m.Reached.IsZero():
		x.notReached(m)
	case x.g.Undelivered == s:
		x.reached(m)
	}
	sortClauses(x.d.Clauses)
	x.d.Letters = append(x.d.Letters, x.notices...)
	x.summarize()
	x.d.close(x.t, now)
	return x.d
}

// notReached stops the clock of m.Side, whose move did not reach him, and tells his partner.
func (x *decider) notReached(m Mailing) {
	s := m.Side
	c := x.g.Clock(s)
	since := c.Stop() // 4.3.1: nothing is charged for days he did not have the move
	if o := c.Overstep; o != nil && !since.IsZero() && !o.On.Before(since) {
		c.Excuse() // counted on days he did not have the move (package doc)
	}
	switch {
	case m.Then == ThenPost:
		x.g.Posting, x.g.Undelivered = s, ""
	default:
		x.g.Undelivered = s
	}
	x.g.ReceivedOn = daysclock.Date{}
	mover := s.Other()
	tx := x.textOf(mover)
	dt := tx.delivery
	var b strings.Builder
	b.WriteString(dt.NotReached(x.g.MovedOn, x.player(s).Name, m.To, m.Words) + "\n")
	switch m.Then {
	case ThenSecond:
		b.WriteString(dt.ThenSecond(m.Second) + "\n")
	case ThenPost:
		b.WriteString(dt.ThenPost + "\n")
	default:
		b.WriteString(dt.ThenJudge + "\n")
	}
	b.WriteString(dt.NotStarted)
	if o, ok := outgoing(x.t, &x.g, roleOf(mover), "%s %s", b.String(), Notice, "4.3.1"); ok {
		o.Subject = dt.NotReachedSubject(x.g.Tournament, x.g.Name)
		x.notices = append(x.notices, o)
	}
	x.d.Verdict = Notice
	x.d.addClause("4.3.1")
	x.g.History = append(x.g.History, Entry{Date: x.today, Verdict: Notice, Clauses: []string{"4.3.1"},
		Note: fmt.Sprintf("not delivered to %s (%s): %s; %s", s, m.To, m.Words, m.Then)})
}

// reached starts the clock of m.Side on the day his move reached him after all, and tells his
// partner and the judge; a move that reached him on the end date or later freezes the game
// (4.3.2), which both players are told.
func (x *decider) reached(m Mailing) {
	s := m.Side
	x.side = s
	x.tx, x.ptx = x.textOf(s), x.textOf(s.Other())
	on := daysclock.Later(m.Reached, x.g.MovedOn)
	x.g.Undelivered = ""
	if on != x.g.MovedOn {
		x.g.ReceivedOn = on
	}
	if err := x.g.Clock(s).Run(on, x.terms); err != nil {
		panic("referee: " + err.Error()) // nobody's clock runs while a move has not reached him
	}
	x.today = on
	x.endDate() // 4.3.2: a move received on the end date or later freezes the game
	if len(x.toSender) > 0 {
		x.notifyTick(roleOf(s), x.tx.SubjNotice, strings.Join(x.toSender, "\n"), "4.3.2")
	}
	for _, role := range []Role{roleOf(s.Other()), ToJudge} {
		tx := x.t.textTo(&x.g, role)
		body := tx.delivery.Reached(x.player(s).Name, on)
		if role != ToJudge && len(x.toPartner) > 0 {
			body += "\n" + strings.Join(x.toPartner, "\n")
		}
		subject := fmt.Sprintf(tx.SubjNotice, x.g.Tournament, x.g.Name) // the judge's: a notice about the game
		if role != ToJudge {
			subject = tx.delivery.ReachedSubject(x.g.Tournament, x.g.Name)
		}
		if o, ok := outgoing(x.t, &x.g, role, "%s %s", body, Notice, "4.3.1"); ok {
			o.Subject = subject
			x.notices = append(x.notices, o)
		}
	}
	x.d.Verdict = Notice
	x.d.addClause("4.3.1")
	x.g.History = append(x.g.History, Entry{Date: on, Verdict: Notice, Clauses: append([]string(nil), x.d.Clauses...),
		Note: fmt.Sprintf("delivered to %s on %s", s, on)})
}
