package reading

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The index keeps the store's tournaments parsed (architecture.md, "Scale": the cost of a
// letter must not grow with the number of tournaments in the store). Every start sheet is parsed
// once; with the sheets the index keeps the players by address, each player's games and which
// games are in play. The office reads a letter's tournaments through it, and the judge's views
// their games. All of it is read again only when the store's tournaments
// revision changed: a sheet stored, a game added, a game entering or leaving play — by this
// process or by another one (a judge's command run while the daemon does not, which opens the
// store itself). Inside a letter the sheets cost a map lookup per tournament of the sender; a
// tournament with no game in play costs nothing more.

// Roster is what the index knows of the store's tournaments at one revision. It is never
// changed once built: a new revision gets a new roster.
type Roster struct {
	rev    uint64
	list   []*Entered            // in code order
	byCode map[string]*Entered   // by code as stored
	byFold map[string][]*Entered // by foldKey of the code: a letter names a tournament in any case
	// byLatin is by tournament.CodeKey: a letter or a command may spell a Cyrillic code in
	// Latin letters ("ZK-1" for «ЗК-1»).
	byLatin map[string][]*Entered
	// byLooks is by tournament.LookAlikeKey: a code copied by its looks ("CT-1" typed in Latin
	// letters for «СТ-1»).
	byLooks map[string][]*Entered
	// players are the registrations of each address (foldKey), in code order.
	players map[string][]Registration
}

// Registration is a tournament in which an address is a player.
type Registration struct {
	Sheet  *tournament.Sheet
	Player tournament.Player
}

// Entered is one tournament of the roster.
type Entered struct {
	raw   []byte // the sheet as stored, so that an unchanged sheet is not parsed again
	Sheet *tournament.Sheet
	// Table is the tournament as the referee decides its games, built once with the sheet; nil
	// with TableErr when the regulation's zone cannot be loaded.
	Table    *referee.Table
	TableErr error
	Games    map[int][]store.GameID // each player's games (by number), in key order
	InPlay   int                    // how many of its games are in play
}

// Index holds the roster it read last, each tournament's table with the endgame databases at
// hand; it is safe for concurrent use.
type Index struct {
	zones    *Zones
	endgames referee.Endgames
	mu       sync.Mutex
	roster   *Roster
}

// NewIndex returns an index whose tables take their zones from zones and have endgames (nil:
// none) at hand (referee/endgame.go).
func NewIndex(zones *Zones, endgames referee.Endgames) *Index {
	return &Index{zones: zones, endgames: endgames}
}

// Tournaments returns the store's tournaments as tx sees them, read again only when the
// revision changed since the index last read them.
func (x *Index) Tournaments(tx *store.Tx) (*Roster, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	rev := tx.TournamentsRevision()
	if x.roster != nil && x.roster.rev == rev {
		return x.roster, nil
	}
	r, err := readRoster(tx, rev, x.roster, x.zones)
	if err != nil {
		return nil, err
	}
	for _, e := range r.list {
		if e.Table != nil {
			e.Table.Endgames = x.endgames
		}
	}
	x.roster = r
	return r, nil
}

// Held returns the roster the index read last, without reading the store; nil before the first.
func (x *Index) Held() *Roster {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.roster
}

// readRoster reads the tournaments of the store at revision rev, parsing only the sheets that
// differ from those of prev (nil: all of them), with their zones from zones.
func readRoster(tx *store.Tx, rev uint64, prev *Roster, zones *Zones) (*Roster, error) {
	codes, err := tx.Tournaments()
	if err != nil {
		return nil, err
	}
	r := &Roster{rev: rev, byCode: make(map[string]*Entered, len(codes)), byFold: map[string][]*Entered{}, byLatin: map[string][]*Entered{}, byLooks: map[string][]*Entered{}, players: map[string][]Registration{}}
	for _, code := range codes {
		raw, err := tx.Tournament(code)
		if err != nil {
			return nil, fmt.Errorf("load tournament %s: %w", code, err)
		}
		e := &Entered{raw: raw.Data, Games: map[int][]store.GameID{}}
		if old := prev.Entry(code); old != nil && bytes.Equal(old.raw, raw.Data) {
			e.Sheet, e.Table, e.TableErr = old.Sheet, old.Table, old.TableErr
		} else if e.Sheet, err = SheetOf(raw); err != nil {
			return nil, fmt.Errorf("load tournament %s: %w", code, err)
		} else {
			e.Table, e.TableErr = TableOf(e.Sheet, zones)
		}
		r.list = append(r.list, e)
		r.byCode[code] = e
		r.byFold[foldKey(code)] = append(r.byFold[foldKey(code)], e)
		r.byLatin[tournament.CodeKey(code)] = append(r.byLatin[tournament.CodeKey(code)], e)
		r.byLooks[tournament.LookAlikeKey(code)] = append(r.byLooks[tournament.LookAlikeKey(code)], e)
		for _, p := range e.Sheet.Players {
			if p.Email == "" {
				continue // a player by post or telephone without an address writes no letter
			}
			k := foldKey(p.Email)
			r.players[k] = append(r.players[k], Registration{Sheet: e.Sheet, Player: p})
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
		e.Games[w] = append(e.Games[w], id)
		e.Games[b] = append(e.Games[b], id)
	}
	playing, err := tx.GamesInPlay()
	if err != nil {
		return nil, err
	}
	for _, id := range playing {
		if e := r.byCode[id.Tournament]; e != nil {
			e.InPlay++
		}
	}
	return r, nil
}

// Entry returns tournament code, or nil; r may be nil.
func (r *Roster) Entry(code string) *Entered {
	if r == nil {
		return nil
	}
	return r.byCode[code]
}

// List returns every tournament, in code order; it must not be changed.
func (r *Roster) List() []*Entered { return r.list }

// Sheets returns every start sheet, in code order.
func (r *Roster) Sheets() []*tournament.Sheet {
	out := make([]*tournament.Sheet, len(r.list))
	for i, e := range r.list {
		out[i] = e.Sheet
	}
	return out
}

// Named returns the tournaments whose code is name, compared as strings.EqualFold compares; when
// none is, those whose code name spells in Latin letters (tournament.CodeKey); when none does,
// those whose code name copies by its looks (tournament.LookAlikeKey).
func (r *Roster) Named(name string) []*Entered {
	if es := r.byFold[foldKey(name)]; len(es) > 0 {
		return es
	}
	if es := r.byLatin[tournament.CodeKey(name)]; len(es) > 0 {
		return es
	}
	return r.byLooks[tournament.LookAlikeKey(name)]
}

// Lookup returns the code of the tournament written as name, as tournament.LookupCode finds it
// (the code itself, in another case, or its Latin spelling), by the roster's indexes; false
// when no tournament, or more than one, fits.
func (r *Roster) Lookup(name string) (string, bool) {
	name = strings.TrimSpace(name)
	if e := r.byCode[name]; e != nil {
		return e.Sheet.Code, true
	}
	if es := r.Named(name); len(es) == 1 {
		return es[0].Sheet.Code, true
	}
	return "", false
}

// CanonicalCode returns the code of the tournament written as name (Lookup), or name itself
// when no one tournament fits: the caller's own error then names what was written.
func (x *Index) CanonicalCode(tx *store.Tx, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	r, err := x.Tournaments(tx)
	if err != nil {
		return "", err
	}
	if code, ok := r.Lookup(name); ok {
		return code, nil
	}
	return name, nil
}

// CanonicalGame returns a game the judge named as TOURNAMENT/W-B with the tournament's code as
// stored (CanonicalCode): "ZK-1/1-2" is «ЗК-1/1-2». A name without a tournament is as it is.
func (x *Index) CanonicalGame(tx *store.Tx, name string) (string, error) {
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return name, nil
	}
	code, err := x.CanonicalCode(tx, name[:i])
	if err != nil {
		return "", err
	}
	return code + name[i:], nil
}

// Registered returns the registrations of address, compared as strings.EqualFold compares.
func (r *Roster) Registered(address string) []Registration { return r.players[foldKey(address)] }

// TableOf builds the referee's table of sheet, its zone from zones.
func TableOf(sh *tournament.Sheet, zones *Zones) (*referee.Table, error) {
	loc, err := zones.Get(sh.Regulation.Zone)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", sh.Code, err)
	}
	return sh.Table(loc), nil
}

// Table returns tournament code as the referee decides its games, with its start sheet: the
// roster's, or for an archived tournament read from its archive file.
func (x *Index) Table(tx *store.Tx, code string) (*referee.Table, *tournament.Sheet, error) {
	r, err := x.Tournaments(tx)
	if err != nil {
		return nil, nil, err
	}
	if e := r.Entry(code); e != nil {
		return e.Table, e.Sheet, e.TableErr
	}
	sh, err := archivedSheet(tx, code)
	if err != nil {
		return nil, nil, err
	}
	t, err := TableOf(sh, x.zones)
	if t != nil {
		t.Endgames = x.endgames
	}
	return t, sh, err
}

// Sheet returns the start sheet of tournament code as the roster of tx holds it.
func (x *Index) Sheet(tx *store.Tx, code string) (*tournament.Sheet, error) {
	r, err := x.Tournaments(tx)
	if err != nil {
		return nil, err
	}
	e := r.Entry(code)
	if e == nil {
		return archivedSheet(tx, code)
	}
	return e.Sheet, nil
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
	return ReadSheet(tx, code)
}
