package mailbox

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
)

// Message is one letter as it lies in the watched mailbox.
type Message struct {
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	// Raw is the message as the server stores it (RFC 5322, CRLF line ends).
	Raw []byte
	// InternalDate is the date the server received the message (IMAP INTERNALDATE).
	InternalDate time.Time
	// Size is the whole message's size in bytes; Truncated says that Raw holds only its
	// first Watcher.MaxMessageBytes bytes.
	Size      int64
	Truncated bool
}

// Handler processes one message. It returns nil once the message is safely recorded: only
// then is the message moved out of the watched mailbox. Any error leaves the message in place
// and it is offered again later, so a Handler must recognise a message it has already recorded
// (after a crash between its commit and the move, or after a UIDVALIDITY change), for
// example by its Message-ID, and return nil for it. A message that can never be processed
// (unreadable, not from a player) must be dealt with by the Handler and answered with nil:
// errors are for transient failures, and they stop the pass (see Watcher), except ErrLater, which
// leaves that one message in place and lets the pass go on with the next.
type Handler func(ctx context.Context, m Message) error

// BatchHandler processes the messages of one fetched batch, in order, so that it may record
// several in one transaction. It returns how many of them, from the first, are safely
// recorded: only those are moved out of the watched mailbox. When that is fewer than all, err
// says why the next one was not; the rules of a Handler apply to each message.
type BatchHandler func(ctx context.Context, ms []Message) (n int, err error)

// ErrLater is returned by a Handler for a message that cannot be processed now but must not hold
// up the messages behind it (a letter whose sender cannot be checked now): it stays in the
// mailbox, is offered again after a wait, and the messages after it are handled meanwhile. A
// BatchHandler returns a *LaterError naming such messages of its batch.
var ErrLater = errors.New("imap: message left for later")

// LaterError is returned by a BatchHandler that handled every message of its batch (it returns
// the batch's length) except those at Skip (indices into the batch, ascending): they stay in
// the mailbox, to be offered again, and the rest are moved. Err says why.
type LaterError struct {
	Skip []int
	Err  error
}

func (e *LaterError) Error() string {
	return fmt.Sprintf("%d messages left for later: %v", len(e.Skip), e.Err)
}

func (e *LaterError) Unwrap() []error { return []error{ErrLater, e.Err} }

// Default timings of a Watcher.
const (
	DefaultPollInterval = time.Minute
	// DefaultIdleRestart ends IDLE and looks at the mailbox again well before the 29 minutes
	// after which RFC 2177 allows a server to drop an idle client.
	DefaultIdleRestart = 25 * time.Minute
	DefaultMinBackoff  = time.Second
	DefaultMaxBackoff  = 5 * time.Minute
	DefaultRetryMin    = 5 * time.Second
	DefaultRetryMax    = 10 * time.Minute
	// shutdownGrace bounds the wait for the server when the context is cancelled.
	shutdownGrace = 5 * time.Second
)

// A Watcher hands every message of an IMAP mailbox to a Handler, in the order the server
// received them (ascending UID), and moves each handled message to the processed mailbox.
// It waits for new mail with IDLE where the server offers it and polls otherwise, and it
// reconnects after dropped connections and server restarts with a capped exponential backoff.
//
// The exported fields may be changed after NewWatcher and before Run; zero values mean the
// defaults.
type Watcher struct {
	// PollInterval is the wait between looks at the mailbox when the server has no IDLE.
	PollInterval time.Duration
	// IdleRestart is the longest IDLE; then the mailbox is selected again (which shows a
	// changed UIDVALIDITY) and searched. At most 29 minutes.
	IdleRestart time.Duration
	// DisableIdle makes the Watcher poll even when the server offers IDLE.
	DisableIdle bool
	// MinBackoff and MaxBackoff bound the wait before a reconnection.
	MinBackoff, MaxBackoff time.Duration
	// RetryMin and RetryMax bound the wait before a message whose Handler failed is offered
	// again (sooner when new mail arrives).
	RetryMin, RetryMax time.Duration
	// MaxMessageBytes, if positive, limits how much of a message is fetched; a larger message
	// is handed over truncated.
	MaxMessageBytes int64
	// UIDValidity is the mailbox's UIDVALIDITY the caller saw last (0: unknown). Run updates it;
	// read it only after Run has returned.
	UIDValidity uint32
	// UIDValidityChanged, if set, is called when the mailbox's UIDVALIDITY differs from the last
	// one seen, before any message is handed over: every UID recorded under the old value is
	// void, and the same letters may come back under new UIDs. An error ends the connection and
	// the call is repeated after the backoff.
	UIDValidityChanged func(ctx context.Context, mailbox string, old, new uint32) error
	// Logger receives connection failures, reconnections and Handler errors.
	Logger *slog.Logger
	// Reconnecting, if set, is called each time a session ended and the watcher is about to
	// connect again (the daemon's metrics count it).
	Reconnecting func()
	// HandleBatch, if set, is given each fetched batch (up to 64 messages) instead of handing
	// its messages one by one to the Handler.
	HandleBatch BatchHandler
	// Failed, if set, is told of every session that ended in a failure, after Reconnecting:
	// where it failed, why, and how many sessions in a row failed there (the daemon says that
	// the watcher cannot work when that is more than a few). Working, if set, is called when a
	// session has read the mailbox through after such failures. Both run on Run's goroutine.
	Failed  func(f Failure)
	Working func()

	opts   IMAPOptions
	tls    *tls.Config
	handle Handler

	// ClaimAs, when set, is the instance name of the store this watcher works for: the mailbox
	// is claimed for it (claim.go) and Run fails with a *ClaimError when another store holds
	// the claim. Takeover replaces another store's claim at the first connection.
	ClaimAs  string
	Takeover bool
	claimed  bool
	debug    io.Writer // the IMAP protocol trace (passwords included), for tests

	folders  folders // postald's folders on the server, once a session resolved them
	resolved bool
	streak   Failure // the sessions that failed in a row, at one stage; InARow 0: none
}

// The stages of a session, where it can fail (Failure.Stage).
const (
	StageConnect = "connect" // the server cannot be reached, or TLS fails
	StageLogin   = "login"   // the server refuses the login, or the login fails
	StageFolders = "folders" // postald's folders cannot be found or made
	StageClaim   = "claim"   // the claim cannot be read or written
	StageSelect  = "select"  // the watched mailbox cannot be selected
	StageRead    = "read"    // searching or fetching the letters fails
	StageMove    = "move"    // the handled letters cannot be moved to the processed folder
	StageWait    = "wait"    // the connection fails while waiting for mail (IDLE, a poll)
)

// Failure is a session that ended in a failure: where it failed (a Stage constant), the error,
// how many sessions in a row failed at that stage, and when the first of them did.
type Failure struct {
	Stage  string
	Err    error
	InARow int
	Since  time.Time
}

// stageError is an error of a session with the stage it happened at.
type stageError struct {
	stage string
	err   error
}

func (e *stageError) Error() string { return e.err.Error() }
func (e *stageError) Unwrap() error { return e.err }

// at marks err as failing at stage; nil stays nil, and an error already marked keeps its stage.
func at(stage string, err error) error {
	var se *stageError
	if err == nil || errors.As(err, &se) {
		return err
	}
	return &stageError{stage, err}
}

// stageOf returns the stage of a session's error.
func stageOf(err error) string {
	if se := (*stageError)(nil); errors.As(err, &se) {
		return se.stage
	}
	return StageWait
}

// failed records a session that ended in err and tells Failed.
func (w *Watcher) failed(err error) {
	stage := stageOf(err)
	if w.streak.InARow == 0 || w.streak.Stage != stage {
		w.streak = Failure{Stage: stage, Since: time.Now()}
	}
	w.streak.InARow++
	w.streak.Err = err
	if w.Failed != nil {
		w.Failed(w.streak)
	}
}

// working records a session that read the mailbox through, ending a run of failures.
func (w *Watcher) working() {
	if w.streak.InARow == 0 {
		return
	}
	w.streak = Failure{}
	if w.Working != nil {
		w.Working()
	}
}

// NewWatcher checks opts and returns a Watcher that hands messages to handle.
func NewWatcher(opts IMAPOptions, handle Handler) (*Watcher, error) {
	if handle == nil {
		return nil, errors.New("imap: no handler")
	}
	opts.TLS = opts.TLS.orDefault()
	if opts.Mailbox == "" {
		opts.Mailbox = "INBOX"
	}
	for _, f := range []string{opts.Processed, opts.Claims} {
		if f == opts.Mailbox {
			return nil, fmt.Errorf("imap: postald's folder %q is the watched mailbox", f)
		}
	}
	if opts.Processed != "" && opts.Processed == opts.Claims {
		return nil, fmt.Errorf("imap: the processed letters' folder %q is the claims' folder", opts.Processed)
	}
	if err := checkTLS(opts.TLS, opts.Address); err != nil {
		return nil, fmt.Errorf("imap: %w", err)
	}
	var cfg *tls.Config
	if opts.TLS != TLSNone {
		var err error
		if cfg, err = tlsConfig(opts.Address, opts.CAFile); err != nil {
			return nil, fmt.Errorf("imap: %w", err)
		}
	}
	return &Watcher{opts: opts, tls: cfg, handle: handle}, nil
}

// Run watches the mailbox until ctx is cancelled, then logs out and returns nil. A message
// whose Handler is running when ctx is cancelled is moved if the Handler returns nil.
func (w *Watcher) Run(ctx context.Context) error {
	w.setDefaults()
	reconnect := backoff{min: w.MinBackoff, max: w.MaxBackoff}
	for {
		err := w.session(ctx, &reconnect)
		if ctx.Err() != nil {
			return nil
		}
		if errors.Is(err, ErrClaimed) {
			return err // another store watches the mailbox: reconnecting would not change it
		}
		d := reconnect.delay()
		if w.Reconnecting != nil {
			w.Reconnecting()
		}
		w.failed(err)
		w.Logger.Warn("imap: session ended; reconnecting", "address", w.opts.Address,
			"mailbox", w.opts.Mailbox, "stage", stageOf(err), "in_a_row", w.streak.InARow, "err", err, "retry_in", d)
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

func (w *Watcher) setDefaults() {
	if w.PollInterval <= 0 {
		w.PollInterval = DefaultPollInterval
	}
	if w.IdleRestart <= 0 || w.IdleRestart > 29*time.Minute {
		w.IdleRestart = DefaultIdleRestart
	}
	if w.MinBackoff <= 0 {
		w.MinBackoff = DefaultMinBackoff
	}
	if w.MaxBackoff < w.MinBackoff {
		w.MaxBackoff = max(DefaultMaxBackoff, w.MinBackoff)
	}
	if w.RetryMin <= 0 {
		w.RetryMin = DefaultRetryMin
	}
	if w.RetryMax < w.RetryMin {
		w.RetryMax = max(DefaultRetryMax, w.RetryMin)
	}
	if w.Logger == nil {
		w.Logger = slog.New(slog.DiscardHandler)
	}
}

// errClosed reports a connection the server (or the network) closed.
var errClosed = errors.New("imap: connection closed")

// session is one connection: log in, select, then handle and wait until something fails or
// ctx is cancelled. It resets reconnect once the mailbox is selected.
func (w *Watcher) session(ctx context.Context, reconnect *backoff) error {
	// EXISTS responses wake the waiting loop; the handler runs on the client's reader
	// goroutine and must not block.
	wake := make(chan struct{}, 1)
	c, err := dialIMAP(w.opts, w.tls, w.debug, &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case wake <- struct{}{}:
				default:
				}
			}
		},
	})
	if err != nil {
		return err // marked by dialIMAP: connect or login
	}
	defer c.Close()
	// After cancellation, give the server shutdownGrace to answer, then cut the connection
	// so that no command can hang the shutdown.
	stop := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(shutdownGrace, func() { c.Close() })
		<-c.Closed()
		t.Stop()
	})
	defer stop()

	if err := w.prepareFolders(c); err != nil {
		return at(StageFolders, err)
	}
	if w.ClaimAs != "" {
		// One mailbox, one daemon (claim.go): checked at every connection, so that a second
		// installation started meanwhile with its own store is noticed too.
		err := claimOn(ctx, c, w.opts.Mailbox, w.folders.claims, w.ClaimAs, w.Takeover && !w.claimed)
		if err != nil {
			return at(StageClaim, err)
		}
		if !w.claimed {
			w.Logger.Info("imap: mailbox claimed for this store", "mailbox", w.opts.Mailbox, "store", w.ClaimAs, "kept_in", w.folders.claims)
		}
		w.claimed = true
	}
	uidValidity, err := w.selectMailbox(ctx, c, true)
	if err != nil {
		return at(StageSelect, err)
	}
	reconnect.reset()

	retry := backoff{min: w.RetryMin, max: w.RetryMax}
	checked := time.Now() // when the claim was last found this store's
	for {
		if w.ClaimAs != "" && time.Since(checked) >= claimCheck {
			// The claim again (claim.go): a store that took it over stops this watcher.
			if err := claimOn(ctx, c, w.opts.Mailbox, w.folders.claims, w.ClaimAs, false); err != nil {
				return at(StageClaim, err)
			}
			checked = time.Now()
			if uidValidity, err = w.selectMailbox(ctx, c, false); err != nil {
				return at(StageSelect, err)
			}
		}
		failed, err := w.pass(ctx, c, uidValidity)
		if err != nil {
			return err // marked by pass: read or move
		}
		w.working()
		if ctx.Err() != nil {
			return logout(c)
		}
		var again time.Duration // 0: no failed message waits for a retry
		if failed {
			again = retry.delay()
		} else {
			retry.reset()
		}
		if w.ClaimAs != "" {
			// Back in time for the next look at the claim.
			if until := claimCheck - time.Since(checked); again == 0 || until < again {
				again = max(until, time.Millisecond)
			}
		}
		woken, err := w.wait(ctx, c, wake, again)
		if err != nil {
			return at(StageWait, err)
		}
		if ctx.Err() != nil {
			return logout(c)
		}
		if !woken {
			// A mailbox deleted and created again under the same name does not always end
			// the session: Dovecot may keep the client on the old one, with its old
			// UIDVALIDITY, even for STATUS. Selecting it again now and then finds the new one.
			if uidValidity, err = w.selectMailbox(ctx, c, false); err != nil {
				return at(StageSelect, err)
			}
		}
	}
}

// prepareFolders finds the names of postald's folders on the server (once) and makes them
// when missing.
func (w *Watcher) prepareFolders(c *imapclient.Client) error {
	if !w.resolved {
		f, err := resolveFolders(c, w.opts)
		if err != nil {
			return err
		}
		if f.processed == w.opts.Mailbox || f.claims == w.opts.Mailbox {
			return fmt.Errorf("imap: postald's folders %q and %q: one of them is the watched mailbox", f.processed, f.claims)
		}
		w.folders, w.resolved = f, true
	}
	for _, key := range []string{"processed", "claims"} {
		if key == "claims" && w.ClaimAs == "" {
			continue
		}
		if created, err := w.folders.ensure(c, key); err != nil {
			return err
		} else if created {
			w.Logger.Info("imap: folder made", "folder", w.folders.name(key), "setting", "[imap] "+key)
		}
	}
	return nil
}

// selectMailbox selects the watched mailbox and reports a UIDVALIDITY change. It logs the
// selection when announce is set or the UIDVALIDITY changed.
func (w *Watcher) selectMailbox(ctx context.Context, c *imapclient.Client, announce bool) (uint32, error) {
	sel, err := c.Select(w.opts.Mailbox, nil).Wait()
	if err != nil {
		return 0, fmt.Errorf("imap: select %s: %w", w.opts.Mailbox, err)
	}
	if old := w.UIDValidity; old != 0 && old != sel.UIDValidity {
		w.Logger.Warn("imap: UIDVALIDITY changed", "mailbox", w.opts.Mailbox, "old", old, "new", sel.UIDValidity)
		if w.UIDValidityChanged != nil {
			if err := w.UIDValidityChanged(ctx, w.opts.Mailbox, old, sel.UIDValidity); err != nil {
				return 0, fmt.Errorf("imap: UIDVALIDITY change of %s: %w", w.opts.Mailbox, err)
			}
		}
	}
	if announce || w.UIDValidity != sel.UIDValidity {
		w.Logger.Info("imap: watching", "address", w.opts.Address, "mailbox", w.opts.Mailbox,
			"uidvalidity", sel.UIDValidity, "messages", sel.NumMessages, "idle", w.idle(c),
			"move", c.Caps().Has(imap.CapMove), "processed", w.folders.processed)
	}
	w.UIDValidity = sel.UIDValidity
	return sel.UIDValidity, nil
}

func (w *Watcher) idle(c *imapclient.Client) bool {
	return !w.DisableIdle && c.Caps().Has(imap.CapIdle)
}

// Batches: one FETCH brings up to batchCount messages, together at most batchBytes (but at
// least one message), and one MOVE takes away those the Handler accepted. Fewer round trips
// matter when a backlog of letters waits (after an outage, a bulk import); a crash between
// the Handler and the MOVE offers the letters again, which the Handler recognises.
const (
	batchCount = 64
	batchBytes = 8 << 20
)

// pass hands every message of the selected mailbox to the Handler, oldest first, and moves
// the ones the Handler accepted. It stops at the first Handler error, so that the letters of
// a mailbox are never processed out of their order of arrival; failed reports that.
func (w *Watcher) pass(ctx context.Context, c *imapclient.Client, uidValidity uint32) (failed bool, err error) {
	later := false // a message was left for later: look again after the retry wait
	sd, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		return false, at(StageRead, fmt.Errorf("imap: search %s: %w", w.opts.Mailbox, err))
	}
	uids := sd.AllUIDs()
	if len(uids) == 0 {
		return false, nil
	}
	slices.Sort(uids)
	sizes, err := w.sizes(c, uids)
	if err != nil {
		return false, at(StageRead, err)
	}
	for len(uids) > 0 && ctx.Err() == nil {
		n, total := 0, int64(0)
		for n < len(uids) && n < batchCount {
			size := sizes[uids[n]]
			if w.MaxMessageBytes > 0 {
				size = min(size, w.MaxMessageBytes)
			}
			if n > 0 && total+size > batchBytes {
				break
			}
			total += size
			n++
		}
		batch := uids[:n]
		uids = uids[n:]
		msgs, err := w.fetch(c, batch)
		if err != nil {
			return false, at(StageRead, err)
		}
		for i := range msgs {
			msgs[i].UIDValidity = uidValidity
		}
		n, herr := w.handleBatch(ctx, msgs)
		if n < len(msgs) && ctx.Err() == nil {
			m := msgs[n]
			w.Logger.Error("imap: handler failed; message left in place", "mailbox", m.Mailbox,
				"uidvalidity", m.UIDValidity, "uid", m.UID, "err", herr)
			failed = true
		}
		// Messages left for later stay; those behind them were handled and go.
		skip := map[int]bool{}
		if le := (*LaterError)(nil); errors.As(herr, &le) {
			for _, i := range le.Skip {
				if i >= 0 && i < n {
					skip[i] = true
				}
			}
			if len(skip) > 0 {
				w.Logger.Info("imap: messages left in the mailbox for later; those behind them are handled", "mailbox", w.opts.Mailbox,
					"count", len(skip), "err", le.Err)
				later = true
			}
		}
		done := make([]imap.UID, 0, n)
		for i, m := range msgs[:n] {
			if !skip[i] {
				done = append(done, imap.UID(m.UID))
			}
		}
		if err := w.move(c, done); err != nil {
			return false, at(StageMove, fmt.Errorf("imap: move %d messages to %s ([imap] processed): %w", len(done), w.folders.processed, err))
		}
		if failed {
			return true, nil
		}
	}
	return later, nil
}

// handleBatch hands msgs to HandleBatch, or one by one to the Handler until one fails or ctx
// ends, and returns how many were handled; messages the Handler left for later (ErrLater) are
// named in a *LaterError.
func (w *Watcher) handleBatch(ctx context.Context, msgs []Message) (int, error) {
	if w.HandleBatch != nil {
		n, err := w.HandleBatch(ctx, msgs)
		return min(max(n, 0), len(msgs)), err
	}
	var later *LaterError
	for i, m := range msgs {
		if ctx.Err() != nil {
			return i, nil
		}
		if err := w.handle(ctx, m); errors.Is(err, ErrLater) {
			if later == nil {
				later = &LaterError{Err: err}
			}
			later.Skip = append(later.Skip, i)
		} else if err != nil {
			return i, err
		}
	}
	if later != nil {
		return len(msgs), later
	}
	return len(msgs), nil
}

// sizes returns the RFC822.SIZE of each message.
func (w *Watcher) sizes(c *imapclient.Client, uids []imap.UID) (map[imap.UID]int64, error) {
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, fmt.Errorf("imap: fetch sizes: %w", err)
	}
	sizes := make(map[imap.UID]int64, len(msgs))
	for _, m := range msgs {
		sizes[m.UID] = m.RFC822Size
	}
	return sizes, nil
}

// fetch reads messages (BODY.PEEK[], so that \Seen is not set), in UID order. Messages
// expunged meanwhile by someone else are missing from the result.
func (w *Watcher) fetch(c *imapclient.Client, uids []imap.UID) ([]Message, error) {
	section := &imap.FetchItemBodySection{Peek: true}
	if w.MaxMessageBytes > 0 {
		section.Partial = &imap.SectionPartial{Offset: 0, Size: w.MaxMessageBytes}
	}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
		UID:          true,
		InternalDate: true,
		RFC822Size:   true,
		BodySection:  []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("imap: fetch: %w", err)
	}
	var out []Message
	for _, msg := range msgs {
		if !slices.Contains(uids, msg.UID) {
			continue // a FETCH response about another message (flags changed elsewhere)
		}
		raw := msg.FindBodySection(section)
		out = append(out, Message{
			Mailbox:      w.opts.Mailbox,
			UID:          uint32(msg.UID),
			Raw:          raw,
			InternalDate: msg.InternalDate,
			Size:         msg.RFC822Size,
			Truncated:    int64(len(raw)) < msg.RFC822Size,
		})
	}
	slices.SortFunc(out, func(a, b Message) int { return cmp.Compare(a.UID, b.UID) })
	return out, nil
}

// move moves messages to the processed mailbox: MOVE where the server has it, otherwise
// COPY, STORE \Deleted and EXPUNGE, each awaited in turn, so that a failed COPY never deletes
// the originals.
func (w *Watcher) move(c *imapclient.Client, uids []imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	if c.Caps().Has(imap.CapMove) {
		if _, err := c.Move(set, w.folders.processed).Wait(); err != nil {
			return fmt.Errorf("move: %w", err)
		}
		return nil
	}
	if _, err := c.Copy(set, w.folders.processed).Wait(); err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	store := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}
	if err := c.Store(set, store, nil).Close(); err != nil {
		return fmt.Errorf("store \\Deleted: %w", err)
	}
	if c.Caps().Has(imap.CapUIDPlus) {
		if err := c.UIDExpunge(set).Close(); err != nil {
			return fmt.Errorf("uid expunge: %w", err)
		}
		return nil
	}
	// Without UIDPLUS, EXPUNGE removes every \Deleted message of the mailbox; the watched
	// mailbox is postald's own, and \Deleted messages are never handed over anyway.
	if err := c.Expunge().Close(); err != nil {
		return fmt.Errorf("expunge: %w", err)
	}
	return nil
}

// wait returns when new mail may have arrived (woken), when the IDLE or poll interval or the
// retry delay again (if positive) is over, or when ctx is cancelled. It returns an error when
// the connection fails.
func (w *Watcher) wait(ctx context.Context, c *imapclient.Client, wake <-chan struct{}, again time.Duration) (woken bool, err error) {
	idle := w.idle(c)
	d := w.PollInterval
	if idle {
		d = w.IdleRestart
	}
	if again > 0 {
		d = min(d, again)
	}
	timer := time.NewTimer(d)
	defer timer.Stop()

	if !idle {
		select {
		case <-ctx.Done():
		case <-timer.C:
		case <-c.Closed():
			return false, errClosed
		}
		return false, nil
	}

	select {
	case <-wake: // mail arrived while the last pass ran
		return true, nil
	default:
	}
	cmd, err := c.Idle()
	if err != nil {
		return false, fmt.Errorf("imap: idle: %w", err)
	}
	select {
	case <-ctx.Done():
	case <-timer.C:
	case <-wake:
		woken = true
	case <-c.Closed():
		_ = cmd.Close()
		return false, errClosed
	}
	if err := cmd.Close(); err != nil {
		return false, fmt.Errorf("imap: end idle: %w", err)
	}
	if err := cmd.Wait(); err != nil {
		return false, fmt.Errorf("imap: idle: %w", err)
	}
	return woken, nil
}

// dialIMAP connects and logs in.
func dialIMAP(opts IMAPOptions, cfg *tls.Config, debug io.Writer, h *imapclient.UnilateralDataHandler) (*imapclient.Client, error) {
	copts := &imapclient.Options{
		DebugWriter:           debug,
		TLSConfig:             cfg,
		UnilateralDataHandler: h,
		Dialer:                &net.Dialer{Timeout: 30 * time.Second},
	}
	var (
		c   *imapclient.Client
		err error
	)
	switch opts.TLS {
	case TLSImplicit:
		c, err = imapclient.DialTLS(opts.Address, copts)
	case TLSStartTLS:
		c, err = imapclient.DialStartTLS(opts.Address, copts)
	default:
		c, err = imapclient.DialInsecure(opts.Address, copts)
	}
	if err != nil {
		return nil, at(StageConnect, fmt.Errorf("imap: connect %s: %w", opts.Address, err))
	}
	if slices.Contains(c.Caps().AuthMechanisms(), sasl.Plain) {
		err = c.Authenticate(sasl.NewPlainClient("", opts.Username, opts.Password))
	} else {
		err = c.Login(opts.Username, opts.Password).Wait()
	}
	if err != nil {
		c.Close()
		if Refused(err) {
			err = &loginRefusal{err}
		}
		return nil, at(StageLogin, fmt.Errorf("imap: log in to %s as %s: %w", opts.Address, opts.Username, err))
	}
	return c, nil
}

func logout(c *imapclient.Client) error {
	if err := c.Logout().Wait(); err != nil {
		return fmt.Errorf("imap: logout: %w", err)
	}
	return nil
}
