package mailparse

import (
	"strings"
	"testing"
)

// TestSubjectDamaged: the marks of a server's replacement of 8-bit bytes, and none in the
// subjects players write.
func TestSubjectDamaged(t *testing.T) {
	for s, want := range map[string]bool{
		"XXXX-1 XXXXXXXXXXXX 1-2": true, // "ЗК-1 партия 1-2" after Cyrus's munge8bit
		"Re: XXXXXX 1-2":          true,
		"???? 1-2":                true,
		"\uFFFD\uFFFD-1 game 1-2": true,
		"ЗК-1 партия 1-2":         false,
		"XX турнир, партия 3-7":   false, // a Roman numeral
		"XXXIX чемпионат клуба":   false,
		"СТ-2026/1 game 1-2":      false,
		"Ход? 1-2":                false,
		"":                        false,
	} {
		if got := SubjectDamaged(s); got != want {
			t.Errorf("SubjectDamaged(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestDamagedSubjectDecidesNothing: a letter whose Subject Cyrus stored as "XXXX-1 XXXXXXXXXXXX
// 1-2" is read from its text alone, with the damage reported; without a game in the text, the
// letter names none (the damaged Subject is not guessed at).
func TestDamagedSubjectDecidesNothing(t *testing.T) {
	letter := func(subject, text string) *Letter {
		t.Helper()
		raw := "From: ivanov@club.example\r\nTo: moves@club.example\r\nSubject: " + subject +
			"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n")
		l, err := Parse([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := letter("XXXX-1 XXXXXXXXXXXX 1-2", "Турнир ЗК-1, партия 3-7.\nМой ход: 1. c3-d4")
	if l.Tournament != "ЗК-1" || l.Game != "3-7" || l.GameAt.Line != 1 {
		t.Errorf("tournament %q game %q (line %d), want ЗК-1 3-7 from the text", l.Tournament, l.Game, l.GameAt.Line)
	}
	damaged := false
	for _, p := range l.Problems {
		if p.What == WhatDamagedSubject && p.Line == 0 && p.Text == "XXXX-1 XXXXXXXXXXXX 1-2" {
			damaged = true
		}
	}
	if !damaged {
		t.Errorf("problems %+v, want the damaged subject", l.Problems)
	}
	l = letter("XXXX-1 XXXXXX XXXXXXXXXXXX 1-2", "Мой ход: 1. c3-d4")
	if l.Tournament != "" || l.Game != "" || len(l.Moves) != 1 {
		t.Errorf("tournament %q game %q moves %v: a damaged subject must name nothing", l.Tournament, l.Game, l.Moves)
	}
	// The same letter with its Subject intact names the game by it.
	l = letter("ЗК-1 партия 1-2", "Мой ход: 1. c3-d4")
	if l.Tournament != "ЗК-1" || l.Game != "1-2" {
		t.Errorf("tournament %q game %q from an intact subject", l.Tournament, l.Game)
	}
}
