package office

import (
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// FuzzCardLetter: whatever the captain types, the card's letter is one postald's reader takes
// whole — it never fails to parse, its text is what was typed (up to line ends and the
// signature), and the same card always has the same Message-ID and record.
func FuzzCardLetter(f *testing.F) {
	for _, s := range []string{
		"Мой ход: 1. c3-d4",
		"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 07.11.2026 / 09.11.2026 / 11.11.2026\nВремя: 0/2\nПетров",
		"From: someone@else.example\n\nMy move: 2. b2-c3",
		"\r\n\r\n.\r\n",
		"-- \nsignature only",
		"\x00\u00a0\u200e",
	} {
		f.Add(s)
	}
	sh, err := tournament.ParseSheet([]byte(postSheet))
	if err != nil {
		f.Fatal(err)
	}
	p, _ := sh.Player(2)
	id := store.GameID{Tournament: sh.Code, Game: "1-2"}
	now := time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	arrived := daysclock.Date{Year: 2026, Month: 11, Day: 14}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			t.Skip("refused before it is written (card)")
		}
		req := CardRequest{Game: id.String(), From: "2", Postmark: arrived, Text: text}
		raw, ref := cardLetter(sh, id, p, referee.Black, referee.ChannelPost, req, arrived, now)
		raw2, ref2 := cardLetter(sh, id, p, referee.Black, referee.ChannelPost, req, arrived, now.Add(time.Hour))
		if ref != ref2 || MessageID(raw) != MessageID(raw2) || MessageID(raw) == "" {
			t.Fatalf("the same card has records %v and %v, Message-IDs %q and %q", ref, ref2, MessageID(raw), MessageID(raw2))
		}
		l, err := mailparse.Parse(raw)
		if err != nil {
			t.Fatalf("the card's letter does not parse: %v\n%q", err, raw)
		}
		if l.Header.Subject != sh.Code+" "+id.Game {
			t.Errorf("subject %q", l.Header.Subject)
		}
		// Every line of the reader's text is what the captain typed, but for the characters the
		// reader drops (controls, invisible marks) and its spacing.
		typed := squeezed(text)
		for _, line := range strings.Split(l.Text, "\n") {
			if q := squeezed(line); q != "" && !strings.Contains(typed, q) {
				t.Errorf("the reader's line %q was not typed:\n%q", line, text)
			}
		}
	})
}

// squeezed is s with only its visible characters: what a reader of the card sees of it.
func squeezed(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "") {
		if unicode.IsGraphic(r) && !unicode.IsSpace(r) && r != '\uFFFD' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
