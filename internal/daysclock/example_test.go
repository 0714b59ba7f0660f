package daysclock_test

import (
	"fmt"
	"time"

	"postald/internal/daysclock"
)

func mustDate(s string) daysclock.Date {
	d, err := daysclock.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// A letter postald receives at 00:30 Moscow time was sent that day, whatever the hour in UTC.
func ExampleDateOf() {
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		panic(err)
	}
	received := time.Date(2026, 11, 14, 21, 30, 0, 0, time.UTC)
	fmt.Println(daysclock.DateOf(received, moscow))
	// Output: 2026-11-15
}

func ExampleLetterDays() {
	fmt.Println(daysclock.LetterDays(mustDate("2026-11-16"), mustDate("2026-11-18")))
	fmt.Println(daysclock.LetterDays(mustDate("2026-11-16"), mustDate("2026-11-16"))) // same day: 0 (4.3.1)
	// Output:
	// 2
	// 0
}

func ExampleDates_Compare() {
	stamped := daysclock.Dates{
		PartnerSent: mustDate("2026-11-14"),
		Received:    mustDate("2026-11-16"),
		Sent:        mustDate("2026-11-18"),
	}
	// The player counted the day he read the letter, not the day postald sent it.
	stated := []daysclock.Date{mustDate("2026-11-14"), mustDate("2026-11-17"), mustDate("2026-11-18")}
	for _, d := range stamped.Compare(stated) {
		fmt.Printf("%s: stated %s, postmark %s (%s)\n", d.Field, d.Stated, d.Stamped, d.Clause)
	}
	// Output: received: stated 2026-11-17, postmark 2026-11-16 (4.3.1)
}

// A game's clock through a stopped letter and the valid one that follows it.
func ExampleClock() {
	terms := daysclock.Terms{
		Control:   daysclock.DefaultControl(), // 50 days per 10 moves (4.3.1)
		Start:     mustDate("2026-11-01"),
		End:       mustDate("2027-10-31"),
		Reminders: []int{7, 1},
	}
	black := &daysclock.Clock{Days: 10, Moves: 5}

	// postald forwards White's move to Black on 1 December.
	if err := black.Run(mustDate("2026-12-01"), terms); err != nil {
		panic(err)
	}
	dl := black.Deadline(terms)
	fmt.Printf("control: move %d, %d days; last day %s; reminders %v\n",
		dl.Control.Move, dl.Control.Days, dl.LastDay, dl.Reminders)

	// His letter of 3 December does not repeat White's move: stopped, 6 penalty days (4.2.11).
	p := black.Penalize(6, mustDate("2026-12-03"), terms)
	fmt.Printf("penalty: %d days (%s)\n", p.Days, p.Clause)

	// His valid letter of 5 December: the thinking days run from 1 December.
	ch, err := black.Reply(mustDate("2026-12-05"), 1, terms)
	if err != nil {
		panic(err)
	}
	fmt.Printf("reply: %d days (%s); total %d, of which %d penalty\n", ch.Days, ch.Clause, black.Days, black.Penalty)
	// Output:
	// control: move 10, 50 days; last day 2027-01-10; reminders [2027-01-03 2027-01-09]
	// penalty: 6 days (4.2.11)
	// reply: 4 days (4.3.1); total 20, of which 6 penalty
}

// A silent player oversteps on a day known in advance; the timer wakes on it.
func ExampleNextEvent() {
	terms := daysclock.Terms{Control: daysclock.DefaultControl(), Start: mustDate("2026-11-01"), Reminders: []int{1}}
	clocks := []*daysclock.Clock{
		{Days: 48, Moves: 9, Since: mustDate("2026-11-10")},
	}
	after := mustDate("2026-11-10")
	for {
		e, ok := daysclock.NextEvent(clocks, after, terms)
		if !ok {
			break
		}
		fmt.Println(e.Date, e.Kind, e.Clause)
		if e.Kind == daysclock.EventOverstep {
			ov := clocks[e.Clock].Check(e.Date, terms)
			fmt.Printf("overstep: %d days > %d at move %d (%s)\n", ov.Days, ov.Control.Days, ov.Control.Move, ov.Clause)
		}
		after = e.Date
	}
	// Output:
	// 2026-11-11 reminder reminders
	// 2026-11-13 overstep 4.3.1
	// overstep: 51 days > 50 at move 10 (4.3.1)
}

func ExampleTerms_PlayerStart() {
	terms := daysclock.Terms{Start: mustDate("2026-11-01")}
	fmt.Println(terms.PlayerStart(mustDate("2026-10-20"))) // in time
	fmt.Println(terms.PlayerStart(mustDate("2026-11-05"))) // late: the day after (4.3.2)
	// Output:
	// 2026-11-01
	// 2026-11-06
}

func ExampleValidateLeave() {
	taken := []daysclock.Leave{{From: mustDate("2027-01-01"), To: mustDate("2027-01-20")}}
	next := daysclock.Leave{From: mustDate("2027-03-01"), To: mustDate("2027-03-15")}
	fmt.Println(daysclock.ValidateLeave(next, mustDate("2027-02-20"), taken, 30))
	// Output: 4.1.3: leave 2027-03-01..2027-03-15 is 15 days; 10 of the 30 days of leave remain
}
