package mailparse

import (
	"bytes"
	"fmt"
	"io"
	"strings"

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
	lines := strings.Split(cleanText(text), "\n")
	lines = newText(lines)
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
	rd.subject(l.Header.Subject)
	for i, line := range lines {
		rd.line(i+1, line)
	}
	rd.finish()
	l.Problems = append(br.problems, rd.problems...)
	return l, nil
}

// textCleaner is what cleanText replaces.
var textCleaner = strings.NewReplacer(
	"\r\n", "\n", "\r", "\n", "\ufeff", "", "\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "",
	"\u00ad", "", "\u00a0", " ", "\u202f", " ", "\u2007", " ", "\t", " ",
)

// cleanText makes line ends "\n" and drops the invisible characters mail clients insert:
// byte order marks, zero-width spaces, soft hyphens, NULs; no-break spaces and tabs become spaces.
func cleanText(s string) string {
	s = textCleaner.Replace(s)
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return s
}
