package phrase

import (
	"fmt"

	"postald/internal/plural"
)

var russianEndgame = EndgameText{
	Wins: func(white bool, moves int) string {
		return fmt.Sprintf("%s выигрывают за %s при лучшей игре", ruColours(white), ruMoveIn.count(moves))
	},
	WinsNoDistance: func(white bool) string {
		return ruColours(white) + " выигрывают при лучшей игре"
	},
	Draw:   "ничья при лучшей игре обеих сторон",
	Stands: func(clause string) string { return "по п. " + clause + " выигрыш в силе" },
	DrawUnder: func(clause, rule string, limit int) string {
		return fmt.Sprintf("по п. %s ничья: раньше истекает предел в %s (%s)", clause, ruMoveOf.count(limit), rule)
	},
	Judge:         "в главном варианте; защита, меняющая окончание, может приблизить предел, и решает судья",
	RuleLoneKing:  "окончание против одинокой дамки",
	RuleFiveKings: "пять дамок против двух",
	RuleKingsOnly: "ходы только дамками без взятий",
	NotHeld: func(pieces, most int, at bool) string {
		switch {
		case !at:
			return fmt.Sprintf("базы окончаний нет; в позиции %s", ruPiece.count(pieces))
		case most == 0:
			return fmt.Sprintf("в базе окончаний нет оценки этой позиции из %s", ruPieceOf.count(pieces))
		}
		return fmt.Sprintf("база окончаний содержит окончания не более чем из %s; в позиции %s", ruPieceOf.count(most), ruPiece.count(pieces))
	},
	Line:           func(moves string) string { return "Главный вариант: " + moves },
	LineRepetition: "позиция повторяется в третий раз",
	LineGameOver:   "партия окончена",
	SettledTitle:   "Партии, исход которых известен из базы окончаний",
	SettledColumn:  "По теории",
	Package:        func(words string) string { return "\nБаза окончаний: " + words + "\n" },
	ClaimWin:       "выигрыш",
	ClaimDraw:      "ничью",
	ClaimUnclear: "В Вашем письме заявлено, что исход партии известен из базы окончаний, но не сказано какой: " +
		"напишите «позиция в базе окончаний: выигрыш» или «позиция в базе окончаний: ничья». Ничего не меняется, и это ничего не стоит.",
	ClaimNotHeld: func(words string) string {
		return "Вы заявляете, что исход партии известен из базы окончаний, но " + words + ". Ничего не меняется, и заявление ничего не стоит."
	},
	ClaimContradicted: func(words string) string {
		return "База окончаний не подтверждает Ваше заявление:\n" + words + "\nЗаявление ничего не стоит; партия продолжается."
	},
	ClaimToJudge: func(words string) string {
		return "Ваше заявление передано судье вместе с оценкой базы окончаний:\n" + words + "\nПартия продолжается до его решения."
	},
	ClaimPartner: func(claim, words string) string {
		return "Ваш партнёр требует признать " + claim + " по базе окончаний. Заявление передано судье вместе с оценкой базы:\n" +
			words + "\nПартия продолжается до его решения."
	},
	ClaimJudge: func(name, side, claim, words, command string) string {
		return fmt.Sprintf("%s (%s) требует признать %s по базе окончаний в позиции на доске.\n\nБаза окончаний: %s\n\nРешение: «%s»\n",
			name, side, claim, words, command)
	},
	Ended: func(words string) string {
		return "Партия окончена по базе окончаний, как установлено регламентом турнира:\n" + words
	},
}

func ruColours(white bool) string {
	if white {
		return "белые"
	}
	return "чёрные"
}

var (
	ruMoveIn  = counted{plural.Word{One: "ход", Few: "хода", Many: "ходов"}, plural.Russian}    // «за 21 ход», «за 9 ходов»
	ruMoveOf  = counted{plural.Word{One: "ход", Few: "хода", Many: "ходов"}, plural.Russian}    // «предел в 5 ходов»
	ruPiece   = counted{plural.Word{One: "шашка", Few: "шашки", Many: "шашек"}, plural.Russian} // «в позиции 7 шашек»
	ruPieceOf = counted{plural.Word{One: "шашки", Few: "шашек", Many: "шашек"}, plural.Russian} // «не более чем из 6 шашек»
)

var russianEndgameCLI = EndgameCLIText{
	Variant:     "вариант: russian, international, russian-giveaway или international-giveaway",
	Pieces:      "построить все окончания не более чем из N шашек (от 2 до 7)",
	Dir:         "каталог базы (в нём по каталогу на вариант)",
	Workers:     "число горутин, решающих позиции (0: по одной на ядро)",
	Memory:      "МиБ готовых таблиц, которые держатся в памяти для зависящих от них окончаний (0: 4096)",
	ProbeDir:    "каталог базы (по умолчанию [endgame] dir из конфигурации, иначе ./endgame)",
	JSON:        "по объекту JSON на позицию: с расстоянием, исходом по правилам и главным вариантом",
	Want:        "postald endgame: нужна команда build или probe",
	Unknown:     "postald endgame: неизвестная команда %q; нужна build или probe",
	NoDir:       "postald endgame build: нужен -dir КАТАЛОГ",
	PiecesRange: "postald endgame build: -pieces %d: база содержит от 2 до 7 шашек",
	BadFEN:      "строка %d: %q не позиция: %v",
	Kept:        "%s уже построены: файлы на месте и целы",
	Damaged:     "%s не проходит проверку (%v): строится заново",
	Loading:     "пара %d из %d, %s: чтение таблиц, от которых она зависит",
	Init:        "пара %d из %d, %s: просмотрено %d из %d позиций (%d%%)",
	Levels:      "пара %d из %d, %s: уровень %d",
	Written:     "записано %s: позиций %d, выигрышей %d, ничьих %d, проигрышей %d, самое длинное %d полуходов, %d байт, %.1f с",
	Summary:     "построено пар %d, сохранено %d; решено позиций %d за %.1f с (%.0f позиций/с); записано байт %d",
	Stopped:     "остановлено; та же команда продолжит с места остановки",
	NoDatabase:  "postald endgame probe: в %s нет базы %s",
}
