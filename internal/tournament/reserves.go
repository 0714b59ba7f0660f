package tournament

import (
	"fmt"
	"slices"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/phrase"
)

// Substitution is a reserve the director entered in a team event (seed 003, 1.14.2): from then
// on the reserve In plays, for team Team, the games of Games, each the game Old whose player
// was replaced and New, the game that replaces it. Out is the player he came in for. With the
// boards fixed, the reserve takes Out's games that had no move; with the boards moved up, in
// each match where no game of Out's board or a board below it had a move, the players below
// Out move up a board and the reserve plays the last (Sheet.PlanReserve).
type Substitution struct {
	Team  int         `json:"team"`
	Out   int         `json:"out"`
	In    int         `json:"in"`
	Games [][2]string `json:"games"` // old, new
}

// Paired returns every game of the tournament as paired with its log: the sheet's (Games), with
// the games the reserves took over marked Replaced and the games that replaced them after; for
// a Swiss those of the rounds paired.
func (s *Sheet) Paired(log Log) []Game {
	switch {
	case s.System == Swiss:
		return s.SwissGames(log.Rounds)
	case s.System == Knockout:
		return s.knockoutPaired(log.Knockout)
	case s.System.Teams():
		games, _ := teamDrawWith(s, log.Reserves)
		return games
	}
	return s.Games()
}

// teamDrawWith is teamDraw with the substitutions applied, in order: each game a reserve took
// over is kept, marked Replaced by the game that replaces it, and the new game, with the old
// one's round, match, boards and leg, follows the games of the sheet; the matches list the new
// games in the old ones' places.
func teamDrawWith(s *Sheet, reserves []Substitution) ([]Game, []Match) {
	games, matches := teamDraw(s)
	index := make(map[string]int, len(games))
	for i, g := range games {
		index[g.Name] = i
	}
	for _, sub := range reserves {
		for _, p := range sub.Games {
			i, ok := index[p[0]]
			w, b, err := ParseGameName(p[1])
			if !ok || err != nil || games[i].Replaced != "" {
				continue // not a game of this draw: the log is the office's, checked when recorded
			}
			g := games[i]
			games[i].Replaced = p[1]
			g.Name, g.White, g.Black = p[1], w, b
			index[g.Name] = len(games)
			games = append(games, g)
			if m := g.Match - 1; m >= 0 && m < len(matches) {
				if k := slices.Index(matches[m].Games, p[0]); k >= 0 {
					matches[m].Games = slices.Clone(matches[m].Games)
					matches[m].Games[k] = p[1]
				}
			}
		}
	}
	return games, matches
}

// PlanReserve decides which games reserve in takes over when he comes in for player out (1.14.2):
// those of out's games (and with the boards moved up, of the players below him) that open says
// may still change players — no move made and not finished. reserves are the substitutions
// entered before. The games a reserve takes are played with the colours and boards of the games
// they replace.
func (s *Sheet) PlanReserve(reserves []Substitution, out, in int, open map[string]bool) (Substitution, error) {
	if !s.System.Teams() {
		return Substitution{}, fmt.Errorf("tournament %s is no team event: it has no reserves", s.Code)
	}
	team, _, ok := s.TeamOf(out)
	if !ok {
		return Substitution{}, fmt.Errorf("player %d plays for no team", out)
	}
	mine, _, ok := s.TeamOf(in)
	if !ok || mine.Number != team.Number || !slices.Contains(team.Reserves, in) {
		return Substitution{}, fmt.Errorf("player %d is no reserve of team %d (%s): its reserves are %v (1.14.2)", in, team.Number, team.Name, team.Reserves)
	}
	games, matches := teamDrawWith(s, reserves)
	plays := func(g Game, n int) bool { return g.Replaced == "" && (g.White == n || g.Black == n) }
	taken := map[string]bool{}
	for _, g := range games {
		if g.Replaced == "" {
			taken[g.Name] = true
		}
		if plays(g, in) {
			return Substitution{}, fmt.Errorf("reserve %d plays already (game %s)", in, g.Name)
		}
	}
	sub := Substitution{Team: team.Number, Out: out, In: in}
	// ofTeam returns the team's player of a game and his board.
	ofTeam := func(g Game) (player int, board int) {
		m := matches[g.Match-1]
		if m.Home == team.Number {
			if slices.Contains(team.Boards, g.White) || slices.Contains(team.Reserves, g.White) {
				return g.White, g.Board
			}
			return g.Black, g.Board
		}
		if slices.Contains(team.Boards, g.White) || slices.Contains(team.Reserves, g.White) {
			return g.White, g.Opposite
		}
		return g.Black, g.Opposite
	}
	replace := func(g Game, from, to int) {
		w, b := g.White, g.Black
		if w == from {
			w = to
		} else {
			b = to
		}
		sub.Games = append(sub.Games, [2]string{g.Name, GameName(w, b)})
	}
	for _, m := range matches {
		if _, in := m.Opponent(team.Number); !in {
			continue
		}
		var mg []Game
		for _, g := range games {
			if g.Match == m.Number && g.Replaced == "" {
				mg = append(mg, g)
			}
		}
		outBoard := 0
		for _, g := range mg {
			if p, b := ofTeam(g); p == out {
				outBoard = b
			}
		}
		if outBoard == 0 {
			continue // he plays no longer in this match
		}
		shift := s.Competition.BoardOrder == BoardsMovedUp && s.System == TeamRoundRobin
		lineup := map[int]int{} // board -> the team's player on it in this match
		for _, g := range mg {
			p, b := ofTeam(g)
			lineup[b] = p
			if b >= outBoard && !open[g.Name] {
				shift = false // a game below him has begun: its players stay (1.14.2 applies to what is still to play)
			}
		}
		if !shift {
			for _, g := range mg {
				if p, _ := ofTeam(g); p == out && open[g.Name] {
					replace(g, out, in)
				}
			}
			continue
		}
		// The boards moved up: board j takes the player of board j+1, the last board the reserve.
		moved := map[int]int{}
		n := len(team.Boards)
		for b := outBoard; b < n; b++ {
			moved[b] = lineup[b+1]
		}
		moved[n] = in
		for _, g := range mg {
			p, b := ofTeam(g)
			if b >= outBoard && moved[b] != p {
				replace(g, p, moved[b])
			}
		}
	}
	if len(sub.Games) == 0 {
		return Substitution{}, fmt.Errorf("player %d has no game without a move for the reserve to take over", out)
	}
	for _, p := range sub.Games {
		if taken[p[1]] {
			return Substitution{}, fmt.Errorf("game %s would be played twice: the reserve cannot take game %s", p[1], p[0])
		}
		taken[p[1]] = true
	}
	return sub, nil
}

// ReserveLetters returns the letters about substitution sub, just entered after the reserves
// before it: the reserve's start letter with his games (log holds every reserve, sub the last);
// to every other player whose games changed, the games annulled and those that replace them, in
// his language; one to the team's captain, the judge and the director (in the tournament's).
func (s *Sheet) ReserveLetters(sub Substitution, log Log, reason string) []Letter {
	games := s.Paired(log)
	var reserveGames []Game
	for _, g := range games {
		if g.Replaced == "" && (g.White == sub.In || g.Black == sub.In) {
			reserveGames = append(reserveGames, g)
		}
	}
	team, _ := s.Team(sub.Team)
	named := func(n int) string {
		p, _ := s.Player(n)
		return fmt.Sprintf("%d %s", p.Number, p.Name)
	}
	letter := func(lang string, player string, gs [][2]string) phrase.ReserveLetter {
		rl := phrase.ReserveLetter{Player: player, Code: s.Code, Name: s.Name, Team: team.Name, Out: named(sub.Out), In: named(sub.In),
			Reason: reason, Address: s.Address}
		for _, p := range gs {
			w, b, _ := ParseGameName(p[1])
			rl.Games = append(rl.Games, phrase.ReserveGame{Old: p[0], New: p[1], White: named(w), Black: named(b)})
		}
		return rl
	}
	var out []Letter
	if l, err := s.startLetter(sub.In, reserveGames, 0, daysclock.Date{}); err == nil {
		out = append(out, l)
	}
	for _, p := range s.Players {
		if p.Number == sub.In {
			continue
		}
		var mine [][2]string
		for _, g := range sub.Games {
			w, b, _ := ParseGameName(g[1])
			if w == p.Number || b == p.Number {
				mine = append(mine, g)
			}
		}
		if len(mine) == 0 {
			continue
		}
		lang := s.LanguageOf(p.Number)
		h := words(lang)
		out = append(out, Letter{Number: p.Number, To: p.Email, Subject: h.Systems.ReserveSubject(s.Code, team.Name), Body: h.Systems.ReserveBody(letter(lang, p.Name, mine))})
	}
	h := words(s.Language)
	body := h.Systems.ReserveBody(letter(s.Language, "", sub.Games))
	seen := map[string]bool{}
	for _, to := range []string{team.Captain, s.Judge, s.Director} {
		if to != "" && !seen[strings.ToLower(to)] {
			seen[strings.ToLower(to)] = true
			out = append(out, Letter{To: to, Subject: h.Systems.ReserveSubject(s.Code, team.Name), Body: body})
		}
	}
	return out
}
