package pdn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tag is one tag pair of a game's header, as written (the name trimmed).
type Tag struct {
	Name  string
	Value string
}

// Move is one move of a game's main line as written in the file.
type Move struct {
	// Ply counts the half-moves of the game from 1 in file order.
	Ply int
	// Text is the move as written, without its move number and without a
	// strength mark ("!", "?!"…); white space inside a move ("1- 7") is kept
	// as one space.
	Text string
	// Comment holds the comments written after the move, joined by a space.
	Comment string
}

// Game is one game of a PDN file: its header and its main line.
type Game struct {
	// Tags are the tag pairs in file order.
	Tags []Tag
	// Moves are the main line's moves in order; variations are left out.
	Moves []Move
	// Result is the result written at the end of the move text ("1-0",
	// "2-0", "1/2-1/2", "*", "4-6"…), or "" when the move text has none.
	Result string
	// Line is the line of the file where the game starts.
	Line int
	// Err is set when the game broke a limit of the reader (ErrTooLong); the
	// moves beyond the limit are dropped.
	Err error
}

// Tag returns the value of the first tag named name, compared without regard
// to case, and whether there is one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the first tag named name (compared without regard to case), or
// appends it.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Limits of one game. Real games have a few dozen tags and fewer than 300
// plies; the limits only keep a hostile file from using unbounded memory.
const (
	MaxTags     = 100
	MaxPlies    = 2000
	maxComments = 16 << 10 // runes of comments kept per game
)

// ErrTooLong marks a game with more than MaxTags tags or MaxPlies moves.
var ErrTooLong = errors.New("game too long")

// Reader reads the games of a PDN file one at a time, holding at most one game
// in memory.
//
// It reads the PDN 3.0 reading grammar and what real files do beyond it:
// tag names padded with spaces or written in any case, several games on one
// line, games without tags, moves with spaces inside ("1- 7", "28x 19"),
// leading zeros ("01-06"), move numbers glued to moves ("1.33-29"), "x" or ":"
// for captures, comments "{…}" (which do not nest), "%" and ";" comments to
// the end of the line, "[%…]" commands, NAGs "$1" and strength marks,
// variations "( … )" (nested; skipped: only the main line is kept), a UTF-8
// byte order mark, CRLF line ends, and text in Windows-1251 or Windows-1252
// (see runeSource).
//
// A game ends at its result, at the next tag after its move text, or at the
// end of the input. A result is "*", "1/2-1/2" or two numbers joined by "-"
// ("1-0", "2-0", "1-1", "0-0", "4-6" in the Delfts format). A word that could
// be both a result and a move ("2-8") is the result only when the game ends
// after it: when a tag or the end of the input follows.
type Reader struct {
	lex     *lexer
	pending []token // tokens read ahead, next first
}

// NewReader returns a Reader reading PDN text from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{lex: newLexer(r)}
}

func (r *Reader) token() (token, error) {
	if n := len(r.pending); n > 0 {
		t := r.pending[0]
		r.pending = r.pending[1:]
		return t, nil
	}
	return r.lex.next()
}

// peekToken returns the i-th token ahead (from 0) without consuming it.
func (r *Reader) peekToken(i int) (token, error) {
	for len(r.pending) <= i {
		t, err := r.lex.next()
		if err != nil {
			return token{}, err
		}
		r.pending = append(r.pending, t)
	}
	return r.pending[i], nil
}

// unreadToken puts t back in front of the tokens to read.
func (r *Reader) unreadToken(t token) {
	r.pending = append([]token{t}, r.pending...)
}

// Next returns the next game of the file. At the end of the file it returns
// io.EOF; it returns another error only when reading the input fails. A game
// whose move text cannot be understood is still returned: the words that are
// not moves are kept as moves, for the replay to report.
func (r *Reader) Next() (*Game, error) {
	var (
		g        *Game
		moveText bool // g has move text: a following tag starts the next game
		depth    int  // nesting of the variation being skipped
		comments int  // runes of comments kept
	)
	start := func(line int) {
		if g == nil {
			g = &Game{Line: line}
		}
	}
	finish := func() (*Game, error) {
		if g == nil {
			return nil, io.EOF
		}
		return g, nil
	}
	for {
		t, err := r.token()
		if err == io.EOF {
			return finish()
		}
		if err != nil {
			return nil, fmt.Errorf("read PDN: %w", err)
		}
		switch t.kind {
		case tokTag:
			if moveText {
				r.unreadToken(t)
				return g, nil
			}
			depth = 0
			start(t.line)
			if len(g.Tags) >= MaxTags {
				g.Err = fmt.Errorf("%w: more than %d tags", ErrTooLong, MaxTags)
				continue
			}
			g.Tags = append(g.Tags, Tag{Name: t.name, Value: t.text})
		case tokVarStart:
			depth++
		case tokVarEnd:
			if depth > 0 {
				depth--
			}
		case tokComment:
			if depth > 0 || g == nil || len(g.Moves) == 0 || comments >= maxComments {
				continue
			}
			text := strings.Join(strings.Fields(t.text), " ")
			comments += utf8.RuneCountInString(text)
			m := &g.Moves[len(g.Moves)-1]
			if m.Comment != "" && text != "" {
				m.Comment += " "
			}
			m.Comment += text
		case tokSetup:
			// A setup command "/FEN "…"/" before the first move gives the
			// start position; later ones (a position inside a game) are not
			// part of the main line's record and are ignored.
			if depth == 0 && (g == nil || len(g.Moves) == 0) {
				if v, ok := setupFEN(t.text); ok {
					start(t.line)
					g.SetTag("FEN", v)
				}
			}
		case tokWord:
			if depth > 0 {
				continue
			}
			text, class := classify(t.text)
			switch class {
			case wordSkip:
				continue
			case wordResult:
				if g == nil {
					continue // a separator after a finished game
				}
				g.Result = text
				return g, nil
			case wordMaybeResult:
				if r.endsGame() {
					if g == nil {
						continue
					}
					g.Result = text
					return g, nil
				}
			}
			start(t.line)
			moveText = true
			text = r.joinMove(text)
			if len(g.Moves) >= MaxPlies {
				if g.Err == nil {
					g.Err = fmt.Errorf("%w: more than %d moves", ErrTooLong, MaxPlies)
				}
				continue
			}
			g.Moves = append(g.Moves, Move{Ply: len(g.Moves) + 1, Text: text})
		}
	}
}

// maxLookahead bounds the comments endsGame looks past, so that reading
// ahead holds a bounded number of tokens.
const maxLookahead = 16

// endsGame reports whether the game ends before the next word: the tokens
// ahead, comments aside, are a tag or nothing. Past maxLookahead comments
// it answers no.
func (r *Reader) endsGame() bool {
	for i := 0; i < maxLookahead; i++ {
		t, err := r.peekToken(i)
		if err != nil {
			return true
		}
		switch t.kind {
		case tokComment:
			continue
		case tokTag:
			return true
		}
		return false
	}
	return false
}

// joinMove joins a move written with white space inside ("1- 7", "28x 19",
// "28 x19") to the word that completes it.
func (r *Reader) joinMove(text string) string {
	next, err := r.peekToken(0)
	if err != nil || next.kind != tokWord {
		return text
	}
	nextText := next.text
	switch {
	case len(text) > 1 && isSeparator(lastRune(text)) && startsSquare(nextText) && !isMoveNumber(nextText):
	case isSquare(text) && len(nextText) > 1 && isSeparator(firstRune(nextText)) && startsSquare(nextText[1:]):
	default:
		return text
	}
	_, _ = r.token()
	joined, _ := classify(nextText)
	return text + " " + joined
}

// wordClass is what a word of move text is.
type wordClass int

const (
	wordMove        wordClass = iota // a move, or a word that is nothing else
	wordSkip                         // a move number, NAG, strength mark or "..."
	wordResult                       // a result
	wordMaybeResult                  // a result if the game ends after it, else a move
)

// classify tells what a word of move text is and returns it without its move
// number and strength mark.
func classify(w string) (string, wordClass) {
	if strings.HasPrefix(w, "$") {
		return w, wordSkip
	}
	// A move number, alone ("12.", "12...") or glued to its move ("1.33-29").
	if i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }); i > 0 {
		if rest := strings.TrimLeft(w[i:], ".…"); len(rest) < len(w)-i {
			w = rest
		}
	}
	w = strings.TrimLeft(w, ".…")
	w = strings.TrimRight(w, "!?")
	if w == "" {
		return w, wordSkip
	}
	switch w {
	case "*", "1/2-1/2", "½-½", "+/-", "-/+", "-/-":
		return w, wordResult
	case "-":
		// "-" for an unknown result ends some files' games; elsewhere it
		// stands for a move nobody recorded.
		return w, wordMaybeResult
	}
	a, b, ok := strings.Cut(w, "-")
	if !ok {
		return w, wordMove
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || x < 0 || y < 0 {
		return w, wordMove
	}
	switch {
	case x == 0 || y == 0 || x == y:
		// Square 0 does not exist and a man cannot move onto its own square:
		// "1-0", "0-2", "1-1", "0-0", "5-5".
		return w, wordResult
	case x+y == 2 || x+y == 10:
		return w, wordMaybeResult // "2-8" in the Delfts format, or a move
	}
	return w, wordMove
}

func isMoveNumber(w string) bool {
	_, c := classify(w)
	return c == wordSkip
}

func isSeparator(r rune) bool {
	switch r {
	case '-', 'x', 'X', ':', '×', 'х', 'Х': // Cyrillic "х" typed for "x"
		return true
	}
	return false
}

// startsSquare reports whether w starts with what can start a square: a digit
// or a letter.
func startsSquare(w string) bool {
	r := firstRune(w)
	return unicode.IsDigit(r) || unicode.IsLetter(r) && !isSeparator(r)
}

// isSquare reports whether w looks like one square: a number or a letter and
// a number.
func isSquare(w string) bool {
	if w == "" {
		return false
	}
	r, n := utf8.DecodeRuneInString(w)
	if unicode.IsLetter(r) && !isSeparator(r) {
		w = w[n:]
	}
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func firstRune(w string) rune {
	r, _ := utf8.DecodeRuneInString(w)
	return r
}

func lastRune(w string) rune {
	r, _ := utf8.DecodeLastRuneInString(w)
	return r
}

// setupFEN returns the position of a setup command `FEN "…"`.
func setupFEN(cmd string) (string, bool) {
	name, value, ok := strings.Cut(strings.TrimSpace(cmd), " ")
	if !ok || !strings.EqualFold(name, "FEN") {
		return "", false
	}
	return strings.Trim(strings.TrimSpace(value), `"`), true
}

// ReadAll reads every game of r.
func ReadAll(r io.Reader) ([]*Game, error) {
	pr := NewReader(r)
	var games []*Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}
