package mailparse

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The move-list reader. It scans one line (with the parts already recognised as something
// else blanked out) into tokens: move numbers ("12.", "12...", "12…", "12. ..."), moves in
// full notation ("g3:e5", "c3-d4", "32-28", "47:24:8:17:6"), abbreviated notation ("gf4",
// "a:a7", a lone "e5"), attempts at a move that are not notation ("g3e5", "g3;e5"), and words.

type tokenKind int

const (
	tokWord    tokenKind = iota // anything else
	tokNumber                   // a move number with its dots
	tokMove                     // full algebraic notation: two or more squares
	tokNumeric                  // full numeric notation: two or more numbered squares
	tokAbbrev                   // abbreviated notation (4.2.2)
	tokAttempt                  // letters and digits that try to be a move but are not notation
)

type token struct {
	kind       tokenKind
	start, end int // byte offsets in the line

	number int  // tokNumber: the number
	black  bool // tokNumber: "..." (Black's half)

	notation string   // moves: normalised notation
	numTry   bool     // tokAttempt: numbers joined by a mark that is no separator ("11;31")
	squares  []string // full moves: the squares
	capture  bool     // full moves: joined by ":"
}

// lookalike maps the Cyrillic (and other) letters that look like the Latin file letters
// a–j, and the Latin capitals, to the lower-case Latin file letter (4.2.2: "букву «е» писать «Е»").
func fileLetter(r rune) (byte, bool) {
	switch {
	case r >= 'a' && r <= 'j':
		return byte(r), true
	case r >= 'A' && r <= 'J':
		return byte(r - 'A' + 'a'), true
	}
	switch r {
	case 'а', 'А': // Cyrillic a
		return 'a', true
	case 'с', 'С': // Cyrillic es
		return 'c', true
	case 'е', 'Е': // Cyrillic ie
		return 'e', true
	case 'В', 'Ь', 'ь': // Cyrillic ve (capital), soft sign
		return 'b', true
	case 'Н', 'һ', 'Һ': // Cyrillic en (capital), shha
		return 'h', true
	case 'ԁ': // Cyrillic komi de
		return 'd', true
	}
	return 0, false
}

// isDash reports whether r is written for the "-" of a quiet move.
func isDash(r rune) bool {
	switch r {
	case '-', '‐', '‑', '‒', '–', '—', '−', '﹣', '－':
		return true
	}
	return false
}

// isCaptureMark reports whether r is written for the ":" of a capture.
func isCaptureMark(r rune) bool {
	switch r {
	case ':', 'x', 'X', '×', 'х', 'Х', '：':
		return true
	}
	return false
}

func isSep(r rune) bool { return isDash(r) || isCaptureMark(r) }

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func runeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(s[i:])
}

// boundary reports whether position i ends a token: the end of s, or a rune that is neither a
// letter nor a digit.
func boundary(s string, i int) bool {
	r, n := runeAt(s, i)
	if n == 0 {
		return true
	}
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

type squareKind int

const (
	algebraic squareKind = iota + 1
	numeric
)

// squareAt reads one square at i: a file letter and a rank 1–10, or a number 1–50.
func squareAt(s string, i int) (sq string, kind squareKind, j int, ok bool) {
	r, n := runeAt(s, i)
	if n == 0 {
		return "", 0, i, false
	}
	if f, isFile := fileLetter(r); isFile {
		j = i + n
		k := j
		for k < len(s) && k-j < 3 && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		digits := s[j:k]
		if len(digits) == 0 || len(digits) > 2 || digits[0] == '0' {
			return "", 0, i, false
		}
		if v, _ := strconv.Atoi(digits); v < 1 || v > 10 {
			return "", 0, i, false
		}
		return string(rune(f)) + digits, algebraic, k, true
	}
	if isDigit(r) {
		k := i
		for k < len(s) && k-i < 3 && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		digits := s[i:k]
		if len(digits) > 2 {
			return "", 0, i, false
		}
		v, _ := strconv.Atoi(digits)
		if v < 1 || v > 50 {
			return "", 0, i, false
		}
		return strconv.Itoa(v), numeric, k, true
	}
	return "", 0, i, false
}

// moveAt reads squares joined by separators at i. It returns the squares, whether a capture
// mark joined them, and the end; n is the number of squares (0 when i holds no square).
//
// Squares of a letter (a1–j10) may be joined the way people type a dash: with spaces around it
// ("c3 - d4", "c3 – d4", "g3 : e5", what word processors make of "c3 - d4") or doubled
// ("c3--d4"): two squares joined by a separator are the move in full notation whatever the
// spacing, and reading "c3" and "d4" as two moves of abbreviated notation (4.2.2, an impossible
// move) would charge a player for his typography. Numbered squares (1–50) are joined only as
// written, "32-28": "10 - 20" is as often days or a range in prose.
func moveAt(s string, i int) (squares []string, kind squareKind, capture bool, end int) {
	sq, kind, j, ok := squareAt(s, i)
	if !ok {
		return nil, 0, false, i
	}
	squares = []string{sq}
	end = j
	for len(squares) < 64 {
		k := end
		if kind == algebraic {
			k += spacesAt(s, k)
		}
		r, n := runeAt(s, k)
		if n == 0 || !isSep(r) {
			break
		}
		k += n
		if kind == algebraic {
			if r2, n2 := runeAt(s, k); n2 > 0 && isDash(r) && isDash(r2) {
				k += n2 // "--" typed for a dash
			}
			k += spacesAt(s, k)
		}
		next, k2, j2, ok := squareAt(s, k)
		if !ok || k2 != kind {
			break
		}
		squares = append(squares, next)
		capture = capture || isCaptureMark(r)
		end = j2
	}
	return squares, kind, capture, end
}

// spaced reports whether a written move has spaces in it (moveAt).
func spaced(move string) bool { return strings.ContainsAny(move, " \t\u00a0\u202f\u2009") }

// spacesAt returns how many bytes of spaces stand at i, at most three spaces: the space, the
// tab and the no-break and thin spaces mail programs and word processors put around a dash.
func spacesAt(s string, i int) int {
	j := i
	for count := 0; count < 3; count++ {
		r, n := runeAt(s, j)
		if n == 0 || r != ' ' && r != '\t' && r != '\u00a0' && r != '\u202f' && r != '\u2009' {
			break
		}
		j += n
	}
	return j - i
}

// numberAt reads a move number at i: digits, then "." (White) or "...", "…", ". ..." (Black).
func numberAt(s string, i int) (number int, black bool, end int, ok bool) {
	j := i
	for j < len(s) && j-i < 4 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || j-i > 3 {
		return 0, false, i, false
	}
	number, _ = strconv.Atoi(s[i:j])
	if number < 1 {
		return 0, false, i, false
	}
	dots := 0
	k := j
	for k < len(s) {
		switch {
		case s[k] == '.':
			dots++
			k++
			continue
		case strings.HasPrefix(s[k:], "…"):
			dots += 3
			k += len("…")
			continue
		case s[k] == ' ' && (dots > 0 || k == j):
			// "12 ..." and "12. ...": spaces count only when more dots follow.
			m := k
			for m < len(s) && s[m] == ' ' {
				m++
			}
			if m < len(s) && (s[m] == '.' || strings.HasPrefix(s[m:], "…")) {
				k = m
				continue
			}
		}
		break
	}
	if dots == 0 || dots > 6 {
		return 0, false, i, false
	}
	// A number is followed by a space, a letter or a move: "14.11.2026" is no move number.
	r, n := runeAt(s, k)
	if n > 0 && isDigit(r) {
		sq, kind, _, end := moveAt(s, k)
		if (len(sq) < 2 || kind != numeric || !boundary(s, end)) && !isNumericAttempt(s[k:wordEnd(s, k)]) && !isNumericAttempt(s[k:runTo(s, k, "")]) {
			return 0, false, i, false
		}
	}
	return number, dots >= 2, k, true
}

// normaliseWritten maps look-alike letters to Latin file letters, capitals to lower case,
// dashes to "-" and capture marks to ":" in a written move that is not full notation.
func normaliseWritten(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case isDash(r):
			b.WriteByte('-')
		case isCaptureMark(r):
			b.WriteByte(':')
		default:
			if f, ok := fileLetter(r); ok {
				b.WriteByte(f)
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		}
	}
	return b.String()
}

// abbrevAt reads abbreviated notation at i: a file letter, an optional separator and a
// square ("gf4", "a:a7", "c-b4"), or a lone square ("e5").
func abbrevAt(s string, i int) (end int, ok bool) {
	r, n := runeAt(s, i)
	if _, isFile := fileLetter(r); !isFile {
		return i, false
	}
	if sq, kind, _, end := moveAt(s, i); len(sq) == 1 && kind == algebraic && boundary(s, end) {
		return end, true // a lone square
	}
	j := i + n
	if r2, n2 := runeAt(s, j); n2 > 0 && isSep(r2) {
		j += n2
	}
	_, kind, end, ok := squareAt(s, j)
	if !ok || kind != algebraic || !boundary(s, end) {
		return i, false
	}
	return end, true
}

// skipRune reports whether r separates tokens without being part of one.
func skipRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '…'
}

// runTo returns where the run of text starting at i ends: at the next space or rune of stops.
func runTo(s string, i int, stops string) int {
	j := i
	for j < len(s) {
		r, n := runeAt(s, j)
		if unicode.IsSpace(r) || strings.ContainsRune(stops, r) {
			break
		}
		j += n
	}
	return j
}

// wordEnd returns the end of the word starting at i: the next space or list punctuation.
func wordEnd(s string, i int) int {
	j := runTo(s, i, ",;()[]«»\"!?")
	if j == i {
		_, n := runeAt(s, i)
		j = i + n
	}
	return j
}

// isAttempt reports whether a word looks like a try at writing a move: Latin (or look-alike)
// letters and digits only, with at least one of each, and short.
func isAttempt(w string) bool {
	w = strings.TrimRight(w, ".:;")
	if w == "" || utf8.RuneCountInString(w) > 16 {
		return false
	}
	letters, digits := 0, 0
	for _, r := range w {
		switch {
		case isDigit(r):
			digits++
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
		default:
			if _, ok := fileLetter(r); ok {
				letters++
				continue
			}
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return false
			}
		}
	}
	return letters > 0 && digits > 0
}

// isNumericAttempt reports whether a word is numbered squares (1–50) joined by a mark that is
// no move separator: "11;31", "11.31", "11/31" — a numeric move written wrongly.
func isNumericAttempt(w string) bool {
	w = strings.TrimRight(w, ".:;")
	groups := strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(";,./=_", r) })
	if len(groups) < 2 || len(groups) > 8 || strings.Count(w, "")-1 > 24 {
		return false
	}
	n := 0
	for _, g := range groups {
		v, err := strconv.Atoi(g)
		if err != nil || len(g) > 2 || v < 1 || v > 50 {
			return false
		}
		n += len(g)
	}
	return len(w)-n == len(groups)-1 // one mark between each two numbers
}

// tokenEnd returns where a move written at i must end: the end of its word, without the
// full stop or colon that may close a sentence. "e1;d2" is one word, and no move.
func tokenEnd(s string, i int) int {
	j := runTo(s, i, ",()[]«»\"!?")
	for j > i && strings.ContainsRune(".;:", rune(s[j-1])) {
		j--
	}
	return j
}

// scanTokens splits a line into tokens. Blanked-out parts are spaces.
func scanTokens(s string) []token {
	var toks []token
	i := 0
	for i < len(s) && len(toks) < 512 {
		r, n := runeAt(s, i)
		if skipRune(r) {
			i += n
			continue
		}
		if isDigit(r) {
			if num, black, end, ok := numberAt(s, i); ok {
				toks = append(toks, token{kind: tokNumber, start: i, end: end, number: num, black: black})
				i = end
				continue
			}
		}
		want := tokenEnd(s, i)
		// A move written with spaces around its separator ("c3 - d4") ends where a word would
		// end after its last square.
		if sq, kind, capture, end := moveAt(s, i); len(sq) >= 2 && (end == want || spaced(s[i:end]) && tokenEnd(s, end) == end) {
			t := token{kind: tokMove, start: i, end: end, squares: sq, capture: capture}
			if kind == numeric {
				t.kind = tokNumeric
			}
			sep := "-"
			if capture {
				sep = ":"
			}
			t.notation = strings.Join(sq, sep)
			toks = append(toks, t)
			i = end
			continue
		}
		if end, ok := abbrevAt(s, i); ok && end == want {
			toks = append(toks, token{kind: tokAbbrev, start: i, end: end, notation: normaliseWritten(s[i:end])})
			i = end
			continue
		}
		end := wordEnd(s, i)
		if want > end {
			end = want
		}
		t := token{kind: tokWord, start: i, end: end}
		if isAttempt(s[i:end]) || isNumericAttempt(s[i:end]) {
			t.kind = tokAttempt
			t.numTry = !isAttempt(s[i:end])
			t.end = i + len(strings.TrimRight(s[i:end], ".:;"))
			t.notation = normaliseWritten(s[t.start:t.end])
		}
		toks = append(toks, t)
		i = end
	}
	return toks
}

// placedMove is a move read from a line with its byte offset, before it is filed.
type placedMove struct {
	Move
	numbered bool // the letter wrote its number
	off      int
}

// readMoveTokens turns a line's tokens into moves. Full algebraic moves count anywhere;
// numeric moves, abbreviated notation and attempts count only inside a run of moves (after a
// move number or a move) or when the whole line is about moves (context).
func readMoveTokens(line string, lineNo int, toks []token, context bool) (moves []placedMove, problems []Problem) {
	inRun := false
	pendingNumber, pendingBlack, havePending := 0, false, false
	for _, t := range toks {
		text := line[t.start:t.end]
		switch t.kind {
		case tokNumber:
			pendingNumber, pendingBlack, havePending = t.number, t.black, true
			inRun = true
			continue
		case tokWord:
			inRun, havePending = false, false
			continue
		case tokNumeric, tokAbbrev, tokAttempt:
			if t.numTry && !inRun {
				// "11;31" is a numeric move written wrongly only in a run of moves ("7... 11;31"):
				// elsewhere it may be a date or a score (4.2.5 is for moves).
				havePending = false
				continue
			}
			if !inRun && !context {
				havePending = false
				continue
			}
		}
		m := placedMove{off: t.start}
		m.Where = Where{Line: lineNo, Text: text}
		m.Notation = t.notation
		switch t.kind {
		case tokMove, tokNumeric:
			m.Squares = t.squares
			m.Capture = t.capture
		case tokAbbrev:
			m.Abbreviated = true
			problems = append(problems, Problem{Where: m.Where, What: WhatAbbreviated})
		case tokAttempt:
			m.Unreadable = true
			problems = append(problems, Problem{Where: m.Where, What: WhatMove})
		}
		if havePending {
			m.Number, m.Black, m.numbered = pendingNumber, pendingBlack, true
			havePending = false
		}
		moves = append(moves, m)
		inRun = true
	}
	return moves, problems
}

// onlyMoves reports whether a line's tokens are all move numbers and moves of any kind.
func onlyMoves(toks []token) bool {
	seen := false
	for _, t := range toks {
		switch t.kind {
		case tokWord:
			return false
		case tokMove, tokNumeric, tokAbbrev, tokAttempt:
			seen = true
		}
	}
	return seen
}

// numberList fills in the numbers a list leaves implicit: after White's move N comes Black's
// N, after Black's N comes White's N+1 ("12. g3:e5 f6:d4 13. c3:e5", the partner's forced reply
// written by the player, 4.2.4). A list that numbers nothing stays unnumbered. A numbering
// error is kept as written: the referee notes it (4.2.14).
func numberList(ms []Move, numbered []bool) {
	for i := range ms {
		if numbered[i] || i == 0 || ms[i-1].Number == 0 {
			continue
		}
		prev := ms[i-1]
		if prev.Black {
			ms[i].Number, ms[i].Black = prev.Number+1, false
		} else {
			ms[i].Number, ms[i].Black = prev.Number, true
		}
	}
}
