package main

import (
	"bytes"
	"fmt"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// postalSheet is the start sheet of a game between a player by e-mail (White) and a player by
// post (Black, with an address for copies), his cards counted two days on the way.
func postalSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "post and e-mail"
variant = "russian"
start = %s
end = %s
language = "en"
address = %q
judge = %q
director = %q
postal_address = "Tournament captain\nPO Box 12\nTula 300000"

[regulation]
post_days = 2

[[player]]
number = 1
name = "White Player"
email = %q

[[player]]
number = 2
name = "Black Player"
channel = "post"
postal_address = "5 Garden Street\nKaluga 248000"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// pdfText is the text of a PDF as pdftotext (Debian's poppler-utils) reads it, its spaces
// squeezed; the test is skipped without pdftotext unless the mail stack is required.
func pdfText(t *testing.T, file string) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if mailtest.Required() {
			t.Fatal("pdftotext is not installed (scripts/mailstack/install.sh installs poppler-utils)")
		}
		t.Skip("pdftotext is not installed")
	}
	out, err := exec.Command(bin, "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", file, err)
	}
	return regexp.MustCompile(`[ \t]+`).ReplaceAllString(string(out), " ")
}

// TestPostalGameThroughDovecot plays a game between a player by e-mail and a player by post
// with the real servers: White's letters go through Dovecot, postald's answers to him through
// Postfix; Black's cards are entered with postald card through the daemon's control socket, the
// cards to him printed with postald cards -print and read back with pdftotext, their posting
// recorded with -posted; every decision and both clocks are checked as 4.3.1 counts them.
func TestPostalGameThroughDovecot(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), postalSheet, true)
	startDay, err := daysclock.ParseDate(g.start.Format(time.DateOnly))
	if err != nil {
		t.Fatal(err)
	}
	on := func(n int) daysclock.Date { return startDay.AddDays(n) }
	id := store.GameID{Tournament: g.code, Game: "1-2"}
	game := func() referee.Game {
		t.Helper()
		var gm referee.Game
		if err := g.db.View(func(tx *store.Tx) (err error) { gm, err = loadStored(tx, id); return err }); err != nil {
			t.Fatal(err)
		}
		return gm
	}
	call := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		code, err := controlCall(g.cfg.Control.Socket, args, &out)
		if err != nil || code != 0 {
			t.Fatalf("postald %s: code %d, %v:\n%s", strings.Join(args, " "), code, err, out.String())
		}
		return out.String()
	}
	// White, by e-mail, gets his start letter; Black's is a card, with a copy by e-mail.
	g.st.WaitMessage(t, g.white, "INBOX", g.code+": start of the tournament", 30*time.Second)
	g.st.WaitMessage(t, g.black, "INBOX", g.code+": start of the tournament", 30*time.Second)

	// Day 1: White moves by e-mail. Black's move waits for the post: no clock runs for him.
	g.at(t, 1)
	token := mailtest.Unique("post1-")
	g.send(t, g.white, "My move: 1. c3-d4\nDates: "+on(1).String()+"\nTime: 1/0", token, 1)
	if ack := g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("White's first move: %s", ack.Raw)
	}
	if gm := game(); gm.Posting != referee.Black || gm.BlackClock.Running() {
		t.Fatalf("after White's move: posting %q, Black's clock running %v", gm.Posting, gm.BlackClock.Running())
	}
	list := call("cards")
	if !strings.Contains(list, id.String()) || !strings.Contains(list, "5 Garden Street, Kaluga 248000") {
		t.Errorf("postald cards:\n%s", list)
	}

	// Day 2: the captain prints the two cards (start letter, White's move) and posts them.
	g.at(t, 2)
	dir := t.TempDir()
	out := call("cards", "-print", dir, "-posted", on(2).String())
	if !strings.Contains(out, "2 cards or calls recorded as posted") || !strings.Contains(out, "black, runs from "+on(4).String()) {
		t.Errorf("postald cards -print -posted:\n%s", out)
	}
	text := pdfText(t, filepath.Join(dir, "cards.pdf"))
	for _, want := range []string{"Black Player", "5 Garden Street", "Kaluga 248000", "PO Box 12", "You play by post",
		"1. c3-d4", "2 days on the way"} {
		if !strings.Contains(text, want) {
			t.Errorf("the printed cards lack %q:\n%s", want, text)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "card-*.pdf")); len(files) != 2 {
		t.Errorf("%d card files, want 2", len(files))
	}
	gm := game()
	if gm.Posting != "" || gm.BlackClock.Since != on(4) || gm.MovedOn != on(2) {
		t.Fatalf("after posting: posting %q, Black's clock since %s (want %s), moved on %s", gm.Posting, gm.BlackClock.Since, on(4), gm.MovedOn)
	}

	// Black's card, postmarked on day 7, reaches the captain on day 9; he enters it on day 10.
	// Black wrote day 6 as his sending date: the postmark counts (4.3.1).
	g.at(t, 10)
	card := filepath.Join(t.TempDir(), "card.txt")
	signed := mailtest.Unique("Black-Player-")
	body := fmt.Sprintf("Received 1. c3-d4.\nMy move: 1... f6-g5\nDates: %s, %s, %s\nTime: 1/2\n%s\n", on(2), on(4), on(6), signed)
	if err := os.WriteFile(card, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	out = call("card", "-game", id.String(), "-from", "black", "-postmark", on(7).String(), "-received", on(9).String(), card)
	if !strings.Contains(out, "accepted") || !strings.Contains(out, "sent "+on(7).String()+" (by the postmark)") {
		t.Errorf("postald card:\n%s", out)
	}
	today := on(10)
	gm = game()
	if gm.BlackClock.Days != 3 || gm.Plies[1].Via != referee.ChannelPost || gm.Plies[1].Date != on(7) {
		t.Errorf("Black charged %d days (want 3: from day 4 to his postmark on day 7), ply %+v", gm.BlackClock.Days, gm.Plies[1])
	}
	if gm.WhiteClock.Since != today || gm.MovedOn != on(7) {
		t.Errorf("White's clock runs from %s (want today, %s, when the move was forwarded), moved on %s", gm.WhiteClock.Since, today, gm.MovedOn)
	}
	fwd := g.st.WaitMessage(t, g.white, "INBOX", signed, 30*time.Second)
	if v := fwd.Header("X-Postald-Verdict"); v != "accepted" || fwd.Header("X-Postald-Game") != id.String() {
		t.Errorf("the forward of Black's card to White: %q %q", v, fwd.Header("X-Postald-Game"))
	}
	// The same card entered again changes nothing.
	if out := call("card", "-game", id.String(), "-from", "2", "-postmark", on(7).String(), "-received", on(9).String(), card); !strings.Contains(out, "entered before") {
		t.Errorf("a card entered twice:\n%s", out)
	}

	// White answers by e-mail on day 12: two days are charged, from the forward on day 10.
	g.at(t, 12)
	token = mailtest.Unique("post2-")
	g.send(t, g.white, "Received 1... f6-g5.\nMy move: 2. b2-c3", token, 30)
	g.st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second)
	gm = game()
	if len(gm.Plies) != 3 || gm.Posting != referee.Black || gm.WhiteClock.Days != 1+2 {
		t.Fatalf("after White's second move: %d plies, posting %q, White's days %d (want 1 for his first move, 2 for this one)",
			len(gm.Plies), gm.Posting, gm.WhiteClock.Days)
	}
	// The acknowledgement of Black's card asks nothing of him: it waits, alone, to ride with
	// the next card to him, White's second move; printed, the two are one card in one envelope,
	// showing the dates as postald stamped them.
	dir = t.TempDir()
	out = call("cards", "-print", dir)
	if !strings.Contains(out, ": move accepted (in the same envelope)") {
		t.Errorf("postald cards -print does not put the acknowledgement in the envelope of the move:\n%s", out)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "card-*.pdf")); len(files) != 1 {
		t.Errorf("%d card files for the move and its acknowledgement, want 1", len(files))
	}
	text = pdfText(t, filepath.Join(dir, "cards.pdf"))
	for _, want := range []string{"2. b2-c3", "4.3.1", on(6).String(), "— and: " + g.code + " game 1-2: move accepted —"} {
		if !strings.Contains(text, want) {
			t.Errorf("the second cards lack %q:\n%s", want, text)
		}
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("archive: %v", err)
	}
}

// TestCardsWithoutDaemon: postald card and postald cards work on the store when no daemon runs,
// as the captain types them: a card entered, the cards printed and their posting recorded, a
// call listed with its text to read out.
func TestCardsWithoutDaemon(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "postald.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	start := now.AddDate(0, 0, -10).Format(time.DateOnly)
	sheet := fmt.Sprintf(`
[tournament]
code = "CARD-1"
name = "cards"
variant = "russian"
start = %s
end = %s
language = "en"
address = "moves@rul.test"
judge = "judge@rul.test"
director = "td@rul.test"
postal_address = "Captain, PO Box 1, Tula"
phone = "+7 4872 00-00-00"

[[player]]
number = 1
name = "Anna"
channel = "phone"
phone = "+7 900 000-00-01"

[[player]]
number = 2
name = "Boris"
channel = "post"
postal_address = "1 Main Street, Kaluga"
`, start, now.AddDate(1, 0, 0).Format(time.DateOnly))
	if _, err := office.CreateTournament(db, mustAddress(t, "Tournament secretary <moves@rul.test>"), []byte(sheet), now); err != nil {
		t.Fatal(err)
	}
	db.Close()
	cfg := fmt.Sprintf("[store]\npath = %q\nopen_timeout = \"2s\"\n\n[imap]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\n\n"+
		"[smtp]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\nfrom = \"Tournament secretary <moves@rul.test>\"\n\n[control]\nsocket = %q\n\n[trust]\nfrom_only = true\n",
		path, filepath.Join(dir, "none.sock"))
	cfgFile := filepath.Join(dir, "postald.toml")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(mustZone(t, "Europe/Moscow")).Format(time.DateOnly)
	// Anna (White) calls with her first move.
	call := filepath.Join(dir, "call.txt")
	if err := os.WriteFile(call, []byte("Tournament CARD-1, game 1-2.\nMy move: 1. c3-d4\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runLine("card", "-config", cfgFile, "-game", "1-2", "-from", "anna", "-phone", "-postmark", today, call)
	if code == 0 || !strings.Contains(out+errOut, `-from "anna": want white, black or the number`) {
		t.Errorf("a side by name: exit %d, %q %q; want it refused, naming what is wanted", code, out, errOut)
	}
	code, out, errOut = runLine("card", "-game", "1-2", "-from", "1", "-phone", "-postmark", today, call, "-config", cfgFile)
	if code != 0 || !strings.Contains(out, "CARD-1/1-2 white: call, sent "+today+" (by the postmark): accepted") {
		t.Fatalf("postald card: exit %d\n%s%s", code, out, errOut)
	}
	// The call as archived carries the captain's entry, as postald simulate reads it back.
	adb, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var archived []office.CaptainEntry
	err = adb.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: "CARD-1", Game: "1-2"}, 1, func(e store.ArchiveEntry) error {
			if e.Direction == store.In {
				if en, ok := office.ReadCaptain(e.Raw); ok {
					archived = append(archived, en)
				}
			}
			return nil
		})
	})
	adb.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(archived) != 1 || archived[0].Game != "CARD-1/1-2" || archived[0].Side != "white" || archived[0].Via != "phone" || archived[0].Postmark != today {
		t.Errorf("the archived call reads back as %+v", archived)
	}
	code, out, errOut = runLine("cards", "-config", cfgFile)
	if code != 0 || !strings.Contains(out, "call +7 900 000-00-01") || !strings.Contains(out, "| ") || !strings.Contains(out, "1 Main Street, Kaluga") {
		t.Fatalf("postald cards: exit %d\n%s%s", code, out, errOut)
	}
	// -posted alone would record cards written since the last print: it wants their numbers.
	if code, out, errOut = runLine("cards", "-config", cfgFile, "-posted", today); code == 0 || !strings.Contains(out+errOut, "give their numbers") {
		t.Errorf("postald cards -posted without numbers: exit %d\n%s%s", code, out, errOut)
	}
	cardsDir := filepath.Join(dir, "cards")
	code, out, errOut = runLine("cards", "-config", cfgFile, "-print", cardsDir, "-posted", today)
	if code != 0 || !strings.Contains(out, "recorded as posted on "+today) {
		t.Fatalf("postald cards -print -posted: exit %d\n%s%s", code, out, errOut)
	}
	if text := pdfText(t, filepath.Join(cardsDir, "cards.pdf")); !strings.Contains(text, "1 Main Street") || !strings.Contains(text, "1. c3-d4") {
		t.Errorf("the printed cards:\n%s", text)
	}
	if code, out, _ = runLine("cards", "-config", cfgFile); code != 0 || !strings.Contains(out, "no card to post") {
		t.Errorf("cards after posting: exit %d\n%s", code, out)
	}
}

func mustAddress(t *testing.T, s string) mail.Address {
	t.Helper()
	a, err := mail.ParseAddress(s)
	if err != nil {
		t.Fatal(err)
	}
	return *a
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
