package pdf_test

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"postald/internal/pdf"
)

// A card for a player who plays by post: the sender and address blocks and
// a letter with a text diagram. A board diagram would go in Picture.
func ExampleWrite() {
	card := pdf.Card{
		From: []string{"Турнир СТ-2026/1 — postald", "а/я 12, Москва, 101000"},
		To:   []string{"Петрову Петру", "ул. Ленина, д. 1, кв. 2", "Санкт-Петербург", "190000"},
		Text: "Здравствуйте, Пётр!\n" +
			"Мой ход: 2. g3-h4\n" +
			" 4    .   w   .   w\n" +
			" 3  w   .   w   .\n" +
			"    a b c d e f g h\n",
		Title: "СТ-2026/1, 1-2, ход 2",
	}
	var b bytes.Buffer
	err := pdf.Write(&b, pdf.Document{
		Created: time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC),
		Cards:   []pdf.Card{card},
		PageLabel: func(page, pages int) string {
			return fmt.Sprintf("стр. %d из %d", page, pages)
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	out := b.String()
	fmt.Println(strings.SplitN(out, "\n", 2)[0])
	fmt.Println(strings.Count(out, "/Type /Page "), "page")
	fmt.Println(strings.HasSuffix(out, "%%EOF\n"))
	// Output:
	// %PDF-1.7
	// 1 page
	// true
}
