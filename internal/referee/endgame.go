package referee

import (
	"fmt"
	"strings"

	"postald/internal/endgame"
	"postald/internal/mailparse"
	"postald/internal/phrase"
	"postald/internal/rules"
)

// The endgame databases at the adjudication desk. The office passes the databases in with the
// table (Table.Endgames); the referee never opens a file. What the database says of a game's
// position is a Settlement: the verdict for the side to move with best play, the distance, the
// principal line played to the game's end, and the verdict under the counting draw rules of 2.6
// (the regulation's lone_king_moves, five_kings_moves, kings_only_moves; endgame.Limits),
// counted from the game's own record. Decisions where the seeds are silent:
//
//   - 2.6 is applied to russian as seed 002 prints it, and to international as seed 004 does:
//     both list the same endings. The moves are counted as rules.Game.DrawClaims counts them
//     (the stronger side's moves since the ending arose; plies of both sides with kings only).
//   - «Своим 5-м ходом не добьется выигранной позиции» is read as: the stronger side has not
//     ended the game (taken the last piece or blocked it) with its fifth move of the ending. A
//     position from which the win is certain but not yet complete is no won position: the game
//     must end, as 1.12 defines its end.
//   - The rules are checked along the principal line (the winner's fastest win against the
//     longest defence). That reading has one meaning when the win takes no more moves than the
//     smallest limit and than the counters leave (no defence can then bring a limit in time),
//     and for a theoretical draw; otherwise a defence that changes the ending might bring a
//     limit nearer, or the winner might find a slower win that a limit spares, and the verdict
//     under the rules is the judge's: postald says so.
//   - A claim by letter is judged in the position on the board when it arrives, before the
//     letter's moves, as a draw claim is. Under "auto" the game ends only on a verdict with one
//     meaning; any other goes to the judge. A claim the database contradicts, or a position it
//     does not hold, is answered with what the database says and costs nothing; the letter's
//     moves are then decided as usual.
//   - After the end date (4.3.2) a claim is the player's submission: the package the judge
//     receives carries the database's verdict anyway.

// Endgames are the endgame databases the office has at hand.
type Endgames interface {
	// Database returns the database of variant v: its space, the source of its values and the
	// most pieces of the endings it holds completely; ok is false when none is at hand.
	Database(v *rules.Variant) (sp *endgame.Space, src endgame.Source, most int, ok bool)
}

// Settlement is what the endgame database says of a game's position.
type Settlement struct {
	Pieces   int  // pieces on the board
	Database bool // a database of the variant is at hand
	Most     int  // the most pieces of which it holds every ending
	Held     bool // the database holds the position
	ToMove   Side
	Value    endgame.Value
	Line     []string // the principal line in full notation, from the position
	End      endgame.LineEnd
	Check    endgame.RuleCheck
	// First is the number of the first move of the line, as the game numbers its moves.
	First int
}

// Reach reports whether the position is within the database's reach: it holds it.
func (s Settlement) Reach() bool { return s.Held }

// Winner returns the side that wins under the rules, and false for a draw or no verdict.
func (s Settlement) Winner() (Side, bool) {
	switch {
	case !s.Held || s.Check.Verdict == endgame.Draw:
		return "", false
	case s.Check.Verdict == endgame.Win:
		return s.ToMove, true
	case s.Check.Verdict == endgame.Loss:
		return s.ToMove.Other(), true
	}
	return "", false
}

// theoryWinner returns the side that wins with best play whatever the rules count; false for a
// draw or no verdict.
func (s Settlement) theoryWinner() (Side, bool) {
	switch {
	case !s.Held:
		return "", false
	case s.Value.Verdict == endgame.Win:
		return s.ToMove, true
	case s.Value.Verdict == endgame.Loss:
		return s.ToMove.Other(), true
	}
	return "", false
}

// Result returns the game's result under the rules: a win or a draw; ResultNone without a verdict.
func (s Settlement) Result() Result {
	if !s.Held {
		return ResultNone
	}
	if w, ok := s.Winner(); ok {
		return Won(w)
	}
	return ResultDraw
}

// limits returns the counting rules of the tournament's regulation.
func (t *Table) limits() endgame.Limits {
	r := t.reg()
	return endgame.Limits{LoneKing: r.LoneKingMoves, FiveKings: r.FiveKingsMoves, KingsOnly: r.KingsOnlyMoves}
}

// maxLine bounds a principal line in plies: a drawn line repeats within a few moves, and the
// longest win of the databases is far shorter.
const maxLine = 600

// Settle returns what the endgame database says of the seat's game in its current position. A
// game whose record does not replay is an error; no database, or a position it does not hold,
// is a Settlement with Held false.
func (s Seat) Settle() (Settlement, error) {
	b, err := gameBoard(s.Table.Variant, &s.Game)
	if err != nil {
		return Settlement{}, err
	}
	return s.Table.settle(b)
}

// settle returns the Settlement of the board's position.
func (t *Table) settle(b *board) (Settlement, error) {
	p := b.pos
	st := Settlement{Pieces: len(p.Squares(rules.White)) + len(p.Squares(rules.Black)), ToMove: SideOfColor(p.SideToMove())}
	if t.Endgames == nil {
		return st, nil
	}
	sp, src, most, ok := t.Endgames.Database(b.v)
	if !ok {
		return st, nil
	}
	st.Database, st.Most = true, most
	v, err := sp.Probe(src, &p)
	if err != nil {
		return st, err
	}
	if v.Verdict == endgame.Unknown {
		return st, nil
	}
	st.Held, st.Value = true, v
	line, err := sp.PrincipalLine(src, p, maxLine)
	if err != nil {
		return st, err
	}
	st.Line, st.End = line.Notation(), line.End
	b.full()
	g := rules.Game{Variant: b.v, Start: b.start, Moves: b.moves}
	st.First = len(g.Moves)/2 + 1
	if b.start.SideToMove() == rules.Black {
		st.First = (len(g.Moves)+1)/2 + 1
	}
	st.Check = t.limits().Check(v, &line, endgame.CountersOf(&g))
	return st, nil
}

// clause26 is the clause of the counting draw rules, in both seeds.
const clause26 = "2.6"

// Words writes the settlement in a language: the verdict with its distance and under the rules,
// then the principal line and how it ends; or that the database holds no verdict.
func (s Settlement) Words(lang string) string {
	w := &phrase.For(lang).Endgame
	if !s.Held {
		return w.NotHeld(s.Pieces, s.Most, s.Database)
	}
	color := rules.White
	if s.ToMove == Black {
		color = rules.Black
	}
	out := capital(endgame.Describe(w, color, s.Value, s.Check, clause26)) + "."
	if len(s.Line) > 0 {
		end := w.LineGameOver
		if s.End == endgame.EndRepetition {
			end = w.LineRepetition
		}
		out += "\n" + w.Line(s.numbered()) + " (" + end + ")."
	}
	return out
}

// Verdict writes the verdict alone, without the line.
func (s Settlement) Verdict(lang string) string {
	w := &phrase.For(lang).Endgame
	if !s.Held {
		return w.NotHeld(s.Pieces, s.Most, s.Database)
	}
	color := rules.White
	if s.ToMove == Black {
		color = rules.Black
	}
	return capital(endgame.Describe(w, color, s.Value, s.Check, clause26))
}

// capital writes the first letter of s in capitals: the verdict begins a sentence.
func capital(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// numbered writes the line with the game's move numbers: "41. c3-d4 h8:b2 42. …", a line
// that starts with Black's move "41... h8:b2 42. …".
func (s Settlement) numbered() string {
	var b strings.Builder
	n := s.First
	black := s.ToMove == Black
	for i, m := range s.Line {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			fmt.Fprintf(&b, "%d. ", n)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", n)
		}
		b.WriteString(m)
		if black {
			n++
		}
		black = !black
	}
	return b.String()
}

// ReasonTablebase: the game ended at once on a player's tablebase claim, under the regulation's
// endgame_claims = "auto".
const ReasonTablebase Reason = "tablebase"

// claimTablebase decides a player's claim that the endgame database settles his game (see the
// decisions above): judged in the position on the board before the letter's moves. It reports
// whether the letter is decided: the game ended, or the letter carries nothing else; otherwise
// its notes stand and the letter's moves are decided as usual.
func (x *decider) claimTablebase() bool {
	c := x.lt.Tablebase
	lang := x.t.languageOf(x.player(x.side))
	w := &phrase.For(lang).Endgame
	nothingElse := len(x.lt.Moves) == 0 && x.lt.Accept == nil && x.lt.Draw == "" && len(x.lt.Repeated) == 0
	done := func() bool {
		if nothingElse {
			x.d.Verdict = Notice
			x.answer(KindNotice, Notice)
		}
		return nothingElse
	}
	if c.Verdict == "" {
		x.note(w.ClaimUnclear)
		return done()
	}
	s, err := x.t.settle(x.b)
	if err != nil || !s.Held {
		x.note(w.ClaimNotHeld(s.Verdict(lang)))
		return done()
	}
	x.d.addClause(clause26)
	win := c.Verdict == mailparse.TablebaseWin
	var holds bool
	if s.Check.Certain {
		// The verdict under the rules has one meaning: the claim holds or not.
		winner, won := s.Winner()
		holds = win && won && winner == x.side || !win && !won
	} else {
		// The verdict under the rules is the principal line's only: a win claimed is
		// contradicted when the claimant does not win in theory, a draw claimed when he loses
		// both in theory and on the line under the rules; anything else is the judge's.
		theory, decided := s.theoryWinner()
		line, lineDecided := s.Winner()
		loses := decided && theory != x.side && lineDecided && line != x.side
		holds = win && decided && theory == x.side || !win && !loses
	}
	if !holds {
		// A claim the database contradicts is answered with its verdict and costs nothing.
		x.note(w.ClaimContradicted(s.Words(lang)))
		return done()
	}
	if x.reg.EndgameClaims == EndgameClaimsAuto && s.Check.Certain {
		x.tablebaseEnd(s)
		x.d.Verdict = Notice
		return true
	}
	// To the judge, with the verdict; the game goes on until he rules.
	x.note(w.ClaimToJudge(s.Words(lang)))
	pl := x.lt.partnerLang(x)
	pw := &phrase.For(pl).Endgame
	pclaim := pw.ClaimDraw
	if c.Verdict == mailparse.TablebaseWin {
		pclaim = pw.ClaimWin
	}
	x.notifyPartner(x.ptx.SubjNotice, pw.ClaimPartner(pclaim, s.Words(pl)), clause26)
	jl := x.t.lang()
	jw := &phrase.For(jl).Endgame
	jclaim := jw.ClaimDraw
	if c.Verdict == mailparse.TablebaseWin {
		jclaim = jw.ClaimWin
	}
	command := "postald judge adjudicate " + x.g.ID() + " RESULT -clause " + clause26 + " -reason TEXT"
	x.notify(ToJudge, x.jtx.SubjNotice,
		jw.ClaimJudge(x.player(x.side).Name, textFor(jl).side(x.side), jclaim, s.Words(jl), command), Notice, clause26)
	return done()
}

// partnerLang is the language of the letters to the sender's partner.
func (lt *letter) partnerLang(x *decider) string { return x.t.languageOf(x.player(x.side.Other())) }

// tablebaseEnd ends the game with the result under the rules that the settlement gives, telling
// both players in their languages and the judge in the tournament's, the clause and the line
// cited in every letter.
func (x *decider) tablebaseEnd(s Settlement) {
	result := s.Result()
	x.g.Status, x.g.Result, x.g.Reason = StatusFinished, result, ReasonTablebase
	x.g.Variants, x.g.DrawOffer = nil, ""
	body := func(lang string) string {
		return phrase.For(lang).Endgame.Ended(s.Words(lang)) + "\n" + fmt.Sprintf(textFor(lang).Result, result)
	}
	for _, r := range []Side{White, Black} {
		lang := x.t.languageOf(x.player(r))
		x.notify(roleOf(r), textFor(lang).SubjResult, body(lang), Notice, clause26)
	}
	x.notify(ToJudge, x.jtx.SubjResult, body(x.t.lang()), Notice, clause26)
}
