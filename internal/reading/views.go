package reading

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// ListRequest: `judge list`, every game (of one tournament when Tournament is set).
type ListRequest struct {
	Tournament string `json:"tournament,omitempty"`
}

func (ListRequest) Name() string { return "list" }

func (ListRequest) Changes() bool { return false }

func (c ListRequest) Read(d *Desk) (any, error) {
	if err := d.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(d.list(c))
}

// ListReply holds the games of `judge list`, in the store's order.
type ListReply struct {
	Games []GameRow `json:"games"`
}

// SpokenIn is the language of the tournament the reply is about: the one its games share, ""
// when they are of tournaments of several languages.
func (r *ListReply) SpokenIn() string {
	lang := ""
	for i, g := range r.Games {
		if i > 0 && g.Language != lang {
			return ""
		}
		lang = g.Language
	}
	return lang
}

// SpokenIn is the language of the game's tournament.
func (v *GameView) SpokenIn() string { return v.Language }

// ShowRequest: `judge show`, one game. Game is TOURNAMENT/W-B, or W-B when one tournament has it.
type ShowRequest struct {
	Game string `json:"game"`
}

func (ShowRequest) Name() string { return "show" }

func (ShowRequest) Changes() bool { return false }

func (c ShowRequest) Read(d *Desk) (any, error) {
	if err := d.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(d.show(c))
}

// VerifyRequest: `judge verify`, one game's archive chain, or (Game empty) every chain, game
// record and ruling.
type VerifyRequest struct {
	Game string `json:"game,omitempty"`
}

func (VerifyRequest) Name() string { return "verify" }

func (VerifyRequest) Changes() bool { return false }

func (c VerifyRequest) Read(d *Desk) (any, error) {
	if err := d.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(d.verify(c))
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

func (QuarantineRequest) Read(d *Desk) (any, error) {
	return replied(d.quarantine())
}

// QuarantineReply holds the letters postald held, oldest first, each received at its time in
// the zone of the tournament it concerns (heldIn).
type QuarantineReply struct {
	Held []store.Inbound `json:"held"`
	// Language is the language of the tournaments the letters concern; "" when they concern
	// tournaments of several languages.
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament the reply is about.
func (r *QuarantineReply) SpokenIn() string { return r.Language }

// LetterRequest: `judge letter`, entry N of a game's archive (Game QuarantineChain: of the
// quarantine's). Raw asks for the letter's bytes only.
type LetterRequest struct {
	Game string `json:"game"`
	N    uint64 `json:"n"`
	Raw  bool   `json:"raw,omitempty"`
}

func (LetterRequest) Name() string { return "letter" }

func (LetterRequest) Changes() bool { return false }

func (c LetterRequest) Read(d *Desk) (any, error) {
	if err := d.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(d.archivedLetter(c))
}

// ExportRequest: `export`, one game as PDN; with TRF, the Swiss Tournament (or the store's one
// tournament) as a FIDE tournament report file.
type ExportRequest struct {
	Game       string `json:"game"`
	TRF        bool   `json:"trf,omitempty"`
	Tournament string `json:"tournament,omitempty"`
}

func (ExportRequest) Name() string { return "export" }

func (ExportRequest) Changes() bool { return false }

func (c ExportRequest) Read(d *Desk) (any, error) {
	if err := d.Names([]*string{&c.Game}, &c.Tournament); err != nil {
		return nil, err
	}
	return replied(d.export(c))
}

// ExportReply is the game's PDN, or the tournament's TRF.
type ExportReply struct {
	PDN []byte `json:"pdn"`
	TRF []byte `json:"trf,omitempty"`
}

// The judge's views: what `judge list`, `judge show`, `judge verify`, `judge quarantine` and
// `export` read of the store, each in one read transaction. They change nothing and keep nothing
// in the office's memory (Request.Changes).

// GameRow is one game as `judge list` gives it.
type GameRow struct {
	Game    string         `json:"game"`
	White   string         `json:"white"`
	Black   string         `json:"black"`
	Status  referee.Status `json:"status"`
	Result  referee.Result `json:"result"`
	ToMove  referee.Side   `json:"to_move,omitempty"`
	Moves   int            `json:"moves"`
	Time    referee.Time   `json:"time"`
	Penalty referee.Time   `json:"penalty"`
	LastDay daysclock.Date `json:"last_day,omitzero"` // of the player on move, for his next control
	// Posting is the side on move whose move waits for the captain to post his card or make his
	// call (postald cards): his clock does not run until then, and he has no last day yet.
	Posting referee.Side `json:"posting,omitempty"`
	// Undelivered is the side on move whose partner's move did not reach him (a delivery report
	// said so, delivery.go): his clock has not started (4.3.1), and he has no last day yet.
	Undelivered referee.Side `json:"undelivered,omitempty"`
	Oversteps   []string     `json:"oversteps,omitempty"`
	// WhiteChannel and BlackChannel are how each plays when it is not by e-mail (4.1.1): by
	// post, by telephone; WhiteBy and BlackBy say it in the tournament's language («по почте»,
	// "by post"), as judge list and judge show write it after the name. All four are empty for
	// a player by e-mail.
	WhiteChannel referee.Channel `json:"white_channel,omitempty"`
	BlackChannel referee.Channel `json:"black_channel,omitempty"`
	WhiteBy      string          `json:"white_by,omitempty"`
	BlackBy      string          `json:"black_by,omitempty"`
	// Language is the tournament's (its start sheet's language): the language judge list and
	// judge show write the game in.
	Language string `json:"language,omitempty"`
	// OverstepOf are the oversteps Oversteps words, by side, as the clocks counted them: what
	// judge list writes in the tournament's language.
	OverstepOf map[referee.Side]daysclock.Overstep `json:"overstep_of,omitempty"`
}

// GameView is one game as `judge show` gives it.
type GameView struct {
	GameRow
	Variant  string                           `json:"variant"`
	Plies    []PlyView                        `json:"plies"`
	Variants []referee.Variant                `json:"variants,omitempty"`
	History  []referee.Entry                  `json:"history,omitempty"`
	Letters  []LetterView                     `json:"letters"`
	Rulings  []RulingView                     `json:"rulings,omitempty"`
	Clocks   map[referee.Side]daysclock.Clock `json:"clocks"`
	Deadline *daysclock.Deadline              `json:"deadline,omitempty"`
	// Endgame is what the endgame database says of the position, for a game within its reach
	// (and for a game waiting for the judge, that it holds no verdict); nil otherwise.
	Endgame *EndgameView `json:"endgame,omitempty"`
}

// RulingView is a ruling as judge show gives it: the audit log's entry with what the ruling
// decided read from its details (whose side, how many days, the result, the leave).
type RulingView struct {
	Seq    uint64           `json:"seq"`
	Game   store.GameID     `json:"game"`
	Time   time.Time        `json:"time"`
	Kind   string           `json:"kind"`
	Side   referee.Side     `json:"side,omitempty"`
	Days   int              `json:"days,omitempty"`
	Result referee.Result   `json:"result,omitempty"`
	Leave  *daysclock.Leave `json:"leave,omitempty"`
	Clause string           `json:"clause,omitempty"`
	Reason string           `json:"reason"`
	Judge  string           `json:"judge,omitempty"`
	// Details is what the ruling records, its entry in the rulings log as stored (JSON).
	Details json.RawMessage `json:"details,omitempty"`
}

func newRulingView(r store.Ruling) RulingView {
	v := RulingView{Seq: r.Seq, Game: r.Game, Time: r.Time, Kind: r.Kind, Clause: r.Clause, Reason: r.Reason, Judge: r.Judge, Details: r.Details()}
	e, ok := r.Entry.(store.GameRuling)
	if !ok {
		return v
	}
	d := e.Ruling
	v.Side, v.Days, v.Result = d.Side, d.Days, d.Result
	if !d.Leave.From.IsZero() {
		v.Leave = &d.Leave
	}
	return v
}

// PlyView is one move of a game: as written, the day it was made, and how (by letter, by a
// variant, ...); for a move whose letter did not come by e-mail, how it came (Via: a card, a
// call) and its mark in the tournament's language (Mark: «открытка», "card"), as judge show
// writes it after the date.
type PlyView struct {
	Move string          `json:"move"`
	Date daysclock.Date  `json:"date"`
	By   referee.By      `json:"by"`
	Via  referee.Channel `json:"via,omitempty"`
	Mark string          `json:"mark,omitempty"`
}

// newPlyView is ply p, written as move, as judge show gives it, its mark in the words of ch.
func newPlyView(move string, p referee.Ply, ch *phrase.ChannelText) PlyView {
	v := PlyView{Move: move, Date: p.Date, By: p.By}
	if mark := ch.Move(string(p.Via)); mark != "" {
		v.Via, v.Mark = p.Via, mark
	}
	return v
}

// LetterView is an entry of a game's archive as judge show lists it.
type LetterView struct {
	Seq       uint64    `json:"seq"`
	Direction string    `json:"dir"`
	Time      time.Time `json:"time"`
	MessageID string    `json:"message_id,omitempty"`
	Verdict   string    `json:"verdict,omitempty"`
	Clause    string    `json:"clause,omitempty"`
	Hash      string    `json:"sha256"`
	// Envelope is the envelope sender (SMTP MAIL FROM) as the receiving server recorded it in
	// the letter's top Return-Path field; "" when it wrote none.
	Envelope string `json:"envelope_from,omitempty"`
	From     string `json:"from,omitempty"` // the From field, decoded
	To       string `json:"to,omitempty"`   // the To field of a letter postald sent
	// Auth is the authentication verdict postald recorded when the letter came in.
	Auth string `json:"auth,omitempty"`
	// SubjectDamaged: a mail server replaced the 8-bit bytes of the letter's Subject (Cyrus
	// writes each as "X"), so the Subject was not read: the game is the text's.
	SubjectDamaged bool `json:"subject_damaged,omitempty"`
	// RevertedBy is the ruling (its number in the audit log) that put the game back as it was
	// before this letter or an earlier one: the letter no longer counts.
	RevertedBy uint64 `json:"reverted_by,omitempty"`
	// Pruned: the letter's raw bytes were dropped after their retention ([store]
	// retain_raw_days); what postald recorded of it remains, From and To no longer.
	Pruned bool `json:"pruned,omitempty"`
	// Also names, for a letter about several games archived with another game's letters (a
	// section per game, a leave in each of the player's games), the chain that holds it.
	Also string `json:"also,omitempty"`
	// Delivery is what is known of the delivery of a letter postald sent (sent, delivered,
	// relayed, delayed, failed; "" not yet sent, or a card), DeliveryNote the remote server's
	// status and words, DeliveryTime when it was known (delivery.go).
	Delivery     store.DeliveryState `json:"delivery,omitempty"`
	DeliveryNote string              `json:"delivery_note,omitempty"`
	DeliveryTime time.Time           `json:"delivery_time,omitzero"`
	// Resends is the letter (its number here) a letter postald sent sends again.
	Resends uint64 `json:"resends,omitempty"`
	// ReportOn is the letter (its number here) a delivery report received is about.
	ReportOn uint64 `json:"report_on,omitempty"`
}

// newLetterView is an archive entry as judge show lists it.
func newLetterView(e store.ArchiveEntry, reverted map[uint64]uint64) LetterView {
	h := readEnvelope(e.Raw)
	v := LetterView{Seq: e.Seq, Direction: string(e.Direction), Time: e.Time, MessageID: e.MessageID,
		Verdict: e.Verdict, Clause: e.Clause, Hash: e.Hash.String(), Envelope: h.returnPath, From: h.from,
		Auth: e.Auth, RevertedBy: reverted[e.Seq], Pruned: e.Pruned, SubjectDamaged: h.subjectDamaged}
	if e.Direction == store.Out {
		v.To = h.to
	}
	if e.Letter != nil {
		v.Also = e.Letter.Chain
	}
	return v
}

func makeRow(sh *tournament.Sheet, id store.GameID, st referee.Seat) GameRow {
	g := st.Game
	white, black := st.Player(referee.White), st.Player(referee.Black)
	r := GameRow{
		Game: id.Key(), White: white.Name, Black: black.Name,
		Status: g.Status, Result: g.Result, Moves: (len(g.Plies) + 1) / 2, Time: g.Time(),
		Penalty: referee.Time{White: g.WhiteClock.Penalty, Black: g.BlackClock.Penalty},
	}
	if g.Status == referee.StatusPlaying {
		r.ToMove, r.Posting = g.ToMove(), g.Posting
		if g.Undelivered == g.ToMove() {
			r.Undelivered = g.Undelivered
		}
		if c := g.Clock(g.ToMove()); c.Running() {
			r.LastDay = c.Deadline(st.Terms()).LastDay
		}
	}
	for _, s := range []referee.Side{referee.White, referee.Black} {
		if o := g.Clock(s).Overstep; o != nil {
			r.Oversteps = append(r.Oversteps, fmt.Sprintf("%s %d days on %s (limit %d by move %d)", s, o.Days, o.On, o.Control.Days, o.Control.Move))
			if r.OverstepOf == nil {
				r.OverstepOf = map[referee.Side]daysclock.Overstep{}
			}
			r.OverstepOf[s] = *o
		}
	}
	r.Language = sh.Language
	ch := &phrase.For(sh.Language).Channels
	if by := ch.Player(string(white.Channel)); by != "" {
		r.WhiteChannel, r.WhiteBy = white.Channel, by
	}
	if by := ch.Player(string(black.Channel)); by != "" {
		r.BlackChannel, r.BlackBy = black.Channel, by
	}
	return r
}

// list is `judge list`.
func (d *Desk) list(req ListRequest) (*ListReply, error) {
	var rows []GameRow
	err := d.Store.View(func(tx *store.Tx) error {
		return d.EachGame(tx, req.Tournament, func(sh *tournament.Sheet, id store.GameID, g referee.Seat) error {
			rows = append(rows, makeRow(sh, id, g))
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return &ListReply{Games: rows}, nil
}

// show is `judge show`.
func (d *Desk) show(req ShowRequest) (*GameView, error) {
	var v GameView
	err := d.Store.View(func(tx *store.Tx) error {
		id, sh, st, err := d.OpenGame(tx, req.Game)
		if err != nil {
			return err
		}
		g := st.Game
		v.GameRow = makeRow(sh, id, st)
		v.Variant = st.Table.Variant
		moves := g.MoveList()
		ch := &phrase.For(sh.Language).Channels
		for i, p := range g.Plies {
			v.Plies = append(v.Plies, newPlyView(moves[i], p, ch))
		}
		v.Variants, v.History = g.Variants, g.History
		v.Clocks = map[referee.Side]daysclock.Clock{referee.White: g.WhiteClock, referee.Black: g.BlackClock}
		if c := g.Clock(g.ToMove()); g.Status == referee.StatusPlaying && c.Running() {
			dl := c.Deadline(st.Terms())
			v.Deadline = &dl
		}
		if g.Status != referee.StatusFinished {
			v.Endgame = endgameView(st, sh.Language)
		}
		rulings, err := tx.Rulings(id)
		if err != nil {
			return err
		}
		// Instants in the tournament's zone, as its days are counted (and as judge letter
		// writes them).
		zone := st.Table.Zone
		if zone == nil {
			zone = time.UTC
		}
		for _, r := range rulings {
			rv := newRulingView(r)
			rv.Time = rv.Time.In(zone)
			v.Rulings = append(v.Rulings, rv)
		}
		reverted := RevertedLetters(rulings)
		v.Letters = []LetterView{}
		reports := map[uint64]uint64{} // a report's entry → the letter it is about
		return tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
			lv := newLetterView(e, reverted)
			lv.Time = lv.Time.In(zone)
			lv.ReportOn = reports[e.Seq]
			if err := deliveryView(tx, id, e, &lv, zone, reports); err != nil {
				return err
			}
			v.Letters = append(v.Letters, lv)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// verify is `judge verify`: one game's archive chain, or every chain, game record and ruling.
func (d *Desk) verify(req VerifyRequest) (*Verified, error) {
	if req.Game == "" {
		if err := d.Store.CheckWhole(); err != nil {
			return nil, err
		}
		v := &Verified{}
		var archived []store.ArchivedTournament
		if err := d.Store.View(func(tx *store.Tx) (err error) {
			archived, err = tx.ArchivedTournaments()
			return err
		}); err != nil {
			return nil, err
		}
		for _, a := range archived {
			if err := d.Store.VerifyArchived(a.Code); err != nil {
				return v, err
			}
			v.Archived = append(v.Archived, a.Code)
		}
		return v, nil
	}
	var id store.GameID
	if err := d.Store.View(func(tx *store.Tx) (err error) {
		id, err = FindGame(tx, req.Game)
		return err
	}); err != nil {
		return nil, err
	}
	rep, err := d.Store.VerifyReport(id)
	if err != nil {
		return nil, err
	}
	return &Verified{Game: id, Letters: rep.Entries, Pruned: rep.Pruned, PrunedOld: rep.PrunedOld}, nil
}

// quarantine is `judge quarantine`: the letters postald held (trust rules, limits, unreadable,
// not from a player), kept in the archive, never applied, each with its reason.
func (d *Desk) quarantine() (*QuarantineReply, error) {
	rep := &QuarantineReply{}
	langs := map[string]bool{}
	if err := d.Store.View(func(tx *store.Tx) (err error) {
		if rep.Held, err = tx.QuarantinedInbound(); err != nil {
			return err
		}
		for i, in := range rep.Held {
			loc, lang, err := d.heldIn(tx, in.From)
			if err != nil {
				return err
			}
			// Received as judge letter gives it: when the receiving server took it, as its
			// archive entry records it (postald may have read it later).
			if in.Archive != 0 {
				if e, _, _, err := Archived(tx, store.GameID{}, in.Archive); err == nil {
					in.Received = e.Time
				}
			}
			rep.Held[i].Received = in.Received.In(loc)
			langs[lang] = true
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if len(langs) == 1 {
		for l := range langs {
			rep.Language = l
		}
	}
	return rep, nil
}

// heldIn returns the zone and the language a held letter from from (its From as written) is
// shown in: those of its sender's tournament, the first that has a player at that address;
// for a stranger's letter, those every tournament shares (the store's only tournament's);
// else the zone postald runs in, and "".
func (d *Desk) heldIn(tx *store.Tx, from string) (*time.Location, string, error) {
	r, err := d.Index.Tournaments(tx)
	if err != nil {
		return nil, "", err
	}
	addr := ""
	if a, err := mail.ParseAddress(from); err == nil {
		addr = a.Address
	}
	zones, langs := map[string]bool{}, map[string]bool{}
	var zone, lang string
	for _, sh := range r.Sheets() {
		if _, ok := sh.PlayerByEmail(addr); ok {
			loc, err := d.Index.zones.Get(sh.Regulation.Zone)
			return loc, sh.Language, err
		}
		zone, lang = sh.Regulation.Zone, sh.Language
		zones[zone], langs[lang] = true, true
	}
	if len(langs) != 1 {
		lang = ""
	}
	if len(zones) != 1 {
		return time.Local, lang, nil
	}
	loc, err := d.Index.zones.Get(zone)
	return loc, lang, err
}

// export is `export`: one game as PDN.
func (d *Desk) export(req ExportRequest) (*ExportReply, error) {
	if req.TRF {
		return d.exportTRF(req.Tournament)
	}
	var text []byte
	err := d.Store.View(func(tx *store.Tx) error {
		_, sh, g, err := d.OpenGame(tx, req.Game)
		if err != nil {
			return err
		}
		text, err = GamePDN(sh, g)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &ExportReply{PDN: text}, nil
}

// exportTRF writes the Swiss code (the store's one tournament when code is empty) as a FIDE
// tournament report file (tournament.Sheet.TRF).
func (d *Desk) exportTRF(code string) (*ExportReply, error) {
	var data []byte
	err := d.Store.View(func(tx *store.Tx) error {
		if code == "" {
			codes, err := tx.Tournaments()
			if err != nil {
				return err
			}
			if len(codes) != 1 {
				return UnnamedIn(tx, codes, func(x *phrase.CLIErrors) string { return x.NameOne(len(codes), x.FlagForm) })
			}
			code = codes[0]
		}
		sh, err := d.Index.Sheet(tx, code)
		if err != nil {
			return err
		}
		st, err := CourseState(tx, sh, nil, time.Time{})
		if err != nil {
			return err
		}
		data, err = sh.TRF(st.Log.Rounds, st.Results, st.Log.Withdrawn)
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

// RevertedLetters maps each archive entry a revert undid to the ruling that did.
func RevertedLetters(rulings []store.Ruling) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for _, r := range rulings {
		e, ok := r.Entry.(store.GameRuling)
		if !ok || e.Ruling.Kind != referee.RuleRevert {
			continue
		}
		d := e.Ruling
		for seq := d.Letter; seq <= d.Upto && d.Letter > 0; seq++ {
			if out[seq] == 0 {
				out[seq] = r.Seq
			}
		}
	}
	return out
}

// deliveryView fills in what judge show gives of the delivery of e, a letter postald sent: its
// state, the server's words, when, the letter it sends again; and notes in reports which of the
// entries after it are reports about it. A letter whose outbox record is gone (an archived
// tournament's) shows none.
func deliveryView(tx *store.Tx, id store.GameID, e store.ArchiveEntry, lv *LetterView, zone *time.Location, reports map[uint64]uint64) error {
	if e.Direction != store.Out || e.Outbox == 0 {
		return nil
	}
	it, err := tx.OutboxItemOf(id, e.Outbox)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if it.Archive != e.Seq {
		return nil // an entry copied from elsewhere: not this item's
	}
	lv.Delivery, lv.DeliveryNote = it.DeliveryOf(), it.DeliveryNote
	if !it.DeliveryTime.IsZero() {
		lv.DeliveryTime = it.DeliveryTime.In(zone)
	}
	if it.Resends != 0 {
		if first, err := tx.OutboxItemOf(id, it.Resends); err == nil && first.Game == it.Game {
			lv.Resends = first.Archive
		}
	}
	for _, r := range it.Reports {
		reports[r] = e.Seq
	}
	return nil
}
