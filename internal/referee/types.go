package referee

import "postald/internal/rules"

// The referee's named values. Each is a string type whose values are the words the store, the
// JSON of simulate and the headers have always carried, so that a game written before these
// types existed reads as it did and writes the same bytes.

// Color returns the rules engine's colour of side s: the one home of the conversion between the
// referee's sides and the engine's colours.
func (s Side) Color() rules.Color {
	if s == Black {
		return rules.Black
	}
	return rules.White
}

// SideOfColor returns the referee's side of the rules engine's colour c.
func SideOfColor(c rules.Color) Side {
	if c == rules.Black {
		return Black
	}
	return White
}

// String returns the side's word: "white" or "black".
func (s Side) String() string { return string(s) }

// Status is where a game stands.
type Status string

// Statuses of a game.
const (
	StatusPlaying      Status = "playing"      // moves are being exchanged
	StatusFinished     Status = "finished"     // a result stands
	StatusAdjudication Status = "adjudication" // frozen after the end date (4.3.2); the judge decides
)

// String returns the status's word: "playing", "finished" or "adjudication".
func (s Status) String() string { return string(s) }

// Result is the result of a game, PDN style: the one result of a game in postald. The
// crosstable's marks (a game lost without play, an annulled game) are derived from the game
// by tournament.TableResult.
type Result string

// Results, PDN style.
const (
	ResultNone  Result = "*"       // no result (yet)
	ResultWhite Result = "1-0"     // White won
	ResultBlack Result = "0-1"     // Black won
	ResultDraw  Result = "1/2-1/2" // drawn
)

// String returns the result as PDN writes it: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string { return string(r) }

// Decisive reports whether the result names a winner or a draw (not ResultNone, not a word
// postald does not know).
func (r Result) Decisive() bool { return r == ResultWhite || r == ResultBlack || r == ResultDraw }

// Won returns the result of a game side s won.
func Won(s Side) Result {
	if s == White {
		return ResultWhite
	}
	return ResultBlack
}

// Reason is how a game ended, as the game records it; while a game waits for adjudication, why
// it went there (ReasonWithdrawn; none for the end date).
type Reason string

// Reasons a game ended.
const (
	ReasonDrawAgreed    Reason = "draw agreed"    // a standing offer accepted (1.13.3)
	ReasonDrawClaimed   Reason = "draw claimed"   // a valid claim (1.13.1, 2.6)
	ReasonWhiteResigned Reason = "white resigned" // White resigned
	ReasonBlackResigned Reason = "black resigned" // Black resigned
	ReasonNoMoves       Reason = "no moves"       // decided on the board: the side to move cannot move (1.12)
	ReasonOverstep      Reason = "overstep"       // lost on time under the forfeit policy (4.3.1)
	ReasonAnnulled      Reason = "annulled"       // the judge annulled it (4.1.7)
	ReasonStruckOut     Reason = "struck out"     // its player withdrew with fewer than half of his games played (1.10.2)
	ReasonForfeit       Reason = "forfeit"        // lost by the judge's ruling
	ReasonAdjudicated   Reason = "adjudicated"    // the judge gave the result (4.3.2)
	ReasonWithdrawn     Reason = "withdrawn"      // waiting for adjudication: a player left with the game unfinished (1.10.4)
)

// String returns the reason as the game records it: "draw agreed", "annulled", ...
func (r Reason) String() string { return string(r) }

// Resigned returns the reason of a game side s resigned.
func Resigned(s Side) Reason {
	if s == White {
		return ReasonWhiteResigned
	}
	return ReasonBlackResigned
}

// WithoutResult reports whether a game that ended for this reason has no result for either
// player: annulled (4.1.7) or struck out (1.10.2).
func (r Reason) WithoutResult() bool { return r == ReasonAnnulled || r == ReasonStruckOut }

// RuleKind is the kind of a judge's ruling (`postald judge …`).
type RuleKind string

// Kinds of rulings of the judge.
const (
	RulePenalty    RuleKind = "penalty"      // add (or, negative, remove) penalty days
	RuleForfeit    RuleKind = "forfeit"      // the player loses the game (an overstep confirmed, a withdrawal …)
	RuleAdjudicate RuleKind = "adjudicate"   // the judge gives the result of an unfinished game (after the end date)
	RuleCorrect    RuleKind = "correct-date" // correct a player's accrued days (a date put right, 4.3.1)
	RuleLeave      RuleKind = "leave"        // grant leave: the player's clock stops for the days given
	RuleRevert     RuleKind = "revert"       // put the game back as it was before a letter (a forged or misread letter)
	RuleAnnul      RuleKind = "annul"        // the game ends without a result and counts for no one (4.1.7, seed 003 1.10.2)
	RuleProtest    RuleKind = "protest"      // the judge's decision on a protest (4.1.12); the game is as it was
	RuleStrikeOut  RuleKind = "strike-out"   // a withdrawn player's game ends without a result (seed 003 1.10.2)
	RuleRefer      RuleKind = "refer"        // a withdrawn player's begun game goes to adjudication (seed 003 1.10.4)
	RuleResend     RuleKind = "resend"       // a letter sent again, to its address or another (4.3.1: the move must reach him)
)

// String returns the ruling's word: "penalty", "correct-date", ...
func (k RuleKind) String() string { return string(k) }

// By is how a ply came onto the board.
type By string

// How a ply came onto the board.
const (
	ByLetter      By = "letter"      // written by its own player
	ByForced      By = "forced"      // the partner's forced reply written by the letter's sender (4.2.4)
	ByPostald     By = "postald"     // a forced reply postald played itself (4.2.4)
	ByVariant     By = "variant"     // a proposer's move played from his accepted variant (4.2.13)
	BySubstituted By = "substituted" // the unique legal move of an impossible move's square (4.2.10)
	ByLot         By = "lot"         // a move of the opening drawn by lot, on the board before play (seed 003, 1.6.4)
)

// String returns the word of how the ply came: "letter", "forced", ...
func (b By) String() string { return string(b) }

// Written reports whether the ply's own player wrote it in his letter (as written, or replaced by
// the single legal move of its square, 4.2.10): the moves that cost him thinking days and that
// his partner must repeat (4.2.9).
func (b By) Written() bool { return b == ByLetter || b == BySubstituted }
