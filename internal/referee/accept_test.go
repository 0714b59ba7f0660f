package referee

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// White opens with 1. c3-d4 on the start date and proposes variant A to Black:
// 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3. Black answers on 2026-11-03 (2 days).
var proposal = testLetter{ivanov, "2026-11-01 10:00",
	"Мой ход: 1. c3-d4\nВариант А: если 1... f6-g5, то 2. g3-h4 2... g7-f6 3. b2-c3"}

// A letter's verdict and what it leaves on the board, for the acceptance cases.
type acceptCase struct {
	name   string
	before []testLetter
	letter testLetter
	want   summary
	board  string // every ply of the game after the letter
	faults int    // violations the stop names
}

func runAcceptCases(t *testing.T, cases []acceptCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := after(t, "russian", tc.before...)
			d := send(t, g, tc.letter, DefaultRegulation())
			if diff := cmp.Diff(tc.want, sum(d)); diff != "" {
				t.Errorf("decision (-want +got):\n%s\nnotes: %q\nviolations: %v", diff, d.Notes, d.Violations)
			}
			if got := strings.Join(d.Game.MoveList(), " "); got != tc.board {
				t.Errorf("board:\n got %s\nwant %s", got, tc.board)
			}
			if len(d.Violations) != tc.faults {
				t.Errorf("%d violations, want %d: %v", len(d.Violations), tc.faults, d.Violations)
			}
		})
	}
}

// TestAcceptWritten checks every form in which a variant is accepted in writing (4.2.13): the
// accepted moves are the variant's, never the repetition of the partner's moves; the declined
// move after «вместо» is never played; N is the number of the first changed move.
func TestAcceptWritten(t *testing.T) {
	const whole = "1. c3-d4 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3"
	const part = "1. c3-d4 1... f6-g5 2. g3-h4"
	pre := []testLetter{proposal}
	at := "2026-11-03 20:00"
	// The accepted part and the changed move cost Black the 2 days of one letter; White's
	// variant moves cost White nothing (4.2.13).
	runAcceptCases(t, []acceptCase{
		{name: "whole variant written out, then my move", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А: 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3\nМой ход: 3... b6-a5"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White}, board: whole + " 3... b6-a5"},
		{name: "ваш вариант принимаю", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю: 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3\nМой ход: 3... b6-a5"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White}, board: whole + " 3... b6-a5"},
		{name: "up to move 2, instead of", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода: 1... f6-g5 2. g3-h4. Вместо 2... g7-f6 играю 2... e7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}, board: part + " 2... e7-f6"},
		{name: "partly, а вместо", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю частично: 1... f6-g5 2. g3-h4, а вместо 2... g7-f6 играю 2... e7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}, board: part + " 2... e7-f6"},
		{name: "english, up to move 2", before: pre, letter: testLetter{petrov, at,
			"Received your 1. c3-d4.\nI accept your variant up to move 2: 1... f6-g5 2. g3-h4. Instead of 2... g7-f6 I play 2... e7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}, board: part + " 2... e7-f6"},
		{name: "english, whole, my move", before: pre, letter: testLetter{petrov, at,
			"Your move 1. c3-d4 received.\nI accept variant A.\nMy move: 3... b6-a5"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White}, board: whole + " 3... b6-a5"},
		{name: "up to move 2, no moves written, my move numbered", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода.\nМой ход: 2... e7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}, board: part + " 2... e7-f6"},
		{name: "the number of my move says where the variant changes", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А.\nМой ход: 2... e7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}, board: part + " 2... e7-f6"},
		{name: "whole variant, no move: the turn is back", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А."},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3", 0, Time{0, 2}, Black}, board: whole},
		{name: "accepted move of the proposer written otherwise: 4.2.9", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А: 1... f6-g5 2. g3-f4 2... g7-f6 3. b2-c3\nМой ход: 3... b6-a5"},
			want: summary{Rejected, "4.2.9,4.2.11", "", 6, Time{0, 6}, Black}, board: "1. c3-d4", faults: 1},
		{name: "a variant not proposed: 4.2.5, no penalty", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант Б до 2-го хода.\nМой ход: 2... e7-f6"},
			want: summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
		{name: "N and the declined move disagree: 4.2.5", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 3-го хода. Вместо 2... g7-f6 играю 2... e7-f6"},
			want: summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
		{name: "changed move impossible: the accepted part stays (4.2.8, 4.2.13)", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода: 1... f6-g5 2. g3-h4. Вместо 2... g7-f6 играю 2... b6-c4"},
			want: summary{Rejected, "4.2.10,4.2.11,4.2.13", "1... f6-g5 2. g3-h4", 6, Time{0, 6}, Black}, board: part, faults: 1},
		{name: "the changed move is never substituted", before: pre, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода. Вместо 2... g7-f6 играю 2... g7-e5"},
			want: summary{Rejected, "4.2.10,4.2.11,4.2.13", "1... f6-g5 2. g3-h4", 6, Time{0, 6}, Black}, board: part, faults: 1},
	})
}

// TestAcceptStoppedThenResent: the accepted part made by a stopped letter stands, and the
// corrected letter, written again with the acceptance, plays the changed move.
func TestAcceptStoppedThenResent(t *testing.T) {
	stopped := testLetter{petrov, "2026-11-03 20:00",
		"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода: 1... f6-g5 2. g3-h4. Вместо 2... g7-f6 играю 2... b6-c4"}
	for _, resent := range []struct{ body, clauses string }{
		{"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода: 1... f6-g5 2. g3-h4. Вместо 2... g7-f6 играю 2... e7-f6", "4.2.13"},
		{"Принимаю вариант А до 2-го хода. Вместо 2... g7-f6 играю 2... e7-f6", "4.2.13"},
		{"Мой ход: 2... e7-f6", ""},
	} {
		t.Run(resent.body, func(t *testing.T) {
			// 4 thinking days from 11-01 to the corrected letter on 11-05, + 6 for the stop.
			runAcceptCases(t, []acceptCase{{name: "resent", before: []testLetter{proposal, stopped},
				letter: testLetter{petrov, "2026-11-05 09:00", resent.body},
				want:   summary{Accepted, resent.clauses, "2... e7-f6", 0, Time{0, 10}, White}, board: "1. c3-d4 1... f6-g5 2. g3-h4 2... e7-f6"}})
		})
	}
}

// TestAcceptedNeverRenumbered is the letter that once became a move its writer never wrote: an
// acceptance up to move 9 and the changed move 9... must play 8... f6-e5 9. f4:b8 9... e7-f6.
func TestAcceptedNeverRenumbered(t *testing.T) {
	// Worked in the game of scenario "variants" style: build the position by letters and let
	// White propose 8... f6-e5 9. f4:b8 9... e7-d6 10. b8:f4 — here in a shorter form: the
	// same shape of acceptance on move 2 with a numbered own move and a stated N.
	pre := []testLetter{proposal}
	runAcceptCases(t, []acceptCase{{name: "until 2, my move 2...", before: pre,
		letter: testLetter{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода.\nМой ход: 2... e7-f6"},
		want:   summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White},
		board:  "1. c3-d4 1... f6-g5 2. g3-h4 2... e7-f6"},
		{name: "my move numbered for another ply: 4.2.5, not renumbered", before: pre,
			letter: testLetter{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода.\nМой ход: 3... e7-f6"},
			want:   summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
	})
}

// TestNoMoveNoPenalty: a letter with no move from the player on move is answered once a day and
// costs nothing; 4.2.9 applies to letters that carry moves. A question is answered every time
// (TestQuestions), and counts for no day's answer.
func TestNoMoveNoPenalty(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	for i, body := range []string{"Спасибо за интересную партию!\nИван", "Когда мой контрольный срок?",
		"I am out of the office until Monday.", "Ваш ход 1. c3-d4 получил."} {
		d := send(t, g, testLetter{petrov, "2026-11-03 2" + string(rune('0'+i)) + ":00", body}, DefaultRegulation())
		want := summary{Notice, "", "", 0, Time{0, 0}, Black}
		if diff := cmp.Diff(want, sum(d)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", body, diff)
		}
		if n := len(d.Letters); (i <= 1) != (n == 1) {
			t.Errorf("%q: %d letters; want one answer a day, and the question answered", body, n)
		}
		g.Game = d.Game
	}
	if g.BlackClock.Since != day("2026-11-01") {
		t.Errorf("Black's clock runs since %s, want 2026-11-01", g.BlackClock.Since)
	}
	// The last letter repeated 1. c3-d4: the next one need not.
	d := send(t, g, testLetter{petrov, "2026-11-04 10:00", "Мой ход: 1... f6-g5"}, DefaultRegulation())
	if want := (summary{Accepted, "", "1... f6-g5", 0, Time{0, 3}, White}); !cmp.Equal(want, sum(d)) {
		t.Errorf("after the repetition was given: %+v, want %+v (%v)", sum(d), want, d.Violations)
	}
}

// TestEveryFaultInOneStop: a letter without the repetition and with an abbreviated move is
// stopped once, for both, with one penalty (4.2.11).
func TestEveryFaultInOneStop(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	d := send(t, g, testLetter{petrov, "2026-11-03 20:00", "Мой ход: 1... fg5"}, DefaultRegulation())
	if want := (summary{Rejected, "4.2.2,4.2.9,4.2.10,4.2.11", "", 6, Time{0, 6}, Black}); !cmp.Equal(want, sum(d)) {
		t.Errorf("got %+v, want %+v", sum(d), want)
	}
	if len(d.Violations) != 2 {
		t.Fatalf("violations %v, want the repetition and the move", d.Violations)
	}
	// Corrected: 4 days from 11-01 to 11-05 + 6.
	d = send(t, g.with(d.Game), testLetter{petrov, "2026-11-05 20:00", "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5"}, DefaultRegulation())
	if want := (summary{Accepted, "", "1... f6-g5", 0, Time{0, 10}, White}); !cmp.Equal(want, sum(d)) {
		t.Errorf("corrected: %+v, want %+v", sum(d), want)
	}
}

// TestRepetitionCreditedOffTurn: a repetition given in a letter decided as a notice is owed no
// more (4.2.9: what the partner sent that the player has not repeated in any letter).
func TestRepetitionCreditedOffTurn(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	g.BlackOwes = []int{0}
	// Black writes while White is on move (say after postald played his forced reply): a notice.
	g.Plies = append(g.Plies, Ply{Text: "f6-g5", By: ByPostald})
	g.Position = ""
	d := send(t, g, testLetter{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-d4 получил.\n1... f6-g5"}, DefaultRegulation())
	if d.Verdict != Notice {
		t.Fatalf("verdict %s, want notice", d.Verdict)
	}
	if len(d.Game.BlackOwes) != 0 {
		t.Errorf("Black still owes %v after repeating it", d.Game.BlackOwes)
	}
}

// TestInvisibleCharacters: direction marks and no-break spaces inside a move are not faults.
func TestInvisibleCharacters(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	for _, body := range []string{
		"Ваш ход 1. c3\u200e-d4 получил.\nМой ход: 1... f6\u200f-g5",
		"\u202bВаш ход 1. c3-d4 получил.\u202c\nМой ход: 1...\u00a0f6\u00a0-\u00a0g5",
		"Ваш ход 1. c3\u2060-\u2060d4 получил.\nМой ход: 1... f6-g5\nВремя: 0\u202f/\u202f2",
	} {
		d := send(t, g, testLetter{petrov, "2026-11-03 20:00", body}, DefaultRegulation())
		if want := (summary{Accepted, "", "1... f6-g5", 0, Time{0, 2}, White}); !cmp.Equal(want, sum(d)) {
			t.Errorf("%q: %+v, want %+v (%v)", body, sum(d), want, d.Violations)
		}
	}
}

// TestNoMoveOffTurn: the out-of-office answer of the player who has just moved, to postald's
// acknowledgement, is answered once a day; a resent move is answered every time.
func TestNoMoveOffTurn(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	for i, tc := range []struct {
		body    string
		letters int
	}{
		{"I am out of the office until Monday.", 1},
		{"I am out of the office until Monday.", 0},
		{"Мой ход: 1. c3-d4", 1},
		{"Мой ход: 1. c3-d4", 1},
	} {
		d := send(t, g, testLetter{ivanov, "2026-11-01 1" + string(rune('1'+i)) + ":00", tc.body}, DefaultRegulation())
		if d.Verdict != Notice || d.PenaltyDays != 0 || len(d.Letters) != tc.letters {
			t.Errorf("letter %d %q: %s, %d penalty days, %d letters; want a notice, no penalty, %d letters",
				i+1, tc.body, d.Verdict, d.PenaltyDays, len(d.Letters), tc.letters)
		}
		g.Game = d.Game
	}
}

// TestForwardBounded: the partner's copy of a long letter carries its text up to a bound and
// says that it was cut; the moves are in postald's block all the same.
func TestForwardBounded(t *testing.T) {
	g := after(t, "russian", opening[:1]...)
	long := "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\n\n" + strings.Repeat("Длинное письмо о погоде и о жизни.\n", 60000)
	d := send(t, g, testLetter{petrov, "2026-11-03 20:00", long}, DefaultRegulation())
	if d.Verdict != Accepted {
		t.Fatalf("verdict %s", d.Verdict)
	}
	for _, l := range d.Letters {
		if l.Kind != KindForward {
			continue
		}
		if len(l.Body) > MaxForwardText+4096 {
			t.Errorf("forwarded copy of %d bytes, want at most about %d", len(l.Body), MaxForwardText)
		}
		if !strings.Contains(l.Body, "письмо сокращено") || !strings.Contains(l.Body, "Ходы: 1... f6-g5") {
			t.Errorf("the cut copy does not say it was cut or lacks the moves:\n%s", l.Body[len(l.Body)-1500:])
		}
		return
	}
	t.Fatal("no forwarded letter")
}

// TestAcceptNamedByItsMoves: of two variants that begin with the same move (the proposer answers
// it two ways), an acceptance without a label names the one whose moves it writes (4.2.13); one
// that writes only their common first move does not tell them apart, and is stopped under 4.2.5
// without penalty, as before.
func TestAcceptNamedByItsMoves(t *testing.T) {
	two := testLetter{ivanov, "2026-11-01 10:00",
		"Мой ход: 1. c3-d4\nВариант А: если 1... f6-g5, то 2. g3-h4\nВариант Б: если 1... f6-g5, то 2. d4-c5"}
	at := "2026-11-03 20:00"
	runAcceptCases(t, []acceptCase{
		{name: "the second variant's moves", before: []testLetter{two}, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю: 1... f6-g5 2. d4-c5\nМой ход: 2... b6:d4"},
			// White's reply is forced (4.2.4): postald plays it, and Black is on move again.
			want: summary{Accepted, "4.2.4,4.2.13", "1... f6-g5 2. d4-c5 2... b6:d4 3. e3:c5", 0, Time{0, 2}, Black}, board: "1. c3-d4 1... f6-g5 2. d4-c5 2... b6:d4 3. e3:c5"},
		{name: "the first variant's moves", before: []testLetter{two}, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю: 1... f6-g5 2. g3-h4\nМой ход: 2... g7-f6"},
			want: summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6", 0, Time{0, 2}, White}, board: "1. c3-d4 1... f6-g5 2. g3-h4 2... g7-f6"},
		{name: "only the common first move: 4.2.5, no penalty", before: []testLetter{two}, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю: 1... f6-g5"},
			want: summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
	})
}

// TestAcceptByLabelAsPlayersWrite: a variant is accepted by the label players use — «вариант
// А», «вариант 1», «первый вариант», «ваш вариант» name the only variant on the table, labelled
// or not; of several unlabelled variants their order names them (А, 1, «первый» the first);
// an acceptance is stopped under 4.2.5 only where a judge could not tell which line it means.
func TestAcceptByLabelAsPlayersWrite(t *testing.T) {
	const whole = "1. c3-d4 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3"
	const part = "1. c3-d4 1... f6-g5 2. g3-h4"
	at := "2026-11-03 20:00"
	unlabelled := []testLetter{{ivanov, "2026-11-01 10:00",
		"Мой ход: 1. c3-d4\nНа 1... f6-g5 предлагаю 2. g3-h4 2... g7-f6 3. b2-c3"}}
	ifThen := []testLetter{{ivanov, "2026-11-01 10:00",
		"Мой ход: 1. c3-d4\nЕсли 1... f6-g5, то 2. g3-h4 2... g7-f6 3. b2-c3"}}
	labelledB := []testLetter{{ivanov, "2026-11-01 10:00",
		"Мой ход: 1. c3-d4\nВариант Б: если 1... f6-g5, то 2. g3-h4 2... g7-f6 3. b2-c3"}}
	two := []testLetter{{ivanov, "2026-11-01 10:00",
		"Мой ход: 1. c3-d4\nЕсли 1... f6-g5, то 2. g3-h4 2... g7-f6 3. b2-c3\nЕсли 1... f6-e5, то 2. d4:f6 2... g7:e5 3. b2-c3"}}
	accepted := summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White}
	partial := summary{Accepted, "4.2.13", "1... f6-g5 2. g3-h4 2... e7-f6", 0, Time{0, 2}, White}
	runAcceptCases(t, []acceptCase{
		{name: "вариант А of the only, unlabelled", before: unlabelled, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А.\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "вариант А of «Если …, то …», the moves written out", before: ifThen, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А: 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "вариант А up to a move", before: ifThen, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А до 2-го хода.\nМой ход: 2... e7-f6"},
			want: partial, board: part + " 2... e7-f6"},
		{name: "вариант 1", before: unlabelled, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант 1.\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "первый вариант", before: ifThen, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю первый вариант.\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "ваш вариант", before: ifThen, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю.\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "variant A in English", before: ifThen, letter: testLetter{petrov, at,
			"Received your 1. c3-d4.\nI accept variant A.\nMy move: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "вариант А of the only variant, labelled Б", before: labelledB, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант А.\nМой ход: 3... b6-a5"},
			want: accepted, board: whole + " 3... b6-a5"},
		{name: "вариант Б of two unlabelled: the second", before: two, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант Б.\nМой ход: 3... b6-a5"},
			want:  summary{Accepted, "4.2.13", "1... f6-e5 2. d4:f6 2... g7:e5 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White},
			board: "1. c3-d4 1... f6-e5 2. d4:f6 2... g7:e5 3. b2-c3 3... b6-a5"},
		{name: "второй вариант of two unlabelled", before: two, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю второй вариант.\nМой ход: 3... b6-a5"},
			want:  summary{Accepted, "4.2.13", "1... f6-e5 2. d4:f6 2... g7:e5 3. b2-c3 3... b6-a5", 0, Time{0, 2}, White},
			board: "1. c3-d4 1... f6-e5 2. d4:f6 2... g7:e5 3. b2-c3 3... b6-a5"},
		{name: "ваш вариант of two, no moves: a judge cannot tell (4.2.5)", before: two, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nВаш вариант принимаю."},
			want: summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
		{name: "вариант В of two: no such line (4.2.5)", before: two, letter: testLetter{petrov, at,
			"Ваш ход 1. c3-d4 получил.\nПринимаю вариант В.\nМой ход: 3... b6-a5"},
			want: summary{Rejected, "4.2.5", "", 0, Time{0, 0}, Black}, board: "1. c3-d4", faults: 1},
	})
}
