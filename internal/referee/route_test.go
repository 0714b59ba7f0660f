package referee_test

import (
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
)

// TestAskGameListsTournaments reproduces issue 15's complaint: a player in two tournaments who
// named only the game (1-2, which both have) was told «укажите партию … Ваши партии: 1-2, 3-1,
// 1-2». The answer now says which tournaments have that game, lists his games with the
// tournament's code and the partner, and shows the line to write; the line it shows routes.
func TestAskGameListsTournaments(t *testing.T) {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	moscow, _ := time.LoadLocation("Europe/Moscow")
	for _, tc := range []struct {
		lang, subject string
		want          []string
		reply         string // the line the answer shows, as he writes it back
		none, noneAny string // the answer to a game that is none of his, in ЗК-2 and anywhere
	}{
		{"ru", "партия 1-2", []string{
			"Не удалось определить, к какой партии относится письмо.",
			"Партия 1-2 есть в нескольких Ваших турнирах: ЗК-1, ЗК-2.",
			"Ваши партии:\n- турнир ЗК-1, партия 1-2, партнёр Петров Пётр\n- турнир ЗК-1, партия 3-1, партнёр Смирнов Олег\n- турнир ЗК-2, партия 1-2, партнёр Сидоров Сидор\n",
			"Напишите в начале письма турнир и партию одной строкой, например:\n\n    Турнир ЗК-1, партия 1-2.\n",
		}, "Турнир ЗК-2, партия 1-2.", "Партии 3-2 нет среди Ваших партий турнира ЗК-2.", "Партии 7-8 нет среди Ваших партий."},
		{"en", "game 1-2", []string{
			"postald could not tell which game the letter is for.",
			"Game 1-2 is in more than one of your tournaments: ЗК-1, ЗК-2.",
			"Your games:\n- tournament ЗК-1, game 1-2, partner Петров Пётр\n- tournament ЗК-1, game 3-1, partner Смирнов Олег\n- tournament ЗК-2, game 1-2, partner Сидоров Сидор\n",
			"Write the tournament and the game in one line at the head of the letter, for example:\n\n    Tournament ЗК-1, game 1-2.\n",
		}, "Tournament ЗК-2, game 1-2.", "You have no game 3-2 in tournament ЗК-2.", "You have no game 7-8."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			me := referee.Player{Number: 1, Name: "Иванов Иван", Email: "ivanov@mail.example", Language: tc.lang}
			one := &referee.Table{Code: "ЗК-1", Variant: "russian", Language: tc.lang, Start: start, End: end, Zone: moscow,
				Players: []referee.Player{me, {Number: 2, Name: "Петров Пётр", Email: "petrov@mail.example"},
					{Number: 3, Name: "Смирнов Олег", Email: "smirnov@mail.example"}}}
			two := &referee.Table{Code: "ЗК-2", Variant: "russian", Language: tc.lang, Start: start, End: end, Zone: moscow,
				Players: []referee.Player{me, {Number: 2, Name: "Сидоров Сидор", Email: "sidorov@mail.example"}}}
			env := referee.Envelope{From: me.Email, MessageID: "m1@mail.example", Received: time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)}
			games := []referee.Seat{
				{Table: one, Game: one.NewGame("1-2")},
				{Table: one, Game: one.NewGame("3-1")},
				{Table: two, Game: two.NewGame("1-2")},
			}
			route := func(l *mailparse.Letter) (int, referee.Decision) {
				d, err := referee.Decide(games, referee.Mail{Letter: l, Envelope: env}, env.Received)
				if err != nil {
					t.Fatal(err)
				}
				return d.Seat, d
			}
			letter := func(subject, body string) *mailparse.Letter {
				l, err := mailparse.Parse([]byte("From: " + me.Email + "\r\nSubject: " + subject + "\r\n\r\n" + body + "\r\n"))
				if err != nil {
					t.Fatal(err)
				}
				return l
			}
			i, d := route(letter(tc.subject, "1. c3-d4"))
			if i != -1 || len(d.Letters) != 1 || d.Letters[0].Kind != referee.KindAskGame {
				t.Fatalf("Route = %d, %+v; want a request to name the game", i, d)
			}
			body := d.Letters[0].Body
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("the answer lacks %q:\n%s", w, body)
				}
			}
			// He writes the line he was shown, naming the other tournament: it is that game.
			if i, d := route(letter("", tc.reply+"\n1. c3-d4")); i != 2 {
				t.Errorf("%q routed to %d (%+v), want ЗК-2's game 1-2", tc.reply, i, d.Letters)
			}
			// A game that is none of his is said to be none, in the tournament named or at all,
			// before the list of his games; the answer to a game of his never says so.
			for _, c := range []struct{ line, want string }{{strings.Replace(tc.reply, "1-2", "3-2", 1), tc.none},
				{strings.Replace(tc.subject, "1-2", "7-8", 1), tc.noneAny}} {
				_, d := route(letter(c.line, "1. c3-d4"))
				if len(d.Letters) != 1 || !strings.Contains(d.Letters[0].Body, c.want+"\n") || !strings.Contains(d.Letters[0].Body, tc.want[2]) {
					t.Errorf("%q: the answer does not say %q:\n%+v", c.line, c.want, d.Letters)
				}
			}
			if strings.Contains(body, strings.Replace(tc.noneAny, "7-8", "1-2", 1)) || strings.Contains(body, strings.Replace(tc.none, "3-2", "1-2", 1)) {
				t.Errorf("the answer to a game of his says it is none of his:\n%s", body)
			}
			// With several games in play and none named, the answer lists them the same way.
			_, d = route(letter("", "привет"))
			if len(d.Letters) != 1 || !strings.Contains(d.Letters[0].Body, tc.want[2]) || strings.Contains(d.Letters[0].Body, tc.want[1]) {
				t.Errorf("a letter naming no game: %+v", d.Letters)
			}
		})
	}
}

// TestRouteReversedPair: a player names his game by its pair in the other order («партия 2-1»
// for game 1-2, "me against him"). When no game of his has that name, the pair is one game of
// his and the letter's moves play there as written, it is that game; otherwise — a move that
// does not play there, a pair he plays in two tournaments, a letter without moves — he is asked
// which game, and nothing is played or charged.
func TestRouteReversedPair(t *testing.T) {
	start, _ := daysclock.ParseDate("2026-11-01")
	end, _ := daysclock.ParseDate("2027-10-31")
	moscow, _ := time.LoadLocation("Europe/Moscow")
	me := referee.Player{Number: 1, Name: "Иванов Иван", Email: "ivanov@mail.example"}
	table := func(code string) *referee.Table {
		return &referee.Table{Code: code, Variant: "russian", Language: "ru", Start: start, End: end, Zone: moscow,
			Players: []referee.Player{me, {Number: 2, Name: "Петров Пётр", Email: "petrov@mail.example"},
				{Number: 3, Name: "Смирнов Олег", Email: "smirnov@mail.example"}}}
	}
	one, two := table("ЗК-1"), table("ЗК-2")
	env := referee.Envelope{From: me.Email, MessageID: "m1@mail.example", Received: time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)}
	decide := func(games []referee.Seat, subject, body string) referee.Decision {
		t.Helper()
		l, err := mailparse.Parse([]byte("From: " + me.Email + "\r\nSubject: " + subject + "\r\n\r\n" + body + "\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		d, err := referee.Decide(games, referee.Mail{Letter: l, Envelope: env}, env.Received)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// In ЗК-1 he is White in 1-2 and Black in 3-1 (Smirnov has not moved): on move in 1-2 only.
	games := []referee.Seat{{Table: one, Game: one.NewGame("1-2")}, {Table: one, Game: one.NewGame("3-1")}}
	for _, tc := range []struct {
		name, subject, body string
		seat                int // -1: asked
	}{
		{"the pair reversed, the move plays there", "ЗК-1 партия 2-1", "1. c3-d4", 0},
		{"the pair reversed, in English", "ЗК-1 game 2-1", "1. c3-d4", 0},
		{"the pair reversed, the move impossible there", "ЗК-1 партия 2-1", "1. c3-b6", -1},
		{"the pair reversed, not his move there", "ЗК-1 партия 1-3", "1. c3-d4", -1},
		{"the pair reversed, no move", "ЗК-1 партия 2-1", "Как ваши дела?", -1},
		{"a pair of others, reversed", "ЗК-1 партия 3-2", "1. c3-d4", -1},
	} {
		d := decide(games, tc.subject, tc.body)
		if d.Seat != tc.seat {
			t.Errorf("%s: seat %d (%s), want %d", tc.name, d.Seat, d.Verdict, tc.seat)
			continue
		}
		if tc.seat < 0 {
			if len(d.Letters) != 1 || d.Letters[0].Kind != referee.KindAskGame || len(d.Game.Plies) != 0 {
				t.Errorf("%s: not asked which game: %+v", tc.name, d)
			}
			continue
		}
		if d.Verdict != referee.Accepted || len(d.Game.Plies) != 1 || d.Game.Name != "1-2" {
			t.Errorf("%s: %s, %d plies in %s", tc.name, d.Verdict, len(d.Game.Plies), d.Game.Name)
		}
	}
	// The same pair in two tournaments, neither named: which is meant cannot be told.
	both := []referee.Seat{{Table: one, Game: one.NewGame("1-2")}, {Table: two, Game: two.NewGame("1-2")}}
	if d := decide(both, "партия 2-1", "1. c3-d4"); d.Seat != -1 {
		t.Errorf("a reversed pair of two tournaments routed to %d", d.Seat)
	}
	// A game of that very name is his: it is that game, never the reversed one.
	double := []referee.Seat{{Table: one, Game: one.NewGame("1-2")}, {Table: one, Game: one.NewGame("2-1")}}
	if d := decide(double, "ЗК-1 партия 2-1", "1. c3-d4"); d.Seat == 0 {
		t.Errorf("a letter naming game 2-1, which he plays, was routed to 1-2")
	}
}
