package reading

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync"
	"time"

	"postald/internal/referee"
	"postald/internal/store"
)

// Known is what the web pages and the metrics read of the committed state without reading the
// store: the games by status, in all and by tournament; the letters waiting in the outbox and
// the cards waiting for the captain; and a revision of every tournament and every game that
// changes with each change committed to it, with the instant of that change, so that a page
// drawn at a revision is served again while the revision holds, and a reload that names it
// (ETag, Last-Modified) costs nothing.
//
// The office keeps it: at the end of each unit of work's transaction, while it holds the store's
// one writer, it counts the status of every game the unit wrote and the letters due and the cards
// waiting in the outbox as the transaction holds them, and once the transaction committed it gives
// new revisions to the games and tournaments changed (the tournaments whose rulings changed too);
// the daemon's sender counts every letter that left the outbox in the transaction that records it
// (Sent). Counted so, in the order of the commits, the counts never lose a letter to a race
// between the owner goroutine and the sender. It is counted from the store when it is made
// (NewKnown), and again whenever the store shows a change the office was not told of: the
// tournaments' revision (store.Tx.TournamentsRevision, which every new tournament or game, every
// game entering or leaving play and every archived tournament changes) not the one of the last
// change it knows, as after a tournament registered or archived by a command's own transactions.
// The office checks it at the start of every unit of work and in Sync, which the daemon calls
// after each job of its owner goroutine. Anything else that writes games behind the office's
// back without changing the tournaments' revision (a tool that sets a game up) calls
// Office.Recount.
//
// Safe for concurrent use: the owner goroutine writes, the pages and the metrics read. A nil
// *Known keeps nothing, and the office works the same without one.
type Known struct {
	mu       sync.RWMutex
	epoch    string // names this count, so that a revision of an earlier process is never taken for one of its own
	gen      uint64 // the last revision given
	revision uint64 // the store's tournaments revision after the last change known
	counted  bool   // counted from the store at least once
	index    Revision
	tours    map[string]*knownTournament
	total    Counts
	due      int // letters waiting in the outbox to be sent
	cards    int // cards and calls waiting for the captain
}

// Counts are games by status.
type Counts struct {
	Playing, Adjudication, Finished int
}

func (c *Counts) add(s referee.Status, n int) {
	switch s {
	case referee.StatusPlaying:
		c.Playing += n
	case referee.StatusAdjudication:
		c.Adjudication += n
	case referee.StatusFinished:
		c.Finished += n
	}
}

// Games is how many games the counts hold.
func (c Counts) Games() int { return c.Playing + c.Adjudication + c.Finished }

// Revision names a state of what a page shows: it changes with every change committed to it.
// At is when that change was made (the office's clock).
type Revision struct {
	Epoch string
	N     uint64
	At    time.Time
}

// Tag is the revision as the opaque part of an HTTP entity tag, with the parts of the page's
// request that also decide what it shows (its language, its day, its ply).
func (r Revision) Tag(parts ...string) string {
	t := r.Epoch + "." + strconv.FormatUint(r.N, 36)
	for _, p := range parts {
		t += "." + p
	}
	return t
}

type knownGame struct {
	status referee.Status
	rev    Revision
}

type knownTournament struct {
	rev    Revision
	counts Counts
	games  map[store.GameID]knownGame
}

// NewKnown counts what db holds, in one read transaction, at now.
func NewKnown(db *store.DB, now time.Time) (*Known, error) {
	k := &Known{}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	k.epoch = hex.EncodeToString(b[:])
	err := db.View(func(tx *store.Tx) error { return k.Recount(tx, now) })
	if err != nil {
		return nil, fmt.Errorf("count the store: %w", err)
	}
	return k, nil
}

// Recount counts everything again from tx, giving every game and tournament a new revision made
// at at.
func (k *Known) Recount(tx *store.Tx, at time.Time) error {
	ids, err := tx.Games("")
	if err != nil {
		return err
	}
	inPlay, err := tx.GamesInPlay()
	if err != nil {
		return err
	}
	playing := make(map[store.GameID]bool, len(inPlay))
	for _, id := range inPlay {
		playing[id] = true
	}
	tours := map[string]*knownTournament{}
	codes, err := tx.Tournaments()
	if err != nil {
		return err
	}
	k.mu.RLock()
	gen := k.gen + 1
	k.mu.RUnlock()
	rev := Revision{Epoch: k.epoch, N: gen, At: at}
	for _, code := range codes {
		tours[code] = &knownTournament{rev: rev, games: map[store.GameID]knownGame{}}
	}
	var total Counts
	for _, id := range ids {
		// A game not in play is finished; of those in play only the head's status tells a
		// game played from one awaiting adjudication.
		status := referee.StatusFinished
		if playing[id] {
			if status, err = tx.GameStatus(id); err != nil {
				return err
			}
		}
		t := tours[id.Tournament]
		if t == nil {
			t = &knownTournament{rev: rev, games: map[store.GameID]knownGame{}}
			tours[id.Tournament] = t
		}
		t.games[id] = knownGame{status: status, rev: rev}
		t.counts.add(status, 1)
		total.add(status, 1)
	}
	due, err := tx.OutboxDepth()
	if err != nil {
		return err
	}
	cards, err := tx.CardsWaiting()
	if err != nil {
		return err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gen, k.revision, k.counted = gen, tx.TournamentsRevision(), true
	k.tours, k.total, k.due, k.cards = tours, total, due, cards
	k.index = rev
	return nil
}

// Current reports whether the store as tx sees it is the one k knows; false on a nil k.
func (k *Known) Current(tx *store.Tx) bool {
	if k == nil {
		return false
	}
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.counted && tx.TournamentsRevision() == k.revision
}

// Count counts what one unit of work changed, at the end of its transaction tx (which holds the
// store's one writer, so that the counts follow the commits in their order): the status of every
// game it wrote, and the letters due and the cards waiting in the outbox as tx holds them (a
// walk of the outbox's index, which holds what is not sent yet: the cost of a letter grows with
// the outbox only while the mail server does not take the letters). A no-op on a nil k.
func (k *Known) Count(tx *store.Tx, w *Work) error {
	if k == nil {
		return nil
	}
	due, err := tx.OutboxDepth()
	if err != nil {
		return err
	}
	cards, err := tx.CardsWaiting()
	if err != nil {
		return err
	}
	w.revision = tx.TournamentsRevision()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.revision, k.due, k.cards = w.revision, due, cards
	for id, status := range w.games {
		t := k.tours[id.Tournament]
		if t == nil {
			t = &knownTournament{games: map[store.GameID]knownGame{}}
			k.tours[id.Tournament] = t
			w.statuses = true
		}
		old, ok := t.games[id]
		if ok && old.status == status {
			continue
		}
		if ok {
			t.counts.add(old.status, -1)
			k.total.add(old.status, -1)
		}
		t.counts.add(status, 1)
		k.total.add(status, 1)
		old.status = status
		t.games[id] = old
		w.statuses = true
	}
	return nil
}

// Spoil forgets that k is counted, after counts whose transaction did not commit: the next unit
// of work (or Sync) counts everything again.
func (k *Known) Spoil() {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.counted = false
	k.mu.Unlock()
}

// Commit gives new revisions to what one unit of work changed (counted by count), once its
// transaction committed at instant at: the pages drawn before it are drawn again.
func (k *Known) Commit(w *Work, at time.Time) {
	if k == nil || len(w.games) == 0 && len(w.tours) == 0 {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gen++
	rev := Revision{Epoch: k.epoch, N: k.gen, At: at}
	touch := func(code string) *knownTournament {
		t := k.tours[code]
		if t == nil {
			t = &knownTournament{games: map[store.GameID]knownGame{}}
			k.tours[code] = t
		}
		t.rev = rev
		return t
	}
	for id := range w.games {
		t := touch(id.Tournament)
		g := t.games[id]
		g.rev = rev
		t.games[id] = g
	}
	for code := range w.tours {
		touch(code)
	}
	if w.statuses {
		k.index = rev
	}
}

// Sent records that a letter of the outbox left it (sent, or given up: store.OutboxFailed), in
// the transaction that records it, so that it is counted in the order of the commits; Unsent
// takes it back when that transaction did not commit.
func (k *Known) Sent() { k.sent(-1) }

// Unsent takes back a Sent whose transaction did not commit.
func (k *Known) Unsent() { k.sent(1) }

func (k *Known) sent(n int) {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.due += n
	k.mu.Unlock()
}

// Games are the store's games by status.
func (k *Known) Games() Counts {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.total
}

// Outbox is how many letters wait in the outbox to be sent, and how many cards and calls wait
// for the captain.
func (k *Known) Outbox() (due, cards int) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return max(0, k.due), max(0, k.cards)
}

// Index is the revision of the list of tournaments: it changes when a tournament comes or goes
// or a game's status changes.
func (k *Known) Index() Revision {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.index
}

// Tournament is tournament code's revision and its games by status; false when k knows no such
// tournament.
func (k *Known) Tournament(code string) (Revision, Counts, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	t, ok := k.tours[code]
	if !ok {
		return Revision{}, Counts{}, false
	}
	return t.rev, t.counts, true
}

// tournament is Tournament on a k that may be nil.
func (k *Known) tournament(code string) (Revision, Counts, bool) {
	if k == nil {
		return Revision{}, Counts{}, false
	}
	return k.Tournament(code)
}

// gameRevisions are the revisions of the games of tournament code.
func (k *Known) gameRevisions(code string) map[store.GameID]Revision {
	k.mu.RLock()
	defer k.mu.RUnlock()
	t := k.tours[code]
	if t == nil {
		return nil
	}
	out := make(map[store.GameID]Revision, len(t.games))
	for id, g := range t.games {
		out[id] = g.rev
	}
	return out
}

// Game is game id's revision; false when k knows no such game.
func (k *Known) Game(id store.GameID) (Revision, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	t := k.tours[id.Tournament]
	if t == nil {
		return Revision{}, false
	}
	g, ok := t.games[id]
	return g.rev, ok
}

// work is what one unit of work changed, gathered in its transaction for Known. Every method is
// safe on a nil *Work: a caller without an office (office.Put, Record) gathers nothing.
type Work struct {
	games    map[store.GameID]referee.Status // the games written, with their status
	tours    map[string]bool                 // the tournaments whose rulings changed
	revision uint64                          // the store's tournaments revision once written
	statuses bool                            // a game's status changed, or a game came: the list of tournaments too
}

// game notes game id written with status.
func (w *Work) Game(id store.GameID, status referee.Status) {
	if w == nil {
		return
	}
	if w.games == nil {
		w.games = map[store.GameID]referee.Status{}
	}
	w.games[id] = status
}

// ruled notes a ruling recorded in tournament code.
func (w *Work) Ruled(code string) {
	if w == nil {
		return
	}
	if w.tours == nil {
		w.tours = map[string]bool{}
	}
	w.tours[code] = true
}
