// Package langcheck finds English in Russian texts: the tests of the phrase tables and of the
// golden letters and reports use it, so that an English word in a Russian letter fails them.
package langcheck

import (
	"regexp"
	"strings"
)

// Allowed are the Latin words a Russian text of postald may hold: its name, the formats and
// header fields it names, the settings a judge or administrator types.
var Allowed = map[string]bool{
	"postald": true, "PDN": true, "FEN": true, "Message-ID": true, "Authentication-Results": true,
	"authserv_id": true, "trust": true, "docs/trust.md": true, "HTML": true, "UTF-8": true,
	// The lots' letters: the hash and the function they are drawn with, and the labels of the
	// draws, which whoever checks them types.
	"SHA-256": true, "HMAC-SHA256": true, "numbers": true, "opening": true,
}

var (
	verb    = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)
	address = regexp.MustCompile(`[^\s<>()«»"',;]+@[^\s<>()«»"',;]+`)
	header  = regexp.MustCompile(`\bX-Postald-[A-Za-z-]+`)
	// a digest or a seed: 16 hexadecimal digits or more (the lots' hash, a receipt's sha256).
	digest = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)
	// square names and moves: c3, c3-d4, c3:e5:g3, a1xc3; with a move number "1." before.
	square = regexp.MustCompile(`\b[a-h](10|[1-9])([-:x][a-h](10|[1-9]))*\b`)
	latin  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_./-]*[A-Za-z0-9]|[A-Za-z]`)
)

// Latin returns the Latin words of s that are not allowed: not in Allowed or extra, not a square
// name or move, an e-mail address, an X-Postald header, a digest or a format verb (%s, %[2]d).
func Latin(s string, extra ...string) []string {
	s = verb.ReplaceAllString(s, " ")
	s = address.ReplaceAllString(s, " ")
	s = header.ReplaceAllString(s, " ")
	s = digest.ReplaceAllString(s, " ")
	s = square.ReplaceAllString(s, " ")
	var bad []string
	for _, w := range latin.FindAllString(s, -1) {
		w = strings.TrimRight(w, ".")
		if Allowed[w] || contains(extra, w) {
			continue
		}
		bad = append(bad, w)
	}
	return bad
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}
