package referee

import (
	"errors"
	"testing"
	"time"

	"postald/internal/daysclock"
)

func TestRule(t *testing.T) {
	g := after(t, "russian", opening...)
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
	reg := DefaultRegulation()
	tests := []struct {
		name   string
		r      Ruling
		result string
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
			d, err := Rule(g, tc.r, reg, moscow)
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
		})
	}
	// A leave stops the clock: White on move since 11-03 answers on 12-03 after ten days of leave.
	d, err := Rule(g, tests[6].r, reg, moscow)
	if err != nil {
		t.Fatal(err)
	}
	d = send(t, d.Game, testLetter{ivanov, "2026-12-03 10:00", white2}, reg)
	if d.Time.White != 20 {
		t.Errorf("30 days with 10 days of leave charged %d, want 20", d.Time.White)
	}
}
