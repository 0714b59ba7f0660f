package referee

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"postald/internal/daysclock"
)

func TestRule(t *testing.T) {
	g := after(t, "russian", opening...)
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
	reg := DefaultRegulation()
	tests := []struct {
		name   string
		r      Ruling
		result Result
		time   Time
		err    bool
	}{
		{"penalty", Ruling{Kind: RulePenalty, Side: Black, Days: 6, Clause: "4.2.6", Reason: "a comment on the game", At: at}, ResultNone, Time{0, 8}, false},
		{"penalty removed", Ruling{Kind: RulePenalty, Side: Black, Days: -1, Clause: "4.2.11", Reason: "x", At: at}, "", Time{}, true},
		{"forfeit", Ruling{Kind: RuleForfeit, Side: White, Clause: "4.3.1", Reason: "overstep confirmed", At: at}, ResultBlack, Time{0, 2}, false},
		{"adjudicate", Ruling{Kind: RuleAdjudicate, Result: ResultDraw, Clause: "4.3.2", Reason: "equal position", At: at}, ResultDraw, Time{0, 2}, false},
		{"adjudicate with a bad result", Ruling{Kind: RuleAdjudicate, Result: "2-0", Clause: "4.3.2", At: at}, "", Time{}, true},
		{"correct a date", Ruling{Kind: RuleCorrect, Side: Black, Days: 1, Clause: "4.3.1", Reason: "postmark", At: at}, ResultNone, Time{0, 3}, false},
		{"leave", Ruling{Kind: RuleLeave, Side: White, Leave: daysclock.Leave{From: day("2026-11-20"), To: day("2026-11-29")}, Clause: "leave_days", Reason: "holiday", At: at}, ResultNone, Time{0, 2}, false},
		{"no clause", Ruling{Kind: RuleForfeit, Side: White, At: at}, "", Time{}, true},
		{"unknown", Ruling{Kind: "annul-everything", Side: White, Clause: "4.1.7", At: at}, "", Time{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Rule(under(g, reg), tc.r)
			if tc.err {
				if !errors.Is(err, ErrRuling) {
					t.Fatalf("Rule = %v, want an ErrRuling", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Verdict != Ruled || d.Game.Result != tc.result || d.Time != tc.time {
				t.Errorf("Rule: verdict %s result %s time %s, want ruling %s %s", d.Verdict, d.Game.Result, d.Time, tc.result, tc.time)
			}
			if len(d.Letters) != 3 {
				t.Errorf("Rule sent %d letters, want 3 (both players and the judge)", len(d.Letters))
			}
			// 4.1.10: every ruling letter names the clause in its text, and the reason.
			for _, l := range d.Letters {
				if !strings.Contains(l.Body, "Пункт правил: "+tc.r.Clause+".") || !strings.Contains(l.Body, tc.r.Reason) {
					t.Errorf("the ruling to %s does not state clause %s and reason %q:\n%s", l.Role, tc.r.Clause, tc.r.Reason, l.Body)
				}
			}
		})
	}
	// A leave stops the clock: White on move since 11-03 answers on 12-03 after ten days of leave.
	d, err := Rule(under(g, reg), tests[6].r)
	if err != nil {
		t.Fatal(err)
	}
	d = send(t, g.with(d.Game), testLetter{ivanov, "2026-12-03 10:00", white2}, reg)
	if d.Time.White != 20 {
		t.Errorf("30 days with 10 days of leave charged %d, want 20", d.Time.White)
	}
}

// A revert puts back the game the store held before a letter: every field as it was, the
// history with the ruling after it; the three letters say what stands again.
func TestRuleRevert(t *testing.T) {
	reg := DefaultRegulation()
	// White moves 2. g3-h4 with a variant and a draw offer: Black is on move, with both standing.
	before := after(t, "russian", append(opening[:2:2], testLetter{ivanov, "2026-11-05 10:00",
		"Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\nЕсли 2... g7-f6, то 3. b2-c3\nПредлагаю ничью."})...)
	if before.DrawOffer != White || len(before.Variants) != 1 || before.ToMove() != Black {
		t.Fatalf("before: draw offer %q, variants %v, %s to move; want White's offer and variant, Black to move", before.DrawOffer, before.Variants, before.ToMove())
	}
	keep := before.clone()
	// A forged resignation in Black's name ends the game.
	forged := send(t, before, testLetter{petrov, "2026-11-07 09:00", "Я сдаюсь."}, reg)
	const forgedID = "20261107-0900.petrov@mail.example" // as send names it
	if forged.Game.Status != StatusFinished || forged.Game.Result != ResultWhite {
		t.Fatalf("the forged resignation: %s %s", forged.Game.Status, forged.Game.Result)
	}
	at := time.Date(2026, 11, 9, 12, 0, 0, 0, moscow)
	received := time.Date(2026, 11, 7, 9, 0, 0, 0, moscow)
	r := Ruling{Kind: RuleRevert, Before: &before.Game, Letter: 9, LetterID: forgedID, LetterTime: received, Upto: 11,
		Clause: "4.1.7", Reason: "the resignation was not written by Petrov", At: at}
	d, err := Rule(before.with(forged.Game), r)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Game
	if n := len(got.History); n != len(before.History)+1 || got.History[n-1].Verdict != Ruled ||
		got.History[n-1].Clauses[0] != "4.1.7" || got.History[n-1].Date != day("2026-11-09") {
		t.Fatalf("history after the revert: %+v, want the history before the letter and the ruling", got.History)
	}
	got.History = got.History[:len(got.History)-1]
	if diff := cmp.Diff(before.Game, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("the game after the revert differs from the game before the letter (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(keep, before.Game, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Rule changed the state it restored from:\n%s", diff)
	}
	if d.Verdict != Ruled || d.ToMove != Black || d.Time != before.Time() || len(d.Letters) != 3 {
		t.Errorf("decision: %s, %s to move, time %s, %d letters; want a ruling, Black to move, %s, 3 letters", d.Verdict, d.ToMove, d.Time, len(d.Letters), before.Time())
	}
	for _, l := range d.Letters {
		// The letter undone is named as its reader knows it: whose it was and when it came,
		// never by its Message-ID; the variant that stands again with its move numbers.
		for _, want := range []string{"до письма (чёрные, Петров Пётр), полученного 07.11.2026 09:00", r.Reason, "1. c3-d4 1... f6-g5 2. g3-h4",
			"Очередь хода: чёрные", "предложение ничьей (белые", "2... g7-f6 3. b2-c3"} {
			if !strings.Contains(l.Body, want) {
				t.Errorf("the ruling to %s does not say %q:\n%s", l.Role, want, l.Body)
			}
		}
		if strings.Contains(l.Body, forgedID) {
			t.Errorf("the ruling to %s names the letter by its Message-ID:\n%s", l.Role, l.Body)
		}
		if l.Kind != KindRuling || l.Verdict != Ruled || len(l.Clauses) != 1 || l.Clauses[0] != "4.1.7" {
			t.Errorf("the ruling to %s: kind %s verdict %s clauses %v", l.Role, l.Kind, l.Verdict, l.Clauses)
		}
	}
	// The game goes on from the restored state: Black's real answer plays into White's variant.
	next := send(t, before.with(d.Game), testLetter{petrov, "2026-11-10 10:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g7-f6"}, reg)
	if next.Verdict != Accepted || len(next.Game.Plies) != 5 || next.Game.Plies[4].Text != "b2-c3" {
		t.Errorf("Black's answer after the revert: %s, moves %v; want accepted with 3. b2-c3 played from the variant", next.Verdict, next.Game.MoveList())
	}

	for name, bad := range map[string]Ruling{
		"without the state":  {Kind: RuleRevert, Clause: "4.1.7", Reason: "x", At: at},
		"of another game":    {Kind: RuleRevert, Before: &Game{Tournament: before.Tournament, Name: "2-1"}, Clause: "4.1.7", Reason: "x", At: at},
		"without the clause": {Kind: RuleRevert, Before: &before.Game, Reason: "x", At: at},
	} {
		if _, err := Rule(before.with(forged.Game), bad); !errors.Is(err, ErrRuling) {
			t.Errorf("revert %s: %v, want an ErrRuling", name, err)
		}
	}
}

// TestPenaltyLifted: a penalty the judge takes back is said so in every letter of the ruling,
// its days counted as days («штраф снят: 6 дней», "penalty lifted: 6 days"), never as a
// negative number of penalty days.
func TestPenaltyLifted(t *testing.T) {
	g := after(t, "russian", opening...)
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
	d, err := Rule(under(g, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: 2, Clause: "4.2.11", Reason: "ход не повторён", At: at})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "en"} {
		s := g.with(d.Game)
		table := *s.Table
		table.Language = lang
		s.Table = &table
		back, err := Rule(under(s, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: -2, Clause: "4.1.12", Reason: "protest upheld", At: at})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"ru": "штраф снят: 2 дня", "en": "penalty lifted: 2 days"}[lang]
		for _, l := range back.Letters {
			if !strings.Contains(l.Body, want) || strings.Contains(l.Body, "-2 штраф") || strings.Contains(l.Body, "-2 penalty") {
				t.Errorf("%s: the ruling to %s does not say %q:\n%s", lang, l.Role, want, l.Body)
			}
		}
		if back.Game.BlackClock.Penalty != 0 {
			t.Errorf("%s: Black's penalty days after the penalty was taken back: %d", lang, back.Game.BlackClock.Penalty)
		}
	}
}
