package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"postald/internal/phrase"
)

// usageOf returns the usage of command name ("serve", "judge penalty") in the command line's
// words: its lines, what it does, an example; "" for a name that has none.
func usageOf(tx *phrase.CLIText, name string) string {
	u := &tx.Usage
	switch name {
	case "serve":
		return u.Serve
	case "demo":
		return u.Demo
	case "card":
		return u.Card
	case "cards":
		return u.Cards
	case "tournament", "tournament create", "tournament reserve":
		return u.Tournament
	case "report":
		return u.Report
	case "export":
		return u.Export
	case "simulate":
		return u.Simulate
	case "crosstable":
		return u.Crosstable
	case "parse":
		return u.Parse
	case "check":
		return u.Check
	case "pair":
		return u.Pair
	case "perft":
		return u.Perft
	case "endgame":
		return u.Endgame
	case "endgame build":
		return u.EndgameBuild
	case "endgame probe":
		return u.EndgameProbe
	case "diagram":
		return u.Diagram
	case "backup":
		return u.Backup
	case "archive":
		return u.Archive
	case "prune":
		return u.Prune
	case "check-config":
		return u.CheckConfig
	case "version":
		return u.Version
	case "lots":
		return u.Lots
	case "judge":
		return u.Judge
	case "judge list":
		return u.JudgeList
	case "judge resend":
		return tx.Delivery.Usage
	case "judge show":
		return u.JudgeShow
	case "judge verify":
		return u.JudgeVerify
	case "judge quarantine":
		return u.JudgeQuarantine
	case "judge letter":
		return u.JudgeLetter
	case "judge penalty":
		return u.JudgePenalty
	case "judge correct-date":
		return u.JudgeCorrect
	case "judge forfeit":
		return u.JudgeForfeit
	case "judge adjudicate":
		return u.JudgeAdjudicate
	case "judge leave":
		return u.JudgeLeave
	case "judge annul":
		return u.JudgeAnnul
	case "judge withdraw":
		return u.JudgeWithdraw
	case "judge protest":
		return u.JudgeProtest
	case "judge revert":
		return u.JudgeRevert
	}
	return ""
}

// usageNames are the names usageOf knows: every command and judge subcommand with a usage.
func usageNames() []string {
	names := []string{"tournament create", "tournament reserve", "endgame build", "endgame probe"}
	for _, c := range commands() {
		names = append(names, c.name)
	}
	for _, sub := range judgeCommands {
		names = append(names, "judge "+sub)
	}
	return names
}

// configCommands are the commands that read a configuration: -config is taken out of their
// command line wherever it stands.
var configCommands = map[string]bool{
	"serve": true, "tournament": true, "judge": true, "report": true, "export": true,
	"backup": true, "check-config": true, "card": true, "cards": true, "archive": true, "prune": true,
	"lots": true,
}

// wantsHelp reports whether args ask for help: -h, -help or --help before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// setUsage makes fs print the usage of name (its arguments, an example) and then its flags.
func setUsage(fs *flag.FlagSet, tx *phrase.CLIText, name string, config bool) {
	fs.Usage = func() { printUsage(fs.Output(), fs, tx, name, config) }
}

// printUsage writes the usage of command name with the flags of fs; config: the command reads
// a configuration, and -config is listed with them.
func printUsage(w io.Writer, fs *flag.FlagSet, tx *phrase.CLIText, name string, config bool) {
	text := usageOf(tx, name)
	if text == "" {
		text = tx.Help.Usage + " postald " + name + "\n"
	}
	io.WriteString(w, text)
	hasFlags := false
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	}
	if !hasFlags && !config {
		return
	}
	fmt.Fprintf(w, "\n%s\n", tx.Help.Flags)
	if config {
		fmt.Fprintf(w, tx.Help.ConfigFlag, defaultConfig)
	}
	if fs != nil {
		printFlags(w, fs, tx)
	}
}

// printFlags lists the flags of fs as flag.PrintDefaults does, in the words of tx: what a flag
// takes and its default said in the command line's language.
func printFlags(w io.Writer, fs *flag.FlagSet, tx *phrase.CLIText) {
	fs.VisitAll(func(f *flag.Flag) {
		var b strings.Builder
		fmt.Fprintf(&b, "  -%s", f.Name)
		kind, usage := flag.UnquoteUsage(f)
		name := kind
		switch kind {
		case "string":
			name = tx.Help.Value
		case "int", "uint", "float":
			name = tx.Help.Number
		case "duration":
			name = tx.Help.Duration
		}
		if name != "" {
			b.WriteString(" " + name)
		}
		if b.Len() <= 4 { // a one-letter flag without a value: its usage on the same line
			b.WriteString("\t")
		} else {
			b.WriteString("\n    \t")
		}
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		switch def := f.DefValue; {
		case def == "" || def == "0" || def == "false" || def == "0s":
		case kind == "string":
			fmt.Fprintf(&b, " "+tx.Help.Default, strconv.Quote(def))
		default:
			fmt.Fprintf(&b, " "+tx.Help.Default, def)
		}
		fmt.Fprintln(w, b.String())
	})
}

// parseFlags parses a command's flags wherever they stand among its arguments. -h prints the
// usage to help and returns flag.ErrHelp (exit 0), before anything is read.
func parseFlags(fs *flag.FlagSet, help io.Writer, args []string) error {
	if wantsHelp(args) {
		fs.SetOutput(help)
		fs.Usage()
		return flag.ErrHelp
	}
	return parseArgs(fs, args)
}
