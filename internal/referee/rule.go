package referee

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// Ruling is a decision of the judge (4.1.7). Every ruling names the clause it rests on (4.1.10)
// and its reason, which both players are told.
type Ruling struct {
	Kind   RuleKind        `json:"kind"`
	Side   Side            `json:"side,omitempty"`   // whom it concerns (penalty, forfeit, correct-date, leave)
	Days   int             `json:"days,omitempty"`   // penalty, correct-date: days to add (negative: remove)
	Result Result          `json:"result,omitempty"` // adjudicate: 1-0, 0-1, 1/2-1/2
	Leave  daysclock.Leave `json:"leave,omitzero"`

	// Revert: Before is the game as the store held it just before the letter (kept with the
	// letter in the archive); the letter is entry Letter of the game's archive, with its
	// Message-ID and the instant it was received; Upto is the last entry of the archive the
	// revert undoes (the letter and everything after it, which stay in the archive).
	Before     *Game     `json:"-"`
	Letter     uint64    `json:"letter,omitempty"`
	LetterID   string    `json:"letter_id,omitempty"`
	LetterTime time.Time `json:"letter_time,omitzero"`
	Upto       uint64    `json:"upto,omitempty"`
	// Resend: the letter sent again is entry Letter of the game's archive, sent at LetterTime;
	// To is the address it goes to now; Side, when set, the player it brings his partner's move.
	To string `json:"to,omitempty"`

	Clause string    `json:"clause"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// ErrRuling is wrapped by the errors of rulings that cannot apply to the game.
var ErrRuling = errors.New("referee: ruling does not apply")

// Rule is the door of a judge's ruling: it applies the ruling to the game of seat st and returns
// the decision, with the letters telling both players, each in his language, the judge, for the
// record, and the director, in the tournament's language (4.1.10). It changes nothing and
// returns an error wrapping ErrRuling when the ruling does not fit the game.
func Rule(st Seat, r Ruling) (Decision, error) {
	g := st.Game
	x := newDecider(st, r.At)
	if r.Clause == "" {
		return Decision{}, fmt.Errorf("%w: a ruling names the clause it rests on (4.1.10)", ErrRuling)
	}
	sideless := r.Kind == RuleAdjudicate || r.Kind == RuleRevert || r.Kind == RuleAnnul || r.Kind == RuleProtest || r.Kind == RuleStrikeOut || r.Kind == RuleResend
	if r.Side != White && r.Side != Black && !sideless {
		return Decision{}, fmt.Errorf("%w: %s needs the side it concerns", ErrRuling, r.Kind)
	}
	// what says the ruling in the words of one reader's language: each player's own, the
	// tournament's for the judge (letters.md).
	var what func(tx *phrases) string
	protest := false
	switch r.Kind {
	case RulePenalty:
		if err := x.g.Clock(r.Side).Correct(r.Days, r.Days); err != nil {
			return Decision{}, fmt.Errorf("%w: %w", ErrRuling, err)
		}
		x.d.PenaltyDays = r.Days
		what = func(tx *phrases) string {
			days := tx.PenaltyDays(r.Days)
			if r.Days < 0 {
				days = tx.PenaltyLifted(-r.Days) // a penalty taken back is said so, its days counted
			}
			return fmt.Sprintf(tx.RulingPenalty, x.player(r.Side).Name, tx.side(r.Side), days, r.Reason)
		}
		if x.g.Status == StatusPlaying {
			x.overstepped(r.Side, x.g.Clock(r.Side).Check(x.today, x.terms))
		}
	case RuleCorrect:
		if err := x.g.Clock(r.Side).Correct(r.Days, 0); err != nil {
			return Decision{}, fmt.Errorf("%w: %w", ErrRuling, err)
		}
		what = func(tx *phrases) string { return fmt.Sprintf(tx.RulingDate, r.Reason) }
	case RuleForfeit:
		if x.g.Status == StatusFinished {
			return Decision{}, fmt.Errorf("%w: the game is already finished (%s)", ErrRuling, x.g.Result)
		}
		x.g.Status, x.g.Result, x.g.Reason = StatusFinished, Won(r.Side.Other()), ReasonForfeit
		x.g.Variants, x.g.DrawOffer = nil, ""
		what = func(tx *phrases) string {
			return fmt.Sprintf(tx.RulingForfeit, x.player(r.Side).Name, tx.side(r.Side), x.g.Result, r.Reason)
		}
	case RuleAdjudicate:
		if !r.Result.Decisive() {
			return Decision{}, fmt.Errorf("%w: result %q: want 1-0, 0-1 or 1/2-1/2", ErrRuling, r.Result)
		}
		if x.g.Status == StatusFinished {
			return Decision{}, fmt.Errorf("%w: the game is already finished (%s)", ErrRuling, x.g.Result)
		}
		x.g.Status, x.g.Result, x.g.Reason = StatusFinished, r.Result, ReasonAdjudicated
		x.g.Variants, x.g.DrawOffer = nil, ""
		what = func(tx *phrases) string { return fmt.Sprintf(tx.RulingAdjudicate, r.Result, r.Reason) }
	case RuleLeave:
		taken := append([]daysclock.Leave(nil), x.g.Clock(r.Side).Leaves...)
		if err := daysclock.ValidateLeave(r.Leave, x.today, taken, x.reg.LeaveDays); err != nil {
			return Decision{}, fmt.Errorf("%w: %w", ErrRuling, err)
		}
		x.g.Clock(r.Side).AddLeave(r.Leave)
		what = func(tx *phrases) string {
			return fmt.Sprintf(tx.RulingLeave, x.player(r.Side).Name, tx.side(r.Side), tx.period(r.Leave), r.Reason)
		}
	case RuleRevert:
		if r.Before == nil {
			return Decision{}, fmt.Errorf("%w: a revert needs the game as it was before the letter", ErrRuling)
		}
		if r.Before.Tournament != g.Tournament || r.Before.Name != g.Name {
			return Decision{}, fmt.Errorf("%w: the state to restore is of game %s, not %s", ErrRuling, r.Before.ID(), g.ID())
		}
		// Everything the letter and what came after it changed goes: the board, the clocks, the
		// variants, the draw offer, the status, the reminders sent and the history (so that no
		// penalty of an undone letter is reported). The letters stay in the archive.
		undone := x.g
		x.g = r.Before.clone()
		at := r.LetterTime.In(x.loc)
		what = func(tx *phrases) string {
			return fmt.Sprintf(tx.RulingRevert, revertedLetter(x.t, &undone, r.LetterID, tx), tx.date(daysclock.DateOf(at, x.loc))+" "+at.Format("15:04"), r.Reason) +
				"\n" + revertState(x.t, &x.g, tx)
		}
	case RuleAnnul, RuleStrikeOut:
		// 4.1.7: the judge annuls a game; seed 003 1.10.2 strikes out a withdrawn player's games
		// not finished. Either way the game ends without a result, its clocks stop and nothing
		// more is pending; the crosstable tells the two apart by the Reason.
		if x.g.Status == StatusFinished && x.g.Reason.WithoutResult() {
			return Decision{}, fmt.Errorf("%w: game %s is already annulled", ErrRuling, x.g.ID())
		}
		if r.Kind == RuleStrikeOut && x.g.Status == StatusFinished {
			return Decision{}, fmt.Errorf("%w: the game is already finished (%s)", ErrRuling, x.g.Result)
		}
		x.g.Status, x.g.Result, x.g.Reason = StatusFinished, ResultNone, ReasonAnnulled
		what = func(tx *phrases) string { return fmt.Sprintf(tx.RulingAnnul, r.Reason) }
		if r.Kind == RuleStrikeOut {
			x.g.Reason = ReasonStruckOut
			what = func(tx *phrases) string { return fmt.Sprintf(tx.RulingStrikeOut, r.Reason) }
		}
		x.g.Variants, x.g.DrawOffer, x.g.Accepted = nil, "", nil
		x.g.WhiteClock.Stop()
		x.g.BlackClock.Stop()
	case RuleRefer:
		// seed 003 1.10.4: a begun game of a player who leaves is among his games played and is
		// adjudicated by the judge; play stops, and both players are asked for their
		// submissions as after the end date (4.3.2, AskAdjudication).
		if x.g.Status != StatusPlaying {
			return Decision{}, fmt.Errorf("%w: the game is not in play (%s)", ErrRuling, x.g.StatusText())
		}
		x.g.Status, x.g.Reason = StatusAdjudication, ReasonWithdrawn
		x.g.Variants, x.g.DrawOffer, x.g.Accepted = nil, "", nil
		x.g.WhiteClock.Stop()
		x.g.BlackClock.Stop()
		what = func(tx *phrases) string {
			return fmt.Sprintf(tx.RulingRefer, x.player(r.Side).Name, tx.side(r.Side), r.Reason)
		}
	case RuleResend:
		// 4.3.1: the move must reach its reader; the judge has the letter sent again. The clock of
		// a player whose move did not reach him starts when it does (Mailed), not with the ruling.
		if r.To == "" || r.Letter == 0 {
			return Decision{}, fmt.Errorf("%w: resend names the letter and the address", ErrRuling)
		}
		what = func(tx *phrases) string {
			at := r.LetterTime.In(x.loc)
			w := tx.delivery.RulingResend(int(r.Letter), tx.date(daysclock.DateOf(at, x.loc))+" "+at.Format("15:04"), r.To, r.Reason)
			if r.Side != "" && x.g.Undelivered == r.Side {
				w += "\n" + tx.delivery.RulingClock
			}
			return w
		}
	case RuleProtest:
		// 4.1.12: the decision on a protest is recorded and told; it changes the game only
		// through the rulings the judge gives with it.
		what = func(tx *phrases) string { return fmt.Sprintf(tx.RulingProtest, r.Reason) }
		protest = true
	default:
		return Decision{}, fmt.Errorf("%w: unknown ruling %q", ErrRuling, r.Kind)
	}
	x.d.Verdict = Ruled
	x.d.addClause(r.Clause)
	// The letters show the position the ruling is about; a game whose record cannot be
	// replayed is ruled all the same, without the picture.
	var pic *Picture
	var pos *board
	if b, err := newBoard(x.t.Variant, x.g.Setup); err == nil && b.replay(x.g.Plies) == nil {
		pic, pos = b.picture(), b
	}
	// Each reader's letter in his language: the players' their own, the judge's and the
	// director's the tournament's (letters.md).
	for _, role := range []Role{ToWhite, ToBlack, ToJudge, ToDirector} {
		tx := x.t.textTo(&x.g, role)
		subject := tx.SubjRuling
		if protest {
			subject = tx.SubjProtestDecision
		}
		body := fmt.Sprintf(tx.Ruling, what(tx))
		// 4.1.10: every ruling names the clause it rests on, in the letter itself.
		body += "\n" + fmt.Sprintf(tx.RulingClause, r.Clause)
		// A game annulled or struck out has no result to state.
		if x.g.Status == StatusFinished && !x.g.Reason.WithoutResult() {
			body += "\n" + fmt.Sprintf(tx.Result, x.g.Result)
		}
		// The clocks after the ruling, whatever it changed (4.3.1), and to a player in play his
		// next control.
		if !x.g.Reason.WithoutResult() || x.g.Status != StatusFinished {
			body += "\n" + fmt.Sprintf(tx.TimeLine, x.g.Time())
			if x.g.Status == StatusPlaying && (role == ToWhite || role == ToBlack) {
				body += "\n" + nextControl(x.t, &x.g, sideOfRole(role), tx)
			}
		}
		// The position as text too, with its legend (README: every letter that shows a position
		// shows it both ways).
		if pos != nil {
			body += "\n" + tx.PosHead + "\n" + strings.TrimRight(pos.diagram(tx, true), "\n")
		}
		body = withPictureLegend(body, pic, tx)
		o, ok := outgoing(x.t, &x.g, role, subject, body, Ruled, r.Clause)
		if !ok {
			continue
		}
		o.Kind, o.Picture = KindRuling, pic
		x.notices = append(x.notices, o)
	}
	x.g.History = append(x.g.History, Entry{Date: x.today, Verdict: Ruled, Clauses: []string{r.Clause},
		Note: r.Kind.String() + ": " + r.Reason})
	x.d.Letters = x.notices
	x.summarize()
	x.d.close(x.t, r.At)
	return x.d, nil
}

// revertedLetter names the letter a revert undoes as its reader knows it (4.1.10): whose it was
// and the moves it brought, read from the game before the revert (undone); a letter that brought
// no move is named by the move it answered.
func revertedLetter(t *Table, undone *Game, id string, tx *phrases) string {
	var moves []string
	at := -1
	for i, p := range undone.Plies {
		if id != "" && p.Letter == id {
			if at < 0 {
				at = i
			}
			moves = append(moves, numbered(i, p.Text))
		}
	}
	from := Side("")
	for _, e := range undone.History {
		if id != "" && e.Letter == id && e.From != "" {
			from = e.From
			break
		}
	}
	if from == "" && at >= 0 {
		from = sideOfPly(at)
	}
	who := tx.RevertLetter
	if from != "" {
		who = fmt.Sprintf(tx.RevertLetterOf, tx.side(from), t.player(undone, from).Name)
	}
	if len(moves) > 0 {
		return who + fmt.Sprintf(tx.RevertLetterMoves, strings.Join(moves, " "))
	}
	return who
}

// revertState describes the game a revert put back: the moves, whose move it is, the draw offer
// and the variants that stand again (with their move numbers), and the time.
func revertState(t *Table, g *Game, tx *phrases) string {
	var b strings.Builder
	moves := strings.Join(g.MoveList(), " ")
	if moves == "" {
		moves = "—"
	}
	fmt.Fprintf(&b, tx.MovesLine+"\n", moves)
	if g.Status == StatusPlaying {
		fmt.Fprintf(&b, tx.RevertOnMove+"\n", tx.side(g.ToMove()), t.player(g, g.ToMove()).Name)
	}
	if g.DrawOffer != "" {
		fmt.Fprintf(&b, tx.RevertDraw+"\n", tx.side(g.DrawOffer), t.player(g, g.DrawOffer).Name)
	}
	for _, v := range g.Variants {
		line := make([]string, len(v.Moves))
		for i, m := range v.Moves {
			line[i] = numbered(v.At+i, m)
		}
		fmt.Fprintf(&b, tx.RevertVariant+"\n", tx.side(v.Proposer), strings.Join(line, " "))
	}
	fmt.Fprintf(&b, tx.TimeLine, g.Time())
	return b.String()
}
