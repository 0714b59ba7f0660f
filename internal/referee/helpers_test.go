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

// testTable is tournament СТ-2026/1 of Ivanov and Petrov in variant, Russian, from 2026-11-01
// to 2027-10-31, in Moscow time, under the default regulation.
func testTable(variant string) *Table {
	return &Table{Code: "СТ-2026/1", Variant: variant, Language: "ru", Address: "moves@club.example",
		Judge: "judge@club.example", Players: []Player{ivanov, petrov},
		Start: day("2026-11-01"), End: day("2027-10-31"), Regulation: DefaultRegulation(), Zone: moscow}
}

// testGame is game 1-2 of testTable(variant), before its first move.
func testGame(variant string) Seat {
	t := testTable(variant)
	return Seat{Table: t, Game: t.NewGame("1-2")}
}

// under returns s at a copy of its table under regulation reg.
func under(s Seat, reg Regulation) Seat {
	t := *s.Table
	t.Regulation = reg.WithDefaults()
	return Seat{Table: &t, Game: s.Game}
}

// with returns s with its game replaced by g.
func (s Seat) with(g Game) Seat { s.Game = g; return s }

// apply decides a parsed letter about the game of s under reg, as the door decides it.
func apply(s Seat, l *mailparse.Letter, env Envelope, reg Regulation) Decision {
	s = under(s, reg)
	d, err := Decide([]Seat{s}, Mail{Letter: l, Envelope: env}, env.Received)
	if err != nil {
		panic(err)
	}
	return d
}

// letter is one letter of a test: who writes, when (Moscow time, "2026-11-03 20:00") and the body.
type testLetter struct {
	from Player
	at   string
	body string
}

// send parses a letter as the daemon would and applies it.
func send(t testing.TB, g Seat, l testLetter, reg Regulation) Decision {
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
	return apply(g, parsed, Envelope{From: l.from.Email, MessageID: id, Received: at}, reg)
}

// playAll sends letters in order and returns every decision; the game goes on from each.
func playAll(t testing.TB, g Seat, reg Regulation, ls ...testLetter) []Decision {
	t.Helper()
	var out []Decision
	for _, l := range ls {
		d := send(t, g, l, reg)
		out = append(out, d)
		g.Game = d.Game
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
func after(t testing.TB, variant string, ls ...testLetter) Seat {
	t.Helper()
	g := testGame(variant)
	for _, d := range playAll(t, g, DefaultRegulation(), ls...) {
		g.Game = d.Game
	}
	return g
}

// nextEvent is the instant of the next event of the game of s (Decision.Next of a decision that
// leaves it so).
func nextEvent(s Seat) (time.Time, bool) {
	var d Decision
	d.Game = s.Game
	d.close(s.Table, time.Time{})
	return d.Next, !d.Next.IsZero()
}

// languageOf is the language of the letter of role in d, as the referee wrote it.
func (d Decision) languageOf(role Role) string {
	for _, o := range d.Letters {
		if o.Role == role {
			return o.Language
		}
	}
	return "ru"
}
