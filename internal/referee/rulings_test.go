package referee

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestRulingsWithoutSide: the rulings that end or hold a game, or record a decision, as pure
// functions: what each does to the game and what it tells.
func TestRulingsWithoutSide(t *testing.T) {
	g := after(t, "russian", opening...)
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
	reg := DefaultRegulation()
	annulled, err := Rule(under(g, reg), Ruling{Kind: RuleAnnul, Clause: "4.1.7", Reason: "a game played twice", At: at})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		game    Seat
		r       Ruling
		status  Status
		result  Result
		reason  Reason
		subject string // in every letter
		body    string // in every letter
		err     bool
	}{
		{name: "annul", game: g, r: Ruling{Kind: RuleAnnul, Clause: "4.1.7", Reason: "a game played twice", At: at},
			status: StatusFinished, result: ResultNone, reason: ReasonAnnulled, subject: "решение судьи", body: "партия аннулирована"},
		{name: "annul twice", game: g.with(annulled.Game), r: Ruling{Kind: RuleAnnul, Clause: "4.1.7", Reason: "again", At: at}, err: true},
		{name: "strike out", game: g, r: Ruling{Kind: RuleStrikeOut, Clause: "1.10.2", Reason: "left the tournament", At: at},
			status: StatusFinished, result: ResultNone, reason: ReasonStruckOut, subject: "решение судьи", body: "его результаты не засчитываются"},
		{name: "strike out a finished game", game: g.with(annulled.Game), r: Ruling{Kind: RuleStrikeOut, Clause: "1.10.2", Reason: "left", At: at}, err: true},
		{name: "refer", game: g, r: Ruling{Kind: RuleRefer, Side: Black, Clause: "1.10.4", Reason: "left the tournament", At: at},
			status: StatusAdjudication, result: ResultNone, reason: ReasonWithdrawn, subject: "решение судьи", body: "передаётся судье на присуждение"},
		{name: "refer needs the side", game: g, r: Ruling{Kind: RuleRefer, Clause: "1.10.4", Reason: "left", At: at}, err: true},
		{name: "refer a finished game", game: g.with(annulled.Game), r: Ruling{Kind: RuleRefer, Side: White, Clause: "1.10.4", Reason: "left", At: at}, err: true},
		{name: "protest", game: g, r: Ruling{Kind: RuleProtest, Clause: "4.1.12", Reason: "the protest is dismissed", At: at},
			status: StatusPlaying, result: ResultNone, subject: "решение по протесту", body: "Решение судьи: по протесту — the protest is dismissed"},
		{name: "protest needs the clause", game: g, r: Ruling{Kind: RuleProtest, Reason: "x", At: at}, err: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Rule(under(tc.game, reg), tc.r)
			if tc.err {
				if !errors.Is(err, ErrRuling) {
					t.Fatalf("Rule = %v, want an ErrRuling", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Game.Status != tc.status || d.Game.Result != tc.result || d.Game.Reason != tc.reason {
				t.Errorf("game %s %s %q, want %s %s %q", d.Game.Status, d.Game.Result, d.Game.Reason, tc.status, tc.result, tc.reason)
			}
			if tc.status != StatusPlaying && (d.Game.WhiteClock.Running() || d.Game.BlackClock.Running()) {
				t.Errorf("a clock still runs in a game that is %s", tc.status)
			}
			if tc.status == StatusPlaying && len(d.Game.Plies) != len(g.Plies) {
				t.Errorf("the protest changed the board")
			}
			// Both players and the judge; a game referred to adjudication also asks both players
			// for their submissions (4.3.2).
			rulings := d.Letters
			if tc.status == StatusAdjudication {
				if len(rulings) != 5 {
					t.Fatalf("%d letters, want 5 (the ruling to both players and the judge, the questions to both)", len(rulings))
				}
				rulings = rulings[:3]
			}
			if len(rulings) != 3 {
				t.Fatalf("%d letters, want 3 (both players and the judge)", len(rulings))
			}
			for _, l := range rulings {
				if !strings.Contains(l.Subject, tc.subject) || !strings.Contains(l.Body, tc.body) ||
					!strings.Contains(l.Body, "Пункт правил: "+tc.r.Clause+".") || strings.Contains(l.Body, "Результат: *") {
					t.Errorf("letter to %s:\n%s\n%s\nwant %q, %q and clause %s, no result line", l.Role, l.Subject, l.Body, tc.subject, tc.body, tc.r.Clause)
				}
			}
			if e := d.Game.History[len(d.Game.History)-1]; e.Verdict != Ruled || len(e.Clauses) != 1 || e.Clauses[0] != tc.r.Clause {
				t.Errorf("history ends with %+v, want the ruling under %s", e, tc.r.Clause)
			}
		})
	}
}

// TestAdjudicationFlow: asked once when the game is frozen, a submission changes nothing, the
// package is due the day after adjudication_days and goes once.
func TestAdjudicationFlow(t *testing.T) {
	g := after(t, "russian", opening...)
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
	reg := DefaultRegulation()
	d, err := Rule(under(g, reg), Ruling{Kind: RuleRefer, Side: White, Clause: "1.10.4", Reason: "left", At: at})
	if err != nil {
		t.Fatal(err)
	}
	// The ruling's door asks both players for their submissions: the three letters of the
	// ruling, then the two questions.
	before := 3
	if len(d.Letters) != before+2 {
		t.Fatalf("%d letters asking for submissions, want 2", len(d.Letters)-before)
	}
	if !strings.Contains(d.Letters[before].Body, "до 20.11.2026 (10 дн.)") {
		t.Errorf("the question does not give the last day:\n%s", d.Letters[before].Body)
	}
	again := Decision{Game: d.Game}
	again.close(g.Table, at.Add(time.Hour))
	if len(again.Letters) != 0 {
		t.Errorf("asked twice")
	}
	if due, ok := g.Table.adjudicationDue(&d.Game); !ok || due != day("2026-11-20") {
		t.Errorf("due %s %v, want 2026-11-20", due, ok)
	}
	if !d.Next.Equal(day("2026-11-20").Start(moscow)) {
		t.Errorf("next event %v, want the package's day", d.Next)
	}
	frozen := g.with(d.Game)
	white := frozen.Player(White)
	sub := submission(frozen, Envelope{From: white.Email, MessageID: "m@x", Received: at.Add(time.Hour)})
	if sub.Verdict != Notice || len(sub.Letters) != 1 || sub.Letters[0].To != white.Email || len(sub.Game.Plies) != len(g.Plies) {
		t.Errorf("submission: %s, %d letters", sub.Verdict, len(sub.Letters))
	}
	if tk := Tick(frozen, day("2026-11-19").Start(moscow).Add(12*time.Hour)); tk.Package != nil {
		t.Errorf("the package is due before its day")
	}
	tk := Tick(frozen, day("2026-11-20").Start(moscow))
	if tk.Package == nil {
		t.Fatal("the package is not due on its day")
	}
	subject, body := tk.Package.Letter(frozen.with(tk.Game), 1)
	if !strings.Contains(subject, "материалы для присуждения") || !strings.Contains(body, "Писем игроков с тех пор: 1") {
		t.Errorf("package:\n%s\n%s", subject, body)
	}
	if !tk.Next.IsZero() {
		t.Errorf("next event after the package: %v, want none", tk.Next)
	}
	if again := Tick(frozen.with(tk.Game), day("2026-11-21").Start(moscow)); again.Package != nil {
		t.Errorf("the package is due again after it went")
	}
}
