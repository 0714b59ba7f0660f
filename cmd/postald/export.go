package main

import (
	"context"
	"fmt"
	"io"
	"postald/internal/reading"
)

func runExport(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "export")
	tx := env.text()
	game := fs.String("game", "", tx.Flags.Game)
	asTRF := fs.Bool("trf", false, tx.Flags.TRF)
	code := fs.String("tournament", "", tx.Flags.ExportTournament)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *asTRF == (*game != "") || fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, tx.Errors.ExportOne)
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	if *asTRF {
		return runStoreCall(env, env.config, exportTRFCall(*code))
	}
	return runStoreCall(env, env.config, exportCall(*game))
}

// exportTRFCall writes a Swiss tournament as a TRF.
func exportTRFCall(code string) *storeCall {
	return &storeCall{req: reading.ExportRequest{TRF: true, Tournament: code}, failed: "postald export",
		print: printing(func(w io.Writer, rep *reading.ExportReply) error {
			_, err := w.Write(rep.TRF)
			return err
		})}
}

// exportCall writes one game as PDN.
func exportCall(game string) *storeCall {
	return &storeCall{req: reading.ExportRequest{Game: game}, failed: "postald export",
		print: printing(func(w io.Writer, rep *reading.ExportReply) error {
			_, err := w.Write(rep.PDN)
			return err
		})}
}
