package referee

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"postald/internal/endgame"
	"postald/internal/golden"
	"postald/internal/tablebase"
)

// testEndgames is the database of the tests: Russian three kings against a king and what it
// depends on, as postald endgame build writes it (package tablebase checks the files against a
// build of its own).
var testEndgames = sync.OnceValue(func() Endgames {
	return tablebase.OpenDirectory(filepath.Join("..", "tablebase", "testdata", "db"))
})

// The positions of the tests, White to move.
const (
	loneOnRoad = "W:WKc1,Ke1,Kg1:BKa1" // the lone king holds the main road: a draw
	petrovPos  = "W:WKa1,Kc1,Ke1:BKf8" // Petrov's position: White wins in 11 moves, beyond 2.6's 5
	quickWin   = "W:WKe1,Kf2,Kh2:BKa7" // White wins in 3 moves, inside every limit
)

// endgameSeat is game 1-2 of the test tournament begun from setup (drawn by lot), the
// database at hand unless none, under endgame_claims policy.
func endgameSeat(setup, policy string, none bool) Seat {
	t := testTable("russian")
	if !none {
		t.Endgames = testEndgames()
	}
	t.Regulation.EndgameClaims = policy
	g := t.NewGame("1-2")
	g.Setup = setup
	return Seat{Table: t, Game: g}
}

func TestSettle(t *testing.T) {
	for _, c := range []struct {
		setup   string
		verdict endgame.Verdict
		moves   int
		rules   endgame.Verdict
		certain bool
		ru, en  string
	}{
		{loneOnRoad, endgame.Draw, 0, endgame.Draw, true, "Ничья при лучшей игре", "A draw with best play"},
		{petrovPos, endgame.Win, 11, endgame.Draw, false, "Белые выигрывают за 11 ходов при лучшей игре; по п. 2.6 ничья: раньше истекает предел в 5 ходов (окончание против одинокой дамки) в главном варианте",
			"White wins in 11 moves with best play; under 2.6 a draw: the limit of 5 moves (an ending against a lone king) falls due first on the principal line"},
		{quickWin, endgame.Win, 3, endgame.Win, true, "Белые выигрывают за 3 хода при лучшей игре; по п. 2.6 выигрыш в силе.", "White wins in 3 moves with best play; under 2.6 the win stands."},
	} {
		st := endgameSeat(c.setup, EndgameClaimsJudge, false)
		s, err := st.Settle()
		if err != nil {
			t.Fatal(err)
		}
		if !s.Held || s.Value.Verdict != c.verdict || s.Value.Moves() != c.moves || s.Check.Verdict != c.rules || s.Check.Certain != c.certain {
			t.Errorf("%s: %+v", c.setup, s)
		}
		if ru := s.Words("ru"); !strings.Contains(ru, c.ru) || !strings.Contains(ru, "Главный вариант: 1. ") {
			t.Errorf("%s in Russian: %s", c.setup, ru)
		}
		if en := s.Words("en"); !strings.Contains(en, c.en) || !strings.Contains(en, "Principal line: 1. ") {
			t.Errorf("%s in English: %s", c.setup, en)
		}
	}
	// No database at hand, and a position beyond its reach.
	s, _ := endgameSeat(petrovPos, EndgameClaimsJudge, true).Settle()
	if s.Held || s.Words("en") != "no endgame database is at hand; the position has 4 pieces" {
		t.Errorf("no database: %+v %q", s, s.Words("en"))
	}
	full := testGame("russian")
	full.Table.Endgames = testEndgames()
	if s, _ := full.Settle(); s.Held || s.Words("ru") != "в базе окончаний нет оценки этой позиции из 24 шашек" {
		t.Errorf("the start: %+v %q", s, s.Words("ru"))
	}
}

// TestTablebaseClaims decides the claims by letter: to the judge, ended at once under auto,
// contradicted, not held, unclear, and with a move.
func TestTablebaseClaims(t *testing.T) {
	type want struct {
		verdict Verdict
		status  Status
		result  Result
		letters string // roles, in order
		sender  string // in the sender's letter
		moves   string
		clauses string
	}
	for _, c := range []struct {
		name   string
		setup  string
		policy string
		none   bool
		letter testLetter
		want   want
	}{
		{"draw to the judge", loneOnRoad, EndgameClaimsJudge, false, testLetter{petrov, "2026-11-02 10:00", "Позиция в базе окончаний: ничья."},
			want{Notice, StatusPlaying, ResultNone, "black white judge", "передано судье", "", "2.6"}},
		{"a draw claim in English", loneOnRoad, EndgameClaimsJudge, false, testLetter{petrov, "2026-11-02 10:00", "Tablebase draw claim."},
			want{Notice, StatusPlaying, ResultNone, "black white judge", "передано судье", "", "2.6"}},
		{"a draw claim with «требую»", loneOnRoad, EndgameClaimsJudge, false, testLetter{petrov, "2026-11-02 10:00", "Требую признать ничью по базе окончаний."},
			want{Notice, StatusPlaying, ResultNone, "black white judge", "передано судье", "", "2.6"}},
		{"draw ended at once", loneOnRoad, EndgameClaimsAuto, false, testLetter{petrov, "2026-11-02 10:00", "Позиция в базе окончаний: ничья."},
			want{Notice, StatusFinished, ResultDraw, "white black judge", "", "", "2.6"}},
		{"a long win to the judge", petrovPos, EndgameClaimsAuto, false, testLetter{ivanov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш."},
			want{Notice, StatusPlaying, ResultNone, "white black judge", "передано судье", "", "2.6"}},
		{"the limit claimed by the loser", petrovPos, EndgameClaimsAuto, false, testLetter{petrov, "2026-11-02 10:00", "Позиция в базе окончаний: ничья."},
			want{Notice, StatusPlaying, ResultNone, "black white judge", "передано судье", "", "2.6"}},
		{"contradicted", petrovPos, EndgameClaimsAuto, false, testLetter{petrov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш."},
			want{Notice, StatusPlaying, ResultNone, "black", "не подтверждает", "", "2.6"}},
		{"a quick win ended at once", quickWin, EndgameClaimsAuto, false, testLetter{ivanov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш."},
			want{Notice, StatusFinished, ResultWhite, "white black judge", "", "", "2.6"}},
		{"no database", quickWin, EndgameClaimsAuto, true, testLetter{ivanov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш."},
			want{Notice, StatusPlaying, ResultNone, "white", "базы окончаний нет", "", ""}},
		{"unclear", quickWin, EndgameClaimsAuto, false, testLetter{ivanov, "2026-11-02 10:00", "Требую признать результат по базе окончаний."},
			want{Notice, StatusPlaying, ResultNone, "white", "не сказано какой", "", ""}},
		{"contradicted with a move", loneOnRoad, EndgameClaimsAuto, false, testLetter{ivanov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш.\nМой ход: 1. c1-d2"},
			want{Accepted, StatusPlaying, ResultNone, "black white", "не подтверждает", "1. c1-d2", "2.6"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := endgameSeat(c.setup, c.policy, c.none)
			d := send(t, st, c.letter, st.Table.Regulation)
			var roles []string
			sender := ""
			for _, l := range d.Letters {
				roles = append(roles, roleName(l.Role))
				if l.To == c.letter.from.Email {
					sender = l.Body
				}
			}
			got := want{d.Verdict, d.Game.Status, d.Game.Result, strings.Join(roles, " "), c.want.sender, strings.Join(d.Moves, " "), strings.Join(d.Clauses, ",")}
			if got != c.want || !strings.Contains(sender, c.want.sender) || strings.Contains(sender, textFor("ru").ClaimInvalid) {
				t.Errorf("got %+v, want %+v\nthe sender's letter:\n%s", got, c.want, sender)
			}
			if c.want.status == StatusFinished && d.Game.Reason != ReasonTablebase {
				t.Errorf("reason %q", d.Game.Reason)
			}
		})
	}
}

func roleName(r Role) string {
	switch r {
	case ToWhite:
		return "white"
	case ToBlack:
		return "black"
	case ToJudge:
		return "judge"
	}
	return string(r)
}

// TestGoldenTablebase renders the letters of a claim sent to the judge, of a game ended at once
// and of the judge's adjudication package, in both languages.
func TestGoldenTablebase(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		for _, c := range []struct {
			name, setup, policy string
			letter              testLetter
		}{
			{"tablebase-judge", petrovPos, EndgameClaimsJudge, testLetter{petrov, "2026-11-02 10:00", "Позиция в базе окончаний: ничья."}},
			{"tablebase-auto", quickWin, EndgameClaimsAuto, testLetter{ivanov, "2026-11-02 10:00", "tablebase win claim"}},
			{"tablebase-contradicted", loneOnRoad, EndgameClaimsAuto, testLetter{ivanov, "2026-11-02 10:00", "Позиция в базе окончаний: выигрыш."}},
		} {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				st := endgameSeat(c.setup, c.policy, false)
				st.Table.Language = lang
				d := send(t, st, c.letter, st.Table.Regulation)
				golden.Text(t, filepath.Join("testdata", "golden", lang, c.name+".txt"), writeLetters(d.Letters))
			})
		}
		t.Run(lang+"/adjudication-package", func(t *testing.T) {
			st := endgameSeat(petrovPos, EndgameClaimsJudge, false)
			st.Table.Language = lang
			st.Status = StatusAdjudication
			asked := time.Date(2027, 11, 1, 9, 0, 0, 0, moscow)
			subject, body := Package{Asked: asked, Due: day("2027-11-11")}.Letter(st, 2)
			golden.Text(t, filepath.Join("testdata", "golden", lang, "adjudication-package.txt"), subject+"\n\n"+body)
		})
	}
}
