package office

import (
	"errors"
	"fmt"
	"path/filepath"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
)

// A Request is one command of the judge, the director or the administrator on the store: the
// judge's views and rulings, the director's report, a game's PDN, a new tournament, a backup.
// cmd/postald makes it from the command line; the daemon's control socket carries it as JSON and
// runs it here, and a command that found no daemon runs it here on the store it opened. Exactly
// one field is set.
type Request struct {
	List       *ListRequest       `json:"list,omitempty"`
	Show       *ShowRequest       `json:"show,omitempty"`
	Verify     *VerifyRequest     `json:"verify,omitempty"`
	Quarantine *QuarantineRequest `json:"quarantine,omitempty"`
	Letter     *LetterRequest     `json:"letter,omitempty"`
	Rule       *RuleRequest       `json:"rule,omitempty"`
	Annul      *AnnulRequest      `json:"annul,omitempty"`
	Withdraw   *WithdrawRequest   `json:"withdraw,omitempty"`
	Protest    *ProtestRequest    `json:"protest,omitempty"`
	Revert     *RevertRequest     `json:"revert,omitempty"`
	Report     *ReportRequest     `json:"report,omitempty"`
	Export     *ExportRequest     `json:"export,omitempty"`
	Create     *CreateRequest     `json:"create_tournament,omitempty"`
	Backup     *BackupRequest     `json:"backup,omitempty"`
	Card       *CardRequest       `json:"card,omitempty"`
	Cards      *CardsRequest      `json:"cards,omitempty"`
	Post       *PostRequest       `json:"post,omitempty"`
	Archive    *ArchiveRequest    `json:"archive,omitempty"`
	Prune      *PruneRequest      `json:"prune,omitempty"`
	Reserve    *ReserveRequest    `json:"reserve,omitempty"`
}

// A Reply is what a Request gives back: the field of the request's kind is set.
type Reply struct {
	List       *ListReply       `json:"list,omitempty"`
	Show       *GameView        `json:"show,omitempty"`
	Verify     *Verified        `json:"verify,omitempty"`
	Quarantine *QuarantineReply `json:"quarantine,omitempty"`
	Letter     *ArchivedLetter  `json:"letter,omitempty"`
	Ruled      *Ruled           `json:"ruled,omitempty"` // Rule, Annul, Protest
	Withdrawn  *Withdrawn       `json:"withdrawn,omitempty"`
	Reverted   *Reverted        `json:"reverted,omitempty"`
	Report     *ReportReply     `json:"report,omitempty"`
	Export     *ExportReply     `json:"export,omitempty"`
	Registered *Registered      `json:"registered,omitempty"`
	BackedUp   *BackedUp        `json:"backed_up,omitempty"`
	Card       *CardEntered     `json:"card,omitempty"`
	Cards      *CardsReply      `json:"cards,omitempty"`
	Posted     *PostedReply     `json:"posted,omitempty"`
	Archived   *ArchiveReply    `json:"archived,omitempty"`
	Pruned     *PruneReply      `json:"pruned,omitempty"`
	Reserved   *Reserved        `json:"reserved,omitempty"`
}

// ListRequest: `judge list`, every game (of one tournament when Tournament is set).
type ListRequest struct {
	Tournament string `json:"tournament,omitempty"`
}

// ListReply holds the games of `judge list`, in the store's order.
type ListReply struct {
	Games []GameRow `json:"games"`
}

// ShowRequest: `judge show`, one game. Game is TOURNAMENT/W-B, or W-B when one tournament has it.
type ShowRequest struct {
	Game string `json:"game"`
}

// VerifyRequest: `judge verify`, one game's archive chain, or (Game empty) every chain, game
// record and ruling.
type VerifyRequest struct {
	Game string `json:"game,omitempty"`
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

// AnnulRequest: `judge annul`, the game ends without a result (4.1.7).
type AnnulRequest struct {
	Game   string `json:"game"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
}

// WithdrawRequest: `judge withdraw`, a player leaves the tournament (seed 003, 1.10). Tournament
// may be empty when the store holds one; Clause may be empty (seed 003 gives it).
type WithdrawRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Player     int    `json:"player"`
	Clause     string `json:"clause,omitempty"`
	Reason     string `json:"reason"`
}

// ProtestRequest: `judge protest`, a protest's decision recorded and told (4.1.12).
type ProtestRequest struct {
	Game     string `json:"game"`
	Decision string `json:"decision"`
	Clause   string `json:"clause"`
}

// RevertRequest: `judge revert`, the game put back as it was before its letter N.
type RevertRequest struct {
	Game   string `json:"game"`
	Letter uint64 `json:"letter"`
	Clause string `json:"clause"`
	Reason string `json:"reason"`
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

// ExportRequest: `export`, one game as PDN; with TRF, the Swiss Tournament (or the store's one
// tournament) as a FIDE tournament report file.
type ExportRequest struct {
	Game       string `json:"game"`
	TRF        bool   `json:"trf,omitempty"`
	Tournament string `json:"tournament,omitempty"`
}

// ExportReply is the game's PDN, or the tournament's TRF.
type ExportReply struct {
	PDN []byte `json:"pdn"`
	TRF []byte `json:"trf,omitempty"`
}

// CreateRequest: `tournament create`. The start sheet travels as data, not as a path: the daemon
// may not see the caller's files.
type CreateRequest struct {
	Sheet []byte `json:"sheet"`
	// Force registers a sheet that is only unusual (tournament.Unusual: an end date already
	// past, for a tournament entered late); what is wrong is refused all the same.
	Force bool `json:"force,omitempty"`
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

// ErrBadRequest is wrapped by the error of a request that sets no field or more than one.
var ErrBadRequest = errors.New("bad request")

// kind names the request's one field; "" when none is set, or more than one.
func (r Request) kind() string {
	var name string
	n := 0
	for _, f := range []struct {
		set  bool
		name string
	}{
		{r.List != nil, "list"}, {r.Show != nil, "show"}, {r.Verify != nil, "verify"},
		{r.Quarantine != nil, "quarantine"}, {r.Letter != nil, "letter"}, {r.Rule != nil, "rule"},
		{r.Annul != nil, "annul"}, {r.Withdraw != nil, "withdraw"}, {r.Protest != nil, "protest"},
		{r.Revert != nil, "revert"}, {r.Report != nil, "report"}, {r.Export != nil, "export"},
		{r.Create != nil, "create_tournament"}, {r.Backup != nil, "backup"},
		{r.Card != nil, "card"}, {r.Cards != nil, "cards"}, {r.Post != nil, "post"},
		{r.Archive != nil, "archive"}, {r.Prune != nil, "prune"}, {r.Reserve != nil, "reserve"},
	} {
		if f.set {
			name, n = f.name, n+1
		}
	}
	if n != 1 {
		return ""
	}
	return name
}

// Changes reports whether the request changes the store (a ruling, a report put in the outbox, a
// tournament): it must run where the office's changes run, on the daemon's owner goroutine, and
// the daemon's sender and timer are woken after it. A request that changes nothing (a view, an
// export, a backup) only reads the store, in a read transaction of its own, and touches nothing
// the office keeps in memory: the daemon runs it beside its owner goroutine, so that a backup of
// a large store does not hold up the letters.
func (r Request) Changes() bool {
	return r.Rule != nil || r.Annul != nil || r.Withdraw != nil || r.Protest != nil || r.Revert != nil ||
		r.Report != nil || r.Create != nil || r.Card != nil || r.Post != nil || r.Archive != nil && !r.Archive.List || r.Prune != nil || r.Reserve != nil
}

// Run does one request on the office's store. A request that Changes the store must be run where
// the office's other work runs (the daemon's owner goroutine); the reply of a request that
// failed may hold what was done before the failure (the reports drawn up before it).
func (o *Office) Run(req Request) (Reply, error) {
	var rep Reply
	if req.kind() != "" {
		if err := o.canonical(&req); err != nil {
			return rep, err
		}
	}
	var err error
	switch req.kind() {
	case "list":
		rep.List, err = o.list(*req.List)
	case "show":
		rep.Show, err = o.show(*req.Show)
	case "verify":
		rep.Verify, err = o.verify(*req.Verify)
	case "quarantine":
		rep.Quarantine, err = o.quarantine()
	case "letter":
		rep.Letter, err = o.archivedLetter(*req.Letter)
	case "rule":
		rep.Ruled, err = o.rule(*req.Rule)
	case "annul":
		rep.Ruled, err = o.annul(*req.Annul)
	case "withdraw":
		rep.Withdrawn, err = o.withdraw(*req.Withdraw)
	case "protest":
		rep.Ruled, err = o.protest(*req.Protest)
	case "revert":
		rep.Reverted, err = o.revert(*req.Revert)
	case "report":
		rep.Report, err = o.report(*req.Report)
	case "export":
		rep.Export, err = o.export(*req.Export)
	case "create_tournament":
		rep.Registered, err = o.createTournament(*req.Create)
	case "backup":
		rep.BackedUp, err = o.backup(*req.Backup)
	case "card":
		rep.Card, err = o.card(*req.Card)
	case "cards":
		rep.Cards, err = o.cards(*req.Cards)
	case "post":
		rep.Posted, err = o.post(*req.Post)
	case "archive":
		rep.Archived, err = o.archive(*req.Archive)
	case "prune":
		rep.Pruned, err = o.prune(*req.Prune)
	case "reserve":
		rep.Reserved, err = o.reserve(*req.Reserve)
	default:
		return rep, fmt.Errorf("%w: a request names exactly one command", ErrBadRequest)
	}
	return rep, err
}

// canonical writes the tournament codes of a request as the store holds them: the judge may
// type the Latin spelling of a Cyrillic code, in any case ("zk-1/1-2" for «ЗК-1/1-2»;
// tournament.LookupCode). A code that fits no tournament is left as written, for the command's
// own error.
func (o *Office) canonical(req *Request) error {
	var games, codes []*string
	switch {
	case req.List != nil:
		c := *req.List
		req.List = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	case req.Show != nil:
		c := *req.Show
		req.Show = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Verify != nil:
		c := *req.Verify
		req.Verify = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Letter != nil:
		c := *req.Letter
		req.Letter = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Rule != nil:
		c := *req.Rule
		req.Rule = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Annul != nil:
		c := *req.Annul
		req.Annul = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Withdraw != nil:
		c := *req.Withdraw
		req.Withdraw = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	case req.Protest != nil:
		c := *req.Protest
		req.Protest = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Revert != nil:
		c := *req.Revert
		req.Revert = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Report != nil:
		c := *req.Report
		req.Report = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	case req.Export != nil:
		c := *req.Export
		req.Export = &c // the caller's request stays as it was
		games = append(games, &c.Game)
		codes = append(codes, &c.Tournament)
	case req.Card != nil:
		c := *req.Card
		req.Card = &c // the caller's request stays as it was
		games = append(games, &c.Game)
	case req.Cards != nil:
		c := *req.Cards
		req.Cards = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	case req.Archive != nil:
		c := *req.Archive
		req.Archive = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	case req.Reserve != nil:
		c := *req.Reserve
		req.Reserve = &c // the caller's request stays as it was
		codes = append(codes, &c.Tournament)
	}
	if len(games)+len(codes) == 0 {
		return nil
	}
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

// createTournament registers the tournament of the start sheet and queues its start letters.
func (o *Office) createTournament(req CreateRequest) (*Registered, error) {
	sh, err := Register(o.opt.Store, o.opt.From, req.Sheet, o.now(), req.Force)
	if err != nil {
		return nil, err
	}
	return &Registered{Code: sh.Code, Players: len(sh.Players), Games: registeredGames(sh),
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
