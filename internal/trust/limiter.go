package trust

import (
	"container/list"
	"time"
)

// Limiter allows at most limit events per key in any sliding window of length window, keeping
// the instants of each key's last limit events (8 bytes each). It tracks at most maxKeys keys:
// when a new key would pass that, it forgets a key whose window has passed, or else the key seen
// least recently; its memory is therefore bounded by maxKeys × limit instants. Time is passed
// in; nothing is read from a clock. A Limiter is not safe for concurrent use.
type Limiter struct {
	limit   int
	window  time.Duration
	maxKeys int
	keys    map[string]*list.Element // of *limiterKey
	lru     list.List                // most recently seen first
}

type limiterKey struct {
	key  string
	ring []int64 // the last events in Unix nanoseconds, oldest at next once the ring is full
	next int
}

// NewLimiter returns a limiter of limit events per window for each of at most maxKeys keys.
// A limit ≤ 0 allows everything.
func NewLimiter(limit int, window time.Duration, maxKeys int) *Limiter {
	return &Limiter{limit: limit, window: window, maxKeys: max(maxKeys, 1), keys: map[string]*list.Element{}}
}

// Allow reports whether one more event for key at now is within the limit, and records it if
// so; an event refused is not recorded, so a key that keeps trying is allowed again as soon as
// its oldest recorded event leaves the window.
func (l *Limiter) Allow(key string, now time.Time) bool {
	if l.limit <= 0 {
		return true
	}
	el, ok := l.keys[key]
	if !ok {
		l.makeRoom(now)
		el = l.lru.PushFront(&limiterKey{key: key, ring: make([]int64, 0, min(l.limit, 16))})
		l.keys[key] = el
	}
	l.lru.MoveToFront(el)
	k := el.Value.(*limiterKey)
	at := now.UnixNano()
	if len(k.ring) < l.limit {
		if len(k.ring) == cap(k.ring) {
			k.ring = append(make([]int64, 0, min(2*cap(k.ring), l.limit)), k.ring...)
		}
		k.ring = append(k.ring, at)
		return true
	}
	if at-k.ring[k.next] < int64(l.window) {
		return false // limit events already within the window
	}
	k.ring[k.next] = at
	k.next = (k.next + 1) % l.limit
	return true
}

// Len returns the number of keys tracked.
func (l *Limiter) Len() int { return len(l.keys) }

// makeRoom forgets one key when the limiter is full: from the least recently seen end, the
// first whose last event left the window, or else the least recently seen.
func (l *Limiter) makeRoom(now time.Time) {
	if len(l.keys) < l.maxKeys {
		return
	}
	victim := l.lru.Back()
	for el, n := l.lru.Back(), 0; el != nil && n < 64; el, n = el.Prev(), n+1 {
		if k := el.Value.(*limiterKey); now.UnixNano()-k.last(l.limit) >= int64(l.window) {
			victim = el
			break
		}
	}
	delete(l.keys, victim.Value.(*limiterKey).key)
	l.lru.Remove(victim)
}

// last is the instant of the key's latest event.
func (k *limiterKey) last(limit int) int64 {
	if len(k.ring) < limit {
		return k.ring[len(k.ring)-1]
	}
	return k.ring[(k.next+limit-1)%limit]
}
