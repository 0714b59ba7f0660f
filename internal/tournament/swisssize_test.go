package tournament

import (
	"fmt"
	"strings"
	"testing"

	"postald/internal/swiss"
)

// TestSwissSize: a Swiss of swiss.MaxPlayers players is taken; one of more is refused at
// tournament create, saying how many postald pairs, instead of holding the daemon for minutes
// when a round ends.
func TestSwissSize(t *testing.T) {
	sheet := func(n int) string {
		var b strings.Builder
		b.WriteString("[tournament]\ncode = \"SW-1\"\nname = \"Open\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n" +
			"language = \"en\"\naddress = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\n" +
			"system = \"swiss\"\nrounds = 9\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "[[player]]\nnumber = %d\nname = \"Player %d\"\nemail = \"p%d@club.example\"\n", i, i, i)
		}
		return b.String()
	}
	if _, err := ParseSheet([]byte(sheet(swiss.MaxPlayers))); err != nil {
		t.Errorf("a Swiss of %d players: %v", swiss.MaxPlayers, err)
	}
	_, err := ParseSheet([]byte(sheet(swiss.MaxPlayers + 1)))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d players: postald pairs a Swiss of at most %d players", swiss.MaxPlayers+1, swiss.MaxPlayers)) {
		t.Errorf("a Swiss of %d players: %v, want refused naming the limit", swiss.MaxPlayers+1, err)
	}
}
