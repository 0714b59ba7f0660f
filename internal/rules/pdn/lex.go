package pdn

import (
	"io"
	"strings"
	"unicode"
)

// tokenKind tells what a token of a PDN file is.
type tokenKind int

const (
	tokTag      tokenKind = iota // [Name "value"]
	tokWord                      // a word of move text: a move, a move number, a result, or anything else
	tokComment                   // {…}, [%…] outside a comment, ; to the end of the line
	tokSetup                     // /FEN "…"/ inside the move text
	tokVarStart                  // ( opening a variation
	tokVarEnd                    // ) closing a variation
)

// token is one lexical element of a PDN file.
type token struct {
	kind tokenKind
	name string // tag name
	text string // tag value, word, comment or setup text
	line int    // line the token starts on
}

// Limits that keep the memory of the reader bounded whatever the input.
const (
	maxWord    = 64   // runes of a move text word; longer words are cut
	maxTagName = 64   // runes of a tag name
	maxValue   = 1024 // runes of a tag value, a comment or a setup command
)

// lexer splits a PDN file into tokens. The grammar it follows is the PDN 3.0
// reading grammar, widened for the files found in the wild: comments do not
// nest (a comment ends at the first "}", as the standard says), "%" starts a
// comment running to the end of the line, ";" too (a PGN habit), a "[%…]"
// command outside a comment is a comment, and "(!)" or "(?)" is a move
// strength, not a variation.
type lexer struct {
	src     *runeSource
	peeked  []rune // runes read ahead, next first
	lastNL  bool   // the previous rune was a line end (or none was read)
	done    bool
	readErr error
}

func newLexer(r io.Reader) *lexer {
	return &lexer{src: newRuneSource(r), lastNL: true}
}

func (l *lexer) read() (rune, bool) {
	r, ok := l.read1()
	if ok {
		l.lastNL = r == '\n'
	}
	return r, ok
}

func (l *lexer) read1() (rune, bool) {
	if n := len(l.peeked); n > 0 {
		r := l.peeked[n-1]
		l.peeked = l.peeked[:n-1]
		return r, true
	}
	if l.done {
		return 0, false
	}
	r, err := l.src.next()
	if err != nil {
		l.done = true
		if err != io.EOF {
			l.readErr = err
		}
		return 0, false
	}
	return r, true
}

func (l *lexer) unread(r rune) { l.peeked = append(l.peeked, r) }

func (l *lexer) peek() (rune, bool) {
	r, ok := l.read()
	if ok {
		l.unread(r)
	}
	return r, ok
}

// line is the line number of the next rune to be read.
func (l *lexer) line() int {
	n := l.src.line
	for _, r := range l.peeked {
		if r == '\n' {
			n--
		}
	}
	return n
}

func isSpace(r rune) bool {
	return r == '\uFEFF' || unicode.IsSpace(r) || unicode.IsControl(r)
}

// stopsWord reports whether r ends a word of move text.
func stopsWord(r rune) bool {
	switch r {
	case '{', '}', '[', ']', '(', ')', ';':
		return true
	}
	return isSpace(r)
}

// next returns the next token. At the end of the input it returns io.EOF, or
// the read error that ended it.
func (l *lexer) next() (token, error) {
	for {
		prevNL := l.lastNL
		r, ok := l.read()
		if !ok {
			if l.readErr != nil {
				return token{}, l.readErr
			}
			return token{}, io.EOF
		}
		if isSpace(r) || l.escapedSpace(r) {
			continue
		}
		line := l.line()
		switch r {
		case '{':
			return token{kind: tokComment, text: l.until('}', false), line: line}, nil
		case '%', ';':
			return token{kind: tokComment, text: l.until('\n', true), line: line}, nil
		case '[':
			if p, ok := l.peek(); ok && p == '%' {
				return token{kind: tokComment, text: "[" + l.until(']', false) + "]", line: line}, nil
			}
			return l.tag(line), nil
		case ']', '}':
			continue // a stray closer
		case '(':
			if l.strength() {
				continue
			}
			return token{kind: tokVarStart, line: line}, nil
		case ')':
			return token{kind: tokVarEnd, line: line}, nil
		case '/':
			if p, ok := l.peek(); ok && unicode.IsLetter(p) {
				return token{kind: tokSetup, text: l.until('/', false), line: line}, nil
			}
		}
		l.unread(r)
		w := l.word()
		if prevNL && isTagName(w) && l.bracketlessTag() {
			// A tag line that lost its "[": `Event "…"]`.
			return l.tagValue(w, line), nil
		}
		return token{kind: tokWord, text: w, line: line}, nil
	}
}

// isTagName reports whether w can be the name of a tag: a capital letter and
// letters, digits or "_".
func isTagName(w string) bool {
	if w == "" || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, c := range []byte(w) {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// bracketlessTag reports whether the rest of the line, after a word, is the
// rest of a tag: blanks, a quoted value and "]". It reads nothing.
func (l *lexer) bracketlessTag() bool {
	var buf []rune
	defer func() {
		for i := len(buf) - 1; i >= 0; i-- {
			l.unread(buf[i])
		}
	}()
	state := 0 // 0 blanks before the value, 1 in the value, 2 after it
	for len(buf) < maxValue+8 {
		r, ok := l.read()
		if !ok || r == '\n' {
			if ok {
				buf = append(buf, r)
			}
			return false
		}
		buf = append(buf, r)
		switch {
		case state == 0 && r == '"':
			state = 1
		case state == 0 && (r == ' ' || r == '\t'):
		case state == 1 && r == '"':
			state = 2
		case state == 1:
		case state == 2 && r == ']':
			return true
		case state == 2 && (r == ' ' || r == '\t'):
		default:
			return false
		}
	}
	return false
}

// escapedSpace reads the rest of a line end written as the two characters
// "\r" or "\n" after its backslash r, and reports whether there was one. Files
// converted from JSON by careless tools carry them between tags and moves.
func (l *lexer) escapedSpace(r rune) bool {
	if r != '\\' {
		return false
	}
	p, ok := l.peek()
	if !ok || (p != 'r' && p != 'n' && p != 't') {
		return false
	}
	l.read()
	return true
}

// until reads up to and including the rune end (or the end of the input) and
// returns what came before it, cut to maxValue runes. With keepEnd the end
// rune is left unread.
func (l *lexer) until(end rune, keepEnd bool) string {
	var b strings.Builder
	n := 0
	for {
		r, ok := l.read()
		if !ok {
			return b.String()
		}
		if r == end {
			if keepEnd {
				l.unread(r)
			}
			return b.String()
		}
		if n < maxValue {
			b.WriteRune(r)
			n++
		}
	}
}

// strength reads the rest of a "(!)", "(?)", "(!?)"… move strength after its
// "(" and reports whether there was one; if not it reads nothing.
func (l *lexer) strength() bool {
	var buf []rune
	for len(buf) < 4 {
		r, ok := l.read()
		if !ok {
			break
		}
		buf = append(buf, r)
		if r == ')' && len(buf) > 1 {
			return true
		}
		if r != '!' && r != '?' {
			break
		}
	}
	for i := len(buf) - 1; i >= 0; i-- {
		l.unread(buf[i])
	}
	return false
}

// skipWhile reads the runes for which skip holds and leaves the first other
// one unread.
func (l *lexer) skipWhile(skip func(rune) bool) {
	for {
		r, ok := l.read()
		if !ok {
			return
		}
		if !skip(r) {
			l.unread(r)
			return
		}
	}
}

// word reads a word of move text.
func (l *lexer) word() string {
	var b strings.Builder
	n := 0
	for {
		r, ok := l.read()
		if !ok {
			break
		}
		if stopsWord(r) {
			l.unread(r)
			break
		}
		if l.escapedSpace(r) {
			l.unread(' ')
			break
		}
		if n < maxWord {
			b.WriteRune(r)
		}
		n++
	}
	return b.String()
}

// tag reads a tag pair after its "[". Real files pad names with spaces
// ("[Event       "…"]"), write names in any case, and now and then forget the
// quotes; a tag ends at its "]" or at the end of its line.
func (l *lexer) tag(line int) token {
	// A "[" alone at the end of its line is seen too: skip line ends before
	// the name.
	l.skipWhile(isSpace)
	var name strings.Builder
	n := 0
	for {
		r, ok := l.read()
		if !ok {
			break
		}
		if isSpace(r) || r == '"' || r == ']' || r == '[' {
			l.unread(r)
			break
		}
		if n < maxTagName {
			name.WriteRune(r)
		}
		n++
	}
	return l.tagValue(name.String(), line)
}

// tagValue reads the value of a tag after its name, up to its "]".
func (l *lexer) tagValue(name string, line int) token {
	l.skipWhile(func(r rune) bool { return r != '\n' && isSpace(r) })
	var value strings.Builder
	n := 0
	add := func(r rune) {
		if n < maxValue {
			value.WriteRune(r)
			n++
		}
	}
	r, ok := l.read()
	switch {
	case !ok:
	case r == '"':
		for {
			r, ok := l.read()
			if !ok || r == '"' || r == '\n' {
				if r == '\n' {
					l.unread(r)
				}
				break
			}
			if r == '\\' {
				if p, ok := l.peek(); ok && (p == '"' || p == '\\') {
					r, _ = l.read()
				}
			}
			add(r)
		}
		// Skip to the closing bracket on the same line.
		for {
			r, ok := l.read()
			if !ok || r == ']' {
				break
			}
			if r == '\n' || r == '[' {
				l.unread(r)
				break
			}
		}
	default:
		l.unread(r)
		for {
			r, ok := l.read()
			if !ok || r == ']' {
				break
			}
			if r == '\n' {
				l.unread(r)
				break
			}
			add(r)
		}
	}
	return token{kind: tokTag, name: name, text: strings.TrimSpace(value.String()), line: line}
}
