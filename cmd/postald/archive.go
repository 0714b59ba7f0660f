package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"postald/internal/config"
	"postald/internal/office"
)

const archiveUsage = `usage: postald archive [-config FILE] CODE
       postald archive [-config FILE] -list

Moves the finished tournament CODE out of the store into an archive file of its own, in the
directory archive beside the store: its sheet, its games, every letter of its archive (raw),
its events and its letters sent, the records of the letters received, and a copy of its
rulings. A tournament with a game still in play, or a letter still to send, is refused, with
the games named. The file is written, fsynced and checked before the store drops anything; a
crash on the way leaves the store as it was, and the command run again completes the move.
judge show, judge list -tournament, judge letter, judge verify, export and report -tournament
read an archived tournament as before (name its games TOURNAMENT/W-B); nothing of it changes
any more. -list lists the archived tournaments and their files. See "How the store grows" in
docs/admin.md.

examples:
  postald archive ЗК-1
  postald archive -list -config /etc/postald/postald.toml
`

const pruneUsage = `usage: postald prune [-config FILE] [CODE]

Drops the raw bytes of the letters of every archived tournament (or of CODE) once [store]
retain_raw_days have passed since the later of its last letter and its archiving: never less
than 30 days (clause 4.1.13: the correspondence is kept a month after the results), and 0,
the default, keeps them for ever. Each letter's header, verdict, the game before it, its hash
and the SHA-256 of its bytes stay, so that judge verify still checks the archive and every
receipt; judge show marks the letters pruned. The archive file is rewritten beside the old one,
checked, and takes its place in one step. A tournament still within its retention is named
with the day its letters may go.

examples:
  postald prune
  postald prune ЗК-1 -config /etc/postald/postald.toml
`

// runArchive is `postald archive CODE` and `postald archive -list`.
func runArchive(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "archive")
	list := fs.Bool("list", false, "list the archived tournaments and their files")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *list == (fs.NArg() == 1) || fs.NArg() > 1 {
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	return runStoreCall(env, env.config, archiveCall(fs.Arg(0), *list))
}

// archiveCall moves tournament code to its archive file, or lists the archived tournaments.
func archiveCall(code string, list bool) *storeCall {
	return &storeCall{req: office.ArchiveRequest{Tournament: code, List: list}, failed: "postald archive",
		readOnly: list,
		print: printing(func(w io.Writer, a *office.ArchiveReply) error {
			switch {
			case a.Moved != nil:
				m := a.Moved
				fmt.Fprintf(w, "tournament %s archived in %s (%d bytes, sha256 %s): %d games, %d letters, %d letters sent, %d received, %d rulings copied (the rulings stay in the store's log)\n",
					m.Code, m.Path, m.Bytes, m.Digest, m.Games, m.Letters, m.Outbox, m.Inbound, m.Rulings)
			case len(a.List) == 0:
				fmt.Fprintf(w, "no tournament is archived (archive directory %s)\n", a.Dir)
			default:
				fmt.Fprintf(w, "archive directory %s:\n", a.Dir)
				for _, t := range a.List {
					pruned := "letters kept whole"
					if !t.Pruned.IsZero() {
						pruned = "letters pruned on " + t.Pruned.Format(time.DateOnly)
					}
					fmt.Fprintf(w, "  %s  %s  %d bytes  archived %s  last letter %s  %d games  %d letters  %s\n",
						t.Code, t.File, t.Bytes, t.Archived.Format(time.DateOnly), t.LastLetter.Format(time.DateOnly), t.Games, t.Letters, pruned)
				}
			}
			return nil
		})}
}

// runPrune is `postald prune [CODE]`.
func runPrune(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "prune")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	return runStoreCall(env, env.config, pruneCall(fs.Arg(0)))
}

// pruneCall drops the raw letters of the archived tournaments past their retention, [store]
// retain_raw_days of the configuration.
func pruneCall(code string) *storeCall {
	req := &office.PruneRequest{Tournament: code}
	return &storeCall{req: req, failed: "postald prune",
		configure: func(cfg *config.Config) { req.RetainDays = cfg.Store.RetainRawDays },
		print: printing(func(w io.Writer, p *office.PruneReply) error {
			if len(p.Tournaments) == 0 {
				fmt.Fprintln(w, "no tournament is archived: nothing to prune")
			}
			for _, t := range p.Tournaments {
				if !t.KeptUntil.IsZero() {
					fmt.Fprintf(w, "%s: letters kept until %s ([store] retain_raw_days)\n", t.Code, t.KeptUntil.Format(time.DateOnly))
					continue
				}
				if !t.PrunedBefore.IsZero() {
					fmt.Fprintf(w, "%s: letters pruned already on %s; %s is %d bytes\n", t.Code, t.PrunedBefore.Format(time.DateOnly), t.File, t.After)
					continue
				}
				fmt.Fprintf(w, "%s: %d letters pruned, %d bytes dropped; %s is %d bytes (was %d)\n", t.Code, t.Dropped, t.Bytes, t.File, t.After, t.Before)
			}
			return nil
		})}
}
