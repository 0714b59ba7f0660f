package office

import (
	"testing"

	"postald/internal/phrase"
	"postald/internal/trust"
)

// TestCounts: the office's letters put numbers with the right form of their words (the
// phrasebook's own tests hold every text of it to its language).
func TestCounts(t *testing.T) {
	ru, en := &phrase.For("ru").Office, &phrase.For("en").Office
	for _, c := range []struct{ got, want string }{
		{ru.Trust.Letters(1), "1 письма"},
		{ru.Trust.Letters(30), "30 писем"},
		{en.Trust.Letters(1), "1 letter"},
		{ru.Digest.Bytes(2), "2 байта"},
		{en.Digest.Bytes(1), "1 byte"},
		{en.Digest.Letters(1), "1 letter"},
		{en.Digest.Intro(1), "Since the last digest postald has held 1 letter. None of them was applied to a game."},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestLimitInTheSendersLanguage: the note to a player whose letter is over a limit names the
// limit in his tournament's language, with the right forms of the words.
func TestLimitInTheSendersLanguage(t *testing.T) {
	tests := []struct {
		lang string
		e    trust.Excess
		want string
	}{
		{"ru", trust.Excess{What: "size", Got: 3000002, Max: 2000000}, "письмо в 3000002 байта больше допустимых 2000000 байт"},
		{"ru", trust.Excess{What: "parts", Got: 60, Max: 21}, "в письме больше 21 части (вложений и частей текста)"},
		{"ru", trust.Excess{What: "line", Got: 1001, Max: 998}, "строка в 1001 байт длиннее допустимых 998 байт"},
		{"ru", trust.Excess{What: "partial", Got: 1024, Max: 5000}, "удалось получить только 1024 байта из 5000 байт"},
		{"en", trust.Excess{What: "size", Got: 3000002, Max: 2000000}, "letter of 3000002 bytes is over the limit of 2000000"},
		{"en", trust.Excess{What: "partial", Got: 1024, Max: 5000}, "only 1024 of the letter's 5000 bytes could be fetched"},
	}
	for _, tc := range tests {
		e := tc.e
		if got := trustText(tc.lang).over(noteDetail{excess: &e}); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.lang, e.What, got, tc.want)
		}
		if tc.lang == "en" && e.Error() != tc.want {
			t.Errorf("the English note and the stored reason differ: %q, %q", tc.want, e.Error())
		}
	}
}
