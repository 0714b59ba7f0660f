package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestTablebaseClaimThroughStack: a tournament whose game starts, drawn by lot, from three
// kings against one that White wins in 3 moves, under endgame_claims = "auto"; White's claim
// «позиция в базе окончаний: выигрыш» goes through the real Dovecot (IMAP) and Postfix
// (submission): the game ends at once, both players and the judge find the result with the
// clause and the line in their mailboxes, and the game is stored won.
func TestTablebaseClaimThroughStack(t *testing.T) {
	dbDir := endgameFixture(t)
	sheet := func(g *stackGame) string {
		st := g.st
		return fmt.Sprintf(`
[tournament]
code = %q
name = "endings"
variant = "russian"
start = %s
end = %s
address = %q
judge = %q
director = %q
[regulation]
endgame_claims = "auto"
[lots]
openings = "list"
[[lots.line]]
name = "Три дамки"
fen = "W:WKe1,Kf2,Kh2:BKa7"
[[player]]
number = 1
name = "Белов"
email = %q
[[player]]
number = 2
name = "Чернов"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
			st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
	}
	g := startStackGameWith(t, t.TempDir(), sheet, false, func(c *config.Config) { c.Endgame.Dir = dbDir })
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": начало турнира", 30*time.Second)
	}
	token := mailtest.Unique("claim-")
	g.send(t, g.white, "Позиция в базе окончаний: выигрыш.\n", token, 1)
	want := []string{"Партия окончена по базе окончаний", "Белые выигрывают за 3 хода", "по п. 2.6 выигрыш в силе",
		"Главный вариант: 1. f2-g1 a7-b8 2. g1-a7 b8-c7 3. h2:b8", "Результат: 1-0"}
	for _, u := range []string{g.white, g.black, "judge"} {
		m := g.st.WaitMessage(t, u, "INBOX", token, 30*time.Second)
		text := bodyText(t, m.Raw)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s's letter lacks %q:\n%s", u, w, text)
			}
		}
		if c := m.Header("X-Postald-Clause"); c != "2.6" {
			t.Errorf("%s's letter: X-Postald-Clause %q", u, c)
		}
	}
	err := g.db.View(func(tx *store.Tx) error {
		st, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		if err == nil && (st.Status != referee.StatusFinished || st.Result != referee.ResultWhite || st.Reason != referee.ReasonTablebase) {
			t.Errorf("the game is %s %s (%s)", st.Status, st.Result, st.Reason)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
