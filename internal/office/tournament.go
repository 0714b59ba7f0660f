package office

import (
	"errors"
	"fmt"
	"io"
	"net/mail"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// CreateRequest: `tournament create`. The start sheet travels as data, not as a path: the daemon
// may not see the caller's files.
type CreateRequest struct {
	Sheet []byte `json:"sheet"`
	// Force registers a sheet that is only unusual (tournament.Unusual: an end date already
	// past, for a tournament entered late); what is wrong is refused all the same.
	Force bool `json:"force,omitempty"`
	// Lang is the language the refusal of the sheet is worded in: the command line's ("" for
	// English, the words of package tournament).
	Lang string `json:"lang,omitempty"`
}

func (CreateRequest) Name() string { return "create_tournament" }

func (CreateRequest) Changes() bool { return true }

func (c CreateRequest) run(o *Office) (any, error) {
	return replied(o.createTournament(c))
}

// Registered is the tournament a CreateRequest registered.
type Registered struct {
	Code    string         `json:"code"`
	Players int            `json:"players"`
	Games   int            `json:"games"`
	Variant string         `json:"variant"`
	Start   daysclock.Date `json:"start"`
	End     daysclock.Date `json:"end"`
	// LotHash is the SHA-256 of the seed of the tournament's lots, which its start letters
	// publish (lots.go); "" when it draws nothing.
	LotHash string `json:"lot_hash,omitempty"`
	// LotTies: nothing was drawn before play; the seed is a knockout's, for its tied pairings.
	LotTies bool `json:"lot_ties,omitempty"`
	// Language is the tournament's, which the command line speaks about it (SpokenIn).
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament registered.
func (r *Registered) SpokenIn() string { return r.Language }

// createTournament registers the tournament of the start sheet and queues its start letters.
func (o *Office) createTournament(req CreateRequest) (*Registered, error) {
	sh, err := RegisterDrawn(o.opt.Store, o.opt.From, req.Sheet, o.now(), req.Force, o.opt.Entropy)
	if err != nil {
		return nil, Refusal(err, req.Lang)
	}
	r := &Registered{Code: sh.Code, Players: len(sh.Players), Games: sh.Course().Registered(),
		Variant: sh.Variant, Start: sh.Start, End: sh.End, Language: sh.Language}
	if sh.Drawn() {
		r.LotHash = sh.Lots.Hash.String()
		r.LotTies = sh.StartLot().Ties
	}
	return r, nil
}

// ErrRegistered is returned when a start sheet's tournament code is already in the store.
var ErrRegistered = errors.New("already registered")

// registeredError is the refusal of a sheet whose code is registered (Clash: the tournament
// whose code is spelt like it).
type registeredError struct {
	Code, Clash string
}

func (e *registeredError) Error() string {
	if e.Clash != "" {
		return fmt.Sprintf("tournament %s: its code is spelt like that of tournament %s (%s): %v", e.Code, e.Clash, tournament.Latin(e.Clash), ErrRegistered)
	}
	return fmt.Sprintf("tournament %s: %v", e.Code, ErrRegistered)
}

func (e *registeredError) Unwrap() error { return ErrRegistered }

// worded is an error worded for the command line that made the request; it wraps the error.
type worded struct {
	text string
	err  error
}

func (w *worded) Error() string { return w.text }
func (w *worded) Unwrap() error { return w.err }

// Refusal words the refusal err of a start sheet in lang, the command line's language: its
// faults (tournament.InvalidError.In) and a code registered already; err as it is for "" or
// another error.
func Refusal(err error, lang string) error {
	if lang == "" {
		return err
	}
	var inv *tournament.InvalidError
	var reg *registeredError
	tx := &phrase.For(lang).CLI.Errors
	switch {
	case errors.As(err, &inv):
		return inv.In(lang)
	case errors.As(err, &reg) && reg.Clash != "":
		return &worded{fmt.Sprintf(tx.CodeClash, reg.Code, reg.Clash, tournament.Latin(reg.Clash)), err}
	case errors.As(err, &reg):
		return &worded{fmt.Sprintf(tx.Registered, reg.Code), err}
	}
	return err
}

// CreateTournament registers a tournament in one transaction: the sheet, every game of the
// Berger tables with White's clock running from the start date (4.3.2), each game's first
// deadline, and the start letters in the outbox.
func CreateTournament(db *store.DB, from mail.Address, data []byte, now time.Time) (*tournament.Sheet, error) {
	return Register(db, from, data, now, false)
}

// Register is CreateTournament; with force it registers a sheet that is only unusual
// (tournament.Sheet.Unusual: an end date already past), which is otherwise refused with the
// key named.
func Register(db *store.DB, from mail.Address, data []byte, now time.Time, force bool) (*tournament.Sheet, error) {
	return RegisterDrawn(db, from, data, now, force, nil)
}

// RegisterDrawn is Register with the source of the seed of the sheet's lots (nil: crypto/rand;
// lots.go): a sheet that draws numbers or openings is drawn with a seed of 32 bytes read from
// entropy, kept with the sheet, its hash in every start letter.
func RegisterDrawn(db *store.DB, from mail.Address, data []byte, now time.Time, force bool, entropy io.Reader) (*tournament.Sheet, error) {
	// A stage of a mixed competition takes its players from the stage before (stage.go).
	data, err := completeStage(db, data, now)
	if err != nil {
		return nil, err
	}
	sh, err := tournament.ParseSheet(data)
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		return nil, fmt.Errorf("regulation.zone: %w", err)
	}
	// Everything a card needs, before any card is written (not even -force registers a sheet
	// whose cards could not print).
	if ps := sh.CardProblems(); len(ps) > 0 {
		return nil, &tournament.InvalidError{Problems: ps}
	}
	if odd := sh.Unusual(daysclock.DateOf(now, loc)); len(odd) > 0 && !force {
		return nil, &tournament.InvalidError{Problems: odd}
	}
	lot, err := newLot(sh, entropy)
	if err != nil {
		return nil, err
	}
	// What the registration brings, as the course of the tournament's system answers: the games
	// of the start (the Berger tables of the players or of the teams, a Swiss's first round, a
	// knockout's), the log's first records, the start letters and the officials' list.
	table := sh.Table(loc)
	step, err := sh.Course().Start(table, now)
	if err != nil {
		return nil, err
	}
	err = db.Update(func(tx *store.Tx) error {
		if _, err := tx.Tournament(sh.Code); err == nil {
			return &registeredError{Code: sh.Code}
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		// A code is also read in its Latin spelling and in any case (tournament.LookupCode): a
		// code that spells like another tournament's would name two tournaments.
		codes, err := tx.Tournaments()
		if err != nil {
			return err
		}
		if other, clash := tournament.CodeClash(codes, sh.Code); clash {
			return &registeredError{Code: sh.Code, Clash: other}
		}
		if err := tx.PutTournament(sh.Code, store.Sheet{Format: "toml", Data: data, Created: now, Lot: lot}); err != nil {
			return err
		}
		return stepRecorder{tx: tx, from: from, sh: sh, t: table, now: now}.record(step)
	})
	if err != nil {
		return nil, err
	}
	return sh, nil
}

// startOutgoingIn writes a letter of the tournament to a player for the outbox — by e-mail, or
// for a player by post or telephone a card for the captain (4.1.1, 4.2.1), with a copy by e-mail
// when he has an address — about games (nil: his games of the sheet), whose picture is of the
// first of them he moves first in; a letter to no player (the judge's, the director's) by e-mail.
func startOutgoingIn(from mail.Address, sh *tournament.Sheet, l tournament.Letter, now time.Time, games []tournament.Game) []store.Outgoing {
	p, ok := sh.Player(l.Number)
	letter := func(to, name string, pic *mailwrite.Picture) store.Outgoing {
		body := l.Body
		switch {
		case pic != nil && ok:
			// The start position follows the text, as text and picture, its legend explaining both.
			if games == nil {
				games = sh.GamesOf(p.Number)
			}
			if d := startDiagram(sh, p, games); d != "" {
				body = strings.TrimRight(body, "\n") + "\n\n" + d
				break
			}
			fallthrough
		case pic != nil: // the picture alone follows the text: its mark explained
			body = strings.TrimRight(body, "\n") + "\n\n" + phrase.For(sh.LanguageOf(l.Number)).Picture.ToMove + "\n"
		}
		raw := mailwrite.Compose(mailwrite.Letter{
			From:    from,
			To:      []mail.Address{{Name: name, Address: to}},
			Subject: l.Subject,
			Body:    body,
			Date:    now,
			Game:    sh.Code + "/",
			Verdict: string(referee.Notice),
			Picture: pic,
		})
		return store.Outgoing{From: from.Address, To: []string{to}, Raw: raw,
			Game: store.GameID{Tournament: sh.Code}, Verdict: string(referee.Notice)}
	}
	if !ok {
		return []store.Outgoing{letter(l.To, "", startPicture(sh, l.To))} // the judge's and the director's
	}
	pic := startPictureOf(sh, p)
	if games != nil {
		pic = startPictureIn(sh, p, games)
	}
	return toPlayer(p, l.To, func(to string) store.Outgoing {
		name := ""
		if to == "" {
			name = p.Name // a card is named by its reader
		}
		return letter(to, name, pic)
	})
}
