package phrase

import (
	"fmt"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// russianCLI is postald's command line in Russian. Commands, flags, configuration keys and the
// values a judge types (white, black) stay as they are typed.
var russianCLI = CLIText{
	Clause: citer(func(c string) string { return "п. " + c },
		func(c string) string { return "п. " + c + " правил соревнований" }),
	Date: dotted,

	Help: HelpText{
		Synopsis: "использование: postald [-skip-check] [-config ФАЙЛ] <команда> [флаги] [аргументы]",
		Commands: "команды:",
		More: "postald КОМАНДА -h печатает, как пользоваться командой, с примером; -config ФАЙЛ\n" +
			"(или $POSTALD_CONFIG) можно писать до команды, после неё или после её аргументов.",
		Example: "пример:\n  postald judge list -config /etc/postald/postald.toml",
		Summaries: CommandSummaries{
			Serve:       "запустить службу: следить за почтовым ящиком, судить письма, отправлять ответы",
			Demo:        "сыграть короткую партию письмами на встроенных почтовых серверах, напечатав каждое письмо",
			Tournament:  "tournament create -sheet СТАРТ.toml [-force]: зарегистрировать турнир и разослать стартовые письма; tournament reserve: ввести запасного команды",
			Judge:       "решения и просмотры судьи (list, show, penalty, forfeit, ...)",
			Report:      "отчёт директора турнира",
			Export:      "export -game ПАРТИЯ: партия в формате PDN; export -trf: турнир по швейцарской системе в формате отчёта ФИДЕ (TRF)",
			Card:        "card -game ПАРТИЯ -from СТОРОНА [-postmark ДАТА] ФАЙЛ: ввести открытку или звонок игрока по почте или по телефону",
			Cards:       "cards [-print КАТАЛОГ] [-posted ДАТА] [НОМЕР ...]: открытки к отправке и звонки; напечатать их, отметить отправку",
			Simulate:    "simulate -sheet СТАРТ.toml ПИСЬМА.mbox: судья без почты",
			Crosstable:  "crosstable [-json] ФАЙЛ: места и дополнительные показатели по файлу результатов любой системы",
			Pair:        "pair -dutch ФАЙЛ.trf [-p ФАЙЛ]: следующий тур швейцарской системы по голландской системе ФИДЕ",
			Parse:       "parse ФАЙЛ: письмо с ходом в виде JSON",
			Check:       "check [-variant ВАРИАНТ] ФАЙЛ.pdn: переиграть каждую партию файла PDN",
			Perft:       "perft -variant ВАРИАНТ -depth ГЛУБИНА [-fen FEN]: подсчёт последовательностей ходов",
			Diagram:     "diagram -variant ВАРИАНТ -fen FEN [-last ХОД] -o ФАЙЛ.png: позиция картинкой",
			Backup:      "backup ФАЙЛ: согласованная проверенная копия хранилища, при работающей службе или без неё",
			Archive:     "archive ШИФР: перенести законченный турнир в отдельный архивный файл; -list перечисляет их",
			Prune:       "prune [ШИФР]: удалить исходные байты писем архивных турниров по истечении [store] retain_raw_days (п. 4.1.13)",
			CheckConfig: "check-config: проверить настройки, доверие, права файлов, вход на серверы IMAP и SMTP; код выхода 1 при ошибке",
			Version:     "версия модуля и ревизия, из которых собрана программа",
			Endgame:     "endgame build|probe: базы окончаний: построить, найти позицию",
			Lots:        "lots verify [-tournament ШИФР]: пересчитать жеребьёвку (номера, дебюты) по её зерну; lots reveal",
		},
		Usage: "использование:",
		Flags: "флаги:",
		Value: "ЗНАЧЕНИЕ", Number: "ЧИСЛО", Duration: "СРОК", Default: "(по умолчанию %s)",
		ConfigFlag: "  -config ФАЙЛ\n" +
			"    \tфайл настроек (по умолчанию $POSTALD_CONFIG или %s); можно писать\n" +
			"    \tдо команды, после неё или после аргументов\n",
	},

	Usage: UsageText{
		Serve: `использование: postald serve [-config ФАЙЛ] [-debug] [-takeover]

Запускает службу: следит за почтовым ящиком, судит письма, отправляет ответы и напоминания,
ведёт часы игроков. Если сервер IMAP или SMTP не пускает по настроенным учётным данным,
служба при запуске останавливается.

пример:
  postald serve -config /etc/postald/postald.toml
`,
		Demo: `использование: postald demo [-v]

Играет короткую партию письмами на встроенных почтовых серверах и печатает каждое письмо.

пример:
  postald demo
`,
		Tournament: `использование: postald tournament create [-config ФАЙЛ] -sheet СТАРТ.toml [-force]
               postald tournament reserve [-config ФАЙЛ] [ТУРНИР] УЧАСТНИК ЗАПАСНОЙ -reason ТЕКСТ

create регистрирует турнир по стартовому листу (участники, вид шашек, сроки, регламент, система
проведения и команды), составляет пары по таблицам Бергера (в швейцарской и олимпийской
системах — первый тур) и рассылает каждому участнику стартовое письмо. Сначала лист
проверяется: прошедший срок окончания, начало после окончания, участник без адреса, адрес или
номер дважды, нулевое или отрицательное значение отклоняются с названием ключа; -force
регистрирует лист, который лишь необычен (срок окончания уже прошёл, турнир вносится поздно).

reserve вводит запасного команды вместо одного из её участников (п. 1.14.2 правил
соревнований): партии без ходов переходят к запасному (при board_order = "moved-up" участники
ниже поднимаются на доску выше), каждая старая партия аннулируется и открывается новая, и
каждый затронутый участник, капитан, судья и директор получают письмо.

примеры:
  postald tournament create -config /etc/postald/postald.toml -sheet zk-1.toml
  postald tournament reserve КЧ-2026 2 7 -reason "Петров болен"
`,
		Report: `использование: postald report [-config ФАЙЛ] [-tournament ШИФР] [-html] [-send]

Отчёт директора по каждому турниру (или по одному) на языке турнира: таблица, партии в игре,
просрочки, решения судьи. С -send отчёт отправляется директору каждого турнира вместо печати.

примеры:
  postald report -tournament ЗК-1
  postald report -send -config /etc/postald/postald.toml
`,
		Export: `использование: postald export [-config ФАЙЛ] -game ПАРТИЯ
               postald export [-config ФАЙЛ] -trf [-tournament ШИФР]

Печатает партию в формате PDN. ПАРТИЯ — ТУРНИР/Б-Ч (номера белых и чёрных), или Б-Ч, когда
турнир один. С -trf печатает турнир по швейцарской системе в формате отчёта ФИДЕ (TRF-2026)
с его законченными турами: его читают postald pair -dutch и программы арбитров.

примеры:
  postald export -game ЗК-1/1-2 > zk1-1-2.pdn
  postald export -trf -tournament ШВ-2026 > sw2026.trf
`,
		Card: `использование: postald card [-config ФАЙЛ] -game ПАРТИЯ -from СТОРОНА [-postmark ГГГГ-ММ-ДД]
                           [-received ГГГГ-ММ-ДД] [-registered] [-phone] ФАЙЛ|-

Вводит открытку (или, с -phone, звонок) игрока по почте или по телефону: её текст, как он
написан на открытке или записан со звонка, из ФАЙЛА или со стандартного ввода. postald решает
её так же, как письмо: тот же разбор, та же проверка, те же пункты правил, ответы, архив и
квитанция. СТОРОНА — white, black или номер игрока. -postmark — дата почтового штемпеля на
открытке (для заказного письма -registered и дата на почтовой квитанции; для звонка — его
день): дата отправки, по которой считается время (п. 4.3.1). Без -postmark (штемпель
неразборчив) действует дата отправки, написанная игроком. -received — день, когда открытка
дошла до секретаря (по умолчанию сегодня). Даты в невозможном порядке (штемпель позже дня
получения открытки, ответ отправлен раньше, чем получен ход, на который он отвечает)
отклоняются вместе с открыткой, с названием дат и того, что ввести. Работает и при работающей
службе (через её управляющий сокет), и без неё.

примеры:
  postald card -game ЗК-1/2-5 -from black -postmark 2026-12-03 -received 2026-12-05 card.txt
  postald card -game 2-5 -from 5 -phone -postmark 2026-12-04 - < call.txt
`,
		Cards: `использование: postald cards [-config ФАЙЛ] [-tournament ШИФР] [-json]
                            [-print КАТАЛОГ] [-posted ГГГГ-ММ-ДД] [НОМЕР ...]

Перечисляет открытки к отправке и звонки: каждое письмо, которое postald послал бы игроку по
почте или по телефону, ждёт здесь секретаря. -print КАТАЛОГ записывает каждую открытку в PDF
(и все вместе в cards.pdf) для конверта с окном. -posted отмечает, что секретарь отправил эти
открытки (сделал эти звонки) в этот день — это их почтовый штемпель: открытка, которая несёт
игроку ход, на который он должен ответить, запускает его время, для открытки через post_days
дней (п. 4.3.1). НОМЕР — номера из списка — ограничивает -print и -posted этими открытками;
-posted требует номеров или -print в той же команде, чтобы открытка, написанная после
последней печати, никогда не была отмечена отправленной.

примеры:
  postald cards
  postald cards -print /tmp/cards -posted 2026-12-06
  postald cards -posted 2026-12-06 14 15 17
`,
		Simulate: `использование: postald simulate [-letters] [-seed ЗЕРНО] -sheet СТАРТ.toml ПИСЬМА.mbox

Проводит письма файла mbox через судью без сети и без хранилища: по строке JSON на письмо,
затем по строке на партию. Письмо с полем X-Postald-Via (post, phone) — открытка или звонок,
введённые секретарём, с полями X-Postald-Game, X-Postald-Side, X-Postald-Postmark,
X-Postald-Registered и X-Postald-Card-Received, как их хранит postald; письмо с полем
X-Postald-Posted (дата) отмечает, что секретарь отправил открытку или сделал звонок, который
несёт ход стороне X-Postald-Side. Поле Date — когда секретарь ввёл запись. Лист с
жеребьёвкой ([lots]) разыгрывается от нового зерна или от -seed (64 шестнадцатеричные цифры),
чтобы жребий выпал так же, как при другой регистрации.

пример:
  postald simulate -sheet start.toml letters.mbox
`,
		Crosstable: `использование: postald crosstable [-json] [-lang ru|en] ФАЙЛ

Места и дополнительные показатели по файлу результатов любой системы (TOML: scoring,
tiebreaks, rounds, участники в [[player]] и партии в [[game]]; system, команды в [[team]] и
team_points, свободные туры швейцарской системы в [[bye]]; docs/director.md): таблица
кругового турнира, таблица швейцарской системы по турам, командная таблица, матчи и
результаты по доскам.
Заголовки — на языке командной строки, если -lang не называет другой.

пример:
  postald crosstable -lang ru results.toml
`,
		Parse: `использование: postald parse ФАЙЛ

Печатает письмо с ходом (сообщение RFC 5322; - — стандартный ввод) в виде JSON.

пример:
  postald parse letter.eml
`,
		Check: `использование: postald check [-variant ВАРИАНТ] ФАЙЛ.pdn

Переигрывает каждую партию файла PDN и печатает по строке на каждую партию, которая не
переигрывается, затем итог:

  "game N: move K (TEXT): REASON"
  "checked G games: B bad"

N — номер партии от 1 по порядку файла, K — номер полухода от 1 (ход 0 — ошибка до первого
хода: неизвестный GameType или неверный FEN), в скобках — ход, как он записан. Код выхода: 0,
когда все партии переигрываются, 1, когда какая-то нет, 2, когда файл не читается. Эти строки
читают и программы: на всех языках они одни и те же.

Без -variant вид шашек каждой партии задаёт её тег GameType (25 russian, 20 international,
98 international-giveaway, 42 column, 43 lasca, 44 russian-giveaway, 45 column-giveaway,
46 lasca-giveaway). Партия без GameType читается как russian, если её ходы (или FEN) называют
поля вроде c3, и как international, если это числа.

пример:
  postald check -variant russian games.pdn
`,
		Pair: `использование: postald pair -dutch [-p ФАЙЛ] ФАЙЛ.trf
               postald pair -dutch -check ФАЙЛ.trf

Составляет пары следующего тура швейцарской системы по голландской системе ФИДЕ (C.04.3 в
редакции с 1 июля 2025 года) по отчётному файлу турнира ФИДЕ о сыгранных турах: TRF-2026
(записи 142 — число туров, 152 — цвет первого тура, 162 — очки, 240 — пропуски, 260 —
запрещённые пары) или TRF(x) (XXR, XXC, XXS), с любыми концами строк. Пары составляются для
первого тура, в котором ещё никто не спарен; игрок, у которого в столбце этого тура пропуск
(0000 - H, F или Z) или запись 240 на этот тур, не получает пары.

В ФАЙЛ (- или без -p — стандартный вывод) пишется то же, что пишут программы, одобренные
ФИДЕ: число пар первой строкой, затем БЕЛЫЕ ЧЁРНЫЕ по стартовым номерам, по паре на строку в
порядке досок, и P 0 для свободного от игры по жеребьёвке игрока P. Файл, который не
читается, отклоняется с номером строки и столбца; код выхода 1, и 2 при неверной команде.

-check заново составляет пары каждого тура файла по предыдущим турам, как судья проверяет
пары другой программы, и печатает по строке на тур: совпадает ли он, или пары, в которых
файл и голландская система расходятся; код выхода 1, когда какой-то тур расходится.

примеры:
  postald pair -dutch round4.trf -p round5.txt
  postald pair -dutch -check final.trf
`,
		Perft: `использование: postald perft [-variant ВАРИАНТ] [-depth ГЛУБИНА] [-fen FEN]

Считает последовательности допустимых ходов из позиции и печатает строку "depth K: COUNT"
для K = 1..ГЛУБИНА (на всех языках одну и ту же: эту строку читают программы).

пример:
  postald perft -variant russian -depth 6
`,
		Diagram: `использование: postald diagram [-variant ВАРИАНТ] [-fen FEN] [-last ХОД] [-width ШИРИНА] -o ФАЙЛ.png

Рисует позицию картинкой PNG: белые внизу, обозначения полей в нотации вида шашек, очередь
хода на правом поле, столбы — сбоку (go doc postald/internal/diagram объясняет, как её читать).

Без -fen рисуется начальная позиция. С -last ход читается в нотации вида шашек от позиции
-fen, делается, и рисуется позиция после него с отмеченным ходом (его поля синим, путь взятия
и перепрыгнутые поля). -o - пишет PNG на стандартный вывод.

пример:
  postald diagram -variant column -fen 'W:Wc3(wb),a1:Bd4(bw),f8' -last c3:e5 -o after.png
`,
		Backup: `использование: postald backup [-config ФАЙЛ] ФАЙЛ

Записывает согласованную копию хранилища в ФАЙЛ (его ещё не должно быть) и проверяет копию
(проверка целостности bbolt, каждая цепочка хешей, каждая запечатанная запись), прежде чем
дать ей имя. При работающей службе копию пишет служба (через управляющий сокет) и продолжает
работу; иначе хранилище открывается здесь только для чтения. Как восстановить — в разделе
"Backups and restore" файла docs/admin.md.

пример:
  postald backup /var/backups/postald/store-2026-12-01.db
`,
		Archive: `использование: postald archive [-config ФАЙЛ] ШИФР
               postald archive [-config ФАЙЛ] -list

Переносит законченный турнир ШИФР из хранилища в отдельный архивный файл в каталоге archive
рядом с хранилищем: его стартовый лист, партии, каждое письмо его архива (целиком), события и
отправленные письма, записи о полученных письмах и копию решений судьи. Турнир, в котором
партия ещё идёт или письмо ещё не отправлено, не переносится, с названием партий. Файл
записывается, сбрасывается на диск и проверяется, прежде чем хранилище что-либо удалит; сбой
по дороге оставляет хранилище как было, а повторная команда завершает перенос. judge show,
judge list -tournament, judge letter, judge verify, export и report -tournament читают
архивный турнир как прежде (его партии называются ТУРНИР/Б-Ч); в нём больше ничего не
меняется. -list перечисляет архивные турниры и их файлы. См. раздел "How the store grows"
файла docs/admin.md.

примеры:
  postald archive ЗК-1
  postald archive -list -config /etc/postald/postald.toml
`,
		Prune: `использование: postald prune [-config ФАЙЛ] [ШИФР]

Удаляет исходные байты писем каждого архивного турнира (или турнира ШИФР), когда после
последнего из его писем и его переноса в архив прошло [store] retain_raw_days дней: не меньше
30 (п. 4.1.13: переписка хранится месяц после получения результатов), а 0, значение по
умолчанию, хранит их всегда. Заголовок каждого письма, решение по нему, партия до него, его
хеш и SHA-256 его байтов остаются, так что judge verify по-прежнему проверяет архив и каждую
квитанцию; judge show отмечает удалённые письма. Архивный файл переписывается рядом со
старым, проверяется и одним шагом занимает его место. Турнир, срок хранения которого ещё не
истёк, называется с днём, когда его письма можно будет удалить.

примеры:
  postald prune
  postald prune ЗК-1 -config /etc/postald/postald.toml
`,
		CheckConfig: `использование: postald check-config [-config ФАЙЛ] [-offline] [-timeout СРОК]

Проверяет настройки: файл читается, настройки доверия, права названных в нём файлов,
хранилище, вход на серверы IMAP и SMTP с настроенными учётными данными и наблюдаемый ящик
(открывается только для чтения; ничего не меняется). Каждая проверка — отдельной строкой
("ОК" или "СБОЙ"), отказ во входе — словами сервера. При собственной проверке отправителей
должен отвечать и её сервер DNS ([trust] resolver). Код выхода 1, если хоть одна проверка не
прошла. -offline пропускает почтовые серверы и сервер DNS.

пример:
  postald check-config -config /etc/postald/postald.toml
`,
		Version: `использование: postald version

Печатает версию модуля и ревизию, из которых собрана программа.

пример:
  postald version
`,
		Endgame: `использование: postald endgame build -variant ВАРИАНТ -pieces N -dir КАТАЛОГ [-workers N] [-memory МИБ]
                      postald endgame probe -variant ВАРИАНТ [-dir КАТАЛОГ] [-json] [FEN ...]

Базы окончаний, построенные ретроградным анализом на собственном движке правил postald:
исход каждой позиции не более чем из N шашек для стороны, чей ход (выигрыш, ничья или
проигрыш), и расстояние — число ходов до конца партии при лучшей игре. Подробнее:
postald endgame build -h и postald endgame probe -h.

примеры:
  postald endgame build -variant russian -pieces 6 -dir /var/lib/postald/endgame
  postald endgame probe -variant russian -dir /var/lib/postald/endgame 'W:WKa1,Kc1,Ke1:BKh8'
`,
		EndgameBuild: `использование: postald endgame build -variant ВАРИАНТ -pieces N -dir КАТАЛОГ [-workers N] [-memory МИБ]

Строит исход каждой позиции не более чем из N шашек (простых и дамок, при ходе любой
стороны) варианта: russian, international или их обратных форм. Бить обязательно, по
правилам взятия и превращения самого варианта, ровно так, как их применяет судья.
Каждое соотношение сил (простые и дамки каждой стороны) — отдельный файл
КАТАЛОГ/ВАРИАНТ/СООТНОШЕНИЕ.egdb, записанный целиком или никак; его формат и
контрольные суммы описаны в документации пакета internal/tablebase и в docs/admin.md.
Построение показывает ход работы в стандартном потоке ошибок, занимает все ядра, его
можно прервать и запустить снова: уже записанные файлы проверяются и
сохраняются. Большие базы строятся часами: запускайте их в фоне, под nice -n 19.

пример:
  postald endgame build -variant international -pieces 5 -dir /var/lib/postald/endgame
`,
		EndgameProbe: `использование: postald endgame probe -variant ВАРИАНТ [-dir КАТАЛОГ] [-json] [FEN ...]

Ищет позиции, заданные в FEN в командной строке или по одной в строке стандартного
ввода, и печатает по строке на каждую (одинаково на всех языках, для программ):
"FEN<TAB>ИСХОД<TAB>ХОД" — исход для стороны, чей ход ("win", "draw", "loss"; ? для позиции,
которой нет в базе), и ход, сохраняющий его (- если хода нет). -json печатает
{"fen","verdict","move","line"} с главным вариантом до конца партии, расстоянием в
ходах и исходом по правилам счёта ходов (2.6). Файлы проверяются при открытии;
код выхода 1, если строка не позиция.

пример:
  postald endgame probe -variant russian -dir /var/lib/postald/endgame 'W:WKa1,Kc1,Ke1:BKh8'
`,
		Lots: `использование: postald lots verify [-config ФАЙЛ] [-tournament ШИФР] [-hash ХЕШ]
               postald lots verify -sheet СТАРТ.toml -seed ЗЕРНО -hash ХЕШ
               postald lots reveal [-config ФАЙЛ] [-tournament ШИФР] -reason ТЕКСТ

Жеребьёвка перед началом игры (п. 1.6.4 правил соревнований: номера участников, которые дают
цвет, и дебюты) проводится от тайного зерна, хеш SHA-256 которого напечатан в каждом стартовом
письме. Зерно раскрывается, когда закончена последняя партия, или судьёй командой lots reveal
(об этом с причиной узнают все участники, судья и директор).

lots verify пересчитывает каждый жребий от зерна из хранилища, сверяет зерно с напечатанным
хешем (и с -hash — хешем из стартового письма) и проверяет, что каждая партия началась по
жребию; печатает каждый жребий, а после раскрытия и зерно. С -sheet хранилище не нужно: любой,
у кого есть стартовый лист, раскрытое зерно и хеш из стартового письма, пересчитает жребий;
зерно, чей SHA-256 не совпадает с хешем, отклоняется. Код выхода 1, если что-то не сходится.
Порядок пересчёта для любой другой программы — в docs/director.md.

примеры:
  postald lots verify -tournament ЗК-1
  postald lots verify -sheet zk-1.toml -seed 3f9a0c6b… -hash 66687aad…
  postald lots reveal -tournament ЗК-1 -reason "протест о жеребьёвке партии 3-7"
`,
		Judge: `использование: postald judge [-config ФАЙЛ] <команда> [флаги] [аргументы]

просмотр:
  list [-json] [-tournament ШИФР]       партии: состояние, чей ход, время, просрочки
  show [-json] ПАРТИЯ                   одна партия: позиция, ходы с датами, время, письма
  verify [ПАРТИЯ]                       проверить архив партии (или весь) на подделку
  quarantine [-json]                    задержанные и не применённые письма, с причиной
  letter [-raw] ПАРТИЯ НОМЕР            письмо НОМЕР из архива партии (номера — как в show):
                                        отправитель конверта, From, проверка подлинности, решение,
                                        заголовки, текст (ПАРТИЯ quarantine: письмо из карантина)

решения (каждое с -clause и -reason, п. 4.1.10; извещаются оба игрока, судья и директор;
для protest -clause по умолчанию 4.1.12, для withdraw — тот, что даёт п. 1.10 правил
соревнований):
  penalty ПАРТИЯ СТОРОНА ДНИ            начислить штрафные дни (отрицательные ДНИ снимают штраф)
  correct-date ПАРТИЯ СТОРОНА ДНИ       исправить затраченное игроком время (п. 4.3.1)
  forfeit ПАРТИЯ СТОРОНА                СТОРОНЕ засчитывается поражение (просрочка, дисциплина)
  adjudicate ПАРТИЯ РЕЗУЛЬТАТ           результат незаконченной партии: 1-0, 0-1, 1/2-1/2
  leave ПАРТИЯ СТОРОНА С ПО             отпуск: время не идёт с С по ПО (ГГГГ-ММ-ДД)
  annul ПАРТИЯ                          аннулировать партию: она окончена без результата
  withdraw [ТУРНИР] ИГРОК               игрок выбывает из турнира (п. 1.10 правил соревнований)
  protest ПАРТИЯ -reason РЕШЕНИЕ        записать протест и решение по нему (п. 4.1.12;
                                        -decision — тот же флаг)
  revert ПАРТИЯ НОМЕР                   вернуть партию в положение до письма НОМЕР (подделанного
                                        или неверно прочитанного): доска, время, варианты,
                                        предложение ничьей, состояние; письма остаются в архиве
                                        с отметкой об отмене

ПАРТИЯ — ТУРНИР/Б-Ч (или Б-Ч, когда турнир один); СТОРОНА — white, black или номер игрока.
Флаги можно писать до и после аргументов; postald judge КОМАНДА -h печатает, как
пользоваться командой, с примером.

примеры:
  postald judge list -config /etc/postald/postald.toml
  postald judge penalty ЗК-1/2-4 black 2 -clause 4.2.11 -reason "ход не повторён"
`,
		JudgeList: `использование: postald judge list [-config ФАЙЛ] [-json] [-tournament ШИФР]

Партии: состояние, чей ход, время, просрочки; строка каждой партии — на языке её турнира.

пример:
  postald judge list -tournament ЗК-1
`,
		JudgeShow: `использование: postald judge show [-config ФАЙЛ] [-json] ПАРТИЯ

Одна партия на языке её турнира: позиция, ходы с датами, время, решения судьи, письма.
ПАРТИЯ — ТУРНИР/Б-Ч, или Б-Ч, когда турнир один.

пример:
  postald judge show ЗК-1/3-7
`,
		JudgeVerify: `использование: postald judge verify [-config ФАЙЛ] [ПАРТИЯ]

Проверяет защищённый от подделки архив партии или всех партий, записей и решений.

пример:
  postald judge verify ЗК-1/3-7
`,
		JudgeQuarantine: `использование: postald judge quarantine [-config ФАЙЛ] [-json]

Задержанные и не применённые письма, каждое с причиной.

пример:
  postald judge quarantine
`,
		JudgeLetter: `использование: postald judge letter [-config ФАЙЛ] [-raw] ПАРТИЯ НОМЕР

Письмо НОМЕР из архива партии (номера — как в judge show): отправитель конверта, From,
проверка подлинности, решение, заголовок и текст. ПАРТИЯ quarantine — письмо из карантина.

примеры:
  postald judge letter ЗК-1/3-7 4
  postald judge letter quarantine 2 -raw
`,
		JudgePenalty: `использование: postald judge penalty [-config ФАЙЛ] ПАРТИЯ СТОРОНА ДНИ -clause ПУНКТ -reason ТЕКСТ

Начисляет СТОРОНЕ ДНИ штрафных дней (отрицательные ДНИ снимают штраф). СТОРОНА — white,
black или номер игрока.

пример:
  postald judge penalty ЗК-1/3-7 black 6 -clause 4.2.11 -reason "ход не повторён"
`,
		JudgeCorrect: `использование: postald judge correct-date [-config ФАЙЛ] ПАРТИЯ СТОРОНА ДНИ -clause ПУНКТ -reason ТЕКСТ

Исправляет затраченное СТОРОНОЙ время на ДНИ (положительные добавляют, отрицательные
возвращают), не трогая штрафных дней (п. 4.3.1). СТОРОНА — white, black или номер игрока.

пример:
  postald judge correct-date 3-7 7 -2 -clause 4.3.1 -reason "письмо задержано сервером"
`,
		JudgeForfeit: `использование: postald judge forfeit [-config ФАЙЛ] ПАРТИЯ СТОРОНА -clause ПУНКТ -reason ТЕКСТ

СТОРОНЕ засчитывается поражение. СТОРОНА — white, black или номер игрока.

пример:
  postald judge forfeit 3-7 black -clause 4.3.1 -reason "просрочка времени"
`,
		JudgeAdjudicate: `использование: postald judge adjudicate [-config ФАЙЛ] ПАРТИЯ РЕЗУЛЬТАТ -clause ПУНКТ -reason ТЕКСТ

Результат незаконченной партии: 1-0, 0-1 или 1/2-1/2 (п. 4.3.2; п. 1.10.4 правил
соревнований).

пример:
  postald judge adjudicate 3-7 1/2-1/2 -clause 4.3.2 -reason "позиция равная"
`,
		JudgeLeave: `использование: postald judge leave [-config ФАЙЛ] ПАРТИЯ СТОРОНА С ПО -clause ПУНКТ -reason ТЕКСТ

Предоставляет СТОРОНЕ отпуск с С по ПО (ГГГГ-ММ-ДД, оба дня включительно): в эти дни её время
не идёт. СТОРОНА — white, black или номер игрока.

пример:
  postald judge leave 3-7 white 2026-12-01 2026-12-15 -clause 4.1.3 -reason "отпуск по болезни"
`,
		JudgeAnnul: `использование: postald judge annul [-config ФАЙЛ] ПАРТИЯ -clause ПУНКТ -reason ТЕКСТ

Партия оканчивается без результата и не засчитывается ни одному из игроков (п. 4.1.7).

пример:
  postald judge annul 3-7 -clause 4.1.7 -reason "партия сыграна не теми цветами"
`,
		JudgeWithdraw: `использование: postald judge withdraw [-config ФАЙЛ] [ТУРНИР] ИГРОК -reason ТЕКСТ [-clause ПУНКТ]

ИГРОК (его номер) выбывает из турнира (п. 1.10 правил соревнований). -clause можно не писать:
его дают правила (п. 1.10.2, если сыграно меньше половины его партий, иначе п. 1.10.3);
указанный -clause должен быть 1.10 или тем, что дают правила.

пример:
  postald judge withdraw ЗК-1 5 -reason "выбыл по состоянию здоровья"
`,
		JudgeProtest: `использование: postald judge protest [-config ФАЙЛ] ПАРТИЯ (-reason | -decision) РЕШЕНИЕ [-clause ПУНКТ]

Записывает протест и решение судьи по нему (п. 4.1.12); извещаются оба игрока, судья и
директор. -reason — решение (-decision — тот же флаг); -clause по умолчанию 4.1.12.

пример:
  postald judge protest 3-7 -reason "протест отклонён: ход записан верно (п. 4.2.2)"
`,
		JudgeRevert: `использование: postald judge revert [-config ФАЙЛ] ПАРТИЯ НОМЕР -clause ПУНКТ -reason ТЕКСТ

Возвращает партию в положение до письма НОМЕР (номера — как в judge show): доска, время,
варианты, предложение ничьей, состояние. Все письма остаются в архиве с отметкой об отмене.

пример:
  postald judge revert 3-7 5 -clause 4.1.7 -reason "письмо подделано"
`,
	},

	Flags: FlagText{
		JSON:             "печатать JSON",
		Tournament:       "только этот турнир",
		Debug:            "подробный журнал (уровень debug)",
		Takeover:         "перенести закрепление наблюдаемого ящика на это хранилище (только когда хранилище, за которым он закреплён, выведено из работы)",
		Verbose:          "записывать в журнал, что делает служба",
		Sheet:            "стартовый лист (TOML)",
		Force:            "зарегистрировать лист, который лишь необычен (срок окончания уже прошёл)",
		Send:             "отправить отчёт директору каждого турнира вместо печати",
		HTML:             "печатать HTML вместо простого текста",
		Game:             "партия: ТУРНИР/Б-Ч, или Б-Ч, когда турнир один",
		Clause:           "пункт правил, на котором основано решение (п. 4.1.10), например 4.3.1",
		Reason:           "основание, сообщаемое обоим игрокам",
		ClauseWithdraw:   "пункт; по умолчанию тот, что даёт п. 1.10 правил соревнований (1.10.2 или 1.10.3)",
		ReasonWithdraw:   "основание, сообщаемое каждому партнёру",
		Decision:         "решение по протесту, сообщаемое обоим игрокам",
		SameAsReason:     "то же, что -reason",
		ClauseProtest:    "пункт правил",
		Raw:              "напечатать письмо байт в байт, как оно хранится в архиве",
		Letters:          "добавить к каждой строке письма, отправленные postald, как их прочтут получатели",
		Lang:             "язык заголовков: ru или en (по умолчанию — язык командной строки)",
		CrosstableJSON:   `печатать {"standings":[...]} вместо таблицы`,
		Offline:          "проверить только файлы, без входа на почтовые серверы",
		Timeout:          "сколько ждать ответа каждого сервера",
		CardGame:         "партия: ТУРНИР/Б-Ч, или Б-Ч, когда она есть в одном турнире",
		CardFrom:         "чья открытка: white, black или номер игрока",
		Postmark:         "дата почтового штемпеля (заказное письмо: дата квитанции; звонок: его день)",
		Received:         "день, когда открытка дошла до секретаря (по умолчанию сегодня)",
		Registered:       "заказное письмо: -postmark — дата на почтовой квитанции",
		Phone:            "звонок, а не открытка",
		CardsTournament:  "только открытки этого турнира",
		CardsJSON:        "печатать открытки в виде JSON",
		Print:            "записать каждую открытку в PDF в этот каталог",
		Posted:           "отметить, что открытки отправлены (звонки сделаны) в этот день",
		List:             "перечислить архивные турниры и их файлы",
		Variant:          "вид шашек (russian, international, column, lasca, или любой из них с -giveaway)",
		Depth:            "наибольшая глубина подсчёта",
		FEN:              "начальная позиция в FEN postald (по умолчанию — начальная позиция вида шашек)",
		DiagramVariant:   "вид шашек (russian, international, column, lasca, или любой из них с -giveaway)",
		DiagramFEN:       "позиция в FEN postald (по умолчанию — начальная позиция вида шашек)",
		Last:             "ход от позиции -fen, который сделать и отметить, в нотации вида шашек (c3:e5, 32-28)",
		TRF:              "турнир по швейцарской системе в формате отчёта ФИДЕ (TRF-2026), его законченные туры",
		ExportTournament: "с -trf: шифр турнира (по умолчанию — единственный турнир хранилища)",
		Seed:             "зерно жеребьёвки листа, 64 шестнадцатеричные цифры (по умолчанию новое): от него выпадают номера и дебюты",
		ReserveReason:    "reserve: почему вводится запасной (обязательно)",
		LotsTournament:   "турнир (по умолчанию единственный в хранилище)",
		LotsHash:         "хеш SHA-256 зерна, как его напечатало стартовое письмо",
		LotsSheet:        "verify: стартовый лист (TOML), чтобы проверить без хранилища",
		LotsSeed:         "verify -sheet: раскрытое зерно, 64 шестнадцатеричные цифры",
		LotsReason:       "reveal: почему судья раскрывает зерно до конца турнира",
		Out:              "файл PNG для записи (- — стандартный вывод)",
		Dutch:            "голландская система ФИДЕ (C.04.3); postald составляет пары только по ней",
		PairOut:          "файл, куда записываются пары; - — стандартный вывод",
		PairCheck:        "заново составить пары каждого тура файла и напечатать расхождения",
		CheckVariant:     "переиграть каждую партию в этом виде шашек, каков бы ни был её GameType (russian, international, column, lasca, или любой из них с -giveaway)",
		Width:            "ширина картинки в точках (от %d до %d)",
	},

	Words: CLIWords{
		White: "белые", Black: "чёрные", WhiteToMove: "ход белых", BlackToMove: "ход чёрных",
		Posting: "%s, ждёт почты", Playing: "идёт", Finished: "окончена", Adjudication: "на присуждении",
		In: "вх.", Out: "исх.", None: "(нет)", Quarantine: "карантин",
		Accepted: "принято", Corrected: "исправлено", Rejected: "остановлено", Notice: "извещение", Ignored: "не учтено",
		Ruling: "решение", Quarantined: "задержано",
		ByForced: "вынужденный, записан партнёром", ByPostald: "вынужденный, сделан postald", ByVariant: "из варианта",
		BySubstituted: "единственный ход шашки с этого поля", ByLot: "по жребию",
		FromPostmark: "по штемпелю", FromReceipt: "по почтовой квитанции", FromWritten: "по дате, написанной на открытке",
		FromArrival: "в день получения открытки", CardAuth: "введено секретарём",
		AuthNone:            "не требуется ([trust]): верят одному адресу From",
		AuthPassOwn:         "пройдена: %s, согласовано с доменом %s, по собственной проверке postald",
		AuthPassServer:      "пройдена: %s, согласовано с доменом %s, по полю сервера %s",
		AuthNotContradicted: "; собственная проверка postald ему не противоречит",
		AuthFail:            "не пройдена: %s",
	},

	Judge: JudgeText{
		ListHead:     "ПАРТИЯ\tБЕЛЫЕ\tЧЁРНЫЕ\tСОСТОЯНИЕ\tХОДЫ\tДНИ\tШТРАФ\tПОСЛЕДНИЙ ДЕНЬ\tПРОСРОЧКА",
		ListFinished: "%s %s",
		ListOverstep: func(side string, days int, on daysclock.Date, limit, move int) string {
			return fmt.Sprintf("%s: %s на %s (к ходу %d не более %s)", side, ruDay.count(days), dotted(on), move, ruDayOf.count(limit))
		},
		VerifyAll:      "все цепочки архива, записи партий и решения проверены: подделок нет",
		VerifyArchived: "архивный турнир %s: его архивный файл проверен, его решения совпадают с журналом",
		VerifyGame: func(game string, letters int) string {
			return fmt.Sprintf("%s: %s, цепочка проверена", game, ruLetter.count(letters))
		},
		VerifyPruned: func(game string, pruned int) string {
			return fmt.Sprintf("%s: у %s исходные байты удалены по истечении срока хранения; их заголовки, решения и хеши проверены", game, ruLettersOf.count(pruned))
		},
		VerifyPrunedOld: func(n int) string {
			return fmt.Sprintf("%s из них в архиве с версии схемы меньше 5: их хеши взяты, как хранятся, и проверены по звеньям с обеих сторон", ruOfThem.count(n))
		},
		QuarantineHead: "ПОЛУЧЕНО\tОТ\tMessage-ID\tАРХИВ\tПРИЧИНА",
		RuleDone:       "решение записано: %s (%s)",
		Annulled:       "партия аннулирована (%s)",
		ProtestDone:    "решение по протесту записано",
		Told:           "игроки, судья и директор извещены",
		Withdrawal: func(player, played, games int) string {
			return fmt.Sprintf("игрок %d выбыл, сыграв %d из %s", player, played, ruGameOf.count(games))
		},
		StruckOut: func(ended int) string {
			return fmt.Sprintf("его результаты не засчитываются, %s %s (п. 1.10.2 правил соревнований)", ruAnnulled.form(ended), ruUnfinished.count(ended))
		},
		Stands: func(lost, referred int) string {
			return fmt.Sprintf("партий без ходов, проигранных без игры: %d; начатых партий, переданных на присуждение: %d (пп. 1.10.3 и 1.10.4 правил соревнований)",
				lost, referred)
		},
		Reverted: func(game string, letter int, clause string, upto int) string {
			return fmt.Sprintf("%s: партия возвращена в положение до письма №%d (%s); письма с №%d по №%d остаются в архиве с отметкой об отмене",
				game, letter, clause, letter, upto)
		},
		Undone: "вместе с ним отменены решения %s, записанные после письма",
	},

	Show: ShowText{
		Status: "состояние: %s  результат: %s  дни (белые/чёрные): %s  штрафные дни: %s",
		NextControl: func(move, days int, last daysclock.Date) string {
			return fmt.Sprintf("ближайший контроль: ход %d, %s; последний день %s", move, ruDay.count(days), dotted(last))
		},
		Overstep: "просрочка: %s",
		Moves:    "ходы:",
		Variants: "предложенные варианты:",
		Variant:  "%s (%s): %s",
		Rulings:  "решения судьи:",
		Letters:  "письма:",
		Pruned:   "(исходное письмо удалено по истечении срока хранения)",
		Reverted: "ОТМЕНЕНО решением №%d",
		From:     "от: %s  конверт: %s\n        подлинность: %s",
		To:       "кому: %s",
		Loses:    "поражение",
		Leave:    "отпуск %s",
		Days:     func(n int) string { return ruDay.signed(n) },
	},

	Letter: LetterText{
		Received: "%s, письмо №%d, получено", Sent: "%s, письмо №%d, отправлено postald",
		ReceivedAt: "получено:\t%s", Enqueued: "в очереди с:\t%s", MessageID: "Message-ID:\t%s",
		Envelope: "отправитель конверта:\t%s\t(Return-Path, как его записал принимающий сервер)",
		From:     "от (From):\t%s", Auth: "подлинность:\t%s", To: "кому (To):\t%s", Decision: "решение:\t%s", Sum: "SHA-256:\t%s",
		RevertedBy: "отменено:\tрешением №%d от %s (%s): %s",
		Kept:       "партия до него:\tсохранена (judge revert %s %d возвращает её)",
		Header:     "── заголовок ──", Text: "── текст ──",
	},

	Cards: CardsText{
		Again:   "эта открытка (%s, партия %s) уже введена %s: %s; ничего не изменилось",
		Entered: "%s, %s: %s от %s (%s): %s",
		Clauses: " (%s)",
		Receipt: "квитанция %s",
		Queued: func(letters, cards int) string {
			return fmt.Sprintf("%s по электронной почте, %s в очереди (postald cards)", ruLetter.count(letters), ruCardOrCall.count(cards))
		},
		None:        "ни открыток к отправке, ни звонков",
		Item:        "#%d  %s  %s  игроку %d. %s",
		Call:        ", звонить %s",
		NotPrinted:  "#%d  %s  НЕ НАПЕЧАТАНА: %s",
		Printed:     "#%d  %s  игроку %s: %s",
		NonePrinted: "печатать нечего",
		Fault:       "игроку %s: %s",
		All:         func(n int, file string) string { return fmt.Sprintf("%s в %s", ruCard.count(n), file) },
		Unprinted: func(n int, seqs string) string {
			return fmt.Sprintf("не напечатано: %s (%s, причины названы выше); исправьте названное и напечатайте их снова", ruCard.count(n), seqs)
		},
		Posted: func(n int, on daysclock.Date) string {
			return fmt.Sprintf("отмечено отправленными %s: %s", dotted(on), ruCardOrCall.count(n))
		},
		Clock:    "  время игрока (%s, %s) идёт с %s",
		PDFTitle: "открытки postald",
	},

	Store: StoreText{
		Registered: func(code string, players, games int, variant string, start, end daysclock.Date) string {
			return fmt.Sprintf("турнир %s зарегистрирован: %s, %s, %s, с %s по %s; стартовые письма в очереди",
				code, ruPlayer.count(players), ruGame.count(games), variant, dotted(start), dotted(end))
		},
		ReportQueued: "отчёт по турниру %s в очереди для %s",
		Archived: func(code, file string, bytes int64, digest string, games, letters, sent, received, rulings int) string {
			return fmt.Sprintf("турнир %s перенесён в архив %s (%s, SHA-256 %s): %s, %s, отправлено %d, получено %d, скопировано %s (решения остаются в журнале хранилища)",
				code, file, ruByte.count(int(bytes)), digest, ruGame.count(games), ruLetter.count(letters), sent, received, ruRuling.count(rulings))
		},
		ArchiveNone: "архивных турниров нет (каталог архива %s)",
		ArchiveDir:  "каталог архива %s:",
		ArchiveItem: func(code, file string, bytes int64, archived, last daysclock.Date, games, letters int, state string) string {
			return fmt.Sprintf("  %s  %s  %s  в архиве с %s  последнее письмо %s  %s  %s  %s",
				code, file, ruByte.count(int(bytes)), dotted(archived), dotted(last), ruGame.count(games), ruLetter.count(letters), state)
		},
		ArchiveWhole:  "письма хранятся целиком",
		ArchivePruned: "исходные письма удалены %s",
		PruneNone:     "архивных турниров нет: удалять нечего",
		LotDrawn:      "жеребьёвка проведена ([lots]); стартовые письма дают хеш SHA-256 её зерна, %s; её проверяет postald lots verify",
		Reserved: func(code string, in, out, team, games int) string {
			return fmt.Sprintf("турнир %s: запасной %d играет вместо %d в команде %d; партий, сменивших участника: %d; письма в очереди", code, in, out, team, games)
		},
		ReserveGame: "  %s аннулирована, открыта %s",
		PruneKept:   "%s: письма хранятся до %s ([store] retain_raw_days)",
		PruneAlready: func(code string, on daysclock.Date, file string, bytes int64) string {
			return fmt.Sprintf("%s: исходные письма уже удалены %s; %s — %s", code, dotted(on), file, ruByte.count(int(bytes)))
		},
		Pruned: func(code string, letters int, dropped int64, file string, after, before int64) string {
			return fmt.Sprintf("%s: удалены исходные байты %s, освобождено %s; %s — %s (было %d)", code, ruLettersOf.count(letters),
				ruByte.count(int(dropped)), file, ruByte.count(int(after)), before)
		},
		BackedUp: func(path string, bytes int64, store string) string {
			return fmt.Sprintf("%s: %s, согласованная копия %s; она проверена, каждая цепочка сходится", path, ruByte.count(int(bytes)), store)
		},
		BackupArchives: func(dir string, n, copied int) string {
			return fmt.Sprintf("%s: файлы %s (скопировано сейчас %d, остальные уже там); восстанавливайте их вместе с копией",
				dir, ruArchivedOf.count(n), copied)
		},
	},

	Check: CheckText{
		OK: "ОК", Fail: "СБОЙ",
		Parses:         "файл настроек %s читается",
		FromOnly:       "[trust] from_only = true: верят одному полю From (только для закрытой проверочной установки; см. %s)",
		ResolverOK:     "[trust] сервер DNS %s ответил на запрос о %s",
		ResolverFail:   "[trust] сервер DNS %s не ответил на запрос о %s (%v): собственная проверка отправителей невозможна, письма ждут в почтовом ящике; см. %s",
		Server:         "[trust] письма должны нести поле Authentication-Results сервера %s с прохождением %s, согласованным с доменом From, и собственная проверка postald не должна ему противоречить (сервер имён %s)",
		Own:            "[trust] postald сам проверяет DKIM, SPF и DMARC (сервер имён %s) и требует прохождения %s, согласованного с доменом From; поле сервера %s записывается рядом с его решением",
		SystemResolver: "системный",
		TrustUnset: "[trust] не задан: укажите authserv_id (имя принимающего сервера в Authentication-Results) и require (любое из \"dkim\", \"spf\", " +
			"\"dmarc\" — что должно пройти для домена From) или from_only = true только для закрытой проверочной установки; без них кто угодно может прислать письмо от имени игрока; см. %s",
		TrustNoRequire:  "[trust] называет authserv_id, но ничего не требует: укажите в require любое из \"dkim\", \"spf\", \"dmarc\" — что должно пройти для домена From; см. %s",
		TrustNoAuthserv: "[trust] задаёт require без authserv_id: укажите имя принимающего сервера в Authentication-Results; см. %s",
		Files:           "файлы настроек и паролей доступны для чтения только владельцу",
		FileMode:        "%s %s имеет права %04o: его могут читать группа или другие; выполните chmod go-rwx %s (docs/trust.md, раздел \"Files\")",
		FileErr:         "%s %s: %s",
		ConfigFile:      "файл настроек",
		StoreOK:         "[store] %s: доступно только владельцу или будет так создано",
		StoreDir:        "[store] path %s: его каталог: %s",
		StoreErr:        "[store] path %s: %s",
		StoreNotFile:    "[store] path %s: это не обычный файл",
		StoreMode:       "[store] path %s имеет права %04o: выполните chmod 600 %s (serve сужает их сам)",
		SocketOK:        "[control] каталог сокета %s: доступен только владельцу или будет так создан",
		SocketErr:       "[control] каталог сокета %s: %s",
		SocketMode:      "[control] каталог сокета %s имеет права %04o: в него могут войти другие; дайте сокету собственный каталог с правами 0700 (chmod 700 %s)",
		Refused:         "[%s] %s не пустил под именем %q (username, password_file или password_env): %s",
		Unreachable:     "[%s] %s: %s",
		LoggedIn:        "[%s] вход на %s под именем %q",
		MailboxErr:      "[imap] ящик %q: %s",
		Mailbox: func(mailbox string, messages int) string {
			return fmt.Sprintf("[imap] ящик %q открыт: %s", mailbox, ruMessage.count(messages))
		},
		Problems: func(n int) string { return ruProblem.count(n) },
	},

	CardDates: CardDatesText{
		ArrivalAfterToday:    "открытка не может быть получена %s, позже сегодняшнего дня (%s): введите день, когда она к вам пришла, -received ГГГГ-ММ-ДД, или не пишите -received, тогда это сегодня (п. 4.3.1)",
		SentAfterArrival:     "штемпель %s позже дня, когда открытка получена (%s): открытку получают после того, как её отправили; проверьте дату штемпеля (-postmark ГГГГ-ММ-ДД) и день получения (-received, по умолчанию сегодня) (п. 4.3.1)",
		WrittenAfterArrival:  "на открытке написано, что она отправлена %s, позже дня, когда она получена (%s)",
		ReceiptBeforeSending: "на открытке написано, что ход партнёра получен %s, раньше, чем он отправлен (%s)",
		ReplyBeforeReceipt:   "на открытке написано, что ответ отправлен %s, раньше, чем получен ход партнёра (%s)",
		SentBeforeMove:       "штемпель %s раньше %s — дня, когда игроку отправлен ход, на который отвечает открытка: проверьте дату штемпеля (-postmark ГГГГ-ММ-ДД) (п. 4.3.1)",
		WrittenBeforeMove:    "на открытке написано, что она отправлена %s, раньше %s — дня, когда игроку отправлен ход, на который она отвечает",
		Stated:               "; проверьте, так ли написано на открытке; если так, введите дату её почтового штемпеля -postmark ГГГГ-ММ-ДД — она и есть дата отправки, что бы ни было написано, — а если штемпель не разобрать, -postmark с днём получения открытки (п. 4.3.1)",
		PostedAfterToday:     "открытки не могут быть отправлены %s, позже сегодняшнего дня (%s): введите день, когда вы их отправили, -posted ГГГГ-ММ-ДД (п. 4.3.1)",
		PostedBeforeWritten:  "открытка #%d написана %s, позже %s: раньше её нельзя было отправить; введите день, когда вы её отправили, -posted ГГГГ-ММ-ДД (п. 4.3.1)",
		Side:                 "-from %q: нужна сторона white, black или номер одного из игроков партии %s",
		Via:                  "открытка приходит по почте или по телефону (post или phone), а не %q",
		EmptyText:            "текст открытки пуст: наберите его, как он написан на открытке",
		NotUTF8:              "текст открытки не в кодировке UTF-8: сохраните файл в UTF-8 и введите открытку снова",
		Email:                "письмо #%d идёт по электронной почте, а не по почте или телефону: это не открытка",
	},

	Endgame: russianEndgameCLI,
	Lots: LotsCLIText{
		Tournament: "турнир %s",
		Hash:       "хеш   %s (SHA-256 зерна, напечатан в стартовых письмах)",
		SeedHidden: "зерно ещё не раскрыто: его раскрывают, когда закончена последняя партия, или командой postald lots reveal",
		Seed:       "зерно %s: его SHA-256 совпадает с хешем",
		SeedFinished: func(seed string, on daysclock.Date, _ string) string {
			return fmt.Sprintf("зерно %s: его SHA-256 совпадает с хешем; раскрыто %s, турнир закончен", seed, dotted(on))
		},
		SeedJudge: func(seed string, on daysclock.Date, reason string) string {
			return fmt.Sprintf("зерно %s: его SHA-256 совпадает с хешем; раскрыто %s судьёй: %s", seed, dotted(on), reason)
		},
		Numbers: `номера (метка "numbers": участники в порядке стартового листа, перемешанные):`,
		Number: func(number int, name string, listed int) string {
			return fmt.Sprintf("  %2d  %s (%d-й в листе)", number, name, listed)
		},
		Openings: func(among int) string { return fmt.Sprintf("дебюты, жребий из %d:", among) },
		Line:     func(n int, text string) string { return fmt.Sprintf("  %2d  %s", n, text) },
		Pair: func(label string, line int, games []string) string {
			return fmt.Sprintf("  %s: дебют %d, партии %s", label, line, strings.Join(games, ", "))
		},
		Ties: `ничейные встречи олимпийской системы (один выбор из 2: 0 — проходит меньший номер, 1 — больший):`,
		Tie: func(label string, choice int, through string) string {
			return fmt.Sprintf("  %s: %d, проходит %s", label, choice, through)
		},
		Verified: "проверено: каждый жребий такой, как его даёт зерно",
		VerifiedGames: func(games int) string {
			return fmt.Sprintf("проверено: каждый жребий такой, как его даёт зерно; %s, каждая начата по жребию", ruGame.count(games))
		},
	},

	Errors: CLIErrors{
		NoConfig:             "postald %s не читает настроек; -config — для команд %s",
		UnknownCommand:       "postald: неизвестная команда %q",
		UnknownJudge:         "postald judge: неизвестная команда %q; нужна одна из list, show, verify, quarantine, letter, penalty, correct-date, forfeit, adjudicate, leave, annul, withdraw, protest, revert\n\n%s",
		NoClause:             "каждому решению нужны -clause и -reason (п. 4.1.10)",
		LetterNumber:         "номер письма %q: нужен номер, который даёт judge show",
		ShowArgs:             "show нужна одна ПАРТИЯ",
		VerifyArgs:           "verify принимает не больше одной ПАРТИИ, а дано %q",
		RuleArgs:             "%s нужно аргументов: %d, а дано %d %q: %s",
		ShapeSideDays:        "ПАРТИЯ СТОРОНА ДНИ (СТОРОНА — white, black или номер игрока)",
		ShapeSide:            "ПАРТИЯ СТОРОНА (СТОРОНА — white, black или номер игрока)",
		ShapeResult:          "ПАРТИЯ РЕЗУЛЬТАТ (1-0, 0-1 или 1/2-1/2)",
		ShapeLeave:           "ПАРТИЯ СТОРОНА С ПО (даты ГГГГ-ММ-ДД)",
		Days:                 "дни %q: нужно целое число дней, например 6 или -2",
		Date:                 "%s %q: нужна дата ГГГГ-ММ-ДД",
		WithdrawArgs:         "withdraw нужны [ТУРНИР] ИГРОК и -reason (дано %q); -clause можно не писать",
		Player:               "игрок %q: нужен его номер в турнире, например 5",
		AnnulArgs:            "annul нужны ПАРТИЯ, -clause и -reason (п. 4.1.10)",
		ProtestBoth:          "protest: -reason и -decision — один и тот же флаг; укажите один",
		ProtestArgs:          "protest нужны ПАРТИЯ и -reason РЕШЕНИЕ (дано %q); -clause по умолчанию 4.1.12",
		LetterArgs:           "letter нужны ПАРТИЯ и НОМЕР письма из judge show",
		RevertArgs:           "revert нужны ПАРТИЯ и НОМЕР письма из judge show",
		TournamentWant:       "postald tournament: нужна команда create или reserve",
		TournamentUnknown:    "postald tournament: неизвестная команда %q; нужна create или reserve",
		ReserveArgs:          "postald tournament reserve: нужны [ТУРНИР] УЧАСТНИК ЗАПАСНОЙ и -reason ТЕКСТ",
		ReserveNumbers:       "reserve: УЧАСТНИК и ЗАПАСНОЙ — номера участников, а не %q и %q",
		ExportOne:            "postald export: нужен -game ПАРТИЯ или -trf, что-то одно",
		LotsWant:             "postald lots: нужна команда verify или reveal",
		LotsUnknown:          "postald lots: неизвестная команда %q; нужна verify или reveal",
		VerifyReason:         "postald lots: verify не принимает -reason",
		SeedWithoutSheet:     "postald lots: -seed проверяет стартовый лист: укажите и -sheet СТАРТ.toml",
		SheetNamesTournament: "postald lots: -sheet сам называет турнир: уберите -tournament",
		SheetNeeds:           "postald lots: -sheet нужны раскрытое -seed и -hash из стартового письма",
		RevealFlags:          "postald lots: reveal принимает только -tournament и -reason",
		RevealReason:         "postald lots: reveal нужна причина -reason: письмо всем её приводит",
		CreateArgs:           "create не принимает аргументов, кроме -sheet СТАРТ.toml; дано %q",
		CreateSheet:          "postald tournament create: нужен -sheet СТАРТ.toml",
		DateFlag:             "%s %q: нужна дата ГГГГ-ММ-ДД",
		PostedNeeds:          "-posted отмечает названные открытки: укажите их номера (postald cards -posted %s 14 15) или напечатайте и отметьте их одной командой с -print КАТАЛОГ",
		CardNumber:           "%q: нужен номер открытки из списка postald cards",
		From:                 "[smtp] from %q: %s",
		Login:                "[%s] сервер %s не пустил под именем %q (username, password_file или password_env): %s",
		Lang:                 "-lang %q: нужен ru или en",
		Unexpected:           "лишний аргумент %q",
		Required:             "нужен %s",
		Width:                "-width %d: ширина должна быть от %d до %d",
		System:               "назовите систему жеребьёвки: -dutch",
		NoArguments:          "%s не принимает аргументов",
		Round:                "тур %d: %s",
		RoundSame:            "тур %d: пары совпадают",
		RoundDiffers:         "тур %d: в файле пары %s; по голландской системе %s",
		RoundsDiffer: func(file string, differ, rounds int) string {
			return fmt.Sprintf("%s: расходится %d из %s", file, differ, ruRoundOf.count(rounds))
		},
		NoBye: "без свободного от игры",
		ByeTo: "свободен от игры %d",
	},
}

// The Russian words of the command line that go with numbers.
var (
	ruGameOf     = counted{plural.Word{One: "партии", Few: "партий", Many: "партий"}, plural.Russian} // «из 1 партии», «из 3 партий»
	ruOfThem     = counted{plural.Word{One: "письмо", Few: "письма", Many: "писем"}, plural.Russian}
	ruCard       = counted{plural.Word{One: "открытка", Few: "открытки", Many: "открыток"}, plural.Russian}
	ruCardOrCall = counted{plural.Word{One: "открытка или звонок", Few: "открытки или звонка", Many: "открыток или звонков"}, plural.Russian}
	ruPlayer     = counted{plural.Word{One: "участник", Few: "участника", Many: "участников"}, plural.Russian}
	ruRuling     = counted{plural.Word{One: "решение", Few: "решения", Many: "решений"}, plural.Russian}
	ruUnfinished = counted{plural.Word{One: "незаконченная партия", Few: "незаконченные партии", Many: "незаконченных партий"}, plural.Russian}
	ruAnnulled   = counted{plural.Word{One: "аннулирована", Few: "аннулированы", Many: "аннулировано"}, plural.Russian}
	ruArchivedOf = counted{plural.Word{One: "архивного турнира", Few: "архивных турниров", Many: "архивных турниров"}, plural.Russian}
	ruMessage    = counted{plural.Word{One: "письмо", Few: "письма", Many: "писем"}, plural.Russian}
	ruProblem    = counted{plural.Word{One: "ошибка", Few: "ошибки", Many: "ошибок"}, plural.Russian}
	ruRoundOf    = counted{plural.Word{One: "тура", Few: "туров", Many: "туров"}, plural.Russian}
)
