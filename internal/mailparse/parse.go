package mailparse

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Parse reads a move letter from an RFC 5322 message. It returns an error only when the
// message cannot be read at all (no header); everything else it could not read is listed in
// Letter.Problems.
func Parse(raw []byte) (*Letter, error) { return ParseReader(bytes.NewReader(raw)) }

// ParseReader is Parse on a stream. It reads at most MaxMessageBytes of r.
func ParseReader(r io.Reader) (*Letter, error) {
	lr := &io.LimitedReader{R: r, N: MaxMessageBytes}
	e, err := message.Read(lr)
	if e == nil {
		if err == nil {
			err = errUnreadable
		}
		return nil, fmt.Errorf("read message header: %w", err)
	}
	br := &bodyReader{budget: MaxTextBytes}
	l := &Letter{Header: readHeader(mail.Header{Header: e.Header}, br)}
	text, _, found := br.entityText(e, err, 0)
	if e.Header.Len() == 0 && strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("read message: %w", errEmpty)
	}
	if !found {
		br.problem(l.Header.ContentType, WhatNoText)
	}
	if lr.N <= 0 && !br.cut {
		br.problem("", WhatTruncated)
	}
	own := newText(strings.Split(cleanText(text), "\n"))
	read(l, [][]string{own}, br.problems)
	// A letter whose own text states neither play nor a leave may have them in a file attached
	// (attached.go): the files' text is read after the letter's own, as if written there.
	texts := [][]string{own}
	problems := br.problems
	if !l.statesPlay() && l.Leave == nil { // the letter's own text says nothing
		for i := range br.attached {
			if a := &br.attached[i]; a.Readable && a.decode() {
				texts = append(texts, newText(strings.Split(cleanText(a.text), "\n")))
				problems = slices.Concat(problems, a.problems)
			}
		}
	}
	if len(texts) > 1 {
		withFiles := &Letter{Header: l.Header}
		read(withFiles, texts, problems)
		if withFiles.statesPlay() || withFiles.Leave != nil {
			*l = *withFiles
			for i := range br.attached {
				br.attached[i].Read = br.attached[i].Readable
			}
		}
	}
	for _, a := range br.attached {
		l.Attachments = append(l.Attachments, a.Attachment)
	}
	for _, p := range l.Parts {
		p.Attachments = l.Attachments // each section of a file read is read from it
	}
	return l, nil
}

// read reads the letter l from its texts (its own, then the files attached that are read with
// it), each a list of lines of new text, a blank line between two; problems are those of the
// message before its lines are read.
func read(l *Letter, texts [][]string, problems []Problem) {
	var lines []string
	for i, t := range texts {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, t...)
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	rd := &lineReader{l: l}
	if len(lines) > MaxLines {
		lines = lines[:MaxLines]
		rd.problems = append(rd.problems, Problem{Where: Where{Line: MaxLines, Text: clip(lines[MaxLines-1], 80)}, What: WhatTooManyLines})
	}
	l.Text = strings.Join(lines, "\n")
	rd.lines = lines
	if SubjectDamaged(l.Header.Subject) {
		rd.problems = append(rd.problems, Problem{Where: Where{Line: 0, Text: l.Header.Subject}, What: WhatDamagedSubject})
	} else {
		rd.subject(l.Header.Subject)
	}
	rd.survey() // protests, withdrawals, out-of-office texts: before any move is read
	for i, line := range lines {
		rd.line(i+1, line)
	}
	rd.finish()
	l.Problems = slices.Concat(problems, rd.problems)
	if hs := headings(lines); sectioned(hs) {
		split(l, lines, hs, l.Problems)
	}
}

// textCleaner is what cleanText replaces first: line ends, tabs, and the invisible
// formatting characters mail clients and right-to-left editors insert, which are dropped
// everywhere (4.2.2, 4.3.1: a move, a date or a fraction reads as if they were not there).
var textCleaner = strings.NewReplacer(
	"\r\n", "\n", "\r", "\n", "\t", " ",
	"\ufeff", "", "\u200b", "", "\u200c", "", "\u200d", "", "\u00ad", "", "\u180e", "",
	"\u200e", "", "\u200f", "", // left-to-right and right-to-left marks
	"\u202a", "", "\u202b", "", "\u202c", "", "\u202d", "", "\u202e", "", // embeddings, overrides
	"\u2066", "", "\u2067", "", "\u2068", "", "\u2069", "", // isolates
	"\u2061", "", "\u2062", "", "\u2063", "", "\u2064", "", // invisible operators
)

// isGlue reports whether r is a no-break space or the word joiner: nothing inside a move, a
// date or a fraction, a space elsewhere.
func isGlue(r rune) bool { return r == '\u00a0' || r == '\u202f' || r == '\u2007' || r == '\u2060' }

// cleanText makes line ends "\n" and drops the invisible characters mail clients insert:
// byte order marks, zero-width spaces, soft hyphens, direction marks and embeddings, NULs;
// tabs become spaces. No-break spaces and the word joiner inside a move, a date or a time
// fraction ("12.\u00a0g3\u00a0-\u00a0e5", "23\u202f/\u202f31") are dropped, elsewhere they
// become spaces ("18\u00a0ноября\u00a02026", "Мой\u00a0ход:").
func cleanText(s string) string {
	s = textCleaner.Replace(s)
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	if !strings.ContainsAny(s, "\u00a0\u202f\u2007\u2060") {
		return s
	}
	rs := []rune(s)
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); {
		if !isGlue(rs[i]) {
			out = append(out, rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && isGlue(rs[j]) {
			j++
		}
		if !insideToken(rs, i, j) && !joinedWord(rs, i, j) {
			out = append(out, ' ')
		}
		i = j
	}
	return string(out)
}

// joinedWord reports whether rs[i:j] is word joiners alone between two letters or digits:
// the joiner is zero-width, so "3\u20602-28" and "но\u2060ября" read as the writer sees them.
func joinedWord(rs []rune, i, j int) bool {
	if i == 0 || j >= len(rs) {
		return false
	}
	for _, r := range rs[i:j] {
		if r != '\u2060' {
			return false
		}
	}
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	return alnum(rs[i-1]) && alnum(rs[j])
}

// insideToken reports whether the run of no-break spaces rs[i:j] stands inside a move, a date
// or a fraction: next to a dash, a capture mark, a slash or the dot of a number, with a digit
// or a square on its other side, or between the file letter and the rank of a square.
func insideToken(rs []rune, i, j int) bool {
	at := func(k int) rune {
		if k < 0 || k >= len(rs) {
			return 0
		}
		return rs[k]
	}
	// skip steps over another run of no-break spaces from k in direction d.
	skip := func(k, d int) int {
		for k >= 0 && k < len(rs) && isGlue(rs[k]) {
			k += d
		}
		return k
	}
	prev, next := at(i-1), at(j)
	// squareAfter: a digit, or a file letter followed by a digit, from k on.
	squareAfter := func(k int) bool {
		r := at(k)
		if isDigit(r) {
			return true
		}
		_, file := fileLetter(r)
		return file && isDigit(at(skip(k+1, 1)))
	}
	// sep reports whether r joins the parts of a move, a date or a fraction.
	sep := func(r rune) bool { return isDash(r) || r == ':' || r == '/' || r == '×' || r == '：' }
	// captureLetter reports whether the letter x at k is a capture mark: an algebraic square
	// before it and a square after it ("g3 x e5"; "3 x 4" in prose stays apart).
	captureLetter := func(k int) bool {
		r := at(k)
		if r != 'x' && r != 'X' && r != 'х' && r != 'Х' {
			return false
		}
		d := skip(k-1, -1)
		for d >= 0 && d > k-4 && isDigit(rs[d]) {
			d--
		}
		_, file := fileLetter(at(d))
		return file && d < skip(k-1, -1) && squareAfter(skip(k+1, 1))
	}
	// joins reports whether the separator at k stands between a digit and a square: inside a
	// move, a date or a fraction, not a dash or a colon in prose ("Мой ход\u00a0—\u00a012.").
	joins := func(k int) bool {
		return sep(at(k)) && isDigit(at(skip(k-1, -1))) && squareAfter(skip(k+1, 1))
	}
	switch {
	case joins(j), joins(i - 1):
		return true // "g3\u00a0-", "-\u00a0e5", "23\u202f/\u202f31"
	case captureLetter(j), captureLetter(i - 1):
		return true
	case (next == '.' || next == '…') && isDigit(prev):
		return true // "12\u00a0..."
	case (prev == '.' || prev == '…') && (squareAfter(j) || next == '.' || next == '…'):
		// "12.\u00a0g3", "14.\u00a011.2026": the dot must close a bare number, not a move
		// ("h6:f4.\u00a0My move").
		k := i - 1
		for k >= 0 && (rs[k] == '.' || rs[k] == '…' || isGlue(rs[k])) {
			k--
		}
		if !isDigit(at(k)) {
			return false
		}
		for k >= 0 && isDigit(rs[k]) {
			k--
		}
		return !unicode.IsLetter(at(k))
	}
	if _, file := fileLetter(prev); file && isDigit(next) && !unicode.IsLetter(at(i-2)) && !isDigit(at(i-2)) {
		// "c\u20603-d4": a file letter and its rank, when a separator follows the rank or
		// comes before the letter.
		k := j
		for k < len(rs) && k-j < 2 && isDigit(rs[k]) {
			k++
		}
		return sep(at(skip(k, 1))) || captureLetter(skip(k, 1)) || sep(at(skip(i-2, -1)))
	}
	return false
}
