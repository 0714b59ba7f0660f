package referee

import (
	"fmt"
	"strconv"
	"time"

	"postald/internal/daysclock"
)

// Side is a colour: the player who owns it, or whose turn it is.
type Side string

// The two sides.
const (
	White Side = "white"
	Black Side = "black"
)

// Other returns the partner's side.
func (s Side) Other() Side {
	if s == White {
		return Black
	}
	return White
}

// Player is one side's player as the start sheet names him.
type Player struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Email  string `json:"email"`
	// Language is the language of the letters to him (letters.md: the start sheet's per-player
	// language); empty, the game's.
	Language string `json:"language,omitempty"`
	// Channel is how he plays (the start sheet's channel): by e-mail, by post, by telephone.
	Channel Channel `json:"channel,omitempty"`
}

// Ply is one turn of one side on the board.
type Ply struct {
	Text   string         `json:"text"`   // the move in full notation, as rules prints it: "g3:e5"
	Date   daysclock.Date `json:"date"`   // the postmark day of the letter that brought it
	Letter string         `json:"letter"` // Message-ID of that letter ("" for a ruling)
	By     By             `json:"by"`     // ByLetter, ByForced, ...
	// Via is how the letter that brought it came: "" for e-mail, a card, a call.
	Via Channel `json:"via,omitempty"`
}

// Variant is a conditional line proposed by one side (4.2.7), stored with the game and binding on
// its proposer (4.2.8) until the partner's reply accepts or discards it.
type Variant struct {
	Label string `json:"label"` // Latin ("A", "B"; А, Б map to them): what an acceptance is matched by
	// Written is the label as the proposer wrote it ("Б"): postald's letters name it so.
	Written  string   `json:"written,omitempty"`
	Proposer Side     `json:"proposer"`
	At       int      `json:"at"`    // the ply index (0-based) its first move would occupy
	Moves    []string `json:"moves"` // full notation, alternating sides from ply At
}

// AcceptedPart is the accepted part of a variant made by a letter that was then stopped for its
// changed move: it stands (4.2.8), and the acceptor's corrected letter may state it again.
type AcceptedPart struct {
	Label    string `json:"label,omitempty"`
	Proposer Side   `json:"proposer"`
	Cut      int    `json:"cut"` // the ply index of the changed move still to be sent
}

// Entry is one decision in a game's history.
type Entry struct {
	Date    daysclock.Date `json:"date"`
	Letter  string         `json:"letter,omitempty"`
	From    Side           `json:"from,omitempty"`
	Verdict Verdict        `json:"verdict"`
	Clauses []string       `json:"clauses,omitempty"`
	Note    string         `json:"note,omitempty"`
	// Faults are what a stopped letter was stopped for (4.2.9, 4.2.10, 4.2.2, 4.2.5), each
	// with its clause and the text as written: the director's report names them.
	Faults []Fault `json:"faults,omitempty"`
	// Words are the letter's words the decision rests on: those of a result the players reached
	// by letter, or of a reading postald asked about (statements.go).
	Words *Quote `json:"words,omitempty"`
}

// Fault is one fault a stopped letter was stopped for: the clause and the text as written.
type Fault struct {
	Clause string `json:"clause"`
	Text   string `json:"text,omitempty"`
}

// Game is the play state of one game: a plain value that round-trips through JSON. With its
// Table (the tournament's data: the variant, the languages, the addresses, the players, the
// dates, the regulation, the zone) it is all the referee needs to decide the next letter. The
// game names its tournament and its players only by the tournament's code and its own name
// ("1-2": White's and Black's numbers); a game stored by a postald that kept the tournament's
// data in it reads as it did, those fields ignored.
type Game struct {
	Tournament string `json:"tournament"` // tournament code (шифр)
	Name       string `json:"name"`       // "1-2": White's and Black's numbers

	Plies []Ply `json:"plies"`
	// Setup is the position the game began from when it is not the variant's start, in postald's
	// FEN (rules): a starting position drawn by lot (seed 003, 1.6.4). White is to move in it.
	Setup string `json:"setup,omitempty"`
	// Opening names the opening drawn by lot for the game (seed 003, 1.6.4), whose moves are its
	// first plies (ByLot); "" when none was drawn.
	Opening string `json:"opening,omitempty"`
	// Position is the position after the plies, in postald's FEN (rules): the referee starts from
	// it instead of replaying the game. Empty or unreadable, the plies are replayed; whoever
	// changes Plies outside the referee must clear it.
	Position string    `json:"position,omitempty"`
	Variants []Variant `json:"variants,omitempty"` // pending proposals

	// The players' clocks (4.3): accrued days, penalty days, moves made, the day the running
	// move began, leave, the first overstep.
	WhiteClock daysclock.Clock `json:"white_clock"`
	BlackClock daysclock.Clock `json:"black_clock"`
	// MovedOn is the day the move now awaiting an answer was put on the board and forwarded:
	// the first and second of the answering player's three dates (4.3.1; relay mode, the
	// partner's postmark and the receipt fall on the same day). Zero before the first move.
	MovedOn daysclock.Date `json:"moved_on,omitzero"`
	// ReceivedOn is the day the player on move received it, when that is not MovedOn: the e-mail
	// forward of a card entered after its postmark, a card to a postal player post_days after
	// it was posted (4.3.1, the second date).
	ReceivedOn daysclock.Date `json:"received_on,omitzero"`
	// Posting is the side whose move waits to be posted on a card or called (his channel is the
	// captain's): his clock starts when the captain records it (Posted). "" otherwise.
	Posting Side `json:"posting,omitempty"`
	// Undelivered is the side on move whose partner's move did not reach him (a failed delivery
	// report, delivery.go): his clock does not run until it does (Mailed). "" otherwise.
	Undelivered Side `json:"undelivered,omitempty"`
	// Notified lists the notices already sent (reminders, reports to the judge, the overstep, the
	// day's answer to a letter without a move, the steps of an adjudication), so that each goes
	// once. In JSON each is the key stores have always held: "white/reminder/2026-12-20".
	Notified []Notification `json:"notified,omitempty"`
	// WhiteOwes and BlackOwes list the plies each player must repeat in his next letter (4.2.9):
	// the moves his partner wrote since his own last accepted letter.
	WhiteOwes []int `json:"white_owes,omitempty"`
	BlackOwes []int `json:"black_owes,omitempty"`

	// Accepted is the accepted part of a variant that a stopped letter made (4.2.8, 4.2.13): the
	// resent letter may state the acceptance again. Nil once a letter of the acceptor is decided.
	Accepted *AcceptedPart `json:"accepted,omitempty"`

	DrawOffer Side   `json:"draw_offer,omitempty"` // who offered a draw that still stands
	Status    Status `json:"status"`
	Result    Result `json:"result"`
	Reason    Reason `json:"reason,omitempty"` // how the game ended

	// LastArrival is when the game's last letter by e-mail arrived, as postald took it: letters
	// reach the mailbox in order, so no later letter arrived before it, whatever the machine's
	// clock (or the mail server's) says (Seat.arrival). Zero in a game recorded before postald
	// kept it.
	LastArrival time.Time `json:"last_arrival,omitzero"`
	// Ends is the game's own end date, when it comes before the tournament's: a Swiss round
	// played by a date the regulation sets (round_days). 4.3.2 applies to it as to the
	// tournament's end: a move received on it or later freezes the game for adjudication. Zero:
	// the tournament's end alone.
	Ends daysclock.Date `json:"ends,omitzero"`

	LastLetter string `json:"last_letter,omitempty"` // Message-ID of the last letter handled, for threading
	// Thread holds the Message-IDs of the game's latest letters, oldest first (at most
	// threadLength): the References of postald's letters, so that mail clients thread the game.
	Thread  []string `json:"thread,omitempty"`
	History []Entry  `json:"history,omitempty"`
}

// shown is the label as postald's letters name the variant: as its proposer wrote it.
func (v Variant) shown() string { return shownLabel(v.Label, v.Written) }

// threadLength bounds Game.Thread: enough for a client to thread, small enough for a header.
const threadLength = 10

// Drawn returns how many of the game's first plies are the moves of its opening drawn by lot
// (ByLot): they were on the board before play.
func (g *Game) Drawn() int {
	n := 0
	for n < len(g.Plies) && g.Plies[n].By == ByLot {
		n++
	}
	return n
}

// Begun reports whether a move was played in the game since it was registered: a ply after those
// of its drawn opening.
func (g *Game) Begun() bool { return len(g.Plies) > g.Drawn() }

// ToMove returns the side whose turn it is (White moves first).
func (g *Game) ToMove() Side { return sideOfPly(len(g.Plies)) }

// sideOfPly returns the side that plays ply i (0-based).
func sideOfPly(i int) Side {
	if i%2 == 0 {
		return White
	}
	return Black
}

// numberOfPly returns the move number of ply i: White's and Black's moves share one number.
func numberOfPly(i int) int { return i/2 + 1 }

// plyOf returns the ply index of move number n for side s.
func plyOf(n int, s Side) int {
	i := 2 * (n - 1)
	if s == Black {
		i++
	}
	return i
}

// numbered writes ply i with its move number: "12. g3:e5" or "12... f6:d4".
func numbered(i int, text string) string {
	if sideOfPly(i) == White {
		return strconv.Itoa(numberOfPly(i)) + ". " + text
	}
	return strconv.Itoa(numberOfPly(i)) + "... " + text
}

// MoveList returns every ply in normalised numbered notation.
func (g *Game) MoveList() []string {
	out := make([]string, len(g.Plies))
	for i, p := range g.Plies {
		out[i] = numbered(i, p.Text)
	}
	return out
}

// Clock returns a pointer to side s's clock.
func (g *Game) Clock(s Side) *daysclock.Clock {
	if s == White {
		return &g.WhiteClock
	}
	return &g.BlackClock
}

// Time returns the accrued days of both sides, penalties included (4.3.1).
func (g *Game) Time() Time {
	return Time{White: g.WhiteClock.Days, Black: g.BlackClock.Days}
}

// ID is the game's name for headers: "<tournament>/<game>".
func (g *Game) ID() string { return g.Tournament + "/" + g.Name }

// StatusText describes the game for people and for simulate: "white to move", "finished", ...
func (g *Game) StatusText() string {
	switch g.Status {
	case StatusPlaying:
		return fmt.Sprintf("%s to move", g.ToMove())
	case StatusAdjudication:
		return "adjudication"
	}
	if g.Reason != "" {
		return "finished: " + g.Reason.String()
	}
	return "finished"
}

// clone returns a deep copy of g, so that a decision never shares slices with its input.
func (g Game) clone() Game {
	g.Plies = append([]Ply(nil), g.Plies...)
	g.WhiteOwes = append([]int(nil), g.WhiteOwes...)
	g.BlackOwes = append([]int(nil), g.BlackOwes...)
	vs := make([]Variant, len(g.Variants))
	for i, v := range g.Variants {
		v.Moves = append([]string(nil), v.Moves...)
		vs[i] = v
	}
	if len(vs) == 0 {
		vs = nil
	}
	g.Variants = vs
	if g.Accepted != nil {
		a := *g.Accepted
		g.Accepted = &a
	}
	g.WhiteClock = cloneClock(g.WhiteClock)
	g.BlackClock = cloneClock(g.BlackClock)
	g.Notified = append([]Notification(nil), g.Notified...)
	g.Thread = append([]string(nil), g.Thread...)
	g.History = append([]Entry(nil), g.History...)
	return g
}

func cloneClock(c daysclock.Clock) daysclock.Clock {
	c.Leaves = append([]daysclock.Leave(nil), c.Leaves...)
	if c.Overstep != nil {
		o := *c.Overstep
		c.Overstep = &o
	}
	return c
}
