package office

import (
	"crypto/sha256"
	"fmt"
	"net/mail"
	"postald/internal/reading"
	"slices"
	"strings"
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

// The trust gate of an incoming letter is internal/trust (trust.Gate): one call, admit, says
// whether the letter may be read, and when it may not, why it is held and who is told; the
// office answers what the gate asks of the store and the tournaments (letterFacts), then records
// the letter held and enqueues the notices the gate allows. A letter held is kept in the store's
// quarantine (archived, never applied) and listed in the judges' daily digest (digest.go).

// newGate is the trust gate of the configuration.
func newGate(opt Options) *trust.Gate {
	t, l := opt.Trust, opt.Limits
	return trust.NewGate(trust.GateConfig{
		Policy:         trust.Policy{AuthservID: t.AuthservID, Require: t.Require, FromOnly: t.FromOnly, Server: t.Verdict == config.VerdictServer},
		Own:            opt.From.Address,
		OwnCheck:       opt.Verifier != nil,
		Limits:         trust.Limits{MaxBytes: int64(l.MaxMessageBytes), MaxParts: l.MaxParts, MaxLineBytes: l.MaxLineBytes},
		LettersPerHour: l.LettersPerHour,
		AnswersPerHour: l.AnswersPerHour,
	})
}

// letterFacts answers the gate's questions about one letter (trust.Facts) from the store and
// the office's index of the tournaments. It keeps the letter as the parser read it, and where it
// goes (its route), for the decision that follows.
type letterFacts struct {
	o      *Office
	tx     *store.Tx
	base   store.LetterOutcome
	letter *mailparse.Letter // the parsed letter, once Parsed was asked
	route  *route            // where the letter goes, once Foreign was asked
}

func (f *letterFacts) OwnResults() trust.AuthResults { return f.o.ownResults(f.base.Raw) }

func (f *letterFacts) Spent() (int, time.Duration, string, bool) {
	return f.o.later.spent(sha256.Sum256(f.base.Raw), f.base.Now)
}

func (f *letterFacts) Addressed(recipients []string) (string, bool, error) {
	return f.o.addressed(f.tx, trust.ReadHeader(f.base.Raw).From, recipients)
}

func (f *letterFacts) Earlier() (*trust.Earlier, error) { return f.o.replayOf(f.tx, f.base) }

func (f *letterFacts) Moves() (bool, error) {
	return f.o.playerMoves(f.tx, f.base.Raw, trust.ReadHeader(f.base.Raw).From)
}

func (f *letterFacts) Parsed() (trust.Header, error) {
	l, err := mailparse.Parse(f.base.Raw)
	if err != nil {
		return trust.Header{}, err
	}
	f.letter = l
	return parsedHeader(l), nil
}

func (f *letterFacts) Foreign(from string) (string, error) {
	r, err := f.routeOf(from)
	if err != nil {
		return "", err
	}
	return r.foreign, nil
}

// routeOf is where the parsed letter of from goes (route), found once.
func (f *letterFacts) routeOf(from string) (*route, error) {
	if f.route == nil {
		r, err := f.o.routeOf(f.tx, f.letter, from, f.base)
		if err != nil {
			return nil, err
		}
		f.route = &r
	}
	return f.route, nil
}

func (f *letterFacts) Judges(from string) ([]string, error) {
	regs, err := f.o.registrations(f.tx, from)
	judges := make([]string, len(regs))
	for i, r := range regs {
		judges[i] = r.Sheet.Judge
	}
	return judges, err
}

func (f *letterFacts) AllJudges() ([]string, error) {
	r, err := f.o.tournaments(f.tx)
	if err != nil {
		return nil, err
	}
	var judges []string
	for _, sh := range r.Sheets() {
		judges = append(judges, sh.Judge)
	}
	return judges, nil
}

// admitted is the trust gate's answer about a letter, as the office records it.
type admitted struct {
	from  string               // the sender, as the gate read him
	held  *store.LetterOutcome // the letter's outcome when the gate holds it, with its notices
	auth  string               // the authentication verdict recorded with the letter
	facts *letterFacts         // what the gate asked: the letter as parsed, and its route
}

// admit asks the trust gate about the letter base, of kind kind (why, for a letter postald could
// not decide), of whole size size, and records what it answers: the letter's outcome when the
// gate holds it, with the notices it allows; otherwise the letter as the parser read it, from
// its sender, is in the facts the gate asked. It is the letter's one call into the gate.
func (o *Office) admit(tx *store.Tx, base store.LetterOutcome, kind trust.Kind, why *trust.Hold, size int64) (admitted, error) {
	facts := &letterFacts{o: o, tx: tx, base: base}
	v, err := o.trust.Admit(trust.Letter{Kind: kind, Undecided: why, Raw: base.Raw, Size: size, Received: base.Received, Now: base.Now}, facts)
	a := admitted{from: v.From, auth: v.Auth, facts: facts}
	if err != nil {
		return a, err
	}
	if v.OverRate {
		o.log.Info("a move letter over the hourly limit of letters is decided: the limit holds back answers, never a player's moves",
			"from", v.From, "limit", o.opt.Limits.LettersPerHour)
	}
	if v.Hold == nil {
		return a, nil
	}
	regs, err := o.registrations(tx, v.From)
	if err != nil {
		return a, err
	}
	out := o.told(base, v.From, *v.Hold, v.Note, regs, v.Tell)
	if v.Unstamped.Missing {
		if err := o.unstampedNotice(tx, &out, v.From, base, v.Unstamped); err != nil {
			return a, err
		}
	}
	if len(v.Unchecked.Judges) > 0 {
		if err := o.uncheckedNotice(tx, v.From, base, out, v.Unchecked.Judges); err != nil {
			return a, err
		}
	}
	out.Auth = v.Auth
	a.held = &out
	return a, nil
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
	sheets := r.Sheets()
	for _, sh := range sheets {
		addrs = append(addrs, sh.Address)
	}
	own = o.opt.From.Address
	if regs := r.Registered(from); len(regs) > 0 && regs[0].Sheet.Address != "" {
		own = regs[0].Sheet.Address
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
// to be its sender by [trust] (the checks before passed), wrote with moves (trust.Facts.Moves).
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

// told quarantines the letter for h and composes the letters about it that t allows: the note of
// kind note to its sender, a registered player of regs, and a notice to each judge it names;
// every letter says why in its reader's language.
func (o *Office) told(base store.LetterOutcome, from string, h trust.Hold, note trust.Note, regs []registration, t trust.Tell) store.LetterOutcome {
	out := quarantined(base, h)
	if len(regs) == 0 {
		return out
	}
	type letter struct {
		reg    registration
		to     string
		answer bool
	}
	var letters []letter
	if t.Sender {
		letters = append(letters, letter{reg: regs[0], to: from, answer: true})
	} else if t.Unanswered {
		o.log.Info("held letter not answered: its sender had a note within the hour, or his answers for the hour are spent", "from", from)
	}
	for _, i := range t.Judges {
		letters = append(letters, letter{reg: regs[i], to: strings.ToLower(regs[i].Sheet.Judge)})
	}
	if len(letters) == 0 {
		return out
	}
	answered := letters[0].answer
	out.Compose = func(rc store.Receipt) ([]store.Outgoing, error) {
		var og []store.Outgoing
		for _, l := range letters {
			loc, err := o.zones.Get(l.reg.Sheet.Regulation.Zone)
			if err != nil {
				return nil, err
			}
			// The note to the sender in his own language, the judge's notice in the
			// tournament's (letters.md).
			tx := trustText(l.reg.Sheet.Language)
			if l.answer {
				tx = trustText(l.reg.Sheet.LanguageOf(l.reg.Player.Number))
			}
			var subject, body string
			if l.answer {
				subject, body = tx.noteLetter(l.reg, note, h, base, rc, loc)
			} else {
				subject, body = tx.judgeLetter(l.reg, h, base, rc, loc, answered)
			}
			og = append(og, o.notice(l.reg.Sheet, l.to, subject, body, l.answer, base))
		}
		return og, nil
	}
	return out
}

// unstampedNotice tells the judges of every tournament, once a day, that a letter arrived
// without an Authentication-Results field of the configured receiving server, and logs it:
// while the server does not stamp every letter, a forged field in its name would be believed.
// The letters go out with out's own (the letter's transaction); u is what the gate allows.
func (o *Office) unstampedNotice(tx *store.Tx, out *store.LetterOutcome, from string, base store.LetterOutcome, u trust.Unstamped) error {
	id := o.opt.Trust.AuthservID
	if !u.Today {
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
	sheets := r.Sheets()
	type judge struct {
		sheet *tournament.Sheet
		to    string
	}
	var judges []judge
	for _, i := range u.Judges {
		judges = append(judges, judge{sheets[i], strings.ToLower(sheets[i].Judge)})
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
			loc, err := o.zones.Get(j.sheet.Regulation.Zone)
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

// uncheckedNotice tells the judges the gate names, at most once a day, of a letter held because
// its sender could not be checked after every try (later.go). A registered player's letter is
// told of as any held letter.
func (o *Office) uncheckedNotice(tx *store.Tx, from string, base, out store.LetterOutcome, judges []string) error {
	shown := from
	if shown == "" {
		shown = "?"
	}
	h, _ := decodeHold(out.Held)
	return o.eachJudge(tx, func(sh *tournament.Sheet, codes string) error {
		if !slices.Contains(judges, strings.ToLower(sh.Judge)) {
			return nil
		}
		loc, err := o.zones.Get(sh.Regulation.Zone)
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

// registration is a tournament in which an address is a player (the index of the players,
// reading.Roster.Registered).
type registration = reading.Registration

// registrations returns the tournaments in which from is a player, in code order (the office's
// index of the players, reading.Index).
func (o *Office) registrations(tx *store.Tx, from string) ([]registration, error) {
	if from == "" {
		return nil, nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, err
	}
	return r.Registered(from), nil
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
		for _, e := range r.Named(strings.TrimSpace(l.Tournament)) {
			sheets, seen[e.Sheet.Code] = append(sheets, e.Sheet), true
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
	type item struct {
		letter referee.Outgoing
		answer bool
	}
	answer := make([]bool, len(letters))
	for i, l := range letters {
		to := l.To
		if to == "" && l.Role == referee.ToSender {
			to = sender
		}
		answer[i] = strings.EqualFold(to, sender)
	}
	fates := o.trust.Answers(c.id.Key(), sender, daily, answer, out.Now)
	items := make([]item, 0, len(letters))
	for i, l := range letters {
		switch fates[i] {
		case trust.AnswerDaily:
			o.log.Info("answer not sent: a letter in reply to postald's, without a move or a dated leave, is answered once a day per game",
				"to", sender, "game", c.id.Key(), "kind", l.Kind)
			continue
		case trust.AnswerOverLimit:
			o.log.Warn("answer not sent: over the hourly limit of answers to this address",
				"to", sender, "limit", o.opt.Limits.AnswersPerHour, "kind", l.Kind, "verdict", l.Verdict)
			continue
		}
		items = append(items, item{l, answer[i]})
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
	case chain == reading.QuarantineChain || chain == "":
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

func (tx trustPhrases) noteLetter(r registration, note trust.Note, h trust.Hold, base store.LetterOutcome, rc store.Receipt, loc *time.Location) (subject, body string) {
	var b strings.Builder
	fmt.Fprintf(&b, tx.NoteIntro+"\n", tx.stamp(base.Received.In(loc)))
	switch note {
	case trust.NoteLimit:
		fmt.Fprintf(&b, tx.NoteLimit+"\n", tx.over(h.Excess))
	case trust.NoteRate:
		fmt.Fprintf(&b, tx.NoteRate+"\n", tx.Letters(h.N))
	case trust.NoteNotOwn:
		fmt.Fprintf(&b, tx.NoteNotOwn+"\n", h.Game)
	case trust.NoteNotAddressed:
		fmt.Fprintf(&b, tx.NoteNotAddressed+"\n", h.Own)
	case trust.NoteForged:
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
	return fmt.Sprintf(tx.NoteSubject, r.Sheet.Code), withReceipt(b.String(), tx.receiptLine(rc, base.Received, loc))
}

func (tx trustPhrases) judgeLetter(r registration, h trust.Hold, base store.LetterOutcome, rc store.Receipt, loc *time.Location, answered bool) (subject, body string) {
	var b strings.Builder
	fmt.Fprintf(&b, tx.JudgeIntro+"\n", r.Player.Name, r.Player.Email, tx.stamp(base.Received.In(loc)))
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
	return fmt.Sprintf(tx.JudgeSubject, r.Sheet.Code, r.Player.Email), b.String()
}
