package phrase

import "postald/internal/daysclock"

// DeliveryText is the words of the delivery of postald's letters (docs/judge.md, "Delivery"): a
// letter's delivery state as the judge's views write it, the letter to the player whose move did
// not reach his partner, the judges' letters about a letter that failed or is late, and the
// ruling that sends a letter again. Texts with arguments are typed function fields, as in
// OfficeText; the Russian texts take what is typed (an address, a command, the server's words)
// only as arguments.
type DeliveryText struct {
	// The delivery states: sent (the submission server took it), delivered, relayed (handed to a
	// server that reports no further), delayed, failed; Unsent for a letter not yet sent.
	Sent, Delivered, Relayed, Delayed, Failed, Unsent string
	// Card is the state of a letter that went as a card for the captain.
	Card string

	// To the player whose move did not reach his partner (referee.Mailed): the subject (code,
	// game); what happened (the day of his move, the partner's name, the address, the server's
	// words); what postald does now — sent at once to the partner's second address (which), sent
	// by post, or left to the judge —; and that the partner's time has not started (4.3.1).
	NotReachedSubject func(code, game string) string
	NotReached        func(moved daysclock.Date, partner, address, words string) string
	ThenSecond        func(address string) string
	ThenPost          string
	ThenJudge         string
	NotStarted        string
	// The move reached him after all (a letter sent again): the subject (code, game) and the
	// letter (the partner's name, the day his time runs from).
	ReachedSubject func(code, game string) string
	Reached        func(partner string, on daysclock.Date) string

	// The judges' letter about a letter that was not delivered: the subject (code, the
	// address); the letter (when it was sent, to whom, its subject, the game and its number in
	// judge show); the server's words and the server that said them ("" when not known); a letter
	// the submission server refused itself; the move it brought (the player, his side) and that
	// his clock has not started; what postald did: sent it to the second address (which) or as a
	// card; or the judge's command that sends it again; the report's place in the archive (the
	// command that shows it).
	FailedSubject func(code, address string) string
	FailedIntro   func(sent, to, subject, where string) string
	FailedWords   func(words, server string) string
	FailedRefused string
	FailedMove    func(player, side string) string
	FailedSecond  func(address string) string
	FailedCard    string
	FailedResend  func(command string) string
	FailedReport  func(command string) string

	// The judges' letter about letters still not delivered after [delivery] warn_after: the
	// subject (code, how many), the introduction (how many hours), one line per letter (when it
	// was sent, to whom, its subject, the game and its number, its state), and the end (the
	// judge's command that sends a letter again).
	LateSubject func(code string, n int) string
	LateIntro   func(hours int) string
	LateItem    func(sent, to, subject, where, state string) string
	LateOutro   func(command string) string

	// The ruling that sends a letter again (judge resend): the letter's number in judge show, when
	// it was sent, the address it goes to now, the reason; and, when it brings a player the move
	// he must answer, that his time runs from the day it reaches him (4.3.1).
	RulingResend func(letter int, sent, address, reason string) string
	RulingClock  string

	// Where a letter is, for the judge: its game and its number in judge show's list.
	Where func(game string, letter int) string

	// A delivery report that carries no secret of a letter postald sent, held for the judge (the
	// daily digest, judge quarantine): what it names (HeldNames: the letter's number and game,
	// or HeldNamesNothing) and whether it carries a secret that does not verify (forged).
	HeldReport       func(named string, forged bool) string
	HeldNames        func(letter int, game string) string
	HeldNamesNothing string

	// judge list and judge show: the side on move whose move has not reached him (the side's
	// word); a letter's delivery after its line (the state, the server's words).
	ListUndelivered func(side string) string
	ShowDelivery    func(state, note string) string
	// judge show: a letter that sends letter N again; a report about letter N.
	ShowResends  func(letter int) string
	ShowReportOn func(letter int) string
}
