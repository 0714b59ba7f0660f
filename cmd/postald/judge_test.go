package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"path/filepath"
	"postald/internal/reading"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/golden"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

const rulingSheet = `
[tournament]
code = "RUL-1"
name = "rulings"
variant = "russian"
start = 2026-11-02
end = 2027-11-01
language = "en"
address = "moves@rul.test"
judge = "judge@rul.test"
director = "director@rul.test"
[[player]]
number = 1
name = "Anna"
email = "anna@rul.test"
[[player]]
number = 2
name = "Boris"
email = "boris@rul.test"
[[player]]
number = 3
name = "Vera"
email = "vera@rul.test"
[[player]]
number = 4
name = "Gleb"
email = "gleb@rul.test"
`

// rulingRig is a 4-player tournament in which game 1-4 has two moves played by letters.
func rulingRig(t *testing.T) *localRig {
	t.Helper()
	ctx := context.Background()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	r, err := startRig(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "rul.test",
		[]string{"anna", "boris", "vera", "gleb", "judge", "director"}, time.Date(2026, 11, 1, 10, 0, 0, 0, moscow))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.close(); err != nil {
			t.Error(err)
		}
	})
	if err := r.create(ctx, rulingSheet); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 2, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "anna", "RUL-1 game 1-4", "My move: 1. c3-d4\n", 1); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 4, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "gleb", "RUL-1 game 1-4", "Received your 1. c3-d4.\nMy move: 1... f6-g5\n", 2); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 6, 10, 0, 0, 0, moscow))
	for _, rd := range r.readers {
		if _, err := rd.printNew(&strings.Builder{}); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func (r *localRig) game(t *testing.T, name string) referee.Game {
	t.Helper()
	var g referee.Game
	if err := r.db.View(func(tx *store.Tx) (err error) {
		g, err = loadStored(tx, store.GameID{Tournament: "RUL-1", Game: name})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return g
}

func (r *localRig) rulings(t *testing.T) []store.Ruling {
	t.Helper()
	var rs []store.Ruling
	if err := r.db.View(func(tx *store.Tx) (err error) {
		rs, err = tx.Rulings(store.GameID{Tournament: "RUL-1"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return rs
}

// judge runs a judge command as the control socket does and waits for its letters.
func (r *localRig) judge(t *testing.T, args ...string) (string, int) {
	t.Helper()
	out, code, err := runArgs(throughDaemon(r.d), append([]string{"judge"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out, code
}

// delivered returns the verdict headers of the letters each person received since the last call.
func (r *localRig) delivered(t *testing.T, users ...string) map[string][]string {
	t.Helper()
	got := map[string][]string{}
	for _, u := range users {
		v, err := r.readers[u].printNew(&strings.Builder{})
		if err != nil {
			t.Fatal(err)
		}
		got[u] = v
	}
	return got
}

// Each ruling end to end: the store before, the ruling, the store after, the letters produced.
func TestRulings(t *testing.T) {
	everyone := map[string][]string{"anna": {"ruling"}, "gleb": {"ruling"}, "judge": {"ruling"}, "director": {"ruling"}}
	t.Run("penalty", func(t *testing.T) {
		r := rulingRig(t)
		before := r.game(t, "1-4")
		if before.Time() != (referee.Time{White: 0, Black: 2}) {
			t.Fatalf("before: time %v", before.Time())
		}
		if out, code := r.judge(t, "penalty", "-clause", "4.1.9", "-reason", "comments on the game", "1-4", "black", "5"); code != 0 {
			t.Fatalf("penalty: %s", out)
		}
		after := r.game(t, "1-4")
		if after.Time() != (referee.Time{White: 0, Black: 7}) || after.BlackClock.Penalty != 5 {
			t.Errorf("after: time %v, penalty %d; want 0/7 with 5 penalty days", after.Time(), after.BlackClock.Penalty)
		}
		if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
			t.Errorf("letters (-want +got):\n%s", diff)
		}
		rs := r.rulings(t)
		if len(rs) != 1 || rs[0].Kind != "penalty" || rs[0].Clause != "4.1.9" || rs[0].Reason != "comments on the game" {
			t.Errorf("audit log: %+v", rs)
		}
	})
	t.Run("correct-date", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "correct-date", "-clause", "4.3.1", "-reason", "postmark of 3 November", "1-4", "4", "-1"); code != 0 {
			t.Fatalf("correct-date: %s", out)
		}
		if after := r.game(t, "1-4"); after.Time() != (referee.Time{White: 0, Black: 1}) || after.BlackClock.Penalty != 0 {
			t.Errorf("after: time %v, penalty %d; want 0/1 and no penalty", after.Time(), after.BlackClock.Penalty)
		}
		if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
			t.Errorf("letters (-want +got):\n%s", diff)
		}
	})
	t.Run("forfeit", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "forfeit", "-clause", "4.3.1", "-reason", "time overstep confirmed", "1-4", "white"); code != 0 {
			t.Fatalf("forfeit: %s", out)
		}
		if after := r.game(t, "1-4"); after.Status != referee.StatusFinished || after.Result != "0-1" {
			t.Errorf("after: %s %s, want finished 0-1", after.Status, after.Result)
		}
		if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
			t.Errorf("letters (-want +got):\n%s", diff)
		}
		// A letter for the finished game moves nothing.
		if _, err := r.send(context.Background(), "anna", "RUL-1 game 1-4", "Received your 1... f6-g5.\nMy move: 2. g3-h4\n", 9); err != nil {
			t.Fatal(err)
		}
		if after := r.game(t, "1-4"); len(after.Plies) != 2 {
			t.Errorf("a move was played in a forfeited game: %v", after.MoveList())
		}
	})
	t.Run("adjudicate refused while the game is in play by the clock", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "adjudicate", "-clause", "4.3.2", "-reason", "x", "1-4", "2-0"); code == 0 || !strings.Contains(out, "1-0, 0-1 or 1/2-1/2") {
			t.Errorf("adjudicate 2-0: exit %d, %s", code, out)
		}
		if after := r.game(t, "1-4"); after.Status != referee.StatusPlaying || len(r.rulings(t)) != 0 {
			t.Errorf("a refused ruling changed the store: %s, %d rulings", after.Status, len(r.rulings(t)))
		}
	})
	t.Run("leave", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "leave", "-clause", "leave_days", "-reason", "in hospital", "1-4", "white", "2026-11-10", "2026-11-19"); code != 0 {
			t.Fatalf("leave: %s", out)
		}
		after := r.game(t, "1-4")
		if len(after.WhiteClock.Leaves) != 1 || after.WhiteClock.Leaves[0].Days() != 10 {
			t.Errorf("after: white's leaves %v, want 10 days", after.WhiteClock.Leaves)
		}
		if out, code := r.judge(t, "leave", "-clause", "leave_days", "-reason", "again", "1-4", "white", "2026-11-20", "2026-12-19"); code == 0 {
			t.Errorf("a leave over the 30-day allowance was granted: %s", out)
		}
	})
	t.Run("withdraw before half the games", func(t *testing.T) {
		r := rulingRig(t)
		out, code := r.judge(t, "withdraw", "-reason", "illness", "RUL-1", "4")
		if code != 0 || !strings.Contains(out, "struck out and 3 unfinished games annulled") {
			t.Fatalf("withdraw: %d %s", code, out)
		}
		rs := r.rulings(t)
		d, _ := rs[0].Entry.(store.Withdrawal)
		if len(rs) != 4 || rs[0].Kind != "withdraw" || d != (store.Withdrawal{Player: 4, Played: 1, Games: 3, Clause: "1.10.2"}) {
			t.Errorf("audit log: %+v (details %+v)", rs, d)
		}
		for i, r := range rs {
			if i > 0 && (r.Kind != string(referee.RuleStrikeOut) || r.Reason != "illness" || r.Clause != "1.10.2") {
				t.Errorf("audit log entry after the withdrawal: %+v, want one of his games struck out (1.10.2)", r)
			}
		}
		// His games still in play end without a result: 1-4 (two moves made), 2-4 and 4-3.
		for _, name := range []string{"1-4", "2-4", "4-3"} {
			if g := r.game(t, name); g.Status != referee.StatusFinished || g.Result != referee.ResultNone || g.Reason != referee.ReasonStruckOut {
				t.Errorf("game %s of the struck-out player: %s %s %s, want struck out", name, g.Status, g.Result, g.Reason)
			}
		}
		if g := r.game(t, "1-2"); g.Status != referee.StatusPlaying {
			t.Errorf("game 1-2, without him, is %s", g.Status)
		}
		if got := r.delivered(t, "anna", "judge"); len(got["anna"]) != 1 || got["anna"][0] != "ruling" || len(got["judge"]) != 3 {
			t.Errorf("letters after the withdrawal: %v (want one ruling to Anna, one per game to the judge)", got)
		}
	})
	t.Run("withdraw after half the games", func(t *testing.T) {
		r := rulingRig(t)
		// Anna (1) plays 1-4 (two moves made), 1-2 and 3-1 (Berger tables for 4). With a move in
		// 1-2 she has played two of three, half or more: her results stand (1.10.3), her begun
		// games 1-4 and 1-2 go to the judge for adjudication (1.10.4), and 3-1, without a move,
		// is lost without play (1.10.3, 1.12.2).
		ctx := context.Background()
		if _, err := r.send(ctx, "anna", "RUL-1 game 1-2", "My move: 1. c3-b4\n", 20); err != nil {
			t.Fatal(err)
		}
		// The only tournament of the store need not be named.
		out, code := r.judge(t, "withdraw", "-reason", "moved abroad", "1")
		if code != 0 || !strings.Contains(out, "1 game without a move lost, 2 begun games sent to adjudication") {
			t.Fatalf("withdraw: %d %s", code, out)
		}
		for _, name := range []string{"1-4", "1-2"} {
			if g := r.game(t, name); g.Status != referee.StatusAdjudication || g.Result != referee.ResultNone {
				t.Errorf("begun game %s after Anna withdrew: %s %s, want it waiting for adjudication (1.10.4)", name, g.Status, g.Result)
			}
		}
		if g := r.game(t, "3-1"); g.Status != referee.StatusFinished || g.Result != referee.ResultWhite || len(g.Plies) != 0 {
			t.Errorf("game 3-1 without a move after Anna withdrew: %s %s, want 1-0, lost by Anna without play", g.Status, g.Result)
		}
		if g := r.game(t, "2-3"); g.Status != referee.StatusPlaying {
			t.Errorf("game 2-3, without Anna, is %s", g.Status)
		}
	})
	t.Run("annul", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "annul", "1-4"); code == 0 {
			t.Errorf("annul without a clause and a reason was taken: %s", out)
		}
		if out, code := r.judge(t, "annul", "-clause", "4.1.7", "-reason", "played by a substitute", "1-4"); code != 0 {
			t.Fatalf("annul: %s", out)
		}
		after := r.game(t, "1-4")
		if after.Status != referee.StatusFinished || after.Result != referee.ResultNone || after.Reason != "annulled" {
			t.Errorf("after: %s %s %s, want finished without a result", after.Status, after.Result, after.Reason)
		}
		if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
			t.Errorf("letters (-want +got):\n%s", diff)
		}
		if out, code := r.judge(t, "annul", "-clause", "4.1.7", "-reason", "again", "1-4"); code == 0 {
			t.Errorf("a second annulment was taken: %s", out)
		}
		if rs := r.rulings(t); len(rs) != 1 || rs[0].Kind != "annul" {
			t.Errorf("audit log: %+v", rs)
		}
	})
	t.Run("protest", func(t *testing.T) {
		r := rulingRig(t)
		if out, code := r.judge(t, "protest", "-decision", "the penalty stands", "1-4"); code != 0 {
			t.Fatalf("protest: %s", out)
		}
		if rs := r.rulings(t); len(rs) != 1 || rs[0].Kind != "protest" || rs[0].Reason != "the penalty stands" {
			t.Errorf("audit log: %+v", rs)
		}
		if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
			t.Errorf("letters (-want +got):\n%s", diff)
		}
	})
}

// A tournament registered after its start date: the players received the start sheet late, so
// play starts for them on the next day (4.3.2), and White's first move then costs nothing.
func TestLateStartSheet(t *testing.T) {
	ctx := context.Background()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	r, err := startRig(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "rul.test",
		[]string{"anna", "boris", "vera", "gleb", "judge", "director"}, time.Date(2026, 11, 10, 10, 0, 0, 0, moscow))
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	if err := r.create(ctx, rulingSheet); err != nil { // start = 2026-11-02
		t.Fatal(err)
	}
	for _, u := range []string{"judge", "director"} {
		var text strings.Builder
		verdicts, err := r.readers[u].printNew(&text)
		if err != nil {
			t.Fatal(err)
		}
		if len(verdicts) != 1 || !strings.Contains(text.String(), "RUL-1: tournament registered") ||
			!strings.Contains(text.String(), "3-1") || !strings.Contains(text.String(), "Gleb <gleb@rul.test>") {
			t.Errorf("%s was not told of the registration with every game:\n%s", u, text.String())
		}
	}
	g := r.game(t, "1-4")
	if got := g.WhiteClock.Since.String(); got != "2026-11-11" {
		t.Errorf("White's clock runs from %s, want 2026-11-11, the day after the late start sheet", got)
	}
	r.clock.set(time.Date(2026, 11, 11, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "anna", "RUL-1 game 1-4", "My move: 1. c3-d4\n", 1); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 14, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "gleb", "RUL-1 game 1-4", "Received your 1. c3-d4.\nMy move: 1... f6-g5\n", 2); err != nil {
		t.Fatal(err)
	}
	after := r.game(t, "1-4")
	if got := after.Time(); got != (referee.Time{White: 0, Black: 3}) {
		t.Errorf("time after the first moves = %v, want 0/3", got)
	}
}

// The judge sees the letters postald held, with the reason, and none of them touched a game.
func TestQuarantineList(t *testing.T) {
	r := rulingRig(t)
	if _, err := r.send(context.Background(), "director", "RUL-1 game 1-4", "My move: 2. g3-h4\n", 30); err != nil {
		t.Fatal(err)
	}
	out, code := r.judge(t, "quarantine")
	if code != 0 || !strings.Contains(out, "demo-31.director@rul.test") || !strings.Contains(out, "not from a registered player") {
		t.Errorf("judge quarantine = %d:\n%s", code, out)
	}
	if g := r.game(t, "1-4"); len(g.Plies) != 2 {
		t.Errorf("a held letter moved: %v", g.MoveList())
	}
	out, code = r.judge(t, "quarantine", "-json")
	var held []store.Inbound
	if code != 0 || json.Unmarshal([]byte(out), &held) != nil || len(held) != 1 || held[0].State != store.InboundQuarantined {
		t.Fatalf("judge quarantine -json = %d:\n%s", code, out)
	}
	// The held letter itself, by its number in the quarantine.
	out, code = r.judge(t, "letter", "quarantine", strconv.FormatUint(held[0].Archive, 10))
	if code != 0 || !strings.Contains(out, "quarantine letter #"+strconv.FormatUint(held[0].Archive, 10)+", received") ||
		!strings.Contains(out, "decision:        quarantined") || !strings.Contains(out, "── text ──\nMy move: 2. g3-h4\n") {
		t.Errorf("judge letter quarantine %d = %d:\n%s", held[0].Archive, code, out)
	}
}

// forge mails a letter in another's name as the receiving server hands it over: the envelope
// sender the forger gave (MAIL FROM) recorded in the Return-Path field above his letter.
func (r *localRig) forge(t *testing.T, envelope, from, subject, text, msgID string) {
	t.Helper()
	raw := "Return-Path: <" + envelope + ">\r\nFrom: " + from + "\r\nTo: " + r.from.Address + "\r\nSubject: " + subject +
		"\r\nDate: " + r.clock.Now().Format(time.RFC1123Z) + "\r\nMessage-ID: <" + msgID + ">" +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n")
	c, err := smtp.Dial(r.srv.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SendMail(envelope, []string{r.from.Address}, strings.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	if err := r.settle(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// show runs judge show -json on a game.
func (r *localRig) show(t *testing.T, game string) reading.GameView {
	t.Helper()
	out, code := r.judge(t, "show", "--json", game)
	var v reading.GameView
	if code != 0 {
		t.Fatalf("judge show %s: %d\n%s", game, code, out)
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("judge show --json: %v\n%s", err, out)
	}
	return v
}

// A forged resignation ends a game; the judge sees who really sent it and puts the game back.
func TestRevertForgedResignation(t *testing.T) {
	r := rulingRig(t)
	moscow, _ := time.LoadLocation("Europe/Moscow")
	// White's second move comes with a variant and a draw offer: Black is on move with both
	// standing.
	if _, err := r.send(context.Background(), "anna", "RUL-1 game 1-4",
		"Received your 1... f6-g5.\nMy move: 2. g3-h4\nIf 2... g7-f6 then 3. b2-c3\nI offer a draw.\n", 3); err != nil {
		t.Fatal(err)
	}
	before := r.game(t, "1-4")
	if before.DrawOffer != referee.White || len(before.Variants) != 1 || before.Status != referee.StatusPlaying || before.ToMove() != referee.Black {
		t.Fatalf("before: draw offer %q, variants %v, %s, %s to move", before.DrawOffer, before.Variants, before.Status, before.ToMove())
	}
	r.delivered(t, "anna", "gleb", "judge", "director")

	// The forgery: «I resign» in Gleb's name, from somebody else's envelope.
	r.clock.set(time.Date(2026, 11, 8, 9, 30, 0, 0, moscow))
	r.forge(t, "mallory@forger.test", "Gleb <gleb@rul.test>", "RUL-1 game 1-4", "I resign.\n", "forged-1@forger.test")
	if g := r.game(t, "1-4"); g.Status != referee.StatusFinished || g.Result != referee.ResultWhite {
		t.Fatalf("the forged resignation did not end the game: %s %s", g.Status, g.Result)
	}
	// A ruling after the letter is undone with it.
	r.clock.set(time.Date(2026, 11, 9, 10, 0, 0, 0, moscow))
	if out, code := r.judge(t, "penalty", "1-4", "black", "1", "-clause", "4.1.9", "-reason", "rude letter"); code != 0 {
		t.Fatalf("penalty: %s", out)
	}
	r.delivered(t, "anna", "gleb", "judge", "director")

	// judge show: who sent each letter, as the post and postald recorded it.
	v := r.show(t, "1-4")
	var forged reading.LetterView
	for _, l := range v.Letters {
		if l.MessageID == "forged-1@forger.test" {
			forged = l
		}
		if l.Direction == "in" && (l.From == "" || !strings.HasPrefix(l.Auth, "none: ") || l.Verdict == "") {
			t.Errorf("judge show: letter #%d received without its From, authentication verdict or decision: %+v", l.Seq, l)
		}
		if l.Direction == "out" && l.To == "" {
			t.Errorf("judge show: letter #%d sent without its To: %+v", l.Seq, l)
		}
	}
	if forged.Seq == 0 || forged.Direction != "in" || forged.Envelope != "<mallory@forger.test>" || forged.From != "Gleb <gleb@rul.test>" ||
		forged.Verdict != "notice" || forged.Auth != "none: no authentication required ([trust]); the From address alone is believed" {
		t.Fatalf("judge show -json, the forged letter: %+v", forged)
	}
	n := strconv.FormatUint(forged.Seq, 10)
	text, code := r.judge(t, "show", "1-4")
	if code != 0 || !strings.Contains(text, "from: Gleb <gleb@rul.test>  envelope: <mallory@forger.test>\n        authentication: none: ") {
		t.Errorf("judge show does not name the forged letter's envelope sender and authentication:\n%s", text)
	}

	// judge letter: the letter as archived.
	text, code = r.judge(t, "letter", "1-4", n)
	for _, want := range []string{"RUL-1/1-4 letter #" + n + ", received", "received:        2026-11-08 09:30 +0300",
		"envelope sender: <mallory@forger.test>", "from:            Gleb <gleb@rul.test>", "authentication:  none: ",
		"decision:        notice", "── header ──\nReturn-Path: <mallory@forger.test>\nFrom: Gleb <gleb@rul.test>\n",
		"Message-ID: <forged-1@forger.test>\n", "── text ──\nI resign.\n", "game before it:  kept"} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("judge letter 1-4 %s = %d, does not hold %q:\n%s", n, code, want, text)
		}
	}
	if raw, code := r.judge(t, "letter", "-raw", "1-4", n); code != 0 || !strings.HasPrefix(raw, "Return-Path: <mallory@forger.test>\r\nFrom: Gleb") {
		t.Errorf("judge letter -raw = %d:\n%q", code, raw)
	}
	var entries int
	if err := r.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: "RUL-1", Game: "1-4"}, 1, func(store.ArchiveEntry) error { entries++; return nil })
	}); err != nil {
		t.Fatal(err)
	}

	// Refused: without a clause or a reason, a letter postald sent, a letter that is not there.
	sent := strconv.FormatUint(forged.Seq+1, 10)
	for _, args := range [][]string{
		{"revert", "1-4", n, "-reason", "forged"},
		{"revert", "-clause", "4.1.7", "1-4", n},
		{"revert", "1-4", sent, "-clause", "4.1.7", "-reason", "forged"},
		{"revert", "1-4", "999", "-clause", "4.1.7", "-reason", "forged"},
		{"revert", "1-4", "-clause", "4.1.7", "-reason", "forged"},
	} {
		if out, code := r.judge(t, args...); code == 0 {
			t.Errorf("judge %v was taken:\n%s", args, out)
		}
	}
	if g := r.game(t, "1-4"); g.Status != referee.StatusFinished || len(r.rulings(t)) != 1 {
		t.Fatalf("a refused revert changed the store: %s, %d rulings", g.Status, len(r.rulings(t)))
	}

	// The revert, its flags after its arguments.
	r.clock.set(time.Date(2026, 11, 10, 11, 0, 0, 0, moscow))
	out, code := r.judge(t, "revert", "1-4", n, "-clause", "4.1.7", "-reason", "the resignation was not sent by Gleb")
	if code != 0 || !strings.Contains(out, "put back as it was before letter #"+n) || !strings.Contains(out, "undone with it: rulings #1 penalty") {
		t.Fatalf("revert = %d:\n%s", code, out)
	}
	// The game is the game the store held before the forged letter, field by field; its history
	// ends with the ruling.
	after := r.game(t, "1-4")
	last := after.History[len(after.History)-1]
	if last.Verdict != referee.Ruled || len(last.Clauses) != 1 || last.Clauses[0] != "4.1.7" || last.Note != "revert: the resignation was not sent by Gleb" ||
		last.Date.String() != "2026-11-10" {
		t.Errorf("the history's last entry: %+v, want the revert", last)
	}
	after.History = after.History[:len(after.History)-1]
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the game after the revert is not the game before the forged letter (-before +after):\n%s", diff)
	}
	// The ruling is mailed like every ruling.
	everyone := map[string][]string{"anna": {"ruling"}, "gleb": {"ruling"}, "judge": {"ruling"}, "director": {"ruling"}}
	if diff := cmp.Diff(everyone, r.delivered(t, "anna", "gleb", "judge", "director")); diff != "" {
		t.Errorf("letters (-want +got):\n%s", diff)
	}
	// The audit log holds it, after the penalty it undid.
	rs := r.rulings(t)
	var d referee.Ruling
	if e, ok := rs[1].Entry.(store.GameRuling); ok {
		d = e.Ruling
	}
	if len(rs) != 2 || rs[1].Kind != "revert" || rs[1].Clause != "4.1.7" || rs[1].Reason != "the resignation was not sent by Gleb" ||
		d.Letter != forged.Seq || d.LetterID != "forged-1@forger.test" || d.Upto != uint64(entries) {
		t.Errorf("audit log: %+v (details %+v); want the revert of letter %d up to entry %d", rs, d, forged.Seq, entries)
	}
	// Every letter stays in the archive; those from the forged one on are marked as reverted.
	v = r.show(t, "1-4")
	if len(v.Letters) <= entries {
		t.Errorf("the archive holds %d letters after the revert, %d before it", len(v.Letters), entries)
	}
	for _, l := range v.Letters {
		want := uint64(0)
		if l.Seq >= forged.Seq && l.Seq <= uint64(entries) {
			want = rs[1].Seq
		}
		if l.RevertedBy != want {
			t.Errorf("letter #%d (%s %s): reverted by %d, want %d", l.Seq, l.Direction, l.MessageID, l.RevertedBy, want)
		}
	}
	if text, _ := r.judge(t, "show", "1-4"); !strings.Contains(text, "forged-1@forger.test  REVERTED by ruling #2") {
		t.Errorf("judge show does not mark the forged letter as reverted:\n%s", text)
	}
	if _, err := r.db.Verify(store.GameID{Tournament: "RUL-1", Game: "1-4"}); err != nil {
		t.Errorf("archive after the revert: %v", err)
	}
	if out, code := r.judge(t, "revert", "-clause", "4.1.7", "-reason", "again", "1-4", n); code == 0 || !strings.Contains(out, "already reverted") {
		t.Errorf("a second revert of the letter = %d:\n%s", code, out)
	}

	// The game goes on from there: Gleb's real answer plays into Anna's variant.
	if _, err := r.send(context.Background(), "gleb", "RUL-1 game 1-4", "Received your 2. g3-h4.\nMy move: 2... g7-f6\n", 4); err != nil {
		t.Fatal(err)
	}
	if g := r.game(t, "1-4"); g.Status != referee.StatusPlaying || strings.Join(g.MoveList(), " ") != "1. c3-d4 1... f6-g5 2. g3-h4 2... g7-f6 3. b2-c3" {
		t.Errorf("after Gleb's real answer: %s, %v", g.Status, g.MoveList())
	}
}

// TestRevertForgedLetterThroughStack: through the real Postfix and Dovecot, a resignation in
// Black's name that Black never sent ends the game; the judge sees its envelope sender over the
// control socket, reverts it there, and both players, the judge and the director get the ruling
// in their Dovecot mailboxes.
func TestRevertForgedLetterThroughStack(t *testing.T) {
	g := startStackGame(t)
	game := g.code + "/1-2"
	for i, step := range demoSteps[:3] {
		from := map[string]string{"white": g.white, "black": g.black}[step.side]
		token := mailtest.Unique(fmt.Sprintf("step%d-", i+1))
		g.send(t, from, step.text, token, step.day)
		g.st.WaitMessage(t, from, "INBOX", token, 30*time.Second)
	}
	id := store.GameID{Tournament: g.code, Game: "1-2"}
	load := func() referee.Game {
		t.Helper()
		var gm referee.Game
		if err := g.db.View(func(tx *store.Tx) (err error) {
			gm, err = loadStored(tx, id)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return gm
	}
	before := load()
	if before.Status != referee.StatusPlaying || before.ToMove() != referee.Black || len(before.Variants) != 1 {
		t.Fatalf("before the forgery: %s, %s to move, variants %v", before.Status, before.ToMove(), before.Variants)
	}

	// The forger writes to Postfix's port 25 without logging in, in Black's name, from an
	// envelope of his own; Dovecot records it as the Return-Path. The letter is then moved into
	// the mailbox postald watches, byte for byte.
	token := mailtest.Unique("forged-")
	forger := token + "@forger.test"
	raw := mailtest.Letter(g.st.Address(g.black), g.st.Address(g.st.Tournament), token, g.code+" game 1-2\r\nI resign.")
	c, err := smtp.Dial(g.st.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SendMail(forger, []string{g.st.Address(g.st.Tournament)}, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	m := g.st.WaitMessage(t, g.st.Tournament, "INBOX", token, 30*time.Second)
	ic := g.st.Dial(t, g.st.Tournament)
	if _, err := ic.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := ic.Move(imap.UIDSetNum(imap.UID(m.UID)), g.inbox).Wait(); err != nil {
		t.Fatal(err)
	}
	// Both players hear of the "resignation".
	for _, u := range []string{g.white, g.black} {
		if n := g.st.WaitMessage(t, u, "INBOX", token, 30*time.Second); !strings.Contains(bodyText(t, n.Raw), "resigned") {
			t.Errorf("%s was not told of the resignation:\n%s", u, n.Raw)
		}
	}
	if gm := load(); gm.Status != referee.StatusFinished || gm.Result != referee.ResultWhite {
		t.Fatalf("the forged resignation did not end the game: %s %s", gm.Status, gm.Result)
	}

	var v reading.GameView
	g.judgeJSON(t, &v, "show", "--json", game)
	var forged reading.LetterView
	for _, l := range v.Letters {
		if l.MessageID == token+"@postald.test" {
			forged = l
		}
	}
	if forged.Envelope != "<"+forger+">" || forged.From != g.st.Address(g.black) || !strings.HasPrefix(forged.Auth, "none: ") || forged.Verdict != "notice" {
		t.Fatalf("judge show: the forged letter %+v; want the envelope <%s>, From %s, no authentication, a notice", forged, forger, g.st.Address(g.black))
	}
	if text := g.judge(t, "letter", game, strconv.FormatUint(forged.Seq, 10)); !strings.Contains(text, "envelope sender: <"+forger+">") ||
		!strings.Contains(text, "\nReturn-Path: <"+forger+">\n") || !strings.Contains(text, "I resign.") {
		t.Errorf("judge letter does not show the letter Postfix and Dovecot delivered:\n%s", text)
	}

	reason := mailtest.Unique("forged-resignation-")
	g.judge(t, "revert", game, strconv.FormatUint(forged.Seq, 10), "-clause", "4.1.7", "-reason", reason)
	for _, u := range []string{g.white, g.black, "judge", "director"} {
		n := g.st.WaitMessage(t, u, "INBOX", reason, 30*time.Second)
		if vd, cl := n.Header("X-Postald-Verdict"), n.Header("X-Postald-Clause"); vd != "ruling" || cl != "4.1.7" {
			t.Errorf("the revert to %s: verdict %q clause %q, want ruling 4.1.7", u, vd, cl)
		}
		// The letter undone is named as its reader knows it, by whose it was and when it came,
		// never by its Message-ID.
		if text := bodyText(t, n.Raw); !strings.Contains(text, "before the letter (Black, ") || strings.Contains(text, token+"@postald.test") || !strings.Contains(text, "On move: Black") {
			t.Errorf("the revert to %s does not name the letter and who is on move:\n%s", u, text)
		}
	}
	after := load()
	if last := after.History[len(after.History)-1]; last.Verdict != referee.Ruled || last.Note != "revert: "+reason {
		t.Errorf("the history's last entry: %+v, want the revert", last)
	}
	after.History = after.History[:len(after.History)-1]
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the game after the revert is not the game before the forged letter (-before +after):\n%s", diff)
	}
	g.judgeJSON(t, &v, "show", "--json", game)
	for _, l := range v.Letters {
		if l.Seq == forged.Seq && l.RevertedBy == 0 {
			t.Errorf("judge show does not mark the forged letter as reverted: %+v", l)
		}
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("archive: %v", err)
	}
}

// The judge's flags may stand before or after the arguments; a negative number is an argument.
func TestJudgeFlagsAnywhere(t *testing.T) {
	tests := []struct {
		args   []string
		pos    []string
		clause string
		json   bool
	}{
		{[]string{"1-4", "5", "-clause", "4.1.7", "-reason", "r"}, []string{"1-4", "5"}, "4.1.7", false},
		{[]string{"-clause", "4.1.7", "1-4", "-reason", "r", "5"}, []string{"1-4", "5"}, "4.1.7", false},
		{[]string{"1-4", "--json"}, []string{"1-4"}, "", true},
		{[]string{"1-4", "black", "-2", "-clause=4.3.1"}, []string{"1-4", "black", "-2"}, "4.3.1", false},
		{[]string{"-json", "1-4", "--", "-clause"}, []string{"1-4", "-clause"}, "", true},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		clause := fs.String("clause", "", "")
		fs.String("reason", "", "")
		asJSON := fs.Bool("json", false, "")
		if err := parseArgs(fs, tc.args); err != nil {
			t.Errorf("parseArgs(%q): %v", tc.args, err)
			continue
		}
		if diff := cmp.Diff(tc.pos, fs.Args()); diff != "" || *clause != tc.clause || *asJSON != tc.json {
			t.Errorf("parseArgs(%q): arguments %q, -clause %q, -json %v; want %q, %q, %v", tc.args, fs.Args(), *clause, *asJSON, tc.pos, tc.clause, tc.json)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := parseArgs(fs, []string{"1-4", "-nonsense"}); err == nil {
		t.Error("an unknown flag after the arguments was taken")
	}
	rest, file := cutConfig([]string{"revert", "1-4", "-config", "/etc/p.toml", "5", "-clause", "4.1.7"})
	if diff := cmp.Diff([]string{"revert", "1-4", "5", "-clause", "4.1.7"}, rest); diff != "" || file != "/etc/p.toml" {
		t.Errorf("cutConfig: %q %q", rest, file)
	}
}

// channelsSheet is a tournament of three in lang: player 1 plays by post, 2 by telephone, 3 by
// e-mail.
func channelsSheet(lang string) string {
	return `
[tournament]
code = "ПК-1"
name = "Каналы"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "` + lang + `"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = "Шашечный клуб, а/я 1, Москва"
phone = "+7 495 000-00-01"

[regulation]
zone = "Europe/Moscow"
post_days = 3

[[player]]
number = 1
name = "Абрамов Алексей"
channel = "post"
postal_address = "ул. Садовая, 5, Тверь"

[[player]]
number = 2
name = "Белов Борис"
email = "belov@club.example"
channel = "phone"
phone = "+7 900 000-00-02"

[[player]]
number = 3
name = "Васильев Виктор"
email = "vasiliev@club.example"
`
}

// TestChannelViews: judge show, judge list, export and report of a game whose moves came on a
// card, by e-mail and in a call, between a player by post and one by telephone, in each language
// (golden files testdata/channels; go test -update rewrites them): a move that came on a card or
// in a call is marked after its date (judge show) or followed by a comment (PDN), a player named
// with how he plays (judge show, judge list, the report's list of players); a move and a player
// by e-mail as they always were.
func TestChannelViews(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			from := mail.Address{Address: "moves@club.example"}
			sh, err := office.CreateTournament(db, from, []byte(channelsSheet(lang)), time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
			if err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 15, 9, 0, 0, 0, time.UTC)
			day := func(d int) daysclock.Date { return daysclock.Date{Year: 2026, Month: 11, Day: d} }
			id := store.GameID{Tournament: sh.Code, Game: "1-2"}
			if err := db.Update(func(tx *store.Tx) error {
				g, err := office.LoadGame(tx, id)
				if err != nil {
					return err
				}
				g.Plies = []referee.Ply{
					{Text: "c3-d4", Date: day(3), By: referee.ByLetter, Via: referee.ChannelPost},
					{Text: "f6-g5", Date: day(8), By: referee.ByLetter, Via: referee.ChannelEmail},
					{Text: "b2-c3", Date: day(12), By: referee.ByLetter},
					{Text: "g7-f6", Date: day(14), By: referee.ByLetter, Via: referee.ChannelPhone},
				}
				return office.Put(tx, from, id, sh, g, now)
			}); err != nil {
				t.Fatal(err)
			}
			run := onStore(db, from, func() time.Time { return now })
			for _, c := range []struct {
				name string
				args []string
			}{
				{"show", []string{"judge", "show", "1-2"}},
				{"list", []string{"judge", "list"}},
				{"export", []string{"export", "-game", "1-2"}},
				{"report", []string{"report"}},
			} {
				out, code, err := runArgs(run, c.args...)
				if err != nil || code != 0 {
					t.Fatalf("%s: exit %d, %v\n%s", strings.Join(c.args, " "), code, err, out)
				}
				channelsGolden(t, c.name+"."+lang+".golden", out)
			}
		})
	}
}

func channelsGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Text(t, filepath.Join("testdata", "channels", name), got)
}

// judge show names what each decision rests on: the faults a letter was stopped for, the
// question postald asked about a doubtful reading, the words a result rests on.
func TestShowWordsAndFaults(t *testing.T) {
	r := rulingRig(t)
	moscow, _ := time.LoadLocation("Europe/Moscow")
	ctx := context.Background()
	r.clock.set(time.Date(2026, 11, 7, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "anna", "RUL-1 game 1-4", "Received your 1... f6-g5.\nMy move: 2. gh4\n", 3); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 8, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "anna", "RUL-1 game 1-4", "Received your 1... f6-g5.\nMy move: 2. g3-h4\nHow about a draw?\n", 4); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 9, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "gleb", "RUL-1 game 1-4", "Received your 2. g3-h4.\nIf you insist, I accept the draw.\nMy move: 2... g7-f6\n", 5); err != nil {
		t.Fatal(err)
	}
	r.clock.set(time.Date(2026, 11, 10, 10, 0, 0, 0, moscow))
	if _, err := r.send(ctx, "gleb", "RUL-1 game 1-4", "Agreed.\n", 6); err != nil {
		t.Fatal(err)
	}
	text, code := r.judge(t, "show", "1-4")
	if code != 0 {
		t.Fatalf("judge show: %d\n%s", code, text)
	}
	for _, want := range []string{
		`stopped for: 4.2.10 "gh4"`,
		`the letter reads two ways: postald asked the player; nothing played, nothing charged`,
		`the decision rests on the letter's words: line 1, "Agreed."`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("judge show does not say %q:\n%s", want, text)
		}
	}
	if g := r.game(t, "1-4"); g.Status != referee.StatusFinished || g.Result != referee.ResultDraw {
		t.Errorf("the short yes to the offer standing: %s %s, want a draw agreed", g.Status, g.Result)
	}
}
