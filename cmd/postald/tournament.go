package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"postald/internal/office"
	"postald/internal/phrase"
)

func runTournament(_ context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "tournament create")
	sheetFile := fs.String("sheet", "", tx.Flags.Sheet)
	force := fs.Bool("force", false, tx.Flags.Force)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() == 0 || fs.Arg(0) != "create" {
		if fs.NArg() == 0 {
			fmt.Fprintln(env.stderr, tx.Errors.TournamentWant)
		} else {
			fmt.Fprintf(env.stderr, tx.Errors.TournamentUnknown+"\n", fs.Arg(0))
		}
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	if fs.NArg() > 1 {
		return fmt.Errorf(tx.Errors.CreateArgs, fs.Args()[1:])
	}
	if *sheetFile == "" {
		fmt.Fprintln(env.stderr, tx.Errors.CreateSheet)
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	data, err := os.ReadFile(*sheetFile)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, createCall(tx, data, *force))
}

// createCall registers the tournament of a start sheet. The sheet travels as data, not as a
// path: the daemon may not see the caller's files.
func createCall(tx *phrase.CLIText, sheet []byte, force bool) *storeCall {
	return &storeCall{req: office.CreateRequest{Sheet: sheet, Force: force}, failed: "postald tournament create",
		print: printing(func(w io.Writer, r *office.Registered) error {
			variant, ok := bookOf(tx).Tournament.Variants.Of(r.Variant)
			if !ok {
				variant = r.Variant
			}
			fmt.Fprintln(w, tx.Store.Registered(r.Code, r.Players, r.Games, variant, r.Start, r.End))
			return nil
		})}
}
