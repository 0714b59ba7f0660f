package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"postald/internal/office"
	"postald/internal/plural"
)

const tournamentUsage = `usage: postald tournament create [-config FILE] -sheet START.toml

Registers a tournament from its start sheet (players, variant, dates, regulation), pairs the
games by the Berger tables and sends every player his start letter.
`

func runTournament(_ context.Context, env *cmdEnv, args []string) error {
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
	return runStoreCall(env, *cfgFile, createCall(data))
}

// createCall registers the tournament of a start sheet. The sheet travels as data, not as a
// path: the daemon may not see the caller's files.
func createCall(sheet []byte) *storeCall {
	return &storeCall{req: office.Request{Create: &office.CreateRequest{Sheet: sheet}}, failed: "postald tournament create",
		print: func(w io.Writer, rep office.Reply) error {
			if r := rep.Registered; r != nil {
				fmt.Fprintf(w, "tournament %s registered: %s, %s, %s from %s to %s; start letters queued\n",
					r.Code, plural.Word{One: "player", Many: "players"}.Count(plural.English, r.Players),
					plural.Word{One: "game", Many: "games"}.Count(plural.English, r.Games), r.Variant, r.Start, r.End)
			}
			return nil
		}}
}
