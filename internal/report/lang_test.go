package report

import (
	"os"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

// TestRussianHasNoEnglish: the Russian golden report holds no English word (the phrasebook's
// test holds the Russian words themselves to it; package web's tests hold the HTML pages).
func TestRussianHasNoEnglish(t *testing.T) {
	for _, path := range []string{"testdata/report.ru.txt", "testdata/report.channels.ru.txt"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for n, line := range strings.Split(s, "\n") {
			// X marks the crosstable's diagonal, a sign rather than a word.
			if bad := langcheck.Latin(line, "X"); len(bad) > 0 {
				t.Errorf("%s:%d holds English %q: %s", path, n+1, bad, line)
			}
		}
	}
}
