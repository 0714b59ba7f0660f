package mailparse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// aside is what a test checks of the parts of a letter that are not moves.
type aside struct {
	Moves, Repeated []string
	Protest         bool
	Quoted, Unsure  []string
	Questions       []string // "about,about: moves quoted"
	Withdrawal      bool
	Away            bool
	Leave           string // "from..to"
	Draw            DrawKind
}

func asideOf(l *Letter) aside {
	a := aside{Moves: moveStrings(l.Moves), Repeated: moveStrings(l.Repeated), Withdrawal: l.Withdrawal != nil,
		Away: l.Away != nil, Draw: l.Draw.Kind}
	if p := l.Protest; p != nil {
		a.Protest, a.Quoted, a.Unsure = true, moveStrings(p.Quoted), moveStrings(p.Unsure)
	}
	for _, q := range l.Questions {
		var about []string
		for _, t := range q.About {
			about = append(about, string(t))
		}
		a.Questions = append(a.Questions, strings.Join(about, ",")+": "+strings.Join(moveStrings(q.Quoted), " "))
	}
	if lv := l.Leave; lv != nil {
		if p, ok := lv.Period(); ok {
			a.Leave = p.From.String() + ".." + p.To.String()
		} else {
			a.Leave = "no dates"
		}
	}
	return a
}

// TestAsides reads the letters that are not moves, and the parts of letters that are not, as
// players write them: the moves they mention are never the writer's (4.1.12), and a letter that
// also states a move keeps it.
func TestAsides(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       aside
	}{
		{"a protest quoting the stopped move",
			"Протест. Прошу пересмотреть остановку моего письма: ход e3-d4 был записан верно.",
			aside{Protest: true, Quoted: []string{"e3-d4"}}},
		{"a protest quoting a numbered move after «Мой ход»",
			"Протестую против штрафа. Мой ход 9. e3-f4 не был опиской.",
			aside{Protest: true, Quoted: []string{"9. e3-f4"}}},
		{"the protest word at the end of its paragraph",
			"Мой ход 9. e3-f4 был записан верно,\nа письмо остановлено. Прошу считать это протестом.",
			aside{Protest: true, Quoted: []string{"9. e3-f4"}}},
		{"a protest and a move in the next paragraph",
			"Протест: ход 9. e3-f4 был записан верно.\n\nВаш ход 9... f6-g5 получил.\nМой ход: 10. g3-h4",
			aside{Protest: true, Quoted: []string{"9. e3-f4"}, Repeated: []string{"9... f6-g5"}, Moves: []string{"10. g3-h4"}}},
		{"a protest with a move stated on its own line",
			"Протестую против штрафа за письмо от 05.11.2026.\nМой ход: 10. g3-h4",
			aside{Protest: true, Moves: []string{"10. g3-h4"}}},
		{"a line of moves alone inside a protest",
			"Протест против решения по ходу 9. e3-f4.\n10. g3-h4",
			aside{Protest: true, Quoted: []string{"9. e3-f4"}, Unsure: []string{"10. g3-h4"}}},
		{"an English protest",
			"I protest against the penalty: my move 9. e3-f4 was written correctly.",
			aside{Protest: true, Quoted: []string{"9. e3-f4"}}},
		{"no protest", "Протеста не имею, мой ход: 5. c3-d4",
			aside{Moves: []string{"5. c3-d4"}}},
		{"a question about the deadline", "Когда у меня контрольный срок?",
			aside{Questions: []string{"deadline: "}}},
		{"a question quoting a move", "Получили ли вы мой ход 12. g3:e5?",
			aside{Questions: []string{"received: 12. g3:e5"}}},
		{"a repetition marked as dubious", "Ваш ход 11... h6:f4?! получил. Мой ход: 12. g3:e5!",
			aside{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"a repetition marked as a mistake", "Получил Ваш ход 11... h6:f4? Мой ответ 12. g3:e5",
			aside{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"his own move marked in brackets", "Мой ход 12. g3:e5 (?!)",
			aside{Moves: []string{"12. g3:e5"}}},
		{"moves alone, marked", "11... h6:f4?? 12. g3:e5!",
			aside{Moves: []string{"11... h6:f4", "12. g3:e5"}}},
		{"a move with a question in words", "Мой ход 12. g3:e5 — верно?",
			aside{Questions: []string{": 12. g3:e5"}}},
		{"a question without «ли» quoting a move", "Вы получили мой ход 12. g3:e5?",
			aside{Questions: []string{"received: 12. g3:e5"}}},
		{"an answer to a move, both marked", "На Ваш ход 11... h6:f4?! отвечаю 12. g3:e5!",
			aside{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"an English repetition marked", "Received your move 11... h6:f4?! My move: 12. g3:e5",
			aside{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"a move, then a question", "Мой ход: 12. g3:e5. Сколько у меня дней?",
			aside{Moves: []string{"12. g3:e5"}, Questions: []string{"clock: "}}},
		{"a request without a question mark", "Прошу сообщить, чей сейчас ход.",
			aside{Questions: []string{"turn: "}}},
		{"an English question", "Could you tell me my last day for move 10?",
			aside{Questions: []string{"deadline: "}}},
		{"a question postald cannot answer", "Будет ли турнир в следующем году?",
			aside{Questions: []string{": "}}},
		{"a draw offer asked", "Согласны на ничью?", aside{Draw: DrawOffer}},
		{"a withdrawal", "Прошу снять меня с турнира по состоянию здоровья.", aside{Withdrawal: true}},
		{"an English withdrawal", "I have to withdraw from the tournament.", aside{Withdrawal: true}},
		{"an out-of-office text", "Я в отпуске до 15.12.2026, отвечу по возвращении.", aside{Away: true}},
		{"an English auto-reply", "I am out of the office until 2026-12-15.", aside{Away: true}},
		{"a leave notice with its dates", "Прошу предоставить отпуск с 01.12.2026 по 10.12.2026.",
			aside{Leave: "2026-12-01..2026-12-10"}},
		{"a leave notice with one date", "Ухожу в отпуск 01.12.2026.", aside{Leave: "no dates"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := parseBody(t, tc.body)
			if diff := cmp.Diff(tc.want, asideOf(l), emptyIsNil); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tc.body, diff)
			}
		})
	}
}

// TestAcceptanceLabels: a variant named as players name it: by its letter or number, by its
// place among those proposed, or as "yours".
func TestAcceptanceLabels(t *testing.T) {
	for _, tc := range []struct{ body, label, written string }{
		{"Принимаю вариант А.", "A", "А"},
		{"Принимаю вариант 1.", "1", "1"},
		{"Принимаю первый вариант.", "1", "1"},
		{"Второй вариант принимаю: 2... e7-f6 3. b2-c3", "2", "2"},
		{"Принимаю ваш вариант.", "", ""},
		{"Ваш вариант принимаю.", "", ""},
		{"I accept variant A.", "A", "A"},
		{"I accept the first variant.", "1", "1"},
		{"The second variant is accepted.", "2", "2"},
		{"I accept your variant.", "", ""},
	} {
		l := parseBody(t, tc.body)
		a := l.AcceptVariant
		if a == nil || a.Label != tc.label || a.Written != tc.written {
			t.Errorf("%q: acceptance %+v, want label %q written %q", tc.body, a, tc.label, tc.written)
		}
	}
}
