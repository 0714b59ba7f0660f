package office

// The competition systems in the unit of work (seed 003, 1.2): what the end of a game brings to
// its tournament beyond the game itself. In a Swiss, the end of the last game of a round pairs
// the next round at once, in the same transaction, and its letters go out with the letter that
// ended the game (by correspondence a round starts when the round before is finished or
// adjudicated); in a team event, the end of the last game of a match sends both captains its
// result (1.14.7). The pairing and the tables are the core's (package tournament); this file
// only reads the store, calls it and records what it decided.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"postald/internal/mailparse"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// kindPair is the kind of the record of a Swiss round's pairing in the rulings log (Details: the
// tournament.PairedRound): the log, append-only and chained, is where the tournament's decisions
// after its registration are kept, and it moves with the tournament to its archive.
const kindPair = "pair"

// pairedRounds returns the Swiss rounds recorded in rulings, in order.
func pairedRounds(rulings []store.Ruling) ([]tournament.PairedRound, error) {
	return logged[tournament.PairedRound](rulings, kindPair, "the pairing of a round")
}

// logged decodes the Details of the tournament's own records of kind (not a game's) among
// rulings, in order; what names such a record in an error.
func logged[T any](rulings []store.Ruling, kind, what string) ([]T, error) {
	var out []T
	for _, ru := range rulings {
		if ru.Kind != kind || ru.Game.Game != "" {
			continue
		}
		var v T
		if err := json.Unmarshal(ru.Details, &v); err != nil {
			return nil, fmt.Errorf("ruling #%d: %s: %w", ru.Seq, what, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// kindReserve is the kind of the record of a reserve the director entered (Details: the
// tournament.Substitution), in the rulings log.
const kindReserve = "reserve"

// reservesIn returns the reserves entered, from the rulings of their tournament, in order.
func reservesIn(rulings []store.Ruling) ([]tournament.Substitution, error) {
	return logged[tournament.Substitution](rulings, kindReserve, "a reserve entered")
}

// withdrawnIn returns the numbers of the players who withdrew, from the rulings of their
// tournament (seed 003, 1.10), in the order they did.
func withdrawnIn(rulings []store.Ruling) []int {
	var out []int
	for _, ru := range rulings {
		if ru.Kind != kindWithdraw {
			continue
		}
		var d withdrawal
		if json.Unmarshal(ru.Details, &d) == nil && d.Player > 0 && !slices.Contains(out, d.Player) {
			out = append(out, d.Player)
		}
	}
	return out
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

// recordRound records the pairing of a Swiss round in the rulings log.
func recordRound(tx *store.Tx, code string, r tournament.PairedRound, now time.Time, w *work) error {
	w.ruled(code)
	details, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: code}, Time: now, Kind: kindPair,
		Clause: "1.2", Reason: fmt.Sprintf("round %d paired by the FIDE Dutch system (C.04.3)", r.Round), Details: details})
	return err
}

// tableResults reads the result of every finished game of tournament code as the crosstable
// counts it (tournament.TableResult), by game name.
func tableResults(tx *store.Tx, code string) (map[string]tournament.Result, error) {
	ids, err := tx.Games(code)
	if err != nil {
		return nil, err
	}
	out := make(map[string]tournament.Result, len(ids))
	for _, id := range ids {
		g, _, err := tx.LoadGame(id, nil)
		if err != nil {
			return nil, err
		}
		if r := tournament.TableResult(&g); r.Finished() {
			out[id.Game] = r
		}
	}
	return out, nil
}

// gameEnded is what the end of game id, just recorded in tx, brings to its tournament (see the
// file's comment). A rule that leaves the next step to people (a Swiss round no pairing of the
// rules completes, C.04.3) does not undo the game's end: the judge and the director are told,
// and the error is only logged.
func gameEnded(tx *store.Tx, from mail.Address, sh *tournament.Sheet, t *referee.Table, id store.GameID, now time.Time, w *work) error {
	switch {
	case sh.System == tournament.Swiss:
		return nextSwissRound(tx, from, sh, t, now, w)
	case sh.System == tournament.Knockout:
		return nextKnockout(tx, from, sh, t, now, w, id.Game)
	case sh.System.Teams():
		return matchEnded(tx, from, sh, id, now)
	}
	return nil
}

// nextSwissRound pairs the next round of a Swiss once every game of the last round paired is
// finished, opens its games and sends its letters, all in tx.
func nextSwissRound(tx *store.Tx, from mail.Address, sh *tournament.Sheet, t *referee.Table, now time.Time, w *work) error {
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return err
	}
	rounds, err := pairedRounds(rulings)
	if err != nil {
		return err
	}
	if len(rounds) == 0 || len(rounds) >= sh.Rounds && swissEnded(rulings) {
		return nil // not paired yet, or its end is told
	}
	// The heads of the last round's games say whether it is over; only then is every game read.
	var names []string
	for _, b := range rounds[len(rounds)-1].Boards {
		names = append(names, tournament.GameName(b[0], b[1]))
	}
	if over, err := allFinished(tx, sh.Code, names); err != nil || !over {
		return err
	}
	results, err := tableResults(tx, sh.Code)
	if err != nil {
		return err
	}
	if done, _ := tournament.RoundFinished(rounds[len(rounds)-1], results); !done {
		return nil
	}
	withdrawn := withdrawnIn(rulings)
	if len(rounds) >= sh.Rounds {
		// The last round is played: the tournament ends with it, and everyone gets the final
		// standings.
		return swissEnd(tx, from, sh, rounds, results, withdrawn, now, w)
	}
	next, err := sh.PairSwiss(rounds, results, withdrawn)
	if err != nil {
		// The core's refusal (swiss.ErrNoPairing: no pairing keeps C1–C3; or a log it cannot
		// pair from) is no reason to lose the letter that ended the round: the judges are told.
		return roundNotPaired(tx, from, sh, len(rounds)+1, now)
	}
	standings, err := sh.ComputeSwiss(rounds, results, withdrawn)
	if err != nil {
		return err
	}
	next.Ends = referee.RoundEnds(t, now, sh.Competition.RoundDays) // the round's own end date (round_days)
	if err := recordRound(tx, sh.Code, next, now, w); err != nil {
		return err
	}
	games := sh.SwissGames([]tournament.PairedRound{next})
	if err := openGames(tx, from, sh, t, games, now, w); err != nil {
		return err
	}
	// Each player's letter shows the start of the round's game he moves first in, as text and
	// picture (none for Black's and the bye's).
	for _, l := range sh.RoundLetters(next, standings) {
		for _, out := range startOutgoingIn(from, sh, l, now, games) {
			if _, err := tx.Enqueue(out, now); err != nil {
				return err
			}
		}
	}
	return enqueueLetters(tx, from, sh, roundOfficialsLetters(sh, next, games), now)
}

// kindSwissEnded is the record, in the rulings log, that a Swiss's last round is played and its
// final standings went to everyone (Details: the number of rounds).
const kindSwissEnded = "swiss-ended"

// swissEnded reports whether the end of the Swiss is recorded in rulings.
func swissEnded(rulings []store.Ruling) bool {
	return slices.ContainsFunc(rulings, func(ru store.Ruling) bool { return ru.Kind == kindSwissEnded })
}

// swissEnd records that the Swiss sh is over and sends its final standings to every player, the
// judge and the director, in tx.
func swissEnd(tx *store.Tx, from mail.Address, sh *tournament.Sheet, rounds []tournament.PairedRound, results map[string]tournament.Result,
	withdrawn []int, now time.Time, w *work) error {
	standings, err := sh.ComputeSwiss(rounds, results, withdrawn)
	if err != nil {
		return err
	}
	w.ruled(sh.Code)
	details, _ := json.Marshal(len(rounds))
	if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: sh.Code}, Time: now, Kind: kindSwissEnded,
		Clause: "1.2", Reason: fmt.Sprintf("all %d rounds are played", len(rounds)), Details: details}); err != nil {
		return err
	}
	for _, l := range sh.SwissEndLetters(standings) {
		if l.Number == 0 {
			if err := enqueueLetters(tx, from, sh, toOfficials(sh, l.Subject, l.Body), now); err != nil {
				return err
			}
			continue
		}
		for _, out := range startOutgoingIn(from, sh, l, now, []tournament.Game{}) { // no position: no picture
			if _, err := tx.Enqueue(out, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// openGames opens games in tx at now: White on move, his clock running from the day after the
// letters that name them are received (referee.Open, 4.3.2).
func openGames(tx *store.Tx, from mail.Address, sh *tournament.Sheet, t *referee.Table, games []tournament.Game, now time.Time, w *work) error {
	for _, g := range games {
		id := store.GameID{Tournament: sh.Code, Game: g.Name}
		if _, err := tx.GameParts(id); err == nil {
			return fmt.Errorf("game %s: %w", id.Key(), ErrRegistered)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		// A Swiss round played by a date the regulation sets has its own end date (round_days).
		dec, err := referee.OpenFor(t, g.Name, now, sh.Competition.RoundDays)
		if err != nil {
			return fmt.Errorf("game %s: %w", g.Name, err)
		}
		if err := record(tx, from, id, sh, t, dec, now, nil, nil, w); err != nil {
			return fmt.Errorf("game %s: %w", g.Name, err)
		}
	}
	return nil
}

// enqueueLetters puts letters of the tournament in the outbox: to players by their channels
// (startOutgoing), to officials and captains (Letter.Number 0) by e-mail, without a picture.
func enqueueLetters(tx *store.Tx, from mail.Address, sh *tournament.Sheet, letters []tournament.Letter, now time.Time) error {
	for _, l := range letters {
		out := []store.Outgoing{officialOutgoing(from, sh, l, now)}
		if l.Number != 0 {
			out = startOutgoing(from, sh, l, now)
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

// roundOfficialsLetters tell the judge and the director that a Swiss round is paired, with its
// games and its bye.
func roundOfficialsLetters(sh *tournament.Sheet, r tournament.PairedRound, games []tournament.Game) []tournament.Letter {
	book := phrase.For(sh.Language)
	var b strings.Builder
	b.WriteString(book.Tournament.Systems.RoundSubject(sh.Code, r.Round) + "\n\n")
	ch := &book.Channels
	for _, g := range games {
		fmt.Fprintf(&b, "  %-6s %s – %s\n", g.Name, listed(ch, sh.Players[g.White-1]), listed(ch, sh.Players[g.Black-1]))
	}
	if r.Bye != 0 {
		p := sh.Players[r.Bye-1]
		b.WriteString("\n" + book.Office.RoundBye(r.Round, fmt.Sprintf("%d. %s", p.Number, p.Name)) + "\n")
	}
	return toOfficials(sh, book.Tournament.Systems.RoundSubject(sh.Code, r.Round), b.String())
}

// toOfficials addresses one letter to the judge and to the director (once when they are one).
func toOfficials(sh *tournament.Sheet, subject, body string) []tournament.Letter {
	var out []tournament.Letter
	seen := map[string]bool{}
	for _, to := range []string{sh.Judge, sh.Director} {
		if to != "" && !seen[strings.ToLower(to)] {
			seen[strings.ToLower(to)] = true
			out = append(out, tournament.Letter{To: to, Subject: subject, Body: body})
		}
	}
	return out
}

// roundNotPaired tells the judge and the director that round n of a Swiss cannot be paired by
// the rules, which leave it to them (C.04.3: no pairing keeps the absolute criteria); the
// pairing's own reason is what postald pair -dutch says of the tournament's TRF (export -trf).
func roundNotPaired(tx *store.Tx, from mail.Address, sh *tournament.Sheet, n int, now time.Time) error {
	book := phrase.For(sh.Language)
	subject := book.Tournament.Systems.RoundSubject(sh.Code, n)
	return enqueueLetters(tx, from, sh, toOfficials(sh, subject, book.Office.RoundNotPaired(sh.Code, n)), now)
}

// matchEnded sends both captains the result of the match of game id once its last game is
// finished (1.14.7).
func matchEnded(tx *store.Tx, from mail.Address, sh *tournament.Sheet, id store.GameID, now time.Time) error {
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return err
	}
	reserves, err := reservesIn(rulings)
	if err != nil {
		return err
	}
	m, ok := sh.MatchIn(id.Game, reserves)
	if !ok {
		return nil // a game a reserve took over counts for no match
	}
	if over, err := allFinished(tx, sh.Code, m.Games); err != nil || !over {
		return err
	}
	results, err := tableResults(tx, sh.Code)
	if err != nil {
		return err
	}
	// The captains' letters follow from the store's results; a table the core cannot draw up
	// (a game the draw does not know) leaves them out rather than the letter that ended the game.
	in, err := sh.TeamResults(results, reserves)
	if err != nil {
		return nil
	}
	tt, err := tournament.ComputeTeams(in)
	if err != nil {
		return nil
	}
	for _, mr := range tt.Matches {
		if mr.Number == m.Number && mr.Complete {
			return enqueueLetters(tx, from, sh, sh.MatchLetters(mr, tt, results, reserves), now)
		}
	}
	return nil
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

// registeredGames counts the games a tournament opens when it is registered: the sheet's, or the
// first round's of a Swiss.
func registeredGames(sh *tournament.Sheet) int {
	if sh.System == tournament.Swiss {
		return len(sh.Players) / 2
	}
	return len(sh.Games())
}

// exportTRF writes the Swiss code (the store's one tournament when code is empty) as a FIDE
// tournament report file (tournament.Sheet.TRF).
func (o *Office) exportTRF(code string) (*ExportReply, error) {
	var data []byte
	err := o.opt.Store.View(func(tx *store.Tx) error {
		if code == "" {
			codes, err := tx.Tournaments()
			if err != nil {
				return err
			}
			if len(codes) != 1 {
				return fmt.Errorf("%w: the store holds %d tournaments: name one with -tournament", ErrBadRequest, len(codes))
			}
			code = codes[0]
		}
		sh, err := o.sheet(tx, code)
		if err != nil {
			return err
		}
		rulings, err := tx.Rulings(store.GameID{Tournament: code})
		if err != nil {
			return err
		}
		rounds, err := pairedRounds(rulings)
		if err != nil {
			return err
		}
		results, err := tableResults(tx, code)
		if err != nil {
			return err
		}
		data, err = sh.TRF(rounds, results, withdrawnIn(rulings))
		if err != nil {
			return fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &ExportReply{TRF: data}, nil
}

// captainsProtest takes a team captain's protest about a game of his team in which he does not
// play himself (1.14.7: «только капитан (представитель) команды может направлять протесты в
// судейскую коллегию, причем обязательно в письменном виде»): the letter is kept in the game's
// archive as a notice, the judge gets the protest as written, with the director's copy, and the
// captain the answer that it went (4.1.12). The game itself does not change: the judge rules
// on the protest with postald judge protest. false when the letter is no such protest (no
// protest, no game named, a game not of his team, or one he plays in: the referee reads that
// one as his own).
func (o *Office) captainsProtest(tx *store.Tx, out store.LetterOutcome, l *mailparse.Letter, from string) (store.LetterOutcome, bool, error) {
	if l.Protest == nil || strings.TrimSpace(l.Game) == "" {
		return out, false, nil
	}
	w, b, err := tournament.ParseGameName(strings.TrimSpace(l.Game))
	if err != nil {
		return out, false, nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return out, false, err
	}
	entries := r.list
	if l.Tournament != "" {
		entries = r.named(strings.TrimSpace(l.Tournament))
	}
	for _, e := range entries {
		sh := e.sheet
		for _, team := range sh.TeamsOfCaptain(from) {
			ours := func(n int) bool { return slices.Contains(team.Boards, n) || slices.Contains(team.Reserves, n) }
			if !ours(w) && !ours(b) {
				continue
			}
			if p, ok := sh.PlayerByEmail(from); ok && (p.Number == w || p.Number == b) {
				return out, false, nil // his own game: the referee reads his protest (4.1.12)
			}
			id := store.GameID{Tournament: sh.Code, Game: tournament.GameName(w, b)}
			if _, err := tx.GameParts(id); errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return out, false, err
			}
			text := l.Protest.Text
			if text == "" {
				text = l.Protest.Where.Text
			}
			book := phrase.For(sh.Language)
			subject := book.Office.CaptainProtestSubject(sh.Code, id.Game)
			out.Game, out.Verdict, out.Clause = id, string(referee.Notice), "1.14.7,4.1.12"
			judge := officialOutgoing(o.opt.From, sh, tournament.Letter{To: sh.Judge, Subject: subject,
				Body: book.Office.CaptainProtestJudge(team.Name, from, id.Game, text)}, out.Now)
			out.Outgoing = append(out.Outgoing, judge)
			if sh.Director != "" && !strings.EqualFold(sh.Director, sh.Judge) {
				out.Outgoing = append(out.Outgoing, officialOutgoing(o.opt.From, sh, tournament.Letter{To: sh.Director, Subject: subject,
					Body: book.Office.CaptainProtestJudge(team.Name, from, id.Game, text)}, out.Now))
			}
			ack := mailwrite.Compose(mailwrite.Letter{From: o.opt.From, To: []mail.Address{{Address: from}}, Subject: subject,
				Body: book.Office.CaptainProtestSent(id.Game, sh.Judge), Date: out.Now, InReplyTo: strings.Trim(out.MessageID, "<>"),
				Game: id.Key(), Verdict: string(referee.Notice), Clauses: []string{"1.14.7", "4.1.12"}})
			out.Outgoing = append(out.Outgoing, store.Outgoing{From: o.opt.From.Address, To: []string{from}, Raw: ack, Game: id, Verdict: string(referee.Notice)})
			return out, true, nil
		}
	}
	return out, false, nil
}

// plannedGames counts the games a tournament plays in all: its sheet's; a Swiss's rounds, each
// of every pair of its players (a withdrawal makes them fewer).
func plannedGames(sh *tournament.Sheet) int {
	if sh.System == tournament.Swiss {
		return sh.Rounds * (len(sh.Players) / 2)
	}
	if sh.System == tournament.Knockout {
		return sh.KnockoutPlanned()
	}
	return len(sh.Games())
}

// kindKnockout is the kind of the record of a knockout's pairing opened after round 1, of a
// tied pairing's extra games, or of a pairing lost by a withdrawal, in the rulings log
// (Details: the tournament.KnockoutOpened);
// kindKnockoutWon the record that the final is decided and its letters went (Details: the
// winner's number).
const (
	kindKnockout    = "knockout"
	kindKnockoutWon = "knockout-won"
)

// knockoutIn returns the knockout's pairings and extra games opened, from the rulings of their
// tournament, in order.
func knockoutIn(rulings []store.Ruling) ([]tournament.KnockoutOpened, error) {
	return logged[tournament.KnockoutOpened](rulings, kindKnockout, "a knockout's pairing")
}

// knockoutWithdrawal records in the rulings log that player num, withdrawing now, loses his
// pairing of the knockout sh (tournament.Sheet.KnockoutWithdrawal, 1.10).
func knockoutWithdrawal(tx *store.Tx, sh *tournament.Sheet, num int, now time.Time) error {
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return err
	}
	opened, err := knockoutIn(rulings)
	if err != nil {
		return err
	}
	results, err := tableResults(tx, sh.Code)
	if err != nil {
		return err
	}
	o, ok, err := sh.KnockoutWithdrawal(opened, results, num)
	if err != nil || !ok {
		return err
	}
	details, err := json.Marshal(o)
	if err != nil {
		return err
	}
	_, err = tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: sh.Code}, Time: now, Kind: kindKnockout,
		Clause: "1.10", Reason: fmt.Sprintf("round %d, pairing %d: %d withdrew and loses it", o.Round, o.Slot, num), Details: details})
	return err
}

// bracketIn draws up the bracket of knockout sh as tx holds it, with the tournament's rulings.
func bracketIn(tx *store.Tx, sh *tournament.Sheet) (*tournament.Bracket, []store.Ruling, error) {
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return nil, nil, err
	}
	opened, err := knockoutIn(rulings)
	if err != nil {
		return nil, nil, err
	}
	results, err := tableResults(tx, sh.Code)
	if err != nil {
		return nil, nil, err
	}
	br, err := sh.Bracket(opened, results)
	return br, rulings, err
}

// tiesDrawn lists the tie lots of knockout sh's bracket as tx holds it (none for another
// system): each label, its choice among 2 (0 the lower number) and who went through.
func tiesDrawn(tx *store.Tx, sh *tournament.Sheet) ([]DrawnTie, error) {
	if sh.System != tournament.Knockout {
		return nil, nil
	}
	br, _, err := bracketIn(tx, sh)
	if err != nil {
		return nil, err
	}
	var out []DrawnTie
	for _, row := range br.Rounds {
		for _, p := range row {
			if p.How != tournament.HowLot {
				continue
			}
			d := DrawnTie{Label: p.Lot, Through: p.Winner}
			if p.Winner == max(p.A, p.B) {
				d.Choice = 1
			}
			if pl, ok := sh.Player(p.Winner); ok {
				d.Name = pl.Name
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// knockoutWon reports whether the knockout's end is recorded in rulings.
func knockoutWon(rulings []store.Ruling) bool {
	return slices.ContainsFunc(rulings, func(ru store.Ruling) bool { return ru.Kind == kindKnockoutWon })
}

// nextKnockout opens, in tx, what the knockout's bracket has ready (tournament.Bracket.Open):
// each pairing whose two feeding pairings are decided, and the extra games of each tied
// micromatch (1.11), every one recorded in the rulings log, its games opened and its letters
// queued; and, once the final is decided, the letters of the result to every player, the judge
// and the director. It runs whenever a game of the knockout ends and after a withdrawal.
//
// ended, the game whose end brought it ("" for a withdrawal), decides a pairing still tied by
// the lot or the higher seed (1.11): both its players are told at once, before the pairing it
// feeds opens.
func nextKnockout(tx *store.Tx, from mail.Address, sh *tournament.Sheet, t *referee.Table, now time.Time, w *work, ended string) error {
	br, rulings, err := bracketIn(tx, sh)
	if err != nil {
		return err
	}
	// The tournament ends with this step when nothing opens and no game is in play: the seed is
	// revealed in the same transaction (revealFinished), and a tie's letter says so.
	last := false
	if len(br.Open) == 0 {
		open, err := gamesInPlay(tx, sh.Code)
		if err != nil {
			return err
		}
		last = open == 0
	}
	for _, row := range br.Rounds {
		for _, p := range row {
			if ended == "" || !slices.ContainsFunc(p.Games, func(g tournament.Game) bool { return g.Name == ended }) {
				continue
			}
			for _, l := range sh.KnockoutTieLetters(br, p, last) {
				for _, out := range startOutgoingIn(from, sh, l, now, []tournament.Game{}) { // no position
					if _, err := tx.Enqueue(out, now); err != nil {
						return err
					}
				}
			}
		}
	}
	book := phrase.For(sh.Language)
	for _, o := range br.Open {
		w.ruled(sh.Code)
		details, err := json.Marshal(o)
		if err != nil {
			return err
		}
		reason := fmt.Sprintf("round %d, pairing %d: %d – %d", o.Round, o.Slot, o.A, o.B)
		score := ""
		if o.Extra {
			p := br.Rounds[o.Round-1][o.Slot-1]
			score = p.Score()
			reason = fmt.Sprintf("round %d, pairing %d: %d – %d tied %s, extra games", o.Round, o.Slot, o.A, o.B, score)
		}
		if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: sh.Code}, Time: now, Kind: kindKnockout,
			Clause: "1.2,1.11", Reason: reason, Details: details}); err != nil {
			return err
		}
		games := sh.KnockoutGames(o)
		if err := openGames(tx, from, sh, t, games, now, w); err != nil {
			return err
		}
		var b strings.Builder
		b.WriteString(book.Tournament.Systems.RoundSubject(sh.Code, o.Round) + "\n\n")
		// What opened, as the report's bracket events say it: the pairing, or its extra games
		// after a tie, with its stage («1-й тур (полуфинал), встреча 2: ничья ½–½, назначены
		// дополнительные партии»).
		who := func(n int) string { return strconv.Itoa(n) + " " + sh.Players[n-1].Name }
		ev := phrase.KnockoutEvent{Round: o.Round, Rounds: len(br.Rounds), Slot: o.Slot, A: who(o.A), B: who(o.B), Extra: o.Extra, Score: score}
		b.WriteString(book.Tournament.Systems.KnockoutEvent(ev) + "\n\n")
		for _, g := range games {
			fmt.Fprintf(&b, "  %-6s %s – %s\n", g.Name, listed(&book.Channels, sh.Players[g.White-1]), listed(&book.Channels, sh.Players[g.Black-1]))
		}
		// The players' letters carry the picture of the new game each moves first in (none for
		// Black's), not of their games of round 1.
		for _, l := range sh.KnockoutLetters(o, score) {
			for _, out := range startOutgoingIn(from, sh, l, now, games) {
				if _, err := tx.Enqueue(out, now); err != nil {
					return err
				}
			}
		}
		if err := enqueueLetters(tx, from, sh, toOfficials(sh, book.Tournament.Systems.RoundSubject(sh.Code, o.Round), b.String()), now); err != nil {
			return err
		}
	}
	if br.Winner == 0 || knockoutWon(rulings) {
		return nil
	}
	w.ruled(sh.Code)
	details, _ := json.Marshal(br.Winner)
	if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: sh.Code}, Time: now, Kind: kindKnockoutWon,
		Clause: "1.2", Reason: fmt.Sprintf("the final is decided: %d goes through", br.Winner), Details: details}); err != nil {
		return err
	}
	for _, l := range sh.KnockoutWonLetters(br) {
		if l.Number == 0 {
			if err := enqueueLetters(tx, from, sh, toOfficials(sh, l.Subject, l.Body), now); err != nil {
				return err
			}
			continue
		}
		// The result shows no position: no picture of a game (none of round 1's start).
		for _, out := range startOutgoingIn(from, sh, l, now, []tournament.Game{}) {
			if _, err := tx.Enqueue(out, now); err != nil {
				return err
			}
		}
	}
	return nil
}
