package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"postald/internal/rules"
)

// runPerft counts legal move sequences from a position:
// postald perft -variant V -depth N [-fen F] prints "depth K: COUNT" for K = 1..N.
func runPerft(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "perft")
	variant := fs.String("variant", "russian", tx.Flags.Variant)
	depth := fs.Int("depth", 5, tx.Flags.Depth)
	fen := fs.String("fen", "", tx.Flags.FEN)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "postald perft: "+tx.Errors.Unexpected+"\n", fs.Arg(0))
		return exitError{2}
	}
	pos, err := positionOf(*variant, *fen)
	if err != nil {
		return err
	}
	for k := 1; k <= *depth; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "depth %d: %d\n", k, rules.Perft(&pos, k)) // for programs: the same in every language
	}
	return nil
}

// positionOf is the position a command's -variant and -fen name: the variant's start when fen
// is empty.
func positionOf(variant, fen string) (rules.Position, error) {
	v, err := rules.VariantByID(variant)
	if err != nil {
		return rules.Position{}, err
	}
	if fen == "" {
		return v.Start(), nil
	}
	return rules.ParseFEN(v, fen)
}
