package reading

import (
	"errors"
	"fmt"

	"postald/internal/referee"
	"postald/internal/store"
)

// A Desk answers the commands that only read the store (Query): the judge's views, the
// captain's list of cards, a game's PDN or a tournament's report file. Each answer is one read
// transaction of its own, from any goroutine: the daemon answers them beside its owner
// goroutine, and a command that found no daemon on the store it opened, with no office.
type Desk struct {
	Store *store.DB
	// Index holds the store's tournaments parsed; the office that works on the same store
	// shares it.
	Index *Index
	// Chunks keeps the games' chunks read (nil: none kept); the office shares its own.
	Chunks *store.GameCache
}

// NewDesk returns a desk of db, with an index of its own whose tables have endgames (nil: none)
// at hand.
func NewDesk(db *store.DB, endgames referee.Endgames) *Desk {
	return &Desk{Store: db, Index: NewIndex(&Zones{}, endgames), Chunks: &store.GameCache{}}
}

// A Query is a command that reads the store and changes nothing: its fields are its arguments,
// Name its name on the control socket ("list", "show"), Read how a desk answers it. The
// control socket carries it as any command (office.Request); it is answered by a Desk.
type Query interface {
	Name() string
	// Changes is false: a query only reads (office.Command).
	Changes() bool
	// Read answers the query on d; it receives a copy, which it may change (the tournament
	// codes written as the store holds them) without changing the caller's.
	Read(d *Desk) (any, error)
}

// Queries returns a new value of each kind of query, by which a request is read.
func Queries() []Query {
	return []Query{
		new(ListRequest), new(ShowRequest), new(VerifyRequest), new(QuarantineRequest), new(LetterRequest),
		new(ExportRequest), new(CardsRequest),
	}
}

// ErrBadRequest is wrapped by the error of a request that names no command, or more than one, or
// one postald does not know, or whose arguments are wrong.
var ErrBadRequest = errors.New("bad request")

// replied turns what a query's work returned into what Read returns: nothing, not a nil
// pointer, when the work gave back nothing.
func replied[T any](v *T, err error) (any, error) {
	if v == nil {
		return nil, err
	}
	return v, err
}

// Names writes the games and the tournament codes a command names as the store holds them: the
// judge may type the Latin spelling of a Cyrillic code, in any case ("zk-1/1-2" for
// «ЗК-1/1-2»; tournament.LookupCode). A code that fits no tournament is left as written, for
// the command's own error.
func (d *Desk) Names(games []*string, codes ...*string) error {
	return d.Store.View(func(tx *store.Tx) error {
		for _, g := range games {
			c, err := d.Index.CanonicalGame(tx, *g)
			if err != nil {
				return fmt.Errorf("game %s: %w", *g, err)
			}
			*g = c
		}
		for _, code := range codes {
			c, err := d.Index.CanonicalCode(tx, *code)
			if err != nil {
				return fmt.Errorf("tournament %s: %w", *code, err)
			}
			*code = c
		}
		return nil
	})
}

// game writes the game a query names as the store holds it (Names).
func (d *Desk) game(g *string) error { return d.Names([]*string{g}) }

// code writes the tournament a query names as the store holds it (Names).
func (d *Desk) code(c *string) error { return d.Names(nil, c) }
