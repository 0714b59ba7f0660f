package mailparse

import (
	"strconv"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// Where points at a place in a letter: the line of Letter.Text (counted from 1) and the text
// as the player wrote it there. Line 0 is the Subject header; header problems use line 0 too.
type Where struct {
	Line int
	Text string
}

// Letter is what a move letter says (clause 4.2.3), as written, plus the facts its header
// carries. The parser decides nothing about legality: every field is what the player wrote,
// normalised, and Problems lists what could not be read.
type Letter struct {
	// Text is the letter's new text: the decoded body without quoted replies, forwarded
	// copies and the signature after a "-- " line. Line numbers everywhere refer to it.
	Text string

	Tournament   string // tournament code (шифр турнира), "" when not named
	TournamentAt Where
	Game         string // game as "W-B" ("3-7"), or as written when it is not a pair
	GameAt       Where
	// Partner is the partner a letter names its game by, as written («партия с Ивановым»:
	// "Ивановым"), when it names no game by number; the referee finds the game by his name.
	Partner   string
	PartnerAt Where
	// Parts are the sections of a letter about several games, each under its own heading
	// (sections.go), each read as a letter about its game; nil for a letter about one game. The
	// letter itself then keeps only what is the player's or the whole letter's: the tournament,
	// a leave, a withdrawal, an out-of-office text, the header, the problems outside the parts.
	Parts []*Letter

	Repeated []Move // the partner's moves repeated by the writer (4.2.3, 4.2.9)
	Moves    []Move // the writer's own moves, forced replies included, in order (4.2.4)
	// Crossed are the writer's own moves he corrected in the letter itself (4.2.5: a move crossed
	// out and another written): «вместо 15. e3-d4 мой ход 15. e3-f4», "P.S. Sorry, I meant
	// 15. e3-f4". Each is out of Moves, its correction in its place; Where is the crossed move's.
	Crossed       []Move
	Variants      []Variant   // proposed variants (4.2.7)
	AcceptVariant *Acceptance // acceptance of a variant (4.2.13), nil when none is stated

	Draw     Draw  // draw offer, acceptance, refusal or claim; Kind "" when none
	Resign   bool  // the writer resigns
	ResignAt Where // where, when Resign
	// ResignDoubt, when not empty, is why the resignation has no one meaning (a condition: «если
	// …, сдаюсь»): the referee asks instead of ending the game (draw.go).
	ResignDoubt string
	Protest     *Protest
	Leave       *Leave
	// Questions are the letter's questions and requests (asides.go); Withdrawal the writer's
	// withdrawal from the tournament; Away an out-of-office text, which is no leave notice.
	Questions  []Question
	Withdrawal *Withdrawal
	Away       *Where

	// SubjectMove is a move written in the Subject of a letter that is no reply («мой ход 1...
	// f6-g5» after the game's name), as written: never played, its place is the text.
	SubjectMove string

	Dates []StatedDate // the three dates of 4.3.1 as stated, in order
	Time  *Time        // the time fraction of 4.3.1, nil when none is stated

	Problems []Problem // what could not be read, in order of the text

	// Attachments are the files attached to the letter (attached.go); one Read was read as the
	// letter's text, after its own.
	Attachments []Attachment

	Header Header // the envelope facts the message itself carries
}

// Header holds what the message header says, for threading and for the loop checks of a
// later stage (RFC 3834). The parser records; it decides nothing here.
type Header struct {
	From       string    // the From address (addr-spec), "" when unreadable
	FromName   string    // the display name of From, decoded
	MessageID  string    // without angle brackets
	InReplyTo  []string  // message ids, without angle brackets
	References []string  // message ids, without angle brackets
	Date       time.Time // the Date header; zero when absent or unreadable
	Subject    string    // decoded (RFC 2047)

	AutoSubmitted   string        // Auto-Submitted value, lower case ("auto-replied"); "" when absent
	Precedence      string        // Precedence value, lower case ("bulk", "list", "junk")
	ListID          string        // List-Id value
	ListHeaders     []string      // names of the List-* fields present (List-Id, List-Unsubscribe, ...)
	ReturnPathEmpty bool          // Return-Path: <> (a bounce or an auto-reply)
	XAutoreply      string        // X-Autoreply, X-Autorespond or X-Auto-Response-Suppress value
	Postald         []HeaderField // X-Postald-* fields: the message is (or quotes) postald's own letter
	ContentType     string        // media type of the message, lower case ("multipart/report")
	ReportType      string        // report-type parameter of a multipart/report ("delivery-status")
}

// HeaderField is one header field as it appeared.
type HeaderField struct {
	Name  string
	Value string
}

// Move is one move of one side as written in a letter. Squares are normalised: Cyrillic
// look-alike letters mapped to Latin, lower case, every dash written "-", every capture mark
// (":", "x", "×") written ":".
type Move struct {
	Number int  // move number as written or implied by the list; 0 when the letter numbers nothing
	Black  bool // Black's half of the numbered move ("12... f6:d4")

	// Notation is the move without its number: "g3:e5", "32-28"; for an abbreviated or an
	// unreadable move, the written text with look-alikes and dashes normalised.
	Notation string
	Squares  []string // "g3", "e5" or "32", "28"; nil when the move is abbreviated or unreadable
	Capture  bool     // the squares are joined by ":" (a capture)

	Abbreviated bool // abbreviated notation (4.2.2: an impossible move); also listed in Problems
	Unreadable  bool // not readable as notation; also listed in Problems

	Where // line and the move's text as written
}

// String formats m as postald prints moves: "12. g3:e5", "12... f6:d4", or just the notation
// when the letter gave no number.
func (m Move) String() string {
	if m.Number <= 0 {
		return m.Notation
	}
	dots := ". "
	if m.Black {
		dots = "... "
	}
	return strconv.Itoa(m.Number) + dots + m.Notation
}

// Variant is a proposed conditional line (4.2.7): the partner's move(s) the proposal answers
// and the proposer's replies, in order, as one list.
type Variant struct {
	Label string // "A", "B", ... (Cyrillic labels mapped: А→A, Б→B, В→C, Г→D ...); "" when unlabelled
	// Written is the label as the letter writes it, in capitals: "Б" for «вариант б», "B" for
	// "variant b"; postald's letters name the variant so (letters.md). "" when unlabelled.
	Written string
	Moves   []Move
	Where   // where the variant starts
}

// Acceptance is the acceptance of a proposed variant (4.2.13).
type Acceptance struct {
	Label     string // the accepted variant's label, "" when the letter names none
	Written   string // the label as the letter writes it, in capitals (see Variant.Written)
	Until     int    // "до N-го хода" / "up to move N": the number of the first changed move; 0 when not stated
	Inclusive bool   // "до N-го хода включительно" / "up to and including move N"
	Partial   bool   // "частично" / "partially" / "in part"
	Moves     []Move // the accepted moves written out (both sides' moves of the variant), in order; nil when not written
	Declined  []Move // the variant's move(s) named after "вместо" / "instead of": declined, never played
	Where
}

// DrawKind is what a letter says about a draw.
type DrawKind string

// Draw statements.
const (
	DrawNone    DrawKind = ""
	DrawOffer   DrawKind = "offer"   // предлагаю ничью / I offer a draw
	DrawAccept  DrawKind = "accept"  // согласен на ничью / I accept the draw
	DrawDecline DrawKind = "decline" // отклоняю ничью / I decline the draw
	DrawClaim   DrawKind = "claim"   // требую ничью / I claim a draw
)

// Reasons of a draw claim.
const (
	ReasonRepetition = "repetition" // the same position repeated
	ReasonMoveRule   = "move rule"  // a limit of moves without progress (15, 25, ... moves)
)

// Draw is a draw statement and, for a claim, its reason.
type Draw struct {
	Kind   DrawKind
	Reason string // ReasonRepetition, ReasonMoveRule, or "" when not stated
	// Short: the statement is one of the short forms of 1.13.3 («Согласен», "Agreed", «Не
	// согласен»), which says yes or no to whatever is asked: it is a draw statement only while
	// the partner's offer stands.
	Short bool
	// Doubt, when not empty, is why the statement has no one meaning (DoubtNegation,
	// DoubtCondition): the referee asks the writer rather than ending the game or recording it.
	Doubt string
	Where
}

// Protest is a protest (4.1.12) with the paragraph that states it.
type Protest struct {
	Text string // the paragraph, lines joined by "\n"
	Where
	// Quoted are the moves the protest mentions: never the writer's moves. Unsure are moves on
	// a line of their own inside it, which may be quoted or meant: the referee asks.
	Quoted []Move
	Unsure []Move
}

// Leave is a leave notice; From and To are zero when the letter gives no date, and their Year
// is 0 when the letter writes the day and the month alone («с 15.01 по 24.01»): Complete reads
// it from the letter's date.
type Leave struct {
	From, To daysclock.Date
	Where
}

// Period returns the leave as daysclock counts it; false unless the letter gave both its first
// and its last day with their years: a leave is announced with its dates, and a single date
// ("в отпуске до 15.12") says neither when it begins nor, for certain, when it ends. A notice
// without its year is read with Complete.
func (l Leave) Period() (daysclock.Leave, bool) {
	if l.From.IsZero() || l.To.IsZero() || l.From.Year == 0 || l.To.Year == 0 {
		return daysclock.Leave{}, false
	}
	return daysclock.Leave{From: l.From, To: l.To}, true
}

// StatedDate is one of the dates a letter states (4.3.1).
type StatedDate struct {
	daysclock.Date
	Where
}

// Time is the time fraction a letter states (4.3.1): White's total days over Black's.
type Time struct {
	daysclock.Fraction
	Where
}

// Problem is something the parser could not read, with where it is and what it is.
type Problem struct {
	Where
	What string
}

// What the parser reports in Problem.What.
const (
	WhatAbbreviated   = "abbreviated notation"
	WhatMove          = "unreadable move"
	WhatDate          = "unreadable date"
	WhatTime          = "unreadable time"
	WhatLabel         = "unreadable variant label"
	WhatCharset       = "unknown charset"
	WhatBadText       = "text not in its declared charset"
	WhatTruncated     = "text truncated"
	WhatLongLine      = "line too long"
	WhatTooManyLines  = "too many lines"
	WhatMIME          = "unreadable MIME structure"
	WhatNoText        = "no text part"
	WhatHeader        = "unreadable header"
	WhatGameConflict  = "subject and body name different games"
	WhatGamesNamed    = "the letter names more than one game"
	WhatDrawConflict  = "conflicting draw statements"
	WhatVariantMoves  = "variant without moves"
	WhatAcceptedTwice = "more than one variant accepted"
)

// statesPlay reports whether the letter states anything of play: a move or a repetition (one
// it could not read included), a variant, an acceptance, a draw statement, a resignation, a
// protest, a withdrawal, or sections about games. A letter that states none of it may have its
// play in a file attached (attached.go).
func (l *Letter) statesPlay() bool {
	if len(l.Repeated) > 0 || len(l.Moves) > 0 || len(l.Crossed) > 0 || len(l.Variants) > 0 || l.AcceptVariant != nil ||
		l.Draw.Kind != "" || l.Resign || l.Protest != nil || l.Withdrawal != nil || len(l.Parts) > 0 {
		return true
	}
	for _, p := range l.Problems {
		if p.What == WhatMove || p.What == WhatAbbreviated {
			return true
		}
	}
	return false
}

// DateValues returns the stated dates without their places.
func (l *Letter) DateValues() []daysclock.Date {
	out := make([]daysclock.Date, len(l.Dates))
	for i, d := range l.Dates {
		out[i] = d.Date
	}
	return out
}

// Lines returns Letter.Text split into lines; Lines()[n-1] is line n.
func (l *Letter) Lines() []string { return strings.Split(l.Text, "\n") }
