package reading

import (
	"strings"
	"testing"
)

// TestFoldKey: two strings share a fold key exactly when strings.EqualFold takes them for equal.
func TestFoldKey(t *testing.T) {
	words := []string{"", "a", "A", "ab", "AB", "Ab", "k", "K", "\u212a" /* Kelvin sign */, "s", "S", "\u017f", /* long s */
		"ß", "SS", "ẞ", "Σ", "σ", "ς", "СТ-2026/1", "ст-2026/1", "Ст-2026/1", "cт-2026/1" /* Latin c */, "\xff", "\xfe", "\ufffd",
		"Ivanov@Postald.TEST", "ivanov@postald.test", "İ", "i", "ı", "I"}
	for _, a := range words {
		for _, b := range words {
			if got, want := foldKey(a) == foldKey(b), strings.EqualFold(a, b); got != want {
				t.Errorf("%q and %q: same fold key %v, EqualFold %v", a, b, got, want)
			}
		}
	}
}
