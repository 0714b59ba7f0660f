package office

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/tournament"
)

// TestSwissRoundByDate: a Swiss whose regulation sets its rounds' term (round_days) gives each
// round's games the round's own end date, counted from the day their play starts, told in the
// round's letters; a move received on it or later sends the game to adjudication (4.3.2 applied
// to the round), and the next round is paired once the judge has adjudicated it, its letters
// naming its own end date.
func TestSwissRoundByDate(t *testing.T) {
	sheet := strings.Replace(swissSheet(4, 2), "rounds = 2\n", "rounds = 2\n\n[regulation]\nround_days = 20\n", 1)
	sim, err := NewSimulation([]byte(sheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	if _, err := sim.Finish(p.at); err != nil {
		t.Fatal(err)
	}
	// Round 1 ends 20 days after its play starts.
	r1 := swissRounds(t, sim)[0]
	st0, err := sim.Game(sim.Sheet().SwissGames([]tournament.PairedRound{r1})[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	start := sim.Sheet().Start // registered in time: play starts on the start date (4.3.2)
	if late := st0.Game.WhiteClock.Start; !late.IsZero() {
		start = late
	}
	ends := start.AddDays(20)
	if r1.Ends != ends {
		t.Fatalf("round 1 ends on %s, want %s", r1.Ends, ends)
	}
	games := sim.Sheet().SwissGames([]tournament.PairedRound{r1})
	for _, g := range games {
		st, err := sim.Game(g.Name)
		if err != nil {
			t.Fatal(err)
		}
		if st.Game.Ends != ends {
			t.Errorf("game %s ends on %s, want the round's %s", g.Name, st.Game.Ends, ends)
		}
	}
	for _, m := range mailedSince(t, sim.Store(), 0) {
		if strings.Contains(m.subject, "старт") && !strings.Contains(m.body, "заканчивается "+dotted(ends)) {
			t.Errorf("the start letter to %s does not name the round's end:\n%s", m.to, m.body)
		}
	}

	first, late := games[0], games[1]
	p.play(first, tournament.WhiteWins)
	head := fmt.Sprintf("Турнир %s, партия %s.\n", sim.Sheet().Code, late.Name)
	p.send(late.White, late.Name, head+"Мой ход: 1. c3-d4")
	// Black answers after the round's end: White receives the move on 25 November.
	p.at = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	p.send(late.Black, late.Name, head+"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5")
	st, err := sim.Game(late.Name)
	if err != nil {
		t.Fatal(err)
	}
	if st.Game.Status != referee.StatusAdjudication {
		t.Fatalf("game %s after a move received past the round's end: %s, want adjudication (4.3.2)", late.Name, st.Game.Status)
	}
	if n := len(swissRounds(t, sim)); n != 1 {
		t.Fatalf("%d rounds paired while a game of round 1 waits for adjudication", n)
	}
	sent := len(mailedSince(t, sim.Store(), 0))
	if _, err := sim.office.Run(RuleRequest{Kind: referee.RuleAdjudicate, Game: late.Name, Result: "1/2-1/2", Clause: "4.3.2", Reason: "позиция равная"}); err != nil {
		t.Fatal(err)
	}
	rounds := swissRounds(t, sim)
	if len(rounds) != 2 {
		t.Fatalf("after the adjudication: %d rounds paired, want 2", len(rounds))
	}
	if paired := daysclock.DateOf(sim.clock, sim.Zone()); rounds[1].Ends != paired.AddDays(1+20) {
		t.Errorf("round 2 ends on %s, want 20 days after its play starts, the day after its pairing on %s", rounds[1].Ends, paired)
	}
	letter := false
	for _, m := range mailedSince(t, sim.Store(), sent) {
		if strings.HasSuffix(m.subject, ": тур 2") && strings.HasPrefix(m.to, "p") {
			letter = true
			if !strings.Contains(m.body, "заканчивается "+dotted(rounds[1].Ends)) {
				t.Errorf("the letter of round 2 to %s does not name its end, %s:\n%s", m.to, rounds[1].Ends, m.body)
			}
		}
	}
	if !letter {
		t.Error("no player got the letter of round 2")
	}
}

// dotted writes d as the Russian letters do: 23.11.2026.
func dotted(d daysclock.Date) string {
	return fmt.Sprintf("%02d.%02d.%d", d.Day, int(d.Month), d.Year)
}
