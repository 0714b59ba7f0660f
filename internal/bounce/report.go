package bounce

import (
	"regexp"
	"strings"
	"time"
)

// Action is what a report says happened to a letter for one recipient (RFC 3464, 2.3.3).
type Action string

// The actions of RFC 3464.
const (
	Failed    Action = "failed"    // not delivered, and it will not be
	Delayed   Action = "delayed"   // not delivered yet; the server keeps trying
	Delivered Action = "delivered" // delivered to the recipient's mailbox
	Relayed   Action = "relayed"   // handed to a server that sends no further report
	Expanded  Action = "expanded"  // delivered to a list or an alias that forwards it further
)

// Final reports whether the action ends the letter's journey: failed or delivered.
func (a Action) Final() bool { return a == Failed || a == Delivered }

// Success reports whether the action says the letter reached its recipient's server.
func (a Action) Success() bool { return a == Delivered || a == Relayed || a == Expanded }

// Format is how a report was read.
type Format string

// The formats Read knows.
const (
	RFC3464  Format = "rfc3464"  // a multipart/report with a message/delivery-status part
	Qmail    Format = "qmail"    // qmail-send's text
	Exim     Format = "exim"     // Exim's text, without a delivery-status part
	Sendmail Format = "sendmail" // Sendmail's old text
	Exchange Format = "exchange" // Exchange 2003's text
	Unread   Format = "unread"   // a report whose recipients could not be read
)

// Report is one delivery report as read.
type Report struct {
	Format Format `json:"format"`
	// Vendor is the server that wrote it as far as its marks tell: postfix, sendmail, exim,
	// qmail, exchange, gmail, yandex, mailru; "" when they tell nothing.
	Vendor string `json:"vendor,omitempty"`
	// EnvID is the envelope ID the letter was sent with (Original-Envelope-Id): what the sender
	// gave the submission server with ENVID, returned only to the envelope sender.
	EnvID string `json:"envid,omitempty"`
	// Reporter is the server that wrote the report (Reporting-MTA, without its type).
	Reporter string `json:"reporter,omitempty"`
	// Arrival is when that server received the letter (Arrival-Date); zero when not said.
	Arrival time.Time `json:"arrival,omitzero"`
	// OriginalID is the letter's Message-ID as Gmail's per-message field X-Original-Message-ID
	// gives it, without angle brackets.
	OriginalID string      `json:"original_message_id,omitempty"`
	Recipients []Recipient `json:"recipients"`
	// Returned is what came back of the letter the report is about.
	Returned Returned `json:"returned,omitzero"`
	// To are the addresses the report itself was delivered to, lower case: its To, and the
	// receiving server's Delivered-To, X-Original-To and Envelope-To. A report goes to the
	// letter's envelope sender, so a per-letter envelope sender (VERP) is among them.
	To []string `json:"to,omitempty"`
	// Subject is the report's own subject.
	Subject string `json:"subject,omitempty"`
}

// Recipient is what a report says of one recipient.
type Recipient struct {
	// Address is the recipient as the reporting server knew him (Final-Recipient), lower case;
	// Original is the address the sender gave (Original-Recipient), when it differs.
	Address  string `json:"address"`
	Original string `json:"original,omitempty"`
	Action   Action `json:"action"`
	// Status is the enhanced status code (RFC 3463): "5.2.2"; "" when the report gives none.
	Status string `json:"status,omitempty"`
	// Diagnostic is the remote server's answer as the report quotes it, without its type:
	// "552 5.2.2 mailbox full".
	Diagnostic string `json:"diagnostic,omitempty"`
	// RemoteMTA is the server that answered (Remote-MTA), without its type.
	RemoteMTA   string    `json:"remote_mta,omitempty"`
	LastAttempt time.Time `json:"last_attempt,omitzero"`
	RetryUntil  time.Time `json:"retry_until,omitzero"`
}

// Returned is what came back of the letter a report is about: a few fields of its header.
type Returned struct {
	MessageID  string `json:"message_id,omitempty"` // without angle brackets
	ReturnPath string `json:"return_path,omitempty"`
	From       string `json:"from,omitempty"`
	To         string `json:"to,omitempty"`
	Subject    string `json:"subject,omitempty"`
	// Game is the letter's X-Postald-Game field, when it came back: postald's own mark.
	Game string `json:"game,omitempty"`
}

// MessageIDs returns the Message-IDs the report gives of the letter it is about: the returned
// header's, and Gmail's X-Original-Message-ID when it differs.
func (r *Report) MessageIDs() []string {
	var ids []string
	for _, id := range []string{r.Returned.MessageID, r.OriginalID} {
		if id != "" && (len(ids) == 0 || ids[0] != id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// For returns the recipient the report says something of for address addr (any case), or the
// only recipient it names; false when it names several others or none.
func (r *Report) For(addr string) (Recipient, bool) {
	addr = strings.ToLower(strings.Trim(addr, "<> "))
	for _, rc := range r.Recipients {
		if rc.Address == addr || rc.Original == addr {
			return rc, true
		}
	}
	if len(r.Recipients) == 1 {
		return r.Recipients[0], true
	}
	return Recipient{}, false
}

// replyCode is an SMTP reply code at the start of a diagnostic: "552 " or "552-".
var replyCode = regexp.MustCompile(`^[2-5][0-9][0-9][ -]`)

// enhanced is an enhanced status code (RFC 3463), as a word.
var enhanced = regexp.MustCompile(`(^|[^0-9.])([245])\.([0-9]{1,3})\.([0-9]{1,3})($|[^0-9.])`)

// findStatus returns the first enhanced status code in s; "" when there is none.
func findStatus(s string) string {
	m := enhanced.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[2] + "." + m[3] + "." + m[4]
}

// Words returns what the receiving server said, for people: the status code and the server's
// words without the reply code ("5.2.2 mailbox full"), or the status alone.
func (rc Recipient) Words() string {
	d := strings.TrimSpace(rc.Diagnostic)
	if replyCode.MatchString(d) {
		d = strings.TrimSpace(d[4:])
	}
	switch {
	case d == "":
		return rc.Status
	case rc.Status == "" || strings.HasPrefix(d, rc.Status):
		return d
	}
	return rc.Status + " " + d
}

// actionOf is the action a status code implies, for a report that states none: 5 failed, 4
// delayed, 2 delivered.
func actionOf(status string) Action {
	switch {
	case strings.HasPrefix(status, "5"):
		return Failed
	case strings.HasPrefix(status, "4"):
		return Delayed
	case strings.HasPrefix(status, "2"):
		return Delivered
	}
	return ""
}
