package referee

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/golden"
)

// writeLetters renders outgoing letters as a reader sees them, with the headers the daemon sets.
func writeLetters(ls []Outgoing) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "=== to %s <%s> (%s)\n", l.Role, l.To, l.Kind)
		fmt.Fprintf(&b, "Subject: %s\n", l.Subject)
		fmt.Fprintf(&b, "X-Postald-Game: %s\nX-Postald-Verdict: %s\n", l.Game, l.Verdict)
		if len(l.Clauses) > 0 {
			fmt.Fprintf(&b, "X-Postald-Clause: %s\n", strings.Join(l.Clauses, ","))
		}
		fmt.Fprintf(&b, "X-Postald-Time: %s\nIn-Reply-To: %s\nReferences: %s\n\n%s\n", l.TimeHeader(), l.InReplyTo, strings.Join(l.References, " "), l.Body)
	}
	return b.String()
}

// TestGoldenLetters renders the letters of typical decisions in both languages and compares them
// with testdata/golden. Run with -update to rewrite them after a deliberate change, and read
// the diff: the files are what players receive.
func TestGoldenLetters(t *testing.T) {
	cases := []struct {
		name   string
		before []testLetter
		letter testLetter
	}{
		{"forward-and-ack", opening, testLetter{ivanov, "2026-11-06 09:00",
			"Здравствуйте, Пётр!\n" + white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4\nДаты: 03.11.2026 / 03.11.2026 / 05.11.2026\nВремя: 3/3\nИванов"}},
		{"rejection", opening, testLetter{ivanov, "2026-11-05 09:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. gh4"}},
		{"not-repeated", opening[:1], testLetter{petrov, "2026-11-03 20:00", "Мой ход: 1... f6-g5"}},
		{"substituted", nil, testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 1. a3-c5"}},
		{"forced-played", append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2}),
			testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4\nВремя: 3/4"}},
		{"variant-played", append(opening[:2:2], testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4"}),
			testLetter{petrov, "2026-11-08 12:00", "Ваш ход 2. g3-h4 получил.\nМой ход: 2... e7-f6 3... f6-e5\nВремя: 3/4"}},
		{"resign", opening, testLetter{ivanov, "2026-11-06 09:00", "Сдаюсь."}},
		// A move with a draw offer: the sender is told it is recorded and forwarded, the partner
		// that it stands.
		{"draw-offered", opening, testLetter{ivanov, "2026-11-06 09:00", white2 + "Предлагаю ничью."}},
	}
	for _, lang := range []string{"ru", "en"} {
		for _, tc := range cases {
			t.Run(lang+"/"+tc.name, func(t *testing.T) {
				g := after(t, "russian", tc.before...)
				g.Table.Language = lang
				d := send(t, g, tc.letter, DefaultRegulation())
				golden.Text(t, filepath.Join("testdata", "golden", lang, tc.name+".txt"), writeLetters(d.Letters))
			})
		}
		t.Run(lang+"/penalty-ruling", func(t *testing.T) {
			// The judge charges 2 days: «+2 штрафных дня», "+2 penalty days".
			g := after(t, "russian", opening...)
			g.Table.Language = lang
			d, err := Rule(under(g, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: 2, Clause: "4.2.11", Reason: "5.6",
				At: time.Date(2026, 11, 7, 9, 0, 0, 0, moscow)})
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, filepath.Join("testdata", "golden", lang, "penalty-ruling.txt"), writeLetters(d.Letters))
		})
		t.Run(lang+"/penalty-lifted", func(t *testing.T) {
			// The judge lifts the 2 days he charged: the letter gives the clocks after it.
			g := after(t, "russian", opening...)
			g.Table.Language = lang
			at := time.Date(2026, 11, 7, 9, 0, 0, 0, moscow)
			d, err := Rule(under(g, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: 2, Clause: "4.2.11", Reason: "5.6", At: at})
			if err != nil {
				t.Fatal(err)
			}
			g.Game = d.Game
			d, err = Rule(under(g, DefaultRegulation()), Ruling{Kind: RulePenalty, Side: Black, Days: -2, Clause: "4.1.12", Reason: "4.1.12", At: at.Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			got := writeLetters(d.Letters)
			golden.Text(t, filepath.Join("testdata", "golden", lang, "penalty-lifted.txt"), got)
			if want := map[string]string{"ru": "Время (белые/чёрные, п. 4.3.1): 0/2", "en": "0/2"}[lang]; !strings.Contains(got, want) {
				t.Errorf("the letters of a penalty lifted give no clocks after it (%q):\n%s", want, got)
			}
		})
		t.Run(lang+"/overstep", func(t *testing.T) {
			g := after(t, "russian", opening...)
			g.Table.Language = lang
			d := Tick(g, time.Date(2026, 12, 24, 9, 0, 0, 0, moscow))
			golden.Text(t, filepath.Join("testdata", "golden", lang, "overstep.txt"), writeLetters(d.Letters))
		})
	}
}
