package phrase

import (
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/langcheck"
)

// TestStartLetterZone: the Russian start letter names the zone whose calendar counts the days in
// Russian words («по московскому времени») for the zones a Russian reader knows by name, and by
// its IANA name, as the start sheet writes it, for any other; every zone named is one the
// system's time zone database knows.
func TestStartLetterZone(t *testing.T) {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	for _, c := range []struct{ zone, want string }{
		{"Europe/Moscow", "- Дни считаются по московскому времени."},
		{"Asia/Yekaterinburg", "- Дни считаются по екатеринбургскому времени."},
		{"Europe/Minsk", "- Дни считаются по минскому времени."},
		{"America/New_York", "- Дни считаются по календарю часового пояса America/New_York."},
	} {
		s := Start{Start: start, End: end, Zone: c.zone, ControlDays: 50, ControlMoves: 10, PenaltyDays: 6, LeaveDays: 30, ProtestDays: 10,
			SilenceDays: 30, AdjudicationDays: 10, Reminders: []int{7, 1}}
		body := ruStartBody(s)
		if !strings.Contains(body, c.want+"\n") {
			t.Errorf("%s: the start letter does not say %q:\n%s", c.zone, c.want, body)
		}
		if _, named := ruZones[c.zone]; named {
			for _, line := range strings.Split(body, "\n") {
				if strings.Contains(line, "времени.") && len(langcheck.Latin(line)) > 0 {
					t.Errorf("%s: %s", c.zone, line)
				}
			}
		}
	}
	for zone := range ruZones {
		if _, err := time.LoadLocation(zone); err != nil {
			t.Errorf("%s: %v", zone, err)
		}
	}
}

// TestDurations: check-config says how long IDLE took in the command line's language: «507 мс»,
// «10 с», not Go's 507ms in a Russian line.
func TestDurations(t *testing.T) {
	for _, c := range []struct {
		d      time.Duration
		ru, en string
	}{
		{507 * time.Millisecond, "507 мс", "507ms"},
		{10 * time.Second, "10 с", "10s"},
		{1500 * time.Millisecond, "1,5 с", "1.5s"},
		{125 * time.Second, "2 мин 5 с", "2m5s"},
		{2 * time.Minute, "2 мин", "2m0s"},
	} {
		if got := For("ru").CLI.Check.Duration(c.d); got != c.ru {
			t.Errorf("ru %v: %q, want %q", c.d, got, c.ru)
		}
		if got := For("en").CLI.Check.Duration(c.d); got != c.en {
			t.Errorf("en %v: %q, want %q", c.d, got, c.en)
		}
	}
}
