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
	asTRF := fs.Bool("trf", false, "a Swiss tournament as a FIDE tournament report file (TRF-2026), its finished rounds")
	code := fs.String("tournament", "", "with -trf: the tournament's code (default: the store's one tournament)")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *asTRF == (*game != "") {
		fmt.Fprintln(env.stderr, "usage: postald export [-config FILE] -game GAME | -trf [-tournament CODE]")
		return exitError{2}
	}
	if *asTRF {
		return runStoreCall(env, env.config, exportTRFCall(*code))
	}
	return runStoreCall(env, env.config, exportCall(*game))
}

// exportTRFCall writes a Swiss tournament as a TRF.
func exportTRFCall(code string) *storeCall {
	return &storeCall{req: office.ExportRequest{TRF: true, Tournament: code}, failed: "postald export",
		print: printing(func(w io.Writer, rep *office.ExportReply) error {
			_, err := w.Write(rep.TRF)
			return err
		})}
}

// exportCall writes one game as PDN.
func exportCall(game string) *storeCall {
	return &storeCall{req: office.ExportRequest{Game: game}, failed: "postald export",
		print: printing(func(w io.Writer, rep *office.ExportReply) error {
			_, err := w.Write(rep.PDN)
			return err
		})}
}
