package mailparse

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// letterOf parses a letter with the body text and the subject, or fails the test.
func letterOf(t *testing.T, subject, body string) *Letter {
	t.Helper()
	raw := "From: petrov@mail.example\r\nSubject: " + subject + "\r\nDate: Mon, 07 Dec 2026 10:00:00 +0300\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n"
	l, err := Parse([]byte(raw))
	if err != nil {
		t.Fatalf("Parse(%q): %v", body, err)
	}
	return l
}

// TestLeaveForms: a leave notice in every form players write its period, with or without the
// year, alone or inside a move letter; "--MM-DD" is a day without its year.
func TestLeaveForms(t *testing.T) {
	tests := []struct {
		body     string
		from, to string
		moves    []string
	}{
		{"с 17-го по 21-е января буду в отпуске", "--01-17", "--01-21", nil},
		{"Уведомляю, что с 15.01 по 24.01 буду в отпуске.", "--01-15", "--01-24", nil},
		{"Прошу предоставить отпуск с 20.12.2026 по 31.12.2026.", "2026-12-20", "2026-12-31", nil},
		{"Отпуск: с 28 декабря по 5 января 2027 г.", "2026-12-28", "2027-01-05", nil},
		{"Беру отпуск с 1 по 15 декабря 2026", "2026-12-01", "2026-12-15", nil},
		{"Уведомляю об отпуске:\nс 20.01 по 26.01", "--01-20", "--01-26", nil},
		{"Буду в отъезде с 3 по 9 февраля.", "--02-03", "--02-09", nil},
		{"Мой ход: 12. c3-d4\nУведомляю, что с 20.01.2027 по 26.01.2027 буду в отпуске.", "2027-01-20", "2027-01-26", []string{"12. c3-d4"}},
		{"Мой ход 12. c3-d4. С 1 по 15 декабря 2026 я в отпуске.", "2026-12-01", "2026-12-15", []string{"12. c3-d4"}},
		{"I will be on leave from January 13 to January 18.", "--01-13", "--01-18", nil},
		{"I am on leave from 20.12.2026 to 31.12.2026.", "2026-12-20", "2026-12-31", nil},
		{"Leave: 13–18 Jan 2027", "2027-01-13", "2027-01-18", nil},
		{"from 13 to 18 January I am on holiday", "--01-13", "--01-18", nil},
		{"I am away from 3 to 9 February.", "--02-03", "--02-09", nil},
		{"My move: 7. 32-28\nI take leave from 2026-12-20 to 2026-12-24.", "2026-12-20", "2026-12-24", []string{"7. 32-28"}},
	}
	for _, tt := range tests {
		l := letterOf(t, "x", tt.body)
		if l.Leave == nil {
			t.Errorf("%q: no leave read", tt.body)
			continue
		}
		got := [2]string{leaveDay(l.Leave.From), leaveDay(l.Leave.To)}
		if got != [2]string{tt.from, tt.to} {
			t.Errorf("%q: leave %s..%s, want %s..%s", tt.body, got[0], got[1], tt.from, tt.to)
		}
		if ms := moveStrings(l.Moves); !slices.Equal(ms, tt.moves) && (len(ms) > 0 || len(tt.moves) > 0) {
			t.Errorf("%q: moves %v, want %v", tt.body, ms, tt.moves)
		}
		if len(l.Dates) > 0 {
			t.Errorf("%q: the leave's days read as the letter's dates %v", tt.body, l.Dates)
		}
	}
	// A leave negated or cancelled is no leave notice; a cancellation is the judge's, passed on.
	for _, body := range []string{"В отпуске с 10.01 по 15.01 я не буду.", "I will not be on leave from 10.01 to 15.01 after all."} {
		if l := letterOf(t, "x", body); l.Leave != nil {
			t.Errorf("%q: leave %+v, want none", body, l.Leave)
		}
	}
	for _, body := range []string{"Прошу отменить мой отпуск с 10.01.2027 по 15.01.2027.", "Please cancel my leave from 10.01 to 15.01."} {
		if l := letterOf(t, "x", body); l.Leave != nil || len(l.Questions) != 1 {
			t.Errorf("%q: leave %+v, questions %v; want no leave and the request passed on", body, l.Leave, l.Questions)
		}
	}
	// An out-of-office text that gives no whole period announces no leave.
	for _, body := range []string{"Я в отпуске до 5 января", "I am out of the office until 5 January."} {
		if l := letterOf(t, "x", body); l.Away == nil || l.Leave != nil && !l.Leave.To.IsZero() {
			t.Errorf("%q: away %v, leave %+v; want an out-of-office text and no leave", body, l.Away, l.Leave)
		}
	}
}

// TestDrawStatements: draws as players write them, each with its polarity (a negation in its
// clause), its doubt (a condition in its sentence) and the short forms of 1.13.3.
func TestDrawStatements(t *testing.T) {
	type draw struct {
		Kind  DrawKind
		Short bool
		Doubt string
	}
	tests := []struct {
		body   string
		want   draw
		resign bool
		doubt  string // the resignation's
	}{
		{"Your move 14... 14-19 received. I do not accept the draw. My move: 15. 42-38", draw{Kind: DrawDecline}, false, ""},
		{"Ничью не принимаю. Мой ход 15. c3-d4", draw{Kind: DrawDecline}, false, ""},
		{"Не согласен на ничью.", draw{Kind: DrawDecline}, false, ""},
		{"Играем дальше. Мой ход 12. c3-d4", draw{Kind: DrawDecline}, false, ""},
		{"Let's play on: 15. 42-38", draw{Kind: DrawDecline}, false, ""},
		{"Согласен.", draw{Kind: DrawAccept, Short: true}, false, ""},
		{"Хорошо, согласен!", draw{Kind: DrawAccept, Short: true}, false, ""},
		{"Agreed.", draw{Kind: DrawAccept, Short: true}, false, ""},
		{"Не согласен.", draw{Kind: DrawDecline, Short: true}, false, ""},
		{"I do not agree.", draw{Kind: DrawDecline, Short: true}, false, ""},
		{"На ничью согласен", draw{Kind: DrawAccept}, false, ""},
		{"Draw agreed.", draw{Kind: DrawAccept}, false, ""},
		{"Я не против ничьей.", draw{Kind: DrawAccept}, false, ""},
		{"Если вы не против, согласен на ничью", draw{Kind: DrawAccept}, false, ""},
		{"Предлагаю закончить партию вничью", draw{Kind: DrawOffer}, false, ""},
		{"Предлагаю мир.", draw{Kind: DrawOffer}, false, ""},
		{"Может быть, ничья?", draw{Kind: DrawOffer}, false, ""},
		{"How about a draw?", draw{Kind: DrawOffer}, false, ""},
		{"Shall we call it a draw?", draw{Kind: DrawOffer}, false, ""},
		{"Согласны на ничью?", draw{Kind: DrawOffer}, false, ""},
		{"Если не возражаете, предлагаю ничью.", draw{Kind: DrawOffer}, false, ""},
		{"Не предлагаю ничью, мой ход 12. c3-d4", draw{}, false, ""},
		{"Не отказываюсь от ничьей", draw{Kind: DrawDecline, Doubt: DoubtNegation}, false, ""},
		{"Если повторите ходы, согласен на ничью.", draw{Kind: DrawAccept, Doubt: DoubtCondition}, false, ""},
		{"I would accept a draw if you repeat the moves.", draw{Kind: DrawAccept, Doubt: DoubtCondition}, false, ""},
		{"Сдаюсь.", draw{}, true, ""},
		{"Не сдаюсь!", draw{}, false, ""},
		{"I will not resign.", draw{}, false, ""},
		{"Если завтра не отвечу - сдаюсь", draw{}, true, DoubtCondition},
		{"I would resign if I lost another man.", draw{}, true, DoubtCondition},
		{"Ещё один ход, и я сдамся.", draw{}, true, DoubtCondition},
		{"Мне сдаться?", draw{}, false, ""},
	}
	for _, tt := range tests {
		l := letterOf(t, "x", tt.body)
		got := draw{Kind: l.Draw.Kind, Short: l.Draw.Short, Doubt: l.Draw.Doubt}
		if got != tt.want {
			t.Errorf("%q: draw %+v, want %+v", tt.body, got, tt.want)
		}
		if l.Resign != tt.resign || l.ResignDoubt != tt.doubt {
			t.Errorf("%q: resign %v (doubt %q), want %v (%q)", tt.body, l.Resign, l.ResignDoubt, tt.resign, tt.doubt)
		}
		if l.Draw.Kind != DrawNone && (l.Draw.Line == 0 || l.Draw.Where.Text == "") {
			t.Errorf("%q: the draw statement has no place: %+v", tt.body, l.Draw.Where)
		}
	}
}

// TestSections: a letter about several games is read a section a game, each with its own
// repetition, moves and dates; the player's leave stays the letter's own.
func TestSections(t *testing.T) {
	type part struct {
		Game, Partner   string
		Repeated, Moves []string
		Dates           int
	}
	tests := []struct {
		name, subject, body string
		want                []part
		leave               bool
	}{
		{"two games by number, Russian", "Re: КК-2026 партия 1-2",
			"Добрый день!\n\nПо партии 2-1:\nВаш ход 5... f6-g5 получил.\nМой ход 6. c3-d4\n\nПо партии 1-2:\nПолучил ваш ход 5. c3-b4\nМой ход: 5... b6-a5\nДаты: 01.12.2026, 03.12.2026, 04.12.2026\n\nС 20.01 по 26.01 буду в отпуске.\n\nС уважением, Пётр",
			[]part{{Game: "2-1", Repeated: []string{"5... f6-g5"}, Moves: []string{"6. c3-d4"}},
				{Game: "1-2", Repeated: []string{"5. c3-b4"}, Moves: []string{"5... b6-a5"}, Dates: 3}}, true},
		{"two games by number, English", "games",
			"Game 1-2: My move 7. 32-28\nDates: 01.12.2026, 03.12.2026, 04.12.2026\n\nGame 2-1: your move 6. 33-29 received. My move: 6... 18-23",
			[]part{{Game: "1-2", Moves: []string{"7. 32-28"}, Dates: 3}, {Game: "2-1", Repeated: []string{"6. 33-29"}, Moves: []string{"6... 18-23"}}}, false},
		{"by partner", "КК-2026",
			"Партия с Ивановым:\nПолучил ваш ход 5. c3-b4, мой ход 5... b6-a5\n\nПартия с Сидоровым:\nМой ход 3. e3-f4",
			[]part{{Partner: "Ивановым", Repeated: []string{"5. c3-b4"}, Moves: []string{"5... b6-a5"}}, {Partner: "Сидоровым", Moves: []string{"3. e3-f4"}}}, false},
		{"a heading on the move's line", "КК-2026",
			"В партии 1-2 мой ход 12. c3-d4\nВ партии 2-1 мой ход 11... f6-g5",
			[]part{{Game: "1-2", Moves: []string{"12. c3-d4"}}, {Game: "2-1", Moves: []string{"11... f6-g5"}}}, false},
	}
	for _, tt := range tests {
		l := letterOf(t, tt.subject, tt.body)
		var got []part
		for _, p := range l.Parts {
			got = append(got, part{Game: p.Game, Partner: p.Partner, Repeated: moveStrings(p.Repeated), Moves: moveStrings(p.Moves), Dates: len(p.Dates)})
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: parts (-want +got):\n%s", tt.name, diff)
		}
		if (l.Leave != nil) != tt.leave {
			t.Errorf("%s: the letter's leave %+v, want one: %v", tt.name, l.Leave, tt.leave)
		}
		for _, p := range l.Parts {
			if p.Leave != nil || p.Withdrawal != nil {
				t.Errorf("%s: part %s holds the player's statements", tt.name, p.Game)
			}
		}
		if len(l.Moves) > 0 || len(l.Repeated) > 0 {
			t.Errorf("%s: the letter itself keeps moves %v %v", tt.name, l.Moves, l.Repeated)
		}
	}
	// A game named inside a sentence is no heading: one game, the reading reported doubtful.
	l := letterOf(t, "x", "Как и в партии 2-1, мой ход 12. c3-d4\nПартия 1-2")
	if len(l.Parts) != 0 || l.Game != "2-1" || !slices.ContainsFunc(l.Problems, func(p Problem) bool { return p.What == WhatGamesNamed }) {
		t.Errorf("a game in a sentence: parts %d, game %q, problems %v", len(l.Parts), l.Game, l.Problems)
	}
}

// TestQuestionsBothLanguages: whatever the English side of a question asks about, the Russian
// side asks about too.
func TestQuestionsBothLanguages(t *testing.T) {
	pairs := []struct {
		ru, en string
		about  []Topic
	}{
		{"Сколько у меня осталось дней до контроля?", "How many days do I have left until the control?", []Topic{TopicDeadline, TopicClock}},
		{"Когда у меня контрольный срок?", "When is my next control?", []Topic{TopicDeadline}},
		{"До какого числа мне нужно ответить?", "By when must I reply?", []Topic{TopicDeadline}},
		{"Сколько у меня дней?", "How many days have I used?", []Topic{TopicClock}},
		{"Сколько времени я потратил?", "How much time have I spent?", []Topic{TopicClock}},
		{"Чей сейчас ход?", "Whose move is it?", []Topic{TopicTurn}},
		{"Сейчас мой ход?", "Is it my move?", []Topic{TopicTurn}},
		{"Получили ли вы мой ход?", "Did you receive my move?", []Topic{TopicReceived}},
		{"Пришлите, пожалуйста, позицию.", "Please send me the position.", []Topic{TopicPosition}},
		{"Напомните, пожалуйста, все ходы партии?", "Could you send me all the moves of the game?", []Topic{TopicMoves}},
	}
	for _, p := range pairs {
		for _, q := range []string{p.ru, p.en} {
			l := letterOf(t, "x", q)
			if len(l.Questions) != 1 {
				t.Errorf("%q: %d questions read", q, len(l.Questions))
				continue
			}
			if got := l.Questions[0].About; !slices.Equal(got, p.about) {
				t.Errorf("%q asks about %v, want %v", q, got, p.about)
			}
		}
	}
}

// TestCorrections: a move the writer corrects in the letter itself (4.2.5: crossed out and
// another written) is replaced by its correction; what is no correction stays as written.
func TestCorrections(t *testing.T) {
	tests := []struct {
		name, body     string
		moves, crossed []string
	}{
		{"instead of, in a P.S.", "Ваш ход 14... f6-g5 получил.\nМой ход: 15. e3-d4\n\nИванов\n\nP.S. Извините, ошибся: вместо 15. e3-d4 мой ход 15. e3-f4.",
			[]string{"15. e3-f4"}, []string{"15. e3-d4"}},
		{"instead of, English", "My move: 15. 32-28\nInstead of 15. 32-28 I play 15. 33-28.", []string{"15. 33-28"}, []string{"15. 32-28"}},
		{"I meant", "Your move 14... 18-22 received.\nMy move: 15. 32-28\n\nIvan\n\nP.S. Sorry, I meant 15. 33-28.", []string{"15. 33-28"}, []string{"15. 32-28"}},
		{"a typo", "Мой ход 15. e3-d4\nОпечатка: правильно 15. e3-f4", []string{"15. e3-f4"}, []string{"15. e3-d4"}},
		{"the first of two moves", "Мои ходы: 15. e3-d4 15... b6-a5 16. g3-h4\nИсправляю: 15. e3-f4",
			[]string{"15. e3-f4", "15... b6-a5", "16. g3-h4"}, []string{"15. e3-d4"}},
		// Two moves of one number without a word of correction: a change of a move, as written
		// (the referee reads it, 4.2.8).
		{"no correction word", "Мой ход 15. e3-d4\nМой ход 15. e3-f4", []string{"15. e3-d4", "15. e3-f4"}, nil},
		// «вместо» naming a move that is not the writer's own: declined, nothing crossed.
		{"instead of the partner's", "Вместо 14... f6-g5 играю 15. e3-f4", []string{"15. e3-f4"}, nil},
		// A correction with its number on the other side is no correction of this move.
		{"other side", "Мой ход 15. e3-d4\nОшибся: 15... b6-a5", []string{"15. e3-d4", "15... b6-a5"}, nil},
	}
	for _, tt := range tests {
		l := parseBody(t, tt.body)
		if got := moveStrings(l.Moves); !slices.Equal(got, tt.moves) {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.moves)
		}
		if got := moveStrings(l.Crossed); !slices.Equal(got, tt.crossed) {
			t.Errorf("%s: crossed %q, want %q", tt.name, got, tt.crossed)
		}
	}
	// With an acceptance of a variant, «вместо» is the variant's declined move (4.2.13).
	l := parseBody(t, "Принимаю вариант А до 15-го хода. Вместо 15. e3-d4 играю 15. e3-f4")
	if len(l.Crossed) != 0 || l.AcceptVariant == nil {
		t.Errorf("acceptance: crossed %q, accept %v", moveStrings(l.Crossed), l.AcceptVariant)
	}
}
