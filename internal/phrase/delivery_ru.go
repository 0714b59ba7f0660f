package phrase

import (
	"strconv"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// ruHour counts hours in Russian: «1 час», «2 часа», «24 часа».
var ruHour = counted{plural.Word{One: "час", Few: "часа", Many: "часов"}, plural.Russian}

// ruLetterNotDelivered counts the letters in the judges' letter about late letters.
var ruLetterNotDelivered = counted{plural.Word{One: "письмо не доставлено", Few: "письма не доставлены", Many: "писем не доставлено"}, plural.Russian}

var ruDelivery = DeliveryText{
	Sent: "отправлено", Delivered: "доставлено", Relayed: "передано дальше", Delayed: "задерживается",
	Failed: "не доставлено", Unsent: "ещё не отправлено", Card: "открыткой",

	NotReachedSubject: func(code, game string) string {
		return code + ", партия " + game + ": ход не дошёл до партнёра"
	},
	NotReached: func(moved daysclock.Date, partner, address, words string) string {
		return "Ваш ход от " + dotted(moved) + " не дошёл до партнёра (" + partner + "): почтовый сервер адреса " +
			address + " вернул письмо с ответом «" + words + "»."
	},
	ThenSecond: func(address string) string {
		return "Письмо сразу отправлено на второй адрес партнёра, " + address + "."
	},
	ThenPost:   "Письмо отправляется партнёру по почте открыткой.",
	ThenJudge:  "Как доставить письмо, решает судья; Вам сообщат.",
	NotStarted: "Время партнёра не идёт: оно начнётся со дня, когда ход до него дойдёт (п. 4.3.1). Ваше время тоже не идёт.",
	ReachedSubject: func(code, game string) string {
		return code + ", партия " + game + ": ход дошёл до партнёра"
	},
	Reached: func(partner string, on daysclock.Date) string {
		return "Ваш ход дошёл до партнёра (" + partner + ") " + dotted(on) + "; его время идёт с этого дня (п. 4.3.1)."
	},

	FailedSubject: func(code, address string) string {
		return code + ": письмо не доставлено на адрес " + address
	},
	FailedIntro: func(sent, to, subject, where string) string {
		return "Письмо, отправленное " + sent + " на адрес " + to + " («" + subject + "», " + where + "), не доставлено."
	},
	FailedWords: func(words, server string) string {
		if server == "" {
			return "Ответ почтового сервера: «" + words + "»."
		}
		return "Ответ почтового сервера " + server + ": «" + words + "»."
	},
	FailedRefused: "Его не принял сам почтовый сервер турнира.",
	FailedMove: func(player, side string) string {
		return "В письме был ход, которого ждёт " + player + " (" + side + "): его время не идёт, пока ход до него не дойдёт (п. 4.3.1)."
	},
	FailedSecond: func(address string) string {
		return "Письмо сразу отправлено на второй адрес участника, " + address + "."
	},
	FailedCard: "Письмо поставлено в очередь открыток для отправки по почте на почтовый адрес участника.",
	FailedResend: func(command string) string {
		return "Отправить письмо снова (на тот же или другой адрес): " + command
	},
	FailedReport: func(command string) string {
		return "Отчёт о недоставке хранится в архиве партии: " + command
	},

	LateSubject: func(code string, n int) string {
		return code + ": " + ruLetterNotDelivered.count(n)
	},
	LateIntro: func(hours int) string {
		return "Эти письма отправлены больше " + ruHour.count(hours) + " назад, но почтовые серверы ещё не сообщили, что они доставлены:"
	},
	LateItem: func(sent, to, subject, where, state string) string {
		return sent + "  " + to + "  «" + subject + "»  " + where + "  (" + state + ")"
	},
	LateOutro: func(command string) string {
		return "Если участник письма не получил, его можно отправить снова: " + command
	},

	RulingResend: func(letter int, sent, address, reason string) string {
		return "Письмо № " + strconv.Itoa(letter) + " от " + sent + " отправлено снова на адрес " + address + ". Основание: " + reason
	},
	RulingClock: "Время участника, которому письмо несёт ход партнёра, пойдёт со дня, когда письмо до него дойдёт (п. 4.3.1).",

	Where: func(game string, letter int) string {
		return "партия " + game + ", письмо № " + strconv.Itoa(letter)
	},

	HeldReport: func(named string, forged bool) string {
		if forged {
			return "отчёт о доставке с поддельной меткой письма: ему не верят (" + named + ")"
		}
		return "отчёт о доставке без метки письма турнира: ему не верят (" + named + ")"
	},
	HeldNames: func(letter int, game string) string {
		return "он называет письмо № " + strconv.Itoa(letter) + " (" + game + ")"
	},
	HeldNamesNothing: "письма турнира он не называет",

	ListUndelivered: func(side string) string { return side + ", ход не доставлен" },
	ShowDelivery: func(state, note string) string {
		if note == "" {
			return "доставка: " + state
		}
		return "доставка: " + state + " (" + note + ")"
	},
	ShowResends: func(letter int) string { return "письмо № " + strconv.Itoa(letter) + " снова" },
	ShowReportOn: func(letter int) string {
		return "отчёт о доставке письма № " + strconv.Itoa(letter)
	},
}
