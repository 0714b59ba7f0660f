package referee

import (
	"fmt"
	"time"

	"postald/internal/daysclock"
)

// tick decides what the passing of time alone brings to a game by the instant now: an overstep
// that became certain while the player on move was silent (4.3.1), the reminders of his last day
// (regulation reminders) and the report of a long silence to the judge (silence_days). Each is
// sent once; a tick with nothing due returns the game unchanged, no letters and no verdict.
func tick(st Seat, now time.Time) Decision {
	x := newDecider(st, now)
	if x.g.Status != StatusPlaying {
		return x.finishTick()
	}
	s := x.g.ToMove()
	x.side = s
	if x.g.Posting == s || x.g.Undelivered == s {
		// His move waits for the captain to post it (Posted), or it did not reach him (Mailed):
		// nothing runs for him yet (4.3.1).
		return x.finishTick()
	}
	c := x.g.Clock(s)
	// A postal player's card posted on his last day reaches the captain post_days later: his
	// silence is an overstep only then, and his reminders go that much earlier (lag).
	lag := x.t.lag(&x.g, s)
	if o := c.Check(x.today.AddDays(-lag), x.terms); o != nil {
		// 4.3.1: certain by today, answered or not. A silent player by post or telephone may
		// have a card in the post slower than post_days, or a call the captain has not yet
		// entered: postald cannot point to his fault, so even under the forfeit policy the
		// judge decides (4.1.7), and the card postmarked in time that comes later is his answer.
		reg := x.reg
		if x.player(s).Channel.Captain() {
			reg.Overstep = OverstepJudge
		}
		overstepNotice(x.t, &x.g, reg, s, o, func(out Outgoing) { x.notices = append(x.notices, out) }, &x.d)
	}
	if x.g.Status != StatusPlaying || c.Overstep != nil {
		return x.finishTick()
	}
	dl := c.Deadline(x.terms)
	var due daysclock.Date
	for _, r := range dl.Reminders {
		if !r.AddDays(-lag).After(x.today) && !x.g.notified(reminderSent(s, r)) {
			due = r
			x.g.note(reminderSent(s, r))
		}
	}
	if !due.IsZero() {
		tx := x.textOf(s) // the player's language (letters.md)
		body := fmt.Sprintf(tx.Reminder, dl.Control.Move, tx.DaysOf(dl.Control.Days), tx.date(dl.LastDay), tx.DaysLeft(dl.LastDay.Sub(x.today)))
		x.notifyTick(roleOf(s), tx.SubjReminder, body, "reminders")
	}
	for _, e := range c.Events(x.terms) {
		if e.Kind != daysclock.EventSilence || e.Date.After(x.today) || x.g.notified(silenceSent(s, e.Date)) {
			continue
		}
		x.g.note(silenceSent(s, e.Date))
		from := daysclock.Later(c.Since, c.Heard)
		body := fmt.Sprintf(x.jtx.Silence, x.player(s).Name, x.jtx.Days(x.reg.SilenceDays), x.jtx.date(from))
		x.notifyTick(ToJudge, x.jtx.SubjNotice, body, "silence_days")
	}
	return x.finishTick()
}

// notifyTick queues a notice of a tick, citing the rule or regulation item behind it; unlike
// notify it answers no letter, so it threads under the game's last letter.
func (x *decider) notifyTick(role Role, subject, body string, clause string) {
	o, ok := outgoing(x.t, &x.g, role, subject, body, Notice, clause)
	if !ok {
		return
	}
	x.d.addClause(clause)
	x.notices = append(x.notices, o)
}

// finishTick completes a tick's decision: a verdict only when something happened.
func (x *decider) finishTick() Decision {
	sortClauses(x.d.Clauses)
	x.d.Letters = append(x.d.Letters, x.notices...)
	if len(x.d.Letters) > 0 || len(x.d.Clauses) > 0 {
		x.d.Verdict = Notice
		x.g.History = append(x.g.History, Entry{Date: x.today, Verdict: Notice,
			Clauses: append([]string(nil), x.d.Clauses...), Note: "tick"})
	}
	x.summarize()
	return x.d
}

// nextTick returns the instant of the next thing Tick would do for game g, not yet done: a
// reminder, the overstep of the silent player on move, the silence report. It reports false when
// nothing is scheduled (the game is not in play, the clock is frozen or already overstepped).
func (t *Table) nextTick(g *Game) (time.Time, bool) {
	if g.Status != StatusPlaying {
		return time.Time{}, false
	}
	s := g.ToMove()
	if g.Posting == s || g.Undelivered == s {
		return time.Time{}, false // nothing runs until his move is posted (Posted) or reaches him (Mailed)
	}
	c := g.Clock(s)
	lag := t.lag(g, s)
	var next daysclock.Date
	for _, e := range c.Events(t.termsOf(g)) {
		switch {
		case e.Kind == daysclock.EventReminder && g.notified(reminderSent(s, e.Date)):
		case e.Kind == daysclock.EventSilence && g.notified(silenceSent(s, e.Date)):
		case e.Kind == daysclock.EventEnd:
		default:
			// A postal player's reminders go lag days early, his overstep is certain lag days
			// late (Tick), so the events are no longer in date order.
			d := e.Date
			switch e.Kind {
			case daysclock.EventReminder:
				d = d.AddDays(-lag)
			case daysclock.EventOverstep:
				d = d.AddDays(lag)
			}
			if next.IsZero() || d.Before(next) {
				next = d
			}
		}
	}
	if next.IsZero() {
		return time.Time{}, false
	}
	return next.Start(t.zone()), true
}
