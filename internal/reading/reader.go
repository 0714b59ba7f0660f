package reading

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"postald/internal/daysclock"
	"postald/internal/pages"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/tournament"
)

// ReportHTML is the director's report as one HTML page: the tournament's web page without its
// links (package pages), so that the mailed report, `postald report -html` and the pages look
// alike.
func ReportHTML(in report.Input) (string, error) { return pages.Report(in) }

// Reader reads what the web pages show of the committed state, from any goroutine, while the
// daemon's owner goroutine works on the same store: each call is one read transaction (bbolt's
// View), which sees the last commit and never waits for a writer, and the Reader shares nothing
// with the Office the owner goroutine uses but what the office knows (Known, safe for concurrent
// use). It reads every chunk of a game from the store (no chunk cache): no cache of the Office
// is touched by two goroutines. It keeps its own time zones and the start sheets it parsed, each
// parsed once per revision of the store's tournaments, behind their mutexes; the sheets it
// returns are shared and must not be changed.
//
// What it returns is what a tournament's players may all know: the games' proposed variants and
// accepted parts are cleared, and no letter is read.
type Reader struct {
	db     *store.DB
	zones  Zones
	known  *Known
	games  keptGames // with known: what the report shows of each game, by its revision
	sheets struct {
		sync.Mutex
		revision uint64
		byCode   map[string]*tournament.Sheet
	}
}

// NewReader returns a Reader of db.
func NewReader(db *store.DB) *Reader { return &Reader{db: db} }

// WithKnown makes r count the games by status from what the office knows (known, nil: none)
// instead of the store, and returns it.
func (r *Reader) WithKnown(known *Known) *Reader {
	r.known = known
	return r
}

// Listed is one tournament with the count of its games by status.
type Listed struct {
	Sheet                           *tournament.Sheet
	Games                           int // the games it plays, as its course plans them (Course.Planned)
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
			sh, err := r.sheet(tx, code)
			if err != nil {
				return err
			}
			// The games planned, and the extra games opened for ties (a knockout's, 1.11): they
			// Count once opened.
			rulings, err := tx.Rulings(store.GameID{Tournament: code})
			if err != nil {
				return err
			}
			l := Listed{Sheet: sh, Games: sh.Course().Planned() + store.LogOf(rulings).ExtraGames(sh)}
			if _, c, ok := r.known.tournament(code); ok && r.known.Current(tx) {
				l.Playing, l.Adjudication, l.Finished = c.Playing, c.Adjudication, c.Finished
				out = append(out, l)
				continue
			}
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
		in, err = ReportInput(tx, sh, loc, now, nil, nil, func(g referee.Game) error { // the public pages show no theory verdicts
			games = append(games, referee.Seat{Table: t, Game: private(g)})
			return nil
		})
		return err
	})
	return in, games, err
}

// TournamentPage returns what the page of tournament code shows at now: Tournament without the
// games themselves. With Known, what the report shows of each game is kept from one page to the
// next while the game's revision holds, so that a page after a letter reads the games the letter
// changed and no other.
func (r *Reader) TournamentPage(code string, now time.Time) (report.Input, error) {
	if r.known == nil {
		in, _, err := r.Tournament(code, now)
		return in, err
	}
	// The revisions first, the store after: what is kept under a revision was read from a
	// state at least as new.
	revs := r.known.gameRevisions(code)
	var in report.Input
	err := r.db.View(func(tx *store.Tx) error {
		sh, loc, err := r.sheetIn(tx, code)
		if err != nil {
			return err
		}
		var byGame map[string][]store.Ruling
		if in, byGame, err = reportRulings(tx, sh, loc, now); err != nil {
			return err
		}
		ids, err := tx.Games(code)
		if err != nil {
			return err
		}
		for _, id := range ids {
			rev, known := revs[id]
			if rg, ok := r.games.get(id, rev); known && ok {
				in.Games = append(in.Games, rg)
				continue
			}
			g, _, err := tx.LoadGame(id, nil)
			if err != nil {
				return err
			}
			rg := reportGame(sh, g, byGame[g.Name], loc)
			if known {
				r.games.put(id, rev, rg)
			}
			in.Games = append(in.Games, rg)
		}
		return nil
	})
	return in, err
}

// keptGames are what the report shows of games, each under the revision it was read at.
type keptGames struct {
	mu    sync.Mutex
	games map[store.GameID]keptGame
}

type keptGame struct {
	rev Revision
	g   report.Game
}

func (k *keptGames) get(id store.GameID, rev Revision) (report.Game, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	x, ok := k.games[id]
	return x.g, ok && x.rev == rev
}

func (k *keptGames) put(id store.GameID, rev Revision, g report.Game) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.games == nil {
		k.games = map[store.GameID]keptGame{}
	}
	k.games[id] = keptGame{rev: rev, g: g}
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

// ReadSheet parses the start sheet of tournament code as tx holds it.
func ReadSheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	raw, err := tx.Tournament(code)
	if err != nil {
		return nil, fmt.Errorf("load tournament %s: %w", code, err)
	}
	sh, err := SheetOf(raw)
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
	sh, err := r.sheet(tx, code)
	if err != nil {
		return nil, nil, err
	}
	loc, err := r.zones.Get(sh.Regulation.Zone)
	return sh, loc, err
}

// sheet is tournament code's start sheet as tx holds it, parsed once per revision of the
// store's tournaments (which every sheet stored changes).
func (r *Reader) sheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	rev := tx.TournamentsRevision()
	r.sheets.Lock()
	if r.sheets.revision != rev || r.sheets.byCode == nil {
		r.sheets.revision, r.sheets.byCode = rev, map[string]*tournament.Sheet{}
	}
	sh, ok := r.sheets.byCode[code]
	r.sheets.Unlock()
	if ok {
		return sh, nil
	}
	sh, err := ReadSheet(tx, code)
	if err != nil {
		return nil, err
	}
	r.sheets.Lock()
	if r.sheets.revision == rev {
		r.sheets.byCode[code] = sh
	}
	r.sheets.Unlock()
	return sh, nil
}

// Sheet is tournament code's start sheet and its time zone (shared: not to be changed).
func (r *Reader) Sheet(code string) (*tournament.Sheet, *time.Location, error) {
	var (
		sh  *tournament.Sheet
		loc *time.Location
	)
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		sh, loc, err = r.sheetIn(tx, code)
		return err
	})
	return sh, loc, err
}
