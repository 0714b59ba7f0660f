package office

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"sync"
	"time"

	"postald/internal/config"
	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
	"postald/internal/trust"
)

// The trust rules of the daemon (architecture.md, "Reliability contract"):
//
//   - Only a registered player moves, and only in his own games: the sender is the From address,
//     authenticated where [trust] says so by postald's own check of the letter's DKIM
//     signatures, the SPF of its envelope sender and DMARC (or, with verdict "server", by the
//     receiving server's Authentication-Results, not contradicted by that check).
//   - No loops (RFC 3834): automatic mail (its fields, or the Subject of a mail service's
//     auto-reply) is never answered, the answers of every kind to any one address are limited
//     per hour ([limits] answers_per_hour), and a letter in reply to postald's own that holds no
//     move and no dated leave is answered at most once a day per game.
//   - Limits: size, MIME parts, line length and letters per sender per hour. A letter that fails
//     authentication is held before it is counted, so a flood in a player's name never uses up
//     his own letters; and a registered player's letter with moves is decided over the hourly
//     limit too (playerMoves): the limit protects answers, never his moves.
//
// A letter that fails any of them is held: kept in the store's quarantine (archived, never
// applied) and listed in the judges' daily digest (digest.go). When it names a registered player
// as its sender, the tournament's judge gets a short notice quoting its receipt, at most once an
// hour for one sender, and the player gets a short note at his registered address, once an hour:
// over a limit, too many letters, a game that is not his, or not shown to come from him (then he
// learns that somebody may write in his name; the forger, who does not read that mailbox, learns
// nothing). Automatic mail is never answered.
//
// The counters live in memory: a restart of the daemon starts every window afresh. Each tracks at
// most trackedSenders addresses, each address with at most its hourly limit of instants (8 bytes
// each): a few megabytes at the very most, whatever floods in.

// trackedSenders bounds each rate limiter's memory.
const trackedSenders = 10000

// guard is a daemon's trust state: its rate limiters.
type guard struct {
	mu        sync.Mutex
	letters   *trust.Limiter // letters per sender, by postmark
	answers   *trust.Limiter // answers per recipient
	notes     *trust.Limiter // the short note to a sender: once per hour
	judges    *trust.Limiter // notices to a judge about one sender: once per hour
	daily     *trust.Limiter // the notice about letters the receiving server did not stamp: once a day
	daily1    *trust.Limiter // the answer about one game to a letter in reply to postald's (oncePerDay)
	unchecked *trust.Limiter // the judges' notice of letters whose sender could not be checked: once a day
}

func newGuard(l config.Limits) *guard {
	return &guard{
		letters:   trust.NewLimiter(l.LettersPerHour, time.Hour, trackedSenders),
		answers:   trust.NewLimiter(l.AnswersPerHour, time.Hour, trackedSenders),
		notes:     trust.NewLimiter(1, time.Hour, trackedSenders),
		judges:    trust.NewLimiter(1, time.Hour, trackedSenders),
		daily:     trust.NewLimiter(1, 24*time.Hour, 1),
		daily1:    trust.NewLimiter(1, 24*time.Hour, trackedSenders),
		unchecked: trust.NewLimiter(1, 24*time.Hour, 1),
	}
}

func (g *guard) allow(l *trust.Limiter, key string, at time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return l.Allow(key, at)
}

// trustState returns the daemon's trust state.
func (o *Office) trustState() *guard { return o.trust }

// precheck runs the checks that need only the raw letter, before it is parsed. It returns the
// sender's address as read from the raw header and, when the letter is held, the outcome.
func (o *Office) precheck(tx *store.Tx, base store.LetterOutcome, size int64) (from string, held *store.LetterOutcome, err error) {
	h := trust.ReadHeader(base.Raw)
	from = h.From
	pol := o.policy()
	// A letter without a field of the receiving server did not pass its verifier: where the
	// server's verdict is believed (verdict "server"), a forged field in the server's name would
	// have been.
	unstamped := pol.Server && !pol.FromOnly && pol.AuthservID != "" && !pol.Stamped(h.AuthResults)
	hold := func(h trust.Hold, note noteKind) (string, *store.LetterOutcome, error) {
		out, err := o.hold(tx, base, from, h, note)
		if err == nil && unstamped {
			err = o.unstampedNotice(tx, &out, from, base)
		}
		return from, &out, err
	}
	// RFC 3834: automatic mail is never answered.
	if l, quote := trust.LoopOf(h, o.opt.From.Address); l != trust.NoLoop {
		return hold(trust.Hold{Kind: trust.HoldLoop, Loop: l, Quote: quote}, noNote)
	}
	// RFC 5322 (3.6): exactly one From. Two are the classic way to show one sender to the
	// authentication and another to the reader.
	if h.FromFields > 1 {
		return hold(trust.Hold{Kind: trust.HoldFromFields, N: h.FromFields}, noteForged)
	}
	// RFC 5322 (3.6.2): a From with several authors, or a Sender who is not the From, is a
	// letter written for somebody else or for several people; postald reads a letter as one
	// player's own, so it cannot read either as anybody's move: held as unreadable.
	if h.FromAddrs > 1 {
		return hold(trust.Hold{Kind: trust.HoldFromList, N: h.FromAddrs}, noteUnreadable)
	}
	if h.SenderFields > 1 || (h.SenderFields == 1 && h.Sender != from) {
		return hold(trust.Hold{Kind: trust.HoldSender, From: from, Other: h.Sender, N: h.SenderFields}, noteUnreadable)
	}
	// One header, read one way: every reader of the letter (this one, the parser, a DKIM
	// verifier) reads the whole header, up to MaxFields fields; a longer header is a limit.
	if h.Fields > trust.MaxFields {
		e := &trust.Excess{What: "fields", Got: int64(h.Fields), Max: trust.MaxFields}
		return hold(trust.Hold{Kind: trust.HoldLimit, Excess: e}, noteLimit)
	}
	// RFC 5322 (3.6): Date, To, Cc, Subject, Message-ID and the rest appear at most once. A
	// second one shows the mail program one value and the DKIM verifier (which reads the last)
	// another: a replayed letter with a new Subject above the signed one is the classic case.
	if h.Twice != "" {
		return hold(trust.Hold{Kind: trust.HoldTwice, Field: h.Twice, N: h.TwiceN}, noteForged)
	}
	// The sender: postald's own check of the letter's DKIM, SPF and DMARC, or the receiving
	// server's field not contradicted by it ([trust] verdict; authverdict.go).
	if err := o.authenticate(h, base.Raw); err != nil {
		// A letter whose check failed for now at every try (later.go): held, listed, and the
		// judges told; nothing is said to the address it names, which may not have written it.
		if tries, over, why, ok := o.later.spent(sha256.Sum256(base.Raw), base.Now); ok {
			out, herr := o.hold(tx, base, from, trust.Hold{Kind: trust.HoldUnchecked, N: tries, Over: over, Fault: why}, noNote)
			if herr == nil {
				herr = o.uncheckedNotice(tx, from, base, out)
			}
			return from, &out, herr
		}
		if errors.Is(err, trust.ErrNoPolicy) {
			return hold(trust.Authentication(err), noNote) // postald's configuration, not the letter: the judge is told
		}
		// The player whose address the letter names is told, within the hourly limit: if he
		// wrote it, he knows to write again from his own account; if not, that someone writes in
		// his name (the loop rule above keeps automatic mail unanswered).
		return hold(trust.Authentication(err), noteForged)
	}
	// A letter is for this mailbox: its To or Cc names the tournament's address (or another
	// address of the watched mailbox). A player's genuine letter to another tournament or to a
	// list, put into this mailbox by whoever holds a copy, is not his letter to this one.
	if own, ok, err := o.addressed(tx, from, h.Recipients); err != nil {
		return from, nil, err
	} else if !ok {
		return hold(trust.Hold{Kind: trust.HoldNotAddressed, Field: clipList(h.Recipients, 3), Own: own}, noteNotAddressed)
	}
	// A Message-ID decided before in a letter of another content is a replay (a genuine
	// letter with its header changed): the first decision stands. A Message-ID of a letter
	// held before (a stranger's, a forgery's) does not make the letter that carries it a replay.
	if e, err := o.replayOf(tx, base); err != nil {
		return from, nil, err
	} else if e != nil {
		return hold(trust.Hold{Kind: trust.HoldReplay, Earlier: e}, noNote)
	}
	lim := trust.Limits{MaxBytes: int64(o.opt.Limits.MaxMessageBytes), MaxParts: o.opt.Limits.MaxParts, MaxLineBytes: o.opt.Limits.MaxLineBytes}
	if e := lim.Check(base.Raw, size); e != nil {
		return hold(trust.Hold{Kind: trust.HoldLimit, Excess: e}, noteLimit)
	}
	if int64(len(base.Raw)) < size {
		e := &trust.Excess{What: "partial", Got: int64(len(base.Raw)), Max: size}
		return hold(trust.Hold{Kind: trust.HoldLimit, Excess: e}, noteLimit)
	}
	g := o.trustState()
	if !g.allow(g.letters, from, base.Received) {
		moves, err := o.playerMoves(tx, base.Raw, from)
		if err != nil {
			return from, nil, err
		}
		if !moves {
			return hold(trust.Hold{Kind: trust.HoldRate, N: o.opt.Limits.LettersPerHour, From: from}, noteRate)
		}
		o.log.Info("a move letter over the hourly limit of letters is decided: the limit holds back answers, never a player's moves",
			"from", from, "limit", o.opt.Limits.LettersPerHour)
	}
	return from, nil, nil
}

// addressed reports whether recipients (a letter's To and Cc) name an address of the watched
// mailbox: postald's From, its other addresses (Options.Addresses) or a tournament's address.
// own is the address the letter should name, for the note: the address of the first
// tournament from plays in, else of the first tournament, else postald's From.
func (o *Office) addressed(tx *store.Tx, from string, recipients []string) (own string, ok bool, err error) {
	r, err := o.tournaments(tx)
	if err != nil {
		return "", false, err
	}
	addrs := append([]string{o.opt.From.Address}, o.opt.Addresses...)
	sheets := r.sheets()
	for _, sh := range sheets {
		addrs = append(addrs, sh.Address)
	}
	own = o.opt.From.Address
	if regs := r.registered(from); len(regs) > 0 && regs[0].sheet.Address != "" {
		own = regs[0].sheet.Address
	} else if len(sheets) > 0 && sheets[0].Address != "" {
		own = sheets[0].Address
	}
	for _, to := range recipients {
		for _, a := range addrs {
			if a != "" && strings.EqualFold(strings.TrimSpace(a), to) {
				return own, true, nil
			}
		}
	}
	return own, false, nil
}

// clipList writes at most n items of list, joined by commas, with "…" for the rest.
func clipList(list []string, n int) string {
	if len(list) > n {
		return strings.Join(list[:n], ", ") + ", …"
	}
	return strings.Join(list, ", ")
}

// replayOf returns the letter decided before under the Message-ID of base, when base is
// another letter carrying it: a replay. Letters held under it (never applied) do not count.
func (o *Office) replayOf(tx *store.Tx, base store.LetterOutcome) (*trust.Earlier, error) {
	earlier, err := tx.EarlierWithMessageID(base.MessageID, base.Ref)
	if err != nil {
		return nil, err
	}
	for _, in := range earlier {
		if in.State != store.InboundDone {
			continue
		}
		e := &trust.Earlier{MessageID: in.MessageID, Received: in.Received, Verdict: in.Verdict}
		if in.Game.Game != "" {
			e.Game = in.Game.Key()
		}
		return e, nil
	}
	return nil, nil
}

// playerMoves reports a letter over the hourly limit of letters that a registered player, shown
// to be its sender by [trust] (the checks above passed), wrote with moves. The limit is there to
// keep loops and floods from being answered (RFC 3834); a player's move letter is answered
// whatever the count (answers, below), and holding it would stop his game while his clock runs
// (4.3.1), so it is decided. Only such letters are read twice: the rest of a flood is held
// unread.
func (o *Office) playerMoves(tx *store.Tx, raw []byte, from string) (bool, error) {
	regs, err := o.registrations(tx, from)
	if err != nil || len(regs) == 0 {
		return false, err
	}
	l, err := mailparse.Parse(raw)
	if err != nil {
		return false, nil // unreadable: held under the limit like the rest
	}
	return carriesMoves(l), nil
}

// noteKind is the short note a held letter's sender gets, if any.
type noteKind int

const (
	noNote           noteKind = iota
	noteLimit                 // over a size limit
	noteRate                  // too many letters
	noteNotOwn                // a game that is not his
	noteUnreadable            // no header postald can read
	noteForged                // not shown to come from the address it names
	noteNotAddressed          // not addressed to the tournament
)

// hold quarantines the letter for h. When from is a registered player the judges of his
// tournaments are told, and he gets the note (of kind note), each within the hourly limits;
// every letter says why in its reader's language.
func (o *Office) hold(tx *store.Tx, base store.LetterOutcome, from string, h trust.Hold, note noteKind) (store.LetterOutcome, error) {
	out := quarantined(base, h)
	regs, err := o.registrations(tx, from)
	if err != nil || len(regs) == 0 {
		return out, err
	}
	g := o.trustState()
	now := base.Now
	type letter struct {
		reg    registration
		to     string
		answer bool
	}
	var letters []letter
	if note != noNote && g.allow(g.notes, from, now) && g.allow(g.answers, from, now) {
		letters = append(letters, letter{reg: regs[0], to: from, answer: true})
	} else if note != noNote {
		o.log.Info("held letter not answered: its sender had a note within the hour, or his answers for the hour are spent", "from", from)
	}
	seen := map[string]bool{}
	for _, r := range regs {
		j := strings.ToLower(r.sheet.Judge)
		// A judge who writes himself is not told about his own letters: a notice to an address
		// whose mailbox answers automatically would otherwise come back, again and again.
		if j == "" || j == from || seen[j] {
			continue
		}
		seen[j] = true
		if g.allow(g.judges, j+" "+from, now) && g.allow(g.answers, j, now) {
			letters = append(letters, letter{reg: r, to: j})
		}
	}
	if len(letters) == 0 {
		return out, nil
	}
	answered := letters[0].answer
	out.Compose = func(rc store.Receipt) ([]store.Outgoing, error) {
		var og []store.Outgoing
		for _, l := range letters {
			loc, err := o.zones.get(l.reg.sheet.Regulation.Zone)
			if err != nil {
				return nil, err
			}
			// The note to the sender in his own language, the judge's notice in the
			// tournament's (letters.md).
			tx := trustText(l.reg.sheet.Language)
			if l.answer {
				tx = trustText(l.reg.sheet.LanguageOf(l.reg.player.Number))
			}
			var subject, body string
			if l.answer {
				subject, body = tx.noteLetter(l.reg, note, h, base, rc, loc)
			} else {
				subject, body = tx.judgeLetter(l.reg, h, base, rc, loc, answered)
			}
			og = append(og, o.notice(l.reg.sheet, l.to, subject, body, l.answer, base))
		}
		return og, nil
	}
	return out, nil
}

// unstampedNotice tells the judges of every tournament, once a day, that a letter arrived
// without an Authentication-Results field of the configured receiving server, and logs it:
// while the server does not stamp every letter, a forged field in its name would be believed.
// The letters go out with out's own (the letter's transaction).
func (o *Office) unstampedNotice(tx *store.Tx, out *store.LetterOutcome, from string, base store.LetterOutcome) error {
	g := o.trustState()
	id := o.opt.Trust.AuthservID
	if !g.allow(g.daily, "unstamped", base.Now) {
		o.log.Debug("letter without an Authentication-Results field of the receiving server", "authserv_id", id, "from", from)
		return nil
	}
	o.log.Warn("a letter arrived without an Authentication-Results field of the receiving server: "+
		"the server must add its field to every letter and remove foreign ones, or a forged field would be believed (docs/trust.md); "+
		"the judges are told, and this is logged once a day",
		"authserv_id", id, "from", from, "message_id", base.MessageID)
	r, err := o.tournaments(tx)
	if err != nil {
		return err
	}
	sheets := r.sheets()
	type judge struct {
		sheet *tournament.Sheet
		to    string
	}
	var judges []judge
	seen := map[string]bool{}
	for _, sh := range sheets {
		j := strings.ToLower(sh.Judge)
		if j == "" || seen[j] || !g.allow(g.answers, j, base.Now) {
			continue
		}
		seen[j] = true
		judges = append(judges, judge{sh, j})
	}
	if len(judges) == 0 {
		return nil
	}
	prev := out.Compose
	out.Compose = func(rc store.Receipt) ([]store.Outgoing, error) {
		var og []store.Outgoing
		if prev != nil {
			var err error
			if og, err = prev(rc); err != nil {
				return nil, err
			}
		}
		for _, j := range judges {
			loc, err := o.zones.get(j.sheet.Regulation.Zone)
			if err != nil {
				return nil, err
			}
			tx := trustText(j.sheet.Language)
			var b strings.Builder
			fmt.Fprintf(&b, tx.UnstampedIntro+"\n", tx.stamp(base.Received.In(loc)), from, id)
			if base.MessageID != "" {
				fmt.Fprintf(&b, tx.JudgeID+"\n", base.MessageID)
			}
			fmt.Fprintf(&b, tx.JudgeReceipt+"\n\n", tx.receipt(rc))
			fmt.Fprintf(&b, tx.UnstampedWhy+"\n", id)
			og = append(og, o.notice(j.sheet, j.to, fmt.Sprintf(tx.UnstampedSubject, id), b.String(), false, base))
		}
		return og, nil
	}
	return nil
}

// uncheckedNotice tells the judges of every tournament, at most once a day, of a letter held
// because its sender could not be checked after every try (later.go). A registered player's
// letter is told of by hold already.
func (o *Office) uncheckedNotice(tx *store.Tx, from string, base, out store.LetterOutcome) error {
	if regs, err := o.registrations(tx, from); err != nil || len(regs) > 0 {
		return err
	}
	g := o.trustState()
	if !g.allow(g.unchecked, "unchecked", base.Now) {
		return nil
	}
	shown := from
	if shown == "" {
		shown = "?"
	}
	h, _ := decodeHold(out.Held)
	return o.eachJudge(tx, func(sh *tournament.Sheet, codes string) error {
		if !g.allow(g.answers, strings.ToLower(sh.Judge), base.Now) {
			return nil
		}
		loc, err := o.zones.get(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		t := &phrase.For(sh.Language).Office.Unchecked
		tx2 := trustText(sh.Language)
		body := fmt.Sprintf(t.Body, tx2.stamp(base.Received.In(loc)), shown, tx2.why(h))
		return judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(t.Subject, codes), body, base.Now)
	})
}

// notice composes a letter of postald about a held letter: a note to its sender (in reply to
// it) or a notice to the judge, archived in the tournament's chain.
func (o *Office) notice(sh *tournament.Sheet, to, subject, body string, reply bool, base store.LetterOutcome) store.Outgoing {
	l := mailwrite.Letter{
		From:    o.opt.From,
		To:      []mail.Address{{Name: candidate{sheet: sh}.nameOf(to), Address: to}},
		Subject: subject,
		Body:    body,
		Date:    base.Now,
		Game:    sh.Code + "/",
		Verdict: string(referee.Notice),
	}
	if reply && base.MessageID != "" {
		l.InReplyTo = base.MessageID
		l.References = []string{base.MessageID}
	}
	return store.Outgoing{
		From:    o.opt.From.Address,
		To:      []string{to},
		Raw:     mailwrite.Compose(l),
		Game:    store.GameID{Tournament: sh.Code},
		Verdict: string(referee.Notice),
	}
}

// registration is a tournament in which an address is a player.
type registration struct {
	sheet  *tournament.Sheet
	player tournament.Player
}

// registrations returns the tournaments in which from is a player, in code order (the office's
// index of the players, sheets.go).
func (o *Office) registrations(tx *store.Tx, from string) ([]registration, error) {
	if from == "" {
		return nil, nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, err
	}
	return r.registered(from), nil
}

// foreignGame reports a game the letter names in which its sender does not play: the game of
// two other players of a tournament he plays in, or of the tournament the letter names. A letter
// that names no game, or a game that is not a pair of players, is left to the referee.
func (o *Office) foreignGame(tx *store.Tx, l *mailparse.Letter, from string, cands []candidate) (string, error) {
	w, b, err := tournament.ParseGameName(strings.TrimSpace(l.Game))
	if err != nil {
		return "", nil
	}
	var sheets []*tournament.Sheet
	seen := map[string]bool{}
	if l.Tournament != "" {
		r, err := o.tournaments(tx)
		if err != nil {
			return "", err
		}
		// The tournament the letter names, in any case (strings.EqualFold), by the office's index.
		for _, e := range r.named(strings.TrimSpace(l.Tournament)) {
			sheets, seen[e.sheet.Code] = append(sheets, e.sheet), true
		}
	}
	if len(sheets) == 0 {
		for _, c := range cands {
			if !seen[c.sheet.Code] {
				sheets, seen[c.sheet.Code] = append(sheets, c.sheet), true
			}
		}
	}
	var other *tournament.Sheet
	for _, sh := range sheets {
		if w > len(sh.Players) || b > len(sh.Players) {
			continue
		}
		p, ok := sh.PlayerByEmail(from)
		if ok && (p.Number == w || p.Number == b) {
			return "", nil // his own game here: the referee routes it
		}
		if other == nil {
			other = sh
		}
	}
	if other == nil {
		return "", nil
	}
	return fmt.Sprintf("%s/%d-%d", other.Code, w, b), nil
}

// answers puts the referee's letters into out. Those to the letter's sender are answers: each
// quotes the receipt of his letter, which the store gives once the letter is archived (so the
// letters are composed in the Compose hook), and beyond answers_per_hour they are not sent, of
// whatever kind (the loop guard of RFC 3834: no address gets more answers an hour, so no mail
// loop costs more); the letter itself is decided all the same, and what goes to the partner
// (a forwarded move) is no answer. With daily (oncePerDay: a letter answering postald's own
// that holds no move and no dated leave), the sender's answers about the game go out at most
// once a day. fix, when set, adjusts each composed letter.
func (o *Office) answers(out *store.LetterOutcome, c candidate, letters []referee.Outgoing, sender string, fix func(*store.Outgoing), daily bool) {
	loc := c.seat.Table.Zone
	g := o.trustState()
	type item struct {
		letter referee.Outgoing
		answer bool
	}
	today := true // the answer of the day about this game is not sent yet (daily)
	if daily {
		today = g.allow(g.daily1, c.id.Key()+" "+strings.ToLower(sender), out.Now)
	}
	items := make([]item, 0, len(letters))
	for _, l := range letters {
		to := l.To
		if to == "" && l.Role == referee.ToSender {
			to = sender
		}
		answer := strings.EqualFold(to, sender)
		if answer && !today {
			o.log.Info("answer not sent: a letter in reply to postald's, without a move or a dated leave, is answered once a day per game",
				"to", sender, "game", c.id.Key(), "kind", l.Kind)
			continue
		}
		if answer && !g.allow(g.answers, strings.ToLower(sender), out.Now) {
			o.log.Warn("answer not sent: over the hourly limit of answers to this address",
				"to", sender, "limit", o.opt.Limits.AnswersPerHour, "kind", l.Kind, "verdict", l.Verdict)
			continue
		}
		items = append(items, item{l, answer})
	}
	if len(items) == 0 {
		return
	}
	received, now := out.Received, out.Now
	// The receipt is quoted to the sender, in his language (letters.md).
	lang := c.sheet.Language
	if p, ok := c.sheet.PlayerByEmail(sender); ok {
		lang = c.sheet.LanguageOf(p.Number)
	}
	before := out.Compose // the letters of the letter's other games, composed first
	out.Compose = func(rc store.Receipt) ([]store.Outgoing, error) {
		og := make([]store.Outgoing, 0, len(items))
		if before != nil {
			more, err := before(rc)
			if err != nil {
				return nil, err
			}
			og = append(og, more...)
		}
		pics := pictures{} // the acknowledgement and the forwarded move show one position
		for _, it := range items {
			l := it.letter
			if it.answer {
				// A card's writer may have no address: the letter's reader is named by the referee.
				lang := lang
				if l.Language != "" {
					lang = l.Language
				}
				l.Body = withReceipt(l.Body, trustText(lang).receiptLine(rc, received, loc))
			}
			for _, m := range outgoing(o.opt.From, c, l, now, pics) {
				if fix != nil {
					fix(&m)
				}
				og = append(og, m)
			}
		}
		return og, nil
	}
}

// withReceipt adds the receipt line at the end of a letter's text, after an empty line.
func withReceipt(body, line string) string {
	return strings.TrimRight(body, "\n") + "\n\n" + line + "\n"
}

// trustPhrases are the office's letters about held letters, and the receipt line: the
// phrasebook's, with the letters composed of them.
type trustPhrases struct {
	*phrase.TrustText
	held     *phrase.HeldText
	date     func(daysclock.Date) string // a day as the language's letters write it
	delivery *phrase.DeliveryText        // a delivery report held (delivery.go)
}

func trustText(lang string) trustPhrases {
	b := phrase.For(lang)
	return trustPhrases{&b.Office.Trust, &b.Office.Held, b.Referee.Date, &b.Delivery}
}

// stamp writes an instant as the letters of the language write it: «18.11.2026 09:30 +0300»,
// "2026-11-18 09:30 +0300".
func (tx trustPhrases) stamp(t time.Time) string {
	return tx.date(daysclock.DateOf(t, t.Location())) + t.Format(" 15:04 -0700")
}

// dayTime writes an instant without its zone as the letters of lang write it: «18.11.2026 09:30».
func dayTime(lang string, t time.Time) string {
	return phrase.For(lang).Referee.Date(daysclock.DateOf(t, t.Location())) + t.Format(" 15:04")
}

func (tx trustPhrases) receiptLine(rc store.Receipt, received time.Time, loc *time.Location) string {
	return fmt.Sprintf(tx.Receipt, tx.receipt(rc), tx.stamp(received.In(loc)))
}

// receipt writes a receipt in the reader's words; the chain and the digest as the archive has them.
func (tx trustPhrases) receipt(rc store.Receipt) string {
	return receiptIn(tx.TrustText, rc.Chain, rc.Seq, rc.Move, rc.Hash.String())
}

// ReceiptText writes a receipt in lang: the chain's entry seq after move move, its digest hash in
// hexadecimal; a held letter's (the quarantine's chain), a tournament's letter's and one before
// a game's first move each in their own words.
func ReceiptText(lang, chain string, seq uint64, move int, hash string) string {
	return receiptIn(&phrase.For(lang).Office.Trust, chain, seq, move, hash)
}

func receiptIn(tx *phrase.TrustText, chain string, seq uint64, move int, hash string) string {
	hash = "sha256:" + hash
	switch code, isCode := strings.CutSuffix(chain, "/"); {
	case chain == QuarantineChain || chain == "":
		return fmt.Sprintf(tx.ReceiptHeld, seq, hash)
	case isCode:
		return fmt.Sprintf(tx.ReceiptOfTournament, code, seq, hash)
	case move == 0:
		return fmt.Sprintf(tx.ReceiptNoMove, chain, seq, hash)
	}
	return fmt.Sprintf(tx.ReceiptID, chain, seq, move, hash)
}

// over words the limit a letter is over in the note's language.
func (tx trustPhrases) over(e *trust.Excess) string {
	switch {
	case e == nil:
		return tx.OverParts(0)
	case e.What == "size":
		return tx.OverSize(e.Got, e.Max)
	case e.What == "parts":
		return tx.OverParts(e.Max)
	case e.What == "partial":
		return tx.Partial(e.Got, e.Max)
	case e.What == "fields":
		return tx.OverFields(e.Got, e.Max)
	}
	return tx.OverLine(e.Got, e.Max)
}

func (tx trustPhrases) noteLetter(r registration, note noteKind, h trust.Hold, base store.LetterOutcome, rc store.Receipt, loc *time.Location) (subject, body string) {
	var b strings.Builder
	fmt.Fprintf(&b, tx.NoteIntro+"\n", tx.stamp(base.Received.In(loc)))
	switch note {
	case noteLimit:
		fmt.Fprintf(&b, tx.NoteLimit+"\n", tx.over(h.Excess))
	case noteRate:
		fmt.Fprintf(&b, tx.NoteRate+"\n", tx.Letters(h.N))
	case noteNotOwn:
		fmt.Fprintf(&b, tx.NoteNotOwn+"\n", h.Game)
	case noteNotAddressed:
		fmt.Fprintf(&b, tx.NoteNotAddressed+"\n", h.Own)
	case noteForged:
		// The authentication's verdict, or the From read two ways, in the sender's words.
		fmt.Fprintf(&b, tx.NoteForged+"\n", tx.why(h))
	default:
		fault := h.Fault
		if h.Kind != trust.HoldUnreadable {
			fault = tx.why(h) // the From's or the Sender's addresses, in his words
		}
		fmt.Fprintf(&b, tx.NoteUnreadable+"\n", fault)
	}
	b.WriteString(tx.NoteKept + "\n")
	return fmt.Sprintf(tx.NoteSubject, r.sheet.Code), withReceipt(b.String(), tx.receiptLine(rc, base.Received, loc))
}

func (tx trustPhrases) judgeLetter(r registration, h trust.Hold, base store.LetterOutcome, rc store.Receipt, loc *time.Location, answered bool) (subject, body string) {
	var b strings.Builder
	fmt.Fprintf(&b, tx.JudgeIntro+"\n", r.player.Name, r.player.Email, tx.stamp(base.Received.In(loc)))
	fmt.Fprintf(&b, tx.JudgeReason+"\n", tx.why(h))
	if base.MessageID != "" {
		fmt.Fprintf(&b, tx.JudgeID+"\n", base.MessageID)
	}
	fmt.Fprintf(&b, tx.JudgeReceipt+"\n", tx.receipt(rc))
	if answered {
		b.WriteString(tx.JudgeAnswered + "\n")
	} else {
		b.WriteString(tx.JudgeNotAnswered + "\n")
	}
	return fmt.Sprintf(tx.JudgeSubject, r.sheet.Code, r.player.Email), b.String()
}
