package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/tablebase"
)

// endgameDir builds the Russian database to three pieces through the command, in a directory
// of the test's own.
func endgameDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var out, errs bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}
	if code := run(context.Background(), env, []string{"endgame", "build", "-variant", "russian", "-pieces", "3", "-dir", dir}); code != 0 {
		t.Fatalf("endgame build: exit %d: %s", code, errs.String())
	}
	return dir
}

// TestEndgameBuild builds to three pieces: a file per material, the summary on the standard
// output, the progress on the standard error; run again, everything is kept.
func TestEndgameBuild(t *testing.T) {
	dir := endgameDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "russian", "*.egdb"))
	if len(files) != 16 {
		t.Errorf("%d files, want 16 (every material of two and three pieces)", len(files))
	}
	var out, errs bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}
	if code := run(context.Background(), env, []string{"endgame", "build", "-variant", "russian", "-pieces", "3", "-dir", dir}); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "built 0 pairs, kept 9;") || !strings.Contains(errs.String(), "kept 0m1k-0m2k + 0m2k-0m1k: its files are there and sound") {
		t.Errorf("run again: %q\n%s", out.String(), errs.String())
	}
	for _, args := range [][]string{{"endgame"}, {"endgame", "solve"}, {"endgame", "build", "-pieces", "3"}, {"endgame", "build", "-pieces", "9", "-dir", dir}} {
		var o, e bytes.Buffer
		if code := run(context.Background(), &cmdEnv{stdin: strings.NewReader(""), stdout: &o, stderr: &e}, args); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, e.String())
		}
	}
}

// TestEndgameProbe looks positions up as formats.md fixes it: FEN, verdict and a move that keeps
// it, tab-separated, one line a position, from the arguments or the standard input; ? and - for
// a position the database does not hold; -json with the line played to the end.
func TestEndgameProbe(t *testing.T) {
	dir := endgameDir(t)
	probe := func(stdin string, args ...string) (string, string, int) {
		var out, errs bytes.Buffer
		env := &cmdEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errs}
		code := run(context.Background(), env, append([]string{"endgame", "probe", "-variant", "russian", "-dir", dir}, args...))
		return out.String(), errs.String(), code
	}
	out, errs, code := probe("W:WKc3:BKh8\nB:WKc3:BKh8\n\nW:WKd2:BKf6\nW:WKa1,Kc1:BKh8\nW:WKa1,Kc1,Ke1:BKf8\nW:Wa3,c3,e3:Bf6,h6\nW:WKa1:Bb2\n")
	want := "W:WKc3:BKh8\twin\tc3-a1\n" + // the corner trap on the main road
		"B:WKc3:BKh8\twin\th8:b2\n" + // taken at once
		"W:WKd2:BKf6\tdraw\td2-e3\n" +
		"W:WKa1,Kc1:BKh8\twin\tc1-d2\n" + // the lone king shut in its corner of the main road
		"W:WKa1,Kc1,Ke1:BKf8\t?\t-\n" + // four pieces: not held
		"W:Wa3,c3,e3:Bf6,h6\t?\t-\n" +
		"W:WKa1:Bb2\twin\ta1:c3\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stderr %q\n%s\nwant\n%s", code, errs, out, want)
	}
	// Positions on the command line; a line that is no position is named, the rest answered.
	out, errs, code = probe("", "W:WKc3:BKh8", "W:WKz9:BKh8")
	if code != 1 || out != "W:WKc3:BKh8\twin\tc3-a1\n" || !strings.Contains(errs, `line 2: "W:WKz9:BKh8" is not a position`) {
		t.Errorf("exit %d %q %q", code, out, errs)
	}
	out, _, code = probe("W:WKb2,Kd2:BKa1\n", "-json")
	var r struct {
		FEN, Verdict, Move string
		Line               []string
		Distance, Plies    int
		Rules              string `json:"rules_verdict"`
		Certain            bool
		Says               string
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if r.Verdict != "win" || r.Distance != (r.Plies+1)/2 || len(r.Line) != r.Plies || r.Move != r.Line[0] || r.Rules != "win" || !r.Certain ||
		!strings.HasPrefix(r.Says, "White wins in ") {
		t.Errorf("%+v", r)
	}
	// No database there: every position is ?, and the standard error says so.
	out, errs, code = probe("W:WKc3:BKh8\n", "-dir", t.TempDir())
	if code != 0 || out != "W:WKc3:BKh8\t?\t-\n" || !strings.Contains(errs, "holds no russian database") {
		t.Errorf("no database: %d %q %q", code, out, errs)
	}
}

// endgameFixture is the directory of the database the tests read: Russian three kings against
// a king and what it depends on, as postald endgame build writes it (package tablebase checks
// the files against a build of its own).
func endgameFixture(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "internal", "tablebase", "testdata", "db"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// endgameSheet is a Russian tournament of two whose game starts, drawn by lot, from Petrov's
// position: three white kings against one (White wins in 11 moves, beyond 2.6's limit of 5).
func endgameSheet(lang string) string {
	return `
[tournament]
code = "EG-1"
name = "endings"
variant = "russian"
start = 2026-11-02
end = 2026-11-06
language = "` + lang + `"
address = "moves@eg.test"
judge = "judge@eg.test"
director = "director@eg.test"
[lots]
openings = "list"
[[lots.line]]
name = "Petrov"
fen = "W:WKa1,Kc1,Ke1:BKf8"
[[player]]
number = 1
name = "Anna White"
email = "anna@eg.test"
[[player]]
number = 2
name = "Boris Black"
email = "boris@eg.test"
`
}

// TestEndgameDesk plays the desk through the office and the daemon on the in-process mail
// servers, in both languages: Black claims a draw by the database, which goes to the judge
// with the verdict and its line; judge show and the director's report show the verdict; the
// game goes to adjudication at the end date and the judge's package carries it.
func TestEndgameDesk(t *testing.T) {
	dbDir := endgameFixture(t)
	for _, c := range []struct {
		lang                                   string
		toJudge, claimJudge, show, report, pkg string
	}{
		{"en", "Your claim goes to the judge", "Boris Black (Black) claims a draw by the endgame database",
			"Endgame database: White wins in 11 moves with best play; under 2.6 a draw", "Games the endgame database settles",
			"Endgame database: White wins in 10 moves with best play; under 2.6 a draw"},
		{"ru", "Ваше заявление передано судье", "Boris Black (чёрные) требует признать ничью по базе окончаний",
			"База окончаний: Белые выигрывают за 11 ходов при лучшей игре; по п. 2.6 ничья", "Партии, исход которых известен из базы окончаний",
			"База окончаний: Белые выигрывают за 10 ходов при лучшей игре; по п. 2.6 ничья"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := context.Background()
			moscow, _ := time.LoadLocation("Europe/Moscow")
			day := func(d int) time.Time { return time.Date(2026, 11, d, 10, 0, 0, 0, moscow) }
			eg := tablebase.OpenDirectory(dbDir)
			defer eg.Close()
			r, err := startRigWith(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "eg.test", []string{"anna", "boris", "judge", "director"}, day(1), eg)
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := r.close(); err != nil {
					t.Error(err)
				}
			}()
			if err := r.create(ctx, endgameSheet(c.lang)); err != nil {
				t.Fatal(err)
			}
			read := func(u string) string {
				t.Helper()
				var b strings.Builder
				if _, err := r.readers[u].printNew(&b); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			read("anna")
			read("boris")
			read("judge")
			r.clock.set(day(3))
			if _, err := r.send(ctx, "boris", "EG-1 game 1-2", "Позиция в базе окончаний: ничья.\n", 1); err != nil {
				t.Fatal(err)
			}
			if got := read("boris"); !strings.Contains(got, c.toJudge) || !strings.Contains(got, "1. a1-d4") {
				t.Errorf("Boris's answer:\n%s", got)
			}
			if got := read("judge"); !strings.Contains(got, c.claimJudge) || !strings.Contains(got, "postald judge adjudicate EG-1/1-2 RESULT -clause 2.6") {
				t.Errorf("the judge's letter:\n%s", got)
			}
			if got := read("anna"); !strings.Contains(got, "1. a1-d4") {
				t.Errorf("Anna was not told of the claim:\n%s", got)
			}
			out, code, err := runArgs(throughDaemon(r.d), "judge", "show", "EG-1/1-2")
			if err != nil || code != 0 || !strings.Contains(out, c.show) {
				t.Errorf("judge show: %d %v\n%s", code, err, out)
			}
			out, _, _ = runArgs(throughDaemon(r.d), "judge", "show", "-json", "EG-1/1-2")
			var view struct {
				Endgame struct {
					Verdict  string
					Rules    string `json:"rules_verdict"`
					Distance int
					Line     []string
				}
			}
			if err := json.Unmarshal([]byte(out), &view); err != nil || view.Endgame.Verdict != "win" || view.Endgame.Distance != 11 || view.Endgame.Rules != "draw" || len(view.Endgame.Line) != 21 {
				t.Errorf("judge show -json: %v %+v\n%s", err, view.Endgame, out)
			}
			out, _, _ = runArgs(throughDaemon(r.d), "report", "-tournament", "EG-1")
			if !strings.Contains(out, c.report) {
				t.Errorf("the director's report has no section of the settled games:\n%s", out)
			}
			// White moves on the end date: Black receives it then, and the game goes to the judge.
			r.clock.set(day(6))
			if _, err := r.send(ctx, "anna", "EG-1 game 1-2", "Мой ход: 1. a1-d4\n", 2); err != nil {
				t.Fatal(err)
			}
			if err := r.wait(ctx, day(17)); err != nil {
				t.Fatal(err)
			}
			if got := read("judge"); !strings.Contains(got, c.pkg) {
				t.Errorf("the adjudication package lacks %q:\n%s", c.pkg, got)
			}
		})
	}
}
