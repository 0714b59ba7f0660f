package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"postald/internal/daemon"
	"postald/internal/office"
	"postald/internal/plural"
	"postald/internal/tournament"
)

const tournamentUsage = `usage: postald tournament create [-config FILE] -sheet START.toml

Registers a tournament from its start sheet (players, variant, dates, regulation), pairs the
games by the Berger tables and sends every player his start letter.
`

func runTournament(ctx context.Context, env *cmdEnv, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(env.stderr, tournamentUsage)
		return exitError{2}
	}
	fs := newFlagSet(env, "tournament create")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	sheetFile := fs.String("sheet", "", "the start sheet (TOML)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *sheetFile == "" {
		fmt.Fprint(env.stderr, tournamentUsage)
		return exitError{2}
	}
	data, err := os.ReadFile(*sheetFile)
	if err != nil {
		return err
	}
	// The sheet travels as data, not as a path: the daemon may not see the caller's files.
	return runStoreCommand(ctx, env, *cfgFile, "tournament", []string{"create", "-sheet-data", string(data)})
}

// tournamentMain runs `tournament create` on the store; the control socket runs it too.
func tournamentMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(out, tournamentUsage)
		return 2
	}
	fs := flag.NewFlagSet("postald tournament create", flag.ContinueOnError)
	fs.SetOutput(out)
	data := fs.String("sheet-data", "", "the start sheet's TOML")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	var sh *tournament.Sheet
	err := cenv.Do(ctx, func() error {
		var err error
		sh, err = office.CreateTournament(cenv.Store, cenv.From, []byte(*data), cenv.Now())
		return err
	})
	if err != nil {
		fmt.Fprintf(out, "postald tournament create: %v\n", err)
		return 1
	}
	cenv.Kick()
	games := len(sh.Players) * (len(sh.Players) - 1) / 2 * sh.Rounds
	fmt.Fprintf(out, "tournament %s registered: %s, %s, %s from %s to %s; start letters queued\n",
		sh.Code, plural.Word{One: "player", Many: "players"}.Count(plural.English, len(sh.Players)),
		plural.Word{One: "game", Many: "games"}.Count(plural.English, games), sh.Variant, sh.Start, sh.End)
	return 0
}
