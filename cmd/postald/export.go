package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"postald/internal/daemon"
	"postald/internal/office"
	"postald/internal/store"
)

func runExport(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "export")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	game := fs.String("game", "", "the game: TOURNAMENT/W-B, or W-B when there is one tournament")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *game == "" {
		fmt.Fprintln(env.stderr, "usage: postald export [-config FILE] -game GAME")
		return exitError{2}
	}
	return runStoreCommand(ctx, env, *cfgFile, "export", []string{"-game", *game})
}

// exportMain writes one game as PDN; the control socket runs it too.
func exportMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	fs := flag.NewFlagSet("postald export", flag.ContinueOnError)
	fs.SetOutput(out)
	game := fs.String("game", "", "the game")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var text []byte
	err := cenv.Store.View(func(tx *store.Tx) error {
		_, sh, g, err := openGame(tx, *game)
		if err != nil {
			return err
		}
		text, err = office.GamePDN(sh, g)
		return err
	})
	if err != nil {
		fmt.Fprintf(out, "postald export: %v\n", err)
		return 1
	}
	out.Write(text)
	return 0
}
