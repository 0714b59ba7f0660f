package pdf

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"postald/internal/postal"
)

// The page layout, in points (1/72 inch) from the page's top left corner unless said
// otherwise; the package documentation describes it.
const (
	mm = 72 / 25.4

	pageWidth  = 210 * mm // A4 portrait
	pageHeight = 297 * mm

	leftMargin   = 25 * mm // room to punch and file the card
	bottomMargin = 20 * mm

	// The letter's text is 480 points wide (169 mm): 80 columns of Go Mono at 10 points.
	textWidth    = 480.0
	textRight    = leftMargin + textWidth
	textSize     = 11.0 // Go Regular, the letter's paragraphs
	textLeading  = 15.0
	monoSize     = 10.0 // Go Mono, the lines set in columns: a character is 6 points wide
	monoLeading  = 12.0
	monoColumns  = 80
	blankSpace   = 7.0      // what a blank line of the letter leaves
	firstTextTop = 100 * mm // the top of the first line on a card's first page
	contTextTop  = 22 * mm  // on its continuation pages

	senderTop     = 15 * mm
	senderSize    = 9.5
	senderLeading = 12.0
	senderWidth   = addressLeft - 8*mm - leftMargin // 72 mm

	addressLeft    = 105 * mm // the window of a C5 or C4 envelope with a right window
	addressTop     = 45 * mm
	addressSize    = 12.0
	addressLeading = 14.0
	addressWidth   = 85 * mm

	// MaxBlockLines is the most lines a sender or address block may have once set: more would
	// run out of the envelope's window and into the letter's text.
	MaxBlockLines = 10

	headerTop  = 12 * mm // the continuation header's top
	footerTop  = pageHeight - 14*mm
	headerSize = 9.0

	// The picture: beside the letter's text diagram, when the letter has one; else beside
	// the address block, under the sender block, when there is room for it to be at least
	// minPictureHeight tall; else under the text, pictureWidth wide.
	figureGap        = 10 * mm // between the text diagram and the picture beside it
	figureWidth      = 80 * mm // the picture beside the text diagram at most
	minFigureWidth   = 40 * mm
	pictureGap       = 4 * mm
	pictureRight     = addressLeft - 5*mm
	minPictureHeight = 45 * mm
	pictureWidth     = 80 * mm
	maxPictureHeight = 100 * mm

	tabStop = 8
)

// A run is one line of text on a page: its characters' CIDs in its face, drawn from the
// baseline's start at (x, y) in points from the page's bottom left corner.
type run struct {
	mono       bool
	x, y, size float64
	cids       []uint16
}

// A page is one page of a card: its lines and its picture, if any.
type page struct {
	runs []run
	// image is the index of the picture in the document's images, -1 for none; the picture
	// fills the box with its bottom left corner at (imgX, imgY) from the page's bottom left
	// corner.
	image                  int
	imgX, imgY, imgW, imgH float64
}

// setter sets out the text of one document: the glyphs of its two faces.
type setter struct {
	text, mono *glyphs
}

// layoutCard sets c out on its pages; pic is the index of its picture in images, or -1.
func layoutCard(c *Card, pic int, images []*picture, label func(page, pages int) string, s *setter) ([]page, error) {
	from := s.block(c.From, senderSize, senderWidth)
	if len(from) > MaxBlockLines {
		return nil, fmt.Errorf("the sender block has %d lines once set %s mm wide, more than %d", len(from), num(senderWidth/mm), MaxBlockLines)
	}
	to := s.block(c.To, addressSize, addressWidth)
	if len(to) > MaxBlockLines {
		return nil, fmt.Errorf("the address block has %d lines once set %s mm wide, more than %d", len(to), num(addressWidth/mm), MaxBlockLines)
	}
	elems := elements(c.Text)

	// The picture goes beside the letter's text diagram; without one, beside the address
	// block when there is room there.
	var im *picture
	figure := -1
	if pic >= 0 {
		im = images[pic]
		for i, e := range elems {
			if e.kind == preElem && isBoard(e.lines) && figureFits(e.lines) {
				elems[i].kind, figure = figureElem, i
				break
			}
		}
	}
	f := &flow{s: s, y: firstTextTop, pic: pic, im: im}
	f.pages = append(f.pages, page{image: -1})
	p := &f.pages[0]
	for i, l := range from {
		p.add(s.text, false, leftMargin, senderTop+float64(i)*senderLeading, senderSize, l)
	}
	for i, l := range to {
		p.add(s.text, false, addressLeft, addressTop+float64(i)*addressLeading, addressSize, l)
	}
	under := false // the picture goes under the text
	if im != nil && figure < 0 {
		top := senderTop
		if len(from) > 0 {
			top += float64(len(from))*senderLeading + pictureGap
		}
		boxW, boxH := pictureRight-leftMargin, firstTextTop-pictureGap-top
		if boxH >= minPictureHeight {
			w, h := fit(im, boxW, boxH)
			p.place(pic, leftMargin, top, w, h)
		} else {
			under = true
		}
	}
	for i, e := range elems {
		if e.kind == paraElem && (i == 0 || !sameBlock(elems[i-1], e)) {
			// A paragraph is not split across pages (a receipt, a sentence), nor is a block of
			// indented lines (a quoted address, the sample letter): when it does not fit under the
			// last line but fits on a page, it starts the next page.
			h := f.paraHeight(e)
			for _, n := range elems[i+1:] {
				if !sameBlock(e, n) {
					break
				}
				h += f.paraHeight(n)
			}
			if h <= pageHeight-bottomMargin-contTextTop {
				f.room(h)
			}
		}
		if isDiagram(e) {
			f.keep = f.legendHeight(elems[i+1:])
		}
		if e.kind == paraElem && i+1 < len(elems) && isDiagram(elems[i+1]) && len(e.text) > 0 && e.text[len(e.text)-1] == ':' {
			// The line that heads a diagram («Позиция:») stands on its page, with the diagram
			// and its legend when they fit on one page, else with the diagram's first lines.
			d := elems[i+1]
			h := f.paraHeight(e) + f.diagramHeight(d)
			if legend := f.legendHeight(elems[i+2:]); h+legend <= pageHeight-bottomMargin-contTextTop {
				h += legend
			}
			if h <= pageHeight-bottomMargin-contTextTop {
				f.room(h)
			}
		}
		f.element(e)
		f.keep = 0
	}
	if under {
		w, h := fit(im, pictureWidth, maxPictureHeight)
		top := f.y + pictureGap
		if f.y == f.top() {
			top = f.y
		}
		if top+h > pageHeight-bottomMargin {
			f.newPage()
			top = f.y
		}
		f.last().place(pic, leftMargin+(textWidth-w)/2, top, w, h)
	}

	// The labels, now that the number of pages is known.
	m := len(f.pages)
	if m > 1 {
		l := s.clip(oneLine(label(1, m)), headerSize, textWidth)
		f.pages[0].add(s.text, false, textRight-s.text.measure(l, headerSize), footerTop, headerSize, l)
		for k := 1; k < m; k++ {
			h := oneLine(c.Title)
			if len(h) > 0 {
				h = append(h, ',', ' ')
			}
			h = s.clip(append(h, oneLine(label(k+1, m))...), headerSize, textWidth)
			f.pages[k].add(s.text, false, leftMargin, headerTop, headerSize, h)
		}
	}
	return f.pages, nil
}

// sameBlock reports whether paragraph n goes in one block with paragraph e before it: both
// indented alike, as the lines of a quoted address are.
func sameBlock(e, n element) bool {
	return e.kind == paraElem && n.kind == paraElem && e.indent > 0 && n.indent == e.indent
}

// fit is the size of im in a box of w × h points, as large as the box allows.
func fit(im *picture, w, h float64) (float64, float64) {
	aspect := float64(im.height) / float64(im.width)
	if w*aspect > h {
		return h / aspect, h
	}
	return w, w * aspect
}

// place puts picture pic on the page with its top left corner at (x, top).
func (p *page) place(pic int, x, top, w, h float64) {
	p.image = pic
	p.imgX, p.imgY, p.imgW, p.imgH = x, pageHeight-top-h, w, h
}

// flow sets the letter's elements down the pages of a card.
type flow struct {
	s     *setter
	pages []page
	y     float64 // the top of the next line on the last page
	pic   int
	im    *picture
	// keep is the height of what must stand on the same page as the element being set after
	// it: a diagram's legend.
	keep float64
}

func (f *flow) last() *page { return &f.pages[len(f.pages)-1] }

// paraHeight is the height paragraph e takes once set.
func (f *flow) paraHeight(e element) float64 {
	indent := float64(e.indent) * f.s.mono.width(' ', textSize)
	hang := f.s.text.measure(e.text[:e.hang], textSize)
	first := f.s.wrap(e.text, textSize, textWidth-indent, false)
	if len(first) == 0 {
		return 0
	}
	rest := e.text[len(first[0]):]
	for len(rest) > 0 && rest[0] == ' ' {
		rest = rest[1:]
	}
	return float64(1+len(f.s.wrap(rest, textSize, textWidth-indent-hang, false))) * textLeading
}

// top is where the text starts on the last page.
func (f *flow) top() float64 {
	if len(f.pages) == 1 {
		return firstTextTop
	}
	return contTextTop
}

func (f *flow) newPage() {
	f.pages = append(f.pages, page{image: -1})
	f.y = contTextTop
}

// room starts a new page unless h points fit under the last line.
func (f *flow) room(h float64) {
	if f.y+h > pageHeight-bottomMargin && f.y > f.top() {
		f.newPage()
	}
}

// line sets one line at the flow's place.
func (f *flow) line(mono bool, x, size, leading float64, l []rune) {
	f.room(size)
	g := f.s.text
	if mono {
		g = f.s.mono
	}
	f.last().add(g, mono, x, f.y, size, l)
	f.y += leading
}

func (f *flow) element(e element) {
	switch e.kind {
	case blankElem:
		if f.y > f.top() {
			f.y += blankSpace
		}
	case paraElem:
		indent := float64(e.indent) * f.s.mono.width(' ', textSize) // as wide as the columns it stood in
		hang := f.s.text.measure(e.text[:e.hang], textSize)
		first := f.s.wrap(e.text, textSize, textWidth-indent, false)
		if len(first) == 0 {
			return
		}
		f.line(false, leftMargin+indent, textSize, textLeading, first[0])
		rest := e.text[len(first[0]):]
		for len(rest) > 0 && rest[0] == ' ' {
			rest = rest[1:]
		}
		for _, l := range f.s.wrap(rest, textSize, textWidth-indent-hang, false) {
			f.line(false, leftMargin+indent+hang, textSize, textLeading, l)
		}
	case preElem:
		if f.keep > 0 {
			f.room(float64(len(e.lines))*monoLeading + f.keep) // a diagram with its legend
		}
		for _, l := range e.lines {
			for _, w := range wrap(nil, l, monoColumns) {
				f.line(true, leftMargin, monoSize, monoLeading, w)
			}
		}
	case figureElem:
		// The text diagram on the left, the picture beside it, top to top.
		cols := 0
		for _, l := range e.lines {
			cols = max(cols, len(l))
		}
		x := leftMargin + float64(cols)*monoSize*0.6 + figureGap
		w, h := fit(f.im, min(figureWidth, textRight-x), maxPictureHeight)
		f.room(f.diagramHeight(e) + f.keep) // with its legend, when it has one
		top := f.y
		for _, l := range e.lines {
			f.line(true, leftMargin, monoSize, monoLeading, l)
		}
		f.last().place(f.pic, x, top, w, h)
		f.y = max(f.y, top+h+pictureGap)
	}
}

// isDiagram reports whether e is a text diagram, with or without the picture beside it.
func isDiagram(e element) bool {
	return e.kind == figureElem || e.kind == preElem && isBoard(e.lines)
}

// legendHeight is the height of a diagram's legend: the paragraphs right after it (what the
// marks mean, the picture's, the FEN), which stay on the diagram's page.
func (f *flow) legendHeight(after []element) float64 {
	h := 0.0
	for _, n := range after {
		if n.kind != paraElem {
			break
		}
		h += f.paraHeight(n)
	}
	return h
}

// diagramHeight is the height diagram e takes once set, as element sets it.
func (f *flow) diagramHeight(e element) float64 {
	if e.kind == preElem {
		n := 0
		for _, l := range e.lines {
			n += len(wrap(nil, l, monoColumns))
		}
		return float64(n) * monoLeading
	}
	cols := 0
	for _, l := range e.lines {
		cols = max(cols, len(l))
	}
	x := leftMargin + float64(cols)*monoSize*0.6 + figureGap
	_, h := fit(f.im, min(figureWidth, textRight-x), maxPictureHeight)
	text := float64(len(e.lines)-1)*monoLeading + monoSize
	return max(text+monoLeading-monoSize, h+pictureGap)
}

// figureFits reports whether a picture can stand beside the diagram lines.
func figureFits(lines [][]rune) bool {
	cols := 0
	for _, l := range lines {
		cols = max(cols, len(l))
	}
	return cols <= monoColumns && textRight-(leftMargin+float64(cols)*monoSize*0.6+figureGap) >= minFigureWidth
}

// add adds the line l with the top of its line at top from the page's top; an empty line adds
// nothing.
func (p *page) add(g *glyphs, mono bool, x, top, size float64, l []rune) {
	if len(l) == 0 {
		return
	}
	cids := make([]uint16, len(l))
	for i, r := range l {
		cids[i] = g.CID(r)
	}
	p.runs = append(p.runs, run{mono: mono, x: x, y: pageHeight - top - size, size: size, cids: cids})
}

// The elements of a letter's text.
type elemKind int

const (
	blankElem  elemKind = iota // one or more blank lines
	paraElem                   // a paragraph, wrapped to the text's width
	preElem                    // lines set in columns, in Go Mono, as written
	figureElem                 // a text diagram, with the picture beside it
)

type element struct {
	kind   elemKind
	text   []rune   // a paragraph's text, its lines joined
	indent int      // the spaces a paragraph's first line was indented by
	hang   int      // the characters of its item's mark, under which its other lines hang
	lines  [][]rune // the lines of preElem and figureElem
}

// The kinds of the letter's lines.
type lineKind int

const (
	blankLine  lineKind = iota
	plainLine           // text
	indentLine          // text indented: a quoted address, a variant
	columnLine          // set in columns: a diagram's row, a table's
)

// elements reads a letter's text into its paragraphs and its lines set in columns. A line
// set in columns has a box-drawing character or two spaces between its words; the indented
// lines around it go with it (a text diagram's row of files). Other lines are joined into
// paragraphs where the writer's own line breaks only wrapped them (continues): a line under a
// list's item («- », «1. ») indented to the item's text goes on with the item, which is set with
// its lines hanging under its text; an indented line (a quoted address, the example of a
// letter) is a paragraph of its own, indented as written.
func elements(s string) []element {
	lines := rawLines(s)
	kinds := make([]lineKind, len(lines))
	for i, l := range lines {
		kinds[i] = kindOf(l)
	}
	var out []element
	for i := 0; i < len(lines); {
		if kinds[i] == blankLine {
			for i < len(lines) && kinds[i] == blankLine {
				i++
			}
			out = append(out, element{kind: blankElem})
			continue
		}
		if kinds[i] != plainLine {
			j, columns := i, false
			for j < len(lines) && (kinds[j] == indentLine || kinds[j] == columnLine) {
				columns = columns || kinds[j] == columnLine
				j++
			}
			if columns {
				out = append(out, element{kind: preElem, lines: lines[i:j]})
				i = j
				continue
			}
		}
		// A paragraph: its first line, and the lines that go on with it.
		n := indentOf(lines[i])
		text := slices.Clone(lines[i][n:])
		hang := itemMark(text)
		for i++; i < len(lines) && (kinds[i] == plainLine || kinds[i] == indentLine); i++ {
			// A line indented to an item's text goes on with the item whatever its first
			// letter; other lines go on by continues.
			m := indentOf(lines[i])
			prev := lines[i-1]
			switch {
			case m != n+hang:
			case hang > 0 && len(prev) >= 40 && prev[len(prev)-1] != ':':
				text = append(append(text, ' '), lines[i][m:]...)
				continue
			case continues(prev, lines[i][m:]):
				text = append(append(text, ' '), lines[i][m:]...)
				continue
			}
			break
		}
		out = append(out, element{kind: paraElem, text: text, indent: n, hang: hang})
	}
	if len(out) > 0 && out[len(out)-1].kind == blankElem {
		out = out[:len(out)-1]
	}
	return out
}

// indentOf is the number of spaces l starts with.
func indentOf(l []rune) int {
	n := 0
	for n < len(l) && l[n] == ' ' {
		n++
	}
	return n
}

var itemRE = regexp.MustCompile(`^([-–•*]|\d{1,2}[.)]) `)

// itemMark is the length of the mark of a list's item that l starts with («- », «• », «2. »),
// 0 when it starts with none.
func itemMark(l []rune) int {
	if m := itemRE.FindString(string(l[:min(len(l), 8)])); m != "" {
		return len([]rune(m))
	}
	return 0
}

func kindOf(l []rune) lineKind {
	if len(l) == 0 {
		return blankLine
	}
	for _, r := range l {
		if r >= 0x2500 && r <= 0x259F { // box drawing and block elements
			return columnLine
		}
	}
	n := 0
	for n < len(l) && l[n] == ' ' {
		n++
	}
	for i := n + 1; i < len(l); i++ {
		if l[i] == ' ' && l[i-1] == ' ' {
			return columnLine
		}
	}
	if n > 0 {
		return indentLine
	}
	return plainLine
}

// continues reports whether line b goes on with the paragraph of line a, the writer's line
// break only wrapping it: a is a long line (40 characters or more) not ending with a colon
// (which announces what follows, a list or a quoted address), and b starts with a small letter
// or a parenthesis, not with a move («c3-d4»).
func continues(a, b []rune) bool {
	if len(a) < 40 || a[len(a)-1] == ':' || len(b) == 0 {
		return false
	}
	first := b[0]
	switch {
	case first == '(':
		return true
	case !unicode.IsLower(first):
		return false
	case first >= 'a' && first <= 'z' && len(b) > 1 && unicode.IsDigit(b[1]):
		return false
	}
	return true
}

var (
	boardFiles = regexp.MustCompile(`^a( [b-z])+$`)
	boardRow   = regexp.MustCompile(`^\d{1,2}( |$)`)
)

// isBoard reports whether lines are a text diagram: rows that start with their number, then
// the files' letters.
func isBoard(lines [][]rune) bool {
	if len(lines) < 4 || !boardFiles.MatchString(strings.TrimSpace(string(lines[len(lines)-1]))) {
		return false
	}
	for _, l := range lines[:len(lines)-1] {
		if !boardRow.MatchString(strings.TrimSpace(string(l))) {
			return false
		}
	}
	return true
}

// rawLines splits s into its lines: at its line breaks (LF, CRLF or CR). Tabs are expanded to
// stops every tabStop columns; other control characters, like invalid UTF-8, become the
// fallback character. Spaces ending a line are dropped.
func rawLines(s string) [][]rune {
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
			out = append(out, trimRight(line))
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
	return append(out, trimRight(line))
}

// block sets a sender or an address block: its first element the addressee, the rest his
// address, put in the post's order (postal.Block), each line wrapped to width at size points.
func (s *setter) block(lines []string, size, width float64) [][]rune {
	if len(lines) == 0 {
		return nil
	}
	var out [][]rune
	for _, l := range postal.Block(lines[0], lines[1:]) {
		out = append(out, s.wrap(oneLine(l), size, width, true)...)
	}
	return out
}

// wrap breaks l into lines at most width points wide at size points in the text face: at the
// last space that leaves the line within the width, or, where no space does, after the last
// character that fits. A word of one Cyrillic letter (в, и, с, к) is kept with the word after
// it and a dash with the word before it, as Russian typesetting wants; a no-break space is
// never broken. With commas, a line
// ends at its last comma rather than at a later space when that leaves it at least half
// filled: an address's parts stay whole.
func (s *setter) wrap(l []rune, size, width float64, commas bool) [][]rune {
	l = trimRight(l)
	var out [][]rune
	for len(l) > 0 {
		cut, comma, w := 0, 0, 0.0
		fits, word, over := 0, false, false
		for i, r := range l {
			// A space may end the line when what comes before it fits.
			if r == ' ' && word && !oneLetterWord(l, i) && !dashNext(l, i) {
				cut = i
				if l[i-1] == ',' && w >= width/2 {
					comma = i
				}
			}
			word = word || r != ' '
			w += s.text.width(r, size)
			if w > width && i > 0 {
				over = true
				break
			}
			fits = i + 1
		}
		if !over {
			return append(out, l)
		}
		if commas && comma > 0 {
			cut = comma
		}
		if cut == 0 { // no space: cut the word
			out = append(out, l[:fits:fits])
			l = l[fits:]
			continue
		}
		out = append(out, trimRight(l[:cut:cut]))
		l = l[cut:]
		for len(l) > 0 && l[0] == ' ' {
			l = l[1:]
		}
	}
	return out
}

// dashNext reports whether the space at l[i] comes before a dash, which never starts a line.
func dashNext(l []rune, i int) bool {
	return i+1 < len(l) && (l[i+1] == '—' || l[i+1] == '–')
}

// oneLetterWord reports whether the space at l[i] follows a word of one Cyrillic letter.
func oneLetterWord(l []rune, i int) bool {
	return i >= 1 && unicode.Is(unicode.Cyrillic, l[i-1]) && (i == 1 || l[i-2] == ' ')
}

// clip shortens l to fit width points at size, ending it with an ellipsis.
func (s *setter) clip(l []rune, size, width float64) []rune {
	if s.text.measure(l, size) <= width {
		return l
	}
	for len(l) > 0 && s.text.measure(append(l[:len(l):len(l)], '…'), size) > width {
		l = l[:len(l)-1]
	}
	return append(l[:len(l):len(l)], '…')
}

// oneLine is s for a header or a block's line: its control characters (line breaks, tabs) made
// spaces, and the spaces at its ends dropped.
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

// wrap appends line to out, wrapped at cols columns: at its last space within them, or cut
// where there is none. It sets the lines in columns, where every character takes one.
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
// the envelope ("" when they can): more than MaxBlockLines lines once set in the window's
// width. lines are the addressee and his address, as Card.To has them. It is the check Write
// makes, for a start sheet to be refused before any card is written.
func AddressProblem(lines []string) string {
	return blockProblem(lines, addressSize, addressWidth)
}

// SenderProblem says why lines cannot be printed as a card's sender block ("" when they can).
func SenderProblem(lines []string) string {
	return blockProblem(lines, senderSize, senderWidth)
}

func blockProblem(lines []string, size, width float64) string {
	f, err := theFaces()
	if err != nil {
		return err.Error()
	}
	s := &setter{text: newGlyphs(f.text), mono: newGlyphs(f.mono)}
	if n := len(s.block(lines, size, width)); n > MaxBlockLines {
		return fmt.Sprintf("%d lines on a card, set %s mm wide, more than the %d its block has", n, num(width/mm), MaxBlockLines)
	}
	return ""
}
