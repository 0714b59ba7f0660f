package main

import (
	"fmt"
	"postald/internal/reading"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/mailtest"
	"postald/internal/referee"
	"postald/internal/store"
)

// pairSheet is a double round robin of two players in Russian draughts, in Russian: games 1-2
// and 2-1, one of each colour.
func pairSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "integration"
variant = "russian"
start = %s
end = %s
language = "ru"
rounds = 2
address = %q
judge = %q
director = %q
[[player]]
number = 1
name = "Иванов Иван"
email = %q
[[player]]
number = 2
name = "Петров Пётр"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// sendAs puts a player's letter with its own Subject into the tournament's mailbox.
func (g *stackGame) sendAs(t *testing.T, user, subject, text, token string) {
	t.Helper()
	g.sendMIME(t, user, subject, "Content-Type: text/plain; charset=utf-8\r\n\r\n"+strings.ReplaceAll(text, "\n", "\r\n"), token)
}

// sendMIME puts a player's letter with its own Subject into the tournament's mailbox: its
// Content-Type field, the fields after it and its body as given.
func (g *stackGame) sendMIME(t *testing.T, user, subject, content, token string) {
	t.Helper()
	raw := "From: " + g.st.Address(user) + "\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: " + subject + "\r\nMessage-ID: <" + token + "@players.test>\r\nMIME-Version: 1.0\r\n" + content
	c := g.st.Dial(t, g.st.Tournament)
	cmd := c.Append(g.inbox, int64(len(raw)), &imap.AppendOptions{Time: g.now()})
	if _, err := cmd.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}

// pairAfterFirstMove starts the two players' tournament of pairSheet in the stack and has
// Ivanov's first move of game 1-2, on the first day, reach Petrov.
func pairAfterFirstMove(t *testing.T) *stackGame {
	t.Helper()
	g := startStackGameWith(t, t.TempDir(), pairSheet, true)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": ", 30*time.Second) // the start letters
	}
	g.at(t, 1)
	first := mailtest.Unique("first-")
	g.sendAs(t, g.white, g.code+" партия 1-2", "Мой ход: 1. c3-d4", first)
	g.st.WaitMessage(t, g.black, "INBOX", first, 30*time.Second)
	return g
}

// TestSeveralGamesThroughStack plays a letter about two games through the real Dovecot and
// Postfix: Petrov answers game 1-2 and moves first in game 2-1 in one letter, each under its
// heading, and announces his leave in a sentence. Each game is decided as its section says, each
// partner's letter carries his game's section alone, the leave stops Petrov's clock in both, the
// letter is archived once and listed with both games (`judge show`, `judge letter`), and the
// archive verifies.
func TestSeveralGamesThroughStack(t *testing.T) {
	g := pairAfterFirstMove(t)
	ivanov, petrov := g.white, g.black

	g.at(t, 3)
	token := mailtest.Unique("both-")
	leaveFrom, leaveTo := g.start.AddDate(0, 0, 40), g.start.AddDate(0, 0, 44)
	text := "Добрый день!\n\nПо партии 1-2:\nВаш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\n\n" +
		"По партии 2-1:\nМой ход: 1. g3-h4\n\n" +
		fmt.Sprintf("С %s по %s буду в отпуске.\n\nС уважением, Пётр", leaveFrom.Format("02.01"), leaveTo.Format("02.01"))
	g.sendAs(t, petrov, "Re: "+g.code+" партия 1-2", text, token)

	// Ivanov receives a forwarded move in each game, each with its own section only.
	forwards := map[string]string{}
	for _, game := range []string{"1-2", "2-1"} {
		m := g.st.WaitMessage(t, ivanov, "INBOX", g.code+" партия "+game+" ход 1", 30*time.Second)
		forwards[game] = bodyText(t, m.Raw)
		if got := m.Header("X-Postald-Game"); got != g.code+"/"+game {
			t.Errorf("the forward of game %s is headed %q", game, got)
		}
	}
	if f := forwards["1-2"]; !strings.Contains(f, "1... f6-g5") || strings.Contains(f, "1. g3-h4") {
		t.Errorf("the forward of game 1-2 does not hold its section alone:\n%s", f)
	}
	if f := forwards["2-1"]; !strings.Contains(f, "Мой ход: 1. g3-h4") || strings.Contains(f, "f6-g5") {
		t.Errorf("the forward of game 2-1 does not hold its section alone:\n%s", f)
	}
	for game, f := range forwards {
		if !strings.Contains(f, "в отпуске") {
			t.Errorf("the forward of game %s does not tell Ivanov of the leave:\n%s", game, f)
		}
	}

	load := func(name string) referee.Game {
		t.Helper()
		var gm referee.Game
		if err := g.db.View(func(tx *store.Tx) (err error) {
			gm, err = loadStored(tx, store.GameID{Tournament: g.code, Game: name})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return gm
	}
	g12, g21 := load("1-2"), load("2-1")
	if g12.MoveList()[len(g12.MoveList())-1] != "1... f6-g5" || g21.MoveList()[0] != "1. g3-h4" {
		t.Fatalf("the games after the letter: 1-2 %v, 2-1 %v", g12.MoveList(), g21.MoveList())
	}
	for name, gm := range map[string]referee.Game{"1-2": g12, "2-1": g21} {
		side := referee.Black
		if name == "2-1" {
			side = referee.White
		}
		if ls := gm.Clock(side).Leaves; len(ls) != 1 || ls[0].Days() != 5 {
			t.Errorf("game %s: Petrov's leave %v, want the five days he announced", name, ls)
		}
	}

	var v reading.GameView
	g.judgeJSON(t, &v, "show", "--json", g.code+"/2-1")
	var entry reading.LetterView
	for _, l := range v.Letters {
		if strings.HasPrefix(l.MessageID, token) {
			entry = l
		}
	}
	if entry.Seq == 0 || entry.Also != g.code+"/1-2" || entry.Verdict != "accepted" || entry.From == "" {
		t.Fatalf("judge show of game 2-1 lists the letter as %+v; want it accepted, archived with game 1-2", entry)
	}
	if text := g.judge(t, "letter", g.code+"/2-1", strconv.FormatUint(entry.Seq, 10)); !strings.Contains(text, "По партии 2-1:") {
		t.Errorf("judge letter of game 2-1 does not show the letter:\n%s", text)
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("archive: %v", err)
	}
}
