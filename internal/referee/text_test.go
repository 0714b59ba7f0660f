package referee

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"postald/internal/daysclock"
	"postald/internal/langcheck"
	"postald/internal/phrase"
)

// TestRussianHasNoEnglish: no English word in the Russian golden letters (headers aside): a
// Russian letter is Russian throughout. The phrasebook's own test holds its Russian book to
// the same rule.
func TestRussianHasNoEnglish(t *testing.T) {
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
var diagramLine = regexp.MustCompile(`^(\s*\d+ [ .wbWBбБчЧ]*|\s+( [a-l])+|FEN .*)$`)

// isHeaderLine tells the lines writeLetters adds for the reader of a golden file, and those of
// the board diagram.
func isHeaderLine(line string) bool {
	for _, p := range []string{"=== to ", "X-Postald-", "In-Reply-To:", "References:"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	for _, lang := range phrase.Languages() {
		tx := textFor(lang)
		if line == fmt.Sprintf(tx.Legend, marks(tx, "w"), marks(tx, "W"), marks(tx, "b"), marks(tx, "B"), ".") {
			return true // the diagram's legend names its marks
		}
	}
	return diagramLine.MatchString(line)
}

// TestDays: the referee's numbers of days come from the phrasebook of the game's language.
func TestDays(t *testing.T) {
	ru, en := textFor("ru"), textFor("en")
	for _, c := range []struct{ got, want string }{
		{ru.Days(44), "44 дня"}, {ru.DaysOf(21), "21 дня"}, {ru.PenaltyDays(2), "+2 штрафных дня"},
		{ru.DaysLeft(1), "остался 1 день"}, {en.Days(1), "1 day"}, {en.DaysLeft(2), "2 days left"},
		{textFor("").Days(5), "5 дней"}, {textFor("de").Days(2), "2 дня"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestFaults: every fault kind the board finds is worded in both languages.
func TestFaults(t *testing.T) {
	for _, kind := range []string{faultAbbreviated, faultNoPiece, faultNotYours, faultCapture, faultNoSuchMove,
		faultAmbiguous, faultUnreadable, faultNoSquare} {
		for _, lang := range []string{"ru", "en"} {
			if got := textFor(lang).fault(kind); got == "" || (lang == "ru" && len(langcheck.Latin(got)) > 0) {
				t.Errorf("fault %q is not worded in %s: %q", kind, lang, got)
			}
		}
	}
	if got := textFor("ru").fault(faultCapture); got != "взятие обязательно" {
		t.Errorf("ru capture fault: %q", got)
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
		{"ru", "об отпуске нужно заявить до его первого дня, а заявлено 10.12.2026", d("2026-12-10"), nil, 30},
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
	for _, r := range []Reason{"draw agreed", "draw claimed", "white resigned", "black resigned", "no moves",
		"overstep", "forfeit", "adjudicated", "annulled", ReasonStruckOut} {
		for _, lang := range []string{"ru", "en"} {
			if got := ReasonText(lang, r); got == r.String() {
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

// TestCaptureFault: a quiet move where a capture is compulsory is refused in the letter's
// language (the fault was once written in English in Russian letters).
func TestCaptureFault(t *testing.T) {
	g := testGame("russian")
	g.Position = "W:Wa1,c3,e3:Bd4,h8" // White must capture d4, from c3 or from e3
	d := send(t, g, testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 1. a1-b2\nВремя: 0/0"}, DefaultRegulation())
	if d.Verdict != Rejected || len(d.Violations) == 0 {
		t.Fatalf("verdict %s, violations %v", d.Verdict, d.Violations)
	}
	if v := d.Violations[0]; v.Clause != "4.2.10" || !strings.Contains(v.What, "взятие обязательно") {
		t.Errorf("violation %+v", v)
	}
	for _, l := range d.Letters {
		for _, line := range strings.Split(l.Body, "\n") {
			if isHeaderLine(line) {
				continue // the board diagram
			}
			if bad := langcheck.Latin(quoted.ReplaceAllString(line, "«»")); len(bad) > 0 {
				t.Errorf("letter to %s holds English %q: %s", l.Role, bad, line)
			}
		}
	}
}
