package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

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

rulings (each takes -clause and -reason, 4.1.10; both players, the judge and the director are told;
protest's -clause defaults to 4.1.12, withdraw's to the one seed 003, 1.10 gives):
  penalty GAME SIDE DAYS                add penalty days (negative DAYS removes them)
  correct-date GAME SIDE DAYS           correct a player's accrued days (4.3.1)
  forfeit GAME SIDE                     SIDE loses the game (time overstep, discipline)
  adjudicate GAME RESULT                the result of an unfinished game: 1-0, 0-1, 1/2-1/2
  leave GAME SIDE FROM TO               grant leave: the clock stops from FROM to TO (YYYY-MM-DD)
  annul GAME                            annul the game: it ends without a result and counts for no one
  withdraw [TOURNAMENT] PLAYER          a player leaves the tournament (seed 003, 1.10)
  protest GAME -reason DECISION         record a protest and its decision (4.1.12; -decision is
                                        the same flag)
  revert GAME N                         put the game back as it was before letter N (a forged or
                                        misread letter): board, clocks, variants, draw offer, status;
                                        every letter stays in the archive, marked as reverted

GAME is TOURNAMENT/W-B (or W-B when there is one tournament); SIDE is white, black or
the player's number. Flags may stand before or after the arguments; postald judge COMMAND -h
prints a command's usage with an example.

examples:
  postald judge list -config /etc/postald/postald.toml
  postald judge penalty ЗК-1/2-4 black 2 -clause 4.2.11 -reason "ход не повторён"
`

func runJudge(_ context.Context, env *cmdEnv, args []string) error {
	call, err := judgeCall(env.stdout, args)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, call)
}

// cutConfig takes -config FILE out of a command line wherever it stands ("judge revert 1-4 5
// -config F ..."); after "--" nothing is taken.
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

// judgeParser makes the request of one judge command from its arguments, with the printer of its
// reply; flag errors and usage go to out.
type judgeParser func(out io.Writer, args []string) (office.Command, printer, error)

// judgeCall makes the call of the judge command args[0] with its arguments. What it cannot take
// (no command, help, an unknown command, a flag or an argument wrong) it has printed to out
// already, as the judge's errors are printed; it then returns an exitError with the status.
func judgeCall(out io.Writer, args []string) (*storeCall, error) {
	if len(args) == 0 {
		fmt.Fprint(out, judgeUsage)
		return nil, exitError{2}
	}
	sub := args[0]
	if sub == "help" && len(args) > 1 {
		sub, args = args[1], []string{args[1], "-h"}
	}
	var parse judgeParser
	switch sub {
	case "list":
		parse = parseList
	case "show":
		parse = parseShow
	case "verify":
		parse = parseVerify
	case "quarantine":
		parse = parseQuarantine
	case string(referee.RulePenalty), string(referee.RuleCorrect), string(referee.RuleForfeit), string(referee.RuleAdjudicate), string(referee.RuleLeave):
		parse = func(out io.Writer, args []string) (office.Command, printer, error) {
			return parseRule(out, referee.RuleKind(sub), args)
		}
	case "annul":
		parse = parseAnnul
	case "withdraw":
		parse = parseWithdraw
	case "protest":
		parse = parseProtest
	case "letter":
		parse = parseLetter
	case "revert":
		parse = parseRevert
	case "help", "-h", "-help", "--help":
		printUsage(out, nil, "judge", true)
		return nil, exitError{0}
	default:
		fmt.Fprintf(out, "postald judge: unknown command %q; want one of list, show, verify, quarantine, letter, penalty, correct-date, forfeit, adjudicate, leave, annul, withdraw, protest, revert\n\n%s", sub, judgeUsage)
		return nil, exitError{2}
	}
	call := &storeCall{failed: "postald judge " + sub}
	var err error
	call.req, call.print, err = parse(out, args[1:])
	if err != nil {
		return nil, exitError{call.fail(out, err)}
	}
	return call, nil
}

func judgeFlags(out io.Writer, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("postald judge "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	setUsage(fs, "judge "+name, true)
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

// errNoClause is what a ruling without -clause or -reason is told (4.1.10).
var errNoClause = errors.New("every ruling needs -clause and -reason (4.1.10)")

// letterNumber reads N, a letter's number as judge show gives it.
func letterNumber(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("letter number %q: want the number judge show gives it", s)
	}
	return n, nil
}

func parseList(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "list")
	asJSON := fs.Bool("json", false, "print JSON")
	only := fs.String("tournament", "", "only this tournament")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	return office.ListRequest{Tournament: *only}, printing(func(w io.Writer, rep *office.ListReply) error {
		if *asJSON {
			return writeJSON(w, rep.Games)
		}
		return printList(w, rep.Games)
	}), nil
}

func printList(w io.Writer, rows []office.GameRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tWHITE\tBLACK\tSTATUS\tMOVES\tTIME\tPENALTY\tLAST DAY\tOVERSTEP")
	for _, r := range rows {
		last := ""
		if !r.LastDay.IsZero() {
			last = r.LastDay.String()
		}
		status := r.Status.String()
		if r.ToMove != "" {
			status = toMove(r)
		} else if r.Result != "" && r.Result != referee.ResultNone {
			status += " " + r.Result.String()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", r.Game, termLine(named(r.White, r.WhiteBy)), termLine(named(r.Black, r.BlackBy)), status, r.Moves,
			r.Time, r.Penalty, last, termLine(strings.Join(r.Oversteps, ", ")))
	}
	return tw.Flush()
}

func parseShow(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "show")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 1 {
		return nil, nil, errors.New("show needs one GAME")
	}
	return office.ShowRequest{Game: fs.Arg(0)}, printing(func(w io.Writer, v *office.GameView) error {
		if *asJSON {
			return writeJSON(w, v)
		}
		printShow(w, v)
		return nil
	}), nil
}

func printShow(w io.Writer, v *office.GameView) {
	fmt.Fprintf(w, "%s  %s – %s  (%s)\n", v.Game, termLine(named(v.White, v.WhiteBy)), termLine(named(v.Black, v.BlackBy)), v.Variant)
	status := v.Status.String()
	if v.ToMove != "" {
		status = toMove(v.GameRow)
	}
	fmt.Fprintf(w, "status: %s  result: %s  time (white/black): %s  penalty days: %s\n", status, v.Result, v.Time, v.Penalty)
	if v.Deadline != nil && !v.Deadline.LastDay.IsZero() {
		fmt.Fprintf(w, "next control: move %d, %d days; last day %s\n", v.Deadline.Control.Move, v.Deadline.Control.Days, v.Deadline.LastDay)
	}
	for _, o := range v.Oversteps {
		fmt.Fprintf(w, "overstep: %s\n", termLine(o))
	}
	fmt.Fprintln(w, "\nmoves:")
	for _, p := range v.Plies {
		by := ""
		if p.Mark != "" {
			by = "  (" + p.Mark + ")" // how its letter came, when not by e-mail: a card, a call
		}
		if p.By != referee.ByLetter {
			by += "  (" + p.By.String() + ")"
		}
		fmt.Fprintf(w, "  %-22s %s%s\n", p.Move, p.Date, by)
	}
	if len(v.Variants) > 0 {
		fmt.Fprintln(w, "\nvariants pending:")
		for _, va := range v.Variants {
			fmt.Fprintf(w, "  %s by %s: %s\n", termLine(va.Label), va.Proposer, termLine(strings.Join(va.Moves, " ")))
		}
	}
	if len(v.Rulings) > 0 {
		fmt.Fprintln(w, "\nrulings:")
		for _, r := range v.Rulings {
			kind := r.Kind
			if w := rulingWhat(r); w != "" {
				kind += " " + w
			}
			fmt.Fprintf(w, "  #%d %s %s (%s): %s\n", r.Seq, r.Time.Format(time.DateOnly), termLine(kind), termLine(r.Clause), termLine(r.Reason))
		}
	}
	fmt.Fprintln(w, "\nletters:")
	for _, l := range v.Letters {
		mark := ""
		if l.Pruned {
			mark = "  (pruned: raw letter dropped after its retention)"
		}
		if l.RevertedBy != 0 {
			mark += fmt.Sprintf("  REVERTED by ruling #%d", l.RevertedBy)
		}
		fmt.Fprintf(w, "  #%-3d %-3s %s  %-9s %-12s %s%s\n", l.Seq, l.Direction, l.Time.Format("2006-01-02 15:04"), l.Verdict, l.Clause, termLine(l.MessageID), mark)
		if l.Direction == string(store.In) {
			fmt.Fprintf(w, "        from: %s  envelope: %s\n        auth: %s\n", termLine(orNone(l.From)), termLine(orNone(l.Envelope)), termLine(orNone(l.Auth)))
		} else {
			fmt.Fprintf(w, "        to: %s\n", termLine(orNone(l.To)))
		}
	}
}

// named writes a player's name with how he plays when it is not by e-mail (office.GameRow's
// WhiteBy, BlackBy, in the tournament's language): "Boris (by post)".
func named(name, by string) string {
	if by == "" {
		return name
	}
	return name + " (" + by + ")"
}

// rulingWhat says what the ruling decided, as judge show lists it: "black +2 days", "white loses".
func rulingWhat(v office.RulingView) string {
	var parts []string
	if v.Side != "" {
		parts = append(parts, string(v.Side))
	}
	switch {
	case v.Kind == string(referee.RuleForfeit):
		parts = append(parts, "loses")
	case v.Leave != nil:
		parts = append(parts, "leave "+v.Leave.String())
	case v.Result != "":
		parts = append(parts, v.Result.String())
	case v.Days != 0 || v.Kind == string(referee.RulePenalty) || v.Kind == string(referee.RuleCorrect):
		parts = append(parts, fmt.Sprintf("%+d days", v.Days))
	}
	return strings.Join(parts, " ")
}

// orNone writes a missing value as "(none)".
func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func parseVerify(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "verify")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() > 1 {
		return nil, nil, fmt.Errorf("verify takes at most one GAME, got %q", fs.Args())
	}
	req := &office.VerifyRequest{}
	if fs.NArg() == 1 {
		req.Game = fs.Arg(0)
	}
	return req, printing(func(w io.Writer, v *office.Verified) error {
		switch {
		case v.Game.IsZero():
			fmt.Fprintln(w, "every archive chain, game record and ruling verifies")
			for _, code := range v.Archived {
				fmt.Fprintf(w, "archived tournament %s: its archive file verifies, its rulings are the log's\n", code)
			}
		default:
			fmt.Fprintf(w, "%s: %d letters, chain verifies\n", v.Game.Key(), v.Letters)
			if v.Pruned > 0 {
				fmt.Fprintf(w, "%s: %d letters pruned after their retention: their headers, verdicts and hashes verify, their raw bytes are gone", v.Game.Key(), v.Pruned)
				if v.PrunedOld > 0 {
					fmt.Fprintf(w, "; %d of them were archived before schema 5, their hashes kept as stored and checked by the links on both sides", v.PrunedOld)
				}
				fmt.Fprintln(w)
			}
		}
		return nil
	}), nil
}

// parseQuarantine: the letters postald held (trust rules, limits, unreadable, not from a
// player), kept in the archive, never applied, each with its reason.
func parseQuarantine(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "quarantine")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	return office.QuarantineRequest{}, printing(func(w io.Writer, rep *office.QuarantineReply) error {
		held := rep.Held
		if *asJSON {
			if held == nil {
				held = []store.Inbound{}
			}
			return writeJSON(w, held)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "RECEIVED\tFROM\tMESSAGE-ID\tARCHIVE\tREASON")
		for _, in := range held {
			from := in.From // as written, decoded; letters of older stores have none recorded
			if from == "" {
				from = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", in.Received.Format("2006-01-02 15:04"), termLine(from), termLine(in.MessageID), in.Archive, termLine(in.Reason))
		}
		return tw.Flush()
	}), nil
}

// parseRule: a ruling of the referee's kinds on one game.
func parseRule(out io.Writer, kind referee.RuleKind, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, kind.String())
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10), e.g. 4.3.1")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	want := map[referee.RuleKind]int{referee.RulePenalty: 3, referee.RuleCorrect: 3, referee.RuleForfeit: 2, referee.RuleAdjudicate: 2, referee.RuleLeave: 4}[kind]
	if fs.NArg() != want {
		return nil, nil, fmt.Errorf("%s needs %d arguments, got %d %q: %s", kind, want, fs.NArg(), fs.Args(), ruleShape[kind])
	}
	if *clause == "" || *reason == "" {
		return nil, nil, errNoClause
	}
	a := fs.Args()
	r := &office.RuleRequest{Kind: kind, Game: a[0], Clause: *clause, Reason: *reason}
	var err error
	switch kind {
	case referee.RulePenalty, referee.RuleCorrect:
		r.Side = a[1]
		if r.Days, err = strconv.Atoi(a[2]); err != nil {
			return nil, nil, fmt.Errorf("days %q: want a whole number of days, e.g. 6 or -2", a[2])
		}
	case referee.RuleForfeit:
		r.Side = a[1]
	case referee.RuleAdjudicate:
		r.Result = a[1]
	case referee.RuleLeave:
		r.Side = a[1]
		if r.Leave.From, err = daysclock.ParseDate(a[2]); err != nil {
			return nil, nil, err
		}
		if r.Leave.To, err = daysclock.ParseDate(a[3]); err != nil {
			return nil, nil, err
		}
	}
	return r, ruled(a[0], fmt.Sprintf("%s recorded (%s); the players, the judge and the director are told", kind, *clause)), nil
}

// ruleShape is what each ruling of the referee's kinds takes, as its errors say it.
var ruleShape = map[referee.RuleKind]string{
	referee.RulePenalty:    "GAME SIDE DAYS (SIDE white, black or the player's number)",
	referee.RuleCorrect:    "GAME SIDE DAYS (SIDE white, black or the player's number)",
	referee.RuleForfeit:    "GAME SIDE (SIDE white, black or the player's number)",
	referee.RuleAdjudicate: "GAME RESULT (1-0, 0-1 or 1/2-1/2)",
	referee.RuleLeave:      "GAME SIDE FROM TO (dates YYYY-MM-DD)",
}

// ruled prints "GAME: done" once a ruling on the game named is recorded.
func ruled(name, done string) printer {
	return printing(func(w io.Writer, _ *office.Ruled) error {
		fmt.Fprintf(w, "%s: %s\n", name, done)
		return nil
	})
}

// parseWithdraw: a player leaves the tournament (seed 003, 1.10).
func parseWithdraw(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "withdraw")
	clause := fs.String("clause", "", "the clause; by default the one seed 003, 1.10 gives (1.10.2 or 1.10.3)")
	reason := fs.String("reason", "", "the reason, told to every partner")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() < 1 || fs.NArg() > 2 || *reason == "" {
		return nil, nil, fmt.Errorf("withdraw needs [TOURNAMENT] PLAYER and -reason (got %q); -clause may be left out", fs.Args())
	}
	code, player := "", fs.Arg(0)
	if fs.NArg() == 2 {
		code, player = fs.Arg(0), fs.Arg(1)
	}
	num, err := strconv.Atoi(player)
	if err != nil {
		return nil, nil, fmt.Errorf("player %q: want his number in the tournament, e.g. 5", player)
	}
	req := &office.WithdrawRequest{Tournament: code, Player: num, Clause: *clause, Reason: *reason}
	return req, printing(func(w io.Writer, d *office.Withdrawn) error {
		switch {
		case d.Clause == tournament.ClauseStruckOut:
			fmt.Fprintf(w, "player %d withdrawn with %d of %d games played: his results are struck out and %d unfinished games annulled (seed 003, 1.10.2)\n", d.Player, d.Played, d.Games, d.Ended)
		default:
			fmt.Fprintf(w, "player %d withdrawn with %d of %d games played: %d games without a move lost, %d begun games sent to adjudication (seed 003, 1.10.3, 1.10.4)\n", d.Player, d.Played, d.Games, d.Ended, d.Referred)
		}
		return nil
	}), nil
}

// parseAnnul: the game ends without a result by the judge's decision (4.1.7).
func parseAnnul(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "annul")
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10)")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 1 || *clause == "" || *reason == "" {
		return nil, nil, errors.New("annul needs GAME, -clause and -reason (4.1.10)")
	}
	req := &office.AnnulRequest{Game: fs.Arg(0), Clause: *clause, Reason: *reason}
	return req, ruled(fs.Arg(0), fmt.Sprintf("annulled (%s); the players, the judge and the director are told", *clause)), nil
}

// parseProtest: a protest against a decision and the judge's decision on it (4.1.12).
func parseProtest(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "protest")
	reason := fs.String("reason", "", "the decision on the protest, told to both players")
	decision := fs.String("decision", "", "the same as -reason")
	clause := fs.String("clause", "4.1.12", "the clause")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	text := *reason
	switch {
	case text == "":
		text = *decision
	case *decision != "" && *decision != text:
		return nil, nil, errors.New("protest: -reason and -decision are the same flag; give one")
	}
	if fs.NArg() != 1 || text == "" || *clause == "" {
		return nil, nil, fmt.Errorf("protest needs GAME and -reason DECISION (got %q); -clause defaults to 4.1.12", fs.Args())
	}
	req := &office.ProtestRequest{Game: fs.Arg(0), Decision: text, Clause: *clause}
	return req, ruled(fs.Arg(0), "protest decision recorded; the players, the judge and the director are told"), nil
}

// stampLayout is how judge letter writes an instant: in the tournament's zone, with the offset.
const stampLayout = "2006-01-02 15:04 -0700"

// parseLetter: one archived letter, what postald recorded of it, then the letter itself, its
// header section as it was received and its text decoded (-raw: the bytes as archived).
func parseLetter(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "letter")
	raw := fs.Bool("raw", false, "print the letter byte for byte as archived")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 2 {
		return nil, nil, errors.New("letter needs GAME and N, the letter's number in judge show")
	}
	n, err := letterNumber(fs.Arg(1))
	if err != nil {
		return nil, nil, err
	}
	req := &office.LetterRequest{Game: fs.Arg(0), N: n, Raw: *raw}
	return req, printing(func(w io.Writer, a *office.ArchivedLetter) error {
		if *raw {
			_, err := w.Write(a.Raw)
			return err
		}
		return printArchived(w, a)
	}), nil
}

func printArchived(out io.Writer, a *office.ArchivedLetter) error {
	v := a.Letter
	w := tabwriter.NewWriter(out, 0, 0, 1, ' ', 0)
	if v.Direction == string(store.In) {
		fmt.Fprintf(w, "%s letter #%d, received\n", a.Chain, v.Seq)
		fmt.Fprintf(w, "received:\t%s\n", v.Time.Format(stampLayout))
	} else {
		fmt.Fprintf(w, "%s letter #%d, sent by postald\n", a.Chain, v.Seq)
		fmt.Fprintf(w, "enqueued:\t%s\n", v.Time.Format(stampLayout))
	}
	fmt.Fprintf(w, "message-id:\t%s\n", termLine(orNone(v.MessageID)))
	if v.Direction == string(store.In) {
		fmt.Fprintf(w, "envelope sender:\t%s\t(Return-Path, as the receiving server recorded it)\n", termLine(orNone(v.Envelope)))
		fmt.Fprintf(w, "from:\t%s\n", termLine(orNone(v.From)))
		fmt.Fprintf(w, "authentication:\t%s\n", termLine(orNone(v.Auth)))
	} else {
		fmt.Fprintf(w, "to:\t%s\n", termLine(orNone(v.To)))
	}
	decision := orNone(v.Verdict)
	if v.Clause != "" {
		decision += " (" + v.Clause + ")"
	}
	fmt.Fprintf(w, "decision:\t%s\n", decision)
	fmt.Fprintf(w, "sha256:\t%s\n", v.Hash)
	if r := a.Reverted; r != nil {
		fmt.Fprintf(w, "reverted:\tby ruling #%d of %s (%s): %s\n", r.Seq, r.Time.Format(time.DateOnly), termLine(r.Clause), termLine(r.Reason))
	}
	if a.Kept {
		fmt.Fprintf(w, "game before it:\tkept (judge revert %s %d puts it back)\n", a.Game.Key(), v.Seq)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n── header ──\n%s\n── text ──\n%s\n", termText(strings.TrimRight(a.Header, "\n")), termText(strings.TrimRight(a.Text, "\n")))
	return nil
}

// parseRevert: the game put back as it was before letter N of its archive (a forged or misread
// letter); the letters stay in the archive, marked as reverted.
func parseRevert(out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(out, "revert")
	clause := fs.String("clause", "", "the clause the ruling rests on (4.1.10), e.g. 4.1.7")
	reason := fs.String("reason", "", "the reason, told to both players")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 2 {
		return nil, nil, errors.New("revert needs GAME and N, the letter's number in judge show")
	}
	if *clause == "" || *reason == "" {
		return nil, nil, errNoClause
	}
	n, err := letterNumber(fs.Arg(1))
	if err != nil {
		return nil, nil, err
	}
	name := fs.Arg(0)
	req := &office.RevertRequest{Game: name, Letter: n, Clause: *clause, Reason: *reason}
	return req, printing(func(w io.Writer, r *office.Reverted) error {
		fmt.Fprintf(w, "%s: put back as it was before letter #%d (%s); letters #%d to #%d stay in the archive, marked as reverted; the players, the judge and the director are told\n",
			name, r.Letter, *clause, r.Letter, r.Upto)
		if len(r.Undone) > 0 {
			fmt.Fprintf(w, "undone with it: rulings %s, recorded after the letter\n", strings.Join(r.Undone, ", "))
		}
		return nil
	}), nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// toMove says whose move it is, and that it waits for the captain's card or call when it does.
func toMove(r office.GameRow) string {
	if r.Posting != "" {
		return r.ToMove.String() + " to move, waiting for the post"
	}
	return r.ToMove.String() + " to move"
}
