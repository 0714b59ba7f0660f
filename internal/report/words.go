package report

import "postald/internal/plural"

// count writes n and the form of the word key ("day", "game") that goes with it in the
// language of the table t: «22 дня», "1 game". A text of t that counts takes the number and
// this as arguments, and uses what its language needs (%[1]d or %[2]s).
func count(t map[string]string, key string, n int) string {
	w := plural.Word{One: t[key+"-one"], Few: t[key+"-few"], Many: t[key+"-many"]}
	return w.Count(plural.Rule(t["lang"]), n)
}

// text holds the words of the report in each language.
var text = map[string]map[string]string{
	"ru": {
		"title":      "Отчёт о турнире %s «%s»",
		"asof":       "на %s",
		"facts":      "%s, %s; игра с %s по %s.",
		"rounds1":    "круговой турнир в один круг",
		"rounds2":    "круговой турнир в два круга",
		"officials":  "Судья: %s. Директор: %s.",
		"counts":     "Партий %[1]d: закончено %[2]d, в игре %[3]d, на присуждении %[4]d, не начато %[5]d.",
		"crosstable": "Турнирная таблица",

		"russian":                "Русские шашки",
		"international":          "Международные шашки",
		"column":                 "Русские столбовые шашки",
		"lasca":                  "Международные столбовые шашки (ласка)",
		"russian-giveaway":       "Русские шашки, обратная игра",
		"international-giveaway": "Международные шашки, обратная игра",
		"column-giveaway":        "Русские столбовые шашки, обратная игра",
		"lasca-giveaway":         "Международные столбовые шашки, обратная игра",

		"inprogress": "Партии в игре",
		"clocks":     "Время участников",
		"deadlines":  "Сроки контроля в ближайшие %[2]s",
		"violations": "Нарушения и штрафы",
		"rulings":    "Решения судьи",
		"finished":   "Законченные партии",
		"none":       "нет",

		"game": "Партия", "white": "Белые", "black": "Чёрные", "move": "Ход", "onmove": "Очередь хода",
		"time": "Время б/ч", "lastday": "Крайний срок", "number": "№", "player": "Участник", "colour": "Цвет",
		"days": "Дни", "penaltydays": "Штраф, дн.", "control": "Контроль", "date": "Дата", "clause": "Пункт",
		"what": "Нарушение", "kind": "Решение", "ruling": "Содержание", "judge": "Судья", "result": "Результат",
		"how": "Как закончена",

		"whiteside": "белые", "blackside": "чёрные", "nobody": "—", "adjudication": "присуждение",
		"controlfmt":      "ход %[1]d: %[2]d дн.",
		"daysleft":        "осталось дней: %[1]d",
		"overdue":         "просрочено на %[1]d дн.",
		"overstep":        "превышен контроль времени",
		"wholetournament": "турнир",

		"kind-penalty":      "штраф",
		"kind-forfeit":      "поражение",
		"kind-adjudicate":   "присуждение",
		"kind-correct-date": "исправление даты",
		"kind-annul":        "отмена",
		"kind-withdraw":     "выбытие",
		"kind-protest":      "протест",

		// Numbers: the plural rule and the forms of the words counted (count).
		"lang":    "ru",
		"day-one": "день", "day-few": "дня", "day-many": "дней",
		"game-one": "партия", "game-few": "партии", "game-many": "партий",
	},
	"en": {
		"title":      "Report on the tournament %s \"%s\"",
		"asof":       "as of %s",
		"facts":      "%s, %s; play from %s to %s.",
		"rounds1":    "round-robin",
		"rounds2":    "double round-robin",
		"officials":  "Judge: %s. Director: %s.",
		"counts":     "%[6]s: %[2]d finished, %[3]d in play, %[4]d awaiting adjudication, %[5]d not started.",
		"crosstable": "Crosstable",

		"russian":                "Russian draughts",
		"international":          "International draughts",
		"column":                 "Russian column checkers",
		"lasca":                  "International column checkers (Lasca)",
		"russian-giveaway":       "Russian draughts, giveaway",
		"international-giveaway": "International draughts, giveaway",
		"column-giveaway":        "Russian column checkers, giveaway",
		"lasca-giveaway":         "International column checkers, giveaway",

		"inprogress": "Games in play",
		"clocks":     "Players' time",
		"deadlines":  "Controls due within %[2]s",
		"violations": "Violations and penalties",
		"rulings":    "Rulings of the judge",
		"finished":   "Finished games",
		"none":       "none",

		"game": "Game", "white": "White", "black": "Black", "move": "Move", "onmove": "On move",
		"time": "Time W/B", "lastday": "Last day", "number": "No", "player": "Player", "colour": "Colour",
		"days": "Days", "penaltydays": "Penalty days", "control": "Control", "date": "Date", "clause": "Clause",
		"what": "Violation", "kind": "Ruling", "ruling": "Text", "judge": "Judge", "result": "Result",
		"how": "How it ended",

		"whiteside": "White", "blackside": "Black", "nobody": "-", "adjudication": "adjudication",
		"controlfmt":      "move %[1]d: %[3]s",
		"daysleft":        "%[2]s left",
		"overdue":         "overdue by %[2]s",
		"overstep":        "time control exceeded",
		"wholetournament": "tournament",

		"kind-penalty":      "penalty",
		"kind-forfeit":      "forfeit",
		"kind-adjudicate":   "adjudication",
		"kind-correct-date": "date corrected",
		"kind-annul":        "annulled",
		"kind-withdraw":     "withdrawal",
		"kind-protest":      "protest",

		"lang":    "en",
		"day-one": "day", "day-many": "days",
		"game-one": "game", "game-many": "games",
	},
}
