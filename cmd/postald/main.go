// Command postald referees correspondence draughts played by e-mail.
//
// Each subcommand lives in a file of its own; this file only dispatches.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand of postald.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cmdEnv, args []string) error
}

// cmdEnv is what a subcommand may touch of the process: its streams.
// Subcommands read no globals, so tests can run them in-process.
type cmdEnv struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// skipCheck is the global flag -skip-check (postald -skip-check COMMAND ...): open the
	// store without the deep check (bbolt's page check and the hash chains) — for very large
	// files; the header check is never skipped.
	skipCheck bool
	// config is -config FILE wherever it stood on the command line (before the command, after
	// it, after the arguments) of a command that reads a configuration; "" for none given.
	config string
}

// exitError ends the process with a given status after printing nothing more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func commands() []command {
	return []command{
		{"serve", "run the daemon: watch the mailbox, referee letters, send replies", runServe},
		{"demo", "play a short game by letters on embedded mail servers and print every letter", runDemo},
		{"tournament", "tournament create -config FILE -sheet START.toml [-force]: register a tournament and send the start letters; tournament reserve [CODE] PLAYER RESERVE -reason TEXT: enter a team's reserve", runTournament},
		{"judge", "the judge's rulings and views (list, show, penalty, forfeit, ...)", runJudge},
		{"report", "the director's report", runReport},
		{"export", "export -game GAME: a game as PDN; export -trf [-tournament CODE]: a Swiss as a TRF", runExport},
		{"card", "card -game GAME -from SIDE -postmark DATE FILE: enter a card or call of a player by post or telephone", runCard},
		{"cards", "cards [-print DIR] [-posted DATE]: the cards to post and calls to make; print them, record them posted", runCards},
		{"simulate", "simulate -sheet START.toml LETTERS.mbox: the referee without the post", runSimulate},
		{"crosstable", "crosstable [-json] FILE: standings and tie-breaks of a results file of any system", runCrosstable},
		{"pair", "pair -dutch FILE.trf -p OUT: the next Swiss round of a TRF by the FIDE Dutch system", runPair},
		{"parse", "parse FILE: a move letter as JSON", runParse},
		{"check", "check [-variant V] FILE.pdn: replay every game of a PDN file", runCheck},
		{"perft", "perft -variant V -depth N [-fen F]: count legal move sequences", runPerft},
		{"diagram", "diagram -variant V -fen F [-last MOVE] -o FILE.png: a position as a picture", runDiagram},
		{"backup", "backup FILE: a consistent, checked copy of the store, while the daemon runs or not", runBackup},
		{"archive", "archive CODE: move a finished tournament to an archive file of its own; -list lists them", runArchive},
		{"prune", "prune [CODE]: drop archived letters' raw bytes after [store] retain_raw_days (4.1.13)", runPrune},
		{"lots", "lots verify [-tournament CODE]: recompute the lots (numbers, openings) from their seed; lots reveal", runLots},
		{"check-config", "check-config -config FILE: the configuration, trust, file permissions, IMAP and SMTP logins; exit 1 on a problem", runCheckConfig},
		{"version", "the module version and VCS revision this binary was built from", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, &cmdEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches args to a subcommand and returns the process exit status.
func run(ctx context.Context, env *cmdEnv, args []string) int {
	for len(args) > 0 {
		switch a := args[0]; {
		case a == "-skip-check" || a == "--skip-check":
			env.skipCheck, args = true, args[1:]
			continue
		case (a == "-config" || a == "--config") && len(args) > 1:
			env.config, args = args[1], args[2:]
			continue
		case strings.HasPrefix(a, "-config=") || strings.HasPrefix(a, "--config="):
			env.config, args = a[strings.Index(a, "=")+1:], args[1:]
			continue
		}
		break
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(env.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		rest := args[1:]
		if configCommands[c.name] {
			var file string
			if rest, file = cutConfig(rest); file != "" {
				env.config = file
			}
		} else if env.config != "" {
			fmt.Fprintf(env.stderr, "postald %s: reads no configuration; -config is for %s\n", c.name, strings.Join(configNames(), ", "))
			return 2
		}
		err := c.run(ctx, env, rest)
		if code, ok := exitStatus(err); ok {
			return code
		}
		fmt.Fprintf(env.stderr, "postald %s: %v\n", c.name, err)
		return 1
	}
	fmt.Fprintf(env.stderr, "postald: unknown command %q\n", args[0])
	usage(env.stderr)
	return 2
}

// exitStatus returns the exit status err stands for when it is not a failure to report: none, an
// exitError's status, or a request for help. ok is false for any other error.
func exitStatus(err error) (code int, ok bool) {
	var ee exitError
	switch {
	case err == nil:
		return 0, true
	case errors.As(err, &ee):
		return ee.code, true
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	}
	return 1, false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: postald [-skip-check] [-config FILE] <command> [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\npostald COMMAND -h prints a command's usage with an example; -config FILE (or")
	fmt.Fprintln(w, "$POSTALD_CONFIG) may stand before the command, after it or after its arguments.")
	fmt.Fprintln(w, "\nexample:\n  postald judge list -config /etc/postald/postald.toml")
}

// configNames lists the commands that read a configuration, in postald help's order.
func configNames() []string {
	var names []string
	for _, c := range commands() {
		if configCommands[c.name] {
			names = append(names, c.name)
		}
	}
	return names
}

// newFlagSet returns a flag set for a subcommand that reports errors to env.
func newFlagSet(env *cmdEnv, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("postald "+name, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	setUsage(fs, name, configCommands[strings.Fields(name)[0]])
	return fs
}
