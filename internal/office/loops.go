package office

import (
	"postald/internal/mailparse"
	"postald/internal/trust"
)

// parsedHeader is the header of l as mailparse read it, in the form the trust gate reads
// (trust.Facts.Parsed): the gate asks its rules of the raw header before parsing and again of
// the parsed letter, so that a header the two readers see differently cannot slip past either:
// bounces, auto-replies, mailing lists and postald's own letters are archived, never answered,
// and two programs can never answer each other forever.
func parsedHeader(l *mailparse.Letter) trust.Header {
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
	return th
}
