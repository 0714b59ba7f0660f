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
games by the Berger tables and sends every player his start letter. The sheet is checked first:
an end date already past, a start after the end, a player without an address, an address or a
number twice, a zero or negative setting are refused with the key named; -force registers what
is only unusual (an end date already past, for a tournament entered late).

example:
  postald tournament create -config /etc/postald/postald.toml -sheet zk-1.toml
`

func runTournament(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "tournament create")
	sheetFile := fs.String("sheet", "", "the start sheet (TOML)")
	force := fs.Bool("force", false, "register a sheet that is only unusual (an end date already past)")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() == 0 || fs.Arg(0) != "create" {
		if fs.NArg() == 0 {
			fmt.Fprintln(env.stderr, "postald tournament: want the command create")
		} else {
			fmt.Fprintf(env.stderr, "postald tournament: unknown command %q; want create\n", fs.Arg(0))
		}
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	if fs.NArg() > 1 {
		return fmt.Errorf("create takes no arguments but -sheet START.toml; got %q", fs.Args()[1:])
	}
	if *sheetFile == "" {
		fmt.Fprintln(env.stderr, "postald tournament create: want -sheet START.toml")
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	data, err := os.ReadFile(*sheetFile)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, createCall(data, *force))
}

// createCall registers the tournament of a start sheet. The sheet travels as data, not as a
// path: the daemon may not see the caller's files.
func createCall(sheet []byte, force bool) *storeCall {
	return &storeCall{req: office.CreateRequest{Sheet: sheet, Force: force}, failed: "postald tournament create",
		print: printing(func(w io.Writer, r *office.Registered) error {
			fmt.Fprintf(w, "tournament %s registered: %s, %s, %s from %s to %s; start letters queued\n",
				r.Code, plural.Word{One: "player", Many: "players"}.Count(plural.English, r.Players),
				plural.Word{One: "game", Many: "games"}.Count(plural.English, r.Games), r.Variant, r.Start, r.End)
			if r.LotHash != "" {
				fmt.Fprintf(w, "lots drawn ([lots]); the start letters give the SHA-256 of their seed, %s; postald lots verify checks them\n", r.LotHash)
			}
			return nil
		})}
}
