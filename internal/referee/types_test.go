package referee

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/rules"
)

// TestStrings: every named value writes the word the store, simulate and the headers have
// always carried.
func TestStrings(t *testing.T) {
	tests := []struct {
		v    fmt.Stringer
		want string
	}{
		{White, "white"},
		{Black, "black"},
		{StatusPlaying, "playing"},
		{StatusFinished, "finished"},
		{StatusAdjudication, "adjudication"},
		{ResultNone, "*"},
		{ResultWhite, "1-0"},
		{ResultBlack, "0-1"},
		{ResultDraw, "1/2-1/2"},
		{ReasonDrawAgreed, "draw agreed"},
		{ReasonDrawClaimed, "draw claimed"},
		{ReasonWhiteResigned, "white resigned"},
		{ReasonBlackResigned, "black resigned"},
		{ReasonNoMoves, "no moves"},
		{ReasonOverstep, "overstep"},
		{ReasonAnnulled, "annulled"},
		{ReasonStruckOut, "struck out"},
		{ReasonForfeit, "forfeit"},
		{ReasonAdjudicated, "adjudicated"},
		{RulePenalty, "penalty"},
		{RuleForfeit, "forfeit"},
		{RuleAdjudicate, "adjudicate"},
		{RuleCorrect, "correct-date"},
		{RuleLeave, "leave"},
		{RuleRevert, "revert"},
		{RuleAnnul, "annul"},
		{RuleProtest, "protest"},
		{RuleStrikeOut, "strike-out"},
		{RuleRefer, "refer"},
		{ByLetter, "letter"},
		{ByForced, "forced"},
		{ByPostald, "postald"},
		{ByVariant, "variant"},
		{BySubstituted, "substituted"},
		{NotifyReminder, "reminder"},
		{NotifySilence, "silence"},
		{NotifyOverstep, "overstep"},
		{NotifyExpect, "expect"},
		{NotifyAdjudicationAsked, "adjudication/asked"},
		{NotifyAdjudicationPackage, "adjudication/package"},
		{Won(White), "1-0"},
		{Won(Black), "0-1"},
		{Resigned(White), "white resigned"},
		{Resigned(Black), "black resigned"},
	}
	for _, tc := range tests {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%T %q: String() = %q, want %q", tc.v, tc.want, got, tc.want)
		}
		// JSON keeps the word: a store written before these types reads and writes the same.
		if b, err := json.Marshal(tc.v); err != nil || string(b) != `"`+tc.want+`"` {
			t.Errorf("%T %q: JSON %s %v", tc.v, tc.want, b, err)
		}
	}
}

// TestValues: the predicates of the named values.
func TestValues(t *testing.T) {
	for r, want := range map[Result]bool{ResultWhite: true, ResultBlack: true, ResultDraw: true, ResultNone: false, "2-0": false, "": false} {
		if r.Decisive() != want {
			t.Errorf("Result(%q).Decisive() = %v", r, !want)
		}
	}
	for r, want := range map[Reason]bool{ReasonAnnulled: true, ReasonStruckOut: true, ReasonForfeit: false, ReasonDrawAgreed: false, "": false} {
		if r.WithoutResult() != want {
			t.Errorf("Reason(%q).WithoutResult() = %v", r, !want)
		}
	}
	for b, want := range map[By]bool{ByLetter: true, BySubstituted: true, ByForced: false, ByPostald: false, ByVariant: false} {
		if b.Written() != want {
			t.Errorf("By(%q).Written() = %v", b, !want)
		}
	}
}

// TestSideColor: the one conversion between the referee's sides and the engine's colours.
func TestSideColor(t *testing.T) {
	for _, tc := range []struct {
		s Side
		c rules.Color
	}{{White, rules.White}, {Black, rules.Black}} {
		if got := tc.s.Color(); got != tc.c {
			t.Errorf("%s.Color() = %v, want %v", tc.s, got, tc.c)
		}
		if got := SideOfColor(tc.c); got != tc.s {
			t.Errorf("SideOfColor(%v) = %s, want %s", tc.c, got, tc.s)
		}
		if tc.s.Color().Opponent() != tc.s.Other().Color() {
			t.Errorf("%s: the partner's colour is not the opponent's", tc.s)
		}
	}
}

// TestNotificationKeys: every key a store holds reads as its notice and writes back the same
// bytes; keys postald does not know are kept as they are and match nothing.
func TestNotificationKeys(t *testing.T) {
	asked := time.Date(2027, 11, 1, 10, 0, 0, 0, time.FixedZone("", 3*3600))
	tests := []struct {
		key  string
		want Notification
	}{
		{"white/reminder/2026-12-16", reminderSent(White, day("2026-12-16"))},
		{"black/reminder/2027-01-02", reminderSent(Black, day("2027-01-02"))},
		{"white/silence/2026-12-03", silenceSent(White, day("2026-12-03"))},
		{"black/overstep", overstepSent(Black)},
		{"white/overstep", overstepSent(White)},
		{"black/expect/2026-11-08", expectSent(Black, day("2026-11-08"))},
		{"white/start/2026-11-08", Notification{Kind: NotifyStart, Side: White, Date: day("2026-11-08")}},
		{"adjudication/asked/2027-11-01T10:00:00+03:00", adjudicationAsked(asked)},
		{"adjudication/asked/2027-11-01T07:00:00Z", adjudicationAsked(asked.UTC())},
		{"adjudication/package", adjudicationPackage},
	}
	for _, tc := range tests {
		n := ParseNotification(tc.key)
		if !n.known() || !n.Equal(tc.want) {
			t.Errorf("%q: read as %+v, want %+v", tc.key, n, tc.want)
		}
		if got := n.String(); got != tc.key {
			t.Errorf("%q: written back as %q", tc.key, got)
		}
		if got := tc.want.String(); got != tc.key {
			t.Errorf("%+v: written as %q, want %q", tc.want, got, tc.key)
		}
	}
	for _, key := range []string{"", "white", "white/reminder", "white/reminder/2026-1-5", "white/reminder/someday",
		"red/reminder/2026-12-16", "white/overstep/2026-12-16", "white/expect", "adjudication/asked/yesterday",
		"adjudication/asked/", "adjudication", "white/holiday/2026-12-16", "Иванов/сдался"} {
		n := ParseNotification(key)
		if n.known() {
			t.Errorf("%q read as the notice %+v", key, n)
		}
		if got := n.String(); got != key {
			t.Errorf("unknown %q written back as %q", key, got)
		}
		for _, tc := range tests {
			if n.Equal(tc.want) {
				t.Errorf("unknown %q matches %q", key, tc.key)
			}
		}
		if !n.Equal(ParseNotification(key)) {
			t.Errorf("unknown %q does not match itself", key)
		}
	}
	// Two notices of the same kind differ by side and day.
	if reminderSent(White, day("2026-12-16")).Equal(reminderSent(Black, day("2026-12-16"))) ||
		reminderSent(White, day("2026-12-16")).Equal(reminderSent(White, day("2026-12-22"))) ||
		reminderSent(White, day("2026-12-16")).Equal(silenceSent(White, day("2026-12-16"))) {
		t.Error("different notices match")
	}
	// The instant of a request for submissions is kept to the second, as its key writes it.
	if n := adjudicationAsked(asked.Add(1500 * time.Millisecond)); !n.At.Equal(asked.Add(time.Second)) {
		t.Errorf("asked at %v, want %v", n.At, asked.Add(time.Second))
	}
}

// withNotified returns g as a store written by an older postald holds it: its JSON, field for
// field as postald writes it, with the notified list given as the string keys.
func withNotified(t *testing.T, g Game, keys ...string) []byte {
	t.Helper()
	const mark = "notified-list-here"
	g.Notified = []Notification{ParseNotification(mark)}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	list, _ := json.Marshal(keys)
	field := `,"notified":` + string(list)
	if len(keys) == 0 {
		field = ""
	}
	out := strings.Replace(string(b), `,"notified":["`+mark+`"]`, field, 1)
	if out == string(b) {
		t.Fatalf("no notified list in %s", b)
	}
	return []byte(out)
}

// decodeGame reads a game as the store does.
func decodeGame(t *testing.T, b []byte) Game {
	t.Helper()
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("a stored game does not read: %v\n%s", err, b)
	}
	return g
}

// notifiedJSON returns the notified list of g as JSON writes it.
func notifiedJSON(t *testing.T, g Game) string {
	t.Helper()
	b, err := json.Marshal(g.Notified)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameDecision compares two decisions as the store and the outbox would keep them.
func sameDecision(t *testing.T, what string, a, b Decision) {
	t.Helper()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("%s: the game read from old keys decides otherwise:\n%s", what, cmp.Diff(string(ja), string(jb)))
	}
}

// TestNotifiedCompatibility: a game a store holds with the notified keys postald has always
// written reads, writes back the same bytes, and gets the same decisions as the game whose
// notices were recorded by this postald: no reminder, report, overstep notice, answer to a
// letter without a move, request for submissions or adjudication package goes twice.
func TestNotifiedCompatibility(t *testing.T) {
	reg := DefaultRegulation()
	t.Run("ticks", func(t *testing.T) {
		// The silence report (12-03) and the first reminder (12-16) of TestTick, recorded.
		g := after(t, "russian", opening...)
		g.Game = Tick(under(g, reg), time.Date(2026, 12, 3, 0, 0, 0, 0, moscow)).Game
		g.Game = Tick(under(g, reg), time.Date(2026, 12, 16, 0, 0, 0, 0, moscow)).Game
		if got, want := notifiedJSON(t, g.Game), `["white/silence/2026-12-03","white/reminder/2026-12-16"]`; got != want {
			t.Fatalf("notified written as %s, want %s", got, want)
		}
		stored := withNotified(t, g.Game, "white/silence/2026-12-03", "white/reminder/2026-12-16")
		old := g.with(decodeGame(t, stored))
		if again, _ := json.Marshal(old.Game); string(again) != string(stored) {
			t.Errorf("the game read from old keys writes other bytes:\n%s\n%s", again, stored)
		}
		if !cmp.Equal(g.Game, old.Game) {
			t.Errorf("the game read from old keys differs:\n%s", cmp.Diff(g.Game, old.Game))
		}
		for _, at := range []time.Time{
			time.Date(2026, 12, 16, 9, 0, 0, 0, moscow), // the reminder sent: nothing again
			time.Date(2026, 12, 22, 0, 0, 0, 0, moscow), // the second reminder
			time.Date(2026, 12, 24, 0, 0, 0, 0, moscow), // the overstep
		} {
			dg, do := Tick(under(g, reg), at), Tick(under(old, reg), at)
			sameDecision(t, "tick "+at.Format(time.DateTime), dg, do)
			eg, okg := nextEvent(under(g, reg))
			eo, oko := nextEvent(under(old, reg))
			if !eg.Equal(eo) || okg != oko {
				t.Errorf("NextEvent %v %v, from old keys %v %v", eg, okg, eo, oko)
			}
			g.Game, old.Game = dg.Game, do.Game
		}
		if len(Tick(under(old, reg), time.Date(2026, 12, 16, 9, 0, 0, 0, moscow)).Letters) != 0 {
			t.Error("a reminder read from its old key goes again")
		}
		// The overstep is recorded once, under the key it always had.
		if got := notifiedJSON(t, old.Game); !strings.Contains(got, `"white/overstep"`) || !strings.Contains(got, `"white/reminder/2026-12-22"`) {
			t.Errorf("notified after the overstep: %s", got)
		}
		stored = withNotified(t, old.Game, "white/silence/2026-12-03", "white/reminder/2026-12-16", "white/reminder/2026-12-22", "white/overstep")
		old = g.with(decodeGame(t, stored))
		d := Tick(under(old, reg), time.Date(2026, 12, 25, 0, 0, 0, 0, moscow))
		if len(d.Letters) != 0 {
			t.Errorf("the overstep read from its old key is told again: %d letters", len(d.Letters))
		}
	})
	t.Run("letters without a move", func(t *testing.T) {
		// Black, on move, asks a question twice on 11-08: answered once (the day's key).
		g := after(t, "russian", append(opening[:1:1], testLetter{petrov, "2026-11-02 10:00", "Ваш ход 1. c3-d4 получил."})...)
		question := testLetter{petrov, "2026-11-08 10:00", "Спасибо за партию!"}
		d := send(t, g, question, reg)
		if len(d.Letters) != 1 {
			t.Fatalf("the first question of the day: %d letters", len(d.Letters))
		}
		if got := notifiedJSON(t, d.Game); got != `["black/expect/2026-11-08"]` {
			t.Fatalf("notified written as %s", got)
		}
		// An older key of the same side goes; another side's and unknown keys stay as they are.
		old := g.with(decodeGame(t, withNotified(t, g.Game, "black/expect/2026-11-02", "white/expect/2026-11-01", "black/expect/someday", "white/holiday/2026-11-20")))
		do := send(t, old, question, reg)
		if got, want := notifiedJSON(t, do.Game), `["white/expect/2026-11-01","white/holiday/2026-11-20","black/expect/2026-11-08"]`; got != want {
			t.Errorf("notified after the question: %s, want %s", got, want)
		}
		g, old = g.with(d.Game), g.with(decodeGame(t, withNotified(t, d.Game, "black/expect/2026-11-08")))
		later := testLetter{petrov, "2026-11-08 18:00", "Спасибо!"}
		dg, do := send(t, g, later, reg), send(t, old, later, reg)
		sameDecision(t, "the second question of the day", dg, do)
		if len(do.Letters) != 0 {
			t.Errorf("the second letter without a move on a day is answered: %d letters", len(do.Letters))
		}
		next := testLetter{petrov, "2026-11-09 10:00", "Спасибо за партию!"}
		sameDecision(t, "the next day's question", send(t, g, next, reg), send(t, old, next, reg))
	})
	t.Run("adjudication", func(t *testing.T) {
		g := after(t, "russian", opening...)
		at := time.Date(2026, 11, 10, 12, 0, 0, 0, moscow)
		d, err := Rule(under(g, reg), Ruling{Kind: RuleRefer, Side: White, Clause: "1.10.4", Reason: "left", At: at})
		if err != nil {
			t.Fatal(err)
		}
		// The ruling's door asks the players for their submissions (4.3.2).
		const askedKey = "adjudication/asked/2026-11-10T12:00:00+03:00"
		if got := notifiedJSON(t, d.Game); got != `["`+askedKey+`"]` {
			t.Fatalf("notified written as %s", got)
		}
		g.Game = d.Game
		old := g.with(decodeGame(t, withNotified(t, g.Game, askedKey)))
		if a, ok := AdjudicationAsked(&old.Game); !ok || !a.Equal(at) {
			t.Errorf("asked %v %v, want %v", a, ok, at)
		}
		again := Decision{Game: old.Game}
		again.close(old.Table, at.Add(time.Hour))
		if len(again.Letters) != 0 {
			t.Errorf("the players are asked again after the old key: %d letters", len(again.Letters))
		}
		for _, today := range []string{"2026-11-19", "2026-11-20"} {
			pg, okg := g.Table.packageDue(&g.Game, day(today))
			po, oko := old.Table.packageDue(&old.Game, day(today))
			if okg != oko || pg.Due != po.Due || !pg.Asked.Equal(po.Asked) {
				t.Errorf("%s: package %+v %v, from the old key %+v %v", today, pg, okg, po, oko)
			}
		}
		dp := Tick(old, day("2026-11-20").Start(moscow))
		if dp.Package == nil {
			t.Fatal("no package due on 2026-11-20")
		}
		old.Game = dp.Game
		if got := notifiedJSON(t, old.Game); got != `["`+askedKey+`","adjudication/package"]` {
			t.Errorf("notified after the package: %s", got)
		}
		old = g.with(decodeGame(t, withNotified(t, old.Game, askedKey, "adjudication/package")))
		if _, ok := old.Table.packageDue(&old.Game, day("2026-11-21")); ok {
			t.Error("the package read from its old key goes again")
		}
	})
}
