package office

import (
	"bytes"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"postald/internal/bounce"
	"postald/internal/mailparse"
	"postald/internal/mailwrite"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
	"postald/internal/trust"
)

// maxAttempts is how often a letter whose processing was interrupted is tried again before it
// is quarantined for the judge: a letter that brings postald down every time must not block
// the mailbox for ever. postald cannot tell such a letter from one that was being decided when
// the machine was restarted or killed from outside, and a correct letter held costs its writer
// days, so the count is far above what restarts put on one letter (a burst killed fifty times
// put four on one); ten restarts of a letter that really crashes postald hold the mailbox up
// for a minute or two.
const maxAttempts = 10

// Letter decides one letter taken from the mailbox and records everything it changes in one
// transaction. It returns nil only when that transaction committed (or the letter had been
// decided before): only then may the letter leave the mailbox.
func (o *Office) Letter(m Incoming) error {
	now := o.now()
	ref := RefOf(m)
	msgID := MessageID(m.Raw)
	// The letter is recorded in a transaction of its own first, so that its attempt count
	// survives a processing that fails: a letter that keeps failing is quarantined, never
	// retried forever.
	var rec store.Inbound
	// A letter seen again after a crash (the watcher fetches its batch anew) is recognised in a
	// read transaction, without the cost of a commit.
	if err := o.opt.Store.View(func(tx *store.Tx) error {
		var err error
		rec, err = tx.Inbound(ref)
		return err
	}); err == nil && rec.IsFinished() {
		return nil
	}
	again := o.faults.retrying(ref)
	if err := o.opt.Store.Update(func(tx *store.Tx) error {
		var err error
		if again {
			rec, _, err = tx.ReceiveAgain(ref, msgID, m.Raw, now)
		} else {
			rec, _, err = tx.Receive(ref, msgID, m.Raw, now)
		}
		if err != nil {
			return err
		}
		return tx.Advance(now) // the store's clock: time never runs backward (clock.go)
	}); err != nil {
		return o.storeFailed(ref, err)
	}
	if rec.IsFinished() {
		o.storeWorks(ref)
		return nil // seen before, under this or another UID
	}
	var done decided
	err := o.update(func(tx *store.Tx) error {
		var err error
		done, err = o.apply(tx, m, rec, msgID, now, nil)
		return err
	})
	var u *undecided
	if errors.As(err, &u) {
		// Its decision failed and nothing of it was committed: the letter is held for the
		// judge alone.
		err = o.update(func(tx *store.Tx) error {
			var err error
			done, err = o.apply(tx, m, rec, msgID, now, &u.hold)
			return err
		})
	}
	if err != nil {
		if isStorageFault(err) {
			// The store's fault, not the letter's: the attempt counted above is taken back.
			if e := o.opt.Store.Update(func(tx *store.Tx) error { return tx.ForgiveAttempt(ref) }); e != nil {
				o.faults.remember(ref)
			}
		}
		return o.storeFailed(ref, err)
	}
	o.storeWorks(ref)
	o.logDecided(done)
	return nil
}

// RefOf is where m lies in the mailbox: the store's name of its inbound record.
func RefOf(m Incoming) store.MessageRef {
	return store.MessageRef{Mailbox: m.Mailbox, UIDValidity: m.UIDValidity, UID: m.UID}
}

// decided is what apply did with a letter, for the log once it is committed.
type decided struct {
	out     store.LetterOutcome
	applied store.Applied
	took    time.Duration    // the decision, inside its transaction (for the metrics)
	kind    DoneKind         // a letter, or a card the captain entered
	dec     referee.Decision // the referee's decision; zero for a letter held
}

// apply decides letter m, received as rec, and applies the outcome inside tx; held, when not
// nil, is why the letter is held for the judge undecided (its decision failed before: Letter).
func (o *Office) apply(tx *store.Tx, m Incoming, rec store.Inbound, msgID string, now time.Time, held *trust.Hold) (decided, error) {
	// Measured, not decided by: the real clock, not o.now, which a test may stop.
	began := time.Now()
	o.ended = nil
	var dec referee.Decision
	postmark := m.InternalDate
	if postmark.IsZero() || postmark.After(now) {
		postmark = now
	}
	base := store.LetterOutcome{Ref: RefOf(m), MessageID: msgID, Raw: m.Raw, Received: postmark, Now: now}
	var out store.LetterOutcome
	switch {
	case held != nil:
		out = o.holdForJudge(tx, base, *held)
	case rec.Attempts > maxAttempts:
		out = o.holdForJudge(tx, base, trust.Hold{Kind: trust.HoldFailed, N: rec.Attempts})
	default:
		// A letter fetched only in part (m.Truncated) is held by the pre-checks, which
		// know its whole size.
		var err error
		if out, err = o.decideSafely(tx, base, m.Size, &dec); err != nil {
			return decided{}, err
		}
	}
	o.forget(m.Raw) // the results of postald's own check kept for the letter: it is decided (authverdict.go)
	applied, err := tx.ApplyLetter(out)
	if err != nil {
		return decided{}, err
	}
	o.noteApplied(out, dec, applied)
	if err := o.letterEnded(tx, out, now); err != nil {
		return decided{}, err
	}
	revealed := map[string]bool{}
	for _, g := range decidedGames(out, dec) {
		if g.Game.Game == "" || g.Decision.Game.Status != referee.StatusFinished || revealed[g.Game.Tournament] {
			continue
		}
		// The letter finished the tournament's last game: the seed of its lots is revealed (lots.go).
		revealed[g.Game.Tournament] = true
		if err := revealFinished(tx, o.opt.From, g.Game.Tournament, now); err != nil {
			return decided{}, err
		}
	}
	return decided{out: out, applied: applied, took: time.Since(began), kind: DoneLetter, dec: dec}, nil
}

// noteApplied notes in o.work what a letter or a card applied (reading.Work): each game as decided,
// when its state was written.
func (o *Office) noteApplied(out store.LetterOutcome, dec referee.Decision, applied store.Applied) {
	if applied.Duplicate {
		return
	}
	for _, g := range decidedGames(out, dec) {
		o.work.Game(g.Game, g.Decision.Game.Status)
	}
}

// alsoDecisions are the decisions of a letter about its other games that the outcome records:
// those with a game (a request to name a game writes only letters).
func alsoDecisions(dec referee.Decision) []referee.Decision {
	var out []referee.Decision
	for _, d := range dec.Also {
		if d.Seat >= 0 {
			out = append(out, d)
		}
	}
	return out
}

// decidedGames pairs each game the outcome records with its decision: the letter's first game,
// then the others (LetterOutcome.Also).
func decidedGames(out store.LetterOutcome, dec referee.Decision) []DoneGame {
	if out.State == nil {
		return nil
	}
	gs := []DoneGame{{Game: out.Game, Decision: dec}}
	also := alsoDecisions(dec)
	for k, g := range out.Also {
		if k < len(also) {
			gs = append(gs, DoneGame{Game: g.Game, Decision: also[k]})
		}
	}
	return gs
}

// gameAttrs are the log's words for what id names: "game" and its key for a game, "tournament"
// and its code for the tournament itself, nothing for no game (a letter held).
func gameAttrs(id store.GameID) []any {
	switch {
	case id.Game != "":
		return []any{"game", id.Key()}
	case id.Tournament != "":
		return []any{"tournament", id.Tournament}
	}
	return nil
}

// logDecided logs a committed decision.
func (o *Office) logDecided(x decided) {
	out := x.out
	if out.Quarantine != "" {
		o.heldKnown = false // for the next digest (digest.go)
	}
	attrs := append([]any{"ref", out.Ref.String(), "message_id", out.MessageID}, gameAttrs(out.Game)...)
	if out.Verdict != "" {
		attrs = append(attrs, "verdict", out.Verdict)
	}
	if out.Clause != "" {
		attrs = append(attrs, "clause", out.Clause)
	}
	if out.Quarantine != "" {
		attrs = append(attrs, "held", out.Quarantine) // why; a held letter is no game's
	}
	o.log.Info("letter", append(attrs, "sent", len(x.applied.Outbox))...)
	if o.opt.Decided != nil {
		verdict := out.Verdict
		if out.Quarantine != "" {
			verdict = "quarantined"
		}
		o.opt.Decided(verdict, x.took)
	}
	verdict := out.Verdict
	if out.Quarantine != "" {
		verdict = "quarantined"
	}
	var also []DoneGame
	if gs := decidedGames(out, x.dec); len(gs) > 1 {
		also = gs[1:]
	}
	o.observe(Done{Kind: x.kind, At: out.Now, Ref: out.Ref, Game: out.Game, Decision: x.dec, Also: also, Held: out.Quarantine,
		Verdict: verdict, Outbox: x.applied.Outbox})
}

// undecided is the error of a letter whose decision failed or crashed (decideSafely): the
// transaction that tried it is rolled back, so that nothing of the failed decision stays (a
// delivery report's state written before a follow-up failed), and the letter is held for the
// judge in a transaction of its own (Letter).
type undecided struct{ hold trust.Hold }

func (u *undecided) Error() string { return "the letter could not be decided: " + u.hold.Fault }

// decideSafely is decide with a failure or a panic turned into an *undecided error: whatever a
// letter holds, the daemon goes on, and the judge finds the letter in the quarantine. A fault of
// the storage is returned as it is: the letter stays in the mailbox (storage.go).
func (o *Office) decideSafely(tx *store.Tx, base store.LetterOutcome, size int64, dec *referee.Decision) (out store.LetterOutcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			o.log.Error("panic while deciding a letter", "ref", base.Ref.String(), "panic", r)
			*dec, o.ended = referee.Decision{}, nil // nothing of the decision is applied
			err = &undecided{trust.Hold{Kind: trust.HoldInternal, Fault: fmt.Sprint(r)}}
		}
	}()
	out, err = o.decide(tx, base, size, dec)
	if err != nil && !isStorageFault(err) {
		o.log.Error("deciding a letter", "ref", base.Ref.String(), "err", err)
		*dec, o.ended = referee.Decision{}, nil
		err = &undecided{trust.Hold{Kind: trust.HoldInternal, Fault: err.Error()}}
	}
	return out, err
}

// holdForJudge quarantines a letter postald could not decide, for h: the trust gate says which
// judges of the sender's tournaments are told, so that a player's letter never waits unseen. A
// letter whose very holding fails (or crashes) is quarantined without a notice, and logged: no
// letter halts the mailbox.
func (o *Office) holdForJudge(tx *store.Tx, base store.LetterOutcome, h trust.Hold) (out store.LetterOutcome) {
	defer func() {
		if r := recover(); r != nil {
			o.log.Error("panic while holding a letter for the judge", "ref", base.Ref.String(), "panic", r)
			out = quarantined(base, h)
		}
	}()
	a, err := o.admit(tx, base, trust.KindUndecided, &h, int64(len(base.Raw)))
	if err != nil || a.held == nil {
		o.log.Error("telling the judge of a held letter", "ref", base.Ref.String(), "err", err)
		out = quarantined(base, h)
		out.Auth = a.auth
		return out
	}
	return *a.held
}

// route is where a letter the trust gate lets through goes: a team captain's protest about a
// game of his team, decided by the referee's door; else the sender's games; a game it names that
// is not his (the gate holds the letter for it).
type route struct {
	captain    *protest    // a captain's protest the referee's door took for his team's game
	cands      []candidate // the sender's games
	registered bool        // the sender is a player of some tournament
	foreign    string      // a game the letter names that is not his ("CODE/3-4")
}

// protest is a captain's protest about a game of his team, as the referee's door decided it.
type protest struct {
	game candidate
	dec  referee.Decision
}

// routeOf finds where letter l, of from, admitted as base, goes (route). A letter may name its
// tournament by the Latin spelling of a Cyrillic code ("ZK-1" for «ЗК-1»; tournament.Latin), or
// in its Subject only: the code is read as the tournament's own from here on, in l and in each
// of its sections.
func (o *Office) routeOf(tx *store.Tx, l *mailparse.Letter, from string, base store.LetterOutcome) (route, error) {
	var r route
	var err error
	if r.cands, r.registered, err = o.gamesOf(tx, from); err != nil {
		return r, err
	}
	if l.Tournament != "" {
		if l.Tournament, err = o.desk.Index.CanonicalCode(tx, l.Tournament); err != nil {
			return r, err
		}
	} else if l.Tournament, err = o.codeInSubject(tx, l.Header.Subject); err != nil {
		return r, err
	}
	for _, p := range l.Parts {
		// Each section of a letter about several games names the tournament as the letter does,
		// or as its own heading does.
		if p.Tournament == "" {
			p.Tournament = l.Tournament
		} else if p.Tournament, err = o.desk.Index.CanonicalCode(tx, p.Tournament); err != nil {
			return r, err
		}
	}
	// A team's captain protests about a game of his team in which he does not play (1.14.7):
	// the referee's door decides his letter like any other, that game its seat.
	caps, err := o.captainsGames(tx, l, from)
	if err != nil {
		return r, err
	}
	if len(caps) > 0 {
		seats := make([]referee.Seat, len(caps))
		for i, c := range caps {
			seats[i] = c.seat
		}
		env := referee.Envelope{From: from, MessageID: base.MessageID, Received: base.Received}
		d, err := referee.Decide(seats, referee.Mail{Letter: l, Envelope: env}, base.Now)
		if err != nil {
			return r, err
		}
		if d.Seat >= 0 {
			r.captain = &protest{game: caps[d.Seat], dec: d}
			return r, nil
		}
	}
	if len(r.cands) == 0 {
		return r, nil // nobody's move: held as a stranger's, or as about no game in progress (decide)
	}
	// Only a player moves, and only in his own games (architecture.md, "Reliability contract"):
	// the letter, or a section of a letter about several games, headed with another's game.
	if r.foreign, err = o.foreignGame(tx, l, from, r.cands); err != nil {
		return r, err
	}
	for _, p := range l.Parts {
		if r.foreign != "" {
			break
		}
		if r.foreign, err = o.foreignGame(tx, p, from, r.cands); err != nil {
			return r, err
		}
	}
	return r, nil
}

// decide asks the trust gate whether the letter may be read (trust.go), reads it and asks the
// referee's door with the sender's games (referee.Decide), setting dec to its decision. size is
// the letter's whole size when base.Raw holds only its beginning. A delivery report is postald's
// own business before any letter's (delivery.go); the gate words its authentication only.
func (o *Office) decide(tx *store.Tx, base store.LetterOutcome, size int64, dec *referee.Decision) (store.LetterOutcome, error) {
	report, isReport := bounce.Read(base.Raw)
	kind := trust.KindLetter
	if isReport {
		kind = trust.KindReport
	}
	// The trust gate: who sent the letter, whether it may be read and answered (trust.go).
	a, err := o.admit(tx, base, kind, nil, size)
	switch {
	case err != nil:
		return base, err
	case a.held != nil:
		return *a.held, nil
	}
	out := base
	out.Auth = a.auth // kept in the archive for the judge
	if isReport {
		return o.deliveryReport(tx, out, report, dec)
	}
	l, from := a.facts.letter, a.from
	r, err := a.facts.routeOf(from)
	if err != nil {
		return out, err
	}
	if c := r.captain; c != nil {
		*dec = c.dec
		return o.outcome(out, c.game, c.dec, from, false)
	}
	if len(r.cands) == 0 {
		h := trust.Hold{Kind: trust.HoldStranger, From: from}
		if r.registered {
			// His tournaments have no game in play: as a letter about no game in progress.
			h.Kind = trust.HoldNoGame
		}
		return quarantined(out, h), nil
	}
	cands := r.cands
	seats := make([]referee.Seat, len(cands))
	for i, c := range cands {
		seats[i] = c.seat
	}
	env := referee.Envelope{From: from, MessageID: base.MessageID, Received: base.Received}
	d, err := referee.Decide(seats, referee.Mail{Letter: l, Envelope: env}, out.Now)
	if err != nil {
		return out, err
	}
	*dec = d
	if dec.Seat < 0 {
		if dec.Verdict == referee.Ignored {
			return quarantined(out, trust.Hold{Kind: trust.HoldNoGame, From: from}), nil
		}
		// The letter does not say which of the sender's games it is about: he is asked to name
		// it (letters.md); this is not a violation, and no game changes.
		first := cands[0]
		out.Game = store.GameID{Tournament: first.sheet.Code}
		out.Verdict = string(dec.Verdict)
		o.asked(&out, first, d, from, o.oncePerDay(l, d))
		for _, a := range d.Also {
			o.asked(&out, first, a, from, o.oncePerDay(l, a))
		}
		return out, nil
	}
	out, err = o.outcome(out, cands[d.Seat], d, from, o.oncePerDay(l, d))
	if err != nil {
		return out, err
	}
	// The letter's other games (a section per game, a leave in each of the player's games):
	// decided in the same unit of work, the letter archived once (store.LetterOutcome.Also).
	for _, a := range d.Also {
		if a.Seat < 0 {
			o.asked(&out, cands[d.Seat], a, from, o.oncePerDay(l, a))
			continue
		}
		if out, err = o.alsoOutcome(out, cands[a.Seat], a, from, o.oncePerDay(l, a)); err != nil {
			return out, err
		}
	}
	return out, nil
}

// asked queues the letters of a decision about no game (the sender is asked to name the game of
// the letter or of one of its sections) under c's tournament.
func (o *Office) asked(out *store.LetterOutcome, c candidate, d referee.Decision, from string, daily bool) {
	tour := store.GameID{Tournament: c.sheet.Code}
	o.answers(out, c, d.Letters, from, func(og *store.Outgoing) { og.Game = tour }, daily)
}

// alsoOutcome records in out the decision dec about c, one more game the letter is about
// (store.LetterOutcome.Also), and queues its letters.
func (o *Office) alsoOutcome(out store.LetterOutcome, c candidate, dec referee.Decision, sender string, daily bool) (store.LetterOutcome, error) {
	g := store.GameOutcome{Game: c.id, Verdict: string(dec.Verdict), Clause: strings.Join(dec.Clauses, ","),
		Move: (len(dec.Game.Plies) + 1) / 2}
	next := dec.Next
	g.NextEvent = &next
	st, err := store.EncodeGame(c.id, dec.Game, c.stored, &o.cache.chunks)
	if err != nil {
		return out, err
	}
	g.State = &st
	if c.seat.Game.Status != referee.StatusFinished && dec.Game.Status == referee.StatusFinished {
		o.ended = append(o.ended, c.id) // the letter ends the game (systems.go)
	}
	out.Also = append(out.Also, g)
	c.seat.Game = dec.Game
	o.answers(&out, c, dec.Letters, sender, nil, daily)
	return out, nil
}

// oncePerDay reports a letter whose answer is sent at most once a day per game: one that
// answers a letter of postald's (its In-Reply-To or References names one), holds no move of its
// writer's (nor an acceptance of a variant) and no leave with its dates, and changed nothing in
// the game (the referee's verdict is a notice). Whatever else it says, an auto-responder's
// text, thanks, a question or a leave notice without dates, answering it more than once a day
// would answer an auto-responder that answers postald, for ever (RFC 3834).
func (o *Office) oncePerDay(l *mailparse.Letter, dec referee.Decision) bool {
	if dec.Verdict != referee.Notice {
		return false
	}
	for _, p := range append([]*mailparse.Letter{l}, l.Parts...) {
		if len(p.Moves) > 0 || p.AcceptVariant != nil {
			return false // its own moves, in the letter or in a section about one of its games
		}
	}
	if lv := l.Leave; lv != nil && !lv.From.IsZero() && !lv.To.IsZero() {
		return false // a leave with its days, its year perhaps left out (granted or refused: told)
	}
	return o.answersOwn(l.Header)
}

// answersOwn reports a letter in reply to one of postald's own: its In-Reply-To or References
// names a Message-ID the store gave a letter it sent ("postald.N.INSTANCE@domain").
func (o *Office) answersOwn(h mailparse.Header) bool {
	mark := "." + o.opt.Store.Instance() + "@"
	for _, id := range append(append([]string(nil), h.InReplyTo...), h.References...) {
		if strings.HasPrefix(id, "postald.") && strings.Contains(id, mark) {
			return true
		}
	}
	return false
}

// codeInSubject returns the code of the registered tournament a word of subject names, in its
// own spelling or its Latin one, in any case ("ZK-1" alone for «ЗК-1»): a code the parser does
// not take for one (a single digit after the dash) still names its tournament when it is
// registered. "" when no word, or words of more than one tournament, name one.
func (o *Office) codeInSubject(tx *store.Tx, subject string) (string, error) {
	r, err := o.tournaments(tx)
	if err != nil {
		return "", err
	}
	found := ""
	for _, w := range strings.Fields(subject) {
		code, ok := r.Lookup(strings.Trim(w, ",;:.!?()[]«»\""))
		switch {
		case !ok:
		case found != "" && found != code:
			return "", nil
		default:
			found = code
		}
	}
	return found, nil
}

// carriesMoves reports whether a letter carries moves: its own, a repetition, or an accepted
// variant. Such a letter of a registered player is decided over the hourly limit of letters
// (trust.Gate.Admit, which asks playerMoves).
func carriesMoves(l *mailparse.Letter) bool {
	for _, p := range l.Parts {
		if carriesMoves(p) {
			return true // a section of a letter about several games
		}
	}
	return len(l.Moves) > 0 || len(l.Repeated) > 0 || l.AcceptVariant != nil
}

// outcome turns a referee decision about a letter from sender into what the store records.
func (o *Office) outcome(out store.LetterOutcome, c candidate, dec referee.Decision, sender string, daily bool) (store.LetterOutcome, error) {
	out.Game = c.id
	out.Verdict = string(dec.Verdict)
	out.Clause = strings.Join(dec.Clauses, ",")
	out.Move = (len(dec.Game.Plies) + 1) / 2
	next := dec.Next
	out.NextEvent = &next
	// The game is written in parts: its head, and a chunk when one fills (gamecodec.go).
	st, err := store.EncodeGame(c.id, dec.Game, c.stored, &o.cache.chunks)
	if err != nil {
		return out, err
	}
	out.State = &st
	if c.seat.Game.Status != referee.StatusFinished && dec.Game.Status == referee.StatusFinished {
		o.ended = append(o.ended, c.id) // the letter ends the game (systems.go)
	}
	c.seat.Game = dec.Game // the letters show the game as decided
	// The answers to the sender quote his letter's receipt (trust.go).
	o.answers(&out, c, dec.Letters, sender, nil, daily)
	return out, nil
}

// outgoing writes a letter of the referee's for the outbox; pics holds the pictures drawn for
// the letters of the same decision, each drawn once. A letter to a player by post or telephone
// is a card for the captain to post or a call for him to make (4.1.1, 4.2.1), with a copy by
// e-mail when the player has an address.
func outgoing(from mail.Address, c candidate, o referee.Outgoing, now time.Time, pics pictures) []store.Outgoing {
	p, player := c.sheet.Player(o.Player)
	if o.Player == 0 || !player {
		return []store.Outgoing{written(from, c, o, o.To, now, pics)}
	}
	out := toPlayer(p, o.To, func(to string) store.Outgoing { return written(from, c, o, to, now, pics) })
	for i := range out {
		if out[i].Card != nil {
			out[i].Card.Rides = o.NoReply // it rides with the next card to him
		}
	}
	return out
}

// toPlayer is a letter to player p, write(to) writing it to address to: by e-mail, or for a
// player by post or telephone a card for the captain to post or a call for him to make (4.1.1,
// 4.2.1), named by its reader (to ""), with a copy by e-mail when he has an address.
func toPlayer(p tournament.Player, to string, write func(to string) store.Outgoing) []store.Outgoing {
	if !p.Channel.Captain() {
		return []store.Outgoing{write(to)}
	}
	card := write("")
	card.To = nil
	card.Card = &store.Card{Channel: p.Channel.String(), Player: p.Number, Name: p.Name,
		Address: p.PostalAddress, Phone: p.Phone}
	out := []store.Outgoing{card}
	if p.Email != "" {
		out = append(out, write(p.Email))
	}
	return out
}

// written writes letter o to address to ("" for a card: its reader is named, not addressed), in
// the language the referee wrote it in.
func written(from mail.Address, c candidate, o referee.Outgoing, to string, now time.Time, pics pictures) store.Outgoing {
	lang := o.Language
	if lang == "" {
		lang = readerLanguage(c.sheet, to)
	}
	name := c.nameOf(to)
	if p, ok := c.sheet.Player(o.Player); ok && o.Player != 0 {
		name = p.Name
	}
	l := mailwrite.Letter{
		From:      from,
		To:        []mail.Address{{Name: name, Address: to}},
		Subject:   o.Subject,
		Body:      o.Body,
		InReplyTo: o.InReplyTo,
		Date:      now,
		Game:      o.Game,
		Verdict:   string(o.Verdict),
		Clauses:   o.Clauses,
		Time:      o.TimeHeader(),
		Picture:   pics.of(o.Picture, c.id.Game, lang),
	}
	l.References = o.References
	if len(l.References) == 0 && o.InReplyTo != "" {
		l.References = []string{o.InReplyTo}
	}
	return store.Outgoing{
		From:    from.Address,
		To:      []string{to},
		Raw:     mailwrite.Compose(l),
		Game:    c.id,
		Move:    (len(c.seat.Game.Plies) + 1) / 2,
		Verdict: string(o.Verdict),
		Clause:  strings.Join(o.Clauses, ","),
		Brings:  brings(c, o, to),
	}
}

// candidate is a game the sender plays, at its tournament's table, with its start sheet.
type candidate struct {
	id     store.GameID
	sheet  *tournament.Sheet
	seat   referee.Seat
	stored *store.GameRead // the game's chunks as read, to write it back (gamecodec.go)
}

func (c candidate) nameOf(addr string) string {
	if p, ok := c.sheet.PlayerByEmail(addr); ok {
		return p.Name
	}
	return ""
}

// gamesOf returns the games of from in every tournament in which he is a player and some game
// is in play, and whether he is a player of any tournament. His games are known from the sheets
// (his number) and read by key; a tournament with no game in play costs a map lookup, and the
// sheets are parsed once per revision of the store's tournaments (reading.Index).
func (o *Office) gamesOf(tx *store.Tx, from string) ([]candidate, bool, error) {
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, false, err
	}
	regs := r.Registered(from)
	var cands []candidate
	load := func(finished bool) error {
		for _, reg := range regs {
			e := r.Entry(reg.Sheet.Code)
			if (e.InPlay == 0) != finished {
				continue
			}
			for _, id := range e.Games[reg.Player.Number] {
				st, sg, err := o.loadGame(tx, id)
				if err != nil {
					return err
				}
				cands = append(cands, candidate{id: id, sheet: reg.Sheet, seat: st, stored: sg})
			}
		}
		return nil
	}
	// The tournaments with a game in play first; a finished tournament costs nothing then.
	if err := load(false); err != nil {
		return nil, false, err
	}
	// A player none of whose tournaments has a game in play still gets his answer (the game is
	// over, letters.md), never a silent quarantine: his finished games are read for him alone.
	if len(cands) == 0 && len(regs) > 0 {
		if err := load(true); err != nil {
			return nil, false, err
		}
	}
	return cands, len(regs) > 0, nil
}

// LoadGame returns game id, whole, at its tournament's table (gamecodec.go), for a caller
// without an office; the office itself reads games with loadGame, through its caches.
func LoadGame(tx *store.Tx, id store.GameID) (referee.Seat, error) {
	raw, err := tx.Tournament(id.Tournament)
	if err != nil {
		return referee.Seat{}, fmt.Errorf("load game %s: %w", id, err)
	}
	sh, err := reading.SheetOf(raw)
	if err != nil {
		return referee.Seat{}, fmt.Errorf("load game %s: tournament %s: %w", id, id.Tournament, err)
	}
	t, err := reading.TableOf(sh, &reading.Zones{})
	if err != nil {
		return referee.Seat{}, fmt.Errorf("load game %s: %w", id, err)
	}
	g, _, err := tx.LoadGame(id, nil)
	return referee.Seat{Table: t, Game: g}, err
}

// MessageID reads a letter's Message-ID header, normalised as the store keeps it, without
// parsing the whole letter.
func MessageID(raw []byte) string {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	return store.NormalizeMessageID(m.Header.Get("Message-ID"))
}
