package mailwrite

import (
	"encoding/base64"
	"net/mail"
	"strings"
	"unicode/utf8"
)

// Header text that is not plain ASCII is written as RFC 2047 encoded words.
//
// A subject is cut into encoded words only where the text has a space: each encoded word but
// the last ends with the space after its last word (as "_"). Go's own encoder cuts wherever an
// encoded word is full, often inside a word; a reader must then join the two encoded words
// without the space between them (RFC 2047, 6.2), and some mail programs do not, showing
// «Турнирный с екретарь». Only a single word too long for one encoded word is cut inside, and
// then between two characters, never inside one.
//
// A name in an address is one encoded word, base64 (the shortest form for Cyrillic): Python's
// email package reads the space between two encoded words of a name as part of the name (so «Иван
// Петрович» split in two came out with two spaces, or a space inside a word), while Go's
// net/mail and mutt, as RFC 2047 says, drop it; one word reads the same in all three. A name of
// up to 47 bytes (23 Cyrillic letters) fits RFC 2047's 75 octets; a longer one is written as one
// longer word on a line of its own, which every reader tested decodes, rather than be misread.

// maxEncodedWord is the longest encoded word RFC 2047 (section 2) allows.
const maxEncodedWord = 75

// encodedWordOverhead is the length of "=?utf-8?q?" and "?=".
const encodedWordOverhead = len("=?utf-8?q?") + len("?=")

// EncodeText returns s as the unstructured text of the header field key (Subject): as it
// is when it is printable ASCII that cannot be taken for an encoded word, else as encoded words,
// the first short enough to stand on the field's first line.
func EncodeText(key, s string) string {
	if plainHeaderText(s) {
		return s
	}
	return encodeWords(s, min(maxEncodedWord, foldLimit-len(key)-len(": ")))
}

// EncodeAddress writes a as a header's address: a name that is not plain ASCII as encoded
// words (RFC 2047, 5(3)), otherwise as net/mail writes it.
func EncodeAddress(a mail.Address) string {
	if a.Address == "" {
		// A reader without an address (a card's, by post): named as an empty group (RFC 5322 3.4).
		return EncodeText("To", a.Name) + ":;"
	}
	if a.Name == "" || plainHeaderText(a.Name) {
		return a.String()
	}
	return "=?utf-8?b?" + base64.StdEncoding.EncodeToString([]byte(a.Name)) + "?= <" + a.Address + ">"
}

// plainHeaderText reports whether s can stand in a header as it is.
func plainHeaderText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return !strings.Contains(s, "=?")
}

// encodeWords writes s as Q-encoded UTF-8 encoded words, separated by spaces, each at most
// maxEncodedWord long (the first at most first), cut after the spaces of s.
func encodeWords(s string, first int) string {
	var out []string
	cur := ""
	room := func() int {
		if len(out) == 0 {
			return first - encodedWordOverhead
		}
		return maxEncodedWord - encodedWordOverhead
	}
	for _, piece := range splitAfterSpaces(s) {
		if qLen(cur+piece) <= room() {
			cur += piece
			continue
		}
		if cur != "" {
			out = append(out, qWord(cur))
		}
		// A word too long for one encoded word: cut between characters.
		for qLen(piece) > room() {
			n := 0
			for n < len(piece) {
				_, size := utf8.DecodeRuneInString(piece[n:])
				if qLen(piece[:n+size]) > room() {
					break
				}
				n += size
			}
			out = append(out, qWord(piece[:n]))
			piece = piece[n:]
		}
		cur = piece
	}
	if cur != "" {
		out = append(out, qWord(cur))
	}
	return strings.Join(out, " ")
}

// splitAfterSpaces cuts s after each space: "a b c" is "a ", "b ", "c".
func splitAfterSpaces(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// qSafe reports whether c stands for itself in a Q-encoded word anywhere, a phrase included
// (RFC 2047, 5(3): letters, digits and "!*+-/").
func qSafe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '!' || c == '*' || c == '+' || c == '-' || c == '/'
}

// qLen is the length of s Q-encoded.
func qLen(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if qSafe(s[i]) || s[i] == ' ' {
			n++
		} else {
			n += 3
		}
	}
	return n
}

// qWord is s as one encoded word.
func qWord(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.WriteString("=?utf-8?q?")
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case qSafe(c):
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('_')
		default:
			b.WriteByte('=')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	b.WriteString("?=")
	return b.String()
}
