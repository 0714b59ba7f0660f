package phrase

import "strconv"

// CLIDeliveryText is the command line's words about the delivery of postald's letters: judge
// resend's usage, its flags, its error and what it prints.
type CLIDeliveryText struct {
	Usage string
	// To, ClauseResend: the flags -to and -clause of judge resend.
	To, ClauseResend string
	// ResendArgs: judge resend typed without GAME N or its reason.
	ResendArgs string
	// Resent: the letter (game, number) sent again to the address.
	Resent func(game string, letter int, to string) string
	// The verdicts of judge show and judge letter: a delivery report received, a letter about
	// a delivery sent.
	VerdictReport, VerdictDelivery string
}

var ruCLIDelivery = CLIDeliveryText{
	Usage: `использование: postald judge resend [-config ФАЙЛ] ПАРТИЯ НОМЕР [-to АДРЕС] [-clause ПУНКТ] -reason ТЕКСТ

Отправляет снова письмо НОМЕР (номера — как в judge show), которое отправил postald: на тот же
адрес или на АДРЕС, с отметкой о повторной отправке (RFC 5322). Это решение судьи: оба участника, судья и
директор получают письмо с пунктом (по умолчанию п. 4.3.1) и основанием. Если письмо несёт ход,
который до участника не дошёл, его время пойдёт со дня, когда письмо до него дойдёт.
ПАРТИЯ может быть ТУРНИР/ — письмо самого турнира (стартовое).

пример:
  postald judge resend 3-7 12 -to petrov@mail.example -reason "опечатка в адресе"
`,
	To:           "адрес, куда отправить письмо (по умолчанию — прежний)",
	ClauseResend: "пункт правил (по умолчанию 4.3.1)",
	ResendArgs:   "нужно: ПАРТИЯ НОМЕР -reason ТЕКСТ",
	Resent: func(game string, letter int, to string) string {
		return "Письмо № " + strconv.Itoa(letter) + " партии " + game + " отправлено снова на адрес " + to
	},
	VerdictReport:   "отчёт о доставке",
	VerdictDelivery: "о доставке",
}

var enCLIDelivery = CLIDeliveryText{
	Usage: `usage: postald judge resend [-config FILE] GAME N [-to ADDRESS] [-clause CLAUSE] -reason TEXT

Sends letter N (as judge show numbers them), one postald sent, again: to the same address or to
ADDRESS, under RFC 5322's Resent-* fields. It is a ruling: both players, the judge and the
director get a letter with its clause (4.3.1 unless -clause says otherwise) and its reason. When
the letter brings a player a move that did not reach him, his time runs from the day it does.
GAME may be TOURNAMENT/, for a letter of the tournament's own (a start letter).

example:
  postald judge resend 3-7 12 -to petrov@mail.example -reason "a typo in the address"
`,
	To:           "the address to send it to (default: the one it went to)",
	ClauseResend: "the clause of the rules (default 4.3.1)",
	ResendArgs:   "want: GAME N -reason TEXT",
	Resent: func(game string, letter int, to string) string {
		return "Letter " + strconv.Itoa(letter) + " of " + game + " sent again to " + to
	},
	VerdictReport:   "delivery report",
	VerdictDelivery: "about delivery",
}
