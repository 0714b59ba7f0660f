package mailparse

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func hasProblem(l *Letter, what string) bool {
	for _, p := range l.Problems {
		if strings.HasPrefix(p.What, what) {
			return true
		}
	}
	return false
}

func moveStrs(ms []Move) string { return fmt.Sprint(moveStrings(ms)) }

// TestLimits feeds messages no player writes but any mailbox may hold. Each must be read as
// far as it can be, with what was cut reported.
func TestLimits(t *testing.T) {
	head := "From: a@mail.example\nSubject: СТ-2026/1 партия 3-7\n"
	nested := func(depth int) string {
		var b strings.Builder
		b.WriteString(head)
		for i := 0; i < depth; i++ {
			fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i)
		}
		b.WriteString("Content-Type: text/plain\n\nМой ход: 12. g3:e5\n")
		for i := depth - 1; i >= 0; i-- {
			fmt.Fprintf(&b, "--b%d--\n", i)
		}
		return b.String()
	}
	manyParts := func(n int) string {
		var b strings.Builder
		b.WriteString(head + "Content-Type: multipart/mixed; boundary=p\n\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "--p\nContent-Type: text/plain\n\nline %d\n", i)
		}
		b.WriteString("--p--\n")
		return b.String()
	}
	tests := []struct {
		name  string
		raw   string
		moves string // the own moves expected
		want  []string
	}{
		{"50 MB body", head + "\nМой ход: 12. g3:e5\n" + strings.Repeat(strings.Repeat("ш", 60)+"\n", 50<<20/121), "[12. g3:e5]", []string{WhatTruncated}},
		{"50 MB attachment", head + "Content-Type: multipart/mixed; boundary=z\n\n--z\nContent-Type: text/plain\n\nМой ход: 12. g3:e5\n--z\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n" +
			strings.Repeat(strings.Repeat("QUJD", 19)+"\n", 50<<20/77) + "--z--\n", "[12. g3:e5]", nil},
		{"a million lines", head + "\nМой ход: 12. g3:e5\n" + strings.Repeat("x\n", 1_000_000), "[12. g3:e5]", []string{WhatTruncated, WhatTooManyLines}},
		{"a 10 MB line", head + "\nМой ход: 12. g3:e5\n" + strings.Repeat("= ", 5<<20) + "\n", "[12. g3:e5]", []string{WhatTruncated, WhatLongLine}},
		{"nesting 100 deep", nested(100), "[]", []string{WhatMIME + ": nested too deep"}},
		{"nesting 5 deep", nested(5), "[12. g3:e5]", nil},
		{"1000 parts", manyParts(1000), "[]", []string{WhatMIME + ": too many parts"}},
		{"only an image", head + "Content-Type: image/png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n", "[]", []string{WhatNoText}},
		{"broken base64", head + "Content-Transfer-Encoding: base64\n\n0JzQvtC5INGF0L7QtDogMTIuIGczOmU1Cg==!!!\n", "[12. g3:e5]", []string{WhatMIME}},
		{"unknown transfer encoding", head + "Content-Transfer-Encoding: x-rot13\n\nМой ход: 12. g3:e5\n", "[12. g3:e5]", []string{WhatMIME + ": unknown transfer encoding"}},
		{"no closing boundary", head + "Content-Type: multipart/mixed; boundary=q\n\n--q\nContent-Type: text/plain\n\nМой ход: 12. g3:e5\n", "[12. g3:e5]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Parse([]byte(tt.raw))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := moveStrs(l.Moves); got != tt.moves {
				t.Errorf("moves %s, want %s", got, tt.moves)
			}
			for _, w := range tt.want {
				if !hasProblem(l, w) {
					t.Errorf("no problem %q among %+v", w, l.Problems)
				}
			}
			if len(l.Text) > MaxTextBytes {
				t.Errorf("text of %d bytes kept", len(l.Text))
			}
			if len(l.Problems) > 400 {
				t.Errorf("%d problems", len(l.Problems))
			}
		})
	}
}

// TestUnreadable lists what cannot be read at all: Parse returns an error and no letter.
func TestUnreadable(t *testing.T) {
	for _, raw := range []string{"", "\n\n", "no header here, just text\n", "\x00\x01\x02"} {
		l, err := Parse([]byte(raw))
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", raw, l.View())
		}
	}
}

// TestReaderCap checks that ParseReader stops at MaxMessageBytes and says so.
func TestReaderCap(t *testing.T) {
	raw := "Subject: x\n\nМой ход: 12. g3:e5\n"
	r := &endless{prefix: []byte(raw)}
	l, err := ParseReader(r)
	if err != nil {
		t.Fatal(err)
	}
	if !hasProblem(l, WhatTruncated) || moveStrs(l.Moves) != "[12. g3:e5]" {
		t.Errorf("moves %s, problems %+v", moveStrs(l.Moves), l.Problems)
	}
	if r.n > MaxMessageBytes+int64(len(raw))+64<<10 {
		t.Errorf("read %d bytes of an endless message", r.n)
	}
}

// endless is a message body that never ends.
type endless struct {
	prefix []byte
	n      int64
}

func (e *endless) Read(p []byte) (int, error) {
	var k int
	if int(e.n) < len(e.prefix) {
		k = copy(p, e.prefix[e.n:])
	} else {
		k = copy(p, bytes.Repeat([]byte("z"), len(p)))
	}
	e.n += int64(k)
	return k, nil
}
