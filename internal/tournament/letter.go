package tournament

import (
	"fmt"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// Letter is a letter postald writes: the recipient, the subject and the plain-text body.
// Headers, threading and sending are the mail shell's business.
type Letter struct {
	To      string
	Subject string
	Body    string
}

// variantNames names the variants in letters (variants.md).
var variantNames = map[string][2]string{ // id -> ru, en
	"russian":                {"русские шашки", "Russian draughts"},
	"international":          {"международные (стоклеточные) шашки", "international (100-square) draughts"},
	"column":                 {"русские столбовые шашки (башни)", "Russian column checkers"},
	"lasca":                  {"международные столбовые шашки (ласка)", "international column checkers (Lasca)"},
	"russian-giveaway":       {"русские шашки, обратная игра (поддавки)", "Russian draughts, giveaway"},
	"international-giveaway": {"международные шашки, обратная игра (поддавки)", "international draughts, giveaway"},
	"column-giveaway":        {"русские столбовые шашки, обратная игра", "Russian column checkers, giveaway"},
	"lasca-giveaway":         {"международные столбовые шашки, обратная игра", "international column checkers, giveaway"},
}

// sampleMoves are the moves of the sample letter in each board's notation (variants.md):
// the partner's move received and the player's reply, for White's 2nd move or Black's 1st.
func sampleMoves(variant string, white bool) (received, own string) {
	var first, reply, second string
	switch strings.TrimSuffix(variant, "-giveaway") {
	case "international":
		first, reply, second = "32-28", "19-23", "28:19"
	case "lasca":
		first, reply, second = "c3-d4", "e5-f4", "g3:e5"
	default:
		first, reply, second = "c3-d4", "f6-g5", "g3-f4"
	}
	if white {
		return "1... " + reply, "2. " + second
	}
	return "1. " + first, "1... " + reply
}

// Subject returns the subject of a move letter for one game: the tournament code and the
// game (formats.md: "СТ-2026/1 партия 1-2").
func (s *Sheet) Subject(game string) string {
	if s.Language == English {
		return s.Code + " game " + game
	}
	return s.Code + " партия " + game
}

// StartLetters returns the start letter of every player, in number order.
func (s *Sheet) StartLetters() []Letter {
	out := make([]Letter, 0, len(s.Players))
	for _, p := range s.Players {
		l, _ := s.StartLetter(p.Number) // every number of the sheet is known
		out = append(out, l)
	}
	return out
}

// StartLetter returns the letter a player receives at the start: the tournament, the rules
// in brief, every game of his with colour and partner, and how to write a move letter.
// It is written in the sheet's language.
func (s *Sheet) StartLetter(number int) (Letter, error) {
	p, ok := s.Player(number)
	if !ok {
		return Letter{}, fmt.Errorf("start letter: no player number %d", number)
	}
	games := s.GamesOf(number)
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	r := s.Regulation
	// The sample letter is for the player's first game: a reply to his partner's move.
	first := games[0]
	received, own := sampleMoves(s.Variant, first.White == number)
	d1, d2, d3, fraction := s.Start.AddDays(2), s.Start.AddDays(4), s.Start.AddDays(5), "1/2"
	if first.Black == number {
		d1, d2, d3, fraction = s.Start, s.Start.AddDays(1), s.Start.AddDays(2), "0/1"
	}
	if s.Language == English {
		w("Dear %s,", p.Name)
		w("")
		w("You play in the correspondence tournament %s \"%s\": %s, a %s.", s.Code, s.Name,
			variantNames[s.Variant][1], map[int]string{1: "round-robin", 2: "double round-robin"}[s.Rounds])
		w("Your number is %d. %s, %s each, all played at the same time.", p.Number, en(len(s.Players), "player", "players"), en(len(games), "game", "games"))
		w("")
		w("The rules in brief")
		w("- Play starts on %s; games unfinished on %s go to adjudication (4.3.2).", longDate(s.Start, English), longDate(s.End, English))
		w("- Thinking time: %s for every %s, counted cumulatively (4.3.1).", en(r.ControlDays, "day", "days"), en(r.ControlMoves, "move", "moves"))
		w("- An impossible or wrongly written move costs %s of thinking time (4.2.11).", en(r.PenaltyDays, "day", "days"))
		w("- Days are counted by the calendar of %s.", r.Zone)
		w("- Leave: up to %s in the tournament, announced in advance.", en(r.LeaveDays, "day", "days"))
		w("- Protests go to the judge, %s, within %s (4.1.12).", s.Judge, en(r.ProtestDays, "day", "days"))
		w("")
		w("Your games")
		for _, g := range games {
			colour, partner := "White", g.Black
			if g.Black == number {
				colour, partner = "Black", g.White
			}
			q, _ := s.Player(partner)
			w("- game %s: you play %s against %d. %s <%s>", g.Name, colour, q.Number, q.Name, q.Email)
		}
		w("")
		w("How to send a move")
		w("Write every move to %s, one game per letter; postald checks it, stamps the dates", s.Address)
		w("and forwards it to your partner. Name the game in the subject:")
		w("")
		w("    Subject: %s", s.Subject(first.Name))
		w("")
		w("    Tournament %s, game %s.", s.Code, first.Name)
		w("    Received your %s.", received)
		w("    My move: %s", own)
		w("    Dates: %s, %s, %s", d1, d2, d3)
		w("    Time: %s", fraction)
		w("")
		w("Repeat your partner's last move, then give yours with its number; add the three dates")
		w("(your partner's sending date, the day you received it, the day of your reply) and the")
		w("time used so far, White's days over Black's (4.2.3, 4.3.1). White's first move needs no")
		w("repetition. postald records the dates itself from the post: where yours differ, its own")
		w("stand and it tells you (4.3.1).")
		w("")
		w("Good luck!")
		w("The tournament captain (postald). The judge: %s", s.Judge)
		return Letter{To: p.Email, Subject: s.Code + ": start of the tournament \"" + s.Name + "\"", Body: b.String()}, nil
	}
	w("Здравствуйте, %s!", p.Name)
	w("")
	w("Вы участник заочного турнира %s «%s»: %s, %s.", s.Code, s.Name,
		variantNames[s.Variant][0], map[int]string{1: "круговой турнир в один круг", 2: "круговой турнир в два круга"}[s.Rounds])
	w("Ваш номер %d. Участников %d, у каждого %s, все партии играются одновременно.", p.Number, len(s.Players), ru(len(games), "партия", "партии", "партий"))
	w("")
	w("Правила вкратце")
	w("- Игра начинается %s; партии, не законченные к %s, присуждаются (4.3.2).", longDate(s.Start, Russian), longDate(s.End, Russian))
	w("- Контроль времени: %s на каждые %s, с нарастающим итогом (4.3.1).", ru(r.ControlDays, "день", "дня", "дней"), ru(r.ControlMoves, "ход", "хода", "ходов"))
	w("- За невыполнимый или неправильно записанный ход — штраф %s (4.2.11).", ru(r.PenaltyDays, "день", "дня", "дней"))
	w("- Дни считаются по календарю зоны %s.", r.Zone)
	w("- Перерыв в игре: до %s за турнир, с предупреждением заранее.", ru(r.LeaveDays, "дня", "дней", "дней")) // «до 21 дня»
	w("- Протесты направляются судье, %s, в течение %s (4.1.12).", s.Judge, ru(r.ProtestDays, "дня", "дней", "дней"))
	w("")
	w("Ваши партии")
	for _, g := range games {
		colour, partner := "белыми", g.Black
		if g.Black == number {
			colour, partner = "чёрными", g.White
		}
		q, _ := s.Player(partner)
		w("- партия %s: вы играете %s, партнёр %d. %s <%s>", g.Name, colour, q.Number, q.Name, q.Email)
	}
	w("")
	w("Как отправить ход")
	w("Каждый ход присылайте на адрес %s, одна партия в письме; postald проверит ход,", s.Address)
	w("проставит даты и перешлёт его партнёру. Партию назовите в теме письма:")
	w("")
	w("    Тема: %s", s.Subject(first.Name))
	w("")
	w("    Турнир %s, партия %s.", s.Code, first.Name)
	w("    Ваш ход %s получил.", received)
	w("    Мой ход: %s", own)
	w("    Даты: %s / %s / %s", dotted(d1), dotted(d2), dotted(d3))
	w("    Время: %s", fraction)
	w("")
	w("Повторите последний ход партнёра, затем свой ход с номером; укажите три даты (отправки")
	w("хода партнёром, его получения, вашего ответа) и время, затраченное обоими: дни белых")
	w("через дробь дни чёрных (4.2.3, 4.3.1). Первый ход белых повторения не требует.")
	w("Даты postald отмечает сам по почте: если ваши расходятся с ними, верны его даты,")
	w("и он сообщит вам о расхождении (4.3.1).")
	w("")
	w("Желаем успеха!")
	w("Турнирный секретарь (postald). Судья турнира: %s", s.Judge)
	return Letter{To: p.Email, Subject: s.Code + ": начало турнира «" + s.Name + "»", Body: b.String()}, nil
}

// VariantName words a rules variant for people in lang: «русские шашки», "Russian draughts";
// a variant it does not know as its id.
func VariantName(variant, lang string) string {
	n, ok := variantNames[variant]
	if !ok {
		return variant
	}
	if lang == English {
		return n[1]
	}
	return n[0]
}

var monthsRu = [...]string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"}

// longDate writes a date for people: "1 ноября 2026" or "1 November 2026".
func longDate(d daysclock.Date, lang string) string {
	if lang == English {
		return fmt.Sprintf("%d %s %d", d.Day, d.Month, d.Year)
	}
	return fmt.Sprintf("%d %s %d", d.Day, monthsRu[d.Month-1], d.Year)
}

// dotted writes a date as Russian letters do: 18.11.2026.
func dotted(d daysclock.Date) string { return fmt.Sprintf("%02d.%02d.%04d", d.Day, d.Month, d.Year) }

// ru writes n with the Russian form of its word: «1 партия», «2 партии», «5 партий».
func ru(n int, one, few, many string) string {
	return plural.Word{One: one, Few: few, Many: many}.Count(plural.Russian, n)
}

// en writes n with the English form of its word: "1 game", "2 games".
func en(n int, one, other string) string {
	return plural.Word{One: one, Many: other}.Count(plural.English, n)
}
