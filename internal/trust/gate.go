package trust

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// The trust gate of an incoming letter (architecture.md, "Reliability contract"): one call,
// Gate.Admit, says whether postald may read a letter, and when it may not, why it is held and
// who is told. The rules, in the order they are asked:
//
//   - Only a registered player moves, and only in his own games: the sender is the From address,
//     authenticated where [trust] says so by postald's own check of the letter's DKIM
//     signatures, the SPF of its envelope sender and DMARC (or, with verdict "server", by the
//     receiving server's Authentication-Results, not contradicted by that check).
//   - No loops (RFC 3834): automatic mail (its fields, or the Subject of a mail service's
//     auto-reply) is never answered, the answers of every kind to any one address are limited
//     per hour (Gate.Answers), and a letter in reply to postald's own that holds no move and no
//     dated leave is answered at most once a day per game.
//   - Limits: size, MIME parts, line length and letters per sender per hour. A letter that fails
//     authentication is held before it is counted, so a flood in a player's name never uses up
//     his own letters; and a registered player's letter with moves is decided over the hourly
//     limit too (Facts.Moves): the limit protects answers, never his moves.
//
// A delivery report (Letter.Kind KindReport) is believed by the token of the letter postald sent
// that it carries, which the office matches, never by its sender: the gate only words its
// authentication. A letter postald could not decide (KindUndecided: its decision failed or
// crashed, or was tried too often) is held unread for the reason the office gives; the gate
// says who is told of it.
//
// A letter that fails any of them is held: kept in the quarantine (archived, never applied) and
// listed in the judges' daily digest. When it names a registered player as its sender, the
// tournament's judge gets a short notice quoting its receipt, at most once an hour for one
// sender, and the player gets a short note at his registered address, once an hour: over a
// limit, too many letters, a game that is not his, or not shown to come from him (then he learns
// that somebody may write in his name; the forger, who does not read that mailbox, learns
// nothing). Automatic mail is never answered.
//
// The counters live in memory: a restart of the daemon starts every window afresh. Each tracks at
// most trackedSenders addresses, each address with at most its hourly limit of instants (8 bytes
// each): a few megabytes at the very most, whatever floods in.

// trackedSenders bounds each rate limiter's memory.
const trackedSenders = 10000

// GateConfig is what the gate is set up with: the configuration's [trust] and [limits], and
// postald's own address.
type GateConfig struct {
	Policy Policy
	// Own is postald's own address: a letter from it is its own, never answered (LoopOf).
	Own string
	// OwnCheck says that postald's own check of the sender is set up (a verifier that asks the
	// DNS); without it a letter that needs the check is not authenticated.
	OwnCheck bool
	// Limits are the size limits of a letter; LettersPerHour and AnswersPerHour the hourly
	// limits of letters from one address and of answers to one.
	Limits         Limits
	LettersPerHour int
	AnswersPerHour int
}

// Gate is the daemon's trust gate: its rules, and its rate limiters. Safe for concurrent use.
type Gate struct {
	cfg       GateConfig
	mu        sync.Mutex
	letters   *Limiter // letters per sender, by postmark
	answers   *Limiter // answers per recipient
	notes     *Limiter // the short note to a sender: once per hour
	judges    *Limiter // notices to a judge about one sender: once per hour
	daily     *Limiter // the notice about letters the receiving server did not stamp: once a day
	daily1    *Limiter // the answer about one game to a letter in reply to postald's (Answers)
	unchecked *Limiter // the judges' notice of letters whose sender could not be checked: once a day
}

// NewGate returns the gate for cfg, every window empty.
func NewGate(cfg GateConfig) *Gate {
	return &Gate{
		cfg:       cfg,
		letters:   NewLimiter(cfg.LettersPerHour, time.Hour, trackedSenders),
		answers:   NewLimiter(cfg.AnswersPerHour, time.Hour, trackedSenders),
		notes:     NewLimiter(1, time.Hour, trackedSenders),
		judges:    NewLimiter(1, time.Hour, trackedSenders),
		daily:     NewLimiter(1, 24*time.Hour, 1),
		daily1:    NewLimiter(1, 24*time.Hour, trackedSenders),
		unchecked: NewLimiter(1, 24*time.Hour, 1),
	}
}

func (g *Gate) allow(l *Limiter, key string, at time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return l.Allow(key, at)
}

// Kind is what the office brings the gate: a letter to read, a delivery report, or a letter it
// could not decide.
type Kind int

const (
	// KindLetter is a letter to read: every rule is asked.
	KindLetter Kind = iota
	// KindReport is a delivery report (RFC 3464), believed by the token of a letter postald
	// sent, which the office matches: no rule is asked, the verdict only words its
	// authentication.
	KindReport
	// KindUndecided is a letter postald could not decide, held unread for Letter.Undecided:
	// the gate says who is told.
	KindUndecided
)

// Letter is an incoming letter as the gate reads it.
type Letter struct {
	Kind Kind
	// Undecided is why a letter of KindUndecided is held.
	Undecided *Hold
	Raw       []byte
	// Size is the letter's whole size; more than len(Raw) when it was fetched only in part.
	Size int64
	// Received is its postmark (the letters per hour are counted by it), Now the instant of
	// the decision.
	Received, Now time.Time
}

// Facts answers what the gate asks about a letter beyond its bytes: the store's and the
// tournaments' part. Each is asked only when the rules before it let the letter through, so a
// letter held early costs nothing more; an error stops the decision (the letter is decided
// again later).
type Facts interface {
	// OwnResults are postald's own check of the letter (its AuthservID is OwnCheck).
	OwnResults() AuthResults
	// Spent reports a letter whose own check failed for now at every try: how often, since
	// how long, and why.
	Spent() (tries int, over time.Duration, why string, ok bool)
	// Addressed reports whether recipients (the To and Cc addresses) name an address of the
	// watched mailbox; own is the address the letter should have named, for the note.
	Addressed(recipients []string) (own string, ok bool, err error)
	// Earlier is the letter decided before under the letter's Message-ID, when the letter is
	// another one carrying it (a replay); nil when there is none.
	Earlier() (*Earlier, error)
	// Moves reports that a registered player wrote the letter with moves: asked only of a
	// letter over the hourly limit of letters.
	Moves() (bool, error)
	// Parsed is the letter's header as the letter's parser reads it, asked once every check of
	// the raw header passed; an error says that the parser cannot read the letter.
	Parsed() (Header, error)
	// Foreign is a game the parsed letter names in which its sender does not play and about
	// which he may not write (the game of two other players of a tournament he plays in, or of
	// the tournament the letter names, as "CODE/3-4"); "" when there is none, or when he has no
	// game at all (his letter is then nobody's move). A team captain's protest about a game of
	// his team is his to write (1.14.7). Asked last, of a letter about to be read.
	Foreign(from string) (string, error)
	// Judges are the judges' addresses of the tournaments in which from plays, one a
	// tournament, in the tournaments' order ("" for a tournament without a judge); none when
	// from is no registered player.
	Judges(from string) ([]string, error)
	// AllJudges are the judges' addresses of every tournament, one a tournament, in the
	// tournaments' order ("" for a tournament without a judge).
	AllJudges() ([]string, error)
}

// Note is the short note a held letter's sender gets, if any.
type Note int

const (
	NoNote           Note = iota
	NoteLimit             // over a size limit
	NoteRate              // too many letters
	NoteNotOwn            // a game that is not his
	NoteUnreadable        // no header postald can read
	NoteForged            // not shown to come from the address it names
	NoteNotAddressed      // not addressed to the tournament
)

// Verdict is the gate's answer about one letter.
type Verdict struct {
	// From is the sender, as the raw header reads it (lower case; "" when it cannot be read).
	From string
	// Hold says why the letter is held; nil when it may be read. Note is the note its sender
	// may get, Tell who is told of it.
	Hold *Hold
	Note Note
	Tell Tell
	// OverRate: a registered player's letter with moves, over the hourly limit of letters, is
	// read all the same (the limit holds back answers, never a player's moves).
	OverRate bool
	// Unstamped: the held letter came without the receiving server's Authentication-Results
	// field while that server's verdict is believed (Policy.Stamped).
	Unstamped Unstamped
	// Unchecked: the letter is held because its sender could not be checked after every try,
	// and no registered player is told; these judges are.
	Unchecked Unchecked
	// Auth is the authentication verdict recorded with the letter, for the judge (its words: authVerdict).
	Auth string
}

// Tell is who is told of a held letter, within the hourly limits.
type Tell struct {
	// Sender: the registered player the letter names gets the note. Unanswered: he would have,
	// but he had a note within the hour, or his answers for the hour are spent.
	Sender, Unanswered bool
	// Judges are the indices, in Facts.Judges of the sender, of the tournaments whose judge
	// gets the notice: one a judge, never the sender himself.
	Judges []int
}

// Unstamped is the judges' daily notice of a letter without the receiving server's field.
type Unstamped struct {
	// Missing: the letter has no field of the server; Today: the judges are told (once a day).
	Missing, Today bool
	// Judges are the indices, in Facts.AllJudges, of the tournaments whose judge is told: one
	// a judge, within his answers of the hour.
	Judges []int
}

// Unchecked is the judges' daily notice of a letter held because its sender could not be
// checked, when the letter names no registered player (whose judges Tell tells).
type Unchecked struct {
	// Judges are the judges told (lower case), each once, in the tournaments' order.
	Judges []string
}

// Admit decides whether the letter l may be read: the rules above, asked in their order, each
// with what it needs of facts. It returns the verdict, with why a held letter is held and who is
// told, and the authentication verdict recorded with every letter; err is a fault of facts, and
// nothing is decided. It is the one call into the gate for a letter: a delivery report and a
// letter postald could not decide (l.Kind) are asked here too.
func (g *Gate) Admit(l Letter, facts Facts) (Verdict, error) {
	h := ReadHeader(l.Raw)
	v := Verdict{From: h.From}
	var err error
	switch l.Kind {
	case KindReport:
	case KindUndecided:
		// Held unread, whatever it says: the judges of its sender's tournaments are told, so
		// that a player's letter never waits unseen; nothing is said to the sender.
		why := Hold{Kind: HoldInternal}
		if l.Undecided != nil {
			why = *l.Undecided
		}
		err = g.hold(&v, why, l.Now, facts)
	default:
		err = g.rules(h, l, facts, &v)
	}
	if err != nil {
		return v, err
	}
	v.Auth = g.authVerdict(h, facts)
	return v, nil
}

// rules asks the rules of a letter to read, in their order: those of the raw header and bytes,
// then those of the letter as its parser reads it, then whether it is about the sender's own
// games.
func (g *Gate) rules(h Header, l Letter, facts Facts, v *Verdict) error {
	pol := g.cfg.Policy
	// A letter without a field of the receiving server did not pass its verifier: where the
	// server's verdict is believed (verdict "server"), a forged field in the server's name would
	// have been.
	unstamped := pol.Server && !pol.FromOnly && pol.AuthservID != "" && !pol.Stamped(h.AuthResults)
	held, err := g.raw(h, l, facts, v)
	switch {
	case err != nil:
		return err
	case held != nil && held.Kind == HoldUnchecked:
		return nil // told of in raw
	case held != nil:
		if err := g.hold(v, *held, l.Now, facts); err != nil {
			return err
		}
		if unstamped {
			return g.unstamped(v, l.Now, facts)
		}
		return nil
	}
	switch held, err = g.parsed(h.From, facts, v); {
	case err != nil:
		return err
	case held != nil:
		return g.hold(v, *held, l.Now, facts)
	}
	// Only a player moves, and only in his own games (architecture.md, "Reliability contract"):
	// a letter naming another's game is held, and its sender told that the game is not his.
	game, err := facts.Foreign(h.From)
	if err != nil || game == "" {
		return err
	}
	v.Note = NoteNotOwn
	return g.hold(v, Hold{Kind: HoldNotOwn, Game: game}, l.Now, facts)
}

// raw asks the rules of the raw header and bytes (the pre-checks, before the letter is parsed).
// A letter held as unchecked is told of here (its notices are not the others').
func (g *Gate) raw(h Header, l Letter, facts Facts, v *Verdict) (*Hold, error) {
	from := h.From
	held := func(h Hold, note Note) (*Hold, error) {
		v.Note = note
		return &h, nil
	}
	// RFC 3834: automatic mail is never answered.
	if lp, quote := LoopOf(h, g.cfg.Own); lp != NoLoop {
		return held(Hold{Kind: HoldLoop, Loop: lp, Quote: quote}, NoNote)
	}
	// RFC 5322 (3.6): exactly one From. Two are the classic way to show one sender to the
	// authentication and another to the reader.
	if h.FromFields > 1 {
		return held(Hold{Kind: HoldFromFields, N: h.FromFields}, NoteForged)
	}
	// RFC 5322 (3.6.2): a From with several authors, or a Sender who is not the From, is a
	// letter written for somebody else or for several people; postald reads a letter as one
	// player's own, so it cannot read either as anybody's move: held as unreadable.
	if h.FromAddrs > 1 {
		return held(Hold{Kind: HoldFromList, N: h.FromAddrs}, NoteUnreadable)
	}
	if h.SenderFields > 1 || (h.SenderFields == 1 && h.Sender != from) {
		return held(Hold{Kind: HoldSender, From: from, Other: h.Sender, N: h.SenderFields}, NoteUnreadable)
	}
	// One header, read one way: every reader of the letter (this one, the parser, a DKIM
	// verifier) reads the whole header, up to MaxFields fields; a longer header is a limit.
	if h.Fields > MaxFields {
		e := &Excess{What: "fields", Got: int64(h.Fields), Max: MaxFields}
		return held(Hold{Kind: HoldLimit, Excess: e}, NoteLimit)
	}
	// RFC 5322 (3.6): Date, To, Cc, Subject, Message-ID and the rest appear at most once. A
	// second one shows the mail program one value and the DKIM verifier (which reads the last)
	// another: a replayed letter with a new Subject above the signed one is the classic case.
	if h.Twice != "" {
		return held(Hold{Kind: HoldTwice, Field: h.Twice, N: h.TwiceN}, NoteForged)
	}
	// The sender: postald's own check of the letter's DKIM, SPF and DMARC, or the receiving
	// server's field not contradicted by it ([trust] verdict).
	if err := g.authenticate(h, facts); err != nil {
		// A letter whose check failed for now at every try: held, listed, and the judges told;
		// nothing is said to the address it names, which may not have written it.
		if tries, over, why, ok := facts.Spent(); ok {
			hd := Hold{Kind: HoldUnchecked, N: tries, Over: over, Fault: why}
			return &hd, g.holdUnchecked(v, hd, l.Now, facts)
		}
		if errors.Is(err, ErrNoPolicy) {
			return held(Authentication(err), NoNote) // postald's configuration, not the letter: the judge is told
		}
		// The player whose address the letter names is told, within the hourly limit: if he
		// wrote it, he knows to write again from his own account; if not, that someone writes in
		// his name (the loop rule above keeps automatic mail unanswered).
		return held(Authentication(err), NoteForged)
	}
	// A letter is for this mailbox: its To or Cc names the tournament's address (or another
	// address of the watched mailbox). A player's genuine letter to another tournament or to a
	// list, put into this mailbox by whoever holds a copy, is not his letter to this one.
	if own, ok, err := facts.Addressed(h.Recipients); err != nil {
		return nil, err
	} else if !ok {
		return held(Hold{Kind: HoldNotAddressed, Field: clipList(h.Recipients, 3), Own: own}, NoteNotAddressed)
	}
	// A Message-ID decided before in a letter of another content is a replay (a genuine
	// letter with its header changed): the first decision stands. A Message-ID of a letter
	// held before (a stranger's, a forgery's) does not make the letter that carries it a replay.
	if e, err := facts.Earlier(); err != nil {
		return nil, err
	} else if e != nil {
		return held(Hold{Kind: HoldReplay, Earlier: e}, NoNote)
	}
	if e := g.cfg.Limits.Check(l.Raw, l.Size); e != nil {
		return held(Hold{Kind: HoldLimit, Excess: e}, NoteLimit)
	}
	if int64(len(l.Raw)) < l.Size {
		e := &Excess{What: "partial", Got: int64(len(l.Raw)), Max: l.Size}
		return held(Hold{Kind: HoldLimit, Excess: e}, NoteLimit)
	}
	if !g.allow(g.letters, from, l.Received) {
		// The limit is there to keep loops and floods from being answered (RFC 3834); a
		// player's move letter is answered whatever the count (Answers), and holding it would
		// stop his game while his clock runs (4.3.1), so it is decided. Only such letters are
		// read twice: the rest of a flood is held unread.
		moves, err := facts.Moves()
		if err != nil {
			return nil, err
		}
		if !moves {
			return held(Hold{Kind: HoldRate, N: g.cfg.LettersPerHour, From: from}, NoteRate)
		}
		v.OverRate = true
	}
	return nil, nil
}

// parsed asks the rules of the letter as its parser reads it: a header that the pre-checks and
// the parser read differently must not slip through either of them.
func (g *Gate) parsed(sender string, facts Facts, v *Verdict) (*Hold, error) {
	h, err := facts.Parsed()
	if err != nil {
		v.Note = NoteUnreadable
		return &Hold{Kind: HoldUnreadable, Fault: err.Error()}, nil
	}
	if lp, quote := LoopOf(h, g.cfg.Own); lp != NoLoop {
		v.Note = NoNote
		return &Hold{Kind: HoldLoop, Loop: lp, Quote: quote}, nil
	}
	if from := strings.ToLower(h.From); from != sender {
		v.Note = NoteForged
		return &Hold{Kind: HoldFromTwoWays, From: sender, Other: from}, nil
	}
	return nil, nil
}

// hold sets v's hold and who is told of it.
func (g *Gate) hold(v *Verdict, h Hold, now time.Time, facts Facts) error {
	v.Hold = &h
	judges, err := facts.Judges(v.From)
	if err != nil {
		return err
	}
	v.Tell = g.told(v.From, v.Note, judges, now)
	return nil
}

// told says who is told of a letter held for a registered player's sender from (judges: his
// tournaments' judges, as Facts.Judges gives them), within the hourly limits: he gets the note of
// kind note, once an hour and within his answers, and each judge a notice about him, once an hour.
// A judge who writes himself is not told about his own letters: a notice to an address whose
// mailbox answers automatically would otherwise come back, again and again.
func (g *Gate) told(from string, note Note, judges []string, now time.Time) Tell {
	var t Tell
	if len(judges) == 0 {
		return t
	}
	if note != NoNote && g.allow(g.notes, from, now) && g.allow(g.answers, from, now) {
		t.Sender = true
	} else if note != NoNote {
		t.Unanswered = true
	}
	seen := map[string]bool{}
	for i, j := range judges {
		j = strings.ToLower(j)
		if j == "" || j == from || seen[j] {
			continue
		}
		seen[j] = true
		if g.allow(g.judges, j+" "+from, now) && g.allow(g.answers, j, now) {
			t.Judges = append(t.Judges, i)
		}
	}
	return t
}

// unstamped sets the judges' notice of a letter without the receiving server's field: every
// judge, once a day, within his answers of the hour.
func (g *Gate) unstamped(v *Verdict, now time.Time, facts Facts) error {
	v.Unstamped.Missing = true
	if !g.allow(g.daily, "unstamped", now) {
		return nil
	}
	v.Unstamped.Today = true
	all, err := facts.AllJudges()
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, j := range all {
		j = strings.ToLower(j)
		if j == "" || seen[j] || !g.allow(g.answers, j, now) {
			continue
		}
		seen[j] = true
		v.Unstamped.Judges = append(v.Unstamped.Judges, i)
	}
	return nil
}

// holdUnchecked holds a letter whose sender could not be checked after every try. A registered
// player's letter is told of as any held letter, with no note; another's judges are told once
// a day, each within his answers of the hour.
func (g *Gate) holdUnchecked(v *Verdict, h Hold, now time.Time, facts Facts) error {
	v.Note = NoNote
	if err := g.hold(v, h, now, facts); err != nil {
		return err
	}
	if regs, err := facts.Judges(v.From); err != nil || len(regs) > 0 {
		return err
	}
	v.Unchecked.Judges = []string{}
	if !g.allow(g.unchecked, "unchecked", now) {
		return nil
	}
	all, err := facts.AllJudges()
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, j := range all {
		j = strings.ToLower(j)
		if j == "" || seen[j] {
			continue
		}
		seen[j] = true
		if g.allow(g.answers, j, now) {
			v.Unchecked.Judges = append(v.Unchecked.Judges, j)
		}
	}
	return nil
}

// AnswerFate is what becomes of one answer to a letter's sender.
type AnswerFate int

const (
	AnswerSent      AnswerFate = iota // sent
	AnswerDaily                       // not sent: the letter's game had its answer of the day
	AnswerOverLimit                   // not sent: over the hourly limit of answers to the address
)

// Answers says which of the letters postald writes about one letter go out: answer[i] says
// that the i-th is an answer to the letter's sender. Beyond answers_per_hour no answer is sent,
// of whatever kind (the loop guard of RFC 3834: no address gets more answers an hour, so no
// mail loop costs more); the letter itself is decided all the same, and what goes to another
// (a forwarded move) is no answer. With daily (a letter answering postald's own that holds no
// move and no dated leave), the sender's answers about game go out at most once a day.
func (g *Gate) Answers(game, sender string, daily bool, answer []bool, now time.Time) []AnswerFate {
	sender = strings.ToLower(sender)
	today := true // the answer of the day about this game is not sent yet (daily)
	if daily {
		today = g.allow(g.daily1, game+" "+sender, now)
	}
	fates := make([]AnswerFate, len(answer))
	for i, a := range answer {
		switch {
		case a && !today:
			fates[i] = AnswerDaily
		case a && !g.allow(g.answers, sender, now):
			fates[i] = AnswerOverLimit
		}
	}
	return fates
}

// AllowAnswer counts one answer to the address to within the hourly limit of answers, and
// reports whether it may go.
func (g *Gate) AllowAnswer(to string, now time.Time) bool {
	return g.allow(g.answers, strings.ToLower(to), now)
}

// OwnCheckNeeded reports whether a letter with header h is decided with postald's own check:
// always where it decides (verdict "own"); with verdict "server", only when the server passed
// it (the own check may then contradict the server; a letter the server failed is held anyway).
func (g *Gate) OwnCheckNeeded(h Header) bool {
	pol := g.cfg.Policy
	if pol.FromOnly || len(pol.Require) == 0 || !g.cfg.OwnCheck {
		return false
	}
	return !pol.Server || pol.CheckHeader(h) == nil
}

// Policy is the gate's [trust].
func (g *Gate) Policy() Policy { return g.cfg.Policy }

// authenticate decides whether h.From sent the letter, by [trust] (Policy.Authenticate):
// postald's own check decides, or, with verdict "server", the receiving server's field, not
// contradicted by postald's own check.
func (g *Gate) authenticate(h Header, facts Facts) error {
	pol := g.cfg.Policy
	var own AuthResults
	if g.OwnCheckNeeded(h) || (!pol.FromOnly && !pol.Server) {
		own = facts.OwnResults()
	}
	return pol.Authenticate(h, own)
}

// authVerdict words the verdict on a letter with header h:
//
//	pass: dmarc aligned with club.example by postald's own check (postald: dkim=pass spf=fail dmarc=pass; mx.club.example: dkim=pass spf=pass dmarc=pass)
//	fail: not authenticated by postald's own check: dkim: fail (body hash did not verify) (postald: dkim=fail ...; mx.club.example: dkim=pass)
//	pass: dkim aligned with club.example by mx.club.example, not contradicted by postald's own check (postald: ...; mx.club.example: ...)
//	none: no authentication required ([trust]); the From address alone is believed
func (g *Gate) authVerdict(h Header, facts Facts) string {
	pol := g.cfg.Policy
	var said []string
	own := !pol.FromOnly && len(pol.Require) > 0 && (g.OwnCheckNeeded(h) || !pol.Server)
	if own {
		said = append(said, ownSays(facts.OwnResults()))
	}
	if pol.AuthservID != "" {
		said = append(said, serverSays(h.AuthResults, pol.AuthservID))
	}
	tail := ""
	if len(said) > 0 {
		tail = " (" + strings.Join(said, "; ") + ")"
	}
	if len(pol.Require) == 0 {
		return AuthNone + tail
	}
	var ownResults AuthResults
	if own {
		ownResults = facts.OwnResults()
	}
	if err := pol.Authenticate(h, ownResults); err != nil {
		return "fail: " + err.Error() + tail
	}
	by := AuthByOwn
	if pol.Server {
		by = "by " + pol.AuthservID
		if own {
			by += AuthNotContradicted
		}
	}
	return fmt.Sprintf("pass: %s aligned with %s %s%s", strings.Join(pol.Require, ", "), Domain(h.From), by, tail)
}

// The words of the verdicts the gate records (authVerdict), by which the judge's views read them back.
const (
	AuthNone            = "none: no authentication required ([trust]); the From address alone is believed"
	AuthByOwn           = "by postald's own check"
	AuthNotContradicted = ", not contradicted by postald's own check"
)

// ownSays sums up postald's own results: "postald: dkim=pass spf=none dmarc=pass".
func ownSays(ar AuthResults) string {
	var rs []string
	for _, r := range ar.Results {
		s := r.Method + "=" + r.Result
		if d := r.Property("header", "d"); d != "" && r.Method == "dkim" {
			s += " header.d=" + d
		}
		if r.Result != "pass" && r.Reason != "" {
			s += " (" + r.Reason + ")"
		}
		rs = append(rs, s)
	}
	return OwnCheck + ": " + strings.Join(rs, " ")
}

// serverSays sums up the first Authentication-Results field of server: "mx.example: dkim=pass
// spf=fail".
func serverSays(fields []string, server string) string {
	for _, f := range fields {
		ar, err := ParseAuthResults(f)
		if !strings.EqualFold(ar.AuthservID, server) {
			continue
		}
		if err != nil {
			return server + ": unreadable"
		}
		var rs []string
		for _, r := range ar.Results {
			rs = append(rs, r.Method+"="+r.Result)
		}
		if len(rs) == 0 {
			rs = []string{"none"}
		}
		return server + ": " + strings.Join(rs, " ")
	}
	return "no Authentication-Results of " + server
}

// clipList writes at most n items of list, joined by commas, with "…" for the rest.
func clipList(list []string, n int) string {
	if len(list) > n {
		return strings.Join(list[:n], ", ") + ", …"
	}
	return strings.Join(list, ", ")
}
