package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"postald/internal/config"
	"postald/internal/mailbox"
	"postald/internal/phrase"
	"postald/internal/trust"
)

// authLetters is how many of the last letters check-config reads for the receiving server's
// Authentication-Results field.
const authLetters = 20

// checkAuthField reads, with [trust] verdict = "server", the Authentication-Results fields of
// the last letters the mailbox holds (postald's processed ones, then the watched ones) and fails
// when the field of the server [trust] trusts never carries a result of a method require asks
// for: serve would then hold every letter (not authenticated: dkim: no result). With no letter
// yet it says that nothing could be checked, which is no failure. note prints such a line.
func checkAuthField(ctx context.Context, tx *phrase.CLIText, cfg *config.Config, timeout time.Duration, report func(problem, ok string), note func(string)) {
	t := cfg.Trust
	if t.FromOnly || t.Verdict != config.VerdictServer || t.AuthservID == "" || len(t.Require) == 0 {
		return
	}
	x := &tx.Check.AuthField
	methods := strings.Join(t.Require, ", ")
	rctx, cancel := context.WithTimeout(ctx, timeout)
	headers, err := mailbox.LatestHeaders(rctx, imapOptions(cfg), authLetters, "Authentication-Results")
	cancel()
	if err != nil {
		report(fmt.Sprintf(x.Unread, t.AuthservID, err), "")
		return
	}
	if len(headers) == 0 {
		note(fmt.Sprintf(x.NoLetters, t.AuthservID, methods))
		return
	}
	seen := map[string]bool{} // the methods the server reported a result of, in any letter
	stamped := false          // a letter carries the server's field
	for _, h := range headers {
		for _, f := range authFields(h) {
			ar, err := trust.ParseAuthResults(f)
			if err != nil || !strings.EqualFold(ar.AuthservID, t.AuthservID) {
				continue
			}
			stamped = true
			for _, r := range ar.Results {
				seen[r.Method] = true
			}
		}
	}
	if !stamped {
		report(fmt.Sprintf(x.NoField, t.AuthservID, len(headers), config.TrustDoc), "")
		return
	}
	for _, m := range t.Require {
		if !seen[m] {
			report(fmt.Sprintf(x.Missing, t.AuthservID, m, len(headers), config.TrustDoc), "")
			return
		}
	}
	report("", fmt.Sprintf(x.Carries, t.AuthservID, methods, len(headers)))
}

// authFields returns the values of the Authentication-Results fields of a header section,
// unfolded, in order.
func authFields(header []byte) []string {
	var out []string
	lines := strings.Split(strings.ReplaceAll(string(header), "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		name, value, ok := strings.Cut(lines[i], ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Authentication-Results") {
			continue
		}
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") || i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t") {
			i++
			value += " " + strings.TrimSpace(lines[i])
		}
		out = append(out, strings.TrimSpace(value))
	}
	return slices.Clip(out)
}
