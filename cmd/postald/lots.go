package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"postald/internal/office"
	"postald/internal/plural"
)

const lotsUsage = `usage: postald lots verify [-config FILE] [-tournament CODE] [-hash HASH]
       postald lots verify -sheet START.toml -seed SEED -hash HASH
       postald lots reveal [-config FILE] [-tournament CODE] -reason TEXT

The lots a tournament draws before play (seed 003, 1.6.4: the players' numbers, which give the
colours, and the openings) are drawn from a secret seed whose SHA-256 every start letter
publishes. The seed is revealed when the last game is finished, or by the judge with lots
reveal (which tells every player, the judge and the director, with the reason).

lots verify recomputes every draw from the seed kept in the store, checks the seed against the
hash published (and against -hash, the hash a start letter gave), and checks that every game
began as drawn; it prints every draw, and the seed once it is revealed. With -sheet it needs no
store: anyone who has the start sheet, the revealed seed and the hash of a start letter
recomputes the draws; a seed whose SHA-256 is not the hash is refused. The exit status is 1
when anything does not verify. docs/director.md gives the recipe, for checking with any
other program.

examples:
  postald lots verify -tournament ЗК-1
  postald lots verify -sheet zk-1.toml -seed 3f9a0c6b… -hash 66687aad…
  postald lots reveal -tournament ЗК-1 -reason "a protest about the draw of game 3-7"
`

// runLots is `postald lots verify` and `postald lots reveal`.
func runLots(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "lots")
	code := fs.String("tournament", "", "the tournament (by default the store's only one)")
	hash := fs.String("hash", "", "the SHA-256 of the seed as a start letter published it")
	sheet := fs.String("sheet", "", "verify: the start sheet (TOML), to verify without a store")
	seed := fs.String("seed", "", "verify -sheet: the revealed seed, 64 hexadecimal digits")
	reason := fs.String("reason", "", "reveal: why the judge reveals the seed before the end")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	bad := func(format string, a ...any) error {
		fmt.Fprintf(env.stderr, "postald lots: "+format+"\n", a...)
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	if fs.NArg() != 1 {
		return bad("want the command verify or reveal")
	}
	switch fs.Arg(0) {
	case "verify":
		if *reason != "" {
			return bad("verify takes no -reason")
		}
		if *sheet == "" {
			if *seed != "" {
				return bad("-seed verifies a start sheet: give -sheet START.toml too")
			}
			return runStoreCall(env, env.config, lotsCall(office.LotsRequest{Tournament: *code, Hash: *hash}))
		}
		if *code != "" {
			return bad("-sheet names the tournament: leave -tournament out")
		}
		if *seed == "" || *hash == "" {
			return bad("-sheet needs the revealed -seed and the -hash a start letter published")
		}
		data, err := os.ReadFile(*sheet)
		if err != nil {
			return err
		}
		rep, err := office.VerifySheet(data, *seed, *hash)
		if err != nil {
			return fmt.Errorf("%s: %w", *sheet, err)
		}
		printLots(env.stdout, rep)
		return nil
	case "reveal":
		if *sheet != "" || *seed != "" || *hash != "" {
			return bad("reveal takes -tournament and -reason only")
		}
		if strings.TrimSpace(*reason) == "" {
			return bad("reveal needs -reason: the letter to everyone gives it")
		}
		return runStoreCall(env, env.config, lotsCall(office.LotsRequest{Tournament: *code, Reveal: true, Reason: *reason}))
	}
	return bad("unknown command %q; want verify or reveal", fs.Arg(0))
}

// lotsCall verifies, or reveals and then verifies, a tournament's lots in the store.
func lotsCall(req office.LotsRequest) *storeCall {
	failed := "postald lots verify"
	if req.Reveal {
		failed = "postald lots reveal"
	}
	return &storeCall{req: req, failed: failed,
		print: printing(func(w io.Writer, r *office.LotsReply) error {
			printLots(w, r)
			return nil
		})}
}

// printLots prints a tournament's lots: the hash and the seed, then every draw; a reply with
// games checked ends with the line saying they began as drawn.
func printLots(w io.Writer, r *office.LotsReply) {
	fmt.Fprintf(w, "tournament %s\n", r.Tournament)
	fmt.Fprintf(w, "hash  %s (SHA-256 of the seed, published in the start letters)\n", r.Hash)
	switch {
	case r.Seed == "":
		fmt.Fprintln(w, "seed  not revealed yet: it is revealed when the last game is finished, or by postald lots reveal")
	case r.Revealed.IsZero():
		fmt.Fprintf(w, "seed  %s: its SHA-256 is the hash\n", r.Seed)
	case r.Finished:
		fmt.Fprintf(w, "seed  %s: its SHA-256 is the hash; revealed %s, the tournament finished\n", r.Seed, r.Revealed.Format(time.DateOnly))
	default:
		fmt.Fprintf(w, "seed  %s: its SHA-256 is the hash; revealed %s by the judge: %s\n", r.Seed, r.Revealed.Format(time.DateOnly), r.Reason)
	}
	if len(r.Numbers) > 0 {
		fmt.Fprintf(w, "numbers (label \"numbers\", the players in the start sheet's order shuffled):\n")
		for _, n := range r.Numbers {
			fmt.Fprintf(w, "  %2d  %s (listed %d)\n", n.Number, n.Name, n.Listed)
		}
	}
	if len(r.Lines) > 0 {
		fmt.Fprintf(w, "openings drawn among %d:\n", len(r.Lines))
		for _, l := range r.Lines {
			text := l.Name
			if l.Setup != "" {
				text += " [FEN " + l.Setup + "]"
			}
			if l.Moves != "" && l.Moves != l.Name {
				text += ": " + l.Moves
			}
			fmt.Fprintf(w, "  %2d  %s\n", l.N, text)
		}
		for _, o := range r.Openings {
			fmt.Fprintf(w, "  %s: opening %d, games %s\n", o.Label, o.Line, strings.Join(o.Games, ", "))
		}
	}
	switch {
	case !r.Verified:
	case r.Games > 0:
		fmt.Fprintf(w, "verified: every draw as the seed gives it; %s, each began as drawn\n",
			plural.Word{One: "game", Many: "games"}.Count(plural.English, r.Games))
	default:
		fmt.Fprintln(w, "verified: every draw as the seed gives it")
	}
}
