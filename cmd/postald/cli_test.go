package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/office"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
)

// runLine runs a postald command line in-process and returns its exit status and what it wrote.
func runLine(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(context.Background(), &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

// TestHelpEverywhere: -h after every command and judge subcommand prints its usage with its
// arguments and an example and exits 0, without reading a configuration (none exists here), in
// the command line's language: the locale's (LANG) when no configuration names one.
func TestHelpEverywhere(t *testing.T) {
	t.Setenv("POSTALD_CONFIG", filepath.Join(t.TempDir(), "missing.toml"))
	type line struct {
		args []string
		want string // the usage line's beginning, after the language's word for "usage:"
	}
	var lines []line
	for _, c := range commands() {
		lines = append(lines, line{[]string{c.name, "-h"}, "postald " + c.name}, line{[]string{c.name, "--help"}, "postald " + c.name})
	}
	for _, sub := range judgeCommands {
		want := "postald judge " + sub
		lines = append(lines, line{[]string{"judge", sub, "-h"}, want}, line{[]string{"judge", sub, "1-4", "-h"}, want},
			line{[]string{"judge", "help", sub}, want}, line{[]string{"-config", "x.toml", "judge", sub, "-h"}, want})
	}
	lines = append(lines, line{[]string{"judge", "help"}, "postald judge"},
		line{[]string{"tournament", "create", "-h"}, "postald tournament create"},
		line{[]string{"tournament", "create", "-sheet", "x.toml", "-h"}, "postald tournament create"},
		line{[]string{"help"}, "postald"}, line{[]string{"-h"}, "postald"})
	for _, locale := range []struct{ lang, env string }{{"en", "C.UTF-8"}, {"ru", "ru_RU.UTF-8"}} {
		t.Setenv("LANG", locale.env)
		tx := &phrase.For(locale.lang).CLI
		example := map[string]string{"en": "example", "ru": "пример"}[locale.lang]
		for _, l := range lines {
			code, out, errOut := runLine(l.args...)
			name := strings.Join(l.args, " ")
			if code != 0 || errOut != "" {
				t.Errorf("%s: postald %s: exit %d, stderr %q; want 0 and nothing on stderr", locale.lang, name, code, errOut)
				continue
			}
			if !strings.Contains(out, example) || !strings.Contains(out, "\n  postald ") {
				t.Errorf("%s: postald %s printed no example line:\n%s", locale.lang, name, out)
			}
			if !strings.HasPrefix(out, tx.Help.Usage+" "+l.want) {
				t.Errorf("%s: postald %s: usage does not begin %q:\n%s", locale.lang, name, tx.Help.Usage+" "+l.want, out)
			}
			if strings.Contains(out, "missing.toml") {
				t.Errorf("%s: postald %s read the configuration:\n%s", locale.lang, name, out)
			}
			checkLanguage(t, locale.lang, out)
		}
	}
}

// TestUsageNamesEveryFlag: the usage line of every command and judge subcommand names every flag
// the command takes (its -h lists them below): a flag a user can give is never missing from
// the line that shows how to give it (tournament create [-force]).
func TestUsageNamesEveryFlag(t *testing.T) {
	flagLine := regexp.MustCompile(`^  (-[a-z-]+)`)
	for _, lang := range []string{"en", "ru"} {
		t.Setenv("LANG", map[string]string{"en": "C.UTF-8", "ru": "ru_RU.UTF-8"}[lang])
		for _, name := range usageNames() {
			args := append(strings.Fields(name), "-h")
			_, out, _ := runLine(args...)
			synopsis, rest, _ := strings.Cut(out, "\n\n")
			_, flags, _ := strings.Cut(rest, "\n"+phrase.For(lang).CLI.Help.Flags+"\n")
			for _, l := range strings.Split(flags, "\n") {
				m := flagLine.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				if !regexp.MustCompile(`(^|[\s\[(])` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(synopsis) {
					t.Errorf("%s: postald %s -h lists %s, its usage line does not:\n%s", lang, name, m[1], synopsis)
				}
			}
		}
	}
}

// TestConfigAnywhere: -config stands before the command, after it or after the arguments of
// every command that reads a configuration, and $POSTALD_CONFIG stands in for it; the
// configuration named (here one that does not exist) is the one read.
func TestConfigAnywhere(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "start.toml")
	if err := os.WriteFile(sheet, []byte(rulingSheet), 0o600); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "copy.db")
	commands := [][]string{
		{"judge", "list"}, {"judge", "show", "1-4"}, {"judge", "penalty", "1-4", "black", "2", "-clause", "4.2.11", "-reason", "r"},
		{"report"}, {"export", "-game", "1-4"}, {"backup", backup}, {"tournament", "create", "-sheet", sheet},
		{"check-config"}, {"serve"}, {"card", "-game", "1-4", "-from", "black", sheet}, {"cards"},
		{"check-config"}, {"serve"}, {"archive", "RUL-1"}, {"archive", "-list"}, {"prune"}, {"prune", "RUL-1"},
	}
	for _, cmd := range commands {
		for i, place := range []string{"before the command", "after the command", "after the arguments", "from $POSTALD_CONFIG"} {
			file := filepath.Join(dir, strings.ReplaceAll(place, " ", "-")+".toml")
			var line []string
			switch i {
			case 0:
				line = append([]string{"-config", file}, cmd...)
			case 1:
				line = append([]string{cmd[0], "-config", file}, cmd[1:]...)
			case 2:
				line = append(append([]string{}, cmd...), "-config="+file)
			case 3:
				line = cmd
			}
			if i == 3 {
				t.Setenv("POSTALD_CONFIG", file)
			} else {
				t.Setenv("POSTALD_CONFIG", filepath.Join(dir, "not-this-one.toml"))
			}
			code, out, errOut := runLine(line...)
			if code == 0 || !strings.Contains(out+errOut, file) {
				t.Errorf("postald %s (-config %s): exit %d, %q; want a failure naming %s", strings.Join(line, " "), place, code, out+errOut, file)
			}
		}
	}
	// A command that reads no configuration says so.
	if code, _, errOut := runLine("-config", "x.toml", "perft", "-depth", "1"); code != 2 || !strings.Contains(errOut, "reads no configuration") {
		t.Errorf("postald -config x.toml perft: exit %d, %q", code, errOut)
	}
}

// TestCommandErrorsSayWhatIsWanted: a command line wrong in its shape is told what was expected.
func TestCommandErrorsSayWhatIsWanted(t *testing.T) {
	t.Setenv("POSTALD_CONFIG", filepath.Join(t.TempDir(), "missing.toml"))
	tests := []struct {
		line []string
		want string
	}{
		{[]string{"judge", "penalty", "1-4", "black", "-clause", "4.2.11", "-reason", "r"}, "penalty needs 3 arguments, got 2"},
		{[]string{"judge", "penalty", "1-4", "black", "two", "-clause", "4.2.11", "-reason", "r"}, "want a whole number of days"},
		{[]string{"judge", "forfeit", "1-4", "black"}, "-clause and -reason"},
		{[]string{"judge", "protest", "1-4"}, "-reason DECISION"},
		{[]string{"judge", "protest", "1-4", "-reason", "a", "-decision", "b"}, "the same flag"},
		{[]string{"judge", "withdraw", "Пётр", "-reason", "r"}, "want his number"},
		{[]string{"judge", "nonsense"}, "want one of list, show"},
		{[]string{"tournament"}, "want the command create"},
		{[]string{"tournament", "start"}, `unknown command "start"; want create`},
		{[]string{"tournament", "create"}, "want -sheet START.toml"},
	}
	for _, tc := range tests {
		code, out, errOut := runLine(tc.line...)
		if code == 0 || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("postald %s: exit %d, %q; want a failure with %q", strings.Join(tc.line, " "), code, out+errOut, tc.want)
		}
	}
}

// TestRulingsCommandLine: the command lines, end to end in the daemon: flags after the
// arguments, a side given as the player's number, protest's -reason.
func TestRulingsCommandLine(t *testing.T) {
	r := rulingRig(t)
	// Game 1-4: Anna (1) has White, Gleb (4) Black.
	if out, code := r.judge(t, "penalty", "1-4", "4", "2", "-clause", "4.2.11", "-reason", "move not repeated"); code != 0 {
		t.Fatalf("judge penalty 1-4 4 2 -clause ... -reason ...: exit %d, %s", code, out)
	}
	if g := r.game(t, "1-4"); g.BlackClock.Penalty != 2 || g.WhiteClock.Penalty != 0 {
		t.Errorf("penalty by number 4: white %d, black %d penalty days; want 0 and 2", g.WhiteClock.Penalty, g.BlackClock.Penalty)
	}
	if out, code := r.judge(t, "protest", "1-4", "-reason", "protest rejected: the move was read right"); code != 0 {
		t.Fatalf("judge protest -reason: exit %d, %s", code, out)
	}
	if out, code := r.judge(t, "protest", "1-4", "-decision", "second protest rejected"); code != 0 {
		t.Fatalf("judge protest -decision: exit %d, %s", code, out)
	}
	if out, code := r.judge(t, "forfeit", "1-4", "1", "-clause", "4.3.1", "-reason", "time overstep confirmed"); code != 0 {
		t.Fatalf("judge forfeit 1-4 1: exit %d, %s", code, out)
	}
	if g := r.game(t, "1-4"); g.Status != referee.StatusFinished || g.Result != "0-1" {
		t.Errorf("forfeit by number 1 (White): %s %s, want finished 0-1", g.Status, g.Result)
	}
	rs := r.rulings(t)
	var got []string
	for _, x := range rs {
		got = append(got, x.Kind+" "+x.Clause+" "+x.Reason)
	}
	want := []string{"penalty 4.2.11 move not repeated", "protest 4.1.12 protest rejected: the move was read right",
		"protest 4.1.12 second protest rejected", "forfeit 4.3.1 time overstep confirmed"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rulings log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if out, code := r.judge(t, "forfeit", "1-4", "7", "-clause", "4.3.1", "-reason", "r"); code == 0 || !strings.Contains(out, "7") {
		t.Errorf("forfeit by a number not in the game: exit %d, %s", code, out)
	}
}

// TestTournamentCreateRefuses: tournament create refuses each bad sheet with the key named and
// registers nothing; -force registers a sheet that is only unusual (an end date already past).
func TestTournamentCreateRefuses(t *testing.T) {
	ctx := context.Background()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	r, err := startRig(ctx, t.TempDir(), slog.New(slog.DiscardHandler), "rul.test",
		[]string{"anna", "boris", "vera", "gleb", "judge", "director"}, time.Date(2026, 11, 1, 10, 0, 0, 0, moscow))
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	dir := t.TempDir()
	create := func(sheet string, flags ...string) (string, int) {
		t.Helper()
		f := filepath.Join(dir, "start.toml")
		if err := os.WriteFile(f, []byte(sheet), 0o600); err != nil {
			t.Fatal(err)
		}
		out, code, err := runArgs(throughDaemon(r.d), append([]string{"tournament", "create", "-sheet", f}, flags...)...)
		if err != nil {
			t.Fatal(err)
		}
		return out, code
	}
	edit := func(old, new string) string {
		if !strings.Contains(rulingSheet, old) {
			t.Fatalf("the sheet has no %q", old)
		}
		return strings.Replace(rulingSheet, old, new, 1)
	}
	tests := []struct {
		name, sheet, key, what string
	}{
		{"end date past", strings.Replace(edit("end = 2027-11-01", "end = 2026-10-01"), "start = 2026-11-02", "start = 2026-09-01", 1), "tournament.end", "not after today, 2026-11-01"},
		{"start after the end", edit("start = 2026-11-02", "start = 2028-01-01"), "tournament.end", "is not after the start 2028-01-01"},
		{"player without an address", edit("email = \"boris@rul.test\"\n", ""), "player 2 (number 2).email", "missing e-mail address"},
		{"an address twice", edit("email = \"vera@rul.test\"", "email = \"Anna@rul.test\""), "player 3 (number 3).email", "also the address of player 1"},
		{"a number twice", edit("number = 4", "number = 3"), "player 4 (number 3).number", "also the number of player 3"},
		{"adjudication_days = 0", rulingSheet + "[regulation]\nadjudication_days = 0\n", "regulation.adjudication_days", "0: "},
		{"penalty_days = 0", rulingSheet + "[regulation]\npenalty_days = 0\n", "regulation.penalty_days", "leave the key out for the default 6"},
		{"control_days = -5", rulingSheet + "[regulation]\ncontrol_days = -5\n", "regulation.control_days", "cannot be negative"},
		{"control_moves = 0", rulingSheet + "[regulation]\ncontrol_moves = 0\n", "regulation.control_moves", "at least one move"},
		{"leave_days = 0", rulingSheet + "[regulation]\nleave_days = 0\n", "regulation.leave_days", "0: "},
		{"rounds = 0", edit("language = \"en\"", "language = \"en\"\nrounds = 0"), "tournament.rounds", "0: want 1"},
	}
	for _, tc := range tests {
		out, code := create(tc.sheet)
		if code == 0 || !strings.Contains(out, tc.key+": ") || !strings.Contains(out, tc.what) {
			t.Errorf("%s: exit %d, %q; want a refusal naming %s with %q", tc.name, code, out, tc.key, tc.what)
		}
	}
	if out, code, err := runArgs(throughDaemon(r.d), "judge", "list"); err != nil || code != 0 || strings.Contains(out, "1-2") {
		t.Fatalf("a refused sheet registered games: exit %d\n%s", code, out)
	}
	out, code := create(tests[0].sheet, "-force")
	if code != 0 || !strings.Contains(out, "tournament RUL-1 registered") {
		t.Errorf("an end date past with -force: exit %d, %q; want it registered", code, out)
	}
}

// TestLateStartLetter: a tournament registered after its start date tells each player that his
// play starts the day after he receives the start letter (4.3.2), not on the sheet's date.
func TestLateStartLetter(t *testing.T) {
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
	var text strings.Builder
	if _, err := r.readers["anna"].printNew(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The tournament started on 2 November 2026", "your play starts on 11 November 2026"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("Anna's start letter lacks %q:\n%s", want, text.String())
		}
	}
}

// loadStored reads game id as the store holds it, without its table.
func loadStored(tx *store.Tx, id store.GameID) (referee.Game, error) {
	st, err := office.LoadGame(tx, id)
	return st.Game, err
}
