package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/mail"
	"os"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/referee"
	"postald/internal/tournament"
	"postald/internal/trust"
)

// runSimulate replays an mbox file of letters through the referee, with no network and no store
// (formats.md): one JSON line per letter, then one line per game.
func runSimulate(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "simulate")
	sheetPath := fs.String("sheet", "", "the tournament's start sheet (TOML)")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *sheetPath == "" || fs.NArg() != 1 {
		fs.Usage()
		return exitError{2}
	}
	data, err := os.ReadFile(*sheetPath)
	if err != nil {
		return err
	}
	sheet, err := tournament.ParseSheet(data)
	if err != nil {
		return fmt.Errorf("%s: %w", *sheetPath, err)
	}
	var mbox []byte
	if fs.Arg(0) == "-" {
		mbox, err = io.ReadAll(env.stdin)
	} else {
		mbox, err = os.ReadFile(fs.Arg(0))
	}
	if err != nil {
		return err
	}
	w := bufio.NewWriter(env.stdout)
	if err := simulate(ctx, sheet, mbox, w); err != nil {
		return err
	}
	return w.Flush()
}

// simLine is one line of simulate's output for a letter or a tick (formats.md). A tick line
// (an overstep or a reminder that came with time alone) has "tick" instead of "n" and "from".
type simLine struct {
	N    int    `json:"n,omitempty"`
	Tick string `json:"tick,omitempty"`
	From string `json:"from,omitempty"`
	// Via and Side are a card's or call's the captain entered (X-Postald-Via), Sent the sending
	// date it is charged to (4.3.1); Posted is the day the captain posted a card or made a call
	// (X-Postald-Posted).
	Via         referee.Channel `json:"via,omitempty"`
	Side        referee.Side    `json:"side,omitempty"`
	Sent        string          `json:"sent,omitempty"`
	Posted      string          `json:"posted,omitempty"`
	Game        string          `json:"game"`
	Verdict     referee.Verdict `json:"verdict"`
	Clauses     []string        `json:"clauses"`
	Moves       []string        `json:"moves"`
	PenaltyDays int             `json:"penalty_days"`
	Time        referee.Time    `json:"time"`
	ToMove      referee.Side    `json:"to_move"`
}

// simFinal is the closing line of one game.
type simFinal struct {
	Final  bool         `json:"final"`
	Game   string       `json:"game"`
	Moves  []string     `json:"moves"`
	Time   referee.Time `json:"time"`
	Result string       `json:"result"`
	Status string       `json:"status"`
}

// simulate plays the letters of mbox through the referee and writes the lines.
func simulate(ctx context.Context, sheet *tournament.Sheet, mbox []byte, w io.Writer) error {
	loc, err := time.LoadLocation(sheet.Regulation.Zone)
	if err != nil {
		return fmt.Errorf("regulation zone: %w", err)
	}
	reg := sheet.Regulation
	var games []referee.Game
	// A player's own language (letters.md) where it is not the tournament's, as the office
	// seats it.
	player := func(n int) referee.Player {
		p, _ := sheet.Seat(n) // the pairings name players of the sheet
		return p
	}
	for _, tg := range sheet.Games() {
		g := referee.NewGame(sheet.Code, tg.Name, sheet.Variant, sheet.Language,
			player(tg.White), player(tg.Black), sheet.Start, sheet.End)
		g.Address, g.Judge = sheet.Address, sheet.Judge
		games = append(games, g)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for n, raw := range splitMbox(mbox) {
		if err := ctx.Err(); err != nil {
			return err
		}
		env, ok := envelopeOf(raw)
		line := simLine{N: n + 1, From: env.From, Verdict: referee.Ignored, Clauses: []string{}, Moves: []string{}}
		entry, captain := captainEntry(raw)
		if captain {
			ok = !entry.at.IsZero()
			env.Received = entry.at
		}
		if !ok {
			if err := enc.Encode(line); err != nil {
				return err
			}
			continue
		}
		// Time passes up to the postmark: reminders and oversteps by silence come first.
		for i := range games {
			for {
				at, due := referee.NextEvent(games[i], reg, loc)
				if !due || at.After(env.Received) {
					break
				}
				d := referee.Tick(games[i], at, reg, loc)
				games[i] = d.Game
				if d.Verdict == "" {
					break
				}
				tick := simLine{Tick: daysclock.DateOf(at, loc).String(), Game: games[i].Name}
				fill(&tick, d)
				if err := enc.Encode(tick); err != nil {
					return err
				}
			}
		}
		if captain {
			// The captain's entry: a card or call decided like a letter, or a posting.
			if err := entry.run(games, sheet, raw, &line, loc); err != nil {
				line.Verdict, line.Clauses = referee.Ignored, []string{err.Error()}
			}
			if err := enc.Encode(line); err != nil {
				return err
			}
			continue
		}
		l, perr := mailparse.Parse(raw)
		// Letters postald must not answer (RFC 3834) are ignored, by the daemon's own test.
		if perr != nil || loop(raw) {
			if err := enc.Encode(line); err != nil {
				return err
			}
			continue
		}
		i, d := referee.Route(games, l, env, reg, loc)
		if i >= 0 {
			d = referee.Apply(games[i], l, env, reg, loc)
			games[i] = d.Game
			line.Game = games[i].Name
		}
		fill(&line, d)
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	for i := range games {
		g := &games[i]
		f := simFinal{Final: true, Game: g.Name, Moves: g.MoveList(), Time: g.Time(), Result: string(g.Result), Status: g.StatusText()}
		if err := enc.Encode(f); err != nil {
			return err
		}
	}
	return nil
}

// fill copies a decision's summary into a line.
func fill(line *simLine, d referee.Decision) {
	line.Verdict = d.Verdict
	line.Clauses = append([]string{}, d.Clauses...)
	line.Moves = append([]string{}, d.Moves...)
	line.PenaltyDays = d.PenaltyDays
	line.Time = d.Time
	line.ToMove = d.ToMove
}

// envelopeOf reads what the post knows of a letter from its header: sender, Message-ID and the
// postmark, which in simulate is the Date header.
func envelopeOf(raw []byte) (referee.Envelope, bool) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return referee.Envelope{}, false
	}
	var env referee.Envelope
	if a, err := mail.ParseAddress(m.Header.Get("From")); err == nil {
		env.From = strings.ToLower(a.Address)
	}
	env.MessageID = strings.Trim(strings.TrimSpace(m.Header.Get("Message-ID")), "<>")
	t, err := mail.ParseDate(m.Header.Get("Date"))
	if err != nil || env.From == "" {
		return env, false
	}
	env.Received = t
	return env, true
}

// splitMbox splits an mbox file into its messages: each begins after a "From " line; a body line
// written ">From " (any number of ">") loses one ">" (mboxrd).
func splitMbox(data []byte) [][]byte {
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

// loop reports whether raw is a letter postald must not answer (RFC 3834).
func loop(raw []byte) bool {
	l, _ := trust.LoopOf(trust.ReadHeader(raw))
	return l != trust.NoLoop
}

// entry is a card, a call or a posting the captain entered, as the header of a letter of the
// mbox says it (the fields postald writes into every card it archives, office.CardRequest):
// X-Postald-Game (TOURNAMENT/W-B), X-Postald-Side (white, black), X-Postald-Via (post, phone),
// X-Postald-Postmark, X-Postald-Registered and X-Postald-Card-Received for a card or call;
// X-Postald-Posted (the day posted) with X-Postald-Game and X-Postald-Side for a posting. Its
// Date is when the captain entered it.
type entry struct {
	game, side, via, postmark, received, posted string
	registered                                  bool
	at                                          time.Time
}

// captainEntry reads the captain's entry of raw; false for a player's letter.
func captainEntry(raw []byte) (entry, bool) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return entry{}, false
	}
	h := m.Header
	e := entry{game: h.Get("X-Postald-Game"), side: h.Get("X-Postald-Side"), via: h.Get("X-Postald-Via"),
		postmark: h.Get("X-Postald-Postmark"), received: h.Get("X-Postald-Card-Received"),
		posted: h.Get("X-Postald-Posted"), registered: strings.EqualFold(h.Get("X-Postald-Registered"), "yes")}
	if e.via == "" && e.posted == "" {
		return entry{}, false
	}
	e.at, _ = mail.ParseDate(h.Get("Date"))
	return e, true
}

// run applies the entry to its game among games: a card or call through the referee as the
// office decides it (referee.CardEnvelope), a posting through referee.Posted.
func (e entry) run(games []referee.Game, sheet *tournament.Sheet, raw []byte, line *simLine, loc *time.Location) error {
	i := -1
	for j := range games {
		if sheet.Code+"/"+games[j].Name == e.game {
			i = j
		}
	}
	if i < 0 {
		return fmt.Errorf("X-Postald-Game %q: no such game", e.game)
	}
	g := &games[i]
	line.Game, line.Side = g.Name, referee.Side(e.side)
	if line.Side != referee.White && line.Side != referee.Black {
		return fmt.Errorf("X-Postald-Side %q: want white or black", e.side)
	}
	reg := sheet.Regulation
	if e.posted != "" {
		on, err := daysclock.ParseDate(e.posted)
		if err != nil {
			return fmt.Errorf("X-Postald-Posted: %w", err)
		}
		d := referee.Posted(*g, line.Side, on, reg, loc)
		*g = d.Game
		line.Posted = on.String()
		fill(line, d)
		if d.Verdict == "" {
			line.Verdict = referee.Ignored // no move of his waited for this card
		}
		line.Time, line.ToMove = g.Time(), g.ToMove()
		return nil
	}
	c := referee.Card{Side: line.Side, Via: referee.Channel(e.via), Registered: e.registered}
	if !c.Via.Captain() {
		return fmt.Errorf("X-Postald-Via %q: want post or phone", e.via)
	}
	var err error
	if c.Postmark, err = optionalDate("X-Postald-Postmark", e.postmark); err != nil {
		return err
	}
	if c.Arrived, err = optionalDate("X-Postald-Card-Received", e.received); err != nil {
		return err
	}
	l, err := mailparse.Parse(raw)
	if err != nil {
		return err
	}
	env, _, err := referee.CardEnvelope(g, c, l, g.Player(c.Side).Email, l.Header.MessageID, e.at, loc)
	if err != nil {
		return err
	}
	d := referee.Apply(*g, l, env, reg, loc)
	*g = d.Game
	line.Via, line.Sent = c.Via, env.Postmark.String()
	fill(line, d)
	return nil
}
