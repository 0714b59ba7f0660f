package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"postald/internal/diagram"
	"postald/internal/rules"
)

const diagramUsage = `usage: postald diagram [-variant V] [-fen F] [-last MOVE] [-width N] -o FILE.png

Draws a position as a PNG picture: White at the bottom, the coordinates in
the variant's notation, the side to move in the right margin, towers seen
from the side (go doc postald/internal/diagram tells how to read one).

Without -fen the variant's start position is drawn. With -last the move is
read in the variant's notation against the -fen position, played, and the
position after it is drawn with the move marked (its squares in blue, a
capture's path and the squares it jumped). -o - writes the PNG to the
standard output.

example:
  postald diagram -variant column -fen 'W:Wc3(wb),a1:Bd4(bw),f8' -last c3:e5 -o after.png

flags:
`

// runDiagram is "postald diagram [-variant V] [-fen F] [-last MOVE] [-width N] -o FILE.png".
func runDiagram(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "diagram")
	variantID := fs.String("variant", "russian", "variant id (russian, international, column, lasca, or one of them with -giveaway)")
	fen := fs.String("fen", "", "the position in postald's FEN (default: the variant's start position)")
	last := fs.String("last", "", "a move to play from the -fen position and mark, in the variant's notation (c3:e5, 32-28)")
	width := fs.Int("width", diagram.DefaultWidth, fmt.Sprintf("width of the picture in pixels (%d to %d)", diagram.MinWidth, diagram.MaxWidth))
	out := fs.String("o", "", "the PNG file to write (- for the standard output)")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "postald diagram: unexpected argument %q\n", fs.Arg(0))
		return exitError{2}
	}
	if *out == "" {
		fmt.Fprintln(env.stderr, "postald diagram: -o FILE.png is required")
		fs.Usage()
		return exitError{2}
	}
	if *width < diagram.MinWidth || *width > diagram.MaxWidth {
		fmt.Fprintf(env.stderr, "postald diagram: -width %d is not between %d and %d\n", *width, diagram.MinWidth, diagram.MaxWidth)
		return exitError{2}
	}
	pos, err := positionOf(*variantID, *fen)
	if err != nil {
		return err
	}
	opt := diagram.Options{Width: *width}
	if *last != "" {
		m, err := rules.ParseMove(&pos, *last)
		if err != nil {
			return fmt.Errorf("-last %q: %w", *last, err)
		}
		pos = pos.Play(m)
		opt.Last = &m
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := diagram.PNG(pos, opt)
	if err != nil {
		return err
	}
	if *out == "-" {
		if _, err := env.stdout.Write(b); err != nil {
			return fmt.Errorf("writing the PNG to the standard output: %w", err)
		}
		return nil
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		return fmt.Errorf("writing the PNG: %w", err)
	}
	return nil
}
