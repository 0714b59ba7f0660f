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

// runDiagram is "postald diagram [-variant V] [-fen F] [-last MOVE] [-width N] -o FILE.png".
func runDiagram(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "diagram")
	variantID := fs.String("variant", "russian", tx.Flags.DiagramVariant)
	fen := fs.String("fen", "", tx.Flags.DiagramFEN)
	last := fs.String("last", "", tx.Flags.Last)
	width := fs.Int("width", diagram.DefaultWidth, fmt.Sprintf(tx.Flags.Width, diagram.MinWidth, diagram.MaxWidth))
	out := fs.String("o", "", tx.Flags.Out)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "postald diagram: "+tx.Errors.Unexpected+"\n", fs.Arg(0))
		return exitError{2}
	}
	if *out == "" {
		fmt.Fprintf(env.stderr, "postald diagram: "+tx.Errors.Required+"\n", "-o")
		fs.Usage()
		return exitError{2}
	}
	if *width < diagram.MinWidth || *width > diagram.MaxWidth {
		fmt.Fprintf(env.stderr, "postald diagram: "+tx.Errors.Width+"\n", *width, diagram.MinWidth, diagram.MaxWidth)
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
		_, err := env.stdout.Write(b)
		return err
	}
	return os.WriteFile(*out, b, 0o644)
}
