package tournament

import (
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Results is what a crosstable is computed from: the players and the results of their games.
// It is the `postald crosstable` input (formats.md) and what Sheet.Results assembles for a
// tournament postald runs.
type Results struct {
	Scoring   Scoring
	Tiebreaks []string // applied in this order after the points (seed 003, 1.13.3)
	Rounds    int      // games every pair plays in the whole tournament: 1 or 2
	Players   []Entrant
	Games     []Played
	// Begun are games in progress with at least one move made (Result Unfinished), not in
	// Games: seed 003, 1.10.4 counts them among the games a withdrawing player has played. A
	// results file lists such a game in Games with the result "*"; a game it does not list
	// was not begun.
	Begun []Played
	// Swiss, when set, makes these the standings of a Swiss (seed 003, 1.10.5, 1.13.11); nil
	// for a round robin.
	Swiss *SwissScore
	// Micromatch is the most games two players play in a cycle (1.11); 0 is 1. A team event's
	// results file allows 2.
	Micromatch int
}

// SwissScore is what the standings of a Swiss add to its games: the pairing-allocated byes and
// what seed 003, 1.13.11 counts for the coefficients.
type SwissScore struct {
	// Byes counts each player's pairing-allocated byes: a plus each, a point (1.12.2, 1.13.11).
	Byes map[int]int
	// Later are the points a player who withdrew is counted to have scored in the rounds he did
	// not play, for his opponents' coefficients (1.13.11: «считается, что в оставшихся партиях
	// он набрал бы количество очков равное среднему результату тех участников, с которыми он
	// находился в одной очковой группе в момент прекращения игры»).
	Later map[int]float64
}

// Entrant is a player of a crosstable.
type Entrant struct {
	Number    int
	Name      string
	Withdrawn bool // left the tournament (seed 003, 1.10)
	Rating    int  // his individual rating (Elo), for OpponentsRating (1.13.3); 0 for none
}

// Played is one game of a crosstable. A game the table does not list has not been played.
type Played struct {
	White  int
	Black  int
	Result Result
}

// tableFile is the TOML layout of a crosstable input (formats.md).
type tableFile struct {
	Scoring   string   `toml:"scoring"`
	Tiebreaks []string `toml:"tiebreaks"`
	Rounds    int      `toml:"rounds"`
	Player    []struct {
		Number    int    `toml:"number"`
		Name      string `toml:"name"`
		Withdrawn bool   `toml:"withdrawn"`
		Rating    int    `toml:"rating"`
	} `toml:"player"`
	Game []struct {
		White  int    `toml:"white"`
		Black  int    `toml:"black"`
		Result string `toml:"result"`
		Round  int    `toml:"round"` // a Swiss's (ReadStandings)
	} `toml:"game"`
	// The keys of the other systems' files, read by ReadStandings.
	System        string     `toml:"system"`
	TeamPoints    string     `toml:"team_points"`
	TeamTiebreaks []string   `toml:"team_tiebreaks"`
	Team          []teamFile `toml:"team"`
	Bye           []struct {
		Player int `toml:"player"`
		Round  int `toml:"round"`
	} `toml:"bye"`
	// A knockout's (knockoutStandings).
	Micromatch    int    `toml:"micromatch"`
	KnockoutExtra int    `toml:"knockout_extra"`
	KnockoutTie   string `toml:"knockout_tie"`
	Seed          string `toml:"seed"`
}

// defaultTiebreaks are applied when a results file does not list any: the regulation's
// default (referee.DefaultRegulation).
var defaultTiebreaks = []string{SonnebornBerger, Wins, HeadToHead}

// ParseResults reads and checks a crosstable input (formats.md): scoring, tiebreaks,
// [[player]] and [[game]]. Two keys beyond formats.md are read: `rounds` (1 or 2; by default
// the most games any pair has played, at least 1) and a player's `withdrawn = true`.
// Mistakes yield an *InvalidError naming every key that is wrong.
func ParseResults(data []byte) (*Results, error) {
	return parseResults(data, "")
}

// parseResults reads a results file of system sys ("": a round robin's only, whose file names
// no other system).
func parseResults(data []byte, sys System) (*Results, error) {
	var f tableFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	var ps problems
	for _, k := range md.Undecoded() {
		ps.add(k.String(), "unknown key")
	}
	if sys == "" && f.System != "" && System(strings.TrimSpace(f.System)) != RoundRobin {
		ps.add("system", "%q: a results file of another system than the round robin is read by postald crosstable (ReadStandings)", f.System)
	}
	t := &Results{Rounds: f.Rounds, Tiebreaks: f.Tiebreaks}
	if sys == Swiss {
		t.Swiss = &SwissScore{}
	}
	if sys.Teams() {
		// A team event's micromatch (1.11) as its sheet sets it; without the key, two games of
		// a pair are a micromatch of two unless the file says two cycles (rounds = 2).
		t.Micromatch = 2
		if md.IsDefined("micromatch") {
			t.Micromatch = f.Micromatch
			if f.Micromatch < 1 {
				ps.add("micromatch", "%d: a pairing plays at least one game (1.11)", f.Micromatch)
			}
		}
	}
	if t.Scoring, err = ParseScoring(f.Scoring); err != nil {
		ps.add("scoring", "%v", err)
		t.Scoring = ScoringHalf // checked once
	}
	if !md.IsDefined("tiebreaks") {
		t.Tiebreaks = append([]string(nil), defaultTiebreaks...)
	}
	for _, p := range f.Player {
		t.Players = append(t.Players, Entrant{Number: p.Number, Name: strings.TrimSpace(p.Name), Withdrawn: p.Withdrawn, Rating: p.Rating})
	}
	for i, g := range f.Game {
		r, err := ParseResult(g.Result)
		if err != nil {
			ps.add(fmt.Sprintf("game %d (%d-%d).result", i+1, g.White, g.Black), "%v", err)
		}
		t.Games = append(t.Games, Played{White: g.White, Black: g.Black, Result: r})
	}
	if sys == Knockout {
		// A pairing plays its micromatch and its extra games; knockoutStandings refuses a game
		// no pairing plays.
		t.Rounds, t.Micromatch = 1, max(f.Micromatch, 1)+max(f.KnockoutExtra, 0)
	}
	if t.Rounds == 0 {
		t.Rounds = 1
		for _, n := range pairCounts(t.Games) {
			t.Rounds = max(t.Rounds, n)
		}
		if sys.Teams() {
			t.Rounds = 1 // two games of a pair are a micromatch unless the file says two cycles
		}
	}
	if sys.Teams() && md.IsDefined("micromatch") && t.Rounds == 2 && t.Micromatch > 1 {
		// The two cycles' matches of a pair of teams are told apart by the colours of their
		// first boards (1.14.3), which a micromatch's games alternate (1.11).
		ps.add("micromatch", "%d games a pairing with rounds = 2: the file tells the two cycles' matches apart by the colours of the first boards (1.14.3), which a micromatch alternates; a micromatch goes with rounds = 1", t.Micromatch)
	}
	t.check(&ps)
	if err := ps.err(); err != nil {
		return nil, err
	}
	return t, nil
}

func pairCounts(games []Played) map[[2]int]int {
	n := map[[2]int]int{}
	for _, g := range games {
		n[pairKey(g.White, g.Black)]++
	}
	return n
}

func pairKey(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// check finds what makes a table impossible: unknown or repeated players, a player meeting
// himself, more games between two players than the rounds allow.
func (t *Results) check(ps *problems) {
	if t.Swiss == nil && t.Rounds != 1 && t.Rounds != 2 {
		ps.add("rounds", "%d: want 1 (single round-robin) or 2 (double)", t.Rounds)
	}
	if t.Scoring.Win <= 0 || t.Scoring.Draw < 0 {
		ps.add("scoring", "a win must be worth points (seed 003, 1.12.1)")
	}
	checkTiebreaks(ps, "tiebreaks", t.Tiebreaks)
	seen := map[int]int{}
	for i, p := range t.Players {
		where := fmt.Sprintf("player %d (number %d)", i+1, p.Number)
		if p.Number < 1 {
			ps.add(where+".number", "%d: numbers start at 1", p.Number)
		} else if j, dup := seen[p.Number]; dup {
			ps.add(where+".number", "%d is also the number of player %d", p.Number, j+1)
		} else {
			seen[p.Number] = i
		}
		if p.Name == "" {
			ps.add(where+".name", "missing")
		}
		if p.Rating < 0 {
			ps.add(where+".rating", "%d: a rating is not negative; leave the key out for none", p.Rating)
		}
	}
	if len(t.Players) < 2 {
		ps.add("player", "%d players: a round-robin needs at least 2", len(t.Players))
	}
	count := map[[2]int]int{}
	for i, g := range t.Games {
		where := fmt.Sprintf("game %d (%d-%d)", i+1, g.White, g.Black)
		_, okW := seen[g.White]
		_, okB := seen[g.Black]
		switch {
		case !okW:
			ps.add(where+".white", "no player has number %d", g.White)
		case !okB:
			ps.add(where+".black", "no player has number %d", g.Black)
		case g.White == g.Black:
			ps.add(where, "a player cannot meet himself")
		default:
			k := pairKey(g.White, g.Black)
			count[k]++
			limit := max(t.Rounds, t.Rounds*t.Micromatch)
			if t.Swiss != nil && count[k] > 1 {
				ps.add(where, "players %d and %d meet twice: in a Swiss nobody meets anybody twice (FIDE C.04.3, C1)", k[0], k[1])
			} else if t.Swiss == nil && count[k] > limit {
				ps.add(where, "players %d and %d meet %d times in a %d-round tournament", k[0], k[1], count[k], t.Rounds)
			}
		}
	}
}

// Results assembles the crosstable input of a tournament postald runs: results maps a game's
// name ("1-2") to its result, from the referee (game end) and from the judge (rulings,
// adjudications, forfeits); a game it does not name is still in progress. withdrawn lists
// the numbers of the players who left the tournament (seed 003, 1.10).
func (s *Sheet) Results(results map[string]Result, withdrawn []int) (*Results, error) {
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	t := &Results{Scoring: sc, Tiebreaks: s.Regulation.Tiebreaks, Rounds: s.Rounds}
	out := map[int]bool{}
	for _, n := range withdrawn {
		if _, ok := s.Player(n); !ok {
			return nil, fmt.Errorf("withdrawn player %d: no such player", n)
		}
		out[n] = true
	}
	for _, p := range s.Players {
		t.Players = append(t.Players, Entrant{Number: p.Number, Name: p.Name, Withdrawn: out[p.Number], Rating: p.Rating})
	}
	known := map[string]bool{}
	for _, g := range s.Games() {
		known[g.Name] = true
		if r := results[g.Name]; r.Finished() {
			t.Games = append(t.Games, Played{White: g.White, Black: g.Black, Result: r})
		}
	}
	var unknown []string
	for name := range results {
		if !known[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("results of games the tournament does not have: %s", strings.Join(unknown, ", "))
	}
	return t, nil
}
