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

	// ErrDamaged is matched (errors.Is) by every error that says the file is
	// damaged or was edited: a *DamageError, a *ChainError, a *SealError.
	ErrDamaged = errors.New("store: damaged")
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

// DamageError is what a DB method returns when the file is damaged: bbolt's
// consistency check or the store's walk of the file found a bad page, bbolt
// panicked on one, or a chain or a sealed record does not verify (Err is
// then a *ChainError or a *SealError). It names the file.
type DamageError struct {
	Path string // the store file
	Err  error  // what is damaged
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("store %s is damaged: %v (restore it from a backup: see \"A damaged store\" in docs/admin.md)", e.Path, e.Err)
}

// Unwrap is the damage found.
func (e *DamageError) Unwrap() error { return e.Err }

// Is makes a DamageError match ErrDamaged.
func (e *DamageError) Is(target error) bool { return target == ErrDamaged }

// ChainError is returned by Verify for the first broken link of an archive
// chain or of the rulings log (Chain is then "rulings").
type ChainError struct {
	Chain  string // the chain's key: "tournament/game", "tournament/", "quarantine" or "rulings"
	Seq    uint64 // the first entry that does not verify
	Reason string // what is wrong with it
}

func (e *ChainError) Error() string {
	if e.Chain == rulingsChain {
		return fmt.Sprintf("rulings log broken at ruling %d: %s", e.Seq, e.Reason)
	}
	return fmt.Sprintf("archive chain %s broken at entry %d: %s", e.Chain, e.Seq, e.Reason)
}

// Is makes a ChainError match ErrDamaged.
func (e *ChainError) Is(target error) bool { return target == ErrDamaged }

// SealError is returned when a game record does not match its seal, or its
// seal does not match the entry of the game's archive chain it was made on.
type SealError struct {
	Game   GameID
	Reason string
}

func (e *SealError) Error() string {
	return fmt.Sprintf("game record %s does not verify: %s", e.Game, e.Reason)
}

// Is makes a SealError match ErrDamaged.
func (e *SealError) Is(target error) bool { return target == ErrDamaged }

func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
