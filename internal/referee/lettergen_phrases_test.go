package referee_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"postald/internal/daysclock"
)

// The phrasebook of TestLetterGenerator: how players write the parts of a move letter (4.2.3,
// letters.md), in Russian and in English. Every table is picked from at random per letter; a
// "%s" is a list of numbered moves, or a date, or a name, as the table says.

// lgLang is the language of one letter.
type lgLang int

const (
	lgRU lgLang = iota
	lgEN
)

// lgPhrases are the words of one language.
type lgPhrases struct {
	subject    []string    // %s: nothing; the Subject line
	greeting   [3][]string // [the addressee: lgPeople]
	tournament []string    // the tournament and game line
	signature  [3][]string // [the writer: lgPeople]
	repeat     []string    // %s: the partner's moves repeated (4.2.9)
	own        []string    // prefix of the writer's own moves; "" is the bare list
	ifThen     []string    // %[1]s the partner's reply, %[2]s the proposer's answer (4.2.7)
	labelled   []string    // %[1]s label, %[2]s reply, %[3]s answer
	labels     []string    // variant labels as written: А, Б / A, B
	acceptAll  []string    // %[1]s label word: "вариант А" / "ваш вариант"; %[2]s the same capitalised
	acceptList []string    // %[1]s label word, %[2]s the accepted moves
	acceptTo   []string    // %[1]s label word, %[2]d move number, %[3]s accepted moves
	acceptToNo []string    // %[1]s label word, %[2]d move number (no moves written)
	acceptPart []string    // %[1]s label word, %[2]s the accepted moves: accepted in part, no number
	instead    []string    // %[1]s the declined variant move, %[2]s the move played instead
	insteadOn  []string    // the same, joined to the line of the accepted moves
	variantOf  func(label string) string
	yourVar    string
	ordinal    []string // the first, second, third variant
	dates      []string // %[1]s %[2]s %[3]s
	date1      []string // White's first letter: the sending date alone
	time       []string // %[1]d/%[2]d
	noMove     []string // letters with no move, no acceptance, no resignation, no draw statement
	quote      []string // %[1]s the partner's name, %[2]s the date: the attribution above a quoted letter
	months     [12]string
}

var lgBook = [2]lgPhrases{
	lgRU: {
		subject: []string{"СТ-2026/1 партия 1-2", "СТ-2026/1 партия 1-2", "Re: СТ-2026/1 партия 1-2"},
		greeting: [3][]string{
			{"Здравствуйте, Иван Петрович!", "Добрый день, Иван!"},
			{"Здравствуйте, Пётр Иванович!", "Добрый день, Пётр!"},
			{"Здравствуйте, Сергей Николаевич!", "Добрый день, Сергей!"},
		},
		tournament: []string{"Турнир СТ-2026/1, партия 1-2.", "Турнир СТ-2026/1, партия 1-2"},
		signature: [3][]string{
			{"С уважением, Иван", "С уважением, Иван Иванов", "Всего доброго, Иван"},
			{"С уважением, Пётр", "С уважением, Пётр Петров", "Всего доброго, Пётр"},
			{"С уважением, Сергей", "Всего доброго, Сергей Сидоров"},
		},
		repeat: []string{"Ваш ход %s получил.", "Получил ваш ход %s", "Ваш ход %s получил", "Ваши ходы %s получил."},
		own:    []string{"Мой ход: ", "Отвечаю: ", "Мой ответ: ", "Мой ход ", ""},
		ifThen: []string{"Если %[1]s, то %[2]s", "На %[1]s предлагаю %[2]s", "Предлагаю вариант: %[1]s %[2]s",
			"если %[1]s, то %[2]s"},
		labelled: []string{"Вариант %[1]s: если %[2]s, то %[3]s", "Вариант %[1]s: на %[2]s предлагаю %[3]s",
			"Вариант %[1]s: %[2]s %[3]s"},
		labels:     []string{"А", "Б", "В"},
		acceptAll:  []string{"Принимаю %[1]s.", "Принимаю %[1]s", "%[2]s принимаю.", "%[2]s принят."},
		acceptList: []string{"Принимаю %[1]s: %[2]s", "Ваш вариант принимаю: %[2]s", "Принимаю %[1]s:\n%[2]s"},
		acceptTo:   []string{"Принимаю %[1]s до %[2]d-го хода: %[3]s", "Принимаю %[1]s до %[2]d хода: %[3]s"},
		acceptToNo: []string{"Принимаю %[1]s до %[2]d-го хода.", "Принимаю %[1]s до %[2]d хода"},
		acceptPart: []string{"Ваш вариант принимаю частично: %[2]s", "Принимаю %[1]s частично: %[2]s"},
		instead:    []string{"Вместо %[1]s играю %[2]s"},
		insteadOn:  []string{". Вместо %[1]s играю %[2]s", ", а вместо %[1]s играю %[2]s"},
		variantOf:  func(l string) string { return "вариант " + l },
		yourVar:    "ваш вариант",
		ordinal:    []string{"первый вариант", "второй вариант", "третий вариант"},
		dates:      []string{"Даты: %[1]s / %[2]s / %[3]s", "Даты: %[1]s, %[2]s, %[3]s", "Даты: %[1]s; %[2]s; %[3]s"},
		date1:      []string{"Дата: %s", "Даты: %s"},
		time:       []string{"Время: %[1]d/%[2]d", "Время: %[1]d/%[2]d дн.", "Время: %[1]d / %[2]d"},
		quote:      []string{"%[2]s, %[1]s пишет:", "%[2]s, %[1]s написал(а):"},
		noMove: []string{"Спасибо за партию!", "Я в отпуске до понедельника, отвечу по возвращении.",
			"Спасибо, интересная позиция."},
		months: [12]string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
			"сентября", "октября", "ноября", "декабря"},
	},
	lgEN: {
		subject: []string{"CT-2026/1 game 1-2", "Re: CT-2026/1 game 1-2"},
		greeting: [3][]string{
			{"Dear Ivan,", "Hello Ivan,"},
			{"Dear Peter,", "Hello Peter,"},
			{"Dear Sergei,", "Hello Sergei,"},
		},
		tournament: []string{"Tournament CT-2026/1, game 1-2.", "Tournament CT-2026/1, game 1-2"},
		signature: [3][]string{
			{"Regards, Ivan", "Best wishes, Ivan"},
			{"Regards, Peter", "Best wishes, Peter"},
			{"Regards, Sergei", "Best wishes, Sergei"},
		},
		repeat: []string{"Your move %s received.", "Received your %s.", "Your move %s received", "Received your move %s"},
		own:    []string{"My move: ", "My reply: ", "My move ", ""},
		ifThen: []string{"If %[1]s then %[2]s", "If %[1]s, then %[2]s", "On %[1]s I propose %[2]s",
			"I propose the variant: %[1]s %[2]s"},
		labelled:   []string{"Variant %[1]s: if %[2]s then %[3]s", "Variant %[1]s: on %[2]s I propose %[3]s"},
		labels:     []string{"A", "B", "C"},
		acceptAll:  []string{"I accept %[1]s.", "I accept %[1]s", "%[2]s is accepted.", "%[2]s accepted."},
		acceptList: []string{"I accept %[1]s: %[2]s", "I accept %[1]s:\n%[2]s"},
		acceptTo:   []string{"I accept %[1]s up to move %[2]d: %[3]s"},
		acceptToNo: []string{"I accept %[1]s up to move %[2]d."},
		acceptPart: []string{"I accept %[1]s in part: %[2]s", "I accept %[1]s partly: %[2]s"},
		instead:    []string{"Instead of %[1]s I play %[2]s"},
		insteadOn:  []string{". Instead of %[1]s I play %[2]s", "; instead of %[1]s I play %[2]s"},
		variantOf:  func(l string) string { return "variant " + l },
		yourVar:    "your variant",
		ordinal:    []string{"the first variant", "the second variant", "the third variant"},
		dates:      []string{"Dates: %[1]s, %[2]s, %[3]s", "Dates: %[1]s; %[2]s; %[3]s", "Dates: %[1]s / %[2]s / %[3]s"},
		date1:      []string{"Date: %s", "Dates: %s"},
		time:       []string{"Time: %[1]d/%[2]d", "Time: %[1]d / %[2]d"},
		quote:      []string{"On %[2]s, %[1]s wrote:"},
		noMove:     []string{"I am away until Monday.", "I am out of the office until 2026-12-15.", "Thanks for the game so far."},
		months:     [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	},
}

// lgInvisible are the characters mail clients slip into text: marks of direction, embeddings,
// a no-break space, a word joiner. None of them makes a letter wrong.
var lgInvisibles = []string{"\u200e", "\u200f", "\u202b", "\u202c", "\u00a0", "\u2060"}

// lgDateFormats write a date in every format of letters.md; slash says that the format uses
// "/" itself, so that a " / " separator would be ambiguous.
var lgDateFormats = []struct {
	write func(d daysclock.Date, b *lgPhrases) string
	slash bool
}{
	{func(d daysclock.Date, _ *lgPhrases) string {
		return fmt.Sprintf("%02d.%02d.%04d", d.Day, int(d.Month), d.Year)
	}, false},
	{func(d daysclock.Date, _ *lgPhrases) string {
		return fmt.Sprintf("%02d.%02d.%02d", d.Day, int(d.Month), d.Year%100)
	}, false},
	{func(d daysclock.Date, _ *lgPhrases) string { return d.String() }, false},
	{func(d daysclock.Date, _ *lgPhrases) string {
		return fmt.Sprintf("%02d/%02d/%04d", d.Day, int(d.Month), d.Year)
	}, true},
	{func(d daysclock.Date, _ *lgPhrases) string {
		return fmt.Sprintf("%d %s %d", d.Day, lgBook[lgRU].months[d.Month-1], d.Year)
	}, false},
	{func(d daysclock.Date, _ *lgPhrases) string {
		return fmt.Sprintf("%d %s %d", d.Day, lgBook[lgEN].months[d.Month-1], d.Year)
	}, false},
}

// pick returns one of xs.
func lgPick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// lgLabelWord is how a letter names the variant it accepts, as players name it (4.2.13): by
// its label; the only variant pending also as "your variant" or by the first place's label
// («вариант А», «вариант 1», «первый вариант», labelled or not); of several unlabelled ones
// by its place in the order proposed (А, 1, «первый» the first).
func lgLabelWord(r *rand.Rand, b *lgPhrases, lang lgLang, a *lgAccept) string {
	var forms []string
	if a.label != "" {
		forms = append(forms, b.variantOf(lgLabelAs(lang, a.label)), b.variantOf(fmt.Sprint(a.index+1)))
	}
	switch {
	case a.only:
		forms = append(forms, b.yourVar, b.variantOf(lgBook[lang].labels[0]), b.variantOf("1"), b.ordinal[0])
	case !a.labelled && a.index < len(b.ordinal):
		forms = append(forms, b.variantOf(lgBook[lang].labels[a.index]), b.variantOf(fmt.Sprint(a.index+1)), b.ordinal[a.index])
	}
	if len(forms) == 0 {
		return b.yourVar // several unlabelled, none nameable: the moves written out name it
	}
	return lgPick(r, forms)
}

// lgLabelAs writes a stored label (Latin A, B, C) as a letter of lang writes it.
func lgLabelAs(lang lgLang, label string) string {
	i := strings.Index("ABC", label)
	if i < 0 {
		return label
	}
	return lgBook[lang].labels[i]
}
