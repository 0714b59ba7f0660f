package trust

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
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
	LoopAutoSubject       // the Subject of a mail service's automatic reply ("Автоответ:", "Automatic reply:")
)

var loopNames = [...]string{"", "report", "bounce", "automatic", "bulk", "list", "autoreply",
	"own-letter", "no-from", "own-address", "mailer-daemon", "autoreply-subject"}

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
	case AutoReplySubject(h.Subject):
		// An auto-responder that writes none of the fields above still writes its service's
		// subject: never answered, so never read as a leave notice either.
		return LoopAutoSubject, "Subject: " + clip(h.Subject, 80)
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

// autoSubjects are how the common mail services begin the Subject of an automatic reply, in
// Russian and English (and a few more languages players' mail programs speak), lower case:
// Outlook and Exchange ("Automatic reply:", «Автоматический ответ:», "Out of Office:"), Lotus
// Notes ("Auto:"), Yandex and Mail.ru («Автоответ:»), and the generic forms.
var autoSubjects = []string{
	"автоответ", "автоматический ответ", "автоответчик",
	"automatic reply", "auto reply", "auto-reply", "autoreply", "auto-response", "autoresponse",
	"out of office", "out of the office", "auto:",
	"abwesenheitsnotiz", "réponse automatique", "risposta automatica", "respuesta automática",
}

// AutoReplySubject reports whether subject is the Subject of a mail service's automatic reply:
// it begins (after brackets and spaces) with one of autoSubjects, as a word.
func AutoReplySubject(subject string) bool {
	s := strings.ToLower(strings.TrimLeft(subject, " \t[(«\""))
	for _, p := range autoSubjects {
		if !strings.HasPrefix(s, p) {
			continue
		}
		rest := s[len(p):]
		if strings.HasSuffix(p, ":") || rest == "" {
			return true
		}
		// A word of its own: "Autoreply: …", "Out of office – back on the 5th", not "Autoreplying".
		r, _ := utf8.DecodeRuneInString(rest)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// clip cuts s to at most n runes, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
