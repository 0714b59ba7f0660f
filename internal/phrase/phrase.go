// Package phrase is postald's phrasebook: every text the core writes (the referee's letters,
// the tournament's start letters and crosstables, the director's report, the web pages, the
// marks of the channels of play in every view of a game) and every line the command line prints
// for people ([CLIText]), one [Book] per language, each language's Book in its file (ru.go,
// en.go), its command line's words in a file of their own (cli_ru.go, cli_en.go).
//
// A caller picks the book of its reader's language (a player's own, else the tournament's;
// letters.md) and reads its section:
//
//	tx := &phrase.For(g.LanguageOf(side)).Referee
//	subject := fmt.Sprintf(tx.SubjAck, code, game)
//	days := tx.Days(22) // «22 дня», "22 days"
//
// How a text takes its arguments, section by section:
//   - [RefereeText]: a text with arguments is a format string for fmt; the Russian and the
//     English string of a field take the same verbs (the same kinds at the same argument
//     positions), which the package's tests check. A number with the word it counts is never
//     written by a format string ("%d дней" is wrong for 2): it is a function field,
//     func(n int) string («22 дня», "22 days").
//   - [TournamentText], [ReportText] and [WebText]: every text with arguments is a typed
//     function field (func(code, game string) string, func(days int) string, func(Start)
//     string), so that each language puts the arguments where its grammar wants them and
//     chooses the plural forms itself; a text without arguments is a string.
//   - [ChannelText]: words alone, strings; its methods pick the word of a channel.
//   - [CLIText]: as RefereeText: format strings with the same verbs in every language, and
//     function fields where a number goes with a word. Its Russian texts may name what is typed
//     (commands, flags, keys, files: langcheck.Command), nothing else Latin.
//
// Plural forms go through package plural: each language file holds the forms of its words and
// its rule (plural.Russian, plural.English).
//
// The package does no I/O and holds no state: the books are constant data, shared by every
// caller, to be read and never written. Adding a language is adding its file with a Book and
// adding the Book to books (below); the tests then hold it to the same rules (no field empty,
// the same format verbs as the other languages).
package phrase

import (
	"postald/internal/daysclock"
	"postald/internal/plural"
)

// Book is every text postald's core writes, in one language.
type Book struct {
	Lang       string // the language's tag as start sheets write it: "ru", "en"
	Referee    RefereeText
	Tournament TournamentText
	Report     ReportText
	Office     OfficeText
	Web        WebText
	Channels   ChannelText
	Lots       LotsText
	CLI        CLIText
	Picture    PictureText
	Delivery   DeliveryText
	Sheet      SheetText
	Endgame    EndgameText
}

// books are the languages postald writes, by tag.
var books = map[string]*Book{
	russian.Lang: &russian,
	english.Lang: &english,
}

// Default is the language of a tournament that names none (letters.md).
const Default = "ru"

// For returns the book of a language; Russian for an empty or unknown one (letters.md: ru by
// default). The book is shared: read it, never write it.
func For(lang string) *Book {
	if b, ok := books[lang]; ok {
		return b
	}
	return books[Default]
}

// Known reports whether there is a book of lang ("ru", "en"); false for "" and any other.
func Known(lang string) bool {
	_, ok := books[lang]
	return ok
}

// Languages returns the tags of the languages there are books for, in no particular order.
func Languages() []string {
	out := make([]string, 0, len(books))
	for lang := range books {
		out = append(out, lang)
	}
	return out
}

// VariantNames names the rules variants (variants.md), one field per variant id.
type VariantNames struct {
	Russian, International, Column, Lasca                                 string
	RussianGiveaway, InternationalGiveaway, ColumnGiveaway, LascaGiveaway string
}

// Of returns the name of the variant id ("russian", "lasca-giveaway", ...); false for an id it
// does not know.
func (n *VariantNames) Of(id string) (string, bool) {
	switch id {
	case "russian":
		return n.Russian, true
	case "international":
		return n.International, true
	case "column":
		return n.Column, true
	case "lasca":
		return n.Lasca, true
	case "russian-giveaway":
		return n.RussianGiveaway, true
	case "international-giveaway":
		return n.InternationalGiveaway, true
	case "column-giveaway":
		return n.ColumnGiveaway, true
	case "lasca-giveaway":
		return n.LascaGiveaway, true
	}
	return "", false
}

// RefereeText is the words of the referee's letters (letters.md): acknowledgements, rejections,
// forwarded moves, notices, reminders and the judge's rulings. Texts with arguments are format
// strings; the comments name the arguments in order.
type RefereeText struct {
	// Subjects: %[1]s the tournament, %[2]s the game; SubjMove also the move's number, SubjAskGame
	// only the tournament.
	SubjMove, SubjAck, SubjCorrected, SubjRejected, SubjNotice, SubjDraw, SubjResult, SubjOverstep string
	SubjReminder, SubjAskGame, SubjRuling, SubjProtest                                             string

	Header                                                     string // tournament, game, White, Black
	AckIntro, CorrectedIntro, RejectIntro, NoticeIntro         string // the letter's date
	OnBoard, TimeLine, Stamp, MovesLine, VariantsHead, PosHead string
	// Marks are the text diagram's marks for a white man, a white king, a black man and a black
	// king, one character each, in the readers' own letters; Legend explains them (the four
	// marks and the empty square's); TowersLegend follows where the board has towers.
	Marks, Legend, TowersLegend             string
	DatesLine                               string // the three dates (ThreeDates)
	ThreeDates                              string // partner's move sent, received, reply sent
	Violation                               string // line, text as written, what is wrong, clause
	ViolationNoLine                         string // what is wrong, clause
	SendLine, Penalty, NoPenalty, ClockRuns string

	Internal, InternalJudge, GameOver, Frozen, NoMove                             string
	WrongRepeat, IllegibleRepeat, NotRepeated, RepeatNothing, RepeatThese         string
	Numbering, ExtraIgnored, ChangesSent, SendNext, SendNothing                   string
	NotForced, ForcedFixed, Substituted, SendMove, SendOneOf                      string
	VariantAcceptedStop, VariantGone, VariantPlayed, NoSuchVariant, VariantNotNow string
	VariantEmpty, VariantCut                                                      string
	DrawLapsed, DrawOffered, DrawOfferSent, NoDrawOffer, DrawDeclinedYou          string
	DrawDeclined, DrawAgreed, DrawClaimed, ClaimInvalid, Resigned, Result         string
	YourMoveAgain, ForcedPlayed, EndedOnBoard                                     string
	// BeforeStart: a first move sent on the day play began (the day) or before costs no time
	// (4.3.2).
	BeforeStart string
	// BeforeStartPartner says the same of the partner's first move, to him who receives it.
	BeforeStartPartner string
	// ForcedYours tells the partner that his forced reply (the move) was played for him
	// (4.2.4); VariantsRecorded heads the sender's variants recorded and forwarded (4.2.7).
	ForcedYours, VariantsRecorded string
	// YourMoveAgainPosted is YourMoveAgain to a player by post or telephone: his time runs
	// from the day the captain's card or call brings him the move (4.3.1), not from today.
	YourMoveAgainPosted                              string
	DatesMissing, DateDiff, TimeMissing, TimeDiff    string
	Overstep, Forfeited, OverstepJudge, Adjudication string
	// OverstepWithdrawn (player, side, the day the overstep was counted from, the card's
	// sending date) tells everyone that a card or call sent in time, which came after his
	// silence was counted as an overstep, takes it back (4.3.1).
	OverstepWithdrawn                                             string
	ControlOnMove, ControlWaiting                                 string
	Duplicate, NotYourTurn, AskGame, NotPlayer, Reminder, Silence string
	// The answer to a letter whose game cannot be told (AskGame opens it): AskGameNamed the
	// game it named (%[1]s) and the sender's tournaments that have one of that name (%[2]s);
	// AskGameList heads his games in play, each an AskGameItem (tournament, game, partner);
	// AskGameLine shows the line to write (%[1]s), a GameLine (tournament, game). AskGameNone
	// says that the game the letter named (%[1]s) is none of his in the tournament it named
	// (%[2]s); AskGameNoneAny, of a letter that named no tournament of his, none of his at all.
	AskGameNamed, AskGameList, AskGameItem, AskGameLine, GameLine                   string
	AskGameNone, AskGameNoneAny                                                     string
	Ruling, RulingPenalty, RulingForfeit, RulingAdjudicate, RulingDate, RulingLeave string
	// RulingRevert (the letter, as RevertLetterOf or RevertLetter names it with RevertLetterMoves;
	// the instant it was received; the reason): the letter a revert undoes is named by whose it
	// was and its moves, never by its Message-ID.
	RulingRevert, RevertOnMove, RevertDraw, RevertVariant                    string
	RevertLetter, RevertLetterOf, RevertLetterMoves                          string
	RulingClause                                                             string // the clause a ruling rests on (4.1.10)
	ProtestSent, ProtestJudge                                                string
	LeaveNoDates, LeaveRefused, LeaveGranted, LeavePartner                   string
	LeaveOrder, LeaveLate, LeaveOverlap, LeaveTooLong                        string // why a leave is refused
	Expected, OwnInRepeat, FaultUnique, RepeatNext, RepeatLater, JudgedHead  string
	TextCut                                                                  string // KB shown, KB in all
	WrongAccepted, SendAccepted, AcceptUnsure, AcceptVariant, AcceptNone     string
	AcceptWhich, AcceptOutside, AcceptDeclined, AcceptDisagree, AcceptNumber string

	// Rulings that concern no side of their own, and the judge's decision on a protest.
	RulingAnnul         string // reason
	RulingStrikeOut     string // reason (seed 003, 1.10.2)
	RulingRefer         string // player, side, reason (seed 003, 1.10.4)
	RulingProtest       string // the decision (4.1.12)
	SubjProtestDecision string // tournament, game

	// Adjudication after the end date (4.3.2).
	AdjudicationSteps AdjudicationText

	// Asides are the answers to what a letter says besides its moves: a protest, a question, a
	// withdrawal from the tournament.
	Asides AsideText

	// Statements are the answers to statements postald does not take as written: a reading with
	// two meanings, an acceptance with no offer, a leave across the player's games.
	Statements StatementText

	Faults     FaultText
	DateFields [3]string // partner's move sent, received, reply sent: as daysclock.DateField counts them
	Sides      SideText
	Reasons    ReasonText

	// Date writes a day as the language's players write it in their letters (letters.md):
	// «18.11.2026», "2026-11-18"; Period a span of days, first and last: a leave.
	Date   func(d daysclock.Date) string
	Period func(from, to daysclock.Date) string

	// Numbers of days, each with the form of its words that goes with the number.
	Days        func(n int) string // «1 день», «22 дня», "1 day"
	DaysOf      func(n int) string // after «не более», «в течение»: «не более 21 дня», "at most 21 days"
	PenaltyDays func(n int) string // signed: «+2 штрафных дня», "-1 penalty day"
	// PenaltyLifted is a penalty the judge takes back, its days counted: «штраф снят: 6 дней»,
	// "penalty lifted: 6 days" (never «-6 штрафных дней»).
	PenaltyLifted func(n int) string
	DaysLeft      func(n int) string // «осталось 2 дня», «остался 1 день», "2 days left"
	DaysShort     func(n int) string // in brackets after a date: «10 дн.», "10 days"
}

// AsideText is the words of the answers to what a letter says besides its moves (the referee's
// asides.go). Format strings, as the rest of RefereeText.
type AsideText struct {
	// Quoted: the moves a protest or a question mentions (%s), which are not taken as the
	// sender's move. ProtestUnsure: a line of moves alone inside a protest (%[1]s), which
	// postald cannot tell from a move of his; it asks, and shows the line to write (%[1]s).
	Quoted, ProtestUnsure string
	// ExpectMove is what Expected says postald expects when nothing is owed: the move alone.
	ExpectMove string
	// The withdrawal from the tournament (seed 003, 1.10): to the sender; to the judge and the
	// director (player, side, the letter's words, the judge's command); the subject.
	WithdrawalSent, WithdrawalJudge, SubjWithdrawal string
	// The answers postald knows: his days (his days, his penalty days, the fraction); whose
	// move it is (yours: his side; the partner's: the partner's side and name; waiting for the
	// captain's card or call); his last letter received (its day, what became of it) or none;
	// the position (the diagram follows); the moves of the game (the list).
	AnswerClock, AnswerTurnYours, AnswerTurnPartner, AnswerTurnPosting string
	AnswerReceived, AnswerReceivedNone, AnswerPosition, AnswerMoves    string
	AnswerNoMoves, AnswerOver                                          string
	// What became of a letter, for AnswerReceived.
	VerdictAccepted, VerdictCorrected, VerdictRejected, VerdictNotice string
	// A question postald cannot answer: to the sender, passed to the judge or to the director
	// (the question), or to nobody (no judge or director is named); to the official (player,
	// side, the question); the subject.
	QuestionToJudge, QuestionToDirector, QuestionNobody, QuestionOfficial, SubjQuestion string
}

// StatementText is the words of the answers to what a letter states that postald does not take
// as written (the referee's statements.go): nothing irreversible on a doubtful reading.
type StatementText struct {
	// Asked: the whole letter is not applied (line, the words there, why); AskedNoLine the same
	// without a line (why).
	Asked, AskedNoLine string
	// Why a reading is doubtful: a draw statement with a negation or a condition, a draw
	// statement and a move while the partner's offer stands, a short yes to a draw offer and a
	// variant alike, a short yes beside a move; the letter names two games; its moves fit another
	// game (that game).
	WhyNegation, WhyCondition, WhyDrawAndMove, WhyShortYes, WhyShortMove, WhyGames, WhyOtherGame string
	// DrawAsk: a doubtful draw statement not taken (line, words, why); DrawNoOffer: an
	// acceptance with no offer standing (line, words); ResignAsk: a resignation under a
	// condition (line, words).
	DrawAsk, DrawNoOffer, ResignAsk string
	// Words: the words a result rests on (the letter's date, line, words).
	Words string
	// LeaveGames: the games a leave applies to (tournament, the games); LeaveAgain: the same
	// leave announced again (the period). SubjLeave (%[1]s the tournament) and LeaveHead (the
	// tournament) are the subject and first line of the answer to a leave notice alone that
	// names no game and applies to several: it is about the tournament, not one game.
	LeaveGames, LeaveAgain, SubjLeave, LeaveHead string
	// Crossed: a move the writer corrected in the letter itself, its correction read instead
	// (its line, the move as written; 4.2.5).
	Crossed string
	// FromFiles: the letter's own text stated nothing of play and its moves were read from the
	// files attached (their names, quoted); FilesUnread: a letter without a move has files
	// attached that were not read (their names: a kind postald does not read, or a letter whose
	// own text stated a leave), so the move must be in its text;
	// FileName quotes one file's name.
	FromFiles, FilesUnread, FileName string
	// MoveNotInText: a letter without a move in its text has one in its Subject (the move as
	// written), which is not read.
	MoveNotInText string
}

// AdjudicationText is the words of the adjudication after the end date (4.3.2): the letters
// asking the players for their evaluation and analysis, the acknowledgement of what they send,
// and the judge's package. Format strings, as the rest of RefereeText.
type AdjudicationText struct {
	AskSubject       string // tournament, game
	AskEndDate       string // why: play ended at the end date (4.3.2)
	AskWithdrawn     string // why: a player withdrew (seed 003, 1.10.4)
	AskBody          string // tournament, game, White, Black, why, the last day, the days (DaysShort)
	SubmittedSubject string // tournament, game
	SubmittedBody    string // tournament, game
	PackageSubject   string // tournament, game
	PackageHead      string // tournament, game, White, Black, the variant's name
	PackageEndDate   string // why: the end date
	PackageWithdrawn string // why: a player withdrew
	PackageAsked     string // why, when the players were asked, the last day
	PackageMoves     string // the moves
	NoMoves          string // the moves of a game without any
	PackageTime      string // White's days, Black's, White's penalty days, Black's
	PackageDraw      string // the side whose draw offer stands
	PackagePosition  string // the diagram
	PackageLetters   string // the number of letters attached, the command that rules
}

// FaultText is why a written move cannot be played (4.2.2, 4.2.5, 4.2.10).
type FaultText struct {
	Abbreviated string // abbreviated notation (4.2.2)
	NoPiece     string // no piece on the stated square
	NotYours    string // the piece on the stated square is the partner's
	Capture     string // a quiet move where a capture is compulsory
	NoSuchMove  string // no such move of that piece
	Ambiguous   string // a capture whose route the move does not tell
	NoSquare    string // full notation naming squares that make no move of this board
	Unreadable  string // the move cannot be read (4.2.5)
	// Why a move is impossible, naming its squares as it wrote them: no piece on the square
	// (%s); the partner's piece on it (%s); a capture is compulsory (the captures the position
	// has); a quiet move to an occupied square (%s); a piece that cannot move to a square (from,
	// to); a capture written where the position has none; a piece that has no capture along
	// the squares written (from).
	NoPieceOn, NotYoursOn, CaptureOf, Occupied, CannotMove, NoCapture, CannotCapture string
}

// SideText names the sides.
type SideText struct{ White, Black string }

// ReasonText words how a game ended (the referee's Game.Reason).
type ReasonText struct {
	DrawAgreed, DrawClaimed, WhiteResigned, BlackResigned, NoMoves string
	Overstep, Forfeit, Adjudicated, Annulled, StruckOut, Withdrawn string
	Tablebase                                                      string // ended on a tablebase claim (endgame_claims = "auto")
}

// TournamentText is the words of the tournament's own texts: the text crosstable's headings
// and notes, the names of the variants in letters, the subject of a game's letters and the
// start letter.
type TournamentText struct {
	// Headings of the crosstable's columns.
	Place, Number, Name, Points string
	Tiebreaks                   TiebreakText
	// Notes under the crosstable: each of the first two is followed by the players it names.
	Struck    string // who withdrew with his results struck out (seed 003, 1.10.2)
	Withdrawn string // who withdrew with his unplayed games lost (seed 003, 1.10.3)
	Annulled  string // what a result in parentheses means

	Variants VariantNames // in letters: «русские шашки», "Russian draughts"

	// Systems are the words of the competition systems and their tables.
	Systems SystemText

	// Subject is the subject of a game's move letters (formats.md: «СТ-2026/1 партия 1-2»).
	Subject func(code, game string) string
	// StartSubject is the subject of the start letter; StartBody its text.
	StartSubject func(code, name string) string
	StartBody    func(s Start) string
	// NoGame stands for the game's name in the sample letter of a player who has no game yet.
	NoGame string
	// StandIn names the player who will take place place of tournament after, in a dry run of
	// a later stage before the stage before is over (postald simulate).
	StandIn func(place int, after string) string
}

// SystemText is the words of the competition systems (seed 003, 1.2): their names, the tables
// of the team events (1.14) and of a Swiss, and the letters to a team's captain.
type SystemText struct {
	// The systems as the start letter and the report name them, with their cycles.
	RoundRobin, DoubleRoundRobin, TeamRoundRobin, DoubleTeamRoundRobin string
	Scheveningen, DoubleScheveningen                                   string
	Swiss                                                              func(rounds int) string

	// Titles of the tables of a team event, and the headings of their columns.
	TeamStandings, MatchResults, BoardResults                                        string
	Team, Board, Reserve, Round, Match, Home, Away, Score, Games, GamePoints, Points string
	MatchPoints, Won, Drawn, Lost                                                    string
	// TeamTiebreaks head the team tie-breaks' columns (1.14.6; seed 000, 3.7.3).
	HeadToHead, MatchWins, Coefficient string
	// InPlay marks a match whose games are not all finished, after its score so far.
	InPlay string
	// ExtraMatch notes under the team standings the team that won every match and is not
	// first (1.14.6): it may claim an extra match for first place.
	ExtraMatch func(team, against string) string

	// The letter to a team's captain when a match of his team is complete (1.14.7: the captain
	// speaks for the team).
	MatchSubject func(code, home, away string) string
	MatchBody    func(m MatchLetter) string

	// The Swiss's table: a round's column, the letters of the colours in its cells, the notes
	// on the pairing-allocated bye (1.13.11) and on a withdrawal (1.10.5).
	SwissRound              func(round int) string
	SwissWhite, SwissBlack  string
	ByeNote, SwissWithdrawn string
	// The letter about a reserve the director entered (1.14.2): to every player whose game
	// changed players, and (Player empty) to the team's captain, the judge and the director.
	ReserveSubject func(code, team string) string
	ReserveBody    func(r ReserveLetter) string

	// SwissProgress says, in the report, how far a Swiss is: round of rounds paired, its games
	// still in play (open) or all finished.
	SwissProgress func(round, rounds int, open bool) string
	// The letter of a Swiss round after the first: its games, or the bye.
	RoundSubject func(code string, round int) string
	// KnockoutEvents titles the steps of a knockout's bracket postald took (its pairings opened,
	// a tied pairing's extra games, a pairing lost by a withdrawal, the final decided), which
	// KnockoutEvent words.
	KnockoutEvents string
	KnockoutEvent  func(e KnockoutEvent) string
	// TieSubject and TieBody are the letter to both players of a pairing still tied that the
	// lot or the higher seed decided (1.11).
	TieSubject func(code string) string
	TieBody    func(k KnockoutTie) string
	// EndedSubject and EndedBody are the letter of a Swiss's end: its final standings, to every
	// player, the judge and the director.
	EndedSubject func(code string) string
	EndedBody    func(e SwissEnded) string
	RoundBody    func(r RoundLetter) string

	// The knockout (seed 003, 1.2 «олимпийская»): its name with the players' count; a round's
	// name («финал», "semi-final"); the bracket's headings; how a pairing was decided; the
	// letter of a new pairing (or of a tied pairing's extra games, under RoundSubject) and the
	// letter of the final result.
	Knockout                  func(players int) string
	KnockoutRound             func(round, rounds int) string
	Bracket, Pairing, Through string
	HigherSeed, LowerSeed     string
	How                       string
	KnockoutHow               func(how, lot string) string
	KnockoutBody              func(k KnockoutLetter) string
	KnockoutWonSubject        func(code string) string
	KnockoutWonBody           func(k KnockoutWon) string
	// KnockoutChanged notes under the bracket a pairing opened for players whom the pairings
	// before it no longer give (now "" while they are undecided).
	KnockoutChanged func(round, slot int, opened, now string) string
	// KnockoutProgress says, in the report, how far a knockout is: the winner, or the earliest
	// round with pairings undecided (of rounds) and how many.
	KnockoutProgress func(round, rounds, open int, winner string) string
}

// KnockoutStart is what the start letter of a knockout says of it and of the player's first
// pairing.
type KnockoutStart struct {
	Rounds, Micromatch, Extra int
	Tie                       string // tournament.TieLot or TieHigherSeed
	// Bye: the player has no pairing in round 1 and goes through to round 2.
	Bye bool
}

// KnockoutLetter is what the letter of a knockout's new pairing (or of its extra games) tells
// a player.
type KnockoutLetter struct {
	Player, Code, Name string
	Round, Rounds      int
	Extra              bool        // the extra games of his tied pairing (1.11)
	Score              string      // with Extra: the tied micromatch's score, "1–1"
	Games              []StartGame // the pairing's games, his colour in each
	Address            string      // postald's, where the moves go
	SampleSubject      string      // the subject of the first game's letters
}

// KnockoutWon is what the letter of a knockout's end tells every player, the judge and the
// director.
type KnockoutWon struct {
	Player     string // the reader; "" for the judge's and the director's letter
	Code, Name string
	Winner     string // "number name"
	Bracket    string // the bracket as text
}

// KnockoutTie is what the letter of a tied pairing the lot or the seeds decided tells a player:
// the round and its name, the score, the lot's label ("" when the higher seed went through), who
// went through ("number name") and whether it is the reader.
type KnockoutTie struct {
	Player, Code, Name string
	Round, Rounds      int
	Score, Lot         string
	// Extra is the score of the extra games (1.11), "" when none were played.
	Extra   string
	Through string
	Mine    bool
	// Revealed: the tournament ended with this pairing, and the seed is revealed at once, in
	// the letter sent with this one.
	Revealed bool
}

// KnockoutEvent is a step of a knockout's bracket: pairing Slot of round Round (of Rounds)
// opened for A and B ("number name"), or its extra games (Extra, with the tied Score), or lost by
// Withdrew, or decided (Through goes through, How as KnockoutHow words it, with its Score); or
// the final decided (Winner, with How and Score when known).
type KnockoutEvent struct {
	Round, Rounds, Slot int
	A, B                string
	Extra               bool
	Score               string
	Withdrew            string
	Through, How        string
	Winner              string
}

// SwissEnded is what the letter of a tournament's end tells a player (Player, his Place and
// Points; in a team event his Team's) or the captains, the judge and the director (Player ""):
// a Swiss's, whose Rounds are all played, or one that ends when every game is played (Rounds 0:
// a round robin, a team event).
type SwissEnded struct {
	Player, Code, Name string
	Rounds             int
	Team               string
	Place, Points      string
	Standings          string // the final standings as text
}

// RoundLetter is what the letter of a Swiss round tells a player.
type RoundLetter struct {
	Player, Code, Name string
	Round, Rounds      int
	Games              []StartGame // his game of the round; none with the bye
	Bye                bool        // he has the pairing-allocated bye: a plus (1.13.11)
	Place, Points      string      // his place and points before the round
	Address            string      // postald's, where the moves go
	SampleSubject      string      // the subject of the game's letters
	// Ends is the round's own end date (round_days); zero when it is played until its games
	// are finished.
	Ends daysclock.Date
}

// ReserveLetter is what the letter about a reserve says.
type ReserveLetter struct {
	Player     string // the reader; "" for the captain's, the judge's and the director's letter
	Code, Name string // the tournament
	Team       string // the team the reserve plays for
	Out, In    string // the player replaced and the reserve, each "number name"
	Reason     string // the director's words
	// Games are the games that changed players (the reader's, or all of them): each annulled
	// and replaced by a new one.
	Games   []ReserveGame
	Address string // postald's, where the moves go
}

// ReserveGame is one game a reserve's entry changed.
type ReserveGame struct {
	Old, New     string // the game annulled, the one that replaces it
	White, Black string // the new game's players, each "number name"
}

// MatchLetter is what the letter to a captain says of a complete match of his team.
type MatchLetter struct {
	Code, Name string // the tournament
	Team       string // the captain's team
	Round      int
	Home, Away string // the teams, Home with White on the first board (1.14.3)
	// HomeScore and AwayScore are the teams' points, written as crosstables write them.
	HomeScore, AwayScore string
	Games                []MatchLetterGame
	// Place and Points are the captain's team's place and points in the standings now.
	Place, Points string
}

// MatchLetterGame is one game of a match in the captain's letter.
type MatchLetterGame struct {
	Name         string // "3-7"
	Board        string // "1", or "1-2" in a Scheveningen match (the home team's board, the away team's)
	White, Black string
	Result       string // "1-0", "+/-"
}

// TiebreakText heads the tie-break columns of the crosstable (seed 003, 1.13).
type TiebreakText struct {
	Shmulyan, Berger, SonnebornBerger, Buchholz, Solkoff, SolkoffTruncated, Riga, Wins, HeadToHead string
	// The further criteria of 1.13.3: the points of the opponents beaten, the results in the
	// order of places, the opponents' ratings.
	BeatenPoints, ResultsByPlace, OpponentsRating string
}

// Start is what a start letter tells a player; the tournament package fills it in from the
// start sheet.
type Start struct {
	Player string // the player's name
	Number int    // his number in the tournament
	Code   string // the tournament's code
	// Latin is the code's Latin spelling when the code has Cyrillic letters (tournament.Latin),
	// which postald accepts wherever the code is read; "" for a code without them.
	Latin   string
	Name    string // the tournament's name
	Variant string // the variant, named by the book's TournamentText.Variants
	Rounds  int    // 1 or 2
	Players int    // how many play
	Games   []StartGame
	// System names the competition system with its cycles or rounds (SystemText); "" is the
	// round robin of Rounds cycles.
	System string
	// Team is the player's team in a team event, its captain's address and the number of
	// teams; Board his board (0: he is a reserve, who plays when the director enters him).
	Team, Captain string
	Teams, Board  int
	// Round is the round of a Swiss these games are of (1), of Rounds in all; the round after
	// it is paired when the last game of this one is finished; 0 for another system.
	Round int
	// RoundEnds is that round's own end date (round_days); zero when it is played until its
	// games are finished.
	RoundEnds daysclock.Date
	// Knockout is the knockout's rules and the player's first pairing; Rounds 0 for another
	// system.
	Knockout KnockoutStart

	Start, End daysclock.Date
	// PlayFrom is the day play starts for the player when the tournament was registered after
	// its start date (4.3.2: the day after the start letter is received); zero: on Start.
	PlayFrom daysclock.Date
	// ByLetter: the player has no e-mail address and this letter reaches him by the captain's
	// post or call, on a day nobody knows when it is written: his play starts on Start, or the
	// day after he receives it when that is later (4.3.2), and the letter names no other day.
	ByLetter                                 bool
	Zone                                     string // whose calendar counts the days
	Overstep                                 string // referee.OverstepJudge or OverstepForfeit: what an overstep of a control does
	Reminders                                []int  // days before a control's last day on which a reminder comes; none: no reminders
	SilenceDays, AdjudicationDays            int
	ControlDays, ControlMoves                int // 4.3.1: days for every so many moves
	PenaltyDays, LeaveDays, ProtestDays      int
	Judge, Address                           string // the judge's address, postald's
	SampleSubject, SampleGame, Received, Own string // the sample letter: for the first game
	SampleCode                               string // the code as the sample letter writes it
	// SampleOnly: the player has no game yet (a Swiss's or a knockout's bye, a reserve), and the
	// sample names no game (SampleGame is TournamentText.NoGame).
	SampleOnly  bool
	SampleDates [3]daysclock.Date
	SampleTime  string // "1/2"

	// Channel is how the player plays (4.1.1): "email", "post" or "phone". A player by post
	// sends his cards to CaptainAddress and receives his at PostalAddress, counted PostDays
	// on the way; a player by telephone calls CaptainPhone and is called at Phone.
	Channel                       string
	PostalAddress, CaptainAddress []string
	Phone, CaptainPhone           string
	PostDays                      int

	// Lot is what was drawn by lot before play (seed 003, 1.6.4) and the hash that commits to
	// it; its Hash is "" when the tournament draws nothing.
	Lot StartLot
}

// StartLot is what a start letter says of the lots: what was drawn, and the SHA-256 of the seed
// it was drawn from, published before play so that anyone can check the draws once the seed is
// revealed.
type StartLot struct {
	Hash    string // 64 hexadecimal digits
	Numbers bool   // the players' numbers were drawn, and with them every game's colours
	// Openings is what each pair's opening was drawn among: "first-move" (White's first moves),
	// "list" (the sheet's lines); "" for none. Lines is how many there were.
	Openings string
	Lines    int
	// Ties: a knockout's tied pairings are drawn by lot (who goes through), in play, from this
	// seed; nothing else was drawn before play.
	Ties bool
}

// StartGame is one game of the player's, as his start letter lists it.
type StartGame struct {
	Name                      string // "1-2"
	White                     bool   // he plays White
	Partner                   int    // the partner's number
	PartnerName, PartnerEmail string
	PartnerChannel            string // "email", "post" or "phone"
	// Opening is the opening drawn for the game (seed 003, 1.6.4): its name, and its moves in
	// full notation ("1. c3-d4 f6-g5 2. b2-c3", "" for a starting position alone); Setup says that
	// it begins from a starting position of its own. OnMove says that the player is on move after
	// it. All zero when no opening was drawn.
	Opening      string
	OpeningMoves string
	Setup        bool
	OnMove       bool
	// PartnerTeam is the partner's team in a team event, PartnerBoard his board; Board the
	// player's own in this game's match.
	PartnerTeam         string
	Board, PartnerBoard int
}

// LotsText is the words of the lots drawn before play (seed 003, 1.6.4): the letter revealing
// the seed they were drawn from, and the mark of a drawn move.
type LotsText struct {
	RevealedSubject func(code string) string
	RevealedBody    func(r Revealed) string
	// Drawn marks a move of an opening drawn by lot: the PDN's comment after it, the pages' mark.
	Drawn string
	// Registered closes the judge's and the director's letter on a tournament registered with
	// lots: what was drawn, the hash the start letters give, when the seed is revealed. Opening
	// writes the opening drawn for a game after its line there (its name).
	Registered func(l StartLot) string
	Opening    func(name string) string
}

// Revealed is what the letter revealing a tournament's seed tells everyone: the hash the start
// letters published, the seed, why it is revealed, and each draw with what is needed to recompute
// it (package lots has the recipe, which the letter states).
type Revealed struct {
	Code, Name string
	Hash, Seed string
	// Finished: revealed because every game is finished; otherwise by the judge, for Reason.
	Finished bool
	Reason   string
	// Listed are the players' names in the order of the start sheet; Order, when the numbers were
	// drawn, the places in that list (from 1) of the players who got the numbers 1, 2, … in turn.
	Listed []string
	Order  []int
	// Lines are the lines an opening was drawn among, in order, each its name and moves; Openings
	// what each pair drew.
	Lines    []string
	Openings []RevealedOpening
	// Ties are a knockout's tied pairings the lot decided: each draw's label, its choice and
	// who went through.
	Ties []RevealedTie
}

// RevealedTie is one lot of a knockout's tie: label "knockout R A-B", the choice among 2 (0 the
// lower number A) and the player it sent through.
type RevealedTie struct {
	Label   string
	Choice  int
	Through string // "number name"
}

// RevealedOpening is one pair's draw of an opening: the draw's label, the games that play it and
// the line drawn (from 1).
type RevealedOpening struct {
	Label string
	Games []string
	Line  int
}

// ReportText is the words of the director's report (text and HTML).
type ReportText struct {
	// What a letter postald stopped was stopped for (4.2.11), by the clause of its fault: the
	// repetition of the partner's moves (4.2.9); an impossible move, abbreviated notation, an
	// illegible move (the move as written).
	FaultRepeat                            string
	FaultMove, FaultAbbrev, FaultIllegible func(move string) string

	Title      func(code, name string) string
	AsOf       func(date string) string
	Facts      func(variant, rounds, from, to string) string
	Rounds1    string // a round-robin in one round
	Rounds2    string // in two rounds
	Officials  func(judge, director string) string
	Counts     func(all, finished, playing, adjudication, notStarted int) string
	Crosstable string
	Variants   VariantNames // as the report's facts name them: «Русские шашки»

	// Titles of the sections.
	InProgress, Clocks            string
	Deadlines                     func(days int) string // the controls due within so many days
	Violations, Rulings, Finished string
	None                          string // said instead of an empty table
	Columns                       ReportColumns

	WhiteSide, BlackSide string // whose move, whose colour
	Nobody               string // nobody is on move
	Adjudication         string // the game awaits the judge's adjudication
	Control              func(move, days int) string
	DaysLeft             func(days int) string
	Overdue              func(days int) string
	Overstep             string // a control exceeded (4.3.1)
	WholeTournament      string // the game of a ruling about the whole tournament
	NoResult             string // the result of an annulled game: none
	Kinds                RulingKinds
	Date                 func(d daysclock.Date) string // a day as the tournament's letters write it
}

// ReportColumns heads the columns of the report's tables.
type ReportColumns struct {
	Game, White, Black, Move, OnMove, Time, LastDay, Number, Player, Colour     string
	Days, PenaltyDays, Control, Date, Clause, What, Kind, Ruling, Judge, Result string
	How                                                                         string
	// Event heads the column of a knockout's bracket events.
	Event string
}

// RulingKinds names the kinds of the judge's rulings.
type RulingKinds struct {
	Penalty, Forfeit, Adjudicate, CorrectDate, Annul, StrikeOut, Refer, Withdraw, Protest string
	Leave, Revert                                                                         string
	// Reserve is a reserve the director entered in a team event (1.14.2).
	Reserve string
	// Resend is a letter the judge sent again (judge resend).
	Resend string
}

// Of returns the name of a ruling kind ("penalty", "correct-date", ...); false for one it does
// not know.
func (k *RulingKinds) Of(kind string) (string, bool) {
	switch kind {
	case "penalty":
		return k.Penalty, true
	case "forfeit":
		return k.Forfeit, true
	case "adjudicate":
		return k.Adjudicate, true
	case "correct-date":
		return k.CorrectDate, true
	case "annul":
		return k.Annul, true
	case "strike-out":
		return k.StrikeOut, true
	case "refer":
		return k.Refer, true
	case "withdraw":
		return k.Withdraw, true
	case "protest":
		return k.Protest, true
	case "leave":
		return k.Leave, true
	case "reserve":
		return k.Reserve, true
	case "revert":
		return k.Revert, true
	case "resend":
		return k.Resend, true
	}
	return "", false
}

// counted is a word that goes with numbers, with the plural rule of its language.
type counted struct {
	word plural.Word
	rule func(int) plural.Form
}

// count writes n and the form of the word: «22 дня», "1 day".
func (c counted) count(n int) string { return c.word.Count(c.rule, n) }

// signed is count with the sign always written: «+2 штрафных дня».
func (c counted) signed(n int) string { return c.word.Signed(c.rule, n) }

// form is the form of the word alone that goes with n: «остался» for 21, «осталось» for 22.
func (c counted) form(n int) string { return c.word.For(c.rule(n)) }

// WebText is the words of the read-only web pages (package pages) that the report's words
// (ReportText) do not already give: the list of tournaments, a game's page and its move list,
// the buttons, the language switch. Texts with arguments are typed function fields, as in
// ReportText.
type WebText struct {
	// LangName is the language's own name, the label of the switch to it from the other
	// language's pages: «Русский», "English".
	LangName string
	// SwitchTo is the switch's tooltip, in the language switched to: «Эта страница по-русски».
	SwitchTo string

	Tournaments, NoTournaments string // the list of tournaments, and what it says when empty
	AllTournaments             string // the link back to the list
	BackToTournament           string // the link from a game to its tournament
	Columns                    WebColumns
	Dates                      func(from, to string) string // «с 01.11.2026 по 30.06.2027»
	Games                      func(n int) string           // «5 партий»
	GamesPlaying               func(n int) string           // «в игре 3»
	GamesFinished              func(n int) string           // «закончено 2»

	TournamentTitle func(code, name string) string         // «Турнир ЗК-1 «Первенство клуба»»
	GameTitle       func(game, white, black string) string // «Партия 1-2: Иванов – Петров»
	Playing         string                                 // the game goes on
	Awaiting        string                                 // the game awaits the judge's adjudication
	Finished        func(result string) string             // «Партия закончена: 1-0»
	OnMove          func(white bool) string                // «Ход белых», "White to move"
	MovesMade       func(n int) string                     // «сделано 12 ходов»

	Board                       string                   // the alternative text of the board's picture
	StartPosition               string                   // the caption before the first move
	After                       func(move string) string // the caption after a move: «После хода 12. g3:e5»
	First, Previous, Next, Last string                   // the buttons of the move list
	Keys                        string                   // how the arrow keys step through the moves
	Moves, NoMoves              string                   // the move list, and what it says before the first move
	Clocks                      string                   // the players' clocks
	Rulings                     string                   // the judge's rulings on the game
	NoRulings                   string
	DaysLeft                    func(n int) string // «осталось 3 дня» until the last day of a control
	Overdue                     func(n int) string // «просрочено на 2 дня»
	GamePDN                     string             // the link to the game as PDN
	GamesPDN                    string             // the link to every game of the tournament as PDN
	Private                     string             // the note that proposed variants and letters are not shown
	NotFound                    string
	Failed                      string // the page could not be drawn
}

// ChannelText names the channels of play (4.1.1) in every view of a game (judge show and judge
// list, the director's report, the web pages, the PDN): how the letter that brought a move came,
// and how a player plays. E-mail, the default, is never marked, so no field names it. The
// channels are the start sheet's words for them (referee.Channel): "post", "phone".
type ChannelText struct {
	// Card and Call mark a move that came on a card the captain entered, in a call he noted:
	// «открытка», "card"; «звонок», "call".
	Card, Call string
	// CardTitle and CallTitle say the same at length, where a mark has a tooltip (the web page).
	CardTitle, CallTitle string
	// Post and Phone say how a player plays, after his name: «по почте», "by post".
	Post, Phone string
}

// Move returns the mark of a move that came by channel ch: Card for "post", Call for "phone";
// "" for e-mail ("" or "email") and for a channel it does not know.
func (t *ChannelText) Move(ch string) string {
	switch ch {
	case "post":
		return t.Card
	case "phone":
		return t.Call
	}
	return ""
}

// Title returns the tooltip of the mark Move gives; "" where Move gives none.
func (t *ChannelText) Title(ch string) string {
	switch ch {
	case "post":
		return t.CardTitle
	case "phone":
		return t.CallTitle
	}
	return ""
}

// Player returns how a player by channel ch plays: Post, Phone; "" for e-mail and for a channel
// it does not know.
func (t *ChannelText) Player(ch string) string {
	switch ch {
	case "post":
		return t.Post
	case "phone":
		return t.Phone
	}
	return ""
}

// Named writes a player's name with how he plays when it is not by e-mail, as the lists of
// players write it: «Петров Иван (по почте)», "Boris (by telephone)"; the name alone for e-mail.
func (t *ChannelText) Named(name, ch string) string {
	if by := t.Player(ch); by != "" {
		return name + " (" + by + ")"
	}
	return name
}

// WebColumns heads the columns of the pages' tables that the report has not.
type WebColumns struct {
	Code, Name, Variant, Dates, Games, Side, Player, Days, Penalty, Control, LastDay string
	MoveNumber, White, Black                                                         string
}

// OfficeText is the office's own letters: about letters it held, the receipt it quotes, the
// judges' digest of held letters and the notice of a store it cannot write. A text with
// arguments is a format string (its arguments named in the comment, the same verbs in every
// language, which the tests check); a number with its word is a function field.
type OfficeText struct {
	Trust   TrustText
	Held    HeldText
	Digest  DigestText
	Storage StorageText
	// Damaged is the letter to the judges about a store whose check found damage (the same
	// arguments as Storage's: the tournament codes; the date of the check, the damage found).
	Damaged StorageText
	// ClockBack is the letter to the judges about the machine's clock that jumped back: Subject
	// (tournament codes), Body (the machine's time, the latest instant recorded, which dates the
	// decisions until the clock catches up).
	ClockBack StorageText
	// OwnCheckDown is the letter to the judges about postald's own check of the senders that
	// cannot be done (the DNS does not answer): Subject (tournament codes), Body (since when,
	// what the last attempt found).
	OwnCheckDown StorageText
	// Unchecked is the letter to the judges about a letter held because its sender could not
	// be checked after every try: Subject (tournament codes), Body (when received, the From as
	// written, why it is held).
	Unchecked StorageText
	// MailboxDown is the letter to the judges about the tournament's mailbox that postald cannot
	// read (the mail server refuses the login, a folder, the connection): Subject (tournament
	// codes), Body (since when, how many attempts in a row failed, the last failure in the
	// server's words).
	MailboxDown StorageText

	// PageLabel numbers the pages of a printed card that takes more than one: "page 2 of 3".
	PageLabel func(page, pages int) string

	// The marks judge letter sets in a letter's text where it is not plain text: Part heads a
	// part of several (its type); Charset a text in another charset, shown as it is (the
	// charset) it cannot decode, Decoded one it decoded (the charset); NotShown a part that is
	// no text (its type, its size in bytes); Document a document postald reads as a letter's
	// text (its type, its size in bytes), its text after.
	Part, Charset, Decoded, NotShown, Document string

	// RegisteredSubject (code) and RegisteredHead head the letter telling the judge and the
	// director that a tournament is registered; the list of its games follows.
	RegisteredSubject string
	// firstRound: the games listed are round 1's (a Swiss, a knockout), not all the tournament's.
	RegisteredHead func(code, name, variant string, players, games int, firstRound bool, start, end daysclock.Date) string
	// RegisteredByes names, under the games, the players without a game in round 1 (number and
	// name, joined): a Swiss's bye (1.12.2), or a knockout's seeds who go through to round 2.
	RegisteredByes func(players string, knockout bool) string
	// ReportSubject is the subject of the director's report: code, date.
	ReportSubject string
	// RoundBye names, under the games of a later round of a Swiss in the judge's and the
	// director's letter, the player with its bye (number and name).
	RoundBye func(round int, player string) string
	// RoundNotPaired tells the judge and the director that a Swiss round could not be paired:
	// no pairing keeps the absolute criteria of the Dutch system (C.04.3), and the rules leave
	// the round to the arbiter.
	RoundNotPaired func(code string, round int) string
	// A team captain's protest about a game of his team (1.14.7): its subject (code, game),
	// the letter to the judge (team, the captain's address, game, the protest's text) and the
	// answer to the captain (game, the judge's address).
	CaptainProtestSubject func(code, game string) string
	CaptainProtestJudge   func(team, captain, game, text string) string
	CaptainProtestSent    func(game, judge string) string
}

// TrustText is the letters about a held letter (docs/trust.md) and the receipt line.
type TrustText struct {
	// ReceiptID writes a receipt: the archive chain, the entry's number, the move, the digest
	// (written as "sha256:…"). ReceiptNoMove is a game's receipt before its first move (the
	// game, the number, the digest); ReceiptOfTournament a letter about the tournament as a
	// whole (the code, the number, the digest); ReceiptHeld a held letter's (the number, the
	// digest).
	ReceiptID                                       string
	ReceiptNoMove, ReceiptOfTournament, ReceiptHeld string
	Receipt                                         string // receipt, received
	NoteSubject                                     string // tournament
	NoteIntro                                       string // date received
	NoteLimit                                       string // the limit it is over
	NoteRate                                        string // Letters(limit)
	NoteNotOwn                                      string // game
	NoteUnreadable                                  string // what cannot be read
	NoteKept                                        string
	NoteForged                                      string // the authentication's verdict
	// NoteNotAddressed: the letter names the tournament's address in neither To nor Cc (the
	// address to write to).
	NoteNotAddressed string
	JudgeSubject     string // tournament, address
	JudgeIntro       string // name, address, date
	JudgeReason      string // reason
	JudgeID          string // Message-ID
	JudgeAnswered    string
	JudgeNotAnswered string
	JudgeReceipt     string // receipt
	UnstampedSubject string // authserv-id
	UnstampedIntro   string // date, sender, authserv-id
	UnstampedWhy     string // authserv-id
	// Letters counts letters after «больше» / "more than": «больше 1 письма», «больше 5 писем».
	Letters func(n int) string
	// The limit a letter is over, for NoteLimit: its size, its MIME parts, a line's length; and a
	// letter of which only got of its size bytes could be fetched.
	OverSize  func(got, max int64) string
	OverParts func(max int64) string
	OverLine  func(got, max int64) string
	Partial   func(got, size int64) string
	// OverFields: a header of got fields, more than max.
	OverFields func(got, max int64) string
}

// HeldText says why a letter is held (a trust.Hold): in the judge's notice and the daily digest,
// and in the sender's note where it says how his letter failed the authentication. The English
// words are also the reason kept in the store and the log.
type HeldText struct {
	// Automatic mail, never answered (trust.Loop); each but NoFrom takes the field or the
	// address that shows it, as the letter has it.
	Report       string
	Bounce       string
	Automatic    string
	Bulk         string
	List         string
	Autoreply    string
	OwnLetter    string
	OwnAddress   string
	MailerDaemon string
	NoFrom       string

	FromFields func(n int) string // how many From fields
	FromList   func(n int) string // how many addresses the From names
	// Sender (the Sender's address, the From's), SenderUnread (the From's: the Sender's cannot
	// be read), SenderFields (how many Sender fields): a letter sent by another than its From.
	Sender       string
	SenderUnread string
	SenderFields func(n int) string
	NoPolicy     string // the two settings, as written

	// The authentication (trust.AuthError).
	AuthNoField    string // the receiving server
	AuthUnreadable string // the server, why its field cannot be read
	AuthNotPassed  string // the method, its result
	AuthNoResult   string // the method
	AuthMisaligned string // the method, the domain it passed for, the From domain

	// postald's own check of DKIM, SPF and DMARC (trust.AuthError with Own): OwnNotPassed (the
	// method, its result), OwnNoResult (the method), OwnMisaligned (the method, the domain it
	// passed for, the From domain), Contradicted (the method the receiving server passed, the
	// result of postald's own check); OwnDetail (the check's reason, in its own English words)
	// follows the first, second and fourth.
	OwnNotPassed  string
	OwnNoResult   string
	OwnMisaligned string
	Contradicted  string
	OwnDetail     string

	Rate        string             // Trust.Letters(the hourly limit), the address
	Unreadable  string             // the parser's words
	FromTwoWays string             // the sender as the raw header reads him, as the parser does
	NotOwn      string             // the game
	Stranger    string             // the address
	NoGame      string             // the address
	Failed      func(n int) string // after n failed attempts
	Internal    string             // postald's fault, in its own words

	// Twice: a field RFC 5322 allows once appears n times (the field's name, n).
	Twice func(field string, n int) string
	// NotAddressed: the To and Cc fields name other addresses (the addresses, or NoRecipients
	// when they name none), not the tournament's (its address).
	NotAddressed string
	NoRecipients string
	// Replay: another letter with the same Message-ID (the Message-ID, when it was received,
	// its verdict) was decided before; this one differs from it.
	Replay string
	// Unchecked: postald's own check of the sender could not be done n times over the time
	// given (its words), for the reason given (the check's words).
	Unchecked func(n int, over, why string) string
}

// DigestText is the judges' daily digest of held letters.
type DigestText struct {
	// CardsSubject (tournament code, count), CardsIntro (count) and CardItem (number, what it
	// is — ChannelText's Card or Call —, game, player, written) are the judge's daily notice of the cards and calls that wait for
	// the captain more than a day; CardsOutro names the commands that print them and record
	// their posting.
	CardsSubject string
	CardsIntro   func(n int) string
	CardItem     string
	CardsOutro   string

	Subject string             // count
	Intro   func(n int) string // how many letters were held
	Item    string             // number, date, sender, subject, reason, mailbox place, Bytes(size)
	NoFrom  string
	Outro   string             // the judge's command that lists them
	Letters func(n int) string // «3 письма», "3 letters"
	Bytes   func(n int) string // «2 байта», "2 bytes"
}

// StorageText is the letter to the judges about a store that cannot be written.
type StorageText struct {
	Subject string // tournament codes
	Body    string // since (date), the fault
}

// PictureText explains the board's picture (package diagram) where postald shows it, in the
// reader's language: under it on a game's page, and in a letter that carries it, after the text
// diagram's legend (or at the end of a letter without a text diagram, where the picture
// follows).
type PictureText struct {
	// ToMove explains the mark of the side to move: a piece of that colour with a triangle in
	// the right margin, at the bottom for White, at the top for Black.
	ToMove string
}
