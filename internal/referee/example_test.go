package referee_test

import (
	"fmt"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
)

// A game starts; White's first letter arrives on the start date and is forwarded to Black.
func ExampleApply() {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	g := referee.NewGame("СТ-2026/1", "1-2", "russian", "en",
		referee.Player{Number: 1, Name: "Ivanov", Email: "ivanov@mail.example"},
		referee.Player{Number: 2, Name: "Petrov", Email: "petrov@mail.example"}, start, end)
	raw := "From: ivanov@mail.example\r\nSubject: СТ-2026/1 game 1-2\r\n\r\nMy move: 1. c3-d4\r\n"
	l, err := mailparse.Parse([]byte(raw))
	if err != nil {
		fmt.Println(err)
		return
	}
	moscow, _ := time.LoadLocation("Europe/Moscow")
	env := referee.Envelope{From: "ivanov@mail.example", MessageID: "m1@mail.example",
		Received: time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)}
	d := referee.Apply(g, l, env, referee.DefaultRegulation(), moscow)
	fmt.Println(d.Verdict, d.Clauses, d.Moves, d.Time, d.ToMove)
	for _, o := range d.Letters {
		fmt.Println(o.Kind, "to", o.To, "|", o.Subject)
	}
	// Output:
	// accepted [4.3.2] [1. c3-d4] 0/0 black
	// forward to petrov@mail.example | СТ-2026/1 game 1-2 move 1
	// ack to ivanov@mail.example | СТ-2026/1 game 1-2: move accepted
}

// A silent player: the daemon asks NextEvent when to wake and Tick what is due then.
func ExampleTick() {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	g := referee.NewGame("СТ-2026/1", "1-2", "russian", "en",
		referee.Player{Number: 1, Name: "Ivanov", Email: "ivanov@mail.example"},
		referee.Player{Number: 2, Name: "Petrov", Email: "petrov@mail.example"}, start, end)
	g.Judge = "judge@club.example"
	moscow, _ := time.LoadLocation("Europe/Moscow")
	reg := referee.DefaultRegulation()
	for range 4 {
		at, ok := referee.NextEvent(g, reg, moscow)
		if !ok {
			break
		}
		d := referee.Tick(g, at, reg, moscow)
		g = d.Game
		fmt.Println(at.Format(time.DateOnly), d.Clauses, len(d.Letters), "letters")
	}
	// Output:
	// 2026-12-01 [silence_days] 1 letters
	// 2026-12-14 [reminders] 1 letters
	// 2026-12-20 [reminders] 1 letters
	// 2026-12-22 [4.3.1] 3 letters
}
