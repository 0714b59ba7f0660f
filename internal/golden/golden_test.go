package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what the helper reports instead of failing.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.fatal = true
}
func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

func TestDifferencesAreReported(t *testing.T) {
	if Updating() {
		t.Skip("-update writes instead of comparing")
	}
	dir := t.TempDir()
	text := filepath.Join(dir, "answer.txt")
	js := filepath.Join(dir, "letter.json")
	if err := os.WriteFile(text, []byte("Ход 12. cd4 принят.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, []byte(`{"moves": ["cd4", "fe5"], "date": "2026-12-01"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func(tb testing.TB)
		fail string // "" when the comparison must pass
	}{
		{"same text", func(tb testing.TB) { Text(tb, text, "Ход 12. cd4 принят.\n") }, ""},
		{"other text", func(tb testing.TB) { Text(tb, text, "Ход 12. cd4 отклонён.\n") }, "отклонён"},
		{"same bytes", func(tb testing.TB) { Bytes(tb, text, []byte("Ход 12. cd4 принят.\n"), "the answer") }, ""},
		{"other bytes", func(tb testing.TB) { Bytes(tb, text, []byte("Ход 12."), "the answer") }, "the answer"},
		{"same JSON, keys in another order", func(tb testing.TB) {
			JSON(tb, js, map[string]any{"date": "2026-12-01", "moves": []string{"cd4", "fe5"}})
		}, ""},
		{"other JSON", func(tb testing.TB) {
			JSON(tb, js, map[string]any{"date": "2026-12-01", "moves": []string{"cd4"}})
		}, "fe5"},
		{"missing file", func(tb testing.TB) { Text(tb, filepath.Join(dir, "none.txt"), "x") }, "go test -update writes it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &recorder{TB: t}
			c.run(r)
			got := strings.Join(r.errors, "\n")
			switch {
			case c.fail == "" && got != "":
				t.Errorf("reported a difference where there is none:\n%s", got)
			case c.fail != "" && !strings.Contains(got, c.fail):
				t.Errorf("report %q does not show %q", got, c.fail)
			}
		})
	}
}
