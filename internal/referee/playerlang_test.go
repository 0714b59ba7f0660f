package referee

import (
	"strings"
	"testing"
)

// letterTo returns the one letter of d to role.
func letterTo(t *testing.T, d Decision, role Role) Outgoing {
	t.Helper()
	var found []Outgoing
	for _, l := range d.Letters {
		if l.Role == role {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d letters to %s, want 1: %+v", len(found), role, d.Letters)
	}
	return found[0]
}

// TestVariantLabelsAsWritten: postald names a variant with the label its proposer wrote, Cyrillic
// (А, Б) or Latin (A, B), in the letters to both players; an acceptance may name it in the other
// alphabet (Б and B are one label), and the letters still say the proposer's label.
func TestVariantLabelsAsWritten(t *testing.T) {
	for _, tc := range []struct {
		name, propose, accept, want string
	}{
		{"cyrillic", "Мой ход: 1... f6-g5\nВариант А: если 2. g3-h4, то 2... e7-f6\nВариант Б: если 2. b2-c3, то 2... g5-h4",
			"Ваш ход 1... f6-g5 получил.\nПринимаю вариант Б.\nМой ход: 2. b2-c3", "Б"},
		{"latin", "Мой ход: 1... f6-g5\nVariant A: if 2. g3-h4 then 2... e7-f6\nVariant B: if 2. b2-c3 then 2... g5-h4",
			"Ваш ход 1... f6-g5 получил.\nПринимаю вариант Б.\nМой ход: 2. b2-c3", "B"},
		{"cyrillic accepted as latin", "Мой ход: 1... f6-g5\nВариант А: если 2. g3-h4, то 2... e7-f6\nВариант Б: если 2. b2-c3, то 2... g5-h4",
			"Received your 1... f6-g5.\nI accept variant B.\nMy move: 2. b2-c3", "Б"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame("russian")
			ds := playAll(t, g, Regulation{},
				testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"},
				testLetter{petrov, "2026-11-03 20:00", "Ваш ход 1. c3-d4 получил.\n" + tc.propose + "\nВремя: 0/2"})
			prop := ds[1]
			if len(prop.Game.Variants) != 2 {
				t.Fatalf("variants stored: %+v", prop.Game.Variants)
			}
			fwd := letterTo(t, prop, ToWhite)
			if !strings.Contains(fwd.Body, "  "+tc.want+": 2. b2-c3 2... g5-h4") {
				t.Errorf("the forwarded proposal does not label the variant %s:\n%s", tc.want, fwd.Body)
			}
			d := send(t, g.with(prop.Game), testLetter{ivanov, "2026-11-05 10:00", tc.accept}, Regulation{})
			if d.Verdict != Accepted {
				t.Fatalf("acceptance: %s %+v", d.Verdict, d.Violations)
			}
			for _, role := range []Role{ToWhite, ToBlack} {
				if body := letterTo(t, d, role).Body; !strings.Contains(body, " "+tc.want+" ") {
					t.Errorf("the letter to %s does not name the variant %s:\n%s", role, tc.want, body)
				}
			}
		})
	}
}

// TestLetterInReadersLanguage: in a Russian game whose Black writes English, every letter of one
// decision is in its reader's language: the acknowledgement to the sender, the forwarded move
// to the partner, the result to both, the judge's copy in the tournament's.
func TestLetterInReadersLanguage(t *testing.T) {
	g := testGame("russian")
	g.Table.Players[1].Language = "en"
	ds := playAll(t, g, Regulation{},
		testLetter{ivanov, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"},
		testLetter{petrov, "2026-11-03 20:00", "Received your 1. c3-d4.\nMy move: 1... f6-g5\nDates: 2026-11-01, 2026-11-01, 2026-11-03"})
	if body := letterTo(t, ds[0], ToBlack).Body; !strings.Contains(body, "Moves: 1. c3-d4") || !strings.Contains(body, "2026-11-01") {
		t.Errorf("the move forwarded to Black is not in English:\n%s", body)
	}
	if body := letterTo(t, ds[0], ToWhite).Body; !strings.Contains(body, "Ваше письмо от 01.11.2026 принято.") {
		t.Errorf("the acknowledgement to White:\n%s", body)
	}
	if body := letterTo(t, ds[1], ToBlack).Body; !strings.Contains(body, "Your letter of 2026-11-03 is accepted.") {
		t.Errorf("the acknowledgement to Black:\n%s", body)
	}
	if body := letterTo(t, ds[1], ToWhite).Body; !strings.Contains(body, "Ходы: 1... f6-g5") {
		t.Errorf("the move forwarded to White:\n%s", body)
	}
	d := send(t, g.with(ds[1].Game), testLetter{ivanov, "2026-11-05 10:00", "Сдаюсь."}, Regulation{})
	if s := letterTo(t, d, ToWhite).Subject; !strings.Contains(s, "результат") {
		t.Errorf("the result to White: %s", s)
	}
	if s := letterTo(t, d, ToBlack).Subject; !strings.Contains(s, "result") {
		t.Errorf("the result to Black: %s", s)
	}
	if s := letterTo(t, d, ToJudge).Subject; !strings.Contains(s, "результат") {
		t.Errorf("the result to the judge: %s", s)
	}
}
