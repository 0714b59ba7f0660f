package phrase

import (
	"regexp"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// CLIText is the words of postald's command line (cmd/postald): the help and every command's
// usage, the judge's views and the confirmations of his rulings, the captain's cards, the
// director's and the administrator's commands, and the command line's own errors. The command
// line writes its frame (help, usage, errors, what concerns no one tournament) in the language
// of [cli] language, and a tournament's own things (a game's rows, a card, a report) in the
// tournament's; both read this section of their language's book.
//
// A text with arguments is a format string (its arguments named in the comment; the same verbs
// in every language, which the package's tests check) or, where a number goes with a word, a
// function field. Each language's texts are in its own file (cli_ru.go, cli_en.go).
type CLIText struct {
	Help   HelpText
	Usage  UsageText
	Flags  FlagText
	Words  CLIWords
	Judge  JudgeText
	Show   ShowText
	Letter LetterText
	Cards  CardsText
	Store  StoreText
	Check  CheckText
	Errors CLIErrors
	Lots   LotsCLIText
	// Endgame is postald endgame's words: flags, errors, the progress of a build.
	Endgame EndgameCLIText
	// CardDates answers the captain whose card the office refuses: dates in an impossible
	// order, and the other mistakes of an entry; in the tournament's language.
	CardDates CardDatesText
	// Delivery is judge resend's words (cli_delivery.go).
	Delivery CLIDeliveryText

	// Clause cites a clause as a judge cites it: "4.2.11" as «п. 4.2.11» / "clause 4.2.11", a
	// clause of the competition rules (1.x) with their name, «п. 1.10.2 правил соревнований» /
	// "clause 1.10.2 of the competition rules"; anything else (a clause the judge typed in his
	// own words) as written.
	Clause func(c string) string
	// Clauses cites clauses given as a comma-separated list: several of the correspondence
	// rules under one word, «пп. 4.2.4, 4.3.2», "clauses 4.2.4, 4.3.2"; others each as Clause.
	Clauses func(list string) string
	// Date writes a day as the language writes it for people: «01.12.2026», "2026-12-01".
	Date func(d daysclock.Date) string
}

// clauseNumber is a clause's number as the rules number them: 4.2.11, 1.10.
var clauseNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)+$`)

// citer makes a CLIText.Clause: of the correspondence rules (4.x) with code, of the competition
// rules (1.x) with competition; other text as written.
func citer(code, competition func(string) string) func(string) string {
	return func(c string) string {
		switch {
		case !clauseNumber.MatchString(c):
			return c
		case c[0] == '1' && c[1] == '.':
			return competition(c)
		}
		return code(c)
	}
}

// lister cites a list of clauses: those of the correspondence rules (4.x) under one word when
// there are several (many, the word for several), the others each by cite.
func lister(many string, cite func(string) string) func(string) string {
	return func(list string) string {
		var code, other []string
		for c := range strings.SplitSeq(list, ",") {
			if c = strings.TrimSpace(c); c == "" {
				continue
			}
			if clauseNumber.MatchString(c) && !strings.HasPrefix(c, "1.") {
				code = append(code, c)
			} else {
				other = append(other, cite(c))
			}
		}
		var out []string
		switch len(code) {
		case 0:
		case 1:
			out = append(out, cite(code[0]))
		default:
			out = append(out, many+" "+strings.Join(code, ", "))
		}
		return strings.Join(append(out, other...), ", ")
	}
}

// HelpText is the frame of `postald help` and of every command's usage.
type HelpText struct {
	// Synopsis is postald's own usage line; Commands heads the list of commands, each a
	// Summaries line; More tells how to get a command's usage; Example ends it.
	Synopsis, Commands, More, Example string
	Summaries                         CommandSummaries
	// Usage begins every usage line ("usage: postald serve …"); Flags heads the flags that
	// follow a command's usage; ConfigFlag describes -config, which every command on the store
	// takes (the default configuration path: %s).
	Usage, Flags, ConfigFlag string
	// Value, Number and Duration stand for what a flag takes, after its name (-sheet VALUE);
	// Default says a flag's default (%s).
	Value, Number, Duration, Default string
}

// CommandSummaries is one line a command in `postald help`.
type CommandSummaries struct {
	Serve, Demo, Tournament, Judge, Report, Export, Card, Cards, Simulate, Crosstable string
	Pair, Parse, Check, Perft, Diagram, Backup, Archive, Prune, CheckConfig, Version  string
	Lots, Endgame                                                                     string
}

// UsageText is each command's usage (postald COMMAND -h): its lines, what it does and at least
// one example, each beginning with Help.Usage. The default configuration path, where a text
// names it, is postald's own (/etc/postald/postald.toml).
type UsageText struct {
	Serve, Demo, Tournament, Report, Export, Card, Cards, Simulate, Crosstable string
	Pair, Parse, Check, Perft, Diagram, Backup, Archive, Prune, CheckConfig    string
	Version, Lots                                                              string
	Endgame, EndgameBuild, EndgameProbe                                        string
	Judge                                                                      string
	JudgeList, JudgeShow, JudgeVerify, JudgeQuarantine, JudgeLetter            string
	JudgePenalty, JudgeCorrect, JudgeForfeit, JudgeAdjudicate, JudgeLeave      string
	JudgeAnnul, JudgeWithdraw, JudgeProtest, JudgeRevert                       string
}

// FlagText describes the commands' flags, as `-h` lists them.
type FlagText struct {
	JSON, Tournament, Debug, Takeover, Verbose, Sheet, Force, Send, HTML, Game string
	Clause, Reason, ClauseWithdraw, ReasonWithdraw, Decision, SameAsReason     string
	ClauseProtest, Raw, Letters, Lang, CrosstableJSON, Offline, Timeout        string
	CardGame, CardFrom, Postmark, Received, Registered, Phone                  string
	CardsTournament, CardsJSON, Print, Posted, List                            string
	Variant, Depth, FEN, DiagramVariant, DiagramFEN, Last, Out                 string
	Dutch, PairOut, PairCheck, CheckVariant                                    string
	Width                                                                      string // the least and the greatest width
	// TRF and ExportTournament are export's Swiss as a TRF; Seed simulate's seed of the lots;
	// ReserveReason tournament reserve's reason; the Lots flags lots verify's and reveal's.
	TRF, ExportTournament, Seed, ReserveReason                string
	LotsTournament, LotsHash, LotsSheet, LotsSeed, LotsReason string
}

// CLIWords are the words of a game's state, as the views write them.
type CLIWords struct {
	White, Black                         string // the sides
	WhiteToMove, BlackToMove             string
	Posting                              string // whose move (%s), waiting for the captain's card or call
	Playing, Finished, Adjudication      string // the statuses
	In, Out                              string // a letter received, one postald sent
	None                                 string // a value missing
	Quarantine                           string // the archive of the letters held
	Accepted, Corrected, Rejected        string // the verdicts of letters
	Notice, Ignored, Ruling, Quarantined string
	// How a move came when not by its own player's letter (referee.By).
	ByForced, ByPostald, ByVariant, BySubstituted, ByLot string
	// What a card's sending date was read from (referee.DateSource).
	FromPostmark, FromReceipt, FromWritten, FromArrival string
	CardAuth                                            string // the authentication of a card: the captain entered it
	// The authentication verdicts postald records (office.AuthVerdictIn): none required;
	// passed by its own check (the methods, the domain) or by the receiving server's (the
	// methods, the domain, the server), AuthNotContradicted following when its own check did not
	// contradict it; failed (why, in the check's own words).
	AuthNone, AuthPassOwn, AuthPassServer, AuthNotContradicted, AuthFail string
}

// Side names a side ("white", "black"); anything else as written.
func (w *CLIWords) Side(s string) string {
	switch s {
	case "white":
		return w.White
	case "black":
		return w.Black
	}
	return s
}

// ToMove says whose move it is.
func (w *CLIWords) ToMove(side string) string {
	switch side {
	case "white":
		return w.WhiteToMove
	case "black":
		return w.BlackToMove
	}
	return side
}

// Status names a game's status ("playing", "finished", "adjudication"); anything else as written.
func (w *CLIWords) Status(s string) string {
	switch s {
	case "playing":
		return w.Playing
	case "finished":
		return w.Finished
	case "adjudication":
		return w.Adjudication
	}
	return s
}

// Verdict names a letter's verdict as the archive records it; anything else as written.
func (w *CLIWords) Verdict(v string) string {
	switch v {
	case "accepted":
		return w.Accepted
	case "corrected":
		return w.Corrected
	case "rejected":
		return w.Rejected
	case "notice":
		return w.Notice
	case "ignored":
		return w.Ignored
	case "ruling":
		return w.Ruling
	case "quarantined":
		return w.Quarantined
	}
	return v
}

// Direction names an archive entry's direction: In for "in", Out for "out".
func (w *CLIWords) Direction(d string) string {
	switch d {
	case "in":
		return w.In
	case "out":
		return w.Out
	}
	return d
}

// By says how a move came when its own player's letter did not write it; "" for "letter" and
// "", and anything else as written.
func (w *CLIWords) By(by string) string {
	switch by {
	case "", "letter":
		return ""
	case "forced":
		return w.ByForced
	case "postald":
		return w.ByPostald
	case "variant":
		return w.ByVariant
	case "substituted":
		return w.BySubstituted
	case "lot":
		return w.ByLot
	}
	return by
}

// Source says what a card's sending date was read from; anything else as written.
func (w *CLIWords) Source(s string) string {
	switch s {
	case "postmark":
		return w.FromPostmark
	case "receipt":
		return w.FromReceipt
	case "written":
		return w.FromWritten
	case "arrival":
		return w.FromArrival
	}
	return s
}

// JudgeText is the judge's views (judge list, verify, quarantine) and the confirmations of his
// rulings.
type JudgeText struct {
	// ListHead heads the columns of judge list, ListFinished writes a finished game's status
	// with its result (status, result).
	ListHead, ListFinished string
	// ListOverstep is an overstep in judge list: the side, his days, the day it became certain,
	// the limit and the move of the control.
	ListOverstep func(side string, days int, on daysclock.Date, limit, move int) string

	// VerifyAll: every chain, record and ruling of the store verifies; VerifyArchived (the
	// code): an archived tournament's file; VerifyGame: a game's letters (game, how many);
	// VerifyPruned: how many of them were pruned (game, how many), VerifyPrunedOld: how many of
	// those were archived before schema 5.
	VerifyAll, VerifyArchived string
	VerifyGame                func(game string, letters int) string
	VerifyPruned              func(game string, pruned int) string
	VerifyPrunedOld           func(n int) string

	QuarantineHead string // the columns of judge quarantine

	// The confirmations of the rulings: RuleDone (the ruling's kind, the clause cited),
	// Annulled (the clause cited), ProtestDone; then Told, that the players, the judge and the
	// director are told.
	RuleDone, Annulled, ProtestDone, Told string
	// Withdrawal: the player, his games played, of how many; StruckOut (the unfinished games
	// annulled) or Stands (the games without a move lost, the begun games sent to adjudication)
	// follows; both cite their clauses.
	Withdrawal func(player, played, games int) string
	StruckOut  func(ended int) string
	Stands     func(lost, referred int) string
	// Reverted: the game, the letter it was put back before, the clause cited, the last letter
	// marked reverted; Undone: the rulings undone with it.
	Reverted func(game string, letter int, clause string, upto int) string
	Undone   string
}

// ShowText is `judge show`: one game, in its tournament's language.
type ShowText struct {
	// Status: the status, the result, the days (White/Black), the penalty days.
	Status string
	// NextControl: the move, the days of the control, its last day.
	NextControl func(move, days int, last daysclock.Date) string
	Overstep    string             // the overstep, as judge list writes it
	Moves       string             // heads the moves
	Variants    string             // heads the variants proposed and not played
	Variant     string             // a variant: its label, whose, its moves
	Rulings     string             // heads the rulings
	Letters     string             // heads the archive's letters
	Pruned      string             // a letter whose raw bytes were dropped after their retention
	Reverted    string             // a letter a ruling (its number) reverted
	From        string             // the From, the envelope sender, the authentication of a letter received
	To          string             // the To of a letter postald sent
	Loses       string             // what a forfeit decided
	Leave       string             // the leave granted (the period)
	Days        func(n int) string // the days a penalty or a date correction gave, signed
	// Words: the letter's words a result rests on (its line, the words); Asked: postald asked the
	// writer what a doubtful reading meant; Also: the letter is archived with another game (it);
	// Faults: what a stopped letter was stopped for (the faults, each Fault: clause, words).
	Words, Asked, Also, Faults, Fault string
	Lifted                            func(n int) string // the penalty days a ruling took off, under the word penalty
}

// LetterText is `judge letter`: one archived letter, what postald recorded of it.
type LetterText struct {
	Received, Sent                          string // the chain, the number
	ReceivedAt, Enqueued, MessageID         string // each a label, a tab, then the value (%s)
	Envelope, From, Auth, To, Decision, Sum string
	RevertedBy                              string // the ruling's number, its day, the clause cited, the reason
	Kept                                    string // the command that puts the game back (game, number)
	SubjectDamaged                          string // a mail server damaged the Subject, which was not read
	Header, Text                            string // the rules above the header and the text
}

// CardsText is the captain's: a card entered (postald card), the cards to post and the calls to
// make (postald cards).
type CardsText struct {
	// Again: the card was entered before (the side, the game, when, what became of it).
	Again string
	// Entered: the game, the side, how it came, the day it is charged to, what that day was read
	// from, what became of it; Clauses, the clauses of its decision, may follow; Receipt (the
	// receipt); Queued: the letters by e-mail and the cards or calls it queued.
	Entered, Clauses, Receipt string
	Queued                    func(letters, cards int) string

	// None: nothing waits; Item: a card or call in the list (its number, the game, card or call,
	// the player's number, his name; the number, the game and the way come padded to the
	// widest of the list, so that the rows' columns line up); Call: the number to call; NotPrinted: a card that cannot be
	// printed (number, game, why); Printed: a card written (number, game, the player, the file;
	// number and game padded as in Item);
	// NonePrinted; All: every printed card in one file (how many, the file); Fault: why a card
	// could not be printed (the player, the fault); Unprinted: the command fails, naming them
	// (how many, their numbers).
	None, Item, Call, NotPrinted, Printed, NonePrinted, Fault string
	All                                                       func(n int, file string) string
	Unprinted                                                 func(n int, seqs string) string
	// Posted: how many were recorded as posted, on what day; Clock: whose clock started (the
	// game, the side, the day).
	Posted func(n int, on daysclock.Date) string
	Clock  string
	// PDFTitle is the title of the PDF of all the cards.
	PDFTitle string
	// A notice that asks nothing of its reader rides with the next card to him: RidesWith
	// lists it under that card (its number, its subject); Waits lists one no card takes yet
	// (its number and game padded as in Item, the player's number, his name, its subject); Rider heads its text
	// on the printed card (its subject).
	RidesWith, Waits, Rider string
}

// StoreText is the director's and the administrator's commands on the store: tournament
// create, report -send, archive, prune, backup.
type StoreText struct {
	// Created: a command created the store's file (its path), the first command on a new
	// installation; Migrated: a command brought the file (its path) from an older schema to
	// the current one (from, to).
	Created  string
	Migrated func(path string, from, to int) string
	// Registered: the code, the players, the games, the variant's name, its first and last day.
	Registered func(code string, players, games int, variant string, start, end daysclock.Date) string
	// ReportQueued: the tournament, its director.
	ReportQueued string

	// Archived: the code, the file, its size, its SHA-256, what was moved.
	Archived func(code, file string, bytes int64, digest string, games, letters, sent, received, rulings int) string
	// ArchiveNone (the directory), ArchiveDir (the directory), ArchiveItem: an archived
	// tournament (code, file, size, archived on, last letter, games, letters, its letters' state:
	// ArchiveWhole or ArchivePruned with the day).
	ArchiveNone, ArchiveDir string
	ArchiveItem             func(code, file string, bytes int64, archived, last daysclock.Date, games, letters int, state string) string
	ArchiveWhole            string
	ArchivePruned           string // the day
	// PruneNone; PruneKept (the code, the day its letters may go); PruneAlready (the code, the
	// day, the file, its size); Pruned (the code, the letters, the bytes dropped, the file, its
	// size after, before).
	PruneNone, PruneKept string
	PruneAlready         func(code string, on daysclock.Date, file string, bytes int64) string
	Pruned               func(code string, letters int, dropped int64, file string, after, before int64) string
	// BackedUp: the copy, its size, the store; BackupArchives: the directory of the archived
	// tournaments' files, how many, how many copied now.
	BackedUp       func(path string, bytes int64, store string) string
	BackupArchives func(dir string, n, copied int) string

	// LotDrawn follows Registered when the sheet drew by lot: the hash of the seed (%s);
	// LotTies when only a knockout's tied pairings will be drawn by lot, in play.
	LotDrawn, LotTies string
	// Reserved: the tournament, the reserve, the player he plays for, the team, how many games
	// changed players; ReserveGame: a game annulled (%s) and the one opened for it (%s).
	Reserved    func(code string, in, out, team, games int) string
	ReserveGame string
}

// LotsCLIText is what postald lots verify and reveal print: the tournament (%s), the hash
// (%s), the seed not revealed, revealed (the seed; then the day; then the judge's reason), the
// numbers drawn and each (number, name, place in the sheet), the openings drawn among (how
// many), each line (its number, its text: name, [FEN], moves), each pair's draw (label, line,
// games), and the verdict (Verified, VerifiedGames with how many games began as drawn).
type LotsCLIText struct {
	Tournament, Hash, SeedHidden, Seed string
	SeedFinished, SeedJudge            func(seed string, on daysclock.Date, reason string) string
	Numbers                            string
	Number                             func(number int, name string, listed int) string
	Openings                           func(among int) string
	Line                               func(n int, text string) string
	Pair                               func(label string, line int, games []string) string
	// Ties heads a knockout's tie lots, Tie is each (label, choice among 2, who went through).
	Ties          string
	Tie           func(label string, choice int, through string) string
	Verified      string
	VerifiedGames func(games int) string
}

// CheckText is `postald check-config`: one line a check, OK or Fail before it.
type CheckText struct {
	OK, Fail string
	Parses   string // the configuration file
	// The trust settings: FromOnly (the document); Server (the receiving server, what must
	// pass, the resolver); Own (the resolver, what must pass, the receiving server);
	// SystemResolver names the system's resolver.
	FromOnly, Server, Own, SystemResolver string
	// TrustUnset, TrustNoRequire, TrustNoAuthserv: why serve refuses [trust] (the document).
	TrustUnset, TrustNoRequire, TrustNoAuthserv string
	// Files: the configuration and password files are owner-only; FileMode (what, path, mode,
	// path); FileErr (what, path, error); ConfigFile names the configuration file for them.
	Files, FileMode, FileErr, ConfigFile string
	// The store (its path): StoreOK; StoreDir (path, error); StoreErr (path, error);
	// StoreNotFile (path); StoreMode (path, mode, path).
	StoreOK, StoreDir, StoreErr, StoreNotFile, StoreMode string
	// The control socket's directory: SocketOK (dir); SocketErr (dir, error); SocketMode (dir,
	// mode, dir).
	SocketOK, SocketErr, SocketMode string
	// The mail servers ([imap], [smtp]): Refused (section, server, login, error); Unreachable
	// (section, server, error); LoggedIn (section, server, login); MailboxErr (mailbox, error);
	// Mailbox (mailbox, messages).
	Refused, Unreachable, LoggedIn, MailboxErr string
	Mailbox                                    func(mailbox string, messages int) string
	// What the IMAP server offers: Idle; NoIdle and IdleOff ([daemon] idle = false) (the poll
	// interval); Move, NoMove; UIDPlus, NoUIDPlus.
	Idle, NoIdle, IdleOff, Move, NoMove, UIDPlus, NoUIDPlus string
	// The timed IDLE on the processed folder: IdleTook (the folder, how long); IdleSlow (the
	// folder, the bound); IdleErr (the error). Duration writes how long, in the language's
	// units (507ms; 507 мс).
	IdleTook, IdleSlow, IdleErr string
	Duration                    func(d time.Duration) string
	// postald's folders: Folder (the setting, the folder, made now or found, postald's default
	// or the configuration's, the personal namespace's prefix); FolderFail (the setting, the
	// folder, postald's default or not, the prefix, the server's words); FoldersErr (the error
	// of asking the server where the folders go).
	Folder     func(key, name string, made, def bool, prefix string) string
	FolderFail func(key, name string, def bool, prefix, err string) string
	FoldersErr string
	// The resolver of postald's own check: ResolverOK (resolver, the name asked); ResolverFail
	// (resolver, the name asked, the error, the document).
	ResolverOK, ResolverFail string
	// Problems ends a check that failed: how many.
	Problems func(n int) string
	// AuthField is the check of what the receiving server writes in the letters it delivers.
	AuthField AuthFieldText
}

// CLIErrors are the command line's own errors.
type CLIErrors struct {
	// NoConfig: the command (%s) reads no configuration, the commands that do (%s).
	// UnknownCommand (the word); UnknownJudge (the word, then the judge's usage).
	NoConfig, UnknownCommand, UnknownJudge string
	// NoClause: a ruling without -clause or -reason; LetterNumber (what was typed);
	// ShowArgs; VerifyArgs (what was typed); RuleArgs (the ruling, how many it needs, how many
	// it got, what it got, its shape: ShapeSideDays, ShapeSide, ShapeResult, ShapeLeave); Days
	// (what was typed); Date (the argument, what was typed).
	NoClause, LetterNumber, ShowArgs, VerifyArgs, RuleArgs string
	ShapeSideDays, ShapeSide, ShapeResult, ShapeLeave      string
	Days, Date                                             string
	// WithdrawArgs (what was typed), Player (what was typed), AnnulArgs, ProtestBoth,
	// ProtestArgs (what was typed), LetterArgs, RevertArgs.
	WithdrawArgs, Player, AnnulArgs, ProtestBoth, ProtestArgs, LetterArgs, RevertArgs string
	// TournamentWant, TournamentUnknown (the word), CreateArgs (what was typed), CreateSheet;
	// ReserveArgs; ReserveNumbers (the two words typed).
	TournamentWant, TournamentUnknown, CreateArgs, CreateSheet string
	ReserveArgs, ReserveNumbers                                string
	// Registered: the code (%s) is registered already; CodeClash: the code, the tournament's
	// whose code is spelt like it, and its Latin spelling.
	Registered, CodeClash string
	// ExportOne: export wants -game or -trf, one of them.
	ExportOne string
	// The lots' command: LotsWant, LotsUnknown (the word), VerifyReason, SeedWithoutSheet,
	// SheetNamesTournament, SheetNeeds, RevealFlags, RevealReason.
	LotsWant, LotsUnknown, VerifyReason, SeedWithoutSheet, SheetNamesTournament string
	SheetNeeds, RevealFlags, RevealReason                                       string
	// DateFlag (the flag, what was typed); PostedNeeds (the day); CardNumber (what was typed).
	DateFlag, PostedNeeds, CardNumber string
	// From: [smtp] from is not an address (what it says, why); Login: a server refused the
	// login (section, server, login, its words); Lang (what was typed); Unexpected (the
	// argument); Required (the flag); Width (the width, the least, the greatest); System (for
	// pair); NoArguments (the command).
	From, Login, Lang, Unexpected, Required, Width, System, NoArguments string
	// Round: a round that cannot be paired again (number, why); RoundSame, RoundDiffers (number,
	// the file's pairs, the Dutch system's); RoundsDiffer (the file, how many differ, of how
	// many), for pair -check.
	Round, RoundSame, RoundDiffers string
	RoundsDiffer                   func(file string, differ, rounds int) string
	// NoBye and ByeTo (the player) name a bye where the pairings differ in it.
	NoBye, ByeTo string
	// A command that needs one tournament and was not given one the store can tell:
	// GameInSeveral, a game name several tournaments hold (the name, the tournaments, an
	// example of the name with its tournament); NameOne, the store holds n tournaments, none or
	// several (n, how to name one: FlagForm, ReserveForm, WithdrawForm).
	GameInSeveral                       string
	NameOne                             func(n int, how string) string
	FlagForm, ReserveForm, WithdrawForm string
}

// CardDatesText is the captain's answer to a card (postald card) or a posting (postald cards
// -posted) the office refuses, in the tournament's language: the dates in an impossible order
// (daysclock.Order), each naming the two dates and what to enter, and the entry's other
// mistakes.
type CardDatesText struct {
	// ArrivalAfterToday: the day the card was received (-received), today.
	ArrivalAfterToday string
	// SentAfterArrival: the postmark, the day received; WrittenAfterArrival: the sending date
	// the card states, the day received.
	SentAfterArrival, WrittenAfterArrival string
	// ReceiptBeforeSending: the day the card says the partner's move was received, the day it
	// says it was sent; ReplyBeforeReceipt: the day it says the reply was sent, the day it says
	// the move was received.
	ReceiptBeforeSending, ReplyBeforeReceipt string
	// SentBeforeMove: the postmark, the day the move the card answers was sent to its player;
	// WrittenBeforeMove: the sending date the card states, that day.
	SentBeforeMove, WrittenBeforeMove string
	// Stated follows every order of dates the card states: what the captain enters when the
	// card states them so (its postmark, else the day it arrived).
	Stated string
	// PostedAfterToday: the day entered with -posted, today; PostedBeforeWritten: the card's
	// number, the day it was written, the day entered.
	PostedAfterToday, PostedBeforeWritten string
	// The entry's other mistakes: Side (what -from says, the game), Via (the channel named),
	// EmptyText, NotUTF8, Email (the letter's number: it goes by e-mail).
	Side, Via, EmptyText, NotUTF8, Email string
}
