package office

import (
	"errors"
	"fmt"
	"postald/internal/phrase"
	"postald/internal/reading"

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

// reserve enters a reserve in one transaction: the course of the tournament's system decides it
// (tournament.Course.Reserve: which games change players, the entry of the rulings log, the
// annulment of every game replaced, the new games, the letters), and the office records its
// step; a system without reserves, or a reserve who cannot come in, is refused as a bad request.
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
				return reading.UnnamedIn(tx, codes, func(x *phrase.CLIErrors) string { return x.NameOne(len(codes), x.ReserveForm) })
			}
			code = codes[0]
		}
		t, sh, err := o.table(tx, code)
		if err != nil {
			return err
		}
		games := map[string]referee.Game{}
		err = o.desk.EachGame(tx, code, func(_ *tournament.Sheet, id store.GameID, st referee.Seat) error {
			games[id.Game] = st.Game
			return nil
		})
		if err != nil {
			return err
		}
		st, err := reading.CourseState(tx, sh, t, now)
		if err != nil {
			return err
		}
		sub, step, err := sh.Course().Reserve(st, games, req.Out, req.In, req.Reason)
		if errors.Is(err, tournament.ErrRefused) {
			return fmt.Errorf("%w: %v", ErrBadRequest, err)
		} else if err != nil {
			return err
		}
		if err := o.recorder(tx, sh, t, now).record(step); err != nil {
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
