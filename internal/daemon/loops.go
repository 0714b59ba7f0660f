package daemon

import (
	"strings"

	"postald/internal/mailparse"
)

// loopReason says why a letter must not be answered (RFC 3834 and common practice), or "" when
// it may: bounces, auto-replies, mailing lists and postald's own letters are archived and
// reported, never answered, so that two programs can never answer each other forever.
func loopReason(l *mailparse.Letter, own string) string {
	h := l.Header
	switch {
	case h.ContentType == "multipart/report":
		return "delivery or read report (" + h.ReportType + ")"
	case h.ReturnPathEmpty:
		return "bounce or auto-reply (Return-Path: <>)"
	case h.AutoSubmitted != "" && h.AutoSubmitted != "no":
		return "automatic letter (Auto-Submitted: " + h.AutoSubmitted + ")"
	case h.Precedence == "bulk" || h.Precedence == "list" || h.Precedence == "junk":
		return "bulk or list mail (Precedence: " + h.Precedence + ")"
	case h.ListID != "" || len(h.ListHeaders) > 0:
		return "mailing-list mail"
	case h.XAutoreply != "":
		return "auto-reply (" + h.XAutoreply + ")"
	case len(h.Postald) > 0:
		return "postald's own letter came back"
	case own != "" && strings.EqualFold(h.From, own):
		return "letter from postald's own address"
	case h.From == "":
		return "no readable From address"
	}
	return ""
}
