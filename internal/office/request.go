package office

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
)

// A Command is one command of the judge, the director or the administrator on the store: the
// judge's views and rulings, the director's report, a game's PDN, a new tournament, a backup.
// cmd/postald makes it from the command line; the daemon's control socket carries it as JSON
// (Request) and runs it here, and a command that found no daemon runs it here on the store it
// opened.
//
// A kind of command is one type: its fields are its arguments, its methods say its name, whether
// it changes the store, and how it runs; and one case, in commands, by which it is read from the
// socket.
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
	// run does the command on the office's store; it receives a copy, which it may change (the
	// tournament codes written as the store holds them) without changing the caller's.
	run(o *Office) (any, error)
}

// commands returns a new value of each kind of command, by which a Request is read.
func commands() []Command {
	return []Command{
		new(ListRequest), new(ShowRequest), new(VerifyRequest), new(QuarantineRequest), new(LetterRequest),
		new(RuleRequest), new(AnnulRequest), new(WithdrawRequest), new(ProtestRequest), new(RevertRequest),
		new(ReportRequest), new(ExportRequest), new(CreateRequest), new(BackupRequest),
		new(CardRequest), new(CardsRequest), new(PostRequest), new(ArchiveRequest), new(PruneRequest),
	}
}

// ErrBadRequest is wrapped by the error of a request that names no command, or more than one, or
// one postald does not know, or whose arguments are wrong.
var ErrBadRequest = errors.New("bad request")

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

// Run does one command on the office's store. A command that Changes the store must be run where
// the office's other work runs (the daemon's owner goroutine); the reply of a command that
// failed may hold what was done before the failure (the reports drawn up before it).
func (o *Office) Run(c Command) (Reply, error) {
	if c == nil {
		return Reply{}, fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
	}
	v, err := c.run(o)
	return Reply{kind: c.Name(), value: v}, err
}

// replied turns what a command's work returned into what its run returns: nothing, not a nil
// pointer, when the work gave back nothing.
func replied[T any](v *T, err error) (any, error) {
	if v == nil {
		return nil, err
	}
	return v, err
}

// names writes the games and the tournament codes a command names as the store holds them: the
// judge may type the Latin spelling of a Cyrillic code, in any case ("zk-1/1-2" for
// «ЗК-1/1-2»; tournament.LookupCode). A code that fits no tournament is left as written, for
// the command's own error.
func (o *Office) names(games []*string, codes ...*string) error {
	return o.opt.Store.View(func(tx *store.Tx) error {
		for _, g := range games {
			c, err := o.canonicalGame(tx, *g)
			if err != nil {
				return fmt.Errorf("game %s: %w", *g, err)
			}
			*g = c
		}
		for _, code := range codes {
			c, err := o.canonicalCode(tx, *code)
			if err != nil {
				return fmt.Errorf("tournament %s: %w", *code, err)
			}
			*code = c
		}
		return nil
	})
}

// game writes the game a command names as the store holds it (names).
func (o *Office) game(g *string) error { return o.names([]*string{g}) }

// code writes the tournament a command names as the store holds it (names).
func (o *Office) code(c *string) error { return o.names(nil, c) }

// ListRequest: `judge list`, every game (of one tournament when Tournament is set).
type ListRequest struct {
	Tournament string `json:"tournament,omitempty"`
}

func (ListRequest) Name() string { return "list" }

func (ListRequest) Changes() bool { return false }

func (c ListRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.list(c))
}

// ListReply holds the games of `judge list`, in the store's order.
type ListReply struct {
	Games []GameRow `json:"games"`
}

// ShowRequest: `judge show`, one game. Game is TOURNAMENT/W-B, or W-B when one tournament has it.
type ShowRequest struct {
	Game string `json:"game"`
}

func (ShowRequest) Name() string { return "show" }

func (ShowRequest) Changes() bool { return false }

func (c ShowRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.show(c))
}

// VerifyRequest: `judge verify`, one game's archive chain, or (Game empty) every chain, game
// record and ruling.
type VerifyRequest struct {
	Game string `json:"game,omitempty"`
}

func (VerifyRequest) Name() string { return "verify" }

func (VerifyRequest) Changes() bool { return false }

func (c VerifyRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.verify(c))
}

// Verified is the result of a verification that passed: Game is zero when everything was checked.
type Verified struct {
	Game    store.GameID `json:"game,omitzero"`
	Letters uint64       `json:"letters,omitempty"`
	// Pruned counts the game's letters whose raw bytes were dropped after their retention, and
	// PrunedOld those of them archived before schema version 5, whose hash is taken as stored
	// (store.ChainReport).
	Pruned    uint64 `json:"pruned,omitempty"`
	PrunedOld uint64 `json:"pruned_old,omitempty"`
	// Archived are the archived tournaments whose archive files were checked with the store.
	Archived []string `json:"archived,omitempty"`
}

// QuarantineRequest: `judge quarantine`, the letters held and never applied.
type QuarantineRequest struct{}

func (QuarantineRequest) Name() string { return "quarantine" }

func (QuarantineRequest) Changes() bool { return false }

func (QuarantineRequest) run(o *Office) (any, error) {
	return replied(o.quarantine())
}

// QuarantineReply holds the letters postald held, oldest first.
type QuarantineReply struct {
	Held []store.Inbound `json:"held"`
}

// LetterRequest: `judge letter`, entry N of a game's archive (Game QuarantineChain: of the
// quarantine's). Raw asks for the letter's bytes only.
type LetterRequest struct {
	Game string `json:"game"`
	N    uint64 `json:"n"`
	Raw  bool   `json:"raw,omitempty"`
}

func (LetterRequest) Name() string { return "letter" }

func (LetterRequest) Changes() bool { return false }

func (c LetterRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.archivedLetter(c))
}

// RuleRequest is a ruling of the referee's kinds (penalty, correct-date, forfeit, adjudicate,
// leave) on one game. Side is as the judge wrote it: white, black, w, b or a player's number.
type RuleRequest struct {
	Kind   referee.RuleKind `json:"kind"`
	Game   string           `json:"game"`
	Side   string           `json:"side,omitempty"`
	Days   int              `json:"days,omitempty"`
	Result string           `json:"result,omitempty"`
	Leave  daysclock.Leave  `json:"leave,omitzero"`
	Clause string           `json:"clause"`
	Reason string           `json:"reason"`
}

func (RuleRequest) Name() string { return "rule" }

func (RuleRequest) Changes() bool { return true }

func (c RuleRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.rule(c))
}

// AnnulRequest: `judge annul`, the game ends without a result (4.1.7).
type AnnulRequest struct {
	Game   string `json:"game"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
}

func (AnnulRequest) Name() string { return "annul" }

func (AnnulRequest) Changes() bool { return true }

func (c AnnulRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.annul(c))
}

// WithdrawRequest: `judge withdraw`, a player leaves the tournament (seed 003, 1.10). Tournament
// may be empty when the store holds one; Clause may be empty (seed 003 gives it).
type WithdrawRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Player     int    `json:"player"`
	Clause     string `json:"clause,omitempty"`
	Reason     string `json:"reason"`
}

func (WithdrawRequest) Name() string { return "withdraw" }

func (WithdrawRequest) Changes() bool { return true }

func (c WithdrawRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.withdraw(c))
}

// ProtestRequest: `judge protest`, a protest's decision recorded and told (4.1.12).
type ProtestRequest struct {
	Game     string `json:"game"`
	Decision string `json:"decision"`
	Clause   string `json:"clause"`
}

func (ProtestRequest) Name() string { return "protest" }

func (ProtestRequest) Changes() bool { return true }

func (c ProtestRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.protest(c))
}

// RevertRequest: `judge revert`, the game put back as it was before its letter N.
type RevertRequest struct {
	Game   string `json:"game"`
	Letter uint64 `json:"letter"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
}

func (RevertRequest) Name() string { return "revert" }

func (RevertRequest) Changes() bool { return true }

func (c RevertRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.revert(c))
}

// Ruled says that a ruling on Game was recorded and its letters queued.
type Ruled struct {
	Game store.GameID `json:"game"`
}

// Withdrawn is what a withdrawal decided: with Played of Games played, seed 003 gave Clause
// (1.10.2: results struck out and unfinished games ended without a result; 1.10.3: games
// without a move lost, begun ones referred to adjudication),
// and Ended games in play were ended.
type Withdrawn struct {
	Tournament string `json:"tournament"`
	Player     int    `json:"player"`
	Played     int    `json:"played"`
	Games      int    `json:"games"`
	Ended      int    `json:"ended"`
	// Referred counts his begun games sent to the judge for adjudication (1.10.4).
	Referred int    `json:"referred,omitempty"`
	Clause   string `json:"clause"`
}

// Reverted says that Game was put back as it was before its letter Letter; the letters from
// Letter to Upto stay in the archive, marked as reverted, and Undone lists the rulings recorded
// after the letter, undone with it ("#3 penalty").
type Reverted struct {
	Game   store.GameID `json:"game"`
	Letter uint64       `json:"letter"`
	Upto   uint64       `json:"upto"`
	Undone []string     `json:"undone,omitempty"`
}

// ReportRequest: `report`, the director's report of every tournament (or of Tournament),
// printed, or with Send put in the outbox for each director.
type ReportRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Send       bool   `json:"send,omitempty"`
}

func (ReportRequest) Name() string { return "report" }

func (ReportRequest) Changes() bool { return true }

func (c ReportRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.report(c))
}

// ReportReply holds one report per tournament, in code order.
type ReportReply struct {
	Reports []TournamentReport `json:"reports"`
}

// TournamentReport is one tournament's report: its text and HTML, or, when it was sent, to whom.
type TournamentReport struct {
	Code     string `json:"code"`
	Text     string `json:"text,omitempty"`
	HTML     string `json:"html,omitempty"`
	Queued   bool   `json:"queued,omitempty"`
	Director string `json:"director,omitempty"`
}

// ExportRequest: `export`, one game as PDN.
type ExportRequest struct {
	Game string `json:"game"`
}

func (ExportRequest) Name() string { return "export" }

func (ExportRequest) Changes() bool { return false }

func (c ExportRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.export(c))
}

// ExportReply is the game's PDN.
type ExportReply struct {
	PDN []byte `json:"pdn"`
}

// CreateRequest: `tournament create`. The start sheet travels as data, not as a path: the daemon
// may not see the caller's files.
type CreateRequest struct {
	Sheet []byte `json:"sheet"`
	// Force registers a sheet that is only unusual (tournament.Unusual: an end date already
	// past, for a tournament entered late); what is wrong is refused all the same.
	Force bool `json:"force,omitempty"`
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
}

// BackupRequest: `backup`, a consistent, checked copy of the store at Path, which must be
// absolute (the daemon's working directory is not the caller's) and must not exist.
type BackupRequest struct {
	Path string `json:"path"`
}

func (BackupRequest) Name() string { return "backup" }

func (BackupRequest) Changes() bool { return false }

func (c BackupRequest) run(o *Office) (any, error) {
	return replied(o.backup(c))
}

// BackedUp is the copy a backup wrote: its path and length, and the store it copies.
type BackedUp struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	Store string `json:"store"`
	// Archives are the archived tournaments' files beside the copy (store.BackupInfo), Copied of
	// them copied this time.
	Archives int    `json:"archives,omitempty"`
	Copied   int    `json:"copied,omitempty"`
	Dir      string `json:"archive_dir,omitempty"`
}

// createTournament registers the tournament of the start sheet and queues its start letters.
func (o *Office) createTournament(req CreateRequest) (*Registered, error) {
	sh, err := Register(o.opt.Store, o.opt.From, req.Sheet, o.now(), req.Force)
	if err != nil {
		return nil, err
	}
	return &Registered{Code: sh.Code, Players: len(sh.Players), Games: len(sh.Players) * (len(sh.Players) - 1) / 2 * sh.Rounds,
		Variant: sh.Variant, Start: sh.Start, End: sh.End}, nil
}

// backup writes the copy of the store, from one read transaction: the daemon's owner goes on
// writing meanwhile.
func (o *Office) backup(req BackupRequest) (*BackedUp, error) {
	if !filepath.IsAbs(req.Path) {
		return nil, fmt.Errorf("%w: backup %q: the path must be absolute", ErrBadRequest, req.Path)
	}
	info, err := o.opt.Store.Backup(req.Path)
	if err != nil {
		return nil, err
	}
	rep := &BackedUp{Path: info.Path, Bytes: info.Bytes, Store: o.opt.Store.Path(), Archives: info.Archives, Copied: info.ArchiveCopied}
	if info.Archives > 0 {
		rep.Dir = filepath.Join(filepath.Dir(info.Path), store.ArchiveDirName)
	}
	return rep, nil
}
