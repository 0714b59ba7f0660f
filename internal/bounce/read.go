package bounce

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
)

// Bounds of Read.
const (
	maxParts      = 64      // MIME parts looked at
	maxDepth      = 4       // levels of multipart nesting
	maxPartBytes  = 1 << 20 // bytes of one part read
	maxRecipients = 100     // recipients kept
	maxTexts      = 4       // text parts kept for the plain-text forms
)

// reading is the state of one Read.
type reading struct {
	r      Report
	parts  int
	status bool     // a delivery-status part was read
	texts  []string // the text/plain parts, decoded, in order
	report bool     // the letter says it is a delivery report (multipart/report of its type)
	header bool     // a returned header was read from a part of its own
}

// Read reads raw as a delivery report. ok is false when raw is no delivery report (a player's
// letter, a read receipt, a letter that cannot be read).
func Read(raw []byte) (rep *Report, ok bool) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, false
	}
	x := &reading{}
	h := m.Header
	x.r.Subject = decodeWord(h.Get("Subject"))
	x.r.To = recipientsOf(h)
	auto := automatic(h)
	ctype, params := mediaType(h.Get("Content-Type"))
	if ctype == "multipart/report" {
		rt := strings.ToLower(params["report-type"])
		if rt != "" && rt != "delivery-status" && rt != "global-delivery-status" {
			return nil, false // a read receipt (disposition-notification) or another report
		}
		x.report = rt != ""
	}
	if ctype != "multipart/report" && !auto {
		// Neither a report nor automatic mail: a player's letter, whatever its body says. Its
		// body is not read (a letter of megabytes costs its header only).
		return nil, false
	}
	x.walk(textproto.MIMEHeader(h), m.Body, 0)
	switch {
	case x.status:
		x.r.Format = RFC3464
	case x.readText():
	case x.report:
		x.r.Format = Unread
	default:
		return nil, false
	}
	if !x.status && !x.report && !auto {
		// A plain-text bounce form in a multipart/report of another type, not automatic mail.
		return nil, false
	}
	if x.r.Returned.MessageID == "" {
		x.r.Returned.MessageID = messageIDInText(x.texts)
	}
	x.r.Vendor = vendorOf(h, &x.r, x.texts)
	if x.r.Recipients == nil {
		x.r.Recipients = []Recipient{}
	}
	return &x.r, true
}

// automatic reports whether the header shows automatic mail: an empty Return-Path, an
// Auto-Submitted field other than "no", or a From of a mailer daemon or the postmaster.
func automatic(h mail.Header) bool {
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" || rp == "" && len(h["Return-Path"]) > 0 {
		return true
	}
	if as := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); as != "" && as != "no" {
		return true
	}
	from := strings.ToLower(h.Get("From"))
	return strings.Contains(from, "mailer-daemon@") || strings.Contains(from, "postmaster@") ||
		strings.Contains(from, "mail delivery")
}

// recipientsOf returns the addresses a report was delivered to, lower case, each once.
func recipientsOf(h mail.Header) []string {
	var out []string
	seen := map[string]bool{}
	add := func(a string) {
		a = strings.ToLower(strings.Trim(strings.TrimSpace(a), "<>"))
		if a == "" || seen[a] || !strings.Contains(a, "@") || len(out) >= 16 {
			return
		}
		seen[a] = true
		out = append(out, a)
	}
	for _, name := range []string{"Delivered-To", "X-Original-To", "Envelope-To", "To"} {
		for _, v := range h[textproto.CanonicalMIMEHeaderKey(name)] {
			if list, err := mail.ParseAddressList(v); err == nil {
				for _, a := range list {
					add(a.Address)
				}
				continue
			}
			for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
				add(w)
			}
		}
	}
	return out
}

// mediaType returns the lower-case media type of a Content-Type and its parameters; text/plain
// when there is none, and the type alone when its parameters cannot be read.
func mediaType(v string) (string, map[string]string) {
	if strings.TrimSpace(v) == "" {
		return "text/plain", map[string]string{}
	}
	t, params, err := mime.ParseMediaType(v)
	if err != nil {
		t, _, _ = strings.Cut(v, ";")
		t = strings.TrimSpace(t)
		params = map[string]string{}
		// A boundary is worth having even from a field that does not parse whole.
		if i := strings.Index(strings.ToLower(v), "boundary="); i >= 0 {
			b := strings.TrimSpace(v[i+len("boundary="):])
			if end := strings.IndexAny(b, "; \t"); end >= 0 && !strings.HasPrefix(b, `"`) {
				b = b[:end]
			}
			params["boundary"] = strings.Trim(b, `"`)
		}
	}
	return strings.ToLower(t), params
}

// walk reads one MIME entity: its parts when it is multipart, else what its type holds.
func (x *reading) walk(h textproto.MIMEHeader, body io.Reader, depth int) {
	if x.parts >= maxParts {
		return
	}
	x.parts++
	ctype, params := mediaType(h.Get("Content-Type"))
	if strings.HasPrefix(ctype, "multipart/") {
		if depth >= maxDepth || params["boundary"] == "" {
			return
		}
		if ctype == "multipart/report" {
			rt := strings.ToLower(params["report-type"])
			if rt == "delivery-status" || rt == "global-delivery-status" {
				x.report = true
			}
		}
		mr := multipart.NewReader(body, params["boundary"])
		for x.parts < maxParts {
			p, err := mr.NextRawPart()
			if err != nil {
				return
			}
			x.walk(p.Header, p, depth+1)
		}
		return
	}
	data := decoded(h, body)
	switch ctype {
	case "message/delivery-status", "message/global-delivery-status":
		x.readStatus(data)
	case "text/rfc822-headers", "message/global-headers":
		x.returned(data)
	case "message/rfc822", "message/global":
		x.returned(data)
	case "text/plain":
		if len(x.texts) < maxTexts {
			x.texts = append(x.texts, string(data))
		}
	}
}

// decoded returns a part's body decoded from its transfer encoding, at most maxPartBytes.
func decoded(h textproto.MIMEHeader, body io.Reader) []byte {
	r := io.LimitReader(body, maxPartBytes)
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "base64":
		raw, _ := io.ReadAll(r)
		clean := bytes.Map(func(c rune) rune {
			if c == '\r' || c == '\n' || c == ' ' || c == '\t' {
				return -1
			}
			return c
		}, raw)
		out := make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
		n, err := base64.StdEncoding.Decode(out, clean)
		if err != nil && n == 0 {
			n, _ = base64.RawStdEncoding.Decode(out, bytes.TrimRight(clean, "="))
		}
		return out[:n]
	case "quoted-printable":
		out, _ := io.ReadAll(quotedprintable.NewReader(r))
		return out
	}
	out, _ := io.ReadAll(r)
	return out
}

// returned reads the header of the letter a report returns (a text/rfc822-headers part or the
// letter itself) into Returned; the first one read wins.
func (x *reading) returned(data []byte) {
	if x.header {
		return
	}
	h, ok := readHeader(data)
	if !ok {
		return
	}
	x.header = true
	x.r.Returned = returnedOf(h)
}

// readHeader reads the header section at the start of data, leniently: leading empty lines
// are skipped, and a header that ends without an empty line is read to its end.
func readHeader(data []byte) (mail.Header, bool) {
	data = bytes.TrimLeft(data, "\r\n \t")
	if len(data) == 0 {
		return nil, false
	}
	if !bytes.Contains(data, []byte("\n\n")) && !bytes.Contains(data, []byte("\r\n\r\n")) {
		data = append(append([]byte(nil), data...), "\n\n"...)
	}
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(data)))
	h, err := tp.ReadMIMEHeader()
	if len(h) == 0 && err != nil {
		return nil, false
	}
	return mail.Header(h), true
}

// returnedOf is what Returned keeps of a returned header.
func returnedOf(h mail.Header) Returned {
	return Returned{
		MessageID:  normalizeID(h.Get("Message-Id")),
		ReturnPath: strings.ToLower(strings.Trim(strings.TrimSpace(h.Get("Return-Path")), "<>")),
		From:       addressOf(h.Get("From")),
		To:         addressOf(h.Get("To")),
		Subject:    decodeWord(h.Get("Subject")),
		Game:       strings.TrimSpace(h.Get("X-Postald-Game")),
	}
}

// addressOf is the first address of a field, lower case; the field as it is when it cannot be
// read as addresses.
func addressOf(v string) string {
	if a, err := mail.ParseAddress(v); err == nil {
		return strings.ToLower(a.Address)
	}
	if list, err := mail.ParseAddressList(v); err == nil && len(list) > 0 {
		return strings.ToLower(list[0].Address)
	}
	return strings.TrimSpace(v)
}

// normalizeID is a Message-ID without its angle brackets and surrounding space.
func normalizeID(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.IndexByte(v, '<'); i >= 0 {
		if j := strings.IndexByte(v[i:], '>'); j > 0 {
			return v[i+1 : i+j]
		}
	}
	return strings.Trim(v, "<>")
}

// decodeWord decodes RFC 2047 encoded words; the text as it is when they cannot be decoded.
func decodeWord(s string) string {
	d := new(mime.WordDecoder)
	if out, err := d.DecodeHeader(s); err == nil {
		return strings.TrimSpace(out)
	}
	return strings.TrimSpace(s)
}

// messageIDInText finds a Message-ID field quoted in the text parts (Exchange's "Original
// message headers", a plain-text bounce's copy of the letter): the first "Message-ID:" line.
func messageIDInText(texts []string) string {
	for _, t := range texts {
		for line := range strings.Lines(t) {
			l := strings.TrimSpace(line)
			if len(l) > 11 && strings.EqualFold(l[:11], "message-id:") {
				if id := normalizeID(l[11:]); id != "" {
					return id
				}
			}
		}
	}
	return ""
}
