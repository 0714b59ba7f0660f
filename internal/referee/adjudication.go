package referee

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
)

// Adjudication after the end date (4.3.2). When a game is frozen at the end date (endDate), both
// players are asked for their evaluation of the final position and their analysis, to be sent
// within the regulation's adjudication_days (the national codex gives 10). What they send in
// that time is their submission, acknowledged and kept with the game. On the day after that
// time the judge receives one package per game: the final position, the game, both clocks and
// the submissions. The judge rules with an adjudicate ruling.
//
// The state of this procedure is kept in the game's Notified list, next to the reminders, so
// that each step happens once whatever crashes in between: NotifyAdjudicationAsked with the
// instant ("adjudication/asked/INSTANT", RFC 3339) and NotifyAdjudicationPackage
// ("adjudication/package").

// AdjudicationAsked returns when the players were asked for their submissions (4.3.2).
func AdjudicationAsked(g *Game) (time.Time, bool) {
	n, ok := g.noted(NotifyAdjudicationAsked)
	return n.At, ok
}

// adjudicationDue returns the day the adjudication package goes to the judge: the day after the
// players' adjudication_days (4.3.2), while it has not gone yet.
func (t *Table) adjudicationDue(g *Game) (daysclock.Date, bool) {
	asked, ok := AdjudicationAsked(g)
	if !ok || g.Status != StatusAdjudication || g.notified(adjudicationPackage) {
		return daysclock.Date{}, false
	}
	return daysclock.DateOf(asked, t.zone()).AddDays(t.reg().AdjudicationDays), true
}

// askAdjudication adds to dec the letters that ask both players for their submissions, the
// first time its game is found waiting for adjudication (4.3.2); now is when the decision is
// recorded, the instant from which their letters are their submissions.
func (t *Table) askAdjudication(dec *Decision, now time.Time) {
	g := &dec.Game
	if g.Status != StatusAdjudication {
		return
	}
	if _, asked := AdjudicationAsked(g); asked {
		return
	}
	g.note(adjudicationAsked(now))
	days := t.reg().AdjudicationDays
	last := daysclock.DateOf(now, t.zone()).AddDays(days)
	pic, _ := Seat{t, *g}.Picture() // the position to be judged; the letter goes without it if the record cannot be replayed
	for _, s := range []Side{White, Black} {
		tx := t.textOf(g, s) // each player's language (letters.md)
		why := tx.AdjudicationSteps.AskEndDate
		if referred(g) {
			why = tx.AdjudicationSteps.AskWithdrawn
		}
		p := t.player(g, s)
		dec.Letters = append(dec.Letters, Outgoing{
			Role: roleOf(s), To: p.Email, Player: p.Number, Language: t.languageOf(p), Kind: KindNotice,
			Subject: fmt.Sprintf(tx.AdjudicationSteps.AskSubject, g.Tournament, g.Name),
			Body: withPictureLegend(fmt.Sprintf(tx.AdjudicationSteps.AskBody, g.Tournament, g.Name, t.player(g, White).Name,
				t.player(g, Black).Name, why, tx.date(last), tx.DaysShort(days)), pic, tx),
			Game: g.ID(), Verdict: Notice, Clauses: []string{"4.3.2"}, Time: g.Time(), Picture: pic,
		})
	}
}

// referred reports whether the game went to adjudication because a player withdrew (seed 003,
// 1.10.4, RuleRefer) rather than at the end date (4.3.2).
func referred(g *Game) bool { return g.Reason == ReasonWithdrawn }

// isSubmission reports whether a letter about a game waiting for adjudication is a player's
// evaluation or analysis: anything but the draw acceptance and resignation the referee still
// takes after the end date (4.3.2), a protest and a withdrawal.
func isSubmission(g *Game, l *letter) bool {
	// A protest and a withdrawal go to the judge at once, as in a game in play (4.1.12, 1.10).
	return g.Status == StatusAdjudication && !l.Resign && l.Draw != drawAccept &&
		l.Protest == "" && l.Withdrawal == ""
}

// submission decides a player's adjudication submission (4.3.2): nothing changes in the game,
// the letter stays in the game's archive for the judge's package, and the sender is told so.
func submission(st Seat, env Envelope) Decision {
	t, g := st.Table, st.Game
	lang := t.lang()
	role := ToSender
	number := 0
	x := &decider{t: t, g: g}
	if s, ok := x.senderOf(env); ok {
		p := t.player(&g, s)
		lang, role, number = t.languageOf(p), roleOf(s), p.Number // the sender's language (letters.md)
	}
	tx := &textFor(lang).AdjudicationSteps
	ack := Outgoing{Role: role, To: env.From, Player: number, Language: lang, Kind: KindNotice,
		Subject: fmt.Sprintf(tx.SubmittedSubject, g.Tournament, g.Name),
		Body:    fmt.Sprintf(tx.SubmittedBody, g.Tournament, g.Name),
		Game:    g.ID(), Verdict: Notice, Clauses: []string{"4.3.2"}, Time: g.Time(), InReplyTo: env.MessageID}
	return Decision{Verdict: Notice, Clauses: []string{"4.3.2"}, Moves: []string{}, Time: g.Time(),
		Letters: []Outgoing{ack}, Game: g.clone()}
}

// Package is the judge's adjudication package of a game, due: when the players were asked and
// the day it became due (4.3.2).
type Package struct {
	Asked time.Time
	Due   daysclock.Date
}

// packageDue reports the adjudication package of g when it is due by today and has not gone yet.
func (t *Table) packageDue(g *Game, today daysclock.Date) (Package, bool) {
	due, ok := t.adjudicationDue(g)
	if !ok || today.Before(due) {
		return Package{}, false
	}
	asked, _ := AdjudicationAsked(g)
	return Package{Asked: asked, Due: due}, true
}

// Letter writes the package's letter to the judge of the game of seat st, in the tournament's
// language, with the number of the players' letters attached to it (their submissions, which
// the archive holds: every letter about the game received after p.Asked).
func (p Package) Letter(st Seat, submissions int) (subject, body string) {
	t, g := st.Table, &st.Game
	book := phrase.For(t.lang())
	px := textFor(t.lang())
	tx := &px.AdjudicationSteps
	variant, ok := book.Tournament.Variants.Of(t.Variant)
	if !ok {
		variant = t.Variant
	}
	var b strings.Builder
	fmt.Fprintf(&b, tx.PackageHead, g.Tournament, g.Name, t.player(g, White).Name, t.player(g, Black).Name, variant)
	why := fmt.Sprintf(tx.PackageEndDate, px.date(t.end(g)))
	if referred(g) {
		why = tx.PackageWithdrawn
	}
	fmt.Fprintf(&b, tx.PackageAsked, why, px.date(daysclock.DateOf(p.Asked, t.zone())), px.date(p.Due))
	moves := strings.Join(g.MoveList(), " ")
	if moves == "" {
		moves = tx.NoMoves
	}
	fmt.Fprintf(&b, tx.PackageMoves, moves)
	tm := g.Time()
	fmt.Fprintf(&b, tx.PackageTime, tm.White, tm.Black, g.WhiteClock.Penalty, g.BlackClock.Penalty)
	if g.DrawOffer != "" {
		fmt.Fprintf(&b, tx.PackageDraw, px.side(g.DrawOffer))
	}
	if dg, err := st.diagram(true); err == nil && dg != "" { // the office attaches the picture
		fmt.Fprintf(&b, tx.PackagePosition, dg)
	}
	if s, err := st.Settle(); err == nil {
		// The endgame database's verdict of the final position and its line, or that it holds none.
		b.WriteString(book.Endgame.Package(s.Words(t.lang())))
	}
	// The command the judge rules with is the same in every language.
	fmt.Fprintf(&b, tx.PackageLetters, submissions, "postald judge adjudicate "+g.ID()+" RESULT -clause 4.3.2 -reason TEXT")
	return fmt.Sprintf(tx.PackageSubject, g.Tournament, g.Name), b.String()
}
