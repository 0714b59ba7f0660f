package office

// The judge's rulings: everything that applies one to a game and records it (the referee's
// kinds, an annulment, a withdrawal, a protest's decision, a revert). Each runs in one store
// transaction on the daemon's owner goroutine (Request.Changes).
//
// Every ruling is decided by the core — referee.Rule for one game, tournament.Withdraw for a
// player's withdrawal (seed 003, 1.10) — and this file only loads the game, calls the core and
// records its decision: the ruling in the audit log, the game's new state and next event, the
// letters to both players, the judge and the director. Nothing here sets a game's status,
// result, clocks or history.

import (
	"errors"
	"fmt"
	"postald/internal/phrase"
	"postald/internal/reading"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// RuleRequest is a ruling of the referee's kinds (penalty, correct-date, forfeit, adjudicate,
// leave) on one game. Side is as the judge wrote it: white, black, w, b or a player's number.
type RuleRequest struct {
	Kind   referee.RuleKind `json:"kind"`
	Game   string           `json:"game"`
	Side   string           `json:"side,omitempty"`
	Days   int              `json:"days,omitempty"`
	Result string           `json:"result,omitempty"`
	Leave  daysclock.Leave  `json:"leave,omitzero"`
	Clause string           `json:"clause"`
	Reason string           `json:"reason"`
}

func (RuleRequest) Name() string { return "rule" }

func (RuleRequest) Changes() bool { return true }

func (c RuleRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.rule(c))
}

// AnnulRequest: `judge annul`, the game ends without a result (4.1.7).
type AnnulRequest struct {
	Game   string `json:"game"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
}

func (AnnulRequest) Name() string { return "annul" }

func (AnnulRequest) Changes() bool { return true }

func (c AnnulRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.annul(c))
}

// WithdrawRequest: `judge withdraw`, a player leaves the tournament (seed 003, 1.10). Tournament
// may be empty when the store holds one; Clause may be empty (seed 003 gives it).
type WithdrawRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Player     int    `json:"player"`
	Clause     string `json:"clause,omitempty"`
	Reason     string `json:"reason"`
}

func (WithdrawRequest) Name() string { return "withdraw" }

func (WithdrawRequest) Changes() bool { return true }

func (c WithdrawRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.withdraw(c))
}

// ProtestRequest: `judge protest`, a protest's decision recorded and told (4.1.12).
type ProtestRequest struct {
	Game     string `json:"game"`
	Decision string `json:"decision"`
	Clause   string `json:"clause"`
}

func (ProtestRequest) Name() string { return "protest" }

func (ProtestRequest) Changes() bool { return true }

func (c ProtestRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.protest(c))
}

// RevertRequest: `judge revert`, the game put back as it was before its letter N.
type RevertRequest struct {
	Game   string `json:"game"`
	Letter uint64 `json:"letter"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
}

func (RevertRequest) Name() string { return "revert" }

func (RevertRequest) Changes() bool { return true }

func (c RevertRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.revert(c))
}

// Ruled says that a ruling on Game was recorded and its letters queued.
type Ruled struct {
	Game store.GameID `json:"game"`
	// Language is the tournament's, which the command line speaks about it (SpokenIn).
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament the reply is about.
func (r *Ruled) SpokenIn() string { return r.Language }

// Withdrawn is what a withdrawal decided: with Played of Games played, seed 003 gave Clause
// (1.10.2: results struck out and unfinished games ended without a result; 1.10.3: games
// without a move lost, begun ones referred to adjudication),
// and Ended games in play were ended.
type Withdrawn struct {
	Tournament string `json:"tournament"`
	Player     int    `json:"player"`
	Played     int    `json:"played"`
	Games      int    `json:"games"`
	Ended      int    `json:"ended"`
	// Referred counts his begun games sent to the judge for adjudication (1.10.4).
	Referred int    `json:"referred,omitempty"`
	Clause   string `json:"clause"`
	Language string `json:"language,omitempty"` // the tournament's
}

// SpokenIn is the language of the tournament the reply is about.
func (w *Withdrawn) SpokenIn() string { return w.Language }

// Reverted says that Game was put back as it was before its letter Letter; the letters from
// Letter to Upto stay in the archive, marked as reverted, and Undone lists the rulings recorded
// after the letter, undone with it ("#3 penalty").
type Reverted struct {
	Game   store.GameID `json:"game"`
	Letter uint64       `json:"letter"`
	Upto   uint64       `json:"upto"`
	Undone []string     `json:"undone,omitempty"`
	// Language is the tournament's.
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament the reply is about.
func (r *Reverted) SpokenIn() string { return r.Language }

// errNoClause is the error of a ruling without its clause or its reason.
var errNoClause = errors.New("every ruling needs -clause and -reason (4.1.10)")

// ruleKinds are the rulings of the referee's kinds a RuleRequest may give.
var ruleKinds = []referee.RuleKind{referee.RulePenalty, referee.RuleCorrect, referee.RuleForfeit, referee.RuleAdjudicate, referee.RuleLeave}

// rule applies a ruling of the referee's kinds to one game.
func (o *Office) rule(req RuleRequest) (*Ruled, error) {
	if !slices.Contains(ruleKinds, req.Kind) {
		names := make([]string, len(ruleKinds))
		for i, k := range ruleKinds {
			names[i] = k.String()
		}
		return nil, fmt.Errorf("%w: no ruling %q; want one of %s", ErrBadRequest, req.Kind, strings.Join(names, ", "))
	}
	if req.Clause == "" || req.Reason == "" {
		return nil, errNoClause
	}
	return o.onGame(req.Game, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Seat, now time.Time) error {
		var err error
		r := referee.Ruling{Kind: req.Kind, Clause: req.Clause, Reason: req.Reason, At: now}
		switch r.Kind {
		case referee.RulePenalty, referee.RuleCorrect:
			if r.Side, err = sideArg(g, req.Side); err != nil {
				return err
			}
			r.Days = req.Days
		case referee.RuleForfeit:
			if r.Side, err = sideArg(g, req.Side); err != nil {
				return err
			}
		case referee.RuleAdjudicate:
			r.Result = referee.Result(req.Result)
		case referee.RuleLeave:
			if r.Side, err = sideArg(g, req.Side); err != nil {
				return err
			}
			r.Leave = req.Leave
		}
		return o.applyRuling(tx, sh, id, g, r, now)
	})
}

// onGame runs fn on the game the judge named, in one transaction.
func (o *Office) onGame(name string, fn func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Seat, now time.Time) error) (*Ruled, error) {
	now := o.now()
	var ruled Ruled
	err := o.update(func(tx *store.Tx) error {
		id, sh, g, err := o.openGame(tx, name)
		if err != nil {
			return err
		}
		ruled.Game, ruled.Language = id, sh.Language
		return fn(tx, id, sh, g, now)
	})
	if err != nil {
		return nil, err
	}
	return &ruled, nil
}

// applyRuling runs a ruling through the referee — the same code letters go through — and records
// it (recordRuling).
func (o *Office) applyRuling(tx *store.Tx, sh *tournament.Sheet, id store.GameID, g referee.Seat, r referee.Ruling, now time.Time) error {
	dec, err := referee.Rule(g, r)
	if err != nil {
		return err
	}
	return o.recordRuling(tx, sh, g.Table, id, r, dec, now)
}

// recorder records a step of tournament sh's course in tx at now, its rulings on games as every
// ruling is recorded (recordRuling).
func (o *Office) recorder(tx *store.Tx, sh *tournament.Sheet, t *referee.Table, now time.Time) stepRecorder {
	return stepRecorder{tx: tx, from: o.opt.From, sh: sh, t: t, now: now, w: o.work,
		rule: func(id store.GameID, r referee.Ruling, dec referee.Decision) error {
			return o.recordRuling(tx, sh, t, id, r, dec, now)
		}}
}

// recordRuling records a ruling the core decided: the audit log, the game, its next event, the
// letters to both players, the judge and the director (X-Postald-Verdict: ruling), each as the
// referee wrote it.
func (o *Office) recordRuling(tx *store.Tx, sh *tournament.Sheet, t *referee.Table, id store.GameID, r referee.Ruling, dec referee.Decision, now time.Time) error {
	if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Clause: r.Clause, Reason: r.Reason, Entry: store.GameRuling{Ruling: r}}); err != nil {
		return err
	}
	if err := record(tx, o.opt.From, id, sh, t, dec, now, nil, nil, o.work); err != nil {
		return err
	}
	o.work.Ruled(id.Tournament)
	o.stage(Done{Kind: DoneRuling, At: now, Game: id, Decision: dec})
	return nil
}

// withdraw records that a player left the tournament (seed 003, 1.10), as tournament.Withdraw
// decides it over all his games — the crosstable decides by the same rule: with fewer than half
// of his games played (1.10.4) his results are struck out (1.10.2) and his games still in play
// end without a result; with half or more (1.10.3) his results stand, his games without a move
// are lost without play (1.12.2) and his begun games go to the judge for adjudication (1.10.4).
func (o *Office) withdraw(req WithdrawRequest) (*Withdrawn, error) {
	if req.Reason == "" {
		return nil, errors.New("withdraw needs [TOURNAMENT] PLAYER and -reason")
	}
	now := o.now()
	code, num := req.Tournament, req.Player
	lang := "" // the tournament's
	var w tournament.Withdrawn
	err := o.update(func(tx *store.Tx) error {
		if code == "" {
			codes, err := tx.Tournaments()
			if err != nil {
				return err
			}
			if len(codes) != 1 {
				return reading.UnnamedIn(tx, codes, func(x *phrase.CLIErrors) string { return x.NameOne(len(codes), x.WithdrawForm) })
			}
			code = codes[0]
		}
		t, sh, err := o.table(tx, code)
		if sh != nil {
			lang = sh.Language
		}
		if err != nil {
			return err
		}
		if num < 1 || num > len(sh.Players) {
			return fmt.Errorf("tournament %s has no player %d", code, num)
		}
		var games []referee.Game
		err = o.desk.EachGame(tx, code, func(_ *tournament.Sheet, _ store.GameID, st referee.Seat) error {
			if w, b, _ := st.Game.Numbers(); w == num || b == num {
				games = append(games, st.Game)
			}
			return nil
		})
		if err != nil {
			return err
		}
		st, err := reading.CourseState(tx, sh, t, now)
		if err != nil {
			return err
		}
		// The course's step: the tournament's record of the withdrawal, each of his games'
		// ruling, and what follows in his system (a knockout's pairing lost and the next one).
		var step tournament.Step
		if w, step, err = sh.Course().Withdraw(st, games, num, req.Clause, req.Reason); err != nil {
			return err
		}
		return o.recorder(tx, sh, t, now).record(step)
	})
	if err != nil {
		return nil, err
	}
	return &Withdrawn{Tournament: code, Player: num, Played: w.Played, Games: w.Total, Ended: w.Ended(), Referred: w.Referred(), Clause: w.Clause, Language: lang}, nil
}

// annul ends a game without a result by the judge's decision (4.1.7): it counts for neither
// player in the crosstable. Both players, the judge and the director are told.
func (o *Office) annul(req AnnulRequest) (*Ruled, error) {
	if req.Clause == "" || req.Reason == "" {
		return nil, errors.New("annul needs GAME, -clause and -reason (4.1.10)")
	}
	return o.onGame(req.Game, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Seat, now time.Time) error {
		r := referee.Ruling{Kind: referee.RuleAnnul, Clause: req.Clause, Reason: req.Reason, At: now}
		return o.applyRuling(tx, sh, id, g, r, now)
	})
}

// protest records a protest against a decision and the judge's decision on it (4.1.12).
func (o *Office) protest(req ProtestRequest) (*Ruled, error) {
	if req.Decision == "" {
		return nil, errors.New("protest needs GAME and -decision")
	}
	return o.onGame(req.Game, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Seat, now time.Time) error {
		r := referee.Ruling{Kind: referee.RuleProtest, Clause: req.Clause, Reason: req.Decision, At: now}
		return o.applyRuling(tx, sh, id, g, r, now)
	})
}

// revert puts a game back as it was before letter N of its archive: the state the store kept
// with that letter when it came in, exactly, through the referee's revert ruling (which adds
// its own entry to the game's history). The letter and every entry after it stay in the
// archive; judge show marks them as reverted. Both players, the judge and the director are
// told, like every ruling (4.1.10).
func (o *Office) revert(req RevertRequest) (*Reverted, error) {
	if req.Clause == "" || req.Reason == "" {
		return nil, errNoClause
	}
	n := req.Letter
	if n == 0 {
		return nil, fmt.Errorf("letter number 0: want the number judge show gives it")
	}
	var undone []string
	var upto uint64
	var gid store.GameID
	var lang string
	now := o.now()
	err := o.update(func(tx *store.Tx) error {
		id, sh, g, err := o.openGame(tx, req.Game)
		if err != nil {
			return err
		}
		gid, lang = id, sh.Language
		// What is put back must be what the store kept: a chain that does not verify
		// restores nothing.
		if _, err := tx.Verify(id); err != nil {
			return fmt.Errorf("the archive of %s does not verify, nothing is reverted: %w", id.Key(), err)
		}
		e, last, rulings, err := reading.Archived(tx, id, n)
		if err != nil {
			return err
		}
		if e.Direction != store.In {
			return fmt.Errorf("letter #%d of %s is one postald sent: name the letter received whose effect is undone", n, id.Key())
		}
		if by := reading.RevertedLetters(rulings)[n]; by != 0 {
			return fmt.Errorf("letter #%d of %s is already reverted, by ruling #%d", n, id.Key(), by)
		}
		st, ok, err := e.GameBefore()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("letter #%d of %s was archived without the game as it was before it (a postald older than judge revert): it cannot be put back exactly", n, id.Key())
		}
		cur, err := tx.GameParts(id)
		if err != nil {
			return err
		}
		if st.Format != cur.Format {
			return fmt.Errorf("letter #%d of %s kept the game in format %d, the store holds format %d", n, id.Key(), st.Format, cur.Format)
		}
		before, err := store.DecodeGame(id, st.Data)
		if err != nil {
			return fmt.Errorf("letter #%d of %s: the game before it: %w", n, id.Key(), err)
		}
		// Rulings recorded after the letter was applied are undone with it: the judge is told.
		applied := e.Time
		if e.Ref != nil {
			if in, err := tx.Inbound(*e.Ref); err == nil && !in.Finished.IsZero() {
				applied = in.Finished
			}
		}
		for _, r := range rulings {
			if !r.Time.Before(applied) {
				undone = append(undone, fmt.Sprintf("#%d %s", r.Seq, r.Kind))
			}
		}
		upto = last
		r := referee.Ruling{Kind: referee.RuleRevert, Before: &before, Letter: n, LetterID: e.MessageID,
			LetterTime: e.Time, Upto: last, Clause: req.Clause, Reason: req.Reason, At: now}
		return o.applyRuling(tx, sh, id, g, r, now)
	})
	if err != nil {
		return nil, err
	}
	return &Reverted{Game: gid, Letter: n, Upto: upto, Undone: undone, Language: lang}, nil
}
