package trust

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestDigestDue: the digest is due a day after the last one, or, before the first, a day after
// the oldest letter waiting; never with nothing waiting.
func TestDigestDue(t *testing.T) {
	day := 24 * time.Hour
	tests := []struct {
		name     string
		last     time.Time
		received []time.Time
		now      time.Time
		want     bool
	}{
		{"nothing waits", t0.Add(-2 * day), nil, t0, false},
		{"the last digest a day old", t0.Add(-day), []time.Time{t0.Add(-time.Hour)}, t0, true},
		{"the last digest under a day old", t0.Add(-day + time.Minute), []time.Time{t0.Add(-2 * day)}, t0, false},
		{"no digest yet, the oldest letter a day old", time.Time{}, []time.Time{t0.Add(-time.Hour), t0.Add(-day), t0}, t0, true},
		{"no digest yet, every letter under a day old", time.Time{}, []time.Time{t0.Add(-time.Hour), t0.Add(-day + time.Second)}, t0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DigestDue(tc.last, tc.received, tc.now); got != tc.want {
				t.Errorf("DigestDue = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestDigests: a held letter is listed to the judge of every tournament its sender plays in, a
// stranger's and one whose From cannot be read to every judge; a judge who judges several
// tournaments (his address in any case) gets one digest, in the name of the first tournament of
// his a letter reached him by, listing each letter once; a tournament without a judge tells
// nobody, and with no judge at all nothing is sent.
func TestDigests(t *testing.T) {
	benches := []Bench{
		{Judge: "judge@club.example", Players: []string{"ivanov@club.example", "petrov@club.example"}},
		{Judge: "", Players: []string{"sidorov@club.example"}},
		{Judge: "other@club.example", Players: []string{"Sidorov@Club.example", "kozlov@club.example"}},
		{Judge: "JUDGE@club.example", Players: []string{"kozlov@club.example", "ivanov@club.example"}},
	}
	tests := []struct {
		name    string
		from    []string
		benches []Bench
		want    []Digest
	}{
		{"a player's letter to his tournaments' judges", []string{"Sidor <sidorov@club.example>"}, benches,
			[]Digest{{Bench: 2, Letters: []int{0}}}},
		{"a judge of two of his tournaments told once", []string{"ivanov@club.example"}, benches,
			[]Digest{{Bench: 0, Letters: []int{0}}}},
		{"a stranger's letter to every judge", []string{"someone@elsewhere.example"}, benches,
			[]Digest{{Bench: 0, Letters: []int{0}}, {Bench: 2, Letters: []int{0}}}},
		{"an unreadable From to every judge", []string{"not an address"}, benches,
			[]Digest{{Bench: 0, Letters: []int{0}}, {Bench: 2, Letters: []int{0}}}},
		{"an empty From to every judge", []string{""}, benches,
			[]Digest{{Bench: 0, Letters: []int{0}}, {Bench: 2, Letters: []int{0}}}},
		{"the judges in the order they are first reached", []string{"KOZLOV@club.example", "petrov@club.example", "x@y.example"}, benches,
			[]Digest{{Bench: 2, Letters: []int{0, 2}}, {Bench: 3, Letters: []int{0, 1, 2}}}},
		{"no judge at all", []string{"ivanov@club.example"}, []Bench{{Players: []string{"ivanov@club.example"}}}, nil},
		{"nothing held", nil, benches, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Digests(tc.from, tc.benches)); diff != "" {
				t.Errorf("Digests (-want +got):\n%s", diff)
			}
		})
	}
}
