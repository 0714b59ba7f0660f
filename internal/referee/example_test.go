package referee_test

import (
	"fmt"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
)

// table is a tournament of two players by e-mail, in English, in Moscow time.
func table() *referee.Table {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	moscow, _ := time.LoadLocation("Europe/Moscow")
	return &referee.Table{Code: "СТ-2026/1", Variant: "russian", Language: "en", Address: "moves@club.example",
		Judge: "judge@club.example", Start: start, End: end, Regulation: referee.DefaultRegulation(), Zone: moscow,
		Players: []referee.Player{
			{Number: 1, Name: "Ivanov", Email: "ivanov@mail.example"},
			{Number: 2, Name: "Petrov", Email: "petrov@mail.example"},
		}}
}

// A game starts; White's first letter arrives on the start date and is forwarded to Black.
func ExampleDecide() {
	t := table()
	g := referee.Seat{Table: t, Game: t.NewGame("1-2")}
	raw := "From: ivanov@mail.example\r\nSubject: СТ-2026/1 game 1-2\r\n\r\nMy move: 1. c3-d4\r\n"
	l, err := mailparse.Parse([]byte(raw))
	if err != nil {
		fmt.Println(err)
		return
	}
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, t.Zone)
	env := referee.Envelope{From: "ivanov@mail.example", MessageID: "m1@mail.example", Received: at}
	d, err := referee.Decide([]referee.Seat{g}, referee.Mail{Letter: l, Envelope: env}, at)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Verdict, d.Clauses, d.Moves, d.Time, d.ToMove)
	for _, o := range d.Letters {
		fmt.Println(o.Kind, "to", o.To, "|", o.Subject)
	}
	// Output:
	// accepted [4.3.2] [1. c3-d4] 0/0 black
	// forward to petrov@mail.example | СТ-2026/1 game 1-2 move 1
	// ack to ivanov@mail.example | СТ-2026/1 game 1-2: move accepted
}

// A silent player: every decision says when the game's next event is (Decision.Next), when the
// daemon wakes to ask Tick what is due then.
func ExampleTick() {
	t := table()
	d, err := referee.Open(t, "1-2", time.Date(2026, 10, 20, 12, 0, 0, 0, t.Zone))
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 4 {
		at := d.Next
		if at.IsZero() {
			break
		}
		d = referee.Tick(referee.Seat{Table: t, Game: d.Game}, at)
		fmt.Println(at.Format(time.DateOnly), d.Clauses, len(d.Letters), "letters")
	}
	// Output:
	// 2026-12-01 [silence_days] 1 letters
	// 2026-12-14 [reminders] 1 letters
	// 2026-12-20 [reminders] 1 letters
	// 2026-12-22 [4.3.1] 3 letters
}
