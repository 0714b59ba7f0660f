package office

import (
	"errors"
	"fmt"
	"io"
	"net/mail"
	"slices"
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
	r := &Registered{Code: sh.Code, Players: len(sh.Players), Games: registeredGames(sh),
		Variant: sh.Variant, Start: sh.Start, End: sh.End, Language: sh.Language}
	if sh.Drawn() {
		r.LotHash = sh.Lots.Hash.String()
		r.LotTies = sh.StartLot().Ties
	}
	return r, nil
}

// officialsLetters tell the judge and the director that the tournament is registered, with every
// game and its players, so that they hold the same table as the players.
func officialsLetters(sh *tournament.Sheet, pairs []tournament.Game) []tournament.Letter {
	tx := &phrase.For(sh.Language).Office
	var b strings.Builder
	// A Swiss and a knockout pair their later rounds as they go: the games now are round 1's.
	firstRound := sh.System == tournament.Swiss || sh.System == tournament.Knockout
	b.WriteString(tx.RegisteredHead(sh.Code, sh.Name, tournament.VariantName(sh.Variant, sh.Language), len(sh.Players), len(pairs), firstRound, sh.Start, sh.End))
	ch := &phrase.For(sh.Language).Channels
	lt := &phrase.For(sh.Language).Lots
	for _, p := range pairs {
		fmt.Fprintf(&b, "  %-6s %s – %s", p.Name, listed(ch, sh.Players[p.White-1]), listed(ch, sh.Players[p.Black-1]))
		if line, _, ok := sh.Opening(p.Name); ok {
			b.WriteString(", " + lt.Opening(line.Name)) // drawn by lot (1.6.4)
		}
		b.WriteString("\n")
	}
	if sh.System == tournament.Swiss || sh.System == tournament.Knockout {
		// Who has no game in round 1: a Swiss's bye, a knockout's seeds who go through.
		var byes []string
		for _, p := range sh.Players {
			if !slices.ContainsFunc(pairs, func(g tournament.Game) bool { return g.White == p.Number || g.Black == p.Number }) {
				byes = append(byes, fmt.Sprintf("%d. %s", p.Number, p.Name))
			}
		}
		if len(byes) > 0 {
			b.WriteString("\n" + tx.RegisteredByes(strings.Join(byes, ", "), sh.System == tournament.Knockout) + "\n")
		}
	}
	if sh.Drawn() {
		b.WriteString("\n" + lt.Registered(sh.StartLot()))
	}
	var out []tournament.Letter
	seen := map[string]bool{}
	for _, to := range []string{sh.Judge, sh.Director} {
		if to != "" && !seen[strings.ToLower(to)] {
			seen[strings.ToLower(to)] = true
			out = append(out, tournament.Letter{To: to, Subject: fmt.Sprintf(tx.RegisteredSubject, sh.Code), Body: b.String()})
		}
	}
	return out
}

// listed writes a player as the officials' letter lists him: his name and his address, and how
// he plays when it is not by e-mail: «Белов Борис (по телефону) <belov@club.example>»; a player
// by post may have no address.
func listed(ch *phrase.ChannelText, p tournament.Player) string {
	s := ch.Named(p.Name, string(p.Channel))
	if p.Email != "" {
		s += " <" + p.Email + ">"
	}
	return s
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
	// The games the sheet pairs (the Berger tables of the players or of the teams); a Swiss
	// pairs its first round now and the others as it is played (systems.go).
	pairs := sh.Games()
	var first tournament.PairedRound
	if sh.System == tournament.Swiss {
		if first, err = sh.PairSwiss(nil, nil, nil); err != nil {
			return nil, err
		}
		first.Ends = referee.RoundEnds(sh.Table(loc), now, sh.Competition.RoundDays) // the round's own end date (round_days)
		pairs = sh.SwissGames([]tournament.PairedRound{first})
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
		table := sh.Table(loc)
		// The start sheet reaches the players today, by postald's letters. When that is after the
		// start date, play starts for them on the day after they received it (4.3.2): the start
		// letters name that day.
		sh.PlayFrom = referee.PlayFrom(table, now)
		for _, pr := range pairs {
			dec, err := referee.OpenFor(table, pr.Name, now, sh.Competition.RoundDays)
			if err != nil {
				return err
			}
			id := store.GameID{Tournament: sh.Code, Game: pr.Name}
			if err := Record(tx, from, id, sh, table, dec, now); err != nil {
				return fmt.Errorf("game %s: %w", pr.Name, err)
			}
		}
		letters := sh.StartLetters()
		var games []tournament.Game // the sheet's games of each player
		if sh.System == tournament.Swiss {
			if err := recordRound(tx, sh.Code, first, now, nil); err != nil {
				return err
			}
			letters = sh.SwissStartLetters(first)
			games = sh.SwissGames([]tournament.PairedRound{first}) // round 1's: White's letter shows his game's start
		}
		for _, l := range append(letters, officialsLetters(sh, pairs)...) {
			for _, o := range startOutgoingIn(from, sh, l, now, games) {
				if _, err := tx.Enqueue(o, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sh, nil
}

// startOutgoing writes a start letter for the outbox: by e-mail, or for a player by post or
// telephone a card for the captain (4.1.1, 4.2.1), with a copy by e-mail when he has an address.
func startOutgoing(from mail.Address, sh *tournament.Sheet, l tournament.Letter, now time.Time) []store.Outgoing {
	return startOutgoingIn(from, sh, l, now, nil)
}

// startOutgoingIn is startOutgoing for a letter about games (nil: the player's games of the
// sheet), whose picture is of the first of them he moves first in.
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
