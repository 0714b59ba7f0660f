package referee

import (
	"strings"
	"testing"
	"time"

	"postald/internal/phrase"
)

// TestPictureLegend: a letter that carries the board's picture explains its mark of the side to
// move in its reader's language, once, after the text diagram's legend when it has one, else at
// its end; a letter without the picture does not, nor does the text diagram of the judge's views.
// A ruling's letters show the position as text beside the picture.
func TestPictureLegend(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		var letters []Outgoing
		for _, tc := range []struct {
			before []testLetter
			letter testLetter
		}{
			{opening, testLetter{ivanov, "2026-11-06 09:00", white2 + "Время: 3/3"}},                          // forwarded, acknowledged
			{opening, testLetter{ivanov, "2026-11-05 09:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. gh4"}}, // stopped
			{opening, testLetter{ivanov, "2026-11-06 09:00", "Сдаюсь."}},
		} {
			g := after(t, "russian", tc.before...)
			g.Table.Language = lang
			letters = append(letters, send(t, g, tc.letter, DefaultRegulation()).Letters...)
		}
		g := after(t, "russian", opening...)
		g.Table.Language = lang
		d, err := Rule(under(g, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: 2, Clause: "4.2.11", Reason: "5.6",
			At: time.Date(2026, 11, 7, 9, 0, 0, 0, moscow)})
		if err != nil {
			t.Fatal(err)
		}
		letters = append(letters, d.Letters...)
		// A ruling shows the position as text as well as in its picture (README).
		for _, l := range d.Letters {
			if l.Picture == nil || !strings.Contains(l.Body, "a b c d e f g h") || !strings.Contains(l.Body, "FEN ") {
				t.Errorf("%s: the ruling's letter to %s does not show the position both ways:\n%s", lang, l.Role, l.Body)
			}
		}

		legend := phrase.For(lang).Picture.ToMove
		withPicture, without := 0, 0
		for _, l := range letters {
			n := strings.Count(l.Body, legend)
			switch {
			case l.Picture != nil && n != 1:
				t.Errorf("%s: %q to %s carries the picture, its legend %d times:\n%s", lang, l.Subject, l.Role, n, l.Body)
			case l.Picture == nil && n != 0:
				t.Errorf("%s: %q to %s has no picture, yet its legend:\n%s", lang, l.Subject, l.Role, l.Body)
			case l.Picture != nil:
				withPicture++
				lines := strings.Split(strings.TrimRight(l.Body, "\n"), "\n")
				at := -1
				for i, line := range lines {
					if line == legend {
						at = i
					}
				}
				tx := textFor(lang)
				if board := strings.Contains(l.Body, "FEN "); board && (at < 1 || !strings.HasSuffix(lines[at-1], strings.SplitN(tx.Legend, "%s", 6)[5])) ||
					!board && at != len(lines)-1 {
					t.Errorf("%s: %q to %s: the legend is not after the text diagram's legend, nor at the end:\n%s", lang, l.Subject, l.Role, l.Body)
				}
			default:
				without++
			}
		}
		if withPicture < 4 || without < 1 {
			t.Errorf("%s: %d letters with the picture, %d without: the test decides too little", lang, withPicture, without)
		}
		view, err := under(g, DefaultRegulation()).Diagram()
		if err != nil || strings.Contains(view, legend) {
			t.Errorf("%s: the judge's view of the board explains a picture it does not show:\n%s%v", lang, view, err)
		}
	}
}
