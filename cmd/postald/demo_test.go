package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/rules/pdn"
	"postald/internal/store"
)

// TestDemo runs the README's first command in-process: it must exit 0 after playing the whole
// game, with the verdicts the demo announces.
func TestDemo(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errs}, []string{"demo"})
	if code != 0 {
		t.Fatalf("postald demo exited %d: %s\n%s", code, errs.String(), out.String())
	}
	for _, want := range []string{
		"X-Postald-Verdict: corrected   X-Postald-Clause: 4.2.10",
		"2. b4-a5 is played (4.2.10)",
		"Variant accepted: 3. b2-c3 is played (4.2.13)",
		"Result: 1-0.",
		"every letter in and out is archived in a hash chain that verifies",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
}

// demoStore plays the demo into a store of the test's own and opens it.
func demoStore(t *testing.T) *store.DB {
	t.Helper()
	dir := t.TempDir()
	if err := demo(context.Background(), io.Discard, slog.New(slog.DiscardHandler), dir); err != nil {
		t.Fatalf("demo: %v", err)
	}
	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// runOn runs a command line on the store, as a command that found no daemon does.
func runOn(t *testing.T, db *store.DB, args ...string) (string, int) {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	out, code, err := runArgs(onStore(db, mail.Address{Address: "moves@postald.demo"}, now), args...)
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return out, code
}

func TestStoreCommandsOnDemoGame(t *testing.T) {
	db := demoStore(t)

	out, code := runOn(t, db, "judge", "list")
	if code != 0 || !strings.Contains(out, "DEMO-2026/1-2") || !strings.Contains(out, "finished 1-0") {
		t.Errorf("judge list = %d:\n%s", code, out)
	}
	out, code = runOn(t, db, "judge", "show", "1-2")
	for _, want := range []string{"11. b2:h6", "4. a3:a7", "(from a variant)", "corrected", "status: finished"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("judge show lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	out, code = runOn(t, db, "judge", "verify", "1-2")
	if code != 0 || !strings.Contains(out, "chain verifies") {
		t.Errorf("judge verify = %d: %s", code, out)
	}
	out, code = runOn(t, db, "judge", "forfeit", "-clause", "4.3.1", "-reason", "late", "1-2", "black")
	if code == 0 {
		t.Errorf("a forfeit on a finished game was accepted:\n%s", out)
	}
	out, code = runOn(t, db, "judge", "penalty", "1-2", "white", "3")
	if code == 0 || !strings.Contains(out, "-clause and -reason") {
		t.Errorf("a ruling without a clause: exit %d, %s", code, out)
	}

	out, code = runOn(t, db, "export", "-game", "DEMO-2026/1-2")
	if code != 0 {
		t.Fatalf("export = %d: %s", code, out)
	}
	exported := out
	games, err := pdn.ReadAll(strings.NewReader(out))
	if err != nil || len(games) != 1 {
		t.Fatalf("exported PDN: %v, %d games:\n%s", err, len(games), out)
	}
	v, err := pdn.VariantOf(games[0])
	if err != nil || v.ID() != "column" {
		t.Fatalf("exported PDN variant: %v %v", v, err)
	}
	rg, err := pdn.Replay(games[0], v)
	if err != nil || len(rg.Moves) != 21 {
		t.Errorf("exported PDN replays %v moves, err %v:\n%s", rg, err, out)
	}

	// The exported game replays through `postald check` as a user would run it.
	file := filepath.Join(t.TempDir(), "1-2.pdn")
	if err := os.WriteFile(file, []byte(exported), 0o644); err != nil {
		t.Fatal(err)
	}
	var checkOut bytes.Buffer
	if code := run(context.Background(), &cmdEnv{stdout: &checkOut, stderr: &checkOut}, []string{"check", file}); code != 0 || !strings.Contains(checkOut.String(), "checked 1 game: 0 bad") {
		t.Errorf("postald check on the exported game: exit %d\n%s", code, checkOut.String())
	}

	out, code = runOn(t, db, "report")
	for _, want := range []string{"DEMO-2026", "Ivan Ivanov", "Peter Petrov"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("report lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	out, code = runOn(t, db, "report", "-send")
	if code != 0 || !strings.Contains(out, "queued for director@postald.demo") {
		t.Errorf("report -send = %d: %s", code, out)
	}
	if err := db.View(func(tx *store.Tx) error {
		due, err := tx.Due(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC), 0)
		if err != nil {
			return err
		}
		if len(due) != 1 || !bytes.Contains(due[0].Raw, []byte("filename=1-2.pdn")) || !bytes.Contains(due[0].Raw, []byte("report.html")) {
			t.Errorf("report letter in the outbox: %d due", len(due))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
