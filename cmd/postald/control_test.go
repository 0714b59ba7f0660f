package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/office"
	"postald/internal/phrase"
	"postald/internal/store"
)

// requestRunner runs an office request somewhere: in a daemon (its Command, or its control
// socket) or on a store. failed is the request's own failure; err an error of the way there
// (the socket's: no daemon, the request not run).
type requestRunner func(office.Command) (rep office.Reply, failed, err error)

// onStore runs requests with an office on db, as a command that found no daemon does.
func onStore(db *store.DB, from mail.Address, now func() time.Time) requestRunner {
	o := office.New(office.Options{Store: db, From: from, Now: now})
	return func(req office.Command) (office.Reply, error, error) {
		rep, err := o.Run(req)
		return rep, err, nil
	}
}

// throughDaemon runs requests as the control socket does, with the daemon's Command.
func throughDaemon(d *daemon.Daemon) requestRunner {
	return func(req office.Command) (office.Reply, error, error) {
		rep, err := d.Command(context.Background(), req)
		return rep, err, nil
	}
}

// throughSocket runs requests in the daemon listening on the control socket at path.
func throughSocket(path string) requestRunner {
	return func(req office.Command) (office.Reply, error, error) {
		rep, err := daemon.Call(path, req)
		var failure *daemon.Failure
		if errors.As(err, &failure) {
			return rep, err, nil
		}
		return rep, nil, err
	}
}

// testText is the command line's words the tests' command lines are run in: English, as with no
// [cli] language and the C locale (TestMain).
var testText = &phrase.For("en").CLI

// commandCallIn makes the call of a command line on the store as postald's commands make it
// ("judge show 1-4", "report -send", "export -game G", "tournament create -sheet F", "backup
// F"), without -config, in the command line's words testText. What it cannot take it has
// printed to out, and returns an exitError.
func commandCallIn(testText *phrase.CLIText, out io.Writer, args []string) (*storeCall, error) {
	if len(args) == 0 {
		return nil, errors.New("no command")
	}
	fs := flag.NewFlagSet("postald "+args[0], flag.ContinueOnError)
	fs.SetOutput(out)
	switch args[0] {
	case "judge":
		return judgeCall(testText, out, args[1:])
	case "report":
		return reportFlags(testText, fs, out, args[1:])
	case "export":
		game := fs.String("game", "", "")
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		return exportCall(*game), nil
	case "tournament":
		if len(args) < 2 || args[1] != "create" {
			return nil, fmt.Errorf("tournament %q", args[1:])
		}
		sheet := fs.String("sheet", "", "")
		force := fs.Bool("force", false, "")
		if err := fs.Parse(args[2:]); err != nil {
			return nil, err
		}
		data, err := os.ReadFile(*sheet)
		if err != nil {
			return nil, err
		}
		return createCall(testText, data, *force), nil
	case "card":
		return cardCall(&cmdEnv{stdout: out, stderr: out, stdin: strings.NewReader(""), tx: testText}, args[1:])
	case "cards":
		return cardsCall(&cmdEnv{stdout: out, stderr: out, tx: testText}, args[1:], time.Now)
	case "backup":
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		dst, err := filepath.Abs(fs.Arg(0))
		if err != nil {
			return nil, err
		}
		return backupCall(testText, dst), nil
	case "archive":
		list := fs.Bool("list", false, "")
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		return archiveCall(testText, fs.Arg(0), *list), nil
	case "lots":
		code := fs.String("tournament", "", "")
		hash := fs.String("hash", "", "")
		reason := fs.String("reason", "", "")
		if len(args) < 2 {
			return nil, errors.New("lots: want verify or reveal")
		}
		if err := fs.Parse(args[2:]); err != nil {
			return nil, err
		}
		return lotsCall(testText, office.LotsRequest{Tournament: *code, Hash: *hash, Reveal: args[1] == "reveal", Reason: *reason}), nil
	case "prune":
		// -days stands for [store] retain_raw_days of the configuration.
		days := fs.Int("days", 30, "")
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		call := pruneCall(testText, fs.Arg(0))
		call.configure(&config.Config{Store: config.Store{RetainRawDays: *days}})
		return call, nil
	}
	return nil, fmt.Errorf("unknown command %q", args[0])
}

// runArgs runs a command line with run and returns what the command prints and its exit
// status, as postald would. err is an error of the way to run it (the socket's), or of a
// command line commandCall cannot make.
func runArgs(run requestRunner, args ...string) (string, int, error) {
	words := *testText // the command's own words: no [cli] language fixes them (cmdEnv.speak)
	return runArgsIn(&words, run, args...)
}

// runArgsIn is runArgs in the command line's words tx.
func runArgsIn(tx *phrase.CLIText, run requestRunner, args ...string) (string, int, error) {
	var out bytes.Buffer
	call, err := commandCallIn(tx, &out, args)
	if err != nil {
		code, ok := exitStatus(err)
		if !ok {
			return out.String(), 0, err
		}
		return out.String(), code, nil
	}
	for {
		if !isBook(tx) {
			// As runStoreCall: a command about one tournament speaks its language.
			call.speak = (&cmdEnv{tx: tx}).speak
		}
		rep, failed, err := run(call.req)
		if err != nil {
			return out.String(), 0, err
		}
		code := call.finish(&out, rep, failed)
		if code != 0 || call.then == nil {
			return out.String(), code, nil
		}
		if call = call.then(); call == nil {
			return out.String(), 0, nil
		}
	}
}

// controlCall runs a command line in the daemon on the socket, as postald's commands do while
// it runs, writing what the command prints to out. err is the socket's: no daemon, or the
// request not run.
func controlCall(socket string, args []string, out io.Writer) (int, error) {
	text, code, err := runArgs(throughSocket(socket), args...)
	io.WriteString(out, text)
	return code, err
}

// writeSheet writes a start sheet to a file of the test's own and returns its path.
func writeSheet(tb testing.TB, sheet string) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "start.toml")
	if err := os.WriteFile(p, []byte(sheet), 0o600); err != nil {
		tb.Fatal(err)
	}
	return p
}

// cliArgs is a command line of postald for the configuration cfg: -config after the command
// ("judge -config F show 1-4", "tournament create -config F -sheet S").
func cliArgs(cfg string, args []string) []string {
	n := 1
	if args[0] == "tournament" {
		n = 2
	}
	return append(append(append([]string{}, args[:n]...), "-config", cfg), args[n:]...)
}

// runCLI runs postald in this process, as the judge runs it, and returns what it printed on
// its standard output and its exit status; what it printed on its standard error is logged.
func runCLI(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out, errs bytes.Buffer
	code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errs}, args)
	if errs.Len() > 0 {
		t.Logf("postald %s: %s", strings.Join(args, " "), errs.String())
	}
	return out.String(), code
}

// Every command on the store gives the same reply, byte for byte, whether postald finds the
// daemon and sends it the request over the control socket, or runs it on the store itself: the
// views and the report on the daemon's store while it runs; the changes on a live store through
// the socket and on its backup directly, one after the other, after which the two stores hold
// the same games, rulings and letters.
func TestSocketAndStoreGiveTheSameReply(t *testing.T) {
	r := startSocketRig(t)
	moscow, _ := time.LoadLocation("Europe/Moscow")
	direct := onStore(r.db, r.from, r.clock.Now)
	same := func(t *testing.T, direct requestRunner, args ...string) (string, int) {
		t.Helper()
		viaSocket, socketCode := runCLI(t, cliArgs(r.config, args)...)
		onStore, storeCode, err := runArgs(direct, args...)
		if err != nil {
			t.Fatalf("%s on the store: %v", strings.Join(args, " "), err)
		}
		if viaSocket != onStore || socketCode != storeCode {
			t.Errorf("%s: through the socket (exit %d) and on the store (exit %d) differ (-socket +store):\n%s",
				strings.Join(args, " "), socketCode, storeCode, cmp.Diff(viaSocket, onStore))
		}
		return viaSocket, socketCode
	}

	sheet := writeSheet(t, rulingSheet)
	if out, code := runCLI(t, cliArgs(r.config, []string{"tournament", "create", "-sheet", sheet})...); code != 0 ||
		!strings.Contains(out, "tournament RUL-1 registered: 4 players, 6 games, Russian draughts from 2026-11-02 to 2027-11-01") {
		t.Fatalf("tournament create through the socket: %d\n%s", code, out)
	}
	r.settle(t)
	r.clock.set(time.Date(2026, 11, 2, 10, 0, 0, 0, moscow))
	r.send(t, "anna", "RUL-1 game 1-4", "My move: 1. c3-d4\n", 1)
	r.clock.set(time.Date(2026, 11, 4, 10, 0, 0, 0, moscow))
	r.send(t, "gleb", "RUL-1 game 1-4", "Received your 1. c3-d4.\nMy move: 1... f6-g5\n", 2)
	r.send(t, "director", "RUL-1 game 1-4", "My move: 2. g3-h4\n", 3) // held: not from a player
	if out, code := runCLI(t, cliArgs(r.config, []string{"judge", "penalty", "1-4", "white", "2", "-clause", "4.1.9", "-reason", "rude"})...); code != 0 {
		t.Fatalf("judge penalty through the socket: %d\n%s", code, out)
	}
	r.settle(t)

	t.Run("views", func(t *testing.T) {
		var held []store.Inbound
		js, _ := same(t, direct, "judge", "quarantine", "-json")
		if err := json.Unmarshal([]byte(js), &held); err != nil || len(held) != 1 {
			t.Fatalf("judge quarantine -json: %v\n%s", err, js)
		}
		for _, tc := range []struct {
			args []string
			fail bool
		}{
			{args: []string{"judge", "list"}}, {args: []string{"judge", "list", "-json"}},
			{args: []string{"judge", "list", "-tournament", "RUL-1", "-json"}},
			{args: []string{"judge", "show", "1-4"}}, {args: []string{"judge", "show", "-json", "RUL-1/1-4"}},
			{args: []string{"judge", "show", "2-3"}}, {args: []string{"judge", "verify"}}, {args: []string{"judge", "verify", "1-4"}},
			{args: []string{"judge", "quarantine"}}, {args: []string{"judge", "letter", "1-4", "1"}},
			{args: []string{"judge", "letter", "1-4", "2"}}, {args: []string{"judge", "letter", "-raw", "1-4", "1"}},
			{args: []string{"judge", "letter", "quarantine", strconv.FormatUint(held[0].Archive, 10)}},
			{args: []string{"report"}}, {args: []string{"report", "-html"}}, {args: []string{"report", "-tournament", "RUL-1"}},
			{args: []string{"export", "-game", "RUL-1/1-4"}},
			// Failures are told alike too.
			{args: []string{"judge", "show", "9-9"}, fail: true}, {args: []string{"judge", "letter", "1-4", "999"}, fail: true},
			{args: []string{"judge", "verify", "RUL-2/1-4"}, fail: true}, {args: []string{"judge", "list", "-tournament", "RUL-2"}, fail: true},
			{args: []string{"export", "-game", "1-9"}, fail: true}, {args: []string{"report", "-tournament", "RUL-2"}, fail: true},
		} {
			if out, code := same(t, direct, tc.args...); (code != 0) != tc.fail {
				t.Errorf("%s: exit %d\n%s", strings.Join(tc.args, " "), code, out)
			}
		}
	})

	// The changes: on the live store through the socket, then on its backup directly.
	copyPath := filepath.Join(t.TempDir(), "before.db")
	if out, code := runCLI(t, cliArgs(r.config, []string{"backup", copyPath})...); code != 0 {
		t.Fatalf("backup: %d\n%s", code, out)
	}
	var forged uint64 // the letter of 1-4 to revert: Gleb's
	if err := r.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: "RUL-1", Game: "1-4"}, 1, func(e store.ArchiveEntry) error {
			if e.Direction == store.In && strings.Contains(string(e.Raw), "f6-g5") {
				forged = e.Seq
			}
			return nil
		})
	}); err != nil || forged == 0 {
		t.Fatalf("finding Gleb's letter: %v", err)
	}
	second := writeSheet(t, strings.ReplaceAll(rulingSheet, "RUL-1", "RUL-2"))
	changes := [][]string{
		{"judge", "penalty", "RUL-1/1-4", "white", "-1", "-clause", "4.3.1", "-reason", "a day given back"},
		{"judge", "penalty", "RUL-1/1-4", "black", "-1", "-clause", "4.3.1", "-reason", "none to give back"},
		{"judge", "correct-date", "1-4", "4", "1", "-clause", "4.3.1", "-reason", "postmark"},
		{"judge", "leave", "1-4", "white", "2026-11-10", "2026-11-12", "-clause", "leave_days", "-reason", "travel"},
		{"judge", "forfeit", "1-4", "purple", "-clause", "4.3.1", "-reason", "no such side"},
		{"judge", "protest", "-decision", "the penalty stands", "1-4"},
		{"judge", "revert", "1-4", strconv.FormatUint(forged, 10), "-clause", "4.1.7", "-reason", "not sent by Gleb"},
		{"judge", "revert", "1-4", strconv.FormatUint(forged, 10), "-clause", "4.1.7", "-reason", "again"},
		{"judge", "annul", "2-3", "-clause", "4.1.7", "-reason", "wrong pairing"},
		{"judge", "annul", "2-3", "-clause", "4.1.7", "-reason", "twice"},
		{"judge", "adjudicate", "3-1", "1-0", "-clause", "4.3.2", "-reason", "too early"},
		{"judge", "forfeit", "1-2", "1", "-clause", "4.3.1", "-reason", "overstep"},
		{"judge", "withdraw", "-reason", "illness", "RUL-1", "4"},
		{"report", "-send"},
		{"tournament", "create", "-sheet", second},
		{"tournament", "create", "-sheet", second},
		{"report"},
	}
	var viaSocket []string
	for _, args := range changes {
		out, code := runCLI(t, cliArgs(r.config, args)...)
		viaSocket = append(viaSocket, fmt.Sprintf("exit %d\n%s", code, out))
		r.settle(t)
	}
	views := [][]string{{"judge", "list", "-json"}, {"judge", "show", "-json", "1-4"}, {"judge", "show", "-json", "2-3"},
		{"judge", "show", "-json", "RUL-2/1-2"}, {"judge", "verify"}}
	viewsOf := func(run requestRunner) string {
		var b strings.Builder
		for _, args := range views {
			out, code, err := runArgs(run, args...)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "$ %s\nexit %d\n%s", strings.Join(args, " "), code, out)
		}
		return b.String()
	}
	live := viewsOf(direct)
	r.stop()

	db, err := store.Open(copyPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	backup := onStore(db, r.from, r.clock.Now)
	for i, args := range changes {
		out, code, err := runArgs(backup, args...)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("exit %d\n%s", code, out); got != viaSocket[i] {
			t.Errorf("%s: through the socket and on the store differ (-socket +store):\n%s", strings.Join(args, " "), cmp.Diff(viaSocket[i], got))
		}
		t.Logf("$ postald %s\n%s", strings.Join(args, " "), viaSocket[i])
	}
	if diff := cmp.Diff(live, viewsOf(backup)); diff != "" {
		t.Errorf("the store changed through the socket and the one changed directly differ (-socket +store):\n%s", diff)
	}
}
