package reading

import (
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/tournament"
)

// ReportInput assembles what the report of the tournament of sh shows, as tx sees the store:
// every game (each also given to fn, which may be nil), the judge's rulings and the players who
// withdrew, and with eg (nil: none) what the endgame database says of each game not finished
// within its reach. cache may be nil; it reads nothing else of the office.
func ReportInput(tx *store.Tx, sh *tournament.Sheet, loc *time.Location, now time.Time, cache *store.GameCache, eg referee.Endgames, fn func(referee.Game) error) (report.Input, error) {
	in, byGame, err := reportRulings(tx, sh, loc, now)
	if err != nil {
		return in, err
	}
	ids, err := tx.Games(sh.Code)
	if err != nil {
		return in, err
	}
	for _, id := range ids {
		g, _, err := tx.LoadGame(id, cache)
		if err != nil {
			return in, err
		}
		rg := reportGame(sh, g, byGame[g.Name], loc)
		if eg != nil && g.Status != referee.StatusFinished {
			t := sh.Table(loc)
			t.Endgames = eg
			if s, err := (referee.Seat{Table: t, Game: g}).Settle(); err == nil && s.Held {
				rg.Settled = s.Verdict(sh.Language) // the director's report marks the game settled in theory
			}
		}
		in.Games = append(in.Games, rg)
		if fn != nil {
			if err := fn(g); err != nil {
				return in, err
			}
		}
	}
	return in, nil
}

// reportRulings is the report of the tournament of sh at now without its games: the judge's
// rulings and the players who withdrew, with the rulings on each game by its name.
func reportRulings(tx *store.Tx, sh *tournament.Sheet, loc *time.Location, now time.Time) (report.Input, map[string][]store.Ruling, error) {
	in := report.Input{Sheet: sh, Today: daysclock.DateOf(now, loc)}
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return in, nil, err
	}
	byGame := map[string][]store.Ruling{}
	for _, ru := range rulings {
		byGame[ru.Game.Game] = append(byGame[ru.Game.Game], ru)
		date := daysclock.DateOf(ru.Time, loc)
		switch e := ru.Entry.(type) {
		case store.RoundPaired, store.SwissEnded, store.TournamentEnded:
			continue // a Swiss round's pairing, a tournament's end: the tables show them
		case store.KnockoutPairing:
			// A knockout's steps: under their own heading, not among the judge's rulings.
			in.Events = append(in.Events, report.Event{Date: date, Opened: e.KnockoutOpened})
			continue
		case store.KnockoutWon:
			in.Events = append(in.Events, report.Event{Date: date, Winner: e.Winner})
			continue
		}
		in.Rulings = append(in.Rulings, report.Ruling{Date: date, Game: ru.Game.Game,
			Kind: ru.Kind, Clause: ru.Clause, Text: ru.Reason, Judge: ru.Judge})
	}
	log := store.LogOf(rulings)
	in.Withdrawn, in.Rounds, in.Reserves, in.Knockout = log.Withdrawn, log.Rounds, log.Reserves, log.Knockout
	return in, byGame, nil
}

// reportGame maps a game of the referee to what the report shows; rulings are the judge's
// rulings on the game, oldest first.
func reportGame(sh *tournament.Sheet, g referee.Game, rulings []store.Ruling, loc *time.Location) report.Game {
	t := referee.Seat{Table: sh.Table(loc), Game: g}.Terms()
	clock := func(s referee.Side) report.Clock {
		c := g.Clock(s)
		next := c.Next(t)
		rc := report.Clock{Days: c.Days, Penalty: c.Penalty, Control: next.Move, Limit: next.Days}
		if g.Status == referee.StatusPlaying && g.ToMove() == s {
			rc.LastDay = c.Deadline(t).LastDay
		}
		if c.Overstep != nil {
			rc.Overstep = c.Overstep.On
		}
		return rc
	}
	rg := report.Game{Name: g.Name, Status: g.Status, Moves: (len(g.Plies) + 1) / 2,
		White: clock(referee.White), Black: clock(referee.Black), Reason: referee.ReasonText(sh.Language, g.Reason), Result: tableResult(g, rulings)}
	if g.Status == referee.StatusPlaying {
		rg.ToMove = g.ToMove()
	}
	if g.Status == referee.StatusFinished {
		// The day it ended: its last entry, a letter's or the judge's, or his last ruling.
		if n := len(g.History); n > 0 {
			rg.Ended = g.History[n-1].Date
		}
		if n := len(rulings); n > 0 {
			if d := daysclock.DateOf(rulings[n-1].Time, loc); d.After(rg.Ended) {
				rg.Ended = d
			}
		}
	}
	reg := sh.Regulation.WithDefaults()
	for _, e := range g.History {
		// The stops postald charged itself (4.2.11), from the letter's sender; the judge's
		// penalties are read from his rulings below, whatever clause they name.
		if e.Verdict != referee.Ruled && slices.Contains(e.Clauses, "4.2.11") {
			rg.Penalties = append(rg.Penalties, report.Penalty{Date: e.Date, Side: e.From,
				Days: reg.PenaltyDays, Clause: "4.2.11", What: stopWhat(&phrase.For(sh.Language).Report, e)})
		}
	}
	for i, ru := range rulings {
		if ru.Kind != string(referee.RulePenalty) || undone(ru, rulings[i+1:]) {
			continue
		}
		e, _ := ru.Entry.(store.GameRuling)
		d := e.Ruling
		if d.Side != referee.White && d.Side != referee.Black {
			continue
		}
		// 4.1.10: the penalty as the judge gave it: his side, his days, his clause.
		rg.Penalties = append(rg.Penalties, report.Penalty{Date: daysclock.DateOf(ru.Time, loc), Side: d.Side,
			Days: d.Days, Clause: ru.Clause, What: ru.Reason})
	}
	return rg
}

// stopWhat words, in the report's language, what a letter postald stopped was stopped for
// (4.2.11): each of its faults by its clause, the move as written; the entry's note for a letter
// stopped by a postald that did not record them.
func stopWhat(t *phrase.ReportText, e referee.Entry) string {
	var what []string
	for _, f := range e.Faults {
		var w string
		switch f.Clause {
		case "4.2.9":
			w = t.FaultRepeat
		case "4.2.2":
			w = t.FaultAbbrev(f.Text)
		case "4.2.5":
			w = t.FaultIllegible(f.Text)
		case "4.2.10":
			w = t.FaultMove(f.Text)
		default:
			continue
		}
		if !slices.Contains(what, w) {
			what = append(what, w)
		}
	}
	if len(what) == 0 {
		return e.Note
	}
	return strings.Join(what, "; ")
}

// undone reports whether one of the later rulings on the game is a revert that undid ru: put
// the game back as it was before a letter received before ru was recorded.
func undone(ru store.Ruling, later []store.Ruling) bool {
	for _, l := range later {
		if e, ok := l.Entry.(store.GameRuling); ok && e.Ruling.Kind == referee.RuleRevert && !e.LetterTime.After(ru.Time) {
			return true
		}
	}
	return false
}

// tableResult is a game's result as the crosstable counts it (tournament.TableResult), rulings
// being the judge's rulings on it. A store written before strike-outs had a Reason of their own
// recorded a withdrawn player's games as annulled under clause 1.10.2 (or 1.10): those are read
// as struck out.
func tableResult(g referee.Game, rulings []store.Ruling) tournament.Result {
	if g.Status == referee.StatusFinished && g.Reason == referee.ReasonAnnulled {
		for i := len(rulings) - 1; i >= 0; i-- {
			if rulings[i].Kind == string(referee.RuleAnnul) {
				if c := rulings[i].Clause; c == tournament.ClauseStruckOut || c == "1.10" {
					g.Reason = referee.ReasonStruckOut
				}
				break
			}
		}
	}
	return tournament.TableResult(&g)
}
