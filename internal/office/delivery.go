package office

// The delivery of postald's letters (docs/judge.md, "Delivery"). Every letter postald sends has a
// delivery state in the store (store/delivery.go): sent once the submission server took it, then
// what the delivery reports say — delivered or relayed, delayed, failed — or failed at once when
// the submission server refused it.
//
// A report (internal/bounce reads every common form) is matched to its letter only by the
// letter's token, an HMAC under the store's key in its envelope ID or its per-letter envelope
// sender (VERP): the reader of a letter sees its Message-ID and could write a "bounce" naming it
// to stop his own clock, so a report that names a letter only by its Message-ID, or carries a
// token that does not verify, is held for the judge and changes nothing. A report believed is
// archived in its letter's chain (never answered, never held), and its letter's state recorded.
//
// A letter that failed is everybody's business at once:
//   - the judge and the director of its tournament are told, in the tournament's language, with
//     the address and the server's words, what postald did and the command that sends it again;
//     a letter to the judge is told to the director and the other way round, and a failed
//     letter that itself told of a failure is recorded and logged only (no cascade);
//   - when it brought a player his partner's move and the game still waits for that move, the
//     referee's door Mailed stops his clock (4.3.1) and writes to the player who moved;
//   - a letter to a player whose own address returned it goes at once to his second address
//     (email2) when the start sheet gives one; otherwise a letter that brought him a move, and a
//     tournament's letter (his start letter), goes by post when it gives his postal address;
//     otherwise the judge decides (judge resend).
//
// A success notice for a letter that brings a player the move his game waits for since a failed
// delivery (a letter sent again) starts his clock on the day the notice came (Mailed); a letter
// sent again through a server that takes no request for notifications starts it the day the
// server took it (Resent). A letter still without a report after [delivery] warn_after is listed
// to the judges once (lateNotice).

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"postald/internal/bounce"
	"postald/internal/daysclock"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
	"postald/internal/trust"
)

// verdictDelivery is the verdict recorded for the judges' letters about deliveries, and
// verdictReport the one of a delivery report believed, in the archive.
const (
	verdictDelivery = "delivery"
	verdictReport   = "report"
)

// delimiter is the VERP delimiter reports are read with.
func (o *Office) delimiter() string {
	if d := o.opt.Delivery.RecipientDelimiter; d != "" {
		return d
	}
	return "+"
}

// stateOf is the delivery state a report's action gives.
func stateOf(a bounce.Action) store.DeliveryState {
	switch a {
	case bounce.Failed:
		return store.DeliveryFailed
	case bounce.Delayed:
		return store.DeliveryDelayed
	case bounce.Delivered:
		return store.DeliveryDelivered
	case bounce.Relayed, bounce.Expanded:
		return store.DeliveryRelayed
	}
	return ""
}

// match is what a report proves about the letter it names.
type match struct {
	seq    uint64 // the letter whose token the report carries; 0 when none verifies
	named  uint64 // the letter it names, proven or not
	forged bool   // it carries a token that does not verify
	quote  string // what named the letter: its envelope ID, envelope sender or Message-ID
}

// matchReport finds the letter report r is about: by a token that verifies, in its envelope ID,
// in the address it was delivered to (VERP) or in the returned letter's envelope sender; a
// Message-ID only names a letter, it proves nothing.
func (o *Office) matchReport(tx *store.Tx, r *bounce.Report) match {
	var m match
	try := func(token, quote string) bool {
		if token == "" {
			return false
		}
		seq, ok, named := tx.CheckToken(token)
		if ok {
			m = match{seq: seq, named: seq, quote: quote}
			return true
		}
		if named != 0 && m.named == 0 {
			m.named, m.forged, m.quote = named, true, quote
		}
		return false
	}
	if try(r.EnvID, "Original-Envelope-Id: "+r.EnvID) {
		return m
	}
	for _, a := range append(append([]string(nil), r.To...), r.Returned.ReturnPath) {
		if try(store.TokenOfAddress(a, o.delimiter()), a) {
			return m
		}
	}
	if m.named == 0 {
		for _, id := range r.MessageIDs() {
			if n := tx.SeqOfMessageID(id); n != 0 {
				m.named, m.quote = n, "Message-ID: <"+id+">"
				break
			}
		}
	}
	return m
}

// reportWhy says why a delivery report is held, from its hold.
func (tx trustPhrases) reportWhy(h trust.Hold) string {
	named := tx.delivery.HeldNamesNothing
	if h.N > 0 {
		named = tx.delivery.HeldNames(h.N, h.Game)
	}
	if h.Quote != "" {
		named += "; " + h.Quote
	}
	return tx.delivery.HeldReport(named, h.Forged)
}

// deliveryReport decides base, a letter that is the delivery report r: held for the judge when
// it carries no token of a letter postald sent, or recorded with its letter and acted on.
func (o *Office) deliveryReport(tx *store.Tx, base store.LetterOutcome, r *bounce.Report, dec *referee.Decision) (store.LetterOutcome, error) {
	m := o.matchReport(tx, r)
	if m.seq != 0 {
		if _, err := tx.OutboxItem(m.seq); errors.Is(err, store.ErrNotFound) {
			// A letter of a tournament archived since (its outbox records went with it): the
			// report changes nothing there; the judge finds it held.
			m.seq = 0
		}
	}
	if m.seq == 0 {
		h := trust.Hold{Kind: trust.HoldReport, Forged: m.forged, Quote: m.quote, From: strings.ToLower(trust.ReadHeader(base.Raw).From)}
		if m.named != 0 {
			if it, err := tx.OutboxItem(m.named); err == nil {
				h.Game, h.N = it.Game.Key(), int(it.Archive)
			}
		}
		o.log.Warn("delivery report not believed: it carries no token of a letter postald sent", "message_id", base.MessageID,
			"names", m.named, "forged", m.forged)
		return quarantined(base, h), nil
	}
	it, err := tx.OutboxItem(m.seq)
	if err != nil {
		return base, err
	}
	out := base
	out.Game, out.Verdict = it.Game, verdictReport
	rc, found := recipientOf(r, it)
	state := stateOf(rc.Action)
	if !found || state == "" {
		// A report about another recipient (a forward from the reader's mailbox) or of an action
		// it does not name: kept with the letter, nothing changed.
		out.Compose = func(rcpt store.Receipt) ([]store.Outgoing, error) {
			_, _, err := tx.Deliver(it.Seq, store.Delivery{Report: rcpt.Seq})
			return nil, err
		}
		return out, nil
	}
	it, changed, err := tx.Deliver(it.Seq, store.Delivery{State: state, Note: rc.Words(), At: base.Received})
	if err != nil {
		return out, err
	}
	var fu followUp
	if changed {
		o.delivered(it.Delivery)
		switch it.Delivery {
		case store.DeliveryFailed:
			fu, err = o.failed(tx, failure{it: it, words: rc.Words(), server: rc.RemoteMTA, now: base.Now})
		case store.DeliveryDelivered, store.DeliveryRelayed:
			fu, err = o.reached(tx, it, daysclock.DateOf(base.Received, o.zoneOf(tx, it.Game)), base.Now)
		}
		if err != nil {
			return out, err
		}
	}
	o.log.Info("delivery report", "outbox", it.Seq, "to", it.To, "state", it.Delivery, "words", rc.Words(), "changed", changed)
	if fu.dec != nil {
		*dec = *fu.dec
		st, err := store.EncodeGame(fu.game.id, fu.dec.Game, fu.stored, &o.cache.chunks)
		if err != nil {
			return out, err
		}
		next := fu.dec.Next
		out.State, out.NextEvent = &st, &next
		out.Clause = strings.Join(fu.dec.Clauses, ",")
		out.Move = (len(fu.dec.Game.Plies) + 1) / 2
		fu.game.seat.Game = fu.dec.Game
		pics := pictures{}
		for _, l := range fu.dec.Letters {
			out.Outgoing = append(out.Outgoing, outgoing(o.opt.From, fu.game, l, base.Now, pics)...)
		}
	}
	out.Compose = func(rcpt store.Receipt) ([]store.Outgoing, error) {
		if _, _, err := tx.Deliver(it.Seq, store.Delivery{Report: rcpt.Seq}); err != nil {
			return nil, err
		}
		return fu.after(tx, rcpt.Seq, base.Now)
	}
	return out, nil
}

// recipientOf is what report r says of the recipient of letter it.
func recipientOf(r *bounce.Report, it store.OutboxItem) (bounce.Recipient, bool) {
	if len(it.To) == 0 {
		return bounce.Recipient{}, false
	}
	return r.For(it.To[0])
}

// zoneOf is the zone of the tournament of id; UTC when it cannot be read.
func (o *Office) zoneOf(tx *store.Tx, id store.GameID) *time.Location {
	if id.Tournament == "" {
		return time.UTC
	}
	sh, err := o.sheet(tx, id.Tournament)
	if err != nil {
		return time.UTC
	}
	loc, err := o.zones.Get(sh.Regulation.Zone)
	if err != nil || loc == nil {
		return time.UTC
	}
	return loc
}

// failure is a letter that was not delivered: the item, the server's words, the server that
// said them, and whether the submission server refused it itself (no report then).
type failure struct {
	it            store.OutboxItem
	words, server string
	refused       bool
	now           time.Time
}

// followUp is what a delivery changes beyond the letter's own record: the game's decision
// (Mailed) with the game it is about, the letter sent again at once, and the judges' letters.
type followUp struct {
	game    candidate
	stored  *store.GameRead
	dec     *referee.Decision // nil: the game is not changed
	resend  *store.Resend
	notices func(report uint64) ([]store.Outgoing, error)
}

// after does, once the report (report, its archive entry; 0 for none) is recorded, what follows
// it: the letter sent again, and the judges' letters, returned for the outbox.
func (fu followUp) after(tx *store.Tx, report uint64, now time.Time) ([]store.Outgoing, error) {
	if fu.resend != nil {
		if _, err := tx.ResendLetter(*fu.resend, now); err != nil {
			return nil, err
		}
	}
	if fu.notices == nil {
		return nil, nil
	}
	return fu.notices(report)
}

// readerOf returns the player of sh whose address (first or second) addr is.
func readerOf(sh *tournament.Sheet, addr string) (tournament.Player, bool) {
	for _, p := range sh.Players {
		if addr != "" && (strings.EqualFold(p.Email, addr) || strings.EqualFold(p.Email2, addr)) {
			return p, true
		}
	}
	return tournament.Player{}, false
}

// failed decides what follows letter f.it not delivered: the game's clock (Mailed), the letter
// sent again at once, the judges' letters.
func (o *Office) failed(tx *store.Tx, f failure) (followUp, error) {
	var fu followUp
	it := f.it
	to := ""
	if len(it.To) > 0 {
		to = it.To[0]
	}
	o.log.Warn("letter not delivered", "outbox", it.Seq, "to", to, "words", f.words, "refused", f.refused)
	code := it.Game.Tournament
	if code == "" || to == "" {
		return fu, nil // no tournament's letter: recorded, logged
	}
	sh, err := o.sheet(tx, code)
	if err != nil {
		return fu, err
	}
	then := referee.ThenJudge
	second := ""
	reader, isPlayer := readerOf(sh, to)
	if isPlayer {
		switch {
		case strings.EqualFold(to, reader.Email) && reader.Email2 != "":
			then, second = referee.ThenSecond, reader.Email2
		case len(reader.PostalAddress) > 0 && (it.Brings != nil || it.Game.Game == ""):
			then = referee.ThenPost
		}
	}
	// The move the letter brought, when the game still waits for it (4.3.1).
	waits := false
	if it.Brings != nil && it.Game.Game != "" {
		st, stored, err := o.loadGame(tx, it.Game)
		if err != nil {
			return fu, err
		}
		d := referee.Mailed(st, referee.Mailing{Side: referee.Side(it.Brings.Side), Plies: it.Brings.Plies,
			To: to, Words: f.words, Then: then, Second: second}, f.now)
		if d.Verdict != "" {
			waits = true
			fu.dec, fu.stored = &d, stored
			fu.game = candidate{id: it.Game, sheet: sh, seat: st}
		}
	}
	if isPlayer && (it.Brings == nil || waits) {
		switch then {
		case referee.ThenSecond:
			fu.resend = &store.Resend{Of: it.Seq, To: second}
		case referee.ThenPost:
			fu.resend = &store.Resend{Of: it.Seq, Card: &store.Card{Channel: string(referee.ChannelPost), Player: reader.Number,
				Name: reader.Name, Address: reader.PostalAddress}}
		}
	} else {
		then = referee.ThenJudge
	}
	entry, err := o.sentEntry(tx, it)
	if err != nil {
		return fu, err
	}
	if entry.Verdict == verdictDelivery {
		return fu, nil // a letter about a delivery that failed in turn: recorded, logged, no more
	}
	var judges []string
	seen := map[string]bool{strings.ToLower(to): true}
	for _, a := range []string{sh.Judge, sh.Director} {
		a = strings.ToLower(strings.TrimSpace(a))
		if a != "" && !seen[a] {
			seen[a] = true
			judges = append(judges, a)
		}
	}
	if len(judges) == 0 {
		return fu, nil
	}
	loc := o.zoneOf(tx, it.Game)
	subject := letterSubject(entry.Raw)
	var moved *tournament.Player
	if waits && it.Brings != nil {
		p := reader
		moved = &p
	}
	fu.notices = func(report uint64) ([]store.Outgoing, error) {
		dt := &phrase.For(sh.Language).Delivery
		var b strings.Builder
		sent := it.Done
		if sent.IsZero() {
			sent = it.Enqueued
		}
		where := dt.Where(it.Game.Key(), int(it.Archive))
		b.WriteString(dt.FailedIntro(dayTime(sh.Language, sent.In(loc)), to, subject, where) + "\n")
		if f.refused {
			b.WriteString(dt.FailedRefused + "\n")
		}
		b.WriteString(dt.FailedWords(f.words, f.server) + "\n")
		if moved != nil {
			b.WriteString(dt.FailedMove(moved.Name, sideWord(sh.Language, referee.Side(it.Brings.Side))) + "\n")
		}
		switch then {
		case referee.ThenSecond:
			b.WriteString(dt.FailedSecond(second) + "\n")
		case referee.ThenPost:
			b.WriteString(dt.FailedCard + "\n")
		default:
			if it.Game.Game != "" {
				b.WriteString(dt.FailedResend(fmt.Sprintf("postald judge resend %s %d [-to ADDRESS] -reason ...", it.Game.Key(), it.Archive)) + "\n")
			}
		}
		if report != 0 {
			b.WriteString(dt.FailedReport(fmt.Sprintf("postald judge letter %s %d", it.Game.Key(), report)) + "\n")
		}
		var out []store.Outgoing
		for _, j := range judges {
			out = append(out, o.deliveryLetter(sh, it.Game, j, dt.FailedSubject(code, to), b.String(), f.now))
		}
		return out, nil
	}
	return fu, nil
}

// reached decides what follows letter it delivered (or relayed): when it brings a player the move
// his game waits for since a failed delivery, his clock starts on day (Mailed).
func (o *Office) reached(tx *store.Tx, it store.OutboxItem, day daysclock.Date, now time.Time) (followUp, error) {
	var fu followUp
	if it.Brings == nil || it.Game.Game == "" {
		return fu, nil
	}
	st, stored, err := o.loadGame(tx, it.Game)
	if err != nil {
		return fu, err
	}
	side := referee.Side(it.Brings.Side)
	if st.Game.Undelivered != side {
		return fu, nil
	}
	_, sh, err := o.table(tx, it.Game.Tournament)
	if err != nil {
		return fu, err
	}
	d := referee.Mailed(st, referee.Mailing{Side: side, Plies: it.Brings.Plies, Reached: day}, now)
	if d.Verdict == "" {
		return fu, nil
	}
	fu.dec, fu.stored = &d, stored
	fu.game = candidate{id: it.Game, sheet: sh, seat: st}
	return fu, nil
}

// sentEntry returns the archive entry of letter it as it was sent.
func (o *Office) sentEntry(tx *store.Tx, it store.OutboxItem) (store.ArchiveEntry, error) {
	var e store.ArchiveEntry
	err := tx.ArchiveEntries(it.Game, it.Archive, func(x store.ArchiveEntry) error {
		e = x
		return errStopWalk
	})
	if err != nil && err != errStopWalk {
		return e, fmt.Errorf("outbox %d: %w", it.Seq, err)
	}
	return e, nil
}

// errStopWalk ends an archive walk once the entry looked for is read.
var errStopWalk = fmt.Errorf("found")

// letterSubject is a letter's subject, decoded; "" when it has none.
func letterSubject(raw []byte) string {
	if w, err := mailwrite.Read(raw); err == nil {
		return w.Subject
	}
	return ""
}

// sideWord is a side as the language's letters name it.
func sideWord(lang string, s referee.Side) string {
	sides := phrase.For(lang).Referee.Sides
	if s == referee.Black {
		return sides.Black
	}
	return sides.White
}

// deliveryLetter is a letter to the judge or the director about a delivery, archived with the
// game (or the tournament) under the verdict "delivery": a failure of it tells nobody again.
func (o *Office) deliveryLetter(sh *tournament.Sheet, id store.GameID, to, subject, body string, now time.Time) store.Outgoing {
	if id.Tournament == "" {
		id.Tournament = sh.Code
	}
	game := sh.Code + "/"
	if id.Game != "" {
		game = id.Key()
	}
	l := mailwrite.Letter{
		From:    o.opt.From,
		To:      []mail.Address{{Name: candidate{sheet: sh}.nameOf(to), Address: to}},
		Subject: subject,
		Body:    body,
		Date:    now,
		Game:    game,
		Verdict: string(referee.Notice),
	}
	return store.Outgoing{From: o.opt.From.Address, To: []string{to}, Raw: mailwrite.Compose(l), Game: id, Verdict: verdictDelivery}
}

// SendFailed records that the submission server did not take letter seq at its attempt now:
// reason is the error, words the server's answer for people, permanent whether sending again
// cannot cure it. A letter given up (refused for good, or still refused after
// store.RetryGiveUp) is a failed delivery, followed as a report of one is: the judges, the
// mover, the clock, the second address. The daemon's sender calls it on the owner goroutine.
func (o *Office) SendFailed(seq uint64, words string, permanent bool) error {
	now := o.now()
	return o.update(func(tx *store.Tx) error {
		up, err := tx.RecordFailure(seq, now, words, permanent)
		if err != nil {
			return err
		}
		if up.State != store.OutboxFailed {
			return nil
		}
		o.delivered(store.DeliveryFailed)
		fu, err := o.failed(tx, failure{it: up, words: words, refused: true, now: now})
		if err != nil {
			return err
		}
		return o.follow(tx, fu, now)
	})
}

// follow records what a delivery changes when no letter brought the news: the game's decision,
// the letter sent again, the judges' letters.
func (o *Office) follow(tx *store.Tx, fu followUp, now time.Time) error {
	if fu.dec != nil {
		if err := record(tx, o.opt.From, fu.game.id, fu.game.sheet, fu.game.seat.Table, *fu.dec, now, fu.stored, &o.cache.chunks, o.work); err != nil {
			return err
		}
		o.stage(Done{Kind: DoneTick, At: now, Game: fu.game.id, Decision: *fu.dec})
	}
	letters, err := fu.after(tx, 0, now)
	if err != nil {
		return err
	}
	for _, l := range letters {
		if _, err := tx.Enqueue(l, now); err != nil {
			return err
		}
	}
	return nil
}

// Resent is told by the daemon's sender that letter seq, a letter sent again, was taken by the
// submission server at now without a request for notifications (none will come): when it
// brings a player the move his game waits for since a failed delivery, his clock starts today.
func (o *Office) Resent(seq uint64) error {
	now := o.now()
	return o.update(func(tx *store.Tx) error {
		it, err := tx.OutboxItem(seq)
		if err != nil {
			return err
		}
		if it.Notified || it.Resends == 0 {
			return nil
		}
		fu, err := o.reached(tx, it, daysclock.DateOf(now, o.zoneOf(tx, it.Game)), now)
		if err != nil {
			return err
		}
		return o.follow(tx, fu, now)
	})
}

// lateNotice tells the judges, once, of the letters sent with notifications asked for and still
// without a report of their delivery [delivery] warn_after later; a letter of no tournament is
// logged. It runs in the transaction of the tick's notices.
func (o *Office) lateNotice(tx *store.Tx, now time.Time) error {
	after := o.opt.Delivery.WarnAfter.Duration
	if after <= 0 {
		return nil
	}
	late, err := tx.Watched(now.Add(-after), 500)
	if err != nil || len(late) == 0 {
		return err
	}
	byCode := map[string][]store.OutboxItem{}
	var codes []string
	for _, it := range late {
		if err := tx.MarkWarned(it.Seq, now); err != nil {
			return err
		}
		code := it.Game.Tournament
		if code == "" {
			o.log.Warn("letter still not delivered", "outbox", it.Seq, "to", it.To, "sent", it.Done)
			continue
		}
		if _, ok := byCode[code]; !ok {
			codes = append(codes, code)
		}
		byCode[code] = append(byCode[code], it)
	}
	hours := int(after.Hours())
	for _, code := range codes {
		sh, err := o.sheet(tx, code)
		if err != nil {
			return err
		}
		loc := o.zoneOf(tx, store.GameID{Tournament: code})
		dt := &phrase.For(sh.Language).Delivery
		var b strings.Builder
		b.WriteString(dt.LateIntro(hours) + "\n\n")
		for _, it := range byCode[code] {
			e, err := o.sentEntry(tx, it)
			if err != nil {
				return err
			}
			to := strings.Join(it.To, ", ")
			b.WriteString(dt.LateItem(dayTime(sh.Language, it.Done.In(loc)), to, letterSubject(e.Raw),
				dt.Where(it.Game.Key(), int(it.Archive)), stateWord(dt, it)) + "\n")
		}
		b.WriteString("\n" + dt.LateOutro("postald judge resend GAME N [-to ADDRESS] -reason ..."))
		seen := map[string]bool{}
		for _, j := range []string{sh.Judge, sh.Director} {
			j = strings.ToLower(strings.TrimSpace(j))
			if j == "" || seen[j] {
				continue
			}
			seen[j] = true
			l := o.deliveryLetter(sh, store.GameID{Tournament: code}, j, dt.LateSubject(code, len(byCode[code])), b.String(), now)
			if _, err := tx.Enqueue(l, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// stateWord is a letter's delivery state in the words of dt.
func stateWord(dt *phrase.DeliveryText, it store.OutboxItem) string {
	switch it.DeliveryOf() {
	case store.DeliverySent:
		return dt.Sent
	case store.DeliveryDelivered:
		return dt.Delivered
	case store.DeliveryRelayed:
		return dt.Relayed
	case store.DeliveryDelayed:
		return dt.Delayed
	case store.DeliveryFailed:
		return dt.Failed
	}
	if it.Card != nil {
		return dt.Card
	}
	return dt.Unsent
}

// delivered notes a delivery state reached, counted for the metrics once the unit of work
// commits (update).
func (o *Office) delivered(s store.DeliveryState) {
	if s != "" {
		o.deliveries = append(o.deliveries, string(s))
	}
}

// brings says which move letter o of game c, written to address to, brings its reader: the
// forward of his partner's move to a player by e-mail (a card's copy by e-mail brings nothing:
// his move comes with the card). Its delivery is followed for his clock (4.3.1).
func brings(c candidate, o referee.Outgoing, to string) *store.Brings {
	if o.Kind != referee.KindForward || to == "" || (o.Role != referee.ToWhite && o.Role != referee.ToBlack) {
		return nil
	}
	side := referee.White
	if o.Role == referee.ToBlack {
		side = referee.Black
	}
	if c.seat.Table != nil && c.seat.Player(side).Channel.Captain() {
		return nil
	}
	return &store.Brings{Side: string(side), Plies: len(c.seat.Game.Plies)}
}
