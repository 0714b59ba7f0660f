package office

import (
	"strings"
	"testing"
	"unicode/utf8"

	"postald/internal/mailparse"
	"postald/internal/trust"
)

// FuzzOneHeader: a letter the pre-checks let through (one From, no field written twice, within
// MaxFields) is read by the letter reader with the same sender and Subject, and by the store
// with the same Message-ID, as by the pre-checks' header reader: one header, read one way,
// whatever bytes it holds.
func FuzzOneHeader(f *testing.F) {
	f.Add([]byte("From: a@b.example\r\nSubject: ZK-1 game 1-2\r\nMessage-ID: <m@b>\r\n\r\nMy move: 1. c3-d4\r\n"))
	f.Add([]byte("From: a@b.example\r\nSubject :\r\n ZK-1 game 1-3\r\nMessage-ID: <m@b>\r\n\r\nbody\r\n"))
	f.Add([]byte("Subject: =?utf-8?B?0JDQstGC0L7QvtGC0LLQtdGC?=\nFrom: =?koi8-r?B?6dfBzg==?= <a@b.example>\n\nx"))
	f.Add([]byte("From: a@b.example\r\n   \r\nSubject: hidden\r\n\r\nbody"))
	f.Add([]byte("From: a@b.example\r\nsubject\t: x\r\nMessage-Id: <a@b> <c@d>\r\n\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		h := trust.ReadHeader(raw)
		if h.FromFields != 1 || h.SenderFields > 0 || h.Twice != "" || h.Fields > trust.MaxFields || h.From == "" {
			return // held before the letter is read
		}
		l, err := mailparse.Parse(raw)
		if err != nil {
			return // held as unreadable
		}
		if got := strings.ToLower(l.Header.From); got != h.From {
			return // held: the From read two ways (decide)
		}
		// (A Subject of raw 8-bit text the reader decodes by guessing its charset.)
		if sub := strings.Join(strings.Fields(l.Header.Subject), " "); utf8.ValidString(h.Subject) && sub != h.Subject {
			t.Fatalf("the Subject read two ways: the reader %q, the pre-checks %q", sub, h.Subject)
		}
		if id := MessageID(raw); id != h.MessageID {
			t.Fatalf("the Message-ID read two ways: the store's %q, the pre-checks %q", id, h.MessageID)
		}
	})
}
