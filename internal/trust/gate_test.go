package trust

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// gateFacts answers the gate's questions from fixed values and records which were asked
// (postald's own results aside: a verdict is recorded with every letter).
type gateFacts struct {
	asked     []string
	addressed bool
	earlier   *Earlier
	moves     bool
	parsed    Header
	parseErr  error
	judges    map[string][]string
	all       []string
	spent     bool
	foreign   string
}

func (f *gateFacts) ask(q string) { f.asked = append(f.asked, q) }

func (f *gateFacts) OwnResults() AuthResults {
	return AuthResults{AuthservID: OwnCheck, Results: []MethodResult{{Method: "dkim", Result: "pass",
		Properties: []Property{{Type: "header", Name: "d", Value: "club.example"}}}}}
}

func (f *gateFacts) Spent() (int, time.Duration, string, bool) {
	f.ask("spent")
	return 5, time.Hour, "dkim: temperror", f.spent
}

func (f *gateFacts) Addressed([]string) (string, bool, error) {
	f.ask("addressed")
	return "zk@club.example", f.addressed, nil
}

func (f *gateFacts) Earlier() (*Earlier, error) { f.ask("earlier"); return f.earlier, nil }
func (f *gateFacts) Moves() (bool, error)       { f.ask("moves"); return f.moves, nil }

func (f *gateFacts) Parsed() (Header, error) {
	f.ask("parsed")
	return f.parsed, f.parseErr
}

func (f *gateFacts) Foreign(string) (string, error) {
	f.ask("foreign")
	return f.foreign, nil
}

func (f *gateFacts) Judges(from string) ([]string, error) {
	f.ask("judges")
	return f.judges[from], nil
}
func (f *gateFacts) AllJudges() ([]string, error) { f.ask("all judges"); return f.all, nil }

// TestGateAdmit: the gate's one call asks its rules in their order, each fact only when the
// rules before it let the letter through (a flood is held unread; a letter that fails
// authentication is held before it is counted), and says who is told of a held letter.
func TestGateAdmit(t *testing.T) {
	letter := func(head string) []byte {
		return []byte(head + "Subject: move\r\nTo: zk@club.example\r\n\r\n1. c3-d4\r\n")
	}
	anna := letter("From: Anna <anna@club.example>\r\n")
	cfg := GateConfig{Policy: Policy{Require: []string{"dkim"}}, Own: "postald@club.example", OwnCheck: true,
		Limits: Limits{MaxBytes: 1 << 20, MaxParts: 10, MaxLineBytes: 1000}, LettersPerHour: 1, AnswersPerHour: 10}
	at := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
	annaHeader := Header{From: "anna@club.example", FromFields: 1}
	tests := []struct {
		name   string
		raw    []byte
		facts  gateFacts
		before int // letters of the same sender admitted before, within the hour
		kind   Kind
		why    *Hold // of a letter postald could not decide
		hold   HoldKind
		note   Note
		asked  []string
		tell   Tell
	}{
		{name: "a player's letter", raw: anna, facts: gateFacts{addressed: true, parsed: annaHeader},
			asked: []string{"addressed", "earlier", "parsed", "foreign"}},
		{name: "another's game", raw: anna,
			facts: gateFacts{addressed: true, parsed: annaHeader, foreign: "ZK-1/3-4", judges: map[string][]string{"anna@club.example": {"judge@club.example"}}},
			hold:  HoldNotOwn, note: NoteNotOwn, asked: []string{"addressed", "earlier", "parsed", "foreign", "judges"},
			tell: Tell{Sender: true, Judges: []int{0}}},
		{name: "automatic mail, nothing asked but who is told", raw: letter("From: anna@club.example\r\nAuto-Submitted: auto-replied\r\n"),
			facts: gateFacts{judges: map[string][]string{"anna@club.example": {"judge@club.example"}}},
			hold:  HoldLoop, asked: []string{"judges"}, tell: Tell{Judges: []int{0}}},
		{name: "not addressed: no replay asked", raw: anna, facts: gateFacts{},
			hold: HoldNotAddressed, note: NoteNotAddressed, asked: []string{"addressed", "judges"}},
		{name: "a flood held unread", raw: anna, facts: gateFacts{addressed: true}, before: 1,
			hold: HoldRate, note: NoteRate, asked: []string{"addressed", "earlier", "moves", "judges"}},
		{name: "a player's moves over the limit are read", raw: anna, facts: gateFacts{addressed: true, moves: true, parsed: annaHeader}, before: 1,
			asked: []string{"addressed", "earlier", "moves", "parsed", "foreign"}},
		{name: "the parser reads another From", raw: anna,
			facts: gateFacts{addressed: true, parsed: Header{From: "boris@club.example", FromFields: 1},
				judges: map[string][]string{"anna@club.example": {"judge@club.example", "", "anna@club.example", "JUDGE@club.example", "other@club.example"}}},
			hold: HoldFromTwoWays, note: NoteForged, asked: []string{"addressed", "earlier", "parsed", "judges"},
			tell: Tell{Sender: true, Judges: []int{0, 4}}},
		{name: "a delivery report: no rule asked, its verdict worded", raw: letter("From: MAILER-DAEMON@club.example\r\nAuto-Submitted: auto-replied\r\n"),
			kind: KindReport},
		{name: "postald could not decide it: held unread, the judges told, the sender not", raw: anna, kind: KindUndecided,
			why: &Hold{Kind: HoldFailed, N: 11}, facts: gateFacts{judges: map[string][]string{"anna@club.example": {"judge@club.example"}}},
			hold: HoldFailed, asked: []string{"judges"}, tell: Tell{Judges: []int{0}}},
		{name: "unreadable", raw: anna, facts: gateFacts{addressed: true, parseErr: errors.New("no body")},
			hold: HoldUnreadable, note: NoteUnreadable, asked: []string{"addressed", "earlier", "parsed", "judges"}},
	}
	for _, tc := range tests {
		g := NewGate(cfg)
		for range tc.before {
			g.allow(g.letters, "anna@club.example", at)
		}
		v, err := g.Admit(Letter{Kind: tc.kind, Undecided: tc.why, Raw: tc.raw, Size: int64(len(tc.raw)), Received: at, Now: at}, &tc.facts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		switch {
		case tc.hold == "" && v.Hold != nil:
			t.Errorf("%s: held %+v", tc.name, *v.Hold)
		case tc.hold != "" && (v.Hold == nil || v.Hold.Kind != tc.hold):
			t.Errorf("%s: hold %+v, want %s", tc.name, v.Hold, tc.hold)
		}
		if v.Note != tc.note {
			t.Errorf("%s: note %d, want %d", tc.name, v.Note, tc.note)
		}
		if !slices.Equal(tc.facts.asked, tc.asked) {
			t.Errorf("%s: asked %q, want %q", tc.name, tc.facts.asked, tc.asked)
		}
		if v.Tell.Sender != tc.tell.Sender || !slices.Equal(v.Tell.Judges, tc.tell.Judges) {
			t.Errorf("%s: told %+v, want %+v", tc.name, v.Tell, tc.tell)
		}
		if !strings.HasPrefix(v.Auth, "pass: dkim aligned with club.example by postald's own check") {
			t.Errorf("%s: verdict %q", tc.name, v.Auth)
		}
	}
}

// TestGateAnswers: beyond answers_per_hour no answer goes to an address, and a letter answering
// postald's own without a move is answered once a day for its game; what goes to another is no
// answer and always goes.
func TestGateAnswers(t *testing.T) {
	g := NewGate(GateConfig{AnswersPerHour: 2})
	at := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
	got := g.Answers("ZK-1/1-2", "Anna@club.example", false, []bool{true, false, true, true}, at)
	want := []AnswerFate{AnswerSent, AnswerSent, AnswerSent, AnswerOverLimit}
	if !slices.Equal(got, want) {
		t.Errorf("hourly limit: %v, want %v", got, want)
	}
	g = NewGate(GateConfig{AnswersPerHour: 10})
	g.Answers("ZK-1/1-2", "anna@club.example", true, []bool{true}, at)
	got = g.Answers("ZK-1/1-2", "anna@club.example", true, []bool{true, false}, at.Add(time.Hour))
	if want := []AnswerFate{AnswerDaily, AnswerSent}; !slices.Equal(got, want) {
		t.Errorf("once a day: %v, want %v", got, want)
	}
	if got := g.Answers("ZK-1/1-3", "anna@club.example", true, []bool{true}, at.Add(time.Hour)); got[0] != AnswerSent {
		t.Errorf("another game's answer of the day: %v", got)
	}
}
