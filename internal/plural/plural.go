// Package plural chooses the form of a word that goes with a number in postald's letters and
// reports: «1 день», «2 дня», «5 дней»; "1 day", "2 days".
package plural

import "strconv"

// Form is a plural category: which form of a word a number takes.
type Form int

const (
	One  Form = iota // ru: 1, 21, 31, 101; en: 1
	Few              // ru: 2–4, 22–24, 102; en: never
	Many             // ru: 0, 5–20, 25–30, 111–114; en: every number but 1
)

// Russian returns the category of n by the Russian rule; the sign does not count (−2 → Few).
func Russian(n int) Form {
	if n < 0 {
		n = -n
	}
	switch n10, n100 := n%10, n%100; {
	case n100 >= 11 && n100 <= 14:
		return Many
	case n10 == 1:
		return One
	case n10 >= 2 && n10 <= 4:
		return Few
	}
	return Many
}

// English returns the category of n by the English rule: One for 1 and −1, else Many.
func English(n int) Form {
	if n == 1 || n == -1 {
		return One
	}
	return Many
}

// Rule returns the rule of a language: English for "en", Russian otherwise (postald's default).
func Rule(lang string) func(int) Form {
	if lang == "en" {
		return English
	}
	return Russian
}

// Word is the forms of a word (or of the words that agree with a number) in one language. An
// English word leaves Few empty.
type Word struct{ One, Few, Many string }

// For returns the form of w that goes with category f.
func (w Word) For(f Form) string {
	switch f {
	case One:
		return w.One
	case Few:
		if w.Few != "" {
			return w.Few
		}
	}
	return w.Many
}

// Count writes n and the form of w by rule: Count(Russian, 22, day) = "22 дня".
func (w Word) Count(rule func(int) Form, n int) string {
	return strconv.Itoa(n) + " " + w.For(rule(n))
}

// Signed is Count with the sign always written: "+2 штрафных дня", "−2 …" as "-2".
func (w Word) Signed(rule func(int) Form, n int) string {
	s := strconv.Itoa(n)
	if n >= 0 {
		s = "+" + s
	}
	return s + " " + w.For(rule(n))
}
