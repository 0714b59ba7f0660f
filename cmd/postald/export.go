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
	return &storeCall{req: office.ExportRequest{Game: game}, failed: "postald export",
		print: printing(func(w io.Writer, rep *office.ExportReply) error {
			_, err := w.Write(rep.PDN)
			return err
		})}
}
