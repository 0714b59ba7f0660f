package main

import (
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/golden"
	"postald/internal/office"
	"postald/internal/store"
)

// speakSheet is a Russian tournament with a player by post, for the commands about it.
const speakSheet = `
[tournament]
code = "ЗК-7"
name = "Заочный кубок"
variant = "russian"
start = 2026-11-02
end = 2027-11-01
address = "moves@club.test"
judge = "judge@club.test"
director = "director@club.test"
postal_address = "Турнирный секретарь, а/я 12\nТула\n300000"

[[player]]
number = 1
name = "Иванов Иван"
email = "ivanov@club.test"

[[player]]
number = 2
name = "Сидоров Сидор"
channel = "post"
postal_address = "ул. Садовая, д. 5, кв. 2\nКалуга\n248000"
`

// TestCommandSpeaksTournament: on a server whose locale says nothing (C) and a configuration
// without [cli] language, the commands about a Russian tournament speak Russian — judge list's
// and judge quarantine's headings around its rows, judge show, judge letter, the cards — and the
// held letter's time is the tournament's (Moscow), not the server's; with [cli] language = "en"
// they speak English. Golden files of both, the first without an English word but what is typed.
func TestCommandSpeaksTournament(t *testing.T) {
	dir := t.TempDir()
	moscow := mustZone(t, "Europe/Moscow")
	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	from := mail.Address{Address: "moves@club.test"}
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)
	if _, err := office.CreateTournament(db, from, []byte(speakSheet), at); err != nil {
		t.Fatal(err)
	}
	o := office.New(office.Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true},
		Now: func() time.Time { return at.Add(time.Hour) }})
	stranger := "From: stranger@else.test\r\nTo: moves@club.test\r\nSubject: ЗК-7 партия 1-2\r\nDate: " + at.Format(time.RFC1123Z) +
		"\r\nMessage-ID: <held.1@else.test>\r\n\r\nМой ход: 1. c3-d4\r\n"
	if err := o.Letter(office.Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, InternalDate: at.Add(time.Hour),
		Size: int64(len(stranger)), Raw: []byte(stranger)}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	pass := writeFile(t, filepath.Join(dir, "imap.pass"), "secret\n", 0o600)
	t.Setenv("TZ", "UTC")
	for _, c := range []struct{ name, cli string }{{"ru", ""}, {"en", "[cli]\nlanguage = \"en\"\n"}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := writeFile(t, filepath.Join(dir, c.name+".toml"), fmt.Sprintf("[store]\npath = %q\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n"+
				"username = \"moves\"\npassword_file = %q\n[smtp]\naddress = \"127.0.0.1:1587\"\ntls = \"none\"\nfrom = \"moves@club.test\"\n"+
				"[control]\nsocket = %q\n[trust]\nfrom_only = true\n%s", filepath.Join(dir, "postald.db"), pass, filepath.Join(dir, "none.sock"), c.cli), 0o600)
			var b strings.Builder
			for _, args := range [][]string{
				{"judge", "list"}, {"judge", "show", "1-2"}, {"judge", "quarantine"}, {"judge", "letter", "quarantine", "1"}, {"cards"},
			} {
				code, out, errOut := runLine(append([]string{"-config", cfg}, args...)...)
				fmt.Fprintf(&b, "$ postald %s\n%s%s", strings.Join(args, " "), out, errOut)
				if code != 0 {
					fmt.Fprintf(&b, "$? %d\n", code)
				}
				b.WriteString("\n")
			}
			got := strings.ReplaceAll(b.String(), dir, "DIR")
			got = messageID.ReplaceAllString(got, "${1}…@")
			got = sha.ReplaceAllString(got, "${1}…")
			golden.Text(t, filepath.Join("testdata", "club", "speak."+c.name+".txt"), got)
			// The sheet's own words (the code, the names, an address) and the card's subject as
			// its Russian reader gets it are quoted in either language.
			quoted := got
			if c.name == "en" {
				quoted = strings.NewReplacer("ЗК-7: начало турнира «Заочный кубок»", "", "ЗК-7", "Z", "Иванов Иван", "I",
					"Сидоров Сидор", "S", "ул. Садовая, д. 5, кв. 2, Калуга", "").Replace(got)
			}
			checkLanguage(t, c.name, quoted, "else.test")
			if !strings.Contains(got, "11:00") {
				t.Errorf("the held letter's time is not Moscow's 11:00:\n%s", got)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "none.sock")); err == nil {
		t.Error("a control socket appeared")
	}
}

// TestRulingsSpeakTournament: on a server whose locale says nothing (C) and a configuration
// without [cli] language, registering a Russian tournament and the judge's rulings on its games
// (a penalty and its removal, a decision on a protest, an annulment) and the check of a
// knockout's lot (lots verify) answer in Russian; with
// [cli] language = "en", in English. Golden files of both, the first without an English word
// but what is typed.
func TestRulingsSpeakTournament(t *testing.T) {
	t.Setenv("TZ", "UTC")
	for _, c := range []struct{ name, cli string }{{"ru", ""}, {"en", "[cli]\nlanguage = \"en\"\n"}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			pass := writeFile(t, filepath.Join(dir, "imap.pass"), "secret\n", 0o600)
			sheet := writeFile(t, filepath.Join(dir, "start.toml"), strings.Replace(speakSheet, "end = 2027-11-01", "end = 2099-11-01", 1), 0o644)
			cup := writeFile(t, filepath.Join(dir, "cup.toml"), strings.NewReplacer("ЗК-7", "КО-9", "end = 2027-11-01", "end = 2099-11-01\nsystem = \"knockout\"",
				"ivanov@", "ivanov9@", "channel = \"post\"\npostal_address = \"ул. Садовая, д. 5, кв. 2\\nКалуга\\n248000\"", "email = \"sidorov9@club.test\"").Replace(speakSheet), 0o644)
			cfg := writeFile(t, filepath.Join(dir, "postald.toml"), fmt.Sprintf("[store]\npath = %q\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n"+
				"username = \"moves\"\npassword_file = %q\n[smtp]\naddress = \"127.0.0.1:1587\"\ntls = \"none\"\nfrom = \"moves@club.test\"\n"+
				"[control]\nsocket = %q\n[trust]\nfrom_only = true\n%s", filepath.Join(dir, "postald.db"), pass, filepath.Join(dir, "none.sock"), c.cli), 0o600)
			var b strings.Builder
			for _, args := range [][]string{
				{"tournament", "create", "-sheet", sheet},
				{"judge", "penalty", "1-2", "white", "6", "-clause", "4.2.11", "-reason", "ход не повторён"},
				{"judge", "penalty", "1-2", "white", "-6", "-clause", "4.2.11", "-reason", "штраф снят"},
				{"judge", "protest", "1-2", "-reason", "протест удовлетворён"},
				{"judge", "annul", "1-2", "-clause", "4.1.7", "-reason", "партия аннулирована"},
				{"tournament", "create", "-sheet", cup},
				{"lots", "verify", "-tournament", "КО-9"},
			} {
				code, out, errOut := runLine(append([]string{"-config", cfg}, args...)...)
				fmt.Fprintf(&b, "$ postald %s\n%s%s", strings.Join(args, " "), out, errOut)
				if code != 0 {
					t.Errorf("postald %s: exit status %d: %s%s", strings.Join(args, " "), code, out, errOut)
				}
				b.WriteString("\n")
			}
			got := strings.ReplaceAll(b.String(), dir, "DIR")
			got = regexp.MustCompile(`\d{2}\.\d{2}\.\d{4}|\d{4}-\d{2}-\d{2}`).ReplaceAllString(got, "DATE")
			got = regexp.MustCompile(`[0-9a-f]{64}`).ReplaceAllString(got, "HASH")
			golden.Text(t, filepath.Join("testdata", "club", "rulings-speak."+c.name+".txt"), got)
			quoted := got
			if c.name == "en" {
				quoted = strings.NewReplacer("ЗК-7", "Z", "КО-9", "K", "ход не повторён", "", "штраф снят", "", "протест удовлетворён", "",
					"партия аннулирована", "").Replace(got)
			}
			checkLanguage(t, c.name, quoted, "DIR/start.toml", "DIR/cup.toml", "DATE", "DIR", "HASH", "knockout_tie")
		})
	}
}

// TestUnnamedTournamentSpeaks: a command that needs one tournament and cannot tell which — a game
// name two tournaments hold, lots verify without -tournament in a store of two — asks for it in
// the language both tournaments speak, whatever the server's locale (C) says; in English when the
// tournaments speak different languages. The command fails in every case.
func TestUnnamedTournamentSpeaks(t *testing.T) {
	t.Setenv("TZ", "UTC")
	for _, c := range []struct {
		name, second string // the second tournament's language line
		want         []string
	}{
		{"both Russian", "", []string{"партия 1-2 есть в нескольких турнирах (", "в хранилище 2 турнира; укажите нужный: -tournament ТУРНИР"}},
		{"Russian and English", "language = \"en\"\n", []string{"game 1-2 is in several tournaments (", "the store holds 2 tournaments; name one: -tournament TOURNAMENT"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			pass := writeFile(t, filepath.Join(dir, "imap.pass"), "secret\n", 0o600)
			first := writeFile(t, filepath.Join(dir, "first.toml"), strings.Replace(speakSheet, "end = 2027-11-01", "end = 2099-11-01", 1), 0o644)
			second := writeFile(t, filepath.Join(dir, "second.toml"), strings.NewReplacer("ЗК-7", "ЗК-8", "end = 2027-11-01", "end = 2099-11-01\n"+c.second,
				"ivanov@", "ivanov8@", "channel = \"post\"\npostal_address = \"ул. Садовая, д. 5, кв. 2\\nКалуга\\n248000\"", "email = \"sidorov8@club.test\"").Replace(speakSheet), 0o644)
			cfg := writeFile(t, filepath.Join(dir, "postald.toml"), fmt.Sprintf("[store]\npath = %q\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n"+
				"username = \"moves\"\npassword_file = %q\n[smtp]\naddress = \"127.0.0.1:1587\"\ntls = \"none\"\nfrom = \"moves@club.test\"\n"+
				"[control]\nsocket = %q\n[trust]\nfrom_only = true\n", filepath.Join(dir, "postald.db"), pass, filepath.Join(dir, "none.sock")), 0o600)
			for _, sheet := range []string{first, second} {
				if code, out, errOut := runLine("-config", cfg, "tournament", "create", "-sheet", sheet); code != 0 {
					t.Fatalf("tournament create: %d %s%s", code, out, errOut)
				}
			}
			for i, args := range [][]string{{"judge", "show", "1-2"}, {"lots", "verify"}} {
				code, out, errOut := runLine(append([]string{"-config", cfg}, args...)...)
				if code == 0 || !strings.Contains(out+errOut, c.want[i]) {
					t.Errorf("postald %s: exit status %d, want a failure saying %q:\n%s%s", strings.Join(args, " "), code, c.want[i], out, errOut)
				}
			}
		})
	}
}
