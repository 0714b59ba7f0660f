package daysclock

import (
	"encoding/json"
	"testing"
	"time"
)

func TestDateOf(t *testing.T) {
	tests := []struct {
		name    string
		instant string
		zone    string
		want    string
	}{
		{"Moscow one second before midnight", "2026-11-14T23:59:59+03:00", "Europe/Moscow", "2026-11-14"},
		{"Moscow one second after midnight", "2026-11-15T00:00:01+03:00", "Europe/Moscow", "2026-11-15"},
		// 21:30 UTC is 00:30 the next day in Moscow (UTC+3 all year since 2014).
		{"UTC evening is the next day in Moscow", "2026-11-14T21:30:00Z", "Europe/Moscow", "2026-11-15"},
		{"UTC evening is the same day in UTC", "2026-11-14T21:30:00Z", "UTC", "2026-11-14"},
		// 20:59:59 UTC on 31 December is 23:59:59 in Moscow: still the old year.
		{"year end, last second in Moscow", "2026-12-31T20:59:59Z", "Europe/Moscow", "2026-12-31"},
		{"year end, first second in Moscow", "2026-12-31T21:00:00Z", "Europe/Moscow", "2027-01-01"},
		// Berlin moves from CET to CEST at 01:00 UTC on 2026-03-29; 22:30 UTC the evening before is 23:30 CET.
		{"Berlin before spring forward", "2026-03-28T22:30:00Z", "Europe/Berlin", "2026-03-28"},
		// 22:30 UTC on 29 March is 00:30 CEST on 30 March (UTC+2 now).
		{"Berlin after spring forward", "2026-03-29T22:30:00Z", "Europe/Berlin", "2026-03-30"},
		// New York: 04:59:59 UTC on 8 March is 23:59:59 EST on 7 March.
		{"New York before midnight, EST", "2026-03-08T04:59:59Z", "America/New_York", "2026-03-07"},
		{"New York after midnight, EST", "2026-03-08T05:00:01Z", "America/New_York", "2026-03-08"},
		// Fall back on 2026-11-01 at 06:00 UTC: 03:30 UTC on 2 November is 22:30 EST on 1 November.
		{"New York after fall back", "2026-11-02T03:30:00Z", "America/New_York", "2026-11-01"},
		{"leap day in Moscow", "2028-02-29T12:00:00+03:00", "Europe/Moscow", "2028-02-29"},
		{"leap day ends in Moscow", "2028-02-29T21:00:00Z", "Europe/Moscow", "2028-03-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DateOf(instant(t, tt.instant), zone(t, tt.zone))
			if got.String() != tt.want {
				t.Errorf("DateOf(%s, %s) = %s, want %s", tt.instant, tt.zone, got, tt.want)
			}
		})
	}
}

func TestDateSubAddDays(t *testing.T) {
	tests := []struct {
		name string
		from string
		to   string
		days int // to - from
	}{
		{"same day", "2026-11-14", "2026-11-14", 0},
		{"next day", "2026-11-14", "2026-11-15", 1},
		{"31-day month end", "2026-01-31", "2026-02-01", 1},
		{"30-day month end", "2026-04-30", "2026-05-01", 1},
		// February 2026 has 28 days: 31 Jan + 28 = 28 Feb, + 1 = 1 March.
		{"across a short February", "2026-01-31", "2026-03-01", 29},
		{"end of February, common year", "2027-02-28", "2027-03-01", 1},
		{"into a leap day", "2028-02-28", "2028-02-29", 1},
		{"over a leap day", "2028-02-28", "2028-03-01", 2},
		// 2028-02-29 to 2029-03-01 is a year of 365 days plus the day from 29 Feb to 1 March.
		{"leap day to a year later", "2028-02-29", "2029-03-01", 366},
		{"year end", "2026-12-31", "2027-01-01", 1},
		// 6 days to 31 December, 5 into January.
		{"across the new year", "2026-12-25", "2027-01-05", 11},
		{"a common year", "2026-11-01", "2027-11-01", 365},
		{"a leap year", "2027-11-01", "2028-11-01", 366},
		// Berlin and New York change their clocks in these weeks; dates do not care.
		{"over Berlin's spring forward", "2026-03-28", "2026-03-30", 2},
		{"over New York's fall back", "2026-10-31", "2026-11-02", 2},
		{"far apart", "1900-01-01", "2100-01-01", 73049}, // 200·365 + 49 leap days (2000 is one; 1900 and 2100 are not)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, to := day(t, tt.from), day(t, tt.to)
			if got := to.Sub(from); got != tt.days {
				t.Errorf("%s - %s = %d, want %d", to, from, got, tt.days)
			}
			if got := from.Sub(to); got != -tt.days {
				t.Errorf("%s - %s = %d, want %d", from, to, got, -tt.days)
			}
			if got := from.AddDays(tt.days); got != to {
				t.Errorf("%s + %d = %s, want %s", from, tt.days, got, to)
			}
			if got := to.AddDays(-tt.days); got != from {
				t.Errorf("%s - %d days = %s, want %s", to, tt.days, got, from)
			}
			if tt.days > 0 && (!from.Before(to) || !to.After(from) || from.After(to)) {
				t.Errorf("%s and %s are not in order", from, to)
			}
		})
	}
}

func TestLetterDaysFromInstants(t *testing.T) {
	// Days for one letter (4.3.1): reply date minus receipt date, in the zone's calendar.
	tests := []struct {
		name     string
		zone     string
		received string
		replied  string
		want     int
	}{
		{"same day is 0", "Europe/Moscow", "2026-11-14T08:00:00+03:00", "2026-11-14T23:59:59+03:00", 0},
		// Two seconds apart, but on two days.
		{"23:59:59 to 00:00:01 is a day", "Europe/Moscow", "2026-11-14T23:59:59+03:00", "2026-11-15T00:00:01+03:00", 1},
		// 47 hours apart, but the same two days apart as any 09:00 to 08:00 two days later.
		{"almost two days of hours", "Europe/Moscow", "2026-11-14T00:00:01+03:00", "2026-11-15T23:59:59+03:00", 1},
		// Received 20:00 UTC = 23:00 MSK on the 14th; replied 21:30 UTC = 00:30 MSK on the 15th.
		{"UTC same day, Moscow next day", "Europe/Moscow", "2026-11-14T20:00:00Z", "2026-11-14T21:30:00Z", 1},
		// Received 23:30 CET 28 March (22:30 UTC), replied 23:30 CEST 29 March (21:30 UTC): 23 hours, 1 day.
		{"Berlin spring forward, 23 hours", "Europe/Berlin", "2026-03-28T22:30:00Z", "2026-03-29T21:30:00Z", 1},
		// Received 00:10 CEST 25 October (22:10 UTC the 24th), replied 23:50 CET 25 October (22:50 UTC): 25h40m, same day.
		{"Berlin fall back, 25 hours, same day", "Europe/Berlin", "2026-10-24T22:10:00Z", "2026-10-25T22:50:00Z", 0},
		// 23:59:59 EST on 7 March (04:59:59 UTC 8th) to 00:00:01 EST on 8 March.
		{"New York midnight before spring forward", "America/New_York", "2026-03-08T04:59:59Z", "2026-03-08T05:00:01Z", 1},
		// 1 November 2026 has 25 hours in New York: 00:00 EDT (04:00 UTC) to 23:59 EST (04:59 UTC on the 2nd).
		{"New York 25-hour day", "America/New_York", "2026-11-01T04:00:00Z", "2026-11-02T04:59:00Z", 0},
		{"over a leap day", "Europe/Moscow", "2028-02-28T12:00:00+03:00", "2028-03-01T09:00:00+03:00", 2},
		{"over the year end", "Europe/Moscow", "2026-12-30T10:00:00+03:00", "2027-01-02T10:00:00+03:00", 3},
		{"reply before receipt costs 0", "Europe/Moscow", "2026-11-14T10:00:00+03:00", "2026-11-12T10:00:00+03:00", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			got := LetterDays(DateOf(instant(t, tt.received), loc), DateOf(instant(t, tt.replied), loc))
			if got != tt.want {
				t.Errorf("LetterDays = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDateStart(t *testing.T) {
	tests := []struct {
		zone string
		day  string
		want string // the first instant of the day, in UTC
	}{
		{"Europe/Moscow", "2026-11-15", "2026-11-14T21:00:00Z"},
		{"Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00Z"},    // the jump is at 02:00: midnight is still CET
		{"Europe/Berlin", "2026-03-30", "2026-03-29T22:00:00Z"},    // CEST
		{"America/New_York", "2026-11-01", "2026-11-01T04:00:00Z"}, // midnight EDT, before the fall back
		{"America/New_York", "2026-11-02", "2026-11-02T05:00:00Z"}, // EST
		// Chile moves its clocks at midnight: on Sunday 2026-09-06 the day begins at 01:00 (-03).
		{"America/Santiago", "2026-09-06", "2026-09-06T04:00:00Z"},
		// Cuba springs forward at 00:00 on the second Sunday of March: 8 March begins at 01:00 CDT (-04).
		{"America/Havana", "2026-03-08", "2026-03-08T05:00:00Z"},
		// and falls back at 01:00 CDT to 00:00 CST on the first Sunday of November: midnight comes
		// twice on 1 November; the day begins at the first, 00:00 CDT (-04).
		{"America/Havana", "2026-11-01", "2026-11-01T04:00:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.zone+"/"+tt.day, func(t *testing.T) {
			loc := zone(t, tt.zone)
			got := day(t, tt.day).Start(loc)
			if want := instant(t, tt.want); !got.Equal(want) {
				t.Errorf("Start = %s, want %s", got.UTC().Format(time.RFC3339), tt.want)
			}
			if DateOf(got, loc) != day(t, tt.day) || DateOf(got.Add(-time.Second), loc) == day(t, tt.day) {
				t.Errorf("Start = %s is not the first second of %s", got, tt.day)
			}
		})
	}
}

func TestDateText(t *testing.T) {
	type rec struct {
		D Date `json:"d"`
		Z Date `json:"z"`
	}
	in := rec{D: day(t, "2028-02-29")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"d":"2028-02-29","z":""}`; string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	var out rec
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Errorf("round trip = %+v, want %+v", out, in)
	}
	for _, bad := range []string{"2026-02-30", "29.02.2028", "2026-1-1", "x"} {
		var d Date
		if err := d.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %s, want an error", bad, d)
		}
	}
}
