package trust

import (
	"bytes"
	"io"
	"mime"
	"net/mail"
	"strings"

	"github.com/emersion/go-message/charset"
)

// MaxFields is the number of fields a letter's header may have. ReadHeader counts every field
// and reads every one that decides anything, as a DKIM verifier reads the whole header; a
// header with more fields than this is held (a limit, like the letter's size), so that no
// reader of the header ever works on less of it than another.
const MaxFields = 2000

// Bounds of what ReadHeader keeps: whatever the header holds, reading it costs one pass over its
// bytes and keeps little.
const (
	maxAuthResults = 32      // Authentication-Results fields kept
	maxPostald     = 32      // X-Postald-* field names kept
	maxRecipients  = 64      // addresses of To and Cc kept
	maxValueBytes  = 8 << 10 // bytes of one field value kept
)

// Single are the fields RFC 5322 (3.6, the table of 3.6) allows at most once in a message,
// as their names are written: a letter with two of one of them shows one value to one reader
// and the other to another (the first to a mail program, the last to a DKIM verifier), so it is
// held whichever postald would read (trust.HoldTwice). From and Sender are counted in their own
// fields of Header.
var Single = []string{"Date", "Reply-To", "To", "Cc", "Bcc", "Message-ID", "In-Reply-To", "References", "Subject"}

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

	// Subject is the first Subject field, its encoded words decoded (RFC 2047) and its runs of
	// spaces made one; MessageID the first Message-ID without its angle brackets. A letter has
	// at most one of each (Twice), so the first is the only one.
	Subject   string
	MessageID string
	// Recipients are the addresses the To and Cc fields name, lower case, in order (at most
	// maxRecipients; the rest are not kept).
	Recipients []string
	// Twice is the first field of Single the header has more than once, named as Single names
	// it, and TwiceN how many times it has it; "" when there is none.
	Twice  string
	TwiceN int

	// Fields is the number of header fields: all of them, however many (MaxFields).
	Fields int
}

// ReadHeader reads the header section of raw (up to the first empty line) without reading the
// body. Lines that are not fields are skipped; continuation lines are unfolded.
func ReadHeader(raw []byte) Header {
	var h Header
	var single [9]int // how many times the header has each field of Single
	var name []byte
	var value []byte // the current field's value, unfolded and capped
	flush := func() {
		if name != nil {
			h.field(name, value, &single)
		}
		name, value = nil, value[:0]
	}
	for len(raw) > 0 {
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
	for i, n := range single {
		if n > 1 && h.Twice == "" {
			h.Twice, h.TwiceN = Single[i], n
		}
	}
	return h
}

func appendCapped(dst, b []byte) []byte {
	if room := maxValueBytes - len(dst); len(b) > room {
		b = b[:max(room, 0)]
	}
	return append(dst, b...)
}

// field records one header field. Only the values of the fields it keeps are copied.
func (h *Header) field(name, value []byte, single *[9]int) {
	val := func() string { return strings.TrimSpace(string(value)) }
	for i, n := range Single {
		if fold(name, n) {
			single[i]++
			if single[i] > 1 {
				return // a second one is only counted: the letter is held
			}
		}
	}
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
		// Any one that says the letter is automatic makes it so (RFC 3834, 5): a second field
		// saying "no" does not take it back.
		if k := keyword(val()); h.AutoSubmitted == "" || h.AutoSubmitted == "no" {
			h.AutoSubmitted = k
		}
	case fold(name, "Precedence"):
		if k := keyword(val()); h.Precedence == "" || !bulk(h.Precedence) {
			h.Precedence = k
		}
	case fold(name, "Subject"):
		h.Subject = decodeText(val())
	case fold(name, "Message-ID"):
		h.MessageID = messageID(val())
	case fold(name, "To"), fold(name, "Cc"):
		for _, a := range addressList(val()) {
			if len(h.Recipients) < maxRecipients {
				h.Recipients = append(h.Recipients, a)
			}
		}
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

// bulk reports a Precedence keyword of mail that is never answered.
func bulk(k string) bool { return k == "bulk" || k == "list" || k == "junk" || k == "auto_reply" }

// decodeText decodes the encoded words of an unstructured field (RFC 2047) in any charset
// go-message knows, and makes every run of spaces one; a word it cannot decode stays as written.
func decodeText(v string) string {
	if d, err := wordDecoder.DecodeHeader(v); err == nil {
		v = d
	}
	return strings.Join(strings.Fields(v), " ")
}

var wordDecoder = &mime.WordDecoder{CharsetReader: charset.Reader}

// messageID is a Message-ID value as the store keeps it (store.NormalizeMessageID): spaces
// and one pair of angle brackets around it taken away.
func messageID(v string) string {
	v = strings.TrimSpace(v)
	v = strings.TrimPrefix(v, "<")
	v = strings.TrimSuffix(v, ">")
	return strings.TrimSpace(v)
}

// addressList returns the addresses of an address list (To, Cc), lower case: as the parser
// reads them, or, when it cannot, every addr-spec in angle brackets or between commas.
func addressList(v string) []string {
	p := mail.AddressParser{WordDecoder: &mime.WordDecoder{
		CharsetReader: func(_ string, r io.Reader) (io.Reader, error) { return r, nil },
	}}
	var out []string
	if list, err := p.ParseList(v); err == nil {
		for _, a := range list {
			out = append(out, strings.ToLower(a.Address))
		}
		return out
	}
	for _, part := range strings.Split(v, ",") {
		if a := readFallback(strings.TrimSpace(part)); a != "" {
			out = append(out, a)
		}
	}
	return out
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
