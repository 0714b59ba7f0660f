package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"
)

// Card is one card to post: a letter with its addresses and, optionally, a picture. A card
// takes one page, or more when its text and picture do not fit on one.
type Card struct {
	// From is the sender block, printed small at the top left: the tournament's name, then the
	// captain's address as the start sheet gives it (lines, or one line with its parts
	// separated by commas), put in the post's order (package postal). At most [MaxBlockLines]
	// lines once set.
	From []string
	// To is the address block, printed at the top right where an envelope's window shows it:
	// the player's name, then his postal address as the start sheet gives it, put in the
	// post's order with the name once (package postal). At most [MaxBlockLines] lines once set.
	To []string
	// Text is the letter, plain UTF-8 text as postald writes it: its paragraphs are set in a
	// proportional face and wrapped to the page's width once (the line breaks that only
	// wrapped them are undone), its text diagrams and tables in a monospaced face, their
	// columns kept; tabs stop every 8 columns.
	Text string
	// Picture is a PNG (a board diagram), or nil. It is printed beside the letter's text
	// diagram when the letter has one; else on the first page, under the sender block and left
	// of the address block, as large as the space there allows (about 70 mm for a board
	// diagram); a sender block so long that it leaves less than 45 mm puts the picture under
	// the text instead, 80 mm wide. At most 4096×4096 pixels.
	Picture []byte
	// Title names the card, e.g. "ЗК-1, 1-2, ход 12". It heads the card's continuation pages,
	// and it is the document's title when the document has one card and no [Document].Title.
	Title string
}

// Document is the cards printed together, one after another, each starting
// on a new page.
type Document struct {
	// Title is the document's title in its information dictionary; empty
	// for a one-card document means the card's Title.
	Title string
	// Created is the document's creation date in its information
	// dictionary, in its own time zone; the zero time writes none.
	Created time.Time
	// Cards are the cards, at least one.
	Cards []Card
	// PageLabel words the page numbers of a card that takes more than one
	// page, in the reader's language, e.g. "page 2 of 3" or "стр. 2 из 3":
	// page counts from 1 within the card. The label follows the card's
	// Title at the top of every page after the first, and stands at the
	// bottom right of the first page. Nil labels pages "2/3".
	PageLabel func(page, pages int) string
}

// ErrNoCards is returned by [Write] for a document without a card.
var ErrNoCards = errors.New("pdf: the document has no card")

// Write writes d to w as a PDF document: A4 portrait pages, the font and the
// pictures embedded. The same document always gives the same bytes. Write
// checks the whole document before it writes a byte: a card it cannot
// print (a picture that is not a PNG, an address block too long) is an
// error naming the card, and nothing is written.
func Write(w io.Writer, d Document) error {
	if len(d.Cards) == 0 {
		return ErrNoCards
	}
	fs, err := theFaces()
	if err != nil {
		return err
	}
	label := d.PageLabel
	if label == nil {
		label = func(page, pages int) string { return fmt.Sprintf("%d/%d", page, pages) }
	}
	doc := &document{set: &setter{text: newGlyphs(fs.text), mono: newGlyphs(fs.mono)}}
	pics := map[string]int{} // the same picture in two cards is embedded once
	for i := range d.Cards {
		c := &d.Cards[i]
		pic := -1
		if len(c.Picture) > 0 {
			if j, ok := pics[string(c.Picture)]; ok {
				pic = j
			} else {
				im, err := decodePicture(c.Picture)
				if err != nil {
					return fmt.Errorf("pdf: Cards[%d] (%q): picture: %w", i, c.Title, err)
				}
				pic = len(doc.images)
				pics[string(c.Picture)] = pic
				doc.images = append(doc.images, im)
			}
		}
		pages, err := layoutCard(c, pic, doc.images, label, doc.set)
		if err != nil {
			return fmt.Errorf("pdf: Cards[%d] (%q): %w", i, c.Title, err)
		}
		doc.pages = append(doc.pages, pages...)
	}
	title := d.Title
	if title == "" && len(d.Cards) == 1 {
		title = d.Cards[0].Title
	}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := doc.write(&buf, title, d.Created); err != nil {
		return err
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}
