package tournament

import (
	"errors"
	"strings"
	"testing"

	"postald/internal/langcheck"
)

func TestLatin(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"ЗК-1", "ZK-1"},
		{"СТ-2026/1", "ST-2026/1"},
		{"АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЫЭЮЯ", "ABVGDEZHZIKLMNOPRSTUFKHTSCHSHSHCHYEYUYA"},
		{"Ёж-Й", "Ezh-I"},
		{"ОБЪЕМ-ЬЯ", "OBEM-YA"},
		{"зк-1", "zk-1"},
		{"ЧР-2026-Ф", "CHR-2026-F"},
		{"CT-2026/1", "CT-2026/1"}, // Latin already: as it is
		{"ZK-1", "ZK-1"},
		{"Кубок 7", "Kubok 7"},
		{"", ""},
	} {
		if got := Latin(tc.code); got != tc.want {
			t.Errorf("Latin(%q) = %q, want %q", tc.code, got, tc.want)
		}
	}
}

func TestLookupCode(t *testing.T) {
	codes := []string{"ЗК-1", "СТ-2026/1", "Open-7", "ЖК", "ЖК-2"}
	for _, tc := range []struct {
		written, want string
		ok            bool
	}{
		{"ЗК-1", "ЗК-1", true},
		{"зк-1", "ЗК-1", true},
		{"ZK-1", "ЗК-1", true},
		{"zk-1", "ЗК-1", true},
		{" ZK-1 ", "ЗК-1", true},
		{"ST-2026/1", "СТ-2026/1", true},
		{"st-2026/1", "СТ-2026/1", true},
		{"open-7", "Open-7", true},
		{"ZHK", "ЖК", true},
		{"ZHK-2", "ЖК-2", true},
		{"ZK-2", "", false},
		{"CT-2026/1", "СТ-2026/1", true}, // copied by its looks: Latin C and T for Cyrillic С and Т
		{"ct-2026/1", "СТ-2026/1", true},
		{"СT-2026/1", "СТ-2026/1", true}, // Cyrillic С, Latin T
		{"3K-1", "", false},              // a digit is no look-alike
		{"", "", false},
	} {
		got, ok := LookupCode(codes, tc.written)
		if got != tc.want || ok != tc.ok {
			t.Errorf("LookupCode(%q) = %q, %v; want %q, %v", tc.written, got, ok, tc.want, tc.ok)
		}
	}
	// Two codes that differ only in case: the exact one is found, the other spelling is
	// ambiguous.
	codes = []string{"ab-1", "AB-1"}
	if got, ok := LookupCode(codes, "AB-1"); !ok || got != "AB-1" {
		t.Errorf("exact code: %q, %v", got, ok)
	}
	if got, ok := LookupCode(codes, "Ab-1"); ok {
		t.Errorf("ambiguous code found %q", got)
	}
}

func TestCodeClash(t *testing.T) {
	codes := []string{"ЗК-1", "Open-7", "CT-1"}
	for _, tc := range []struct {
		code, clash string
		ok          bool
	}{
		{"ZK-1", "ЗК-1", true},
		{"зк-1", "ЗК-1", true},
		{"OPEN-7", "Open-7", true},
		{"ОРЕН-7", "", false},  // Cyrillic О, Р, Е, Н: "OREN-7", and looks like "OPEH-7": another code
		{"ЗK-1", "ЗК-1", true}, // Cyrillic З, Latin K: looks like «ЗК-1»
		{"ЗК-2", "", false},
		{"СТ-1", "CT-1", true}, // Cyrillic СТ looks like the Latin CT registered
	} {
		got, ok := CodeClash(codes, tc.code)
		if got != tc.clash || ok != tc.ok {
			t.Errorf("CodeClash(%q) = %q, %v; want %q, %v", tc.code, got, ok, tc.clash, tc.ok)
		}
	}
}

// TestPlayerLanguage: a player's language is read from the sheet, defaults to the tournament's
// and must be a language of the phrasebook; his start letter is written in it.
func TestPlayerLanguage(t *testing.T) {
	src := strings.Replace(readSheet(t), `email = "petrov@mail.example"`, `email = "petrov@mail.example"`+"\nlanguage = \"en\"", 1)
	sh, err := ParseSheet([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]string{1: "ru", 2: "en", 3: "ru", 4: "ru"} {
		if got := sh.LanguageOf(n); got != want {
			t.Errorf("player %d: language %q, want %q", n, got, want)
		}
	}
	en, err := sh.StartLetter(2)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(en.Body, "Dear ") || !strings.Contains(en.Body, "Latin letters: ST-2026/1.") ||
		!strings.Contains(en.Body, "Subject: ST-2026/1 game ") {
		t.Errorf("English start letter of a player in a Russian tournament:\n%s", en.Body)
	}
	ru, err := sh.StartLetter(1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ru.Body, "латинскими буквами: ST-2026/1.") || !strings.Contains(ru.Body, "Тема: СТ-2026/1 партия ") {
		t.Errorf("Russian start letter:\n%s", ru.Body)
	}
	// No English in the Russian letter but the Latin spelling and the sheet's values; no
	// Cyrillic in the English one but the names and the code from the sheet.
	if bad := langcheck.Latin(ru.Body, "Smith", "John", "ST-2026/1"); len(bad) > 0 {
		t.Errorf("English in the Russian start letter: %q", bad)
	}
	rest := en.Body
	for _, p := range sh.Players {
		rest = strings.ReplaceAll(rest, p.Name, "")
	}
	rest = strings.ReplaceAll(strings.ReplaceAll(rest, sh.Name, ""), sh.Code, "")
	if HasCyrillic(rest) {
		t.Errorf("Cyrillic in the English start letter:\n%s", rest)
	}

	bad := strings.Replace(readSheet(t), `email = "petrov@mail.example"`, `email = "petrov@mail.example"`+"\nlanguage = \"de\"", 1)
	_, err = ParseSheet([]byte(bad))
	var inv *InvalidError
	if !errors.As(err, &inv) || !strings.Contains(err.Error(), "player 2 (number 2).language") {
		t.Errorf("a language without a book: %v", err)
	}
}
