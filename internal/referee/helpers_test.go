package referee

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

var (
	ivanov = Player{Number: 1, Name: "Иванов Иван", Email: "ivanov@mail.example"}
	petrov = Player{Number: 2, Name: "Петров Пётр", Email: "petrov@mail.example"}
	moscow = mustZone("Europe/Moscow")
)

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func day(s string) daysclock.Date {
	d, err := daysclock.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// testGame is game 1-2 of a tournament that starts on 2026-11-01 and ends on 2027-10-31.
func testGame(variant string) Game {
	g := NewGame("СТ-2026/1", "1-2", variant, "ru", ivanov, petrov, day("2026-11-01"), day("2027-10-31"))
	g.Address, g.Judge = "moves@club.example", "judge@club.example"
	return g
}

// letter is one letter of a test: who writes, when (Moscow time, "2026-11-03 20:00") and the body.
type testLetter struct {
	from Player
	at   string
	body string
}

// send parses a letter as the daemon would and applies it.
func send(t testing.TB, g Game, l testLetter, reg Regulation) Decision {
	t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", l.at, moscow)
	if err != nil {
		t.Fatalf("bad time %q: %v", l.at, err)
	}
	id := fmt.Sprintf("%s.%s", at.Format("20060102-1504"), l.from.Email)
	raw := "From: " + l.from.Email + "\r\nTo: moves@club.example\r\nSubject: СТ-2026/1 партия 1-2\r\n" +
		"Date: " + at.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(l.body, "\n", "\r\n")
	parsed, err := mailparse.Parse([]byte(raw))
	if err != nil {
		t.Fatalf("parse letter %q: %v", l.body, err)
	}
	return Apply(g, parsed, Envelope{From: l.from.Email, MessageID: id, Received: at}, reg, moscow)
}

// playAll sends letters in order and returns every decision; the game goes on from each.
func playAll(t testing.TB, g Game, reg Regulation, ls ...testLetter) []Decision {
	t.Helper()
	var out []Decision
	for _, l := range ls {
		d := send(t, g, l, reg)
		out = append(out, d)
		g = d.Game
	}
	return out
}

// summary is what a test checks of a decision, as simulate prints it.
type summary struct {
	Verdict Verdict
	Clauses string
	Moves   string
	Penalty int
	Time    Time
	ToMove  Side
}

func sum(d Decision) summary {
	return summary{d.Verdict, strings.Join(d.Clauses, ","), strings.Join(d.Moves, " "), d.PenaltyDays, d.Time, d.ToMove}
}

// opening is White's first move on the start date and Black's reply two days later.
var opening = []testLetter{
	{ivanov, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"},
	{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 01.11.2026 / 01.11.2026 / 03.11.2026\nВремя: 0/2"},
}

// after plays the letters and returns the game after the last one.
func after(t testing.TB, variant string, ls ...testLetter) Game {
	t.Helper()
	g := testGame(variant)
	for _, d := range playAll(t, g, DefaultRegulation(), ls...) {
		g = d.Game
	}
	return g
}
