package tournament

import (
	"fmt"
	"postald/internal/swiss"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// System is a tournament's competition system (seed 003, 1.2): `[tournament] system` of the
// start sheet.
type System string

// The systems postald runs.
const (
	// RoundRobin is the individual round robin (seed 003, 1.2 «круговая»), one or two cycles:
	// every player meets every other, paired by the Berger tables. The default.
	RoundRobin System = "round-robin"
	// TeamRoundRobin is the team round robin: every team meets every other in a match, board
	// against board (seed 003, 1.2, 1.14).
	TeamRoundRobin System = "team-round-robin"
	// Scheveningen is the Scheveningen system: in each match every member of one team plays
	// every member of the other (seed 003, 1.2 «схевенингенская»).
	Scheveningen System = "scheveningen"
	// Swiss is the Swiss system (seed 003, 1.2 «швейцарская»), paired round by round by the
	// FIDE Dutch system (internal/swiss).
	Swiss System = "swiss"
)

// systems lists the systems a start sheet may name, in the order the errors list them.
var systems = []System{RoundRobin, TeamRoundRobin, Scheveningen, Swiss, Knockout}

// Teams reports whether the system is one of teams (seed 003, 1.14): the sheet's [[team]]
// tables make the teams, and games are played in matches of two teams.
func (s System) Teams() bool { return s == TeamRoundRobin || s == Scheveningen }

// Team points (seed 003, 1.14.6): what a team's place is counted by.
const (
	// TeamPointsGames counts the sum of the points its players scored in all the games of all
	// its matches: the text of 1.14.6, «набравшему в сумме наибольшее количество очков во всех
	// партиях данного тура, а итоговая сумма очков, набранная таким путем во всех турах,
	// определяет место команды». The default.
	TeamPointsGames = "games"
	// TeamPointsMatches counts match points: 2 for a match won, 1 drawn, 0 lost — the note
	// under 1.14.7, «за победу в матче команда получает 2 очка, за ничью - 1 очко».
	TeamPointsMatches = "matches"
)

// Board orders (seed 003, 1.14.2: «закрепляются ли за игроками определенные доски … происходит
// ли сдвижка по доскам основного состава»): where a reserve plays when he comes in.
const (
	// BoardsFixed: every player keeps his board; a reserve takes the board of the player he
	// replaces. The default.
	BoardsFixed = "fixed"
	// BoardsMovedUp: the players below the one replaced move up a board each, and the reserve
	// takes the last board.
	BoardsMovedUp = "moved-up"
)

// Team tie-breaks (seed 003, 1.14.6 and 3.7.3 of seed 000), for [regulation] team_tiebreaks.
const (
	// TeamHeadToHead: the match points scored in the matches among the tied teams («выигравшей
	// личную встречу»).
	TeamHeadToHead = "head-to-head"
	// TeamMatchWins: the number of matches won («имеющей большее количество выигранных
	// матчей»).
	TeamMatchWins = "match-wins"
	// TeamCoefficient: the team round robin's coefficient of seed 000, 3.7.3: the result of
	// every match multiplied by the points its opponent scored in all its matches, summed
	// («имеющей лучший показатель по системе коэффициентов»).
	TeamCoefficient = "coefficient"
	// TeamGamePoints and TeamMatchPoints are the other reading of 1.14.6 as a tie-break: the
	// sum of game points when places go by match points, and the other way round.
	TeamGamePoints  = "game-points"
	TeamMatchPoints = "match-points"
)

// TeamTiebreakNames lists every team tie-break postald computes.
func TeamTiebreakNames() []string {
	return []string{TeamHeadToHead, TeamMatchWins, TeamCoefficient, TeamGamePoints, TeamMatchPoints}
}

// defaultTeamTiebreaks are the tie-breaks of 1.14.6, in its order.
var defaultTeamTiebreaks = []string{TeamHeadToHead, TeamMatchWins, TeamCoefficient}

// defaultSwissTiebreaks are a Swiss's tie-breaks when the regulation lists none: Buchholz, the
// coefficient seed 000, 3.7.3 gives the individual Swiss, then the further criteria of seed 003,
// 1.13.3 in their order (the most wins, the games among the tied players).
var defaultSwissTiebreaks = []string{Buchholz, Wins, HeadToHead}

// Team is one team of a team event (seed 003, 1.14): its players in board order and its
// reserves, by their numbers in the [[player]] tables.
type Team struct {
	Number int // its place in the sheet, from 1: the number the lot gave it
	Name   string
	// Captain is the captain's address (1.14.7: the captain speaks for the team with the
	// judges; only he sends its protests). He receives the team's match results.
	Captain  string
	Boards   []int // the players of the main line-up, board 1 first (1.14.2)
	Reserves []int // its reserves, who come in by the director's command (1.14.2)
}

// Competition is the part of the [regulation] table that says how the competition is scored and
// paired, beside the correspondence rules the referee applies (referee.Regulation): the
// micromatches and how a team's place is counted. Every key is optional.
type Competition struct {
	// Micromatch is the number of games of every pairing, colours alternating (1.11); 1, the
	// default, is no micromatch.
	Micromatch int `toml:"micromatch"`
	// TeamPoints is what a team's place is counted by (1.14.6): TeamPointsGames (default) or
	// TeamPointsMatches.
	TeamPoints string `toml:"team_points"`
	// TeamTiebreaks are applied in this order after the team points (1.14.6).
	TeamTiebreaks []string `toml:"team_tiebreaks"`
	// BoardOrder is where a reserve comes in (1.14.2): BoardsFixed (default) or BoardsMovedUp.
	BoardOrder string `toml:"board_order"`
	// RoundDays, in a Swiss, is how many days a round's games are played from the day their
	// play starts: the round's own end date, to which 4.3.2 applies as to the tournament's end
	// (referee.OpenFor). 0, the default: a round is played until its games are finished, and
	// the next is paired when the last of them ends.
	RoundDays int `toml:"round_days"`
	// KnockoutExtra is the number of games of the extra micromatch of a knockout's tied pairing
	// (1.11 «дополнительные микроматчи»); 0, the default, is none.
	KnockoutExtra int `toml:"knockout_extra"`
	// KnockoutTie decides a knockout's pairing still tied after its extra games: TieLot (the
	// default) or TieHigherSeed (knockout.go).
	KnockoutTie string `toml:"knockout_tie"`
}

// DefaultCompetition returns the defaults of the competition keys.
func DefaultCompetition() Competition { return Competition{}.WithDefaults() }

// WithDefaults returns c with every unset key given its default.
func (c Competition) WithDefaults() Competition {
	if c.Micromatch == 0 {
		c.Micromatch = 1 // 1.11: a micromatch is an option of the regulation
	}
	if c.TeamPoints == "" {
		c.TeamPoints = TeamPointsGames // 1.14.6, the text
	}
	if c.TeamTiebreaks == nil {
		c.TeamTiebreaks = slices.Clone(defaultTeamTiebreaks) // 1.14.6
	}
	if c.BoardOrder == "" {
		c.BoardOrder = BoardsFixed
	}
	if c.KnockoutTie == "" {
		c.KnockoutTie = TieLot // the lot decides between players (seed 000, «Первый ход»)
	}
	return c
}

// teamFile is the TOML layout of a [[team]] table (formats.md).
type teamFile struct {
	Name     string `toml:"name"`
	Captain  string `toml:"captain"`
	Boards   []int  `toml:"boards"`
	Reserves []int  `toml:"reserves"`
}

// checkSystem reads and checks what the sheet says of its competition system: the system and
// its rounds, the teams and the competition keys of [regulation]. It runs after the players
// were read.
func checkSystem(ps *problems, md toml.MetaData, f *sheetFile, s *Sheet) {
	before := len(*ps)
	s.System = System(strings.TrimSpace(f.Tournament.System))
	if s.System == "" {
		s.System = RoundRobin
	}
	if s.System == "mixed" {
		// Seed 003, 1.2: a mixed competition is stages, each of a system of its own (stage.go).
		ps.add("tournament.system", `"mixed": a mixed competition is played as stages: give each stage a start sheet of its own system, and in a later stage's sheet name the stage before with [stage] after and places`)
		return
	}
	if !slices.Contains(systems, s.System) {
		names := make([]string, len(systems))
		for i, sys := range systems {
			names[i] = string(sys)
		}
		ps.add("tournament.system", "%q: want one of %s", f.Tournament.System, strings.Join(names, ", "))
		return
	}
	if md.IsDefined("regulation", "micromatch") && f.Regulation.Micromatch == 0 {
		ps.add("regulation.micromatch", "0: a pairing plays at least one game (1.11); leave the key out for 1")
	}
	s.Competition = f.Regulation.Competition.WithDefaults()
	c := s.Competition
	if c.Micromatch < 1 {
		ps.add("regulation.micromatch", "%d: a pairing plays at least one game (1.11)", c.Micromatch)
	}
	if c.TeamPoints != TeamPointsGames && c.TeamPoints != TeamPointsMatches {
		ps.add("regulation.team_points", "%q: want %q (the sum of game points, 1.14.6) or %q (2 for a match won, 1 drawn, 1.14.6 note)", c.TeamPoints, TeamPointsGames, TeamPointsMatches)
	}
	if c.BoardOrder != BoardsFixed && c.BoardOrder != BoardsMovedUp {
		ps.add("regulation.board_order", "%q: want %q or %q (1.14.2)", c.BoardOrder, BoardsFixed, BoardsMovedUp)
	}
	seen := map[string]bool{}
	for i, tb := range c.TeamTiebreaks {
		w := fmt.Sprintf("regulation.team_tiebreaks[%d]", i)
		switch {
		case !slices.Contains(TeamTiebreakNames(), tb):
			ps.add(w, "%q is not a team tie-break: want one of %s", tb, strings.Join(TeamTiebreakNames(), ", "))
		case seen[tb]:
			ps.add(w, "%q is listed twice", tb)
		}
		seen[tb] = true
	}
	if s.System == Swiss && !md.IsDefined("regulation", "tiebreaks") {
		// Seed 000, 3.7.3: the individual Swiss is tie-broken by Buchholz.
		s.Regulation.Tiebreaks = slices.Clone(defaultSwissTiebreaks)
	}

	switch s.System {
	case RoundRobin:
		if c.Micromatch > 1 {
			// 1.11, 1.12.1: a round robin of micromatches scores each micromatch as one result;
			// postald's crosstable scores games.
			ps.add("regulation.micromatch", "%d: postald runs an individual round robin of single games; for two games a pair, one with each colour, set rounds = 2", c.Micromatch)
		}
	case TeamRoundRobin, Scheveningen:
		if (s.Rounds == 1 || s.Rounds == 2) && s.Rounds*c.Micromatch > 2 {
			// A game is named by its players, White first (formats.md): two players can have
			// one game with each colour, not more.
			ps.add("regulation.micromatch", "%d games a pairing with rounds = %d: two players meet at most twice, once with each colour (a game is named by its players, White first)", c.Micromatch, s.Rounds)
		}
	case Swiss:
		if c.Micromatch != 1 {
			ps.add("regulation.micromatch", "%d: a Swiss pairs single games (FIDE C.04.3)", c.Micromatch)
		}
	case Knockout:
		checkKnockout(ps, s, false)
	}
	if s.System != Knockout {
		if md.IsDefined("regulation", "knockout_extra") {
			ps.add("regulation.knockout_extra", "set for a %s tournament: the key is a knockout's", s.System)
		}
		if md.IsDefined("regulation", "knockout_tie") {
			ps.add("regulation.knockout_tie", "set for a %s tournament: the key is a knockout's", s.System)
		}
	}
	switch {
	case md.IsDefined("regulation", "round_days") && s.System != Swiss:
		ps.add("regulation.round_days", "set for a %s tournament: a round's own end date is a Swiss's (its games are paired round by round)", s.System)
	case md.IsDefined("regulation", "round_days") && c.RoundDays < 1:
		ps.add("regulation.round_days", "%d: a round is played for at least one day; leave the key out to play each round until its games are finished", c.RoundDays)
	}

	if !s.System.Teams() {
		if len(f.Team) > 0 {
			ps.add("team", "%d teams: teams play in a %s or %s tournament, not in a %s one", len(f.Team), TeamRoundRobin, Scheveningen, s.System)
		}
		if s.System == Swiss {
			checkSwissRounds(ps, md, s)
		}
		return
	}
	checkTeams(ps, f.Team, s)
	if len(*ps) == before {
		checkDraw(ps, s) // a sheet with no other problem names every game once
	}
}

// checkSwissRounds checks the number of rounds of a Swiss: at least one, and fewer than the
// players, since nobody meets anybody twice (C.04.3, C1).
func checkSwissRounds(ps *problems, md toml.MetaData, s *Sheet) {
	if !md.IsDefined("tournament", "rounds") {
		ps.add("tournament.rounds", "missing: a Swiss plays the number of rounds its regulation sets (seed 003, 1.2)")
		return
	}
	if n := len(s.Players); s.Rounds >= n && n >= 2 {
		ps.add("tournament.rounds", "%d rounds for %d players: a Swiss has fewer rounds than players, nobody meeting anybody twice (FIDE C.04.3, C1)", s.Rounds, n)
	}
	// The rounds are paired inside the daemon's unit of work: a field it cannot pair within a
	// minute is refused here, not found out when a round ends.
	if n := len(s.Players); n > swiss.MaxPlayers {
		ps.add("player", "%d players: postald pairs a Swiss of at most %d players (a later round of more takes it minutes); divide the field into sections of that size", n, swiss.MaxPlayers)
	}
}

// checkTeams reads the [[team]] tables of a team event: every player in exactly one team, on a
// board or as a reserve; every team with as many boards as the others (1.14.2); a captain's
// address for each (1.14.7).
func checkTeams(ps *problems, teams []teamFile, s *Sheet) {
	if len(teams) < 2 {
		ps.add("team", "%d teams: a %s tournament needs at least 2", len(teams), s.System)
	}
	in := map[int]string{} // player number -> where he is
	names := map[string]int{}
	boards := -1
	for i, tf := range teams {
		where := fmt.Sprintf("team %d", i+1)
		t := Team{Number: i + 1, Name: strings.TrimSpace(tf.Name), Captain: strings.TrimSpace(tf.Captain),
			Boards: slices.Clone(tf.Boards), Reserves: slices.Clone(tf.Reserves)}
		if t.Name == "" {
			ps.add(where+".name", "missing")
		} else if j, dup := names[strings.ToLower(t.Name)]; dup {
			ps.add(where+".name", "%q is also the name of team %d", t.Name, j)
		} else {
			names[strings.ToLower(t.Name)] = t.Number
		}
		if checkEmail(ps, where+".captain", t.Captain) && strings.EqualFold(t.Captain, s.Address) {
			ps.add(where+".captain", "%s is the tournament's own address", t.Captain)
		}
		switch {
		case len(t.Boards) == 0:
			ps.add(where+".boards", "missing: the team's players in board order (1.14.2)")
		case boards < 0:
			boards = len(t.Boards)
		case len(t.Boards) != boards:
			ps.add(where+".boards", "%d boards, team 1 has %d: every team plays on the same number of boards (1.14.2)", len(t.Boards), boards)
		}
		place := func(key string, list []int) {
			for k, n := range list {
				w := fmt.Sprintf("%s.%s[%d]", where, key, k)
				if _, ok := s.Player(n); !ok {
					ps.add(w, "%d: no player has this number", n)
					continue
				}
				if other, dup := in[n]; dup {
					ps.add(w, "player %d is also in %s", n, fileKey(other))
					continue
				}
				in[n] = where
			}
		}
		place("boards", t.Boards)
		place("reserves", t.Reserves)
		s.Teams = append(s.Teams, t)
	}
	for _, p := range s.Players {
		if _, ok := in[p.Number]; !ok && len(teams) > 0 {
			ps.add(fmt.Sprintf("player %d", p.Number), "%s plays for no team: list him in a team's boards or reserves", p.Name)
		}
	}
}

// TeamOf returns the team player number plays for (on a board or as a reserve) and his board in
// its main line-up (0 for a reserve); false when he is in no team.
func (s *Sheet) TeamOf(number int) (Team, int, bool) {
	for _, t := range s.Teams {
		if k := slices.Index(t.Boards, number); k >= 0 {
			return t, k + 1, true
		}
		if slices.Contains(t.Reserves, number) {
			return t, 0, true
		}
	}
	return Team{}, 0, false
}

// Team returns team number n (from 1).
func (s *Sheet) Team(n int) (Team, bool) {
	if n < 1 || n > len(s.Teams) {
		return Team{}, false
	}
	return s.Teams[n-1], true
}

// TeamsOfCaptain returns the teams whose captain writes from addr (compared without regard to
// case).
func (s *Sheet) TeamsOfCaptain(addr string) []Team {
	var out []Team
	for _, t := range s.Teams {
		if addr != "" && strings.EqualFold(t.Captain, addr) {
			out = append(out, t)
		}
	}
	return out
}

// checkRounds reads `[tournament] rounds`: the cycles of a round robin (1 or 2, the Berger
// tables played once or twice), the rounds of a Swiss (required).
func checkRounds(ps *problems, md toml.MetaData, system string, s *Sheet) {
	if System(strings.TrimSpace(system)) == Knockout {
		if md.IsDefined("tournament", "rounds") {
			ps.add("tournament.rounds", "%d: a knockout's rounds follow from its players (the least power of two not below their number); leave the key out", s.Rounds)
		}
		s.Rounds = 1
		return
	}
	if System(strings.TrimSpace(system)) == Swiss {
		if md.IsDefined("tournament", "rounds") && s.Rounds < 1 {
			ps.add("tournament.rounds", "%d: a Swiss plays at least one round", s.Rounds)
		}
		return // checked against the players in checkSwissRounds
	}
	switch s.Rounds {
	case 0:
		if md.IsDefined("tournament", "rounds") {
			ps.add("tournament.rounds", "0: want 1 (single round-robin) or 2 (double); leave the key out for 1")
		}
		s.Rounds = 1
	case 1, 2:
	default:
		ps.add("tournament.rounds", "%d: want 1 (single round-robin) or 2 (double)", s.Rounds)
	}
}
