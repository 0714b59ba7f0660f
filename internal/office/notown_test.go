package office

import (
	"fmt"
	"mime"
	"slices"
	"strings"
	"testing"
	"time"

	"postald/internal/referee"
)

// notOwnSheet is a round robin of four, each with an address.
const notOwnSheet = `[tournament]
code = "ЗК-5"
name = "Заочный кубок"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[[player]]
name = "Алексеев Антон"
email = "alekseev@mail.example"
[[player]]
name = "Борисов Борис"
email = "borisov@mail.example"
[[player]]
name = "Васильев Василий"
email = "vasiliev@mail.example"
[[player]]
name = "Григорьев Григорий"
email = "grigoriev@mail.example"
`

// TestNotOwnGame: only a player moves, and only in his own games. A registered player's letter
// naming a game of two others — in its subject, or in a section of a letter about several
// games — is held: he gets a note naming the game, the judge a notice, and no game changes,
// not even his own that the letter names beside it. A stranger's letter naming the game is a
// stranger's: held, nobody answered. His own game named the same way is decided.
func TestNotOwnGame(t *testing.T) {
	sim, err := NewSimulation([]byte(notOwnSheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	at := time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC)
	n := 0
	raw := func(from, subject, body string) []byte {
		at, n = at.Add(time.Hour), n+1
		return []byte(fmt.Sprintf("From: %s\r\nTo: moves@club.example\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <own-%d@mail.example>\r\n"+
			"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n", from, mime.QEncoding.Encode("utf-8", subject), at.Format(time.RFC1123Z), n, body))
	}
	letter := func(from, subject, body string) Step {
		t.Helper()
		step, err := sim.Letter(raw(from, subject, body))
		if err != nil {
			t.Fatal(err)
		}
		return step
	}
	// Registered first (the numbers are drawn then, the start letters written), so that what
	// each letter sends can be told apart.
	reg, err := sim.Begin(raw("nobody@mail.example", "-", "-"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(reg.Games, "1-2") || !slices.Contains(reg.Games, "4-3") {
		t.Fatalf("the round robin's games: %q", reg.Games)
	}
	own, err := sim.Game("1-2")
	if err != nil {
		t.Fatal(err)
	}
	email := map[int]string{}
	for _, p := range own.Table.Players {
		email[p.Number] = p.Email
	}
	// Player 1 plays 1-2, not 4-3; player 4 is White in 4-3.
	first, fourth := email[1], email[4]
	unchanged := func(what string, names ...string) {
		t.Helper()
		for _, g := range names {
			st, err := sim.Game(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Game.Plies) != 0 || st.Game.Status != referee.StatusPlaying || st.Game.WhiteClock.Penalty+st.Game.BlackClock.Penalty != 0 {
				t.Errorf("%s: game %s changed: %d plies, %s, penalty days %d+%d", what, g, len(st.Game.Plies), st.Game.Status, st.Game.WhiteClock.Penalty, st.Game.BlackClock.Penalty)
			}
		}
	}
	cases := []struct {
		name, subject, body string
	}{
		{"the subject names another's game", "ЗК-5 партия 4-3", "1. c3-d4"},
		{"the game in the text", "ход", "ЗК-5, партия 4-3.\n\n1. c3-d4"},
		{"a section of a letter about several games", "ходы",
			"Партия 1-2: 1. c3-d4\n\nПартия 4-3: 1. c3-d4"},
	}
	for _, tc := range cases {
		sent := len(mailedSince(t, sim.Store(), 0))
		step := letter(first, tc.subject, tc.body)
		if !strings.Contains(step.Letter.Held, "ЗК-5/4-3") || !strings.Contains(step.Letter.Held, "not the sender's own") {
			t.Errorf("%s: held %q, verdict %q; want held for a game not his", tc.name, step.Letter.Held, step.Letter.Verdict)
		}
		letters := mailedSince(t, sim.Store(), sent)
		var to []string
		for _, m := range letters {
			to = append(to, m.to)
		}
		slices.Sort(to)
		want := []string{first, "judge@club.example"}
		slices.Sort(want)
		if !slices.Equal(to, want) {
			t.Errorf("%s: letters to %q, want %q", tc.name, to, want)
		}
		for _, m := range letters {
			if m.to == first && !strings.Contains(m.body, "названа партия ЗК-5/4-3, в которой Вы не играете") {
				t.Errorf("%s: the note does not name the game: %s", tc.name, m.body)
			}
		}
		unchanged(tc.name, "1-2", "4-3")
	}
	// A stranger's letter about the same game: held as a stranger's, answered to nobody.
	sent := len(mailedSince(t, sim.Store(), 0))
	if step := letter("stranger@mail.example", "ЗК-5 партия 4-3", "1. c3-d4"); step.Letter.Held != "not from a registered player: stranger@mail.example" {
		t.Errorf("a stranger's letter: held %q", step.Letter.Held)
	}
	if letters := mailedSince(t, sim.Store(), sent); len(letters) != 0 {
		t.Errorf("a stranger's letter was answered: %+v", letters)
	}
	unchanged("a stranger's letter", "4-3")
	// Player 4 names his own game 4-3 the same way: his move is played.
	step := letter(fourth, "ЗК-5 партия 4-3", "1. c3-d4")
	if step.Letter.Held != "" || step.Letter.Game.Game != "4-3" || step.Letter.Verdict != string(referee.Accepted) {
		t.Errorf("his own game: %+v", step.Letter)
	}
}
