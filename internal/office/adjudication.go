package office

import (
	"fmt"
	"net/mail"
	"time"

	"postald/internal/mailwrite"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The adjudication after the end date (4.3.2) is the referee's (referee/adjudication.go): when
// the players are asked, what a submission is, when the package is due and what it says. The
// office records the submissions with the game's archive and sends the package the referee
// found due: its letter, the game as PDN and the players' letters attached.

// sendPackage mails the judge the adjudication package p of the game of seat st (a tick found it
// due, referee.Tick), with every letter about the game received after the players were asked.
func sendPackage(tx *store.Tx, from mail.Address, id store.GameID, sh *tournament.Sheet, st referee.Seat, p *referee.Package, now time.Time) error {
	if sh.Judge == "" {
		return fmt.Errorf("tournament %s has no judge to send the adjudication package to", sh.Code)
	}
	g := &st.Game
	t := g.Time()
	l := mailwrite.Letter{
		From:    from,
		To:      []mail.Address{{Address: sh.Judge}},
		Date:    now,
		Game:    g.ID(),
		Verdict: string(referee.Notice),
		Clauses: []string{"4.3.2"},
		Time:    t.String(),
	}
	pdnText, err := reading.GamePDN(sh, st)
	if err != nil {
		return err
	}
	l.Attachments = append(l.Attachments, mailwrite.Attachment{Name: g.Name + ".pdn", ContentType: "application/x-draughts-pdn; charset=utf-8", Data: pdnText})
	n := 0
	err = tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
		// The letter that ended play came before the question; what came after is the answer.
		if e.Direction != store.In || !e.Time.After(p.Asked) {
			return nil
		}
		n++
		l.Attachments = append(l.Attachments, mailwrite.Attachment{Name: fmt.Sprintf("submission-%d.eml", n), ContentType: "message/rfc822", Data: e.Raw})
		return nil
	})
	if err != nil {
		return err
	}
	l.Subject, l.Body = p.Letter(st, n)
	if pic, err := st.Picture(); err == nil {
		l.Picture = picture(pic, g.Name, sh.Language)
	}
	_, err = tx.Enqueue(store.Outgoing{From: from.Address, To: []string{sh.Judge}, Raw: mailwrite.Compose(l), Game: id,
		Verdict: string(referee.Notice), Clause: "4.3.2"}, now)
	return err
}
