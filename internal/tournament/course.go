package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
)

// The door of a competition system. Sheet.Course returns the tournament's system at work, a
// value built from the start sheet that answers, as a pure step, what follows each event of the
// tournament: its registration, the end of a game, a player's withdrawal, a reserve entered —
// the games to open, the rulings on games, the records of the tournament's log, the letters —
// and gives the standings, the results file's reading and what the report and the lots need.
// The round robin, the team events, the Swiss and the knockout are one implementation each;
// the stages are the places of the stage before (Course.Qualified). The office only loads the
// tournament's state, asks the course and records what it answers, in order (Step): it neither
// switches on the system nor decides a round. A new system is one implementation of Course,
// chosen in Sheet.Course, and its phrasebook entries.

// Course is a tournament's competition system at work (see above).
type Course interface {
	// Start is what the registration brings at now (t the tournament's table): the games of
	// the start, the log's first records, the start letters and the officials' list of games.
	Start(t *referee.Table, now time.Time) (Step, error)
	// Awaits names the games whose end the step after the end of game waits for (the round
	// of a Swiss game, the match of a team game): while one of them is in play, nothing
	// follows, and the caller need not read the tournament's results. false: the end of game
	// brings the tournament nothing.
	Awaits(log Log, game string) ([]string, bool)
	// GameEnded is what the end of game brings to the tournament: a Swiss's next round, a
	// knockout's next pairings and its winner, a team match's result to the captains.
	GameEnded(st State, game string) (Step, error)
	// Withdraw is player num's withdrawal (seed 003, 1.10), ruled over games, every game of his
	// as stored; clause is the judge's ("" or "1.10" for the one the rule gives).
	Withdraw(st State, games []referee.Game, num int, clause, reason string) (Withdrawn, Step, error)
	// Reserve is reserve in entered for player out (1.14.2), games every game of the
	// tournament as stored, by name. A system without reserves refuses it (ErrRefused).
	Reserve(st State, games map[string]referee.Game, out, in int, reason string) (Substitution, Step, error)
	// Standings are the tournament's tables as st stands.
	Standings(st State) (*Standings, error)
	// Paired is every game of the tournament as paired with its log (Sheet.Paired).
	Paired(log Log) []Game
	// Registered counts the games opened at the registration; Planned the games it plays in
	// all (fewer when players withdraw).
	Registered() int
	Planned() int
	// Facts are what the report says of the system's progress, in lang: a Swiss's round, a
	// knockout's round or its winner.
	Facts(st State, lang string) []string
	// Ties are the lots drawn after the registration (a knockout's tied pairings), as the
	// letter that reveals the seed lists them.
	Ties(st State) ([]Tie, error)
	// Qualified returns the players of the first places of standings, best first, who go on
	// to the next stage of a mixed competition (seed 003, 1.2); a refusal is an *InvalidError
	// naming the sheet's key: stage.after for a system that ranks no players by place (matching
	// ErrRefused), stage.places for a cut the standings cannot make.
	Qualified(standings *Standings, places int) ([]int, error)
	// readResults reads the rest of a results file of the system (ReadStandings) and draws up
	// its standings.
	readResults(f resultsFile) (*Standings, error)
}

// ErrRefused is matched by the error of a step the rules do not allow as asked: a reserve in a
// system without teams, a reserve who cannot come in, a stage after a knockout. Nothing is
// recorded.
var ErrRefused = errors.New("refused")

// refusal is such an error: what is refused and why.
type refusal struct{ what string }

func (r refusal) Error() string                { return r.what }
func (r refusal) Is(target error) bool         { return target == ErrRefused }
func refused(format string, args ...any) error { return refusal{fmt.Sprintf(format, args...)} }

// Log is what the office recorded of a tournament after its registration, in the rulings log:
// the rounds of a Swiss as they were paired and its end once its final standings went, the
// reserves a team event's director entered, a knockout's pairings opened, the players who
// withdrew, the knockout's winner once its letters went. The games and the tables follow from the sheet and its log.
type Log struct {
	Rounds    []PairedRound
	Reserves  []Substitution
	Knockout  []KnockoutOpened // a knockout's pairings and extra games opened after round 1
	Withdrawn []int            // the players who withdrew, in the order they did (1.10)
	Won       int              // the knockout's winner, once its letters went; 0 before
	// Ended: the tournament's end is recorded and its final standings went — a Swiss's last
	// round played (SwissEnded), every game of a round robin or a team event (Ended).
	Ended bool
}

// ExtraGames counts the games the log's tied pairings opened besides those the system plans (a
// knockout's extra games, 1.11); 0 for a system without them.
func (l Log) ExtraGames(s *Sheet) int {
	n := 0
	for _, o := range l.Knockout {
		if o.Extra {
			n += len(s.KnockoutGames(o))
		}
	}
	return n
}

// LogEntry is one record of the tournament's log: a PairedRound, a SwissEnded, a Substitution,
// a KnockoutOpened, a Left, a KnockoutWon or an Ended.
type LogEntry interface{ logEntry() }

// Left is the record of a player's withdrawal (seed 003, 1.10): the games he played, all his
// games, and the clause the rule gave.
type Left struct {
	Player, Played, Games int
	Clause                string
}

// KnockoutWon is the record that a knockout's final is decided and its letters went.
type KnockoutWon struct{ Winner int }

// SwissEnded is the record that a Swiss's last round (of Rounds) is played and its final
// standings went to every player, the judge and the director.
type SwissEnded struct{ Rounds int }

func (PairedRound) logEntry()    {}
func (Substitution) logEntry()   {}
func (KnockoutOpened) logEntry() {}
func (Left) logEntry()           {}
func (KnockoutWon) logEntry()    {}
func (SwissEnded) logEntry()     {}

// Add returns the log with e recorded.
func (l Log) Add(e LogEntry) Log {
	switch e := e.(type) {
	case PairedRound:
		l.Rounds = append(l.Rounds[:len(l.Rounds):len(l.Rounds)], e)
	case Substitution:
		l.Reserves = append(l.Reserves[:len(l.Reserves):len(l.Reserves)], e)
	case KnockoutOpened:
		l.Knockout = append(l.Knockout[:len(l.Knockout):len(l.Knockout)], e)
	case Left:
		l.Withdrawn = append(l.Withdrawn[:len(l.Withdrawn):len(l.Withdrawn)], e.Player)
	case KnockoutWon:
		l.Won = e.Winner
	case SwissEnded, Ended:
		l.Ended = true
	}
	return l
}

// State is the tournament as the office loaded it for a step.
type State struct {
	Log     Log
	Results map[string]Result // the finished games' results as the table counts them (TableResult), by name
	// Finished are the games finished, by name, whatever their result counts for (a struck-out
	// player's count for no one, 1.10.2): read for the end of a game (GameEnded) only; nil
	// elsewhere, and then no step takes the tournament for over.
	Finished map[string]bool
	// Begun are the games in progress with a move made: among the games played of a player
	// who withdraws (1.10.4). The standings read them.
	Begun []string
	Table *referee.Table // the tournament's table, for the games a step opens and rules
	Now   time.Time
}

// Step is what follows an event: its parts, each recorded in order — its records of the log,
// then its rulings on games, then the games it opens, then its letters.
type Step struct {
	Parts []Part
}

// Part is one part of a step.
type Part struct {
	Records []Record
	Rulings []Ruled
	Open    []Opened
	Letters []Letter
}

// Record is one entry of the tournament's log with the clause it rests on and what it says.
type Record struct {
	Clause, Reason string
	Entry          LogEntry
}

// Ruled is a ruling on game Game (its name) as the referee decided it (referee.Rule).
type Ruled struct {
	Game     string
	Ruling   referee.Ruling
	Decision referee.Decision
}

// Opened is a game opened: White on move, his clock running from the day after the letters
// that name it are received (referee.OpenFor, 4.3.2).
type Opened struct {
	Game     Game
	Decision referee.Decision
}

// Tie is a lot drawn for a tied knockout pairing: its label ("knockout 2 3-6"), the choice among
// 2 (0 the lower number) and who went through.
type Tie struct {
	Label   string
	Choice  int
	Through int
	Name    string
}

// Course returns the tournament's system at work.
func (s *Sheet) Course() Course {
	b := base{s}
	switch {
	case s.System == Swiss:
		return swissCourse{b}
	case s.System == Knockout:
		return knockoutCourse{b}
	case s.System.Teams():
		return teamCourse{b}
	}
	return roundRobin{b}
}

// base is what every system does alike; each implementation overrides what it does otherwise.
type base struct{ s *Sheet }

// Start opens the sheet's games (Sheet.Games) and writes every player's start letter and the
// officials' list of the games.
func (b base) Start(t *referee.Table, now time.Time) (Step, error) {
	s := b.started(t, now)
	open, err := s.open(t, now, s.Games())
	if err != nil {
		return Step{}, err
	}
	return Step{Parts: []Part{{Open: open, Letters: append(s.StartLetters(), s.registeredLetters(s.Games())...)}}}, nil
}

// started is the sheet as its start letters read it at the registration: the day play starts
// for players who receive their letters after the start date (4.3.2).
func (b base) started(t *referee.Table, now time.Time) *Sheet {
	s := *b.s
	s.PlayFrom = referee.PlayFrom(t, now)
	return &s
}

func (b base) Awaits(Log, string) ([]string, bool)      { return nil, false }
func (b base) GameEnded(State, string) (Step, error)    { return Step{}, nil }
func (b base) Facts(State, string) []string             { return nil }
func (b base) Ties(State) ([]Tie, error)                { return nil, nil }
func (b base) Paired(log Log) []Game                    { return b.s.Paired(log) }
func (b base) Registered() int                          { return len(b.s.Games()) }
func (b base) Planned() int                             { return len(b.s.Games()) }
func (b base) Qualified(*Standings, int) ([]int, error) { return nil, b.notPlaces() }
func (b base) notPlaces() error {
	return placesRefused{&InvalidError{Problems: []Problem{NewProblem("stage.after",
		"tournament %s is a %s: its places are not a list of players by place; a stage follows a round robin or a Swiss", b.s.Code, b.s.System)}}}
}

// placesRefused is the refusal of a stage after a system that ranks no players by place: the
// sheet's fault at stage.after (an *InvalidError, worded in the reader's language), matching
// ErrRefused.
type placesRefused struct{ *InvalidError }

func (r placesRefused) Is(target error) bool { return target == ErrRefused }
func (r placesRefused) Unwrap() error        { return r.InvalidError }
func (b base) Reserve(State, map[string]referee.Game, int, int, string) (Substitution, Step, error) {
	return Substitution{}, Step{}, refused("tournament %s is no team event: it has no reserves", b.s.Code)
}

// withdraw rules the games of player num who leaves (1.10) with the clause his system gives
// (given; "" lets the rule of 1.10.2–1.10.3 choose, as a round robin does): the step's first
// part, the record of his withdrawal and each game's ruling.
func (b base) withdraw(st State, games []referee.Game, num int, clause, reason, given string) (Withdrawn, Part, error) {
	w, err := withdraw(st.Table, games, num, clause, reason, st.Now, given)
	if err != nil {
		return w, Part{}, err
	}
	p := Part{Records: []Record{{Clause: w.Clause, Reason: reason, Entry: Left{Player: num, Played: w.Played, Games: w.Total, Clause: w.Clause}}}}
	for _, gr := range w.Rulings {
		p.Rulings = append(p.Rulings, Ruled{Game: games[gr.Game].Name, Ruling: gr.Ruling, Decision: gr.Decision})
	}
	return w, p, nil
}

// open opens games at now, each with its own end date when the regulation gives a round one
// (round_days, referee.OpenFor).
func (s *Sheet) open(t *referee.Table, now time.Time, games []Game) ([]Opened, error) {
	out := make([]Opened, 0, len(games))
	for _, g := range games {
		dec, err := referee.OpenFor(t, g.Name, now, s.Competition.RoundDays)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", g.Name, err)
		}
		out = append(out, Opened{Game: g, Decision: dec})
	}
	return out, nil
}

// ruled returns results with the results of the games rulings finished.
func ruled(results map[string]Result, rulings []Ruled) map[string]Result {
	out := make(map[string]Result, len(results)+len(rulings))
	for k, v := range results {
		out[k] = v
	}
	for _, r := range rulings {
		g := r.Decision.Game
		if res := TableResult(&g); res.Finished() {
			out[r.Game] = res
		} else {
			delete(out, r.Game)
		}
	}
	return out
}

// roundRobin is the individual round robin (seed 003, 1.2): every game is paired at the
// registration by the Berger tables; the end of its last game ends the tournament.
type roundRobin struct{ base }

// Awaits: the tournament ends when every game is played (1.2); nothing follows a game before.
func (c roundRobin) Awaits(log Log, _ string) ([]string, bool) { return c.allPlayed(log) }

// GameEnded: the last game's end sends the final crosstable to every player, each with his
// place and points, and to the judge and the director; the end is recorded once (Ended).
func (c roundRobin) GameEnded(st State, _ string) (Step, error) {
	games, over := c.over(st)
	if !over {
		return Step{}, nil
	}
	standings, err := c.Standings(st)
	if err != nil {
		return Step{}, err
	}
	return c.end(games, standings), nil
}

func (c roundRobin) Withdraw(st State, games []referee.Game, num int, clause, reason string) (Withdrawn, Step, error) {
	w, p, err := c.withdraw(st, games, num, clause, reason, "") // 1.10.2 or 1.10.3, as the rule gives
	return w, Step{Parts: []Part{p}}, err
}

// Standings are the crosstable (seed 003, 1.10, 1.12, 1.13): the games in progress with a move
// counted among the games played of a player who withdrew (1.10.4).
func (c roundRobin) Standings(st State) (*Standings, error) {
	table, err := c.s.Results(st.Results, st.Log.Withdrawn)
	if err != nil {
		return nil, err
	}
	for _, name := range st.Begun {
		if g, ok := c.s.Game(name); ok && !st.Results[name].Finished() {
			table.Begun = append(table.Begun, Played{White: g.White, Black: g.Black, Result: Unfinished})
		}
	}
	ct, err := Compute(table)
	if err != nil {
		return nil, err
	}
	return &Standings{System: c.s.System, Cross: ct}, nil
}

// Qualified are the first places of the crosstable.
func (c roundRobin) Qualified(st *Standings, places int) ([]int, error) {
	return Qualified(st.Cross.Standings, places)
}

// registeredLetters tell the judge and the director that the tournament is registered, with
// every game of the start and its players, so that they hold the same table as the players.
func (s *Sheet) registeredLetters(games []Game) []Letter {
	book := phrase.For(s.Language)
	tx := &book.Office
	var b strings.Builder
	// A Swiss and a knockout pair their later rounds as they go: the games now are round 1's.
	firstRound := s.System == Swiss || s.System == Knockout
	b.WriteString(tx.RegisteredHead(s.Code, s.Name, VariantName(s.Variant, s.Language), len(s.Players), len(games), firstRound, s.Start, s.End))
	for _, g := range games {
		fmt.Fprintf(&b, "  %-6s %s – %s", g.Name, s.listed(&book.Channels, g.White), s.listed(&book.Channels, g.Black))
		if line, _, ok := s.Opening(g.Name); ok {
			b.WriteString(", " + book.Lots.Opening(line.Name)) // drawn by lot (1.6.4)
		}
		b.WriteString("\n")
	}
	if s.System == Swiss || s.System == Knockout {
		// Who has no game in round 1: a Swiss's bye, a knockout's seeds who go through.
		var byes []string
		for _, p := range s.Players {
			if !slices.ContainsFunc(games, func(g Game) bool { return g.White == p.Number || g.Black == p.Number }) {
				byes = append(byes, fmt.Sprintf("%d. %s", p.Number, p.Name))
			}
		}
		if len(byes) > 0 {
			b.WriteString("\n" + tx.RegisteredByes(strings.Join(byes, ", "), s.System == Knockout) + "\n")
		}
	}
	if s.Drawn() {
		b.WriteString("\n" + book.Lots.Registered(s.StartLot()))
	}
	return s.toOfficials(fmt.Sprintf(tx.RegisteredSubject, s.Code), b.String())
}

// listed names player n in the officials' lists: his name with his channel, and his address.
func (s *Sheet) listed(ch *phrase.ChannelText, n int) string {
	p, _ := s.Player(n)
	out := ch.Named(p.Name, string(p.Channel))
	if p.Email != "" {
		out += " <" + p.Email + ">"
	}
	return out
}

// toOfficials addresses one letter to the judge and to the director (once when they are one).
func (s *Sheet) toOfficials(subject, body string) []Letter {
	var out []Letter
	seen := map[string]bool{}
	for _, to := range []string{s.Judge, s.Director} {
		if to != "" && !seen[strings.ToLower(to)] {
			seen[strings.ToLower(to)] = true
			out = append(out, Letter{To: to, Subject: subject, Body: body})
		}
	}
	return out
}

// gamesLetter is the officials' letter of games just opened (a Swiss round, a knockout pairing):
// its subject above the games, each with its players; head says what opened (a knockout's
// pairing, its stage), tail what follows them (a Swiss round's bye, in words).
func (s *Sheet) gamesLetter(subject, head string, games []Game, tail string) []Letter {
	book := phrase.For(s.Language)
	var b strings.Builder
	b.WriteString(subject + "\n\n")
	if head != "" {
		b.WriteString(head + "\n\n")
	}
	for _, g := range games {
		fmt.Fprintf(&b, "  %-6s %s – %s\n", g.Name, s.listed(&book.Channels, g.White), s.listed(&book.Channels, g.Black))
	}
	if tail != "" {
		b.WriteString("\n" + tail + "\n")
	}
	return s.toOfficials(subject, b.String())
}

// roundEnds is the end date of a round paired at now when the regulation gives rounds one
// (round_days); zero otherwise.
func (s *Sheet) roundEnds(t *referee.Table, now time.Time) daysclock.Date {
	return referee.RoundEnds(t, now, s.Competition.RoundDays)
}
