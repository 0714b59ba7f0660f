package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daemon"
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
		g, err = daemon.LoadGame(tx, store.GameID{Tournament: "RUL-1", Game: name})
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
	var out strings.Builder
	code := judgeMain(context.Background(), args, &out, r.d.Env())
	if err := r.settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String(), code
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
		var d struct{ Player, Played, Games int }
		if len(rs) != 4 || rs[0].Kind != "withdraw" || json.Unmarshal(rs[0].Details, &d) != nil || d != (struct{ Player, Played, Games int }{4, 1, 3}) {
			t.Errorf("audit log: %+v (details %+v)", rs, d)
		}
		for i, r := range rs {
			if i > 0 && (r.Kind != "annul" || r.Reason != "illness") {
				t.Errorf("audit log entry after the withdrawal: %+v, want the annulment of one of his games", r)
			}
		}
		// His games still in play end without a result: 1-4 (two moves made), 2-4 and 4-3.
		for _, name := range []string{"1-4", "2-4", "4-3"} {
			if g := r.game(t, name); g.Status != referee.StatusFinished || g.Result != referee.ResultNone || g.Reason != "annulled" {
				t.Errorf("game %s of the struck-out player: %s %s %s, want annulled", name, g.Status, g.Result, g.Reason)
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
		// 1-2 she has played two of three, half or more: her remaining games are lost (1.10.3).
		ctx := context.Background()
		if _, err := r.send(ctx, "anna", "RUL-1 game 1-2", "My move: 1. c3-b4\n", 20); err != nil {
			t.Fatal(err)
		}
		// The only tournament of the store need not be named.
		out, code := r.judge(t, "withdraw", "-reason", "moved abroad", "1")
		if code != 0 || !strings.Contains(out, "unfinished games lost") {
			t.Fatalf("withdraw: %d %s", code, out)
		}
		for name, want := range map[string]string{"1-4": "0-1", "1-2": "0-1", "3-1": "1-0"} {
			g := r.game(t, name)
			if g.Status != referee.StatusFinished || g.Result != want {
				t.Errorf("game %s after Anna withdrew: %s %s, want %s, lost by Anna", name, g.Status, g.Result, want)
			}
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
		t.Errorf("judge quarantine -json = %d:\n%s", code, out)
	}
}
