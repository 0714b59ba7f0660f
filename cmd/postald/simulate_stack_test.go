package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/google/go-cmp/cmp"

	"postald/internal/office"
	"postald/internal/store"
)

// sameGame is a game told as letters the way players write them: moves, a variant accepted by
// «вариант А», a question, a stopped letter, a protest that quotes its move, the move sent
// again, a draw offer and a resignation; a Russian tournament whose Black writes English. Each
// letter is sent on a day from the start date, at an hour.
var sameGame = []struct {
	black     bool
	day, hour int
	text      string
}{
	{false, 0, 10, "Мой ход: 1. c3-d4\nЕсли 1... f6-g5, то 2. g3-h4"},
	{true, 1, 18, "Received your 1. c3-d4.\nI accept variant A.\nMy move: 2... b6-a5"},
	{false, 2, 9, "Когда у меня контрольный срок?"},
	{true, 3, 9, "Received your 3. h4:f6.\nMy move: 3... eg5"},
	{true, 3, 19, "I protest against the stop: my move 3... e7:g5 was written correctly."},
	{true, 4, 11, "Received your 3. h4:f6.\nMy move: 3... e7:g5\nI offer a draw."},
	{false, 5, 20, "Сколько у меня дней?"},
	{false, 6, 8, "Сдаюсь."},
}

// sameSheet is the start sheet of the game, for the stack's players.
func sameSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "simulate is the daemon"
variant = "russian"
start = %s
end = %s
language = "ru"
address = %q
judge = %q
director = %q
[[player]]
number = 1
name = "Иванов Иван"
email = %q
[[player]]
number = 2
name = "Smith John"
email = %q
language = "en"
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// sameLetter writes letter i of sameGame as it reaches the tournament's mailbox, sent at.
func sameLetter(g *stackGame, i int, at time.Time) []byte {
	l := sameGame[i]
	user := g.white
	if l.black {
		user = g.black
	}
	return []byte("From: " + g.st.Address(user) + "\r\nTo: " + g.st.Address(g.st.Tournament) +
		"\r\nSubject: " + g.code + " партия 1-2\r\nDate: " + at.Format(time.RFC1123Z) +
		"\r\nMessage-ID: <same-" + fmt.Sprint(i+1) + "-" + g.code + "@players.test>" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(l.text, "\n", "\r\n") + "\r\n")
}

// decided is what one letter brought: its verdict and clauses, and the letters postald sent for
// it, each as "to | subject | text", every word but the hash its receipt quotes: that hash covers
// the archive's entry, and with it where the letter lay (the mailbox and its number there),
// which a replay has not.
type decided struct {
	Verdict, Clauses string
	Letters          []string
}

// readerText is a letter postald sent as its reader reads it, for the comparison.
func readerText(to []string, subject, text string) string {
	text = receiptHash.ReplaceAllString(strings.ReplaceAll(text, "\r\n", "\n"), "sha256:…")
	return strings.Join(to, ",") + " | " + subject + " | " + strings.TrimSpace(text)
}

// TestSimulateIsTheDaemon replays one game's letters twice: through the daemon, which reads them
// from the real Dovecot and sends its answers through the real Postfix, and through postald
// simulate, the office over a store in memory. Both decide every letter alike — the verdict,
// the clauses — and write the same answers to the same readers, word for word.
func TestSimulateIsTheDaemon(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), sameSheet, true)
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	var mbox bytes.Buffer
	var ids []string
	for i, l := range sameGame {
		s := g.start
		at := time.Date(s.Year(), s.Month(), s.Day()+l.day, l.hour, 0, 0, 0, loc)
		g.behind.Store(int64(time.Since(at)))
		raw := sameLetter(g, i, at)
		ids = append(ids, "same-"+fmt.Sprint(i+1)+"-"+g.code+"@players.test")
		c := g.st.Dial(t, g.st.Tournament)
		cmd := c.Append(g.inbox, int64(len(raw)), &imap.AppendOptions{Time: at})
		if _, err := cmd.Write(raw); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		c.Close()
		waitDecided(t, g, ids[i])
		fmt.Fprintf(&mbox, "From players %s\r\n%s\r\n", at.Format(time.ANSIC), raw)
	}

	// The daemon's decisions, as its store archived them: each letter received, then what it
	// sent for it.
	var daemon []decided
	err = g.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: g.code, Game: "1-2"}, 1, func(e store.ArchiveEntry) error {
			if e.Direction == store.In {
				daemon = append(daemon, decided{Verdict: e.Verdict, Clauses: e.Clause})
				return nil
			}
			if len(daemon) == 0 {
				return nil // the start letters
			}
			w, err := office.ReadWritten(e.Raw)
			if err != nil {
				return err
			}
			to := w.Header["To"]
			last := &daemon[len(daemon)-1]
			last.Letters = append(last.Letters, readerText(addresses(to), w.Subject, w.Text))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}

	// postald simulate of the same letters.
	var out bytes.Buffer
	if err := simulate(context.Background(), []byte(sameSheet(g)), mbox.Bytes(), &out, true); err != nil {
		t.Fatal(err)
	}
	var sim []decided
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l simLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		if l.N == 0 {
			continue // a tick, or a game's final line
		}
		d := decided{Verdict: string(l.Verdict), Clauses: strings.Join(l.Clauses, ",")}
		for _, w := range l.Letters {
			d.Letters = append(d.Letters, readerText(w.To, w.Subject, w.Text))
		}
		sim = append(sim, d)
	}
	if len(daemon) != len(sameGame) || len(sim) != len(sameGame) {
		t.Fatalf("the daemon decided %d letters, simulate %d; want %d", len(daemon), len(sim), len(sameGame))
	}
	for i := range sameGame {
		if len(daemon[i].Letters) == 0 || len(sim[i].Letters) == 0 {
			t.Errorf("letter %d %q: the daemon sent %d letters for it, simulate %d; every letter here is answered",
				i+1, sameGame[i].text, len(daemon[i].Letters), len(sim[i].Letters))
		}
		slices.Sort(daemon[i].Letters)
		slices.Sort(sim[i].Letters)
		if diff := cmp.Diff(daemon[i], sim[i]); diff != "" {
			t.Errorf("letter %d %q: the daemon (-) and simulate (+) differ:\n%s", i+1, sameGame[i].text, diff)
		}
	}
	// The game went the way its letters say, in both: what the test checks of either.
	want := []string{"accepted", "accepted", "notice", "rejected", "notice", "accepted", "notice", "notice"}
	for i, d := range sim {
		if d.Verdict != want[i] {
			t.Errorf("letter %d %q: %s, want %s:\n%s", i+1, sameGame[i].text, d.Verdict, want[i], strings.Join(d.Letters, "\n"))
		}
	}
}

// receiptHash is the hash a receipt quotes.
var receiptHash = regexp.MustCompile(`sha256:[0-9a-f]{64}`)

// addresses reads the addresses of To header values.
func addresses(values []string) []string {
	var out []string
	for _, v := range values {
		for _, a := range strings.Split(v, ",") {
			a = strings.TrimSpace(a)
			if i := strings.LastIndexByte(a, '<'); i >= 0 {
				a = strings.TrimSuffix(a[i+1:], ">")
			}
			if a != "" {
				out = append(out, a)
			}
		}
	}
	return out
}

// waitDecided waits until the daemon has decided the letter of Message-ID id.
func waitDecided(t *testing.T, g *stackGame, id string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		found := false
		_ = g.db.View(func(tx *store.Tx) error {
			return tx.ArchiveEntries(store.GameID{Tournament: g.code, Game: "1-2"}, 1, func(e store.ArchiveEntry) error {
				found = found || e.Direction == store.In && e.MessageID == id
				return nil
			})
		})
		if found {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the daemon did not decide the letter %s in 30 s", id)
}
