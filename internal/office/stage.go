package office

import (
	"errors"
	"fmt"
	"time"

	"postald/internal/reading"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/tournament"
)

// A stage of a mixed competition (seed 003, 1.2) is a tournament of its own, registered from a
// start sheet whose [stage] names the stage before and how many of its places go on
// (tournament.Stage). Its sheet lists no players: postald takes them from the stage before once
// that is over — its places as its report counts them, a player who withdrew left out — and
// registers the sheet with their [[player]] tables written in, numbered by their places, so
// that the stored sheet says who plays and why.

// completeStage returns start sheet data with its players written in when it is a stage whose
// players the sheet leaves out, as tx's store holds the stage before at now; data as it is
// otherwise. The stage before must be in the store, over (no game in play or waiting for
// adjudication) and a tournament of individual places (a round robin or a Swiss); a refusal
// names the key of the sheet.
func completeStage(db *store.DB, data []byte, now time.Time) ([]byte, error) {
	st, players, ok := tournament.StageOf(data)
	if !ok || players > 0 {
		return data, nil // a sheet with its players is checked as any other (stage.places)
	}
	bad := func(where, format string, args ...any) error {
		return &tournament.InvalidError{Problems: []tournament.Problem{tournament.NewProblem(where, format, args...)}}
	}
	var extra []byte
	err := db.View(func(tx *store.Tx) error {
		codes, err := tx.Tournaments()
		if err != nil {
			return err
		}
		code, ok := tournament.LookupCode(codes, st.After)
		if !ok {
			return bad("stage.after", "%q: no such tournament in the store (an archived stage cannot be read: register the next stage before archiving the one before)", st.After)
		}
		raw, err := tx.Tournament(code)
		if err != nil {
			return err
		}
		before, err := reading.SheetOf(raw)
		if err != nil {
			return fmt.Errorf("tournament %s: %w", code, err)
		}
		open, err := gamesInPlay(tx, code)
		if err != nil {
			return err
		}
		if open > 0 {
			return bad("stage.after", "tournament %s has %d games not finished: its places are known, and the next stage can start, once every game is over (adjudicated ones too)", code, open)
		}
		loc, err := time.LoadLocation(before.Regulation.Zone)
		if err != nil {
			return err
		}
		in, err := reading.ReportInput(tx, before, loc, now, nil, nil, nil)
		if err != nil {
			return err
		}
		v, err := report.Build(in)
		if err != nil {
			return err
		}
		// The places that go on, as the stage before's system gives them (a round robin's or a
		// Swiss's; a knockout and a team event rank no players by place).
		numbers, err := before.Course().Qualified(v.Standings, st.Places)
		if err != nil {
			return err // stage.after (no places to take), stage.places (the cut)
		}
		var next []tournament.Player
		for k, n := range numbers {
			p, ok := before.Player(n)
			if !ok {
				return fmt.Errorf("tournament %s: no player number %d", code, n)
			}
			p.Number = k + 1
			next = append(next, p)
		}
		extra, err = tournament.StagePlayers(code, next)
		return err
	})
	if err != nil {
		var inv *tournament.InvalidError
		if errors.As(err, &inv) {
			return nil, err
		}
		return nil, fmt.Errorf("stage.after: %w", err)
	}
	return append(append([]byte{}, data...), extra...), nil
}
