package phrase

import (
	"fmt"
	"strconv"
	"strings"

	"postald/internal/plural"
)

// enPairing counts pairings in English.
var enPairing = counted{plural.Word{One: "pairing", Many: "pairings"}, plural.English}

// The knockout's words (seed 003, 1.2 «олимпийская (с выбыванием)»), in both languages.

func enKnockoutName(players int) string {
	return "knockout tournament (the loser leaves) of " + enPlayer.count(players)
}

func ruKnockoutName(players int) string {
	return "турнир по олимпийской системе (с выбыванием), " + ruPlayer.count(players)
}

// enKnockoutRound names round r of a knockout of rounds rounds by what is left: the final, the
// semi-finals, …
func enKnockoutRound(r, rounds int) string {
	switch rounds - r {
	case 0:
		return "final"
	case 1:
		return "semi-final"
	case 2:
		return "quarter-final"
	}
	return "round " + strconv.Itoa(r)
}

func ruKnockoutRound(r, rounds int) string {
	switch rounds - r {
	case 0:
		return "финал"
	case 1:
		return "полуфинал"
	}
	return "1/" + strconv.Itoa(1<<(rounds-r)) + " финала"
}

func enKnockoutHow(how, lot string) string {
	switch how {
	case "won":
		return "won"
	case "extra":
		return "tie: extra games (1.11)"
	case "lot":
		return "tie: lot \"" + lot + "\""
	case "higher-seed":
		return "tie: higher seed"
	case "bye":
		return "bye"
	case "withdrawal":
		return "withdrawal (1.10)"
	}
	return "in play"
}

func ruKnockoutHow(how, lot string) string {
	switch how {
	case "won":
		return "выигрыш"
	case "extra":
		return "ничья: дополнительные партии (п. 1.11)"
	case "lot":
		return "ничья: жребий «" + lot + "»"
	case "higher-seed":
		return "ничья: высший посев"
	case "bye":
		return "без игры"
	case "withdrawal":
		return "выбытие (п. 1.10)"
	}
	return "идёт игра"
}

// enKnockoutStart is the knockout's paragraph of the start letter, after the player's number.
func enKnockoutStart(w func(string, ...any), s Start) {
	k := s.Knockout
	// The number of players is in the letter's first paragraph already: the rounds alone here.
	w("Your number is %d, your seed (1 the strongest). %s; the loser of a pairing", s.Number, capital(enRound.count(k.Rounds)))
	if k.Micromatch == 1 {
		w("leaves (1.2). A pairing is one game, the higher seed White.")
	} else {
		w("leaves (1.2). A pairing is a micromatch of %s, colours alternating, the higher seed White", enGame.count(k.Micromatch))
		w("in the first (1.11); it is won with more than half of its points.")
	}
	w("On a tie: %s.", enTie(k))
	w("The pairing of the next round opens as soon as both pairings feeding it are decided, and")
	w("its letters go out at once.")
}

func enTie(k KnockoutStart) string {
	last := "the lot, drawn from the seed committed to below"
	if k.Tie == "higher-seed" {
		last = "the higher seed goes through"
	}
	if k.Extra > 0 {
		extra := "one extra game, the colours reversed"
		if k.Extra > 1 {
			extra = "an extra micromatch of " + enGame.count(k.Extra) + ", colours continuing to alternate"
		}
		return extra + ";\nif still tied, " + last
	}
	return last
}

func ruKnockoutStart(w func(string, ...any), s Start) {
	k := s.Knockout
	// The number of players is in the letter's first paragraph already: the rounds alone here.
	w("Ваш номер — %d, он же Ваш посев (1 — сильнейший). Туров: %d; проигравший встречу", s.Number, k.Rounds)
	if k.Micromatch == 1 {
		w("выбывает (п. 1.2). Встреча — одна партия, высший посев играет белыми.")
	} else {
		w("выбывает (п. 1.2). Встреча — микроматч из %s, цвет меняется от партии к партии, высший", ruGameGenitive(k.Micromatch))
		w("посев играет белыми в первой (п. 1.11); побеждает набравший больше половины очков.")
	}
	w("При ничьей: %s.", ruTie(k))
	w("Встреча следующего тура назначается, как только решены обе встречи, которые к ней ведут;")
	w("письма о ней уходят сразу.")
}

func ruGameGenitive(n int) string {
	if n%10 == 1 && n%100 != 11 {
		return strconv.Itoa(n) + " партии"
	}
	return strconv.Itoa(n) + " партий"
}

func capital(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

func ruTie(k KnockoutStart) string {
	last := "жребий по секретному ключу, о котором сказано ниже"
	if k.Tie == "higher-seed" {
		last = "проходит высший посев"
	}
	if k.Extra > 0 {
		extra := "дополнительная партия с переменой цвета"
		if k.Extra > 1 {
			extra = "дополнительный микроматч из " + ruGameGenitive(k.Extra) + ", цвет меняется дальше"
		}
		return extra + ";\nпри новой ничьей — " + last
	}
	return last
}

// enKnockoutBody is the English letter of a knockout's new pairing or extra games.
func enKnockoutBody(k KnockoutLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Dear %s,", k.Player)
	w("")
	stage := enKnockoutRound(k.Round, k.Rounds)
	if k.Extra {
		w("Tournament %s \"%s\", %s: your micromatch is tied %s. By the regulation an extra", k.Code, k.Name, stage, k.Score)
		w("micromatch decides (1.11):")
	} else {
		w("Tournament %s \"%s\": you go through to round %d of %d, the %s.", k.Code, k.Name, k.Round, k.Rounds, stage)
		w("Your pairing:")
	}
	w("")
	enRoundGames(w, k.Games)
	w("")
	w("Send your moves to %s as before, with the subject: %s", k.Address, k.SampleSubject)
	w("Your thinking time counts from the day after you receive this letter (4.3.2).")
	return b.String()
}

func ruKnockoutBody(k KnockoutLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Здравствуйте, %s!", k.Player)
	w("")
	stage := ruKnockoutRound(k.Round, k.Rounds)
	if k.Extra {
		w("Турнир %s «%s», %s: Ваш микроматч закончился вничью, %s. По регламенту победителя", k.Code, k.Name, stage, k.Score)
		w("определит дополнительный микроматч (п. 1.11):")
	} else {
		w("Турнир %s «%s»: Вы вышли в %d-й тур из %d (%s).", k.Code, k.Name, k.Round, k.Rounds, stage)
		w("Ваша встреча:")
	}
	w("")
	ruRoundGames(w, k.Games)
	w("")
	w("Ходы присылайте, как прежде, на %s; в теме письма: %s", k.Address, k.SampleSubject)
	w("Время на обдумывание считается со дня, следующего за получением этого письма (п. 4.3.2).")
	return b.String()
}

func enKnockoutWonSubject(code string) string { return code + ": the winner" }
func ruKnockoutWonSubject(code string) string { return code + ": победитель" }

func enKnockoutWonBody(k KnockoutWon) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if k.Player != "" {
		w("Dear %s,", k.Player)
		w("")
	}
	w("Tournament %s \"%s\": the final is decided. The winner is %s.", k.Code, k.Name, k.Winner)
	w("")
	w("The bracket:")
	w("")
	b.WriteString(k.Bracket)
	return b.String()
}

func ruKnockoutWonBody(k KnockoutWon) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if k.Player != "" {
		w("Здравствуйте, %s!", k.Player)
		w("")
	}
	w("Турнир %s «%s»: финал решён. Победитель — %s.", k.Code, k.Name, k.Winner)
	w("")
	w("Сетка:")
	w("")
	b.WriteString(k.Bracket)
	return b.String()
}
