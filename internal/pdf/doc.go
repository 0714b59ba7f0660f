// Package pdf writes the cards postald posts to the players who play by
// post: a PDF document, a card after another, each card a letter with its
// sender and address blocks and, optionally, a board diagram, ready to be
// printed, folded and put in a window envelope.
//
// The package is pure: [Write] reads no file, clock or environment and
// writes only to its io.Writer; the creation date is the caller's. The same
// [Document] always gives the same bytes, so that a card can be compared
// with a golden file or printed twice without change.
//
// # The page
//
// Pages are A4 portrait (210 × 297 mm). A card's letter is plain text of
// up to 80 columns, 40 to 70 lines long, with text diagrams and tables in
// it: at 10 points in a monospaced font, 80 columns are 169 mm, which fits
// A4's width with margins and no smaller page; A5 would need a font too
// small to read or lines wrapped through the diagrams. A card's first page
// holds 41 lines of text, each further page 60, so that most letters take
// one page and the longest two.
//
// On a card's first page:
//   - the sender block ([Card].From, postald's tournament address) is at
//     the top left, 15 mm from the top, in 9 points;
//   - the address block ([Card].To) is at the top right, 105 mm from the
//     left edge and 45 mm from the top, in 10 points: where the window of a
//     C5 or C4 envelope with a right window shows it, the card folded in
//     two or unfolded;
//   - the picture ([Card].Picture), when there is one, is under the sender
//     block and left of the address block, as large as that space allows
//     (about 70 mm for a board diagram with a short sender block);
//   - the letter's text starts 100 mm from the top, 25 mm from the left
//     edge, and runs down to 20 mm from the bottom;
//   - a card of several pages has its page label ([Document].PageLabel)
//     at the bottom right.
//
// The letter's text goes on, when it does not fit, on further pages of the
// same card: each is headed, in 8 points, by the card's title and its page
// label, e.g. "ЗК-1, 1-2, ход 12, стр. 2 из 2", and holds the text from
// 22 mm from the top. When the sender block is so long that the space
// beside the address block is less than 45 mm tall, the picture goes under
// the text instead, 80 mm wide, on the card's last page or on a page of its
// own when the last page has no room for it.
//
// Lines longer than 80 columns are wrapped at their last space within the
// width (a word longer than the width is cut); tabs stop every 8 columns;
// every character takes one column, so that the lines of a text diagram
// stay aligned. The blocks are wrapped likewise, at 40 columns, and may have
// up to 10 lines each ([MaxBlockLines]): longer blocks are an error.
//
// # The font
//
// The text is set in Go Mono, embedded as a TrueType font (CIDFontType2
// under a Type0 font, Identity-H encoding). Go Mono is monospaced and draws
// Latin, Cyrillic, Greek and the box-drawing characters, so that Russian
// and English letters and their diagrams print alike, and it is already
// part of postald (golang.org/x/image). The font is subset: the embedded
// file keeps the outlines of the glyphs the document uses only, every glyph
// under its own index, and leaves out the font's names and glyph names. A
// one-card letter's font is about 13 KB compressed (the whole font would
// be 78 KB), and with its board diagram the document is about 25 KB.
//
// Each distinct character of a document has its own character identifier,
// mapped to its glyph by a CIDToGIDMap and to its Unicode text by a
// ToUnicode map, so that the text copied or extracted from the document
// (pdftotext) is the letter's text, Cyrillic included. A character the
// font does not have (Chinese, say, or a combining accent) is drawn as the
// replacement character � yet still extracted as itself; control
// characters and invalid UTF-8 are printed and extracted as �.
//
// # The picture
//
// The picture is decoded from its PNG and embedded as an image: a paletted
// PNG (postald's diagrams) as an indexed image, a grey one as grey, any
// other as RGB; transparent pixels are composed over white. The same
// picture on several cards of a document is embedded once.
package pdf
