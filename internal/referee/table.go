package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// Table is one tournament as the referee decides its games: everything of the start sheet a
// decision reads — the variant, the languages, the addresses, the players, the dates, the
// regulation and the zone whose calendar counts. Whoever keeps tournaments builds it once per
// revision of the start sheet (tournament.Sheet.Table) and hands it in with every game; a Game
// holds play state only, so that a game never disagrees with its tournament. A Table is never
// changed by the referee and may be shared by any number of decisions at once.
type Table struct {
	Code     string // the tournament's code (шифр, 4.2.3)
	Variant  string // the rules variant of every game
	Language string // ru | en: the judge's and the director's letters, and a player's without his own
	Address  string // postald's own address, where the players write
	Judge    string // the judge's address; "" for none
	Director string // the director's address; "" for none
	// Players are the tournament's players, each with the number the games' names give him.
	Players    []Player
	Start, End daysclock.Date // 4.3.2
	Regulation Regulation     // the tournament's, with its defaults
	Zone       *time.Location // the regulation's zone; nil is UTC
	// Openings are the openings drawn by lot for the games (seed 003, 1.6.4), by game name; a
	// game without one starts from the variant's start. Open plays them.
	Openings map[string]Opening
	// Captains are the captains of a team event's teams (seed 003, 1.14.7): a captain's protest
	// about a game of his team comes through Decide like any letter.
	Captains []Captain
	// Endgames are the endgame databases at hand (endgame.go); nil: none. The office sets them.
	Endgames Endgames
}

// Opening is what was drawn by lot for one game before play (seed 003, 1.6.4: «Жеребьевка
// первого хода белых, серии начальных ходов или начальной позиции»): White's first move, a series
// of first moves, a starting position, or a starting position and moves from it. Whoever builds
// the Table checked that the moves are legal (tournament.Sheet.Draw).
type Opening struct {
	Name  string   // as the start sheet names it; for a drawn first move, the move: "1. c3-d4"
	Setup string   // the starting position in postald's FEN, White to move; "" the variant's start
	Moves []string // the moves from it, both sides', in full notation as rules writes them
}

// Player returns player number n.
func (t *Table) Player(n int) (Player, bool) {
	if n >= 1 && n <= len(t.Players) && t.Players[n-1].Number == n {
		return t.Players[n-1], true
	}
	for _, p := range t.Players {
		if p.Number == n {
			return p, true
		}
	}
	return Player{}, false
}

// NewGame returns game name ("W-B", the two players' numbers, White first) before its first move:
// White is on move and his clock runs from the start date (4.3.2).
func (t *Table) NewGame(name string) Game {
	g := Game{Tournament: t.Code, Name: name, Status: StatusPlaying, Result: ResultNone}
	if !t.Start.IsZero() {
		// Run fails only on a zero date or a running clock; neither can happen here.
		_ = g.WhiteClock.Run(t.Start, t.Terms())
	}
	return g
}

// Terms are the time rules of the tournament's clocks (4.3.1, 4.3.2): what reports and the
// judge's views need to show a player's next control and last day exactly as the referee counts
// them.
func (t *Table) Terms() daysclock.Terms {
	reg := t.Regulation.WithDefaults()
	return daysclock.Terms{
		Control:     daysclock.Control{Moves: reg.ControlMoves, Days: reg.ControlDays},
		Start:       t.Start,
		End:         t.End,
		Reminders:   reg.Reminders,
		SilenceDays: reg.SilenceDays,
	}
}

// end is the end date of game g (4.3.2): its own (Game.Ends) when it comes first, else the
// tournament's; zero when play has none.
func (t *Table) end(g *Game) daysclock.Date {
	if !g.Ends.IsZero() && (t.End.IsZero() || g.Ends.Before(t.End)) {
		return g.Ends
	}
	return t.End
}

// termsOf are the time rules of game g's clocks: the tournament's, with the game's own end date
// (end).
func (t *Table) termsOf(g *Game) daysclock.Terms {
	terms := t.Terms()
	terms.End = t.end(g)
	return terms
}

// Terms are the time rules of the seat's game's clocks: the tournament's (Table.Terms), with the
// game's own end date when it has one (Game.Ends). The reports and the judge's views show the
// next control and the last day with them.
func (s Seat) Terms() daysclock.Terms { return s.Table.termsOf(&s.Game) }

// zone returns the tournament's zone, UTC for none.
func (t *Table) zone() *time.Location { return locOr(t.Zone) }

// reg returns the tournament's regulation with its defaults.
func (t *Table) reg() Regulation { return t.Regulation.WithDefaults() }

// languageOf returns the language of the letters to player p: his own, else the tournament's
// (letters.md).
func (t *Table) languageOf(p Player) string {
	if p.Language != "" {
		return p.Language
	}
	if t.Language != "" {
		return t.Language
	}
	return "ru"
}

// lang returns the tournament's language, Russian when none is set (letters.md).
func (t *Table) lang() string {
	if t.Language == "" {
		return "ru"
	}
	return t.Language
}

// Seat is one game at its tournament's table: what the referee decides a letter, a tick, a
// ruling or a posting about. The game's fields and methods are the seat's.
type Seat struct {
	Table *Table
	Game
}

// Numbers returns the numbers of the game's players, White's and Black's, as its name gives them
// ("3-7"); false for a name that is not two numbers.
func (g *Game) Numbers() (white, black int, ok bool) {
	a, b, found := strings.Cut(g.Name, "-")
	if !found {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || w <= 0 || k <= 0 {
		return 0, 0, false
	}
	return w, k, true
}

// Player returns the player of side s.
func (s Seat) Player(side Side) Player { return s.Table.player(&s.Game, side) }

// LanguageOf returns the language of the letters to side s's player: his own, else the
// tournament's (letters.md).
func (s Seat) LanguageOf(side Side) string { return s.Table.languageOf(s.Player(side)) }

// SideOf returns the side of the player writing from address, if he plays in the game.
func (s Seat) SideOf(address string) (Side, bool) { return s.Table.sideOf(&s.Game, address) }

// Check reports whether the game can sit at the table: its name names two players of the
// tournament.
func (s Seat) Check() error {
	w, b, ok := s.Game.Numbers()
	if !ok {
		return fmt.Errorf("game %q: want the players' numbers, W-B", s.Game.Name)
	}
	for _, n := range []int{w, b} {
		if _, ok := s.Table.Player(n); !ok {
			return fmt.Errorf("game %s: tournament %s has no player %d", s.Game.Name, s.Table.Code, n)
		}
	}
	return nil
}

// player returns the player of side s in game g; a number the table does not know is a player
// known by his number alone (Seat.Check tells).
func (t *Table) player(g *Game, s Side) Player {
	w, b, _ := g.Numbers()
	n := w
	if s == Black {
		n = b
	}
	if p, ok := t.Player(n); ok {
		return p
	}
	return Player{Number: n}
}

// sideOf returns the side of the player writing from address, if he plays in g.
func (t *Table) sideOf(g *Game, address string) (Side, bool) {
	a := strings.ToLower(strings.TrimSpace(address))
	if a == "" {
		// A player by post or telephone may have no address: no letter is his by its sender.
		return "", false
	}
	for _, s := range []Side{White, Black} {
		if a == strings.ToLower(t.player(g, s).Email) {
			return s, true
		}
	}
	return "", false
}
