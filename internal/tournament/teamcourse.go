package tournament

import (
	"fmt"

	"postald/internal/referee"
)

// teamCourse is a team event: the team round robin and the Scheveningen system (seed 003, 1.2,
// 1.14). Its games are paired at the registration by the draw of the teams; the end of a match's
// last game sends both captains its result (1.14.7); a reserve comes in by the director's
// command (1.14.2).
type teamCourse struct{ base }

// Awaits names the games of game's match; a game a reserve took over counts for no match.
func (c teamCourse) Awaits(log Log, game string) ([]string, bool) {
	m, ok := c.s.MatchIn(game, log.Reserves)
	if !ok {
		return nil, false
	}
	return m.Games, true
}

// GameEnded sends both captains the result of game's match once every game of it is finished
// (1.14.6: a match is won on all its games; 1.14.7: the captain receives his team's results). A
// table the core cannot draw up from the results (a game the draw does not know) leaves the
// letters out rather than the letter that ended the game. The end of the last match ends the
// event (1.2): its final standings to every player, captain and official (end).
func (c teamCourse) GameEnded(st State, game string) (Step, error) {
	m, ok := c.s.MatchIn(game, st.Log.Reserves)
	if !ok {
		return Step{}, nil
	}
	in, err := c.s.TeamResults(st.Results, st.Log.Reserves)
	if err != nil {
		return Step{}, nil
	}
	tt, err := ComputeTeams(in)
	if err != nil {
		return Step{}, nil
	}
	var step Step
	for _, mr := range tt.Matches {
		if mr.Number == m.Number && mr.Complete {
			step.Parts = append(step.Parts, Part{Letters: c.s.MatchLetters(mr, tt, st.Results, st.Log.Reserves)})
		}
	}
	if games, over := c.over(st); len(step.Parts) > 0 && over {
		// The last match's end ends the event (1.2, 1.14.6): its final standings to everyone.
		step.Parts = append(step.Parts, c.end(games, &Standings{System: c.s.System, Teams: tt}).Parts...)
	}
	return step, nil
}

// Withdraw: a team player who leaves keeps his results whatever he played (1.10.3, see withdraw).
func (c teamCourse) Withdraw(st State, games []referee.Game, num int, clause, reason string) (Withdrawn, Step, error) {
	w, p, err := c.withdraw(st, games, num, clause, reason, ClauseLost)
	return w, Step{Parts: []Part{p}}, err
}

// Reserve enters reserve in for player out (1.14.2): Sheet.PlanReserve decides which games
// change players (those without a move; with the boards moved up, the boards below too). The
// entry is recorded in the log, every game replaced is annulled (it counts for no one; its
// players get the annulment's letters), the new games open with White's clock from the day after
// the letters are received (4.3.2), and the letters go: the reserve's start letter, each player's
// new games, the captain's, the judge's and the director's copy.
func (c teamCourse) Reserve(st State, games map[string]referee.Game, out, in int, reason string) (Substitution, Step, error) {
	open := map[string]bool{}
	for name, g := range games {
		open[name] = g.Status == referee.StatusPlaying && len(g.Plies) == 0
	}
	sub, err := c.s.PlanReserve(st.Log.Reserves, out, in, open)
	if err != nil {
		return Substitution{}, Step{}, refusal{err.Error()}
	}
	log := st.Log.Add(sub)
	var fresh []Game
	for _, g := range c.s.Paired(log) {
		for _, p := range sub.Games {
			if g.Name == p[1] && g.Replaced == "" {
				fresh = append(fresh, g)
			}
		}
	}
	p := Part{Records: []Record{{Clause: "1.14.2", Reason: reason, Entry: sub}}}
	for _, old := range sub.Games {
		g, ok := games[old[0]]
		if !ok {
			return Substitution{}, Step{}, fmt.Errorf("game %s/%s is not in the store", c.s.Code, old[0])
		}
		r := referee.Ruling{Kind: referee.RuleAnnul, Clause: "1.14.2", Reason: reason, At: st.Now}
		dec, err := referee.Rule(referee.Seat{Table: st.Table, Game: g}, r)
		if err != nil {
			return Substitution{}, Step{}, fmt.Errorf("game %s: %w", old[0], err)
		}
		p.Rulings = append(p.Rulings, Ruled{Game: old[0], Ruling: r, Decision: dec})
	}
	if p.Open, err = c.s.open(st.Table, st.Now, fresh); err != nil {
		return Substitution{}, Step{}, err
	}
	p.Letters = c.s.ReserveLetters(sub, log, reason)
	return sub, Step{Parts: []Part{p}}, nil
}

// Standings are the team standings, the matches and the board results (1.14.6).
func (c teamCourse) Standings(st State) (*Standings, error) {
	in, err := c.s.TeamResults(st.Results, st.Log.Reserves)
	if err != nil {
		return nil, err
	}
	tt, err := ComputeTeams(in)
	if err != nil {
		return nil, err
	}
	return &Standings{System: c.s.System, Teams: tt}, nil
}

// Qualified: a team event ranks teams, not players.
func (c teamCourse) Qualified(*Standings, int) ([]int, error) { return nil, c.notPlaces() }
