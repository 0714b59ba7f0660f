package tournament

// Document returns the standings as `postald crosstable -json` writes them, one JSON object of
// the system's: a round robin's and a Swiss's {"standings":[…]} (formats.md: each player with
// place, number, name, points, wins, tiebreaks); a team event's {"teams":[…],"matches":[…],
// "boards":[…],"extra_match":…}; a knockout's {"bracket":[…],"winner":N}. The caller encodes it.
func (s *Standings) Document() any {
	switch {
	case s.Teams != nil:
		return teamsDocument(s.Teams)
	case s.Knockout != nil:
		return bracketDocument(s.Knockout)
	case s.Swiss != nil:
		return standingsDocument(s.Swiss.Crosstable)
	}
	return standingsDocument(s.Cross)
}

// standingsDocument is {"standings":[…]}, the players by place.
func standingsDocument(ct *Crosstable) any {
	standings := ct.Standings
	if standings == nil {
		standings = []Standing{}
	}
	return struct {
		Standings []Standing `json:"standings"`
	}{standings}
}

// teamsDocument is a team event's standings: the teams by place as the standings of players are
// written, every match with its score, the games it plays and those finished, every player's
// board results, and the extra match of 1.14.6: the team that has the right to it and the team
// it plays, or null.
func teamsDocument(tt *TeamTable) any {
	type match struct {
		Round int        `json:"round"`
		Home  int        `json:"home"`
		Away  int        `json:"away"`
		Score [2]float64 `json:"score"`
		Games int        `json:"games"`
		Done  int        `json:"finished"`
	}
	type board struct {
		Team   int     `json:"team"`
		Board  int     `json:"board"`
		Number int     `json:"number"`
		Name   string  `json:"name"`
		Games  int     `json:"games"`
		Points float64 `json:"points"`
	}
	type extra struct {
		Team    int `json:"team"`
		Against int `json:"against"`
	}
	out := struct {
		Teams   []TeamStanding `json:"teams"`
		Matches []match        `json:"matches"`
		Boards  []board        `json:"boards"`
		Extra   *extra         `json:"extra_match"`
	}{Teams: tt.Standings, Matches: []match{}, Boards: []board{}}
	if out.Teams == nil {
		out.Teams = []TeamStanding{}
	}
	for _, m := range tt.Matches {
		out.Matches = append(out.Matches, match{Round: m.Round, Home: m.Home, Away: m.Away, Score: [2]float64{m.HomePoints, m.AwayPoints},
			Games: m.Planned, Done: m.Finished})
	}
	for _, b := range tt.Boards {
		out.Boards = append(out.Boards, board(b))
	}
	if tt.ExtraMatch != 0 {
		out.Extra = &extra{Team: tt.ExtraMatch, Against: tt.ExtraAgainst}
	}
	return out
}

// bracketDocument is a knockout's bracket: a pairing of every round whose players are known,
// each with its round, place, players (the higher seed first, 0 for a bye), the points of the
// micromatch and of the extra games, its games, who went through and how (HowWon, …; "" while
// in play), the tie lot's label; and the winner, 0 until the final is decided.
func bracketDocument(br *Bracket) any {
	type pairing struct {
		Round   int        `json:"round"`
		Slot    int        `json:"pairing"`
		A       int        `json:"higher_seed"`
		B       int        `json:"lower_seed"`
		Score   [2]float64 `json:"score"`
		Extra   [2]float64 `json:"extra_score"`
		Games   []string   `json:"games"`
		Through int        `json:"through"`
		How     string     `json:"how"`
		Lot     string     `json:"lot,omitempty"`
	}
	out := struct {
		Bracket []pairing `json:"bracket"`
		Winner  int       `json:"winner"`
	}{Bracket: []pairing{}, Winner: br.Winner}
	for _, row := range br.Rounds {
		for _, p := range row {
			if p.A == 0 && p.B == 0 && !p.Decided() {
				continue
			}
			q := pairing{Round: p.Round, Slot: p.Slot, A: p.A, B: p.B, Score: p.Main, Extra: p.Extra, Games: []string{},
				Through: p.Winner, How: p.How, Lot: p.Lot}
			for _, g := range p.Games {
				q.Games = append(q.Games, g.Name)
			}
			out.Bracket = append(out.Bracket, q)
		}
	}
	return out
}
