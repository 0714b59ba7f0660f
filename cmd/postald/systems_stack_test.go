package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postald/internal/mailtest"
	"postald/internal/mailwrite"
)

// teamStackSheet is a match of two teams of two boards among the stack's players: Нева (alice,
// bob), captain erin, who does not play; Волга (carol, dave), captained by carol, its board 1.
func teamStackSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "Матч клубов"
variant = "russian"
start = %s
end = %s
address = %q
judge = %q
director = %q
system = "team-round-robin"

[[team]]
name = "Нева"
captain = %q
boards = [1, 2]

[[team]]
name = "Волга"
captain = %q
boards = [3, 4]

[[player]]
number = 1
name = "Алиса"
email = %q
[[player]]
number = 2
name = "Борис"
email = %q
[[player]]
number = 3
name = "Карина"
email = %q
[[player]]
number = 4
name = "Денис"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address("erin"), st.Address("carol"),
		st.Address("alice"), st.Address("bob"), st.Address("carol"), st.Address("dave"))
}

// sendAbout puts user's letter about game into the tournament's mailbox; token goes into its
// Message-ID, and postald's answer is found by it.
func (g *stackGame) sendAbout(t *testing.T, user, game, text, token string) {
	t.Helper()
	raw := "From: " + g.st.Address(user) + "\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: " + g.code + " партия " + game + "\r\nMessage-ID: <" + token + "@players.test>" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n") + "\r\n"
	c := g.st.Dial(t, g.st.Tournament)
	defer c.Close()
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
	g.st.WaitMessage(t, user, "INBOX", token, 30*time.Second)
}

// waitSubject polls user's mailbox for a letter of postald's whose subject is subject, and
// returns its text.
func waitSubject(t *testing.T, st *mailtest.Stack, user, subject string, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, m := range st.Messages(t, user, "INBOX") {
			if w, err := mailwrite.Read(m.Raw); err == nil && w.Subject == subject {
				return w.Text
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no letter %q in %s's mailbox after %v", subject, user, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestTeamMatchThroughStack plays a team match by letters through the real Dovecot and Postfix:
// the start letters give every player his team, board and colour by the first board (1.14.3);
// when the match's last game ends both captains — one who does not play, one who does — find
// the match's result in their mailboxes (1.14.7); and the director's report, asked through the
// control socket, shows the team standings with the score.
func TestTeamMatchThroughStack(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), teamStackSheet, false)
	start := g.code + ": начало турнира «Матч клубов»"
	for user, want := range map[string]string{
		"alice": "партия 1-3: Вы играете белыми на 1-й доске",
		"bob":   "партия 4-2: Вы играете чёрными на 2-й доске",
		"carol": "партия 1-3: Вы играете чёрными на 1-й доске",
		"dave":  "партия 4-2: Вы играете белыми на 2-й доске",
	} {
		if text := waitSubject(t, g.st, user, start, 30*time.Second); !strings.Contains(text, want) {
			t.Errorf("the start letter to %s lacks %q:\n%s", user, want, text)
		}
	}
	head := "Турнир " + g.code + ", партия %s.\n"
	g.sendAbout(t, "alice", "1-3", fmt.Sprintf(head, "1-3")+"Мой ход: 1. c3-d4", mailtest.Unique("t1-"))
	g.sendAbout(t, "carol", "1-3", fmt.Sprintf(head, "1-3")+"Ваш ход 1. c3-d4 получил. Сдаюсь.", mailtest.Unique("t2-"))
	g.sendAbout(t, "dave", "4-2", fmt.Sprintf(head, "4-2")+"Мой ход: 1. c3-d4\nПредлагаю ничью.", mailtest.Unique("t3-"))
	g.sendAbout(t, "bob", "4-2", fmt.Sprintf(head, "4-2")+"Ваш ход 1. c3-d4 получил. Принимаю ничью.", mailtest.Unique("t4-"))

	subject := g.code + ": матч Нева – Волга"
	for user, team := range map[string]string{"erin": "Нева", "carol": "Волга"} {
		text := waitSubject(t, g.st, user, subject, 30*time.Second)
		for _, want := range []string{"Капитану команды «" + team + "».", "матч «Нева» – «Волга» закончен со счётом 1½:½.",
			"1-3  доска 1  Алиса – Карина  1-0", "4-2  доска 2  Денис – Борис  1/2-1/2"} {
			if !strings.Contains(text, want) {
				t.Errorf("the captain %s's letter lacks %q:\n%s", user, want, text)
			}
		}
	}
	var out bytes.Buffer
	code, err := controlCall(g.cfg.Control.Socket, []string{"report", "-tournament", g.code}, &out)
	if err != nil || code != 0 {
		t.Fatalf("report through the control socket: code %d, %v: %s", code, err, out.String())
	}
	report := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{"Командная таблица", "1 1 Нева X 1½ 1½ 2 1 0 0", "2 2 Волга ½ X ½ 0 0 0 1", "1 1 Нева Волга 1½:½ 2/2"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// knockoutStackSheet is a knockout of three of the stack's players: Алиса, seed 1, has a bye in
// round 1; Борис and Карина play the other semi-final. Ties go by lot (the default).
func knockoutStackSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "Кубок клуба"
variant = "russian"
start = %s
end = %s
address = %q
judge = %q
director = %q
system = "knockout"

[[player]]
number = 1
name = "Алиса"
email = %q
[[player]]
number = 2
name = "Борис"
email = %q
[[player]]
number = 3
name = "Карина"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address("alice"), st.Address("bob"), st.Address("carol"))
}

// TestKnockoutThroughStack plays a knockout of three by letters through the real Dovecot and
// Postfix: the start letters say the system, the player's first pairing or his bye, and the hash
// of the seed of the tie lots; the letter that ends the semi-final sends both players of the final
// their letter of round 2; the letter that ends the final sends everyone, the judge and the
// director the winner with the bracket, and reveals the seed whose SHA-256 the start letters gave;
// the director's report, asked through the control socket, shows the bracket.
func TestKnockoutThroughStack(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), knockoutStackSheet, false)
	start := g.code + ": начало турнира «Кубок клуба»"
	var hash string
	for user, want := range map[string]string{
		"alice": "В 1-м туре у Вас нет встречи",
		"bob":   "партия 2-3: Вы играете белыми, партнёр 3. Карина",
		"carol": "партия 2-3: Вы играете чёрными, партнёр 2. Борис",
	} {
		text := waitSubject(t, g.st, user, start, 30*time.Second)
		if !strings.Contains(text, want) || !strings.Contains(text, "олимпийской системе") {
			t.Errorf("the start letter to %s lacks %q or the system:\n%s", user, want, text)
		}
		_, after, _ := strings.Cut(text, "SHA-256 этого ключа:")
		if fields := strings.Fields(after); len(fields) > 0 {
			if hash != "" && fields[0] != hash {
				t.Errorf("the start letters give two hashes: %s and %s", hash, fields[0])
			}
			hash = fields[0]
		}
	}
	if len(hash) != 64 {
		t.Fatalf("no hash of the seed in the start letters: %q", hash)
	}
	head := "Турнир " + g.code + ", партия %s.\n"
	g.sendAbout(t, "bob", "2-3", fmt.Sprintf(head, "2-3")+"Мой ход: 1. c3-d4", mailtest.Unique("k1-"))
	g.sendAbout(t, "carol", "2-3", fmt.Sprintf(head, "2-3")+"Ваш ход 1. c3-d4 получил. Сдаюсь.", mailtest.Unique("k2-"))
	round2 := g.code + ": тур 2"
	for user, want := range map[string]string{"alice": "Партия 1-2: Вы играете белыми, партнёр 2. Борис", "bob": "Партия 1-2: Вы играете чёрными, партнёр 1. Алиса"} {
		if text := waitSubject(t, g.st, user, round2, 30*time.Second); !strings.Contains(text, want) || !strings.Contains(text, "(финал)") {
			t.Errorf("the letter of the final to %s lacks %q:\n%s", user, want, text)
		}
	}
	g.sendAbout(t, "alice", "1-2", fmt.Sprintf(head, "1-2")+"Сдаюсь.", mailtest.Unique("k3-"))
	won := g.code + ": победитель"
	for _, user := range []string{"alice", "bob", "carol", "judge", "director"} {
		text := waitSubject(t, g.st, user, won, 30*time.Second)
		for _, want := range []string{"Победитель — 2 Борис.", "финал", "2-3 1-0", "1-2 0-1"} {
			if !strings.Contains(text, want) {
				t.Errorf("the letter of the winner to %s lacks %q:\n%s", user, want, text)
			}
		}
	}
	revealed := waitSubject(t, g.st, "carol", g.code+": ключ жеребьёвки раскрыт", 30*time.Second)
	if !strings.Contains(revealed, hash) {
		t.Errorf("the letter that reveals the seed does not give the hash the start letters gave:\n%s", revealed)
	}
	var out bytes.Buffer
	code, err := controlCall(g.cfg.Control.Socket, []string{"report", "-tournament", g.code}, &out)
	if err != nil || code != 0 {
		t.Fatalf("report through the control socket: code %d, %v: %s", code, err, out.String())
	}
	report := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{"Финал решён: победитель — 2 Борис.", "Сетка", "полуфинал 1 1 Алиса 1 Алиса без игры", "полуфинал 2 2 Борис 3 Карина 1–0 2-3 1-0 2 Борис выигрыш",
		"финал 1 1 Алиса 2 Борис 0–1 1-2 0-1 2 Борис выигрыш"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
