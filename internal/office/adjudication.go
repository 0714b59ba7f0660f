package office

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The adjudication after the end date (4.3.2) is the referee's (referee/adjudication.go): when
// the players are asked, what a submission is, when the package is due and what it says. The
// office records the submissions with the game's archive and builds the package: the game as
// PDN and the players' letters attached.

// submission acknowledges a player's adjudication submission: it is archived with the game and
// goes to the judge in the package.
func (o *Office) submission(out store.LetterOutcome, c candidate, env referee.Envelope, loc *time.Location) store.LetterOutcome {
	dec := referee.Submission(c.game, env)
	out.Game, out.Verdict, out.Clause = c.id, string(dec.Verdict), strings.Join(dec.Clauses, ",")
	// Like every answer to a sender, it quotes his letter's receipt (trust.go).
	o.answers(&out, c, dec.Letters, env.From, loc, nil, false)
	return out
}

// sendPackage mails the judge the adjudication package of a game whose submissions are due
// by today, and records that it went.
func sendPackage(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, g *referee.Game, today daysclock.Date, now time.Time, loc *time.Location) error {
	p, ok := referee.PackageDue(g, sh.Regulation, today, loc)
	if !ok {
		return nil
	}
	if sh.Judge == "" {
		return fmt.Errorf("tournament %s has no judge to send the adjudication package to", sh.Code)
	}
	t := g.Time()
	l := Letter{
		From:    from,
		To:      []mail.Address{{Address: sh.Judge}},
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
		if e.Direction != store.In || !e.Time.After(p.Asked) {
			return nil
		}
		n++
		l.Attachments = append(l.Attachments, Attachment{Name: fmt.Sprintf("submission-%d.eml", n), ContentType: "message/rfc822", Data: e.Raw})
		return nil
	})
	if err != nil {
		return err
	}
	l.Subject, l.Body = p.Letter(g, n, loc)
	if pic, err := g.Picture(); err == nil {
		l.Picture = picture(pic, g.Name, sh.Language)
	}
	_, err = tx.Enqueue(store.Outgoing{From: from.Address, To: []string{sh.Judge}, Raw: Compose(l), Game: id,
		Verdict: string(referee.Notice), Clause: "4.3.2"}, now)
	return err
}
