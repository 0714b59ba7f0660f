package referee

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// White's second move on 2026-11-06 (3 days after Black's reply), with a variant.
const white2 = "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\n"

// TestApply checks the decision on the last letter of each sequence. The expected values are
// worked out from the rules in the comments; the positions are Russian draughts from the start.
func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		before  []testLetter // letters played first
		letter  testLetter
		want    summary
		variant string
	}{
		{
			// 4.3.1: the first move 51 days after the start date: more than the 50 days of the
			// control of move 10, so the overstep is certain at once (judge policy: play goes on).
			name:   "overstep by a letter",
			letter: testLetter{ivanov, "2026-12-22 10:00", "Мой ход: 1. c3-d4"},
			want:   summary{Accepted, "4.3.1", "1. c3-d4", 0, Time{51, 0}, Black},
		},
		{
			// 4.3.2: White's first move on the start date costs nothing.
			name:   "first move on the start date",
			letter: opening[0],
			want:   summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
		},
		{
			// 4.3.1: Black received 1. c3-d4 on 11-01 and answers on 11-03: 2 days.
			name:   "days from receipt to reply",
			before: opening[:1],
			letter: opening[1],
			want:   summary{Accepted, "", "1... f6-g5", 0, Time{0, 2}, White},
		},
		{
			// 4.2.9: the partner's move is not repeated: stopped, 6 days (4.2.11).
			name:   "repetition missing",
			before: opening[:1],
			letter: testLetter{petrov, "2026-11-03 20:00", "Мой ход: 1... f6-g5"},
			want:   summary{Rejected, "4.2.9,4.2.11", "", 6, Time{0, 6}, Black},
		},
		{
			// 4.2.9: repeated wrongly (White played c3-d4, not c3-b4).
			name:   "repetition wrong",
			before: opening[:1],
			letter: testLetter{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-b4 получил.\nМой ход: 1... f6-g5"},
			want:   summary{Rejected, "4.2.9,4.2.11", "", 6, Time{0, 6}, Black},
		},
		{
			// 4.2.9: the partner's move written wrongly among the moves, without a "received".
			name:   "repetition wrong among the moves",
			before: opening[:1],
			letter: testLetter{petrov, "2026-11-03 20:00", "1. c3-b4 f6-g5"},
			want:   summary{Rejected, "4.2.9,4.2.11", "", 6, Time{0, 6}, Black},
		},
		{
			// 4.2.10: a3 has a single move, a3-b4: it is played for the impossible a3-c5.
			name:   "unique move substituted",
			letter: testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 1. a3-c5"},
			want:   summary{Corrected, "4.2.10,4.3.2", "1. a3-b4", 0, Time{0, 0}, Black},
		},
		{
			// 4.2.10 then 4.2.8: the letter whose a3-c5 was played as a3-b4, sent again word for
			// word (no answer came yet): the move sent, not a change of it; nothing charged.
			name:   "a substituted letter sent again",
			before: []testLetter{{ivanov, "2026-11-01 10:00", "Мой ход: 1. a3-c5"}},
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. a3-c5"},
			want:   summary{Notice, "", "", 0, Time{0, 0}, Black},
		},
		{
			// 4.2.10: c3 has two moves (b4, d4): the sender must replace the move; 4.2.11.
			name:   "impossible move with several moves from the square",
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. c3-e5"},
			want:   summary{Rejected, "4.2.10,4.2.11", "", 6, Time{6, 0}, White},
		},
		{
			name:   "no piece on the square",
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. d4-e5"},
			want:   summary{Rejected, "4.2.10,4.2.11", "", 6, Time{6, 0}, White},
		},
		{
			name:   "not your piece",
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. f6-g5"},
			want:   summary{Rejected, "4.2.10,4.2.11", "", 6, Time{6, 0}, White},
		},
		{
			// 4.2.2: abbreviated notation is an impossible move.
			name:   "abbreviated notation",
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. cd4"},
			want:   summary{Rejected, "4.2.2,4.2.10,4.2.11", "", 6, Time{6, 0}, White},
		},
		{
			// 4.2.11: once per stopped letter; two stopped letters, 12 days; the thinking days
			// still run from the start date and are charged with the valid letter (11-04: 3).
			name: "two stopped letters in a row",
			before: []testLetter{
				{ivanov, "2026-11-02 10:00", "Мой ход: 1. cd4"},
				{ivanov, "2026-11-03 10:00", "Мой ход: 1. c3-e5"},
			},
			letter: testLetter{ivanov, "2026-11-04 10:00", "Мой ход: 1. c3-d4"},
			want:   summary{Accepted, "", "1. c3-d4", 0, Time{15, 0}, Black},
		},
		{
			// 4.2.14: the right move under a wrong number: corrected, no stop.
			name:   "numbering error",
			letter: testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 2. c3-d4"},
			want:   summary{Corrected, "4.2.14,4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
		},
		{
			// 4.2.8: White tries to change his sent move while Black is on move.
			name:   "changing a sent move",
			before: opening[:1],
			letter: testLetter{ivanov, "2026-11-02 10:00", "Мой ход: 1. e3-f4"},
			want:   summary{Rejected, "4.2.8", "", 0, Time{0, 0}, Black},
		},
		{
			// 4.2.4: after 2... g5-f4 White's only move is e3:g5, which Black writes and answers.
			name:   "forced reply written by the player",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4 3. e3:g5 h6:f4"},
			want:   summary{Accepted, "4.2.4", "2... g5-f4 3. e3:g5 3... h6:f4", 0, Time{3, 4}, White},
		},
		{
			// 4.2.4: the forced reply left out: postald plays it; Black must answer again.
			name:   "forced reply played by postald",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4"},
			want:   summary{Accepted, "4.2.4", "2... g5-f4 3. e3:g5", 0, Time{3, 4}, Black},
		},
		{
			// 4.3.1: a wrong fraction is reported, not believed (White 3, Black 2).
			name:   "wrong time fraction",
			before: opening,
			letter: testLetter{ivanov, "2026-11-06 09:00", white2 + "Время: 1/1"},
			want:   summary{Accepted, "4.3.1", "2. g3-h4", 0, Time{3, 2}, Black},
		},
		{
			// 4.3.1: a stated date that differs from the postmark is reported.
			name:   "wrong date",
			before: opening,
			letter: testLetter{ivanov, "2026-11-06 09:00", white2 + "Даты: 03.11.2026 / 04.11.2026 / 06.11.2026\nВремя: 3/2"},
			want:   summary{Accepted, "4.3.1", "2. g3-h4", 0, Time{3, 2}, Black},
		},
		{
			// 4.2.13: Black plays the variant's moves: White's 3. b2-c3 and 4. c3-b4 are played
			// at once; the turn comes back to Black.
			name:   "variant accepted by playing it",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4"}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... e7-f6 3. b2-c3 b6-a5"},
			want:   summary{Accepted, "4.2.13", "2... e7-f6 3. b2-c3 3... b6-a5 4. c3-b4", 0, Time{3, 4}, Black},
		},
		{
			// 4.2.13: accepted up to the first changed move (3... f6-e5 instead of b6-a5).
			name:   "variant accepted in part",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4"}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... e7-f6 3... f6-e5"},
			want:   summary{Accepted, "4.2.13", "2... e7-f6 3. b2-c3 3... f6-e5", 0, Time{3, 4}, White},
		},
		{
			// 4.2.13: the same by saying so, "up to move 3".
			name:   "variant accepted by saying so",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4"}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nПринимаю вариант А до 3-го хода.\nМой ход: 3... f6-e5"},
			want:   summary{Accepted, "4.2.13", "2... e7-f6 3. b2-c3 3... f6-e5", 0, Time{3, 4}, White},
		},
		{
			// The partner played something else: the variant no longer applies.
			name:   "variant discarded",
			before: append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3"}),
			letter: testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g7-f6"},
			want:   summary{Accepted, "", "2... g7-f6", 0, Time{3, 4}, White},
		},
		{
			// 4.2.12: c3-c5 is impossible: the variant is cut before it, no penalty.
			name:   "variant cut",
			before: opening,
			letter: testLetter{ivanov, "2026-11-06 09:00", white2 + "Если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-c5"},
			want:   summary{Accepted, "4.2.12", "2. g3-h4", 0, Time{3, 2}, Black},
		},
		{
			// A draw offered with a move and accepted.
			name: "draw agreed",
			before: append(opening[:2:2],
				testLetter{ivanov, "2026-11-06 09:00", white2 + "Предлагаю ничью."}),
			letter: testLetter{petrov, "2026-11-07 09:00", "Ваш ход 2. g3-h4 получил.\nСогласен на ничью."},
			want:   summary{Notice, "", "", 0, Time{3, 2}, ""},
		},
		{
			name:   "resignation",
			before: opening,
			letter: testLetter{ivanov, "2026-11-06 09:00", "Сдаюсь."},
			want:   summary{Notice, "", "", 0, Time{0, 2}, ""},
		},
		{
			// An invalid draw claim is answered and the written move played (1.13.2 note б).
			name:   "invalid draw claim",
			before: opening,
			letter: testLetter{ivanov, "2026-11-06 09:00", "Требую ничью (троекратное повторение).\n" + white2},
			want:   summary{Accepted, "", "2. g3-h4", 0, Time{3, 2}, Black},
		},
		{
			// A protest goes to the judge (4.1.12); nothing moves.
			name:   "protest",
			before: opening,
			letter: testLetter{petrov, "2026-11-04 09:00", "Протест: партнёр повторил ход неверно."},
			want:   summary{Notice, "4.1.12", "", 0, Time{0, 2}, White},
		},
		{
			// Leave announced in advance: granted (leave_days), the clock stops on those days.
			name:   "leave",
			before: opening,
			letter: testLetter{ivanov, "2026-11-04 09:00", "Прошу отпуск с 10.11.2026 по 19.11.2026."},
			want:   summary{Notice, "4.1.3", "", 0, Time{0, 2}, White},
		},
		{
			// Not on move: the letter changes nothing.
			name:   "not your turn",
			before: opening[:1],
			letter: testLetter{ivanov, "2026-11-02 09:00", "Мой ход: 2. g3-h4"},
			want:   summary{Notice, "", "", 0, Time{0, 0}, Black},
		},
		{
			// A letter from someone who is not a player of the game is about no game: it moves
			// nothing and there is nothing to record.
			name:   "stranger",
			letter: testLetter{Player{Email: "x@else.example"}, "2026-11-01 10:00", "Мой ход: 1. c3-d4"},
			want:   summary{Ignored, "", "", 0, Time{0, 0}, ""},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.variant
			if v == "" {
				v = "russian"
			}
			g := after(t, v, tc.before...)
			d := send(t, g, tc.letter, DefaultRegulation())
			if diff := cmp.Diff(tc.want, sum(d)); diff != "" {
				t.Errorf("decision (-want +got):\n%s\nnotes: %q\nviolations: %+v", diff, d.Notes, d.Violations)
			}
		})
	}
}

// TestLeaveLetter: White, on move since 11-03, takes 11-10..11-19 off and answers on 11-30:
// 27 days less 10 of leave = 17.
func TestLeaveLetter(t *testing.T) {
	g := after(t, "russian", append(opening[:2:2], testLetter{ivanov, "2026-11-04 09:00", "Прошу отпуск с 10.11.2026 по 19.11.2026."})...)
	d := send(t, g, testLetter{ivanov, "2026-11-30 09:00", white2}, DefaultRegulation())
	if d.Time.White != 17 {
		t.Errorf("White charged %d days, want 17", d.Time.White)
	}
	d = send(t, g, testLetter{ivanov, "2026-11-05 09:00", "Прошу отпуск с 10.11.2026 по 30.12.2026."}, DefaultRegulation())
	if len(d.Game.WhiteClock.Leaves) != 1 {
		t.Errorf("a leave over the 30-day allowance was granted: %v", d.Game.WhiteClock.Leaves)
	}
}

func TestResults(t *testing.T) {
	g := after(t, "russian", append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Предлагаю ничью."},
		testLetter{petrov, "2026-11-07 09:00", "Ваш ход 2. g3-h4 получил.\nСогласен на ничью."})...)
	if g.Result != ResultDraw || g.Status != StatusFinished {
		t.Errorf("draw agreed: result %s status %s", g.Result, g.Status)
	}
	g = after(t, "russian", append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Предлагаю ничью."},
		testLetter{petrov, "2026-11-07 09:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g7-f6"})...)
	if g.DrawOffer != "" || g.Status != StatusPlaying {
		t.Errorf("offer answered by a move (1.13.3): offer %q status %s", g.DrawOffer, g.Status)
	}
	g = after(t, "russian", append(opening[:2:2], testLetter{petrov, "2026-11-07 09:00", "Сдаюсь."})...)
	if g.Result != ResultWhite {
		t.Errorf("Black resigns: result %s, want 1-0", g.Result)
	}
}

// TestEndDate: a move received on the end date or later freezes the game (4.3.2): only a draw
// acceptance or a resignation is taken.
func TestEndDate(t *testing.T) {
	g := testGame("russian")
	g.Table.End = day("2026-11-03")
	for _, d := range playAll(t, g, DefaultRegulation(), opening...) {
		g.Game = d.Game
	}
	if g.Status != StatusAdjudication {
		t.Fatalf("after a move received on the end date: status %s, want adjudication", g.Status)
	}
	d := send(t, g, testLetter{ivanov, "2026-11-04 10:00", white2}, DefaultRegulation())
	if got := sum(d); got != (summary{Notice, "4.3.2", "", 0, Time{0, 2}, ""}) {
		t.Errorf("move after the end date: %+v", got)
	}
	d = send(t, g, testLetter{ivanov, "2026-11-04 10:00", "Сдаюсь."}, DefaultRegulation())
	if d.Game.Result != ResultBlack {
		t.Errorf("resignation after the end date: result %s, want 0-1", d.Game.Result)
	}
}

// TestTick: White, on move since 11-03 with 0 days, has 50 days for move 10: his last day is
// 12-23. After 30 days of silence (12-03) the judge is told; reminders come 7 and 1 days before
// the last day (12-16, 12-22); on 12-24 the overstep is certain.
func TestTick(t *testing.T) {
	g := after(t, "russian", opening...)
	reg := DefaultRegulation()
	at, ok := nextEvent(under(g, reg))
	if want := time.Date(2026, 12, 3, 0, 0, 0, 0, moscow); !ok || !at.Equal(want) {
		t.Fatalf("NextEvent = %v %v, want %v", at, ok, want)
	}
	d := Tick(under(g, reg), time.Date(2026, 12, 2, 12, 0, 0, 0, moscow))
	if d.Verdict != "" || len(d.Letters) != 0 {
		t.Errorf("tick before anything is due: %s, %d letters", d.Verdict, len(d.Letters))
	}
	d = Tick(under(g, reg), at)
	if len(d.Letters) != 1 || d.Letters[0].Role != ToJudge {
		t.Fatalf("silence report on 12-03: %+v", d.Letters)
	}
	g.Game = d.Game
	at, _ = nextEvent(under(g, reg))
	if want := time.Date(2026, 12, 16, 0, 0, 0, 0, moscow); !at.Equal(want) {
		t.Fatalf("NextEvent after the silence report = %v, want %v", at, want)
	}
	d = Tick(under(g, reg), at)
	if len(d.Letters) != 1 || d.Letters[0].Role != ToWhite || !strings.Contains(d.Letters[0].Body, "23.12.2026") {
		t.Fatalf("reminder on 12-16: %+v", d.Letters)
	}
	g.Game = d.Game
	if d := Tick(under(g, reg), at.Add(time.Hour)); len(d.Letters) != 0 {
		t.Errorf("the same reminder again: %d letters", len(d.Letters))
	}
	at, _ = nextEvent(under(g, reg))
	if want := time.Date(2026, 12, 22, 0, 0, 0, 0, moscow); !at.Equal(want) {
		t.Errorf("next event after the first reminder = %v, want %v", at, want)
	}
	d = Tick(under(g, reg), time.Date(2026, 12, 24, 0, 0, 0, 0, moscow))
	if !cmp.Equal(d.Clauses, []string{"4.3.1"}) {
		t.Errorf("overstep clauses %v, want [4.3.1]", d.Clauses)
	}
	roles := map[Role]bool{}
	for _, l := range d.Letters {
		roles[l.Role] = true
	}
	if !roles[ToWhite] || !roles[ToBlack] || !roles[ToJudge] {
		t.Errorf("overstep letters to %v, want white, black and judge", roles)
	}
	if d.Game.Status != StatusPlaying {
		t.Errorf("overstep under the judge policy: status %s, want playing until the judge rules", d.Game.Status)
	}
	reg.Overstep = OverstepForfeit
	d = Tick(under(g, reg), time.Date(2026, 12, 24, 0, 0, 0, 0, moscow))
	if d.Game.Result != ResultBlack {
		t.Errorf("overstep under the forfeit policy: result %s, want 0-1", d.Game.Result)
	}
	if _, ok := nextEvent(under(g.with(d.Game), reg)); ok {
		t.Errorf("NextEvent of a finished game reports an event")
	}
}

func TestGameJSONRoundTrip(t *testing.T) {
	g := after(t, "russian", append(opening[:2:2],
		testLetter{ivanov, "2026-11-05 09:00", "Мой ход: 2. gh4"},
		testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4\nПредлагаю ничью."})...)
	b, err := json.Marshal(g.Game)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(g.Game, back); diff != "" {
		t.Errorf("JSON round trip (-before +after):\n%s", diff)
	}
	if len(back.Variants) != 1 || back.DrawOffer != White || back.WhiteClock.Penalty != 6 {
		t.Errorf("round trip lost state: variants %v, offer %q, penalty %d", back.Variants, back.DrawOffer, back.WhiteClock.Penalty)
	}
}

// TestApplyDoesNotChangeInput: a decision shares nothing with the game it was given.
func TestApplyDoesNotChangeInput(t *testing.T) {
	g := after(t, "russian", opening...)
	before, _ := json.Marshal(g.Game)
	send(t, g, testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3"}, DefaultRegulation())
	send(t, g, testLetter{ivanov, "2026-11-06 09:00", "Мой ход: 2. gh4"}, DefaultRegulation())
	after, _ := json.Marshal(g.Game)
	if string(before) != string(after) {
		t.Errorf("Apply changed its input game")
	}
}

// TestWhyImpossible: a stopped letter says why its move is impossible, with the squares as the
// player wrote them (4.2.10): an occupied square, an empty one, the partner's piece, a capture
// that is compulsory (with the captures), a capture where there is none. Its picture marks the
// partner's move the letter answers.
func TestWhyImpossible(t *testing.T) {
	// After 1. a3-b4 b6-c5 2. b2-a3 c5-d4 White must capture, c3:e5 or e3:c5.
	capture := []testLetter{{ivanov, "2026-11-01 10:00", "Мой ход: 1. a3-b4"},
		{petrov, "2026-11-02 10:00", "Ваш ход 1. a3-b4 получил.\nМой ход: 1... b6-c5"},
		{ivanov, "2026-11-03 10:00", "Ваш ход 1... b6-c5 получил.\nМой ход: 2. b2-a3"},
		{petrov, "2026-11-04 10:00", "Ваш ход 2. b2-a3 получил.\nМой ход: 2... c5-d4"}}
	for _, tc := range []struct {
		name   string
		before []testLetter
		move   string
		want   string
	}{
		{"onto a piece", opening[:2], "2. c1-d2", "поле d2 занято"},
		{"from an empty square", opening[:2], "2. c3-b4", "на поле c3 нет шашки"},
		{"the partner's piece", opening[:2], "2. g5-h4", "на поле g5 шашка партнёра"},
		{"a capture where there is none", opening[:2], "2. d4:f6", "в этой позиции взятия нет"},
		{"a quiet move where capturing is compulsory", capture, "3. g3-h4", "взятие обязательно: c3:e5, e3:c5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := after(t, "russian", tc.before...)
			owed := g.Plies[len(g.Plies)-1]
			body := fmt.Sprintf("Ваш ход %s получил.\nМой ход: %s", numbered(len(g.Plies)-1, owed.Text), tc.move)
			d := send(t, g, testLetter{ivanov, "2026-11-07 10:00", body}, DefaultRegulation())
			if d.Verdict != Rejected || len(d.Violations) != 1 || !strings.Contains(d.Violations[0].What, tc.want) {
				t.Fatalf("%s: %s %+v; want a stop saying %q", tc.move, d.Verdict, d.Violations, tc.want)
			}
			r := letterTo(t, d, ToWhite)
			if !strings.Contains(r.Body, tc.want) {
				t.Errorf("the stop letter does not say %q:\n%s", tc.want, r.Body)
			}
			if r.Picture == nil || r.Picture.Last == nil {
				t.Fatalf("the stop letter's picture marks no move")
			}
			b, _ := newBoard("russian", "")
			_ = b.replay(g.Plies[:len(g.Plies)-1])
			if got := b.format(*r.Picture.Last); got != owed.Text {
				t.Errorf("the picture marks %s, want the partner's move %s", got, owed.Text)
			}
		})
	}
}
