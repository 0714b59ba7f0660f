package office

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
	"postald/internal/trust"
)

// The digest of held letters: who is listed to whom and when it is due are trust's rules
// (trust.DigestDue, trust.Digests); the office reads the held letters and the tournaments, writes
// each judge's digest in his tournament's words, puts it in the outbox and marks the letters
// listed.

// digestEvery is how often the judges get the digest of held letters at most (trust.DigestEvery),
// and the notice of the cards waiting for the captain (cards.go).
const digestEvery = trust.DigestEvery

// heldDigest sends the digest of held letters when one is due.
//
// Finding the held letters reads every inbound record: it is done only when a letter may be
// waiting (at start, and after one was held), not at every hourly wake-up of a store of years.
func (o *Office) heldDigest(tx *store.Tx, now time.Time) error {
	if o.heldKnown {
		return nil
	}
	waiting, last, err := tx.Unreported()
	if err != nil {
		return err
	}
	if len(waiting) == 0 {
		o.heldKnown = true
		return nil
	}
	received := make([]time.Time, len(waiting))
	from := make([]string, len(waiting))
	for i, in := range waiting {
		received[i], from[i] = in.Received, in.From
	}
	if !trust.DigestDue(last, received, now) {
		return nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return err
	}
	sheets := r.Sheets()
	benches := make([]trust.Bench, len(sheets))
	for i, sh := range sheets {
		benches[i] = trust.Bench{Judge: sh.Judge}
		for _, p := range sh.Players {
			benches[i].Players = append(benches[i].Players, p.Email)
		}
	}
	digests := trust.Digests(from, benches)
	if len(digests) == 0 {
		return nil // nobody to tell yet: the letters stay unreported until a judge is registered
	}
	for _, d := range digests {
		sh := sheets[d.Bench]
		loc, err := o.zones.Get(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		tx2 := &phrase.For(sh.Language).Office.Digest
		var b strings.Builder
		b.WriteString(tx2.Intro(len(d.Letters)) + "\n\n")
		for i, k := range d.Letters {
			in := waiting[k]
			from := in.From
			if from == "" {
				from = tx2.NoFrom
			}
			reason := in.Reason // a letter held by an earlier version: its English reason is all there is
			if h, ok := decodeHold(in.Held); ok {
				reason = held(sh.Language, h)
			}
			fmt.Fprintf(&b, tx2.Item+"\n", i+1, dayTime(sh.Language, in.Received.In(loc)), from, in.Subject, reason,
				in.Ref.String(), tx2.Bytes(int(in.Size)))
		}
		b.WriteString("\n" + fmt.Sprintf(tx2.Outro, "postald judge quarantine") + "\n")
		if err := judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(tx2.Subject, len(d.Letters)), b.String(), now); err != nil {
			return err
		}
	}
	for _, in := range waiting {
		if err := tx.MarkReported(in.Ref, now); err != nil {
			return err
		}
	}
	o.log.Info("digest of held letters sent", "letters", len(waiting), "judges", len(digests))
	return nil
}

// judgeNotice puts a notice to the judge of tournament sh in the outbox, archived in the
// tournament's chain: the digest of held letters, the cards waiting for the captain.
func judgeNotice(tx *store.Tx, from mail.Address, sh *tournament.Sheet, subject, body string, now time.Time) error {
	l := mailwrite.Letter{From: from, To: []mail.Address{{Address: sh.Judge}}, Subject: subject, Body: body, Date: now,
		Game: sh.Code + "/", Verdict: string(referee.Notice)}
	_, err := tx.Enqueue(store.Outgoing{From: from.Address, To: []string{sh.Judge}, Raw: mailwrite.Compose(l),
		Game: store.GameID{Tournament: sh.Code}, Verdict: string(referee.Notice)}, now)
	return err
}
