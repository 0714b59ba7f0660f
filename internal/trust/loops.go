package trust

import "strings"

// LoopReason says why a letter must never be answered (RFC 3834 and common practice), or ""
// when it may be: bounces and delivery reports, automatic letters, bulk and list mail, postald's
// own letters coming back, and letters with no address to answer. own lists postald's own
// addresses (its From, the tournaments' addresses).
func LoopReason(h Header, own ...string) string {
	switch {
	case h.ContentType == "multipart/report":
		return "delivery or read report (" + h.ReportType + ")"
	case h.ReturnPathEmpty:
		return "bounce or auto-reply (Return-Path: <>)"
	case h.AutoSubmitted != "" && h.AutoSubmitted != "no":
		// RFC 3834 section 2: anything but "no" is automatic.
		return "automatic letter (Auto-Submitted: " + h.AutoSubmitted + ")"
	case h.Precedence == "bulk" || h.Precedence == "list" || h.Precedence == "junk" || h.Precedence == "auto_reply":
		return "bulk or list mail (Precedence: " + h.Precedence + ")"
	case len(h.ListHeaders) > 0:
		return "mailing-list mail (" + h.ListHeaders[0] + ")"
	case h.XAutoreply != "":
		return "auto-reply (" + h.XAutoreply + ")"
	case len(h.Postald) > 0:
		return "postald's own letter came back (" + h.Postald[0] + ")"
	case h.From == "":
		return "no readable From address"
	case isOwn(h.From, own):
		return "letter from postald's own address"
	case strings.HasPrefix(h.From, "mailer-daemon@"):
		return "letter from a mailer daemon"
	}
	return ""
}

func isOwn(from string, own []string) bool {
	for _, a := range own {
		if a != "" && strings.EqualFold(from, a) {
			return true
		}
	}
	return false
}
