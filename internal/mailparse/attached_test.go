package mailparse

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// zipped is a zip file of the named entries, in order.
func zipped(t testing.TB, entries ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for i := 0; i+1 < len(entries); i += 2 {
		w, err := z.Create(entries[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(entries[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func docxOf(t testing.TB, body string) []byte {
	return zipped(t, "word/document.xml", `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="`+nsWord+`"><w:body>`+body+`</w:body></w:document>`)
}

func odtOf(t testing.TB, body string) []byte {
	return zipped(t, "mimetype", "application/vnd.oasis.opendocument.text",
		"content.xml", `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="`+nsODT+`"><office:body><office:text>`+body+`</office:text></office:body></office:document-content>`)
}

// part is one MIME part of a test letter.
type part struct {
	header string // its fields, "\n" between them
	body   []byte // base64-encoded into the letter
}

// withParts is a letter of multipart/mixed: text, then the parts.
func withParts(text string, parts ...part) []byte {
	var b strings.Builder
	b.WriteString("From: petrov@mail.example\nSubject: СТ-2026/1 партия 1-2\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n")
	b.WriteString("--b\nContent-Type: text/plain; charset=utf-8\n\n" + text + "\n")
	for _, p := range parts {
		b.WriteString("--b\n" + p.header + "\nContent-Transfer-Encoding: base64\n\n" + base64.StdEncoding.EncodeToString(p.body) + "\n")
	}
	b.WriteString("--b--\n")
	return []byte(b.String())
}

func attach(ctype, name string, body []byte) part {
	return part{header: "Content-Type: " + ctype + "; name=\"" + name + "\"\nContent-Disposition: attachment; filename=\"" + name + "\"", body: body}
}

// TestAttachedFiles: the files a player attaches his letter as are read as a judge opens them,
// and only when the letter's own text states nothing of play.
func TestAttachedFiles(t *testing.T) {
	const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	moves := `<w:p><w:r><w:t>Ваш ход 1. c3-d4 </w:t></w:r><w:r><w:t>получил.</w:t></w:r></w:p>` +
		`<w:p><w:r><w:t xml:space="preserve">Мой ход: </w:t></w:r><w:del w:id="1" w:author="П"><w:r><w:delText>1... b6-a5</w:delText></w:r></w:del>` +
		`<w:r><w:t>1... f6-g5</w:t></w:r></w:p>`
	type want struct {
		Repeated, Moves []string
		Leave           string
		Files           []Attachment
	}
	for _, tc := range []struct {
		name string
		raw  []byte
		want want
	}{
		{"a Word document, runs joined, a tracked deletion crossed out",
			withParts("Ход во вложении.", attach(docx, "Ход.docx", docxOf(t, moves))),
			want{[]string{"1. c3-d4"}, []string{"1... f6-g5"}, "", []Attachment{{Name: "Ход.docx", Type: docx, Readable: true, Read: true}}}},
		{"a Word document sent as octet-stream, known by its name",
			withParts("", attach("application/octet-stream", "hod.docx", docxOf(t, moves))),
			want{[]string{"1. c3-d4"}, []string{"1... f6-g5"}, "", []Attachment{{Name: "hod.docx", Type: "application/octet-stream", Readable: true, Read: true}}}},
		{"an OpenDocument text, coded spaces and a tracked deletion",
			withParts("See the attachment.", attach("application/vnd.oasis.opendocument.text", "move.odt", odtOf(t,
				`<text:tracked-changes><text:changed-region><text:deletion><text:p>Мой ход: 1... b6-a5</text:p></text:deletion></text:changed-region></text:tracked-changes>`+
					`<text:p>Мой ход:<text:s text:c="3"/><text:span>1... f6-g5</text:span></text:p>`))),
			want{nil, []string{"1... f6-g5"}, "", []Attachment{{Name: "move.odt", Type: "application/vnd.oasis.opendocument.text", Readable: true, Read: true}}}},
		{"a text file in windows-1251",
			withParts("", part{header: "Content-Type: text/plain; charset=windows-1251\nContent-Disposition: attachment; filename=\"hod.txt\"",
				body: []byte("\xcc\xee\xe9 \xf5\xee\xe4: 1... f6-g5\r\n")}),
			want{nil, []string{"1... f6-g5"}, "", []Attachment{{Name: "hod.txt", Type: "text/plain", Readable: true, Read: true}}}},
		{"a leave notice in a file",
			withParts("Заявление во вложении.", attach(docx, "Заявление.docx", docxOf(t,
				`<w:p><w:r><w:t>Прошу предоставить отпуск с 01.12.2026 по 10.12.2026.</w:t></w:r></w:p>`))),
			want{nil, nil, "2026-12-01..2026-12-10", []Attachment{{Name: "Заявление.docx", Type: docx, Readable: true, Read: true}}}},
		{"a move in the text: the file is a draft, never read",
			withParts("Мой ход: 1... f6-g5", attach(docx, "draft.docx", docxOf(t, `<w:p><w:r><w:t>Мой ход: 1... b6-a5</w:t></w:r></w:p>`))),
			want{nil, []string{"1... f6-g5"}, "", []Attachment{{Name: "draft.docx", Type: docx, Readable: true}}}},
		{"a leave in the text: a certificate attached is not read",
			withParts("Прошу предоставить отпуск с 01.12.2026 по 10.12.2026.", attach(docx, "справка.docx", docxOf(t,
				`<w:p><w:r><w:t>Мой ход: 1... b6-a5. Освобождён с 01.12.2026 по 20.12.2026.</w:t></w:r></w:p>`))),
			want{nil, nil, "2026-12-01..2026-12-10", []Attachment{{Name: "справка.docx", Type: docx, Readable: true}}}},
		{"a file that states nothing: the letter's text alone",
			withParts("Ход во вложении.", attach("text/plain", "notes.txt", []byte("Спасибо за игру"))),
			want{nil, nil, "", []Attachment{{Name: "notes.txt", Type: "text/plain", Readable: true}}}},
		{"files postald does not read, a damaged document; a logo, a forwarded letter, a signature, a card",
			withParts("Ход во вложении.",
				attach("application/pdf", "ход.pdf", []byte("%PDF-1.4")),
				attach("application/msword", "hod.doc", []byte("\xd0\xcf\x11\xe0")),
				attach(docx, "broken.docx", []byte("PK\x03\x04 not a zip")),
				part{header: "Content-Type: image/png; name=\"logo.png\"\nContent-ID: <logo>\nContent-Disposition: inline; filename=\"logo.png\"", body: []byte("\x89PNG")},
				part{header: "Content-Type: message/rfc822\nContent-Disposition: attachment; filename=\"fwd.eml\"", body: []byte("Subject: x\n\nМой ход: 1... b6-a5\n")},
				attach("application/pkcs7-signature", "smime.p7s", []byte("0\x82")),
				attach("text/vcard", "Пётр.vcf", []byte("BEGIN:VCARD"))),
			want{nil, nil, "", []Attachment{{Name: "ход.pdf", Type: "application/pdf"}, {Name: "hod.doc", Type: "application/msword"}, {Name: "broken.docx", Type: docx}}}},
		{"a name in raw windows-1251 bytes with a tab",
			withParts("Ход во вложении.", part{header: "Content-Type: application/pdf\nContent-Disposition: attachment; filename=\"\xf5\xee\xe4\t.pdf\"", body: []byte("%PDF")}),
			want{nil, nil, "", []Attachment{{Name: "ход.pdf", Type: "application/pdf"}}}},
		{"a name in RFC 2047 words and a folder",
			withParts("", part{header: "Content-Type: text/plain; charset=utf-8\nContent-Disposition: attachment; filename=\"=?utf-8?b?0KXQvtC0LnR4dA==?=\"", body: []byte("Мой ход: 1... f6-g5")},
				attach("application/pdf", `C:\Users\Пётр\Documents\scan.pdf`, []byte("%PDF"))),
			want{nil, []string{"1... f6-g5"}, "", []Attachment{{Name: "Ход.txt", Type: "text/plain", Readable: true, Read: true}, {Name: "scan.pdf", Type: "application/pdf"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Parse(tc.raw)
			if err != nil {
				t.Fatal(err)
			}
			got := want{Repeated: moveStrings(l.Repeated), Moves: moveStrings(l.Moves), Files: l.Attachments}
			if lv := l.Leave; lv != nil {
				got.Leave = leaveDay(lv.From) + ".." + leaveDay(lv.To)
			}
			if diff := cmp.Diff(tc.want, got, emptyIsNil); diff != "" {
				t.Errorf("(-want +got):\n%s\ntext:\n%s", diff, indent(l.Text))
			}
		})
	}
}

// TestAttachedBomb: a Word document that unpacks to far more than a letter is cut where
// postald stops unpacking, and the letter is read all the same.
func TestAttachedBomb(t *testing.T) {
	para := `<w:p><w:r><w:t>Мой ход: 1... f6-g5</w:t></w:r></w:p>`
	body := strings.Repeat(para, (64<<20)/len(para)) // 64 MiB of XML, a few hundred KiB packed
	raw := withParts("", attach("application/octet-stream", "bomb.docx", docxOf(t, body)))
	if len(raw) > 2<<20 {
		t.Fatalf("the packed bomb is %d bytes: not a bomb", len(raw))
	}
	l, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Text) > MaxTextBytes || len(l.Attachments) != 1 || !l.Attachments[0].Read {
		t.Errorf("text of %d bytes (at most %d), files %+v", len(l.Text), MaxTextBytes, l.Attachments)
	}
	if len(l.Moves) == 0 {
		t.Errorf("no move read from the document's beginning")
	}
}
