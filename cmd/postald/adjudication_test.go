package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

const adjudicationSheet = `
[tournament]
code = "ADJ-1"
name = "end date"
variant = "russian"
start = 2026-11-02
end = 2026-11-05
language = "en"
address = "moves@adj.test"
judge = "judge@adj.test"
director = "director@adj.test"
[[player]]
number = 1
name = "Anna White"
email = "anna@adj.test"
[[player]]
number = 2
name = "Boris Black"
email = "boris@adj.test"
`

// TestAdjudicationPackage follows a game past the end date (4.3.2): both players are asked for
// their evaluation and analysis, their letters are acknowledged as submissions, and after
// adjudication_days the judge receives the package, then rules.
func TestAdjudicationPackage(t *testing.T) {
	ctx := context.Background()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	day := func(d int) time.Time { return time.Date(2026, 11, d, 10, 0, 0, 0, moscow) }
	r, err := startRig(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "adj.test", []string{"anna", "boris", "judge", "director"}, day(1))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := r.close(); err != nil {
			t.Error(err)
		}
	}()
	if err := r.create(ctx, adjudicationSheet); err != nil {
		t.Fatal(err)
	}
	read := func(u string) []string {
		t.Helper()
		var b strings.Builder
		verdicts, err := r.readers[u].printNew(&b)
		if err != nil {
			t.Fatal(err)
		}
		return append(verdicts, b.String())
	}
	read("anna")
	read("boris")
	steps := []struct {
		day        int
		user, text string
	}{
		{2, "anna", "My move: 1. c3-d4\n"},
		{3, "boris", "Received your 1. c3-d4.\nMy move: 1... f6-g5\n"},
		// Boris receives this move on the end date: play ends, the game goes to the judge.
		{5, "anna", "Received your 1... f6-g5.\nMy move: 2. g3-h4\n"},
	}
	for i, st := range steps {
		r.clock.set(day(st.day))
		if _, err := r.send(ctx, st.user, "ADJ-1 game 1-2", st.text, i); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range []string{"anna", "boris"} {
		got := read(u)
		if text := got[len(got)-1]; !strings.Contains(text, "adjudication") || !strings.Contains(text, "by 2026-11-15 (10 days)") {
			t.Errorf("%s was not asked for his evaluation by 2026-11-15:\n%s", u, text)
		}
	}
	r.clock.set(day(6))
	if _, err := r.send(ctx, "boris", "ADJ-1 game 1-2", "My evaluation: the position is equal.\nAnalysis: 2... g5-f4 3. e3:g5 h6:f4 with equal play.\n", 10); err != nil {
		t.Fatal(err)
	}
	if got := read("boris"); len(got) != 2 || got[0] != "notice" || !strings.Contains(got[1], "goes to the judge with the game") || !strings.Contains(got[1], "Receipt: ADJ-1/1-2 #") {
		t.Errorf("Boris's submission was answered %q", got)
	}
	r.clock.set(day(7))
	if _, err := r.send(ctx, "anna", "ADJ-1 game 1-2", "Evaluation: White is better after 2... g5-f4 3. e3:g5 h6:f4 4. h4-g5.\n", 11); err != nil {
		t.Fatal(err)
	}
	read("anna")
	if got := read("judge"); len(got) > 1 && strings.Contains(got[len(got)-1], "adjudication package") {
		t.Fatalf("the package went before the players' time was up:\n%s", got[len(got)-1])
	}

	if err := r.wait(ctx, day(15)); err != nil {
		t.Fatal(err)
	}
	got := read("judge")
	pkg := got[len(got)-1]
	for _, want := range []string{"adjudication package", "Moves: 1. c3-d4 1... f6-g5 2. g3-h4",
		"Letters from the players since they were asked: 2, attached", "postald judge adjudicate ADJ-1/1-2"} {
		if !strings.Contains(pkg, want) {
			t.Errorf("the adjudication package lacks %q:\n%s", want, pkg)
		}
	}
	var raw []byte
	if err := r.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: "ADJ-1", Game: "1-2"}, 1, func(e store.ArchiveEntry) error {
			if e.Direction == store.Out && strings.Contains(string(e.Raw), "adjudication package") {
				raw = e.Raw
			}
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"filename=1-2.pdn", "filename=submission-1.eml", "filename=submission-2.eml", "the position is equal", "[GameType \"25\"]"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the package letter as archived lacks %q", want)
		}
	}

	if out, code, err := runArgs(throughDaemon(r.d), "judge", "adjudicate", "-clause", "4.3.2", "-reason", "White's extra tempo", "ADJ-1/1-2", "1-0"); err != nil || code != 0 {
		t.Fatalf("judge adjudicate: %d %v %s", code, err, out)
	}
	if err := r.settle(ctx); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"anna", "boris"} {
		if got := read(u); len(got) < 2 || got[0] != "ruling" {
			t.Errorf("%s was not told the adjudication: %q", u, got)
		}
	}
	if err := r.db.View(func(tx *store.Tx) error {
		g, err := office.LoadGame(tx, store.GameID{Tournament: "ADJ-1", Game: "1-2"})
		if err == nil && (g.Status != referee.StatusFinished || g.Result != "1-0") {
			t.Errorf("after the adjudication the game is %s %s", g.Status, g.Result)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
