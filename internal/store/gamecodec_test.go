package store

import (
	"reflect"
	"slices"
	"testing"

	"postald/internal/referee"
)

// TestSameEntry: sameEntry compares every field of a history entry; a field added to
// referee.Entry must be added to it, or a changed entry could be taken for the chunk's.
func TestSameEntry(t *testing.T) {
	var fields []string
	for i, typ := 0, reflect.TypeFor[referee.Entry](); i < typ.NumField(); i++ {
		fields = append(fields, typ.Field(i).Name)
	}
	if want := []string{"Date", "Letter", "From", "Verdict", "Clauses", "Note", "Faults", "Words"}; !slices.Equal(fields, want) {
		t.Errorf("referee.Entry has the fields %v; sameEntry compares %v", fields, want)
	}
	e := referee.Entry{Letter: "a", Clauses: []string{"4.2.9"}, Note: "n"}
	for _, f := range []func(*referee.Entry){
		func(e *referee.Entry) { e.Date.Day++ },
		func(e *referee.Entry) { e.Faults = []referee.Fault{{Clause: "4.2.10", Text: "c3-d4"}} },
		func(e *referee.Entry) { e.Letter += "x" },
		func(e *referee.Entry) { e.From = referee.White },
		func(e *referee.Entry) { e.Verdict = referee.Accepted },
		func(e *referee.Entry) { e.Clauses = append(e.Clauses, "4.2.10") },
		func(e *referee.Entry) { e.Note += "x" },
		func(e *referee.Entry) { e.Words = &referee.Quote{Line: 3, Text: "Сдаюсь."} },
	} {
		c := e
		c.Clauses = slices.Clone(e.Clauses)
		if f(&c); sameEntry(e, c) {
			t.Errorf("sameEntry takes %+v for %+v", c, e)
		}
	}
	if !sameEntry(e, referee.Entry{Letter: "a", Clauses: []string{"4.2.9"}, Note: "n"}) {
		t.Error("sameEntry does not take an entry for its copy")
	}
}
