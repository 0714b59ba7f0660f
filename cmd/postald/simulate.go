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

	"postald/internal/daysclock"
	"postald/internal/lots"
	"postald/internal/mailwrite"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// runSimulate replays an mbox file of letters through the office over a store in memory, the
// daemon's own unit of work with no network and no store on disk (formats.md): one JSON line per
// letter, after the tick lines of what time alone brought before it, then one line per game.
func runSimulate(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "simulate")
	sheetPath := fs.String("sheet", "", env.text().Flags.Sheet)
	letters := fs.Bool("letters", false, env.text().Flags.Letters)
	seedText := fs.String("seed", "", env.text().Flags.Seed)
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
	var mbox []byte
	if fs.Arg(0) == "-" {
		mbox, err = io.ReadAll(env.stdin)
	} else {
		mbox, err = os.ReadFile(fs.Arg(0))
	}
	if err != nil {
		return err
	}
	var entropy io.Reader
	if *seedText != "" {
		seed, err := lots.ParseSeed(*seedText)
		if err != nil {
			return fmt.Errorf("-seed: %w", err)
		}
		entropy = bytes.NewReader(seed[:])
	}
	w := bufio.NewWriter(env.stdout)
	if err := simulateDrawn(ctx, data, mbox, w, *letters, entropy); err != nil {
		// The sheet's faults in the command line's language, each with its key.
		return fmt.Errorf("%s: %w", *sheetPath, office.Refusal(err, bookOf(env.text()).Lang))
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
	// Held says why a letter was not decided: held for the judge (an auto-reply, a stranger's
	// letter, a limit), or the same letter decided before.
	Held string `json:"held,omitempty"`
	// Letters are the letters the decision put in the outbox, with -letters.
	Letters []simLetter `json:"letters,omitempty"`
}

// simRegistered is the first line: the tournament registered from the sheet, the games it
// paired, the hash of its lots' seed, and with -letters the start letters, cards and the
// officials' letters it would send. A replay of no letters (an empty file: the dry run of a
// start sheet) prints it and the games' lines.
type simRegistered struct {
	Registered string   `json:"registered"`
	Date       string   `json:"date"`
	Games      []string `json:"games"`
	LotHash    string   `json:"lot_hash,omitempty"`
	// StandIns: a later stage's players are stand-ins, named by the places they will take.
	StandIns bool        `json:"stand_ins,omitempty"`
	Letters  []simLetter `json:"letters,omitempty"`
}

// simLetter is one letter postald sent, as its reader reads it.
type simLetter struct {
	To      []string `json:"to,omitempty"`
	Card    string   `json:"card,omitempty"` // post or phone: a card or call for the captain, to the player named
	Player  string   `json:"player,omitempty"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
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

// simulate plays the letters of mbox through the office (office.Simulation) and writes the lines.
func simulate(ctx context.Context, sheet, mbox []byte, w io.Writer, withLetters bool) error {
	return simulateDrawn(ctx, sheet, mbox, w, withLetters, nil)
}

// simulateDrawn is simulate with the source of the seed of the sheet's lots (nil: a new seed).
func simulateDrawn(ctx context.Context, sheet, mbox []byte, w io.Writer, withLetters bool, entropy io.Reader) error {
	sim, err := office.NewSimulation(sheet, nil)
	if err != nil {
		return err
	}
	sim.DrawWith(entropy)
	defer sim.Close()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	msgs := office.SplitMbox(mbox)
	var first []byte
	if len(msgs) > 0 {
		first = msgs[0]
	}
	reg, err := sim.Begin(first)
	if err != nil {
		return err
	}
	head := simRegistered{Registered: reg.Code, Date: daysclock.DateOf(reg.At, sim.Zone()).String(), Games: reg.Games, LotHash: reg.LotHash, StandIns: reg.StandIns}
	if head.Games == nil {
		head.Games = []string{}
	}
	if withLetters {
		head.Letters = lettersOf(reg.Outbox)
	}
	if err := enc.Encode(head); err != nil {
		return err
	}
	for n, raw := range msgs {
		if err := ctx.Err(); err != nil {
			return err
		}
		step, err := sim.Letter(raw)
		if err != nil {
			return fmt.Errorf("letter %d: %w", n+1, err)
		}
		for _, t := range step.Ticks {
			line := simLine{Tick: daysclock.DateOf(t.At, sim.Zone()).String(), Game: t.Game.Game}
			fill(&line, t.Decision)
			if withLetters {
				line.Letters = lettersOf(t.Outbox)
			}
			if err := enc.Encode(line); err != nil {
				return err
			}
		}
		line := letterLine(n+1, raw, step, sim)
		if withLetters {
			line.Letters = lettersOf(step.Letter.Outbox)
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
		// A letter about several games: a line for each of its other games, under its number.
		for _, g := range step.Letter.Also {
			more := simLine{N: n + 1, From: line.From, Game: g.Game.Game}
			fill(&more, g.Decision)
			if err := enc.Encode(more); err != nil {
				return err
			}
		}
	}
	games, err := sim.Games()
	if err != nil {
		return err
	}
	for _, st := range games {
		g := &st.Game
		f := simFinal{Final: true, Game: g.Name, Moves: g.MoveList(), Time: g.Time(), Result: string(g.Result), Status: g.StatusText()}
		if err := enc.Encode(f); err != nil {
			return err
		}
	}
	return nil
}

// letterLine is the line of letter n: what its unit of work decided.
func letterLine(n int, raw []byte, step office.Step, sim *office.Simulation) simLine {
	line := simLine{N: n, From: fromOf(raw), Verdict: referee.Ignored, Clauses: []string{}, Moves: []string{}}
	d := step.Letter
	if e := step.Captain; e != nil {
		line.Side = referee.Side(e.Side)
		if i := strings.LastIndexByte(e.Game, '/'); i >= 0 {
			line.Game = e.Game[i+1:]
		}
		if e.Posted != "" {
			line.Posted = e.Posted
		} else {
			line.Via = referee.Channel(e.Via)
		}
		switch {
		case step.Err != nil:
			line.Clauses = []string{step.Err.Error()}
			return line
		case d.Kind == "" && step.Card != nil && !step.Card.Entered:
			line.Held = "the same card entered before, on " + step.Card.Previous // for programs: simulate's JSON, in English as every held reason
			return line
		case d.Kind == "":
			// A posting that started no clock: no move of his waited for this card.
			if st, err := sim.Game(line.Game); err == nil {
				line.Time, line.ToMove = st.Game.Time(), sideOnMove(&st.Game)
			}
			return line
		}
	}
	switch {
	case d.Kind == "":
		line.Held = "the same letter, decided before" // for programs: simulate's JSON, in English as every held reason
		return line
	case d.Held != "":
		line.Held = d.Held
		return line
	}
	if d.Game.Game != "" {
		line.Game = d.Game.Game
	}
	fill(&line, d.Decision)
	if d.Kind == office.DoneCard {
		line.Sent = d.Decision.Envelope.Postmark.String()
	}
	return line
}

// sideOnMove is the side on move while the game is played, "" otherwise.
func sideOnMove(g *referee.Game) referee.Side {
	if g.Status == referee.StatusPlaying {
		return g.ToMove()
	}
	return ""
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

// fromOf is a letter's sender, as its From names him.
func fromOf(raw []byte) string {
	m, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		return ""
	}
	a, err := mail.ParseAddress(m.Header.Get("From"))
	if err != nil {
		return ""
	}
	return strings.ToLower(a.Address)
}

// lettersOf reads the letters a unit of work put in the outbox as their readers read them.
func lettersOf(items []store.OutboxItem) []simLetter {
	var out []simLetter
	for _, it := range items {
		l := simLetter{To: it.To}
		if it.Card != nil {
			l.To, l.Card, l.Player = nil, it.Card.Channel, it.Card.Name
		}
		if w, err := mailwrite.Read(it.Raw); err == nil {
			l.Subject, l.Text = w.Subject, strings.ReplaceAll(w.Text, "\r\n", "\n")
		}
		out = append(out, l)
	}
	return out
}
