package mailwrite

import (
	"mime"
	"net/mail"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEncodedWords: any subject and any name postald writes read back as they were, through
// Go's decoders; no encoded word is longer than RFC 2047 allows (but a long name's one word), and
// none holds part of a character.
func FuzzEncodedWords(f *testing.F) {
	for _, c := range headerCases {
		f.Add(c.name, c.subject)
	}
	f.Add("", "")
	f.Add("=?utf-8?q?x?=", "a  b   c")
	f.Add("Иван", " leading and trailing ")
	f.Fuzz(func(t *testing.T, name, subject string) {
		if !utf8.ValidString(name) || !utf8.ValidString(subject) || strings.ContainsAny(name+subject, "\r\n\x00") {
			t.Skip() // postald writes UTF-8 text of one line
		}
		enc := EncodeText("Subject", subject)
		got, err := new(mime.WordDecoder).DecodeHeader(enc)
		if err != nil || got != subject {
			t.Fatalf("subject %q written %q reads back %q (%v)", subject, enc, got, err)
		}
		for _, w := range strings.Fields(enc) {
			if strings.HasPrefix(w, "=?utf-8?q?") {
				if len(w) > maxEncodedWord {
					t.Errorf("encoded word of %d octets: %s", len(w), w)
				}
				if d, err := new(mime.WordDecoder).Decode(w); err != nil || !utf8.ValidString(d) {
					t.Errorf("encoded word %s is not whole characters: %q (%v)", w, d, err)
				}
			}
		}
		name = strings.TrimSpace(name)
		if name == "" || strings.ContainsAny(name, `"\`) || strings.TrimFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) != name {
			return // net/mail's own writer quotes these; the fuzzing is about encoded names
		}
		a, err := mail.ParseAddress(EncodeAddress(mail.Address{Name: name, Address: "ivan@club.example"}))
		if err != nil {
			if plainHeaderText(name) {
				return // an ASCII name is written by net/mail itself
			}
			t.Fatalf("name %q: %v", name, err)
		}
		if a.Name != name && !plainHeaderText(name) {
			t.Fatalf("name %q reads back %q", name, a.Name)
		}
	})
}
