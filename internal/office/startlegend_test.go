package office

import (
	"strings"
	"testing"
	"time"

	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/store"
)

// TestStartLetterLegend: the start letter of a player who has White carries the start position's
// picture and, at the end of its text, the same position as a text diagram whose legend explains
// the picture's mark of the side to move, in his language, once (README: every letter that shows
// a position shows it both ways); the letters without the picture (Black's, the judge's, the
// director's) do neither.
func TestStartLetterLegend(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, _, from := playerOffice(t, &now)
	if _, err := CreateTournament(db, from, []byte(langSheet("ЯЗ-1", "ru", "Иванов Иван", "Peter Smith", "en")), now); err != nil {
		t.Fatal(err)
	}
	legends := map[string]string{"ru": phrase.For("ru").Picture.ToMove, "en": phrase.For("en").Picture.ToMove}
	want := map[string]struct {
		lang    string
		picture bool
	}{
		"white@club.example": {"ru", true},
		"black@club.example": {"en", false},
		"judge@club.example": {"ru", false},
		"td@club.example":    {"ru", false},
	}
	seen := 0
	err := db.View(func(tx *store.Tx) error {
		due, err := tx.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 0)
		if err != nil {
			return err
		}
		for _, it := range due {
			w, err := mailwrite.Read(it.Raw)
			if err != nil {
				return err
			}
			to := strings.Join(it.To, ",")
			exp, ok := want[to]
			if !ok {
				t.Errorf("a start letter to %s", to)
				continue
			}
			seen++
			text := strings.TrimRight(strings.ReplaceAll(w.Text, "\r\n", "\n"), "\n")
			if (w.Picture != nil) != exp.picture {
				t.Errorf("%s: picture %v, want %v", to, w.Picture != nil, exp.picture)
			}
			for lang, l := range legends {
				n := strings.Count(text, l)
				switch {
				case exp.picture && lang == exp.lang && (n != 1 || !strings.Contains(text, phrase.For(lang).Referee.PosHead+"\n 8 ") ||
					!strings.Contains(text, "a b c d e f g h\n") || !strings.Contains(text, l+"\nFEN W:")):
					t.Errorf("%s: the picture's legend %d times, or not after the start position's text diagram, before its FEN:\n%s", to, n, text)
				case (!exp.picture || lang != exp.lang) && n != 0:
					t.Errorf("%s: the %s legend of a picture, want none:\n%s", to, lang, text)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen != len(want) {
		t.Errorf("%d start letters, want %d", seen, len(want))
	}
}
