package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"postald/internal/plural"
	"postald/internal/rules"
	"postald/internal/rules/pdn"
)

// runCheck is "postald check [-variant V] FILE.pdn".
func runCheck(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "check")
	variantID := fs.String("variant", "", env.text().Flags.CheckVariant)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitError{2}
	}
	var variant *rules.Variant
	if *variantID != "" {
		v, err := rules.VariantByID(*variantID)
		if err != nil {
			fmt.Fprintf(env.stderr, "postald check: %v\n", err)
			return exitError{2}
		}
		variant = v
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(env.stderr, "postald check: %v\n", err)
		return exitError{2}
	}
	defer f.Close()

	out := bufio.NewWriter(env.stdout)
	defer out.Flush()
	checked, bad, err := checkGames(ctx, pdn.NewReader(f), variant, out)
	if err != nil {
		out.Flush()
		fmt.Fprintf(env.stderr, "postald check: %s: %v\n", fs.Arg(0), err)
		return exitError{2}
	}
	// for programs: the same in every language (formats.md)
	fmt.Fprintf(out, "checked %s: %d bad\n", plural.Word{One: "game", Many: "games"}.Count(plural.English, checked), bad)
	if err := out.Flush(); err != nil {
		return err
	}
	if bad > 0 {
		return exitError{1}
	}
	return nil
}

// checkGames replays the games of r (in variant, or each by its GameType
// when nil) and writes a line for each one that does not replay. It returns
// the number of games and of bad games, or the error that stopped reading.
func checkGames(ctx context.Context, r *pdn.Reader, variant *rules.Variant, w io.Writer) (checked, bad int, err error) {
	for {
		if err := ctx.Err(); err != nil {
			return checked, bad, err
		}
		g, err := r.Next()
		if err == io.EOF {
			return checked, bad, nil
		}
		if err != nil {
			return checked, bad, err
		}
		checked++
		if _, err := pdn.Replay(g, variant); err != nil {
			bad++
			var re *pdn.ReplayError
			if !errors.As(err, &re) {
				return checked, bad, err
			}
			fmt.Fprintf(w, "game %d: move %d (%s): %s\n", checked, re.Ply, re.Text, re.Reason()) // for programs: the same in every language (formats.md)
		}
	}
}
