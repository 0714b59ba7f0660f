package mailwrite

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-message"
)

// Letter is one message postald sends, before it is written as RFC 5322 bytes.
type Letter struct {
	From       mail.Address
	To         []mail.Address
	Subject    string
	Body       string // plain text, UTF-8
	MessageID  string // without angle brackets; stable across retries
	InReplyTo  string // without angle brackets
	References []string
	Date       time.Time

	// The X-Postald-* headers of letters.md.
	Game    string   // <tournament>/<game>; <tournament>/ for a letter about the tournament (X-Postald-Tournament)
	Verdict string   // accepted | corrected | rejected | notice | ruling
	Clauses []string // comma-separated in X-Postald-Clause
	Time    string   // <white>/<black>

	// Attachments, each written as its own MIME part (for instance a game as PDN).
	Attachments []Attachment

	// Picture, when set, is the diagram of the position the letter shows: the letter then has
	// an HTML alternative to its text showing the picture inline, named so that it can be saved.
	Picture *Picture
}

// Picture is a letter's diagram: a PNG, the name of its file (GAME-MOVE.png) and the
// words that stand for it where it is not shown. Beside are the headings of the text diagram
// the picture shows ("Позиция:"): in the HTML the picture stands beside the first text diagram
// that begins with one of them, as a line of its own (the diagram runs to the next blank line);
// a letter with none has the picture after its text.
type Picture struct {
	Name   string
	PNG    []byte
	Alt    string
	Beside []string
}

// Attachment is a file sent with a letter.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Compose writes l as an RFC 5322 message: UTF-8 text first, quoted-printable, with the
// headers a mail filter or script reads (letters.md) and Auto-Submitted: auto-replied
// (RFC 3834) so that no well-behaved program answers it.
func Compose(l Letter) []byte {
	var b bytes.Buffer
	h := func(k, v string) {
		if v != "" {
			b.WriteString(Field(k + ": " + v))
		}
	}
	h("From", EncodeAddress(l.From))
	to := make([]string, len(l.To))
	for i, a := range l.To {
		to[i] = EncodeAddress(a)
	}
	h("To", strings.Join(to, ", "))
	h("Subject", EncodeText("Subject", l.Subject))
	h("Date", l.Date.Format(time.RFC1123Z))
	h("Message-ID", angle(l.MessageID))
	h("In-Reply-To", angle(l.InReplyTo))
	refs := make([]string, 0, len(l.References))
	for _, r := range l.References {
		refs = append(refs, angle(r))
	}
	h("References", strings.Join(refs, " "))
	h("Auto-Submitted", "auto-replied")
	if code, ok := strings.CutSuffix(l.Game, "/"); ok {
		// A letter about the tournament, not one of its games (a start letter, the report):
		// its code alone, never a game's name left empty ("ЗК-1/").
		h("X-Postald-Tournament", EncodeText("X-Postald-Tournament", code))
	} else {
		h("X-Postald-Game", EncodeText("X-Postald-Game", l.Game))
	}
	h("X-Postald-Verdict", l.Verdict)
	h("X-Postald-Clause", strings.Join(l.Clauses, ","))
	h("X-Postald-Time", l.Time)
	h("MIME-Version", "1.0")
	if len(l.Attachments) == 0 && l.Picture == nil {
		writeText(&b, l.Body)
		return b.Bytes()
	}
	boundary := boundaryFor(l)
	if len(l.Attachments) == 0 {
		// The picture alone: the text and its HTML form are the whole letter, and the picture
		// travels once, in the HTML's part (writeWithPicture).
		writeWithPicture(&b, boundary, l.Body, l.Picture)
		return b.Bytes()
	}
	h("Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": boundary}))
	b.WriteString("\r\n")
	fmt.Fprintf(&b, "--%s\r\n", boundary)
	if p := l.Picture; p != nil {
		writeWithPicture(&b, boundary, l.Body, p)
	} else {
		writeText(&b, l.Body)
	}
	for _, a := range l.Attachments {
		fmt.Fprintf(&b, "\r\n--%s\r\n", boundary)
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		fmt.Fprintf(&b, "Content-Type: %s\r\n", ct)
		fmt.Fprintf(&b, "Content-Disposition: %s\r\n", mime.FormatMediaType("attachment", map[string]string{"filename": a.Name}))
		switch {
		case strings.HasPrefix(ct, "message/"):
			// An attached letter travels as it is (RFC 2046 5.2.1 allows no other encoding); it
			// came by mail, so its lines already fit.
			b.WriteString("Content-Transfer-Encoding: 8bit\r\n\r\n")
			b.Write(bytes.ReplaceAll(bytes.ReplaceAll(a.Data, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n")))
		case strings.HasPrefix(ct, "text/") || strings.Contains(ct, "pdn"):
			b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
			writeQP(&b, a.Data)
		default:
			b.WriteString("Content-Transfer-Encoding: base64\r\n\r\n")
			writeBase64(&b, a.Data)
		}
	}
	fmt.Fprintf(&b, "\r\n--%s--\r\n", boundary)
	return b.Bytes()
}

// foldLimit is the length a header line should keep within (RFC 5322, 2.1.1).
const foldLimit = 78

// Field writes a header field as lines of at most 78 octets where it can (RFC 5322 2.2.3),
// breaking at the spaces between words, encoded words and addresses.
func Field(field string) string {
	const limit = foldLimit
	var b strings.Builder
	line := 0
	for i, w := range strings.Split(field, " ") {
		if i > 0 {
			if line+1+len(w) > limit {
				b.WriteString("\r\n")
				line = 0
			}
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	b.WriteString("\r\n")
	return b.String()
}

// writeWithPicture writes the letter's text and its HTML form with the picture inline, as one
// entity (its Content-Type field first): RFC 2046 multipart/alternative, the plain text first,
// so that a program that shows no HTML shows the text; then RFC 2387 multipart/related holding
// the HTML and the picture it names by cid: (RFC 2392). The picture is in the letter once: its
// part is inline (RFC 2183) and carries the file's name, on its disposition and, for older
// programs, as the name of its type, so that mail programs show it in the HTML and offer it as a
// file to save (Thunderbird, Gmail and Outlook list a named related part among the attachments;
// mutt lists it with the letter's parts). boundary is the letter's; the parts' own are made of
// it.
func writeWithPicture(b *bytes.Buffer, boundary, body string, p *Picture) {
	// No boundary begins with another (RFC 2046, 5.1.1: a boundary must not occur inside the
	// parts it delimits, and a reader matches the lines by their beginning).
	alt, rel := strings.Replace(boundary, "postald-", "postald-alt-", 1), strings.Replace(boundary, "postald-", "postald-rel-", 1)
	cid := fmt.Sprintf("%x", sha256.Sum256(p.PNG))[:24] + "@postald" // the same picture, the same id: a resend is byte-identical
	b.WriteString(Field("Content-Type: " + mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": alt})))
	b.WriteString("\r\n")
	fmt.Fprintf(b, "--%s\r\n", alt)
	writeText(b, body)
	fmt.Fprintf(b, "\r\n--%s\r\n", alt)
	b.WriteString(Field("Content-Type: " + mime.FormatMediaType("multipart/related", map[string]string{"boundary": rel, "type": "text/html"})))
	b.WriteString("\r\n")
	fmt.Fprintf(b, "--%s\r\n", rel)
	b.WriteString("Content-Type: text/html; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	writeQP(b, []byte(letterHTML(body, cid, p.Alt, p.Beside)))
	fmt.Fprintf(b, "\r\n--%s\r\n", rel)
	b.WriteString(Field("Content-Type: " + mime.FormatMediaType("image/png", map[string]string{"name": p.Name})))
	fmt.Fprintf(b, "Content-ID: <%s>\r\n", cid)
	b.WriteString(Field("Content-Disposition: " + mime.FormatMediaType("inline", map[string]string{"filename": p.Name})))
	b.WriteString("Content-Transfer-Encoding: base64\r\n\r\n")
	writeBase64(b, p.PNG)
	fmt.Fprintf(b, "\r\n--%s--\r\n", rel)
	fmt.Fprintf(b, "\r\n--%s--\r\n", alt)
}

// letterHTML is the letter's text as HTML: the same words in the same lines (the text diagram
// and the stamped block keep their columns), large enough to read, and the picture beside the
// text diagram headed by one of beside, or after the text when there is none. Beside it means
// two blocks side by side that a narrow screen (a phone) puts one under the other.
func letterHTML(body, cid, alt string, beside []string) string {
	// pre-wrap keeps the columns and wraps a long line at its spaces; a word longer than the
	// screen (the FEN, an address) breaks anywhere, so that nothing is wider than a phone.
	const pre = `<pre style="font-family: Consolas, 'DejaVu Sans Mono', monospace; font-size: 16px; line-height: 1.4; white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-word">`
	text := func(b *strings.Builder, lines []string) {
		if len(lines) == 0 {
			return
		}
		b.WriteString(pre)
		b.WriteString(html.EscapeString(strings.Join(lines, "\n")))
		b.WriteString("</pre>\n")
	}
	img := fmt.Sprintf(`<img src="cid:%s" alt="%s" width="400" style="max-width: 100%%; height: auto">`, html.EscapeString(cid), html.EscapeString(alt))
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\n<body>\n")
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	from, to := diagramLines(lines, beside)
	if from < 0 {
		text(&b, lines)
		fmt.Fprintf(&b, "<p>%s</p>\n", img)
	} else {
		text(&b, lines[:from])
		b.WriteString(`<div style="display: inline-block; vertical-align: top; max-width: 24em; margin-right: 1em">`)
		text(&b, lines[from:to])
		b.WriteString("</div>")
		fmt.Fprintf(&b, `<div style="display: inline-block; vertical-align: top; max-width: 100%%">%s</div>`+"\n", img)
		text(&b, lines[to:])
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// diagramLines finds the text diagram headed by one of headings among lines: its first line
// (the heading) and the line after its last (a blank line, or the end); -1 when there is none.
func diagramLines(lines, headings []string) (from, to int) {
	for i, l := range lines {
		if slices.Contains(headings, strings.TrimSpace(l)) && strings.TrimSpace(l) != "" {
			end := i + 1
			for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
				end++
			}
			return i, end
		}
	}
	return -1, -1
}

func writeText(b *bytes.Buffer, body string) {
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	writeQP(b, []byte(strings.ReplaceAll(body, "\r\n", "\n")))
}

func writeQP(b *bytes.Buffer, data []byte) {
	w := quotedprintable.NewWriter(b)
	// The text is written with CRLF line ends, as RFC 5322 wants on the wire.
	w.Write(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))) // a bytes.Buffer cannot fail
	w.Close()
}

func writeBase64(b *bytes.Buffer, data []byte) {
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
}

func angle(id string) string {
	if id == "" {
		return ""
	}
	return "<" + strings.Trim(id, "<>") + ">"
}

// boundaryFor derives a MIME boundary from the letter's content, so that the same letter is
// always written with the same bytes (a resend after a crash is byte-identical) and the
// boundary cannot occur in the quoted-printable parts.
func boundaryFor(l Letter) string {
	h := sha256.New()
	h.Write([]byte(l.Body))
	for _, a := range l.Attachments {
		h.Write([]byte(a.Name))
		h.Write(a.Data)
	}
	if l.Picture != nil {
		h.Write(l.Picture.PNG)
	}
	return fmt.Sprintf("postald-%x", h.Sum(nil)[:12])
}

// Written is a letter postald wrote, read back: its header, its plain text (decoded, with CRLF
// line ends as sent), and the names of its files (the picture, a PDN, attached letters), in the
// order of the letter.
type Written struct {
	Header  mail.Header
	Subject string // decoded (RFC 2047)
	Text    string
	Files   []string
	Picture []byte // the diagram (the first image/png with a name), nil for none
	HTML    string // the HTML alternative of the text, "" for none
}

// Read reads back a letter Compose wrote, for the demo and the tests: the first text/plain
// part is its text, whatever alternatives and files go with it.
func Read(raw []byte) (Written, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Written{}, err
	}
	w := Written{Header: m.Header, Subject: m.Header.Get("Subject")}
	if d, err := new(mime.WordDecoder).DecodeHeader(w.Subject); err == nil {
		w.Subject = d
	}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) {
		return w, err
	}
	found := false
	err = e.Walk(func(path []int, part *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, _, _ := part.Header.ContentType()
		// A file is a part with a name: attached, or inline where the HTML shows it (the
		// picture).
		if disp, params, _ := part.Header.ContentDisposition(); disp == "attachment" || disp == "inline" && params["filename"] != "" {
			w.Files = append(w.Files, params["filename"])
			if ct == "image/png" && w.Picture == nil {
				b, err := io.ReadAll(part.Body)
				if err != nil {
					return err
				}
				w.Picture = b
			}
			return nil
		}
		if ct == "text/html" && w.HTML == "" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			w.HTML = string(b)
			return nil
		}
		if ct == "text/plain" && !found {
			found = true
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			w.Text = string(b)
		}
		return nil
	})
	return w, err
}
