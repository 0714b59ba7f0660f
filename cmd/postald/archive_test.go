package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/reading"
	"postald/internal/store"
)

// readCommands are the commands that read a tournament's games; their output must not change
// when the tournament is archived.
var readCommands = [][]string{
	{"judge", "show", "RUL-1/1-4"},
	{"judge", "show", "-json", "RUL-1/1-4"},
	{"judge", "show", "RUL-1/2-3"},
	{"judge", "letter", "RUL-1/1-4", "1"},
	{"judge", "letter", "RUL-1/1-4", "2", "-raw"},
	{"judge", "verify", "RUL-1/1-4"},
	{"judge", "list", "-tournament", "RUL-1"},
	{"export", "-game", "RUL-1/1-4"},
	{"report", "-tournament", "RUL-1"},
	{"report", "-tournament", "RUL-1", "-html"},
}

// TestArchiveRoundTrip finishes every game of a tournament by the judge's rulings, archives it
// and reads it back: every command that reads its games prints what it printed before, byte for
// byte, and the file is where the store says. Then its letters are pruned after the retention:
// judge verify says so and the games still read the same.
func TestArchiveRoundTrip(t *testing.T) {
	r := rulingRig(t)
	run := func(args ...string) (string, int) {
		t.Helper()
		out, code, err := runArgs(throughDaemon(r.d), args...)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.settle(context.Background()); err != nil {
			t.Fatal(err)
		}
		return out, code
	}
	// In play: refused, the games named.
	out, code := run("archive", "RUL-1")
	if code != 1 || !strings.Contains(out, "still in play") || !strings.Contains(out, "RUL-1/1-4") {
		t.Fatalf("archive of a tournament in play: exit %d\n%s", code, out)
	}
	var games []store.GameID
	if err := r.db.View(func(tx *store.Tx) (err error) { games, err = tx.Games("RUL-1"); return err }); err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if out, code := run("judge", "annul", g.Key(), "-clause", "4.1.7", "-reason", "season closed"); code != 0 {
			t.Fatalf("annul %s: %s", g, out)
		}
	}
	before := map[string]string{}
	for _, args := range readCommands {
		out, code := run(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
		before[strings.Join(args, " ")] = out
	}
	// The web pages read it through the office's Reader.
	reader := reading.NewReader(r.db)
	pageIn, pageGames, err := reader.Tournament("RUL-1", r.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	pageGame, err := reader.Game("RUL-1", "1-4", r.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	out, code = run("archive", "RUL-1")
	if code != 0 || !strings.Contains(out, "tournament RUL-1 archived in ") {
		t.Fatalf("archive: exit %d\n%s", code, out)
	}
	file := filepath.Join(filepath.Dir(r.db.Path()), "archive", store.ArchiveFileName("RUL-1", 0))
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("the archive file: %v\n%s", err, out)
	}
	for _, args := range readCommands {
		got, code := run(args...)
		key := strings.Join(args, " ")
		if code != 0 || got != before[key] {
			t.Errorf("%s after archive: exit %d\n%s", key, code, cmp.Diff(before[key], got))
		}
	}
	// A zone is the same zone by its name (a *time.Location has no exported fields).
	zones := cmp.Comparer(func(a, b *time.Location) bool { return a.String() == b.String() })
	if in, games, err := reader.Tournament("RUL-1", r.clock.Now()); err != nil || !cmp.Equal(in, pageIn) || !cmp.Equal(games, pageGames, zones) {
		t.Errorf("the tournament's page after archive: %v\n%s", err, cmp.Diff(pageIn, in))
	}
	if g, err := reader.Game("RUL-1", "1-4", r.clock.Now()); err != nil || !cmp.Equal(g, pageGame, zones) {
		t.Errorf("the game's page after archive: %v\n%s", err, cmp.Diff(pageGame, g))
	}
	if out, code := run("archive", "-list"); code != 0 || !strings.Contains(out, "RUL-1  "+filepath.Base(file)) {
		t.Errorf("archive -list: exit %d\n%s", code, out)
	}
	if out, code := run("judge", "verify"); code != 0 || !strings.Contains(out, "archived tournament RUL-1: its archive file verifies") {
		t.Errorf("judge verify: exit %d\n%s", code, out)
	}
	// The store no longer lists it; nothing of it changes.
	if out, _ := run("judge", "list"); strings.Contains(out, "RUL-1/") {
		t.Errorf("judge list still lists the archived games:\n%s", out)
	}
	if out, code := run("judge", "penalty", "RUL-1/1-4", "white", "1", "-clause", "4.2.11", "-reason", "late"); code != 1 || !strings.Contains(out, "archived") {
		t.Errorf("a ruling on an archived game: exit %d\n%s", code, out)
	}
	// Within the retention nothing is pruned; after it the raw letters go.
	if out, code := run("prune"); code != 0 || !strings.Contains(out, "RUL-1: letters kept until ") {
		t.Errorf("prune within the retention: exit %d\n%s", code, out)
	}
	r.clock.set(r.clock.Now().Add(31 * 24 * time.Hour))
	out, code = run("prune", "RUL-1")
	if code != 0 || !strings.Contains(out, "letters pruned") {
		t.Fatalf("prune: exit %d\n%s", code, out)
	}
	if out, code := run("prune"); code != 0 || !strings.Contains(out, "RUL-1: letters pruned already on ") {
		t.Errorf("a second prune: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"export", "-game", "RUL-1/1-4"}, {"judge", "list", "-tournament", "RUL-1"}} { // the report is dated today
		key := strings.Join(args, " ")
		if got, code := run(args...); code != 0 || got != before[key] {
			t.Errorf("%s after prune: exit %d\n%s", key, code, cmp.Diff(before[key], got))
		}
	}
	out, code = run("judge", "verify", "RUL-1/1-4")
	if code != 0 || !strings.Contains(out, "chain verifies") || !strings.Contains(out, "letters pruned after their retention") {
		t.Errorf("judge verify after prune: exit %d\n%s", code, out)
	}
	if out, code := run("judge", "show", "RUL-1/1-4"); code != 0 || !strings.Contains(out, "(pruned: the raw letter dropped") {
		t.Errorf("judge show after prune: exit %d\n%s", code, out)
	}
	if out, code := run("judge", "letter", "RUL-1/1-4", "1", "-raw"); code != 1 || !strings.Contains(out, "was pruned") || !strings.Contains(out, "SHA-256") {
		t.Errorf("judge letter -raw of a pruned letter: exit %d\n%s", code, out)
	}
}

// TestArchiveCommandLine runs archive and prune as the binary does with no daemon running: on
// the store the configuration names (a copy of a finished tournament's), with [store]
// retain_raw_days read from it, -config anywhere.
func TestArchiveCommandLine(t *testing.T) {
	r := rulingRig(t)
	var games []store.GameID
	if err := r.db.View(func(tx *store.Tx) (err error) { games, err = tx.Games("RUL-1"); return err }); err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if out, code := r.judge(t, "annul", g.Key(), "-clause", "4.1.7", "-reason", "season closed"); code != 0 {
			t.Fatalf("annul %s: %s", g, out)
		}
	}
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "postald.db")
	if out, code, err := runArgs(throughDaemon(r.d), "backup", copyPath); err != nil || code != 0 {
		t.Fatalf("backup: %v %s", err, out)
	}
	config := func(days int) string {
		file := filepath.Join(dir, fmt.Sprintf("postald-%d.toml", days))
		cfg := fmt.Sprintf("[store]\npath = %q\nretain_raw_days = %d\n[imap]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\n"+
			"[smtp]\naddress = \"127.0.0.1:1\"\ntls = \"none\"\nfrom = \"moves@rul.test\"\n[control]\nsocket = %q\n",
			copyPath, days, filepath.Join(dir, "no-daemon.sock"))
		if err := os.WriteFile(file, []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
		return file
	}
	cfg := config(30)
	show := []string{"judge", "show", "RUL-1/1-4", "-config", cfg}
	code, before, errOut := runLine(show...)
	if code != 0 {
		t.Fatalf("judge show: %s", errOut)
	}
	if code, out, errOut := runLine("-config", cfg, "archive", "RUL-1"); code != 0 || !strings.Contains(out, "archived in "+filepath.Join(dir, "archive")) {
		t.Fatalf("archive: exit %d\n%s%s", code, out, errOut)
	}
	if code, after, errOut := runLine(show...); code != 0 || after != before {
		t.Errorf("judge show after archive: exit %d %s\n%s", code, errOut, cmp.Diff(before, after))
	}
	if code, out, _ := runLine("archive", "-list", "-config", cfg); code != 0 || !strings.Contains(out, store.ArchiveFileName("RUL-1", 0)) {
		t.Errorf("archive -list: exit %d\n%s", code, out)
	}
	if code, out, errOut := runLine("prune", "RUL-1", "-config", cfg); code != 0 || !strings.Contains(out, "letters kept until") {
		t.Errorf("prune within the retention: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runLine("prune", "-config", config(0)); code != 1 || !strings.Contains(out+errOut, "retain_raw_days is 0") {
		t.Errorf("prune with no retention: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runLine("prune", "-config", config(29)); code != 1 || !strings.Contains(out+errOut, "[store] retain_raw_days = 29") {
		t.Errorf("prune with 29 days: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runLine("archive", "-config", cfg); code != 2 || !strings.Contains(errOut, "usage: postald archive") {
		t.Errorf("archive without a code: exit %d\n%s", code, errOut)
	}
}
