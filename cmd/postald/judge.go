package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"postald/internal/daemon"
	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

const judgeUsage = `usage: postald judge [-config FILE] <command> [flags] [arguments]

views:
  list [-json] [-tournament CODE]       games with status, whose move, clocks, oversteps
  show [-json] GAME                     one game: position, moves with dates, clocks, letters
  verify [GAME]                         check the tamper-evident archive of a game (or all)
  quarantine [-json]                    the letters held and never applied, with the reason
  letter GAME N [-raw]                  letter N of the game's archive (N as show numbers them):
                                        envelope sender, From, authentication, decision, headers, text
                                        (GAME quarantine: letter N of the quarantine, as it numbers them)

rulings (each needs -clause and -reason, 4.1.10; both players, the judge and the director are told):
  penalty GAME SIDE DAYS                add penalty days (negative DAYS removes them)
  correct-date GAME SIDE DAYS           correct a player's accrued days (4.3.1)
  forfeit GAME SIDE                     SIDE loses the game (time overstep, discipline)
  adjudicate GAME RESULT                the result of an unfinished game: 1-0, 0-1, 1/2-1/2
  leave GAME SIDE FROM TO               grant leave: the clock stops from FROM to TO (YYYY-MM-DD)
  annul GAME                            annul the game: it ends without a result and counts for no one
  withdraw [TOURNAMENT] PLAYER          a player leaves the tournament (seed 003, 1.10)
  protest GAME -decision TEXT           record a protest and its decision (4.1.12)
  revert GAME N                         put the game back as it was before letter N (a forged or
                                        misread letter): board, clocks, variants, draw offer, status;
                                        every letter stays in the archive, marked as reverted

GAME is TOURNAMENT/W-B (or W-B when there is one tournament); SIDE is white, black or
the player's number. Flags may stand before or after the arguments.
`

func runJudge(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "judge")
	cfgFile := fs.String("config", "", "configuration file (default $POSTALD_CONFIG or "+defaultConfig+")")
	fs.Usage = func() { fmt.Fprint(env.stderr, judgeUsage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitError{2}
	}
	rest, cfg := cutConfig(fs.Args())
	if cfg != "" {
		*cfgFile = cfg
	}
	return runStoreCommand(ctx, env, *cfgFile, "judge", rest)
}

// cutConfig takes a -config FILE written after the judge's command ("judge revert 1-4 5
// -config F ...") out of its arguments.
func cutConfig(args []string) (rest []string, file string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(rest, args[i:]...), file
		case (a == "-config" || a == "--config") && i+1 < len(args):
			file = args[i+1]
			i++
		case strings.HasPrefix(a, "-config=") || strings.HasPrefix(a, "--config="):
			file = a[strings.Index(a, "=")+1:]
		default:
			rest = append(rest, a)
		}
	}
	return rest, file
}

// judgeMain runs one judge command on the store; it is what the control socket runs too.
func judgeMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	if len(args) == 0 {
		fmt.Fprint(out, judgeUsage)
		return 2
	}
	j := &judge{ctx: ctx, out: out, env: cenv}
	var err error
	switch args[0] {
	case "list":
		err = j.list(args[1:])
	case "show":
		err = j.show(args[1:])
	case "verify":
		err = j.verify(args[1:])
	case "quarantine":
		err = j.quarantine(args[1:])
	case "penalty", "correct-date", "forfeit", "adjudicate", "leave":
		err = j.rule(args[0], args[1:])
	case "annul":
		err = j.annul(args[1:])
	case "withdraw":
		err = j.withdraw(args[1:])
	case "protest":
		err = j.protest(args[1:])
	case "letter":
		err = j.letter(args[1:])
	case "revert":
		err = j.revert(args[1:])
	case "help", "-h", "--help":
		fmt.Fprint(out, judgeUsage)
		return 0
	default:
		fmt.Fprintf(out, "postald judge: unknown command %q\n\n%s", args[0], judgeUsage)
		return 2
	}
	if code, ok := exitStatus(err); ok {
		return code
	}
	fmt.Fprintf(out, "postald judge %s: %v\n", args[0], err)
	return 1
}

type judge struct {
	ctx context.Context
	out io.Writer
	env *daemon.ControlEnv
}

func (j *judge) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("postald judge "+name, flag.ContinueOnError)
	fs.SetOutput(j.out)
	return fs
}

// parseArgs parses the flags of fs wherever they stand among the arguments: "revert 1-4 5
// -clause 4.1.7 -reason R" is "revert -clause 4.1.7 -reason R 1-4 5". A negative number is an
// argument ("penalty 1-4 black -2"); after "--" everything is.
func parseArgs(fs *flag.FlagSet, args []string) error {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case len(a) < 2 || a[0] != '-' || isNumber(a):
			pos = append(pos, a)
		default:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") {
				continue
			}
			f := fs.Lookup(name)
			if f == nil {
				continue // fs.Parse reports it
			}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				continue
			}
			if i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return fs.Parse(append(append(flags, "--"), pos...))
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// gameRow is one game as `judge list -json` prints it.
type gameRow struct {
	Game      string         `json:"game"`
	White     string         `json:"white"`
	Black     string         `json:"black"`
	Status    string         `json:"status"`
	Result    string         `json:"result"`
	ToMove    string         `json:"to_move,omitempty"`
	Moves     int            `json:"moves"`
	Time      referee.Time   `json:"time"`
	Penalty   referee.Time   `json:"penalty"`
	LastDay   daysclock.Date `json:"last_day,omitzero"` // of the player on move, for his next control
	Oversteps []string       `json:"oversteps,omitempty"`
}

func (j *judge) list(args []string) error {
	fs := j.flags("list")
	asJSON := fs.Bool("json", false, "print JSON")
	only := fs.String("tournament", "", "only this tournament")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	var rows []gameRow
	err := j.env.Store.View(func(tx *store.Tx) error {
		return eachGame(tx, *only, func(sh *tournament.Sheet, id store.GameID, g referee.Game) error {
			rows = append(rows, makeRow(sh, id, g))
			return nil
		})
	})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(j.out, rows)
	}
	tw := tabwriter.NewWriter(j.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tWHITE\tBLACK\tSTATUS\tMOVES\tTIME\tPENALTY\tLAST DAY\tOVERSTEP")
	for _, r := range rows {
		last := ""
		if !r.LastDay.IsZero() {
			last = r.LastDay.String()
		}
		status := r.Status
		if r.ToMove != "" {
			status = r.ToMove + " to move"
		} else if r.Result != "" && r.Result != referee.ResultNone {
			status += " " + r.Result
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", r.Game, r.White, r.Black, status, r.Moves,
			r.Time, r.Penalty, last, strings.Join(r.Oversteps, ", "))
	}
	return tw.Flush()
}

func makeRow(sh *tournament.Sheet, id store.GameID, g referee.Game) gameRow {
	r := gameRow{
		Game: id.Key(), White: g.White.Name, Black: g.Black.Name,
		Status: g.Status, Result: g.Result, Moves: (len(g.Plies) + 1) / 2, Time: g.Time(),
		Penalty: referee.Time{White: g.WhiteClock.Penalty, Black: g.BlackClock.Penalty},
	}
	if g.Status == referee.StatusPlaying {
		r.ToMove = string(g.ToMove())
		c := g.Clock(g.ToMove())
		r.LastDay = c.Deadline(g.Terms(sh.Regulation)).LastDay
	}
	for _, s := range []referee.Side{referee.White, referee.Black} {
		if o := g.Clock(s).Overstep; o != nil {
			r.Oversteps = append(r.Oversteps, fmt.Sprintf("%s %d days on %s (limit %d by move %d)", s, o.Days, o.On, o.Control.Days, o.Control.Move))
		}
	}
	return r
}

// gameView is one game as `judge show -json` prints it.
type gameView struct {
	gameRow
	Variant  string              `json:"variant"`
	Plies    []plyView           `json:"plies"`
	Variants []referee.Variant   `json:"variants,omitempty"`
	History  []referee.Entry     `json:"history,omitempty"`
	Letters  []letterView        `json:"letters"`
	Rulings  []rulingView        `json:"rulings,omitempty"`
	Clocks   map[string]any      `json:"clocks"`
	Deadline *daysclock.Deadline `json:"deadline,omitempty"`
}

// rulingView is a ruling as judge show gives it: the audit log's entry with what the ruling
// decided read from its details (whose side, how many days, the result, the leave).
type rulingView struct {
	Seq    uint64           `json:"seq"`
	Game   store.GameID     `json:"game"`
	Time   time.Time        `json:"time"`
	Kind   string           `json:"kind"`
	Side   referee.Side     `json:"side,omitempty"`
	Days   int              `json:"days,omitempty"`
	Result string           `json:"result,omitempty"`
	Leave  *daysclock.Leave `json:"leave,omitempty"`
	Clause string           `json:"clause,omitempty"`
	Reason string           `json:"reason"`
	Judge  string           `json:"judge,omitempty"`
	// Details are the ruling's details as recorded, as JSON.
	Details json.RawMessage `json:"details,omitempty"`
}

func newRulingView(r store.Ruling) rulingView {
	v := rulingView{Seq: r.Seq, Game: r.Game, Time: r.Time, Kind: r.Kind, Clause: r.Clause, Reason: r.Reason, Judge: r.Judge}
	if !json.Valid(r.Details) {
		return v
	}
	v.Details = json.RawMessage(r.Details)
	var d referee.Ruling
	if r.Kind == kindWithdraw || r.Kind == kindAnnul || r.Kind == "protest" || json.Unmarshal(r.Details, &d) != nil {
		return v
	}
	v.Side, v.Days, v.Result = d.Side, d.Days, d.Result
	if !d.Leave.From.IsZero() {
		v.Leave = &d.Leave
	}
	return v
}

// what says what the ruling decided, as judge show lists it: "black +2 days", "white loses".
func (v rulingView) what() string {
	var parts []string
	if v.Side != "" {
		parts = append(parts, string(v.Side))
	}
	switch {
	case v.Kind == referee.RuleForfeit:
		parts = append(parts, "loses")
	case v.Leave != nil:
		parts = append(parts, "leave "+v.Leave.String())
	case v.Result != "":
		parts = append(parts, v.Result)
	case v.Days != 0 || v.Kind == referee.RulePenalty || v.Kind == referee.RuleCorrect:
		parts = append(parts, fmt.Sprintf("%+d days", v.Days))
	}
	return strings.Join(parts, " ")
}

type plyView struct {
	Move string         `json:"move"`
	Date daysclock.Date `json:"date"`
	By   string         `json:"by"`
}

type letterView struct {
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
	// RevertedBy is the ruling (its number in the audit log) that put the game back as it was
	// before this letter or an earlier one: the letter no longer counts.
	RevertedBy uint64 `json:"reverted_by,omitempty"`
}

// newLetterView is an archive entry as judge show lists it.
func newLetterView(e store.ArchiveEntry, reverted map[uint64]uint64) letterView {
	h := readEnvelope(e.Raw)
	v := letterView{Seq: e.Seq, Direction: string(e.Direction), Time: e.Time, MessageID: e.MessageID,
		Verdict: e.Verdict, Clause: e.Clause, Hash: e.Hash.String(), Envelope: h.returnPath, From: h.from,
		Auth: e.Auth, RevertedBy: reverted[e.Seq]}
	if e.Direction == store.Out {
		v.To = h.to
	}
	return v
}

func (j *judge) show(args []string) error {
	fs := j.flags("show")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("show needs one GAME")
	}
	var v gameView
	err := j.env.Store.View(func(tx *store.Tx) error {
		id, sh, g, err := openGame(tx, fs.Arg(0))
		if err != nil {
			return err
		}
		v.gameRow = makeRow(sh, id, g)
		v.Variant = g.Variant
		for i, p := range g.Plies {
			v.Plies = append(v.Plies, plyView{Move: g.MoveList()[i], Date: p.Date, By: p.By})
		}
		v.Variants, v.History = g.Variants, g.History
		v.Clocks = map[string]any{"white": g.WhiteClock, "black": g.BlackClock}
		if g.Status == referee.StatusPlaying {
			dl := g.Clock(g.ToMove()).Deadline(g.Terms(sh.Regulation))
			v.Deadline = &dl
		}
		rulings, err := tx.Rulings(id)
		if err != nil {
			return err
		}
		for _, r := range rulings {
			v.Rulings = append(v.Rulings, newRulingView(r))
		}
		reverted := revertedLetters(rulings)
		v.Letters = []letterView{}
		return tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
			v.Letters = append(v.Letters, newLetterView(e, reverted))
			return nil
		})
	})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(j.out, v)
	}
	fmt.Fprintf(j.out, "%s  %s – %s  (%s)\n", v.Game, v.White, v.Black, v.Variant)
	status := v.Status
	if v.ToMove != "" {
		status = v.ToMove + " to move"
	}
	fmt.Fprintf(j.out, "status: %s  result: %s  time (white/black): %s  penalty days: %s\n", status, v.Result, v.Time, v.Penalty)
	if v.Deadline != nil && !v.Deadline.LastDay.IsZero() {
		fmt.Fprintf(j.out, "next control: move %d, %d days; last day %s\n", v.Deadline.Control.Move, v.Deadline.Control.Days, v.Deadline.LastDay)
	}
	for _, o := range v.Oversteps {
		fmt.Fprintf(j.out, "overstep: %s\n", o)
	}
	fmt.Fprintln(j.out, "\nmoves:")
	for _, p := range v.Plies {
		by := ""
		if p.By != referee.ByLetter {
			by = "  (" + p.By + ")"
		}
		fmt.Fprintf(j.out, "  %-22s %s%s\n", p.Move, p.Date, by)
	}
	if len(v.Variants) > 0 {
		fmt.Fprintln(j.out, "\nvariants pending:")
		for _, va := range v.Variants {
			fmt.Fprintf(j.out, "  %s by %s: %s\n", va.Label, va.Proposer, strings.Join(va.Moves, " "))
		}
	}
	if len(v.Rulings) > 0 {
		fmt.Fprintln(j.out, "\nrulings:")
		for _, r := range v.Rulings {
			kind := r.Kind
			if w := r.what(); w != "" {
				kind += " " + w
			}
			fmt.Fprintf(j.out, "  #%d %s %s (%s): %s\n", r.Seq, r.Time.Format(time.DateOnly), kind, r.Clause, r.Reason)
		}
	}
	fmt.Fprintln(j.out, "\nletters:")
	for _, l := range v.Letters {
		mark := ""
		if l.RevertedBy != 0 {
			mark = fmt.Sprintf("  REVERTED by ruling #%d", l.RevertedBy)
		}
		fmt.Fprintf(j.out, "  #%-3d %-3s %s  %-9s %-12s %s%s\n", l.Seq, l.Direction, l.Time.Format("2006-01-02 15:04"), l.Verdict, l.Clause, l.MessageID, mark)
		if l.Direction == string(store.In) {
			fmt.Fprintf(j.out, "        from: %s  envelope: %s\n        auth: %s\n", orNone(l.From), orNone(l.Envelope), orNone(l.Auth))
		} else {
			fmt.Fprintf(j.out, "        to: %s\n", orNone(l.To))
		}
	}
	return nil
}

// orNone writes a missing value as "(none)".
func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func (j *judge) verify(args []string) error {
	if len(args) > 1 {
		return errors.New("verify takes at most one GAME")
	}
	if len(args) == 0 {
		if err := j.env.Store.VerifyAll(); err != nil {
			return err
		}
		fmt.Fprintln(j.out, "every archive chain, game record and ruling verifies")
		return nil
	}
	var id store.GameID
	if err := j.env.Store.View(func(tx *store.Tx) (err error) {
		id, err = findGame(tx, args[0])
		return err
	}); err != nil {
		return err
	}
	n, err := j.env.Store.Verify(id)
	if err != nil {
		return err
	}
	fmt.Fprintf(j.out, "%s: %d letters, chain verifies\n", id.Key(), n)
	return nil
}

// quarantine lists the letters postald held (trust rules, limits, unreadable, not from a player):
// kept in the archive, never applied, each with its reason.
func (j *judge) quarantine(args []string) error {
	fs := j.flags("quarantine")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	var held []store.Inbound
	if err := j.env.Store.View(func(tx *store.Tx) (err error) {
		held, err = tx.QuarantinedInbound()
		return err
	}); err != nil {
		return err
	}
	if *asJSON {
		if held == nil {
			held = []store.Inbound{}
		}
		return writeJSON(j.out, held)
	}
	tw := tabwriter.NewWriter(j.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RECEIVED\tFROM\tMESSAGE-ID\tARCHIVE\tREASON")
	for _, in := range held {
		from := in.From // as written, decoded; letters of older stores have none recorded
		if from == "" {
			from = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", in.Received.Format("2006-01-02 15:04"), from, in.MessageID, in.Archive, in.Reason)
	}
	return tw.Flush()
}

// rule applies a ruling of the referee's kinds to one game.
func (j *judge) rule(kind string, args []string) error {
	fs := j.flags(kind)
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10), e.g. 4.3.1")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	want := map[string]int{"penalty": 3, "correct-date": 3, "forfeit": 2, "adjudicate": 2, "leave": 4}[kind]
	if fs.NArg() != want {
		return fmt.Errorf("%s needs %d arguments; see postald judge help", kind, want)
	}
	if *clause == "" || *reason == "" {
		return errors.New("every ruling needs -clause and -reason (4.1.10)")
	}
	a := fs.Args()
	done := fmt.Sprintf("%s recorded (%s); the players, the judge and the director are told", kind, *clause)
	return j.onGame(a[0], done, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Game, now time.Time) error {
		var err error
		r := referee.Ruling{Kind: kind, Clause: *clause, Reason: *reason, At: now}
		switch kind {
		case "penalty", "correct-date":
			if r.Side, err = sideArg(g, a[1]); err != nil {
				return err
			}
			if r.Days, err = strconv.Atoi(a[2]); err != nil {
				return fmt.Errorf("days %q: %w", a[2], err)
			}
		case "forfeit":
			if r.Side, err = sideArg(g, a[1]); err != nil {
				return err
			}
		case "adjudicate":
			r.Result = a[1]
		case "leave":
			if r.Side, err = sideArg(g, a[1]); err != nil {
				return err
			}
			if r.Leave.From, err = daysclock.ParseDate(a[2]); err != nil {
				return err
			}
			if r.Leave.To, err = daysclock.ParseDate(a[3]); err != nil {
				return err
			}
		}
		return applyRuling(tx, j.env.From, sh, id, g, r, now)
	})
}

// onGame runs fn on the game named on the command line, in one transaction on the daemon's owner
// goroutine; then it prints "GAME: done" and wakes the daemon to send the letters fn queued.
func (j *judge) onGame(name, done string, fn func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Game, now time.Time) error) error {
	return j.env.Do(j.ctx, func() error {
		now := j.env.Now()
		err := j.env.Store.Update(func(tx *store.Tx) error {
			id, sh, g, err := openGame(tx, name)
			if err != nil {
				return err
			}
			return fn(tx, id, sh, g, now)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(j.out, "%s: %s\n", name, done)
		j.env.Kick()
		return nil
	})
}

// applyRuling runs a ruling through the referee — the same code letters go through — and records
// it: the audit log, the game, its next event, the letters to both players, the judge and the
// director (X-Postald-Verdict: ruling).
func applyRuling(tx *store.Tx, from mail.Address, sh *tournament.Sheet, id store.GameID, g referee.Game, r referee.Ruling, now time.Time) error {
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		return err
	}
	dec, err := referee.Rule(g, r, sh.Regulation, loc)
	if err != nil {
		return err
	}
	details, _ := json.Marshal(r)
	if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Kind: r.Kind, Clause: r.Clause, Reason: r.Reason, Details: details}); err != nil {
		return err
	}
	if sh.Director != "" && len(dec.Letters) > 0 {
		cc := dec.Letters[0]
		cc.Role, cc.To = referee.ToDirector, sh.Director
		dec.Letters = append(dec.Letters, cc)
	}
	return office.Record(tx, from, id, sh, dec, now, loc)
}

// Kinds of the rulings the shell records itself: a withdrawal (seed 003, 1.10) and an annulment.
const (
	kindWithdraw = "withdraw"
	kindAnnul    = "annul"
)

// withdrawal is the Details of a withdraw ruling: who left, and what the rule counted.
type withdrawal struct {
	Player int    `json:"player"`
	Played int    `json:"played"`
	Games  int    `json:"games"`
	Clause string `json:"clause,omitempty"` // 1.10.2 or 1.10.3, as tournament.Withdrawal decided
}

// gamePlay is a game as the withdrawal rule counts it (seed 003, 1.10.4).
func gamePlay(g referee.Game) tournament.GamePlay {
	return tournament.GamePlay{Moves: len(g.Plies), Annulled: g.Status == referee.StatusFinished && g.Reason == reasonAnnulled}
}

// withdraw records that a player left the tournament (seed 003, 1.10). tournament.Withdrawal
// decides, as the crosstable does: with fewer than half of his games played (1.10.4: a game
// with a move that is not annulled; unfinished ones count) his results are struck out
// (1.10.2) and his games still in play end without a result; with half or more (1.10.3) his
// results stand and his unfinished games are lost.
func (j *judge) withdraw(args []string) error {
	fs := j.flags("withdraw")
	clauseFlag := fs.String("clause", "", "the clause; by default the one seed 003, 1.10 gives (1.10.2 or 1.10.3)")
	reason := fs.String("reason", "", "the reason, told to every partner")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 1 || fs.NArg() > 2 || *reason == "" {
		return errors.New("withdraw needs [TOURNAMENT] PLAYER and -reason")
	}
	code, player := "", fs.Arg(0)
	if fs.NArg() == 2 {
		code, player = fs.Arg(0), fs.Arg(1)
	}
	num, err := strconv.Atoi(player)
	if err != nil {
		return fmt.Errorf("player %q: want his number", player)
	}
	return j.env.Do(j.ctx, func() error {
		now := j.env.Now()
		var ended, played, total int
		var clause string
		err := j.env.Store.Update(func(tx *store.Tx) error {
			if code == "" {
				codes, err := tx.Tournaments()
				if err != nil {
					return err
				}
				if len(codes) != 1 {
					return fmt.Errorf("the store holds %d tournaments: write withdraw TOURNAMENT PLAYER", len(codes))
				}
				code = codes[0]
			}
			sh, err := office.LoadSheet(tx, code)
			if err != nil {
				return err
			}
			if num < 1 || num > len(sh.Players) {
				return fmt.Errorf("tournament %s has no player %d", code, num)
			}
			var mine []store.GameID
			var games []referee.Game
			var plays []tournament.GamePlay
			err = eachGame(tx, code, func(_ *tournament.Sheet, id store.GameID, g referee.Game) error {
				if g.White.Number == num || g.Black.Number == num {
					mine, games, plays = append(mine, id), append(games, g), append(plays, gamePlay(g))
				}
				return nil
			})
			if err != nil {
				return err
			}
			clause, played, total = tournament.Withdrawal(plays) // seed 003, 1.10.2–1.10.4
			if *clauseFlag != "" && *clauseFlag != "1.10" && *clauseFlag != clause {
				return fmt.Errorf("-clause %s: with %d of %d games played seed 003 gives %s", *clauseFlag, played, total, clause)
			}
			details, _ := json.Marshal(withdrawal{Player: num, Played: played, Games: total, Clause: clause})
			if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: code}, Time: now, Kind: kindWithdraw,
				Clause: clause, Reason: *reason, Details: details}); err != nil {
				return err
			}
			for i, g := range games {
				if g.Status == referee.StatusFinished {
					continue
				}
				if clause == tournament.ClauseStruckOut {
					// 1.10.2: his results are struck out (the crosstable reads the ruling) and his
					// games still in play end without a result, so that his partners wait for nothing.
					err = annulGame(tx, j.env.From, sh, mine[i], g, clause, *reason, now)
				} else {
					// 1.10.3: his results stand and his games still in play are lost.
					side := referee.White
					if g.Black.Number == num {
						side = referee.Black
					}
					r := referee.Ruling{Kind: referee.RuleForfeit, Side: side, Clause: clause, Reason: *reason, At: now}
					err = applyRuling(tx, j.env.From, sh, mine[i], g, r, now)
				}
				if err != nil {
					return err
				}
				ended++
			}
			return nil
		})
		if err != nil {
			return err
		}
		if clause == tournament.ClauseStruckOut {
			fmt.Fprintf(j.out, "player %d withdrawn with %d of %d games played: his results are struck out and %d unfinished games annulled (seed 003, 1.10.2)\n", num, played, total, ended)
		} else {
			fmt.Fprintf(j.out, "player %d withdrawn with %d of %d games played: %d unfinished games lost (seed 003, 1.10.3)\n", num, played, total, ended)
		}
		j.env.Kick()
		return nil
	})
}

// annul ends a game without a result by the judge's decision (4.1.7): it counts for neither
// player in the crosstable. Both players, the judge and the director are told.
func (j *judge) annul(args []string) error {
	fs := j.flags("annul")
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10)")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *clause == "" || *reason == "" {
		return errors.New("annul needs GAME, -clause and -reason (4.1.10)")
	}
	done := fmt.Sprintf("annulled (%s); the players, the judge and the director are told", *clause)
	return j.onGame(fs.Arg(0), done, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Game, now time.Time) error {
		return annulGame(tx, j.env.From, sh, id, g, *clause, *reason, now)
	})
}

// annulGame ends a game without a result (a judge's annulment, or a struck-out player's game,
// seed 003 1.10.2), records it in the audit log and tells both players, the judge and the director.
func annulGame(tx *store.Tx, from mail.Address, sh *tournament.Sheet, id store.GameID, g referee.Game, clause, reason string, now time.Time) error {
	if g.Status == referee.StatusFinished && g.Reason == reasonAnnulled {
		return fmt.Errorf("game %s is already annulled", id.Key())
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		return err
	}
	details, _ := json.Marshal(map[string]string{"result_before": g.Result})
	if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Kind: kindAnnul, Clause: clause, Reason: reason, Details: details}); err != nil {
		return err
	}
	g.Status, g.Result, g.Reason = referee.StatusFinished, referee.ResultNone, reasonAnnulled
	g.Variants, g.DrawOffer = nil, ""
	g.Clock(referee.White).Stop()
	g.Clock(referee.Black).Stop()
	g.History = append(g.History, referee.Entry{Date: daysclock.DateOf(now, loc), Verdict: referee.Ruled,
		Clauses: []string{clause}, Note: "annul: " + reason})
	subject := fmt.Sprintf("%s game %s: ruling", sh.Code, g.Name)
	body := fmt.Sprintf("Tournament %s, game %s (%s – %s).\n\nThe judge annuls the game (%s): %s\nIt ends without a result and counts for neither player.\n",
		sh.Code, g.Name, g.White.Name, g.Black.Name, clause, reason)
	if sh.Language == tournament.Russian {
		subject = fmt.Sprintf("%s партия %s: решение судьи", sh.Code, g.Name)
		body = fmt.Sprintf("Турнир %s, партия %s (%s – %s).\n\nСудья аннулирует партию (п. %s): %s\nПартия окончена без результата и не засчитывается ни одному из игроков.\n",
			sh.Code, g.Name, g.White.Name, g.Black.Name, clause, reason)
	}
	dec := referee.Decision{Verdict: referee.Ruled, Clauses: []string{clause}, Game: g,
		Letters: rulingLetters(sh, g, subject, body, clause)}
	return office.Record(tx, from, id, sh, dec, now, loc)
}

// rulingLetters are the letters of a ruling the shell gives itself (annulment, a protest's
// decision): to both players, the judge and the director (X-Postald-Verdict: ruling).
func rulingLetters(sh *tournament.Sheet, g referee.Game, subject, body, clause string) []referee.Outgoing {
	var out []referee.Outgoing
	for _, to := range []struct {
		role referee.Role
		addr string
	}{{referee.ToWhite, g.White.Email}, {referee.ToBlack, g.Black.Email}, {referee.ToJudge, sh.Judge}, {referee.ToDirector, sh.Director}} {
		if to.addr != "" {
			out = append(out, referee.Outgoing{Role: to.role, To: to.addr, Kind: referee.KindRuling,
				Subject: subject, Body: body, Game: g.ID(), Verdict: referee.Ruled, Clauses: []string{clause}, Time: g.Time()})
		}
	}
	return out
}

// reasonAnnulled is the Reason of a game the judge annulled.
const reasonAnnulled = "annulled"

// protest records a protest against a decision and the judge's decision on it (4.1.12).
func (j *judge) protest(args []string) error {
	fs := j.flags("protest")
	decision := fs.String("decision", "", "the judge's decision on the protest")
	clause := fs.String("clause", "4.1.12", "the clause")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *decision == "" {
		return errors.New("protest needs GAME and -decision")
	}
	done := "protest decision recorded; the players, the judge and the director are told"
	return j.onGame(fs.Arg(0), done, func(tx *store.Tx, id store.GameID, sh *tournament.Sheet, g referee.Game, now time.Time) error {
		loc, err := time.LoadLocation(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Kind: "protest", Clause: *clause, Reason: *decision}); err != nil {
			return err
		}
		subject := fmt.Sprintf("%s game %s: decision on the protest", sh.Code, g.Name)
		body := fmt.Sprintf("Tournament %s, game %s (%s – %s).\n\nThe judge's decision on the protest (%s): %s\n",
			sh.Code, g.Name, g.White.Name, g.Black.Name, *clause, *decision)
		if sh.Language == tournament.Russian {
			subject = fmt.Sprintf("%s партия %s: решение по протесту", sh.Code, g.Name)
			body = fmt.Sprintf("Турнир %s, партия %s (%s – %s).\n\nРешение судьи по протесту (п. %s): %s\n",
				sh.Code, g.Name, g.White.Name, g.Black.Name, *clause, *decision)
		}
		dec := referee.Decision{Verdict: referee.Ruled, Clauses: []string{*clause}, Game: g,
			Letters: rulingLetters(sh, g, subject, body, *clause)}
		return office.Record(tx, j.env.From, id, sh, dec, now, loc)
	})
}

// openGame finds the game named on the command line and returns it with its tournament's sheet.
func openGame(tx *store.Tx, name string) (store.GameID, *tournament.Sheet, referee.Game, error) {
	id, err := findGame(tx, name)
	if err != nil {
		return id, nil, referee.Game{}, err
	}
	sh, err := office.LoadSheet(tx, id.Tournament)
	if err != nil {
		return id, nil, referee.Game{}, err
	}
	g, err := office.LoadGame(tx, id)
	return id, sh, g, err
}

// findGame resolves a game named on the command line: TOURNAMENT/W-B, or W-B when only one
// tournament has that game.
func findGame(tx *store.Tx, name string) (store.GameID, error) {
	if strings.Contains(name, "/") {
		id, err := store.ParseGameID(name)
		if err != nil {
			return id, err
		}
		if _, err := tx.Game(id); err != nil {
			return id, fmt.Errorf("game %s: %w", name, err)
		}
		return id, nil
	}
	var found []store.GameID
	ids, err := tx.Games("")
	if err != nil {
		return store.GameID{}, err
	}
	for _, id := range ids {
		if id.Game == name {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return store.GameID{}, fmt.Errorf("no game %s", name)
	}
	return store.GameID{}, fmt.Errorf("game %s is in several tournaments; write TOURNAMENT/%s", name, name)
}

func sideArg(g referee.Game, s string) (referee.Side, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return referee.White, nil
	case "black", "b":
		return referee.Black, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		switch n {
		case g.White.Number:
			return referee.White, nil
		case g.Black.Number:
			return referee.Black, nil
		}
	}
	return "", fmt.Errorf("side %q: want white, black or the number of one of the players of %s", s, g.Name)
}

// eachGame calls fn for every game of tournament code (all tournaments when code is empty).
func eachGame(tx *store.Tx, code string, fn func(*tournament.Sheet, store.GameID, referee.Game) error) error {
	codes := []string{code}
	if code == "" {
		var err error
		if codes, err = tx.Tournaments(); err != nil {
			return err
		}
	}
	for _, c := range codes {
		sh, err := office.LoadSheet(tx, c)
		if err != nil {
			return err
		}
		ids, err := tx.Games(c)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, err := office.LoadGame(tx, id)
			if err != nil {
				return err
			}
			if err := fn(sh, id, g); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// envelope is what judge show and judge letter read of an archived letter's header.
type envelope struct {
	returnPath string // the top Return-Path: the MAIL FROM the receiving server recorded
	from, to   string // decoded
}

func readEnvelope(raw []byte) envelope {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return envelope{}
	}
	dec := new(mime.WordDecoder)
	field := func(name string) string {
		v := m.Header.Get(name)
		if d, err := dec.DecodeHeader(v); err == nil {
			v = d
		}
		return strings.TrimSpace(v)
	}
	// The delivering server writes Return-Path above everything it received: a Return-Path
	// further down came with the letter and proves nothing.
	return envelope{returnPath: field("Return-Path"), from: field("From"), to: field("To")}
}

// revertedLetters maps each archive entry a revert undid to the ruling that did.
func revertedLetters(rulings []store.Ruling) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for _, r := range rulings {
		if r.Kind != referee.RuleRevert {
			continue
		}
		var d referee.Ruling
		if json.Unmarshal(r.Details, &d) != nil {
			continue
		}
		for seq := d.Letter; seq <= d.Upto && d.Letter > 0; seq++ {
			if out[seq] == 0 {
				out[seq] = r.Seq
			}
		}
	}
	return out
}

// archived returns entry n of game id's archive, the last entry's number and the rulings on the
// game.
func archived(tx *store.Tx, id store.GameID, n uint64) (e store.ArchiveEntry, last uint64, rulings []store.Ruling, err error) {
	found := false
	err = tx.ArchiveEntries(id, n, func(x store.ArchiveEntry) error {
		if x.Seq == n {
			e, found = x, true
		}
		last = x.Seq
		return nil
	})
	if err != nil {
		return e, 0, nil, err
	}
	if !found && id.IsZero() {
		return e, 0, nil, fmt.Errorf("the quarantine has no letter #%d; judge quarantine lists them", n)
	}
	if !found {
		return e, 0, nil, fmt.Errorf("game %s has no letter #%d; judge show %s lists them", id.Key(), n, id.Key())
	}
	if !id.IsZero() {
		rulings, err = tx.Rulings(id)
	}
	return e, last, rulings, err
}

// letter prints one archived letter: what postald recorded of it, then the letter itself, its
// header section as it was received and its text decoded (-raw: the bytes as archived).
func (j *judge) letter(args []string) error {
	fs := j.flags("letter")
	raw := fs.Bool("raw", false, "print the letter byte for byte as archived")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return errors.New("letter needs GAME and N, the letter's number in judge show")
	}
	n, err := strconv.ParseUint(fs.Arg(1), 10, 64)
	if err != nil || n == 0 {
		return fmt.Errorf("letter number %q: want the number judge show gives it", fs.Arg(1))
	}
	var e store.ArchiveEntry
	var rulings []store.Ruling
	var id store.GameID // zero: the quarantine's chain (judge quarantine numbers its letters)
	loc := time.UTC
	if err := j.env.Store.View(func(tx *store.Tx) (err error) {
		if fs.Arg(0) != quarantineName {
			var sh *tournament.Sheet
			if id, sh, _, err = openGame(tx, fs.Arg(0)); err != nil {
				return err
			}
			if loc, err = time.LoadLocation(sh.Regulation.Zone); err != nil {
				return err
			}
		}
		e, _, rulings, err = archived(tx, id, n)
		return err
	}); err != nil {
		return err
	}
	if *raw {
		_, err := j.out.Write(e.Raw)
		return err
	}
	v := newLetterView(e, revertedLetters(rulings))
	w := tabwriter.NewWriter(j.out, 0, 0, 1, ' ', 0)
	chain := id.Key()
	if id.IsZero() {
		chain = quarantineName
	}
	if e.Direction == store.In {
		fmt.Fprintf(w, "%s letter #%d, received\n", chain, e.Seq)
		fmt.Fprintf(w, "received:\t%s\n", e.Time.In(loc).Format(stampLayout))
	} else {
		fmt.Fprintf(w, "%s letter #%d, sent by postald\n", chain, e.Seq)
		fmt.Fprintf(w, "enqueued:\t%s\n", e.Time.In(loc).Format(stampLayout))
	}
	fmt.Fprintf(w, "message-id:\t%s\n", orNone(v.MessageID))
	if e.Direction == store.In {
		fmt.Fprintf(w, "envelope sender:\t%s\t(Return-Path, as the receiving server recorded it)\n", orNone(v.Envelope))
		fmt.Fprintf(w, "from:\t%s\n", orNone(v.From))
		fmt.Fprintf(w, "authentication:\t%s\n", orNone(v.Auth))
	} else {
		fmt.Fprintf(w, "to:\t%s\n", orNone(v.To))
	}
	decision := orNone(v.Verdict)
	if v.Clause != "" {
		decision += " (" + v.Clause + ")"
	}
	fmt.Fprintf(w, "decision:\t%s\n", decision)
	fmt.Fprintf(w, "sha256:\t%s\n", v.Hash)
	if v.RevertedBy != 0 {
		for _, r := range rulings {
			if r.Seq == v.RevertedBy {
				fmt.Fprintf(w, "reverted:\tby ruling #%d of %s (%s): %s\n", r.Seq, r.Time.In(loc).Format(time.DateOnly), r.Clause, r.Reason)
			}
		}
	}
	if len(e.Before) > 0 {
		fmt.Fprintf(w, "game before it:\tkept (judge revert %s %d puts it back)\n", id.Key(), e.Seq)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	head, body := splitHeader(e.Raw)
	fmt.Fprintf(j.out, "\n── header ──\n%s\n── text ──\n%s\n", strings.TrimRight(head, "\n"), strings.TrimRight(letterText(e.Raw, body), "\n"))
	return nil
}

// quarantineName names the quarantine's chain to judge letter: "judge letter quarantine N".
const quarantineName = "quarantine"

// stampLayout is how judge letter writes an instant: in the tournament's zone, with the offset.
const stampLayout = "2006-01-02 15:04 -0700"

// splitHeader splits a letter at its first empty line, with line ends as "\n".
func splitHeader(raw []byte) (head, body string) {
	s := strings.ReplaceAll(string(raw), "\r\n", "\n")
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[:i+1], s[i+2:]
	}
	return s, ""
}

// letterText is a letter's text for the judge: every text part decoded from its transfer
// encoding, the other parts named. A letter that cannot be read is given as it is (body).
func letterText(raw []byte, body string) string {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return body
	}
	var b strings.Builder
	if err := writePart(&b, textproto.MIMEHeader(m.Header), m.Body, 0); err != nil {
		return body
	}
	return b.String()
}

// writePart writes one MIME entity's text to b, descending into multiparts.
func writePart(b *strings.Builder, h textproto.MIMEHeader, r io.Reader, depth int) error {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mt, params = "text/plain", map[string]string{}
	}
	var dec io.Reader = r
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		dec = quotedprintable.NewReader(r)
	case "base64":
		dec = base64.NewDecoder(base64.StdEncoding, &lineJoiner{r: r})
	}
	switch {
	case strings.HasPrefix(mt, "multipart/") && depth < 8:
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(b, "[part %s]\n", p.Header.Get("Content-Type"))
			if err := writePart(b, p.Header, p, depth+1); err != nil {
				return err
			}
		}
	case strings.HasPrefix(mt, "text/"):
		data, err := io.ReadAll(io.LimitReader(dec, 1<<20))
		if err != nil {
			return err
		}
		if cs := strings.ToLower(params["charset"]); cs != "" && cs != "utf-8" && cs != "us-ascii" {
			fmt.Fprintf(b, "[charset %s, shown as it is]\n", cs)
		}
		b.WriteString(strings.ReplaceAll(string(data), "\r\n", "\n"))
	default:
		n, _ := io.Copy(io.Discard, dec)
		fmt.Fprintf(b, "[%s, %d bytes, not shown]\n", mt, n)
	}
	return nil
}

// lineJoiner drops line ends, for a base64 body.
type lineJoiner struct{ r io.Reader }

func (l *lineJoiner) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	k := 0
	for _, c := range p[:n] {
		if c != '\r' && c != '\n' {
			p[k] = c
			k++
		}
	}
	return k, err
}

// revert puts a game back as it was before letter N of its archive: the state the store kept
// with that letter when it came in, exactly, through the referee's revert ruling (which adds
// its own entry to the game's history). The letter and every entry after it stay in the
// archive; judge show marks them as reverted. Both players, the judge and the director are
// told, like every ruling (4.1.10).
func (j *judge) revert(args []string) error {
	fs := j.flags("revert")
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10), e.g. 4.1.7")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return errors.New("revert needs GAME and N, the letter's number in judge show")
	}
	if *clause == "" || *reason == "" {
		return errors.New("every ruling needs -clause and -reason (4.1.10)")
	}
	n, err := strconv.ParseUint(fs.Arg(1), 10, 64)
	if err != nil || n == 0 {
		return fmt.Errorf("letter number %q: want the number judge show gives it", fs.Arg(1))
	}
	var undone []string
	var upto uint64
	err = j.env.Do(j.ctx, func() error {
		now := j.env.Now()
		err := j.env.Store.Update(func(tx *store.Tx) error {
			id, sh, g, err := openGame(tx, fs.Arg(0))
			if err != nil {
				return err
			}
			// What is put back must be what the store kept: a chain that does not verify
			// restores nothing.
			if _, err := tx.Verify(id); err != nil {
				return fmt.Errorf("the archive of %s does not verify, nothing is reverted: %w", id.Key(), err)
			}
			e, last, rulings, err := archived(tx, id, n)
			if err != nil {
				return err
			}
			if e.Direction != store.In {
				return fmt.Errorf("letter #%d of %s is one postald sent: name the letter received whose effect is undone", n, id.Key())
			}
			if by := revertedLetters(rulings)[n]; by != 0 {
				return fmt.Errorf("letter #%d of %s is already reverted, by ruling #%d", n, id.Key(), by)
			}
			st, ok, err := e.GameBefore()
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("letter #%d of %s was archived without the game as it was before it (a postald older than judge revert): it cannot be put back exactly", n, id.Key())
			}
			cur, err := tx.Game(id)
			if err != nil {
				return err
			}
			if st.Format != cur.Format {
				return fmt.Errorf("letter #%d of %s kept the game in format %d, the store holds format %d", n, id.Key(), st.Format, cur.Format)
			}
			var before referee.Game
			if err := json.Unmarshal(st.Data, &before); err != nil {
				return fmt.Errorf("letter #%d of %s: the game before it: %w", n, id.Key(), err)
			}
			// Rulings recorded after the letter was applied are undone with it: the judge is told.
			applied := e.Time
			if e.Ref != nil {
				if in, err := tx.Inbound(*e.Ref); err == nil && !in.Finished.IsZero() {
					applied = in.Finished
				}
			}
			for _, r := range rulings {
				if !r.Time.Before(applied) {
					undone = append(undone, fmt.Sprintf("#%d %s", r.Seq, r.Kind))
				}
			}
			upto = last
			r := referee.Ruling{Kind: referee.RuleRevert, Before: &before, Letter: n, LetterID: e.MessageID,
				LetterTime: e.Time, Upto: last, Clause: *clause, Reason: *reason, At: now}
			return applyRuling(tx, j.env.From, sh, id, g, r, now)
		})
		if err != nil {
			return err
		}
		j.env.Kick()
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(j.out, "%s: put back as it was before letter #%d (%s); letters #%d to #%d stay in the archive, marked as reverted; the players, the judge and the director are told\n",
		fs.Arg(0), n, *clause, n, upto)
	if len(undone) > 0 {
		fmt.Fprintf(j.out, "undone with it: rulings %s, recorded after the letter\n", strings.Join(undone, ", "))
	}
	return nil
}
