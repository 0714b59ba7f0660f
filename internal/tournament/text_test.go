package tournament

import (
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := "testdata/" + name
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-golden +got):\n%s", name, diff)
	}
}

func TestCrosstableText(t *testing.T) {
	for _, tc := range []struct{ file, lang, golden string }{
		{"field.toml", Russian, "field.ru.golden"},
		{"field.toml", English, "field.en.golden"},
		{"withdrawn.toml", English, "withdrawn.en.golden"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			ct, err := Compute(loadTable(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.golden, ct.Text(tc.lang))
		})
	}
}

func TestFormatPoints(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 0.5: "½", 3: "3", 3.5: "3½", 6.25: "6.25", -2: "-2", 12.75: "12.75"} {
		if got := FormatPoints(v); got != want {
			t.Errorf("FormatPoints(%v) = %q, want %q", v, got, want)
		}
	}
}
