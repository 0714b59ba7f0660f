package metrics

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestNilSet: code given no metrics calls them all the same.
func TestNilSet(t *testing.T) {
	var s *Set
	s.Decided("accepted", time.Millisecond)
	s.SendFailed()
	s.Delivered("failed")
	s.Reconnected()
	if _, err := s.Gatherer().Gather(); err != nil {
		t.Fatal(err)
	}
}

// TestCounters: each event is counted under its name, on the Set's own registry.
func TestCounters(t *testing.T) {
	s, other := New(nil), New(nil)
	s.Decided("accepted", time.Millisecond)
	s.Decided("accepted", 2*time.Millisecond)
	s.Decided("", time.Millisecond)
	s.Reconnected()
	if got := testutil.ToFloat64(s.letters.WithLabelValues("accepted")); got != 2 {
		t.Errorf("accepted: %v", got)
	}
	if got := testutil.ToFloat64(s.letters.WithLabelValues("none")); got != 1 {
		t.Errorf("no verdict: %v", got)
	}
	s.Delivered("failed")
	s.Delivered("sent")
	if got := testutil.ToFloat64(s.deliveries.WithLabelValues("failed")); got != 1 {
		t.Errorf("deliveries failed: %v", got)
	}
	if got := testutil.ToFloat64(s.reconnects); got != 1 {
		t.Errorf("reconnects: %v", got)
	}
	if got := testutil.ToFloat64(other.reconnects); got != 0 {
		t.Errorf("two Sets share a counter: %v", got)
	}
	if n, err := testutil.GatherAndCount(s.Gatherer(), "postald_decision_seconds"); err != nil || n != 1 {
		t.Errorf("decision histogram: %d, %v", n, err)
	}
}
