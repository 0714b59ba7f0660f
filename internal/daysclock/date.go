package daysclock

import (
	"fmt"
	"time"
)

// Date is a calendar day, without a time of day and without a zone. Correspondence
// play counts whole days (clause 4.3.1), so every date postald reasons about is one of these;
// an instant becomes a Date only through the tournament's zone (DateOf).
//
// The zero Date means "no date"; it is written as the empty string.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the calendar day of t in loc.
func DateOf(t time.Time, loc *time.Location) Date {
	y, m, d := t.In(loc).Date()
	return Date{y, m, d}
}

// ParseDate reads an ISO date, 2006-01-02.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	return DateOf(t, time.UTC), nil
}

// IsZero reports whether d is the zero Date (no date).
func (d Date) IsZero() bool { return d == Date{} }

// midnight is d at 00:00 UTC; only used for day arithmetic, never shown.
func (d Date) midnight() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// dayNumber counts days from 1970-01-01 on the proleptic Gregorian calendar (fields out of
// range are first brought into range, as time.Date does).
func (d Date) dayNumber() int64 {
	if !d.valid() {
		d = d.normalized()
	}
	return daysFromCivil(int64(d.Year), int64(d.Month), int64(d.Day))
}

// valid reports whether the fields of d name a day without normalizing.
func (d Date) valid() bool {
	if d.Month < time.January || d.Month > time.December || d.Day < 1 || d.Day > 28 && d.Day > daysIn(d.Year, d.Month) {
		return false
	}
	return true
}

// daysIn returns the number of days of month m of year y.
func daysIn(y int, m time.Month) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

// daysFromCivil and civilFromDays convert between a Gregorian date and a day number counted from
// 1970-01-01, with integers only (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := y - era*400
	mp := m + 9
	if m > 2 {
		mp = m - 3
	}
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

func civilFromDays(z int64) Date {
	z += 719468
	era := z
	if era < 0 {
		era -= 146096
	}
	era /= 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if mp >= 10 {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return Date{int(y), time.Month(m), int(d)}
}

// Sub returns the number of calendar days from e to d (d - e).
func (d Date) Sub(e Date) int { return int(d.dayNumber() - e.dayNumber()) }

// AddDays returns the date n days after d (before d when n is negative).
func (d Date) AddDays(n int) Date { return civilFromDays(d.dayNumber() + int64(n)) }

// Before reports whether d is an earlier day than e.
func (d Date) Before(e Date) bool { return d.Sub(e) < 0 }

// After reports whether d is a later day than e.
func (d Date) After(e Date) bool { return d.Sub(e) > 0 }

// Start returns the first instant of d in loc: the moment a timer waiting for d must wake.
// Where daylight saving skips or repeats midnight, it is the first second that belongs to d.
func (d Date) Start(loc *time.Location) time.Time {
	n := d.normalized()
	// The local day begins within a day of midnight UTC (offsets are under 26 hours), and local
	// dates never go back as time goes on: search that range for the first second of n.
	lo := n.midnight().Add(-27 * time.Hour).Unix() // before the day
	hi := n.midnight().Add(27 * time.Hour).Unix()  // within or after the day
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if DateOf(time.Unix(mid, 0), loc).Before(n) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return time.Unix(hi, 0).In(loc)
}

// normalized returns d with its fields brought into range (2026-02-30 becomes 2026-03-02).
func (d Date) normalized() Date { return DateOf(d.midnight(), time.UTC) }

// Later returns the later of d and e.
func Later(d, e Date) Date {
	if d.Before(e) {
		return e
	}
	return d
}

// String formats d as YYYY-MM-DD; the zero Date is the empty string.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// MarshalText implements encoding.TextMarshaler (JSON, TOML). The zero Date is written empty.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler; the empty text is the zero Date.
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
