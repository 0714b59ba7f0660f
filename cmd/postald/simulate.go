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
	N           int             `json:"n,omitempty"`
	Tick        string          `json:"tick,omitempty"`
	From        string          `json:"from,omitempty"`
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
