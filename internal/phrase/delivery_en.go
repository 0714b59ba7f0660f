package phrase

import (
	"strconv"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// enHour counts hours in English.
var enHour = counted{plural.Word{One: "hour", Many: "hours"}, plural.English}

// enLetterNotDelivered counts the letters in the judges' letter about late letters.
var enLetterNotDelivered = counted{plural.Word{One: "letter not delivered", Many: "letters not delivered"}, plural.English}

var enDelivery = DeliveryText{
	Sent: "sent", Delivered: "delivered", Relayed: "relayed", Delayed: "delayed",
	Failed: "not delivered", Unsent: "not sent yet", Card: "by card",

	NotReachedSubject: func(code, game string) string {
		return code + ", game " + game + ": your move did not reach your partner"
	},
	NotReached: func(moved daysclock.Date, partner, address, words string) string {
		return "Your move of " + moved.String() + " did not reach your partner (" + partner + "): the mail server of " +
			address + " returned the letter, saying \"" + words + "\"."
	},
	ThenSecond: func(address string) string {
		return "The letter has been sent at once to your partner's second address, " + address + "."
	},
	ThenPost:   "The letter goes to your partner by post, on a card.",
	ThenJudge:  "The judge decides how the letter is to reach him; you will be told.",
	NotStarted: "Your partner's time does not run: it starts on the day the move reaches him (4.3.1). Your own time does not run either.",
	ReachedSubject: func(code, game string) string {
		return code + ", game " + game + ": your move reached your partner"
	},
	Reached: func(partner string, on daysclock.Date) string {
		return "Your move reached your partner (" + partner + ") on " + on.String() + "; his time runs from that day (4.3.1)."
	},

	FailedSubject: func(code, address string) string {
		return code + ": a letter to " + address + " was not delivered"
	},
	FailedIntro: func(sent, to, subject, where string) string {
		return "The letter sent on " + sent + " to " + to + " (\"" + subject + "\", " + where + ") was not delivered."
	},
	FailedWords: func(words, server string) string {
		if server == "" {
			return "The mail server said: \"" + words + "\"."
		}
		return "The mail server " + server + " said: \"" + words + "\"."
	},
	FailedRefused: "The tournament's own mail server did not take it.",
	FailedMove: func(player, side string) string {
		return "It brought " + player + " (" + side + ") his partner's move: his time does not run until the move reaches him (4.3.1)."
	},
	FailedSecond: func(address string) string {
		return "The letter has been sent at once to the player's second address, " + address + "."
	},
	FailedCard: "The letter is among the cards to post to the player's postal address.",
	FailedResend: func(command string) string {
		return "To send it again (to the same address or another): " + command
	},
	FailedReport: func(command string) string {
		return "The report of its failure is kept in the game's archive: " + command
	},

	LateSubject: func(code string, n int) string {
		return code + ": " + enLetterNotDelivered.count(n)
	},
	LateIntro: func(hours int) string {
		return "These letters were sent more than " + enHour.count(hours) + " ago, and no mail server has yet reported them delivered:"
	},
	LateItem: func(sent, to, subject, where, state string) string {
		return sent + "  " + to + "  \"" + subject + "\"  " + where + "  (" + state + ")"
	},
	LateOutro: func(command string) string {
		return "If a player did not receive his letter, it can be sent again: " + command
	},

	RulingResend: func(letter int, sent, address, reason string) string {
		return "Letter no. " + strconv.Itoa(letter) + " of " + sent + " has been sent again to " + address + ". Reason: " + reason
	},
	RulingClock: "The time of the player to whom it brings his partner's move runs from the day it reaches him (4.3.1).",

	Where: func(game string, letter int) string { return "game " + game + ", letter " + strconv.Itoa(letter) },

	HeldReport: func(named string, forged bool) string {
		if forged {
			return "a delivery report whose letter token does not verify: not believed (" + named + ")"
		}
		return "a delivery report without the token of a letter postald sent: not believed (" + named + ")"
	},
	HeldNames: func(letter int, game string) string {
		return "it names letter " + strconv.Itoa(letter) + " (" + game + ")"
	},
	HeldNamesNothing: "it names no letter of postald's",

	ListUndelivered: func(side string) string { return side + ", move not delivered" },
	ShowDelivery: func(state, note string) string {
		if note == "" {
			return "delivery: " + state
		}
		return "delivery: " + state + " (" + note + ")"
	},
	ShowResends:  func(letter int) string { return "letter " + strconv.Itoa(letter) + " sent again" },
	ShowReportOn: func(letter int) string { return "delivery report on letter " + strconv.Itoa(letter) },
}
