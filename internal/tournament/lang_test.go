package tournament

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

// TestRussianHasNoEnglish: the Russian headings and the Russian golden letters and crosstables
// hold no English word. The sheet's own values (the time zone, a player's name) and the
// crosstable's X are allowed.
func TestRussianHasNoEnglish(t *testing.T) {
	for k, s := range headings[Russian] {
		if bad := langcheck.Latin(s); len(bad) > 0 {
			t.Errorf("headings[ru][%s] holds English %q: %q", k, bad, s)
		}
	}
	for _, names := range variantNames {
		if bad := langcheck.Latin(names[0]); len(bad) > 0 {
			t.Errorf("variant name %q holds English %q", names[0], bad)
		}
	}
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
			if bad := langcheck.Latin(line, "X", "Europe/Moscow", "Smith", "John"); len(bad) > 0 {
				t.Errorf("%s:%d holds English %q: %s", path, n+1, bad, line)
			}
		}
	}
}
