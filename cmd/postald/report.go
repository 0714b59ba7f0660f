package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"postald/internal/office"
)

func runReport(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "report")
	call, err := reportFlags(fs, env.stdout, args)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, call)
}

// reportFlags parses the report's flags into its call.
func reportFlags(fs *flag.FlagSet, help io.Writer, args []string) (*storeCall, error) {
	send := fs.Bool("send", false, "mail the report to each tournament's director instead of printing it")
	html := fs.Bool("html", false, "print HTML instead of plain text")
	only := fs.String("tournament", "", "only this tournament")
	if err := parseFlags(fs, help, args); err != nil {
		return nil, err
	}
	req := &office.ReportRequest{Tournament: *only, Send: *send}
	return &storeCall{req: req, print: printReport(*html), failed: "postald report"}, nil
}

// printReport prints each tournament's report, as text or as HTML, or says to whom it was sent.
func printReport(html bool) printer {
	return printing(func(w io.Writer, rep *office.ReportReply) error {
		for _, r := range rep.Reports {
			switch {
			case r.Queued:
				fmt.Fprintf(w, "report of %s queued for %s\n", r.Code, r.Director)
			case html:
				io.WriteString(w, r.HTML)
			default:
				io.WriteString(w, r.Text)
			}
		}
		return nil
	})
}
