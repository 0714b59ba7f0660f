package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/rules"
)

// Verdict is what the referee made of a letter; the values are the `X-Postald-Verdict` header's.
type Verdict string

// Verdicts.
const (
	Accepted  Verdict = "accepted"  // the moves are on the board
	Corrected Verdict = "corrected" // accepted after a 4.2.10 substitution or a 4.2.14 numbering fix
	Rejected  Verdict = "rejected"  // the letter is stopped: nothing is forwarded (4.2.9, 4.2.10, 4.2.8)
	Notice    Verdict = "notice"    // no move: a draw offer alone, a resignation, a request to name the game ...
	Ignored   Verdict = "ignored"   // not from a player of the game
	Ruled     Verdict = "ruling"    // a judge's ruling
)

// Time is the accrued days of both players, penalty days included (4.3.1): the fraction White/Black.
type Time struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// String writes the fraction as letters and headers do: "23/31".
func (t Time) String() string { return fmt.Sprintf("%d/%d", t.White, t.Black) }

// Envelope is what the post knows of a letter: who sent it, its Message-ID and the instant postald
// received it, which is its postmark (relay mode: postald is the post office, 4.3.1).
type Envelope struct {
	From      string    `json:"from"`
	MessageID string    `json:"message_id"`
	Received  time.Time `json:"received"`
	// Via is how the letter came: "" for e-mail; a card or a call the captain entered.
	Via Channel `json:"via,omitempty"`
	// Side is whose card or call it is, as the captain entered it; "" for e-mail, whose sender
	// is known by From.
	Side Side `json:"side,omitempty"`
	// Postmark is a card's sending date (4.3.1: the postmark, for registered mail the date on
	// the post office's receipt, or the date written on a card without a legible postmark), or
	// the day of a call: the day its moves are charged to. Zero for e-mail, whose postmark is
	// the day postald received it; Received is then the day the card or call was entered and
	// its moves forwarded to the partner.
	Postmark daysclock.Date `json:"postmark,omitzero"`
}

// Role is whom an outgoing letter is for.
type Role string

// Roles.
const (
	ToWhite    Role = "white"
	ToBlack    Role = "black"
	ToJudge    Role = "judge"
	ToSender   Role = "sender" // a writer who is not (yet) known as a player of the game
	ToDirector Role = "director"
)

func roleOf(s Side) Role {
	if s == White {
		return ToWhite
	}
	return ToBlack
}

// Kinds of outgoing letters.
const (
	KindForward   = "forward"   // the sender's moves, to the partner
	KindAck       = "ack"       // acknowledgement, to the sender
	KindRejection = "rejection" // a stopped letter, to the sender
	KindNotice    = "notice"    // forced move played, variant, draw, result, overstep, reminder
	KindAskGame   = "ask-game"  // please name the game
	KindRuling    = "ruling"    // a judge's ruling
)

// Outgoing is one letter postald sends: enough for the daemon to build the message and its
// headers (`X-Postald-Game`, `X-Postald-Verdict`, `X-Postald-Clause`, `X-Postald-Time`,
// `In-Reply-To`, `Auto-Submitted`).
type Outgoing struct {
	Role Role   `json:"role"`
	To   string `json:"to"` // "" for a card or call to a player by post or telephone without an address
	// Player is the number of the player the letter goes to (0 for the judge, the director or a
	// stranger): whoever delivers it sends a card or a call to a player by post or telephone
	// (4.1.1).
	Player int `json:"player,omitempty"`
	// Language is the reader's (letters.md): a player's own, else the tournament's.
	Language  string   `json:"language,omitempty"`
	Kind      string   `json:"kind"`
	Subject   string   `json:"subject"`
	Body      string   `json:"body"`
	Game      string   `json:"game"` // "<tournament>/<game>", the X-Postald-Game header
	Verdict   Verdict  `json:"verdict"`
	Clauses   []string `json:"clauses,omitempty"`
	Time      Time     `json:"time"`
	InReplyTo string   `json:"in_reply_to,omitempty"` // the Message-ID of the letter answered or forwarded
	// References are the Message-IDs of the game's earlier letters, oldest first.
	References []string `json:"references,omitempty"`
	// Picture is the position the letter shows, for its diagram picture; nil for none. It is
	// drawn by the shell when the letter is written (the text carries its text diagram), and is
	// not part of the decision's record.
	Picture *Picture `json:"-"`
	// NoReply marks a notice that asks nothing of its reader and starts no clock of his: an
	// acknowledgement while his partner is on move, a leave granted, a partner's leave. To a
	// player by post or telephone it rides with the next card the captain posts him.
	NoReply bool `json:"no_reply,omitempty"`
}

// AboutTournament reports whether the letter is about the tournament rather than one of its
// games (Game "<tournament>/": a leave notice's answer about all the sender's games).
func (o Outgoing) AboutTournament() bool { return strings.HasSuffix(o.Game, "/") }

// TimeHeader is the X-Postald-Time of the letter: the game's time fraction, none for a letter
// about the tournament, which has no one game's clock.
func (o Outgoing) TimeHeader() string {
	if o.AboutTournament() {
		return ""
	}
	return o.Time.String()
}

// Picture is a position a letter shows: the board and the move that led to it (nil at the
// start of a game).
type Picture struct {
	Position rules.Position
	Last     *rules.Move
	Ply      int // the plies played before it: the move number the picture's file is named by
}

// Violation is a rule a letter broke, with where it broke it: what the rejection letter tells.
type Violation struct {
	Clause string `json:"clause"`         // "4.2.10"
	Line   int    `json:"line,omitempty"` // line in the letter, 1-based; 0 when not known
	Text   string `json:"text,omitempty"` // the text as written
	What   string `json:"what"`           // what is wrong, in the sender's language
	Send   string `json:"send,omitempty"` // what to send instead
}

func (v Violation) Error() string {
	if v.Line > 0 {
		return fmt.Sprintf("%s: line %d %q: %s", v.Clause, v.Line, v.Text, v.What)
	}
	return fmt.Sprintf("%s: %s", v.Clause, v.What)
}

// Decision is everything the referee decided about one letter, tick or ruling: the verdict and the
// clauses it rests on, what went onto the board, the time, the letters to send and the new game.
type Decision struct {
	Verdict     Verdict     `json:"verdict"`
	Clauses     []string    `json:"clauses"`
	Moves       []string    `json:"moves"` // plies this decision put on the board, numbered and normalised
	PenaltyDays int         `json:"penalty_days"`
	Days        int         `json:"days"` // thinking days charged to the sender by this letter
	Time        Time        `json:"time"`
	ToMove      Side        `json:"to_move,omitempty"` // "" when the game is not in play
	Violations  []Violation `json:"violations,omitempty"`
	Notes       []string    `json:"notes,omitempty"` // corrections and remarks, in the sender's language
	Letters     []Outgoing  `json:"letters,omitempty"`
	Game        Game        `json:"game"`
	// Words are the words of the letter the decision rests on, where it ends the game by the
	// players' own statement (a draw agreed, a resignation) or asks what a doubtful reading means
	// (statements.go); nil otherwise.
	Words *Quote `json:"words,omitempty"`
	// Also are the decisions about the other games the letter speaks of, each with its own Seat:
	// the other sections of a letter about several games, and the player's other games in which
	// a leave it announces stops his clock (statements.go). Empty for a letter about one game.
	Also []Decision `json:"also,omitempty"`

	// Seat is the index, among the seats given to Decide, of the game the letter was about; -1
	// when it was about none (the sender is asked to name it, or he plays in none of them).
	Seat int `json:"seat"`
	// Envelope is the envelope the letter was decided under: for a card or a call, with its
	// sending date (4.3.1), read from Source.
	Envelope Envelope   `json:"envelope,omitzero"`
	Source   DateSource `json:"source,omitempty"`
	// Next is the instant of the game's next event after this decision — a reminder, the
	// overstep of a silent player, the silence report, the adjudication package (4.3.2) — past
	// instants included (a backlog); zero for none.
	Next time.Time `json:"next,omitzero"`
	// Package is the judge's adjudication package this tick found due (4.3.2); the letter is
	// written by Package.Letter with the players' submissions the archive holds.
	Package *Package `json:"package,omitempty"`
}

// addClause records c once, keeping the order clauses were met in.
func (d *Decision) addClause(c ...string) {
	for _, x := range c {
		found := false
		for _, y := range d.Clauses {
			if y == x {
				found = true
				break
			}
		}
		if !found {
			d.Clauses = append(d.Clauses, x)
		}
	}
}

// sortClauses orders clauses as the rules number them: 4.2.2 before 4.2.10.
func sortClauses(cs []string) {
	slices.SortStableFunc(cs, compareClauses)
}

func compareClauses(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		switch {
		case errx != nil || erry != nil:
			if c := strings.Compare(as[i], bs[i]); c != 0 {
				return c
			}
		case x != y:
			return x - y
		}
	}
	return len(as) - len(bs)
}
