package mailparse

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/emersion/go-message"

	"postald/internal/daysclock"
)

// FuzzParse feeds raw bytes to Parse: it must never panic, and what it returns must hold
// together: valid UTF-8 text, every place inside the text, a View that encodes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("Subject: x\n\nМой ход: 12. g3:e5\nДаты: 14.11.2026 / 16.11.2026 / 18.11.2026\n"))
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<p>12. a1-b2</p>\n--b--\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, err := Parse(raw)
		if err != nil {
			if l != nil {
				t.Fatal("a letter with an error")
			}
			return
		}
		if !utf8.ValidString(l.Text) {
			t.Fatalf("text is not UTF-8: %q", l.Text)
		}
		for _, a := range l.Attachments {
			// A file's name is quoted in answers: UTF-8, one line, no longer than 200 bytes.
			if !utf8.ValidString(a.Name) || strings.ContainsAny(a.Name, "\r\n") || len(a.Name) > 200 || a.Read && !a.Readable {
				t.Fatalf("attached file %+v", a)
			}
		}
		if i := strings.IndexAny(l.Text, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2061\u2062\u2063\u2064\u180e\ufeff\u200b\u00a0\u202f\u2007\u2060"); i >= 0 {
			t.Fatalf("invisible character left in the text at %d: %q", i, l.Text)
		}
		n := len(l.Lines())
		inText := func(w Where, what string) {
			if w.Line < 0 || w.Line > n {
				t.Fatalf("%s at line %d of %d", what, w.Line, n)
			}
		}
		all := append(append([]Move{}, l.Repeated...), l.Moves...)
		if a := l.AcceptVariant; a != nil {
			inText(a.Where, "acceptance")
			if a.Until < 0 || a.Inclusive && a.Until == 0 {
				t.Fatalf("acceptance %+v", a)
			}
			all = append(append(all, a.Moves...), a.Declined...)
		}
		for _, v := range l.Variants {
			if len(v.Moves) == 0 {
				t.Fatal("empty variant kept")
			}
			all = append(all, v.Moves...)
		}
		for _, m := range all {
			inText(m.Where, "move")
			if m.Line == 0 || m.Notation == "" || m.String() == "" {
				t.Fatalf("move %+v", m)
			}
			if !m.Abbreviated && !m.Unreadable && len(m.Squares) < 2 {
				t.Fatalf("full move with %d squares: %+v", len(m.Squares), m)
			}
		}
		for _, p := range l.Problems {
			inText(p.Where, "problem")
			if p.What == "" {
				t.Fatal("problem without a what")
			}
		}
		for _, d := range l.Dates {
			if _, err := daysclock.ParseDate(d.Date.String()); err != nil {
				t.Fatalf("date %v: %v", d.Date, err)
			}
		}
		// A letter about several games: each part's places are the letter's lines, and the
		// player's statements stay in the letter itself.
		for _, p := range l.Parts {
			if p.Leave != nil || p.Withdrawal != nil || p.Away != nil || len(p.Parts) > 0 {
				t.Fatalf("a part holds the player's statements or parts of its own: %+v", p)
			}
			if len(p.Lines()) != n {
				t.Fatalf("a part's text has %d lines, the letter's %d", len(p.Lines()), n)
			}
			for _, m := range append(append([]Move{}, p.Repeated...), p.Moves...) {
				inText(m.Where, "a part's move")
			}
		}
		if len(l.Parts) > 0 && (len(l.Moves) > 0 || len(l.Repeated) > 0 || l.Draw.Kind != DrawNone || l.Resign) {
			t.Fatalf("a letter about several games keeps statements of a game: %+v", l.View())
		}
		if lv := l.Leave; lv != nil && !lv.From.IsZero() && !lv.To.IsZero() && lv.From.Year != 0 && lv.To.Year != 0 && lv.To.Before(lv.From) {
			// A period the letter writes backwards is read as written: the referee refuses it.
			_ = lv
		}
		if _, err := json.Marshal(l); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzLeavePeriod checks the leave reader: the days it finds are in the line, in order, and are
// days of the calendar (a day without its year in some year); the period of two days with their
// years is completed by Complete as written.
// FuzzDocumentText reads attached documents: whatever the bytes, documentText returns UTF-8
// text of at most MaxTextBytes or an error, and never panics (a zip bomb is cut at
// MaxAttachedFile bytes unpacked).
func FuzzDocumentText(f *testing.F) {
	for _, name := range []string{"testdata/letters/attached_docx_ru.eml", "testdata/letters/attached_odt_en.eml"} {
		raw, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		l, err := Parse(raw)
		if err != nil || len(l.Attachments) == 0 {
			f.Fatalf("%s: %v", name, err)
		}
		for _, a := range attachedFiles(f, raw) {
			f.Add(a, strings.HasSuffix(name, "odt_en.eml"))
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte, odt bool) {
		kind := docDocx
		if odt {
			kind = docODT
		}
		text, err := documentText(raw, kind)
		if err != nil {
			return
		}
		if !utf8.ValidString(text) || len(text) > MaxTextBytes || strings.TrimSpace(text) == "" {
			t.Fatalf("text of %d bytes, valid %v: %.200q", len(text), utf8.ValidString(text), text)
		}
	})
}

// attachedFiles returns the decoded bodies of the parts of a message with a file name.
func attachedFiles(f *testing.F, raw []byte) [][]byte {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	e.Walk(func(path []int, part *message.Entity, err error) error {
		if _, params, _ := part.Header.ContentDisposition(); params["filename"] != "" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			out = append(out, b)
		}
		return nil
	})
	return out
}

func FuzzLeavePeriod(f *testing.F) {
	for _, s := range []string{"с 17-го по 21-е января", "с 15.01 по 24.01", "from january 13 to january 18",
		"с 28 декабря по 5 января 2027", "13–18 jan 2027", "с 01.12.2026 по 15.12.2026", "с 31.02 по 01.03", "с 1-го по 99-е мая"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		lower := lowerSameLen(line)
		from, to, spans, _ := leavePeriod(lower)
		last := 0
		for _, sp := range spans {
			if sp[0] < last || sp[1] < sp[0] || sp[1] > len(lower) {
				t.Fatalf("spans %v out of order or outside the line of %d bytes", spans, len(lower))
			}
			last = sp[1]
		}
		for _, d := range []daysclock.Date{from, to} {
			if d.IsZero() {
				continue
			}
			y := d.Year
			if y == 0 {
				y = 2000
			}
			if _, ok := makeDate(d.Day, int(d.Month), strconv.Itoa(y)); !ok {
				t.Fatalf("no such day: %+v", d)
			}
		}
		if !from.IsZero() && !to.IsZero() {
			if got, ok := (Leave{From: from, To: to}).Complete(daysclock.Date{Year: 2026, Month: 12, Day: 7}); ok && got.To.Before(got.From) && from.Year == 0 && to.Year == 0 {
				t.Fatalf("completed %v..%v as %v: the last day before the first", from, to, got)
			}
		}
	})
}

// FuzzReadDates checks the date reader: matches in order, inside the line, never
// overlapping, and every date it accepts is a real calendar day.
func FuzzReadDates(f *testing.F) {
	for _, s := range []string{"14.11.2026 / 16.11.2026", "18 ноября 2026", "2026-11-18", "31.11.2026", "Nov 18, 2026", "18/11/26"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > MaxLineBytes {
			return
		}
		lower := lowerSameLen(s)
		if len(lower) != len(s) {
			t.Fatalf("lower case changed the length of %q", s)
		}
		prev := 0
		for _, m := range readDates(lower) {
			if m.start < prev || m.end <= m.start || m.end > len(s) {
				t.Fatalf("match [%d,%d) after %d in %q", m.start, m.end, prev, s)
			}
			prev = m.end
			if m.ok {
				back, err := daysclock.ParseDate(m.date.String())
				if err != nil || back != m.date {
					t.Fatalf("date %v from %q does not exist", m.date, s[m.start:m.end])
				}
			}
		}
	})
}

// FuzzMoveList checks the move-list reader: tokens in order inside the line; a full move's
// notation is its squares joined, and reads back as the same move.
func FuzzMoveList(f *testing.F) {
	for _, s := range []string{"12. g3:e5 f6:d4 13. c3:e5", "12…f6:d4", "18. 28:19 14:23", "8... gf4", "12. g3e5", "а5×с3", "1.c3-d4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > MaxLineBytes || !utf8.ValidString(s) {
			return
		}
		toks := scanTokens(s)
		prev := 0
		for _, tk := range toks {
			if tk.start < prev || tk.end < tk.start || tk.end > len(s) {
				t.Fatalf("token [%d,%d) after %d in %q", tk.start, tk.end, prev, s)
			}
			prev = tk.end
		}
		moves, _ := readMoveTokens(s, 1, toks, true)
		for _, m := range moves {
			if m.Abbreviated || m.Unreadable {
				continue
			}
			sep := "-"
			if m.Capture {
				sep = ":"
			}
			if m.Notation != strings.Join(m.Squares, sep) {
				t.Fatalf("notation %q, squares %v", m.Notation, m.Squares)
			}
			again := scanTokens(m.Notation)
			if len(again) != 1 || again[0].notation != m.Notation {
				t.Fatalf("%q does not read back as itself: %+v", m.Notation, again)
			}
		}
	})
}
