package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"postald/internal/config"
	"postald/internal/endgame"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/tablebase"
)

// runEndgame is postald endgame build|probe: the endgame databases (formats.md).
func runEndgame(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	if len(args) == 0 {
		fmt.Fprintln(env.stderr, tx.Endgame.Want)
		printUsage(env.stderr, nil, tx, "endgame", false)
		return exitError{2}
	}
	switch args[0] {
	case "build":
		return runEndgameBuild(ctx, env, args[1:])
	case "probe":
		return runEndgameProbe(ctx, env, args[1:])
	case "-h", "-help", "--help":
		printUsage(env.stdout, nil, tx, "endgame", false)
		return nil
	}
	fmt.Fprintf(env.stderr, tx.Endgame.Unknown+"\n", args[0])
	return exitError{2}
}

// runEndgameBuild builds a database: progress on the standard error, the summary on the
// standard output.
func runEndgameBuild(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	et := &tx.Endgame
	fs := newFlagSet(env, "endgame build")
	variant := fs.String("variant", "russian", et.Variant)
	pieces := fs.Int("pieces", 0, et.Pieces)
	dir := fs.String("dir", "", et.Dir)
	workers := fs.Int("workers", 0, et.Workers)
	memory := fs.Int("memory", 0, et.Memory)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "postald endgame build: "+tx.Errors.Unexpected+"\n", fs.Arg(0))
		return exitError{2}
	}
	if *dir == "" {
		fmt.Fprintln(env.stderr, et.NoDir)
		return exitError{2}
	}
	if *pieces < 2 || *pieces > 7 {
		fmt.Fprintf(env.stderr, et.PiecesRange+"\n", *pieces)
		return exitError{2}
	}
	v, err := rules.VariantByID(*variant)
	if err != nil {
		return err
	}
	o := tablebase.Options{Dir: *dir, Variant: v, Pieces: *pieces, Workers: *workers, Memory: int64(*memory) << 20,
		Progress: func(p tablebase.Progress) { printProgress(env.stderr, et, p) }}
	rep, err := tablebase.Build(ctx, o)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(env.stderr, et.Stopped)
			return exitError{130}
		}
		return err
	}
	secs := rep.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(rep.Positions) / secs
	}
	fmt.Fprintf(env.stdout, et.Summary+"\n", rep.Built, rep.Kept, rep.Positions, secs, rate, rep.Bytes)
	return nil
}

// printProgress writes one line of a build's progress.
func printProgress(w io.Writer, et *phrase.EndgameCLIText, p tablebase.Progress) {
	pair := pairName(p.Pair)
	switch p.Stage {
	case tablebase.StageSkipped:
		fmt.Fprintf(w, et.Kept+"\n", pair)
	case tablebase.StageDamaged:
		fmt.Fprintf(w, et.Damaged+"\n", p.File, p.Err)
	case tablebase.StageLoad:
		fmt.Fprintf(w, et.Loading+"\n", p.PairsDone+1, p.Pairs, pair)
	case tablebase.StageInit:
		pct := uint64(0)
		if p.Total > 0 {
			pct = 100 * p.Done / p.Total
		}
		fmt.Fprintf(w, et.Init+"\n", p.PairsDone+1, p.Pairs, pair, p.Done, p.Total, pct)
	case tablebase.StageLevels:
		fmt.Fprintf(w, et.Levels+"\n", p.PairsDone+1, p.Pairs, pair, p.Level)
	case tablebase.StageDone:
		fmt.Fprintf(w, et.Written+"\n", pair, p.Total, p.Stats.Wins, p.Stats.Draws, p.Stats.Losses, p.Stats.MaxPlies, p.FileBytes, p.PairTime.Seconds())
	}
}

func pairName(ms []endgame.Material) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.String()
	}
	return strings.Join(names, " + ")
}

// probeResult is one line of postald endgame probe -json (formats.md), with the distance and
// the check against the counting draw rules added.
type probeResult struct {
	FEN      string   `json:"fen"`
	Verdict  string   `json:"verdict"`
	Move     string   `json:"move"`
	Line     []string `json:"line"`
	Moves    int      `json:"distance,omitempty"` // the winner's moves to the end of the game
	Plies    int      `json:"plies,omitempty"`
	Rules    string   `json:"rules_verdict,omitempty"` // the verdict under the counting rules of 2.6
	Rule     string   `json:"rule,omitempty"`          // the rule that falls due first: lone-king, five-kings, kings-only
	Limit    int      `json:"limit,omitempty"`
	Certain  bool     `json:"certain,omitempty"`
	Says     string   `json:"says,omitempty"` // the same, in words
	Error    string   `json:"error,omitempty"`
	LineEnds string   `json:"line_ends,omitempty"` // game-over, repetition, not-held, cut
}

// runEndgameProbe looks positions up: FEN<TAB>VERDICT<TAB>MOVE per position (formats.md).
func runEndgameProbe(ctx context.Context, env *cmdEnv, args []string) error {
	tx := env.text()
	et := &tx.Endgame
	fs := newFlagSet(env, "endgame probe")
	variant := fs.String("variant", "russian", et.Variant)
	dir := fs.String("dir", "", et.ProbeDir)
	asJSON := fs.Bool("json", false, et.JSON)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return exitError{2}
	}
	v, err := rules.VariantByID(*variant)
	if err != nil {
		return err
	}
	if *dir == "" {
		*dir = "endgame"
		if c, err := config.ReadEndgame(configPath(env.config), config.OSEnv()); err == nil && c.Dir != "" {
			*dir = c.Dir
		}
	}
	db, err := tablebase.Open(*dir, v)
	if err != nil {
		return err
	}
	defer db.Close()
	if len(db.Materials()) == 0 {
		fmt.Fprintf(env.stderr, et.NoDatabase+"\n", *dir, v.ID())
	}
	lang, _ := cliLanguage(env)
	words := &phrase.For(lang).Endgame
	lines := fs.Args()
	var in *bufio.Scanner
	if len(lines) == 0 {
		in = bufio.NewScanner(env.stdin)
		in.Buffer(make([]byte, 64<<10), 1<<20)
	}
	out := bufio.NewWriter(env.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	bad := false
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		var text string
		if in != nil {
			if !in.Scan() {
				if err := in.Err(); err != nil {
					return err
				}
				break
			}
			text = in.Text()
		} else {
			if n > len(lines) {
				break
			}
			text = lines[n-1]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		p, err := rules.ParseFEN(v, text)
		if err != nil {
			bad = true
			fmt.Fprintf(env.stderr, et.BadFEN+"\n", n, text, err)
			continue
		}
		r, err := probeOne(db, &p, *asJSON, words)
		if err != nil {
			return err
		}
		r.FEN = text
		if *asJSON {
			if err := enc.Encode(r); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(out, "%s\t%s\t%s\n", r.FEN, r.Verdict, r.Move) // for programs: formats.md
	}
	if bad {
		return exitError{1}
	}
	return nil
}

// maxLine bounds a principal line: the longest distance of the databases is far shorter, and a
// drawn line repeats within a few moves.
const maxLine = 1000

// probeOne looks p up; full adds the principal line and the rules' check.
func probeOne(db *tablebase.DB, p *rules.Position, full bool, words *phrase.EndgameText) (probeResult, error) {
	sp := db.Space()
	r := probeResult{Move: "-", Line: []string{}}
	v, err := sp.Probe(db, p)
	if err != nil {
		return r, err
	}
	r.Verdict = v.Verdict.String()
	if v.Verdict == endgame.Unknown {
		return r, nil
	}
	if p.Outcome() == rules.Ongoing {
		m, ok, err := sp.Best(db, p, v, nil)
		if err != nil {
			return r, err
		}
		if ok {
			r.Move = rules.FormatMove(p, m)
		}
	}
	if !full {
		return r, nil
	}
	r.Moves, r.Plies = v.Moves(), max(v.Plies, 0)
	line, err := sp.PrincipalLine(db, *p, maxLine)
	if err != nil {
		return r, err
	}
	r.Line = line.Notation()
	r.LineEnds = [...]string{"", "game-over", "repetition", "not-held", "cut"}[line.End]
	check := endgame.SeedLimits().Check(v, &line, endgame.Counters{})
	r.Rules = check.Verdict.String()
	r.Rule = [...]string{"", "lone-king", "five-kings", "kings-only"}[check.Rule]
	r.Limit = check.Limit
	r.Certain = check.Certain
	r.Says = endgame.Describe(words, p.SideToMove(), v, check, "2.6")
	return r, nil
}

// openEndgames opens the endgame databases of the configuration's [endgame] dir for the daemon,
// checking every file's header, and logs what each variant holds and any file that failed; nil
// when the configuration names none.
func openEndgames(cfg *config.Config, log *slog.Logger) *tablebase.Directory {
	if cfg.Endgame.Dir == "" {
		return nil
	}
	d := tablebase.OpenDirectory(cfg.Endgame.Dir)
	held, err := d.Check()
	for id, most := range held {
		log.Info("endgame database", "variant", id, "pieces", most, "dir", cfg.Endgame.Dir)
	}
	if err != nil {
		log.Error("endgame database: files that failed their checks are not used", "dir", cfg.Endgame.Dir, "err", err)
	}
	return d
}

// endgamesOf is d as the referee reads it; a nil interface for none.
func endgamesOf(d *tablebase.Directory) referee.Endgames {
	if d == nil {
		return nil
	}
	return d
}
