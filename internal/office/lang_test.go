package office

import (
	"testing"

	"postald/internal/phrase"
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
