package referee

import (
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
)

// at is an instant in Moscow time ("2026-11-05 09:00").
func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, moscow)
	if err != nil {
		panic(err)
	}
	return t
}

// forwarded is the game after the opening: Black moved on 3 November, and White is on move,
// his clock running from that day.
func forwarded(t *testing.T) Seat {
	t.Helper()
	g := after(t, "russian", opening...)
	if g.Game.ToMove() != White || g.Game.WhiteClock.Since != day("2026-11-03") {
		t.Fatalf("after the opening: %s to move, White's clock from %s", g.Game.ToMove(), g.Game.WhiteClock.Since)
	}
	return g
}

// TestMoveNotReached: the post says Black's move did not reach White. White's clock stops
// without a day charged (4.3.1), he is on move with no last day, no reminder and no overstep
// comes for him; Black is told in his language what happened and what happens next; judge
// list's undelivered side is White. Then the letter sent again reaches him on 8 November: his
// clock runs from that day, Black and the judge are told.
func TestMoveNotReached(t *testing.T) {
	g := forwarded(t)
	plies := len(g.Game.Plies)
	m := Mailing{Side: White, Plies: plies, To: "ivanov@mail.example", Words: "5.2.2 mailbox full", Then: ThenJudge}
	d := Mailed(g, m, at("2026-11-03 21:00"))
	if d.Verdict != Notice || strings.Join(d.Clauses, ",") != "4.3.1" {
		t.Errorf("verdict %s %v", d.Verdict, d.Clauses)
	}
	c := d.Game.WhiteClock
	if c.Running() || c.Days != 0 || d.Game.Undelivered != White || d.Game.Posting != "" {
		t.Errorf("White's clock %+v, undelivered %q", c, d.Game.Undelivered)
	}
	if len(d.Letters) != 1 || d.Letters[0].Role != ToBlack || d.Letters[0].Language != "ru" {
		t.Fatalf("letters %+v: want one to Black", d.Letters)
	}
	body := d.Letters[0].Body
	for _, want := range []string{"Ваш ход от 03.11.2026 не дошёл до партнёра (Иванов Иван)", "ivanov@mail.example",
		"«5.2.2 mailbox full»", "решает судья", "п. 4.3.1"} {
		if !strings.Contains(body, want) {
			t.Errorf("Black's letter lacks %q:\n%s", want, body)
		}
	}
	if d.Letters[0].Subject != "СТ-2026/1, партия 1-2: ход не дошёл до партнёра" {
		t.Errorf("subject %q", d.Letters[0].Subject)
	}
	g.Game = d.Game
	// Nothing runs for him: no event at all, a tick a year later changes nothing.
	if next, ok := nextEvent(g); ok {
		t.Errorf("next event %s for a game whose move did not reach its reader", next)
	}
	if tk := Tick(g, at("2027-06-01 10:00")); tk.Verdict != "" || len(tk.Letters) != 0 {
		t.Errorf("tick: %s, %d letters", tk.Verdict, len(tk.Letters))
	}
	// A second report about the same move (the letter sent again failed too) changes nothing
	// more than the first.
	again := Mailed(g, m, at("2026-11-04 10:00"))
	if again.Game.Undelivered != White || again.Game.WhiteClock.Running() {
		t.Errorf("second report: %+v", again.Game.WhiteClock)
	}

	d = Mailed(g, Mailing{Side: White, Plies: plies, Reached: day("2026-11-08")}, at("2026-11-08 12:00"))
	c = d.Game.WhiteClock
	if d.Game.Undelivered != "" || c.Since != day("2026-11-08") || d.Game.ReceivedOn != day("2026-11-08") {
		t.Errorf("after it reached him: undelivered %q, clock %+v, received %s", d.Game.Undelivered, c, d.Game.ReceivedOn)
	}
	roles := map[Role]string{}
	for _, l := range d.Letters {
		roles[l.Role] = l.Body
	}
	if !strings.Contains(roles[ToBlack], "Ваш ход дошёл до партнёра (Иванов Иван) 08.11.2026") || roles[ToJudge] == "" {
		t.Errorf("letters after it reached him: %v", roles)
	}
	// White answers five days later: five days charged, from the day the move reached him.
	g.Game = d.Game
	reply := send(t, g, testLetter{ivanov, "2026-11-13 10:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-f4"}, DefaultRegulation())
	if reply.Days != 5 {
		t.Errorf("White charged %d days, want 5 (8 to 13 November)", reply.Days)
	}
}

// TestMoveNotReachedThenReply: White, whose move the post said did not reach him, answers it
// anyway: he had it by his letter's postmark at the latest, and nothing is charged before it.
func TestMoveNotReachedThenReply(t *testing.T) {
	g := forwarded(t)
	d := Mailed(g, Mailing{Side: White, Plies: len(g.Game.Plies), To: "ivanov@mail.example", Words: "4.4.1 timeout", Then: ThenJudge}, at("2026-11-04 09:00"))
	g.Game = d.Game
	reply := send(t, g, testLetter{ivanov, "2026-11-09 10:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-f4"}, DefaultRegulation())
	if reply.Verdict != Accepted || reply.Days != 0 || reply.Game.Undelivered != "" {
		t.Errorf("reply: %s, %d days, undelivered %q", reply.Verdict, reply.Days, reply.Game.Undelivered)
	}
}

// TestMoveNotReachedStale: a report about a move the game no longer waits for (White has
// answered since) changes nothing and writes nothing.
func TestMoveNotReachedStale(t *testing.T) {
	g := forwarded(t)
	plies := len(g.Game.Plies)
	g.Game = send(t, g, testLetter{ivanov, "2026-11-04 10:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-f4"}, DefaultRegulation()).Game
	d := Mailed(g, Mailing{Side: White, Plies: plies, To: "ivanov@mail.example", Words: "5.2.2 mailbox full", Then: ThenJudge}, at("2026-11-04 11:00"))
	if d.Verdict != "" || len(d.Letters) != 0 || d.Game.Undelivered != "" || !d.Game.BlackClock.Running() {
		t.Errorf("stale report: %s, %d letters, undelivered %q", d.Verdict, len(d.Letters), d.Game.Undelivered)
	}
}

// TestMoveNotReachedByPost: White's mail refused the move and the start sheet gives his postal
// address: the move waits for the captain's card as a postal player's would, and his clock runs
// from the posting plus post_days.
func TestMoveNotReachedByPost(t *testing.T) {
	g := forwarded(t)
	d := Mailed(g, Mailing{Side: White, Plies: len(g.Game.Plies), To: "ivanov@mail.example", Words: "5.1.1 user unknown", Then: ThenPost}, at("2026-11-03 22:00"))
	if d.Game.Posting != White || d.Game.Undelivered != "" || d.Game.WhiteClock.Running() {
		t.Fatalf("posting %q, undelivered %q", d.Game.Posting, d.Game.Undelivered)
	}
	if !strings.Contains(d.Letters[0].Body, "по почте открыткой") {
		t.Errorf("Black's letter:\n%s", d.Letters[0].Body)
	}
	g.Game = d.Game
	p := Posted(g, White, day("2026-11-05"), at("2026-11-05 18:00"))
	want := day("2026-11-05").AddDays(DefaultRegulation().WithDefaults().PostDays)
	if p.Game.WhiteClock.Since != want {
		t.Errorf("White's clock from %s, want %s (posted plus post_days)", p.Game.WhiteClock.Since, want)
	}
}

// TestMoveNotReachedOverstepWithdrawn: an overstep counted while the move had not, as it turns
// out, reached the player does not stand.
func TestMoveNotReachedOverstepWithdrawn(t *testing.T) {
	g := forwarded(t)
	c := &g.Game.WhiteClock
	c.Overstep = &daysclock.Overstep{Days: 51, On: day("2026-11-04"), Clause: "4.3.1"}
	d := Mailed(g, Mailing{Side: White, Plies: len(g.Game.Plies), To: "ivanov@mail.example", Words: "5.2.2 full", Then: ThenJudge}, at("2026-11-05 09:00"))
	if d.Game.WhiteClock.Overstep != nil {
		t.Errorf("overstep %+v still stands", d.Game.WhiteClock.Overstep)
	}
}

// TestRuleResend: the judge's ruling that sends a letter again names the letter, the address
// and the reason with its clause, to both players, the judge and the director; it starts no
// clock.
func TestRuleResend(t *testing.T) {
	g := forwarded(t)
	g.Game = Mailed(g, Mailing{Side: White, Plies: len(g.Game.Plies), To: "ivanov@mail.example", Words: "5.2.2 full", Then: ThenJudge}, at("2026-11-04 09:00")).Game
	g.Table.Director = "td@club.example"
	r := Ruling{Kind: RuleResend, Letter: 7, LetterTime: at("2026-11-03 20:01"), To: "ivanov2@mail.example", Side: White,
		Clause: "4.3.1", Reason: "ящик был переполнен", At: at("2026-11-05 10:00")}
	d, err := Rule(g, r)
	if err != nil {
		t.Fatal(err)
	}
	if d.Verdict != Ruled || len(d.Letters) != 4 || d.Game.WhiteClock.Running() || d.Game.Undelivered != White {
		t.Errorf("ruling: %s, %d letters, clock %+v", d.Verdict, len(d.Letters), d.Game.WhiteClock)
	}
	for _, want := range []string{"Письмо № 7 от 03.11.2026 20:01 отправлено снова на адрес ivanov2@mail.example", "ящик был переполнен", "п. 4.3.1"} {
		if !strings.Contains(d.Letters[0].Body, want) {
			t.Errorf("ruling letter lacks %q:\n%s", want, d.Letters[0].Body)
		}
	}
	if _, err := Rule(g, Ruling{Kind: RuleResend, Clause: "4.3.1", Reason: "x", At: at("2026-11-05 10:00")}); err == nil {
		t.Error("a resend naming no letter is ruled")
	}
}
