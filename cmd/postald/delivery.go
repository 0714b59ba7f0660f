package main

import (
	"errors"
	"fmt"
	"io"
	"postald/internal/reading"

	"postald/internal/office"
	"postald/internal/phrase"
	"postald/internal/store"
)

// parseResend: letter N of a game's archive, one postald sent, sent again to its address or to
// -to ADDRESS, as a ruling (-clause defaults to 4.3.1, -reason is needed).
func parseResend(tx *phrase.CLIText, out io.Writer, args []string) (office.Command, printer, error) {
	fs := judgeFlags(tx, out, "resend")
	to := fs.String("to", "", tx.Delivery.To)
	clause := fs.String("clause", "", tx.Delivery.ClauseResend)
	reason := fs.String("reason", "", tx.Flags.Reason)
	if err := parseFlags(fs, out, args); err != nil {
		return nil, nil, err
	}
	if fs.NArg() != 2 || *reason == "" {
		return nil, nil, errors.New(tx.Delivery.ResendArgs)
	}
	n, err := letterNumber(tx, fs.Arg(1))
	if err != nil {
		return nil, nil, err
	}
	req := &office.ResendRequest{Game: fs.Arg(0), Letter: n, To: *to, Clause: *clause, Reason: *reason}
	return req, printing(func(w io.Writer, r *office.Resent) error {
		_, err := fmt.Fprintf(w, "%s; %s\n", tx.Delivery.Resent(r.Game.Key(), int(r.Letter), r.To), tx.Judge.Told)
		return err
	}), nil
}

// printDelivery writes, under a letter of judge show, what is known of its delivery (a letter
// postald sent), the letter it sends again, or the letter a report is about, in the words of gx.
func printDelivery(w io.Writer, gx *phrase.CLIText, l reading.LetterView) {
	dt := &bookOf(gx).Delivery
	if l.Direction == string(store.Out) && l.Delivery != "" {
		word := map[store.DeliveryState]string{store.DeliverySent: dt.Sent, store.DeliveryDelivered: dt.Delivered,
			store.DeliveryRelayed: dt.Relayed, store.DeliveryDelayed: dt.Delayed, store.DeliveryFailed: dt.Failed}[l.Delivery]
		line := dt.ShowDelivery(word, termLine(l.DeliveryNote))
		if !l.DeliveryTime.IsZero() {
			line += ", " + gx.Date(dayOf(l.DeliveryTime)) + " " + l.DeliveryTime.Format("15:04")
		}
		fmt.Fprintf(w, "        %s\n", line)
	}
	if l.Resends != 0 {
		fmt.Fprintf(w, "        %s\n", dt.ShowResends(int(l.Resends)))
	}
	if l.ReportOn != 0 {
		fmt.Fprintf(w, "        %s\n", dt.ShowReportOn(int(l.ReportOn)))
	}
}

// verdictWord is a letter's verdict in the words of gx: the delivery's own (a delivery report
// received, a letter about a delivery sent), or the judge's words for the others.
func verdictWord(gx *phrase.CLIText, v string) string {
	switch v {
	case "report":
		return gx.Delivery.VerdictReport
	case "delivery":
		return gx.Delivery.VerdictDelivery
	}
	return gx.Words.Verdict(v)
}
