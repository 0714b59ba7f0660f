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
		switch {
		case st.Teams != nil:
			return writeTeamsJSON(env.stdout, st.Teams)
		case st.Swiss != nil:
			return writeStandingsJSON(env.stdout, st.Swiss.Crosstable)
		case st.Knockout != nil:
			return writeBracketJSON(env.stdout, st.Knockout)
		}
		return writeStandingsJSON(env.stdout, st.Cross)
	}
	_, err = io.WriteString(env.stdout, st.Text(*lang))
	return err
}

// writeTeamsJSON writes the standings of a team event on one line: {"teams":[...],"matches":[...],
// "boards":[...]}, the teams by place as the standings of players are written (formats.md).
func writeTeamsJSON(w io.Writer, tt *tournament.TeamTable) error {
	type match struct {
		Round int        `json:"round"`
		Home  int        `json:"home"`
		Away  int        `json:"away"`
		Score [2]float64 `json:"score"`
		Games int        `json:"games"`
		Done  int        `json:"finished"`
	}
	type board struct {
		Team   int     `json:"team"`
		Board  int     `json:"board"`
		Number int     `json:"number"`
		Name   string  `json:"name"`
		Games  int     `json:"games"`
		Points float64 `json:"points"`
	}
	out := struct {
		Teams   []tournament.TeamStanding `json:"teams"`
		Matches []match                   `json:"matches"`
		Boards  []board                   `json:"boards"`
	}{Teams: tt.Standings, Matches: []match{}, Boards: []board{}}
	for _, m := range tt.Matches {
		out.Matches = append(out.Matches, match{Round: m.Round, Home: m.Home, Away: m.Away, Score: [2]float64{m.HomePoints, m.AwayPoints},
			Games: len(m.Games), Done: m.Finished})
	}
	for _, b := range tt.Boards {
		out.Boards = append(out.Boards, board{Team: b.Team, Board: b.Board, Number: b.Number, Name: b.Name, Games: b.Games, Points: b.Points})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// writeBracketJSON writes a knockout's bracket on one line: {"bracket":[…],"winner":N}, a pairing
// of every round whose players are known, each with its round, place, players (the higher seed
// first, 0 for a bye), the points of the micromatch and of the extra games, its games, who went
// through and how (tournament.HowWon, …; "" while in play), the tie lot's label.
func writeBracketJSON(w io.Writer, br *tournament.Bracket) error {
	type pairing struct {
		Round   int        `json:"round"`
		Slot    int        `json:"pairing"`
		A       int        `json:"higher_seed"`
		B       int        `json:"lower_seed"`
		Score   [2]float64 `json:"score"`
		Extra   [2]float64 `json:"extra_score"`
		Games   []string   `json:"games"`
		Through int        `json:"through"`
		How     string     `json:"how"`
		Lot     string     `json:"lot,omitempty"`
	}
	out := struct {
		Bracket []pairing `json:"bracket"`
		Winner  int       `json:"winner"`
	}{Bracket: []pairing{}, Winner: br.Winner}
	for _, row := range br.Rounds {
		for _, p := range row {
			if p.A == 0 && p.B == 0 && !p.Decided() {
				continue
			}
			q := pairing{Round: p.Round, Slot: p.Slot, A: p.A, B: p.B, Score: p.Main, Extra: p.Extra, Games: []string{},
				Through: p.Winner, How: p.How, Lot: p.Lot}
			for _, g := range p.Games {
				q.Games = append(q.Games, g.Name)
			}
			out.Bracket = append(out.Bracket, q)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
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
