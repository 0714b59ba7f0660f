package main

import (
	"io"
	"log/slog"
	"strings"
	"unicode/utf8"
)

// Text that comes from a letter (a display name, a subject, a Message-ID, the header and the
// text themselves, a reason quoting them) is written by whoever sent the letter. Printed to a
// terminal as it is, its control characters would act on the judge's terminal: clear the
// screen, set the window's title, hide a line, move the cursor over what postald wrote, or turn
// the text right to left. Every such text that cmd/postald prints goes through termLine (one
// line of a listing) or termText (a letter's header or text, its lines kept). What they remove
// is marked with one U+FFFD, so that the judge sees that something was there:
//
//   - C0 controls and DEL (tabs and line ends are kept by termText, turned into spaces by termLine);
//   - escape sequences (ESC, or the C1 introducers CSI, OSC, DCS, SOS, PM, APC, with what
//     follows up to their end), and every other C1 control;
//   - bidirectional overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069,
//     U+200E, U+200F, U+061C);
//   - bytes that are not UTF-8.
//
// The JSON output (-json) is data for programs and keeps every character, escaped as JSON does.

// termLine returns s fit for one line of a terminal listing.
func termLine(s string) string { return terminal(s, false) }

// termText returns s fit for a terminal, its lines and tabs kept.
func termText(s string) string { return terminal(s, true) }

const marked = '\uFFFD'

func terminal(s string, lines bool) string {
	if safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := rune(-1) // the last rune written, so that one sequence is marked once
	mark := func() {
		if last != marked {
			b.WriteRune(marked)
			last = marked
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			mark()
		case r == '\n' || r == '\t' || r == '\u2028' || r == '\u2029':
			switch {
			case !lines:
				b.WriteByte(' ')
			case r == '\t':
				b.WriteByte('\t')
			default:
				b.WriteByte('\n')
			}
			last = r
		case r == '\r':
			if !lines {
				b.WriteByte(' ')
				last = r
			} // a line end's CR: the LF ends the line
		case r == 0x1b:
			n += escapeLen(s[i+n:])
			mark()
		case r >= 0x80 && r <= 0x9f:
			n += c1Len(r, s[i+n:])
			mark()
		case r < 0x20 || r == 0x7f || bidi(r):
			mark()
		default:
			b.WriteString(s[i : i+n])
			last = r
		}
		i += n
	}
	return b.String()
}

// safe reports a string without anything terminal removes: most are, and are returned as they are.
func safe(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

func bidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// escapeLen is the length of the rest of an escape sequence after its ESC (ECMA-48): a control
// sequence (ESC [), a control string (ESC ] P X ^ _) up to its terminator, or intermediate
// bytes and a final byte.
func escapeLen(rest string) int {
	if rest == "" {
		return 0
	}
	switch rest[0] {
	case '[':
		return 1 + csiLen(rest[1:])
	case ']', 'P', 'X', '^', '_':
		return 1 + stringLen(rest[1:])
	}
	n := 0
	for n < len(rest) && rest[n] >= 0x20 && rest[n] <= 0x2f {
		n++ // intermediate bytes
	}
	if n < len(rest) && rest[n] >= 0x30 && rest[n] <= 0x7e {
		n++ // the final byte
	}
	return n
}

// c1Len is the length of what follows a C1 control that introduces a sequence.
func c1Len(r rune, rest string) int {
	switch r {
	case 0x9b: // CSI
		return csiLen(rest)
	case 0x90, 0x98, 0x9d, 0x9e, 0x9f: // DCS, SOS, OSC, PM, APC
		return stringLen(rest)
	}
	return 0
}

// csiLen: parameter bytes, intermediate bytes, a final byte.
func csiLen(rest string) int {
	n := 0
	for n < len(rest) && rest[n] >= 0x20 && rest[n] <= 0x3f {
		n++
	}
	if n < len(rest) && rest[n] >= 0x40 && rest[n] <= 0x7e {
		n++
	}
	return n
}

// stringLen: up to and with BEL, ESC \ or ST (U+009C); a string without its end runs to the end
// of s.
func stringLen(rest string) int {
	for i := 0; i < len(rest); i++ {
		switch {
		case rest[i] == 0x07:
			return i + 1
		case rest[i] == 0x1b && i+1 < len(rest) && rest[i+1] == '\\':
			return i + 2
		case rest[i] == 0xc2 && i+1 < len(rest) && rest[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(rest)
}

// newLog is the log of the commands, a text handler on w. Letter text reaches the log as
// attribute values (a From, a Message-ID, a subject, the parser's words); the text handler
// quotes every value with a control, a non-printing or a bidi character, escaped as Go writes
// them ("\x1b", "\u202e"), so that a log read on a terminal is never acted on by them either
// (TestLogEscapesLetterText).
func newLog(w io.Writer, level slog.Leveler) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
}
