package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"postald/internal/tournament"
)

// runCrosstable prints the standings of any round-robin from a results file (formats.md):
// an aligned text crosstable, or with -json the standings as one JSON object.
func runCrosstable(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	fs := newFlagSet(env, "crosstable")
	asJSON := fs.Bool("json", false, tx.Flags.CrosstableJSON)
	lang := fs.String("lang", "", tx.Flags.Lang)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitError{2}
	}
	switch *lang {
	case "":
		*lang = bookOf(tx).Lang // the command line's
	case tournament.Russian, tournament.English:
	default:
		return fmt.Errorf(tx.Errors.Lang, *lang)
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	table, err := tournament.ParseResults(data)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	ct, err := tournament.Compute(table)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	if *asJSON {
		return writeStandingsJSON(env.stdout, ct)
	}
	_, err = io.WriteString(env.stdout, ct.Text(*lang))
	return err
}

// writeStandingsJSON writes {"standings":[...]} as formats.md fixes it, on one line.
func writeStandingsJSON(w io.Writer, ct *tournament.Crosstable) error {
	standings := ct.Standings
	if standings == nil {
		standings = []tournament.Standing{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Standings []tournament.Standing `json:"standings"`
	}{standings})
}
