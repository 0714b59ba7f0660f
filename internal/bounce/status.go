package bounce

import (
	"net/mail"
	"strings"
	"time"
)

// field is one field of a delivery-status block: its name in lower case and its value unfolded.
type field struct{ name, value string }

// blocks splits a delivery-status body into its groups of fields (RFC 3464, 2.1: the
// per-message fields, then one group per recipient, separated by empty lines), unfolding
// continuation lines. Lines that are not fields are skipped.
func blocks(data []byte) [][]field {
	var out [][]field
	var cur []field
	end := func() {
		if len(cur) > 0 {
			out = append(out, cur)
			cur = nil
		}
	}
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.TrimSpace(line) == "":
			end()
		case line[0] == ' ' || line[0] == '\t':
			if len(cur) > 0 {
				cur[len(cur)-1].value += " " + strings.TrimSpace(line)
			}
		default:
			name, value, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			cur = append(cur, field{strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)})
		}
	}
	end()
	return out
}

// typed returns the value of a typed field ("rfc822; bob@example.org", "smtp; 550 …") without
// its type. A value without a type is returned as it is.
func typed(v string) string {
	if t, rest, ok := strings.Cut(v, ";"); ok && !strings.ContainsAny(t, " @<") && len(t) <= 16 {
		return strings.TrimSpace(rest)
	}
	return strings.TrimSpace(v)
}

// addressValue is a recipient field's address: without its type and angle brackets, lower case.
func addressValue(v string) string {
	a := strings.ToLower(strings.Trim(typed(v), "<> "))
	// RFC 6533: a UTF-8 address may be encoded as xtext (\x{HEX}); what postald sends is ASCII.
	return a
}

// dateValue reads an RFC 5322 date; zero when it cannot be read.
func dateValue(v string) time.Time {
	// A comment after the date, as Postfix writes "(UTC)", is dropped by net/mail itself.
	t, err := mail.ParseDate(strings.TrimSpace(v))
	if err != nil {
		return time.Time{}
	}
	return t
}

// readStatus reads a message/delivery-status part: the per-message fields and each recipient.
func (x *reading) readStatus(data []byte) {
	bs := blocks(data)
	if len(bs) == 0 {
		return
	}
	x.status = true
	for _, b := range bs {
		recipient := false
		for _, f := range b {
			if f.name == "final-recipient" || f.name == "original-recipient" || f.name == "action" {
				recipient = true
			}
		}
		if !recipient {
			x.perMessage(b)
			continue
		}
		if len(x.r.Recipients) < maxRecipients {
			x.r.Recipients = append(x.r.Recipients, recipientOf(b))
		}
	}
}

// perMessage reads the per-message fields of a delivery-status part.
func (x *reading) perMessage(b []field) {
	for _, f := range b {
		switch f.name {
		case "original-envelope-id":
			if x.r.EnvID == "" {
				x.r.EnvID = strings.TrimSpace(f.value)
			}
		case "reporting-mta":
			if x.r.Reporter == "" {
				x.r.Reporter = typed(f.value)
			}
		case "arrival-date":
			if x.r.Arrival.IsZero() {
				x.r.Arrival = dateValue(f.value)
			}
		case "x-original-message-id":
			if x.r.OriginalID == "" {
				x.r.OriginalID = normalizeID(f.value)
			}
		}
	}
}

// recipientOf reads one recipient's fields.
func recipientOf(b []field) Recipient {
	var rc Recipient
	for _, f := range b {
		switch f.name {
		case "final-recipient":
			rc.Address = addressValue(f.value)
		case "original-recipient":
			rc.Original = addressValue(f.value)
		case "action":
			rc.Action = actionWord(f.value)
		case "status":
			rc.Status = findStatus(f.value)
		case "remote-mta":
			rc.RemoteMTA = typed(f.value)
		case "diagnostic-code":
			rc.Diagnostic = typed(f.value)
		case "last-attempt-date":
			rc.LastAttempt = dateValue(f.value)
		case "will-retry-until":
			rc.RetryUntil = dateValue(f.value)
		}
	}
	if rc.Address == "" {
		rc.Address = rc.Original
	}
	if rc.Original == rc.Address {
		rc.Original = ""
	}
	if rc.Status == "" {
		rc.Status = findStatus(rc.Diagnostic)
	}
	if rc.Action == "" {
		rc.Action = actionOf(rc.Status)
	}
	return rc
}

// actionWord reads an Action field: one of RFC 3464's words, in any case, with any comment.
func actionWord(v string) Action {
	w := strings.ToLower(strings.TrimSpace(v))
	if i := strings.IndexAny(w, " \t(;"); i >= 0 {
		w = w[:i]
	}
	switch a := Action(w); a {
	case Failed, Delayed, Delivered, Relayed, Expanded:
		return a
	}
	return ""
}
