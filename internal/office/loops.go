package office

import (
	"postald/internal/mailparse"
	"postald/internal/trust"
)

// loopOf says why a letter must not be answered (RFC 3834 and common practice), or NoLoop when
// it may: trust.LoopOf asked of the header as mailparse read it. The daemon asks it of the
// raw header before parsing (precheck) and again of the parsed letter, so that a header the two
// readers see differently cannot slip past either: bounces, auto-replies, mailing lists and
// postald's own letters are archived, never answered, and two programs can never answer each
// other forever.
func loopOf(l *mailparse.Letter, own string) (trust.Loop, string) {
	h := l.Header
	th := trust.Header{
		From:            h.From,
		AutoSubmitted:   h.AutoSubmitted,
		Precedence:      h.Precedence,
		ListHeaders:     h.ListHeaders,
		ReturnPathEmpty: h.ReturnPathEmpty,
		XAutoreply:      h.XAutoreply,
		ContentType:     h.ContentType,
		ReportType:      h.ReportType,
		Subject:         h.Subject,
	}
	if h.From != "" {
		th.FromFields = 1
	}
	if h.ListID != "" && len(th.ListHeaders) == 0 {
		th.ListHeaders = []string{"List-Id"}
	}
	for _, f := range h.Postald {
		th.Postald = append(th.Postald, f.Name)
	}
	return trust.LoopOf(th, own)
}
