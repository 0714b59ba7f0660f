package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/mail"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"postald/internal/daemon"
	"postald/internal/daysclock"
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

rulings (each needs -clause and -reason, 4.1.10; both players, the judge and the director are told):
  penalty GAME SIDE DAYS                add penalty days (negative DAYS removes them)
  correct-date GAME SIDE DAYS           correct a player's accrued days (4.3.1)
  forfeit GAME SIDE                     SIDE loses the game (time overstep, discipline)
  adjudicate GAME RESULT                the result of an unfinished game: 1-0, 0-1, 1/2-1/2
  leave GAME SIDE FROM TO               grant leave: the clock stops from FROM to TO (YYYY-MM-DD)
  annul GAME                            annul the game: it ends without a result and counts for no one
  withdraw [TOURNAMENT] PLAYER          a player leaves the tournament (seed 003, 1.10)
  protest GAME -decision TEXT           record a protest and its decision (4.1.12)

GAME is TOURNAMENT/W-B (or W-B when there is one tournament); SIDE is white, black or
the player's number.
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
	return runStoreCommand(ctx, env, *cfgFile, "judge", fs.Args())
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
	if err := fs.Parse(args); err != nil {
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
	Rulings  []store.Ruling      `json:"rulings,omitempty"`
	Clocks   map[string]any      `json:"clocks"`
	Deadline *daysclock.Deadline `json:"deadline,omitempty"`
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
}

func (j *judge) show(args []string) error {
	fs := j.flags("show")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
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
		v.Rulings, err = tx.Rulings(id)
		if err != nil {
			return err
		}
		v.Letters = []letterView{}
		return tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
			v.Letters = append(v.Letters, letterView{Seq: e.Seq, Direction: string(e.Direction), Time: e.Time,
				MessageID: e.MessageID, Verdict: e.Verdict, Clause: e.Clause, Hash: e.Hash.String()})
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
			fmt.Fprintf(j.out, "  #%d %s %s (%s): %s\n", r.Seq, r.Time.Format(time.DateOnly), r.Kind, r.Clause, r.Reason)
		}
	}
	fmt.Fprintln(j.out, "\nletters:")
	for _, l := range v.Letters {
		fmt.Fprintf(j.out, "  #%-3d %-3s %s  %-9s %-12s %s\n", l.Seq, l.Direction, l.Time.Format("2006-01-02 15:04"), l.Verdict, l.Clause, l.MessageID)
	}
	return nil
}

func (j *judge) verify(args []string) error {
	if len(args) > 1 {
		return errors.New("verify takes at most one GAME")
	}
	if len(args) == 0 {
		if err := j.env.Store.VerifyAll(); err != nil {
			return err
		}
		fmt.Fprintln(j.out, "every archive chain verifies")
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
	if err := fs.Parse(args); err != nil {
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
	fmt.Fprintln(tw, "RECEIVED\tMESSAGE-ID\tARCHIVE\tREASON")
	for _, in := range held {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", in.Received.Format("2006-01-02 15:04"), in.MessageID, in.Archive, in.Reason)
	}
	return tw.Flush()
}

// rule applies a ruling of the referee's kinds to one game.
func (j *judge) rule(kind string, args []string) error {
	fs := j.flags(kind)
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10), e.g. 4.3.1")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := fs.Parse(args); err != nil {
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
	return daemon.Record(tx, from, id, sh, dec, now, loc)
}

// withdraw records that a player left the tournament (seed 003, 1.10): with fewer than half of his
// games played his results are struck out; with half or more his unfinished games are lost.
func (j *judge) withdraw(args []string) error {
	fs := j.flags("withdraw")
	clause := fs.String("clause", "1.10", "the clause (seed 003, 1.10)")
	reason := fs.String("reason", "", "the reason, told to every partner")
	if err := fs.Parse(args); err != nil {
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
			sh, err := daemon.LoadSheet(tx, code)
			if err != nil {
				return err
			}
			if num < 1 || num > len(sh.Players) {
				return fmt.Errorf("tournament %s has no player %d", code, num)
			}
			var mine []store.GameID
			var games []referee.Game
			err = eachGame(tx, code, func(_ *tournament.Sheet, id store.GameID, g referee.Game) error {
				if g.White.Number == num || g.Black.Number == num {
					mine, games = append(mine, id), append(games, g)
					total++
					if g.Status == referee.StatusFinished || len(g.Plies) > 0 {
						played++ // seed 003 1.10.4: unfinished games count as played
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			details, _ := json.Marshal(map[string]any{"player": num, "played": played, "games": total})
			if _, err := tx.AppendRuling(store.Ruling{Game: store.GameID{Tournament: code}, Time: now, Kind: "withdraw",
				Clause: *clause, Reason: *reason, Details: details}); err != nil {
				return err
			}
			if 2*played < total {
				// 1.10.2: his results are struck out (the crosstable reads the ruling) and his games
				// still in play end without a result, so that his partners wait for nothing.
				for i, g := range games {
					if g.Status == referee.StatusFinished {
						continue
					}
					if err := annulGame(tx, j.env.From, sh, mine[i], g, *clause, *reason, now); err != nil {
						return err
					}
					ended++
				}
				return nil
			}
			for i, g := range games {
				if g.Status == referee.StatusFinished {
					continue
				}
				side := referee.White
				if g.Black.Number == num {
					side = referee.Black
				}
				r := referee.Ruling{Kind: referee.RuleForfeit, Side: side, Clause: *clause, Reason: *reason, At: now}
				if err := applyRuling(tx, j.env.From, sh, mine[i], g, r, now); err != nil {
					return err
				}
				ended++
			}
			return nil
		})
		if err != nil {
			return err
		}
		if 2*played < total {
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
	if err := fs.Parse(args); err != nil {
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
	if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Kind: "annul", Clause: clause, Reason: reason, Details: details}); err != nil {
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
	return daemon.Record(tx, from, id, sh, dec, now, loc)
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
	if err := fs.Parse(args); err != nil {
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
		return daemon.Record(tx, j.env.From, id, sh, dec, now, loc)
	})
}

// openGame finds the game named on the command line and returns it with its tournament's sheet.
func openGame(tx *store.Tx, name string) (store.GameID, *tournament.Sheet, referee.Game, error) {
	id, err := findGame(tx, name)
	if err != nil {
		return id, nil, referee.Game{}, err
	}
	sh, err := daemon.LoadSheet(tx, id.Tournament)
	if err != nil {
		return id, nil, referee.Game{}, err
	}
	g, err := daemon.LoadGame(tx, id)
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
		sh, err := daemon.LoadSheet(tx, c)
		if err != nil {
			return err
		}
		ids, err := tx.Games(c)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, err := daemon.LoadGame(tx, id)
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
