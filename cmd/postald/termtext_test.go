package main

import (
	"errors"
	"log/slog"
	"postald/internal/reading"
	"strings"
	"testing"
	"unicode"

	"postald/internal/phrase"
	"postald/internal/store"
)

func TestTerminal(t *testing.T) {
	tests := []struct {
		name, in, line, text string
	}{
		{"plain", "Ivan Petrov <ivan@club.example>", "Ivan Petrov <ivan@club.example>", "Ivan Petrov <ivan@club.example>"},
		{"Cyrillic and typography kept", "Иван «Грозный» – ход 1. c3-d4", "Иван «Грозный» – ход 1. c3-d4", "Иван «Грозный» – ход 1. c3-d4"},
		{"clear the screen, cursor home", "Ivan\x1b[2J\x1b[HPetrov", "Ivan\uFFFDPetrov", "Ivan\uFFFDPetrov"},
		{"window title by OSC, ended by BEL", "a\x1b]0;you are hacked\x07b", "a\uFFFDb", "a\uFFFDb"},
		{"OSC 8 hyperlink, ended by ESC \\", "\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\", "\uFFFDclick\uFFFD", "\uFFFDclick\uFFFD"},
		{"hidden text and colours", "\x1b[8msecret\x1b[0m", "\uFFFDsecret\uFFFD", "\uFFFDsecret\uFFFD"},
		{"a bell and a backspace over a word", "resign\x08\x08\x08\x08\x08\x08move\x07", "resign\uFFFDmove\uFFFD", "resign\uFFFDmove\uFFFD"},
		{"8-bit CSI as UTF-8", "x\u009b2Jy", "x\uFFFDy", "x\uFFFDy"},
		{"C1 as a raw byte", "x\x9b2Jy", "x\uFFFD2Jy", "x\uFFFD2Jy"},
		{"bidi override turns the text", "Ivan \u202egnp.exe\u202c", "Ivan \uFFFDgnp.exe\uFFFD", "Ivan \uFFFDgnp.exe\uFFFD"},
		{"isolates and marks", "\u2066a\u2069\u200fb\u061c", "\uFFFDa\uFFFDb\uFFFD", "\uFFFDa\uFFFDb\uFFFD"},
		{"lines: kept in a text, spaces on a line", "line 1\r\nline 2\tend", "line 1  line 2 end", "line 1\nline 2\tend"},
		{"an escape at the very end", "end\x1b", "end\uFFFD", "end\uFFFD"},
		{"an unterminated OSC hides nothing after a mark", "a\x1b]0;title", "a\uFFFD", "a\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := termLine(tt.in); got != tt.line {
				t.Errorf("termLine(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := termText(tt.in); got != tt.text {
				t.Errorf("termText(%q) = %q, want %q", tt.in, got, tt.text)
			}
		})
	}
}

// FuzzTerminal: whatever a letter holds, what is printed has no control character and no bidi
// control, and plain text passes unchanged.
func FuzzTerminal(f *testing.F) {
	for _, s := range []string{"Ivan\x1b[2J", "\x1b]0;t\x07", "\u202eabc", "line\r\nline", "\x9b\xc2\x9b1m", "ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{termLine(s), termText(s)} {
			for _, r := range out {
				if (unicode.IsControl(r) && r != '\n' && r != '\t') || bidi(r) {
					t.Fatalf("%q printed as %q: holds %U", s, out, r)
				}
			}
		}
		if safe(s) && (termLine(s) != s || termText(s) != s) {
			t.Fatalf("plain %q changed", s)
		}
	})
}

// TestLogEscapesLetterText: a hostile From and subject logged by the daemon come out escaped.
func TestLogEscapesLetterText(t *testing.T) {
	var b strings.Builder
	log := newLog(&b, slog.LevelInfo)
	log.Warn("letter held", "from", "Ivan\x1b]0;hacked\x07 <ivan@club.example>", "subject", "\u202egame 1-2\x9b2J", "err", errors.New("bad\x1b[2J"))
	out := b.String()
	for _, r := range strings.TrimSuffix(out, "\n") {
		if unicode.IsControl(r) || bidi(r) {
			t.Fatalf("the log line holds %U:\n%q", r, out)
		}
	}
	if !strings.Contains(out, `\x1b]0;hacked\a`) || !strings.Contains(out, `\u202e`) {
		t.Errorf("the log line does not show what was there:\n%s", out)
	}
}

// TestCardsListStripsControls: the captain's list of cards prints a card's name, address and
// subject, which a letter's text reaches, without their control characters.
func TestCardsListStripsControls(t *testing.T) {
	var b strings.Builder
	writeCards(&b, testText, cardColumns{}, []reading.Card{{Seq: 1, Game: store.GameID{Tournament: "CT", Game: "1-2"}, Channel: "post", Player: 2, Name: "Boris\x1b]0;x\x07",
		Address: []string{"Nevsky 1\u202e", "St. Petersburg"}, Subject: "CT game 1-2\x1b[2J"}})
	out := b.String()
	for _, r := range out {
		if (unicode.IsControl(r) && r != '\n') || bidi(r) {
			t.Fatalf("cards prints %U:\n%q", r, out)
		}
	}
	if !strings.Contains(out, "Boris\uFFFD") || !strings.Contains(out, "CT game 1-2\uFFFD") {
		t.Errorf("cards does not mark what it removed:\n%s", out)
	}
}

// BenchmarkTermLine: a display name with escapes, and a plain one (returned as it is).
func BenchmarkTermLine(b *testing.B) {
	hostile := "Ivan\x1b[2J\x1b]0;title\x07 \u202eyalP <ivan@club.example>"
	plain := "Ivan Petrov <ivan@club.example>"
	b.ReportAllocs()
	for b.Loop() {
		termLine(hostile)
		termLine(plain)
	}
}

// TestCardsListColumns: the captain's list of cards lines up its columns — the number, the game,
// card or call, the player — whatever their widths (#9 beside #10 and #123, a tournament's
// card beside a game's), in both languages, the cards that cannot be printed with them.
func TestCardsListColumns(t *testing.T) {
	cards := []reading.Card{
		{Seq: 9, Game: store.GameID{Tournament: "ЗК-1"}, Channel: "post", Player: 3, Name: "Сидоров Сидор", Address: []string{"Калуга"}, Subject: "start"},
		{Seq: 10, Game: store.GameID{Tournament: "ЗК-1", Game: "3-1"}, Channel: "phone", Player: 3, Name: "Сидоров Сидор", Phone: "+7 900", Subject: "move", Text: "x"},
		{Seq: 123, Game: store.GameID{Tournament: "ЗК-1", Game: "2-3"}, Channel: "post", Player: 2, Name: "Петров Пётр", Address: []string{"Тула"}, Subject: "move"},
		{Seq: 124, Game: store.GameID{Tournament: "ЗК-1", Game: "12-13"}, Channel: "post", Player: 12, Name: "Ли", Rides: true, Subject: "leave"},
	}
	faults := []reading.CardFault{{Seq: 7, Game: store.GameID{Tournament: "ЗК-1", Game: "1-2"}, Why: "address"}}
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			tx := &phrase.For(lang).CLI
			cols := columnsOf(cards, faults, bookOf(tx).Channels.Move)
			var b strings.Builder
			writeCards(&b, tx, cols, cards)
			writeUnprinted(&b, tx, cols, faults)
			var rows []string
			for _, l := range strings.Split(b.String(), "\n") {
				if strings.HasPrefix(l, "#") {
					rows = append(rows, l)
				}
			}
			if len(rows) != 5 {
				t.Fatalf("%d rows, want 5:\n%s", len(rows), b.String())
			}
			// Each column starts after the run of two spaces that ends the one before it.
			starts := func(row string, n int) []int {
				var at []int
				r := []rune(row)
				for i := 2; i < len(r) && len(at) < n; i++ {
					if r[i] != ' ' && r[i-1] == ' ' && r[i-2] == ' ' {
						at = append(at, i)
					}
				}
				return at
			}
			first := starts(rows[0], 2)
			for _, row := range rows {
				if got := starts(row, 1); len(got) == 0 || got[0] != first[0] {
					t.Errorf("the game does not start at column %d:\n%s", first[0], b.String())
				}
			}
			for _, row := range rows[:3] {
				if got := starts(row, 2); len(got) < 2 || got[1] != first[1] {
					t.Errorf("card or call does not start at column %d:\n%s", first[1], b.String())
				}
			}
		})
	}
}
