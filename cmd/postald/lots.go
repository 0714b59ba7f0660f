package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"postald/internal/office"
	"postald/internal/phrase"
)

// runLots is `postald lots verify` and `postald lots reveal`.
func runLots(_ context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "lots")
	code := fs.String("tournament", "", tx.Flags.LotsTournament)
	hash := fs.String("hash", "", tx.Flags.LotsHash)
	sheet := fs.String("sheet", "", tx.Flags.LotsSheet)
	seed := fs.String("seed", "", tx.Flags.LotsSeed)
	reason := fs.String("reason", "", tx.Flags.LotsReason)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	bad := func(format string, a ...any) error {
		fmt.Fprintf(env.stderr, format+"\n", a...)
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	if fs.NArg() != 1 {
		return bad(tx.Errors.LotsWant)
	}
	switch fs.Arg(0) {
	case "verify":
		if *reason != "" {
			return bad(tx.Errors.VerifyReason)
		}
		if *sheet == "" {
			if *seed != "" {
				return bad(tx.Errors.SeedWithoutSheet)
			}
			return runStoreCall(env, env.config, lotsCall(tx, office.LotsRequest{Tournament: *code, Hash: *hash}))
		}
		if *code != "" {
			return bad(tx.Errors.SheetNamesTournament)
		}
		if *seed == "" || *hash == "" {
			return bad(tx.Errors.SheetNeeds)
		}
		data, err := os.ReadFile(*sheet)
		if err != nil {
			return err
		}
		rep, err := office.VerifySheet(data, *seed, *hash)
		if err != nil {
			return fmt.Errorf("%s: %w", *sheet, err)
		}
		env.speak(rep.Language)
		printLots(env.stdout, tx, rep)
		return nil
	case "reveal":
		if *sheet != "" || *seed != "" || *hash != "" {
			return bad(tx.Errors.RevealFlags)
		}
		if strings.TrimSpace(*reason) == "" {
			return bad(tx.Errors.RevealReason)
		}
		return runStoreCall(env, env.config, lotsCall(tx, office.LotsRequest{Tournament: *code, Reveal: true, Reason: *reason}))
	}
	return bad(tx.Errors.LotsUnknown, fs.Arg(0))
}

// lotsCall verifies, or reveals and then verifies, a tournament's lots in the store.
func lotsCall(tx *phrase.CLIText, req office.LotsRequest) *storeCall {
	failed := "postald lots verify"
	if req.Reveal {
		failed = "postald lots reveal"
	}
	return &storeCall{req: req, failed: failed,
		print: printing(func(w io.Writer, r *office.LotsReply) error {
			printLots(w, tx, r)
			return nil
		})}
}

// printLots prints a tournament's lots: the hash and the seed, then every draw; a reply with
// games checked ends with the line saying they began as drawn.
func printLots(w io.Writer, tx *phrase.CLIText, r *office.LotsReply) {
	x := &tx.Lots
	fmt.Fprintf(w, x.Tournament+"\n", r.Tournament)
	fmt.Fprintf(w, x.Hash+"\n", r.Hash)
	switch {
	case r.Seed == "":
		fmt.Fprintln(w, x.SeedHidden)
	case r.Revealed.IsZero():
		fmt.Fprintf(w, x.Seed+"\n", r.Seed)
	case r.Finished:
		fmt.Fprintln(w, x.SeedFinished(r.Seed, dayOf(r.Revealed), ""))
	default:
		fmt.Fprintln(w, x.SeedJudge(r.Seed, dayOf(r.Revealed), r.Reason))
	}
	if len(r.Numbers) > 0 {
		fmt.Fprintln(w, x.Numbers)
		for _, n := range r.Numbers {
			fmt.Fprintln(w, x.Number(n.Number, n.Name, n.Listed))
		}
	}
	if len(r.Lines) > 0 {
		fmt.Fprintln(w, x.Openings(len(r.Lines)))
		for _, l := range r.Lines {
			text := l.Name
			if l.Setup != "" {
				text += " [FEN " + l.Setup + "]"
			}
			if l.Moves != "" && l.Moves != l.Name {
				text += ": " + l.Moves
			}
			fmt.Fprintln(w, x.Line(l.N, text))
		}
		for _, o := range r.Openings {
			fmt.Fprintln(w, x.Pair(o.Label, o.Line, o.Games))
		}
	}
	if len(r.Ties) > 0 {
		fmt.Fprintln(w, x.Ties)
		for _, d := range r.Ties {
			fmt.Fprintln(w, x.Tie(d.Label, d.Choice, fmt.Sprintf("%d %s", d.Through, d.Name)))
		}
	}
	switch {
	case !r.Verified:
	case r.Games > 0 && (len(r.Numbers) > 0 || len(r.Openings) > 0):
		// The games began as drawn only where something drawn decides how they begin (their
		// colours, their openings), not a knockout's tie lots.
		fmt.Fprintln(w, x.VerifiedGames(r.Games))
	default:
		fmt.Fprintln(w, x.Verified)
	}
}
