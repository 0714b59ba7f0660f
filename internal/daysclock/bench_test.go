package daysclock

import "testing"

// BenchmarkReply is one letter through a clock: run, a penalty, the reply, the next deadline.
func BenchmarkReply(b *testing.B) {
	terms := seedTerms(b)
	since := day(b, "2026-12-01")
	leave := Leave{day(b, "2026-12-10"), day(b, "2026-12-19")}
	b.ReportAllocs()
	for b.Loop() {
		c := Clock{Days: 60, Moves: 12, Leaves: []Leave{leave}}
		if err := c.Run(since, terms); err != nil {
			b.Fatal(err)
		}
		c.Penalize(6, since.AddDays(2), terms)
		if _, err := c.Reply(since.AddDays(24), 1, terms); err != nil {
			b.Fatal(err)
		}
		_ = c.Deadline(terms)
	}
}

// BenchmarkDeadline is the deadline and reminders of a clock on move, as every letter states.
func BenchmarkDeadline(b *testing.B) {
	terms := seedTerms(b)
	c := &Clock{Days: 30, Moves: 10, Since: day(b, "2026-12-01"),
		Leaves: []Leave{{day(b, "2026-12-10"), day(b, "2026-12-19")}, {day(b, "2027-01-05"), day(b, "2027-01-09")}}}
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Deadline(terms)
	}
}

// BenchmarkNextEvent is the timer's question over a tournament of 20 players: 190 games, 380 clocks,
// half of them on move.
func BenchmarkNextEvent(b *testing.B) {
	terms := seedTerms(b)
	start := day(b, "2026-11-01")
	clocks := make([]*Clock, 380)
	for i := range clocks {
		c := &Clock{Days: i % 45, Moves: i % 9}
		if i%2 == 0 {
			c.Since = start.AddDays(i % 30)
		}
		clocks[i] = c
	}
	after := start.AddDays(3)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := NextEvent(clocks, after, terms); !ok {
			b.Fatal("no event")
		}
	}
}

// BenchmarkDateOf is an instant read as a day of the tournament's zone.
func BenchmarkDateOf(b *testing.B) {
	loc := zone(b, "Europe/Moscow")
	at := instant(b, "2026-11-14T21:30:00Z")
	b.ReportAllocs()
	for b.Loop() {
		_ = DateOf(at, loc)
	}
}
