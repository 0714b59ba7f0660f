package reading

import (
	"strings"
	"testing"

	"postald/internal/mailtest"
	"postald/internal/phrase"
)

// TestLetterTextCharset: judge letter shows a letter in windows-1251 or KOI8-R, as older mail
// programs send them, in letters the judge reads.
func TestLetterTextCharset(t *testing.T) {
	for cs, body := range map[string]string{
		"windows-1251": "\xcc\xee\xe9 \xf5\xee\xe4: 1... f6-g5",
		"koi8-r":       "\xed\xcf\xca \xc8\xcf\xc4: 1... f6-g5",
	} {
		raw := "From: petrov@mail.example\r\nSubject: x\r\nContent-Type: text/plain; charset=" + cs + "\r\n\r\n" + body + "\r\n"
		if got := letterText(&phrase.For("ru").Office, []byte(raw), ""); !strings.Contains(got, "Мой ход: 1... f6-g5") || !strings.Contains(got, cs) {
			t.Errorf("%s: %q", cs, got)
		}
	}
}

// TestLetterTextDocument: judge letter shows a document a letter may be read from as its text,
// so that the judge sees what postald read; a file postald does not read is named, not shown.
func TestLetterTextDocument(t *testing.T) {
	raw := "From: petrov@mail.example\r\nSubject: x\r\nMIME-Version: 1.0\r\n" + mailtest.Attached("Ход во вложении.",
		mailtest.File{Name: "Ход.docx", Type: "application/octet-stream", Data: mailtest.Docx("Ваш ход 1. c3-d4 получил.", "Мой ход: 1... f6-g5")},
		mailtest.File{Name: "scan.pdf", Type: "application/pdf", Data: []byte("%PDF-1.4")})
	for _, lang := range []string{"ru", "en"} {
		got := letterText(&phrase.For(lang).Office, []byte(raw), "")
		for _, want := range []string{"Ход во вложении.", "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5", "application/pdf, 8"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the letter's text lacks %q:\n%s", lang, want, got)
			}
		}
		if strings.Contains(got, "%PDF") {
			t.Errorf("%s: the PDF's bytes are shown:\n%s", lang, got)
		}
	}
}
