package mailparse

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"postald/internal/golden"
)

// TestGolden parses every testdata/letters/*.eml and compares its View with the *.json
// beside it, written by hand from what the letter says. On a mismatch the parser's output is
// written to *.json.got for a reader to compare; it never replaces the expected file.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/letters/*.eml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden letters")
	}
	for _, eml := range files {
		name := strings.TrimSuffix(filepath.Base(eml), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(eml)
			if err != nil {
				t.Fatal(err)
			}
			l, err := Parse(raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			golden.JSON(t, strings.TrimSuffix(eml, ".eml")+".json", l.View())
			if t.Failed() {
				t.Logf("new text:\n%s", indent(l.Text))
			}
		})
	}
}

func indent(s string) string {
	var b bytes.Buffer
	for i, line := range strings.Split(s, "\n") {
		b.WriteString(strings.Repeat(" ", 4))
		b.WriteString(strings.TrimRight(strings.Repeat(" ", 3-len(itoa(i+1)))+itoa(i+1), " "))
		b.WriteString("| " + line + "\n")
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }
