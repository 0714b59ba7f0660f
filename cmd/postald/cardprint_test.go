package main

import (
	"fmt"
	"os"
	"path/filepath"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	"postald/internal/office"
	"postald/internal/store"
)

// cardSheet is a tournament of one player by e-mail and one by post.
func cardSheet(code, name, postal string) string {
	now := time.Now()
	return fmt.Sprintf(`
[tournament]
code = %q
name = %q
variant = "russian"
start = %s
end = %s
language = "en"
address = "moves@rul.test"
judge = "judge@rul.test"
director = "td@rul.test"
postal_address = "Captain, PO Box 1, Tula"

[[player]]
number = 1
name = "Anna"
email = "anna@rul.test"

[[player]]
number = 2
name = "Boris"
channel = "post"
postal_address = %q
`, code, name, now.AddDate(0, 0, -10).Format(time.DateOnly), now.AddDate(1, 0, 0).Format(time.DateOnly), postal)
}

// TestCardsPrintOneBad: `tournament create` refuses a postal address no card can print, naming
// the key; and a card that cannot print (its tournament's sheet, registered by an earlier
// postald, names the tournament at a length the sender block cannot show) never stops the
// others: they print and are recorded as posted, it is named with why, and the command fails.
func TestCardsPrintOneBad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "postald.db")
	cfg := fmt.Sprintf("[store]\npath = %q\nopen_timeout = \"2s\"\n\n[imap]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\n\n"+
		"[smtp]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\nfrom = \"Tournament secretary <moves@rul.test>\"\n\n[control]\nsocket = %q\n\n[trust]\nfrom_only = true\n",
		path, filepath.Join(dir, "none.sock"))
	cfgFile := filepath.Join(dir, "postald.toml")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Very Long Street Name ", 19) // 418 characters
	sheetFile := writeSheet(t, cardSheet("PR-0", "print", long))
	if code, out, errOut := runLine("tournament", "create", "-config", cfgFile, "-sheet", sheetFile); code == 0 ||
		!strings.Contains(out+errOut, "player 2.postal_address") || !strings.Contains(out+errOut, "shorten the address") {
		t.Fatalf("tournament create with a 418-character address: exit %d\n%s%s", code, out, errOut)
	}
	for _, code := range []string{"PR-1", "PR-2"} {
		if code, out, errOut := runLine("tournament", "create", "-config", cfgFile, "-sheet", writeSheet(t, cardSheet(code, "print", "1 Main Street, Kaluga"))); code != 0 {
			t.Fatalf("tournament create: exit %d\n%s%s", code, out, errOut)
		}
	}
	// PR-1's sheet as an earlier postald let it be registered: a name of 300 characters.
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		return tx.PutTournament("PR-1", store.Sheet{Format: "toml", Data: []byte(cardSheet("PR-1", strings.Repeat("Championship ", 25), "1 Main Street, Kaluga")), Created: time.Now()})
	})
	if err != nil {
		t.Fatal(err)
	}
	var seqs map[string]uint64
	rep, err := office.New(office.Options{Store: db, Now: time.Now}).Run(reading.CardsRequest{})
	if err == nil {
		seqs = map[string]uint64{}
		if cards, ok, _ := office.As[*reading.CardsReply](rep); ok {
			for _, c := range cards.Cards {
				seqs[c.Game.Tournament] = c.Seq
			}
		}
	}
	db.Close()
	if err != nil || seqs["PR-1"] == 0 || seqs["PR-2"] == 0 {
		t.Fatalf("the cards before printing: %v %v", seqs, err)
	}
	today := time.Now().In(mustZone(t, "Europe/Moscow")).Format(time.DateOnly)
	cardsDir := filepath.Join(dir, "cards")
	code, out, errOut := runLine("cards", "-config", cfgFile, "-print", cardsDir, "-posted", today)
	if code == 0 {
		t.Errorf("cards -print with a card that cannot print: exit 0\n%s", out)
	}
	bad := fmt.Sprintf("#%d  PR-1  NOT PRINTED: to Boris: ", seqs["PR-1"]) // the start letter, a card
	if !strings.Contains(out, bad) || !strings.Contains(out, "sender block") || !strings.Contains(out+errOut, fmt.Sprintf("#%d", seqs["PR-1"])) {
		t.Errorf("the card that cannot print is not named with why:\n%s%s", out, errOut)
	}
	if _, err := os.Stat(filepath.Join(cardsDir, fmt.Sprintf("card-%d.pdf", seqs["PR-2"]))); err != nil {
		t.Errorf("the other card was not printed: %v\n%s", err, out)
	}
	if text := pdfText(t, filepath.Join(cardsDir, "cards.pdf")); !strings.Contains(text, "1 Main Street") || strings.Contains(text, "Championship") {
		t.Errorf("cards.pdf holds:\n%s", text)
	}
	if !strings.Contains(out, "1 card or call recorded as posted on "+today) {
		t.Errorf("the printed card is not recorded as posted:\n%s", out)
	}
	// The card that did not print waits, listed; the other is posted.
	code, out, _ = runLine("cards", "-config", cfgFile)
	if !strings.Contains(out, fmt.Sprintf("#%d", seqs["PR-1"])) || strings.Contains(out, fmt.Sprintf("#%d ", seqs["PR-2"])) {
		t.Errorf("cards after printing: exit %d\n%s", code, out)
	}
}
