package report

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

// TestCounted: the texts that count write the word that goes with the number, and take their
// arguments without a %!(EXTRA) or %!(MISSING).
func TestCounted(t *testing.T) {
	en, ru := text["en"], text["ru"]
	for _, c := range []struct{ got, want string }{
		{fmt.Sprintf(en["counts"], 1, 1, 0, 0, 0, count(en, "game", 1)), "1 game: 1 finished, 0 in play, 0 awaiting adjudication, 0 not started."},
		{fmt.Sprintf(en["counts"], 15, 3, 5, 0, 7, count(en, "game", 15)), "15 games: 3 finished, 5 in play, 0 awaiting adjudication, 7 not started."},
		{fmt.Sprintf(ru["counts"], 21, 3, 5, 0, 13, count(ru, "game", 21)), "Партий 21: закончено 3, в игре 5, на присуждении 0, не начато 13."},
		{fmt.Sprintf(en["daysleft"], 1, count(en, "day", 1)), "1 day left"},
		{fmt.Sprintf(en["overdue"], 1, count(en, "day", 1)), "overdue by 1 day"},
		{fmt.Sprintf(en["controlfmt"], 10, 1, count(en, "day", 1)), "move 10: 1 day"},
		{fmt.Sprintf(en["deadlines"], 7, count(en, "day", 7)), "Controls due within 7 days"},
		{fmt.Sprintf(ru["daysleft"], 2, count(ru, "day", 2)), "осталось дней: 2"},
		{fmt.Sprintf(ru["overdue"], 2, count(ru, "day", 2)), "просрочено на 2 дн."},
		{fmt.Sprintf(ru["controlfmt"], 10, 44, count(ru, "day", 44)), "ход 10: 44 дн."},
		{fmt.Sprintf(ru["deadlines"], 7, count(ru, "day", 7)), "Сроки контроля в ближайшие 7 дней"},
		{fmt.Sprintf(ru["deadlines"], 2, count(ru, "day", 2)), "Сроки контроля в ближайшие 2 дня"},
		{count(ru, "game", 1), "1 партия"}, {count(ru, "game", 3), "3 партии"}, {count(ru, "game", 11), "11 партий"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestRussianHasNoEnglish: the Russian words of the report and the Russian golden reports hold
// no English word.
func TestRussianHasNoEnglish(t *testing.T) {
	for k, s := range text["ru"] {
		if k == "lang" {
			continue
		}
		if bad := langcheck.Latin(s); len(bad) > 0 {
			t.Errorf("text[ru][%s] holds English %q: %q", k, bad, s)
		}
	}
	tag := regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>|&[a-z]+;`)
	for _, path := range []string{"testdata/report.ru.txt", "testdata/report.ru.html"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if strings.HasSuffix(path, ".html") {
			s = tag.ReplaceAllString(s, " ")
		}
		for n, line := range strings.Split(s, "\n") {
			// X marks the crosstable's diagonal, a sign rather than a word.
			if bad := langcheck.Latin(line, "X"); len(bad) > 0 {
				t.Errorf("%s:%d holds English %q: %s", path, n+1, bad, line)
			}
		}
	}
}
