package office

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitMbox(t *testing.T) {
	data := "From a@x Sun Nov  1 10:00:00 2026\nFrom: a@x\nSubject: one\n\n>From the start\n>>From deeper\nbody\n\n" +
		"From b@x Sun Nov  1 11:00:00 2026\r\nFrom: b@x\r\n\r\ntwo\r\n"
	got := SplitMbox([]byte(data))
	want := []string{
		"From: a@x\nSubject: one\n\nFrom the start\n>From deeper\nbody\n",
		"From: b@x\r\n\r\ntwo\r\n",
	}
	var gs []string
	for _, m := range got {
		gs = append(gs, string(m))
	}
	if diff := cmp.Diff(want, gs); diff != "" {
		t.Errorf("SplitMbox (-want +got):\n%s", diff)
	}
	if n := len(SplitMbox([]byte("no from line at all\n"))); n != 0 {
		t.Errorf("text without a From_ line: %d messages, want 0", n)
	}
}

// FuzzSplitMbox: any input splits without panicking, into one message per From_ line.
func FuzzSplitMbox(f *testing.F) {
	f.Add([]byte("From a@x Sun Nov  1 10:00:00 2026\nFrom: a@x\n\n>From x\n"))
	f.Add([]byte("From \nFrom \n\n"))
	f.Add([]byte(">From \r\nFrom x\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := 0
		for _, line := range bytes.SplitAfter(data, []byte("\n")) {
			if bytes.HasPrefix(line, []byte("From ")) {
				want++
			}
		}
		if got := len(SplitMbox(data)); got != want {
			t.Errorf("%d messages for %d From_ lines", got, want)
		}
	})
}
