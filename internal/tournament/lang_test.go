package tournament

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

// TestRussianHasNoEnglish: the Russian golden letters and crosstables hold no English word (the
// phrasebook's test holds the Russian words themselves to it). The sheet's own values (a player's
// name) and the crosstable's X are allowed; the time zone is named in Russian words.
func TestRussianHasNoEnglish(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.ru.*golden"))
	if len(files) == 0 {
		t.Fatal("no Russian golden files")
	}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			line = strings.TrimPrefix(strings.TrimPrefix(line, "To: "), "Subject: ") // the test's headers
			if bad := langcheck.Latin(line, "X", "Smith", "John", "ST-2026/1", "KCH-2026", "PCH-1"); len(bad) > 0 {
				t.Errorf("%s:%d holds English %q: %s", path, n+1, bad, line)
			}
		}
	}
}
