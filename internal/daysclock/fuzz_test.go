package daysclock

import (
	"testing"
	"time"
)

// FuzzParseDate: whatever the text, ParseDate and UnmarshalText do not panic, and a date read
// is written back as the same text it was read from.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-11-01", "2028-02-29", "2027-02-29", "0000-00-00", "", "9999-12-31", "2026-13-01", "18.11.2026"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		var u Date
		uerr := u.UnmarshalText([]byte(s))
		if s != "" && (err == nil) != (uerr == nil) {
			t.Fatalf("ParseDate(%q) error %v, UnmarshalText error %v", s, err, uerr)
		}
		if err != nil {
			return
		}
		if u != d {
			t.Fatalf("UnmarshalText(%q) = %v, ParseDate = %v", s, u, d)
		}
		if d.String() != s {
			t.Fatalf("ParseDate(%q).String() = %q", s, d.String())
		}
		if d.AddDays(0) != d || d.Sub(d) != 0 {
			t.Fatalf("%v is not normalized", d)
		}
	})
}

// FuzzDayArithmetic checks the invariants of the day arithmetic on any dates: adding n days and
// subtracting give n back, LetterDays is never negative and equals the difference of ordered
// dates, and a date read through any zone is within a day of its UTC date.
func FuzzDayArithmetic(f *testing.F) {
	f.Add(2026, 11, 1, 50, int64(1793561400))
	f.Add(2028, 2, 29, 365, int64(1835470800))
	f.Add(2026, 12, 31, 1, int64(1798750800))
	f.Add(1, 1, 1, -1, int64(0))
	f.Add(2026, 2, 30, -31, int64(-1))
	f.Fuzz(func(t *testing.T, y, m, d, n int, unix int64) {
		if y < -100000 || y > 100000 || n < -1000000 || n > 1000000 {
			t.Skip()
		}
		raw := Date{y, time.Month(m), d}
		a := raw.normalized()
		// The integer calendar agrees with the time package's, for any fields.
		if got, want := raw.dayNumber(), raw.midnight().Unix()/86400; got != want {
			t.Fatalf("day number of %+v = %d, time says %d", raw, got, want)
		}
		b := a.AddDays(n)
		if want := DateOf(a.midnight().AddDate(0, 0, n), time.UTC); b != want {
			t.Fatalf("%v + %d = %v, time says %v", a, n, b, want)
		}
		if got := b.Sub(a); got != n {
			t.Fatalf("(%v + %d) - %v = %d", a, n, a, got)
		}
		if got := b.AddDays(-n); got != a {
			t.Fatalf("%v + %d - %d = %v", a, n, n, got)
		}
		ld := LetterDays(a, b)
		switch {
		case ld < 0:
			t.Fatalf("LetterDays(%v, %v) = %d < 0", a, b, ld)
		case n >= 0 && ld != n, n < 0 && ld != 0:
			t.Fatalf("LetterDays(%v, %v) = %d, want %d", a, b, ld, max(n, 0))
		}
		if a.Before(b) != (n > 0) || a.After(b) != (n < 0) {
			t.Fatalf("%v and %v (%d apart) compare wrong", a, b, n)
		}
		if unix < -1<<40 || unix > 1<<40 {
			return
		}
		at := time.Unix(unix, 0)
		utc := DateOf(at, time.UTC)
		for _, name := range []string{"Europe/Moscow", "America/New_York", "Pacific/Kiritimati", "Pacific/Niue"} {
			loc, err := time.LoadLocation(name)
			if err != nil {
				t.Fatal(err)
			}
			local := DateOf(at, loc)
			if k := local.Sub(utc); k < -1 || k > 1 {
				t.Fatalf("%v in %s is %v, %d days from UTC %v", at, name, local, k, utc)
			}
			if s := local.Start(loc); DateOf(s, loc) != local || s.After(at) {
				t.Fatalf("start of %v in %s = %v, after %v or another day", local, name, s, at)
			}
		}
	})
}

// FuzzClock plays a move on a clock with leave, a check of the overstep and a penalty on one day,
// and the reply on that day or later, and checks that the charge never
// exceeds the calendar days, that the last day is the last one within the limit, that an
// overstep is found exactly when the total exceeds the limit, and that a correction undone
// leaves the clock as it was.
func FuzzClock(f *testing.F) {
	f.Add(45, 9, 0, 10, 3, 6, 4, 2)
	f.Add(0, 0, 5, 0, 0, 0, 60, 0)
	f.Add(99, 19, 2, 1, 1, 6, 1, 1)
	f.Add(30, 10, 20, 5, 30, 10, 100, 7)
	f.Fuzz(func(t *testing.T, days, moves, leaveFrom, leaveLen, penaltyOn, penalty, reply, correction int) {
		if days < 0 || days > 1000 || moves < 0 || moves > 200 || leaveLen < 0 || leaveLen > 60 ||
			leaveFrom < -60 || leaveFrom > 400 || penaltyOn < 0 || penaltyOn > 400 ||
			penalty < 0 || penalty > 20 || reply < 0 || reply > 400 || correction < -1000 || correction > 1000 {
			t.Skip()
		}
		terms := Terms{Control: DefaultControl(), Start: Date{2026, 11, 1}}
		since := Date{2027, 1, 1}
		c := &Clock{Days: days, Moves: moves}
		if leaveLen > 0 {
			c.AddLeave(Leave{since.AddDays(leaveFrom), since.AddDays(leaveFrom + leaveLen - 1)})
		}
		if err := c.Run(since, terms); err != nil {
			t.Fatal(err)
		}
		cp := c.Next(terms)

		// The deadline.
		dl := c.Deadline(terms)
		if days <= cp.Days {
			if dl.LastDay.IsZero() || c.Total(dl.LastDay) > cp.Days || c.Total(dl.OverstepDay) <= cp.Days ||
				dl.OverstepDay.Sub(dl.LastDay) != 1 {
				t.Fatalf("clock %+v: deadline %+v, totals %d and %d, limit %d",
					c, dl, c.Total(dl.LastDay), c.Total(dl.OverstepDay), cp.Days)
			}
			if got := chargeable(since, dl.OverstepDay, c.Leaves); got != cp.Days-days+1 {
				t.Fatalf("chargeable to the overstep day = %d, want %d", got, cp.Days-days+1)
			}
		}

		// A correction undone.
		before := *c
		if err := c.Correct(correction, 0); err == nil {
			if err := c.Correct(-correction, 0); err != nil {
				t.Fatalf("undo correction %d: %v", correction, err)
			}
		}
		if c.Days != before.Days || c.Penalty != before.Penalty {
			t.Fatalf("correction %+d and back: %d days (%d penalty), want %d (%d)", correction, c.Days, c.Penalty, before.Days, before.Penalty)
		}

		// The overstep before any letter: exactly when the total exceeds the limit.
		pday := since.AddDays(penaltyOn)
		if ov := c.Check(pday, terms); (ov != nil) != (c.Total(pday) > cp.Days) {
			t.Fatalf("Check(%v) = %+v with total %d, limit %d", pday, ov, c.Total(pday), cp.Days)
		}

		// A penalty, then the reply.
		p := c.Penalize(penalty, pday, terms)
		if p.Days != penalty || c.Days != days+penalty || c.Penalty != penalty {
			t.Fatalf("penalty %d charged %+v, clock %d (%d penalty)", penalty, p, c.Days, c.Penalty)
		}
		if c.Overstep == nil && c.Total(pday) > cp.Days {
			t.Fatalf("total %d > %d on %v and no overstep", c.Total(pday), cp.Days, pday)
		}
		on := pday.AddDays(reply) // the letters come in the order of their days
		ch, err := c.Reply(on, 1, terms)
		if err != nil {
			t.Fatal(err)
		}
		calendar := LetterDays(since, on)
		if ch.Days < 0 || ch.Leave < 0 || ch.Days+ch.Leave != calendar {
			t.Fatalf("reply after %d calendar days charged %d with %d leave", calendar, ch.Days, ch.Leave)
		}
		if c.Days != days+penalty+ch.Days || c.Moves != moves+1 || c.Running() {
			t.Fatalf("after the reply: %+v", c)
		}
		if over := days+penalty+ch.Days > cp.Days; over != (c.Overstep != nil) {
			t.Fatalf("total %d, limit %d, overstep %+v", days+penalty+ch.Days, cp.Days, c.Overstep)
		}
	})
}
