package tournament

// The clauses of seed 003 on a player who leaves a round-robin.
const (
	ClauseStruckOut = "1.10.2" // fewer than half of his games played: his results are struck out
	ClauseLost      = "1.10.3" // half or more: his results stand, his unplayed games are lost
)

// GamePlay is one game of a player who leaves the tournament, as the withdrawal rule counts it.
type GamePlay struct {
	Moves    int  // the plies made in it (0: not begun)
	Annulled bool // the judge annulled it
}

// Played reports whether the game counts among the games played (seed 003, 1.10.4): at least
// one move made and not annulled; an unfinished game counts (the judge adjudicates it), an
// annulled game and a game without a single move do not.
func (g GamePlay) Played() bool { return g.Moves > 0 && !g.Annulled }

// Withdrawal is the rule of seed 003, 1.10 for a player who leaves a round-robin, from every
// game of his in the tournament (begun or not): played counts them as 1.10.4 does, total is
// all of them. With fewer than half played the clause is 1.10.2 (his results are struck out,
// his unplayed games and his partners' are a minus); with half or more it is 1.10.3 (his
// results stand, his unplayed games are a minus for him and a plus for the partner). The
// judge's command and the crosstable both decide by it.
func Withdrawal(games []GamePlay) (clause string, played, total int) {
	for _, g := range games {
		if g.Played() { // 1.10.4
			played++
		}
	}
	total = len(games)
	if 2*played < total {
		return ClauseStruckOut, played, total // 1.10.2
	}
	return ClauseLost, played, total // 1.10.3
}
