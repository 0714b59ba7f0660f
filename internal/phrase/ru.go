package phrase

import (
	"fmt"
	"strconv"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// russian is postald's Russian, the default language of letters (letters.md).
var russian = Book{
	Lang: "ru",
	CLI:  russianCLI,

	Referee: RefereeText{
		SubjMove:      "%s партия %s ход %d",
		SubjAck:       "%[1]s партия %[2]s: ход принят",
		SubjCorrected: "%[1]s партия %[2]s: ход принят с исправлением",
		SubjRejected:  "%[1]s партия %[2]s: письмо остановлено",
		SubjNotice:    "%[1]s партия %[2]s: сообщение",
		SubjDraw:      "%[1]s партия %[2]s: ничья",
		SubjResult:    "%[1]s партия %[2]s: результат",
		SubjOverstep:  "%[1]s партия %[2]s: просрочка времени",
		SubjReminder:  "%[1]s партия %[2]s: напоминание о контроле",
		SubjAskGame:   "%[1]s: укажите партию",
		SubjRuling:    "%[1]s партия %[2]s: решение судьи",

		Header:         "Турнир %s, партия %s (%s – %s).",
		AckIntro:       "Ваше письмо от %s принято.",
		CorrectedIntro: "Ваше письмо от %s принято с исправлением.",
		RejectIntro:    "Ваше письмо от %s остановлено: ходы партнёру не переданы.",
		NoticeIntro:    "Ваше письмо от %s получено.",
		OnBoard:        "На доске: %s",
		TimeLine:       "Время (белые/чёрные, п. 4.3.1): %s",
		Stamp:          "— отметки турнирного секретаря postald —",
		MovesLine:      "Ходы: %s",
		VariantsHead:   "Предложенные варианты (п. 4.2.7):",
		PosHead:        "Позиция:",
		Marks:          "бБчЧ",
		Legend:         "%s — белая шашка, %s — белая дамка, %s — чёрная шашка, %s — чёрная дамка, %s — пустое поле; белые играют снизу вверх.",
		TowersLegend:   "Башни перечислены под доской, шашки в них — сверху вниз.",
		DatesLine:      "Даты (п. 4.3.1): %s",
		ThreeDates:     "ход партнёра отправлен %s, получен %s, ответ отправлен %s",

		Violation:       "Строка %d, «%s»: %s (п. %s).",
		ViolationNoLine: "%s (п. %s).",
		SendLine:        "  Пришлите: %s",
		Penalty:         "Штраф: %s (п. 4.2.11), за остановку игры.",
		NoPenalty:       "Штраф не начисляется.",
		ClockRuns:       "Ваше время на обдумывание идёт с %s.",

		Internal:      "Письмо не обработано из-за внутренней ошибки postald; судья извещён. Ваше время не идёт в счёт этой ошибки.",
		InternalJudge: "postald не смог восстановить позицию партии:",
		GameOver:      "Партия окончена (%s); ходы больше не принимаются.",
		Frozen:        "Игра окончена по сроку (п. 4.3.2): принимаются только согласие на ничью или сдача; партия передана судье на присуждение.",
		NoMove:        "В письме нет хода. Письмо не остановлено: штраф не начисляется, ваше время не меняется.",

		WrongRepeat:     "ход партнёра повторён неправильно",
		IllegibleRepeat: "повторение хода партнёра неразборчиво",
		NotRepeated:     "не повторён ход партнёра %s",
		RepeatNothing:   "повторять нечего: уберите это повторение",
		RepeatThese:     "повторение ходов партнёра: %s, затем ваш ход",
		Numbering:       "Строка %d, «%s»: ошибка в нумерации (п. 4.2.14); ход записан как %s. В следующем письме повторите ходы с правильными номерами.",
		ExtraIgnored:    "Ход «%s» и следующие не приняты: партия уже окончена.",
		ChangesSent:     "отосланный ход %s изменить нельзя",
		SendNext:        "ваш очередной ход, не меняя сделанных",
		SendNothing:     "ничего: ваш ход сделан, ждите ответа партнёра",
		NotForced:       "Ход партнёра «%s» не вынужденный: записывать за партнёра можно только вынужденные ходы (п. 4.2.4); не приняты: %s. Продолжение предлагайте вариантом: «если …, то …» (п. 4.2.7).",
		ForcedFixed:     "Вынужденный ход партнёра записан как «%s»; сделан единственный возможный ход %s (п. 4.2.4).",
		Substituted:     "Строка %d, «%s»: ход невозможен, но у шашки на этом поле единственный ход; сделан ход %s (п. 4.2.10).",
		SendMove:        "другой ход, полной нотацией",
		SendOneOf:       "другой ход; ходы шашки с этого поля: %s",

		VariantAcceptedStop: "Ваш вариант принят партнёром; сделаны ходы: %s. Ответ партнёра остановлен (п. 4.2.13).",
		VariantGone:         "Вариант %s(%s) больше не действует: партнёр сыграл иначе.",
		VariantPlayed:       "Вариант %sпринят: сделан ход %s (п. 4.2.13).",
		NoSuchVariant:       "Вариант «%s» не найден среди предложенных вам.",
		VariantNotNow:       "Варианты не приняты: после ваших ходов очередь хода ваша.",
		VariantEmpty:        "Вариант %sне сохранён: в нём не осталось ни одного вашего ответа.",
		VariantCut:          "Вариант %sпринят до строки %d, «%s»: %s (п. 4.2.12, без штрафа).",

		DrawLapsed:      "Ваше предложение ничьей отклонено ответным ходом партнёра.",
		DrawOffered:     "Партнёр предлагает ничью. Ответьте «согласен на ничью» или сделайте ход.",
		DrawOfferSent:   "Ваше предложение ничьей передано партнёру; оно действует до его ответного хода.",
		NoDrawOffer:     "Предложения ничьей нет.",
		DrawDeclinedYou: "Вы отклонили предложение ничьей; партнёр извещён.",
		DrawDeclined:    "Партнёр отклонил ваше предложение ничьей.",
		DrawAgreed:      "Ничья по соглашению.",
		DrawClaimed:     "Ничья по требованию игрока: требование обосновано.",
		ClaimInvalid:    "Требование ничьей не обосновано по правилам.",
		Resigned:        "%s сдался.",
		Result:          "Результат: %s.",

		YourMoveAgain:       "Очередь хода снова ваша; время на обдумывание идёт с сегодняшнего дня. Ходы, сделанные postald, в следующем письме повторять не нужно.",
		YourMoveAgainPosted: "Очередь хода снова ваша; время на обдумывание идёт со дня, когда открытка или звонок старосты сообщит вам этот ход. Ходы, сделанные postald, в следующем письме повторять не нужно.",
		ForcedPlayed:        "Ответ партнёра вынужденный: сделан ход %s (п. 4.2.4); ему время не начисляется.",
		EndedOnBoard:        "Партия окончена на доске: %s.",

		DatesMissing: "В письме нет трёх дат; по отметкам postald: %s.",
		DateDiff:     "Дата «%s» в письме %s, по отметке postald %s; действует отметка (п. 4.3.1).",
		TimeMissing:  "В письме нет суммарного времени; по счёту postald: %s.",
		TimeDiff:     "Время в письме %s, по счёту postald %s; действует счёт postald (п. 4.3.1).",

		Overstep:          "Просрочка времени: %s (%s) к ходу %d мог затратить не более %s, затрачено %d (п. 4.3.1).",
		Forfeited:         "Игроку засчитано поражение: %s.",
		OverstepJudge:     "Судье предложено засчитать поражение; решение примет судья.",
		OverstepWithdrawn: "Просрочка времени, отмеченная у игрока %s (%s) с %s, снята: его открытка или звонок отправлены %s, в срок (п. 4.3.1). Партия продолжается.",
		Adjudication:      "Срок игры окончен %s (п. 4.3.2): время больше не начисляется, отвечать не обязательно (кроме согласия на ничью или сдачи). Партия передаётся судье на присуждение; оценку позиции и анализ пришлите в течение %s.",

		ControlOnMove:  "Ваш контроль: ход %d, всего не более %s; последний день для этого хода: %s.",
		ControlWaiting: "Ваш контроль: ход %d, всего не более %s; в запасе %s.",

		Duplicate:    "Эти ходы уже сделаны; письмо не меняет партию.",
		NotYourTurn:  "Сейчас очередь хода партнёра; письмо не меняет партию.",
		AskGame:      "Не удалось определить, к какой партии относится письмо.",
		AskGameNamed: "Партия %[1]s есть в нескольких ваших турнирах: %[2]s.",
		AskGameList:  "Ваши партии:",
		AskGameItem:  "- турнир %[1]s, партия %[2]s, партнёр %[3]s",
		AskGameLine:  "Напишите в начале письма турнир и партию одной строкой, например:\n\n    %[1]s",
		GameLine:     "Турнир %[1]s, партия %[2]s.",
		NotPlayer:    "Адрес %s не принадлежит участнику этой партии.",
		Reminder:     "Напоминание: ваш ход в партии ждёт ответа. Контроль: ход %d, всего не более %s; последний день для этого хода: %s (%s).",
		Silence:      "Игрок %s не отвечает %s (с %s).",

		Ruling:            "Решение судьи: %s",
		RulingPenalty:     "%s (%s): %s. Основание: %s",
		RulingForfeit:     "%s (%s): поражение. Результат %s. Основание: %s",
		RulingAdjudicate:  "Партия присуждена: %s. Основание: %s",
		RulingDate:        "Дата исправлена. Основание: %s",
		RulingLeave:       "%s (%s): отпуск %s. Основание: %s",
		RulingRevert:      "Партия возвращена в положение до %s, полученного %s: позиция, часы, варианты и предложение ничьей — как были тогда. Это письмо и письма после него не учитываются; они хранятся в архиве. Основание: %s",
		RevertLetter:      "письма",
		RevertLetterOf:    "письма (%s, %s)",
		RevertLetterMoves: " с ходом %s",
		RulingClause:      "Пункт правил: %s.",
		RevertOnMove:      "Очередь хода: %s (%s).",
		RevertDraw:        "Остаётся в силе предложение ничьей (%s, %s).",
		RevertVariant:     "Остаётся в силе вариант (%s): %s",

		SubjProtest:  "%[1]s партия %[2]s: протест",
		ProtestSent:  "Ваш протест передан судье (п. 4.1.12). Срок подачи протеста — %s со дня получения решения.",
		ProtestJudge: "Протест игрока %s (%s), п. 4.1.12:\n%s",
		LeaveNoDates: "В заявлении об отпуске нет дат; укажите первый и последний день.",
		LeaveRefused: "Отпуск %s не предоставлен: %s (п. %s).",
		LeaveOrder:   "нужны первый и последний день отпуска, по порядку",
		LeaveLate:    "об отпуске нужно заявить до его первого дня, а заявлено %s",
		LeaveOverlap: "он пересекается с уже взятым отпуском %s",
		LeaveTooLong: "в нём %s, а из %s отпуска %s",
		LeaveGranted: "Отпуск %s (%s) предоставлен: в эти дни ваше время не идёт.",
		LeavePartner: "Партнёр (%s) в отпуске %s; в эти дни его время не идёт.",

		Expected:       "Ожидается: %s.",
		OwnInRepeat:    "это ваш собственный ход %s, а не ход партнёра",
		FaultUnique:    "ход невозможен; у шашки на этом поле единственный ход %s",
		RepeatNext:     "В ответе повторите ходы партнёра: %s.",
		RepeatLater:    "Очередь хода партнёра. В следующем письме повторите ходы партнёра: %s и его следующий ход.",
		TextCut:        "[… письмо сокращено postald: здесь первые %d КБ из %d КБ; ходы — в отметках ниже]",
		JudgedHead:     "Позиция, в которой проверено письмо:",
		WrongAccepted:  "ход принятого варианта %sзаписан иначе: в варианте %s",
		SendAccepted:   "принятие заново: какой вариант и до какого хода вы принимаете, ходы варианта как предложены, затем ваш ход",
		AcceptUnsure:   "принятие варианта не прочитано однозначно: %s",
		AcceptVariant:  "вариант %s: %s",
		AcceptNone:     "варианта %sсреди предложенных вам нет; предложены: %s",
		AcceptWhich:    "предложено несколько вариантов, не указано, какой принят; предложены: %s",
		AcceptOutside:  "ход %d вне варианта",
		AcceptDeclined: "хода «%s» после «вместо» в варианте нет",
		AcceptDisagree: "письмо называет два разных места, где вариант изменён: «%s» и ход %s",
		AcceptNumber:   "ход «%s» стоит не на своём месте в варианте (на этом месте ход %s)",

		RulingAnnul:         "партия аннулирована: она окончена без результата и не засчитывается ни одному из игроков. Основание: %s",
		RulingStrikeOut:     "игрок выбыл из турнира, сыграв меньше половины своих партий: его результаты не засчитываются, партия окончена без результата. Основание: %s",
		RulingRefer:         "%s (%s) выбыл из турнира; партия не окончена и передаётся судье на присуждение. Основание: %s",
		RulingProtest:       "решение по протесту: %s",
		SubjProtestDecision: "%[1]s партия %[2]s: решение по протесту",

		Asides: AsideText{
			Quoted:             "Ходы %s упомянуты в протесте или в вопросе и не приняты как ваш ход. Если это ваш ход, напишите его отдельной строкой: «Мой ход: …».",
			ProtestUnsure:      "В протесте есть строка с ходом %[1]s, и не ясно, ваш ли это ход. Ход не сыгран, штраф не начисляется. Если это ваш ход, пришлите его отдельной строкой: «Мой ход: %[1]s».",
			ExpectMove:         "ваш ход",
			WithdrawalSent:     "Ваше заявление о выходе из турнира передано судье (п. 1.10 правил соревнований). Судья решит, как засчитать ваши партии; до его решения партии продолжаются.",
			WithdrawalJudge:    "Игрок %s (%s) сообщает о выходе из турнира (п. 1.10 правил соревнований):\n%s\n\nРешение судьи: %s",
			SubjWithdrawal:     "%[1]s партия %[2]s: выход из турнира",
			AnswerClock:        "Ваше время: %s, из них штрафных %s. Время партии (белые/чёрные): %s.",
			AnswerTurnYours:    "Сейчас ваш ход (%s).",
			AnswerTurnPartner:  "Сейчас ход партнёра (%s, %s); его ход придёт к вам письмом.",
			AnswerTurnPosting:  "Сейчас ваш ход (%s): ход партнёра отправлен вам открыткой или по телефону, ваше время пойдёт со дня её получения.",
			AnswerReceived:     "Ваше последнее письмо по этой партии получено %s: %s.",
			AnswerReceivedNone: "Писем от вас по этой партии ещё не было.",
			AnswerPosition:     "Позиция:",
			AnswerMoves:        "Ходы партии: %s",
			AnswerNoMoves:      "В партии ещё нет ходов.",
			AnswerOver:         "Партия окончена: %s.",
			VerdictAccepted:    "ход принят",
			VerdictCorrected:   "ход принят с исправлением",
			VerdictRejected:    "письмо остановлено",
			VerdictNotice:      "письмо получено",
			QuestionToJudge:    "На ваш вопрос («%s») postald ответить не может: он передан судье турнира, который ответит вам сам.",
			QuestionToDirector: "На ваш вопрос («%s») postald ответить не может: он передан директору турнира, который ответит вам сам.",
			QuestionNobody:     "На ваш вопрос («%s») postald ответить не может; судья и директор турнира в стартовом листе не указаны, напишите организатору.",
			QuestionOfficial:   "Вопрос игрока %s (%s), на который postald ответить не может:\n%s",
			SubjQuestion:       "%[1]s партия %[2]s: вопрос игрока",
		},
		AdjudicationSteps: AdjudicationText{
			AskSubject:   "%s партия %s: присуждение",
			AskEndDate:   "Игра окончена по сроку окончания турнира (п. 4.3.2), партия передаётся судье на присуждение.",
			AskWithdrawn: "Игрок выбыл из турнира; партия не окончена и передаётся судье на присуждение (п. 1.10.4).",
			AskBody: "Турнир %s, партия %s (%s – %s).\n\n" +
				"%s\n" +
				"Пожалуйста, пришлите оценку итоговой позиции и анализ до %s (%s), ответом на это письмо.\n" +
				"После этого дня судья получит итоговую позицию, запись партии и письма обоих игроков.\n",
			SubmittedSubject: "%s партия %s: Ваше письмо для присуждения",
			SubmittedBody:    "Турнир %s, партия %s.\n\nВаше письмо записано и будет передано судье вместе с партией для присуждения (п. 4.3.2).\n",
			PackageSubject:   "%s партия %s: материалы для присуждения",
			PackageHead:      "Турнир %s, партия %s: %s (белые) – %s (чёрные), %s.\n",
			PackageEndDate:   "Партия передана на присуждение после срока окончания %s (п. 4.3.2)",
			PackageWithdrawn: "Партия передана на присуждение неоконченной, когда игрок выбыл из турнира (п. 1.10.4)",
			PackageAsked:     "%s; игрокам предложено прислать оценку и анализ %s, до %s.\n\n",
			PackageMoves:     "Ходы: %s\n",
			NoMoves:          "нет",
			PackageTime:      "Время (белые/чёрные, п. 4.3.1): %d/%d; штрафных дней %d/%d.\n",
			PackageDraw:      "В силе предложение ничьей: %s.\n",
			PackagePosition:  "\nИтоговая позиция:\n%s\n",
			PackageLetters:   "\nПисем игроков с тех пор: %d, приложены.\nРешение: %s\n",
		},

		Faults: FaultText{
			Abbreviated:   "сокращённая нотация, по п. 4.2.2 такой ход невозможен",
			NoPiece:       "на указанном поле нет шашки",
			NotYours:      "на указанном поле не ваша шашка",
			Capture:       "взятие обязательно",
			NoSuchMove:    "ход невозможен",
			Ambiguous:     "ход записан неоднозначно: укажите поля, где меняется направление взятия",
			NoSquare:      "ход невозможен: на этой доске нет хода по этим полям",
			Unreadable:    "ход не читается",
			NoPieceOn:     "на поле %s нет шашки",
			NotYoursOn:    "на поле %s шашка партнёра",
			CaptureOf:     "взятие обязательно: %s",
			Occupied:      "поле %s занято",
			CannotMove:    "шашка с поля %[1]s не может пойти на %[2]s",
			NoCapture:     "в этой позиции взятия нет; тихий ход записывается через «-»",
			CannotCapture: "шашка с поля %s не может бить по записанным полям",
		},
		DateFields: [3]string{"ход партнёра отправлен", "получен", "ответ отправлен"},
		Sides:      SideText{White: "белые", Black: "чёрные"},
		Reasons: ReasonText{
			DrawAgreed:    "ничья по соглашению",
			DrawClaimed:   "ничья по требованию игрока",
			WhiteResigned: "белые сдались",
			BlackResigned: "чёрные сдались",
			NoMoves:       "партия окончена на доске",
			Overstep:      "просрочка времени",
			Forfeit:       "поражение по решению судьи",
			Adjudicated:   "присуждена судьёй",
			Annulled:      "партия аннулирована",
			StruckOut:     "игрок выбыл, результат не засчитан",
			Withdrawn:     "игрок выбыл, партия передана на присуждение",
		},

		Date:          dotted,
		Period:        func(from, to daysclock.Date) string { return "с " + dotted(from) + " по " + dotted(to) },
		Days:          ruDay.count,
		DaysOf:        ruDayOf.count,
		PenaltyDays:   ruPenaltyDay.signed,
		PenaltyLifted: func(n int) string { return "штраф снят: " + ruDay.count(n) },
		DaysLeft: func(n int) string { // «остался 21 день», «осталось 2 дня»
			return ruRemain.form(n) + " " + ruDay.count(n)
		},
		DaysShort: func(n int) string { return strconv.Itoa(n) + " дн." }, // «10 дн.»: the abbreviation does not change with the number
	},

	Tournament: TournamentText{
		Place: "Место", Number: "№", Name: "Участник", Points: "Очки",
		Tiebreaks: TiebreakText{
			Shmulyan: "Шмульян", Berger: "Бергер", SonnebornBerger: "З-Б", Buchholz: "Бухгольц",
			Solkoff: "Солкоф", SolkoffTruncated: "Солкоф-ус", Riga: "Рижский", Wins: "Победы", HeadToHead: "Личн",
			BeatenPoints: "Побежд", ResultsByPlace: "По местам", OpponentsRating: "Рейт сопр",
		},
		Struck:    "Выбыли, результаты не засчитаны (п. 1.10.2):",
		Withdrawn: "Выбыли, в несыгранных партиях поражение (п. 1.10.3):",
		Annulled:  "(1) результат не засчитан.",

		Variants: VariantNames{
			Russian:               "русские шашки",
			International:         "международные (стоклеточные) шашки",
			Column:                "русские столбовые шашки (башни)",
			Lasca:                 "международные столбовые шашки (ласка)",
			RussianGiveaway:       "русские шашки, обратная игра (поддавки)",
			InternationalGiveaway: "международные шашки, обратная игра (поддавки)",
			ColumnGiveaway:        "русские столбовые шашки, обратная игра",
			LascaGiveaway:         "международные столбовые шашки, обратная игра",
		},

		Systems: SystemText{
			RoundRobin:           "круговой турнир в один круг",
			DoubleRoundRobin:     "круговой турнир в два круга",
			TeamRoundRobin:       "командный круговой турнир в один круг",
			DoubleTeamRoundRobin: "командный круговой турнир в два круга",
			Scheveningen:         "командный турнир по схевенингенской системе",
			DoubleScheveningen:   "командный турнир по схевенингенской системе в два круга",
			Swiss: func(rounds int) string {
				return "турнир по швейцарской системе, " + ruRound.count(rounds)
			},

			TeamStandings: "Командная таблица", MatchResults: "Матчи", BoardResults: "Результаты по доскам",
			Team: "Команда", Board: "Доска", Reserve: "запасной", Round: "Тур", Match: "Матч",
			Home: "Белые на 1-й доске", Away: "Чёрные на 1-й доске", Score: "Счёт", Games: "Партии",
			GamePoints: "Очки", Points: "Очки", MatchPoints: "Очки матчей",
			Won: "Выигр.", Drawn: "Ничьи", Lost: "Проигр.",
			HeadToHead: "Личн. встреча", MatchWins: "Выигр. матчи", Coefficient: "Коэф.",
			InPlay: "…",
			ExtraMatch: func(team, against string) string {
				return "Команда «" + team + "» выиграла все матчи, но заняла не первое место: ей предоставляется право на дополнительный матч за первое место с командой «" + against + "» (п. 1.14.6)."
			},
			MatchSubject: func(code, home, away string) string { return code + ": матч " + home + " – " + away },
			MatchBody:    ruMatchBody,

			SwissRound: func(round int) string { return "Т" + strconv.Itoa(round) },
			SwissWhite: "б", SwissBlack: "ч",
			ByeNote:        "+ — свободный от игры тур при нечётном числе участников: плюс, очко (п. 1.12.2); для коэффициентов за него засчитывается наименьшее количество очков, набранное кем-либо в турнире (п. 1.13.11).",
			SwissWithdrawn: "Выбыли, результаты сыгранных партий остаются в силе (п. 1.10.5):",
			ReserveSubject: func(code, team string) string { return code + ": запасной в команде «" + team + "»" },
			ReserveBody:    ruReserveBody,
			SwissProgress: func(round, rounds int, open bool) string {
				switch {
				case open:
					return fmt.Sprintf("Идёт тур %d из %d; следующий тур составляется, когда закончится последняя партия этого.", round, rounds)
				case round < rounds:
					return fmt.Sprintf("Тур %d из %d сыгран.", round, rounds)
				}
				return fmt.Sprintf("Все туры (%d) сыграны.", rounds)
			},
			RoundSubject: func(code string, round int) string { return code + ": тур " + strconv.Itoa(round) },
			RoundBody:    ruRoundBody,

			Knockout: ruKnockoutName, KnockoutRound: ruKnockoutRound,
			Bracket: "Сетка", HigherSeed: "Высший посев", LowerSeed: "Низший посев", Pairing: "Пара", Through: "Прошёл", How: "Как",
			KnockoutHow: ruKnockoutHow, KnockoutBody: ruKnockoutBody,
			KnockoutWonSubject: ruKnockoutWonSubject, KnockoutWonBody: ruKnockoutWonBody,
			KnockoutProgress: func(round, rounds, open int, winner string) string {
				if winner != "" {
					return "Финал решён: победитель — " + winner + "."
				}
				return fmt.Sprintf("Идёт %d-й тур из %d (%s): не решено встреч — %d.", round, rounds, ruKnockoutRound(round, rounds), open)
			},
			KnockoutChanged: func(round, slot int, opened, now string) string {
				if now == "" {
					now = "пока никого"
				}
				return fmt.Sprintf("Встреча %d %d-го тура назначена для %s; результаты до неё теперь дают %s: она остаётся, как назначена, пока не решит судья (п. 4.1.10).", slot, round, opened, now)
			},
		},

		Subject:      func(code, game string) string { return code + " партия " + game },
		StartSubject: func(code, name string) string { return code + ": начало турнира «" + name + "»" },
		StartBody:    ruStartBody,
	},

	Report: ReportText{
		FaultRepeat:    "повторение ходов партнёра",
		FaultMove:      func(m string) string { return "невыполнимый ход " + m },
		FaultAbbrev:    func(m string) string { return "сокращённая запись хода " + m },
		FaultIllegible: func(m string) string { return "неразборчивый ход " + m },
		Title:          func(code, name string) string { return "Отчёт о турнире " + code + " «" + name + "»" },
		AsOf:           func(date string) string { return "на " + date },
		Facts: func(variant, rounds, from, to string) string {
			return variant + ", " + rounds + "; игра с " + from + " по " + to + "."
		},
		Rounds1: "круговой турнир в один круг",
		Rounds2: "круговой турнир в два круга",
		Officials: func(judge, director string) string {
			return "Судья: " + judge + ". Директор: " + director + "."
		},
		Counts: func(all, finished, playing, adjudication, notStarted int) string {
			return fmt.Sprintf("Партий %d: закончено %d, в игре %d, на присуждении %d, не начато %d.", all, finished, playing, adjudication, notStarted)
		},
		Crosstable: "Турнирная таблица",
		Variants: VariantNames{
			Russian:               "Русские шашки",
			International:         "Международные шашки",
			Column:                "Русские столбовые шашки",
			Lasca:                 "Международные столбовые шашки (ласка)",
			RussianGiveaway:       "Русские шашки, обратная игра",
			InternationalGiveaway: "Международные шашки, обратная игра",
			ColumnGiveaway:        "Русские столбовые шашки, обратная игра",
			LascaGiveaway:         "Международные столбовые шашки, обратная игра",
		},

		InProgress: "Партии в игре",
		Clocks:     "Время участников",
		Deadlines: func(days int) string {
			return "Сроки контроля в " + ruNearest.form(days) + " " + ruDay.count(days)
		},
		Violations: "Нарушения и штрафы",
		Rulings:    "Решения судьи",
		Finished:   "Законченные партии",
		None:       "нет",
		Columns: ReportColumns{
			Game: "Партия", White: "Белые", Black: "Чёрные", Move: "Ход", OnMove: "Очередь хода",
			Time: "Время б/ч", LastDay: "Крайний срок", Number: "№", Player: "Участник", Colour: "Цвет",
			Days: "Дни", PenaltyDays: "Штраф, дн.", Control: "Контроль", Date: "Дата", Clause: "Пункт",
			What: "Нарушение", Kind: "Решение", Ruling: "Содержание", Judge: "Судья", Result: "Результат",
			How: "Как закончена",
		},

		WhiteSide: "белые", BlackSide: "чёрные", Nobody: "—", Adjudication: "присуждение",
		Control:         func(move, days int) string { return fmt.Sprintf("ход %d: %d дн.", move, days) },
		DaysLeft:        func(days int) string { return fmt.Sprintf("осталось дней: %d", days) },
		Overdue:         func(days int) string { return fmt.Sprintf("просрочено на %d дн.", days) },
		Overstep:        "превышен контроль времени",
		WholeTournament: "турнир",
		NoResult:        "—",
		Kinds: RulingKinds{
			Penalty:     "штраф",
			Forfeit:     "поражение",
			Adjudicate:  "присуждение",
			CorrectDate: "исправление даты",
			Annul:       "отмена",
			StrikeOut:   "исключение результатов",
			Refer:       "передача на присуждение",
			Withdraw:    "выбытие",
			Protest:     "протест",
			Leave:       "отпуск",
			Reserve:     "запасной в игре",
			Revert:      "возврат партии",
		},
		Date: dotted,
	},

	Office: OfficeText{
		PageLabel: func(page, pages int) string { return fmt.Sprintf("стр. %d из %d", page, pages) },
		Trust: TrustText{
			ReceiptID:      "%s #%d, ход %d, %s",
			Receipt:        "Квитанция: %s\n(получено %s; сохраните её: она доказывает, что и когда получил postald)",
			NoteSubject:    "%s: ваше письмо не прочитано",
			NoteIntro:      "Ваше письмо, полученное %s, не применено ни к одной партии.",
			NoteLimit:      "Оно превышает ограничения postald (%s): пришлите ход ещё раз коротким текстовым письмом без вложений.",
			NoteRate:       "Причина: с вашего адреса пришло больше %s за час. Письма сверх этого ограничения хранятся для судьи; подождите, прежде чем писать снова.",
			NoteNotOwn:     "В нём названа партия %s, в которой вы не играете. Если вы имели в виду свою партию, напишите ещё раз и назовите её.",
			NoteUnreadable: "Его заголовок не читается (%s): напишите ещё раз из своей обычной почтовой программы.",
			NoteKept:       "Письмо хранится для судьи; в ваших партиях ничего не изменилось, ваши часы не остановлены.",
			NoteForged: "В нём отправителем назван ваш адрес, но не подтверждено, что оно пришло из вашего почтового ящика (%s). " +
				"Если письмо написали вы, пришлите его ещё раз с зарегистрированного адреса через своего почтового провайдера; " +
				"если не вы, кто-то пишет от вашего имени: судья извещён.",
			JudgeSubject:     "%s: задержано письмо от %s",
			JudgeIntro:       "Письмо, которое выдаёт себя за письмо участника %s <%s>, получено %s, не применено и хранится в карантине.",
			JudgeReason:      "Причина: %s",
			JudgeID:          "Message-ID: %s",
			JudgeAnswered:    "Отправителю сообщено.",
			JudgeNotAnswered: "Отправителю не отвечено.",
			JudgeReceipt:     "Квитанция: %s",
			UnstampedSubject: "postald: письма приходят без поля Authentication-Results сервера %s",
			UnstampedIntro:   "В письме, полученном %s от %s, нет поля Authentication-Results сервера %s, названного в [trust] authserv_id.",
			UnstampedWhy: "Такое письмо не прошло проверок принимающего сервера. Оно не применено и хранится в карантине, " +
				"но пока сервер добавляет своё поле не к каждому письму, письму с поддельным полем от имени %s поверили бы. " +
				"Попросите администратора настроить принимающий сервер так, чтобы он добавлял своё поле Authentication-Results " +
				"к каждому входящему письму и удалял те, что письмо уже несёт (см. docs/trust.md).\n" +
				"Это уведомление приходит не чаще раза в сутки.",
			Letters: ruLettersOf.count,
			OverSize: func(got, max int64) string {
				return "письмо в " + ruByte.count(int(got)) + " больше допустимых " + ruByte.count(int(max))
			},
			OverParts: func(max int64) string {
				return "в письме больше " + ruPartOf.count(int(max)) + " (вложений и частей текста)"
			},
			OverLine: func(got, max int64) string {
				return "строка в " + ruByte.count(int(got)) + " длиннее допустимых " + ruByte.count(int(max))
			},
			Partial: func(got, size int64) string {
				return "удалось получить только " + ruByte.count(int(got)) + " из " + ruByte.count(int(size))
			},
		},
		Held: HeldText{
			Report:       "отчёт о доставке или прочтении (%s)",
			Bounce:       "возврат письма или автоответ (%s)",
			Automatic:    "автоматическое письмо (%s)",
			Bulk:         "массовая рассылка (%s)",
			List:         "письмо из списка рассылки (%s)",
			Autoreply:    "автоответ (%s)",
			OwnLetter:    "вернулось письмо самого postald (%s)",
			OwnAddress:   "письмо с адреса самого postald (%s)",
			MailerDaemon: "письмо почтового сервера (%s)",
			NoFrom:       "адрес отправителя не читается",
			FromFields: func(n int) string {
				return fmt.Sprintf("отправитель указан в заголовке несколько раз (%d)", n)
			},
			FromList: func(n int) string {
				return fmt.Sprintf("в заголовке названо несколько отправителей (%s); у письма с ходом один отправитель", ruAddress.count(n))
			},
			Sender:       "письмо отправил %s от имени %s; письмо с ходом посылает сам игрок",
			SenderUnread: "письмо от имени %s отправил кто-то другой, чей адрес не читается",
			SenderFields: func(n int) string {
				return fmt.Sprintf("в заголовке несколько фактических отправителей (%d)", n)
			},
			NoPolicy:       "подлинность отправителей не проверяется: в разделе [trust] не задано ни %s, ни %s; см. docs/trust.md",
			AuthNoField:    "подлинность не подтверждена: нет поля Authentication-Results сервера %s",
			AuthUnreadable: "подлинность не подтверждена: поле сервера %s не читается: %s",
			AuthNotPassed:  "подлинность не подтверждена: проверка %s дала %s",
			AuthNoResult:   "подлинность не подтверждена: проверки %s нет",
			AuthMisaligned: "подлинность не подтверждена: проверка %s пройдена для «%s», а не для %s",
			OwnNotPassed:   "подлинность не подтверждена собственной проверкой postald: %s дала %s",
			OwnNoResult:    "подлинность не подтверждена собственной проверкой postald: проверки %s нет",
			OwnMisaligned:  "подлинность не подтверждена собственной проверкой postald: %s пройдена для «%s», а не для %s",
			Contradicted:   "принимающий сервер пропустил %s, но собственная проверка postald дала %s",
			OwnDetail:      " (%s)",
			Rate:           "больше %s с адреса %s за час",
			Unreadable:     "письмо не читается: %s",
			FromTwoWays:    "отправитель читается двояко: «%s» и «%s»",
			NotOwn:         "названа партия %s, в которой отправитель не играет",
			Stranger:       "письмо не от участника турнира: %s",
			NoGame:         "у отправителя нет партий в игре: %s",
			Failed:         func(n int) string { return "письмо не удалось обработать " + ruTime.count(n) },
			Internal:       "внутренняя ошибка postald: %s",
		},
		Digest: DigestText{
			CardsSubject: "%s: открытки к отправке, звонки (%d)",
			CardsIntro: func(n int) string {
				return fmt.Sprintf("Эти письма игрокам по почте или по телефону (%s) ждут секретаря больше суток.\nПока открытка не отправлена, время её получателя не идёт и партия стоит (п. 4.3.1).", ruLetter.count(n))
			},
			CardItem:   "#%d  %s, %s, кому: %s, написано %s",
			CardsOutro: "%s печатает их; %s отмечает их отправку.",
			Subject:    "postald: задержанные письма (%d)",
			Intro: func(n int) string {
				return fmt.Sprintf("С прошлой сводки postald задержал писем: %d. Ни одно из них не применено к партиям.", n)
			},
			Item:    "%d. %s, от: %s, тема: «%s»\n   причина: %s\n   в ящике: %s, %s",
			NoFrom:  "(адрес отправителя не читается)",
			Outro:   "Все письма хранятся в архиве: %s показывает их с причинами.",
			Letters: ruLetter.count,
			Bytes:   ruByte.count,
		},
		Storage: StorageText{
			Subject: "postald: хранилище партий недоступно для записи (%s)",
			Body: "postald не может записать своё хранилище с %s: %v.\n\n" +
				"Письма игроков остаются в почтовом ящике и не теряются; каждое будет рассмотрено один раз, " +
				"как только запись снова станет возможной. Попытки рассмотреть письмо из-за этой ошибки не " +
				"засчитываются. Освободите место на диске или устраните ошибку устройства.",
		},
		Damaged: StorageText{
			Subject: "postald: проверка хранилища партий обнаружила повреждение (%s)",
			Body: "Проверка хранилища postald %s обнаружила повреждение: %v.\n\n" +
				"Запись архива изменена или страница файла повреждена, и хранилище больше не доказывает своё " +
				"содержимое. postald продолжает рассматривать письма. Восстановите хранилище из резервной копии, " +
				"сделанной до повреждения, предварительно проверив эту копию (см. руководство администратора).",
		},
		ClockBack: StorageText{
			Subject: "postald: часы сервера отстают от записей турнира (%s)",
			Body: "Часы сервера postald показывают %s — раньше последней записи хранилища (%s). " +
				"Время не идёт назад: пока часы не догонят эту запись, решения датируются ею, и ни одному " +
				"участнику не начисляются дни за это время.\n\n" +
				"Проверьте часы сервера (синхронизацию времени, батарейку, дату, установленную вручную). " +
				"Это письмо отправляется один раз на каждое отставание часов.",
		},
		OwnCheckDown: StorageText{
			Subject: "postald: проверка отправителей писем не выполняется (%s)",
			Body: "С %s postald не может проверить подписи и адреса отправителей писем: " +
				"служба доменных имён не отвечает (%s).\n\n" +
				"Письма участников не потеряны и не отклонены: они ждут в почтовом ящике и будут рассмотрены, " +
				"как только проверка станет возможной; дни участникам считаются по дате получения письма. " +
				"Сообщите администратору сервера postald.",
		},
		RegisteredSubject: "%s: турнир зарегистрирован",
		CaptainProtestSubject: func(code, game string) string {
			return code + " партия " + game + ": протест капитана команды"
		},
		CaptainProtestJudge: func(team, captain, game, text string) string {
			return "Протест капитана команды «" + team + "» (" + captain + ") по партии " + game + " (п. 1.14.7, 4.1.12):\n" + text + "\n"
		},
		CaptainProtestSent: func(game, judge string) string {
			return "Ваш протест по партии " + game + " передан судье турнира, " + judge + " (п. 1.14.7, 4.1.12).\n"
		},
		RoundNotPaired: func(code string, round int) string {
			return fmt.Sprintf("Тур %d турнира %s не составлен: ни одна жеребьёвка не выполняет абсолютных критериев голландской системы ФИДЕ, и правила оставляют этот тур судье. Игра турнира ждёт его решения.\n", round, code)
		},
		RegisteredHead: func(code, name, variant string, players, games int, start, end daysclock.Date) string {
			return fmt.Sprintf("Турнир %s «%s» зарегистрирован: %s, участников %d, партий %d, с %s по %s.\n\nПартии (белые – чёрные):\n",
				code, name, variant, players, games, dotted(start), dotted(end))
		},
		ReportSubject: "%s: отчёт директору %s",
	},

	Web: WebText{
		LangName: "Русский",
		SwitchTo: "Эта страница по-русски",

		Tournaments:      "Турниры по переписке",
		NoTournaments:    "Турниров пока нет.",
		AllTournaments:   "Все турниры",
		BackToTournament: "К таблице турнира",
		Columns: WebColumns{
			Code: "Шифр", Name: "Турнир", Variant: "Игра", Dates: "Сроки", Games: "Партии",
			Side: "Цвет", Player: "Участник", Days: "Использовано", Penalty: "Штраф", Control: "Ближайший контроль",
			LastDay: "Крайний срок хода", MoveNumber: "№", White: "Белые", Black: "Чёрные",
		},
		Dates:         func(from, to string) string { return "с " + from + " по " + to },
		Games:         ruGame.count,
		GamesPlaying:  func(n int) string { return fmt.Sprintf("в игре %d", n) },
		GamesFinished: func(n int) string { return fmt.Sprintf("закончено %d", n) },

		TournamentTitle: func(code, name string) string { return "Турнир " + code + " «" + name + "»" },
		GameTitle:       func(game, white, black string) string { return "Партия " + game + ": " + white + " – " + black },
		Playing:         "Партия идёт",
		Awaiting:        "Партия ждёт присуждения судьёй",
		Finished:        func(result string) string { return "Партия закончена: " + result },
		OnMove: func(white bool) string {
			if white {
				return "Ход белых"
			}
			return "Ход чёрных"
		},
		MovesMade: func(n int) string { return ruMade.form(n) + " " + ruMove.count(n) },

		Board:         "Позиция на доске",
		StartPosition: "Начальная позиция",
		After:         func(move string) string { return "После хода " + move },
		First:         "В начало",
		Previous:      "Назад",
		Next:          "Вперёд",
		Last:          "В конец",
		Keys:          "Ходы можно листать кнопками или стрелками ← и → на клавиатуре; нажмите на ход, чтобы увидеть позицию после него.",
		Moves:         "Ходы",
		NoMoves:       "Ходов ещё не было.",
		Clocks:        "Время на обдумывание",
		Rulings:       "Решения судьи",
		NoRulings:     "Решений судьи по этой партии нет.",
		DaysLeft:      func(n int) string { return ruRemain.form(n) + " " + ruDay.count(n) },
		Overdue:       func(n int) string { return "просрочено на " + ruDay.count(n) },
		GamePDN:       "Скачать партию (PDN)",
		GamesPDN:      "Скачать все партии турнира (PDN)",
		Private:       "Предложенные варианты и письма участников не показываются: они остаются тайной, пока ходы не сделаны.",
		NotFound:      "Такой страницы нет.",
		Failed:        "Страницу не удалось показать; попробуйте позже.",
	},

	Channels: ChannelText{
		Card:      "открытка",
		Call:      "звонок",
		CardTitle: "Ход пришёл по почте, на открытке",
		CallTitle: "Ход передан по телефону",
		Post:      ruByPost,
		Phone:     ruByPhone,
	},

	Lots: LotsText{
		RevealedSubject: func(code string) string { return code + ": ключ жеребьёвки раскрыт" },
		RevealedBody:    ruRevealed,
		Drawn:           "по жребию",
		Registered: func(l StartLot) string {
			what := "дебютов каждой пары партнёров (1.6.4)"
			switch {
			case l.Numbers && l.Openings != "":
				what = "номеров участников (а с ними цвета в каждой партии) и дебютов каждой пары (1.6.4)"
			case l.Numbers:
				what = "номеров участников (а с ними цвета в каждой партии)"
			case l.Ties:
				what = "того, кто проходит дальше из ничейной встречи,"
			}
			return "Жеребьёвка " + what + " проведена по секретному ключу.\nЕго SHA-256, который сообщает каждое стартовое письмо:\n    " + l.Hash +
				"\nКлюч будет раскрыт всем, когда закончится последняя партия (или раньше, по решению судьи);\nпо нему любой может пересчитать каждый результат жеребьёвки.\n"
		},
		Opening: func(name string) string { return "дебют «" + name + "»" },
	},
	Picture: PictureText{
		ToMove: "На рисунке очередь хода показана шашкой с треугольником справа от доски: внизу — ход белых, вверху — ход чёрных.",
	},
}

// ruStartOpening writes the opening drawn for game g under its line of the start letter.
func ruStartOpening(w func(string, ...any), g StartGame) {
	if g.Opening == "" {
		return
	}
	line := "«" + g.Opening + "»"
	switch {
	case g.Setup && g.OpeningMoves != "":
		line += " из своей начальной позиции: " + g.OpeningMoves
	case g.Setup:
		line += ", своя начальная позиция"
	case g.OpeningMoves != "":
		line += ": " + g.OpeningMoves
	}
	if g.OnMove {
		w("  дебют по жребию: %s; затем ход ваш", line)
	} else {
		w("  дебют по жребию: %s; затем ход партнёра", line)
	}
}

// ruStartLot writes the start letter's paragraph on the lots: what was drawn and the hash of
// the seed, to be checked when it is revealed.
func ruStartLot(w func(string, ...any), l StartLot) {
	if l.Hash == "" {
		return
	}
	w("")
	w("Жеребьёвка")
	switch {
	case l.Numbers && l.Openings != "":
		w("postald провёл жеребьёвку номеров участников (по ним таблица очерёдности даёт цвет")
		w("в каждой партии) и дебютов каждой пары партнёров (1.6.4) по секретному ключу.")
	case l.Numbers:
		w("postald провёл жеребьёвку номеров участников (по ним таблица очерёдности даёт цвет")
		w("в каждой партии) по секретному ключу.")
	case l.Ties:
		w("Кто проходит дальше из встречи, оставшейся ничейной после всех её партий, postald решает")
		w("жребием по секретному ключу, созданному до начала игры: каждый жребий — выборка по ключу")
		w("с меткой «knockout», номером тура и номерами двух участников, например «knockout 2 3-6».")
	default:
		w("postald провёл жеребьёвку дебютов каждой пары партнёров (1.6.4) по секретному ключу.")
	}
	w("SHA-256 этого ключа:")
	w("    %s", l.Hash)
	w("Сохраните это письмо: когда турнир закончится, ключ будет раскрыт всем, и любой сможет")
	w("проверить, что его SHA-256 совпадает с этим и что он даёт именно эти результаты жеребьёвки.")
	if l.Openings == "" {
		return
	}
	if l.Openings == "first-move" {
		w("Первый ход белых выбран жребием из %s.", ruFirstMove.count(l.Lines))
	} else {
		w("Дебют выбран жребием из %s списка турнира.", ruOpeningOf.count(l.Lines))
	}
	w("Каждая партия начинается с ходов жеребьёвки на доске: их не повторяют, и время на них")
	w("не начисляется никому. Контроль времени считает собственные ходы каждого игрока, поэтому")
	w("его контрольный ход сдвигается на число ходов жеребьёвки его цвета.")
}

// ruRevealed is the letter revealing the seed of a tournament's lots.
func ruRevealed(r Revealed) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Ключ жеребьёвки турнира %s «%s» раскрыт.", r.Code, r.Name)
	w("")
	w("До начала игры postald провёл жеребьёвку по секретному ключу из 32 байтов, и каждое")
	w("стартовое письмо сообщило SHA-256 этого ключа:")
	w("    %s", r.Hash)
	if r.Finished {
		w("Турнир закончен, и ключ таков:")
	} else {
		w("Судья раскрывает ключ (%s):", r.Reason)
	}
	w("    %s", r.Seed)
	w("")
	w("Проверить жеребьёвку может каждый. SHA-256 32 байтов ключа должен совпасть с приведённым")
	w("выше, а каждый результат жеребьёвки следует из ключа: у каждой жеребьёвки своя метка, и её")
	w("блоки с номерами 0, 1, 2, … — это HMAC-SHA256 с 32 байтами ключа в роли ключа от текста")
	w("МЕТКА:НОМЕР («numbers:0», «numbers:1», …). Выбор из нескольких вариантов берёт очередной")
	w("блок и читает его первые 8 байтов как число без знака, первый байт — старший. Если это")
	w("число не меньше разности 2^64 и остатка от деления 2^64 на число вариантов, блок")
	w("пропускается; иначе выбор — остаток от деления числа на число вариантов, варианты")
	w("считаются с 0.")
	if len(r.Order) > 0 {
		w("")
		w("Номера участников (метка «numbers»). Участники в порядке стартового листа, на местах")
		w("0, 1, 2, …:")
		for i, name := range r.Listed {
			w("    %d. %s", i, name)
		}
		w("перемешиваются от последнего места до места 1: на каждом месте очередной выбор из")
		w("(номер места + 1) вариантов даёт место, с которым оно меняется. Участник на первом")
		w("месте получает номер 1, на втором — номер 2, и так далее:")
		for k, at := range r.Order {
			if at >= 1 && at <= len(r.Listed) {
				w("    %d: %s", k+1, r.Listed[at-1])
			}
		}
	}
	if len(r.Openings) > 0 {
		w("")
		w("Дебюты (метка «opening А-Б», где А и Б — номера пары, меньший первым: один выбор из")
		w("%s ниже; выбор 0 — первый).", ruOpeningOf.count(len(r.Lines)))
		for i, l := range r.Lines {
			w("    %d. %s", i+1, l)
		}
		for _, o := range r.Openings {
			w("    %s, партии %s: дебют %d", o.Label, strings.Join(o.Games, ", "), o.Line)
		}
	}
	if len(r.Ties) > 0 {
		w("")
		w("Ничейные встречи олимпийской системы (метка «knockout Т А-Б», где Т — тур, А и Б — номера")
		w("участников, меньший первым: один выбор из 2; выбор 0 — проходит А, 1 — Б).")
		for _, t := range r.Ties {
			w("    %s: %d, проходит %s", t.Label, t.Choice, t.Through)
		}
	}
	w("")
	w("Турнирный секретарь (postald)")
	return b.String()
}

// The Russian words that go with numbers.
var (
	ruDay        = counted{plural.Word{One: "день", Few: "дня", Many: "дней"}, plural.Russian}
	ruDayOf      = counted{plural.Word{One: "дня", Few: "дней", Many: "дней"}, plural.Russian} // «не более 21 дня», «в течение 3 дней»
	ruPenaltyDay = counted{plural.Word{One: "штрафной день", Few: "штрафных дня", Many: "штрафных дней"}, plural.Russian}
	ruRemain     = counted{plural.Word{One: "остался", Few: "осталось", Many: "осталось"}, plural.Russian}
	ruMade       = counted{plural.Word{One: "сделан", Few: "сделано", Many: "сделано"}, plural.Russian} // «сделан 21 ход», «сделано 5 ходов»
	ruGame       = counted{plural.Word{One: "партия", Few: "партии", Many: "партий"}, plural.Russian}
	ruMove       = counted{plural.Word{One: "ход", Few: "хода", Many: "ходов"}, plural.Russian}
	ruOpeningOf  = counted{plural.Word{One: "дебюта", Few: "дебютов", Many: "дебютов"}, plural.Russian}                          // «из 21 дебюта», «из 7 дебютов»
	ruFirstMove  = counted{plural.Word{One: "возможного хода", Few: "возможных ходов", Many: "возможных ходов"}, plural.Russian} // «из 7 возможных ходов»
	ruEvery      = counted{plural.Word{One: "каждый", Few: "каждые", Many: "каждые"}, plural.Russian}                            // «на каждый 21 ход», «на каждые 10 ходов»
	ruNearest    = counted{plural.Word{One: "ближайший", Few: "ближайшие", Many: "ближайшие"}, plural.Russian}                   // «в ближайший 21 день»
	ruRound      = counted{plural.Word{One: "тур", Few: "тура", Many: "туров"}, plural.Russian}
	ruTeam       = counted{plural.Word{One: "команда", Few: "команды", Many: "команд"}, plural.Russian}
)

// ruMatchBody is the Russian letter to a captain on a complete match of his team.
func ruMatchBody(m MatchLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Капитану команды «%s».", m.Team)
	w("")
	w("Турнир %s «%s», тур %d: матч «%s» – «%s» закончен со счётом %s:%s.", m.Code, m.Name, m.Round, m.Home, m.Away, m.HomeScore, m.AwayScore)
	w("")
	w("Партии матча (доска, белые, чёрные, результат):")
	for _, g := range m.Games {
		w("  %s  доска %s  %s – %s  %s", g.Name, g.Board, g.White, g.Black, g.Result)
	}
	w("")
	w("Ваша команда сейчас занимает место %s, очков: %s.", m.Place, m.Points)
	w("Капитан ведёт переговоры с судьями и подаёт протесты команды в письменном виде (п. 1.14.7).")
	return b.String()
}

// ruRoundGames writes a round's games of the reader's (a Swiss round's, a knockout's pairing),
// each with his colour and his partner, as the partner plays.
func ruRoundGames(w func(string, ...any), games []StartGame) {
	for _, g := range games {
		colour := "чёрными"
		if g.White {
			colour = "белыми"
		}
		switch g.PartnerChannel {
		case "post":
			w("Партия %s: вы играете %s с участником №%d %s (%s).", g.Name, colour, g.Partner, g.PartnerName, ruByPost)
		case "phone":
			w("Партия %s: вы играете %s с участником №%d %s (%s).", g.Name, colour, g.Partner, g.PartnerName, ruByPhone)
		default:
			w("Партия %s: вы играете %s с участником №%d %s <%s>.", g.Name, colour, g.Partner, g.PartnerName, g.PartnerEmail)
		}
	}
}

// ruRoundBody is the Russian letter of a Swiss round after the first.
func ruRoundBody(r RoundLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Здравствуйте, %s!", r.Player)
	w("")
	w("Турнир %s «%s»: составлены пары %d-го тура из %d. Перед туром у вас очков: %s, место %s.", r.Code, r.Name, r.Round, r.Rounds, r.Points, r.Place)
	w("")
	if r.Bye {
		w("В этом туре вы свободны от игры (нечётное число участников): вам засчитывается плюс, очко (п. 1.12.2, 1.13.11).")
	}
	ruRoundGames(w, r.Games)
	if len(r.Games) > 0 {
		w("")
		w("Ходы присылайте, как прежде, на %s; в теме письма: %s", r.Address, r.SampleSubject)
		w("Время на обдумывание считается со дня, следующего за получением этого письма (п. 4.3.2).")
	}
	if !r.Ends.IsZero() && len(r.Games) > 0 {
		w("Игра в этом туре заканчивается %s (п. 4.3.2): партия, не законченная к этому дню, передаётся судье на присуждение.", dotted(r.Ends))
	}
	if r.Round < r.Rounds {
		w("Следующий тур составляется, когда закончится последняя партия этого тура.")
	} else {
		w("Это последний тур турнира.")
	}
	return b.String()
}

var ruMonths = [...]string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"}

// ruLongDate writes a date for people: «1 ноября 2026».
func ruLongDate(d daysclock.Date) string {
	return fmt.Sprintf("%d %s %d", d.Day, ruMonths[d.Month-1], d.Year)
}

// dotted writes a date as Russian letters do: 18.11.2026; the zero date as nothing.
func dotted(d daysclock.Date) string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%02d.%02d.%04d", d.Day, d.Month, d.Year)
}

// ruStartBody is the Russian start letter.
func ruStartBody(s Start) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("Здравствуйте, %s!", s.Player)
	w("")
	system := s.System
	if system == "" {
		system = map[int]string{1: "круговой турнир в один круг", 2: "круговой турнир в два круга"}[s.Rounds]
	}
	w("Вы участник заочного турнира %s «%s»: %s, %s.", s.Code, s.Name, s.Variant, system)
	if s.Latin != "" {
		w("Шифр турнира можно писать и латинскими буквами: %s.", s.Latin)
	}
	switch {
	case s.Team != "" && s.Board == 0:
		w("Вы запасной игрок команды «%s» (в турнире %s), капитан — %s. Партии у вас появятся,", s.Team, ruTeam.count(s.Teams), s.Captain)
		w("когда директор турнира введёт вас в состав; тогда придёт письмо с ними (п. 1.14.2). Ваш номер %d.", s.Number)
	case s.Team != "":
		w("Вы играете за команду «%s» на %d-й доске (в турнире %s), капитан — %s.", s.Team, s.Board, ruTeam.count(s.Teams), s.Captain)
		w("Ваш номер %d. У вас %s, все партии играются одновременно; цвет определяется", s.Number, ruGame.count(len(s.Games)))
		w("по первой доске (п. 1.14.3).")
	case s.Knockout.Rounds > 0:
		ruKnockoutStart(w, s)
	case s.Round > 0:
		w("Ваш номер %d. Участников %d, туров %d. Пары каждого тура составляются по швейцарской", s.Number, s.Players, s.Rounds)
		w("системе (голландская система ФИДЕ), когда закончится последняя партия предыдущего тура;")
		w("письмо с парами тура приходит сразу.")
	default:
		w("Ваш номер %d. Участников %d, у каждого %s, все партии играются одновременно.", s.Number, s.Players, ruGame.count(len(s.Games)))
	}
	w("")
	w("Правила вкратце")
	if s.PlayFrom.IsZero() {
		w("- Игра начинается %s.", ruLongDate(s.Start))
	} else {
		w("- Турнир начался %s; вы получили это письмо позже, и для вас игра начинается %s,", ruLongDate(s.Start), ruLongDate(s.PlayFrom))
		w("  на следующий день после его получения (4.3.2).")
	}
	w("- Партии, не законченные к %s, присуждаются: в течение %s после этого оба партнёра", ruLongDate(s.End), ruDayOf.count(s.AdjudicationDays))
	w("  присылают оценку позиции и анализ, затем судья выносит решение (4.3.2).")
	w("- Контроль времени: %s на %s %s, с нарастающим итогом (4.3.1).", ruDay.count(s.ControlDays), ruEvery.form(s.ControlMoves), ruMove.count(s.ControlMoves))
	switch {
	case s.Overstep == "forfeit" && (s.Channel == "post" || s.Channel == "phone"):
		w("- Превышение контроля времени означает поражение в партии: оно засчитывается сразу (4.3.1);")
		w("  если вы молчите после последнего дня, ваша открытка или звонок могли ещё не дойти до postald: решает судья (4.1.7).")
	case s.Overstep == "forfeit":
		w("- Превышение контроля времени означает поражение в партии: оно засчитывается сразу (4.3.1).")
	default:
		w("- Превышение контроля времени записывается, и судья решает, засчитать ли поражение (4.1.7, 4.3.1).")
	}
	w("- За невыполнимый или неправильно записанный ход — штраф %s (4.2.11).", ruDay.count(s.PenaltyDays))
	if len(s.Reminders) == 0 {
		w("- Напоминаний о сроке не будет: следите за временем сами.")
	} else {
		var at []string
		for _, d := range s.Reminders {
			at = append(at, "за "+ruDay.count(d))
		}
		w("- Если вы на ходу и не ответили, напоминание придёт %s до последнего дня контроля.", strings.Join(at, " и "))
	}
	w("- Если вы на ходу и не пишете %s, об этом узнаёт судья (4.1.7).", ruDay.count(s.SilenceDays))
	w("- Дни считаются по календарю зоны %s.", s.Zone)
	w("- Перерыв в игре: до %s за турнир; сообщите о нём письмом до его первого дня, в эти дни", ruDayOf.count(s.LeaveDays)) // «до 21 дня»
	w("  ваши часы стоят (4.1.3).")
	if s.Team != "" {
		w("- Протесты команды подаёт судье, %s, её капитан, письменно, в течение %s (4.1.12, 1.14.7).", s.Judge, ruDayOf.count(s.ProtestDays))
	} else {
		w("- Протесты направляются судье, %s, в течение %s (4.1.12).", s.Judge, ruDayOf.count(s.ProtestDays))
	}
	w("")
	switch {
	case s.Knockout.Rounds > 0 && s.Knockout.Bye:
		w("В 1-м туре у вас нет встречи (свободный проход по числу участников): вы выходите во 2-й тур;")
		w("письмо о нём придёт, когда станет известен ваш соперник.")
	case s.Knockout.Rounds > 0:
		w("Ваша встреча 1-го тура")
	case s.Round > 0 && len(s.Games) == 0:
		w("В %d-м туре вы свободны от игры (нечётное число участников): вам засчитывается плюс, очко (п. 1.12.2, 1.13.11).", s.Round)
	case s.Round > 0 && !s.RoundEnds.IsZero():
		w("Ваша партия %d-го тура (игра в нём заканчивается %s, п. 4.3.2: партия, не законченная к этому дню, передаётся судье на присуждение)", s.Round, dotted(s.RoundEnds))
	case s.Round > 0:
		w("Ваша партия %d-го тура", s.Round)
	case len(s.Games) == 0:
		w("Партий у вас пока нет.")
	default:
		w("Ваши партии")
	}
	for _, g := range s.Games {
		colour := "чёрными"
		if g.White {
			colour = "белыми"
		}
		if g.PartnerTeam != "" {
			colour += fmt.Sprintf(" на %d-й доске", g.Board)
			g.PartnerName += fmt.Sprintf(" («%s», %d-я доска)", g.PartnerTeam, g.PartnerBoard)
		}
		switch g.PartnerChannel {
		case "post":
			w("- партия %s: вы играете %s, партнёр %d. %s (%s)", g.Name, colour, g.Partner, g.PartnerName, ruByPost)
		case "phone":
			w("- партия %s: вы играете %s, партнёр %d. %s (%s)", g.Name, colour, g.Partner, g.PartnerName, ruByPhone)
		default:
			w("- партия %s: вы играете %s, партнёр %d. %s <%s>", g.Name, colour, g.Partner, g.PartnerName, g.PartnerEmail)
		}
		ruStartOpening(w, g)
	}
	ruStartLot(w, s.Lot)
	w("")
	w("Как отправить ход")
	switch s.Channel {
	case "post":
		w("Вы играете по почте (4.1.1, 4.2.1). Каждый ход пишите на открытке или в письме, одна")
		w("партия на открытке, турнирному секретарю:")
		for _, l := range s.CaptainAddress {
			w("    %s", l)
		}
		w("Секретарь вводит его, postald проверит ход и перешлёт его партнёру. Дата отправки")
		w("вашего хода — по почтовому штемпелю; для заказной корреспонденции — дата на штемпеле")
		w("почтовой квитанции; на открытке без разборчивого штемпеля — указанная вами (4.3.1).")
		w("Ходы партнёра и ответы postald приходят вам открытками по адресу:")
		for _, l := range s.PostalAddress {
			w("    %s", l)
		}
		if s.PostDays > 0 {
			w("Открытка считается идущей %s: ваше время идёт через %s после её отправки", ruDay.count(s.PostDays), ruDay.count(s.PostDays))
			w("секретарём, напоминания отправляются на %s раньше, а молчание становится", ruDay.count(s.PostDays))
			w("превышением, только когда открытка, отправленная в ваш последний день, уже пришла бы (4.3.1).")
		} else {
			w("Ваше время идёт со дня, когда секретарь отправил вам открытку (4.3.1).")
		}
		w("")
	case "phone":
		w("Вы играете по телефону (4.1.1). Каждый ход сообщайте турнирному секретарю по телефону")
		w("%s; он записывает ход, postald проверит его и перешлёт партнёру. День звонка —", s.CaptainPhone)
		w("дата отправки вашего хода. Секретарь звонит вам по номеру %s с ходами партнёра", s.Phone)
		w("и ответами postald; ваше время идёт со дня его звонка (4.3.1). Говорите ход так,")
		w("как написали бы его:")
		w("")
	default:
		w("Каждый ход присылайте на адрес %s, одна партия в письме; postald проверит ход,", s.Address)
		w("проставит даты и перешлёт его партнёру. Партию назовите в теме письма:")
		w("")
		w("    Тема: %s", s.SampleSubject)
		w("")
	}
	w("    Турнир %s, партия %s.", s.SampleCode, s.SampleGame)
	w("    Ваш ход %s получил.", s.Received)
	w("    Мой ход: %s", s.Own)
	w("    Даты: %s / %s / %s", dotted(s.SampleDates[0]), dotted(s.SampleDates[1]), dotted(s.SampleDates[2]))
	w("    Время: %s", s.SampleTime)
	w("")
	w("Повторите последний ход партнёра, затем свой ход с номером; укажите три даты (отправки")
	w("хода партнёром, его получения, вашего ответа) и время, затраченное обоими: дни белых")
	w("через дробь дни чёрных (4.2.3, 4.3.1). Первый ход белых повторения не требует.")
	w("Даты postald отмечает сам по почте: если ваши расходятся с ними, верны его даты,")
	w("и он сообщит вам о расхождении (4.3.1).")
	w("")
	w("Желаем успеха!")
	w("Турнирный секретарь (postald). Судья турнира: %s", s.Judge)
	return b.String()
}

// The Russian words of the office's letters that go with numbers.
var (
	ruLettersOf = counted{plural.Word{One: "письма", Few: "писем", Many: "писем"}, plural.Russian} // after «больше»
	ruLetter    = counted{plural.Word{One: "письмо", Few: "письма", Many: "писем"}, plural.Russian}
	ruByte      = counted{plural.Word{One: "байт", Few: "байта", Many: "байт"}, plural.Russian}
	ruTime      = counted{plural.Word{One: "раз", Few: "раза", Many: "раз"}, plural.Russian} // «3 раза», «5 раз»
	ruAddress   = counted{plural.Word{One: "адрес", Few: "адреса", Many: "адресов"}, plural.Russian}
	ruPartOf    = counted{plural.Word{One: "части", Few: "частей", Many: "частей"}, plural.Russian} // after «больше»
)

// How a player plays, after his name: in the views (ChannelText) and in the start letter.
const (
	ruByPost  = "по почте"
	ruByPhone = "по телефону"
)

// ruReserveBody is the Russian letter about a reserve the director entered.
func ruReserveBody(r ReserveLetter) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if r.Player != "" {
		w("Здравствуйте, %s!", r.Player)
		w("")
	}
	w("Турнир %s «%s»: в команде «%s» вместо участника %s играет запасной %s (п. 1.14.2).", r.Code, r.Name, r.Team, r.Out, r.In)
	if r.Reason != "" {
		w("Основание: %s", r.Reason)
	}
	w("")
	w("Партии, в которых ещё не было ходов, переходят к новым участникам: прежняя партия аннулирована")
	w("и не засчитывается никому, вместо неё играется новая, с теми же цветом и доской:")
	for _, g := range r.Games {
		w("  партия %s вместо %s: белые %s, чёрные %s", g.New, g.Old, g.White, g.Black)
	}
	if r.Player != "" {
		w("")
		w("Ходы в новой партии присылайте, как прежде, на %s, назвав её в теме письма.", r.Address)
		w("Время белых считается со дня, следующего за получением этого письма (п. 4.3.2).")
	}
	return b.String()
}
