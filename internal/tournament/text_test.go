package tournament

import (
	"testing"

	"postald/internal/golden"
)

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
			golden.Text(t, "testdata/"+tc.golden, ct.Text(tc.lang))
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
