package pdf

import (
	"bytes"
	"testing"
)

// FuzzWrite writes a card of any text, which also titles it and is its address: Write never
// fails or panics on text (but for a block too long, which AddressProblem and SenderProblem
// name first), and the file it writes is well formed (parsePDF), with at least a page and no
// more than a page a line of text.
func FuzzWrite(f *testing.F) {
	f.Add("Здравствуйте, Пётр!\nВаш ход 1... f6-g5 получил.\n")
	f.Add(" 8    b   b   b   b\n    a b c d e f g h\n┌──┐\n│№ │\n└──┘\n")
	f.Add("日本語\t🙂\x00\xff\r\n\r\r\n")
	f.Add(lines(150))
	f.Add(startText)
	f.Fuzz(func(t *testing.T, text string) {
		title := text
		if len(title) > 40 {
			title = title[:40]
		}
		to := []string{"Петрову Петру", title}
		var b bytes.Buffer
		err := Write(&b, Document{Title: title, Created: created, Cards: []Card{{From: []string{title}, To: to, Text: text, Title: title}}})
		if err != nil {
			if AddressProblem(to) == "" && SenderProblem([]string{title}) == "" {
				t.Fatal(err)
			}
			return
		}
		objs, err := parsePDF(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		pages, err := pageCount(objs)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(rawLines(text)) + len(text)/20; pages < 1 || pages > 1+n {
			t.Errorf("%d lines of text on %d pages", len(rawLines(text)), pages)
		}
		for _, c := range []byte(objs[objInfo].dict) {
			if c < ' ' || c > '~' {
				t.Fatalf("the information dictionary is not printable ASCII: %q", objs[objInfo].dict)
			}
		}
	})
}
