package trust

import (
	"fmt"
	"strings"
)

// Loop is why a letter must never be answered (RFC 3834 and common practice); NoLoop when it may
// be.
type Loop int

const (
	NoLoop           Loop = iota
	LoopReport            // a delivery or read report (multipart/report)
	LoopBounce            // a bounce or auto-reply (Return-Path: <>)
	LoopAutomatic         // Auto-Submitted other than "no" (RFC 3834, section 2)
	LoopBulk              // Precedence: bulk, list, junk or auto_reply
	LoopList              // mailing-list mail (a List-* field)
	LoopAutoreply         // an auto-reply's own field (X-Autoreply and its kin)
	LoopOwnLetter         // postald's own letter came back (an X-Postald-* field)
	LoopNoFrom            // no readable From address
	LoopOwnAddress        // from postald's own address
	LoopMailerDaemon      // from a mailer daemon
)

var loopNames = [...]string{"", "report", "bounce", "automatic", "bulk", "list", "autoreply",
	"own-letter", "no-from", "own-address", "mailer-daemon"}

// String is the loop's stable name, as stored with a held letter.
func (l Loop) String() string {
	if l < 0 || int(l) >= len(loopNames) {
		return fmt.Sprintf("loop(%d)", int(l))
	}
	return loopNames[l]
}

// MarshalText stores a loop by its name.
func (l Loop) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a loop's name.
func (l *Loop) UnmarshalText(b []byte) error {
	for i, n := range loopNames {
		if n == string(b) {
			*l = Loop(i)
			return nil
		}
	}
	return fmt.Errorf("unknown loop %q", b)
}

// LoopOf says why a letter must never be answered, or NoLoop when it may be: bounces and
// delivery reports, automatic letters, bulk and list mail, postald's own letters coming back,
// and letters with no address to answer. quote is the field that shows it, as the letter has it
// ("Auto-Submitted: auto-replied"), where one does. own lists postald's own addresses (its From,
// the tournaments' addresses).
func LoopOf(h Header, own ...string) (l Loop, quote string) {
	switch {
	case h.ContentType == "multipart/report":
		return LoopReport, h.ReportType
	case h.ReturnPathEmpty:
		return LoopBounce, "Return-Path: <>"
	case h.AutoSubmitted != "" && h.AutoSubmitted != "no":
		// RFC 3834 section 2: anything but "no" is automatic.
		return LoopAutomatic, "Auto-Submitted: " + h.AutoSubmitted
	case h.Precedence == "bulk" || h.Precedence == "list" || h.Precedence == "junk" || h.Precedence == "auto_reply":
		return LoopBulk, "Precedence: " + h.Precedence
	case len(h.ListHeaders) > 0:
		return LoopList, h.ListHeaders[0]
	case h.XAutoreply != "":
		return LoopAutoreply, h.XAutoreply
	case len(h.Postald) > 0:
		return LoopOwnLetter, h.Postald[0]
	case h.From == "":
		return LoopNoFrom, ""
	case isOwn(h.From, own):
		return LoopOwnAddress, h.From
	case strings.HasPrefix(h.From, "mailer-daemon@"):
		return LoopMailerDaemon, h.From
	}
	return NoLoop, ""
}

func isOwn(from string, own []string) bool {
	for _, a := range own {
		if a != "" && strings.EqualFold(from, a) {
			return true
		}
	}
	return false
}
