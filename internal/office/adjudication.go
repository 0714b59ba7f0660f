package office

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/plural"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// Adjudication after the end date (4.3.2). When the referee sends a game to the judge, postald
// asks both players for their evaluation of the final position and their analysis, to be sent
// within the regulation's adjudication_days (the national codex gives 10). What they send in
// that time is recorded as their submission and acknowledged. Then the judge receives one
// package per game: the final diagram, the game as PDN, both clocks, and both submissions
// attached as the letters they were. The judge rules with `postald judge adjudicate`.
//
// The state of this procedure is kept in the game's Notified list, next to the referee's own
// reminders, so that each step happens once whatever crashes in between:
// "adjudication/asked/INSTANT" (RFC 3339) and "adjudication/package".
const (
	adjAskedKey   = "adjudication/asked/"
	adjPackageKey = "adjudication/package"
)

// adjudicationAsked returns when the players were asked for their submissions.
func adjudicationAsked(g *referee.Game) (time.Time, bool) {
	for _, n := range g.Notified {
		if s, ok := strings.CutPrefix(n, adjAskedKey); ok {
			t, err := time.Parse(time.RFC3339, s)
			return t, err == nil
		}
	}
	return time.Time{}, false
}

// adjudicationDue returns the day the package goes to the judge, while it has not gone yet.
func adjudicationDue(g *referee.Game, sh *tournament.Sheet, loc *time.Location) (daysclock.Date, bool) {
	asked, ok := adjudicationAsked(g)
	if !ok || g.Status != referee.StatusAdjudication || slices.Contains(g.Notified, adjPackageKey) {
		return daysclock.Date{}, false
	}
	return daysclock.DateOf(asked, loc).AddDays(sh.Regulation.WithDefaults().AdjudicationDays), true
}

// askAdjudication adds to dec the letters that ask both players for their submissions, the
// first time the game is found waiting for adjudication.
func askAdjudication(dec *referee.Decision, sh *tournament.Sheet, now time.Time, loc *time.Location) {
	g := &dec.Game
	if g.Status != referee.StatusAdjudication {
		return
	}
	if _, asked := adjudicationAsked(g); asked {
		return
	}
	g.Notified = append(g.Notified, adjAskedKey+now.Format(time.RFC3339))
	days := sh.Regulation.WithDefaults().AdjudicationDays
	last := daysclock.DateOf(now, loc).AddDays(days)
	subject := fmt.Sprintf("%s game %s: adjudication", g.Tournament, g.Name)
	body := fmt.Sprintf("Tournament %s, game %s (%s – %s).\n\n"+
		"Play has ended by the tournament's end date (4.3.2) and the game goes to the judge for adjudication.\n"+
		"Please send your evaluation of the final position and your analysis by %s (%s), in reply to this letter.\n"+
		"The judge receives the final position, the game and both players' letters together after that day.\n",
		g.Tournament, g.Name, g.White.Name, g.Black.Name, last, plural.Word{One: "day", Many: "days"}.Count(plural.English, days))
	if g.Language == tournament.Russian {
		subject = fmt.Sprintf("%s партия %s: присуждение", g.Tournament, g.Name)
		body = fmt.Sprintf("Турнир %s, партия %s (%s – %s).\n\n"+
			"Игра окончена по сроку окончания турнира (п. 4.3.2), партия передаётся судье на присуждение.\n"+
			"Пожалуйста, пришлите оценку итоговой позиции и анализ до %s (%d дн.), ответом на это письмо.\n"+
			"После этого дня судья получит итоговую позицию, запись партии и письма обоих игроков.\n",
			g.Tournament, g.Name, g.White.Name, g.Black.Name, last, days)
	}
	for _, s := range []referee.Side{referee.White, referee.Black} {
		dec.Letters = append(dec.Letters, referee.Outgoing{
			Role: referee.Role(s), To: g.Player(s).Email, Kind: referee.KindNotice,
			Subject: subject, Body: body, Game: g.ID(), Verdict: referee.Notice,
			Clauses: []string{"4.3.2"}, Time: g.Time(),
		})
	}
}

// isSubmission reports whether a letter about a game waiting for adjudication is a player's
// evaluation or analysis: anything but the draw acceptance and resignation the referee still
// takes after the end date (4.3.2).
func isSubmission(g *referee.Game, l *mailparse.Letter) bool {
	return g.Status == referee.StatusAdjudication && !l.Resign && l.Draw.Kind != mailparse.DrawAccept
}

// submission acknowledges a player's adjudication submission: it is archived with the game and
// goes to the judge in the package.
func (o *Office) submission(out store.LetterOutcome, c candidate, from string, loc *time.Location) store.LetterOutcome {
	g := c.game
	out.Game, out.Verdict, out.Clause = c.id, string(referee.Notice), "4.3.2"
	subject := fmt.Sprintf("%s game %s: your letter for the adjudication", g.Tournament, g.Name)
	body := fmt.Sprintf("Tournament %s, game %s.\n\nYour letter is recorded and goes to the judge with the game for adjudication (4.3.2).\n", g.Tournament, g.Name)
	if g.Language == tournament.Russian {
		subject = fmt.Sprintf("%s партия %s: Ваше письмо для присуждения", g.Tournament, g.Name)
		body = fmt.Sprintf("Турнир %s, партия %s.\n\nВаше письмо записано и будет передано судье вместе с партией для присуждения (п. 4.3.2).\n", g.Tournament, g.Name)
	}
	ack := referee.Outgoing{To: from, Kind: referee.KindNotice, Subject: subject, Body: body,
		Game: g.ID(), Verdict: referee.Notice, Clauses: []string{"4.3.2"}, Time: g.Time(), InReplyTo: out.MessageID}
	// Like every answer to a sender, it quotes his letter's receipt (trust.go).
	o.answers(&out, c, []referee.Outgoing{ack}, from, loc, nil, false)
	return out
}

// sendPackage mails the judge the adjudication package of a game whose submissions are due
// by today, and records that it went.
func sendPackage(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, g *referee.Game, today daysclock.Date, now time.Time, loc *time.Location) error {
	due, ok := adjudicationDue(g, sh, loc)
	if !ok || today.Before(due) {
		return nil
	}
	asked, _ := adjudicationAsked(g)
	var b strings.Builder
	fmt.Fprintf(&b, "Tournament %s, game %s: %s (White) – %s (Black), %s.\n", g.Tournament, g.Name, g.White.Name, g.Black.Name, g.Variant)
	fmt.Fprintf(&b, "The game went to adjudication after the end date %s (4.3.2); the players were asked for their evaluation and analysis on %s, by %s.\n\n", sh.End, daysclock.DateOf(asked, loc), due)
	moves := strings.Join(g.MoveList(), " ")
	if moves == "" {
		moves = "none"
	}
	fmt.Fprintf(&b, "Moves: %s\n", moves)
	t := g.Time()
	fmt.Fprintf(&b, "Time (White/Black, 4.3.1): %d/%d; penalty days %d/%d.\n", t.White, t.Black, g.WhiteClock.Penalty, g.BlackClock.Penalty)
	if g.DrawOffer != "" {
		fmt.Fprintf(&b, "A draw offer by %s stands.\n", g.DrawOffer)
	}
	if dg, err := g.Diagram(); err == nil && dg != "" {
		fmt.Fprintf(&b, "\nFinal position:\n%s\n", dg)
	}
	l := Letter{
		From:    from,
		To:      []mail.Address{{Address: sh.Judge}},
		Subject: fmt.Sprintf("%s game %s: adjudication package", g.Tournament, g.Name),
		Date:    now,
		Game:    g.ID(),
		Verdict: string(referee.Notice),
		Clauses: []string{"4.3.2"},
		Time:    t.String(),
	}
	pdnText, err := GamePDN(sh, *g)
	if err != nil {
		return err
	}
	l.Attachments = append(l.Attachments, Attachment{Name: g.Name + ".pdn", ContentType: "application/x-draughts-pdn; charset=utf-8", Data: pdnText})
	n := 0
	err = tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
		// The letter that ended play came before the question; what came after is the answer.
		if e.Direction != store.In || !e.Time.After(asked) {
			return nil
		}
		n++
		l.Attachments = append(l.Attachments, Attachment{Name: fmt.Sprintf("submission-%d.eml", n), ContentType: "message/rfc822", Data: e.Raw})
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nLetters from the players since they were asked: %d, attached.\nRule with: postald judge adjudicate %s RESULT -clause 4.3.2 -reason TEXT\n", n, id.Key())
	l.Body = b.String()
	g.Notified = append(g.Notified, adjPackageKey)
	if sh.Judge == "" {
		return fmt.Errorf("tournament %s has no judge to send the adjudication package to", sh.Code)
	}
	_, err = tx.Enqueue(store.Outgoing{From: from.Address, To: []string{sh.Judge}, Raw: Compose(l), Game: id,
		Verdict: string(referee.Notice), Clause: "4.3.2"}, now)
	return err
}
