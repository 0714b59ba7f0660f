package referee

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"postald/internal/daysclock"
	"postald/internal/langcheck"
)

// phraseStrings returns every text of a phrase table, named by its field.
func phraseStrings(p *phrases) map[string]string {
	out := map[string]string{}
	v := reflect.ValueOf(p).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch f.Kind() {
		case reflect.String:
			out[name] = f.String()
		case reflect.Array:
			for j := range f.Len() {
				out[name+"."+f.Index(j).String()] = f.Index(j).String()
			}
		case reflect.Map:
			for _, k := range f.MapKeys() {
				out[name+"."+k.String()] = f.MapIndex(k).String()
			}
		case reflect.Struct: // plural.Word
			for j := range f.NumField() {
				out[name+"."+f.Type().Field(j).Name] = f.Field(j).String()
			}
		}
	}
	return out
}

// TestRussianHasNoEnglish: no English word in the Russian phrase table nor in the Russian golden
// letters (headers aside): a Russian letter is Russian throughout.
func TestRussianHasNoEnglish(t *testing.T) {
	for name, s := range phraseStrings(&textRU) {
		if bad := langcheck.Latin(s); len(bad) > 0 {
			t.Errorf("textRU.%s holds English %q: %q", name, bad, s)
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "ru", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no Russian golden letters")
	}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimPrefix(sc.Text(), "Subject: ")
			if isHeaderLine(line) {
				continue
			}
			line = variantLabel.ReplaceAllString(line, "")
			line = quoted.ReplaceAllString(line, "«»") // the player's own words, quoted
			if bad := langcheck.Latin(line); len(bad) > 0 {
				t.Errorf("%s:%d holds English %q: %s", path, n, bad, line)
			}
		}
		f.Close()
	}
}

// variantLabel is the label of a variant as postald writes it, the player's «А» read as "A"
// ("  A: 2... e7-f6", «Вариант A принят»).
var variantLabel = regexp.MustCompile(`^\s+[A-Z]: |[Вв]ариант [A-Z]\b`)

// quoted is a quotation of the letter answered.
var quoted = regexp.MustCompile(`«[^»]*»`)

// diagramLine is a line of the board diagram: a row of pieces (w, b), the files, the FEN.
var diagramLine = regexp.MustCompile(`^(\s*\d+ ?( [-.wbWB])+|\s+( [a-l])+|FEN .*)$`)

// isHeaderLine tells the lines writeLetters adds for the reader of a golden file, and those of
// the board diagram.
func isHeaderLine(line string) bool {
	for _, p := range []string{"=== to ", "X-Postald-", "In-Reply-To:", "References:"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return diagramLine.MatchString(line)
}

// TestNoBareDays: no phrase writes a number straight before a word of days, in either language:
// the word must agree with the number («1 день», «2 дня», «5 дней»), so it comes from the plural
// forms.
func TestNoBareDays(t *testing.T) {
	bare := regexp.MustCompile(`%[-+]?d (\S+ )?(дн|день|штраф|day|penalty)`)
	for lang, p := range map[string]*phrases{"ru": &textRU, "en": &textEN} {
		for name, s := range phraseStrings(p) {
			if bare.MatchString(s) {
				t.Errorf("%s.%s writes days without their plural form: %q", lang, name, s)
			}
		}
	}
}

func TestDays(t *testing.T) {
	ru, en := textFor("ru"), textFor("en")
	for _, c := range []struct{ got, want string }{
		{ru.days(44), "44 дня"}, {ru.days(1), "1 день"}, {ru.days(11), "11 дней"}, {ru.days(21), "21 день"},
		{ru.daysOf(21), "21 дня"}, {ru.daysOf(50), "50 дней"}, {ru.daysOf(2), "2 дней"},
		{ru.penaltyDays(2), "+2 штрафных дня"}, {ru.penaltyDays(-2), "-2 штрафных дня"}, {ru.penaltyDays(1), "+1 штрафной день"},
		{ru.daysLeft(1), "остался 1 день"}, {ru.daysLeft(3), "осталось 3 дня"}, {ru.daysLeft(12), "осталось 12 дней"},
		{en.days(1), "1 day"}, {en.days(21), "21 days"}, {en.penaltyDays(1), "+1 penalty day"}, {en.daysLeft(1), "1 day left"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestLeaveRefusal(t *testing.T) {
	d := func(s string) daysclock.Date {
		v, err := daysclock.ParseDate(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	l := daysclock.Leave{From: d("2026-12-10"), To: d("2026-12-14")}
	taken := []daysclock.Leave{{From: d("2026-11-10"), To: d("2026-11-26")}}
	for _, c := range []struct {
		lang, want string
		announced  daysclock.Date
		taken      []daysclock.Leave
		allowance  int
	}{
		{"ru", "в нём 5 дней, а из 21 дня отпуска осталось 4 дня", d("2026-12-01"), taken, 21},
		{"ru", "в нём 5 дней, а из 18 дней отпуска остался 1 день", d("2026-12-01"), taken, 18},
		{"ru", "об отпуске нужно заявить до его первого дня, а заявлено 2026-12-10", d("2026-12-10"), nil, 30},
		{"en", "it is 5 days, and of the 18 days of leave only 1 day left", d("2026-12-01"), taken, 18},
	} {
		if daysclock.ValidateLeave(l, c.announced, c.taken, c.allowance) == nil {
			t.Fatalf("%s: daysclock grants the leave", c.want)
		}
		if got := leaveRefusal(textFor(c.lang), l, c.announced, c.taken, c.allowance); got != c.want {
			t.Errorf("leaveRefusal = %q, want %q", got, c.want)
		}
	}
}

// TestReasons: every Reason the referee or the judge stores is worded in both languages.
func TestReasons(t *testing.T) {
	for _, r := range []string{"draw agreed", "draw claimed", "white resigned", "black resigned", "no moves",
		"overstep", "forfeit", "adjudicated", "annulled"} {
		for _, lang := range []string{"ru", "en"} {
			if got := ReasonText(lang, r); got == r {
				t.Errorf("ReasonText(%s, %q) is not translated", lang, r)
			}
		}
	}
	if got := ReasonText("ru", "annulled"); got != "партия аннулирована" {
		t.Errorf("ReasonText(ru, annulled) = %q", got)
	}
	if got := ReasonText("ru", "чёрные сдались"); got != "чёрные сдались" {
		t.Errorf("an unknown reason changes: %q", got)
	}
}
