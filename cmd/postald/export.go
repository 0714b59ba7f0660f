package main

import (
	"context"
	"fmt"
	"io"

	"postald/internal/office"
)

func runExport(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "export")
	game := fs.String("game", "", "the game: TOURNAMENT/W-B, or W-B when there is one tournament")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *game == "" {
		fmt.Fprintln(env.stderr, "usage: postald export [-config FILE] -game GAME")
		return exitError{2}
	}
	return runStoreCall(env, env.config, exportCall(*game))
}

// exportCall writes one game as PDN.
func exportCall(game string) *storeCall {
	return &storeCall{req: office.Request{Export: &office.ExportRequest{Game: game}}, failed: "postald export",
		print: func(w io.Writer, rep office.Reply) error {
			if rep.Export != nil {
				w.Write(rep.Export.PDN)
			}
			return nil
		}}
}
