package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// LetterOutcome is everything processing one inbound letter changes. It is
// applied in one transaction: the inbound record is marked done (or
// quarantined), the raw letter is archived with its verdict, the game's new
// state and next event are stored, and the letters to send are enqueued (and
// archived) — all of it or none of it.
type LetterOutcome struct {
	Ref       MessageRef // where the letter was found
	MessageID string     // its Message-ID header value, possibly empty
	Raw       []byte     // the letter, byte for byte
	Received  time.Time  // when postald received it (the postmark)
	Now       time.Time  // when it is processed; the time of the outgoing letters

	// Game is the game the letter belongs to, or a tournament (Game.Game
	// empty) for a letter about the tournament as a whole; zero when it
	// belongs to none (it is then archived in the quarantine chain).
	Game    GameID
	Move    int    // the move number the letter is about, 0 if none
	Verdict string // accepted, corrected, rejected, notice
	Clause  string // the clauses that applied, comma-separated
	// Auth is the authentication verdict of the sender, kept in the letter's archive entry.
	Auth string

	// Quarantine, when not empty, is why the letter is not applied: no game
	// state is changed and the inbound record is quarantined.
	Quarantine string
	// Held is why, as the application's typed record (kept as it is, for the judge's notices in
	// each tournament's language); empty is allowed.
	Held json.RawMessage

	State     *GameState // the game's new state; nil leaves it unchanged
	NextEvent *time.Time // the game's next event; nil leaves it, a zero time clears it

	// Also are the other games the letter is about (a letter with a section per game, a leave
	// that stops the player's clock in each of his games), each decided in the same unit of
	// work: the letter is archived once, in Game's chain, and each of them gets an entry that
	// names it (ArchiveEntry.Letter), with the game as it stood before, for `judge revert`.
	Also []GameOutcome

	Outgoing []Outgoing // letters to send
	// Compose, when set, is called after the letter is archived, with its
	// receipt, and returns more letters to send (an acknowledgement quoting
	// the receipt).
	Compose func(Receipt) ([]Outgoing, error)
}

// GameOutcome is what a letter decided in one more game (LetterOutcome.Also).
type GameOutcome struct {
	Game      GameID
	Move      int
	Verdict   string
	Clause    string
	State     *GameState
	NextEvent *time.Time
}

// Applied is what ApplyLetter did.
type Applied struct {
	// Duplicate is true when the letter had already been processed (under
	// this or another UID): nothing was written and the other fields
	// describe the earlier processing as far as the inbound record knows it.
	Duplicate bool
	Inbound   Inbound
	Receipt   Receipt      // the archived inbound letter
	Outbox    []OutboxItem // the letters enqueued
}

// ApplyLetter applies o inside tx. A letter not received before is recorded
// first (Receive need not be called). A letter already done or quarantined
// is not applied again: ApplyLetter returns Applied.Duplicate and changes
// nothing (it only records a new ref as a duplicate of the first copy),
// which is what makes a retry after a crash safe.
func (tx *Tx) ApplyLetter(o LetterOutcome) (Applied, error) {
	if o.Received.IsZero() || o.Now.IsZero() {
		return Applied{}, invalidf("letter %s: want the received and processing times", o.Ref)
	}
	if o.Quarantine != "" && o.State != nil {
		return Applied{}, invalidf("letter %s: a quarantined letter changes no game", o.Ref)
	}
	if !o.Game.IsZero() {
		if err := o.Game.validChain(); err != nil {
			return Applied{}, err
		}
	}
	if o.State != nil || o.NextEvent != nil {
		if err := o.Game.validGame(); err != nil {
			return Applied{}, err
		}
	}
	if len(o.Also) > 0 && (o.Quarantine != "" || o.Game.IsZero()) {
		return Applied{}, invalidf("letter %s: a letter about more games has a game of its own and is not quarantined", o.Ref)
	}
	for _, g := range o.Also {
		if err := g.Game.validGame(); err != nil {
			return Applied{}, err
		}
	}
	in, _, err := tx.receive(o.Ref, o.MessageID, o.Raw, o.Received)
	if err != nil {
		return Applied{}, err
	}
	if in.IsFinished() {
		return Applied{Duplicate: true, Inbound: in}, nil
	}
	verdict := o.Verdict
	if o.Quarantine != "" && verdict == "" {
		verdict = string(InboundQuarantined)
	}
	ref := in.Ref // the first copy, when o.Ref is a duplicate of an interrupted letter
	// The game as it stands before the letter is kept with the letter (judge revert).
	before, beforeChunks, err := tx.priorState(o.Game)
	if err != nil {
		return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
	}
	a := Applied{}
	a.Receipt, err = tx.Archive(o.Game, ArchiveEntry{
		Direction: In, Time: o.Received, MessageID: in.MessageID, Move: o.Move,
		Verdict: verdict, Clause: o.Clause, Ref: &ref, Raw: o.Raw,
		Auth: o.Auth, Before: before, BeforeChunks: beforeChunks,
	})
	if err != nil {
		return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
	}
	if o.Quarantine != "" {
		a.Inbound, err = tx.Quarantine(ref, o.Quarantine, o.Held, a.Receipt.Seq, o.Now)
	} else {
		a.Inbound, err = tx.MarkDone(ref, o.Game, verdict, a.Receipt.Seq, o.Now)
	}
	if err != nil {
		return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
	}
	if o.State != nil {
		if err := tx.PutGame(o.Game, *o.State); err != nil {
			return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
		}
	}
	if o.NextEvent != nil {
		if err := tx.SetNextEvent(o.Game, *o.NextEvent); err != nil {
			return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
		}
	}
	held := &EntryRef{Chain: a.Receipt.Chain, Seq: a.Receipt.Seq}
	for _, g := range o.Also {
		before, beforeChunks, err := tx.priorState(g.Game)
		if err != nil {
			return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
		}
		if _, err := tx.Archive(g.Game, ArchiveEntry{
			Direction: In, Time: o.Received, MessageID: in.MessageID, Move: g.Move,
			Verdict: g.Verdict, Clause: g.Clause, Ref: &ref, Letter: held,
			Auth: o.Auth, Before: before, BeforeChunks: beforeChunks,
		}); err != nil {
			return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
		}
		if g.State != nil {
			if err := tx.PutGame(g.Game, *g.State); err != nil {
				return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
			}
		}
		if g.NextEvent != nil {
			if err := tx.SetNextEvent(g.Game, *g.NextEvent); err != nil {
				return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
			}
		}
	}
	out := o.Outgoing
	if o.Compose != nil {
		more, err := o.Compose(a.Receipt)
		if err != nil {
			return Applied{}, fmt.Errorf("letter %s: compose: %w", o.Ref, err)
		}
		out = append(out[:len(out):len(out)], more...)
	}
	for _, m := range out {
		it, err := tx.Enqueue(m, o.Now)
		if err != nil {
			return Applied{}, fmt.Errorf("letter %s: %w", o.Ref, err)
		}
		a.Outbox = append(a.Outbox, it)
	}
	return a, nil
}

// ProcessLetter applies o in its own transaction (fsynced on return).
func (db *DB) ProcessLetter(o LetterOutcome) (Applied, error) {
	var a Applied
	err := db.Update(func(tx *Tx) error {
		var err error
		a, err = tx.ApplyLetter(o)
		return err
	})
	return a, err
}

// ProcessLetters applies several letters in one transaction and one fsync:
// all of them or, on the first error, none. That is safe because each letter
// is idempotent (a letter already processed is returned as a Duplicate), so a
// batch that failed or was cut by a crash can be given again whole. Outcomes
// must have been decided in order, each on the game state the previous ones
// left; to decide inside the transaction, use Update with Tx.Game and
// Tx.ApplyLetter.
func (db *DB) ProcessLetters(outcomes []LetterOutcome) ([]Applied, error) {
	out := make([]Applied, 0, len(outcomes))
	err := db.Update(func(tx *Tx) error {
		out = out[:0]
		for _, o := range outcomes {
			a, err := tx.ApplyLetter(o)
			if err != nil {
				return err
			}
			out = append(out, a)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
