package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Game is a game record: a start position and the moves played from it.
// Moves must be legal in turn; use [Game.Play] or [Game.PlayText] to add them.
type Game struct {
	Variant *Variant
	Start   Position
	Moves   []Move
}

// NewGame returns a game starting from start.
func NewGame(start Position) *Game {
	return &Game{Variant: start.v, Start: start}
}

// Positions returns the start position and the position after each move.
func (g *Game) Positions() []Position {
	out := make([]Position, 0, len(g.Moves)+1)
	p := g.Start
	out = append(out, p)
	for _, m := range g.Moves {
		p = p.Play(m)
		out = append(out, p)
	}
	return out
}

// Position returns the current position.
func (g *Game) Position() Position {
	p := g.Start
	for _, m := range g.Moves {
		p = p.Play(m)
	}
	return p
}

// Play appends m after checking that it is legal in the current position.
func (g *Game) Play(m Move) error {
	p := g.Position()
	for _, l := range p.LegalMoves(nil) {
		if l.Equal(m) {
			g.Moves = append(g.Moves, l)
			return nil
		}
	}
	return fmt.Errorf("move %d: %s is not legal", len(g.Moves)+1, FormatMove(&p, m))
}

// PlayText parses text in full notation against the current position and
// appends the move. The error is a *NotationError when the move is refused.
func (g *Game) PlayText(text string) (Move, error) {
	p := g.Position()
	m, err := ParseMove(&p, text)
	if err != nil {
		return Move{}, err
	}
	g.Moves = append(g.Moves, m)
	return m, nil
}

// Outcome tells whether the game is over on the board (see [Position.Outcome]).
func (g *Game) Outcome() Outcome {
	p := g.Position()
	return p.Outcome()
}

// RepetitionCount returns how many times the current position (same towers
// with the same composition, same side to move) has occurred in the game,
// the current occurrence included.
func (g *Game) RepetitionCount() int {
	ps := g.Positions()
	cur := ps[len(ps)-1]
	n := 0
	for i := range ps {
		if ps[i].Equal(&cur) {
			n++
		}
	}
	return n
}

// DrawRule names a rule under which a player may claim a draw.
type DrawRule uint8

const (
	// DrawRepetition: the same position occurred three times with the same
	// side to move (column and Lasca 1.13.1, international 2.6, russian).
	DrawRepetition DrawRule = iota + 1
	// DrawMaterialUnchanged: column and Lasca 1.13.1, for the last 15 or more
	// moves the material balance (the number of towers and their composition)
	// did not change.
	DrawMaterialUnchanged
	// DrawKingsOnly: international 2.6, for 25 moves both sides moved only
	// kings, no man moved and nothing was captured.
	DrawKingsOnly
	// DrawEndgameLimit: international 2.6, an ending of the listed kind was
	// not won within its move limit (5 or 50 moves of the stronger side).
	DrawEndgameLimit
)

func (r DrawRule) String() string {
	switch r {
	case DrawRepetition:
		return "three-fold repetition"
	case DrawMaterialUnchanged:
		return "material unchanged for 15 moves"
	case DrawKingsOnly:
		return "25 moves with kings only"
	case DrawEndgameLimit:
		return "endgame move limit"
	}
	return "unknown draw rule"
}

// DrawClaim is a draw claim that the record supports.
type DrawClaim struct {
	Rule   DrawRule
	Clause string // the seed clause: "1.13.1" or "2.6"
	Detail string
}

// DrawClaims returns the draw claims the side to move may make now, before
// making its move. Agreement and resignation are not the rules engine's
// business. The russian rules apply only three-fold repetition (see the
// package documentation).
func (g *Game) DrawClaims() []DrawClaim {
	ps := g.Positions()
	cur := &ps[len(ps)-1]
	if cur.Outcome() != Ongoing {
		return nil
	}
	var out []DrawClaim
	fam := g.Variant.family
	clause := "1.13.1"
	if fam == familyInternational {
		clause = "2.6"
	}
	if n := g.RepetitionCount(); n >= 3 {
		out = append(out, DrawClaim{Rule: DrawRepetition, Clause: clause,
			Detail: fmt.Sprintf("the position occurred %d times with %s to move", n, cur.side)})
	}
	switch fam {
	case familyColumn, familyLasca:
		// 1.13.1: "15 and more moves" counted as moves of both sides (30 plies), the
		// way the seed numbers a White move and Black's reply as one move.
		sig := materialSignature(cur)
		plies := 0
		for i := len(ps) - 2; i >= 0 && materialSignature(&ps[i]) == sig; i-- {
			plies++
		}
		if plies >= 30 {
			out = append(out, DrawClaim{Rule: DrawMaterialUnchanged, Clause: "1.13.1",
				Detail: fmt.Sprintf("the material balance has not changed for %d moves", plies/2)})
		}
	case familyInternational:
		// 2.6: 25 moves of each side (50 plies) with kings only, no capture.
		plies := 0
		for i := len(g.Moves) - 1; i >= 0; i-- {
			m := g.Moves[i]
			if m.IsCapture() || ps[i].kings&(1<<uint(m.from)) == 0 {
				break
			}
			plies++
		}
		if plies >= 50 {
			out = append(out, DrawClaim{Rule: DrawKingsOnly, Clause: "2.6",
				Detail: fmt.Sprintf("%d moves with kings only, no man moved, nothing captured", plies/2)})
		}
		if c, ok := endgameLimit(ps); ok {
			out = append(out, c)
		}
	}
	return out
}

// DrawClaimsWith returns the claims the side to move may make by writing m
// without playing it (1.13.2: a player whose move would repeat the position
// a third time writes it down and claims the draw). m must be legal. Only
// repetition is claimed this way; the other rules are claimed before moving
// ([Game.DrawClaims]).
func (g *Game) DrawClaimsWith(m Move) []DrawClaim {
	h := Game{Variant: g.Variant, Start: g.Start, Moves: append(g.Moves[:len(g.Moves):len(g.Moves)], m)}
	var out []DrawClaim
	for _, c := range h.DrawClaims() {
		if c.Rule == DrawRepetition {
			out = append(out, c)
		}
	}
	return out
}

// materialSignature describes the towers on the board without their
// places: their number and their compositions.
func materialSignature(p *Position) string {
	var ts []string
	for _, c := range []Color{White, Black} {
		for _, sq := range p.Squares(c) {
			ts = append(ts, p.Tower(sq).String())
		}
	}
	slices.Sort(ts)
	return strings.Join(ts, ",")
}

// EndingLimit returns the limit 2.6 sets for the ending on the board, in
// moves of the stronger side: 5 for the endings it lists against a lone king
// or a lone man, 50 for five kings (or four kings and a man) against two
// kings, 0 when it lists none; and the stronger side. It reads the material
// only, as [Game.DrawClaims] does for international; the endgame databases
// apply it to russian too.
func (p *Position) EndingLimit() (moves int, strong Color) { return endingKind(p) }

// endingKind classifies an international ending under 2.6: the move limit
// that applies and the stronger side, or limit 0.
func endingKind(p *Position) (limit int, strong Color) {
	var kings, men [2]int
	for _, c := range []Color{White, Black} {
		kings[c] = popcount(p.occ[c] & p.kings)
		men[c] = popcount(p.occ[c] &^ p.kings)
	}
	for _, s := range []Color{White, Black} {
		w := s.Opponent()
		sk, sm := kings[s], men[s]
		loneKing := kings[w] == 1 && men[w] == 0
		loneMan := kings[w] == 0 && men[w] == 1
		switch {
		// three kings, two kings and a man, a king and two men, three men against a lone king;
		// two kings, a king and a man against a lone king; a king against a lone king or man
		case loneKing && sk+sm == 3,
			loneKing && sk+sm == 2 && sk >= 1,
			(loneKing || loneMan) && sk == 1 && sm == 0:
			return 5, s
		// five kings, or four kings and a man, against two kings
		case kings[w] == 2 && men[w] == 0 && (sk == 5 && sm == 0 || sk == 4 && sm == 1):
			return 50, s
		}
	}
	return 0, White
}

// endgameLimit checks 2.6's endings: the stronger side has made its limit of
// moves since the ending arose without winning.
func endgameLimit(ps []Position) (DrawClaim, bool) {
	limit, strong := endingKind(&ps[len(ps)-1])
	if limit == 0 {
		return DrawClaim{}, false
	}
	moves := 0
	for i := len(ps) - 2; i >= 0; i-- {
		l, s := endingKind(&ps[i])
		if l != limit || s != strong {
			break
		}
		if ps[i].side == strong {
			moves++
		}
	}
	if moves < limit {
		return DrawClaim{}, false
	}
	return DrawClaim{Rule: DrawEndgameLimit, Clause: "2.6",
		Detail: fmt.Sprintf("%s has made %d moves in this ending without winning (limit %d)", strong, moves, limit)}, true
}
