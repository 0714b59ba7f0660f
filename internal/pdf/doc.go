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
// Pages are A4 portrait (210 × 297 mm), set like a letter: the letter's paragraphs in a
// proportional face (Go Regular, 11 points on 15), its text diagrams and tables in a
// monospaced one (Go Mono, 10 points on 12: 80 columns are the text's width, 169 mm), the board
// diagram's picture beside its text diagram.
//
// On a card's first page:
//   - the sender block ([Card].From: the tournament's name and the captain's address) is at
//     the top left, 15 mm from the top, in 9.5 points, 72 mm wide;
//   - the address block ([Card].To: the player's name and address) is at the top right,
//     105 mm from the left edge and 45 mm from the top, in 12 points, 85 mm wide: where the
//     window of a C5 or C4 envelope with a right window shows it, the card folded in two or
//     unfolded;
//   - the letter's text starts 100 mm from the top, 25 mm from the left edge, and runs down to
//     20 mm from the bottom;
//   - a card of several pages has its page label ([Document].PageLabel) at the bottom right.
//
// The letter's text goes on, when it does not fit, on further pages of the same card: each is
// headed, in 9 points, by the card's title and its page label, e.g. "ЗК-1, 1-2, ход 12, стр. 2
// из 2", and holds the text from 22 mm from the top. A page holds about 33 lines of
// paragraphs on the first page and 48 on the others.
//
// # The blocks
//
// Both blocks are addresses, set by package postal: the first line names the sender or the
// addressee, the others are the address as the start sheet gives it, on its lines, or one line
// split into the lines of the post's order (the Russian Post's for an address in Russia, the
// Universal Postal Union's otherwise), the name printed once when the address begins with it.
// A line too long for its block is wrapped, at its last comma when that leaves the line at
// least half filled, else at its last space. A block may have up to 10 lines once set
// ([MaxBlockLines]): a longer one is an error ([AddressProblem] and [SenderProblem] say so
// before a card is written).
//
// # The letter's text
//
// postald writes its letters as plain text, its lines broken under 100 columns by hand. On the
// card each paragraph is wrapped once, to the page's width: the line breaks that only wrapped a
// paragraph are undone, so that no word is left alone on a line by wrapping twice. A line goes
// on with the line before it when that line is 40 characters or longer, does not end with a
// colon (which announces a list or a quoted address), and the line starts with a small letter
// or a parenthesis but not with a move (c3-d4). An item of a list («- », «• », «1. ») goes on
// with the lines indented to its text, and is set with them hanging under its text. An indented
// line otherwise (a quoted address, the example of a move letter) is a paragraph of its own,
// indented as written. Lines are wrapped at their last space within the width (a word longer
// than the width is cut), never after a word of one Cyrillic letter (в, и, с, к) nor before a
// dash, as Russian typesetting wants.
//
// A line with a box-drawing character or two spaces between its words is set in columns, with
// the indented lines next to it (a text diagram's row of files), in Go Mono, every character
// one column, so that the lines of a text diagram or a table stay aligned; such a line longer
// than 80 columns is wrapped at its last space within them. Tabs stop every 8 columns; control
// characters and invalid UTF-8 are printed as �.
//
// # The picture
//
// The picture ([Card].Picture), when there is one, stands beside the letter's text diagram (the
// lines of a board: rows numbered, then the files a b c …), top to top, 10 mm to its right and
// at most 80 mm wide: the position read in the text and seen in the picture side by side. A
// letter without a text diagram has its picture on the first page, under the sender block and
// left of the address block, as large as that space allows (about 70 mm for a board diagram
// with a short sender block); when the sender block is so long that the space beside the
// address block is less than 45 mm tall, the picture goes under the text instead, 80 mm wide,
// on the card's last page or on a page of its own when the last page has no room for it.
//
// The picture is decoded from its PNG and embedded as an image: a paletted PNG (postald's
// diagrams) as an indexed image, a grey one as grey, any other as RGB; transparent pixels are
// composed over white. The same picture on several cards of a document is embedded once.
//
// # The fonts
//
// The Go fonts (Go Regular and Go Mono, from golang.org/x/image, under the BSD-style licence of
// the Go project, in LICENSE-fonts beside this file) are embedded as TrueType fonts
// (CIDFontType2 under a Type0 font, Identity-H encoding). Both draw Latin, Cyrillic with ё and
// №, Greek and the box-drawing characters, so that Russian and English letters and their
// diagrams print alike; the zero is slashed and the capital I, the small l and the 1 differ,
// which a postal index and a move's squares need. Each font is subset: the embedded file keeps
// the outlines of the glyphs the document uses only, every glyph under its own index, and
// leaves out the font's names and glyph names. Go Regular has no kerning table, and none is
// applied. docs/architecture.md says why these fonts.
//
// Each distinct character of a face in a document has its own character identifier, mapped to
// its glyph by a CIDToGIDMap and to its Unicode text by a ToUnicode map, so that the text
// copied or extracted from the document (pdftotext) is the letter's text, Cyrillic included. A
// character the font does not have (Chinese, say, or a combining accent) is drawn as the
// replacement character � yet still extracted as itself.
package pdf
