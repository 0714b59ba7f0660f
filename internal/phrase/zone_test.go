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
