package referee_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"math/rand/v2"
	"mime"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// Letters sent as a file attached. A player who writes his letter in a word processor sends it
// as a file, with a line in the text that says so; the referee reads the file as the letter
// (mailparse, attached.go) and decides it as if written in the text. A file postald does not
// read (a PDF, a scan) leaves a letter without a move: a notice that names the file, nothing
// charged.

// lgReadKinds are the files the generator attaches a letter as, which postald reads: a text
// file in UTF-8 or in windows-1251 (Notepad's Russian default), a Word document whose lines a
// word processor has split into runs, an OpenDocument text with its runs of spaces coded.
var lgReadKinds = []string{"txt", "txt-1251", "docx", "odt"}

// lgAttachLines are the lines of the letter's own text above a file: they state nothing of play.
var lgAttachLines = [2][]string{
	lgRU: {"Мой ход во вложении.", "Добрый день! Письмо во вложении.", "Ход — в приложенном файле.", "См. вложение"},
	lgEN: {"My move is in the attached file.", "Please see the attachment.", "Letter attached."},
}

// lgFileNames are the names players give the file, by language.
var lgFileNames = [2][]string{
	lgRU: {"Ход", "ход партия", "Письмо", "ЗК"},
	lgEN: {"move", "My move", "letter"},
}

// lgAttached returns the body of a multipart message (its Content-Type field first) of a
// letter whose text is above, with body in a file of kind: "txt", "txt-1251", "docx", "odt", or
// "pdf" (a file postald does not read). It returns the file's name too.
func lgAttached(r *rand.Rand, lang lgLang, above, body, kind string) (part, name string) {
	var data []byte
	var ctype string
	ext := kind
	switch kind {
	case "txt":
		data, ctype = []byte(strings.ReplaceAll(body, "\n", "\r\n")), "text/plain; charset=utf-8"
	case "txt-1251":
		ext = "txt"
		enc, err := charmap.Windows1251.NewEncoder().String(strings.ReplaceAll(body, "\n", "\r\n"))
		if err != nil { // a character Notepad's code page lacks: saved as UTF-8
			data, ctype = []byte(strings.ReplaceAll(body, "\n", "\r\n")), "text/plain; charset=utf-8"
		} else {
			data, ctype = []byte(enc), "text/plain; charset=windows-1251"
		}
	case "docx":
		data, ctype = lgDocx(r, body), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
		if r.IntN(3) == 0 {
			ctype = "application/octet-stream" // as some webmail sends any file
		}
	case "odt":
		data, ctype = lgODT(body), "application/vnd.oasis.opendocument.text"
	default:
		ext = "pdf"
		data, ctype = []byte("%PDF-1.4\n% "+strings.Repeat("\x93\xa0", 16)+"\n%%EOF\n"), "application/pdf"
	}
	name = lgPick(r, lgFileNames[lang]) + "." + ext
	quoted := `"` + name + `"`
	if strings.ContainsFunc(name, func(r rune) bool { return r > 127 }) {
		quoted = `"` + mime.BEncoding.Encode("utf-8", name) + `"`
	}
	var b strings.Builder
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"lg-file\"\r\n\r\n")
	b.WriteString("--lg-file\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + above + "\r\n")
	b.WriteString("--lg-file\r\nContent-Type: " + ctype + "; name=" + quoted + "\r\nContent-Disposition: attachment; filename=" + quoted +
		"\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n--lg-file--\r\n")
	return b.String(), name
}

// lgDocx is a Word document of body, a paragraph a line, each line cut into runs where a word
// processor cuts them (a spelling check, a change of font), a tab where the line has one.
func lgDocx(r *rand.Rand, body string) []byte {
	var doc bytes.Buffer
	doc.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for _, line := range strings.Split(body, "\n") {
		doc.WriteString("<w:p>")
		rs := []rune(line)
		for len(rs) > 0 {
			n := len(rs)
			if n > 2 && r.IntN(3) == 0 {
				n = 1 + r.IntN(n-1)
			}
			doc.WriteString(`<w:r><w:rPr><w:lang w:val="ru-RU"/></w:rPr><w:t xml:space="preserve">`)
			xml.EscapeText(&doc, []byte(string(rs[:n])))
			doc.WriteString("</w:t></w:r>")
			rs = rs[n:]
		}
		doc.WriteString("</w:p>")
	}
	doc.WriteString("<w:sectPr/></w:body></w:document>")
	return lgZip(map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
		"word/document.xml":   doc.String(),
	}, []string{"[Content_Types].xml", "word/document.xml"})
}

// lgODT is an OpenDocument text of body, a paragraph a line, its runs of spaces coded as
// <text:s text:c="n"/> as an office suite writes them.
func lgODT(body string) []byte {
	var doc bytes.Buffer
	doc.WriteString(`<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>`)
	for _, line := range strings.Split(body, "\n") {
		doc.WriteString("<text:p>")
		for line != "" {
			word, rest, found := strings.Cut(line, " ")
			xml.EscapeText(&doc, []byte(word))
			if !found {
				break
			}
			doc.WriteString(" ")
			n := len(rest) - len(strings.TrimLeft(rest, " "))
			if n > 0 { // the further spaces of a run, coded
				doc.WriteString(`<text:s text:c="` + strconv.Itoa(n) + `"/>`)
			}
			line = rest[n:]
		}
		doc.WriteString("</text:p>")
	}
	doc.WriteString("</office:text></office:body></office:document-content>")
	return lgZip(map[string]string{"mimetype": "application/vnd.oasis.opendocument.text", "content.xml": doc.String()},
		[]string{"mimetype", "content.xml"})
}

func lgZip(files map[string]string, order []string) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, name := range order {
		w, err := z.Create(name)
		if err != nil {
			panic(err)
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			panic(err)
		}
	}
	if err := z.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
