package office

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"sort"
	"strings"
	"time"

	"postald/internal/config"
	"postald/internal/daysclock"
	"postald/internal/mailwrite"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// A Simulation is the office replaying letters with no post and no store on disk: the daemon's
// own unit of work (the same trust checks, reading, routing, referee, answers, archive, ticks,
// cards and postings) over a store in memory, with a clock that is each letter's Date. It is
// what `postald simulate` prints and what the tests replay whole games through, so that a
// replay is the daemon's path and nothing else.
//
// The tournament of the start sheet is registered at the beginning of its start date (or before
// the first letter, when that is earlier), so that its clocks run from the start date as they do
// for a tournament registered in time (4.3.2). Before each letter, time passes up to its Date:
// every event due by then (reminders, silence reports, oversteps, adjudication packages) is
// ticked at its own instant, as the daemon's timer ticks it. A letter is then decided as a letter
// fetched from the mailbox at its Date; a card, a call or a posting the captain entered (the
// X-Postald-* fields postald writes into every card it archives, ReadCaptain) as the captain's
// command at that instant.
type Simulation struct {
	db      *store.DB
	office  *Office
	sheet   *tournament.Sheet
	zone    *time.Location
	clock   time.Time // the office's now: never goes back
	started bool
	data    []byte    // the start sheet as given
	entropy io.Reader // the source of the seed of the sheet's lots; nil: crypto/rand
	n       uint32    // letters given so far
	done    []Done    // what the unit of work under way committed (Options.Observe)
	// registered is what the registration put in the outbox: the start letters, the cards of
	// the players by post, the officials' letters.
	registered []store.OutboxItem
	standIns   bool // the players are stand-ins for a later stage's (tournament.StandIns)
}

// NewSimulation makes a simulation of the tournament of start sheet data.
//
// A later stage of a mixed competition whose sheet lists no players takes them from the stage
// before once that is over; a simulation of it alone has stand-ins for them (tournament.StandIns),
// so that its dry run shows the letters the stage will send.
func NewSimulation(data []byte, log *slog.Logger) (*Simulation, error) {
	data, standIns, err := tournament.StandIns(data)
	if err != nil {
		return nil, err
	}
	sh, err := tournament.ParseSheet(data)
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		return nil, fmt.Errorf("regulation.zone: %w", err)
	}
	db, err := store.OpenMemory(log)
	if err != nil {
		return nil, err
	}
	s := &Simulation{db: db, sheet: sh, zone: loc, data: data, standIns: standIns}
	// The counts serve keeps for its pages and metrics, kept here as serve keeps them.
	known, err := reading.NewKnown(db, time.Time{})
	if err != nil {
		db.Close()
		return nil, err
	}
	s.office = New(Options{
		Known: known,
		Store: db, From: mail.Address{Address: sh.Address}, Limits: config.Defaults().Limits,
		// The letters of a replay carry no receiving server's verdict: their From is believed.
		Trust:   config.Trust{FromOnly: true},
		Logger:  log,
		Now:     func() time.Time { return s.clock },
		Observe: func(d Done) { s.done = append(s.done, d) },
	})
	return s, nil
}

// DrawWith sets where the seed of the sheet's lots comes from (nil: crypto/rand), for a replay
// that must draw as another did: a seed read from it is the same seed. It must be called before
// the first letter.
func (s *Simulation) DrawWith(entropy io.Reader) { s.entropy = entropy }

// Close drops the simulation's store.
func (s *Simulation) Close() error { return s.db.Close() }

// Sheet is the start sheet simulated; once the first letter registered the tournament, with its
// lots drawn.
func (s *Simulation) Sheet() *tournament.Sheet { return s.sheet }

// Zone is the tournament's zone.
func (s *Simulation) Zone() *time.Location { return s.zone }

// Store is the simulation's store, for a caller that reads what was recorded.
func (s *Simulation) Store() *store.DB { return s.db }

// Step is what one letter of the replay did: the ticks that came before it, then the letter
// itself (its Done; Letter.Kind is "" when it was decided before, or was a captain's entry that
// was refused, Err then saying why).
type Step struct {
	Ticks  []Done
	Letter Done
	// Captain is the captain's entry of a card, a call or a posting, when the letter is one.
	Captain *CaptainEntry
	// Card is what the office made of a card or call (CardEntered), Posted of a posting.
	Card   *CardEntered
	Posted *PostedReply
	Err    error
}

// Registration is what registering the start sheet did: the games it paired, the hash of its
// lots' seed ("" when it draws nothing) and the letters and cards it put in the outbox.
type Registration struct {
	Code    string
	At      time.Time
	Games   []string
	LotHash string
	Outbox  []store.OutboxItem
	// StandIns: the players are stand-ins for those of a later stage, who are known once the
	// stage before is over (tournament.StandIns).
	StandIns bool
}

// Begin registers the tournament, as the first letter of the replay would (first: its raw
// letter, nil for a replay without letters, the dry run of a start sheet), and returns what the
// registration did. A later call returns the same.
func (s *Simulation) Begin(first []byte) (Registration, error) {
	at, dated := time.Time{}, false
	if first != nil {
		at, dated = dateOf(first)
	}
	if err := s.start(at, dated); err != nil {
		return Registration{}, err
	}
	r := Registration{Code: s.sheet.Code, At: s.clock, Outbox: s.registered, StandIns: s.standIns}
	if s.sheet.Drawn() {
		r.LotHash = s.sheet.Lots.Hash.String()
	}
	games, err := s.Games()
	if err != nil {
		return r, err
	}
	for _, g := range games {
		r.Games = append(r.Games, g.Game.Name)
	}
	return r, nil
}

// Letter replays one letter: time passes up to its Date, then it is decided.
func (s *Simulation) Letter(raw []byte) (Step, error) {
	at, dated := dateOf(raw)
	if err := s.start(at, dated); err != nil {
		return Step{}, err
	}
	if !dated || at.Before(s.clock) {
		at = s.clock // an undated letter, or one dated before the last, arrives now
	}
	var step Step
	ticks, err := s.passTo(at)
	if err != nil {
		return step, err
	}
	step.Ticks = ticks
	s.clock = at
	s.done = nil
	s.n++
	if e, ok := ReadCaptain(raw); ok {
		step.Captain = &e
		step.Err = s.captain(e, raw, &step)
	} else if err := s.office.Letter(Incoming{Mailbox: "simulate", UIDValidity: 1, UID: s.n,
		InternalDate: at, Size: int64(len(raw)), Raw: raw}); err != nil {
		return step, err
	}
	for _, d := range s.done {
		if d.Kind == DoneLetter || d.Kind == DoneCard || d.Kind == DonePosted {
			step.Letter = d
		}
	}
	s.done = nil
	return step, nil
}

// Finish lets time pass up to at (reminders, oversteps, packages due by then) and returns the
// ticks.
func (s *Simulation) Finish(at time.Time) ([]Done, error) {
	if err := s.start(at, true); err != nil {
		return nil, err
	}
	return s.passTo(at)
}

// Games returns every game of the tournament as the store holds it, in the order of its draw:
// the sheet's, with a Swiss's rounds and the games of the reserves entered as recorded.
func (s *Simulation) Games() ([]referee.Seat, error) {
	var out []referee.Seat
	err := s.db.View(func(tx *store.Tx) error {
		rulings, err := tx.Rulings(store.GameID{Tournament: s.sheet.Code})
		if err != nil {
			return err
		}
		for _, g := range s.sheet.Course().Paired(store.LogOf(rulings)) {
			st, _, err := s.office.loadGame(tx, store.GameID{Tournament: s.sheet.Code, Game: g.Name})
			if err != nil {
				return err
			}
			out = append(out, st)
		}
		return nil
	})
	return out, err
}

// Game returns game name as the store holds it.
func (s *Simulation) Game(name string) (referee.Seat, error) {
	var st referee.Seat
	err := s.db.View(func(tx *store.Tx) error {
		var err error
		st, _, err = s.office.loadGame(tx, store.GameID{Tournament: s.sheet.Code, Game: name})
		return err
	})
	return st, err
}

// start registers the tournament before the first letter, at the beginning of its start date or
// at the letter's Date when that is earlier.
func (s *Simulation) start(first time.Time, dated bool) error {
	if s.started {
		return nil
	}
	at := s.sheet.Start.Start(s.zone)
	if dated && first.Before(at) {
		at = first
	}
	s.clock = at
	// The replay takes the sheet as it is: an end date already past is the replay's own.
	if _, err := RegisterDrawn(s.db, mail.Address{Address: s.sheet.Address}, s.data, at, true, s.entropy); err != nil {
		return err
	}
	// The sheet as registered: its numbers and openings drawn (lots.go); the letters and cards
	// the registration queued, in their order.
	if err := s.db.View(func(tx *store.Tx) error {
		raw, err := tx.Tournament(s.sheet.Code)
		if err != nil {
			return err
		}
		if s.sheet, err = reading.SheetOf(raw); err != nil {
			return err
		}
		due, err := tx.Due(at, 0)
		if err != nil {
			return err
		}
		cards, err := tx.Cards()
		if err != nil {
			return err
		}
		s.registered = append(due, cards...)
		sort.Slice(s.registered, func(i, j int) bool { return s.registered[i].Seq < s.registered[j].Seq })
		return nil
	}); err != nil {
		return err
	}
	s.started = true
	return nil
}

// passTo ticks every event due by at, each at its own instant, in order.
func (s *Simulation) passTo(at time.Time) ([]Done, error) {
	var ticks []Done
	for {
		var ev store.GameEvent
		var ok bool
		if err := s.db.View(func(tx *store.Tx) error {
			var err error
			ev, ok, err = tx.EarliestEvent()
			return err
		}); err != nil {
			return ticks, err
		}
		if !ok || ev.At.After(at) {
			return ticks, nil
		}
		if ev.At.After(s.clock) {
			s.clock = ev.At
		}
		s.done = nil
		if err := s.office.Tick(); err != nil {
			return ticks, err
		}
		for _, d := range s.done {
			if d.Kind == DoneTick && d.Decision.Verdict != "" {
				ticks = append(ticks, d)
			}
		}
		// Every event due by the clock was ticked: the next lies ahead (office.tick looks again
		// in an hour at one still due), so the loop ends.
		s.done = nil
	}
}

// CaptainEntry is a card, a call or a posting the captain entered, as the header of a letter
// says it (the fields postald writes into every card it archives, cardLetter): X-Postald-Game
// (TOURNAMENT/W-B), X-Postald-Side (white, black), X-Postald-Via (post, phone),
// X-Postald-Postmark, X-Postald-Registered and X-Postald-Card-Received for a card or call;
// X-Postald-Posted (the day posted) with X-Postald-Game and X-Postald-Side for a posting. Its
// Date is when the captain entered it.
type CaptainEntry struct {
	Game, Side, Via, Postmark, Received, Posted string
	Registered                                  bool
}

// ReadCaptain reads the captain's entry a letter carries; false for a player's letter.
func ReadCaptain(raw []byte) (CaptainEntry, bool) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return CaptainEntry{}, false
	}
	h := m.Header
	e := CaptainEntry{Game: h.Get("X-Postald-Game"), Side: h.Get("X-Postald-Side"), Via: h.Get("X-Postald-Via"),
		Postmark: h.Get("X-Postald-Postmark"), Received: h.Get("X-Postald-Card-Received"),
		Posted: h.Get("X-Postald-Posted"), Registered: strings.EqualFold(h.Get("X-Postald-Registered"), "yes")}
	if e.Via == "" && e.Posted == "" {
		return CaptainEntry{}, false
	}
	return e, true
}

// captain runs the captain's entry e, at the simulation's clock, through the same requests as
// `postald card` and `postald cards -posted`.
func (s *Simulation) captain(e CaptainEntry, raw []byte, step *Step) error {
	side := referee.Side(e.Side)
	if side != referee.White && side != referee.Black {
		return fmt.Errorf("X-Postald-Side %q: want white or black", e.Side)
	}
	if e.Posted != "" {
		on, err := daysclock.ParseDate(e.Posted)
		if err != nil {
			return fmt.Errorf("X-Postald-Posted: %w", err)
		}
		seqs, err := s.cardsFor(e.Game, side)
		if err != nil {
			return err
		}
		rep, err := s.office.Run(PostRequest{Seqs: seqs, On: on})
		step.Posted, _, _ = As[*PostedReply](rep)
		return err
	}
	req := CardRequest{Game: e.Game, From: e.Side, Via: referee.Channel(e.Via), Registered: e.Registered}
	var err error
	if req.Postmark, err = optionalDate("X-Postald-Postmark", e.Postmark); err != nil {
		return err
	}
	if req.Received, err = optionalDate("X-Postald-Card-Received", e.Received); err != nil {
		return err
	}
	w, err := mailwrite.Read(raw)
	if err != nil {
		return fmt.Errorf("read the card: %w", err)
	}
	req.Text = w.Text
	rep, err := s.office.Run(req)
	step.Card, _, _ = As[*CardEntered](rep)
	return err
}

// cardsFor returns the cards waiting for the captain to post to side's player of game name
// (TOURNAMENT/W-B).
func (s *Simulation) cardsFor(name string, side referee.Side) ([]uint64, error) {
	var seqs []uint64
	err := s.db.View(func(tx *store.Tx) error {
		id, err := reading.FindGame(tx, name)
		if err != nil {
			return fmt.Errorf("X-Postald-Game %q: %w", name, err)
		}
		st, _, err := s.office.loadGame(tx, id)
		if err != nil {
			return err
		}
		number := st.Player(side).Number
		items, err := tx.Cards()
		if err != nil {
			return err
		}
		for _, it := range items {
			if it.Game == id && it.Card.Player == number && it.State == store.OutboxCard {
				seqs = append(seqs, it.Seq)
			}
		}
		return nil
	})
	return seqs, err
}

// optionalDate reads a date field of the captain's entry; "" is no date.
func optionalDate(field, s string) (daysclock.Date, error) {
	if s == "" {
		return daysclock.Date{}, nil
	}
	d, err := daysclock.ParseDate(s)
	if err != nil {
		return daysclock.Date{}, fmt.Errorf("%s: %w", field, err)
	}
	return d, nil
}

// dateOf reads a letter's Date: in a replay, the instant it reached the mailbox.
func dateOf(raw []byte) (time.Time, bool) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return time.Time{}, false
	}
	t, err := mail.ParseDate(m.Header.Get("Date"))
	return t, err == nil
}

// SplitMbox splits an mbox file into its messages: each begins after a "From " line; a body
// line written ">From " (any number of ">") loses one ">" (mboxrd).
func SplitMbox(data []byte) [][]byte {
	var msgs [][]byte
	var cur *bytes.Buffer
	flush := func() {
		if cur == nil {
			return
		}
		b := cur.Bytes()
		// The blank line before the next "From " line belongs to the file, not the message.
		switch {
		case bytes.HasSuffix(b, []byte("\r\n\r\n")):
			b = b[:len(b)-2]
		case bytes.HasSuffix(b, []byte("\n\n")):
			b = b[:len(b)-1]
		}
		msgs = append(msgs, b)
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if bytes.HasPrefix(line, []byte("From ")) {
			flush()
			cur = new(bytes.Buffer)
			continue
		}
		if cur == nil {
			continue // text before the first From_ line is not a message
		}
		if q := bytes.TrimLeft(line, ">"); len(q) < len(line) && bytes.HasPrefix(q, []byte("From ")) {
			line = line[1:]
		}
		cur.Write(line)
	}
	flush()
	return msgs
}
