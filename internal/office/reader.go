package office

import (
	"fmt"
	"slices"
	"time"

	"postald/internal/daysclock"
	"postald/internal/pages"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/tournament"
)

// reportHTML is the director's report as one HTML page: the tournament's web page without its
// links (package pages), so that the mailed report, `postald report -html` and the pages look
// alike.
func reportHTML(in report.Input) (string, error) { return pages.Report(in) }

// Reader reads what the web pages show of the committed state, from any goroutine, while the
// daemon's owner goroutine works on the same store: each call is one read transaction (bbolt's
// View), which sees the last commit and never waits for a writer, and the Reader shares nothing
// with the Office the owner goroutine uses. It parses the start sheets again on every call and
// reads every chunk of a game from the store (no roster, no chunk cache): a page costs a little
// more, and no cache of the Office is touched by two goroutines. Only its own time zones are
// kept, behind their mutex.
//
// What it returns is what a tournament's players may all know: the games' proposed variants and
// accepted parts are cleared, and no letter is read.
type Reader struct {
	db    *store.DB
	zones zoneCache
}

// NewReader returns a Reader of db.
func NewReader(db *store.DB) *Reader { return &Reader{db: db} }

// Listed is one tournament with the count of its games by status.
type Listed struct {
	Sheet                           *tournament.Sheet
	Games                           int // the games it plays: its Berger table's, a Swiss's rounds' (plannedGames)
	Playing, Adjudication, Finished int // of the games the store holds
}

// Tournaments lists the store's tournaments, in code order.
func (r *Reader) Tournaments() ([]Listed, error) {
	var out []Listed
	err := r.db.View(func(tx *store.Tx) error {
		codes, err := tx.Tournaments()
		if err != nil {
			return err
		}
		for _, code := range codes {
			sh, err := readSheet(tx, code)
			if err != nil {
				return err
			}
			l := Listed{Sheet: sh, Games: plannedGames(sh)}
			ids, err := tx.Games(code)
			if err != nil {
				return err
			}
			for _, id := range ids {
				// The head alone says the status: the older plies need not be read.
				status, err := tx.GameStatus(id)
				if err != nil {
					return err
				}
				switch status {
				case referee.StatusPlaying:
					l.Playing++
				case referee.StatusAdjudication:
					l.Adjudication++
				default:
					l.Finished++
				}
			}
			out = append(out, l)
		}
		return nil
	})
	return out, err
}

// Tournament returns what the report of tournament code shows at now, with every game at its
// table (its variants cleared), in the store's order.
func (r *Reader) Tournament(code string, now time.Time) (report.Input, []referee.Seat, error) {
	var (
		in    report.Input
		games []referee.Seat
	)
	err := r.db.View(func(tx *store.Tx) error {
		sh, loc, err := r.sheetIn(tx, code)
		if err != nil {
			return err
		}
		t := sh.Table(loc)
		in, err = reportInput(tx, sh, loc, now, nil, func(g referee.Game) error {
			games = append(games, referee.Seat{Table: t, Game: private(g)})
			return nil
		})
		return err
	})
	return in, games, err
}

// GameData is one game as its page shows it.
type GameData struct {
	Sheet   *tournament.Sheet
	Table   *referee.Table    // the tournament as the referee decides it
	Game    referee.Game      // its variants cleared
	Result  tournament.Result // its mark in the crosstable
	Rulings []report.Ruling   // the judge's rulings on it, oldest first
	Today   daysclock.Date    // now, in the tournament's zone
}

// Game reads game name ("1-2") of tournament code.
func (r *Reader) Game(code, name string, now time.Time) (*GameData, error) {
	var d GameData
	err := r.db.View(func(tx *store.Tx) error {
		sh, loc, err := r.sheetIn(tx, code)
		if err != nil {
			return err
		}
		id := store.GameID{Tournament: code, Game: name}
		g, _, err := tx.LoadGame(id, nil)
		if err != nil {
			return err
		}
		if err := (referee.Seat{Table: sh.Table(loc), Game: g}).Check(); err != nil {
			return fmt.Errorf("load game %s: %w", id, err)
		}
		rulings, err := tx.Rulings(id)
		if err != nil {
			return err
		}
		d = GameData{Sheet: sh, Table: sh.Table(loc), Game: private(g), Result: tableResult(g, rulings), Today: daysclock.DateOf(now, loc)}
		for _, ru := range rulings {
			d.Rulings = append(d.Rulings, report.Ruling{Date: daysclock.DateOf(ru.Time, loc), Game: ru.Game.Game,
				Kind: ru.Kind, Clause: ru.Clause, Text: ru.Reason, Judge: ru.Judge})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// readSheet parses the start sheet of tournament code as tx holds it.
func readSheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	raw, err := tx.Tournament(code)
	if err != nil {
		return nil, fmt.Errorf("load tournament %s: %w", code, err)
	}
	sh, err := tournament.ParseSheet(raw.Data)
	if err != nil {
		return nil, fmt.Errorf("load tournament %s: %w", code, err)
	}
	return sh, nil
}

// private returns g without what stays private until played: the proposed variants (4.2.7)
// and an accepted part still to be sent, and the letters' ids.
func private(g referee.Game) referee.Game {
	g.Variants, g.Accepted = nil, nil
	g.LastLetter, g.Thread = "", nil
	// Copies: the lists may be shared with whoever read the game.
	g.Plies, g.History = slices.Clone(g.Plies), slices.Clone(g.History)
	for i := range g.Plies {
		g.Plies[i].Letter = ""
	}
	for i := range g.History {
		g.History[i].Letter = ""
	}
	return g
}

// sheetIn reads tournament code's start sheet and its time zone.
func (r *Reader) sheetIn(tx *store.Tx, code string) (*tournament.Sheet, *time.Location, error) {
	sh, err := readSheet(tx, code)
	if err != nil {
		return nil, nil, err
	}
	loc, err := r.zones.get(sh.Regulation.Zone)
	return sh, loc, err
}
