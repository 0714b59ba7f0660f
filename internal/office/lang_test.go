package office

import (
	"reflect"
	"testing"

	"postald/internal/langcheck"
)

// TestRussianHasNoEnglish: the daemon's own Russian letters (held letters, the digest, the
// store fault) hold no English word but the command the judge types.
func TestRussianHasNoEnglish(t *testing.T) {
	texts := map[string]any{"trustRU": trustRU, "digest": digestTexts["ru"], "storage": storageTexts["ru"]}
	for name, p := range texts {
		v := reflect.ValueOf(p)
		for i := range v.NumField() {
			f := v.Field(i)
			if f.Kind() != reflect.String {
				continue
			}
			if bad := langcheck.Latin(f.String(), "judge", "quarantine"); len(bad) > 0 {
				t.Errorf("%s.%s holds English %q: %q", name, v.Type().Field(i).Name, bad, f.String())
			}
		}
	}
}

func TestCounts(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{trustRU.lettersOf.Count(trustRU.rule, 1), "1 письма"},
		{trustRU.lettersOf.Count(trustRU.rule, 30), "30 писем"},
		{trustEN.lettersOf.Count(trustEN.rule, 1), "1 letter"},
		{digestTexts["ru"].byte.Count(digestTexts["ru"].rule, 2), "2 байта"},
		{digestTexts["en"].byte.Count(digestTexts["en"].rule, 1), "1 byte"},
		{digestTexts["en"].letter.Count(digestTexts["en"].rule, 1), "1 letter"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
