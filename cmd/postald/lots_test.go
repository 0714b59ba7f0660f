package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/lots"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/store"
)

// lotsCLISheet is a tournament of three players of the local rig whose numbers postald draws,
// each pair drawing White's first move.
const lotsCLISheet = `[tournament]
code = "LOT-1"
name = "Lots"
variant = "russian"
start = 2026-11-02
end = 2027-11-01
language = "en"
address = "moves@rul.test"
judge = "judge@rul.test"
director = "director@rul.test"
[lots]
openings = "first-move"
[[player]]
name = "Anna"
email = "anna@rul.test"
[[player]]
name = "Boris"
email = "boris@rul.test"
[[player]]
name = "Vera"
email = "vera@rul.test"
`

// hex64 finds a hash or a seed in a letter.
var hex64 = regexp.MustCompile(`\b[0-9a-f]{64}\b`)

// TestLotsCommandLine registers a tournament that draws its numbers and first moves, as postald
// tournament create does; each player's start letter gives the hash. postald lots verify checks
// the draws and keeps the seed secret; postald lots reveal (the judge) mails the seed to every
// player; with the seed from Anna's letter and the hash from her start letter anyone recomputes
// the draws with lots verify -sheet, which prints what the store's verify printed, and a changed
// seed is refused with exit status 1.
func TestLotsCommandLine(t *testing.T) {
	ctx := context.Background()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	r, err := startRig(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "rul.test",
		[]string{"anna", "boris", "vera", "judge", "director"}, time.Date(2026, 11, 1, 10, 0, 0, 0, moscow))
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	if err := r.create(ctx, lotsCLISheet); err != nil {
		t.Fatal(err)
	}
	var start strings.Builder
	if _, err := r.readers["anna"].printNew(&start); err != nil {
		t.Fatal(err)
	}
	hash := hex64.FindString(start.String())
	if hash == "" || !strings.Contains(start.String(), "The seed's SHA-256 is") {
		t.Fatalf("Anna's start letter gives no hash:\n%s", start.String())
	}
	run := func(args ...string) (string, int) {
		t.Helper()
		out, code, err := runArgs(throughDaemon(r.d), args...)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.settle(ctx); err != nil {
			t.Fatal(err)
		}
		return out, code
	}
	out, code := run("lots", "verify", "-tournament", "LOT-1", "-hash", hash)
	if code != 0 || !strings.Contains(out, "hash  "+hash) || !strings.Contains(out, "seed  not revealed yet") ||
		!strings.Contains(out, "verified: every draw as the seed gives it; 3 games, each began as drawn") {
		t.Fatalf("lots verify before the reveal: exit %d\n%s", code, out)
	}
	if hex64.FindAllString(out, -1)[0] != hash || len(hex64.FindAllString(out, -1)) != 1 {
		t.Errorf("lots verify before the reveal shows more than the hash:\n%s", out)
	}
	if out, code := run("lots", "verify", "-tournament", "LOT-1", "-hash", strings.Repeat("ab", 32)); code != 1 || !strings.Contains(out, "does not verify") {
		t.Errorf("lots verify against another hash: exit %d\n%s", code, out)
	}
	out, code = run("lots", "reveal", "-tournament", "LOT-1", "-reason", "a protest about the draw")
	if code != 0 || !strings.Contains(out, "revealed 2026-11-01 by the judge: a protest about the draw") {
		t.Fatalf("lots reveal: exit %d\n%s", code, out)
	}
	storeOut := out
	var revealed strings.Builder
	if _, err := r.readers["anna"].printNew(&revealed); err != nil {
		t.Fatal(err)
	}
	text := revealed.String()
	if !strings.Contains(text, "LOT-1: the lot revealed") || !strings.Contains(text, "The judge reveals the seed (a protest about the draw)") {
		t.Fatalf("Anna's letter revealing the seed:\n%s", text)
	}
	var seed string
	for _, h := range hex64.FindAllString(text, -1) {
		if h != hash {
			seed = h
		}
	}
	if seed == "" {
		t.Fatalf("no seed in the revealing letter:\n%s", text)
	}
	if s, _ := lots.ParseSeed(seed); s.Hash().String() != hash {
		t.Fatalf("the seed revealed is not the one whose hash Anna's start letter gave")
	}

	// Anyone with the sheet: lots verify -sheet, without a configuration or a store.
	sheet := filepath.Join(t.TempDir(), "lot-1.toml")
	if err := os.WriteFile(sheet, []byte(lotsCLISheet), 0o600); err != nil {
		t.Fatal(err)
	}
	code, open, errOut := runLine("lots", "verify", "-sheet", sheet, "-seed", seed, "-hash", hash)
	if code != 0 || errOut != "" || !strings.Contains(open, "verified: every draw as the seed gives it") {
		t.Fatalf("lots verify -sheet: exit %d %s\n%s", code, errOut, open)
	}
	// The draws are the store's, line for line.
	draws := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "  ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if draws(open) != draws(storeOut) || !strings.Contains(open, "numbers (label") || !strings.Contains(open, "opening 1-2: opening") {
		t.Errorf("the sheet and the store draw differently:\n%s\n---\n%s", open, storeOut)
	}
	changed := []byte(seed)
	if changed[0] == '0' { // another hexadecimal digit
		changed[0] = '1'
	} else {
		changed[0] = '0'
	}
	code, _, errOut = runLine("lots", "verify", "-sheet", sheet, "-seed", string(changed), "-hash", hash)
	if code != 1 || !strings.Contains(errOut, "the seed does not match the hash published") {
		t.Errorf("lots verify -sheet with a changed seed: exit %d, %q", code, errOut)
	}
	// The usage mistakes say what is wanted.
	for _, args := range [][]string{
		{"lots"}, {"lots", "verify", "-sheet", sheet}, {"lots", "reveal"}, {"lots", "shuffle"},
		{"lots", "verify", "-seed", seed},
	} {
		if code, _, errOut := runLine(args...); code != 2 || !strings.Contains(errOut, "usage: postald lots") {
			t.Errorf("postald %s: exit %d, %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// lotsStackSheet is a two-player tournament of the real mail stack whose numbers and White's
// first move are drawn.
func lotsStackSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "integration lots"
variant = "russian"
start = %s
end = %s
language = "en"
address = %q
judge = %q
director = %q
[lots]
openings = "first-move"
[[player]]
name = "First Player"
email = %q
[[player]]
name = "Second Player"
email = %q
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address(g.white), st.Address(g.black))
}

// TestLotsThroughDovecot plays a tournament whose numbers and White's first move are drawn
// through the real servers: both start letters, delivered by Postfix into Dovecot, give the
// hash and the drawn move; the player on move after it (Black) answers it; White resigns, and
// the letter revealing the seed reaches both players, the judge and the director; with the seed
// and the hash read from those letters, lots verify -sheet recomputes the draws, and lots verify
// through the control socket checks the store.
func TestLotsThroughDovecot(t *testing.T) {
	g := startStackGameWith(t, t.TempDir(), lotsStackSheet, false)
	var hash string
	for _, u := range []string{g.white, g.black} {
		m := g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
		text := bodyText(t, m.Raw)
		h := hex64.FindString(text)
		if h == "" || !strings.Contains(text, "opening drawn: \"1. ") {
			t.Fatalf("the start letter to %s gives no hash or no drawn move:\n%s", u, text)
		}
		if hash != "" && h != hash {
			t.Errorf("two start letters give two hashes: %s, %s", hash, h)
		}
		hash = h
	}
	var st referee.Seat
	if err := g.db.View(func(tx *store.Tx) (err error) {
		st, err = office.LoadGame(tx, store.GameID{Tournament: g.code, Game: "1-2"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if st.Drawn() != 1 || st.Plies[0].By != referee.ByLot || st.ToMove() != referee.Black {
		t.Fatalf("game 1-2 does not begin with White's drawn first move: %+v", st.Plies)
	}
	white, black := st.Player(referee.White), st.Player(referee.Black)
	user := func(addr string) string {
		for _, u := range []string{g.white, g.black} {
			if g.st.Address(u) == addr {
				return u
			}
		}
		t.Fatalf("no user of %s", addr)
		return ""
	}
	// Black answers the drawn move with his first legal reply.
	v, _ := rules.VariantByID("russian")
	p, err := rules.ParseFEN(v, st.Position)
	if err != nil {
		t.Fatal(err)
	}
	reply := rules.FormatMove(&p, p.LegalMoves(nil)[0])
	token := mailtest.Unique("lots-reply-")
	g.send(t, user(black.Email), "My move: 1... "+reply, token, 1)
	if ack := g.st.WaitMessage(t, user(black.Email), "INBOX", token, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("Black's answer to the drawn move: %s\n%s", ack.Header("X-Postald-Verdict"), bodyText(t, ack.Raw))
	}
	token = mailtest.Unique("lots-resign-")
	g.send(t, user(white.Email), "I resign.", token, 2)
	var seed string
	for _, u := range []string{g.white, g.black, "judge", "director"} {
		m := g.st.WaitMessage(t, u, "INBOX", g.code+": the lot revealed", 30*time.Second)
		text := bodyText(t, m.Raw)
		for _, h := range hex64.FindAllString(text, -1) {
			if h != hash {
				seed = h
			}
		}
		if !strings.Contains(text, "The tournament is finished, and the seed is:") || !strings.Contains(text, hash) {
			t.Errorf("the revealing letter to %s:\n%s", u, text)
		}
	}
	sheet := writeSheet(t, lotsStackSheet(g))
	code, out, errOut := runLine("lots", "verify", "-sheet", sheet, "-seed", seed, "-hash", hash)
	if code != 0 || !strings.Contains(out, "verified") {
		t.Fatalf("lots verify -sheet with the letters' seed and hash: exit %d %s\n%s", code, errOut, out)
	}
	var via strings.Builder
	if code, err := controlCall(g.cfg.Control.Socket, []string{"lots", "verify", "-tournament", g.code, "-hash", hash}, &via); err != nil || code != 0 {
		t.Fatalf("lots verify through the control socket: exit %d, %v\n%s", code, err, via.String())
	}
	if !strings.Contains(via.String(), "seed  "+seed) || !strings.Contains(via.String(), "1 game, each began as drawn") {
		t.Errorf("lots verify through the control socket:\n%s", via.String())
	}
}
