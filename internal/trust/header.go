package trust

import (
	"bytes"
	"io"
	"mime"
	"net/mail"
	"strings"
)

// Bounds of ReadHeader: whatever the header holds, reading it costs one pass over its bytes and
// keeps little.
const (
	maxFields      = 2000    // header fields looked at; the rest of the header is skipped
	maxAuthResults = 32      // Authentication-Results fields kept
	maxPostald     = 32      // X-Postald-* field names kept
	maxValueBytes  = 8 << 10 // bytes of one field value kept
)

// Header is what the pre-checks need from a letter's header section.
type Header struct {
	// From is the first From address as a lower-case addr-spec; "" when there is no From field or
	// its address cannot be read.
	From string
	// FromFields is the number of From fields; RFC 5322 (3.6) allows exactly one.
	FromFields int
	// FromAddrs is the number of addresses the first From field names. RFC 5322 (3.6.2) allows a
	// list there only with a Sender; postald reads a letter as one player's, so it takes one.
	FromAddrs int
	// Sender is the first Sender address as a lower-case addr-spec ("" when there is none or it
	// cannot be read); SenderFields the number of Sender fields.
	Sender       string
	SenderFields int
	// AuthResults are the values of the Authentication-Results fields, top first: the first is
	// the one the last server to receive the letter added.
	AuthResults []string
	// AuthResultsAt are the positions of those fields in the header (1 for the first field),
	// so that fields written together (adjacent) can be told from fields further down.
	AuthResultsAt []int

	AutoSubmitted   string   // the Auto-Submitted keyword, lower case ("auto-replied"); "" when absent
	Precedence      string   // the Precedence keyword, lower case ("bulk", "list", "junk")
	ListHeaders     []string // names of the List-* fields (List-Id, List-Unsubscribe, ...)
	ReturnPathEmpty bool     // Return-Path: <> (a bounce or an auto-reply)
	XAutoreply      string   // X-Autoreply, X-Autorespond or X-Auto-Response-Suppress, as "Name: value"
	Postald         []string // names of the X-Postald-* fields: the letter is (or copies) postald's own
	ContentType     string   // the media type of the message, lower case ("multipart/report")
	ReportType      string   // the report-type parameter of a multipart/report, lower case

	// Fields is the number of header fields read.
	Fields int
}

// ReadHeader reads the header section of raw (up to the first empty line) without reading the
// body. Lines that are not fields are skipped; continuation lines are unfolded.
func ReadHeader(raw []byte) Header {
	var h Header
	var name []byte
	var value []byte // the current field's value, unfolded and capped
	flush := func() {
		if name != nil {
			h.field(name, value)
		}
		name, value = nil, value[:0]
	}
	for len(raw) > 0 && h.Fields < maxFields {
		var line []byte
		line, raw = nextLine(raw)
		if len(line) == 0 {
			break // the end of the header section
		}
		if line[0] == ' ' || line[0] == '\t' {
			if name != nil {
				value = appendCapped(value, line)
			}
			continue
		}
		flush()
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			continue // not a field (an mbox "From " line, garbage)
		}
		name = bytes.TrimRight(line[:colon], " \t")
		value = appendCapped(value, line[colon+1:])
		h.Fields++
	}
	flush()
	return h
}

func appendCapped(dst, b []byte) []byte {
	if room := maxValueBytes - len(dst); len(b) > room {
		b = b[:max(room, 0)]
	}
	return append(dst, b...)
}

// field records one header field. Only the values of the fields it keeps are copied.
func (h *Header) field(name, value []byte) {
	val := func() string { return strings.TrimSpace(string(value)) }
	switch {
	case fold(name, "From"):
		h.FromFields++
		if h.FromFields == 1 {
			h.From, h.FromAddrs = readAddresses(val())
		}
	case fold(name, "Sender"):
		h.SenderFields++
		if h.SenderFields == 1 {
			h.Sender = readAddress(val())
		}
	case fold(name, "Authentication-Results"):
		if len(h.AuthResults) < maxAuthResults {
			h.AuthResults = append(h.AuthResults, val())
			h.AuthResultsAt = append(h.AuthResultsAt, h.Fields)
		}
	case fold(name, "Auto-Submitted"):
		h.AutoSubmitted = keyword(val())
	case fold(name, "Precedence"):
		h.Precedence = keyword(val())
	case fold(name, "Return-Path"):
		if strings.TrimSpace(strings.Trim(val(), "<> \t")) == "" {
			h.ReturnPathEmpty = true
		}
	case fold(name, "X-Autoreply"), fold(name, "X-Autorespond"), fold(name, "X-Auto-Response-Suppress"):
		if v := val(); h.XAutoreply == "" && v != "" {
			h.XAutoreply = string(name) + ": " + v
		}
	case fold(name, "Content-Type"):
		if h.ContentType == "" {
			h.ContentType, h.ReportType = mediaType(val())
		}
	case len(name) > 5 && fold(name[:5], "List-"):
		if len(h.ListHeaders) < maxPostald {
			h.ListHeaders = append(h.ListHeaders, string(name))
		}
	case len(name) > 9 && fold(name[:9], "X-Postald"):
		if len(h.Postald) < maxPostald {
			h.Postald = append(h.Postald, string(name))
		}
	}
}

func fold(b []byte, s string) bool { return len(b) == len(s) && strings.EqualFold(string(b), s) }

// keyword is the first word of a structured value, lower case: "auto-replied; x=y" → "auto-replied".
func keyword(v string) string {
	if i := strings.IndexAny(v, ";( \t"); i >= 0 {
		v = v[:i]
	}
	return strings.ToLower(v)
}

// mediaType returns the lower-case media type of a Content-Type value and its report-type.
func mediaType(v string) (typ, report string) {
	t, params, err := mime.ParseMediaType(v)
	if err != nil {
		return keyword(v), ""
	}
	return t, strings.ToLower(params["report-type"])
}

// readAddress returns the first address of a From value as a lower-case addr-spec, "" when none
// can be read. Encoded display names in any charset are accepted (their text does not matter).
func readAddress(v string) string {
	a, _ := readAddresses(v)
	return a
}

// readAddresses returns the first address of an address list as readAddress does, and how many
// addresses the list names: as the parser reads them, or, when it cannot, the at signs outside
// quoted strings (a list the parser rejects still names every address it shows the reader).
func readAddresses(v string) (string, int) {
	p := mail.AddressParser{WordDecoder: &mime.WordDecoder{
		CharsetReader: func(_ string, r io.Reader) (io.Reader, error) { return r, nil },
	}}
	if list, err := p.ParseList(v); err == nil && len(list) > 0 {
		return strings.ToLower(list[0].Address), len(list)
	}
	a := readFallback(v)
	n := atSigns(v)
	if a != "" {
		n = max(n, 1)
	}
	return a, n
}

// atSigns counts the at signs of v outside quoted strings.
func atSigns(v string) int {
	n, quoted := 0, false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			quoted = !quoted
		case '@':
			if !quoted {
				n++
			}
		}
	}
	return n
}

// readFallback reads an address the parser rejected.
func readFallback(v string) string {
	// An address in angle brackets after a display name the parser rejected.
	if i := strings.LastIndexByte(v, '<'); i >= 0 {
		if j := strings.IndexByte(v[i:], '>'); j > 0 {
			if a := v[i+1 : i+j]; isAddrSpec(a) {
				return strings.ToLower(a)
			}
		}
	}
	if isAddrSpec(v) {
		return strings.ToLower(v)
	}
	return ""
}

// isAddrSpec is a plain check of local@domain without spaces, for the fallback above.
func isAddrSpec(a string) bool {
	at := strings.LastIndexByte(a, '@')
	return at > 0 && at < len(a)-1 && !strings.ContainsAny(a, " \t\"<>,;()[]\\")
}

// Domain returns the lower-case domain of an address, "" when it has none.
func Domain(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(addr[at+1:]), ".")
}

// nextLine splits off the first line of raw, without its line end ("\n" or "\r\n"), and
// returns it with the rest.
func nextLine(raw []byte) (line, rest []byte) {
	line, rest, _ = bytes.Cut(raw, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r")), rest
}
