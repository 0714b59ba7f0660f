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
)

// No letter is held without a record and a notice: every letter postald holds (over a limit,
// failed authentication, automatic mail, an unreadable From, a stranger's, one it could not
// decide) is in the quarantine (`postald judge quarantine`), and once a day the judges get a
// digest of the letters held since the last one: a judge of every tournament the sender plays in,
// and, for a sender who plays in none or whose address cannot be read, every judge. The digest is
// made when letters wait that no digest listed and the last digest is a day old (or, before the
// first, the oldest of them), at the timer's next wake-up (at least hourly); each letter is listed
// once.

// digestEvery is how often the judges get the digest of held letters at most.
const digestEvery = 24 * time.Hour

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
	if last.IsZero() {
		last = waiting[0].Received // no digest yet: the first comes a day after the first held letter
		for _, in := range waiting {
			if in.Received.Before(last) {
				last = in.Received
			}
		}
	}
	if now.Sub(last) < digestEvery {
		return nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return err
	}
	var sheets []*tournament.Sheet
	for _, sh := range r.Sheets() {
		if sh.Judge != "" {
			sheets = append(sheets, sh)
		}
	}
	if len(sheets) == 0 {
		return nil // nobody to tell yet: the letters stay unreported until a judge is registered
	}
	type digest struct {
		sheet *tournament.Sheet
		held  []store.Inbound
	}
	byJudge := map[string]*digest{}
	var order []string
	add := func(sh *tournament.Sheet, in store.Inbound) {
		j := strings.ToLower(sh.Judge)
		dg, ok := byJudge[j]
		if !ok {
			dg = &digest{sheet: sh}
			byJudge[j] = dg
			order = append(order, j)
		}
		dg.held = append(dg.held, in)
	}
	for _, in := range waiting {
		addr := ""
		if a, err := mail.ParseAddress(in.From); err == nil {
			addr = strings.ToLower(a.Address)
		}
		var mine []*tournament.Sheet
		for _, sh := range sheets {
			if _, ok := sh.PlayerByEmail(addr); ok && addr != "" {
				mine = append(mine, sh)
			}
		}
		if len(mine) == 0 {
			mine = sheets // a stranger, or a From nobody can read: every judge
		}
		seen := map[string]bool{}
		for _, sh := range mine {
			if j := strings.ToLower(sh.Judge); !seen[j] {
				seen[j] = true
				add(sh, in)
			}
		}
	}
	for _, j := range order {
		dg := byJudge[j]
		loc, err := o.zones.Get(dg.sheet.Regulation.Zone)
		if err != nil {
			return err
		}
		tx2 := &phrase.For(dg.sheet.Language).Office.Digest
		var b strings.Builder
		b.WriteString(tx2.Intro(len(dg.held)) + "\n\n")
		for i, in := range dg.held {
			from := in.From
			if from == "" {
				from = tx2.NoFrom
			}
			reason := in.Reason // a letter held by an earlier version: its English reason is all there is
			if h, ok := decodeHold(in.Held); ok {
				reason = held(dg.sheet.Language, h)
			}
			fmt.Fprintf(&b, tx2.Item+"\n", i+1, dayTime(dg.sheet.Language, in.Received.In(loc)), from, in.Subject, reason,
				in.Ref.String(), tx2.Bytes(int(in.Size)))
		}
		b.WriteString("\n" + fmt.Sprintf(tx2.Outro, "postald judge quarantine") + "\n")
		if err := judgeNotice(tx, o.opt.From, dg.sheet, fmt.Sprintf(tx2.Subject, len(dg.held)), b.String(), now); err != nil {
			return err
		}
	}
	for _, in := range waiting {
		if err := tx.MarkReported(in.Ref, now); err != nil {
			return err
		}
	}
	o.log.Info("digest of held letters sent", "letters", len(waiting), "judges", len(order))
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
