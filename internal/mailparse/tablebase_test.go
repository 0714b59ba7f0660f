package mailparse

import "testing"

func TestTablebaseClaimIn(t *testing.T) {
	for _, c := range []struct {
		text    string
		claim   bool
		verdict string
		line    int
	}{
		{"Позиция в базе окончаний: выигрыш.", true, TablebaseWin, 1},
		{"Здравствуйте!\nпозиция в базе окончаний — ничья", true, TablebaseDraw, 2},
		{"Требую признать выигрыш по базе окончаний.", true, TablebaseWin, 1},
		{"Прошу засчитать ничью: позиция есть в базе окончаний", true, TablebaseDraw, 1},
		{"Заявляю: по эндшпильной базе у меня победа", true, TablebaseWin, 1},
		{"tablebase win claim", true, TablebaseWin, 1},
		{"I claim a draw by the endgame database.", true, TablebaseDraw, 1},
		{"Tablebase claim: win", true, TablebaseWin, 1},
		{"I claim a tablebase result.", true, "", 1},                          // neither word
		{"Позиция в базе окончаний: не выигрыш, а ничья", true, "", 1},        // a negated word
		{"I claim a tablebase win or at least a draw", true, "", 1},           // both words
		{"Позиция в базе окончаний: Выигрыш", true, TablebaseWin, 1},          // capitals
		{"База окончаний: ничья при лучшей игре обеих сторон.", false, "", 0}, // postald's own words, no claim
		{"Endgame database: White wins in 9 moves with best play.", false, "", 0},
		{"Мой ход: 23. c3-d4\nВыигрыш близок!", false, "", 0},          // no database named
		{"I claim a draw by repetition.", false, "", 0},                // a draw claim, not a tablebase one
		{"В базе окончаний наверное выигрыш, проверьте", false, "", 0}, // no claim made
	} {
		got, ok := TablebaseClaimIn(c.text)
		if ok != c.claim {
			t.Errorf("%q: claim %v, want %v", c.text, ok, c.claim)
			continue
		}
		if !ok {
			continue
		}
		if got.Verdict != c.verdict || got.Line != c.line {
			t.Errorf("%q: %+v, want verdict %q on line %d", c.text, got, c.verdict, c.line)
		}
	}
}

// TestTablebaseClaimLetter reads a whole letter with a claim and a move: the claim is found in
// its text, and the letter's own reading (its move, no problems) is what it was without it.
func TestTablebaseClaimLetter(t *testing.T) {
	raw := "From: ivanov@mail.example\r\nTo: moves@club.example\r\nSubject: СТ-2026/1 партия 1-2\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\nВаш ход 40... h8:b2 получил.\r\nПозиция в базе окончаний: выигрыш.\r\nМой ход: 41. a1:c3\r\n"
	l, err := Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := TablebaseClaimIn(l.Text)
	if !ok || c.Verdict != TablebaseWin || c.Line != 2 {
		t.Errorf("claim %+v %v", c, ok)
	}
	if len(l.Moves) != 1 || l.Moves[0].Notation != "a1:c3" || len(l.Problems) != 0 || l.Draw.Kind != DrawNone {
		t.Errorf("the letter reads %+v, problems %+v, draw %+v", l.Moves, l.Problems, l.Draw)
	}
}

func FuzzTablebaseClaimIn(f *testing.F) {
	for _, s := range []string{"Позиция в базе окончаний: выигрыш.", "tablebase win claim", "I claim a draw by the endgame database.", "не ничья"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := TablebaseClaimIn(s)
		if ok && (c.Line < 1 || (c.Verdict != "" && c.Verdict != TablebaseWin && c.Verdict != TablebaseDraw)) {
			t.Errorf("%q: %+v", s, c)
		}
	})
}
