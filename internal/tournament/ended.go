package tournament

import (
	"fmt"
	"strings"

	"postald/internal/phrase"
)

// Ended is the record that every game of a tournament that ends when its games are played (a
// round robin, a team round robin, a Scheveningen match: seed 003, 1.2, 1.14) is finished and
// its final standings went to every player, the captains, the judge and the director: Games is
// the number of its games.
type Ended struct{ Games int }

func (Ended) logEntry() {}

// allPlayed names the games the end of a tournament of every game played waits for: every game
// its log pairs but those a reserve's game replaced (they count for no one); nothing once the
// end is recorded.
func (b base) allPlayed(log Log) ([]string, bool) {
	if log.Ended {
		return nil, false
	}
	var names []string
	for _, g := range b.s.Paired(log) {
		if g.Replaced == "" {
			names = append(names, g.Name)
		}
	}
	return names, true
}

// over returns how many games the tournament plays when every game allPlayed names is finished
// in st; false while one is not, or once the end is recorded.
func (b base) over(st State) (int, bool) {
	names, ok := b.allPlayed(st.Log)
	if !ok {
		return 0, false
	}
	for _, name := range names {
		if !st.Finished[name] {
			return 0, false
		}
	}
	return len(names), true
}

// end is the step of a tournament whose every game, games of them, is played: the record of its
// end and the letters of its final standings, which show no position — to each player his place
// (his team's in a team event), to the captains, the judge and the director the standings alone.
func (b base) end(games int, standings *Standings) Step {
	s := b.s
	text := func(lang string) string {
		var out []string
		for _, g := range standings.Grids(lang) {
			out = append(out, g.Text())
		}
		return strings.Join(out, "\n")
	}
	body := func(lang, reader, team, place, points string) string {
		return words(lang).Systems.EndedBody(phrase.SwissEnded{Player: reader, Code: s.Code, Name: s.Name,
			Team: team, Place: place, Points: points, Standings: text(lang)})
	}
	var letters []Letter
	for _, p := range s.Players {
		lang := s.LanguageOf(p.Number)
		team, place, points := "", "", ""
		switch {
		case standings.Teams != nil:
			if t, _, ok := s.TeamOf(p.Number); ok {
				team = t.Name
				place, points = teamPlace(standings.Teams, t.Number)
			}
		case standings.Cross != nil:
			for _, row := range standings.Cross.Standings {
				if row.Number == p.Number {
					place, points = row.Place, FormatPoints(row.Points)
				}
			}
		}
		letters = append(letters, Letter{Number: p.Number, To: p.Email, Subject: words(lang).Systems.EndedSubject(s.Code),
			Body: body(lang, p.Name, team, place, points), Games: []Game{}}) // no position: no picture
	}
	officials := s.toOfficials(words(s.Language).Systems.EndedSubject(s.Code), body(s.Language, "", "", "", ""))
	told := map[string]bool{}
	for _, l := range append(letters, officials...) {
		told[strings.ToLower(l.To)] = true
	}
	for _, t := range s.Teams {
		// 1.14.7: the captain receives his team's results; one who plays has his own letter.
		if t.Captain != "" && !told[strings.ToLower(t.Captain)] {
			told[strings.ToLower(t.Captain)] = true
			officials = append(officials, Letter{To: t.Captain, Subject: words(s.Language).Systems.EndedSubject(s.Code), Body: body(s.Language, "", "", "", "")})
		}
	}
	rec := Record{Clause: "1.2", Reason: fmt.Sprintf("all %d games are played", games), Entry: Ended{Games: games}}
	return Step{Parts: []Part{{Records: []Record{rec}, Letters: append(letters, officials...)}}}
}

// teamPlace is team number's place and points in tt, the points its place is counted by (1.14.6).
func teamPlace(tt *TeamTable, number int) (place, points string) {
	for _, row := range tt.Standings {
		if row.Number != number {
			continue
		}
		if tt.TeamPoints == TeamPointsMatches {
			return row.Place, FormatPoints(row.MatchPoints)
		}
		return row.Place, FormatPoints(row.GamePoints)
	}
	return "", ""
}
