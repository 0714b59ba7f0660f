package pdn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"postald/internal/rules"
)

// ProblemKind classifies why a game does not replay.
type ProblemKind uint8

const (
	// ProblemVariant: the GameType tag names no variant postald plays.
	ProblemVariant ProblemKind = iota + 1
	// ProblemFEN: the FEN tag is not a position of the variant.
	ProblemFEN
	// ProblemUnreadable: the word is not a move in PDN notation (a stray
	// word, a move nobody recorded written "-", abbreviated notation "cb4").
	ProblemUnreadable
	// ProblemIllegal: the move is well written but not legal in the
	// position: no piece, the opponent's piece, a quiet move where a capture
	// is compulsory, or no such move.
	ProblemIllegal
	// ProblemAmbiguous: a capture written with too few squares: several
	// routes join them and they take different pieces (towers: leave
	// different positions). This is a fault of the record's notation, not an
	// illegal move.
	ProblemAmbiguous
	// ProblemTooLong: the game broke a limit of the reader.
	ProblemTooLong
)

var problemNames = [...]string{
	ProblemVariant:    "unknown variant",
	ProblemFEN:        "bad FEN",
	ProblemUnreadable: "unreadable move",
	ProblemIllegal:    "illegal move",
	ProblemAmbiguous:  "ambiguous capture",
	ProblemTooLong:    "game too long",
}

// String returns a short English name of the kind.
func (k ProblemKind) String() string {
	if int(k) < len(problemNames) && problemNames[k] != "" {
		return problemNames[k]
	}
	return "unknown problem"
}

// ReplayError is why a game stopped replaying.
type ReplayError struct {
	Kind ProblemKind
	// Ply is the half-move that failed, from 1; 0 when the game fails before
	// its first move (GameType, FEN).
	Ply int
	// Text is the move as written; for ply 0 the tag and its value.
	Text string
	// Err is the underlying error: a *rules.NotationError for a move.
	Err error
}

// Reason returns why the move failed, in a few English words, without the
// move itself: "ambiguous capture: 28:17, 28:19", "illegal move: no piece on
// the square: no piece on 27".
func (e *ReplayError) Reason() string {
	var ne *rules.NotationError
	if errors.As(e.Err, &ne) {
		r := e.Kind.String()
		if k := ne.Kind.String(); k != r {
			r += ": " + k
		}
		if ne.Detail != "" {
			r += ": " + ne.Detail
		}
		return r
	}
	if e.Err != nil {
		return e.Kind.String() + ": " + e.Err.Error()
	}
	return e.Kind.String()
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.Ply, e.Text, e.Reason())
}

func (e *ReplayError) Unwrap() error { return e.Err }

// VariantOf returns the variant of g. The GameType tag decides when present:
// its first number ("20,W,10,10,N1,0" is 20) is looked up with
// rules.VariantByGameType. Without it the notation decides, since real files
// often have no GameType: algebraic squares (c3) in the moves or the FEN make
// it russian, numbers international.
func VariantOf(g *Game) (*rules.Variant, error) {
	if gt, ok := g.Tag("GameType"); ok && strings.TrimSpace(gt) != "" {
		v, err := rules.VariantByGameType(gt)
		if err != nil {
			return nil, &ReplayError{Kind: ProblemVariant, Text: `GameType "` + gt + `"`, Err: err}
		}
		return v, nil
	}
	id := "international"
	if algebraic(g) {
		id = "russian"
	}
	return rules.VariantByID(id)
}

// algebraic reports whether g's first move, or failing that its FEN, names
// squares by letter and digit.
func algebraic(g *Game) bool {
	for _, m := range g.Moves {
		if hasAlgebraicSquare(m.Text) {
			return true
		}
		if strings.ContainsAny(m.Text, "0123456789") {
			return false
		}
	}
	fen, _ := g.Tag("FEN")
	return hasAlgebraicSquare(fen)
}

func hasAlgebraicSquare(s string) bool {
	prev := rune(0)
	for _, r := range s {
		if r >= '1' && r <= '8' && prev >= 'a' && prev <= 'h' {
			return true
		}
		prev = unicode.ToLower(r)
	}
	return false
}

// StartPosition returns the position g starts from in variant v: its FEN
// tag when it has one (with or without SetUp "1"; a FEN that is the start
// position is fine too), else the variant's start.
func StartPosition(g *Game, v *rules.Variant) (rules.Position, error) {
	fen, ok := g.Tag("FEN")
	if !ok || strings.TrimSpace(fen) == "" {
		return v.Start(), nil
	}
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		return rules.Position{}, &ReplayError{Kind: ProblemFEN, Text: `FEN "` + fen + `"`, Err: err}
	}
	return p, nil
}

// Replay plays g's main line in variant v (nil: VariantOf(g)) from its start
// position and returns the game as far as it replays. Each move is resolved
// by rules.ParseMove against the position, which follows the PDN rules for
// captures: "from x to" stands for the one capture joining the squares, and
// routes that take the same pieces (towers: leave the same position) are one
// move (FMJD); intermediate squares pick a route. Before that the move is
// put in the form ParseMove reads: inner spaces dropped, numeric squares on
// 8×8 (1 = b8 … 32 = g1, as in Russian PDN files) turned into algebraic
// ones, and a missing separator between two algebraic squares (c3d4, PDN's
// alphanumeric move) supplied: "-", or ":" when no quiet move fits.
//
// The error is a *ReplayError for the first move that does not replay; the
// returned game then holds the moves before it.
func Replay(g *Game, v *rules.Variant) (*rules.Game, error) {
	if v == nil {
		var err error
		if v, err = VariantOf(g); err != nil {
			return nil, err
		}
	}
	start, err := StartPosition(g, v)
	if err != nil {
		return nil, err
	}
	rg := rules.NewGame(start)
	p := start
	for _, m := range g.Moves {
		mv, err := resolve(&p, m.Text)
		if err != nil {
			return rg, &ReplayError{Kind: kindOf(err), Ply: m.Ply, Text: m.Text, Err: err}
		}
		rg.Moves = append(rg.Moves, mv)
		p = p.Play(mv)
	}
	if g.Err != nil {
		return rg, &ReplayError{Kind: ProblemTooLong, Ply: len(g.Moves) + 1, Text: "…", Err: g.Err}
	}
	return rg, nil
}

// kindOf classifies an error of rules.ParseMove.
func kindOf(err error) ProblemKind {
	var ne *rules.NotationError
	if !errors.As(err, &ne) {
		return ProblemUnreadable
	}
	switch ne.Kind {
	case rules.ErrSyntax, rules.ErrAbbreviated:
		return ProblemUnreadable
	case rules.ErrAmbiguous:
		return ProblemAmbiguous
	}
	return ProblemIllegal
}

// resolve returns the legal move of p that text denotes.
func resolve(p *rules.Position, text string) (rules.Move, error) {
	text = normalizeMove(p.Variant(), text)
	if from, to, ok := splitAlphaMove(text); ok {
		// PDN's alphanumeric move has no separator: a quiet move, or else a
		// capture.
		m, err := rules.ParseMove(p, from+"-"+to)
		if err == nil {
			return m, nil
		}
		if m, err2 := rules.ParseMove(p, from+":"+to); err2 == nil {
			return m, nil
		}
		return m, err
	}
	m, err := rules.ParseMove(p, text)
	var ne *rules.NotationError
	if errors.As(err, &ne) && ne.Kind == rules.ErrAmbiguous {
		if m, ok := strictRoute(p, text); ok {
			return m, nil
		}
	}
	return m, err
}

// strictRoute resolves a capture that rules.ParseMove found ambiguous by the
// letter of PDN 3.0: the squares written between from and to are landing
// squares of the route, where the direction changes or, going on straight,
// just behind a captured piece (rules.Move.Route gives exactly those). The
// move stands when the routes passing the written squares that way all lead
// to one position. ParseMove also lets an intermediate square be any square
// where the piece could have stopped, which is right for a letter but finds
// "2x30x11" ambiguous where PDN reads the 30 as the one turning point.
func strictRoute(p *rules.Position, text string) (rules.Move, bool) {
	v := p.Variant()
	var squares []rules.Square
	for _, part := range strings.FieldsFunc(text, isCaptureSeparator) {
		part = strings.TrimRightFunc(part, isPromotionMark)
		sq, err := v.ParseSquare(part)
		if err != nil {
			return rules.Move{}, false
		}
		squares = append(squares, sq)
	}
	if len(squares) < 3 {
		return rules.Move{}, false
	}
	from, to, via := squares[0], squares[len(squares)-1], squares[1:len(squares)-1]
	var found rules.Move
	var result rules.Position
	n := 0
	for _, m := range p.LegalMoves(nil) {
		if !m.IsCapture() || m.From() != from || m.To() != to || !isSubsequence(via, m.Route()) {
			continue
		}
		r := p.Play(m)
		if n > 0 && r.Equal(&result) {
			continue
		}
		found, result = m, r
		n++
	}
	return found, n == 1
}

// isSubsequence reports whether sub appears in s in order.
func isSubsequence(sub, s []rules.Square) bool {
	i := 0
	for _, x := range s {
		if i < len(sub) && x == sub[i] {
			i++
		}
	}
	return i == len(sub)
}

func isCaptureSeparator(r rune) bool {
	switch r {
	case ':', 'x', 'X', '×', 'х', 'Х':
		return true
	}
	return false
}

func isPromotionMark(r rune) bool {
	switch r {
	case 'D', 'Д', 'К', 'K', 'д', 'к', '*':
		return true
	}
	return false
}

// normalizeMove puts a PDN move in the form rules.ParseMove reads; see
// Replay.
func normalizeMove(v *rules.Variant, text string) string {
	text = strings.Join(strings.Fields(text), "")
	if v.BoardSize() == 8 && !v.Numeric() && startsWithDigit(text) {
		text = numericToAlgebraic(v, text)
	}
	return text
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// numericToAlgebraic rewrites each number in text as the algebraic name of
// the square with that PDN number; other characters are kept.
func numericToAlgebraic(v *rules.Variant, text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i {
			r, size := utf8.DecodeRuneInString(text[i:])
			b.WriteRune(r)
			i += size
			continue
		}
		n, err := strconv.Atoi(text[i:j])
		if sq, ok := squareByNumber(v, n); err == nil && ok {
			b.WriteString(v.AlgebraicName(sq))
		} else {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return b.String()
}

// squareByNumber returns the square whose PDN number is n.
func squareByNumber(v *rules.Variant, n int) (rules.Square, bool) {
	if n < 1 || n > v.NumSquares() {
		return rules.NoSquare, false
	}
	for sq := rules.Square(0); int(sq) < v.NumSquares(); sq++ {
		if v.NumericName(sq) == strconv.Itoa(n) {
			return sq, true
		}
	}
	return rules.NoSquare, false
}

// splitAlphaMove splits PDN's alphanumeric move without separator, "c3d4",
// into its squares. It reports false for anything else.
func splitAlphaMove(s string) (from, to string, ok bool) {
	if len(s) != 4 || !isFileByte(s[0]) || !isRankByte(s[1]) || !isFileByte(s[2]) || !isRankByte(s[3]) {
		return "", "", false
	}
	return s[:2], s[2:], true
}

func isFileByte(c byte) bool { return c >= 'a' && c <= 'h' }
func isRankByte(c byte) bool { return c >= '1' && c <= '8' }
