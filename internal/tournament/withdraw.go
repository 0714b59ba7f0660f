package tournament

import (
	"fmt"
	"time"

	"postald/internal/referee"
)

// PlayOf is a game as the withdrawal rule counts it (seed 003, 1.10.4). The moves of an opening
// drawn by lot (1.6.4) were on the board before play: a game with no other move was not begun.
func PlayOf(g *referee.Game) GamePlay {
	return GamePlay{Moves: len(g.Plies) - g.Drawn(), Annulled: g.Status == referee.StatusFinished && g.Reason.WithoutResult()}
}

// Withdrawn is the ruling on a player who leaves a round-robin (seed 003, 1.10): the clause the
// rule gives, the games he played and all of his games, and the ruling on each of his games that
// was still to be decided, in the order of the games given.
type Withdrawn struct {
	Clause  string
	Played  int
	Total   int
	Rulings []GameRuling
}

// GameRuling is the ruling a withdrawal gives one game: Game is its index among the games given.
type GameRuling struct {
	Game     int
	Ruling   referee.Ruling
	Decision referee.Decision
}

// Referred counts the begun games the withdrawal sent to the judge for adjudication (1.10.4).
func (w Withdrawn) Referred() int {
	n := 0
	for _, r := range w.Rulings {
		if r.Ruling.Kind == referee.RuleRefer {
			n++
		}
	}
	return n
}

// Ended counts the games the withdrawal ended: struck out (1.10.2) or lost without play (1.10.3).
func (w Withdrawn) Ended() int { return len(w.Rulings) - w.Referred() }

// Withdraw decides the withdrawal of player num from games, every game of his in the tournament,
// begun or not, finished or not. clause is the one the judge named: empty or "1.10" to take the
// one the rule gives, or that one; any other is refused, since the rule, not the judge, chooses
// between 1.10.2 and 1.10.3.
//
//   - 1.10.2, fewer than half of his games played: his results are struck out, and every game of
//     his not finished ends without a result (referee.ReasonStruckOut); the crosstable marks the
//     unplayed games with a minus for both.
//   - 1.10.3, half or more: his results stand. A game of his without a move is lost without play
//     (a minus for him, a plus for the partner, 1.12.2). A begun game that is not finished is
//     among the games played and is adjudicated by the judge (1.10.4): it is sent to
//     adjudication, and both players are asked for their submissions (4.3.2).
func Withdraw(t *referee.Table, games []referee.Game, num int, clause, reason string, at time.Time) (Withdrawn, error) {
	return withdraw(t, games, num, clause, reason, at, "")
}

// ClauseSwiss is the clause of seed 003 on a player who leaves a Swiss: the results of the games
// he played stand (1.10.5), and he is not paired again.
const ClauseSwiss = "1.10.5"

// withdraw is Withdraw in a system that gives the clause itself (given; "" lets the rule choose
// between 1.10.2 and 1.10.3, as in a round robin). In a Swiss the games he played stand (1.10.5,
// swissCourse): his games are ruled as 1.10.3 rules them (a game without a move lost without
// play, a begun one sent to adjudication, 1.10.4), and he is not paired in the rounds after. In a
// team event his results stand too, whatever he played (1.10.3, teamCourse): his team's matches
// are scored board by board, and striking out his games would change matches already decided;
// what becomes of a team that leaves is the judges' (1.14.5). In a knockout he loses his pairing
// (knockoutCourse) and his games are ruled as 1.10.3 rules them.
func withdraw(t *referee.Table, games []referee.Game, num int, clause, reason string, at time.Time, given string) (Withdrawn, error) {
	plays := make([]GamePlay, len(games))
	for i := range games {
		g := &games[i]
		if w, b, _ := g.Numbers(); w != num && b != num {
			return Withdrawn{}, fmt.Errorf("%w: game %s is not player %d's", referee.ErrRuling, g.ID(), num)
		}
		plays[i] = PlayOf(g)
	}
	var w Withdrawn
	w.Clause, w.Played, w.Total = Withdrawal(plays) // seed 003, 1.10.2–1.10.4
	if given != "" {
		w.Clause = given
	}
	if clause != "" && clause != "1.10" && clause != w.Clause {
		return Withdrawn{}, fmt.Errorf("%w: clause %s: with %d of %d games played seed 003 gives %s", referee.ErrRuling, clause, w.Played, w.Total, w.Clause)
	}
	for i, g := range games {
		if g.Status == referee.StatusFinished {
			continue
		}
		r := referee.Ruling{Clause: w.Clause, Reason: reason, At: at}
		switch {
		case w.Clause == ClauseStruckOut:
			r.Kind = referee.RuleStrikeOut // 1.10.2
		case !g.Begun():
			r.Kind, r.Side = referee.RuleForfeit, sideOf(&g, num) // 1.10.3, 1.12.2
		case g.Status == referee.StatusAdjudication:
			continue // already the judge's to adjudicate (4.3.2, 1.10.4)
		default:
			r.Kind, r.Side = referee.RuleRefer, sideOf(&g, num) // 1.10.4
			r.Clause = "1.10.4"
		}
		dec, err := referee.Rule(referee.Seat{Table: t, Game: g}, r)
		if err != nil {
			return Withdrawn{}, fmt.Errorf("game %s: %w", g.ID(), err)
		}
		w.Rulings = append(w.Rulings, GameRuling{Game: i, Ruling: r, Decision: dec})
	}
	return w, nil
}

// sideOf returns the side player num plays in g.
func sideOf(g *referee.Game, num int) referee.Side {
	if _, b, _ := g.Numbers(); b == num {
		return referee.Black
	}
	return referee.White
}

// TableResult is a game's result as the crosstable counts it: lost by forfeit without a move is
// a plus and a minus (seed 003, 1.12.2); annulled by the judge it counts for no one; ended
// because its player was struck out (1.10.2) it is a game without a result, which the
// crosstable marks as 1.10.2 says.
func TableResult(g *referee.Game) Result {
	switch {
	case g.Status == referee.StatusFinished && g.Reason == referee.ReasonStruckOut:
		return Unfinished
	case g.Status == referee.StatusFinished && g.Reason == referee.ReasonAnnulled:
		return Annulled
	case g.Result == referee.ResultWhite && g.Reason == referee.ReasonForfeit && !g.Begun():
		return WhiteByForfeit
	case g.Result == referee.ResultBlack && g.Reason == referee.ReasonForfeit && !g.Begun():
		return BlackByForfeit
	}
	return resultOf(g.Result)
}
