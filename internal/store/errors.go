package store

import (
	"errors"
	"fmt"
)

// Errors returned when opening a store file.
var (
	// ErrInUse is returned by Open when another process (normally a running
	// postald serve) holds the file's lock past Options.Timeout.
	ErrInUse = errors.New("store is in use by another postald")

	// ErrNewerSchema is returned by Open when the file was written by a
	// later postald whose schema this binary does not know.
	ErrNewerSchema = errors.New("store: file written by a newer postald")

	// ErrNotStore is returned by Open when the file is a bbolt file but not a
	// postald store.
	ErrNotStore = errors.New("store: not a postald store")
)

// Errors returned inside transactions.
var (
	// ErrNotFound is returned when a game, tournament, inbound letter or
	// outbox item does not exist.
	ErrNotFound = errors.New("store: not found")

	// ErrFinished is returned when an inbound letter that is already done or
	// quarantined is marked again, or when an outbox item that has already
	// been sent or given up is changed.
	ErrFinished = errors.New("store: already finished")

	// ErrInvalid is returned for arguments the store cannot record: an empty
	// tournament code, a game code with "/", a zero instant, and the like.
	ErrInvalid = errors.New("store: invalid argument")
)

// ChainError is returned by Verify for the first broken link of an archive
// chain.
type ChainError struct {
	Chain  string // the chain's key: "tournament/game", "tournament/" or "quarantine"
	Seq    uint64 // the first entry that does not verify
	Reason string // what is wrong with it
}

func (e *ChainError) Error() string {
	return fmt.Sprintf("store: archive chain %s broken at entry %d: %s", e.Chain, e.Seq, e.Reason)
}

func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
