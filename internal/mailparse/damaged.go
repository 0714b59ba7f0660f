package mailparse

import "strings"

// WhatDamagedSubject is the problem of a Subject a mail server damaged: it is not read for the
// tournament or the game.
const WhatDamagedSubject = "subject damaged by a mail server"

// A Subject written in Cyrillic without RFC 2047's encoding reaches the mail server as raw 8-bit
// bytes, which some servers replace on delivery: Cyrus (its munge8bit, on by default) writes each
// such byte as "X", so "ЗК-1 партия 1-2" arrives as "XXXX-1 XXXXXXXXXXXX 1-2"; others write "?"
// or the replacement character. What is left may still look like a tournament's code ("XXXX-1")
// or name a game by luck, so a damaged Subject decides nothing: the tournament and the game are
// read from the letter's text alone, and the judge's view of the letter says the Subject was
// damaged.

// SubjectDamaged reports whether a decoded Subject bears the marks of a server's replacement of
// 8-bit bytes: the replacement character U+FFFD, a run of three question marks or more, or a run
// of four capital X or more (two Cyrillic letters, as munge8bit writes them; no word, Latin or
// Russian, and no Roman numeral has one).
func SubjectDamaged(s string) bool {
	if strings.ContainsRune(s, '\uFFFD') || strings.Contains(s, "???") {
		return true
	}
	run := 0
	for _, r := range s {
		if r != 'X' {
			run = 0
			continue
		}
		if run++; run >= 4 {
			return true
		}
	}
	return false
}
