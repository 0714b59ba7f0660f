package office

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The office keeps the store's tournaments parsed (architecture.md, "Scale": the cost of a
// letter must not grow with the number of tournaments in the store). Every start sheet is parsed
// once; with the sheets the office keeps the index of the players by address, each player's
// games and which games are in play. All of it is read again only when the store's tournaments
// revision changed: a sheet stored, a game added, a game entering or leaving play — by this
// process or by another one (a judge's command run while the daemon does not, which opens the
// store itself). Inside a letter the sheets cost a map lookup per tournament of the sender; a
// tournament with no game in play costs nothing more.

// roster is what the office knows of the store's tournaments at one revision. It is never
// changed once built: a new revision gets a new roster.
type roster struct {
	rev    uint64
	list   []*entered            // in code order
	byCode map[string]*entered   // by code as stored
	byFold map[string][]*entered // by foldKey of the code: a letter names a tournament in any case
	// byLatin is by tournament.CodeKey: a letter or a command may spell a Cyrillic code in
	// Latin letters ("ZK-1" for «ЗК-1»).
	byLatin map[string][]*entered
	// byLooks is by tournament.LookAlikeKey: a code copied by its looks ("CT-1" typed in Latin
	// letters for «СТ-1»).
	byLooks map[string][]*entered
	// players are the registrations of each address (foldKey), in code order.
	players map[string][]registration
}

// entered is one tournament of the roster.
type entered struct {
	raw   []byte // the sheet as stored, so that an unchanged sheet is not parsed again
	sheet *tournament.Sheet
	// table is the tournament as the referee decides its games, built once with the sheet; nil
	// with tableErr when the regulation's zone cannot be loaded.
	table    *referee.Table
	tableErr error
	games    map[int][]store.GameID // each player's games (by number), in key order
	inPlay   int                    // how many of its games are in play
}

// rosterCache holds the roster the office read last.
type rosterCache struct {
	mu     sync.Mutex
	roster *roster
}

// tournaments returns the store's tournaments as tx sees them, read again only when the
// revision changed since the office last read them.
func (o *Office) tournaments(tx *store.Tx) (*roster, error) {
	c := &o.cache.roster
	c.mu.Lock()
	defer c.mu.Unlock()
	rev := tx.TournamentsRevision()
	if c.roster != nil && c.roster.rev == rev {
		return c.roster, nil
	}
	r, err := readRoster(tx, rev, c.roster, &o.zones)
	if err != nil {
		return nil, err
	}
	for _, e := range r.list {
		if e.table != nil {
			e.table.Endgames = o.opt.Endgames // the endgame databases at hand (referee/endgame.go)
		}
	}
	c.roster = r
	return r, nil
}

// readRoster reads the tournaments of the store at revision rev, parsing only the sheets that
// differ from those of prev (nil: all of them), with their zones from zones.
func readRoster(tx *store.Tx, rev uint64, prev *roster, zones *reading.Zones) (*roster, error) {
	codes, err := tx.Tournaments()
	if err != nil {
		return nil, err
	}
	r := &roster{rev: rev, byCode: make(map[string]*entered, len(codes)), byFold: map[string][]*entered{}, byLatin: map[string][]*entered{}, byLooks: map[string][]*entered{}, players: map[string][]registration{}}
	for _, code := range codes {
		raw, err := tx.Tournament(code)
		if err != nil {
			return nil, fmt.Errorf("load tournament %s: %w", code, err)
		}
		e := &entered{raw: raw.Data, games: map[int][]store.GameID{}}
		if old := prev.entry(code); old != nil && bytes.Equal(old.raw, raw.Data) {
			e.sheet, e.table, e.tableErr = old.sheet, old.table, old.tableErr
		} else if e.sheet, err = reading.SheetOf(raw); err != nil {
			return nil, fmt.Errorf("load tournament %s: %w", code, err)
		} else {
			e.table, e.tableErr = tableOf(e.sheet, zones)
		}
		r.list = append(r.list, e)
		r.byCode[code] = e
		r.byFold[foldKey(code)] = append(r.byFold[foldKey(code)], e)
		r.byLatin[tournament.CodeKey(code)] = append(r.byLatin[tournament.CodeKey(code)], e)
		r.byLooks[tournament.LookAlikeKey(code)] = append(r.byLooks[tournament.LookAlikeKey(code)], e)
		for _, p := range e.sheet.Players {
			if p.Email == "" {
				continue // a player by post or telephone without an address writes no letter
			}
			k := foldKey(p.Email)
			r.players[k] = append(r.players[k], registration{sheet: e.sheet, player: p})
		}
	}
	ids, err := tx.Games("")
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		e := r.byCode[id.Tournament]
		w, b, err := tournament.ParseGameName(id.Game)
		if e == nil || err != nil {
			continue // not a game between two players of a registered tournament: no letter routes to it
		}
		e.games[w] = append(e.games[w], id)
		e.games[b] = append(e.games[b], id)
	}
	playing, err := tx.GamesInPlay()
	if err != nil {
		return nil, err
	}
	for _, id := range playing {
		if e := r.byCode[id.Tournament]; e != nil {
			e.inPlay++
		}
	}
	return r, nil
}

// entry returns tournament code, or nil; r may be nil.
func (r *roster) entry(code string) *entered {
	if r == nil {
		return nil
	}
	return r.byCode[code]
}

// sheets returns every start sheet, in code order.
func (r *roster) sheets() []*tournament.Sheet {
	out := make([]*tournament.Sheet, len(r.list))
	for i, e := range r.list {
		out[i] = e.sheet
	}
	return out
}

// named returns the tournaments whose code is name, compared as strings.EqualFold compares; when
// none is, those whose code name spells in Latin letters (tournament.CodeKey); when none does,
// those whose code name copies by its looks (tournament.LookAlikeKey).
func (r *roster) named(name string) []*entered {
	if es := r.byFold[foldKey(name)]; len(es) > 0 {
		return es
	}
	if es := r.byLatin[tournament.CodeKey(name)]; len(es) > 0 {
		return es
	}
	return r.byLooks[tournament.LookAlikeKey(name)]
}

// lookup returns the code of the tournament written as name, as tournament.LookupCode finds it
// (the code itself, in another case, or its Latin spelling), by the roster's indexes; false
// when no tournament, or more than one, fits.
func (r *roster) lookup(name string) (string, bool) {
	name = strings.TrimSpace(name)
	if e := r.byCode[name]; e != nil {
		return e.sheet.Code, true
	}
	if es := r.named(name); len(es) == 1 {
		return es[0].sheet.Code, true
	}
	return "", false
}

// canonicalCode returns the code of the tournament written as name (lookup), or name itself
// when no one tournament fits: the caller's own error then names what was written.
func (o *Office) canonicalCode(tx *store.Tx, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	r, err := o.tournaments(tx)
	if err != nil {
		return "", err
	}
	if code, ok := r.lookup(name); ok {
		return code, nil
	}
	return name, nil
}

// canonicalGame returns a game the judge named as TOURNAMENT/W-B with the tournament's code as
// stored (canonicalCode): "ZK-1/1-2" is «ЗК-1/1-2». A name without a tournament is as it is.
func (o *Office) canonicalGame(tx *store.Tx, name string) (string, error) {
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return name, nil
	}
	code, err := o.canonicalCode(tx, name[:i])
	if err != nil {
		return "", err
	}
	return code + name[i:], nil
}

// registered returns the registrations of address, compared as strings.EqualFold compares.
func (r *roster) registered(address string) []registration { return r.players[foldKey(address)] }

// tableOf builds the referee's table of sheet, its zone from zones.
func tableOf(sh *tournament.Sheet, zones *reading.Zones) (*referee.Table, error) {
	loc, err := zones.Get(sh.Regulation.Zone)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", sh.Code, err)
	}
	return sh.Table(loc), nil
}

// table returns tournament code as the referee decides its games, with its start sheet: the
// roster's, or for an archived tournament read from its archive file.
func (o *Office) table(tx *store.Tx, code string) (*referee.Table, *tournament.Sheet, error) {
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, nil, err
	}
	if e := r.entry(code); e != nil {
		return e.table, e.sheet, e.tableErr
	}
	sh, err := archivedSheet(tx, code)
	if err != nil {
		return nil, nil, err
	}
	t, err := tableOf(sh, &o.zones)
	if t != nil {
		t.Endgames = o.opt.Endgames
	}
	return t, sh, err
}

// sheet returns the start sheet of tournament code as the roster of tx holds it.
func (o *Office) sheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	r, err := o.tournaments(tx)
	if err != nil {
		return nil, err
	}
	e := r.entry(code)
	if e == nil {
		return archivedSheet(tx, code)
	}
	return e.sheet, nil
}

// foldKey maps s to a key that two strings share exactly when strings.EqualFold takes them for
// equal: every rune is replaced by the smallest rune of its case-folding orbit (an invalid byte
// by utf8.RuneError, as EqualFold reads it).
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// archivedSheet reads the sheet of tournament code when it is archived (the store reads it from
// its archive file); the roster holds the tournaments of the store only.
func archivedSheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	if _, ok, err := tx.Archived(code); err != nil || !ok {
		return nil, errors.Join(err, fmt.Errorf("load tournament %s: tournament %s: %w", code, code, store.ErrNotFound))
	}
	return reading.ReadSheet(tx, code)
}
