package trust

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAuthResults: any field value is read or refused without panic, and what is read is in the
// documented shape; Policy.Check of it never panics and never passes an unreadable field.
func FuzzAuthResults(f *testing.F) {
	for _, s := range []string{
		"example.org 1; none",
		"example.com; spf=pass smtp.mailfrom=example.net",
		"mx.club.example; dkim=pass (good (nested) sig) header.d=club.example header.b=\"Ab/3=\"; dmarc=pass header.from=club.example",
		"mx.club.example;\r\n\tdkim/1=pass reason=\"x\\\"y\" header.i=@club.example;",
		"(comment only",
		"mx; dkim=pass header.",
	} {
		f.Add(s)
	}
	pol := Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "spf", "dmarc"}}
	f.Fuzz(func(t *testing.T, v string) {
		ar, err := ParseAuthResults(v)
		if err == nil && ar.AuthservID == "" {
			t.Fatalf("ParseAuthResults(%q) read no authserv-id and no error", v)
		}
		for _, r := range ar.Results {
			if r.Method == "" || r.Result == "" || r.Method != strings.ToLower(r.Method) || r.Result != strings.ToLower(r.Result) {
				t.Fatalf("ParseAuthResults(%q): result %+v not lower-case keywords", v, r)
			}
			for _, p := range r.Properties {
				if p.Type == "" || p.Name == "" {
					t.Fatalf("ParseAuthResults(%q): property %+v without type or name", v, p)
				}
			}
		}
		if check := pol.Check([]string{v}, "ivan@club.example"); check == nil && err != nil {
			t.Fatalf("Check passed an unreadable field %q (%v)", v, err)
		}
	})
}

// FuzzReadHeader: any bytes give a Header without panic, within the bounds.
func FuzzReadHeader(f *testing.F) {
	f.Add([]byte("From: Ivan <Ivan@Club.Example>\r\nAuthentication-Results: mx; dkim=pass\r\n\r\nbody"))
	f.Add([]byte("From: a@b\nFrom: c@d\nContent-Type: multipart/report;\n report-type=x\n\n"))
	f.Add([]byte("Return-Path: <>\r\n X-Postald-Game: x\r\nList-Id: l\r\n"))
	f.Add([]byte(":\r\n\tfolded\r\nFrom:=?koi8-r?B?6dfBzg==?= <a@b>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		h := ReadHeader(raw)
		if h.From != strings.ToLower(h.From) {
			t.Fatalf("From %q is not lower case", h.From)
		}
		if h.From != "" && h.FromFields == 0 {
			t.Fatalf("From %q read from no From field", h.From)
		}
		if len(h.AuthResults) > maxAuthResults || len(h.AuthResults) > h.Fields || len(h.Recipients) > maxRecipients {
			t.Fatalf("bounds: %d fields, %d Authentication-Results", h.Fields, len(h.AuthResults))
		}
		if (h.Twice == "") != (h.TwiceN == 0) || h.TwiceN == 1 {
			t.Fatalf("Twice %q, %d times", h.Twice, h.TwiceN)
		}
		for _, v := range h.AuthResults {
			if len(v) > maxValueBytes {
				t.Fatalf("a value of %d bytes kept", len(v))
			}
		}
	})
}

// FuzzMeasure: Measure agrees with a plain count of lines and bytes, and Check agrees with
// Measure.
func FuzzMeasure(f *testing.F) {
	f.Add([]byte(plainLetter), 10, 3)
	f.Add([]byte(multipartLetter), 40, 5)
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\n--b\n--b--\n"), 0, 2)
	f.Add([]byte("x\r\r\n\n\r"), 1, 1)
	f.Fuzz(func(t *testing.T, raw []byte, maxLine, maxParts int) {
		s := Measure(raw)
		longest := 0
		for _, line := range bytes.Split(raw, []byte("\n")) {
			longest = max(longest, len(bytes.TrimSuffix(line, []byte("\r"))))
		}
		if s.Bytes != int64(len(raw)) || s.LongestLine != longest || s.Parts < 1 {
			t.Fatalf("Measure = %+v, want %d bytes, longest line %d, at least one part", s, len(raw), longest)
		}
		if s.Parts > 1+bytes.Count(raw, []byte("\n--")) {
			t.Fatalf("Measure counted %d parts, more than the lines starting with --", s.Parts)
		}
		l := Limits{MaxLineBytes: max(maxLine, 0), MaxParts: max(maxParts, 0)}
		e := l.Check(raw, 0)
		over := l.MaxLineBytes > 0 && s.LongestLine > l.MaxLineBytes || l.MaxParts > 0 && s.Parts > l.MaxParts
		if (e != nil) != over {
			t.Fatalf("Check = %v, Measure = %+v under %+v", e, s, l)
		}
		if e != nil && !utf8.ValidString(e.Error()) {
			t.Fatalf("Excess message %q", e.Error())
		}
	})
}
