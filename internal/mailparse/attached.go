package mailparse

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"mime"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	gmcharset "github.com/emersion/go-message/charset"
)

// Files attached to a letter. A player who writes his letter in a word processor sends it as a
// file, and a judge opens it. postald reads the text of an attached text file (text/plain,
// ".txt"), Word document (".docx") or OpenDocument text (".odt") when the letter's own text
// states nothing of play (no move, repetition, variant, acceptance, draw, resignation, protest
// or withdrawal, and no move it could not read) and no leave: the files' text is then read after the
// letter's own, as if written there (Attachment.Read), so that «Мой ход во вложении» with the
// file is the letter the player meant, when the files state play or a leave. A letter whose own
// text states play or a leave never has its files read: they are drafts, diagrams,
// certificates, and its text is the letter. Text deleted with the word processor's tracked changes is
// not read: it is crossed out. Other files (".doc", ".rtf", ".pdf", pictures) are never read;
// the referee names them when the letter holds no move, so that the player knows where his move
// went. A picture inline in the text (a logo in a signature: no attachment disposition, or a
// Content-ID) is no attached file, nor is a forwarded letter (message/rfc822), a copy, nor what
// a mail program attaches by itself (a signature of the letter, a business card, winmail.dat).

// Attachment is a file attached to a letter.
type Attachment struct {
	Name string // the file's name as its sender's mail program gave it, decoded; "" when none
	Type string // its media type, lower case
	// Readable: postald reads its kind of file (a text file, ".docx", ".odt"; a document found
	// damaged when it was opened is not). Read: its text was read as the letter's, the letter's
	// own text stating nothing of play.
	Readable, Read bool
}

// attached is an attached file as the body reader found it: its bytes, kept to be opened only
// when the letter's own text says nothing (decode), then its text and what could not be read of
// that text.
type attached struct {
	Attachment
	kind     docKind
	raw      []byte
	params   map[string]string // its Content-Type parameters (the charset of a text file)
	entErr   error             // what go-message said of the part (an unknown charset)
	cte      string            // its Content-Transfer-Encoding
	text     string
	problems []Problem
}

const (
	maxAttached = 16 // attached files kept of one letter
	// MaxAttachedFile is the most bytes of one attached document read, and of the text unpacked
	// from it; a larger document is not read.
	MaxAttachedFile = 8 << 20
)

// docKind is the kind of document an attached file is, by its media type or its name.
type docKind int

const (
	docNone docKind = iota
	docText
	docDocx
	docODT
)

func docKindOf(mt, name string) docKind {
	ext := strings.ToLower(path.Ext(name))
	switch {
	case mt == "text/plain" || ext == ".txt":
		return docText
	case mt == "application/vnd.openxmlformats-officedocument.wordprocessingml.document" || ext == ".docx":
		return docDocx
	case mt == "application/vnd.oasis.opendocument.text" || ext == ".odt":
		return docODT
	}
	return docNone
}

// mailProgramPart are the parts a mail program attaches by itself, never the player's letter: a
// signature of the letter (OpenPGP, S/MIME), a key, a business card, Outlook's formatted copy of
// the text (winmail.dat).
var mailProgramPart = map[string]bool{
	"application/pgp-signature": true, "application/pgp-keys": true, "application/pkcs7-signature": true,
	"application/x-pkcs7-signature": true, "text/vcard": true, "text/x-vcard": true, "application/ms-tnef": true,
}

// attachment keeps the part e (of media type mt, Content-Type parameters params, disposition
// disp with its parameters dparams) when it is a file the player attached, with its text when
// postald reads it.
func (br *bodyReader) attachment(e *message.Entity, entErr error, mt string, params map[string]string, disp string, dparams map[string]string) {
	if strings.HasPrefix(mt, "message/") || strings.HasPrefix(mt, "multipart/") || mailProgramPart[mt] || len(br.attached) >= maxAttached {
		return
	}
	name := fileName(dparams["filename"], params["name"])
	if !strings.EqualFold(disp, "attachment") && (name == "" || strings.HasPrefix(mt, "image/") || e.Header.Get("Content-Id") != "") {
		return // a picture in the text, a part without a name: nothing the player attached
	}
	a := attached{Attachment: Attachment{Name: name, Type: mt}, kind: docKindOf(mt, name)}
	if a.kind != docNone {
		raw, err := io.ReadAll(io.LimitReader(e.Body, MaxAttachedFile+1))
		if err == nil && len(raw) <= MaxAttachedFile {
			a.raw, a.params, a.entErr, a.cte, a.Readable = raw, params, entErr, e.Header.Get("Content-Transfer-Encoding"), true
		}
	}
	br.attached = append(br.attached, a)
}

// decode opens a readable file for its text; a document that cannot be opened is found not
// readable (false). A text file is decoded as a text part, with a budget of its own: what
// cannot be read of it counts only when it is read as the letter's.
func (a *attached) decode() bool {
	switch a.kind {
	case docText:
		own := &bodyReader{budget: MaxTextBytes}
		a.text, _, _ = own.decodeText(a.raw[:min(len(a.raw), MaxTextBytes)], "text/plain", a.params, a.entErr, a.cte)
		a.problems = own.problems
	default:
		text, err := documentText(a.raw, a.kind)
		if err != nil {
			a.Readable = false
			return false
		}
		a.text = text
	}
	return true
}

// DocumentText is the text postald reads in an attached document (a Word document, an
// OpenDocument text) of media type mediaType and file name name as its header gives it (RFC 2047
// words decoded here), for the judge's view of a letter: what the letter was read as. false:
// no such document, or one that cannot be read.
func DocumentText(mediaType, name string, data []byte) (string, bool) {
	kind := docKindOf(strings.ToLower(mediaType), fileName(name))
	if kind != docDocx && kind != docODT || len(data) > MaxAttachedFile {
		return "", false
	}
	text, err := documentText(data, kind)
	return text, err == nil
}

// fileName is an attached file's name: the Content-Disposition filename, else the Content-Type
// name, RFC 2047 words decoded (as mail programs still send Cyrillic names), 8-bit bytes read
// in the likelier code page, without a folder or control characters: it is quoted in answers.
func fileName(names ...string) string {
	for _, n := range names {
		if n == "" {
			continue
		}
		if strings.Contains(n, "=?") {
			dec := mime.WordDecoder{CharsetReader: gmcharset.Reader}
			if d, err := dec.DecodeHeader(n); err == nil {
				n = d
			}
		}
		if !utf8.ValidString(n) {
			n = guessDecode([]byte(n))
		}
		if i := strings.LastIndexAny(n, `/\`); i >= 0 {
			n = n[i+1:]
		}
		n = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return -1
			}
			return r
		}, n)
		return clip(strings.TrimSpace(n), 200)
	}
	return ""
}

// The XML namespaces of a Word document's text and of an OpenDocument text.
const (
	nsWord = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	nsODT  = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
)

var errNoDocument = errors.New("no document text in the file")

// documentText is the text of a ".docx" or ".odt" file, a paragraph a line: the text runs of
// word/document.xml (tabs as spaces, breaks as new lines; deleted text, a tracked change's
// crossed-out words, left out), or the paragraphs and headings of content.xml. At most
// MaxAttachedFile bytes are unpacked, and MaxTextBytes of text kept.
func documentText(raw []byte, kind docKind) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return "", err
	}
	entry, ns := "word/document.xml", nsWord
	if kind == docODT {
		entry, ns = "content.xml", nsODT
	}
	var f *zip.File
	for _, zf := range zr.File {
		if zf.Name == entry {
			f = zf
			break
		}
	}
	if f == nil {
		return "", errNoDocument
	}
	rc, err := f.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, MaxAttachedFile))
	var b strings.Builder
	inText := 0  // depth of the elements whose character data is text (w:t; text:p, text:h)
	deleted := 0 // depth in ODT's tracked changes, whose deletions are crossed-out words
	for b.Len() < MaxTextBytes {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if b.Len() == 0 {
				return "", err
			}
			break // the text up to a damaged place
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != ns {
				continue
			}
			if t.Name.Local == "tracked-changes" {
				deleted++
			}
			switch t.Name.Local {
			case "t", "p", "h":
				if kind == docDocx && t.Name.Local == "t" || kind == docODT && t.Name.Local != "t" {
					inText++
				}
			case "tab":
				b.WriteByte(' ')
			case "br", "cr", "line-break":
				b.WriteByte('\n')
			case "s": // ODT: c spaces
				n := 1
				for _, a := range t.Attr {
					if a.Name.Local == "c" {
						if c, err := strconv.Atoi(a.Value); err == nil && c > 0 {
							n = min(c, 16)
						}
					}
				}
				b.WriteString(strings.Repeat(" ", n))
			}
		case xml.EndElement:
			if t.Name.Space != ns {
				continue
			}
			if t.Name.Local == "tracked-changes" && deleted > 0 {
				deleted--
			}
			switch t.Name.Local {
			case "t":
				if kind == docDocx && inText > 0 {
					inText--
				}
			case "p", "h":
				if kind == docODT && inText > 0 {
					inText--
				}
				if (kind == docDocx && t.Name.Local == "p" || kind == docODT) && deleted == 0 {
					b.WriteByte('\n')
				}
			}
		case xml.CharData:
			if inText > 0 && deleted == 0 {
				b.Write(t)
			}
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", errNoDocument
	}
	return clip(b.String(), MaxTextBytes), nil
}
