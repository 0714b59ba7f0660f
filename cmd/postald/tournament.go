package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"postald/internal/office"
	"postald/internal/plural"
)

const tournamentUsage = `usage: postald tournament create [-config FILE] -sheet START.toml
       postald tournament reserve [-config FILE] [TOURNAMENT] PLAYER RESERVE -reason TEXT

create registers a tournament from its start sheet (players, variant, dates, regulation, its
system and teams), pairs the games by the Berger tables (a Swiss its first round) and sends
every player his start letter. The sheet is checked first: an end date already past, a start
after the end, a player without an address, an address or a number twice, a zero or negative
setting are refused with the key named; -force registers what is only unusual (an end date
already past, for a tournament entered late).

reserve enters a team's reserve for one of its players (1.14.2): the games without a move go
to the reserve (with board_order = "moved-up", the players below move up a board), each old
game annulled and a new one opened, and every player concerned, the captain, the judge and the
director get a letter.

examples:
  postald tournament create -config /etc/postald/postald.toml -sheet zk-1.toml
  postald tournament reserve КЧ-2026 2 7 -reason "Петров болен"
`

func runTournament(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "tournament create")
	sheetFile := fs.String("sheet", "", "the start sheet (TOML)")
	force := fs.Bool("force", false, "register a sheet that is only unusual (an end date already past)")
	reason := fs.String("reason", "", "reserve: why the reserve comes in (required)")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() > 0 && fs.Arg(0) == "reserve" {
		return runReserve(env, fs.Args()[1:], *reason)
	}
	if fs.NArg() == 0 || fs.Arg(0) != "create" {
		if fs.NArg() == 0 {
			fmt.Fprintln(env.stderr, "postald tournament: want the command create or reserve")
		} else {
			fmt.Fprintf(env.stderr, "postald tournament: unknown command %q; want create or reserve\n", fs.Arg(0))
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

// runReserve enters a reserve: [TOURNAMENT] PLAYER RESERVE.
func runReserve(env *cmdEnv, args []string, reason string) error {
	var code string
	if len(args) == 3 {
		code, args = args[0], args[1:]
	}
	if len(args) != 2 || reason == "" {
		fmt.Fprintln(env.stderr, "usage: postald tournament reserve [TOURNAMENT] PLAYER RESERVE -reason TEXT")
		return exitError{2}
	}
	out, err1 := strconv.Atoi(args[0])
	in, err2 := strconv.Atoi(args[1])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("reserve: PLAYER and RESERVE are players' numbers, not %q and %q", args[0], args[1])
	}
	req := office.ReserveRequest{Tournament: code, Out: out, In: in, Reason: reason}
	return runStoreCall(env, env.config, &storeCall{req: req, failed: "postald tournament reserve",
		print: printing(func(w io.Writer, r *office.Reserved) error {
			fmt.Fprintf(w, "tournament %s: reserve %d plays for %d in team %d; %s\n", r.Tournament, r.In, r.Out, r.Team,
				plural.Word{One: "game", Many: "games"}.Count(plural.English, len(r.Games))+" changed players; letters queued")
			for _, g := range r.Games {
				fmt.Fprintf(w, "  %s annulled, %s opened\n", g[0], g[1])
			}
			return nil
		})})
}
