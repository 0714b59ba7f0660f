package tournament

import (
	"fmt"
	"strconv"

	"postald/internal/phrase"
)

// Match is one match of a team event: two teams, board against board in a team round robin
// (seed 003, 1.14), every member against every member in a Scheveningen match (1.2).
type Match struct {
	Number int // from 1, in round order
	// Round is the round of the teams' Berger table; the second cycle continues the count.
	Round int
	// Home has White on the first board (1.14.3), Away Black; team numbers.
	Home, Away int
	// Games are the names of its games: board by board (Scheveningen: the home team's board
	// by board, each against the away team's in turn), a micromatch's games in order.
	Games []string
}

// Opponent returns the team team meets in the match, and whether it plays in it at all.
func (m Match) Opponent(team int) (int, bool) {
	switch team {
	case m.Home:
		return m.Away, true
	case m.Away:
		return m.Home, true
	}
	return 0, false
}

// teamDraw pairs the games of a team event from its sheet: the teams by the Berger tables
// (seed 000, appendix 1, as the individual round robin pairs its players: the lower team
// number White on the first board of a pair, the second cycle with the colours exchanged), and
// in every match of two teams their players:
//
//   - team round robin: board k of one team against board k of the other (1.14.1–1.14.2). The
//     team with White on the first board plays White on every odd board and Black on every
//     even one (1.14.3: «остальные участники его команды на нечетных досках играют также
//     белыми, а на четных - черными»).
//   - Scheveningen: every member of one team against every member of the other (1.2). The
//     colours extend 1.14.3 to every pair of boards: the home team's board i against the
//     away team's board j has White when i+j is even, so board 1 against board 1 is White,
//     and every player has White in half of his games (one more or fewer when the boards are
//     odd in number).
//
// A micromatch of m games (1.11) plays every pairing m times, the colours alternating from
// the first game's.
func teamDraw(s *Sheet) ([]Game, []Match) {
	rounds, _ := Pairings(len(s.Teams), s.Rounds) // a parsed sheet has at least two teams
	m := max(s.Competition.Micromatch, 1)
	var games []Game
	var matches []Match
	for _, tr := range rounds {
		home, away := s.Teams[tr.White-1], s.Teams[tr.Black-1]
		mt := Match{Number: len(matches) + 1, Round: tr.Round, Home: home.Number, Away: away.Number}
		add := func(hb, ab int, homeWhite bool) {
			for leg := 0; leg < m; leg++ {
				w, b := home.Boards[hb-1], away.Boards[ab-1]
				if homeWhite != (leg%2 == 0) { // 1.11: the colours alternate
					w, b = b, w
				}
				g := Game{Name: GameName(w, b), White: w, Black: b, Round: tr.Round, Match: mt.Number, Board: hb, Opposite: ab}
				if m > 1 {
					g.Leg = leg + 1
				}
				games = append(games, g)
				mt.Games = append(mt.Games, g.Name)
			}
		}
		n := len(home.Boards)
		for k := 1; k <= n; k++ {
			if s.System == Scheveningen {
				for j := 1; j <= n; j++ {
					add(k, j, (k+j)%2 == 0) // 1.14.3 extended: board 1 against board 1 is White
				}
				continue
			}
			add(k, k, k%2 == 1) // 1.14.3
		}
		matches = append(matches, mt)
	}
	return games, matches
}

// Matches returns the matches of a team event in round order; nil for an individual event.
func (s *Sheet) Matches() []Match {
	if !s.System.Teams() {
		return nil
	}
	_, matches := teamDraw(s)
	return matches
}

// MatchOf returns the match game name belongs to; false when it is no game of a match.
func (s *Sheet) MatchOf(name string) (Match, bool) { return s.MatchIn(name, nil) }

// MatchIn returns the match game name belongs to with the reserves entered; false when it is no
// game of a match, or a game a reserve took over.
func (s *Sheet) MatchIn(name string, reserves []Substitution) (Match, bool) {
	if !s.System.Teams() {
		return Match{}, false
	}
	games, ms := teamDrawWith(s, reserves)
	for _, g := range games {
		if g.Name == name && g.Replaced == "" && g.Match > 0 && g.Match <= len(ms) {
			return ms[g.Match-1], true
		}
	}
	return Match{}, false
}

// checkDraw checks that the draw of a valid sheet names every game once: two players meet
// at most once with each colour (formats.md: a game is named by its players, White first).
func checkDraw(ps *problems, s *Sheet) {
	seen := map[string]bool{}
	for _, g := range s.Games() {
		if seen[g.Name] {
			ps.add("regulation.micromatch", "game %s is paired twice: two players meet at most once with each colour", g.Name)
			return
		}
		seen[g.Name] = true
	}
}

// TeamResults assembles the standings input of a team event postald runs: results maps a
// game's name to its result (as Sheet.Results takes them); a game it does not name is still in
// progress.
func (s *Sheet) TeamResults(results map[string]Result, reserves []Substitution) (*TeamResults, error) {
	if !s.System.Teams() {
		return nil, fmt.Errorf("tournament %s is no team event", s.Code)
	}
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	r := &TeamResults{Scoring: sc, TeamPoints: s.Competition.TeamPoints, Tiebreaks: s.Competition.TeamTiebreaks, Teams: s.Teams}
	for _, p := range s.Players {
		r.Players = append(r.Players, Entrant{Number: p.Number, Name: p.Name})
	}
	games, matches := teamDrawWith(s, reserves)
	byName := make(map[string]Game, len(games))
	for _, g := range games {
		byName[g.Name] = g
	}
	for name := range results {
		if _, ok := byName[name]; !ok {
			return nil, fmt.Errorf("result of game %s, which tournament %s does not have", name, s.Code)
		}
	}
	for _, m := range matches {
		mg := MatchGames{Match: m, Planned: len(m.Games)}
		for _, name := range m.Games {
			g := byName[name]
			mg.Games = append(mg.Games, BoardGame{Played: Played{White: g.White, Black: g.Black, Result: results[name]}, Board: g.Board, Opposite: g.Opposite})
		}
		r.Matches = append(r.Matches, mg)
	}
	return r, nil
}

// MatchLetters returns the letters to the captains of both teams of match m, complete, in the
// tournament's language: its score and games, and the team's place and points in tt now
// (1.14.7: the captain speaks for the team; he receives its results).
func (s *Sheet) MatchLetters(m MatchResult, tt *TeamTable, results map[string]Result, reserves []Substitution) []Letter {
	h := words(s.Language)
	home, _ := s.Team(m.Home)
	away, _ := s.Team(m.Away)
	ml := phrase.MatchLetter{Code: s.Code, Name: s.Name, Round: m.Round, Home: home.Name, Away: away.Name,
		HomeScore: FormatPoints(m.HomePoints), AwayScore: FormatPoints(m.AwayPoints)}
	games, _ := teamDrawWith(s, reserves)
	byName := make(map[string]Game, len(games))
	for _, g := range games {
		byName[g.Name] = g
	}
	for _, name := range m.Games {
		g, ok := byName[name]
		if !ok {
			continue
		}
		w, _ := s.Player(g.White)
		b, _ := s.Player(g.Black)
		board := strconv.Itoa(g.Board)
		if s.System == Scheveningen {
			board += "-" + strconv.Itoa(g.Opposite)
		}
		ml.Games = append(ml.Games, phrase.MatchLetterGame{Name: name, Board: board, White: w.Name, Black: b.Name, Result: results[name].String()})
	}
	var out []Letter
	for _, t := range []Team{home, away} {
		l := ml
		l.Team = t.Name
		for _, st := range tt.Standings {
			if st.Number == t.Number {
				l.Place = st.Place
				l.Points = FormatPoints(st.GamePoints)
				if tt.TeamPoints == TeamPointsMatches {
					l.Points = FormatPoints(st.MatchPoints)
				}
			}
		}
		// A captain who plays reads his letters in his own language (letters.md).
		hc := h
		if p, ok := s.PlayerByEmail(t.Captain); ok {
			hc = words(s.LanguageOf(p.Number))
		}
		out = append(out, Letter{To: t.Captain, Subject: hc.Systems.MatchSubject(s.Code, home.Name, away.Name), Body: hc.Systems.MatchBody(l)})
	}
	return out
}
