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

const checkUsage = `usage: postald check [-variant V] FILE.pdn

Replays every game of a PDN file and prints one line per game that does not
replay, then a count:

  game N: move K (TEXT): REASON
  checked G games: B bad

N counts games from 1 in file order, K counts half-moves from 1 (move 0 is a
problem before the first move: an unknown GameType or a bad FEN), TEXT is the
move as written. Exit status: 0 when every game replays, 1 when any does
not, 2 when the file cannot be read.

Without -variant each game's GameType tag decides (25 russian, 20
international, 98 international-giveaway, 42 column, 43 lasca, 44
russian-giveaway, 45 column-giveaway, 46 lasca-giveaway). A game without
GameType is read as russian when its moves (or its FEN) name squares like
c3, and as international when they are numbers.

example:
  postald check -variant russian games.pdn

flags:
`

// runCheck is "postald check [-variant V] FILE.pdn".
func runCheck(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "check")
	variantID := fs.String("variant", "", "replay every game in this variant, whatever its GameType (russian, international, column, lasca, or one of them with -giveaway)")
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
	fmt.Fprintf(out, "checked %s: %d bad\n", plural.Word{One: "game", Many: "games"}.Count(plural.English, checked), bad)
	if err := out.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
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
			fmt.Fprintf(w, "game %d: move %d (%s): %s\n", checked, re.Ply, re.Text, re.Reason())
		}
	}
}
