package office

import (
	"fmt"
	"time"

	"postald/internal/phrase"
	"postald/internal/store"
	"postald/internal/tournament"
)

// MailboxDown puts in the outbox, for the judges of every tournament, the notice that the
// tournament's mailbox cannot be read: since when, how many attempts in a row failed, and the
// last failure in the mail server's words (one letter a judge, naming his tournaments). The
// daemon calls it on the owner goroutine, once each time its watcher is found unable to work
// (nothing is held without a notice: the players' letters wait on the server meanwhile).
func (o *Office) MailboxDown(since time.Time, attempts int, why string) error {
	now := o.now()
	return o.update(func(tx *store.Tx) error {
		return o.eachJudge(tx, func(sh *tournament.Sheet, codes string) error {
			loc, err := o.zones.Get(sh.Regulation.Zone)
			if err != nil {
				return err
			}
			t := &phrase.For(sh.Language).Office.MailboxDown
			body := fmt.Sprintf(t.Body, trustText(sh.Language).stamp(since.In(loc)), attempts, why)
			return judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(t.Subject, codes), body, now)
		})
	})
}
