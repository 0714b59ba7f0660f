package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"postald/internal/reading"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"postald/internal/config"
	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// judgeCommands are the judge's commands, in the order his usage lists them.
var judgeCommands = []string{"list", "show", "verify", "quarantine", "letter", "penalty", "correct-date", "forfeit",
	"adjudicate", "leave", "annul", "withdraw", "protest", "revert", "resend"}

func runJudge(_ context.Context, env *cmdEnv, args []string) error {
	call, err := judgeCall(env.text(), env.stdout, args)
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
// reply; flag errors and usage go to out, in the words of tx.
type judgeParser func(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error)

// judgeCall makes the call of the judge command args[0] with its arguments. What it cannot take
// (no command, help, an unknown command, a flag or an argument wrong) it has printed to out
// already, as the judge's errors are printed; it then returns an exitError with the status.
func judgeCall(tx *phrase.CLIText, out io.Writer, args []string) (*storeCall, error) {
	if len(args) == 0 {
		fmt.Fprint(out, tx.Usage.Judge)
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
		parse = func(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
			return parseRule(tx, out, referee.RuleKind(sub), args)
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
	case "resend":
		parse = parseResend // delivery.go
	case "help", "-h", "-help", "--help":
		printUsage(out, nil, tx, "judge", true)
		return nil, exitError{0}
	default:
		fmt.Fprintf(out, tx.Errors.UnknownJudge, sub, tx.Usage.Judge)
		return nil, exitError{2}
	}
	call := &storeCall{failed: "postald judge " + sub}
	var err error
	call.req, call.print, err = parse(tx, out, args[1:])
	if err != nil {
		return nil, exitError{call.fail(out, err)}
	}
	return call, nil
}

func judgeFlags(tx *phrase.CLIText, out io.Writer, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("postald judge "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	setUsage(fs, tx, "judge "+name, true)
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

// letterNumber reads N, a letter's number as judge show gives it.
func letterNumber(tx *phrase.CLIText, s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf(tx.Errors.LetterNumber, s)
	}
	return n, nil
}

func parseList(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "list")
	asJSON := fs.Bool("json", false, tx.Flags.JSON)
	only := fs.String("tournament", "", tx.Flags.Tournament)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	return reading.ListRequest{Tournament: *only}, printing(func(w io.Writer, rep *reading.ListReply) error {
		if *asJSON {
			return writeJSON(w, rep.Games)
		}
		return printList(w, tx, rep.Games)
	}), nil
}

// printList is judge list: the columns headed in the command line's words (tx), each game's row
// in its tournament's.
func printList(w io.Writer, tx *phrase.CLIText, rows []reading.GameRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, tx.Judge.ListHead)
	for _, r := range rows {
		gx := tournamentText(tx, r.Language)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", r.Game, termLine(named(gx, r.White, r.WhiteChannel, r.WhiteBy)), termLine(named(gx, r.Black, r.BlackChannel, r.BlackBy)),
			status(gx, r, true), r.Moves, r.Time, r.Penalty, gx.Date(r.LastDay), termLine(strings.Join(oversteps(gx, r), ", ")))
	}
	return tw.Flush()
}

// status says where a game stands: whose move (and that it waits for the captain's card or
// call), else its status, and with result its result.
func status(gx *phrase.CLIText, r reading.GameRow, result bool) string {
	switch {
	case r.ToMove != "" && r.Posting != "":
		return fmt.Sprintf(gx.Words.Posting, gx.Words.ToMove(string(r.ToMove)))
	case r.ToMove != "" && r.Undelivered != "":
		return bookOf(gx).Delivery.ListUndelivered(gx.Words.ToMove(string(r.ToMove)))
	case r.ToMove != "":
		return gx.Words.ToMove(string(r.ToMove))
	case result && r.Result != "" && r.Result != referee.ResultNone:
		return fmt.Sprintf(gx.Judge.ListFinished, gx.Words.Status(string(r.Status)), r.Result)
	}
	return gx.Words.Status(string(r.Status))
}

// oversteps words a game's oversteps, White's first; the office's English words for a reply that
// has no counted oversteps (a daemon older than this command).
func oversteps(gx *phrase.CLIText, r reading.GameRow) []string {
	if len(r.OverstepOf) == 0 {
		return r.Oversteps
	}
	var out []string
	for _, s := range []referee.Side{referee.White, referee.Black} {
		if o, ok := r.OverstepOf[s]; ok {
			out = append(out, gx.Judge.ListOverstep(gx.Words.Side(string(s)), o.Days, o.On, o.Control.Days, o.Control.Move))
		}
	}
	return out
}

func parseShow(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "show")
	asJSON := fs.Bool("json", false, tx.Flags.JSON)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 1 {
		return nil, nil, errors.New(tx.Errors.ShowArgs)
	}
	return reading.ShowRequest{Game: fs.Arg(0)}, printing(func(w io.Writer, v *reading.GameView) error {
		if *asJSON {
			return writeJSON(w, v)
		}
		printShow(w, tournamentText(tx, v.Language), v)
		return nil
	}), nil
}

// printShow is judge show: one game, in its tournament's words gx.
func printShow(w io.Writer, gx *phrase.CLIText, v *reading.GameView) {
	x := &gx.Show
	variant, ok := bookOf(gx).Tournament.Variants.Of(v.Variant)
	if !ok {
		variant = v.Variant
	}
	fmt.Fprintf(w, "%s  %s – %s  (%s)\n", v.Game, termLine(named(gx, v.White, v.WhiteChannel, v.WhiteBy)), termLine(named(gx, v.Black, v.BlackChannel, v.BlackBy)), variant)
	fmt.Fprintf(w, x.Status+"\n", status(gx, v.GameRow, false), v.Result, v.Time, v.Penalty)
	if v.Deadline != nil && !v.Deadline.LastDay.IsZero() {
		fmt.Fprintln(w, x.NextControl(v.Deadline.Control.Move, v.Deadline.Control.Days, v.Deadline.LastDay))
	}
	for _, o := range oversteps(gx, v.GameRow) {
		fmt.Fprintf(w, x.Overstep+"\n", termLine(o))
	}
	if v.Endgame != nil {
		io.WriteString(w, phrase.For(v.Language).Endgame.Package(v.Endgame.Words))
	}
	fmt.Fprintf(w, "\n%s\n", x.Moves)
	for _, p := range v.Plies {
		by := ""
		if p.Mark != "" {
			by = "  (" + p.Mark + ")" // how its letter came, when not by e-mail: a card, a call
		}
		if how := gx.Words.By(string(p.By)); how != "" {
			by += "  (" + how + ")"
		}
		fmt.Fprintf(w, "  %-22s %s%s\n", p.Move, gx.Date(p.Date), by)
	}
	if len(v.Variants) > 0 {
		fmt.Fprintf(w, "\n%s\n", x.Variants)
		for _, va := range v.Variants {
			fmt.Fprintf(w, "  "+x.Variant+"\n", termLine(va.Label), gx.Words.Side(string(va.Proposer)), termLine(strings.Join(va.Moves, " ")))
		}
	}
	if len(v.Rulings) > 0 {
		kinds := &bookOf(gx).Report.Kinds
		fmt.Fprintf(w, "\n%s\n", x.Rulings)
		for _, r := range v.Rulings {
			kind, ok := kinds.Of(r.Kind)
			if !ok {
				kind = r.Kind
			}
			if what := rulingWhat(gx, r); what != "" {
				kind += ": " + what // «штраф: чёрные +2 дня», «штраф: чёрные, снято 6 дней»
			}
			fmt.Fprintf(w, "  #%d %s %s (%s): %s\n", r.Seq, gx.Date(dayOf(r.Time)), termLine(kind), termLine(gx.Clause(r.Clause)), termLine(r.Reason))
		}
	}
	fmt.Fprintf(w, "\n%s\n", x.Letters)
	for _, l := range v.Letters {
		mark := ""
		if l.Pruned {
			mark = "  " + x.Pruned
		}
		if l.RevertedBy != 0 {
			mark += "  " + fmt.Sprintf(x.Reverted, l.RevertedBy)
		}
		fmt.Fprintf(w, "  #%-3d %-4s %s %s  %-12s %-12s %s%s\n", l.Seq, gx.Words.Direction(l.Direction), gx.Date(dayOf(l.Time)), l.Time.Format("15:04"),
			verdictWord(gx, l.Verdict), l.Clause, termLine(l.MessageID), mark)
		if l.Direction == string(store.In) {
			fmt.Fprintf(w, "        "+x.From+"\n", termLine(orNone(gx, person(l.From))), termLine(orNone(gx, l.Envelope)), termLine(orNone(gx, auth(gx, l.Auth))))
			if l.Also != "" {
				fmt.Fprintf(w, "        "+x.Also+"\n", termLine(l.Also))
			}
			if e, ok := entryOf(v.History, l.MessageID); ok {
				// The words a result rests on, and a reading postald asked about (referee's
				// statements.go).
				if e.Words != nil {
					fmt.Fprintf(w, "        "+x.Words+"\n", e.Words.Line, termLine(e.Words.Text))
				}
				if len(e.Faults) > 0 {
					var fs []string
					for _, f := range e.Faults {
						fs = append(fs, fmt.Sprintf(x.Fault, f.Clause, f.Text))
					}
					fmt.Fprintf(w, "        "+x.Faults+"\n", termLine(strings.Join(fs, "; ")))
				}
				if slices.Contains(strings.Split(e.Note, ", "), "asked") || strings.Contains(e.Note, "asked:") {
					fmt.Fprintln(w, "        "+x.Asked)
				}
			}
		} else {
			fmt.Fprintf(w, "        "+x.To+"\n", termLine(orNone(gx, person(l.To))))
		}
		printDelivery(w, gx, l) // delivery.go
	}
}

// entryOf returns the game's history entry of the letter with Message-ID id.
func entryOf(history []referee.Entry, id string) (referee.Entry, bool) {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Letter == id && id != "" {
			return history[i], true
		}
	}
	return referee.Entry{}, false
}

// dayOf is the day of an instant, in its own zone (the office gives the tournament's).
func dayOf(t time.Time) daysclock.Date {
	y, m, d := t.Date()
	return daysclock.Date{Year: y, Month: m, Day: d}
}

// auth words a letter's authentication verdict in the language of gx (office.AuthVerdictIn);
// the methods' results, dkim=pass, are the same in every language.
func auth(gx *phrase.CLIText, a string) string { return office.AuthVerdictIn(bookOf(gx).Lang, a) }

// person writes a From or To field for the judge: a player without an e-mail address (by post
// or telephone) is written in his letters as a group without members, "Сидоров Сидор:;", and
// shown by his name alone.
func person(field string) string {
	if name, ok := strings.CutSuffix(field, ":;"); ok && !strings.ContainsAny(name, "@<>") {
		return strings.Trim(name, `" `)
	}
	return field
}

// named writes a player's name with how he plays when it is not by e-mail (reading.GameRow's
// channel, in the words gx of the command; WhiteBy, BlackBy of a daemon that gives no channel):
// "Boris (by post)".
func named(gx *phrase.CLIText, name string, ch referee.Channel, by string) string {
	if ch != "" {
		return bookOf(gx).Channels.Named(name, string(ch)) // in the words of the command
	}
	if by == "" {
		return name
	}
	return name + " (" + by + ")"
}

// rulingWhat says what the ruling decided, as judge show lists it: «чёрные +2 дня», "white
// loses".
func rulingWhat(gx *phrase.CLIText, v reading.RulingView) string {
	var parts []string
	if v.Side != "" {
		parts = append(parts, gx.Words.Side(string(v.Side)))
	}
	switch {
	case v.Kind == string(referee.RuleForfeit):
		parts = append(parts, gx.Show.Loses)
	case v.Leave != nil:
		parts = append(parts, fmt.Sprintf(gx.Show.Leave, gx.Date(v.Leave.From)+"–"+gx.Date(v.Leave.To)))
	case v.Result != "":
		parts = append(parts, v.Result.String())
	case v.Kind == string(referee.RulePenalty) && v.Days < 0:
		return strings.Join(parts, " ") + ", " + gx.Show.Lifted(-v.Days) // «штраф: чёрные, снято 6 дней»
	case v.Days != 0 || v.Kind == string(referee.RulePenalty) || v.Kind == string(referee.RuleCorrect):
		parts = append(parts, gx.Show.Days(v.Days))
	}
	return strings.Join(parts, " ")
}

// orNone writes a missing value as the words of tx say it.
func orNone(tx *phrase.CLIText, s string) string {
	if s == "" {
		return tx.Words.None
	}
	return s
}

func parseVerify(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "verify")
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() > 1 {
		return nil, nil, fmt.Errorf(tx.Errors.VerifyArgs, fs.Args())
	}
	req := &reading.VerifyRequest{}
	if fs.NArg() == 1 {
		req.Game = fs.Arg(0)
	}
	return req, printing(func(w io.Writer, v *reading.Verified) error {
		j := &tx.Judge
		switch {
		case v.Game.IsZero():
			fmt.Fprintln(w, j.VerifyAll)
			for _, code := range v.Archived {
				fmt.Fprintf(w, j.VerifyArchived+"\n", code)
			}
		default:
			fmt.Fprintln(w, j.VerifyGame(v.Game.Key(), int(v.Letters)))
			if v.Pruned > 0 {
				line := j.VerifyPruned(v.Game.Key(), int(v.Pruned))
				if v.PrunedOld > 0 {
					line += "; " + j.VerifyPrunedOld(int(v.PrunedOld))
				}
				fmt.Fprintln(w, line)
			}
		}
		return nil
	}), nil
}

// parseQuarantine: the letters postald held (trust rules, limits, unreadable, not from a
// player), kept in the archive, never applied, each with its reason.
func parseQuarantine(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "quarantine")
	asJSON := fs.Bool("json", false, tx.Flags.JSON)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	return reading.QuarantineRequest{}, printing(func(w io.Writer, rep *reading.QuarantineReply) error {
		held := rep.Held
		if *asJSON {
			if held == nil {
				held = []store.Inbound{}
			}
			return writeJSON(w, held)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, tx.Judge.QuarantineHead)
		for _, in := range held {
			from := in.From // as written, decoded; letters of older stores have none recorded
			if from == "" {
				from = "-"
			}
			fmt.Fprintf(tw, "%s %s\t%s\t%s\t%d\t%s\n", tx.Date(dayOf(in.Received)), in.Received.Format("15:04"), termLine(from),
				termLine(in.MessageID), in.Archive, termLine(office.HeldWhy(bookOf(tx).Lang, in)))
		}
		return tw.Flush()
	}), nil
}

// parseRule: a ruling of the referee's kinds on one game.
func parseRule(tx *phrase.CLIText, out io.Writer, kind referee.RuleKind, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, kind.String())
	clause := fs.String("clause", "", tx.Flags.Clause)
	reason := fs.String("reason", "", tx.Flags.Reason)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	want := map[referee.RuleKind]int{referee.RulePenalty: 3, referee.RuleCorrect: 3, referee.RuleForfeit: 2, referee.RuleAdjudicate: 2, referee.RuleLeave: 4}[kind]
	if fs.NArg() != want {
		return nil, nil, fmt.Errorf(tx.Errors.RuleArgs, kind, want, fs.NArg(), fs.Args(), ruleShape(tx, kind))
	}
	if *clause == "" || *reason == "" {
		return nil, nil, errors.New(tx.Errors.NoClause)
	}
	a := fs.Args()
	r := &office.RuleRequest{Kind: kind, Game: a[0], Clause: *clause, Reason: *reason}
	var err error
	switch kind {
	case referee.RulePenalty, referee.RuleCorrect:
		r.Side = a[1]
		if r.Days, err = strconv.Atoi(a[2]); err != nil {
			return nil, nil, fmt.Errorf(tx.Errors.Days, a[2])
		}
	case referee.RuleForfeit:
		r.Side = a[1]
	case referee.RuleAdjudicate:
		r.Result = a[1]
	case referee.RuleLeave:
		r.Side = a[1]
		if r.Leave.From, err = daysclock.ParseDate(a[2]); err != nil {
			return nil, nil, fmt.Errorf(tx.Errors.Date, "FROM", a[2])
		}
		if r.Leave.To, err = daysclock.ParseDate(a[3]); err != nil {
			return nil, nil, fmt.Errorf(tx.Errors.Date, "TO", a[3])
		}
	}
	return r, ruled(a[0], func() string {
		name, ok := bookOf(tx).Report.Kinds.Of(string(kind))
		if !ok {
			name = kind.String()
		}
		return fmt.Sprintf(tx.Judge.RuleDone, name, tx.Clause(*clause)) + "; " + tx.Judge.Told
	}), nil
}

// ruleShape is what each ruling of the referee's kinds takes, as its errors say it.
func ruleShape(tx *phrase.CLIText, kind referee.RuleKind) string {
	switch kind {
	case referee.RulePenalty, referee.RuleCorrect:
		return tx.Errors.ShapeSideDays
	case referee.RuleForfeit:
		return tx.Errors.ShapeSide
	case referee.RuleAdjudicate:
		return tx.Errors.ShapeResult
	}
	return tx.Errors.ShapeLeave
}

// ruled prints "GAME: done" once a ruling on the game named is recorded. done is worded when
// it is printed: by then the command speaks the tournament's language (cmdEnv.speak), which the
// reply names.
func ruled(name string, done func() string) printer {
	return printing(func(w io.Writer, _ *office.Ruled) error {
		fmt.Fprintf(w, "%s: %s\n", name, done())
		return nil
	})
}

// parseWithdraw: a player leaves the tournament (clause 1.10 of the competition rules).
func parseWithdraw(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "withdraw")
	clause := fs.String("clause", "", tx.Flags.ClauseWithdraw)
	reason := fs.String("reason", "", tx.Flags.ReasonWithdraw)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() < 1 || fs.NArg() > 2 || *reason == "" {
		return nil, nil, fmt.Errorf(tx.Errors.WithdrawArgs, fs.Args())
	}
	code, player := "", fs.Arg(0)
	if fs.NArg() == 2 {
		code, player = fs.Arg(0), fs.Arg(1)
	}
	num, err := strconv.Atoi(player)
	if err != nil {
		return nil, nil, fmt.Errorf(tx.Errors.Player, player)
	}
	req := &office.WithdrawRequest{Tournament: code, Player: num, Clause: *clause, Reason: *reason}
	return req, printing(func(w io.Writer, d *office.Withdrawn) error {
		j := &tx.Judge
		if d.Clause == tournament.ClauseStruckOut {
			fmt.Fprintf(w, "%s: %s\n", j.Withdrawal(d.Player, d.Played, d.Games), j.StruckOut(d.Ended))
		} else {
			fmt.Fprintf(w, "%s: %s\n", j.Withdrawal(d.Player, d.Played, d.Games), j.Stands(d.Ended, d.Referred))
		}
		return nil
	}), nil
}

// parseAnnul: the game ends without a result by the judge's decision (4.1.7).
func parseAnnul(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "annul")
	clause := fs.String("clause", "", tx.Flags.Clause)
	reason := fs.String("reason", "", tx.Flags.Reason)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 1 || *clause == "" || *reason == "" {
		return nil, nil, errors.New(tx.Errors.AnnulArgs)
	}
	req := &office.AnnulRequest{Game: fs.Arg(0), Clause: *clause, Reason: *reason}
	return req, ruled(fs.Arg(0), func() string { return fmt.Sprintf(tx.Judge.Annulled, tx.Clause(*clause)) + "; " + tx.Judge.Told }), nil
}

// parseProtest: a protest against a decision and the judge's decision on it (4.1.12).
func parseProtest(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "protest")
	reason := fs.String("reason", "", tx.Flags.Decision)
	decision := fs.String("decision", "", tx.Flags.SameAsReason)
	clause := fs.String("clause", "4.1.12", tx.Flags.ClauseProtest)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	text := *reason
	switch {
	case text == "":
		text = *decision
	case *decision != "" && *decision != text:
		return nil, nil, errors.New(tx.Errors.ProtestBoth)
	}
	if fs.NArg() != 1 || text == "" || *clause == "" {
		return nil, nil, fmt.Errorf(tx.Errors.ProtestArgs, fs.Args())
	}
	req := &office.ProtestRequest{Game: fs.Arg(0), Decision: text, Clause: *clause}
	return req, ruled(fs.Arg(0), func() string { return tx.Judge.ProtestDone + "; " + tx.Judge.Told }), nil
}

// parseLetter: one archived letter, what postald recorded of it, then the letter itself, its
// header section as it was received and its text decoded (-raw: the bytes as archived).
func parseLetter(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "letter")
	raw := fs.Bool("raw", false, tx.Flags.Raw)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 2 {
		return nil, nil, errors.New(tx.Errors.LetterArgs)
	}
	n, err := letterNumber(tx, fs.Arg(1))
	if err != nil {
		return nil, nil, err
	}
	req := &reading.LetterRequest{Game: fs.Arg(0), N: n, Raw: *raw}
	return req, printing(func(w io.Writer, a *reading.ArchivedLetter) error {
		if *raw {
			_, err := w.Write(a.Raw)
			return err
		}
		return printArchived(w, tx, a)
	}), nil
}

// printArchived is judge letter: what postald recorded of a letter, then its header and text.
func printArchived(out io.Writer, tx *phrase.CLIText, a *reading.ArchivedLetter) error {
	v, x := a.Letter, &tx.Letter
	w := tabwriter.NewWriter(out, 0, 0, 1, ' ', 0)
	chain := a.Chain
	if chain == reading.QuarantineChain {
		chain = tx.Words.Quarantine
	}
	stamp := tx.Date(dayOf(v.Time)) + " " + v.Time.Format("15:04 -0700") // in the tournament's zone, with the offset
	if v.Direction == string(store.In) {
		fmt.Fprintf(w, x.Received+"\n", chain, v.Seq)
		fmt.Fprintf(w, x.ReceivedAt+"\n", stamp)
	} else {
		fmt.Fprintf(w, x.Sent+"\n", chain, v.Seq)
		fmt.Fprintf(w, x.Enqueued+"\n", stamp)
	}
	fmt.Fprintf(w, x.MessageID+"\n", termLine(orNone(tx, v.MessageID)))
	if v.Direction == string(store.In) {
		fmt.Fprintf(w, x.Envelope+"\n", termLine(orNone(tx, v.Envelope)))
		fmt.Fprintf(w, x.From+"\n", termLine(orNone(tx, person(v.From))))
		fmt.Fprintf(w, x.Auth+"\n", termLine(orNone(tx, auth(tx, v.Auth))))
	} else {
		fmt.Fprintf(w, x.To+"\n", termLine(orNone(tx, person(v.To))))
	}
	decision := orNone(tx, verdictWord(tx, v.Verdict))
	if v.Clause != "" {
		decision += " (" + clauses(tx, v.Clause) + ")"
	}
	fmt.Fprintf(w, x.Decision+"\n", decision)
	fmt.Fprintf(w, x.Sum+"\n", v.Hash)
	if r := a.Reverted; r != nil {
		fmt.Fprintf(w, x.RevertedBy+"\n", r.Seq, tx.Date(dayOf(r.Time)), termLine(tx.Clause(r.Clause)), termLine(r.Reason))
	}
	if a.Kept {
		fmt.Fprintf(w, x.Kept+"\n", a.Game.Key(), v.Seq)
	}
	if v.SubjectDamaged && v.Direction == string(store.In) {
		fmt.Fprintln(w, x.SubjectDamaged)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n%s\n%s\n%s\n%s\n", x.Header, termText(strings.TrimRight(a.Header, "\n")), x.Text, termText(strings.TrimRight(a.Text, "\n")))
	return nil
}

// clauses cites each of a decision's clauses ("4.2.10,4.2.11") as a judge cites them.
func clauses(tx *phrase.CLIText, list string) string { return tx.Clauses(list) }

// parseRevert: the game put back as it was before letter N of its archive (a forged or misread
// letter); the letters stay in the archive, marked as reverted.
func parseRevert(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "revert")
	clause := fs.String("clause", "", tx.Flags.Clause)
	reason := fs.String("reason", "", tx.Flags.Reason)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 2 {
		return nil, nil, errors.New(tx.Errors.RevertArgs)
	}
	if *clause == "" || *reason == "" {
		return nil, nil, errors.New(tx.Errors.NoClause)
	}
	n, err := letterNumber(tx, fs.Arg(1))
	if err != nil {
		return nil, nil, err
	}
	name := fs.Arg(0)
	req := &office.RevertRequest{Game: name, Letter: n, Clause: *clause, Reason: *reason}
	return req, printing(func(w io.Writer, r *office.Reverted) error {
		fmt.Fprintf(w, "%s; %s\n", tx.Judge.Reverted(name, int(r.Letter), tx.Clause(*clause), int(r.Upto)), tx.Judge.Told)
		if len(r.Undone) > 0 {
			kinds := &bookOf(tx).Report.Kinds
			undone := make([]string, len(r.Undone))
			for i, u := range r.Undone { // "#3 penalty"
				seq, kind, _ := strings.Cut(u, " ")
				if name, ok := kinds.Of(kind); ok {
					u = seq + " " + name
				}
				undone[i] = u
			}
			fmt.Fprintf(w, tx.Judge.Undone+"\n", strings.Join(undone, ", "))
		}
		return nil
	}), nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// bookOf returns the book whose command line's words tx are: the book's own, or a command's
// copy of them (cmdEnv.setLanguage), known by its words.
func bookOf(tx *phrase.CLIText) *phrase.Book {
	for _, lang := range phrase.Languages() {
		if b := phrase.For(lang); &b.CLI == tx || tx != nil && b.CLI.Help.Synopsis == tx.Help.Synopsis {
			return b
		}
	}
	return phrase.For(config.DefaultCLILanguage)
}
