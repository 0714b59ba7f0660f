package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"postald/internal/office"
	"postald/internal/phrase"
)

func runReport(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "report")
	call, err := reportFlags(env.text(), fs, env.stdout, args)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, call)
}

// reportFlags parses the report's flags into its call.
func reportFlags(tx *phrase.CLIText, fs *flag.FlagSet, help io.Writer, args []string) (*storeCall, error) {
	send := fs.Bool("send", false, tx.Flags.Send)
	html := fs.Bool("html", false, tx.Flags.HTML)
	only := fs.String("tournament", "", tx.Flags.Tournament)
	if err := parseFlags(fs, help, args); err != nil {
		return nil, err
	}
	req := &office.ReportRequest{Tournament: *only, Send: *send}
	return &storeCall{req: req, print: printReport(tx, *html), failed: "postald report"}, nil
}

// printReport prints each tournament's report (in its language), as text or as HTML, or says
// to whom it was sent.
func printReport(tx *phrase.CLIText, html bool) printer {
	return printing(func(w io.Writer, rep *office.ReportReply) error {
		for _, r := range rep.Reports {
			switch {
			case r.Queued:
				fmt.Fprintf(w, tx.Store.ReportQueued+"\n", r.Code, r.Director)
			case html:
				io.WriteString(w, r.HTML)
			default:
				io.WriteString(w, r.Text)
			}
		}
		return nil
	})
}
