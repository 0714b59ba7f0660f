package mailparse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parseBody parses a letter whose body is the given lines.
func parseBody(t *testing.T, body string) *Letter {
	t.Helper()
	l, err := Parse([]byte("From: a@mail.example\nSubject: x\n\n" + body))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLines reads one or two lines each, as players write them, and checks what lands where.
func TestLines(t *testing.T) {
	type want struct {
		Repeated, Moves []string
		Variants        []string // "label: moves"
		Accept          string   // "label/until"
		Draw, Reason    string
		Resign          bool
		Dates           []string
		Time            string
		Problems        []string // "line:text:what"
	}
	tests := []struct {
		name, body string
		want       want
	}{
		{"received before", "Получил ваш ход 11... h6:f4, мой ответ 12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"received after", "11... h6:f4 получил. 12. g3:e5", want{Repeated: []string{"11... h6:f4", "12. g3:e5"}}},
		{"answer to", "На ваш ход 11... h6:f4 отвечаю 12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"thanks for your move", "Thanks for your move 11... h6:f4. My reply: 12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"label line then moves", "Ваш ход получил:\n11... h6:f4\nМой ход:\n12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"repetition line then bare moves", "Ваш ход 11... h6:f4 получил.\n12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"waiting for your answer", "Мой ход 12. g3:e5, жду ваш ответ.", want{Moves: []string{"12. g3:e5"}}},
		{"result is no game", "Congratulations on a fine game 1-0.", want{}},
		{"condition without moves", "Если будут вопросы, пишите.\n12. g3:e5", want{Moves: []string{"12. g3:e5"}}},
		{"condition wrapped", "Если 12... f6:d4,\nто 13. c3:e5", want{Variants: []string{": 12... f6:d4 13. c3:e5"}}},
		{"draw question ru", "Согласны на ничью?", want{Draw: "offer"}},
		{"draw question en", "Would you accept a draw?", want{Draw: "offer"}},
		{"resign word order", "Эту партию сдаю.", want{Resign: true}},
		{"unnumbered", "Мой ход: g3:e5", want{Moves: []string{"g3:e5"}}},
		{"white then implied black", "12. g3:e5 f6:d4 13. c3:e5", want{Moves: []string{"12. g3:e5", "12... f6:d4", "13. c3:e5"}}},
		{"black ellipsis unicode", "12…f6:d4", want{Moves: []string{"12... f6:d4"}}},
		{"dots spaced", "12. ... f6:d4", want{Moves: []string{"12... f6:d4"}}},
		{"capitals and x", "Мой ход: 12. G3XE5", want{Moves: []string{"12. g3:e5"}}},
		{"minus sign", "Мой ход: 12. c3−d4", want{Moves: []string{"12. c3-d4"}}},
		{"cyrillic kha capture", "Мой ход: 12. g3хe5", want{Moves: []string{"12. g3:e5"}}},
		{"multi capture", "Мой ход: 20. c1:e3:g5:e7", want{Moves: []string{"20. c1:e3:g5:e7"}}},
		{"10x10 algebraic", "Мой ход: 5. a10-b9", want{Moves: []string{"5. a10-b9"}}},
		{"abbreviated a:a7", "Мой ход: 30. a:a7", want{Moves: []string{"30. a:a7"}, Problems: []string{"1:a:a7:abbreviated notation"}}},
		{"abbreviated lone square", "Мой ход: 30. e5", want{Moves: []string{"30. e5"}, Problems: []string{"1:e5:abbreviated notation"}}},
		{"numeric needs context", "Письмо ушло в 12:30, дом 12-34, кв. 5", want{}},
		{"numeric in a list", "17. 32-28 19-23", want{Moves: []string{"17. 32-28", "17... 19-23"}}},
		{"time on dates line", "Даты: 14.11.2026, 16.11.2026, 18.11.2026. Время: 23/31", want{Dates: []string{"2026-11-14", "2026-11-16", "2026-11-18"}, Time: "23/31"}},
		{"fraction alone", "23 / 31", want{Time: "23/31"}},
		{"fraction in prose", "счёт 2/3 в нашу пользу", want{}},
		{"dates on separate lines", "Даты:\n14.11.2026\n16.11.2026\n18.11.2026", want{Dates: []string{"2026-11-14", "2026-11-16", "2026-11-18"}}},
		{"labelled one per line", "Дата отправления: 14.11.2026\nДата получения: 16.11.2026\nДата ответа: 18.11.2026", want{Dates: []string{"2026-11-14", "2026-11-16", "2026-11-18"}}},
		{"dates in prose", "Ваше письмо от 14.11.2026 пришло только 16.11.2026", want{}},
		{"not resign", "Я не сдаюсь!", want{}},
		{"resign", "Признаю поражение.", want{Resign: true}},
		{"draw conflict", "Предлагаю ничью.\nОтклоняю ничью.", want{Draw: "offer", Problems: []string{"2:Отклоняю ничью:conflicting draw statements"}}},
		{"claim move rule", "Claim a draw: 25 moves with kings only.", want{Draw: "claim", Reason: "move rule"}},
		{"claim without reason", "Требую ничью.", want{Draw: "claim"}},
		{"accept variant en", "I accept variant B.\nMy move: 14... h8:f6", want{Accept: "B/0", Moves: []string{"14... h8:f6"}}},
		{"accept until ru", "Принимаю вариант до 14 хода", want{Accept: "/14"}},
		{"label cyrillic g", "Вариант Г: если 12... f6:d4, то 13. c3:e5", want{Variants: []string{"D: 12... f6:d4 13. c3:e5"}}},
		{"label unmappable", "Вариант Ы: если 12... f6:d4, то 13. c3:e5", want{Variants: []string{"Ы: 12... f6:d4 13. c3:e5"}, Problems: []string{"1:ы:unreadable variant label"}}},
		{"labelled variant without moves", "Вариант А: 12... f6d4", want{Variants: []string{"A: 12... f6d4"}, Problems: []string{"1:f6d4:unreadable move"}}},
		{"variant on next line", "Вариант Б:\n12... f6:g5 13. h4:f6", want{Variants: []string{"B: 12... f6:g5 13. h4:f6"}}},
		{"if without moves", "Если не возражаете, мой ход 12. g3:e5", want{Moves: []string{"12. g3:e5"}}},
		{"sign-off stops", "Мой ход 12. g3:e5\nС уважением, Иван\nул. Садовая, д. 12, кв. 34\nтел. 8-812-123-45-67, 12:30-18:00", want{Moves: []string{"12. g3:e5"}}},
		{"sign-off with moves below", "Best regards!\nMy move: 12. g3:e5", want{Moves: []string{"12. g3:e5"}}},
		{"thanks first", "Спасибо!\nВаш ход 11... h6:f4 получил.\nМой ход 12. g3:e5", want{Repeated: []string{"11... h6:f4"}, Moves: []string{"12. g3:e5"}}},
		{"thanks between moves", "Мой ход 12. g3:e5\nСпасибо!\n13. a1-b2", want{Moves: []string{"12. g3:e5", "13. a1-b2"}}},
		{"thanks at the end", "Мой ход 12. g3:e5\nСпасибо!\nИван, тел. 12-34", want{Moves: []string{"12. g3:e5"}}},
		{"thanks with more", "Спасибо за партию, сдаюсь.", want{Resign: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := parseBody(t, tt.body)
			got := want{Repeated: moveStrings(l.Repeated), Moves: moveStrings(l.Moves), Draw: string(l.Draw.Kind), Reason: l.Draw.Reason, Resign: l.Resign}
			for _, v := range l.Variants {
				got.Variants = append(got.Variants, v.Label+": "+strings.Join(moveStrings(v.Moves), " "))
			}
			if a := l.AcceptVariant; a != nil {
				got.Accept = a.Label + "/" + itoa(a.Until)
			}
			for _, d := range l.Dates {
				got.Dates = append(got.Dates, d.Date.String())
			}
			if l.Time != nil {
				got.Time = l.Time.Fraction.String()
			}
			for _, p := range l.Problems {
				got.Problems = append(got.Problems, itoa(p.Line)+":"+p.Text+":"+p.What)
			}
			if diff := cmp.Diff(tt.want, got, cmp.Transformer("empty", func(s []string) []string {
				if len(s) == 0 {
					return nil
				}
				return s
			})); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tt.body, diff)
			}
		})
	}
}

// TestNames checks the tournament code and the game, in the body and in the Subject.
func TestNames(t *testing.T) {
	tests := []struct {
		subject, body    string
		tournament, game string
	}{
		{"x", "Tournament code: CT-2026/1, game 0307", "CT-2026/1", "3-7"},
		{"x", "Шифр турнира «СТ-2026/1», партия № 12-4", "СТ-2026/1", "12-4"},
		{"Re: Fwd: СТ-2026/1 партия 3 – 7", "", "СТ-2026/1", "3-7"},
		{"ОТВЕТ: CT-2026/1 game 5", "", "CT-2026/1", "5"},
		{"Турнир идёт", "Турнир идёт хорошо, партия интересная", "", ""},
		{"x", "a fine game 1-0", "", ""},
	}
	for _, tt := range tests {
		l, err := Parse([]byte("Subject: " + tt.subject + "\n\n" + tt.body + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		if l.Tournament != tt.tournament || l.Game != tt.game {
			t.Errorf("%q / %q: tournament %q, game %q; want %q, %q", tt.subject, tt.body, l.Tournament, l.Game, tt.tournament, tt.game)
		}
	}
}
