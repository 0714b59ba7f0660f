package pdf

import (
	"bytes"
	"testing"
)

// FuzzWrite writes a card of any text, which also titles it and is its
// address: Write never fails or panics on text, and the file it writes is
// well formed (parsePDF), with a page for every 60 lines or so of text.
func FuzzWrite(f *testing.F) {
	f.Add("Здравствуйте, Пётр!\nВаш ход 1... f6-g5 получил.\n")
	f.Add(" 8    b   b   b   b\n    a b c d e f g h\n┌──┐\n│№ │\n└──┘\n")
	f.Add("日本語\t🙂\x00\xff\r\n\r\r\n")
	f.Add(lines(150))
	f.Fuzz(func(t *testing.T, text string) {
		title := text
		if len(title) > 40 {
			title = title[:40]
		}
		var b bytes.Buffer
		err := Write(&b, Document{Title: title, Created: created, Cards: []Card{{From: []string{title}, To: []string{"Петрову Петру", title}, Text: text, Title: title}}})
		if err != nil {
			if blocks := len(textLines(title, SenderColumns)) + 1; blocks <= MaxBlockLines {
				t.Fatal(err) // only a title of many lines makes the address block too long
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
		n := len(textLines(text, TextColumns))
		if want := 1 + max(0, n-41+59)/60; pages != want {
			t.Errorf("%d lines of text on %d pages, want %d", n, pages, want)
		}
		for _, c := range []byte(objs[objInfo].dict) {
			if c < ' ' || c > '~' {
				t.Fatalf("the information dictionary is not printable ASCII: %q", objs[objInfo].dict)
			}
		}
	})
}
