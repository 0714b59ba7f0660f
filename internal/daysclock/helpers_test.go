package daysclock

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones the tests use, whatever the machine has installed
)

// day parses an ISO date or fails the test.
func day(t testing.TB, s string) Date {
	t.Helper()
	if s == "" {
		return Date{}
	}
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// zone loads an IANA zone or fails the test.
func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// instant parses an RFC 3339 instant or fails the test.
func instant(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// seedTerms are the seed's numbers (4.3.1, 4.2.11) and the regulation's defaults, for a tournament
// played from 2026-11-01 to 2027-10-31.
func seedTerms(t testing.TB) Terms {
	return Terms{
		Control:     DefaultControl(),
		Start:       day(t, "2026-11-01"),
		End:         day(t, "2027-10-31"),
		Reminders:   []int{7, 1},
		SilenceDays: 30,
	}
}
