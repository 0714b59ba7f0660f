package report

import (
	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/tournament"
)

// Input is everything a report shows, assembled by the caller from the store: the report
// reads nothing itself.
type Input struct {
	Sheet *tournament.Sheet
	Today daysclock.Date // the day the report is drawn up, in the tournament's zone
	// Games are the games postald keeps, in any order; a game of the sheet missing here has
	// not started.
	Games     []Game
	Rulings   []Ruling
	Withdrawn []int // numbers of the players who left the tournament (seed 003, 1.10)
	// Rounds are the rounds of a Swiss paired so far, as the office recorded them; Reserves the
	// reserves a team event's director entered.
	Rounds   []tournament.PairedRound
	Reserves []tournament.Substitution
	// Knockout are a knockout's pairings and extra games opened after round 1.
	Knockout []tournament.KnockoutOpened
	// Events are the steps of a knockout's bracket postald took, in order, from its log: they
	// are listed under their own heading, not among the judge's rulings.
	Events []Event
}

// Event is a step of a knockout's bracket: a pairing opened, a tied pairing's extra games or a
// pairing lost by a withdrawal (Opened), or the final decided (Winner, the winner's number).
type Event struct {
	Date   daysclock.Date
	Opened tournament.KnockoutOpened
	Winner int
}

// log is the tournament's log as the report's input gives it.
func (in Input) log() tournament.Log {
	return tournament.Log{Rounds: in.Rounds, Reserves: in.Reserves, Knockout: in.Knockout, Withdrawn: in.Withdrawn}
}

// Game is one game as the report needs it.
type Game struct {
	Name   string         // "1-2", as the sheet names it
	Status referee.Status // referee.StatusPlaying, StatusFinished or StatusAdjudication
	ToMove referee.Side   // white or black; empty when nobody is on move
	Moves  int            // the number of the last move made (a White and a Black move are one move)
	White  Clock
	Black  Clock
	// Penalties are the penalty days charged in the game: by postald for a stopped letter
	// (4.2.11) and by the judge's penalty rulings (with the clause each names), oldest first.
	Penalties []Penalty
	// Result is the game's mark in the crosstable (tournament.TableResult): its result, or the
	// mark of a game not played over the board; tournament.Unfinished while the game goes on.
	Result tournament.Result
	Reason string // how the game ended, in the tournament's language
	// Ended is the day a finished game ended: its last letter's or ruling's; zero while it
	// goes on.
	Ended daysclock.Date
	// Settled is what the endgame database says of a game not finished whose position it
	// holds, in the tournament's language (referee.Settlement.Verdict); "" otherwise.
	Settled string
}

// Clock is one player's thinking time in one game (4.3.1).
type Clock struct {
	Days    int            // accrued days, penalty days included
	Penalty int            // penalty days among Days
	Control int            // the move of his next control: 10, 20, ...
	Limit   int            // the days allowed up to that move: 50, 100, ...
	LastDay daysclock.Date // while he is on move: the last day to meet the control; else zero
	// Overstep is the day his overstep of a control became certain (4.3.1); zero if none.
	Overstep daysclock.Date
}

// Penalty is one charge of penalty days.
type Penalty struct {
	Date   daysclock.Date
	Side   referee.Side // white or black
	Days   int
	Clause string // "4.2.11", or the clause of the judge's ruling
	What   string // what was wrong, in the tournament's language (the judge's words for a ruling)
}

// Ruling is one ruling of the judge.
type Ruling struct {
	Date   daysclock.Date
	Game   string // "" for a ruling about the whole tournament
	Kind   string // penalty, forfeit, adjudicate, correct-date, annul, withdraw, protest
	Clause string
	Text   string // the judge's words
	Judge  string
}
