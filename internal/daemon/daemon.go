// Package daemon runs postald: it takes letters from the mailbox, decides them through the
// referee, sends what the outbox holds, wakes up for the games' deadlines, and serves the control
// socket.
//
// A letter is first recorded as received (a small transaction of its own, so that a letter whose
// decision keeps failing is counted and, after a few attempts, quarantined for the judge), then
// decided in one transaction that stores the game's new state, marks the letter done, archives
// it and puts every answer in the outbox — all of it or nothing. The letters of one fetched
// batch share these two transactions (HandleBatch): each decision sees the state the previous
// one left, and when the batch cannot be committed its letters are taken again one at a time.
//
// The sender pipelines the outbox: while one letter's record as sent is being committed, the
// next letter is offered to the mail server up to the end of its data, and only once that
// record is written does the server take it (mailbox.Sender.Begin). So no more than one letter
// is ever taken by the server and not recorded as sent.
//
// Goroutines and ownership (after mox): one owner goroutine makes every change to game state —
// letters, deadline ticks and the judge's rulings all queue for it — so decisions never race.
// The mailbox watcher only fetches and hands over; the sender only drains the outbox. A letter's
// IMAP message is moved away only after its transaction committed, and the outbox is sent only
// after commit, so a kill at any point loses no letter and applies none twice: a letter seen
// again is recognised by the store and skipped, and at most one outgoing letter is sent twice,
// with the same Message-ID.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"sync"
	"sync/atomic"
	"time"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/metrics"
	"postald/internal/office"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
)

// Inbox is the mailbox watcher: it runs until ctx ends, handing each letter to the handler it
// was made with (Daemon.Handle) and moving the letter away only when that returned nil.
type Inbox interface {
	Run(ctx context.Context) error
}

// Sender hands one message to the mail server (mailbox.Sender); mailbox.IsPermanent tells the
// errors that retrying cannot cure.
type Sender interface {
	Send(ctx context.Context, to []string, raw []byte) error
}

// Options configure a Daemon.
type Options struct {
	Store  *store.DB
	Sender Sender // nil: letters stay in the outbox
	From   mail.Address
	// Addresses are the watched mailbox's other addresses (office.Options.Addresses).
	Addresses []string
	Limits    config.Limits
	Trust     config.Trust
	// Verifier is postald's own check of a letter's sender (internal/mailauth); nil: none.
	Verifier office.Verifier
	// ControlSocket is the path of the control socket; empty: none. The socket runs the
	// office's requests (control.go).
	ControlSocket string
	Logger        *slog.Logger
	Now           func() time.Time // nil: time.Now
	// Metrics count the letters decided and the failed sends; nil: none.
	Metrics *metrics.Set
	// CheckEvery is the period of the whole check of the store ([store] check_every); 0: none.
	CheckEvery time.Duration
	// Known, when set, is kept current by the office and the sender (reading.Known): what the
	// web pages and the metrics read.
	Known *reading.Known
	// Delivery is how the delivery of the letters is followed ([delivery]): the request for
	// notifications with each letter's envelope ID, its own envelope sender (VERP), the judges
	// told of letters still without a report after WarnAfter.
	Delivery config.Delivery
	// Endgames are the endgame databases at hand ([endgame] dir); nil: none.
	Endgames referee.Endgames
}

// Daemon is a running postald.
type Daemon struct {
	opt    Options
	log    *slog.Logger
	now    func() time.Time
	office *office.Office // every unit of work, called on the owner goroutine only
	jobs   chan job
	kickS  chan struct{} // wakes the sender
	kickT  chan struct{} // wakes the deadline timer
	// running: Run has started the owner goroutine, which Do hands its work to.
	running atomic.Bool
	health  mailboxHealth // the mailbox watcher's failures (health.go)
	runCtx  context.Context
}

type job struct {
	fn   func() error
	done chan error
}

// New returns a daemon ready to Run.
func New(opt Options) *Daemon {
	d := &Daemon{
		opt:   opt,
		log:   opt.Logger,
		now:   opt.Now,
		jobs:  make(chan job),
		kickS: make(chan struct{}, 1),
		kickT: make(chan struct{}, 1),
	}
	if d.log == nil {
		d.log = slog.New(slog.DiscardHandler)
	}
	if d.now == nil {
		d.now = time.Now
	}
	oo := office.Options{Store: opt.Store, From: opt.From, Addresses: opt.Addresses, Limits: opt.Limits, Trust: opt.Trust, Verifier: opt.Verifier, Logger: d.log, Now: d.now, Known: opt.Known,
		Delivery: opt.Delivery, Endgames: opt.Endgames}
	if opt.Metrics != nil {
		oo.Decided = opt.Metrics.Decided
		oo.Delivered = opt.Metrics.Delivered
	}
	if opt.Sender != nil {
		oo.Sender = opt.Sender
	}
	d.office = office.New(oo)
	// The daemon's loops take the office's time, which never runs backward (a jump back of the
	// machine's clock would otherwise hold every letter the office queued at the later instant).
	d.now = d.office.Now
	return d
}

// Run runs the daemon until ctx ends, then finishes the job in hand and returns. inbox, made
// with d.Handle as its handler, brings the letters; nil runs without a mailbox (the timer, the
// outbox and the control socket still run).
func (d *Daemon) Run(ctx context.Context, inbox Inbox) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d.runCtx = ctx
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	start := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				errc <- fmt.Errorf("%s: %w", name, err)
				cancel()
			}
		}()
	}
	if err := d.resume(); err != nil {
		return err
	}
	d.running.Store(true)
	defer d.running.Store(false)
	start("owner", d.owner)
	start("sender", d.sendLoop)
	start("timer", d.timerLoop)
	start("check", d.checkLoop)
	if inbox != nil {
		start("mailbox", inbox.Run)
	}
	if d.opt.ControlSocket != "" {
		ln, err := listenControl(d.opt.ControlSocket)
		if err != nil {
			cancel()
			wg.Wait()
			return err
		}
		start("control", func(ctx context.Context) error { return d.serveControl(ctx, ln) })
	}
	d.log.Info("postald ready")
	<-ctx.Done()
	wg.Wait()
	close(errc)
	err := <-errc // nil when every part stopped because ctx ended
	if err != nil {
		d.log.Error("postald stopped", "err", err)
	} else {
		d.log.Info("postald stopped")
	}
	return err
}

// owner runs every state change, one at a time.
func (d *Daemon) owner(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case j := <-d.jobs:
			err := d.safely(j.fn)
			// A job that changed the store behind the office's units of work (a tournament
			// registered by a command) is counted again before its caller hears of it.
			if serr := d.safely(d.office.Sync); serr != nil {
				d.log.Error("counting the store for the pages and the metrics", "err", serr)
			}
			j.done <- err
		}
	}
}

// safely runs fn and turns a panic into an error: bad input must never stop the daemon.
func (d *Daemon) safely(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("panic in a state change", "panic", r)
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return fn()
}

// Do runs fn on the owner goroutine and waits for it; the control socket and the mailbox use it.
// Before Run has started the owner (a test that drives the sender alone), fn runs at once.
func (d *Daemon) Do(ctx context.Context, fn func() error) error {
	if !d.running.Load() {
		return d.safely(fn)
	}
	j := job{fn: fn, done: make(chan error, 1)}
	select {
	case d.jobs <- j:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-j.done:
		return err
	case <-ctx.Done():
		// The owner finishes the job in hand before it stops; wait for it so that the caller
		// never moves a message whose transaction is still open.
		return errors.Join(ctx.Err(), <-j.done)
	}
}

// Handle is the mailbox watcher's handler: the letter is decided on the owner goroutine, and only
// when its transaction committed does Handle return nil, letting the watcher move it away.
func (d *Daemon) Handle(ctx context.Context, m mailbox.Message) error {
	// postald's own check of the sender asks the DNS before the transaction; a DNS that does
	// not answer now leaves the letter in the mailbox, to be tried again, and lets the letters
	// behind it go on (mailbox.ErrLater).
	if err := d.office.Authenticate(ctx, m.Raw)[0]; err != nil {
		d.log.Warn("letter not decided now; it stays in the mailbox", "mailbox", m.Mailbox, "uid", m.UID, "err", err)
		if errors.Is(err, office.ErrOwnCheckTemporary) {
			return fmt.Errorf("%w: %w", mailbox.ErrLater, err)
		}
		return err
	}
	return d.decide(ctx, m)
}

// decide decides a letter whose sender's check was asked (Handle) on the owner goroutine.
func (d *Daemon) decide(ctx context.Context, m mailbox.Message) error {
	err := d.Do(ctx, func() error { return d.office.Letter(office.Incoming(m)) })
	if err != nil {
		d.log.Error("letter not processed; it stays in the mailbox", "mailbox", m.Mailbox, "uid", m.UID, "err", err)
		return err
	}
	d.Kick()
	return nil
}

// Office returns the daemon's office, for work run on the owner goroutine (Do).
func (d *Daemon) Office() *office.Office { return d.office }

// kick wakes a loop without blocking.
func kick(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// resume processes again the letters a crash interrupted: received, never finished. Their IMAP
// messages are still in the mailbox too, and the store recognises them either way.
func (d *Daemon) resume() error {
	var pending []store.Inbound
	err := d.opt.Store.View(func(tx *store.Tx) error {
		var err error
		pending, err = tx.PendingInbound()
		return err
	})
	if err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	if len(pending) > 0 {
		d.log.Info("letters interrupted by a stop will be taken again from the mailbox", "count", len(pending))
	}
	return nil
}

// sendLoop drains the outbox: each due letter is handed to the mail server and marked sent, or
// its failure recorded so that the store schedules the next attempt.
func (d *Daemon) sendLoop(ctx context.Context) error {
	for {
		next, err := d.sendDue(ctx)
		if err != nil {
			d.log.Error("outbox", "err", err)
			next = d.now().Add(time.Minute)
		}
		if err := d.sleep(ctx, next, d.kickS); err != nil {
			return nil
		}
	}
}

// sendGrace bounds the sending of the letter in hand when the daemon is asked to stop.
const sendGrace = 30 * time.Second

// sendDue sends what is due and returns when to look again.
func (d *Daemon) sendDue(ctx context.Context) (time.Time, error) {
	idle := d.now().Add(time.Hour)
	if d.opt.Sender == nil {
		return idle, nil
	}
	for ctx.Err() == nil {
		var due []store.OutboxItem
		if err := d.opt.Store.View(func(tx *store.Tx) error {
			var err error
			due, err = tx.Due(d.now(), 16)
			return err
		}); err != nil {
			return idle, err
		}
		if len(due) == 0 {
			break
		}
		more, err := d.sendItems(ctx, due)
		if err != nil {
			return idle, err
		}
		if !more {
			break
		}
	}
	next := idle
	err := d.opt.Store.View(func(tx *store.Tx) error {
		if t, ok := tx.NextAttempt(); ok && t.Before(next) {
			next = t
		}
		return nil
	})
	return next, err
}

// twoPhaseSender is a Sender that can offer a letter without letting the server take it yet
// (mailbox.Sender.Begin).
type twoPhaseSender interface {
	Begin(ctx context.Context, to []string, raw []byte) (*mailbox.Pending, error)
}

// sendItems sends the due letters in turn, recording each as sent or failed. more is false when
// a letter failed (the server is probably down: the store has scheduled a retry, look again
// then) or when a stop came.
//
// With a two-phase sender the letters are pipelined: the next letter is offered to the server
// while the previous one's record commits, but the server takes it (the final dot) only once
// that record is written. So at most one letter is ever sent and not recorded, and a crash
// sends at most one letter twice.
func (d *Daemon) sendItems(ctx context.Context, due []store.OutboxItem) (more bool, err error) {
	var recorded chan error // the previous letter's record, being written; nil when none
	wait := func() error {
		if recorded == nil {
			return nil
		}
		err := <-recorded
		recorded = nil
		return err
	}
	defer func() {
		if werr := wait(); err == nil {
			err = werr
		}
	}()
	tp, _ := d.opt.Sender.(twoPhaseSender)
	for _, it := range due {
		if ctx.Err() != nil {
			return false, nil // stopping: the rest stays due for the next start
		}
		// The letter in hand is finished even when a stop comes meanwhile ("finishes the letter
		// in hand"), within a bound; a failure the stop itself caused is not the letter's.
		sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendGrace)
		var (
			p    *mailbox.Pending
			serr error
		)
		switch es, ok := d.opt.Sender.(envelopeSender); {
		case ok:
			p, serr = es.BeginEnvelope(sendCtx, d.envelope(it), it.Raw)
		case tp != nil:
			p, serr = tp.Begin(sendCtx, it.To, it.Raw)
		}
		// The server takes this letter only after the previous one is recorded as sent.
		if werr := wait(); werr != nil {
			if p != nil {
				p.Abort()
			}
			cancel()
			return false, werr
		}
		notified := false
		switch {
		case p != nil:
			notified = p.Notified()
			serr = p.Commit()
		case tp == nil:
			serr = d.opt.Sender.Send(sendCtx, it.To, it.Raw)
		}
		cancel()
		if serr != nil && ctx.Err() != nil {
			return false, nil
		}
		recorded = make(chan error, 1)
		go func(it store.OutboxItem, serr error, done chan<- error) {
			done <- d.record(ctx, it, serr, notified)
		}(it, serr, recorded)
		if serr != nil {
			return false, nil
		}
	}
	return true, nil
}

// envelope is letter it's SMTP envelope: its recipients, its envelope ID when notifications are
// asked for, its own envelope sender under VERP ([delivery]).
func (d *Daemon) envelope(it store.OutboxItem) mailbox.Envelope {
	env := mailbox.Envelope{To: it.To}
	del := d.opt.Delivery
	if del.Notify {
		env.EnvID = it.EnvID
	}
	if del.VERP && it.EnvID != "" {
		env.From = store.VERP(it.From, del.RecipientDelimiter, it.EnvID)
	}
	return env
}

// envelopeSender is a Sender that sends a letter with its own envelope
// (mailbox.Sender.BeginEnvelope).
type envelopeSender interface {
	BeginEnvelope(ctx context.Context, env mailbox.Envelope, raw []byte) (*mailbox.Pending, error)
}

// record marks a letter sent (with notifications asked for or not), or records its failure so
// that the store schedules the next attempt. A failure that gives the letter up is the office's
// unit of work (a failed delivery: office.SendFailed), and so is a letter sent again that no
// notification will follow (office.Resent), both on the owner goroutine.
func (d *Daemon) record(ctx context.Context, it store.OutboxItem, err error, notified bool) error {
	now := d.now()
	if err != nil {
		d.opt.Metrics.SendFailed()
		d.log.Warn("send failed", "seq", it.Seq, "to", it.To, "err", err)
		words := err.Error()
		var se *mailbox.SendError
		if errors.As(err, &se) {
			words = se.Words()
		}
		permanent := mailbox.IsPermanent(err)
		if permanent || now.Sub(it.Enqueued) >= store.RetryGiveUp {
			d.log.Error("letter given up", "seq", it.Seq, "to", it.To, "err", err)
			return d.Do(ctx, func() error { return d.office.SendFailed(it.Seq, words, permanent) })
		}
		// Sent again later: the store schedules the next attempt.
		return d.opt.Store.Update(func(tx *store.Tx) error {
			_, err := tx.RecordFailure(it.Seq, now, words, false)
			return err
		})
	}
	left := false // the letter left the outbox, counted in the transaction
	werr := d.opt.Store.Update(func(tx *store.Tx) error {
		left = false
		if err := tx.MarkSentNotified(it.Seq, now, notified); err != nil {
			return err
		}
		// Counted while the transaction holds the store's one writer: in the order of the
		// commits, the office's included (reading.Known).
		left = true
		d.opt.Known.Sent()
		return nil
	})
	if werr != nil {
		if left {
			d.opt.Known.Unsent()
		}
		return werr
	}
	d.opt.Metrics.Delivered(string(store.DeliverySent))
	d.log.Info("sent", "seq", it.Seq, "message_id", it.MessageID, "to", it.To, "notified", notified)
	if it.Resends != 0 && it.Brings != nil && !notified {
		return d.Do(ctx, func() error { return d.office.Resent(it.Seq) })
	}
	return nil
}

// sleep waits until at, a kick or the end of ctx.
func (d *Daemon) sleep(ctx context.Context, at time.Time, kick <-chan struct{}) error {
	wait := at.Sub(d.now())
	if wait < 0 {
		wait = 0
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-kick:
	case <-t.C:
	}
	return nil
}

// Kick wakes the sender and the deadline timer, after a change made outside a letter (a new
// tournament's start letters, a ruling).
func (d *Daemon) Kick() {
	kick(d.kickS)
	kick(d.kickT)
}
