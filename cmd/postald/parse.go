package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"postald/internal/mailparse"
)

// runParse prints a move letter as the JSON object of the letter format. It exits 0 when the
// letter was read and 1 when it could not be read at all.
func runParse(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "parse")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitError{2}
	}
	name := fs.Arg(0)
	var r io.Reader = env.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	l, err := mailparse.ParseReader(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	out, err := json.MarshalIndent(l.View(), "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", out)
	return err
}
