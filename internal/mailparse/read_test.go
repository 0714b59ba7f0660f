package mailparse

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// emptyIsNil compares an empty list with a missing one as equal.
var emptyIsNil = cmp.Transformer("empty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

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
		// A separator with spaces around it, as typed or as a word processor makes " - " into
		// " – ": the move in full notation, never two moves of abbreviated notation.
		{"spaced dash", "Мой ход: 12. c3 - d4", want{Moves: []string{"12. c3-d4"}}},
		{"spaced en dash", "Мой ход: 12. c3 – d4", want{Moves: []string{"12. c3-d4"}}},
		{"dash spaced on one side", "Мой ход: 12. c3 -d4, 12... d6- c5", want{Moves: []string{"12. c3-d4", "12... d6-c5"}}},
		{"doubled dash", "Мой ход: 12. c3--d4 d6 -- c5", want{Moves: []string{"12. c3-d4", "12... d6-c5"}}},
		{"no-break spaces", "Мой ход: 12. c3\u00a0–\u00a0d4", want{Moves: []string{"12. c3-d4"}}},
		{"spaced capture", "Мой ход: 20. c1 : e3 : g5. Даты: 14.11.2026", want{Moves: []string{"20. c1:e3:g5"}, Dates: []string{"2026-11-14"}}},
		{"spaced repetition", "Ваш ход 11... h6 : f4 получил.", want{Repeated: []string{"11... h6:f4"}}},
		{"a dash after a move is prose", "Мой ход: 12. c3-d4 – хороший ход", want{Moves: []string{"12. c3-d4"}}},
		{"squares apart are no move", "Мой ход: 12. c3 d4", want{Moves: []string{"12. c3", "12... d4"},
			Problems: []string{"1:c3:abbreviated notation", "1:d4:abbreviated notation"}}},
		{"numbered squares are joined as written only", "Отпуск 10 - 20 дней, мой ход 17. 32-28", want{Moves: []string{"17. 32-28"}}},
		{"10x10 algebraic", "Мой ход: 5. a10-b9", want{Moves: []string{"5. a10-b9"}}},
		{"abbreviated a:a7", "Мой ход: 30. a:a7", want{Moves: []string{"30. a:a7"}, Problems: []string{"1:a:a7:abbreviated notation"}}},
		{"abbreviated lone square", "Мой ход: 30. e5", want{Moves: []string{"30. e5"}, Problems: []string{"1:e5:abbreviated notation"}}},
		{"numeric move with a wrong mark", "Мой ход: 7... 11;31", want{Moves: []string{"7... 11;31"}, Problems: []string{"1:11;31:unreadable move"}}},
		{"numeric move with a wrong mark, no space", "11...24;20", want{Moves: []string{"11... 24;20"}, Problems: []string{"1:24;20:unreadable move"}}},
		{"numeric move with a dot", "Мой ход: 7... 11.31", want{Moves: []string{"7... 11.31"}, Problems: []string{"1:11.31:unreadable move"}}},
		{"a date in prose is no move", "Ваш ход получил 14.11, спасибо", want{}},
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
			if diff := cmp.Diff(tt.want, got, emptyIsNil); diff != "" {
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

// TestAcceptance reads the acceptance of a variant (4.2.13) in the forms players write:
// where the accepted moves, the declined move and the writer's own moves go.
func TestAcceptance(t *testing.T) {
	type want struct {
		Accept          string   // "label/until", with "+incl" and "+part"; "" when none
		Accepted        []string // Acceptance.Moves
		Declined        []string // Acceptance.Declined
		Repeated, Moves []string
		Variants        []string // "label: moves"
		Problems        []string // "line:what"
	}
	tests := []struct {
		name, body string
		want       want
	}{
		{"seed", "Принимаю вариант А до 14-го хода: 12... f6:d4 13. c3:e5 13... d6:f4 14. e3:g5. Вместо 14... h6:f4 играю 14... b6-a5",
			want{Accept: "A/14", Accepted: []string{"12... f6:d4", "13. c3:e5", "13... d6:f4", "14. e3:g5"}, Declined: []string{"14... h6:f4"}, Moves: []string{"14... b6-a5"}}},
		{"seed, instead on the next line", "Принимаю вариант А до 14-го хода: 12... f6:d4 13. c3:e5 13... d6:f4 14. e3:g5.\nВместо 14... h6:f4 играю 14... b6-a5",
			want{Accept: "A/14", Accepted: []string{"12... f6:d4", "13. c3:e5", "13... d6:f4", "14. e3:g5"}, Declined: []string{"14... h6:f4"}, Moves: []string{"14... b6-a5"}}},
		{"implied numbers", "Принимаю вариант А: 12... f6:d4 13. c3:e5 d6:f4 14. e3:g5", want{Accept: "A/0", Accepted: []string{"12... f6:d4", "13. c3:e5", "13... d6:f4", "14. e3:g5"}}},
		{"until 9-го, own move below", "Принимаю вариант А до 9-го хода.\nМой ход: 9... e7-f6", want{Accept: "A/9", Moves: []string{"9... e7-f6"}}},
		{"until 2-го without хода", "Принимаю вариант А до 2-го.\nМой ход: 2... b6-a5", want{Accept: "A/2", Moves: []string{"2... b6-a5"}}},
		{"until 14 хода", "Принимаю вариант А до 14 хода", want{Accept: "A/14"}},
		{"inclusive", "Принимаю вариант А до 14-го хода включительно", want{Accept: "A/14+incl"}},
		{"your variant", "Принимаю ваш вариант", want{Accept: "/0"}},
		{"variant first", "Ваш вариант принимаю", want{Accept: "/0"}},
		{"variant first partial", "Ваш вариант принимаю частично: 12... f6:d4, а вместо 13. c3:e5 играю 13. c3-b4",
			want{Accept: "/0+part", Accepted: []string{"12... f6:d4"}, Declined: []string{"13. c3:e5"}, Moves: []string{"13. c3-b4"}}},
		{"labelled variant first", "Вариант А принимаю", want{Accept: "A/0"}},
		{"prinyat", "Вариант Б принят", want{Accept: "B/0"}},
		{"latin label", "Принимаю вариант B", want{Accept: "B/0"}},
		{"upper case", "ПРИНИМАЮ ВАРИАНТ А ДО 14-ГО ХОДА: 12... F6:D4", want{Accept: "A/14", Accepted: []string{"12... f6:d4"}}},
		{"colon, moves on the next lines", "Принимаю вариант А:\n12... f6:d4 13. c3:e5\n13... d6:f4\nМой ход: 14. e3:g5",
			want{Accept: "A/0", Accepted: []string{"12... f6:d4", "13. c3:e5", "13... d6:f4"}, Moves: []string{"14. e3:g5"}}},
		{"colon, blank line ends", "Принимаю вариант А:\n12... f6:d4\n\n13. c3:e5", want{Accept: "A/0", Accepted: []string{"12... f6:d4"}, Moves: []string{"13. c3:e5"}}},
		{"colon, prose ends", "Принимаю вариант А:\n12... f6:d4\nдалее 13. c3:e5", want{Accept: "A/0", Accepted: []string{"12... f6:d4"}, Moves: []string{"13. c3:e5"}}},
		{"moves on the line, next line own", "Принимаю вариант А: 12... f6:d4\n13. c3:e5", want{Accept: "A/0", Accepted: []string{"12... f6:d4"}, Moves: []string{"13. c3:e5"}}},
		{"no colon, next line own", "Принимаю вариант А\n12... f6:d4", want{Accept: "A/0", Moves: []string{"12... f6:d4"}}},
		{"my move on its own line", "Принимаю вариант А до 3-го хода: 2. c3-d4\nМой ход: 3... b6-a5", want{Accept: "A/3", Accepted: []string{"2. c3-d4"}, Moves: []string{"3... b6-a5"}}},
		{"repetition stays repeated", "Ваш ход 11... h6:f4 получил. Принимаю вариант А: 12. g3:e5 f6:d4\nМой ход: 13. c3:e5",
			want{Accept: "A/0", Repeated: []string{"11... h6:f4"}, Accepted: []string{"12. g3:e5", "12... f6:d4"}, Moves: []string{"13. c3:e5"}}},
		{"second acceptance", "Принимаю вариант А.\nПринимаю вариант Б: 12... f6:d4\nМой ход 13. c3:e5",
			want{Accept: "A/0", Moves: []string{"13. c3:e5"}, Problems: []string{"2:more than one variant accepted"}}},
		{"conjunction а is no label", "Принимаю ваш вариант а вместо 14... h6:f4 играю 14... b6-a5", want{Accept: "/0", Declined: []string{"14... h6:f4"}, Moves: []string{"14... b6-a5"}}},
		{"conjunction и is no label", "Принимаю вариант и играю 14... b6-a5", want{Accept: "/0", Moves: []string{"14... b6-a5"}}},
		{"lower-case label before до", "Принимаю вариант а до 14-го хода", want{Accept: "A/14"}},
		{"instead without acceptance", "Вместо 14... h6:f4 играю 14... b6-a5", want{Moves: []string{"14... b6-a5"}}},
		{"instead on its own line", "Принимаю вариант Б:\nВместо 14... h6:f4 играю 14... b6-a5", want{Accept: "B/0", Declined: []string{"14... h6:f4"}, Moves: []string{"14... b6-a5"}}},
		{"proposal stays a proposal", "Вариант А: если 2... e7-f6, то 3. b2-c3", want{Variants: []string{"A: 2... e7-f6 3. b2-c3"}}},
		{"proposal after acceptance", "Принимаю вариант А. Мой ход 13. c3:e5\nВариант Б: на 13... d6:f4 предлагаю 14. e3:g5",
			want{Accept: "A/0", Moves: []string{"13. c3:e5"}, Variants: []string{"B: 13... d6:f4 14. e3:g5"}}},
		{"en", "I accept variant A", want{Accept: "A/0"}},
		{"en your", "I accept your variant", want{Accept: "/0"}},
		{"en instead", "I accept your variant up to move 2: 1... f6-g5 2. g3-h4. Instead of 2... g7-f6 I play 2... b6-a5",
			want{Accept: "/2", Accepted: []string{"1... f6-g5", "2. g3-h4"}, Declined: []string{"2... g7-f6"}, Moves: []string{"2... b6-a5"}}},
		{"en accepted", "Variant A accepted. My move: 14... b6-a5", want{Accept: "A/0", Moves: []string{"14... b6-a5"}}},
		{"en is accepted", "Your variant is accepted.\nMy move: 14... b6-a5", want{Accept: "/0", Moves: []string{"14... b6-a5"}}},
		{"en in part", "I accept variant B in part: 12... f6:d4 13. c3:e5", want{Accept: "B/0+part", Accepted: []string{"12... f6:d4", "13. c3:e5"}}},
		{"en partially", "I partially accept your variant", want{Accept: "/0+part"}},
		{"en including", "I accept variant A up to and including move 14", want{Accept: "A/14+incl"}},
		{"en the 14th move", "I accept variant A up to the 14th move", want{Accept: "A/14"}},
		{"en instead of the move", "I accept variant A. Instead of the move 14... h6:f4 I play 14... b6-a5", want{Accept: "A/0", Declined: []string{"14... h6:f4"}, Moves: []string{"14... b6-a5"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := parseBody(t, tt.body)
			got := want{Repeated: moveStrings(l.Repeated), Moves: moveStrings(l.Moves)}
			if a := l.AcceptVariant; a != nil {
				got.Accept = a.Label + "/" + itoa(a.Until)
				if a.Inclusive {
					got.Accept += "+incl"
				}
				if a.Partial {
					got.Accept += "+part"
				}
				got.Accepted, got.Declined = moveStrings(a.Moves), moveStrings(a.Declined)
			}
			for _, v := range l.Variants {
				got.Variants = append(got.Variants, v.Label+": "+strings.Join(moveStrings(v.Moves), " "))
			}
			for _, p := range l.Problems {
				got.Problems = append(got.Problems, itoa(p.Line)+":"+p.What)
			}
			if diff := cmp.Diff(tt.want, got, emptyIsNil); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tt.body, diff)
			}
		})
	}
}

// TestInvisible checks that invisible formatting characters inside moves, squares, dates
// and the time fraction read exactly like the clean letter.
func TestInvisible(t *testing.T) {
	tests := []struct{ dirty, clean string }{
		{"Мой ход: 12. g3\u200e-e5", "Мой ход: 12. g3-e5"},
		{"Мой ход: 12.\u00a0g3\u00a0-\u00a0e5", "Мой ход: 12. g3-e5"},
		{"Мой ход: c3\u2060-\u2060d4", "Мой ход: c3-d4"},
		{"Мой ход: c\u20603-d4", "Мой ход: c3-d4"},
		{"Мой ход: 17. 3\u20602-28 1\u20609-23", "Мой ход: 17. 32-28 19-23"},
		{"Мой ход: 5. a1\u20600-b9", "Мой ход: 5. a10-b9"},
		{"Даты: 14.1\u20601.2026, 16.11.20\u206026, 18.11.2026", "Даты: 14.11.2026, 16.11.2026, 18.11.2026"},
		{"Даты: 18 но\u2060ября 2026, 19 ноября 2026, 20 ноября 2026", "Даты: 18 ноября 2026, 19 ноября 2026, 20 ноября 2026"},
		{"Время: 2\u20603/31", "Время: 23/31"},
		{"\u202bМой ход: 1. c3-d4\u202c", "Мой ход: 1. c3-d4"},
		{"\u2067Мой ход: 1. c3\u2069-d4\u2066", "Мой ход: 1. c3-d4"},
		{"Мой ход: 1. c3\u2062-d4\u180e", "Мой ход: 1. c3-d4"},
		{"\ufeffМой ход: 1. c3-d4", "Мой ход: 1. c3-d4"},
		{"Мой\u00a0ход:\u00a012.\u00a0g3:e5", "Мой ход: 12. g3:e5"},
		{"Мой ход: 12\u00a0...\u00a0f6\u202fx\u202fd4", "Мой ход: 12... f6:d4"},
		{"Мой ход\u00a0—\u00a012. g3-e5", "Мой ход — 12. g3-e5"},
		{"Received your 11... h6:f4.\u00a0My move: 12. g3:e5", "Received your 11... h6:f4. My move: 12. g3:e5"},
		{"Даты: 14.11.2026\u00a0/\u00a016.11.2026\u00a0/\u00a018.11.2026", "Даты: 14.11.2026 / 16.11.2026 / 18.11.2026"},
		{"Даты: 18\u00a0ноября\u00a02026, 19\u00a0ноября\u00a02026, 20\u00a0ноября\u00a02026", "Даты: 18 ноября 2026, 19 ноября 2026, 20 ноября 2026"},
		{"Даты: 14.\u200e11.2026, 16.11\u200f.2026, 18.11.2026", "Даты: 14.11.2026, 16.11.2026, 18.11.2026"},
		{"Время: 23\u202f/\u202f31", "Время: 23/31"},
		{"Время:\u00a023\u2007/\u200731\u00a0дн.", "Время: 23/31 дн."},
		{"Отпуск с\u00a001.12.2026 по\u00a015.12.2026", "Отпуск с 01.12.2026 по 15.12.2026"},
		{"Отпуск с\u00a01 по\u00a015\u00a0декабря 2026", "Отпуск с 1 по 15 декабря 2026"},
		{"Мой ход: 12. g3-e5, box\u00a0of\u00a03\u00a0x\u00a04", "Мой ход: 12. g3-e5, box of 3 x 4"},
		{"Принимаю\u00a0вариант\u00a0А до\u00a014-го\u00a0хода:\u00a012...\u00a0f6:d4", "Принимаю вариант А до 14-го хода: 12... f6:d4"},
	}
	view := func(body string) string {
		l := parseBody(t, body)
		v := l.View()
		v.Header = HeaderView{}
		for i := range v.Problems {
			v.Problems[i].Text = "" // the text as written differs by the invisible characters
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tt := range tests {
		if d, c := view(tt.dirty), view(tt.clean); d != c {
			t.Errorf("%q reads\n%s\nnot as %q\n%s", tt.dirty, d, tt.clean, c)
		}
	}
}

// TestSubjectMove: a move in the Subject of a new letter is kept to be answered, never read as
// the letter's; a reply's Subject and a game's name are no such move.
func TestSubjectMove(t *testing.T) {
	for _, tc := range []struct{ subject, body, want string }{
		{"СТ-2026/1 партия 1-2: мой ход 1... f6-g5", "", "f6-g5"},
		{"СТ-2026/1 1-2 ход c3-d4", "Добрый день!", "c3-d4"},
		{"Re: СТ-2026/1 партия 1-2: мой ход 1... f6-g5", "", ""},
		{"Fwd: 1... f6-g5", "", ""},
		{"СТ-2026/1 партия 1-2 ход 1", "", ""},
		{"СТ-2026/1 партия 3-7", "Мой ход: 5. c3-d4", ""},
		{"МЧ-1 партия 1-2 мой ход 32-28", "", "32-28"},
		{"МЧ-1 game 1-2, move 12... 19:28", "", "19:28"},
		{"МЧ-1 партия 1-2 ход 12", "", ""},
	} {
		l, err := Parse([]byte("From: a@mail.example\nSubject: " + tc.subject + "\n\n" + tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if l.SubjectMove != tc.want || len(l.Moves) > 0 && tc.body == "" {
			t.Errorf("%q: subject move %q, moves %v; want %q and no move read", tc.subject, l.SubjectMove, l.Moves, tc.want)
		}
	}
}
