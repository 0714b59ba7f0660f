package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"postald/internal/daemon"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/rules/pdn"
	"postald/internal/store"
	"postald/internal/tournament"
)

func runExport(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "export")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	game := fs.String("game", "", "the game: TOURNAMENT/W-B, or W-B when there is one tournament")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *game == "" {
		fmt.Fprintln(env.stderr, "usage: postald export [-config FILE] -game GAME")
		return exitError{2}
	}
	return runStoreCommand(ctx, env, *cfgFile, "export", []string{"-game", *game})
}

// exportMain writes one game as PDN; the control socket runs it too.
func exportMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	fs := flag.NewFlagSet("postald export", flag.ContinueOnError)
	fs.SetOutput(out)
	game := fs.String("game", "", "the game")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var text []byte
	err := cenv.Store.View(func(tx *store.Tx) error {
		_, sh, g, err := openGame(tx, *game)
		if err != nil {
			return err
		}
		text, err = gamePDN(sh, g)
		return err
	})
	if err != nil {
		fmt.Fprintf(out, "postald export: %v\n", err)
		return 1
	}
	out.Write(text)
	return 0
}

// gamePDN writes a game postald keeps as PDN 3.0, which draughts programs read and
// `postald check` replays.
func gamePDN(sh *tournament.Sheet, g referee.Game) ([]byte, error) {
	v, err := rules.VariantByID(g.Variant)
	if err != nil {
		return nil, err
	}
	rg := rules.NewGame(v.Start())
	for i, p := range g.Plies {
		if _, err := rg.PlayText(p.Text); err != nil {
			return nil, fmt.Errorf("game %s, ply %d %q: %w", g.ID(), i+1, p.Text, err)
		}
	}
	date := ""
	if len(g.Plies) > 0 {
		date = strings.ReplaceAll(g.Plies[0].Date.String(), "-", ".")
	}
	tags := []pdn.Tag{
		{Name: "Event", Value: sh.Name + " (" + sh.Code + ")"},
		{Name: "Site", Value: "correspondence, " + sh.Address},
		{Name: "Date", Value: date},
		{Name: "Round", Value: g.Name},
		{Name: "White", Value: g.White.Name},
		{Name: "Black", Value: g.Black.Name},
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, pdn.FromGame(rg, tags, g.Result)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// errNoGames is returned when a report is asked of a store with no tournament.
var errNoGames = errors.New("no tournament in the store")
