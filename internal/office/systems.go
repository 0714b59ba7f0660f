package office

// The competition systems in the unit of work (seed 003, 1.2). Every system has one door in the
// core, tournament.Course: the office loads the tournament's state (its log in the rulings log,
// the results of its games), asks the course what follows an event — the registration, the end
// of a game, a withdrawal, a reserve — and records the step it answers, part by part, in the
// event's own transaction: the log's records, the rulings on games, the games opened, the
// letters. The end of a game is the one moment a system acts by itself: whichever unit of work
// finishes a game calls gameEnded, and what follows (a Swiss's next round, a knockout's next
// pairing, a match's result to the captains) leaves with the letter that ended it, or not at all.

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"postald/internal/mailparse"
	"postald/internal/mailwrite"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// stepRecorder records a step of tournament sh's course in tx: from is postald's address, w
// what the unit of work notes (nil: nothing), rule records a ruling on a game (nil: a step with
// one is refused).
type stepRecorder struct {
	tx   *store.Tx
	from mail.Address
	sh   *tournament.Sheet
	t    *referee.Table
	now  time.Time
	w    *reading.Work
	rule func(id store.GameID, r referee.Ruling, dec referee.Decision) error
}

// record records step, part by part: its records in the tournament's rulings log, its rulings
// on games, the games it opens, its letters in the outbox.
func (r stepRecorder) record(step tournament.Step) error {
	code := r.sh.Code
	for _, p := range step.Parts {
		for _, rec := range p.Records {
			e, err := store.EntryOf(rec.Entry)
			if err != nil {
				return err
			}
			r.w.Ruled(code)
			if _, err := r.tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: code}, Time: r.now, Clause: rec.Clause, Reason: rec.Reason, Entry: e}); err != nil {
				return err
			}
		}
		for _, ru := range p.Rulings {
			if r.rule == nil {
				return fmt.Errorf("tournament %s: a ruling on game %s where none is recorded", code, ru.Game)
			}
			if err := r.rule(store.GameID{Tournament: code, Game: ru.Game}, ru.Ruling, ru.Decision); err != nil {
				return err
			}
		}
		for _, g := range p.Open {
			id := store.GameID{Tournament: code, Game: g.Game.Name}
			if _, err := r.tx.GameParts(id); err == nil {
				return fmt.Errorf("game %s: %w", id.Key(), ErrRegistered)
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			if err := record(r.tx, r.from, id, r.sh, r.t, g.Decision, r.now, nil, nil, r.w); err != nil {
				return fmt.Errorf("game %s: %w", g.Game.Name, err)
			}
		}
		if err := enqueueLetters(r.tx, r.from, r.sh, p.Letters, r.now); err != nil {
			return err
		}
	}
	return nil
}

// allFinished reports whether every game of tournament code named in names is finished, from
// their heads alone (the older plies are not read).
func allFinished(tx *store.Tx, code string, names []string) (bool, error) {
	for _, name := range names {
		st, err := tx.GameStatus(store.GameID{Tournament: code, Game: name})
		if err != nil || st != referee.StatusFinished {
			return false, err
		}
	}
	return true, nil
}

// gameEnded is what the end of game id, just recorded in tx, brings to its tournament (see the
// file's comment). The course names the games its step waits for (a Swiss's round, a team's
// match): their heads say whether they are over, and only then is every game read. A rule that
// leaves the next step to people (a Swiss round no pairing of the rules completes, C.04.3) does
// not undo the game's end: the course's step tells the judge and the director.
func gameEnded(tx *store.Tx, from mail.Address, sh *tournament.Sheet, t *referee.Table, id store.GameID, now time.Time, w *reading.Work) error {
	course := sh.Course()
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return err
	}
	log := store.LogOf(rulings)
	names, ok := course.Awaits(log, id.Game)
	if !ok {
		return nil
	}
	if over, err := allFinished(tx, sh.Code, names); err != nil || !over {
		return err
	}
	results, finished, err := reading.GameResults(tx, sh.Code)
	if err != nil {
		return err
	}
	step, err := course.GameEnded(tournament.State{Log: log, Results: results, Finished: finished, Table: t, Now: now}, id.Game)
	if err != nil {
		return err
	}
	return stepRecorder{tx: tx, from: from, sh: sh, t: t, now: now, w: w}.record(step)
}

// enqueueLetters puts letters of the tournament in the outbox: to players by their channels, each
// with the picture of the start of the first of his games it names (Letter.Games) he moves first
// in; to officials and captains (Letter.Number 0) by e-mail, without a picture.
func enqueueLetters(tx *store.Tx, from mail.Address, sh *tournament.Sheet, letters []tournament.Letter, now time.Time) error {
	for _, l := range letters {
		out := []store.Outgoing{officialOutgoing(from, sh, l, now)}
		if l.Number != 0 {
			out = startOutgoingIn(from, sh, l, now, l.Games)
		}
		for _, o := range out {
			if _, err := tx.Enqueue(o, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// officialOutgoing writes a letter of the tournament to an official or a captain for the outbox.
func officialOutgoing(from mail.Address, sh *tournament.Sheet, l tournament.Letter, now time.Time) store.Outgoing {
	raw := mailwrite.Compose(mailwrite.Letter{From: from, To: []mail.Address{{Address: l.To}}, Subject: l.Subject, Body: l.Body,
		Date: now, Game: sh.Code + "/", Verdict: string(referee.Notice)})
	return store.Outgoing{From: from.Address, To: []string{l.To}, Raw: raw, Game: store.GameID{Tournament: sh.Code}, Verdict: string(referee.Notice)}
}

// letterEnded runs gameEnded when the letter (or card) just applied as out ended its game, as
// outcome found (Office.ended).
func (o *Office) letterEnded(tx *store.Tx, out store.LetterOutcome, now time.Time) error {
	ended := o.ended
	o.ended = nil
	written := map[store.GameID]bool{}
	if out.State != nil {
		written[out.Game] = true
	}
	for _, g := range out.Also {
		if g.State != nil {
			written[g.Game] = true
		}
	}
	for _, id := range ended {
		if !written[id] {
			continue
		}
		t, sh, err := o.table(tx, id.Tournament)
		if err != nil {
			return err
		}
		if err := gameEnded(tx, o.opt.From, sh, t, id, now, o.work); err != nil {
			return err
		}
	}
	return nil
}

// tiesDrawn lists the lots tournament sh's course drew after its registration as tx holds it (a
// knockout's ties): each label, its choice among 2 (0 the lower number) and who went through.
func tiesDrawn(tx *store.Tx, sh *tournament.Sheet) ([]DrawnTie, error) {
	st, err := reading.CourseState(tx, sh, nil, time.Time{})
	if err != nil {
		return nil, err
	}
	ties, err := sh.Course().Ties(st)
	if err != nil {
		return nil, err
	}
	var out []DrawnTie
	for _, t := range ties {
		out = append(out, DrawnTie{Label: t.Label, Choice: t.Choice, Through: t.Through, Name: t.Name})
	}
	return out, nil
}

// captainsGames returns, for a letter with a protest from someone who speaks for players of a
// tournament (referee.Table.Represents: a team's captain, 1.14.7), the game it names in each
// such tournament (the one it names, or every one) in which he does not play: the seats at which
// the referee's door decides his protest. None for any other letter.
func (o *Office) captainsGames(tx *store.Tx, l *mailparse.Letter, from string) ([]candidate, error) {
	if l.Protest == nil {
		return nil, nil
	}
	w, b, err := tournament.ParseGameName(strings.TrimSpace(l.Game))
	if err != nil {
		return nil, nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, err
	}
	entries := r.List()
	if l.Tournament != "" {
		entries = r.Named(strings.TrimSpace(l.Tournament))
	}
	var out []candidate
	for _, e := range entries {
		sh := e.Sheet
		t, _, err := o.table(tx, sh.Code)
		if err != nil {
			return nil, err
		}
		if !t.Represents(from) {
			continue
		}
		if p, ok := sh.PlayerByEmail(from); ok && (p.Number == w || p.Number == b) {
			continue // his own game: his protest is a player's (4.1.12)
		}
		id := store.GameID{Tournament: sh.Code, Game: tournament.GameName(w, b)}
		if _, err := tx.GameParts(id); errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		st, stored, err := o.loadGame(tx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, candidate{id: id, sheet: sh, seat: st, stored: stored})
	}
	return out, nil
}
