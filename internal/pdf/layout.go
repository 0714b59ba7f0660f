package pdf

import (
	"fmt"
	"unicode"
)

// The page layout, in points (1/72 inch) from the page's top left corner
// unless said otherwise; the package documentation describes it.
const (
	mm = 72 / 25.4

	pageWidth  = 210 * mm // A4 portrait
	pageHeight = 297 * mm

	leftMargin   = 25 * mm // room to punch and file the card
	bottomMargin = 20 * mm

	// TextColumns is the width of the letter's text in characters:
	// postald's letters keep their lines under 80 columns.
	TextColumns  = 80
	textSize     = 10.0 // font size; a character is 6 points wide
	textLeading  = 12.0
	firstTextTop = 100 * mm // the top of the first line on a card's first page
	contTextTop  = 22 * mm  // on its continuation pages

	// SenderColumns is the width of the sender block in characters.
	SenderColumns = 40
	senderTop     = 15 * mm
	senderSize    = 9.0
	senderLeading = 11.0

	// AddressColumns is the width of the address block in characters.
	AddressColumns = 40
	addressLeft    = 105 * mm // the window of a C5 or C4 envelope with a right window
	addressTop     = 45 * mm
	addressSize    = 10.0
	addressLeading = 12.0

	// MaxBlockLines is the most lines a sender or address block may have
	// once wrapped: more would run into the letter's text.
	MaxBlockLines = 10

	headerTop  = 12 * mm // the continuation header's top
	footerTop  = pageHeight - 14*mm
	headerSize = 8.0

	// The picture: beside the address block, under the sender block, when
	// there is room for it to be at least minPictureHeight tall; else under
	// the text, pictureWidth wide.
	pictureGap       = 4 * mm
	pictureRight     = addressLeft - 5*mm
	minPictureHeight = 45 * mm
	pictureWidth     = 80 * mm
	maxPictureHeight = 100 * mm

	tabStop = 8
)

// textRight is the right edge of the letter's text.
const textRight = leftMargin + TextColumns*textSize*0.6

// A run is one line of text on a page: its characters' CIDs, drawn from the
// baseline's start at (x, y) in points from the page's bottom left corner.
type run struct {
	x, y, size float64
	cids       []uint16
}

// A page is one page of a card: its lines and its picture, if any.
type page struct {
	runs []run
	// image is the index of the picture in the document's images, -1 for
	// none; the picture fills the box with its bottom left corner at
	// (imgX, imgY) from the page's bottom left corner.
	image                  int
	imgX, imgY, imgW, imgH float64
}

// layoutCard sets c out on its pages; pic is the index of its picture in
// images, or -1.
func layoutCard(c *Card, pic int, images []*picture, label func(page, pages int) string, g *glyphs) ([]page, error) {
	from := blockLines(c.From, SenderColumns)
	if len(from) > MaxBlockLines {
		return nil, fmt.Errorf("the sender block has %d lines of at most %d characters, more than %d", len(from), SenderColumns, MaxBlockLines)
	}
	to := blockLines(c.To, AddressColumns)
	if len(to) > MaxBlockLines {
		return nil, fmt.Errorf("the address block has %d lines of at most %d characters, more than %d", len(to), AddressColumns, MaxBlockLines)
	}
	text := textLines(c.Text, TextColumns)

	// The text's lines, page by page.
	fits := func(top float64) int { // how many lines fit under top
		return int((pageHeight-bottomMargin-top-textSize)/textLeading) + 1
	}
	var chunks [][][]rune
	for first, rest := true, text; first || len(rest) > 0; first = false {
		n := fits(contTextTop)
		if first {
			n = fits(firstTextTop)
		}
		n = min(n, len(rest))
		chunks = append(chunks, rest[:n])
		rest = rest[n:]
	}

	// The picture: beside the address block if there is room, else under
	// the text on the last page, or on a page of its own.
	var imgPage int
	var imgX, imgTop, imgW, imgH float64
	if pic >= 0 {
		im := images[pic]
		aspect := float64(im.height) / float64(im.width)
		top := senderTop
		if len(from) > 0 {
			top += float64(len(from))*senderLeading + pictureGap
		}
		boxW, boxH := pictureRight-leftMargin, firstTextTop-pictureGap-top
		if boxH >= minPictureHeight {
			imgW, imgH = boxW, boxW*aspect
			if imgH > boxH {
				imgW, imgH = boxH/aspect, boxH
			}
			imgPage, imgX, imgTop = 0, leftMargin, top
		} else {
			imgW, imgH = pictureWidth, pictureWidth*aspect
			if imgH > maxPictureHeight {
				imgW, imgH = maxPictureHeight/aspect, maxPictureHeight
			}
			imgPage = len(chunks) - 1
			imgTop = contTextTop
			if imgPage == 0 {
				imgTop = firstTextTop
			}
			if n := len(chunks[imgPage]); n > 0 {
				imgTop += float64(n-1)*textLeading + textSize + pictureGap
			}
			if imgTop+imgH > pageHeight-bottomMargin {
				chunks = append(chunks, nil)
				imgPage, imgTop = len(chunks)-1, contTextTop
			}
			imgX = leftMargin + (textRight-leftMargin-imgW)/2
		}
	}

	pages := make([]page, len(chunks))
	m := len(chunks)
	for k, lines := range chunks {
		p := &pages[k]
		p.image = -1
		top := contTextTop
		if k == 0 {
			top = firstTextTop
			for i, l := range from {
				p.add(g, leftMargin, senderTop+float64(i)*senderLeading, senderSize, l)
			}
			for i, l := range to {
				p.add(g, addressLeft, addressTop+float64(i)*addressLeading, addressSize, l)
			}
			if m > 1 {
				l := clip(oneLine(label(1, m)), headerColumns)
				p.add(g, textRight-float64(len(l))*headerSize*0.6, footerTop, headerSize, l)
			}
		} else {
			h := oneLine(c.Title)
			if len(h) > 0 {
				h = append(h, ',', ' ')
			}
			h = clip(append(h, oneLine(label(k+1, m))...), headerColumns)
			p.add(g, leftMargin, headerTop, headerSize, h)
		}
		for i, l := range lines {
			p.add(g, leftMargin, top+float64(i)*textLeading, textSize, l)
		}
		if pic >= 0 && k == imgPage {
			p.image = pic
			p.imgX, p.imgY, p.imgW, p.imgH = imgX, pageHeight-imgTop-imgH, imgW, imgH
		}
	}
	return pages, nil
}

// headerColumns is the width of the continuation header and the first
// page's label: the text's width at the header's size.
const headerColumns = int(TextColumns * textSize / headerSize)

// add adds the line l with the top of its line at top from the page's top;
// an empty line adds nothing.
func (p *page) add(g *glyphs, x, top, size float64, l []rune) {
	if len(l) == 0 {
		return
	}
	cids := make([]uint16, len(l))
	for i, r := range l {
		cids[i] = g.CID(r)
	}
	p.runs = append(p.runs, run{x: x, y: pageHeight - top - size, size: size, cids: cids})
}

// oneLine is s for a header: its control characters (line breaks, tabs)
// made spaces, and the spaces at its ends dropped.
func oneLine(s string) []rune {
	l := []rune(s)
	for i, r := range l {
		if unicode.IsControl(r) {
			l[i] = ' '
		}
	}
	for len(l) > 0 && l[0] == ' ' {
		l = l[1:]
	}
	return trimRight(l)
}

// clip shortens l to at most n characters, ending it with an ellipsis.
func clip(l []rune, n int) []rune {
	if len(l) <= n {
		return l
	}
	return append(l[:n-1:n-1], '…')
}

// blockLines are the lines of a sender or address block, wrapped at cols.
func blockLines(block []string, cols int) [][]rune {
	var out [][]rune
	for _, s := range block {
		out = append(out, textLines(s, cols)...)
	}
	return out
}

// textLines splits s into lines of at most cols characters: at its line
// breaks (LF, CRLF or CR), then, in longer lines, at the last space that
// leaves the line within cols, or at cols where no space does. Tabs are
// expanded to stops every tabStop columns; other control characters, like
// invalid UTF-8, become the fallback character. Spaces ending a line are
// dropped, and so are empty lines at the end.
func textLines(s string, cols int) [][]rune {
	var out [][]rune
	var line []rune
	cr := false
	for _, r := range s {
		if cr && r == '\n' { // the LF of a CRLF
			cr = false
			continue
		}
		cr = r == '\r'
		switch {
		case r == '\n' || r == '\r':
			out = wrap(out, line, cols)
			line = nil
		case r == '\t':
			for n := tabStop - len(line)%tabStop; n > 0; n-- {
				line = append(line, ' ')
			}
		case unicode.IsControl(r):
			line = append(line, fallback)
		default:
			line = append(line, r)
		}
	}
	out = wrap(out, line, cols)
	for len(out) > 0 && len(out[len(out)-1]) == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// wrap appends line to out, wrapped at cols.
func wrap(out [][]rune, line []rune, cols int) [][]rune {
	line = trimRight(line)
	for len(line) > cols {
		cut := 0
		for i := cols; i > 0; i-- {
			if line[i] == ' ' && len(trimRight(line[:i])) > 0 {
				cut = i
				break
			}
		}
		if cut == 0 { // no space, or only the indentation's: cut the word
			out = append(out, line[:cols:cols])
			line = line[cols:]
			continue
		}
		out = append(out, trimRight(line[:cut:cut]))
		line = line[cut:]
		for len(line) > 0 && line[0] == ' ' {
			line = line[1:]
		}
	}
	return append(out, line)
}

func trimRight(l []rune) []rune {
	for len(l) > 0 && l[len(l)-1] == ' ' {
		l = l[:len(l)-1]
	}
	return l
}

// AddressProblem says why lines cannot be printed as a card's address block, in the window of
// the envelope ("" when they can): more than MaxBlockLines lines once wrapped at AddressColumns.
// It is the check Write makes, for a start sheet to be refused before any card is written.
func AddressProblem(lines []string) string {
	return blockProblem(lines, AddressColumns)
}

// SenderProblem says why lines cannot be printed as a card's sender block ("" when they can).
func SenderProblem(lines []string) string {
	return blockProblem(lines, SenderColumns)
}

func blockProblem(lines []string, cols int) string {
	if n := len(blockLines(lines, cols)); n > MaxBlockLines {
		return fmt.Sprintf("%d lines of at most %d characters on a card, more than the %d its block has", n, cols, MaxBlockLines)
	}
	return ""
}
