package office

import (
	"encoding/json"
	"errors"
	"postald/internal/reading"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/referee"
)

// replyOf returns the reply's value as a T, failing the test when it holds none or something else.
func replyOf[T any](t testing.TB, rep Reply) T {
	t.Helper()
	v, ok, err := As[T](rep)
	if err != nil || !ok {
		t.Fatalf("reply of %q: %v (holds a value: %v)", rep.Kind(), err, ok)
	}
	return v
}

// ask runs query q on the office and returns its reply as a T.
func ask[T any](o *Office, q reading.Query) (T, error) {
	rep, err := o.Run(q)
	if err != nil {
		var none T
		return none, err
	}
	v, _, err := As[T](rep)
	return v, err
}

// TestCommandsAreKnownByName: every kind of command crosses the control socket as
// {"NAME": {ARGUMENTS}} and comes back as the same command, and no two kinds share a name.
func TestCommandsAreKnownByName(t *testing.T) {
	names := map[string]reflect.Type{}
	for _, c := range commands() {
		if prev, ok := names[c.Name()]; ok {
			t.Errorf("%s and %T are both %q", prev, c, c.Name())
		}
		names[c.Name()] = reflect.TypeOf(c)
	}
	for _, c := range []Command{
		reading.ListRequest{Tournament: "ЗК-1"},
		reading.ShowRequest{Game: "1-2"},
		RuleRequest{Kind: referee.RulePenalty, Game: "ЗК-1/1-2", Side: "black", Days: 6, Clause: "4.2.9", Reason: "описка"},
		CardRequest{Game: "1-2", From: "2", Postmark: daysclock.Date{Year: 2026, Month: 12, Day: 1}, Text: "Мой ход: 1... f6-g5"},
		ArchiveRequest{List: true},
		CreateRequest{Sheet: []byte("[tournament]\ncode = \"ЗК-1\"\n"), Force: true},
	} {
		b, err := json.Marshal(Request{Command: c})
		if err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil || len(m) != 1 || m[c.Name()] == nil {
			t.Errorf("%T is sent as %s, want {%q: ...}", c, b, c.Name())
		}
		var back Request
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if diff := cmp.Diff(c, reflect.ValueOf(back.Command).Elem().Interface()); diff != "" {
			t.Errorf("%s read back (-sent +read):\n%s", b, diff)
		}
		if back.Command.Changes() != c.Changes() {
			t.Errorf("%s: Changes %v read back as %v", b, c.Changes(), back.Command.Changes())
		}
	}
	if (ArchiveRequest{List: true}).Changes() || !(ArchiveRequest{Tournament: "ЗК-1"}).Changes() {
		t.Error("archive -list only reads; archive TOURNAMENT changes the store")
	}
}

// TestBadRequestsAreRefused: a request that names no command, two, or one postald does not know
// is refused as a bad request, with what was wrong.
func TestBadRequestsAreRefused(t *testing.T) {
	for _, in := range []string{`{}`, `{"list":{},"show":{"game":"1-2"}}`, `{"resign":{}}`, `{"show":{"game":12}}`, `[]`} {
		var r Request
		err := json.Unmarshal([]byte(in), &r)
		if !errors.Is(err, ErrBadRequest) {
			t.Errorf("%s: %v, want a bad request", in, err)
		}
	}
	if _, err := json.Marshal(Request{}); !errors.Is(err, ErrBadRequest) {
		t.Errorf("an empty request is sent: %v", err)
	}
}

// TestReplyCrossesTheSocket: a reply read back from JSON gives the same value as the reply the
// command returned, and says so when asked for another type.
func TestReplyCrossesTheSocket(t *testing.T) {
	here := Reply{kind: "list", value: &reading.ListReply{Games: []reading.GameRow{{Game: "ЗК-1/1-2", White: "Иванов", Black: "Петров"}}}}
	b, err := json.Marshal(here)
	if err != nil {
		t.Fatal(err)
	}
	var there Reply
	if err := json.Unmarshal(b, &there); err != nil {
		t.Fatal(err)
	}
	if there.Kind() != "list" {
		t.Errorf("kind %q", there.Kind())
	}
	if diff := cmp.Diff(replyOf[*reading.ListReply](t, here), replyOf[*reading.ListReply](t, there)); diff != "" {
		t.Errorf("(-here +there):\n%s", diff)
	}
	if _, _, err := As[*reading.GameView](here); err == nil {
		t.Error("a list's reply read as a game's view")
	}
	var none Reply
	if err := json.Unmarshal([]byte(`{}`), &none); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := As[*reading.ListReply](none); ok || err != nil {
		t.Errorf("an empty reply holds a value (%v) or fails (%v)", ok, err)
	}
}
