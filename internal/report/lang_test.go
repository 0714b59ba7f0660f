package report

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

// TestRussianHasNoEnglish: the Russian golden reports hold no English word (the phrasebook's
// test holds the Russian words themselves to it).
func TestRussianHasNoEnglish(t *testing.T) {
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
