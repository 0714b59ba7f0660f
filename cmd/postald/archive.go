package main

import (
	"context"
	"fmt"
	"io"

	"postald/internal/config"
	"postald/internal/office"
	"postald/internal/phrase"
)

// runArchive is `postald archive CODE` and `postald archive -list`.
func runArchive(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "archive")
	list := fs.Bool("list", false, env.text().Flags.List)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if *list == (fs.NArg() == 1) || fs.NArg() > 1 {
		fs.SetOutput(env.stderr)
		fs.Usage()
		return exitError{2}
	}
	return runStoreCall(env, env.config, archiveCall(env.text(), fs.Arg(0), *list))
}

// archiveCall moves tournament code to its archive file, or lists the archived tournaments.
func archiveCall(tx *phrase.CLIText, code string, list bool) *storeCall {
	x := &tx.Store
	return &storeCall{req: office.ArchiveRequest{Tournament: code, List: list}, failed: "postald archive",
		readOnly: list,
		print: printing(func(w io.Writer, a *office.ArchiveReply) error {
			switch {
			case a.Moved != nil:
				m := a.Moved
				fmt.Fprintln(w, x.Archived(m.Code, m.Path, m.Bytes, m.Digest.String(), m.Games, m.Letters, m.Outbox, m.Inbound, m.Rulings))
			case len(a.List) == 0:
				fmt.Fprintf(w, x.ArchiveNone+"\n", a.Dir)
			default:
				fmt.Fprintf(w, x.ArchiveDir+"\n", a.Dir)
				for _, t := range a.List {
					state := x.ArchiveWhole
					if !t.Pruned.IsZero() {
						state = fmt.Sprintf(x.ArchivePruned, tx.Date(dayOf(t.Pruned)))
					}
					fmt.Fprintln(w, x.ArchiveItem(t.Code, t.File, t.Bytes, dayOf(t.Archived), dayOf(t.LastLetter), t.Games, t.Letters, state))
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
	return runStoreCall(env, env.config, pruneCall(env.text(), fs.Arg(0)))
}

// pruneCall drops the raw letters of the archived tournaments past their retention, [store]
// retain_raw_days of the configuration.
func pruneCall(tx *phrase.CLIText, code string) *storeCall {
	x := &tx.Store
	req := &office.PruneRequest{Tournament: code}
	return &storeCall{req: req, failed: "postald prune",
		configure: func(cfg *config.Config) { req.RetainDays = cfg.Store.RetainRawDays },
		print: printing(func(w io.Writer, p *office.PruneReply) error {
			if len(p.Tournaments) == 0 {
				fmt.Fprintln(w, x.PruneNone)
			}
			for _, t := range p.Tournaments {
				switch {
				case !t.KeptUntil.IsZero():
					fmt.Fprintf(w, x.PruneKept+"\n", t.Code, tx.Date(dayOf(t.KeptUntil)))
				case !t.PrunedBefore.IsZero():
					fmt.Fprintln(w, x.PruneAlready(t.Code, dayOf(t.PrunedBefore), t.File, t.After))
				default:
					fmt.Fprintln(w, x.Pruned(t.Code, t.Dropped, t.Bytes, t.File, t.After, t.Before))
				}
			}
			return nil
		})}
}
