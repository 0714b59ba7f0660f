package tournament

import (
	"strings"
	"unicode"
)

// latinOf is the Latin spelling of each Cyrillic capital (a simple ГОСТ-like table; the
// lower-case letters take the lower case of the same spelling). Й and Ё are spelt as the
// passport table ГОСТ Р 52535.1 spells them (I, E); the hard and the soft sign are left out.
var latinOf = map[rune]string{
	'А': "A", 'Б': "B", 'В': "V", 'Г': "G", 'Д': "D", 'Е': "E", 'Ё': "E", 'Ж': "ZH", 'З': "Z",
	'И': "I", 'Й': "I", 'К': "K", 'Л': "L", 'М': "M", 'Н': "N", 'О': "O", 'П': "P", 'Р': "R",
	'С': "S", 'Т': "T", 'У': "U", 'Ф': "F", 'Х': "KH", 'Ц': "TS", 'Ч': "CH", 'Ш': "SH",
	'Щ': "SHCH", 'Ъ': "", 'Ы': "Y", 'Ь': "", 'Э': "E", 'Ю': "YU", 'Я': "YA",
}

// lookAlikeOf is the Latin capital each Cyrillic capital looks like, where one does: «СТ» typed
// on a Latin keyboard by its looks is "CT", not its spelling "ST".
var lookAlikeOf = map[rune]rune{
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C',
	'Т': 'T', 'У': 'Y', 'Х': 'X',
}

// LookAlikeKey is a code as it looks, for comparing codes by their looks: in upper case, every
// Cyrillic letter that looks like a Latin one written as that Latin letter. «СТ-2026/1» and
// "CT-2026/1" typed in Latin letters, or a mixture of the two, have one key.
func LookAlikeKey(code string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(strings.TrimSpace(code)) {
		if l, ok := lookAlikeOf[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Latin returns the Latin spelling of a tournament code: every Cyrillic letter by the table
// above («ЗК-1» → "ZK-1", «ШАХ-2026/1» → "SHAKH-2026/1"), everything else (Latin letters,
// digits, hyphens, slashes) as it is. A code without Cyrillic letters is its own spelling.
func Latin(code string) string {
	if !HasCyrillic(code) {
		return code
	}
	var b strings.Builder
	b.Grow(len(code))
	for _, r := range code {
		up := unicode.ToUpper(r)
		s, ok := latinOf[up]
		switch {
		case !ok:
			b.WriteRune(r)
		case up != r:
			b.WriteString(strings.ToLower(s))
		default:
			b.WriteString(s)
		}
	}
	return b.String()
}

// HasCyrillic reports whether s holds a Cyrillic letter.
func HasCyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// CodeKey is what two spellings of one tournament code share: the Latin spelling in capitals.
// «ЗК-1», "ZK-1" and "zk-1" have one key; the start sheet's code stays the tournament's name.
func CodeKey(code string) string { return strings.ToUpper(Latin(strings.TrimSpace(code))) }

// LookupCode finds the tournament a code was written for among the registered codes: the code
// itself; else the one code equal to it but for case; else the one code it spells in Latin
// letters or in any case ("ZK-1" for «ЗК-1», formats.md: a player who cannot type Cyrillic
// writes the Latin spelling). It returns false when no code, or more than one, fits.
func LookupCode(codes []string, written string) (string, bool) {
	written = strings.TrimSpace(written)
	if written == "" {
		return "", false
	}
	for _, c := range codes {
		if c == written {
			return c, true
		}
	}
	for _, same := range []func(string) bool{
		func(c string) bool { return strings.EqualFold(c, written) },
		func(c string) bool { return CodeKey(c) == CodeKey(written) },
		// A code copied by its looks, with Latin letters for the Cyrillic ones that look alike.
		func(c string) bool { return LookAlikeKey(c) == LookAlikeKey(written) },
	} {
		var found []string
		for _, c := range codes {
			if same(c) {
				found = append(found, c)
			}
		}
		switch len(found) {
		case 1:
			return found[0], true
		case 0:
		default:
			return "", false
		}
	}
	return "", false
}

// CodeClash returns the registered code that a new tournament's code cannot live beside: one
// with the same key (CodeKey) or the same looks (LookAlikeKey), so that the Latin spelling, a
// code in another case or one copied by its looks would name two tournaments. False when the
// code is free.
func CodeClash(codes []string, code string) (string, bool) {
	key, looks := CodeKey(code), LookAlikeKey(code)
	for _, c := range codes {
		if CodeKey(c) == key || LookAlikeKey(c) == looks {
			return c, true
		}
	}
	return "", false
}
