package office

import (
	"fmt"
	"sync"
	"time"

	"postald/internal/config"
)

// No letter halts the mailbox. A letter whose sender postald's own check cannot check now while
// the resolver answers other questions (the letter's domain answers SERVFAIL, or nothing: its
// fault, or an attacker's) waits in the mailbox for its next try, alone: the letters behind it
// are decided meanwhile. Its tries are counted and spaced ([limits] check_attempts,
// check_backoff: 2, 4, 8, 16, 32 minutes by default), and the DNS is not asked for it before its
// next try is due, so that such letters cost the mailbox nothing; after the last try it is
// decided, which holds it (trust.HoldUnchecked), lists it in the judges' digest and tells the
// judges (at most once a day). While the resolver answers nothing at all, that is an outage of the
// check, not the letters' fault: no try is counted, and the judges are told after half an hour
// (outage.go).
//
// The counts live in memory, as the rate limits do: a restart of the daemon gives such a letter
// its tries again (bounded again), and never loses it.

// laterLetters are the letters whose check failed for now, by the digest of their bytes.
type laterLetters struct {
	mu sync.Mutex
	m  map[[32]byte]*laterLetter
}

// laterLetter is one letter's tries.
type laterLetter struct {
	first, next time.Time
	tries       int
	why         string
	spent       bool // every try failed: decide it (held)
}

// maxLater bounds the letters remembered; beyond it the oldest are forgotten (each gets its
// tries again).
const maxLater = 4096

// due returns nil when the letter with digest key may be checked now, else the error that says
// until when it waits.
func (l *laterLetters) due(key [32]byte, now time.Time) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.m[key]
	if e == nil || e.spent || !now.Before(e.next) {
		return nil
	}
	return fmt.Errorf("%w: %s; tried %d times, next at %s", ErrOwnCheckTemporary, e.why, e.tries, e.next.UTC().Format(time.RFC3339))
}

// failed counts a failed try of the letter with digest key at now. It returns the error that
// keeps the letter waiting, or nil when its tries are spent and it is to be decided (held).
func (l *laterLetters) failed(key [32]byte, now time.Time, why string, lim config.Limits) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[[32]byte]*laterLetter{}
	}
	e := l.m[key]
	if e == nil {
		if len(l.m) >= maxLater {
			l.forgetOldest()
		}
		e = &laterLetter{first: now}
		l.m[key] = e
	}
	e.tries++
	e.why = why
	attempts := lim.CheckAttempts
	if attempts <= 0 {
		attempts = config.Defaults().Limits.CheckAttempts
	}
	if e.tries >= attempts {
		e.spent = true
		return nil
	}
	wait := lim.CheckBackoff.Duration
	if wait <= 0 {
		wait = config.Defaults().Limits.CheckBackoff.Duration
	}
	wait <<= min(e.tries-1, 16)
	e.next = now.Add(wait)
	return fmt.Errorf("%w: %s; tried %d of %d times, next at %s", ErrOwnCheckTemporary, why, e.tries, attempts, e.next.UTC().Format(time.RFC3339))
}

// spent returns the tries of a letter whose tries are spent, and since when it was tried.
func (l *laterLetters) spent(key [32]byte, now time.Time) (tries int, over time.Duration, why string, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.m[key]
	if e == nil || !e.spent {
		return 0, 0, "", false
	}
	return e.tries, now.Sub(e.first), e.why, true
}

// forget drops the letter with digest key: checked, or decided.
func (l *laterLetters) forget(key [32]byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.m, key)
}

func (l *laterLetters) forgetOldest() {
	var oldest [32]byte
	var at time.Time
	for k, e := range l.m {
		if at.IsZero() || e.first.Before(at) {
			oldest, at = k, e.first
		}
	}
	delete(l.m, oldest)
}
