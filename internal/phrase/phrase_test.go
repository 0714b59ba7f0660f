package phrase

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"postald/internal/daysclock"
	"postald/internal/langcheck"
)

// samples are the numbers every function field of a book is called with: each plural form of
// both languages, and the numbers whose last digits mislead (11, 111).
var samples = []int{0, 1, 2, 5, 11, 21, 22, 25, 101, 111}

// sampleText is the value of a string argument: neither Latin nor Cyrillic, so that what a
// text finds in its output is its own.
const sampleText = "1-2"

// text is one text of a book: its path of fields and what it writes.
type text struct{ path, s string }

// walk returns every text of v: each string, each element of an array, each field of a
// struct, and what each function field writes for every sample number. A map or a slice in a
// book fails the test: a missing key would be a missing translation nobody notices.
func walk(t *testing.T, path string, v reflect.Value) []text {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		return []text{{path, v.String()}}
	case reflect.Array:
		var out []text
		for i := range v.Len() {
			out = append(out, walk(t, path+"["+strconv.Itoa(i)+"]", v.Index(i))...)
		}
		return out
	case reflect.Struct:
		var out []text
		for i := range v.NumField() {
			out = append(out, walk(t, path+"."+v.Type().Field(i).Name, v.Field(i))...)
		}
		return out
	case reflect.Func:
		if v.IsNil() {
			t.Errorf("%s is missing", path)
			return nil
		}
		var out []text
		for _, n := range samples {
			args := make([]reflect.Value, v.Type().NumIn())
			for i := range args {
				args[i] = sample(t, path, v.Type().In(i), n)
			}
			for j, r := range v.Call(args) {
				out = append(out, walk(t, fmt.Sprintf("%s(%d)#%d", path, n, j), r)...)
			}
		}
		return out
	}
	t.Errorf("%s: a %s in a book; use a string, an array, a struct or a function", path, v.Kind())
	return nil
}

// sample makes an argument of type typ for a function field called with the number n.
func sample(t *testing.T, path string, typ reflect.Type, n int) reflect.Value {
	v := reflect.New(typ).Elem()
	switch {
	case typ == reflect.TypeFor[daysclock.Date]():
		d := daysclock.Date{Year: 2026, Month: 11, Day: 1}.AddDays(n)
		v.Set(reflect.ValueOf(d))
	case typ.Kind() == reflect.Int || typ.Kind() == reflect.Int64:
		v.SetInt(int64(n))
	case typ.Kind() == reflect.String:
		v.SetString(sampleText)
	case typ.Kind() == reflect.Bool:
		v.SetBool(n%2 == 1)
	case typ.Kind() == reflect.Struct:
		for i := range typ.NumField() {
			v.Field(i).Set(sample(t, path, typ.Field(i).Type, n))
		}
	case typ.Kind() == reflect.Array:
		for i := range typ.Len() {
			v.Index(i).Set(sample(t, path, typ.Elem(), n))
		}
	case typ.Kind() == reflect.Slice:
		v.Set(reflect.MakeSlice(typ, 2, 2))
		for i := range 2 {
			v.Index(i).Set(sample(t, path, typ.Elem(), n+i))
		}
	default:
		t.Fatalf("%s takes a %s: teach sample to make one", path, typ)
	}
	return v
}

// texts returns every text of a book but its tag.
func texts(t *testing.T, b *Book) []text {
	v := reflect.ValueOf(b).Elem()
	var out []text
	for i := range v.NumField() {
		if name := v.Type().Field(i).Name; name != "Lang" {
			out = append(out, walk(t, b.Lang+"."+name, v.Field(i))...)
		}
	}
	return out
}

// TestBooks: every text of every book is there (a missing translation is an empty field), the
// Russian book writes no English word, the English book no Cyrillic letter, and no text
// writes a format error.
func TestBooks(t *testing.T) {
	if len(Languages()) < 2 {
		t.Fatalf("books: %q", Languages())
	}
	for _, lang := range Languages() {
		b := For(lang)
		if b.Lang != lang {
			t.Errorf("the book of %q says it is %q", lang, b.Lang)
		}
		for _, x := range texts(t, b) {
			if strings.TrimSpace(x.s) == "" {
				t.Errorf("%s is empty", x.path)
			}
			if strings.Contains(x.s, "%!") {
				t.Errorf("%s writes a format error: %q", x.path, x.s)
			}
			switch lang {
			case "ru":
				// langcheck allows postald, PDN, Message-ID, square names and moves, addresses
				// and format verbs; nothing else Latin. The command line's texts may also name
				// what is typed: commands, flags, keys, files (langcheck.Command).
				check := langcheck.Latin
				if strings.HasPrefix(x.path, "ru.CLI.") {
					check = langcheck.Command
				}
				if bad := check(x.s); len(bad) > 0 {
					t.Errorf("%s holds English %q: %q", x.path, bad, x.s)
				}
			default:
				if i := strings.IndexFunc(x.s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }); i >= 0 {
					t.Errorf("%s holds Cyrillic: %q", x.path, x.s)
				}
			}
		}
	}
}

func TestFor(t *testing.T) {
	for lang, want := range map[string]string{"ru": "ru", "en": "en", "": "ru", "de": "ru", "EN": "ru"} {
		if got := For(lang).Lang; got != want {
			t.Errorf("For(%q) is the book of %q, want %q", lang, got, want)
		}
	}
}

// verb is a format verb: %s, %[2]d, %-3d, %%.
var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// verbs returns the arguments a format string takes, in order of position: "1s 2s 3d".
func verbs(s string) string {
	kinds := map[int]string{}
	arg := 1
	for _, m := range verb.FindAllStringSubmatch(s, -1) {
		if m[4] == "%" {
			continue
		}
		if m[2] != "" {
			arg, _ = strconv.Atoi(m[2])
		}
		if k, ok := kinds[arg]; ok && k != m[4] {
			kinds[arg] = k + "|" + m[4]
		} else {
			kinds[arg] = m[4]
		}
		arg++
	}
	positions := make([]int, 0, len(kinds))
	for p := range kinds {
		positions = append(positions, p)
	}
	slices.Sort(positions)
	out := make([]string, len(positions))
	for i, p := range positions {
		out[i] = strconv.Itoa(p) + kinds[p]
	}
	return strings.Join(out, " ")
}

func TestVerbs(t *testing.T) {
	for s, want := range map[string]string{
		"%s партия %s ход %d": "1s 2s 3d", "%[1]s game %[2]s": "1s 2s", "%[2]s %[1]s": "1s 2s",
		"100%% %d": "1d", "нет": "", "%[3]d, %s": "3d 4s",
	} {
		if got := verbs(s); got != want {
			t.Errorf("verbs(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestFormatStrings: the format strings of the referee, the office and the command line take the
// same arguments in every language: the same kinds at the same positions, none missing, none
// extra. The strings of the other sections are no format strings (their texts with arguments
// are functions).
// formatSections are the sections of a Book whose strings are format strings.
var formatSections = []string{"Referee", "Office", "CLI"}

func TestFormatStrings(t *testing.T) {
	base := texts(t, For(Default))
	want := map[string]string{}
	for _, x := range base {
		want[strings.TrimPrefix(x.path, Default)] = verbs(x.s)
		formats := false
		for _, section := range formatSections {
			formats = formats || strings.HasPrefix(x.path, Default+"."+section+".")
		}
		if !formats && verbs(x.s) != "" {
			t.Errorf("%s is no format string but holds verbs: %q", x.path, x.s)
		}
	}
	for _, lang := range Languages() {
		got := texts(t, For(lang))
		if len(got) != len(base) {
			t.Errorf("%s has %d texts, %s %d", lang, len(got), Default, len(base))
		}
		for _, x := range got {
			checked := false
			for _, section := range []string{"Referee", "CLI"} {
				checked = checked || strings.HasPrefix(x.path, lang+"."+section+".")
			}
			if !checked || strings.Contains(x.path, "(") {
				continue
			}
			if w := want[strings.TrimPrefix(x.path, lang)]; verbs(x.s) != w {
				t.Errorf("%s takes %q, %s takes %q: %q", x.path, verbs(x.s), Default, w, x.s)
			}
		}
	}
}

// TestNoBareDays: no format string writes a number straight before a word of days: the word
// must agree with the number («1 день», «2 дня», «5 дней»), so it comes from the function
// fields that count.
func TestNoBareDays(t *testing.T) {
	bare := regexp.MustCompile(`%(\[\d+\])?[-+]?d ([^\s;,.:]+ )?(дн|день|штраф|парти|ход|day|penalty|game|move)`)
	for _, lang := range Languages() {
		for _, x := range texts(t, For(lang)) {
			if !strings.Contains(x.path, "(") && bare.MatchString(x.s) {
				t.Errorf("%s writes a number without the plural form of its word: %q", x.path, x.s)
			}
		}
	}
}

// TestCounts: the texts that put a number next to a word use the word's form for the number.
func TestCounts(t *testing.T) {
	ru, en := For("ru"), For("en")
	r, e := &ru.Referee, &en.Referee
	for _, c := range []struct{ got, want string }{
		{r.Days(44), "44 дня"}, {r.Days(1), "1 день"}, {r.Days(11), "11 дней"}, {r.Days(21), "21 день"},
		{r.Days(0), "0 дней"}, {r.Days(2), "2 дня"}, {r.Days(5), "5 дней"}, {r.Days(111), "111 дней"}, {r.Days(101), "101 день"},
		{r.DaysOf(21), "21 дня"}, {r.DaysOf(50), "50 дней"}, {r.DaysOf(2), "2 дней"},
		{r.PenaltyDays(2), "+2 штрафных дня"}, {r.PenaltyDays(-2), "-2 штрафных дня"}, {r.PenaltyDays(1), "+1 штрафной день"},
		{r.DaysLeft(1), "остался 1 день"}, {r.DaysLeft(3), "осталось 3 дня"}, {r.DaysLeft(12), "осталось 12 дней"},
		{r.DaysLeft(21), "остался 21 день"},
		{e.Days(1), "1 day"}, {e.Days(21), "21 days"}, {e.DaysOf(1), "1 day"}, {e.PenaltyDays(1), "+1 penalty day"},
		{e.PenaltyDays(-1), "-1 penalty day"}, {e.DaysLeft(1), "1 day left"}, {e.DaysLeft(2), "2 days left"},

		{ru.Report.Counts(21, 3, 5, 0, 13), "Партий 21: закончено 3, в игре 5, на присуждении 0, не начато 13."},
		{en.Report.Counts(1, 1, 0, 0, 0), "1 game: 1 finished, 0 in play, 0 awaiting adjudication, 0 not started."},
		{en.Report.Counts(15, 3, 5, 0, 7), "15 games: 3 finished, 5 in play, 0 awaiting adjudication, 7 not started."},
		{en.Report.DaysLeft(1), "1 day left"}, {en.Report.Overdue(1), "overdue by 1 day"},
		{en.Report.Control(10, 1), "move 10: 1 day"}, {en.Report.Deadlines(7), "Controls due within 7 days"},
		{ru.Report.DaysLeft(2), "осталось дней: 2"}, {ru.Report.Overdue(2), "просрочено на 2 дн."},
		{ru.Report.Control(10, 44), "ход 10: 44 дн."}, {ru.Report.Deadlines(7), "Сроки контроля в ближайшие 7 дней"},
		{ru.Report.Deadlines(2), "Сроки контроля в ближайшие 2 дня"}, {ru.Report.Deadlines(21), "Сроки контроля в ближайший 21 день"},
		{ruGame.count(1), "1 партия"}, {ruGame.count(3), "3 партии"}, {ruGame.count(11), "11 партий"},
		{ruGame.count(21), "21 партия"}, {ruGame.count(22), "22 партии"}, {ruGame.count(38), "38 партий"},
		{enGame.count(1), "1 game"}, {enGame.count(2), "2 games"}, {enGame.count(21), "21 games"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestStartBody: the start letter counts its players, games, days and moves with the forms
// that go with the numbers.
func TestStartBody(t *testing.T) {
	s := Start{Players: 2, Games: []StartGame{{Name: "1-2", White: true, Partner: 2}},
		Start: daysclock.Date{Year: 2026, Month: 11, Day: 1}, End: daysclock.Date{Year: 2027, Month: 5, Day: 1},
		ControlDays: 21, ControlMoves: 1, PenaltyDays: 2, LeaveDays: 21, ProtestDays: 1, Rounds: 1}
	ru, en := For("ru").Tournament.StartBody(s), For("en").Tournament.StartBody(s)
	for _, want := range []string{"у каждого 1 партия", "21 день на каждый 1 ход", "штраф 2 дня", "до 21 дня", "в течение 1 дня",
		"Игра начинается 1 ноября 2026"} {
		if !strings.Contains(ru, want) {
			t.Errorf("the Russian start letter lacks %q:\n%s", want, ru)
		}
	}
	for _, want := range []string{"2 players, 1 game each", "21 days for every 1 move", "costs 2 days", "within 1 day",
		"Play starts on 1 November 2026"} {
		if !strings.Contains(en, want) {
			t.Errorf("the English start letter lacks %q:\n%s", want, en)
		}
	}
}

func TestOf(t *testing.T) {
	ru := For("ru")
	if n, ok := ru.Tournament.Variants.Of("lasca-giveaway"); !ok || n != "международные столбовые шашки, обратная игра" {
		t.Errorf("Variants.Of(lasca-giveaway) = %q, %v", n, ok)
	}
	if _, ok := ru.Tournament.Variants.Of("chess"); ok {
		t.Error("Variants.Of knows chess")
	}
	if n, ok := ru.Report.Kinds.Of("correct-date"); !ok || n != "исправление даты" {
		t.Errorf("Kinds.Of(correct-date) = %q, %v", n, ok)
	}
}

// TestChannels: a move that came on a card or in a call is marked, and a player by post or by
// telephone named with his channel, in each language; e-mail, said or left unsaid, and a channel
// no book knows are never marked.
func TestChannels(t *testing.T) {
	for _, c := range []struct {
		lang, ch, move, player, named string
	}{
		{"ru", "post", "открытка", "по почте", "Белов (по почте)"},
		{"ru", "phone", "звонок", "по телефону", "Белов (по телефону)"},
		{"en", "post", "card", "by post", "Белов (by post)"},
		{"en", "phone", "call", "by telephone", "Белов (by telephone)"},
		{"ru", "", "", "", "Белов"},
		{"ru", "email", "", "", "Белов"},
		{"en", "email", "", "", "Белов"},
		{"en", "pigeon", "", "", "Белов"},
	} {
		ch := &For(c.lang).Channels
		if got := ch.Move(c.ch); got != c.move {
			t.Errorf("%s: Move(%q) = %q, want %q", c.lang, c.ch, got, c.move)
		}
		if got := ch.Title(c.ch); (got != "") != (c.move != "") {
			t.Errorf("%s: Title(%q) = %q, with the mark %q", c.lang, c.ch, got, c.move)
		}
		if got := ch.Player(c.ch); got != c.player {
			t.Errorf("%s: Player(%q) = %q, want %q", c.lang, c.ch, got, c.player)
		}
		if got := ch.Named("Белов", c.ch); got != c.named {
			t.Errorf("%s: Named(%q) = %q, want %q", c.lang, c.ch, got, c.named)
		}
	}
}
