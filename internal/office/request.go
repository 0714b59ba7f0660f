package office

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"postald/internal/reading"
)

// A Command is one command of the judge, the director or the administrator on the store: the
// judge's views and rulings, the director's report, a game's PDN, a new tournament, a backup.
// cmd/postald makes it from the command line; the daemon's control socket carries it as JSON
// (Request) and runs it here, and a command that found no daemon runs it here on the store it
// opened.
//
// A kind of command is one type: its fields are its arguments, its methods say its name, whether
// it changes the store, and how it runs; and one case, in commands, by which it is read from the
// socket. A command that only reads (a view, a list of cards, an export) is a reading.Query,
// answered by a reading.Desk without the office (Read), and read from the socket by its case in
// reading.Queries.
type Command interface {
	// Name is the command's name on the control socket: "list", "rule", "create_tournament".
	Name() string
	// Changes reports whether the command changes the store (a ruling, a report put in the
	// outbox, a tournament): it must run where the office's changes run, on the daemon's owner
	// goroutine, and the daemon's sender and timer are woken after it. A command that changes
	// nothing (a view, an export, a backup) only reads the store, in a read transaction of its
	// own, and touches nothing the office keeps in memory: the daemon runs it beside its owner
	// goroutine, so that a backup of a large store does not hold up the letters.
	Changes() bool
}

// work is a command the office runs.
type work interface {
	Command
	// run does the command on the office's store; it receives a copy, which it may change (the
	// tournament codes written as the store holds them) without changing the caller's.
	run(o *Office) (any, error)
}

// commands returns a new value of each kind of command, by which a Request is read: the
// office's, then the queries (reading.Queries).
func commands() []Command {
	cs := []Command{
		new(RuleRequest), new(AnnulRequest), new(WithdrawRequest), new(ProtestRequest), new(RevertRequest),
		new(ReportRequest), new(CreateRequest), new(BackupRequest),
		new(CardRequest), new(PostRequest), new(ArchiveRequest), new(PruneRequest),
		new(LotsRequest),
		new(ReserveRequest),
		new(ResendRequest),
	}
	for _, q := range reading.Queries() {
		cs = append(cs, q)
	}
	return cs
}

// ErrBadRequest is wrapped by the error of a request that names no command, or more than one, or
// one postald does not know, or whose arguments are wrong (reading.ErrBadRequest).
var ErrBadRequest = reading.ErrBadRequest

// A Request is a Command as the control socket carries it: {"KIND": {ARGUMENTS}}, as
// {"show":{"game":"1-4"}}.
type Request struct {
	Command Command
}

// MarshalJSON writes the request as {"KIND": {ARGUMENTS}}.
func (r Request) MarshalJSON() ([]byte, error) {
	if r.Command == nil {
		return nil, fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
	}
	return json.Marshal(map[string]Command{r.Command.Name(): r.Command})
}

// UnmarshalJSON reads {"KIND": {ARGUMENTS}}; its errors wrap ErrBadRequest.
func (r *Request) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if len(m) != 1 {
		return fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
	}
	for kind, args := range m {
		i := slices.IndexFunc(commands(), func(c Command) bool { return c.Name() == kind })
		if i < 0 {
			return fmt.Errorf("%w: no command %q", ErrBadRequest, kind)
		}
		c := commands()[i]
		if err := json.Unmarshal(args, c); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrBadRequest, kind, err)
		}
		r.Command = c
	}
	return nil
}

// A Reply is what a command gives back: the value its run returned (a *ListReply for a
// ListRequest, a *GameView for a ShowRequest...), read with As. A command that failed may have
// given back what it did before the failure (the reports drawn up before it), or nothing.
type Reply struct {
	kind  string
	value any             // what the command returned, when it ran here
	raw   json.RawMessage // what it returned, when it ran in the daemon and came over the socket
}

// Kind is the kind of the command that gave the reply; "" when it gave back nothing.
func (r Reply) Kind() string { return r.kind }

// MarshalJSON writes the reply as {"KIND": VALUE}, or {} when the command gave back nothing.
func (r Reply) MarshalJSON() ([]byte, error) {
	switch {
	case r.value != nil:
		return json.Marshal(map[string]any{r.kind: r.value})
	case r.raw != nil:
		return json.Marshal(map[string]json.RawMessage{r.kind: r.raw})
	}
	return []byte("{}"), nil
}

// UnmarshalJSON reads {"KIND": VALUE}, keeping the value for As.
func (r *Reply) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if len(m) > 1 {
		return errors.New("a reply holds one command's value")
	}
	*r = Reply{}
	for kind, v := range m {
		r.kind, r.raw = kind, v
	}
	return nil
}

// As returns the reply's value as a T (what the command's run returns: *ListReply, *GameView,
// ...); ok is false when the command gave back nothing. The error says that the reply holds
// something else than a T.
func As[T any](rep Reply) (v T, ok bool, err error) {
	switch {
	case rep.value != nil:
		v, ok = rep.value.(T)
		if !ok {
			return v, false, fmt.Errorf("the reply of %s is a %T, not a %T", rep.kind, rep.value, v)
		}
		return v, true, nil
	case rep.raw != nil:
		if err := json.Unmarshal(rep.raw, &v); err != nil {
			return v, false, fmt.Errorf("the reply of %s: %w", rep.kind, err)
		}
		return v, true, nil
	}
	return v, false, nil
}

// Run does one command on the office's store, a query on the office's desk (Read). A command
// that Changes the store must be run where the office's other work runs (the daemon's owner
// goroutine); the reply of a command that failed may hold what was done before the failure (the
// reports drawn up before it).
func (o *Office) Run(c Command) (Reply, error) {
	switch c := c.(type) {
	case reading.Query:
		return Read(o.desk, c)
	case work:
		v, err := c.run(o)
		return Reply{kind: c.Name(), value: v}, err
	}
	return Reply{}, fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
}

// Desk returns the desk the office reads through: its index of the tournaments and its cache of
// the games' chunks, shared with the queries run beside it (Read).
func (o *Office) Desk() *reading.Desk { return o.desk }

// Read answers query q on desk d, with no office: the daemon runs it beside its owner goroutine,
// a command that found no daemon on the store it opened.
func Read(d *reading.Desk, q reading.Query) (Reply, error) {
	if q == nil {
		return Reply{}, fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
	}
	v, err := q.Read(d)
	return Reply{kind: q.Name(), value: v}, err
}

// replied turns what a command's work returned into what its run returns: nothing, not a nil
// pointer, when the work gave back nothing.
func replied[T any](v *T, err error) (any, error) {
	if v == nil {
		return nil, err
	}
	return v, err
}

// names writes the games and the tournament codes a command names as the store holds them
// (reading.Desk.Names).
func (o *Office) names(games []*string, codes ...*string) error { return o.desk.Names(games, codes...) }

// game writes the game a command names as the store holds it (names).
func (o *Office) game(g *string) error { return o.names([]*string{g}) }

// code writes the tournament a command names as the store holds it (names).
func (o *Office) code(c *string) error { return o.names(nil, c) }
