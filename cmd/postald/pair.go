package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"postald/internal/swiss"
	"postald/internal/trf"
)

const pairUsage = `usage: postald pair -dutch FILE.trf [-p OUT]
       postald pair -dutch -check FILE.trf

Pairs the next round of a Swiss tournament by the FIDE Dutch system (C.04.3, as applied
from 1 July 2025), from a FIDE tournament report file of the rounds played so far:
TRF-2026 (142 rounds, 152 initial colour, 162 points, 240 byes, 260 prohibited pairs) or
TRF(x) (XXR, XXC, XXS), with any line ending. The round paired is the first in which
nobody is paired; a player whose column of that round holds a bye (0000 - H, F or Z), or
who has a 240 record for it, is not paired.

OUT (- or no -p: the standard output) gets what the FIDE-endorsed engines write: the
number of pairs on the first line, then WHITE BLACK by pairing numbers, one pair a line
in board order, and P 0 for the pairing-allocated bye of player P. A file that cannot
be read is refused with its line and column; exit status 1, and 2 for a wrong command.

-check pairs every round of the file again from the rounds before it, as an arbiter
checks another program's pairings, and prints one line a round: "round N: as paired", or
the pairs in which the file and the Dutch system differ; exit status 1 when any differs.

examples:
  postald pair -dutch round4.trf -p round5.txt
  postald pair -dutch -check final.trf

flags:
`

// runPair is "postald pair -dutch FILE.trf -p OUT".
func runPair(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "pair")
	dutch := fs.Bool("dutch", false, "the FIDE Dutch system (C.04.3); the only system postald pairs by")
	out := fs.String("p", "-", "the file the pairing is written to; - for the standard output")
	check := fs.Bool("check", false, "pair every round of the file again and print where it differs")
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
		fmt.Fprintln(env.stderr, "postald pair: name the pairing system: -dutch")
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
		return checkTRF(env, name, data)
	}
	text, err := pairTRF(data)
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
func pairTRF(data []byte) (string, error) {
	f, err := trf.Read(data)
	if err != nil {
		return "", err
	}
	t, err := swiss.FromTRF(f)
	if err != nil {
		return "", err
	}
	p, err := swiss.Pair(t)
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
func checkTRF(env *cmdEnv, name string, data []byte) error {
	f, err := trf.Read(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	checks, err := swiss.Check(f)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	differ := 0
	for _, c := range checks {
		switch {
		case c.Err != nil:
			differ++
			fmt.Fprintf(env.stdout, "round %d: %v\n", c.Round, c.Err)
		case c.Agrees():
			fmt.Fprintf(env.stdout, "round %d: as paired\n", c.Round)
		default:
			differ++
			fmt.Fprintf(env.stdout, "round %d: the file pairs %s; the Dutch system %s\n", c.Round,
				pairsText(c.File, c.Paired), pairsText(c.Paired, c.File))
		}
	}
	if differ > 0 {
		fmt.Fprintf(env.stderr, "postald pair: %s: %d of %d rounds differ\n", name, differ, len(checks))
		return exitError{1}
	}
	return nil
}

// pairsText lists the pairs (WHITE-BLACK) and the bye of p that other has not.
func pairsText(p, other *swiss.Pairing) string {
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
			parts = append(parts, "no bye")
		} else {
			parts = append(parts, fmt.Sprintf("the bye to %d", p.Bye))
		}
	}
	return strings.Join(parts, " ")
}
