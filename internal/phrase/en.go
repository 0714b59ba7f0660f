package phrase

import (
	"fmt"
	"strconv"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// english is postald's English, for tournaments whose language is en (letters.md).
var english = Book{
	Lang:    "en",
	CLI:     englishCLI,
	Endgame: englishEndgame,

	Referee: RefereeText{
		SubjMove:      "%s game %s move %d",
		SubjAck:       "%[1]s game %[2]s: move accepted",
		SubjCorrected: "%[1]s game %[2]s: move accepted with a correction",
		SubjRejected:  "%[1]s game %[2]s: letter stopped",
		SubjNotice:    "%[1]s game %[2]s: notice",
		SubjDraw:      "%[1]s game %[2]s: draw",
		SubjResult:    "%[1]s game %[2]s: result",
		SubjOverstep:  "%[1]s game %[2]s: time overstep",
		SubjReminder:  "%[1]s game %[2]s: control reminder",
		SubjAskGame:   "%[1]s: please name the game",
		SubjRuling:    "%[1]s game %[2]s: judge's ruling",

		Header:         "Tournament %s, game %s (%s – %s).",
		AckIntro:       "Your letter of %s is accepted.",
		CorrectedIntro: "Your letter of %s is accepted with a correction.",
		RejectIntro:    "Your letter of %s is stopped: nothing was forwarded to your partner.",
		NoticeIntro:    "Your letter of %s was received.",
		OnBoard:        "On the board: %s",
		TimeLine:       "Time (White/Black, 4.3.1): %s",
		Stamp:          "— stamped by postald, the tournament's secretary —",
		MovesLine:      "Moves: %s",
		VariantsHead:   "Proposed variants (4.2.7):",
		PosHead:        "Position:",
		Marks:          "wWbB",
		Legend:         "%s white man, %s white king, %s black man, %s black king, %s empty square; White plays up the board.",
		TowersLegend:   "Towers are listed under the board with their pieces from the top down.",
		DatesLine:      "Dates (4.3.1): %s",
		ThreeDates:     "partner's move sent %s, received %s, reply sent %s",

		Violation:       "Line %d, \"%s\": %s (%s).",
		ViolationNoLine: "%s (%s).",
		SendLine:        "  Send: %s",
		Penalty:         "Penalty: %s (4.2.11) for stopping the game.",
		NoPenalty:       "No penalty is charged.",
		ClockRuns:       "Your thinking time keeps running from %s.",

		Internal:      "Your letter could not be processed because of an internal error of postald; the judge has been told. Your clock does not run on account of it.",
		InternalJudge: "postald could not rebuild the position of the game:",
		GameOver:      "The game is over (%s); no more moves are taken.",
		Frozen:        "Play has ended by the end date (4.3.2): only a draw acceptance or a resignation is taken; the game has gone to the judge for adjudication.",
		NoMove:        "The letter holds no move. It is not stopped: no penalty is charged and your time does not change.",

		WrongRepeat:     "your partner's move is repeated wrongly",
		IllegibleRepeat: "the repetition of your partner's move cannot be read",
		NotRepeated:     "your partner's move %s is not repeated",
		RepeatNothing:   "there is nothing to repeat: leave the repetition out",
		RepeatThese:     "the repetition of your partner's moves: %s, then your move",
		Numbering:       "Line %d, \"%s\": a numbering error (4.2.14); the move is recorded as %s. Repeat the moves with the right numbers in your next letter.",
		ExtraIgnored:    "The move \"%s\" and those after it are not taken: the game is over.",
		ChangesSent:     "the move %s has been sent and cannot be changed",
		SendNext:        "your next move, without changing the moves made",
		SendNothing:     "nothing: your move is made, wait for your partner's reply",
		NotForced:       "Your partner's move \"%s\" is not forced: only forced moves may be written for the partner (4.2.4); not taken: %s. Propose a continuation as a variant: \"if …, then …\" (4.2.7).",
		ForcedFixed:     "Your partner's forced move is written as \"%s\"; the only legal move %s is played (4.2.4).",
		Substituted:     "Line %d, \"%s\": the move is impossible, but the piece on that square has a single move; %s is played (4.2.10).",
		SendMove:        "another move, in full notation",
		SendOneOf:       "another move; the moves of the piece on that square: %s",

		VariantAcceptedStop: "Your variant was accepted by your partner; moves played: %s. Your partner's reply is stopped (4.2.13).",
		VariantGone:         "Variant %s(%s) no longer applies: your partner played otherwise.",
		VariantPlayed:       "Variant %saccepted: %s is played (4.2.13).",
		NoSuchVariant:       "Variant \"%s\" is not among those proposed to you.",
		VariantNotNow:       "The variants are not taken: after your moves it is your turn again.",
		VariantEmpty:        "Variant %sis not kept: no reply of yours is left in it.",
		VariantCut:          "Variant %sis taken up to line %d, \"%s\": %s (4.2.12, no penalty).",

		DrawLapsed:      "Your draw offer is declined by your partner's reply move.",
		DrawOffered:     "Your partner offers a draw. Answer \"I accept the draw\" or make your move.",
		DrawOfferSent:   "Your draw offer is forwarded to your partner; it stands until his reply move.",
		NoDrawOffer:     "No draw offer stands.",
		DrawDeclinedYou: "You declined the draw offer; your partner has been told.",
		DrawDeclined:    "Your partner declined your draw offer.",
		DrawAgreed:      "Draw by agreement.",
		DrawClaimed:     "Draw on a player's claim: the claim is valid.",
		ClaimInvalid:    "The draw claim is not valid under the rules.",
		Resigned:        "%s resigned.",
		Result:          "Result: %s.",

		YourMoveAgain:       "It is your move again; your thinking time runs from today. Your next letter need not repeat the moves postald played.",
		YourMoveAgainPosted: "It is your move again; your thinking time runs from the day the captain's card or call brings you this move. Your next letter need not repeat the moves postald played.",
		ForcedPlayed:        "Your partner's reply is forced: %s is played (4.2.4); it costs him no days.",
		BeforeStart:         "Your first move was sent on the day play began (%s) or before: it costs no time (4.3.2).",
		BeforeStartPartner:  "Your partner's first move was sent on the day play began (%s) or before: it costs no time (4.3.2).",
		ForcedYours:         "Your reply is forced: %s is played for you (4.2.4); it costs you no days.",
		VariantsRecorded:    "Your variants are recorded and forwarded to your partner (4.2.7):",
		EndedOnBoard:        "The game is over on the board: %s.",

		DatesMissing: "The letter does not state the three dates: postald's stamps, below, stand (4.3.1).",
		DateDiff:     "The letter states \"%s\" as %s, postald's stamp is %s; the stamp stands (4.3.1).",
		TimeMissing:  "The letter does not state the total time: postald's count, below, stands (4.3.1).",
		TimeDiff:     "The letter states the time as %s, postald's count is %s; postald's count stands (4.3.1).",

		Overstep:          "Time overstep: %s (%s) by move %d could use at most %s, used %d (4.3.1).",
		Forfeited:         "The game is scored as lost for the offender: %s.",
		OverstepJudge:     "The judge is asked to score the game as lost; the judge decides.",
		OverstepWithdrawn: "The time overstep recorded for %s (%s) from %s is withdrawn: his card or call was sent on %s, in time (4.3.1). The game goes on.",
		Adjudication:      "Play ended on %s (4.3.2): no more time is charged and no reply is required (except to accept a draw or resign). The game goes to the judge for adjudication; send your evaluation and analysis within %s.",

		ControlOnMove:  "Your control: move %d, at most %s in all; the last day for this move: %s.",
		ControlWaiting: "Your control: move %d, at most %s in all; %s in hand.",

		Duplicate:      "These moves are already made; the letter changes nothing.",
		NotYourTurn:    "It is your partner's turn; the letter changes nothing.",
		AskGame:        "postald could not tell which game the letter is for.",
		AskGameNamed:   "Game %[1]s is in more than one of your tournaments: %[2]s.",
		AskGameNone:    "You have no game %[1]s in tournament %[2]s.",
		AskGameNoneAny: "You have no game %[1]s.",
		AskGameList:    "Your games:",
		AskGameItem:    "- tournament %[1]s, game %[2]s, partner %[3]s",
		AskGameLine:    "Write the tournament and the game in one line at the head of the letter, for example:\n\n    %[1]s",
		GameLine:       "Tournament %[1]s, game %[2]s.",
		NotPlayer:      "The address %s is not a player of this game.",
		Reminder:       "Reminder: your move in this game is awaited. Control: move %d, at most %s in all; the last day for this move: %s (%s).",
		Silence:        "Player %s has not answered for %s (since %s).",

		Ruling:            "Judge's ruling: %s",
		RulingPenalty:     "%s (%s): %s. Reason: %s",
		RulingForfeit:     "%s (%s): loss. Result %s. Reason: %s",
		RulingAdjudicate:  "The game is adjudicated: %s. Reason: %s",
		RulingDate:        "Date corrected. Reason: %s",
		RulingLeave:       "%s (%s): leave %s. Reason: %s",
		RulingRevert:      "The game is put back as it was before %s, received %s: the position, the clocks, the variants and the draw offer as they were then. That letter and those after it no longer count; they are kept in the archive. Reason: %s",
		RevertLetter:      "the letter",
		RevertLetterOf:    "the letter (%s, %s)",
		RevertLetterMoves: " with %s",
		RulingClause:      "Clause: %s.",
		RevertOnMove:      "On move: %s (%s).",
		RevertDraw:        "The draw offer of %s (%s) stands.",
		RevertVariant:     "The variant of %s stands: %s",

		SubjProtest:  "%[1]s game %[2]s: protest",
		ProtestSent:  "Your protest has been sent to the judge (4.1.12). A protest is due within %s of receiving the decision.",
		ProtestJudge: "Protest of %s (%s), 4.1.12:\n%s\n\nThe decision on it: %s",
		LeaveNoDates: "The leave notice gives no dates; state the first and the last day.",
		LeaveRefused: "Leave %s is not granted: %s (%s).",
		LeaveOrder:   "the first and the last day of the leave are wanted, in order",
		LeaveLate:    "a leave must be announced before its first day, and this one was announced on %s",
		LeaveOverlap: "it overlaps the leave %s already taken",
		LeaveTooLong: "it is %s, and of the %s of leave only %s",
		LeaveGranted: "Leave %s (%s) is granted: your clock stops on those days.",
		LeavePartner: "Your partner (%s) is on leave %s; his clock stops on those days.",

		Expected:       "Expected: %s.",
		OwnInRepeat:    "this is your own move %s, not your partner's",
		FaultUnique:    "the move is impossible; the piece on that square has one move only, %s",
		RepeatNext:     "In your reply repeat your partner's moves: %s.",
		RepeatLater:    "Your partner is on move. In your next letter repeat your partner's moves: %s and his next move.",
		TextCut:        "[… cut by postald: the first %d KB of %d KB are shown; the moves are in the stamped block below]",
		JudgedHead:     "The position the letter was judged in:",
		WrongAccepted:  "a move of the accepted variant %sis written otherwise: the variant has %s",
		SendAccepted:   "the acceptance again: which variant you accept and up to which move, the variant's moves as proposed, then your move",
		AcceptUnsure:   "the acceptance of the variant cannot be read with certainty: %s",
		AcceptVariant:  "variant %s: %s",
		AcceptNone:     "variant %sis not among those proposed to you; proposed: %s",
		AcceptWhich:    "several variants were proposed and the letter does not say which it accepts; proposed: %s",
		AcceptOutside:  "move %d is outside the variant",
		AcceptDeclined: "the move \"%s\" after \"instead of\" is not in the variant",
		AcceptDisagree: "the letter names two different places where the variant is changed: \"%s\" and move %s",
		AcceptNumber:   "the move \"%s\" does not stand at its place in the variant (move %s stands there)",

		RulingAnnul:         "The game is annulled: it ends without a result and counts for neither player. Reason: %s",
		RulingStrikeOut:     "A player has left the tournament with fewer than half of his games played: his results are struck out and the game ends without a result. Reason: %s",
		RulingRefer:         "%s (%s) has left the tournament; the game is unfinished and goes to the judge for adjudication. Reason: %s",
		RulingProtest:       "on the protest — %s",
		SubjProtestDecision: "%[1]s game %[2]s: decision on the protest",

		Asides: AsideText{
			Quoted:             "The moves %s are mentioned in a protest or a question and are not taken as your move. If one is your move, write it on a line of its own: “My move: …”.",
			ProtestUnsure:      "The protest has a line with the move %[1]s, and it is not clear whether it is your move. No move is played and no penalty is charged. If it is your move, send it on a line of its own: “My move: %[1]s”.",
			ExpectMove:         "your move",
			WithdrawalSent:     "Your notice of withdrawal from the tournament has been sent to the judge (1.10 of the competition rules). The judge decides how your games count; until then they go on.",
			WithdrawalJudge:    "%s (%s) withdraws from the tournament (1.10 of the competition rules):\n%s\n\nThe judge rules with: %s",
			SubjWithdrawal:     "%[1]s game %[2]s: withdrawal from the tournament",
			AnswerClock:        "Your time: %s, of them penalty %s. The game's time (White/Black): %s.",
			AnswerTurnYours:    "It is your move (%s).",
			AnswerTurnPartner:  "It is your partner's move (%s, %s); his move will reach you by letter.",
			AnswerTurnPosting:  "It is your move (%s): your partner's move goes to you by card or telephone, and your time runs from the day it reaches you.",
			AnswerReceived:     "Your last letter in this game was received on %s: %s.",
			AnswerReceivedNone: "No letter of yours in this game has come yet.",
			AnswerPosition:     "The position:",
			AnswerMoves:        "The moves of the game: %s",
			AnswerNoMoves:      "No move has been made in the game yet.",
			AnswerOver:         "The game is over: %s.",
			VerdictAccepted:    "the move was accepted",
			VerdictCorrected:   "the move was accepted with a correction",
			VerdictRejected:    "the letter was stopped",
			VerdictNotice:      "the letter was received",
			QuestionToJudge:    "postald cannot answer your question (“%s”): it has been sent to the tournament's judge, who will answer you himself.",
			QuestionToDirector: "postald cannot answer your question (“%s”): it has been sent to the tournament's director, who will answer you himself.",
			QuestionNobody:     "postald cannot answer your question (“%s”), and the start sheet names no judge or director: write to the organiser.",
			QuestionOfficial:   "A question of %s (%s) that postald cannot answer:\n%s",
			SubjQuestion:       "%[1]s game %[2]s: a player's question",
		},
		Statements: StatementText{
			Asked:          "Your letter is not applied: it can be read in two ways. Line %d, \"%s\": %s. Nothing is played and nothing is charged; please send a letter that says it in one way.",
			AskedNoLine:    "Your letter is not applied: it can be read in two ways: %s. Nothing is played and nothing is charged; please send a letter that says it in one way.",
			WhyNegation:    "it is not clear whether you accept the draw or decline it",
			WhyCondition:   "the draw is accepted or offered under a condition, which postald cannot check",
			WhyDrawAndMove: "your partner offered a draw, and the letter holds both a move and words about the draw: the move declines the offer (1.13.3), the words may accept it",
			WhyShortYes:    "your partner offered both a draw and a variant, and \"agreed\" may answer either",
			WhyShortMove:   "\"agreed\" stands beside a move: it is not clear whether it accepts the draw (and the move is not wanted) or the move declines your partner's offer (1.13.3)",
			WhyGames:       "the letter names more than one game, and it is not clear which of them its moves and words are about",
			WhyOtherGame:   "the letter's moves do not fit this game, but fit game %s, where it is your move too",
			DrawAsk:        "Line %d, \"%s\": %s; nothing about a draw is recorded. If you offer a draw, write \"I offer a draw\"; if you accept your partner's offer, \"I accept the draw\"; if you decline it, \"I decline the draw\".",
			DrawNoOffer:    "Line %d, \"%s\": your partner has not offered a draw, so there is nothing to accept; nothing is recorded. If you offer a draw, write \"I offer a draw\".",
			ResignAsk:      "Line %d, \"%s\": this is no resignation but a condition or an intention; the game goes on. If you resign, write \"I resign\" without a condition.",
			Words:          "As written in the letter of %s, line %d: \"%s\"",
			LeaveGames:     "The leave applies to all your games of tournament %s: %s; your partners have been told.",
			LeaveAgain:     "Leave %s is granted already; it stands.",
			SubjLeave:      "%[1]s: leave",
			LeaveHead:      "Tournament %s.",
			Crossed:        "Line %d, \"%s\": crossed out by your correction in the letter itself; your move is the corrected one (4.2.5).",
			FromFiles:      "The letter's text holds no move; the letter was read from the file attached, %s, as if written in its text.",
			FileName:       "\"%s\"",
			MoveNotInText:  "A move in the letter's subject (\"%s\") is not read: write it in the text of the letter.",
			FilesUnread:    "The files attached were not read (%s): write your move in the text of the letter itself.",
		},
		AdjudicationSteps: AdjudicationText{
			AskSubject:   "%s game %s: adjudication",
			AskEndDate:   "Play has ended by the tournament's end date (4.3.2) and the game goes to the judge for adjudication.",
			AskWithdrawn: "A player has left the tournament; the game is unfinished and goes to the judge for adjudication (1.10.4).",
			AskBody: "Tournament %s, game %s (%s – %s).\n\n" +
				"%s\n" +
				"Please send your evaluation of the final position and your analysis by %s (%s), in reply to this letter.\n" +
				"The judge receives the final position, the game and both players' letters together after that day.\n",
			SubmittedSubject: "%s game %s: your letter for the adjudication",
			SubmittedBody:    "Tournament %s, game %s.\n\nYour letter is recorded and goes to the judge with the game for adjudication (4.3.2).\n",
			PackageSubject:   "%s game %s: adjudication package",
			PackageHead:      "Tournament %s, game %s: %s (White) – %s (Black), %s.\n",
			PackageEndDate:   "The game went to adjudication after the end date %s (4.3.2)",
			PackageWithdrawn: "The game went to adjudication unfinished when a player left the tournament (1.10.4)",
			PackageAsked:     "%s; the players were asked for their evaluation and analysis on %s, by %s.\n\n",
			PackageMoves:     "Moves: %s\n",
			NoMoves:          "none",
			PackageTime:      "Time (White/Black, 4.3.1): %d/%d; penalty days %d/%d.\n",
			PackageDraw:      "A draw offer by %s stands.\n",
			PackagePosition:  "\nFinal position:\n%s\n",
			PackageLetters:   "\nLetters from the players since they were asked: %d, attached.\nRule with: %s\n",
		},

		Faults: FaultText{
			Abbreviated:   "abbreviated notation, which 4.2.2 counts as an impossible move",
			NoPiece:       "there is no piece on the stated square",
			NotYours:      "the piece on the stated square is not yours",
			Capture:       "capture is compulsory",
			NoSuchMove:    "the move is impossible",
			Ambiguous:     "the move is ambiguous: write the squares where the capture changes direction",
			NoSquare:      "the move is impossible: no move on this board joins these squares",
			Unreadable:    "the move cannot be read",
			NoPieceOn:     "there is no piece on %s",
			NotYoursOn:    "the piece on %s is your partner's",
			CaptureOf:     "capturing is compulsory: %s",
			Occupied:      "%s is occupied",
			CannotMove:    "the piece on %[1]s cannot move to %[2]s",
			NoCapture:     "there is no capture in this position; a quiet move is written with -",
			CannotCapture: "the piece on %s cannot capture along the squares written",
		},
		DateFields: [3]string{"partner's move sent", "received", "reply sent"},
		Sides:      SideText{White: "White", Black: "Black"},
		Reasons: ReasonText{
			DrawAgreed:    "draw by agreement",
			DrawClaimed:   "draw on a player's claim",
			WhiteResigned: "White resigned",
			BlackResigned: "Black resigned",
			NoMoves:       "the game is over on the board",
			Overstep:      "time overstep",
			Forfeit:       "loss by the judge's ruling",
			Adjudicated:   "adjudicated by the judge",
			Annulled:      "the game is annulled",
			StruckOut:     "a player withdrew, the result is struck out",
			Withdrawn:     "a player withdrew, the game goes to adjudication",
			Tablebase:     "settled by the endgame database on a player's claim",
		},

		Date:          daysclock.Date.String, // 2026-11-18, as the English letters of letters.md write it
		Period:        func(from, to daysclock.Date) string { return "from " + from.String() + " to " + to.String() },
		Days:          enDay.count,
		DaysOf:        enDay.count,
		PenaltyDays:   enPenaltyDay.signed,
		PenaltyLifted: func(n int) string { return "penalty lifted: " + enDay.count(n) },
		DaysLeft:      func(n int) string { return enDay.count(n) + " left" }, // "2 days left"
		DaysShort:     enDay.count,
	},

	Tournament: TournamentText{
		Place: "Place", Number: "No", Name: "Name", Points: "Points",
		Tiebreaks: TiebreakText{
			Shmulyan: "Shmulyan", Berger: "Berger", SonnebornBerger: "S-B", Buchholz: "Buchholz",
			Solkoff: "Solkoff", SolkoffTruncated: "Solkoff-tr", Riga: "Riga", Wins: "Wins", HeadToHead: "H2H",
			BeatenPoints: "Beaten", ResultsByPlace: "By place", OpponentsRating: "Opp. rating",
		},
		Struck:    "Withdrew, results struck out (1.10.2):",
		Withdrawn: "Withdrew, unplayed games lost (1.10.3):",
		Annulled:  "(1) a result that does not count.",

		Variants: VariantNames{
			Russian:               "Russian draughts",
			International:         "international (100-square) draughts",
			Column:                "Russian column checkers",
			Lasca:                 "international column checkers (Lasca)",
			RussianGiveaway:       "Russian draughts, giveaway",
			InternationalGiveaway: "international draughts, giveaway",
			ColumnGiveaway:        "Russian column checkers, giveaway",
			LascaGiveaway:         "international column checkers, giveaway",
		},

		Systems: SystemText{
			RoundRobin:           "round-robin",
			DoubleRoundRobin:     "double round-robin",
			TeamRoundRobin:       "team round-robin",
			DoubleTeamRoundRobin: "double team round-robin",
			Scheveningen:         "Scheveningen team tournament",
			DoubleScheveningen:   "double Scheveningen team tournament",
			Swiss:                func(rounds int) string { return "Swiss tournament of " + enRound.count(rounds) },

			TeamStandings: "Team standings", MatchResults: "Matches", BoardResults: "Results by board",
			Team: "Team", Board: "Board", Reserve: "reserve", Round: "Round", Match: "Match",
			Home: "White on board 1", Away: "Black on board 1", Score: "Score", Games: "Games",
			GamePoints: "Points", Points: "Points", MatchPoints: "Match points",
			Won: "Won", Drawn: "Drawn", Lost: "Lost",
			HeadToHead: "Head-to-head", MatchWins: "Matches won", Coefficient: "Coeff.",
			InPlay: "…",
			ExtraMatch: func(team, against string) string {
				return "The team \"" + team + "\" won every match but is not first: it has the right to an extra match for first place with the team \"" + against + "\" (1.14.6)."
			},
			MatchSubject: func(code, home, away string) string { return code + ": match " + home + " – " + away },
			MatchBody:    enMatchBody,

			SwissRound: func(round int) string { return "R" + strconv.Itoa(round) },
			SwissWhite: "w", SwissBlack: "b",
			ByeNote:        "+ is a round without a game for an odd number of players: a plus, a point (1.12.2); for the coefficients it counts as the fewest points anyone scored in the tournament (1.13.11).",
			SwissWithdrawn: "Withdrew, the results of their games played stand (1.10.5):",
			ReserveSubject: func(code, team string) string { return code + ": a reserve of the team \"" + team + "\"" },
			ReserveBody:    enReserveBody,
			SwissProgress: func(round, rounds int, open bool) string {
				switch {
				case open:
					return fmt.Sprintf("Round %d of %d is in play; the next round is paired when its last game is finished.", round, rounds)
				case round < rounds:
					return fmt.Sprintf("Round %d of %d is played.", round, rounds)
				}
				return fmt.Sprintf("All %s are played.", enRound.count(rounds))
			},
			RoundSubject: func(code string, round int) string { return code + ": round " + strconv.Itoa(round) },
			RoundBody:    enRoundBody,
			EndedSubject: func(code string) string { return code + ": final standings" },
			EndedBody:    enSwissEnded,

			Knockout: enKnockoutName, KnockoutRound: enKnockoutRound,
			Bracket: "Bracket", HigherSeed: "Higher seed", LowerSeed: "Lower seed", Pairing: "Pairing", Through: "Through", How: "How",
			KnockoutHow: enKnockoutHow, KnockoutBody: enKnockoutBody,
			KnockoutEvents:     "Bracket events",
			KnockoutEvent:      enKnockoutEvent,
			TieSubject:         func(code string) string { return code + ": a tied pairing decided" },
			TieBody:            enKnockoutTie,
			KnockoutWonSubject: enKnockoutWonSubject, KnockoutWonBody: enKnockoutWonBody,
			KnockoutProgress: func(round, rounds, open int, winner string) string {
				if winner != "" {
					return "The final is decided: the winner is " + winner + "."
				}
				return fmt.Sprintf("Round %d of %d, the %s, is in play: %s undecided.", round, rounds, enKnockoutRound(round, rounds), enPairing.count(open))
			},
			KnockoutChanged: func(round, slot int, opened, now string) string {
				if now == "" {
					now = "nobody yet"
				}
				return fmt.Sprintf("Round %d, pairing %d was opened for %s; the results before it now give %s: it stands as opened until the judge rules (4.1.10).", round, slot, opened, now)
			},
		},

		Subject:      func(code, game string) string { return code + " game " + game },
		StartSubject: func(code, name string) string { return code + ": start of the tournament \"" + name + "\"" },
		StartBody:    enStartBody,
		NoGame:       "(game number)",
		StandIn:      func(place int, after string) string { return fmt.Sprintf("Place %d of %s", place, after) },
	},

	Report: ReportText{
		FaultRepeat:    "the repetition of the partner's moves",
		FaultMove:      func(m string) string { return "impossible move " + m },
		FaultAbbrev:    func(m string) string { return "abbreviated move " + m },
		FaultIllegible: func(m string) string { return "illegible move " + m },
		Title:          func(code, name string) string { return "Report on the tournament " + code + " \"" + name + "\"" },
		AsOf:           func(date string) string { return "as of " + date },
		Facts: func(variant, rounds, from, to string) string {
			return variant + ", " + rounds + "; play from " + from + " to " + to + "."
		},
		Rounds1:   "round-robin",
		Rounds2:   "double round-robin",
		Officials: func(judge, director string) string { return "Judge: " + judge + ". Director: " + director + "." },
		Counts: func(all, finished, playing, adjudication, notStarted int) string {
			return fmt.Sprintf("%s: %d finished, %d in play, %d awaiting adjudication, %d not started.",
				enGame.count(all), finished, playing, adjudication, notStarted)
		},
		Crosstable: "Crosstable",
		Variants: VariantNames{
			Russian:               "Russian draughts",
			International:         "International draughts",
			Column:                "Russian column checkers",
			Lasca:                 "International column checkers (Lasca)",
			RussianGiveaway:       "Russian draughts, giveaway",
			InternationalGiveaway: "International draughts, giveaway",
			ColumnGiveaway:        "Russian column checkers, giveaway",
			LascaGiveaway:         "International column checkers, giveaway",
		},

		InProgress: "Games in play",
		Clocks:     "Players' time",
		Deadlines:  func(days int) string { return "Controls due within " + enDay.count(days) },
		Violations: "Violations and penalties",
		Rulings:    "Rulings of the judge",
		Finished:   "Finished games",
		None:       "none",
		Columns: ReportColumns{
			Game: "Game", White: "White", Black: "Black", Move: "Move", OnMove: "On move",
			Time: "Time W/B", LastDay: "Last day", Number: "No", Player: "Player", Colour: "Colour",
			Days: "Days", PenaltyDays: "Penalty days", Control: "Control", Date: "Date", Clause: "Clause",
			What: "Violation", Kind: "Ruling", Ruling: "Text", Judge: "Judge", Result: "Result",
			How:   "How it ended",
			Event: "Event",
		},

		WhiteSide: "White", BlackSide: "Black", Nobody: "-", Adjudication: "adjudication",
		Control:         func(move, days int) string { return fmt.Sprintf("move %d: %s", move, enDay.count(days)) },
		DaysLeft:        func(days int) string { return enDay.count(days) + " left" },
		Overdue:         func(days int) string { return "overdue by " + enDay.count(days) },
		Overstep:        "time control exceeded",
		WholeTournament: "tournament",
		NoResult:        "—",
		Kinds: RulingKinds{
			Penalty:     "penalty",
			Forfeit:     "forfeit",
			Adjudicate:  "adjudication",
			CorrectDate: "date corrected",
			Annul:       "annulled",
			StrikeOut:   "struck out",
			Refer:       "sent to adjudication",
			Withdraw:    "withdrawal",
			Protest:     "protest",
			Leave:       "leave",
			Reserve:     "reserve entered",
			Revert:      "game put back",
			Resend:      "letter sent again",
		},
		Date: daysclock.Date.String, // 2026-11-18; the zero date as nothing
	},

	Office: OfficeText{
		PageLabel: func(page, pages int) string { return fmt.Sprintf("page %d of %d", page, pages) },
		Part:      "[part %s]",
		Charset:   "[charset %s, shown as it is]",
		Decoded:   "[charset %s, shown decoded]",
		NotShown:  "[%s, %d bytes, not shown]",
		Document:  "[%s, %d bytes; its text, as postald reads it:]",
		Trust: TrustText{
			ReceiptID:           "%s #%d, move %d, %s",
			ReceiptNoMove:       "%s #%d, %s",
			ReceiptOfTournament: "tournament %s, letter #%d, %s",
			ReceiptHeld:         "quarantine, letter #%d, %s",
			Receipt:             "Receipt: %s\n(received %s; keep it: it proves what postald received and when)",
			NoteSubject:         "%s: your letter was not read",
			NoteIntro:           "Your letter received %s was not applied to any game.",
			NoteLimit:           "It is over postald's limits (%s): please send your move again in a short plain-text letter without attachments.",
			NoteRate:            "Reason: more than %s from your address within an hour. Letters over this limit are kept for the judge; please wait before you write again.",
			NoteNotOwn:          "It names game %s, in which you do not play. If you meant one of your own games, write again naming it.",
			NoteUnreadable:      "Its header cannot be read (%s): please write again from your usual mail program.",
			NoteKept:            "The letter is kept for the judge; nothing in your games has changed and your clock is not stopped.",
			NoteForged: "It names you as its sender, but it is not shown to come from your mail account (%s). " +
				"If you wrote it, please send it again from the address you registered, through your own mail provider; " +
				"if you did not, somebody is writing in your name: the judge has been told.",
			NoteNotAddressed: "It is not addressed to the tournament: its To and Cc fields do not name %s. Please write to that address, in To.",
			JudgeSubject:     "%s: letter held from %s",
			JudgeIntro:       "A letter that claims to come from %s <%s>, received %s, was not applied and is kept in the quarantine.",
			JudgeReason:      "Reason: %s",
			JudgeID:          "Message-ID: %s",
			JudgeAnswered:    "The sender was told.",
			JudgeNotAnswered: "The sender was not answered.",
			JudgeReceipt:     "Receipt: %s",
			UnstampedSubject: "postald: letters arrive without an Authentication-Results field of %s",
			UnstampedIntro:   "A letter received %s from %s carries no Authentication-Results field of %s, the receiving server named in [trust] authserv_id.",
			UnstampedWhy: "Such a letter did not pass the receiving server's checks. It is not applied and is kept in the quarantine, " +
				"but while the server does not add its field to every letter, a letter that brings a forged field in the name of %s " +
				"would be believed. Please ask the administrator to make the receiving server add its Authentication-Results field " +
				"to every incoming letter and remove those a letter already carries (see docs/trust.md).\n" +
				"This notice is sent at most once a day.",
			Letters: enLetter.count,
			OverSize: func(got, max int64) string {
				return fmt.Sprintf("letter of %d bytes is over the limit of %d", got, max)
			},
			OverParts: func(max int64) string { return fmt.Sprintf("letter of more than %d MIME parts", max) },
			OverLine: func(got, max int64) string {
				return fmt.Sprintf("a line of %d bytes is over the limit of %d", got, max)
			},
			Partial: func(got, size int64) string {
				return fmt.Sprintf("only %d of the letter's %d bytes could be fetched", got, size)
			},
			OverFields: func(got, max int64) string {
				return fmt.Sprintf("a header of %d fields is over the limit of %d", got, max)
			},
		},
		Held: HeldText{
			Report:         "delivery or read report (%s)",
			Bounce:         "bounce or auto-reply (%s)",
			Automatic:      "automatic letter (%s)",
			Bulk:           "bulk or list mail (%s)",
			List:           "mailing-list mail (%s)",
			Autoreply:      "auto-reply (%s)",
			OwnLetter:      "postald's own letter came back (%s)",
			OwnAddress:     "letter from postald's own address (%s)",
			MailerDaemon:   "letter from a mailer daemon (%s)",
			NoFrom:         "no readable From address",
			FromFields:     func(n int) string { return fmt.Sprintf("%d From fields", n) },
			FromList:       func(n int) string { return fmt.Sprintf("the From names %d addresses; a move letter has one sender", n) },
			Sender:         "sent by %s for %s (Sender differs from From); a move letter comes from the player himself",
			SenderUnread:   "sent for %s by a Sender whose address cannot be read",
			SenderFields:   func(n int) string { return fmt.Sprintf("%d Sender fields", n) },
			NoPolicy:       "not authenticated: [trust] sets neither %s nor %s; see docs/trust.md",
			AuthNoField:    "not authenticated: no Authentication-Results field from %s",
			AuthUnreadable: "not authenticated: the field of %s cannot be read: %s",
			AuthNotPassed:  "not authenticated: %s: %s",
			AuthNoResult:   "not authenticated: %s: no result",
			AuthMisaligned: "not authenticated: %s: pass for \"%s\", not for %s",
			OwnNotPassed:   "not authenticated by postald's own check: %s: %s",
			OwnNoResult:    "not authenticated by postald's own check: %s: no result",
			OwnMisaligned:  "not authenticated by postald's own check: %s: pass for \"%s\", not for %s",
			Contradicted:   "the receiving server passed %s, but postald's own check finds %s",
			OwnDetail:      " (%s)",
			Rate:           "more than %s from %s within an hour",
			Unreadable:     "unreadable: %s",
			FromTwoWays:    "From read two ways: \"%s\" and \"%s\"",
			NotOwn:         "names game %s, which is not the sender's own",
			Stranger:       "not from a registered player: %s",
			NoGame:         "not a player of any game in progress: %s",
			Failed:         func(n int) string { return "processing failed " + enTime.count(n) },
			Internal:       "internal error: %s",
			Twice: func(field string, n int) string {
				return fmt.Sprintf("the header has %d %s fields; a letter has at most one (RFC 5322, 3.6)", n, field)
			},
			NotAddressed: "addressed to %s, not to the tournament's address %s",
			NoRecipients: "nobody (no To or Cc)",
			Replay:       "a replay: the letter with Message-ID %s received %s was decided before (%s); this one carries the same Message-ID with another content",
			Unchecked: func(n int, over, why string) string {
				return "postald's own check of the sender could not be done, tried " + enTime.count(n) + " over " + over + ": " + why
			},
		},
		Digest: DigestText{
			CardsSubject: "%s: cards to post, calls to make (%d)",
			CardsIntro: func(n int) string {
				return "These letters to players by post or telephone (" + enLetter.count(n) + ") have waited for the captain for more than a day.\nUntil a card is posted, its reader's clock does not run and his game stands still (4.3.1)."
			},
			CardItem:   "#%d  %s, %s, to %s, written %s",
			CardsOutro: "%s prints them; %s records their posting.",
			Subject:    "postald: letters held (%d)",
			Intro: func(n int) string {
				return "Since the last digest postald has held " + enLetter.count(n) + ". None of them was applied to a game."
			},
			Item:    "%d. %s, from: %s, subject: \"%s\"\n   reason: %s\n   mailbox: %s, %s",
			NoFrom:  "(the sender's address cannot be read)",
			Outro:   "Every letter is kept in the archive: %s lists them with their reasons.",
			Letters: enLetter.count,
			Bytes:   enByte.count,
		},
		Storage: StorageText{
			Subject: "postald: the game store cannot be written (%s)",
			Body: "postald cannot write its store since %s: %v.\n\n" +
				"The players' letters stay in the mailbox and are not lost; each is decided once, as soon as " +
				"the store can be written again. This fault does not count as a failed attempt at any letter. " +
				"Free space on the disk or repair the device.",
		},
		Damaged: StorageText{
			Subject: "postald: the check of the game store found damage (%s)",
			Body: "postald's check of its store on %s found damage: %v.\n\n" +
				"A record of the archive was changed or a page of the file is damaged, so the store no longer proves " +
				"what it holds. postald goes on deciding letters. Restore the store from a backup made before the " +
				"damage, after checking the backup with postald judge verify (\"A damaged store\" in the administrator's guide).",
		},
		ClockBack: StorageText{
			Subject: "postald: the server's clock is behind the tournament's records (%s)",
			Body: "The clock of postald's server reads %s, before the store's latest record (%s). " +
				"Time does not run backward: until the clock catches up with that record, decisions are dated by it, " +
				"and no player is charged days for the gap.\n\n" +
				"Check the server's clock (time synchronisation, its battery, a date set by hand). " +
				"This letter is sent once for each time the clock falls behind.",
		},
		OwnCheckDown: StorageText{
			Subject: "postald: the senders of letters cannot be checked (%s)",
			Body: "Since %s postald cannot check the signatures and senders of letters (DKIM, SPF, DMARC): " +
				"the DNS does not answer (%s).\n\n" +
				"The players' letters are neither lost nor refused: they wait in the mailbox and are decided as soon " +
				"as the check can be done, their days counted from the day each arrived. " +
				"Tell the administrator ([trust] resolver in postald's configuration).",
		},
		Unchecked: StorageText{
			Subject: "postald: a letter held, its sender could not be checked (%s)",
			Body: "A letter received %s from %s is held: %s.\n\n" +
				"It waited in the mailbox for each try while the letters behind it were decided. It is kept in the quarantine " +
				"(postald judge quarantine) and listed in the daily digest. This notice is sent at most once a day.",
		},
		MailboxDown: StorageText{
			Subject: "postald: the tournament's mailbox cannot be read (%s)",
			Body: "Since %s postald cannot read the tournament's mailbox: %d attempts in a row failed, the last one so: %s.\n\n" +
				"The players' letters are not lost: they wait on the mail server and are decided as soon as postald can " +
				"read them again, their days counted from the day each arrived. Until then no move is forwarded. " +
				"Tell the administrator: postald check-config names what to change (\"The mail server\" in the " +
				"administrator's guide). This letter is sent once until the mailbox is read again.",
		},
		RegisteredSubject:     "%s: tournament registered",
		CaptainProtestSubject: func(code, game string) string { return code + " game " + game + ": a team captain's protest" },
		CaptainProtestJudge: func(team, captain, game, text string) string {
			return "Protest of the captain of the team \"" + team + "\" (" + captain + ") about game " + game + " (1.14.7, 4.1.12):\n" + text + "\n"
		},
		CaptainProtestSent: func(game, judge string) string {
			return "Your protest about game " + game + " has gone to the tournament's judge, " + judge + " (1.14.7, 4.1.12).\n"
		},
		RoundBye: func(round int, player string) string {
			return fmt.Sprintf("The bye of round %d (a plus, a point, 1.12.2): %s.", round, player)
		},
		RoundNotPaired: func(code string, round int) string {
			return fmt.Sprintf("Round %d of the tournament %s is not paired: no pairing keeps the absolute criteria of the Dutch system (C.04.3, C1–C3), and the rules leave the round to the arbiter. The tournament waits for his decision.\n", round, code)
		},
		RegisteredHead: func(code, name, variant string, players, games int, firstRound bool, start, end daysclock.Date) string {
			if firstRound {
				return fmt.Sprintf("Tournament %s %q is registered: %s, %s, %s in round 1, from %s to %s.\n\nGames of round 1 (White – Black):\n",
					code, name, variant, enPlayer.count(players), enGame.count(games), start, end)
			}
			return fmt.Sprintf("Tournament %s %q is registered: %s, %s, %s, from %s to %s.\n\nGames (White – Black):\n",
				code, name, variant, enPlayer.count(players), enGame.count(games), start, end)
		},
		RegisteredByes: func(players string, knockout bool) string {
			if knockout {
				return "Without a pairing in round 1, through to round 2 by the number of players: " + players + "."
			}
			return "The bye of round 1 (a plus, a point, 1.12.2): " + players + "."
		},
		ReportSubject: "%s: director's report %s",
	},

	Web: WebText{
		LangName: "English",
		SwitchTo: "This page in English",

		Tournaments:      "Correspondence tournaments",
		NoTournaments:    "No tournaments yet.",
		AllTournaments:   "All tournaments",
		BackToTournament: "Back to the tournament",
		Columns: WebColumns{
			Code: "Code", Name: "Tournament", Variant: "Game", Dates: "Dates", Games: "Games",
			Side: "Colour", Player: "Player", Days: "Days used", Penalty: "Penalty", Control: "Next control",
			LastDay: "Last day to move", MoveNumber: "No.", White: "White", Black: "Black",
		},
		Dates:         func(from, to string) string { return from + " to " + to },
		Games:         enGame.count,
		GamesPlaying:  func(n int) string { return fmt.Sprintf("%d in play", n) },
		GamesFinished: func(n int) string { return fmt.Sprintf("%d finished", n) },

		TournamentTitle: func(code, name string) string { return "Tournament " + code + " \"" + name + "\"" },
		GameTitle:       func(game, white, black string) string { return "Game " + game + ": " + white + " – " + black },
		Playing:         "The game goes on",
		Awaiting:        "The game awaits the judge's adjudication",
		Finished:        func(result string) string { return "The game is over: " + result },
		OnMove: func(white bool) string {
			if white {
				return "White to move"
			}
			return "Black to move"
		},
		MovesMade: func(n int) string { return enMove.count(n) + " made" },

		Board:         "The position on the board",
		StartPosition: "The start position",
		After:         func(move string) string { return "After move " + move },
		First:         "Start",
		Previous:      "Back",
		Next:          "Forward",
		Last:          "End",
		Keys:          "Step through the moves with the buttons or the arrow keys ← and →; click a move to see the position after it.",
		Moves:         "Moves",
		NoMoves:       "No moves yet.",
		Clocks:        "Thinking time",
		Rulings:       "The judge's rulings",
		NoRulings:     "The judge has made no ruling on this game.",
		DaysLeft:      func(n int) string { return enDay.count(n) + " left" },
		Overdue:       func(n int) string { return enDay.count(n) + " overdue" },
		GamePDN:       "Download the game (PDN)",
		GamesPDN:      "Download every game of the tournament (PDN)",
		Private:       "Proposed variants and the players' letters are not shown: they stay private until the moves are played.",
		NotFound:      "There is no such page.",
		Failed:        "The page could not be shown; please try again later.",
	},

	Channels: ChannelText{
		Card:      "card",
		Call:      "call",
		CardTitle: "The move came by post, on a card",
		CallTitle: "The move came by telephone",
		Post:      enByPost,
		Phone:     enByPhone,
	},

	Lots: LotsText{
		RevealedSubject: func(code string) string { return code + ": the lot revealed" },
		RevealedBody:    enRevealed,
		Drawn:           "drawn by lot",
		Registered: func(l StartLot) string {
			what := "The opening of every pair of players (1.6.4) was"
			switch {
			case l.Numbers && l.Openings != "":
				what = "The players' numbers (and with them the colours) and the opening of every pair (1.6.4) were"
			case l.Numbers:
				what = "The players' numbers (and with them the colours) were"
			case l.Ties:
				return "Who goes through a pairing still tied will be drawn by lot from a secret seed made at\nregistration. Its SHA-256, which every start letter gives:\n    " + l.Hash +
					"\nThe seed is revealed to everyone when the last game is finished (or earlier by the judge:\npostald lots reveal); postald lots verify recomputes every draw from it.\n"
			}
			return what + " drawn by lot from a secret seed.\nIts SHA-256, which every start letter gives:\n    " + l.Hash +
				"\nThe seed is revealed to everyone when the last game is finished (or earlier by the judge:\npostald lots reveal); postald lots verify recomputes every draw from it.\n"
		},
		Opening: func(name string) string { return "opening \"" + name + "\"" },
	},
	Delivery: enDelivery,
	Sheet:    enSheet,
	Picture: PictureText{
		ToMove: "In the picture, the piece with a triangle to the right of the board shows whose move it is: at the bottom, White's; at the top, Black's.",
	},
}

// The English words that go with numbers.
var (
	enDay        = counted{plural.Word{One: "day", Many: "days"}, plural.English}
	enPenaltyDay = counted{plural.Word{One: "penalty day", Many: "penalty days"}, plural.English}
	enGame       = counted{plural.Word{One: "game", Many: "games"}, plural.English}
	enMove       = counted{plural.Word{One: "move", Many: "moves"}, plural.English}
	enPlayer     = counted{plural.Word{One: "player", Many: "players"}, plural.English}
	enTournament = counted{plural.Word{One: "tournament", Many: "tournaments"}, plural.English}
	enOpening    = counted{plural.Word{One: "opening", Many: "openings"}, plural.English}
	enFirstMove  = counted{plural.Word{One: "legal first move", Many: "legal first moves"}, plural.English}
	enRound      = counted{plural.Word{One: "round", Many: "rounds"}, plural.English}
	enTeam       = counted{plural.Word{One: "team", Many: "teams"}, plural.English}
)

// enMatchBody is the English letter to a captain on a complete match of his team.
func enMatchBody(m MatchLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("To the captain of the team \"%s\".", m.Team)
	w("")
	w("Tournament %s \"%s\", round %d: the match \"%s\" – \"%s\" is over, %s:%s.", m.Code, m.Name, m.Round, m.Home, m.Away, m.HomeScore, m.AwayScore)
	w("")
	w("The games of the match (board, White, Black, result):")
	for _, g := range m.Games {
		w("  %s  board %s  %s – %s  %s", g.Name, g.Board, g.White, g.Black, g.Result)
	}
	w("")
	w("Your team is now in place %s, with %s.", m.Place, enPoints(m.Points))
	w("The captain speaks for the team with the judges and sends its protests in writing (1.14.7).")
	return b.String()
}

// enRoundGames writes a round's games of the reader's (a Swiss round's, a knockout's pairing),
// each with his colour and his partner, as the partner plays.
func enRoundGames(w func(string, ...any), games []StartGame) {
	for _, g := range games {
		colour := "Black"
		if g.White {
			colour = "White"
		}
		switch g.PartnerChannel {
		case "post":
			w("Game %s: you play %s against %d. %s (%s).", g.Name, colour, g.Partner, g.PartnerName, enByPost)
		case "phone":
			w("Game %s: you play %s against %d. %s (%s).", g.Name, colour, g.Partner, g.PartnerName, enByPhone)
		default:
			w("Game %s: you play %s against %d. %s <%s>.", g.Name, colour, g.Partner, g.PartnerName, g.PartnerEmail)
		}
	}
}

// enRoundBody is the English letter of a Swiss round after the first.
func enRoundBody(r RoundLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Dear %s,", r.Player)
	w("")
	w("Tournament %s \"%s\": round %d of %d is paired. Before it you have %s, place %s.", r.Code, r.Name, r.Round, r.Rounds, enPoints(r.Points), r.Place)
	w("")
	if r.Bye {
		w("You have no game in this round (an odd number of players): you score a plus, a point (1.12.2, 1.13.11).")
	}
	enRoundGames(w, r.Games)
	if len(r.Games) > 0 {
		w("")
		w("Send your moves to %s as before, with the subject: %s", r.Address, r.SampleSubject)
		w("Your thinking time counts from the day after you receive this letter (4.3.2).")
	}
	if !r.Ends.IsZero() && len(r.Games) > 0 {
		w("Play in this round ends on %s (4.3.2): a game not finished by then goes to the judge for adjudication.", r.Ends)
	}
	if r.Round < r.Rounds {
		w("The next round is paired when the last game of this one is finished.")
	} else {
		w("This is the last round of the tournament.")
	}
	return b.String()
}

// enLongDate writes a date for people: "1 November 2026".
func enLongDate(d daysclock.Date) string { return fmt.Sprintf("%d %s %d", d.Day, d.Month, d.Year) }

// enStartBody is the English start letter.
func enStartBody(s Start) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Dear %s,", s.Player)
	w("")
	system := s.System
	if system == "" {
		system = map[int]string{1: "round-robin", 2: "double round-robin"}[s.Rounds]
	}
	w("You play in the correspondence tournament %s \"%s\": %s, a %s.", s.Code, s.Name, s.Variant, system)
	if s.Latin != "" {
		w("The tournament code may also be written in Latin letters: %s.", s.Latin)
	}
	switch {
	case s.Team != "" && s.Board == 0:
		w("You are a reserve of the team \"%s\" (one of %s), captain %s. You will have games", s.Team, enTeam.count(s.Teams), s.Captain)
		w("when the director enters you in the line-up; a letter then gives them (1.14.2). Your number is %d.", s.Number)
	case s.Team != "":
		w("You play for the team \"%s\" on board %d (one of %s), captain %s.", s.Team, s.Board, enTeam.count(s.Teams), s.Captain)
		if len(s.Games) > 1 {
			w("Your number is %d. You have %s, all played at the same time; the colours go by the", s.Number, enGame.count(len(s.Games)))
			w("first board (1.14.3).")
		} else {
			w("Your number is %d. You have %s; the colours go by the first board (1.14.3).", s.Number, enGame.count(len(s.Games)))
		}
	case s.Knockout.Rounds > 0:
		enKnockoutStart(w, s)
	case s.Round > 0:
		w("Your number is %d. %s, %s. Each round is paired by the Swiss system (FIDE Dutch", s.Number, enPlayer.count(s.Players), enRound.count(s.Rounds))
		w("system) when the last game of the round before is finished, and its letters go out at once.")
	default:
		w("Your number is %d. %s, %s each, all played at the same time.", s.Number, enPlayer.count(s.Players), enGame.count(len(s.Games)))
	}
	w("")
	w("The rules in brief")
	switch {
	case s.ByLetter && s.PlayFrom.IsZero():
		w("- Play starts on %s; if this letter reaches you later, your play starts the day", enLongDate(s.Start))
		w("  after you receive it (4.3.2).")
	case s.ByLetter:
		w("- The tournament started on %s; your play starts the day after you receive", enLongDate(s.Start))
		w("  this letter (4.3.2).")
	case s.PlayFrom.IsZero():
		w("- Play starts on %s.", enLongDate(s.Start))
	default:
		w("- The tournament started on %s; you receive this letter later, so your play starts on %s,", enLongDate(s.Start), enLongDate(s.PlayFrom))
		w("  the day after you receive it (4.3.2).")
	}
	w("- Games unfinished on %s go to adjudication: within %s both partners send their", enLongDate(s.End), enDay.count(s.AdjudicationDays))
	w("  evaluation of the position and their analysis, then the judge decides (4.3.2).")
	w("- Thinking time: %s for every %s, counted cumulatively (4.3.1).", enDay.count(s.ControlDays), enMove.count(s.ControlMoves))
	switch {
	case s.Overstep == "forfeit" && (s.Channel == "post" || s.Channel == "phone"):
		w("- Overstepping a time control loses the game: the loss is scored at once (4.3.1); when you")
		w("  are silent past your last day, your card or call may not have reached postald yet: the judge decides (4.1.7).")
	case s.Overstep == "forfeit":
		w("- Overstepping a time control loses the game: the loss is scored at once (4.3.1).")
	default:
		w("- An overstep of a time control is recorded, and the judge decides whether it loses the game (4.1.7, 4.3.1).")
	}
	w("- An impossible or wrongly written move costs %s of thinking time (4.2.11).", enDay.count(s.PenaltyDays))
	if len(s.Reminders) == 0 {
		w("- No reminders are sent: keep an eye on your time yourself.")
	} else {
		var at []string
		for _, d := range s.Reminders {
			at = append(at, enDay.count(d))
		}
		w("- If you are on move and have not answered, a reminder comes %s before a control's last day.", strings.Join(at, " and "))
	}
	w("- If you are on move and write nothing for %s, the judge is told (4.1.7).", enDay.count(s.SilenceDays))
	w("- Days are counted by the calendar of %s.", s.Zone)
	w("- Leave: up to %s in the tournament; announce it by letter before its first day, and your", enDay.count(s.LeaveDays))
	w("  clock stops on those days (4.1.3).")
	if s.Team != "" {
		w("- The team's protests go to the judge, %s, from its captain, in writing, within %s (4.1.12, 1.14.7).", s.Judge, enDay.count(s.ProtestDays))
	} else {
		w("- Protests go to the judge, %s, within %s (4.1.12).", s.Judge, enDay.count(s.ProtestDays))
	}
	w("")
	switch {
	case s.Knockout.Rounds > 0 && s.Knockout.Bye:
		w("You have no pairing in round 1 (a bye, for the number of players): you go through to round 2,")
		w("whose letter comes when your partner there is known.")
	case s.Knockout.Rounds > 0:
		w("Your pairing of round 1")
	case s.Round > 0 && len(s.Games) == 0:
		w("You have no game in round %d (an odd number of players): you score a plus, a point (1.12.2, 1.13.11).", s.Round)
	case s.Round > 0 && !s.RoundEnds.IsZero():
		w("Your game of round %d (play in it ends on %s, 4.3.2: a game not finished by then goes to the judge for adjudication)", s.Round, s.RoundEnds)
	case s.Round > 0:
		w("Your game of round %d", s.Round)
	case len(s.Games) == 0:
		w("You have no games yet.")
	default:
		w("Your games")
	}
	for _, g := range s.Games {
		colour := "Black"
		if g.White {
			colour = "White"
		}
		if g.PartnerTeam != "" {
			colour += fmt.Sprintf(" on board %d", g.Board)
			g.PartnerName += fmt.Sprintf(" (\"%s\", board %d)", g.PartnerTeam, g.PartnerBoard)
		}
		switch g.PartnerChannel {
		case "post":
			w("- game %s: you play %s against %d. %s (%s)", g.Name, colour, g.Partner, g.PartnerName, enByPost)
		case "phone":
			w("- game %s: you play %s against %d. %s (%s)", g.Name, colour, g.Partner, g.PartnerName, enByPhone)
		default:
			w("- game %s: you play %s against %d. %s <%s>", g.Name, colour, g.Partner, g.PartnerName, g.PartnerEmail)
		}
		enStartOpening(w, g)
	}
	enStartLot(w, s.Lot)
	w("")
	w("How to send a move")
	switch s.Channel {
	case "post":
		w("You play by post (4.1.1, 4.2.1). Write every move on a card or in a letter, one game")
		w("per card, to the tournament captain:")
		for _, l := range s.CaptainAddress {
			w("    %s", l)
		}
		w("The captain enters it, postald checks it and forwards it to your partner. Your")
		w("sending date is the postmark; for registered mail, the date on the post office's")
		w("receipt; on a card without a legible postmark, the date you wrote (4.3.1). Your")
		w("partner's moves and postald's answers come to you on cards, at:")
		for _, l := range s.PostalAddress {
			w("    %s", l)
		}
		if s.PostDays > 0 {
			w("A card is counted %s on the way: your time runs from %s after the captain", enDay.count(s.PostDays), enDay.count(s.PostDays))
			w("posts it, reminders are posted %s earlier, and a silence becomes an overstep", enDay.count(s.PostDays))
			w("only when a card posted on your last day would have arrived (4.3.1).")
		} else {
			w("Your time runs from the day the captain posts a card to you (4.3.1).")
		}
		w("")
	case "phone":
		w("You play by telephone (4.1.1). Call the tournament captain at %s with every move;", s.CaptainPhone)
		w("he notes it, postald checks it and forwards it to your partner. The day of your call")
		w("is your sending date. The captain calls you at %s with your partner's moves", s.Phone)
		w("and postald's answers; your time runs from the day of his call (4.3.1). Say the move")
		w("as you would write it:")
		w("")
	default:
		w("Write every move to %s, one game per letter; postald checks it, stamps the dates", s.Address)
		w("and forwards it to your partner. Name the game in the subject:")
		w("")
		w("    Subject: %s", s.SampleSubject)
		w("")
	}
	w("    Tournament %s, game %s.", s.SampleCode, s.SampleGame)
	w("    Received your %s.", s.Received)
	w("    My move: %s", s.Own)
	w("    Dates: %s, %s, %s", s.SampleDates[0], s.SampleDates[1], s.SampleDates[2])
	w("    Time: %s", s.SampleTime)
	w("")
	if s.SampleOnly {
		w("Instead of \"(game number)\" write your game's number: the letter that opens it names it.")
		w("")
	}
	w("Repeat your partner's last move, then give yours with its number; add the three dates")
	w("(your partner's sending date, the day you received it, the day of your reply) and the")
	w("time used so far, White's days over Black's (4.2.3, 4.3.1). White's first move needs no")
	w("repetition. postald records the dates itself from the post: where yours differ, its own")
	w("stand and it tells you (4.3.1).")
	w("")
	w("Good luck!")
	w("The tournament captain (postald). The judge: %s", s.Judge)
	return b.String()
}

// enStartOpening writes the opening drawn for game g under its line of the start letter.
func enStartOpening(w func(string, ...any), g StartGame) {
	if g.Opening == "" {
		return
	}
	line := fmt.Sprintf("\"%s\"", g.Opening)
	switch {
	case g.Setup && g.OpeningMoves != "":
		line += " from its own starting position: " + g.OpeningMoves
	case g.Setup:
		line += ", its own starting position"
	case g.OpeningMoves != "":
		line += ": " + g.OpeningMoves
	}
	if g.OnMove {
		w("  opening drawn: %s; then you are on move", line)
	} else {
		w("  opening drawn: %s; then your partner is on move", line)
	}
}

// enStartLot writes the start letter's paragraph on the lots: what was drawn and the hash of
// the seed, to be checked when it is revealed.
func enStartLot(w func(string, ...any), l StartLot) {
	if l.Hash == "" {
		return
	}
	w("")
	w("The lot")
	switch {
	case l.Numbers && l.Openings != "":
		w("postald drew by lot the players' numbers, which give every game its colours by the")
		w("order of play, and the opening of every pair of players (1.6.4), from a secret seed.")
	case l.Numbers:
		w("postald drew the players' numbers by lot, which give every game its colours by the")
		w("order of play, from a secret seed.")
	case l.Ties:
		w("postald draws by lot who goes through a pairing still tied after its games, from a secret")
		w("seed made before play: each lot is the seed's draw labelled \"knockout\", the round and")
		w("the two numbers, such as \"knockout 2 3-6\".")
	default:
		w("postald drew the opening of every pair of players by lot (1.6.4), from a secret seed.")
	}
	w("The seed's SHA-256 is")
	w("    %s", l.Hash)
	w("Keep this letter: when the tournament is finished, the seed is revealed to everyone, and")
	if l.Ties {
		w("anyone can check that its SHA-256 is this one and that it gives every lot drawn from it.")
	} else {
		w("anyone can check that its SHA-256 is this one and that it gives exactly these draws.")
	}
	if l.Openings == "" {
		return
	}
	if l.Openings == "first-move" {
		w("White's first move was drawn among his %s.", enFirstMove.count(l.Lines))
	} else {
		w("The opening was drawn among the %s of the tournament's list.", enOpening.count(l.Lines))
	}
	w("Every game begins with its drawn moves on the board: nobody repeats them and they cost")
	w("nobody days. A time control counts each player's own moves, so its last move comes as")
	w("many moves later as the drawn moves of his colour.")
}

// enRevealed is the letter revealing the seed of a tournament's lots.
func enRevealed(r Revealed) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("The lots of the tournament %s \"%s\" are revealed.", r.Code, r.Name)
	w("")
	w("Before play postald drew them from a secret seed of 32 bytes, and every start letter")
	w("gave the seed's SHA-256:")
	w("    %s", r.Hash)
	if r.Finished {
		w("The tournament is finished, and the seed is:")
	} else {
		w("The judge reveals the seed (%s):", r.Reason)
	}
	w("    %s", r.Seed)
	w("")
	w("Anyone can check the lots. The SHA-256 of the seed's 32 bytes must be the hash above, and")
	w("every draw follows from the seed: a draw is named by its label, and its blocks, numbered")
	w("0, 1, 2, …, are HMAC-SHA256 keyed with the seed's 32 bytes over the text LABEL:NUMBER")
	w("(\"numbers:0\", \"numbers:1\", …). A choice among several takes the next block and reads")
	w("its first 8 bytes as an unsigned number, the first byte the highest. When that number is")
	w("at least 2^64 less the remainder of 2^64 divided by the count of choices, the block is")
	w("skipped; otherwise the choice is the remainder of the number divided by the count, the")
	w("choices counted from 0.")
	if len(r.Order) > 0 {
		w("")
		w("The players' numbers (label \"numbers\"). The players in the order of the start sheet,")
		w("at the places 0, 1, 2, …:")
		for i, name := range r.Listed {
			w("    %d. %s", i, name)
		}
		w("are shuffled from the last place down to place 1: at each place the next choice among")
		w("that place's number plus one gives the place it is swapped with. The player then at the")
		w("first place gets number 1, at the second number 2, and so on:")
		for k, at := range r.Order {
			if at >= 1 && at <= len(r.Listed) {
				w("    %d: %s", k+1, r.Listed[at-1])
			}
		}
	}
	if len(r.Openings) > 0 {
		w("")
		w("The openings (label \"opening A-B\", A and B the pair's numbers, the lower first: one")
		w("choice among the %s below; the choice 0 is the first).", enOpening.count(len(r.Lines)))
		for i, l := range r.Lines {
			w("    %d. %s", i+1, l)
		}
		for _, o := range r.Openings {
			w("    %s, games %s: opening %d", o.Label, strings.Join(o.Games, ", "), o.Line)
		}
	}
	if len(r.Ties) > 0 {
		w("")
		w("The knockout's tied pairings (label \"knockout R A-B\", R the round, A and B the two")
		w("numbers, the lower first: one choice among 2; 0 sends A through, 1 B).")
		for _, t := range r.Ties {
			w("    %s: %d, %s goes through", t.Label, t.Choice, t.Through)
		}
	}
	w("")
	w("The tournament captain (postald)")
	return b.String()
}

// The English words of the office's letters that go with numbers.
var (
	enLetter = counted{plural.Word{One: "letter", Many: "letters"}, plural.English}
	enByte   = counted{plural.Word{One: "byte", Many: "bytes"}, plural.English}
	enTime   = counted{plural.Word{One: "time", Many: "times"}, plural.English}
)

// How a player plays, after his name: in the views (ChannelText) and in the start letter.
const (
	enByPost  = "by post"
	enByPhone = "by telephone"
)

// enReserveBody is the English letter about a reserve the director entered.
func enReserveBody(r ReserveLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if r.Player != "" {
		w("Dear %s,", r.Player)
		w("")
	}
	w("Tournament %s \"%s\": in the team \"%s\" the reserve %s plays instead of %s (1.14.2).", r.Code, r.Name, r.Team, r.In, r.Out)
	if r.Reason != "" {
		w("Reason: %s", r.Reason)
	}
	w("")
	w("The games without a move yet go to the new players: each old game is annulled and counts for")
	w("no one, and a new one with the same colours and board is played instead:")
	for _, g := range r.Games {
		w("  game %s instead of %s: White %s, Black %s", g.New, g.Old, g.White, g.Black)
	}
	if r.Player != "" {
		w("")
		w("Send your moves in the new game to %s as before, naming it in the subject.", r.Address)
		w("White's time counts from the day after this letter is received (4.3.2).")
	}
	return b.String()
}

// enSwissEnded is the letter of a tournament's end: the final standings.
func enSwissEnded(e SwissEnded) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if e.Player != "" {
		w("Dear %s,", e.Player)
		w("")
	}
	if e.Rounds > 0 {
		w("Tournament %s \"%s\": all %d rounds are played; the tournament is over.", e.Code, e.Name, e.Rounds)
	} else {
		w("Tournament %s \"%s\": all games are played; the tournament is over.", e.Code, e.Name)
	}
	switch {
	case e.Player != "" && e.Team != "" && e.Place != "":
		w("Your team \"%s\" finished in place %s, with %s.", e.Team, e.Place, enPoints(e.Points))
	case e.Player != "" && e.Team == "" && e.Place != "":
		w("Your place: %s, with %s.", e.Place, enPoints(e.Points))
	case e.Player != "" && e.Team == "" && e.Rounds == 0:
		w("Your results are struck out (1.10.2): you take no place.")
	}
	w("")
	w("The final standings:")
	w("")
	b.WriteString(e.Standings)
	return b.String()
}

// enKnockoutEvent words a step of a knockout's bracket.
func enKnockoutEvent(e KnockoutEvent) string {
	stage := enKnockoutRound(e.Round, e.Rounds)
	switch {
	case e.Winner != "" && e.How != "":
		return fmt.Sprintf("the final is decided (%s; %s); the winner is %s", e.Score, e.How, e.Winner)
	case e.Winner != "":
		return "the final is decided; the winner is " + e.Winner
	case e.Through != "":
		return fmt.Sprintf("round %d (%s), pairing %d decided (%s; %s): %s goes through", e.Round, stage, e.Slot, e.Score, e.How, e.Through)
	case e.Withdrew != "":
		return fmt.Sprintf("round %d (%s), pairing %d: %s withdrew and loses it (1.10)", e.Round, stage, e.Slot, e.Withdrew)
	case e.Extra:
		return fmt.Sprintf("round %d (%s), pairing %d: tied %s, extra games opened (1.11)", e.Round, stage, e.Slot, e.Score)
	}
	return fmt.Sprintf("round %d (%s), pairing %d opened: %s – %s", e.Round, stage, e.Slot, e.A, e.B)
}

// enKnockoutTie is the letter of a tied pairing the lot or the seeds decided.
func enKnockoutTie(k KnockoutTie) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Dear %s,", k.Player)
	w("")
	if k.Extra != "" {
		w("Tournament %s \"%s\": your pairing of round %d (the %s) is tied, %s, and so are its extra games, %s.", k.Code, k.Name, k.Round, enKnockoutRound(k.Round, k.Rounds), k.Score, k.Extra)
	} else {
		w("Tournament %s \"%s\": your pairing of round %d (the %s) is tied, %s.", k.Code, k.Name, k.Round, enKnockoutRound(k.Round, k.Rounds), k.Score)
	}
	if k.Lot != "" {
		w("The lot \"%s\", drawn from the seed whose hash your start letter gave, decides it (1.11): %s goes through.", k.Lot, k.Through)
		if k.Revealed {
			w("The tournament is over, and the seed is revealed in the letter that came with this one: anyone can check the lot.")
		} else {
			w("The seed is revealed when the last game of the tournament ends, and anyone can check the lot.")
		}
	} else {
		w("By the regulation the higher seed goes through (1.11): %s.", k.Through)
	}
	switch {
	case k.Mine && k.Round < k.Rounds:
		w("The letter of your next pairing comes as soon as your partner is known.")
	case !k.Mine:
		w("You leave the tournament. Thank you for playing!")
	}
	return b.String()
}

// enPoints writes a number of points as the letters give it ("1", "½", "1½") with its noun:
// "1 point", "½ point", "0 points", "1½ points".
func enPoints(points string) string {
	if points == "1" || points == "½" {
		return points + " point"
	}
	return points + " points"
}
