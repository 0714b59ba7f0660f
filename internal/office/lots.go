package office

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"slices"
	"strings"
	"time"

	"postald/internal/lots"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The lots of a tournament (package lots; tournament.Sheet.Draw; seed 003, 1.6.4): the office
// makes the seed when it registers a tournament whose sheet draws anything, from
// Options.Entropy (crypto/rand by default), draws the sheet with it and keeps the seed with the
// sheet (store.Lot), its hash in the start letters. Every sheet the office reads is drawn again
// from that seed (reading.SheetOf), so the numbers and openings are always the seed's. The seed is
// revealed — kept as revealed, and told to every player, the judge and the director — in the
// transaction that finishes the tournament's last game, or by the judge (postald lots reveal);
// postald lots verify recomputes every draw from it and checks the games against them.

// newLot makes the seed of a sheet that draws by lot, from entropy (nil: crypto/rand), and draws
// the sheet with it; nil for a sheet that draws nothing.
func newLot(sh *tournament.Sheet, entropy io.Reader) (*store.Lot, error) {
	if !sh.NeedsLot() {
		return nil, nil
	}
	if entropy == nil {
		entropy = rand.Reader
	}
	seed, err := lots.NewSeed(entropy)
	if err != nil {
		return nil, err
	}
	if err := sh.Draw(seed); err != nil {
		return nil, err
	}
	return &store.Lot{Seed: seed.String(), Hash: seed.Hash().String()}, nil
}

// LotsRequest: `lots verify` (Reveal false), or `lots reveal` with the judge's Reason: the seed of
// Tournament's lots revealed now, and told to every player, the judge and the director. Hash,
// when set, is the hash a start letter published, which the one kept must be.
type LotsRequest struct {
	Tournament string `json:"tournament"`
	Reveal     bool   `json:"reveal,omitempty"`
	Reason     string `json:"reason,omitempty"`
	Hash       string `json:"hash,omitempty"`
}

func (LotsRequest) Name() string { return "lots" }

// Changes: a reveal records the seed as revealed and queues its letters; a verification reads.
func (c LotsRequest) Changes() bool { return c.Reveal }

func (c LotsRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.lotsRun(c))
}

// LotsReply is a tournament's lots as `lots verify` shows them: the hash, the seed once revealed,
// every draw recomputed from the seed, and the games checked against them.
type LotsReply struct {
	Tournament string `json:"tournament"`
	Hash       string `json:"hash"`
	// Seed is "" until it is revealed; Revealed, Finished and Reason say when and why.
	Seed     string    `json:"seed,omitempty"`
	Revealed time.Time `json:"revealed,omitzero"`
	Finished bool      `json:"finished,omitempty"`
	Reason   string    `json:"reason,omitempty"`
	// Numbers are the players by their drawn numbers (empty when the sheet gave the numbers),
	// Lines the lines an opening is drawn among, Openings each pair's draw.
	Numbers  []DrawnNumber  `json:"numbers,omitempty"`
	Lines    []DrawnLine    `json:"lines,omitempty"`
	Openings []DrawnOpening `json:"openings,omitempty"`
	// Ties are a knockout's tied pairings the lot decided, recomputed from the seed.
	Ties []DrawnTie `json:"ties,omitempty"`
	// Games counts the games checked against the draws; Verified says that everything verified
	// (a reply that comes with an error shows what was read before the mismatch).
	Games    int  `json:"games"`
	Verified bool `json:"verified"`
	// Language is the tournament's, which the command line speaks about it (SpokenIn); "" when
	// the reply ends before the sheet is read.
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament whose lots the reply shows.
func (r *LotsReply) SpokenIn() string { return r.Language }

// DrawnNumber is one player's drawn number: his name and his place in the sheet's list, from 1.
type DrawnNumber struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Listed int    `json:"listed"`
}

// DrawnLine is one of the lines an opening is drawn among, numbered from 1.
type DrawnLine struct {
	N     int    `json:"n"`
	Name  string `json:"name"`
	Setup string `json:"setup,omitempty"`
	Moves string `json:"moves,omitempty"`
}

// DrawnOpening is one pair's draw: its label, the line drawn (from 1) and the games playing it.
type DrawnOpening struct {
	Label string   `json:"label"`
	Line  int      `json:"line"`
	Games []string `json:"games"`
}

// DrawnTie is one lot of a knockout's tie: its label ("knockout 2 3-6"), the choice among 2 (0
// the lower number) and the player it sent through.
type DrawnTie struct {
	Label   string `json:"label"`
	Choice  int    `json:"choice"`
	Through int    `json:"through"`
	Name    string `json:"name"`
}

// ErrLotMismatch is wrapped by the error of `lots verify` when a draw or a game is not what the
// seed gives: the seed does not match the hash published, or a game does not begin as drawn.
var ErrLotMismatch = errors.New("the lot does not verify")

// lotsRun is `lots verify` and `lots reveal`.
func (o *Office) lotsRun(req LotsRequest) (*LotsReply, error) {
	if req.Tournament == "" {
		if err := o.opt.Store.View(func(tx *store.Tx) error {
			codes, err := tx.Tournaments()
			if err != nil {
				return err
			}
			if len(codes) != 1 {
				return reading.UnnamedIn(tx, codes, func(x *phrase.CLIErrors) string { return x.NameOne(len(codes), x.FlagForm) })
			}
			req.Tournament = codes[0]
			return nil
		}); err != nil {
			return nil, err
		}
	}
	if req.Reveal {
		if strings.TrimSpace(req.Reason) == "" {
			return nil, fmt.Errorf("%w: lots reveal needs the judge's reason", ErrBadRequest)
		}
		if err := o.update(func(tx *store.Tx) error {
			return revealLot(tx, o.opt.From, req.Tournament, o.now(), false, req.Reason)
		}); err != nil {
			return nil, err
		}
	}
	var rep *LotsReply
	err := o.opt.Store.View(func(tx *store.Tx) (err error) {
		rep, err = verifyLot(tx, req.Tournament, req.Hash)
		return err
	})
	return rep, err
}

// verifyLot recomputes the lots of tournament code from the seed kept with its sheet: the seed
// against the hash kept (and against published, a hash a start letter gave, when set), every
// draw, and every game of the tournament against the draws. A mismatch is an error wrapping
// ErrLotMismatch.
func verifyLot(tx *store.Tx, code, published string) (*LotsReply, error) {
	raw, err := tx.Tournament(code)
	if err != nil {
		return nil, err
	}
	if raw.Lot == nil {
		return nil, fmt.Errorf("tournament %s draws nothing by lot: its numbers are the start sheet's and its games start from the variant's start", code)
	}
	l := raw.Lot
	rep := &LotsReply{Tournament: code, Hash: l.Hash, Revealed: l.Revealed, Finished: l.Finished, Reason: l.Reason}
	if !l.Revealed.IsZero() {
		rep.Seed = l.Seed
	}
	hash, err := lots.ParseHash(l.Hash)
	if err != nil {
		return rep, fmt.Errorf("tournament %s: the hash kept: %w", code, err)
	}
	if published != "" {
		p, err := lots.ParseHash(published)
		if err != nil {
			return rep, fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		if p != hash {
			return rep, fmt.Errorf("tournament %s: %w: the hash kept is %s, not %s", code, ErrLotMismatch, hash, p)
		}
	}
	seed, err := lots.ParseSeed(l.Seed)
	if err != nil {
		return rep, fmt.Errorf("tournament %s: the seed kept: %w", code, err)
	}
	if err := lots.Check(seed, hash); err != nil {
		return rep, fmt.Errorf("tournament %s: %w: %w", code, ErrLotMismatch, err)
	}
	sh, err := reading.SheetOf(raw)
	if err != nil {
		return rep, fmt.Errorf("tournament %s: %w", code, err)
	}
	rep.Language = sh.Language
	fillDrawn(rep, sh)
	if rep.Ties, err = tiesDrawn(tx, sh); err != nil {
		return rep, fmt.Errorf("tournament %s: %w", code, err)
	}
	ids, err := tx.Games(code)
	if err != nil {
		return rep, err
	}
	var faults []string
	names := map[string]bool{}
	for _, id := range ids {
		g, _, err := tx.LoadGame(id, nil)
		if err != nil {
			return rep, err
		}
		names[id.Game] = true
		if err := sh.CheckGame(&g); err != nil {
			faults = append(faults, err.Error())
		}
		rep.Games++
	}
	for _, g := range sh.Games() {
		if !names[g.Name] {
			faults = append(faults, fmt.Sprintf("game %s: the draw pairs it, and the store has no such game", g.Name))
		}
	}
	if len(faults) > 0 {
		return rep, fmt.Errorf("tournament %s: %w: %s", code, ErrLotMismatch, strings.Join(faults, "; "))
	}
	rep.Verified = true
	return rep, nil
}

// fillDrawn writes the draws of drawn sheet sh into rep.
func fillDrawn(rep *LotsReply, sh *tournament.Sheet) {
	for _, d := range sh.Drawings() {
		if d.Label == tournament.LabelNumbers {
			for k, at := range d.Order {
				rep.Numbers = append(rep.Numbers, DrawnNumber{Number: k + 1, Name: sh.Players[k].Name, Listed: at})
			}
			continue
		}
		rep.Openings = append(rep.Openings, DrawnOpening{Label: d.Label, Line: d.Line, Games: d.Games})
	}
	if sh.Lots.Openings != tournament.OpeningsNone {
		for i, l := range sh.Lots.Lines {
			rep.Lines = append(rep.Lines, DrawnLine{N: i + 1, Name: l.Name, Setup: l.Setup, Moves: l.Text()})
		}
	}
}

// VerifySheet recomputes the lots of a start sheet from a revealed seed, without a store: what
// `postald lots verify -sheet` prints for anyone who has the sheet, the seed and the hash a start
// letter published. A seed whose SHA-256 is not hash is refused (lots.ErrMismatch).
func VerifySheet(data []byte, seedText, hashText string) (*LotsReply, error) {
	sh, err := tournament.ParseSheet(data)
	if err != nil {
		return nil, err
	}
	if !sh.NeedsLot() {
		return nil, fmt.Errorf("tournament %s draws nothing by lot: its numbers are the start sheet's and its games start from the variant's start", sh.Code)
	}
	seed, err := lots.ParseSeed(seedText)
	if err != nil {
		return nil, err
	}
	hash, err := lots.ParseHash(hashText)
	if err != nil {
		return nil, err
	}
	if err := lots.Check(seed, hash); err != nil {
		return nil, err
	}
	if err := sh.Draw(seed); err != nil {
		return nil, err
	}
	rep := &LotsReply{Tournament: sh.Code, Hash: hash.String(), Seed: seed.String(), Verified: true, Language: sh.Language}
	fillDrawn(rep, sh)
	return rep, nil
}

// revealFinished reveals the seed of tournament code once none of its games is in play: called
// in the transaction of a decision that finished one of them. Nothing is done for a tournament
// without a lot, one revealed already, or one with a game still in play or awaiting
// adjudication.
func revealFinished(tx *store.Tx, from mail.Address, code string, now time.Time) error {
	raw, err := tx.Tournament(code)
	if err != nil {
		return err
	}
	if raw.Lot == nil || !raw.Lot.Revealed.IsZero() {
		return nil
	}
	if open, err := gamesInPlay(tx, code); err != nil || open > 0 {
		return err
	}
	return revealLot(tx, from, code, now, true, "")
}

// gamesInPlay counts the games of tournament code not over yet: in play, or waiting for
// adjudication.
func gamesInPlay(tx *store.Tx, code string) (int, error) {
	playing, err := tx.GamesInPlay()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range playing {
		if id.Tournament == code {
			n++
		}
	}
	return n, nil
}

// revealLot reveals the seed of tournament code at now — because every game is finished, or by
// the judge for reason — and queues the letter that tells every player, the judge and the
// director. A seed revealed already is refused: the letter went then.
func revealLot(tx *store.Tx, from mail.Address, code string, now time.Time, finished bool, reason string) error {
	raw, err := tx.Tournament(code)
	if err != nil {
		return err
	}
	if raw.Lot == nil {
		return fmt.Errorf("tournament %s draws nothing by lot: there is no seed to reveal", code)
	}
	if !raw.Lot.Revealed.IsZero() {
		return fmt.Errorf("tournament %s: the seed was revealed on %s already", code, raw.Lot.Revealed.Format(time.DateOnly))
	}
	sh, err := reading.SheetOf(raw)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", code, err)
	}
	lot := *raw.Lot
	lot.Revealed, lot.Finished, lot.Reason = now, finished, strings.TrimSpace(reason)
	raw.Lot = &lot
	if err := tx.PutTournament(code, raw); err != nil {
		return err
	}
	listed, err := tournament.ParseSheet(raw.Data) // the players in the sheet's own order
	if err != nil {
		return err
	}
	r := phrase.Revealed{Code: sh.Code, Name: sh.Name, Hash: lot.Hash, Seed: lot.Seed, Finished: finished, Reason: lot.Reason}
	for _, p := range listed.Players {
		r.Listed = append(r.Listed, p.Name)
	}
	r.Order = slices.Clone(sh.Lots.Order)
	for _, l := range sh.Lots.Lines {
		r.Lines = append(r.Lines, lineText(l))
	}
	for _, d := range sh.Drawings() {
		if d.Label != tournament.LabelNumbers {
			r.Openings = append(r.Openings, phrase.RevealedOpening{Label: d.Label, Games: d.Games, Line: d.Line})
		}
	}
	ties, err := tiesDrawn(tx, sh)
	if err != nil {
		return err
	}
	for _, d := range ties {
		r.Ties = append(r.Ties, phrase.RevealedTie{Label: d.Label, Choice: d.Choice, Through: fmt.Sprintf("%d %s", d.Through, d.Name)})
	}
	letter := func(to, name, lang string) store.Outgoing {
		b := &phrase.For(lang).Lots
		msg := mailwrite.Compose(mailwrite.Letter{
			From:    from,
			To:      []mail.Address{{Name: name, Address: to}},
			Subject: b.RevealedSubject(sh.Code),
			Body:    b.RevealedBody(r),
			Date:    now,
			Game:    sh.Code + "/",
			Verdict: string(referee.Notice),
			Clauses: []string{referee.ClauseLot},
		})
		return store.Outgoing{From: from.Address, To: []string{to}, Raw: msg,
			Game: store.GameID{Tournament: sh.Code}, Verdict: string(referee.Notice)}
	}
	var out []store.Outgoing
	for _, p := range sh.Players {
		out = append(out, toPlayer(p, p.Email, func(to string) store.Outgoing {
			name := ""
			if to == "" {
				name = p.Name // a card is named by its reader
			}
			return letter(to, name, sh.LanguageOf(p.Number))
		})...)
	}
	seen := map[string]bool{}
	for _, to := range []string{sh.Judge, sh.Director} {
		if to != "" && !seen[strings.ToLower(to)] {
			seen[strings.ToLower(to)] = true
			out = append(out, letter(to, "", sh.Language))
		}
	}
	for _, m := range out {
		if _, err := tx.Enqueue(m, now); err != nil {
			return err
		}
	}
	return nil
}

// lineText writes a line as the revealing letter lists it: its name, its starting position and
// its moves.
func lineText(l tournament.Line) string {
	s := l.Name
	if l.Setup != "" {
		s += " [FEN " + l.Setup + "]"
	}
	if moves := l.Text(); moves != "" && moves != l.Name {
		s += ": " + moves
	}
	return s
}
