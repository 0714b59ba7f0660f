package tournament

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"postald/internal/lots"
)

// Standings is a results file read (postald crosstable, formats.md): the standings of its
// system, computed. Exactly one of Cross (a round robin), Swiss and Teams is set.
type Standings struct {
	System   System
	Cross    *Crosstable
	Swiss    *SwissTable
	Teams    *TeamTable
	Knockout *Bracket

	sheet *Sheet // the knockout's players and keys, for its bracket's table
}

// Grids returns the standings' tables in lang, each with its title.
func (s *Standings) Grids(lang string) []Grid {
	switch {
	case s.Teams != nil:
		return s.Teams.Grids(lang)
	case s.Swiss != nil:
		return []Grid{s.Swiss.Grid(lang)}
	case s.Knockout != nil:
		return []Grid{s.Knockout.Grid(s.sheet, lang)}
	}
	return []Grid{s.Cross.Grid(lang)}
}

// Text writes the standings as `postald crosstable` prints them: a round robin's crosstable as
// it always was; a Swiss's standings with its rounds; a team event's tables, each under its title.
func (s *Standings) Text(lang string) string {
	switch {
	case s.Teams != nil:
		return s.Teams.Text(lang)
	case s.Swiss != nil:
		return s.Swiss.Grid(lang).Text()
	case s.Knockout != nil:
		return s.Knockout.Grid(s.sheet, lang).Text()
	}
	return s.Cross.Text(lang)
}

// resultsHead is what a results file says besides the players and the games of a round robin:
// its system, its teams and its byes.
type resultsHead struct {
	System        string     `toml:"system"`
	TeamPoints    string     `toml:"team_points"`
	TeamTiebreaks []string   `toml:"team_tiebreaks"`
	Team          []teamFile `toml:"team"`
	Player        []struct {
		Number int `toml:"number"`
	} `toml:"player"`
	Game []struct {
		White int `toml:"white"`
		Black int `toml:"black"`
		Round int `toml:"round"`
	} `toml:"game"`
	Bye []struct {
		Player int `toml:"player"`
		Round  int `toml:"round"`
	} `toml:"bye"`
	Micromatch    int    `toml:"micromatch"`
	KnockoutExtra int    `toml:"knockout_extra"`
	KnockoutTie   string `toml:"knockout_tie"`
	Seed          string `toml:"seed"`
}

// ReadStandings reads a results file of any system and computes its standings. Beside the keys
// of a round robin's file (ParseResults) it reads `system` (as a start sheet names it;
// round-robin by default); for a team event the [[team]] tables (name, boards, reserves; the
// captain is not needed), `team_points` and `team_tiebreaks`, its games grouped in matches by
// the teams of their players (with `rounds = 2`, by the colour of the pair's first boards,
// 1.14.3); for a Swiss each game's `round` and the [[bye]] tables (player, round) of the
// pairing-allocated byes. Mistakes yield an *InvalidError naming every key that is wrong.
func ReadStandings(data []byte) (*Standings, error) {
	var head resultsHead
	md, err := toml.Decode(string(data), &head)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	sys := System(strings.TrimSpace(head.System))
	if sys == "" {
		sys = RoundRobin
	}
	if !slices.Contains(systems, sys) {
		return nil, &InvalidError{Problems: []Problem{{Where: "system", What: fmt.Sprintf("%q: want one of round-robin, team-round-robin, scheveningen, swiss, knockout", head.System)}}}
	}
	t, err := parseResults(data, sys)
	if err != nil {
		return nil, err
	}
	if sys == Swiss && !md.IsDefined("tiebreaks") {
		t.Tiebreaks = slices.Clone(defaultSwissTiebreaks) // seed 000, 3.7.3: Buchholz
	}
	var ps problems
	if sys != Knockout {
		for _, k := range []string{"micromatch", "knockout_extra", "knockout_tie", "seed"} {
			if md.IsDefined(k) {
				ps.add(k, "the key is a knockout's results file's")
			}
		}
	}
	switch {
	case sys == RoundRobin:
		for _, k := range []string{"team", "team_points", "team_tiebreaks", "bye"} {
			if md.IsDefined(k) {
				ps.add(k, "a round-robin results file has no %s", k)
			}
		}
		for i, g := range head.Game {
			if g.Round != 0 {
				ps.add(fmt.Sprintf("game %d (%d-%d).round", i+1, g.White, g.Black), "the rounds of a game are a Swiss's")
			}
		}
		if err := ps.err(); err != nil {
			return nil, err
		}
		ct, err := Compute(t)
		if err != nil {
			return nil, err
		}
		return &Standings{System: sys, Cross: ct}, nil
	case sys == Swiss:
		return swissStandings(t, head, &ps)
	case sys == Knockout:
		return knockoutStandings(t, head, md, &ps)
	}
	return teamStandings(t, head, md, sys, &ps)
}

// swissStandings computes the standings of a Swiss's results file.
func swissStandings(t *Results, head resultsHead, ps *problems) (*Standings, error) {
	sh := &Sheet{System: Swiss, Code: "results"}
	sh.Regulation.Scoring = t.Scoring.Name
	sh.Regulation.Tiebreaks = t.Tiebreaks
	known := map[int]bool{}
	for _, p := range t.Players {
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name})
		known[p.Number] = true
	}
	sort.Slice(sh.Players, func(i, j int) bool { return sh.Players[i].Number < sh.Players[j].Number })
	byRound := map[int]*PairedRound{}
	round := func(r int) *PairedRound {
		if byRound[r] == nil {
			byRound[r] = &PairedRound{Round: r}
		}
		return byRound[r]
	}
	seen := map[[2]int]bool{} // round, player
	results := map[string]Result{}
	for i, g := range head.Game {
		where := fmt.Sprintf("game %d (%d-%d)", i+1, g.White, g.Black)
		if g.Round < 1 {
			ps.add(where+".round", "missing: every game of a Swiss names its round")
			continue
		}
		for _, n := range []int{g.White, g.Black} {
			if seen[[2]int{g.Round, n}] {
				ps.add(where, "player %d plays twice in round %d", n, g.Round)
			}
			seen[[2]int{g.Round, n}] = true
		}
		r := round(g.Round)
		r.Boards = append(r.Boards, [2]int{g.White, g.Black})
		results[GameName(g.White, g.Black)] = t.Games[i].Result
	}
	for i, b := range head.Bye {
		where := fmt.Sprintf("bye %d", i+1)
		switch {
		case !known[b.Player]:
			ps.add(where+".player", "no player has number %d", b.Player)
		case b.Round < 1:
			ps.add(where+".round", "missing: the round of the bye")
		case round(b.Round).Bye != 0:
			ps.add(where, "round %d has two byes", b.Round)
		case seen[[2]int{b.Round, b.Player}]:
			ps.add(where, "player %d plays in round %d", b.Player, b.Round)
		default:
			round(b.Round).Bye = b.Player
		}
	}
	var rounds []PairedRound
	for r := 1; r <= len(byRound); r++ {
		pr, ok := byRound[r]
		if !ok {
			ps.add("game", "no game or bye in round %d, and some in a round after it", r)
			break
		}
		rounds = append(rounds, *pr)
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	sh.Rounds = len(rounds)
	var withdrawn []int
	for _, p := range t.Players {
		if p.Withdrawn {
			withdrawn = append(withdrawn, p.Number)
		}
	}
	st, err := sh.ComputeSwiss(rounds, results, withdrawn)
	if err != nil {
		return nil, err
	}
	return &Standings{System: Swiss, Swiss: st}, nil
}

// teamStandings computes the standings of a team event's results file.
func teamStandings(t *Results, head resultsHead, md toml.MetaData, sys System, ps *problems) (*Standings, error) {
	c := Competition{TeamPoints: head.TeamPoints, TeamTiebreaks: head.TeamTiebreaks}.WithDefaults()
	if c.TeamPoints != TeamPointsGames && c.TeamPoints != TeamPointsMatches {
		ps.add("team_points", "%q: want %q or %q (1.14.6)", c.TeamPoints, TeamPointsGames, TeamPointsMatches)
	}
	if md.IsDefined("bye") {
		ps.add("bye", "byes are a Swiss's")
	}
	for i, tb := range c.TeamTiebreaks {
		if !slices.Contains(TeamTiebreakNames(), tb) {
			ps.add(fmt.Sprintf("team_tiebreaks[%d]", i), "%q is not a team tie-break: want one of %s", tb, strings.Join(TeamTiebreakNames(), ", "))
		}
	}
	// The teams as a start sheet checks them, without their captains' addresses.
	sh := &Sheet{System: sys, Address: "-"}
	for _, p := range t.Players {
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name})
	}
	sort.Slice(sh.Players, func(i, j int) bool { return sh.Players[i].Number < sh.Players[j].Number })
	teams := slices.Clone(head.Team)
	for i := range teams {
		teams[i].Captain = "captain@results.invalid"
	}
	var tps problems
	checkTeams(&tps, teams, sh)
	for _, p := range tps {
		if !strings.HasSuffix(p.Where, ".captain") {
			*ps = append(*ps, p)
		}
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	type seat struct{ team, board int }
	seats := map[int]seat{}
	for _, tm := range sh.Teams {
		for k, n := range tm.Boards {
			seats[n] = seat{tm.Number, k + 1}
		}
		for _, n := range tm.Reserves {
			seats[n] = seat{tm.Number, 0}
		}
	}
	r := &TeamResults{Scoring: t.Scoring, TeamPoints: c.TeamPoints, Tiebreaks: c.TeamTiebreaks, Teams: sh.Teams, Players: t.Players}
	type key struct{ a, b, home int }
	index := map[key]int{}
	for i, g := range t.Games {
		w, b := seats[g.White], seats[g.Black]
		where := fmt.Sprintf("game %d (%d-%d)", i+1, g.White, g.Black)
		if w.team == b.team {
			ps.add(where, "players %d and %d play for one team", g.White, g.Black)
			continue
		}
		// The home team has White on the first board (1.14.3): on board i against board j when
		// i+j is even (Scheveningen), on an odd board (team round robin). A reserve's board is
		// not known: he counts as on his partner's.
		wb, bb := w.board, b.board
		if wb == 0 {
			wb = bb
		}
		if bb == 0 {
			bb = wb
		}
		home := w.team
		if sys == Scheveningen && (wb+bb)%2 == 1 || sys == TeamRoundRobin && wb%2 == 0 {
			home = b.team
		}
		k := key{min(w.team, b.team), max(w.team, b.team), 0}
		if t.Rounds == 2 {
			k.home = home // one match of each pair in each cycle, told apart by its colours
		}
		mi, ok := index[k]
		if !ok {
			// The home team of a match is the one its first game gives White on the first board.
			h, a := home, w.team+b.team-home
			r.Matches = append(r.Matches, MatchGames{Match: Match{Number: len(r.Matches) + 1, Home: h, Away: a}})
			mi = len(r.Matches) - 1
			index[k] = mi
		}
		m := &r.Matches[mi]
		bg := BoardGame{Played: g, Board: w.board, Opposite: b.board}
		if m.Home != w.team {
			bg.Board, bg.Opposite = b.board, w.board
		}
		m.Games = append(m.Games, bg)
		m.Match.Games = append(m.Match.Games, GameName(g.White, g.Black))
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	tt, err := ComputeTeams(r)
	if err != nil {
		return nil, err
	}
	return &Standings{System: sys, Teams: tt}, nil
}

// knockoutStandings computes the bracket of a knockout's results file: its players seeded by
// their numbers, `micromatch`, `knockout_extra` and `knockout_tie` as a start sheet's
// [regulation] sets them, `seed` the revealed seed that draws the tie lots (knockout.go), and its
// games, each of a pairing of the bracket: a pairing after round 1, and a tied pairing's extra
// games, count as opened when one of their games is in the file.
func knockoutStandings(t *Results, head resultsHead, md toml.MetaData, ps *problems) (*Standings, error) {
	for _, k := range []string{"team", "team_points", "team_tiebreaks", "bye", "rounds"} {
		if md.IsDefined(k) {
			ps.add(k, "a knockout's results file has no %s: its rounds follow from its players", k)
		}
	}
	sh := &Sheet{System: Knockout, Code: "results", Competition: Competition{Micromatch: head.Micromatch,
		KnockoutExtra: head.KnockoutExtra, KnockoutTie: head.KnockoutTie}.WithDefaults()}
	sh.Regulation.Scoring = t.Scoring.Name
	for _, p := range t.Players {
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name})
	}
	sort.Slice(sh.Players, func(i, j int) bool { return sh.Players[i].Number < sh.Players[j].Number })
	for i, p := range sh.Players {
		if p.Number != i+1 {
			ps.add("player", "the numbers are 1 to %d, the seeds: number %d is missing", len(sh.Players), i+1)
			break
		}
	}
	if sh.Competition.Micromatch < 1 {
		ps.add("micromatch", "%d: a pairing plays at least one game (1.11)", sh.Competition.Micromatch)
	}
	checkKnockout(ps, sh)
	if head.Seed != "" {
		seed, err := lots.ParseSeed(head.Seed)
		if err != nil {
			ps.add("seed", "%v", err)
		}
		sh.Lots.Seed = seed // without it a tie the lot decides stays undecided in the bracket
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	results := map[string]Result{}
	for _, g := range t.Games {
		results[GameName(g.White, g.Black)] = g.Result
	}
	var withdrawn []int
	for _, p := range t.Players {
		if p.Withdrawn {
			withdrawn = append(withdrawn, p.Number)
		}
	}
	var opened []KnockoutOpened
	var br *Bracket
	play := func() error {
		for {
			var err error
			if br, err = sh.Bracket(opened, results); err != nil {
				return err
			}
			grew := false
			for _, o := range br.Open {
				for _, g := range sh.KnockoutGames(o) {
					if _, ok := results[g.Name]; ok {
						opened, grew = append(opened, o), true
						break
					}
				}
			}
			if !grew {
				return nil
			}
		}
	}
	if err := play(); err != nil {
		return nil, err
	}
	// A player who withdrew loses the pairing the file leaves him in (1.10).
	for _, n := range withdrawn {
		o, ok, err := sh.KnockoutWithdrawal(opened, results, n)
		if err != nil {
			return nil, err
		}
		if ok {
			opened = append(opened, o)
		}
	}
	if err := play(); err != nil {
		return nil, err
	}
	in := map[string]bool{}
	for _, row := range br.Rounds {
		for _, p := range row {
			for _, g := range p.Games {
				in[g.Name] = true
			}
		}
	}
	for i, g := range t.Games {
		if name := GameName(g.White, g.Black); !in[name] {
			ps.add(fmt.Sprintf("game %d (%s)", i+1, name), "no pairing of the bracket plays it, as the results before it stand")
		}
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	return &Standings{System: Knockout, Knockout: br, sheet: sh}, nil
}
