package rules

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrorKind classifies why a written move was refused.
type ErrorKind uint8

const (
	// ErrSyntax: the text is not a move in full notation (bad characters,
	// no such square, separator missing, quiet move with more than two squares).
	ErrSyntax ErrorKind = iota + 1
	// ErrAbbreviated: abbreviated notation (cb4, a:a7, gf4); it counts as an
	// impossible move and is never expanded (4.2.2).
	ErrAbbreviated
	// ErrNoPiece: the from-square is empty.
	ErrNoPiece
	// ErrNotYourPiece: the piece (top of the tower) on the from-square belongs to the opponent.
	ErrNotYourPiece
	// ErrCaptureRequired: a quiet move was written where a capture is compulsory.
	ErrCaptureRequired
	// ErrNoSuchMove: the piece has no such move.
	ErrNoSuchMove
	// ErrAmbiguous: several capture routes with different results join the
	// written squares; the squares where the direction changes must be added.
	ErrAmbiguous
)

var kindNames = [...]string{
	ErrSyntax:          "syntax error",
	ErrAbbreviated:     "abbreviated notation",
	ErrNoPiece:         "no piece on the square",
	ErrNotYourPiece:    "not your piece",
	ErrCaptureRequired: "capture is compulsory",
	ErrNoSuchMove:      "no such move",
	ErrAmbiguous:       "ambiguous capture",
}

// String returns a short English name of the kind.
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown error"
}

// NotationError is why ParseMove refused a move. Every refused move is an
// impossible move for the correspondence rules (4.2.2, 4.2.10).
type NotationError struct {
	Kind   ErrorKind
	Text   string // the move as written
	Clause string // "4.2.2" for notation faults (syntax, abbreviated, ambiguous), "4.2.10" for illegal moves
	Detail string // an explanation in English, naming squares in the notation the move was written in
	// From is the from-square read from the text, or NoSquare; To the last square written, or
	// NoSquare. FromName and ToName are them as the move wrote them (numeric or algebraic);
	// Capture tells a move written as a capture (from:to).
	From, To         Square
	FromName, ToName string
	Capture          bool
	// PieceMoves are the legal moves of the piece on the from-square (4.2.10:
	// when there is exactly one, the referee substitutes it). Empty when the
	// square is empty or holds an opponent's piece.
	PieceMoves []Move
	// Candidates are, for ErrAmbiguous, the moves of LegalMoves the text may
	// stand for, one per distinct result.
	Candidates []Move
	// Written are the candidates (ErrAmbiguous) or the piece's moves written in
	// full notation, in the variant's own notation ([FormatMove]), so that a
	// letter can quote them.
	Written []string
}

func (e *NotationError) Error() string {
	s := fmt.Sprintf("%s: %s", e.Text, e.Kind)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s + " (" + e.Clause + ")"
}

// token kinds of a written move
const (
	tokSquare = iota
	tokFile   // a lone file letter: abbreviated notation
	tokQuiet  // -
	tokTake   // :
)

type token struct {
	kind int
	sq   Square
	text string
}

// separatorKind maps the separators players write: - – — ‑ − for a quiet
// move; : x X × and the Cyrillic х Х for a capture.
func separatorKind(r rune) (int, bool) {
	switch r {
	case '-', '–', '—', '‑', '−':
		return tokQuiet, true
	case ':', 'x', 'X', '×', 'х', 'Х':
		return tokTake, true
	}
	return 0, false
}

// isPromotionMark reports the marks written after a square to show a
// crowning: D, Д, К, K (d, д, к), *. They are ignored by validation (4.2.2).
func isPromotionMark(r rune) bool {
	switch r {
	case 'D', 'Д', 'К', 'K', 'д', 'к', '*':
		return true
	}
	return false
}

func (v *Variant) tokenize(text string) ([]token, string) {
	var toks []token
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		if k, ok := separatorKind(r); ok {
			toks = append(toks, token{kind: k, text: text[i : i+size]})
			i += size
			continue
		}
		if sq, n := v.scanSquare(text[i:]); n > 0 {
			if sq == NoSquare {
				return nil, fmt.Sprintf("%q is not a playing square of %s", text[i:i+n], v.id)
			}
			toks = append(toks, token{kind: tokSquare, sq: sq, text: text[i : i+n]})
			i += n
			// a promotion mark, unless it starts the next square (D4)
			if i < len(text) {
				m, msize := utf8.DecodeRuneInString(text[i:])
				if isPromotionMark(m) && (i+msize >= len(text) || text[i+msize] < '0' || text[i+msize] > '9') {
					i += msize
				}
			}
			continue
		}
		if f := normalizeFile(r); f != 0 && f < 'a'+rune(v.geo.size) && !v.numericOnly() && unicode.IsLetter(r) {
			toks = append(toks, token{kind: tokFile, text: text[i : i+size]})
			i += size
			continue
		}
		return nil, fmt.Sprintf("unexpected %q", r)
	}
	return toks, ""
}

func (v *Variant) numericOnly() bool { return v.family == familyInternational }

// ParseMove reads a move written in full notation (4.2.2) and returns the
// legal move it denotes in p. Accepted forms: from-to for a quiet move;
// from:to, or from:x:…:to with the squares where the direction changes (any
// landing squares along the route are accepted too) for a capture; x or ×
// for :, an en or em dash for -; an optional promotion mark (D Д К K *) after
// a square; upper-case letters and Cyrillic look-alikes for file letters;
// in Lasca numeric and algebraic squares. On failure the error is a
// *NotationError.
//
// The written squares are matched against every legal route, and the move
// returned is always one [Position.LegalMoves] holds: in russian and
// international a capture written along another route taking the same
// pieces (a loop run the other way round) is the move LegalMoves keeps for
// them. A capture written from:to is complete when every legal route joining
// the written squares gives the same result: in russian and international
// the same pieces are taken, in tower variants the resulting positions are
// equal. Squares that are exactly one route written in full (from, the
// squares where the direction changes, to; or from and every landing
// square) denote that route even when routes with other results also fit
// them. Details name squares in the notation the move was written in.
func ParseMove(p *Position, text string) (Move, error) {
	v := p.v
	to, capture := NoSquare, false
	var name func(Square) string
	fail := func(k ErrorKind, from Square, detail string) (Move, error) {
		e := &NotationError{Kind: k, Text: text, Clause: "4.2.10", Detail: detail, From: from, To: to, Capture: capture}
		if name != nil && from != NoSquare {
			e.FromName = name(from)
		}
		if name != nil && to != NoSquare {
			e.ToName = name(to)
		}
		if k == ErrSyntax || k == ErrAbbreviated || k == ErrAmbiguous {
			e.Clause = "4.2.2"
		}
		if from != NoSquare {
			if pc, ok := p.PieceAt(from); ok && pc.Color == p.side {
				e.PieceMoves = p.MovesFrom(from)
				for _, m := range e.PieceMoves {
					e.Written = append(e.Written, FormatMove(p, m))
				}
			}
		}
		return Move{}, e
	}
	toks, bad := v.tokenize(strings.TrimSpace(text))
	if bad != "" {
		return fail(ErrSyntax, NoSquare, bad)
	}
	for _, t := range toks {
		if t.kind == tokFile {
			return fail(ErrAbbreviated, NoSquare, "write both squares in full, for example c3-d4")
		}
	}
	if len(toks) < 3 {
		return fail(ErrSyntax, NoSquare, "want from-to or from:to")
	}
	var squares []Square
	sep := -1
	for i, t := range toks {
		if i%2 == 0 {
			if t.kind != tokSquare {
				return fail(ErrSyntax, NoSquare, "a square is missing")
			}
			squares = append(squares, t.sq)
			continue
		}
		if t.kind == tokSquare {
			return fail(ErrSyntax, NoSquare, "a separator (- or :) is missing between squares")
		}
		if sep >= 0 && t.kind != sep {
			return fail(ErrSyntax, NoSquare, "- and : mixed in one move")
		}
		sep = t.kind
	}
	if len(toks)%2 == 0 {
		return fail(ErrSyntax, NoSquare, "the move ends with a separator")
	}
	// Details name squares as the player wrote them (Lasca reads both notations).
	written := writtenNotation(toks[0].text)
	name = v.squareNamer(written)
	from := squares[0]
	to, capture = squares[len(squares)-1], sep != tokQuiet
	if sep == tokQuiet && len(squares) > 2 {
		return fail(ErrSyntax, from, "a quiet move joins two squares")
	}
	pc, ok := p.PieceAt(from)
	if !ok {
		return fail(ErrNoPiece, from, "no piece on "+name(from))
	}
	if pc.Color != p.side {
		return fail(ErrNotYourPiece, from, fmt.Sprintf("the piece on %s is %s and %s is to move", name(from), pc.Color, p.side))
	}
	legal := p.allRoutes()
	mustCapture := len(legal) > 0 && legal[0].IsCapture()
	if sep == tokQuiet {
		for _, m := range legal {
			if !m.IsCapture() && m.from == from && m.to == to {
				return m, nil
			}
		}
		if mustCapture {
			return fail(ErrCaptureRequired, from, "capturing is compulsory; a capture is written with :")
		}
		return fail(ErrNoSuchMove, from, fmt.Sprintf("the piece on %s cannot move to %s", name(from), name(to)))
	}
	if !mustCapture {
		detail := "there is no capture in this position"
		for _, m := range legal {
			if m.from == from && m.to == to {
				detail += "; a quiet move is written with -"
			}
		}
		return fail(ErrNoSuchMove, from, detail)
	}
	switch groups := denoted(p, legal, squares); len(groups) {
	case 0:
		return fail(ErrNoSuchMove, from, fmt.Sprintf("the piece on %s has no capture along the written squares", name(from)))
	case 1:
		return canonical(p, groups[0]), nil
	default:
		_, err := fail(ErrAmbiguous, from, "several capture routes join these squares; write the squares where the direction changes")
		e := err.(*NotationError)
		e.Written = e.Written[:0]
		quoted := make([]string, len(groups))
		for i := range groups {
			groups[i] = canonical(p, groups[i])
			e.Written = append(e.Written, FormatMove(p, groups[i]))
			quoted[i] = FormatMoveIn(p, groups[i], written)
		}
		e.Candidates = groups
		e.Detail += ": " + strings.Join(quoted, ", ")
		return Move{}, e
	}
}

// denoted returns the captures the written squares may stand for, one per
// resulting position: the routes among legal that fit the squares (see
// passes). When they lead to several positions but the squares are exactly
// one route written in full (from, the squares where the direction changes,
// to: seed 000, section 1; or from and every landing square, as Move.Route
// gives them: PDN), that route's result alone is returned: the other routes
// fit only because some of their turning squares were left out.
func denoted(p *Position, legal []Move, squares []Square) []Move {
	matches := matchRoutes(p.v, legal, squares)
	groups := distinctResults(p, matches)
	if len(groups) < 2 {
		return groups
	}
	var exact []Move
	for _, m := range matches {
		if slices.Equal(routeSquares(p.v, &m, false), squares) || slices.Equal(routeSquares(p.v, &m, true), squares) {
			exact = append(exact, m)
		}
	}
	if exact := distinctResults(p, exact); len(exact) == 1 {
		return exact
	}
	return groups
}

// matchRoutes returns the captures among legal that start on squares[0],
// end on the last square and pass, in order, the squares in between.
func matchRoutes(v *Variant, legal []Move, squares []Square) []Move {
	from, to := squares[0], squares[len(squares)-1]
	via := squares[1 : len(squares)-1]
	var out []Move
	for _, m := range legal {
		if m.IsCapture() && m.from == from && m.to == to && passes(v, &m, via) {
			out = append(out, m)
		}
	}
	return out
}

// passes reports whether the written intermediate squares lie, in order, on
// the stretches of m where the piece could stand after a jump: from just
// behind each jumped piece to where it turned (or, going on straight, to
// just before the next jumped piece). Each stretch takes at most one square.
func passes(v *Variant, m *Move, via []Square) bool {
	if len(via) == 0 {
		return true
	}
	k := 0
	for i := 0; i < int(m.n)-1 && k < len(via); i++ {
		d := v.dirBetween(m.jumped[i], m.route[i])
		straight := v.dirBetween(m.route[i], m.jumped[i+1]) == d
		for s := v.geo.next[m.jumped[i]][d]; s != NoSquare; s = v.geo.next[s][d] {
			if straight && s == m.jumped[i+1] {
				break
			}
			if s == via[k] {
				k++
				break
			}
			if !straight && s == m.route[i] {
				break
			}
		}
	}
	return k == len(via)
}

// dirBetween returns the direction from a to b, which lie on one diagonal.
func (v *Variant) dirBetween(a, b Square) direction {
	df := v.geo.file[b] - v.geo.file[a]
	dr := v.geo.rank[b] - v.geo.rank[a]
	switch {
	case df > 0 && dr > 0:
		return northEast
	case df < 0 && dr > 0:
		return northWest
	case df > 0:
		return southEast
	}
	return southWest
}

// canonical returns the move of LegalMoves that m stands for: in russian
// and international the one route LegalMoves keeps of those taking the same
// pieces.
func canonical(p *Position, m Move) Move {
	if p.v.towers || !m.IsCapture() {
		return m
	}
	for _, l := range p.LegalMoves(nil) {
		if sameResult(&l, &m) {
			return l
		}
	}
	return m
}

// distinctResults keeps one move per resulting position.
func distinctResults(p *Position, moves []Move) []Move {
	if len(moves) < 2 {
		return moves
	}
	if !p.v.towers {
		var out []Move
		for i := range moves {
			dup := false
			for j := range out {
				if sameResult(&out[j], &moves[i]) {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, moves[i])
			}
		}
		return out
	}
	var out []Move
	var results []Position
	for _, m := range moves {
		r := p.Play(m)
		dup := false
		for i := range results {
			if results[i].Equal(&r) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
			results = append(results, r)
		}
	}
	return out
}

// Notation selects how squares are written.
type Notation uint8

const (
	// NotationDefault is the variant's own: algebraic on 8×8, numeric for
	// international and Lasca.
	NotationDefault Notation = iota
	// NotationAlgebraic writes a1..j10 on every board.
	NotationAlgebraic
	// NotationNumeric writes numbers: PDN numbering on 8×8 and 10×10, Lasca's own on 7×7.
	NotationNumeric
)

// FormatMove writes m, a legal move of p, in full notation as a player
// would: c3-d4 for a quiet move, from:to for a capture, with the squares
// where the direction changes added only when from:to alone would not be
// read as m by [ParseMove] (and every landing square if even that is not
// enough).
func FormatMove(p *Position, m Move) string {
	return FormatMoveIn(p, m, NotationDefault)
}

// FormatMoveIn is FormatMove with a chosen notation.
func FormatMoveIn(p *Position, m Move, n Notation) string {
	v := p.v
	name := v.squareNamer(n)
	if !m.IsCapture() {
		return name(m.from) + "-" + name(m.to)
	}
	legal := p.allRoutes()
	squares := []Square{m.from, m.to}
	if !writesOnly(p, legal, squares, &m) {
		squares = routeSquares(v, &m, false)
		if !writesOnly(p, legal, squares, &m) {
			squares = routeSquares(v, &m, true)
		}
	}
	parts := make([]string, len(squares))
	for i, s := range squares {
		parts[i] = name(s)
	}
	return strings.Join(parts, ":")
}

// writesOnly reports whether the written squares denote m and nothing else:
// one resulting position, the one m leads to.
func writesOnly(p *Position, legal []Move, squares []Square, m *Move) bool {
	groups := denoted(p, legal, squares)
	if len(groups) != 1 {
		return false
	}
	if !p.v.towers {
		return sameResult(&groups[0], m)
	}
	a, b := p.Play(groups[0]), p.Play(*m)
	return a.Equal(&b)
}

// squareNamer returns the function that writes squares in notation n.
func (v *Variant) squareNamer(n Notation) func(Square) string {
	switch n {
	case NotationAlgebraic:
		return v.AlgebraicName
	case NotationNumeric:
		return v.NumericName
	}
	return v.SquareName
}

// writtenNotation tells the notation of a square as written: numeric when
// it starts with a digit, else algebraic.
func writtenNotation(square string) Notation {
	if square != "" && square[0] >= '0' && square[0] <= '9' {
		return NotationNumeric
	}
	return NotationAlgebraic
}

// routeSquares returns from, the landing squares where the direction
// changes (all landing squares when all is set), and to.
func routeSquares(v *Variant, m *Move, all bool) []Square {
	out := []Square{m.from}
	for i := 0; i < int(m.n)-1; i++ {
		if all || v.dirBetween(m.jumped[i], m.route[i]) != v.dirBetween(m.route[i], m.jumped[i+1]) {
			out = append(out, m.route[i])
		}
	}
	return append(out, m.to)
}
