package referee

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/golden"
	"postald/internal/mailparse"
)

var sidorov = Player{Number: 3, Name: "Sidorov Sergei", Email: "sidorov@mail.example", Language: "en"}

// statementTable is tournament КК-2026 of Ivanov, Petrov and Sidorov (who reads English), a double
// round robin in Russian draughts from 2026-11-01, in Moscow time, under the default regulation.
func statementTable(lang string) *Table {
	return &Table{Code: "КК-2026", Variant: "russian", Language: lang, Address: "moves@club.example",
		Judge: "judge@club.example", Director: "td@club.example", Players: []Player{ivanov, petrov, sidorov},
		Start: day("2026-11-01"), End: day("2027-10-31"), Regulation: DefaultRegulation(), Zone: moscow}
}

// playPlies plays the plies on the game of s as its players write them, one letter a ply from
// the day from on, a day apart, each repeating the partner's last move; it returns the game and
// the instant after the last letter.
func playPlies(t *testing.T, s Seat, from time.Time, plies []string) (Seat, time.Time) {
	t.Helper()
	at := from
	for i, p := range plies {
		side := sideOfPly(i)
		mover := s.Player(side)
		offer := strings.HasSuffix(p, "=") // "e3-f4=": the letter offers a draw
		p = strings.TrimSuffix(p, "=")
		body := "Мой ход: " + numbered(i, p)
		if i > 0 {
			body = "Ваш ход " + numbered(i-1, strings.TrimSuffix(plies[i-1], "=")) + " получил.\n" + body
		}
		if offer {
			body += "\nПредлагаю ничью."
		}
		raw := "From: " + mover.Email + "\r\nTo: moves@club.example\r\nSubject: " + s.Table.Code + " партия " + s.Game.Name +
			"\r\nDate: " + at.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + fmt.Sprintf("%s-%d@prelude", s.Game.Name, i) + ">\r\n\r\n" + body + "\r\n"
		l, err := mailparse.Parse([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Decide([]Seat{s}, Mail{Letter: l, Envelope: Envelope{From: mover.Email, MessageID: l.Header.MessageID, Received: at}}, at)
		if err != nil || d.Verdict != Accepted {
			t.Fatalf("prelude of %s, ply %d %s: %v %s %v", s.Game.Name, i, p, err, d.Verdict, d.Violations)
		}
		s.Game = d.Game
		at = at.Add(24 * time.Hour)
	}
	return s, at
}

// TestGoldenStatements decides each letter of testdata/statements (an .eml as a player's mail
// client sends it) among the games its X-Test-Game headers set up ("1-2: c3-d4 f6-g5": the game
// and the plies played in it, a day apart from 2026-11-01, "=" after a ply when its letter offers
// a draw; a game with no plies is not begun),
// in the language of X-Test-Language, through the door with every game of the sender's, and
// compares every decision — the letter's games in order, each with its verdict, clauses, moves,
// clock and leave — and every letter postald sends with the .golden file beside it. Run with
// -update after a deliberate change and read the diff: these are what players receive.
func TestGoldenStatements(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "statements", "*.eml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden letters: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			table := statementTable(header(raw, "X-Test-Language"))
			var seats []Seat
			start := day("2026-11-01").Start(moscow).Add(9 * time.Hour)
			for _, spec := range headers(raw, "X-Test-Game") {
				name, plies, _ := strings.Cut(spec, ":")
				s := Seat{Table: table, Game: table.NewGame(strings.TrimSpace(name))}
				s, _ = playPlies(t, s, start, strings.Fields(plies))
				seats = append(seats, s)
			}
			l, err := mailparse.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			env := Envelope{From: l.Header.From, MessageID: l.Header.MessageID, Received: l.Header.Date}
			d, err := Decide(seats, Mail{Letter: l, Envelope: env}, env.Received)
			if err != nil {
				t.Fatal(err)
			}
			type gameView struct {
				Game    string      `json:"game"`
				Verdict Verdict     `json:"verdict"`
				Clauses []string    `json:"clauses"`
				Moves   []string    `json:"moves"`
				Penalty int         `json:"penalty_days"`
				Time    Time        `json:"time"`
				ToMove  Side        `json:"to_move,omitempty"`
				Result  Result      `json:"result,omitempty"`
				Words   *Quote      `json:"words,omitempty"`
				Leaves  string      `json:"leaves,omitempty"`
				Viol    []Violation `json:"violations,omitempty"`
			}
			var views []gameView
			var letters []Outgoing
			for _, x := range append([]Decision{d}, d.Also...) {
				v := gameView{Verdict: x.Verdict, Clauses: x.Clauses, Moves: x.Moves, Penalty: x.PenaltyDays, Time: x.Time,
					ToMove: x.ToMove, Words: x.Words, Viol: x.Violations}
				if x.Seat >= 0 {
					v.Game = seats[x.Seat].Game.Name
					if x.Game.Status == StatusFinished {
						v.Result = x.Game.Result
					}
					if s, ok := seats[x.Seat].SideOf(env.From); ok {
						var ls []string
						for _, lv := range x.Game.Clock(s).Leaves {
							ls = append(ls, lv.String())
						}
						v.Leaves = strings.Join(ls, " ")
					}
				}
				views = append(views, v)
				letters = append(letters, x.Letters...)
			}
			js, err := json.MarshalIndent(views, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, strings.TrimSuffix(path, ".eml")+".golden", string(js)+"\n"+writeLetters(letters))
		})
	}
}

// headers returns the values of every header field name of a raw message, in order.
func headers(raw []byte, name string) []string {
	head, _, _ := strings.Cut(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n\n")
	var out []string
	for _, line := range strings.Split(head, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(k, name) {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}

// TestLeaveComplete: a leave notice without its year takes it from the day the letter was sent
// (the first day nearest to it, the last on or after the first).
func TestLeaveComplete(t *testing.T) {
	md := func(m, d int) daysclock.Date { return daysclock.Date{Month: time.Month(m), Day: d} }
	tests := []struct {
		name     string
		from, to daysclock.Date
		sent     string
		want     string
	}{
		{"the coming January", md(1, 15), md(1, 24), "2026-12-20", "2027-01-15..2027-01-24"},
		{"this month", md(12, 22), md(12, 28), "2026-12-07", "2026-12-22..2026-12-28"},
		{"across the new year", md(12, 28), md(1, 5), "2026-12-07", "2026-12-28..2027-01-05"},
		{"the December just past (refused as begun)", md(12, 10), md(12, 15), "2026-12-20", "2026-12-10..2026-12-15"},
		{"29 February in a leap year", md(2, 27), md(3, 1), "2028-01-10", "2028-02-27..2028-03-01"},
		{"a year written for the last day", md(12, 28), day("2027-01-05"), "2026-12-07", "2026-12-28..2027-01-05"},
	}
	for _, tt := range tests {
		l := mailparse.Leave{From: tt.from, To: tt.to}
		got, ok := l.Complete(day(tt.sent))
		if !ok || got.String() != tt.want {
			t.Errorf("%s: Complete(%s) = %s, %v; want %s", tt.name, tt.sent, got, ok, tt.want)
		}
	}
	if _, ok := (mailparse.Leave{From: md(1, 15)}).Complete(day("2026-12-20")); ok {
		t.Errorf("a notice with its first day alone names no period")
	}
}

// TestNamesPlayer: a heading names a partner by his name in any case form.
func TestNamesPlayer(t *testing.T) {
	tests := []struct {
		written, name string
		want          bool
	}{
		{"Ивановым", "Иванов Иван Иванович", true},
		{"Иванова", "Иванов Иван", true},
		{"Сидоровой", "Сидорова Анна", true},
		{"Горьким", "Горький Максим", true},
		{"Петровым", "Иванов Иван", false},
		{"Ивановичем", "Иванов Иван", false},
		{"Petrov", "Petrov Peter", true},
		{"petrov", "Peter Petrov", true},
		{"Лёвиным", "Лёвин Константин", true},
		{"Левиным", "Лёвин Константин", true},
		{"Ли", "Ли Мин", false},
	}
	for _, tt := range tests {
		if got := namesPlayer(tt.written, tt.name); got != tt.want {
			t.Errorf("namesPlayer(%q, %q) = %v, want %v", tt.written, tt.name, got, tt.want)
		}
	}
}
