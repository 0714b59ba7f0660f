package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"postald/internal/tournament"
)

// runCrosstable prints the standings of a results file (formats.md) of any system: an aligned
// text crosstable (a Swiss's with its rounds; a team event's standings, matches and board
// results), or with -json the standings as one JSON object.
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
	st, err := tournament.ReadStandings(data)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	if *asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(st.Document())
	}
	_, err = io.WriteString(env.stdout, st.Text(*lang))
	return err
}
