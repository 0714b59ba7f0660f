package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postald/internal/rules"
)

// fault is why a written move cannot be played, in the words of 4.2.10 and 4.2.2.
type fault struct {
	Kind    string      // one of the fault kinds below
	Unique  *rules.Move // the single legal move of the stated square, when there is exactly one (4.2.10)
	Options []string    // the legal moves of the stated square, or the routes of an ambiguous capture
	// Why says in full why the move is impossible, with its squares as written (why, below);
	// "" for the kinds that need no more than their words.
	Why  string
	From string // the from-square as written
	To   string // the last square as written
	// Captures are the captures of the position, for a move where capturing is compulsory.
	Captures []string
	occupied bool // a quiet move to a square with a piece on it
	cannot   bool // a quiet move the piece has not, or a capture along squares it has none on
	noTake   bool // a capture written where the position has none
}

// Fault kinds.
const (
	faultAbbreviated = "abbreviated notation" // 4.2.2: counts as impossible
	faultNoPiece     = "no piece on the square"
	faultNotYours    = "not your piece"
	faultCapture     = "capture is compulsory"
	faultNoSuchMove  = "no such move"
	faultAmbiguous   = "ambiguous"
	faultUnreadable  = "unreadable"
	faultNoSquare    = "no such square" // full notation naming a square the board does not play on
)

// board is the referee's view of a game on the rules engine: the current position, its legal
// moves (generated once per position, when first asked for) and the moves played, for draw
// claims. A board made from a stored position (gameBoard) has no moves until a draw claim needs
// them; then it replays the game's plies (history).
//
// Moves are rules.Move values: a move a letter writes is read once in the position it is meant
// for and compared with the legal moves, a ply or a variant's move as values
// (rules.Position.SameMove). Text is only what is stored (Ply.Text, Variant.Moves: the full
// notation rules prints) and what letters quote.
type board struct {
	v       *rules.Variant
	start   rules.Position
	pos     rules.Position
	moves   []rules.Move
	history []Ply        // plies not yet replayed into moves; nil when moves is complete
	legals  []rules.Move // the legal moves of pos; nil until asked for
}

// gameBoard returns the board of a game: from its stored position when it has one that the
// engine reads, otherwise by replaying its plies.
func gameBoard(variant string, g *Game) (*board, error) {
	b, err := newBoard(variant, g.Setup)
	if err != nil {
		return nil, err
	}
	if g.Position != "" {
		if pos, err := rules.ParseFEN(b.v, g.Position); err == nil {
			b.pos = pos
			b.history = append([]Ply(nil), g.Plies...)
			if b.history == nil {
				b.history = []Ply{}
			}
			return b, nil
		}
	}
	return b, b.replay(g.Plies)
}

// full replays the stored plies when the board was made from a position, so that the moves
// played are known (draw claims need the whole record).
func (b *board) full() {
	if b.history == nil {
		return
	}
	c := &board{v: b.v, start: b.start, pos: b.start}
	if c.replay(b.history) != nil {
		b.history = nil
		return
	}
	later := b.moves
	c.moves = append(c.moves, later...)
	b.start, b.moves, b.history = c.start, c.moves, nil
}

// newBoard returns the board of a game of variant before its first ply: the variant's start, or
// setup, the starting position of a game that began from one (Game.Setup, drawn by lot).
func newBoard(variant, setup string) (*board, error) {
	v, err := rules.VariantByID(variant)
	if err != nil {
		return nil, err
	}
	s := v.Start()
	if setup != "" {
		if s, err = rules.ParseFEN(v, setup); err != nil {
			return nil, fmt.Errorf("the game's starting position: %w", err)
		}
	}
	return &board{v: v, start: s, pos: s}, nil
}

// clone returns a copy that plays on without changing b. The legal moves are shared: a list is
// never changed, only replaced.
func (b *board) clone() *board {
	c := *b
	c.moves = append([]rules.Move(nil), b.moves...)
	if b.history != nil {
		c.history = append([]Ply{}, b.history...)
	}
	return &c
}

// replay plays a stored game's plies.
func (b *board) replay(plies []Ply) error {
	b.moves = slices.Grow(b.moves, len(plies)+4)
	for i, p := range plies {
		if err := b.play(p.Text); err != nil {
			return fmt.Errorf("ply %d %q: %w", i+1, p.Text, err)
		}
	}
	return nil
}

// parse reads a written move in the current position: the legal move it denotes, or why it is
// impossible (4.2.2, 4.2.10).
func (b *board) parse(text string) (rules.Move, *fault) {
	m, err := rules.ParseMove(&b.pos, text)
	if err == nil {
		return m, nil
	}
	var ne *rules.NotationError
	if !errors.As(err, &ne) {
		return rules.Move{}, &fault{Kind: faultUnreadable}
	}
	f := &fault{Options: append([]string(nil), ne.Written...), From: ne.FromName, To: ne.ToName}
	switch ne.Kind {
	case rules.ErrAbbreviated:
		f.Kind = faultAbbreviated
	case rules.ErrNoPiece:
		f.Kind = faultNoPiece
	case rules.ErrNotYourPiece:
		f.Kind = faultNotYours
	case rules.ErrCaptureRequired:
		f.Kind = faultCapture
		for _, m := range b.legal() {
			if len(f.Captures) < 8 {
				f.Captures = append(f.Captures, b.format(m))
			}
		}
	case rules.ErrNoSuchMove:
		f.Kind = faultNoSuchMove
		switch {
		case !ne.Capture && ne.To != rules.NoSquare && !b.pos.Tower(ne.To).Empty():
			f.occupied = true // a quiet move onto a piece
		case ne.Capture && (len(b.legal()) == 0 || !b.legal()[0].IsCapture()):
			f.noTake = true // the position has no capture
		default:
			f.cannot = true
		}
	case rules.ErrAmbiguous:
		f.Kind = faultAmbiguous
	default:
		// Squares in full notation that make no move of this board (a light square, a quiet
		// move over three squares): an impossible move (4.2.10), not illegible text (4.2.5);
		// the caller says unreadable for what the letter reader could not read as notation.
		f.Kind = faultNoSquare
	}
	if m, ok := substitute(ne); ok {
		f.Unique = &m
	}
	return rules.Move{}, f
}

// substitute is the move that replaces the impossible move ne (4.2.10): its piece's one legal
// move. Abbreviated notation names no square (4.2.2) and an ambiguous capture has several
// routes, so neither is replaced.
func substitute(ne *rules.NotationError) (rules.Move, bool) {
	if (ne.Kind == rules.ErrNoSuchMove || ne.Kind == rules.ErrCaptureRequired) && len(ne.PieceMoves) == 1 {
		return ne.PieceMoves[0], true
	}
	return rules.Move{}, false
}

// reads reports whether text, read in the current position, is the move m.
func (b *board) reads(text string, m rules.Move) bool {
	got, f := b.parse(text)
	return f == nil && b.pos.SameMove(got, m)
}

// stored reads a move as the game stores it (Ply.Text, Variant.Moves) in the current position.
func (b *board) stored(text string) (rules.Move, bool) {
	m, err := rules.ParseMove(&b.pos, text)
	return m, err == nil
}

// play plays a move given in any full notation the engine reads: a stored ply.
func (b *board) play(text string) error {
	m, err := rules.ParseMove(&b.pos, text)
	if err != nil {
		return err
	}
	b.playMove(m)
	return nil
}

// playMove plays a legal move of the current position.
func (b *board) playMove(m rules.Move) {
	b.pos = b.pos.Play(m)
	b.moves = append(b.moves, m)
	b.legals = nil
}

// legal returns every legal move of the current position.
func (b *board) legal() []rules.Move {
	if b.legals == nil {
		b.legals = b.pos.LegalMoves([]rules.Move{})
	}
	return b.legals
}

// format writes a legal move of the current position in postald's normal notation: the full
// notation rules prints, which is what the game stores.
func (b *board) format(m rules.Move) string { return rules.FormatMove(&b.pos, m) }

// outcome reports whether the game is over on the board and who won (1.12; giveaway reversed).
func (b *board) outcome() (bool, Side) {
	w, ok := b.pos.Outcome().Winner()
	if !ok {
		return false, ""
	}
	return true, SideOfColor(w)
}

// claim reports whether a draw claim holds before the side to move moves, and its clause.
func (b *board) claim() (bool, string) {
	b.full()
	g := rules.Game{Variant: b.v, Start: b.start, Moves: b.moves}
	cs := g.DrawClaims()
	if len(cs) == 0 {
		return false, ""
	}
	return true, cs[0].Clause
}

// picture is the board for a letter's diagram picture. The last move is marked when it is known
// without replaying the game (a move of this letter, or a board replayed anyway).
func (b *board) picture() *Picture {
	p := &Picture{Position: b.pos, Ply: len(b.history) + len(b.moves)}
	if n := len(b.moves); n > 0 {
		last := b.moves[n-1]
		p.Last = &last
	}
	return p
}

// diagram draws the position as text: White at the bottom, men w b, kings W B, empty playing
// squares ".", the other squares blank, towers by their top piece with their composition listed
// under the board (top first), then the legend in the letter's language and the FEN. With
// picture, for a letter that shows the board's picture too, the legend also explains the
// picture's mark of the side to move.
func (b *board) diagram(tx *phrases, picture bool) string {
	n := b.v.BoardSize()
	var s strings.Builder
	var towers []string
	for row := n - 1; row >= 0; row-- {
		line := fmt.Sprintf("%2d ", row+1)
		for file := 0; file < n; file++ {
			sq := b.v.SquareAt(file, row)
			c := " "
			if sq != rules.NoSquare {
				c = "."
				if t := b.pos.Tower(sq); !t.Empty() {
					c = marks(tx, t.String()[:1])
					if t.Height() > 1 {
						towers = append(towers, b.v.AlgebraicName(sq)+" "+marks(tx, t.String()))
					}
				}
			}
			line += " " + c
		}
		// No blank at the line's end: mail programs drop or mangle trailing spaces.
		s.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	s.WriteString("   ")
	for file := 0; file < n; file++ {
		s.WriteString(" " + string(rune('a'+file)))
	}
	s.WriteString("\n")
	if len(towers) > 0 {
		s.WriteString(strings.Join(towers, ", ") + "\n")
	}
	fmt.Fprintf(&s, tx.Legend+"\n", marks(tx, "w"), marks(tx, "W"), marks(tx, "b"), marks(tx, "B"), ".")
	if len(towers) > 0 {
		s.WriteString(tx.TowersLegend + "\n")
	}
	if picture {
		s.WriteString(tx.picture.ToMove + "\n")
	}
	s.WriteString("FEN " + b.pos.FEN() + "\n")
	return s.String()
}

// marks writes the engine's piece letters (w W b B, top first in a tower) in the marks of the
// letter's language.
func marks(tx *phrases, pieces string) string {
	m := []rune(tx.Marks)
	var b strings.Builder
	for _, c := range pieces {
		switch i := strings.IndexRune("wWbB", c); {
		case i >= 0 && i < len(m):
			b.WriteRune(m[i])
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}
