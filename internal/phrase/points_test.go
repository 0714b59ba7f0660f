package phrase

import (
	"strings"
	"testing"
)

// TestPointsInWords: an English letter writes a player's or a team's points with the noun in
// the number they take: "with 1 point", "with ½ point", "with 0 points", "with 1½ points".
func TestPointsInWords(t *testing.T) {
	for _, c := range []struct{ points, want string }{
		{"0", "0 points"}, {"½", "½ point"}, {"1", "1 point"}, {"1½", "1½ points"}, {"2", "2 points"}, {"10", "10 points"},
	} {
		if got := enPoints(c.points); got != c.want {
			t.Errorf("enPoints(%q) = %q, want %q", c.points, got, c.want)
		}
	}
	end := For("en").Tournament.Systems.EndedBody(SwissEnded{Player: "John Brown", Code: "SW-1", Name: "Swiss", Rounds: 2, Place: "4", Points: "1"})
	if want := "Your place: 4, with 1 point.\n"; !strings.Contains(end, want) {
		t.Errorf("the Swiss's end letter does not say %q:\n%s", want, end)
	}
}
