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

// Crosstable returns the crosstable of the players of a round robin or a Swiss; nil for a team
// event and a knockout.
func (s *Standings) Crosstable() *Crosstable {
	if s.Swiss != nil {
		return s.Swiss.Crosstable
	}
	return s.Cross
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
		for _, k := range []string{"knockout_extra", "knockout_tie", "seed"} {
			if md.IsDefined(k) {
				ps.add(k, "the key is a knockout's results file's")
			}
		}
		if md.IsDefined("micromatch") && !sys.Teams() {
			ps.add("micromatch", "%d: a micromatch is a team event's or a knockout's; a %s plays single games", head.Micromatch, sys)
		}
	}
	// The system's course reads the rest of its file.
	return (&Sheet{System: sys}).Course().readResults(resultsFile{t: t, head: head, md: md, ps: &ps})
}

// resultsFile is a results file as ReadStandings read it for the course of its system: its
// players and games (t), its head, which keys it defines, and the problems found so far.
type resultsFile struct {
	t    *Results
	head resultsHead
	md   toml.MetaData
	ps   *problems
}

// readResults reads a round robin's results file: its crosstable.
func (c roundRobin) readResults(f resultsFile) (*Standings, error) {
	for _, k := range []string{"team", "team_points", "team_tiebreaks", "bye"} {
		if f.md.IsDefined(k) {
			f.ps.add(k, "a round-robin results file has no %s", k)
		}
	}
	for i, g := range f.head.Game {
		if g.Round != 0 {
			f.ps.add(fmt.Sprintf("game %d (%d-%d).round", i+1, g.White, g.Black), "the rounds of a game are a Swiss's")
		}
	}
	if err := f.ps.err(); err != nil {
		return nil, err
	}
	ct, err := Compute(f.t)
	if err != nil {
		return nil, err
	}
	return &Standings{System: RoundRobin, Cross: ct}, nil
}

func (c swissCourse) readResults(f resultsFile) (*Standings, error) {
	return swissStandings(f.t, f.head, f.ps)
}

func (c knockoutCourse) readResults(f resultsFile) (*Standings, error) {
	return knockoutStandings(f.t, f.head, f.md, f.ps)
}

func (c teamCourse) readResults(f resultsFile) (*Standings, error) {
	return teamStandings(f.t, f.head, f.md, c.s.System, f.ps)
}

// swissStandings computes the standings of a Swiss's results file.
func swissStandings(t *Results, head resultsHead, ps *problems) (*Standings, error) {
	sh := &Sheet{System: Swiss, Code: "results"}
	sh.Regulation.Scoring = t.Scoring.Name
	sh.Regulation.Tiebreaks = t.Tiebreaks
	known := map[int]bool{}
	for _, p := range t.Players {
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name, Rating: p.Rating})
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
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name, Rating: p.Rating})
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
	// The micromatch (1.11): as the file sets it, else the most games a pair of players has
	// (two games of a pair in one cycle are a micromatch of two).
	sh.Rounds = t.Rounds
	sh.Competition.Micromatch = head.Micromatch
	if !md.IsDefined("micromatch") {
		sh.Competition.Micromatch = 1
		for _, n := range pairCounts(append(slices.Clone(t.Games), t.Begun...)) {
			sh.Competition.Micromatch = max(sh.Competition.Micromatch, n/t.Rounds)
		}
	}
	boards := len(sh.Teams[0].Boards)
	planned := boards * sh.Competition.Micromatch // team round robin: board against board
	if sys == Scheveningen {
		planned *= boards // every member against every member (1.2)
	}
	games := append(slices.Clone(t.Games), teamForfeits(sh, t.Games, t.Players)...)
	r := &TeamResults{Scoring: t.Scoring, TeamPoints: c.TeamPoints, Tiebreaks: c.TeamTiebreaks, Teams: sh.Teams, Players: t.Players,
		Planned: len(sh.Teams) * (len(sh.Teams) - 1) / 2 * t.Rounds}
	type key struct{ a, b, home int }
	index := map[key]int{}
	for i, g := range games {
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
			r.Matches = append(r.Matches, MatchGames{Match: Match{Number: len(r.Matches) + 1, Home: h, Away: a}, Planned: planned})
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

// teamForfeits returns the games a team event's results file does not give of its players who
// withdrew (Entrant.Withdrawn), each lost by him without play: 1.10.3 as a team event applies it
// whatever he played («Несыгранные партии этого игрока в турнирной таблице отмечаются минусом
// (-), а его партнеров - плюсом (+)»), a minus for both when the partner withdrew too. His games
// are those the draw of the teams gives him (teamDraw, sh with its teams, rounds and
// micromatch); a game of the file between the two players is one of them — the one of its
// colours, else one of the other colours — and so is a game of the partner against a reserve of
// his team (a reserve plays the games of
// the player he replaced, 1.14.2). A game given without a result ("*") is begun: it waits for
// the judge's adjudication (1.10.4) and is no forfeit.
func teamForfeits(sh *Sheet, given []Played, players []Entrant) []Played {
	out := map[int]bool{}
	for _, p := range players {
		if p.Withdrawn {
			out[p.Number] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	teamOf := map[int]int{}
	reserve := map[int]bool{}
	for _, tm := range sh.Teams {
		for _, n := range tm.Boards {
			teamOf[n] = tm.Number
		}
		for _, n := range tm.Reserves {
			teamOf[n], reserve[n] = tm.Number, true
		}
	}
	// A game of the file is one of the draw by its name (its colours) first, then by its pair of
	// players in the other colours.
	names := map[string]int{}
	for _, g := range given {
		names[GameName(g.White, g.Black)]++
	}
	pairs := pairCounts(given)
	byReserve := map[[2]int]int{} // the reserves' team, their partner -> games
	for _, g := range given {
		if reserve[g.White] {
			byReserve[[2]int{teamOf[g.White], g.Black}]++
		}
		if reserve[g.Black] {
			byReserve[[2]int{teamOf[g.Black], g.White}]++
		}
	}
	drawn, _ := teamDraw(sh)
	var theirs []Game
	for _, g := range drawn {
		if !out[g.White] && !out[g.Black] {
			continue
		}
		if names[g.Name] > 0 {
			names[g.Name]--
			pairs[pairKey(g.White, g.Black)]--
			continue
		}
		theirs = append(theirs, g)
	}
	var add []Played
	for _, g := range theirs {
		if k := pairKey(g.White, g.Black); pairs[k] > 0 {
			pairs[k]--
			continue
		}
		if out[g.White] && !out[g.Black] && byReserve[[2]int{teamOf[g.White], g.Black}] > 0 {
			byReserve[[2]int{teamOf[g.White], g.Black}]--
			continue
		}
		if out[g.Black] && !out[g.White] && byReserve[[2]int{teamOf[g.Black], g.White}] > 0 {
			byReserve[[2]int{teamOf[g.Black], g.White}]--
			continue
		}
		r := BothForfeited
		switch {
		case !out[g.White]:
			r = WhiteByForfeit
		case !out[g.Black]:
			r = BlackByForfeit
		}
		add = append(add, Played{White: g.White, Black: g.Black, Result: r})
	}
	return add
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
		sh.Players = append(sh.Players, Player{Number: p.Number, Name: p.Name, Rating: p.Rating})
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
	checkKnockout(ps, sh, true)
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
	// The file's games of a pair of players, in their order: those with the higher seed (the
	// lower number) White are the pairing's odd games, the others its even ones (1.11: the
	// colours alternate), each keyed as the bracket keys it (Game.Key). Two players meet once
	// in a knockout, so a pair's games are one pairing's.
	results := map[string]Result{}
	keys := make([]string, len(t.Games))
	legs := map[[2]int]int{} // White, Black -> games of the pair with these colours so far
	for i, g := range t.Games {
		n := legs[[2]int{g.White, g.Black}]
		legs[[2]int{g.White, g.Black}]++
		leg := 2*n + 1
		if g.White > g.Black {
			leg++
		}
		keys[i] = Game{Name: GameName(g.White, g.Black), Leg: leg}.Key()
		results[keys[i]] = g.Result
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
					if _, ok := results[g.Key()]; ok {
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
	// The bracket's pairings list the games of the file: a pairing lost by a withdrawal
	// before its games were played has none (the file gives none).
	in := map[string]bool{}
	for r, row := range br.Rounds {
		for k, p := range row {
			var listed []Game
			for _, g := range p.Games {
				in[g.Key()] = true
				if _, ok := results[g.Key()]; ok {
					listed = append(listed, g)
				}
			}
			br.Rounds[r][k].Games = listed
		}
	}
	for i, g := range t.Games {
		if !in[keys[i]] {
			ps.add(fmt.Sprintf("game %d (%s)", i+1, GameName(g.White, g.Black)), "no pairing of the bracket plays it, as the results before it stand")
		}
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	return &Standings{System: Knockout, Knockout: br, sheet: sh}, nil
}
