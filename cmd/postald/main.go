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

	"postald/internal/config"
	"postald/internal/phrase"
)

// command is one subcommand of postald.
type command struct {
	name    string
	summary func(*phrase.CommandSummaries) string
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
	// tx is the command line's words in its language (run sets it: cliLanguage); nil is
	// English. It is the command's own copy: a command about one tournament speaks that
	// tournament's language once its reply names it (speak), unless fixed.
	tx *phrase.CLIText
	// fixed: the configuration's [cli] language names the language; a command then speaks it
	// whatever the tournament's.
	fixed bool
}

// setLanguage makes the command line speak lang (fixed when [cli] language named it). A fixed
// language's words are the book's own, which nothing changes; otherwise they are the command's
// copy, which speak changes to a tournament's (tournamentText tells the two apart).
func (env *cmdEnv) setLanguage(lang string, fixed bool) {
	env.fixed = fixed
	if fixed {
		env.tx = &phrase.For(lang).CLI
		return
	}
	words := phrase.For(lang).CLI
	env.tx = &words
}

// speak makes a command about one tournament speak its language lang from now on — its
// headings and its sentences as its rows — unless [cli] language fixed the command line's; ""
// (several tournaments, or none) changes nothing.
func (env *cmdEnv) speak(lang string) {
	if env.fixed || env.tx == nil || !phrase.Known(lang) {
		return
	}
	*env.tx = phrase.For(lang).CLI
}

// text returns the command line's words in its language.
func (env *cmdEnv) text() *phrase.CLIText {
	if env.tx == nil {
		return &phrase.For(config.DefaultCLILanguage).CLI
	}
	return env.tx
}

// cliLanguage is the language the command line speaks: [cli] language of the configuration the
// command would read (-config, else $POSTALD_CONFIG, else the default), read alone so that
// help and usage speak it without the file being checked, else the locale's (LC_ALL,
// LC_MESSAGES, LANG), else English. fixed says that [cli] language named it: a command about
// a tournament speaks the tournament's language otherwise (cmdEnv.speak).
func cliLanguage(env *cmdEnv) (lang string, fixed bool) {
	cli, _ := config.ReadCLI(configPath(env.config), config.OSEnv())
	return cli.Lang(os.Getenv), cli.Language != ""
}

// tournamentText returns the words of a tournament's own things (a game's rows, a card) in a
// command whose words are env: the tournament's language, unless [cli] language fixed the
// command line's (env is then a book's own words, not a command's copy: setLanguage) or the
// tournament's is not known.
func tournamentText(env *phrase.CLIText, lang string) *phrase.CLIText {
	if !phrase.Known(lang) || isBook(env) {
		return env
	}
	return &phrase.For(lang).CLI
}

// isBook reports whether tx are a book's own words (a language [cli] language fixed), not a
// command's copy.
func isBook(tx *phrase.CLIText) bool {
	for _, lang := range phrase.Languages() {
		if &phrase.For(lang).CLI == tx {
			return true
		}
	}
	return false
}

// exitError ends the process with a given status after printing nothing more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) } // never printed: run returns the status

// commands lists postald's commands in the order postald help lists them; summary picks the
// line each has in help from the command line's words.
func commands() []command {
	type s = phrase.CommandSummaries
	return []command{
		{"serve", func(x *s) string { return x.Serve }, runServe},
		{"demo", func(x *s) string { return x.Demo }, runDemo},
		{"tournament", func(x *s) string { return x.Tournament }, runTournament},
		{"judge", func(x *s) string { return x.Judge }, runJudge},
		{"report", func(x *s) string { return x.Report }, runReport},
		{"export", func(x *s) string { return x.Export }, runExport},
		{"card", func(x *s) string { return x.Card }, runCard},
		{"cards", func(x *s) string { return x.Cards }, runCards},
		{"simulate", func(x *s) string { return x.Simulate }, runSimulate},
		{"crosstable", func(x *s) string { return x.Crosstable }, runCrosstable},
		{"pair", func(x *s) string { return x.Pair }, runPair},
		{"parse", func(x *s) string { return x.Parse }, runParse},
		{"check", func(x *s) string { return x.Check }, runCheck},
		{"perft", func(x *s) string { return x.Perft }, runPerft},
		{"endgame", func(x *s) string { return x.Endgame }, runEndgame},
		{"diagram", func(x *s) string { return x.Diagram }, runDiagram},
		{"backup", func(x *s) string { return x.Backup }, runBackup},
		{"archive", func(x *s) string { return x.Archive }, runArchive},
		{"prune", func(x *s) string { return x.Prune }, runPrune},
		{"lots", func(x *s) string { return x.Lots }, runLots},
		{"check-config", func(x *s) string { return x.CheckConfig }, runCheckConfig},
		{"version", func(x *s) string { return x.Version }, runVersion},
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
	env.setLanguage(cliLanguage(env))
	tx := env.text()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(env.stdout, tx)
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
				env.setLanguage(cliLanguage(env)) // the language of the configuration named
			}
		} else if env.config != "" {
			fmt.Fprintf(env.stderr, tx.Errors.NoConfig+"\n", c.name, strings.Join(configNames(), ", "))
			return 2
		}
		err := c.run(ctx, env, rest)
		if code, ok := exitStatus(err); ok {
			return code
		}
		fmt.Fprintf(env.stderr, "postald %s: %v\n", c.name, err)
		return 1
	}
	fmt.Fprintf(env.stderr, tx.Errors.UnknownCommand+"\n", args[0])
	usage(env.stderr, tx)
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

// usage is postald help: the usage line, every command with its summary, how to get a
// command's usage, an example.
func usage(w io.Writer, tx *phrase.CLIText) {
	h := &tx.Help
	fmt.Fprintf(w, "%s\n\n%s\n", h.Synopsis, h.Commands)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary(&h.Summaries))
	}
	fmt.Fprintf(w, "\n%s\n\n%s\n", h.More, h.Example)
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
	setUsage(fs, env.text(), name, configCommands[strings.Fields(name)[0]])
	return fs
}
