package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/golden"
	"postald/internal/langcheck"
	"postald/internal/phrase"
)

// clubSheet is a club's tournament in language %[1]q: its director and judge, a player by
// e-mail who writes in the tournament's language, one who writes English, and one who plays by
// post through the captain.
const clubSheet = `
[tournament]
code = %[2]q
name = %[3]q
variant = "russian"
start = 2026-11-02
end = 2027-11-01
language = %[1]q
address = "moves@club.test"
judge = "judge@club.test"
director = "director@club.test"
postal_address = "Турнирный секретарь, а/я 12\nТула\n300000"

[[player]]
number = 1
name = %[4]q
email = "ivanov@club.test"

[[player]]
number = 2
name = "Petrov Peter"
email = "petrov@club.test"
language = "en"

[[player]]
number = 3
name = %[5]q
channel = "post"
postal_address = "ул. Садовая, д. 5, кв. 2\nКалуга\n248000"
`

// clubTournament is the tournament of one language: its code, its name, its players' names
// and the letters its players write.
type clubTournament struct {
	lang, code, name, first, third string
	subject, move1, move2, card    string
	reason, lifted                 string
}

var clubTournaments = []clubTournament{
	{lang: "ru", code: "ЗК-1", name: "Первенство клуба", first: "Иванов Иван", third: "Сидоров Сидор",
		subject: "ЗК-1 партия %s", move1: "Турнир ЗК-1, партия %s.\nМой ход: 1. c3-d4\n",
		move2:  "Ivan,\n\nReceived your 1. c3-d4.\nMy move: 1... f6-g5\n\nPeter\n",
		card:   "Турнир ЗК-1, партия %s.\nВаш ход %s получил.\nМой ход: %s\nДаты: %s\n",
		reason: "ход партнёра не повторён", lifted: "протест удовлетворён"},
	{lang: "en", code: "ZC-1", name: "Club championship", first: "Ivanov Ivan", third: "Sidorov Sidor",
		subject: "ZC-1 game %s", move1: "Tournament ZC-1, game %s.\nMy move: 1. c3-d4\n",
		move2:  "Ivan,\n\nReceived your 1. c3-d4.\nMy move: 1... f6-g5\n\nPeter\n",
		card:   "Tournament ZC-1, game %s.\nReceived your %s.\nMy move: %s\nDates: %s\n",
		reason: "the partner's move not repeated", lifted: "protest upheld"},
}

// TestClubCommandLine: a club's tournament from its start sheet to its report, every command the
// director, the judge and the captain type, in each language, the command line's and the
// tournament's alike: what each prints is a golden file (testdata/club), and the Russian one
// holds no English word but what is typed (commands, flags, keys), the English player's name
// and the addresses; the English one no Cyrillic but the tournament's postal addresses.
func TestClubCommandLine(t *testing.T) {
	for _, c := range clubTournaments {
		t.Run(c.lang, func(t *testing.T) {
			tx := &phrase.For(c.lang).CLI
			ctx := context.Background()
			moscow := mustZone(t, "Europe/Moscow")
			dir := t.TempDir()
			r, err := startRig(ctx, dir, slog.New(slog.DiscardHandler), "club.test",
				[]string{"ivanov", "petrov", "judge", "director", "stranger"}, time.Date(2026, 11, 1, 10, 0, 0, 0, moscow))
			if err != nil {
				t.Fatal(err)
			}
			defer r.close()
			var b strings.Builder
			run := func(args ...string) string {
				t.Helper()
				out, code, err := runArgsIn(tx, throughDaemon(r.d), args...)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.settle(ctx); err != nil {
					t.Fatal(err)
				}
				if out != "" && !strings.HasSuffix(out, "\n") {
					t.Errorf("postald %s: the output does not end its last line: %q", strings.Join(args, " "), out)
				}
				fmt.Fprintf(&b, "$ postald %s\n%s", strings.Join(args, " "), out)
				if code != 0 {
					fmt.Fprintf(&b, "$? %d\n", code)
				}
				b.WriteString("\n")
				return out
			}
			sheet := filepath.Join(dir, "start.toml")
			if err := os.WriteFile(sheet, []byte(fmt.Sprintf(clubSheet, c.lang, c.code, c.name, c.first, c.third)), 0o600); err != nil {
				t.Fatal(err)
			}
			// The director's first sheet has two faults: each is named in the command line's
			// words with its key, by the dry run and by the registration alike.
			bad := filepath.Join(dir, "bad.toml")
			faulty := strings.Replace(strings.Replace(fmt.Sprintf(clubSheet, c.lang, c.code, c.name, c.first, c.third),
				"end = 2027-11-01", "end = 2026-10-01", 1), `email = "petrov@club.test"`, `email = "petrov.club.test"`, 1)
			empty := filepath.Join(dir, "empty.mbox")
			for file, text := range map[string]string{bad: faulty, empty: ""} {
				if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			simulateIn := func(args ...string) {
				var out, errOut strings.Builder
				err := runSimulate(ctx, &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, tx: tx}, args)
				fmt.Fprintf(&b, "$ postald simulate %s\n%s%s", strings.Join(args, " "), out.String(), errOut.String())
				if err != nil {
					fmt.Fprintf(&b, "postald simulate: %v\n$? 1\n", err)
				}
				b.WriteString("\n")
			}
			simulateIn("-sheet", bad, empty)
			run("tournament", "create", "-sheet", bad)
			simulateIn("-sheet", sheet, empty)
			run("tournament", "create", "-sheet", sheet)
			run("judge", "list")
			// The English player's game with the first: 1-2.
			if err := r.wait(ctx, time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)); err != nil {
				t.Fatal(err)
			}
			if _, err := r.send(ctx, "ivanov", fmt.Sprintf(c.subject, "1-2"), fmt.Sprintf(c.move1, "1-2"), 1); err != nil {
				t.Fatal(err)
			}
			if err := r.wait(ctx, time.Date(2026, 11, 4, 10, 0, 0, 0, moscow)); err != nil {
				t.Fatal(err)
			}
			if _, err := r.send(ctx, "petrov", fmt.Sprintf(c.subject, "1-2"), c.move2, 2); err != nil {
				t.Fatal(err)
			}
			// A stranger's letter is held, and nobody is told at once: the judge learns of it from
			// the daily digest (docs/director.md, "What postald sends").
			if _, err := r.readers["judge"].printNew(io.Discard); err != nil {
				t.Fatal(err)
			}
			if _, err := r.send(ctx, "stranger", fmt.Sprintf(c.subject, "1-2"), "My move: 2. g3-h4\n", 3); err != nil {
				t.Fatal(err)
			}
			for _, u := range []string{"judge", "stranger"} {
				if got, err := r.readers[u].printNew(io.Discard); err != nil || len(got) > 0 {
					t.Errorf("a stranger's letter was told at once to %s: %v %v", u, got, err)
				}
			}
			run("judge", "quarantine")
			// The first player moves against the player by post (3-1: the postal player has White).
			if err := r.wait(ctx, time.Date(2026, 11, 5, 10, 0, 0, 0, moscow)); err != nil {
				t.Fatal(err)
			}
			// A day after it: the digest names it to the judge (the daemon's timer writes it
			// when it wakes up next).
			var judge strings.Builder
			digest := fmt.Sprintf(phrase.For(c.lang).Office.Digest.Subject, 1)
			err = poll(ctx, "the digest", func() (bool, error) {
				r.d.Kick()
				if err := r.settle(ctx); err != nil {
					return false, err
				}
				_, err := r.readers["judge"].printNew(&judge)
				return strings.Contains(judge.String(), digest), err
			})
			if err != nil || !strings.Contains(judge.String(), "stranger@club.test") {
				t.Errorf("a day after the stranger's letter the judge has no digest %q naming it (%v):\n%s", digest, err, judge.String())
			}
			run("cards")
			run("cards", "-posted", "2026-11-05", "3")
			if err := r.wait(ctx, time.Date(2026, 11, 12, 10, 0, 0, 0, moscow)); err != nil {
				t.Fatal(err)
			}
			card := filepath.Join(dir, "card.txt")
			write := func(text string) {
				if err := os.WriteFile(card, []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			// The card states its reply sent before the move it answers was received.
			write(fmt.Sprintf(c.card, "3-1", "", "1. c3-d4", "05.11.2026 / 09.11.2026 / 08.11.2026"))
			run("card", "-game", "3-1", "-from", "3", "-received", "2026-11-11", card)
			// The postmark after the day the card was received.
			run("card", "-game", "3-1", "-from", "3", "-postmark", "2026-11-12", "-received", "2026-11-11", card)
			// Entered with its postmark: the postmark counts (4.3.1).
			run("card", "-game", "3-1", "-from", "3", "-postmark", "2026-11-09", "-received", "2026-11-11", card)
			run("cards")
			run("judge", "penalty", "1-2", "black", "2", "-clause", "4.2.11", "-reason", c.reason)
			run("judge", "penalty", "1-2", "black", "-2", "-clause", "4.1.12", "-reason", c.lifted)
			run("judge", "list")
			run("judge", "show", "1-2")
			run("judge", "letter", "1-2", "1")
			run("judge", "verify", "1-2")
			run("judge", "verify")
			run("judge", "penalty", "1-2", "black")
			run("judge", "correct-date", "1-2", "black", "-1", "-clause", "4.3.1", "-reason", c.lifted)
			run("judge", "leave", "1-2", "white", "2026-12-01", "2026-12-10", "-clause", "4.1.3", "-reason", c.lifted)
			run("judge", "protest", "1-2", "-reason", c.lifted)
			run("judge", "letter", "quarantine", "1")
			run("judge", "revert", "1-2", "4", "-clause", "4.1.7", "-reason", c.lifted)
			run("judge", "annul", "2-3", "-clause", "4.1.7", "-reason", c.lifted)
			run("judge", "withdraw", "3", "-reason", c.lifted)
			run("judge", "show", "3-1")
			run("cards", "-print", filepath.Join(dir, "print"))
			run("report", "-tournament", c.code)
			run("report", "-send")
			run("backup", filepath.Join(dir, "copy.db"))
			run("archive", "-list")
			run("prune")

			got := strings.ReplaceAll(b.String(), dir, "DIR")
			got = sha.ReplaceAllString(got, "${1}…")
			got = messageID.ReplaceAllString(got, "${1}…@")
			got = backupSize.ReplaceAllString(got, "${1}…,") // the store's pages vary in number
			// The outbox numbers the letters as they are written, the judge's daily digest among
			// them, whenever the daemon's timer writes it.
			got = outboxSeq.ReplaceAllString(got, "${1}…${2}")
			golden.Text(t, filepath.Join("testdata", "club", "session."+c.lang+".txt"), got)
			checkLanguage(t, c.lang, got, "Petrov", "Peter", "Ivan", "Received", "your", "My", "move")
		})
	}
}

// messageID shortens the Message-IDs of postald's letters, which name the store they came from.
var messageID = regexp.MustCompile(`(postald\.)[0-9]+\.[0-9a-f]{16}@`)

// outboxSeq is a card's number in the outbox, as postald cards lists and prints it.
var outboxSeq = regexp.MustCompile(`(?m)(^#|card-|\+ #)[0-9]+(  |\.pdf)`)

// backupSize is the size of the copy of the store backup writes.
var backupSize = regexp.MustCompile(`(copy\.db: )[0-9]+ [^,]+,`)

// sha shortens the digests, which change with every byte of the store.
var sha = regexp.MustCompile(`(sha256:?\s*|SHA-256:?\s+)[0-9a-f]{16,}`)

// checkLanguage fails the test for every line of out that speaks another language than lang: an
// English word in a Russian text (langcheck.Command: what is typed, the addresses and extra
// stay), a Cyrillic word in an English one but in the lines that quote what a Russian wrote.
func checkLanguage(t *testing.T, lang, out string, extra ...string) {
	t.Helper()
	letter := false // in a letter as judge letter prints it: its header and text as written
	for i, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "$ postald"), strings.HasPrefix(line, "$? "):
			letter = false
			continue // the command as typed, its exit status
		case strings.HasPrefix(line, "── "):
			letter = true
		}
		if letter {
			continue
		}
		switch lang {
		case "ru":
			if bad := langcheck.Command(line, extra...); len(bad) > 0 {
				t.Errorf("line %d holds English %q: %s", i+1, bad, line)
			}
		default:
			if cyrillic.MatchString(line) && !quoting.MatchString(line) {
				t.Errorf("line %d holds Cyrillic: %s", i+1, line)
			}
		}
	}
}

var (
	cyrillic = regexp.MustCompile(`[\p{Cyrillic}]`)
	// quoting are the lines of an English text that may quote Russian: a tournament's postal
	// address, a name of the Russian start sheet.
	quoting = regexp.MustCompile(`Садовая|Тула|Калуга|секретарь`)
)

// TestClubAdministration: what the administrator and the judge meet before a tournament, in the
// configuration's [cli] language (the locale says English): postald help and a command's usage,
// read from the configuration alone, a mistyped command, check-config on files others may read
// and a [trust] not set, then on a configuration in order. Golden files (testdata/club), the
// Russian one without an English word but what is typed.
func TestClubAdministration(t *testing.T) {
	t.Setenv("LANG", "C.UTF-8")
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			dir := t.TempDir()
			pass := writeFile(t, filepath.Join(dir, "imap.pass"), "secret\n", 0o644)
			cfg := fmt.Sprintf("[store]\npath = %q\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\nusername = \"moves\"\npassword_file = %q\n"+
				"[smtp]\naddress = \"127.0.0.1:1587\"\ntls = \"none\"\nfrom = \"Secretary <moves@club.test>\"\n[control]\nsocket = %q\n[cli]\nlanguage = %q\n",
				filepath.Join(dir, "postald.db"), pass, filepath.Join(dir, "run", "control.sock"), lang)
			bad := writeFile(t, filepath.Join(dir, "bad.toml"), cfg, 0o644)
			good := writeFile(t, filepath.Join(dir, "postald.toml"), cfg+"[trust]\nfrom_only = true\n", 0o600)
			var b strings.Builder
			for _, args := range [][]string{
				{"-config", good, "help"},
				{"-config", good, "judge", "-h"},
				{"card", "-h", "-config", good},
				{"-config", good, "tournament", "create", "-h"},
				{"-config", good, "judge", "nonsense"},
				{"-config", good, "check-config", "-offline"},
				{"-config", bad, "check-config", "-offline"},
			} {
				code, out, errOut := runLine(args...)
				fmt.Fprintf(&b, "$ postald %s\n%s%s", strings.Join(args, " "), out, errOut)
				if code != 0 {
					fmt.Fprintf(&b, "$? %d\n", code)
				}
				b.WriteString("\n")
			}
			if err := os.Chmod(pass, 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runLine("-config", good, "check-config", "-offline")
			fmt.Fprintf(&b, "$ postald -config %s check-config -offline\n%s%s", good, out, errOut)
			if code != 0 {
				t.Errorf("check-config of a configuration in order: exit %d\n%s%s", code, out, errOut)
			}
			got := strings.ReplaceAll(b.String(), dir, "DIR")
			golden.Text(t, filepath.Join("testdata", "club", "admin."+lang+".txt"), got)
			checkLanguage(t, lang, got)
		})
	}
}
