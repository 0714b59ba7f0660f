package mailparse

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	gmcharset "github.com/emersion/go-message/charset" // also registers KOI8-R, windows-1251, ISO-8859-5, ... with go-message
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

var reMetaCharset = regexp.MustCompile(`(?i)<meta[^>]+charset\s*=\s*["']?([a-z0-9_.:-]+)`)

// Limits: the parser reads no more than this of any message, so any input costs bounded
// memory and time. A real move letter is a few kilobytes.
const (
	MaxMessageBytes = 64 << 20 // bytes of the raw message read at all
	MaxTextBytes    = 1 << 20  // bytes of decoded text kept from the body
	MaxLines        = 10000    // lines of new text read
	MaxLineBytes    = 4096     // bytes of one line read
	maxDepth        = 8        // nesting of multipart entities
	maxParts        = 64       // MIME parts looked at
)

// bodyReader walks the MIME tree of one message and collects its text.
type bodyReader struct {
	problems []Problem
	parts    int
	budget   int  // decoded text bytes still allowed
	cut      bool // the text was truncated (reported once)
	attached []attached
}

func (br *bodyReader) problem(text, what string) {
	if len(br.problems) >= 64 {
		return
	}
	br.problems = append(br.problems, Problem{Where: Where{Line: 0, Text: clip(text, 200)}, What: what})
}

// clip shortens s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// entityText returns the text of an entity: text/plain as it is, text/html rendered, a
// multipart/alternative by its plain-text part (HTML when there is none), other multiparts
// by their inline text parts in order. Attachments and everything not text are skipped.
func (br *bodyReader) entityText(e *message.Entity, entErr error, depth int) (text string, isHTML, found bool) {
	br.parts++
	mt, params, ctErr := e.Header.ContentType()
	if ctErr != nil {
		if raw := e.Header.Get("Content-Type"); raw != "" {
			br.problem(raw, WhatMIME)
		}
		mt = "text/plain"
	}
	if mr := e.MultipartReader(); mr != nil {
		if depth >= maxDepth {
			br.problem(mt, WhatMIME+": nested too deep")
			return "", false, false
		}
		type child struct {
			text   string
			isHTML bool
		}
		var kids []child
		for {
			if br.parts >= maxParts {
				br.problem(mt, WhatMIME+": too many parts")
				break
			}
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if p == nil {
				if err != nil {
					br.problem(err.Error(), WhatMIME)
				}
				break
			}
			t, h, ok := br.entityText(p, err, depth+1)
			if ok {
				kids = append(kids, child{t, h})
			}
		}
		if len(kids) == 0 {
			return "", false, false
		}
		if mt == "multipart/alternative" {
			for _, k := range kids {
				if !k.isHTML && strings.TrimSpace(k.text) != "" {
					return k.text, false, true
				}
			}
			for _, k := range kids {
				if strings.TrimSpace(k.text) != "" {
					return k.text, k.isHTML, true
				}
			}
			return kids[0].text, kids[0].isHTML, true
		}
		var parts []string
		allHTML := true
		for _, k := range kids {
			parts = append(parts, k.text)
			allHTML = allHTML && k.isHTML
		}
		return strings.Join(parts, "\n"), allHTML, true
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	if strings.EqualFold(disp, "attachment") || mt != "text/plain" && mt != "text/html" {
		// Attachments, images, message/rfc822 copies are never read with the letter's text; a
		// file the player attached is kept aside (attached.go).
		br.attachment(e, entErr, mt, params, disp, dparams)
		return "", false, false
	}
	raw := br.read(e.Body)
	return br.decodeText(raw, mt, params, entErr, e.Header.Get("Content-Transfer-Encoding"))
}

// read reads a part's decoded body within the budget of text, reporting a cut once.
func (br *bodyReader) read(body io.Reader) []byte {
	raw, readErr := io.ReadAll(io.LimitReader(body, int64(br.budget)+1))
	if readErr != nil {
		br.problem(readErr.Error(), WhatMIME)
	}
	if len(raw) > br.budget {
		raw = raw[:br.budget]
		if !br.cut {
			br.problem("", WhatTruncated)
			br.cut = true
		}
	}
	br.budget -= len(raw)
	return raw
}

// decodeText makes the bytes of a text part (of media type mt, with its parameters and the
// error go-message gave the entity) UTF-8 text: the declared charset, else the likelier
// Cyrillic code page; HTML rendered; format=flowed joined.
func (br *bodyReader) decodeText(raw []byte, mt string, params map[string]string, entErr error, cte string) (text string, isHTML, found bool) {
	charset := strings.ToLower(params["charset"])
	switch {
	case message.IsUnknownEncoding(entErr):
		br.problem(cte, WhatMIME+": unknown transfer encoding")
	case message.IsUnknownCharset(entErr):
		br.problem(charset, WhatCharset)
	}
	if charset == "" && mt == "text/html" && !utf8.Valid(raw) {
		// An HTML part may name its charset in a <meta> element instead (HTML 4.2.5.5).
		if m := reMetaCharset.FindSubmatch(raw[:min(len(raw), 4096)]); m != nil {
			if dec, err := gmcharset.Reader(strings.ToLower(string(m[1])), bytes.NewReader(raw)); err == nil {
				if b, err := io.ReadAll(dec); err == nil {
					raw = b
				}
			}
		}
	}
	body := string(raw)
	if !utf8.ValidString(body) {
		guessed := guessDecode(raw)
		if !message.IsUnknownCharset(entErr) {
			declared := charset
			if declared == "" {
				declared = "us-ascii"
			}
			br.problem(declared, WhatBadText)
		}
		body = guessed
	}
	if cm := cyrillicCharmaps[charset]; cm != nil && cyrillicScore(body) < 0 {
		// Declared KOI8-R but written in windows-1251, or the other way round: the text
		// reads as capitals and pseudo-graphics. Take the bytes back and read them again.
		if orig, err := cm.NewEncoder().String(body); err == nil {
			if again := guessDecode([]byte(orig)); cyrillicScore(again) > cyrillicScore(body) {
				br.problem(charset, WhatBadText)
				body = again
			}
		}
	}
	if mt == "text/html" {
		return htmlText(body), true, true
	}
	if strings.EqualFold(params["format"], "flowed") {
		body = unflow(body, strings.EqualFold(params["delsp"], "yes"))
	}
	return body, false, true
}

// unflow joins the soft-broken lines of format=flowed text (RFC 3676 4.2): a line that ends
// with a space continues on the next one, except the signature separator "-- ". A leading
// space added for stuffing is removed, except before ">". Quoted lines are left as they are.
func unflow(s string, delsp bool) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	var b strings.Builder
	b.Grow(len(s))
	joining := false
	for i, line := range lines {
		if strings.HasPrefix(line, ">") {
			if joining {
				b.WriteByte('\n')
				joining = false
			}
			b.WriteString(line)
			if i < len(lines)-1 {
				b.WriteByte('\n')
			}
			continue
		}
		if strings.HasPrefix(line, " ") && !strings.HasPrefix(line, " >") {
			line = line[1:] // a stuffed " >" stays, so that it is not taken for a quote
		}
		soft := strings.HasSuffix(line, " ") && line != "-- "
		if soft && delsp {
			line = line[:len(line)-1]
		}
		b.WriteString(line)
		joining = soft
		if !soft && i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// cyrillicCharmaps are the 8-bit Cyrillic charsets a letter may wrongly declare.
var cyrillicCharmaps = map[string]*charmap.Charmap{
	"koi8-r": charmap.KOI8R, "koi8-u": charmap.KOI8U, "windows-1251": charmap.Windows1251,
	"cp1251": charmap.Windows1251, "iso-8859-5": charmap.ISO8859_5,
}

// guessDecode reads 8-bit text whose charset is unknown or wrong: the Cyrillic code page
// (windows-1251 or KOI8-R) under which it reads as more plausible Russian, else windows-1252.
func guessDecode(raw []byte) string {
	best, bestScore := "", -1<<31
	for _, cm := range []*charmap.Charmap{charmap.Windows1251, charmap.KOI8R} {
		s, err := cm.NewDecoder().Bytes(raw)
		if err != nil {
			continue
		}
		if sc := cyrillicScore(string(s)); sc > bestScore {
			best, bestScore = string(s), sc
		}
	}
	if bestScore <= 0 {
		if s, err := charmap.Windows1252.NewDecoder().Bytes(raw); err == nil {
			return string(s)
		}
	}
	if best == "" {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	return best
}

// cyrillicScore rates how much s reads like Russian: lower-case Cyrillic letters count for,
// capitals inside a word and pseudo-graphics count against (the marks of a wrong code page).
func cyrillicScore(s string) int {
	score := 0
	prev := ' '
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Cyrillic, r) && unicode.IsLower(r):
			score++
		case unicode.Is(unicode.Cyrillic, r) && unicode.IsUpper(r):
			if unicode.IsLetter(prev) {
				score -= 2
			}
		case r >= 0x2500 && r <= 0x25FF, r >= 0x80 && r < 0xC0:
			score -= 2
		}
		prev = r
	}
	return score
}

// fixHeaderText repairs a header value with raw 8-bit bytes that are not UTF-8.
func fixHeaderText(s string) (string, bool) {
	if utf8.ValidString(s) {
		return s, true
	}
	return guessDecode([]byte(s)), false
}

// readHeader collects the envelope facts of the message header.
func readHeader(h mail.Header, br *bodyReader) Header {
	var out Header
	if subj, err := h.Subject(); err == nil {
		out.Subject = subj
	} else {
		out.Subject = h.Get("Subject")
		br.problem(out.Subject, WhatHeader+": Subject")
	}
	if s, ok := fixHeaderText(out.Subject); !ok {
		out.Subject = s
		br.problem(s, WhatBadText+": Subject")
	}
	out.Subject = strings.Join(strings.Fields(out.Subject), " ")
	if raw := h.Get("From"); raw != "" {
		if addrs, err := h.AddressList("From"); err == nil && len(addrs) > 0 {
			out.From = strings.ToLower(addrs[0].Address)
			out.FromName, _ = fixHeaderText(addrs[0].Name)
		} else if a, err := mail.ParseAddress(raw); err == nil {
			out.From = strings.ToLower(a.Address)
			out.FromName, _ = fixHeaderText(a.Name)
		} else {
			s, _ := fixHeaderText(raw)
			br.problem(s, WhatHeader+": From")
		}
	}
	if raw := h.Get("Message-Id"); raw != "" {
		if id, err := h.MessageID(); err == nil && id != "" {
			out.MessageID = id
		} else {
			out.MessageID = strings.Trim(strings.TrimSpace(raw), "<>")
		}
	}
	out.InReplyTo = msgIDs(h, "In-Reply-To")
	out.References = msgIDs(h, "References")
	if raw := h.Get("Date"); raw != "" {
		if t, err := h.Date(); err == nil {
			out.Date = t
		} else {
			br.problem(raw, WhatHeader+": Date")
		}
	}
	out.AutoSubmitted = strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted")))
	out.Precedence = strings.ToLower(strings.TrimSpace(h.Get("Precedence")))
	out.ListID = strings.TrimSpace(h.Get("List-Id"))
	if rp := h.Get("Return-Path"); h.Has("Return-Path") && strings.TrimSpace(strings.Trim(strings.TrimSpace(rp), "<>")) == "" {
		out.ReturnPathEmpty = true
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"} {
		if v := strings.TrimSpace(h.Get(k)); v != "" {
			out.XAutoreply = v
			break
		}
	}
	seen := map[string]bool{}
	fields := h.Fields()
	for n := 0; fields.Next() && n < 1000; n++ {
		key := fields.Key()
		canon := strings.ToLower(key)
		switch {
		case strings.HasPrefix(canon, "list-"):
			if !seen[canon] {
				seen[canon] = true
				out.ListHeaders = append(out.ListHeaders, key)
			}
		case strings.HasPrefix(canon, "x-postald-"):
			if len(out.Postald) < 32 {
				v, _ := fixHeaderText(fields.Value())
				out.Postald = append(out.Postald, HeaderField{Name: key, Value: strings.TrimSpace(v)})
			}
		}
	}
	if mt, params, err := h.ContentType(); err == nil {
		out.ContentType = mt
		if mt == "multipart/report" {
			out.ReportType = strings.ToLower(params["report-type"])
		}
	}
	return out
}

// msgIDs reads a list of message ids, falling back to the bracketed words of a malformed one.
func msgIDs(h mail.Header, key string) []string {
	if h.Get(key) == "" {
		return nil
	}
	if ids, err := h.MsgIDList(key); err == nil && len(ids) > 0 {
		return ids
	}
	var out []string
	for _, w := range strings.Fields(h.Get(key)) {
		if w = strings.Trim(w, "<>,"); w != "" && len(out) < 100 {
			out = append(out, w)
		}
	}
	return out
}

// Errors of messages that cannot be read at all.
var (
	errUnreadable = errors.New("not an RFC 5322 message")
	errEmpty      = errors.New("empty message")
)
