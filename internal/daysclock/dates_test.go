package daysclock

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStampDates(t *testing.T) {
	loc := zone(t, "Europe/Moscow")
	// The partner's letter reached postald at 23:50 MSK on the 14th and was forwarded two minutes
	// later, at 00:02 on the 15th; the reply came at 21:10 UTC on the 17th, 00:10 MSK on the 18th.
	got := StampDates(
		instant(t, "2026-11-14T23:50:00+03:00"),
		instant(t, "2026-11-15T00:02:00+03:00"),
		instant(t, "2026-11-17T21:10:00Z"),
		loc)
	want := Dates{PartnerSent: day(t, "2026-11-14"), Received: day(t, "2026-11-15"), Sent: day(t, "2026-11-18")}
	if got != want {
		t.Fatalf("StampDates = %+v, want %+v", got, want)
	}
	if got.Days() != 3 { // 18 - 15
		t.Errorf("Days = %d, want 3", got.Days())
	}
	first := StampDates(instant(t, "0001-01-01T00:00:00Z"), instant(t, "0001-01-01T00:00:00Z"), instant(t, "2026-11-01T10:00:00+03:00"), loc)
	if !first.PartnerSent.IsZero() || !first.Received.IsZero() || first.Days() != 0 {
		t.Errorf("White's first move: %+v, days %d; want only the sending date and 0 days", first, first.Days())
	}
}

func TestDatesCompare(t *testing.T) {
	stamped := Dates{PartnerSent: day(t, "2026-11-14"), Received: day(t, "2026-11-16"), Sent: day(t, "2026-11-18")}
	first := Dates{Sent: day(t, "2026-11-03")}
	dates := func(ss ...string) []Date {
		var ds []Date
		for _, s := range ss {
			ds = append(ds, day(t, s))
		}
		return ds
	}
	diff := func(f DateField, stated, stamped string) DateDiff {
		return DateDiff{Field: f, Stated: day(t, stated), Stamped: day(t, stamped), Clause: "4.3.1"}
	}
	tests := []struct {
		name    string
		stamped Dates
		stated  []Date
		want    []DateDiff
	}{
		{"all agree", stamped, dates("2026-11-14", "2026-11-16", "2026-11-18"), nil},
		{"extra dates ignored", stamped, dates("2026-11-14", "2026-11-16", "2026-11-18", "2026-01-01"), nil},
		{"received a day late by his count", stamped, dates("2026-11-14", "2026-11-17", "2026-11-18"),
			[]DateDiff{diff(Received, "2026-11-17", "2026-11-16")}},
		{"all three wrong", stamped, dates("2026-11-13", "2026-11-15", "2026-11-17"), []DateDiff{
			diff(PartnerSent, "2026-11-13", "2026-11-14"),
			diff(Received, "2026-11-15", "2026-11-16"),
			diff(Sent, "2026-11-17", "2026-11-18")}},
		{"only the first stated", stamped, dates("2026-11-14"), []DateDiff{
			diff(Received, "", "2026-11-16"),
			diff(Sent, "", "2026-11-18")}},
		{"none stated", stamped, nil, []DateDiff{
			diff(PartnerSent, "", "2026-11-14"),
			diff(Received, "", "2026-11-16"),
			diff(Sent, "", "2026-11-18")}},
		{"White's first move, its date stated", first, dates("2026-11-03"), nil},
		{"White's first move, wrong date", first, dates("2026-11-02"), []DateDiff{diff(Sent, "2026-11-02", "2026-11-03")}},
		{"White's first move, three dates", first, dates("2026-11-01", "2026-11-01", "2026-11-03"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.stamped.Compare(tt.stated)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Compare (-want +got):\n%s", d)
			}
			for _, g := range got {
				if g.Missing() != g.Stated.IsZero() {
					t.Errorf("%v: Missing = %v", g.Field, g.Missing())
				}
			}
		})
	}
}

func TestDateDiffJSON(t *testing.T) {
	d := DateDiff{Field: Received, Stated: day(t, "2026-11-17"), Stamped: day(t, "2026-11-16"), Clause: "4.3.1"}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"field":"received","stated":"2026-11-17","stamped":"2026-11-16","clause":"4.3.1"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	var back DateDiff
	if err := json.Unmarshal(b, &back); err != nil || back != d {
		t.Errorf("round trip = %+v, %v; want %+v", back, err, d)
	}
	if err := json.Unmarshal([]byte(`{"field":"posted"}`), &back); err == nil {
		t.Error(`field "posted" read without an error`)
	}
}

func TestFraction(t *testing.T) {
	white, black := &Clock{Days: 23}, &Clock{Days: 31, Penalty: 6}
	computed := FractionOf(white, black)
	if computed.String() != "23/31" {
		t.Fatalf("FractionOf = %s, want 23/31", computed)
	}
	tests := []struct {
		name   string
		stated *Fraction
		want   FractionDiff
		differ bool
	}{
		{"agrees", &Fraction{23, 31}, FractionDiff{}, false},
		// Black forgot his own penalty days: 31 - 6.
		{"without the penalty", &Fraction{23, 25}, FractionDiff{Stated: Fraction{23, 25}, Computed: computed, Clause: "4.3.1"}, true},
		{"upside down", &Fraction{31, 23}, FractionDiff{Stated: Fraction{31, 23}, Computed: computed, Clause: "4.3.1"}, true},
		{"not stated", nil, FractionDiff{Computed: computed, Missing: true, Clause: "4.3.1"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, differ := CompareFraction(computed, tt.stated)
			if differ != tt.differ || got != tt.want {
				t.Errorf("CompareFraction = %+v, %v; want %+v, %v", got, differ, tt.want, tt.differ)
			}
		})
	}
}

func TestControlNext(t *testing.T) {
	tests := []struct {
		control Control
		moves   int
		want    Checkpoint
	}{
		{DefaultControl(), 0, Checkpoint{10, 50, "4.3.1"}},
		{DefaultControl(), 9, Checkpoint{10, 50, "4.3.1"}},   // thinking about move 10
		{DefaultControl(), 10, Checkpoint{20, 100, "4.3.1"}}, // move 10 made: its control is behind him
		{DefaultControl(), 19, Checkpoint{20, 100, "4.3.1"}},
		{DefaultControl(), 20, Checkpoint{30, 150, "4.3.1"}},
		{DefaultControl(), 57, Checkpoint{60, 300, "4.3.1"}},
		{Control{Moves: 5, Days: 20}, 5, Checkpoint{10, 40, "4.3.1"}},
		{Control{}, 3, Checkpoint{10, 50, "4.3.1"}}, // not set: the seed's
		{DefaultControl(), -1, Checkpoint{10, 50, "4.3.1"}},
	}
	for _, tt := range tests {
		if got := tt.control.Next(tt.moves); got != tt.want {
			t.Errorf("%+v.Next(%d) = %+v, want %+v", tt.control, tt.moves, got, tt.want)
		}
	}
}
