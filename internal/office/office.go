// Package office is postald's tournament office: the one place where a unit of work is done. A
// letter taken from the mailbox, a card the captain entered, a deadline's tick and a judge's
// ruling each go the same way here: load the tournament and the game from the store, take them
// to the referee's door (referee.Decide, Tick, Rule, Posted: the decision is made there, whole),
// record the new state, compose the letters and put them in the outbox, in one transaction.
//
// The office keeps one concern a desk, a few files each:
//
//   - the work desk changes the store, on the daemon's owner goroutine, one unit of work at a
//     time: letters.go (a letter: trust, reading, the door, the record), cards.go (a card or a
//     call entered, cards posted), tick.go (deadlines; Record and Put, how a decision is
//     recorded), rulings.go (the judge's rulings), systems.go (what a competition system's door,
//     tournament.Course, answers after a registration, a game's end, a withdrawal or a reserve,
//     recorded step by step; a team captain's protest taken to the referee's door), reserve.go
//     (a reserve entered), stage.go (a stage's players), tournament.go (a tournament registered),
//     lots.go (the seed of a tournament's lots made, kept, revealed, and the lots verified),
//     archiving.go (archive, prune, backup), with trust.go, authverdict.go and held.go (the
//     trust gate of a letter asked in one call, trust.Gate.Admit, and what it answers recorded:
//     what is held and why, who is told), digest.go and storage.go (what the judges are
//     told of held letters and of the store's failures), delivery.go and resend.go (the fate of
//     every letter sent: delivery reports matched by the letter's token, a failed delivery told
//     and followed, the letters late, judge resend);
//   - the read side is internal/reading's, which needs nothing of the office: the judge's
//     views (judge list, show, verify, quarantine, letter, export), the cards waiting for the
//     captain, what the pages show, the counts kept of the games, a game as PDN, a stored start
//     sheet parsed, the report's input and the index of the store's tournaments, which the office
//     reads its letters' tournaments through (seats.go); report.go draws the director's report
//     and puts it in the outbox;
//   - the counter takes the commands: request.go (Command, Request, Reply, Run: a kind of command
//     is its type, with the desk that does it, and one case in commands; a command that only
//     reads is a reading.Query, answered by a reading.Desk with no office, Read);
//   - simulate.go runs the same office on a store in memory: `postald simulate` is the office.
//
// Composing a letter is internal/mailwrite's, reading one internal/mailparse's; the record of a
// game and its codec are the store's (store.LoadGame, Tx.GameStatus), and so are the rulings
// log's entries (store.Entry): the office never reads a record's JSON. Nor does it decide for a
// competition system: it names none (TestShape holds it to that).
//
// The office does no waiting and owns no goroutine: the daemon's owner goroutine calls it, one
// unit of work at a time, and a command run without a daemon calls it directly. What it keeps
// in memory (rate limits, the store's write faults, the time zones) belongs to the process that
// made it; what it caches of the store (the start sheets parsed, with the players and the games
// in play, reading.Index; the chunks of games, store.GameCache) is checked against the store in every
// unit of work, so that a change another process made is seen.
package office

import (
	"context"
	"io"
	"log/slog"
	"net/mail"
	"time"

	"postald/internal/config"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/trust"
)

// Sender hands one message to the mail server at once, outside the outbox: only for the letter
// telling the judges that the store cannot be written (storage.go).
type Sender interface {
	Send(ctx context.Context, to []string, raw []byte) error
}

// Options configure an Office.
type Options struct {
	Store *store.DB
	From  mail.Address // postald's own address, the From of its letters
	// Addresses are the other addresses of the watched mailbox (the IMAP login when it is an
	// address, [imap] aliases): a letter names one of them, From's or a tournament's address in
	// its To or Cc, or it is held as not addressed to the tournament.
	Addresses []string
	Limits    config.Limits
	Trust     config.Trust
	// Sender, when set, sends the judges' notice of a store that cannot be written.
	Sender Sender
	// Verifier is postald's own check of a letter's sender (internal/mailauth); nil: none, and
	// a [trust] whose verdict is postald's own authenticates nobody.
	Verifier Verifier
	Logger   *slog.Logger
	Now      func() time.Time // nil: time.Now
	// Decided, when set, is told of every letter decided once its transaction committed: the
	// verdict recorded ("quarantined" for a letter held) and how long the decision took (the
	// daemon's metrics).
	Decided func(verdict string, took time.Duration)
	// Observe, when set, is told of every unit of work that changed a game or held a letter,
	// once its transaction committed, in the order they committed: what postald simulate prints.
	Observe func(Done)
	// Entropy is where the seeds of the tournaments' lots come from (lots.go); nil: crypto/rand.
	Entropy io.Reader
	// Known, when set, is kept current by every unit of work (reading.Known): what the web pages
	// and the metrics read instead of the store.
	Known *reading.Known
	// Delivery is how the delivery of postald's letters is followed ([delivery], delivery.go).
	Delivery config.Delivery
	// Delivered, when set, is told of every delivery state a letter reached by a report or a
	// refusal, once its transaction committed (the daemon's metrics).
	Delivered func(state string)
	// Endgames are the endgame databases at hand ([endgame] dir): the adjudication package,
	// judge show, the director's report and the players' tablebase claims read them. nil: none.
	Endgames referee.Endgames
}

// Done is one unit of work the office committed: a letter, a card or call, a tick, a posting or
// a ruling, with the referee's decision of it.
type Done struct {
	Kind DoneKind
	At   time.Time        // the instant of the unit of work
	Ref  store.MessageRef // a letter's or card's place in the mailbox
	// Game is the game decided; a letter about no game (the sender asked to name it) has the
	// tournament alone, a letter held has none.
	Game     store.GameID
	Decision referee.Decision // the referee's whole decision; zero for a letter held
	// Also are the letter's decisions about its other games (referee.Decision.Also: a section
	// per game, a leave in each of the player's games), each with its game.
	Also []DoneGame
	// Held is why a letter was held for the judge (trust.Hold's English reason); "" when it was
	// decided.
	Held string
	// Verdict is the verdict recorded for a letter ("quarantined" when held).
	Verdict string
	// Outbox are the letters and cards the unit of work put in the outbox, in order.
	Outbox []store.OutboxItem
}

// DoneGame is one more game a unit of work decided, with its decision.
type DoneGame struct {
	Game     store.GameID
	Decision referee.Decision
}

// DoneKind is what a Done was.
type DoneKind string

// The kinds of units of work.
const (
	DoneLetter DoneKind = "letter"
	DoneCard   DoneKind = "card"
	DoneTick   DoneKind = "tick"
	DonePosted DoneKind = "posted"
	DoneRuling DoneKind = "ruling"
)

// update runs fn in one store transaction; the units of work it staged (stage) are observed once
// it committed, and forgotten if it did not. What fn changed (o.work) is counted in
// Options.Known at the end of the transaction and given its revisions once it committed; a store
// changed behind the office's back is counted again first.
func (o *Office) update(fn func(tx *store.Tx) error) error {
	o.staged, o.deliveries = nil, nil
	w := &reading.Work{}
	counted := false
	err := o.opt.Store.Update(func(tx *store.Tx) error {
		*w = reading.Work{}
		k := o.opt.Known
		if k != nil && !k.Current(tx) {
			if err := k.Recount(tx, o.now()); err != nil {
				return err
			}
		}
		o.work = w
		defer func() { o.work = nil }()
		if err := fn(tx); err != nil {
			return err
		}
		// Counted while the transaction holds the store's one writer, so that the counts
		// follow the commits in their order (the sender's too).
		counted = k != nil
		return k.Count(tx, w)
	})
	staged, deliveries := o.staged, o.deliveries
	o.staged, o.deliveries = nil, nil
	if err != nil {
		if counted {
			o.opt.Known.Spoil() // counted, then not committed: counted again by the next unit
		}
		return err
	}
	o.opt.Known.Commit(w, o.now())
	for _, d := range staged {
		o.observe(d)
	}
	for _, s := range deliveries {
		if o.opt.Delivered != nil {
			o.opt.Delivered(s)
		}
	}
	return nil
}

// stage notes a unit of work done inside the transaction of update, to be observed when it
// commits.
func (o *Office) stage(d Done) { o.staged = append(o.staged, d) }

// observe tells Options.Observe of a unit of work that committed.
func (o *Office) observe(d Done) {
	if o.opt.Observe != nil {
		o.opt.Observe(d)
	}
}

// Office does postald's units of work on one store.
type Office struct {
	opt   Options
	log   *slog.Logger
	now   func() time.Time
	zones reading.Zones
	// clock is the office's time, never backward (clock.go); now is its instant.
	clock clock
	// outage is the current outage of postald's own check of the senders (outage.go).
	outage checkOutage
	trust  *trust.Gate  // the trust gate and its rate limits, in memory: a restart starts every window afresh
	own    ownChecks    // postald's own check's results of the letters about to be decided
	later  laterLetters // letters whose own check failed for now, and their tries (later.go)
	// faults is what the office knows of the store's failures to write (storage.go).
	faults storeFaults
	// heldKnown: every held letter the store holds has been listed in a digest, as far as
	// this office knows (digest.go); false at start, and again whenever a letter is held.
	heldKnown bool
	// cardsTold is when the judges were last told of the cards waiting for the captain
	// (cards.go); zero at start, so a restart tells them again at most once.
	cardsTold time.Time
	// staged are the units of work of the transaction update runs, observed once it commits.
	staged []Done
	// deliveries are the delivery states the transaction update runs recorded, counted once it
	// commits (delivery.go).
	deliveries []string
	// work is what the transaction update runs changed, for Options.Known; nil outside it.
	work *reading.Work
	// ended are the games the letter or card being decided ends (outcome): their end is what
	// the tournament's system acts on once the letter is applied (systems.go).
	ended []store.GameID
	// desk reads the store's tournaments, parsed once per revision (reading.Index), and the
	// games the judge names; it shares cache.chunks.
	desk *reading.Desk
	// cache holds the chunks of games read (gamecodec.go).
	cache struct {
		chunks store.GameCache
	}
}

// New returns an office working on opt.Store.
func New(opt Options) *Office {
	o := &Office{opt: opt, log: opt.Logger, trust: newGate(opt)}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	o.clock = clock{machine: opt.Now, stored: o.storedClock}
	if o.clock.machine == nil {
		o.clock.machine = time.Now
	}
	o.now = o.instant // never backward (clock.go)
	o.desk = &reading.Desk{Store: opt.Store, Index: reading.NewIndex(&o.zones, opt.Endgames), Chunks: &o.cache.chunks}
	return o
}
