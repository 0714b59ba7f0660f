package main

import (
	"context"
	"io"

	"postald/internal/office"
)

func runExport(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "export")
	game := fs.String("game", "", env.text().Flags.Game)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *game == "" {
		fs.Usage()
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
