package reading

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"time"

	gmcharset "github.com/emersion/go-message/charset"

	"postald/internal/mailparse"
	"postald/internal/phrase"
	"postald/internal/store"
	"postald/internal/tournament"
)

// QuarantineChain names the quarantine's chain to `judge letter`: "judge letter quarantine N".
const QuarantineChain = "quarantine"

// ArchivedLetter is one archived letter as `judge letter` gives it: what postald recorded of it,
// then the letter itself, its header section as it was received and its text decoded.
type ArchivedLetter struct {
	// Chain is the archive it is in: the game's key, or QuarantineChain.
	Chain string `json:"chain"`
	// Game is the game whose archive holds it; zero for the quarantine.
	Game store.GameID `json:"game,omitzero"`
	// Letter is the entry as judge show lists it, its time in the tournament's zone.
	Letter LetterView `json:"letter"`
	// Reverted is the revert that undid it (its time in the tournament's zone); nil when none did.
	Reverted *RulingView `json:"reverted,omitempty"`
	// Kept: the game as it was before the letter is kept with it (judge revert puts it back).
	Kept bool `json:"kept,omitempty"`
	// Header is the letter's header section, Text its text parts decoded, the other parts
	// named; line ends as "\n". Both are empty when the request asked for Raw.
	Header string `json:"header,omitempty"`
	Text   string `json:"text,omitempty"`
	// Raw is the letter byte for byte as archived, when the request asked for it.
	Raw []byte `json:"raw,omitempty"`
	// Language is the language of the tournament the letter concerns; "" when not known.
	Language string `json:"language,omitempty"`
}

// SpokenIn is the language of the tournament the reply is about.
func (a *ArchivedLetter) SpokenIn() string { return a.Language }

// archivedLetter is `judge letter`.
func (d *Desk) archivedLetter(req LetterRequest) (*ArchivedLetter, error) {
	if req.N == 0 {
		return nil, fmt.Errorf("letter number 0: want the number judge show gives it")
	}
	var e store.ArchiveEntry
	var rulings []store.Ruling
	var id store.GameID // zero: the quarantine's chain (judge quarantine numbers its letters)
	loc := time.UTC
	lang := "" // the language of its tournament
	if err := d.Store.View(func(tx *store.Tx) (err error) {
		if req.Game != QuarantineChain {
			var sh *tournament.Sheet
			if id, sh, _, err = d.OpenGame(tx, req.Game); err != nil {
				return err
			}
			if loc, err = d.Index.zones.Get(sh.Regulation.Zone); err != nil {
				return err
			}
			lang = sh.Language
		}
		e, _, rulings, err = Archived(tx, id, req.N)
		if err == nil && id.IsZero() {
			// A held letter: in the zone of its sender's tournament (heldIn).
			loc, lang, err = d.heldIn(tx, readEnvelope(e.Raw).from)
		}
		return err
	}); err != nil {
		return nil, err
	}
	a := &ArchivedLetter{Chain: id.Key(), Game: id, Language: lang}
	if id.IsZero() {
		a.Chain = QuarantineChain
	}
	a.Letter = newLetterView(e, RevertedLetters(rulings))
	a.Letter.Time = e.Time.In(loc)
	if req.Raw && e.Pruned {
		return nil, fmt.Errorf("letter #%d of %s was pruned after its retention ([store] retain_raw_days): its bytes are gone; their SHA-256 was %s", req.N, a.Chain, e.RawDigest)
	}
	if req.Raw {
		a.Raw = e.Raw
		return a, nil
	}
	if by := a.Letter.RevertedBy; by != 0 {
		for _, r := range rulings {
			if r.Seq == by {
				v := newRulingView(r)
				v.Time = r.Time.In(loc)
				a.Reverted = &v
			}
		}
	}
	a.Kept = len(e.Before) > 0
	head, body := splitHeader(e.Raw)
	a.Header, a.Text = head, letterText(&phrase.For(a.Language).Office, e.Raw, body)
	return a, nil
}

// Archived returns entry n of game id's archive, the last entry's number and the rulings on the
// game.
func Archived(tx *store.Tx, id store.GameID, n uint64) (e store.ArchiveEntry, last uint64, rulings []store.Ruling, err error) {
	found := false
	err = tx.ArchiveEntries(id, n, func(x store.ArchiveEntry) error {
		if x.Seq == n {
			e, found = x, true
		}
		last = x.Seq
		return nil
	})
	if err != nil {
		return e, 0, nil, err
	}
	if !found && id.IsZero() {
		return e, 0, nil, fmt.Errorf("the quarantine has no letter #%d; judge quarantine lists them", n)
	}
	if !found {
		return e, 0, nil, fmt.Errorf("game %s has no letter #%d; judge show %s lists them", id.Key(), n, id.Key())
	}
	if !id.IsZero() {
		rulings, err = tx.Rulings(id)
	}
	return e, last, rulings, err
}

// envelope is what judge show and judge letter read of an archived letter's header.
type envelope struct {
	returnPath string // the top Return-Path: the MAIL FROM the receiving server recorded
	from, to   string // decoded
	// subjectDamaged: a mail server replaced the Subject's 8-bit bytes (mailparse.SubjectDamaged).
	subjectDamaged bool
}

func readEnvelope(raw []byte) envelope {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return envelope{}
	}
	dec := new(mime.WordDecoder)
	field := func(name string) string {
		v := m.Header.Get(name)
		if d, err := dec.DecodeHeader(v); err == nil {
			v = d
		}
		return strings.TrimSpace(v)
	}
	// The delivering server writes Return-Path above everything it received: a Return-Path
	// further down came with the letter and proves nothing.
	e := envelope{returnPath: field("Return-Path"), from: field("From"), to: field("To"),
		subjectDamaged: mailparse.SubjectDamaged(field("Subject"))}
	if r := field("Resent-To"); r != "" {
		e.to = r // a letter postald sent again (RFC 5322, 3.6.6): where it went this time
	}
	return e
}

// splitHeader splits a letter at its first empty line, with line ends as "\n".
func splitHeader(raw []byte) (head, body string) {
	s := strings.ReplaceAll(string(raw), "\r\n", "\n")
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[:i+1], s[i+2:]
	}
	return s, ""
}

// letterText is a letter's text for the judge: every text part decoded from its transfer
// encoding, the other parts named in the words of tx. A letter that cannot be read is given as
// it is (body).
func letterText(tx *phrase.OfficeText, raw []byte, body string) string {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return body
	}
	var b strings.Builder
	if err := writePart(tx, &b, textproto.MIMEHeader(m.Header), m.Body, 0); err != nil {
		return body
	}
	return b.String()
}

// writePart writes one MIME entity's text to b, descending into multiparts.
func writePart(tx *phrase.OfficeText, b *strings.Builder, h textproto.MIMEHeader, r io.Reader, depth int) error {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mt, params = "text/plain", map[string]string{}
	}
	var dec io.Reader = r
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		dec = quotedprintable.NewReader(r)
	case "base64":
		dec = base64.NewDecoder(base64.StdEncoding, &lineJoiner{r: r})
	}
	switch {
	case strings.HasPrefix(mt, "multipart/") && depth < 8:
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(b, tx.Part+"\n", p.Header.Get("Content-Type"))
			if err := writePart(tx, b, p.Header, p, depth+1); err != nil {
				return err
			}
		}
	case strings.HasPrefix(mt, "text/"):
		data, err := io.ReadAll(io.LimitReader(dec, 1<<20))
		if err != nil {
			return err
		}
		if cs := strings.ToLower(params["charset"]); cs != "" && cs != "utf-8" && cs != "us-ascii" {
			// A letter from an older mail program (windows-1251, KOI8-R) is shown in letters the
			// judge reads; a charset nobody knows, as it is.
			if r, err := gmcharset.Reader(cs, bytes.NewReader(data)); err == nil {
				if text, err := io.ReadAll(r); err == nil {
					fmt.Fprintf(b, tx.Decoded+"\n", cs)
					b.WriteString(strings.ReplaceAll(string(text), "\r\n", "\n"))
					return nil
				}
			}
			fmt.Fprintf(b, tx.Charset+"\n", cs)
		}
		b.WriteString(strings.ReplaceAll(string(data), "\r\n", "\n"))
	default:
		// A document a letter may be read from (mailparse, attached.go) is shown as its text:
		// the judge sees what postald read.
		name := params["name"]
		if _, dp, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil && dp["filename"] != "" {
			name = dp["filename"]
		}
		// Up to the size postald reads a document at; a part damaged in transit is named with
		// what could be read of it, as before.
		data, err := io.ReadAll(io.LimitReader(dec, mailparse.MaxAttachedFile+1))
		if text, ok := mailparse.DocumentText(mt, name, data); ok && err == nil {
			fmt.Fprintf(b, tx.Document+"\n", mt, len(data))
			b.WriteString(text)
			return nil
		}
		n, _ := io.Copy(io.Discard, dec)
		fmt.Fprintf(b, tx.NotShown+"\n", mt, int64(len(data))+n)
	}
	return nil
}

// lineJoiner drops line ends, for a base64 body.
type lineJoiner struct{ r io.Reader }

func (l *lineJoiner) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	k := 0
	for _, c := range p[:n] {
		if c != '\r' && c != '\n' {
			p[k] = c
			k++
		}
	}
	return k, err
}
