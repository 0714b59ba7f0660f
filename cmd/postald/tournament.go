package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"postald/internal/office"
	"postald/internal/phrase"
)

func runTournament(_ context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "tournament create")
	sheetFile := fs.String("sheet", "", tx.Flags.Sheet)
	force := fs.Bool("force", false, tx.Flags.Force)
	reason := fs.String("reason", "", tx.Flags.ReserveReason)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() > 0 && fs.Arg(0) == "reserve" {
		return runReserve(env, tx, fs, fs.Args()[1:], *reason)
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
	return &storeCall{req: office.CreateRequest{Sheet: sheet, Force: force, Lang: bookOf(tx).Lang}, failed: "postald tournament create",
		print: printing(func(w io.Writer, r *office.Registered) error {
			variant, ok := bookOf(tx).Tournament.Variants.Of(r.Variant)
			if !ok {
				variant = r.Variant
			}
			fmt.Fprintln(w, tx.Store.Registered(r.Code, r.Players, r.Games, variant, r.Start, r.End))
			switch {
			case r.LotTies:
				fmt.Fprintf(w, tx.Store.LotTies+"\n", r.LotHash)
			case r.LotHash != "":
				fmt.Fprintf(w, tx.Store.LotDrawn+"\n", r.LotHash)
			}
			return nil
		})}
}

// runReserve enters a reserve: [TOURNAMENT] PLAYER RESERVE.
func runReserve(env *cmdEnv, tx *phrase.CLIText, fs *flag.FlagSet, args []string, reason string) error {
	var code string
	if len(args) == 3 {
		code, args = args[0], args[1:]
	}
	if len(args) != 2 || reason == "" {
		fmt.Fprintln(env.stderr, tx.Errors.ReserveArgs)
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	out, err1 := strconv.Atoi(args[0])
	in, err2 := strconv.Atoi(args[1])
	if err1 != nil || err2 != nil {
		return fmt.Errorf(tx.Errors.ReserveNumbers, args[0], args[1])
	}
	req := office.ReserveRequest{Tournament: code, Out: out, In: in, Reason: reason}
	return runStoreCall(env, env.config, &storeCall{req: req, failed: "postald tournament reserve",
		print: printing(func(w io.Writer, r *office.Reserved) error {
			fmt.Fprintln(w, tx.Store.Reserved(r.Tournament, r.In, r.Out, r.Team, len(r.Games)))
			for _, g := range r.Games {
				fmt.Fprintf(w, tx.Store.ReserveGame+"\n", g[0], g[1])
			}
			return nil
		})})
}
