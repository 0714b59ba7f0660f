package office

import (
	"encoding/json"
	"errors"
	"fmt"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// ReserveRequest: `tournament reserve`, the director enters reserve In for player Out of a team
// (seed 003, 1.14.2); Tournament may be empty when the store holds one.
type ReserveRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Out        int    `json:"out"`
	In         int    `json:"in"`
	Reason     string `json:"reason"`
}

func (ReserveRequest) Name() string { return "reserve" }

func (ReserveRequest) Changes() bool { return true }

func (c ReserveRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.reserve(c))
}

// Reserved is what a reserve's entry changed: the games annulled and those that replace them.
type Reserved struct {
	Tournament string      `json:"tournament"`
	Team       int         `json:"team"`
	Out        int         `json:"out"`
	In         int         `json:"in"`
	Games      [][2]string `json:"games"` // old, new
	// Language is the tournament's, which the command line speaks about it (SpokenIn).
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament of the reserve.
func (r *Reserved) SpokenIn() string { return r.Language }

// reserve enters a reserve in one transaction: tournament.Sheet.PlanReserve decides which games
// change players (those without a move; with the boards moved up, the boards below too); the
// entry is recorded in the rulings log, every game replaced is annulled (it counts for no one;
// its players get the annulment's letters), the new games open with White's clock from the day
// after the letters are received (4.3.2), and the letters go out: the reserve's start letter,
// each player's new games, the captain's, the judge's and the director's copy.
func (o *Office) reserve(req ReserveRequest) (*Reserved, error) {
	if req.Reason == "" {
		return nil, errors.New("reserve needs [TOURNAMENT] PLAYER RESERVE and -reason")
	}
	now := o.now()
	var rep Reserved
	err := o.update(func(tx *store.Tx) error {
		code := req.Tournament
		if code == "" {
			codes, err := tx.Tournaments()
			if err != nil {
				return err
			}
			if len(codes) != 1 {
				return fmt.Errorf("the store holds %d tournaments: write reserve TOURNAMENT PLAYER RESERVE", len(codes))
			}
			code = codes[0]
		}
		t, sh, err := o.table(tx, code)
		if err != nil {
			return err
		}
		rulings, err := tx.Rulings(store.GameID{Tournament: code})
		if err != nil {
			return err
		}
		reserves, err := reservesIn(rulings)
		if err != nil {
			return err
		}
		open := map[string]bool{}
		seats := map[string]referee.Seat{}
		err = o.eachGame(tx, code, func(_ *tournament.Sheet, id store.GameID, st referee.Seat) error {
			open[id.Game] = st.Game.Status == referee.StatusPlaying && len(st.Game.Plies) == 0
			seats[id.Game] = st
			return nil
		})
		if err != nil {
			return err
		}
		sub, err := sh.PlanReserve(reserves, req.Out, req.In, open)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		details, _ := json.Marshal(sub)
		if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: code}, Time: now, Kind: kindReserve,
			Clause: "1.14.2", Reason: req.Reason, Details: details}); err != nil {
			return err
		}
		o.work.ruled(code)
		log := tournament.Log{Reserves: append(reserves, sub)}
		var fresh []tournament.Game
		for _, g := range sh.Paired(log) {
			for _, p := range sub.Games {
				if g.Name == p[1] && g.Replaced == "" {
					fresh = append(fresh, g)
				}
			}
		}
		for _, p := range sub.Games {
			st, ok := seats[p[0]]
			if !ok {
				return fmt.Errorf("game %s/%s is not in the store", code, p[0])
			}
			r := referee.Ruling{Kind: referee.RuleAnnul, Clause: "1.14.2", Reason: req.Reason, At: now}
			dec, err := referee.Rule(st, r)
			if err != nil {
				return fmt.Errorf("game %s: %w", p[0], err)
			}
			if err := o.recordRuling(tx, sh, t, store.GameID{Tournament: code, Game: p[0]}, r, dec, now); err != nil {
				return err
			}
		}
		if err := openGames(tx, o.opt.From, sh, t, fresh, now, o.work); err != nil {
			return err
		}
		if err := enqueueLetters(tx, o.opt.From, sh, sh.ReserveLetters(sub, log, req.Reason), now); err != nil {
			return err
		}
		rep = Reserved{Tournament: code, Team: sub.Team, Out: sub.Out, In: sub.In, Games: sub.Games, Language: sh.Language}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &rep, nil
}
