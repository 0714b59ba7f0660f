package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"postald/internal/phrase"
	"postald/internal/swiss"
	"postald/internal/trf"
)

// runPair is "postald pair -dutch FILE.trf -p OUT".
func runPair(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "pair")
	dutch := fs.Bool("dutch", false, tx.Flags.Dutch)
	out := fs.String("p", "-", tx.Flags.PairOut)
	check := fs.Bool("check", false, tx.Flags.PairCheck)
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
	if !*dutch {
		fmt.Fprintln(env.stderr, "postald pair: "+tx.Errors.System)
		return exitError{2}
	}
	name := fs.Arg(0)
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(env.stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return err
	}
	if *check {
		return checkTRF(ctx, env, name, data)
	}
	// A signal (SIGINT, SIGTERM) ends ctx: the pairing stops and says so.
	text, err := pairTRF(ctx, data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if *out == "-" {
		_, err = io.WriteString(env.stdout, text)
		return err
	}
	return os.WriteFile(*out, []byte(text), 0o644)
}

// pairTRF reads a TRF and writes the next round's pairing in the engines' output format.
func pairTRF(ctx context.Context, data []byte) (string, error) {
	f, err := trf.Read(data)
	if err != nil {
		return "", err
	}
	t, err := swiss.FromTRF(f)
	if err != nil {
		return "", err
	}
	p, err := swiss.PairContext(ctx, t)
	if err != nil {
		return "", fmt.Errorf("round %d: %w", t.Next(), err)
	}
	var b strings.Builder
	n := len(p.Boards)
	if p.Bye != 0 {
		n++
	}
	fmt.Fprintf(&b, "%d\n", n)
	for _, bd := range p.Boards {
		fmt.Fprintf(&b, "%d %d\n", bd.White, bd.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintf(&b, "%d 0\n", p.Bye)
	}
	return b.String(), nil
}

// checkTRF is pair -check: every round of the file paired again, one line a round.
func checkTRF(ctx context.Context, env *cmdEnv, name string, data []byte) error {
	f, err := trf.Read(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	checks, err := swiss.CheckContext(ctx, f)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	differ := 0
	tx := env.text()
	for _, c := range checks {
		switch {
		case c.Err != nil:
			differ++
			fmt.Fprintf(env.stdout, tx.Errors.Round+"\n", c.Round, c.Err)
		case c.Agrees():
			fmt.Fprintf(env.stdout, tx.Errors.RoundSame+"\n", c.Round)
		default:
			differ++
			fmt.Fprintf(env.stdout, tx.Errors.RoundDiffers+"\n", c.Round,
				pairsText(tx, c.File, c.Paired), pairsText(tx, c.Paired, c.File))
		}
	}
	if differ > 0 {
		fmt.Fprintf(env.stderr, "postald pair: %s\n", tx.Errors.RoundsDiffer(name, differ, len(checks)))
		return exitError{1}
	}
	return nil
}

// pairsText lists the pairs (WHITE-BLACK) and the bye of p that other has not.
func pairsText(tx *phrase.CLIText, p, other *swiss.Pairing) string {
	has := map[swiss.Board]bool{}
	for _, b := range other.Boards {
		has[b] = true
	}
	var parts []string
	for _, b := range p.Boards {
		if !has[b] {
			parts = append(parts, fmt.Sprintf("%d-%d", b.White, b.Black))
		}
	}
	if p.Bye != other.Bye {
		if p.Bye == 0 {
			parts = append(parts, tx.Errors.NoBye)
		} else {
			parts = append(parts, fmt.Sprintf(tx.Errors.ByeTo, p.Bye))
		}
	}
	return strings.Join(parts, " ")
}
