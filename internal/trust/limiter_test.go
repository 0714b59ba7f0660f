package trust

import (
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)

func TestLimiterWindow(t *testing.T) {
	l := NewLimiter(3, time.Hour, 100)
	steps := []struct {
		key   string
		after time.Duration
		want  bool
	}{
		{"ivan", 0, true},
		{"ivan", 10 * time.Minute, true},
		{"ivan", 20 * time.Minute, true},
		{"ivan", 30 * time.Minute, false}, // the fourth within an hour
		{"petr", 30 * time.Minute, true},  // another sender has his own window
		{"ivan", 59 * time.Minute, false},
		{"ivan", 60 * time.Minute, true}, // the first left the window: 10, 20, 60 are within it
		{"ivan", 69 * time.Minute, false},
		{"ivan", 70 * time.Minute, true}, // 20, 60, 70
		{"ivan", 80 * time.Minute, true}, // 60, 70, 80; the refusals above were not recorded
		{"ivan", 81 * time.Minute, false},
	}
	for i, s := range steps {
		if got := l.Allow(s.key, t0.Add(s.after)); got != s.want {
			t.Errorf("step %d: Allow(%s, +%v) = %v, want %v", i, s.key, s.after, got, s.want)
		}
	}
}

func TestLimiterNoLimit(t *testing.T) {
	l := NewLimiter(0, time.Hour, 1)
	for i := range 100 {
		if !l.Allow("ivan", t0) {
			t.Fatalf("event %d refused with no limit", i)
		}
	}
}

func TestLimiterBounded(t *testing.T) {
	l := NewLimiter(1, time.Hour, 3)
	l.Allow("old", t0)
	l.Allow("a", t0.Add(50*time.Minute))
	l.Allow("b", t0.Add(55*time.Minute))
	// "old" has left its window: it is forgotten first, though "a" was seen less recently than "b".
	l.Allow("c", t0.Add(61*time.Minute))
	if l.Len() != 3 {
		t.Fatalf("Len = %d, want 3", l.Len())
	}
	if l.Allow("a", t0.Add(62*time.Minute)) {
		t.Errorf("a was forgotten: allowed again within its window")
	}
	// Every key is now in its window: the least recently seen ("b") goes.
	l.Allow("d", t0.Add(63*time.Minute))
	if !l.Allow("b", t0.Add(64*time.Minute)) {
		t.Errorf("b was kept, want it forgotten as the least recently seen")
	}
	for i := range 10000 {
		l.Allow(fmt.Sprint("flood", i), t0.Add(65*time.Minute))
	}
	if l.Len() != 3 {
		t.Errorf("after a flood of senders Len = %d, want 3", l.Len())
	}
}

func TestLimiterRingWraps(t *testing.T) {
	l := NewLimiter(40, time.Hour, 1)
	at := t0
	for i := range 40 {
		if !l.Allow("ivan", at) {
			t.Fatalf("event %d refused", i)
		}
		at = at.Add(time.Minute)
	}
	// t0+40m: the 40 events of t0 … t0+39m are all within the hour.
	if l.Allow("ivan", at) {
		t.Fatalf("a 41st event within the hour allowed")
	}
	// From t0+60m on, one event leaves the window each minute.
	for i := range 40 {
		at := t0.Add(time.Duration(60+i) * time.Minute)
		if !l.Allow("ivan", at) {
			t.Fatalf("minute %d refused", 60+i)
		}
		if l.Allow("ivan", at) {
			t.Fatalf("minute %d: a second event allowed", 60+i)
		}
	}
	// The ring has gone round once: minutes 60 … 99 are 40 events within the hour before 100.
	if l.Allow("ivan", t0.Add(100*time.Minute)) {
		t.Errorf("minute 100 allowed after 40 events in the hour")
	}
	if !l.Allow("ivan", t0.Add(120*time.Minute)) {
		t.Errorf("minute 120 refused: minute 60 has left the window")
	}
}
