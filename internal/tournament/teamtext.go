package tournament

import (
	"strconv"
	"strings"

	"postald/internal/phrase"
)

// Grids returns the tables of a team event in lang: the team standings (a crosstable of the
// teams: in a cell the points of the row's team in its match, or matches, against the
// column's, each followed by an ellipsis while its games are not all finished; then game
// points, match points, won, drawn and lost matches and the tie-breaks), the matches and the
// results by board.
func (tt *TeamTable) Grids(lang string) []Grid {
	return []Grid{tt.StandingsGrid(lang), tt.MatchesGrid(lang), tt.BoardsGrid(lang)}
}

// teamTiebreakHeading heads the column of a team tie-break.
func teamTiebreakHeading(t *phrase.SystemText, tb string) string {
	switch tb {
	case TeamHeadToHead:
		return t.HeadToHead
	case TeamMatchWins:
		return t.MatchWins
	case TeamCoefficient:
		return t.Coefficient
	case TeamGamePoints:
		return t.GamePoints
	case TeamMatchPoints:
		return t.MatchPoints
	}
	return tb
}

// shownTiebreaks are the tie-breaks that get a column of their own: game and match points
// always have one.
func (tt *TeamTable) shownTiebreaks() []string {
	var out []string
	for _, tb := range tt.Tiebreaks {
		if tb != TeamGamePoints && tb != TeamMatchPoints {
			out = append(out, tb)
		}
	}
	return out
}

// StandingsGrid is the team crosstable.
func (tt *TeamTable) StandingsGrid(lang string) Grid {
	h := words(lang)
	sy := &h.Systems
	g := Grid{Title: sy.TeamStandings, NameColumn: 2}
	g.Header = []string{h.Place, h.Number, sy.Team}
	col := map[int]int{}
	for k, s := range tt.Standings {
		g.Header = append(g.Header, strconv.Itoa(s.Number))
		col[s.Number] = k
	}
	g.Header = append(g.Header, sy.GamePoints, sy.MatchPoints, sy.Won, sy.Drawn, sy.Lost)
	for _, tb := range tt.shownTiebreaks() {
		g.Header = append(g.Header, teamTiebreakHeading(sy, tb))
	}
	for k, s := range tt.Standings {
		cells := make([]string, len(tt.Standings))
		cells[k] = "X"
		for _, m := range tt.Matches {
			op, ok := m.Opponent(s.Number)
			if !ok || m.Finished == 0 {
				continue
			}
			own, _ := m.pointsOf(s.Number)
			v := FormatPoints(own)
			if !m.Complete {
				v += sy.InPlay
			}
			c := &cells[col[op]]
			if *c != "" {
				*c += " "
			}
			*c += v
		}
		row := []string{s.Place, strconv.Itoa(s.Number), s.Name}
		row = append(row, cells...)
		row = append(row, FormatPoints(s.GamePoints), FormatPoints(s.MatchPoints), strconv.Itoa(s.Won), strconv.Itoa(s.Drawn), strconv.Itoa(s.Lost))
		for _, tb := range tt.shownTiebreaks() {
			v, ok := s.Tiebreaks[tb]
			switch {
			case !ok:
				row = append(row, "")
			case tb == TeamCoefficient:
				row = append(row, strconv.FormatFloat(v, 'f', -1, 64))
			default:
				row = append(row, FormatPoints(v))
			}
		}
		g.Rows = append(g.Rows, row)
	}
	decimalComma(g.Rows, 3+len(tt.Standings), lang)
	if tt.ExtraMatch != 0 {
		g.Notes = append(g.Notes, sy.ExtraMatch(tt.nameOf(tt.ExtraMatch), tt.nameOf(tt.ExtraAgainst)))
	}
	return g
}

// nameOf returns the name of team n.
func (tt *TeamTable) nameOf(n int) string {
	for _, s := range tt.Standings {
		if s.Number == n {
			return s.Name
		}
	}
	return strconv.Itoa(n)
}

// MatchesGrid lists every match in round order: its round (none for a results file's) and
// number, the teams (the one with White on the first board first, 1.14.3), the score and the
// games finished.
func (tt *TeamTable) MatchesGrid(lang string) Grid {
	h := words(lang)
	sy := &h.Systems
	g := Grid{Title: sy.MatchResults, NameColumn: 2, Left: []int{3}}
	g.Header = []string{sy.Round, sy.Match, sy.Home, sy.Away, sy.Score, sy.Games}
	for _, m := range tt.Matches {
		score := ""
		if m.Finished > 0 {
			score = FormatPoints(m.HomePoints) + ":" + FormatPoints(m.AwayPoints)
			if !m.Complete {
				score += sy.InPlay
			}
		}
		round := "" // a results file does not say the rounds
		if m.Round > 0 {
			round = strconv.Itoa(m.Round)
		}
		g.Rows = append(g.Rows, []string{round, strconv.Itoa(m.Number), tt.nameOf(m.Home), tt.nameOf(m.Away),
			score, strconv.Itoa(m.Finished) + "/" + strconv.Itoa(m.Planned)})
	}
	return g
}

// BoardsGrid lists every player's results board by board, the best first on each board: the
// individual results of a team event.
func (tt *TeamTable) BoardsGrid(lang string) Grid {
	h := words(lang)
	sy := &h.Systems
	g := Grid{Title: sy.BoardResults, NameColumn: 3, Left: []int{2}}
	g.Header = []string{sy.Board, h.Number, sy.Team, h.Name, sy.Games, sy.Points}
	for _, b := range tt.Boards {
		board := strconv.Itoa(b.Board)
		if b.Board == 0 {
			board = sy.Reserve
		}
		g.Rows = append(g.Rows, []string{board, strconv.Itoa(b.Number), tt.nameOf(b.Team), b.Name, strconv.Itoa(b.Games), FormatPoints(b.Points)})
	}
	return g
}

// Text writes every table of the team event in lang, each under its title.
func (tt *TeamTable) Text(lang string) string {
	var b strings.Builder
	for i, g := range tt.Grids(lang) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(g.Title + "\n\n")
		b.WriteString(g.Text())
	}
	return b.String()
}
