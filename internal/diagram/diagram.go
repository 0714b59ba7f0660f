package diagram

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"

	"postald/internal/rules"
)

// Options say what to mark on a diagram and how large to draw it.
type Options struct {
	// Last is the last move, marked on the board (nil: none). It is the move
	// that led to the position drawn: its squares are read as squares of that
	// position's board.
	Last *rules.Move
	// Width is the width of the picture in pixels (0: DefaultWidth). It is
	// kept between MinWidth and MaxWidth.
	Width int
}

// The width of a picture: the default, and the bounds a requested width is kept within
// (below MinWidth a square would be too small to draw a tower; above MaxWidth a
// picture would cost tens of megabytes for no reader's benefit).
const (
	DefaultWidth = 400
	MinWidth     = 120
	MaxWidth     = 2000
)

// The palette. Fixed colours, chosen for contrast: white and black pieces
// both stand out from the mid-brown dark squares, and the marks of the last
// move (blue) and of kings (gold) are colours no piece has.
var (
	colBackground = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colLight      = color.RGBA{0xf3, 0xe7, 0xc9, 0xff}
	colDark       = color.RGBA{0x9a, 0x6a, 0x40, 0xff}
	colFrame      = color.RGBA{0x3a, 0x26, 0x16, 0xff}
	colLabel      = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	colNumber     = color.RGBA{0xf6, 0xea, 0xd0, 0xff} // square numbers on dark squares
	colHighlight  = color.RGBA{0x3d, 0x7e, 0xc8, 0xff} // from and to of the last move
	colPath       = color.RGBA{0x1f, 0x5f, 0xb0, 0xff} // the capture path
	colJumped     = color.RGBA{0xd0, 0x20, 0x20, 0xff} // a square jumped by the last capture

	colWhiteFace  = color.RGBA{0xff, 0xff, 0xfb, 0xff}
	colWhiteSide  = color.RGBA{0xe2, 0xe0, 0xd6, 0xff}
	colWhiteEdge  = color.RGBA{0x14, 0x14, 0x14, 0xff}
	colBlackFace  = color.RGBA{0x2e, 0x2e, 0x2e, 0xff}
	colBlackSide  = color.RGBA{0x14, 0x14, 0x14, 0xff}
	colBlackEdge  = color.RGBA{0x8c, 0x8c, 0x8c, 0xff}
	colCrown      = color.RGBA{0xf0, 0xb0, 0x10, 0xff}
	colCrownEdge  = color.RGBA{0x5a, 0x3a, 0x00, 0xff}
	colBadge      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colBadgeEdge  = color.RGBA{0xc0, 0x10, 0x10, 0xff}
	colBadgeDigit = color.RGBA{0x10, 0x10, 0x10, 0xff}
	colHidden     = color.RGBA{0x9c, 0x9c, 0x9c, 0xff} // the pieces of a tall tower not drawn
)

// boldFont is Go Bold, parsed once: the parsed font is read-only and safe to share;
// the faces made from it are not, so each picture makes its own.
var boldFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// layout is the geometry of one picture. The unit is the side of a square, sq
// pixels; the margins hold the coordinates and, on the right, the side to move.
type layout struct {
	v      *rules.Variant
	n      int // squares per side
	sq     int // pixels per square
	x0, y0 int // top-left corner of the board
	w, h   int
	// edgeNumbers: international's square numbers also along all four edges
	edgeNumbers bool
	// numbers: the square numbers written on the empty dark squares (the
	// numeric notations: international and Lasca)
	numbers bool
}

func newLayout(v *rules.Variant, width int) layout {
	if width == 0 {
		width = DefaultWidth
	}
	width = min(max(width, MinWidth), MaxWidth)
	l := layout{v: v, n: v.BoardSize(), w: width, numbers: v.Numeric()}
	l.edgeNumbers = l.n == 10
	// Margins in squares: left for the rows, right for the side to move (and
	// international's numbers), top and bottom for files or numbers.
	left, right, top, bottom := 0.75, 1.15, 0.3, 0.75
	if l.edgeNumbers {
		left, right, top, bottom = 0.8, 1.95, 0.7, 0.7
	}
	l.sq = int(float64(width) / (float64(l.n) + left + right))
	rest := width - l.n*l.sq
	l.x0 = int(math.Round(float64(rest) * left / (left + right)))
	l.y0 = int(math.Round(top * float64(l.sq)))
	l.h = l.y0 + l.n*l.sq + int(math.Round(bottom*float64(l.sq)))
	return l
}

// cell returns the pixel rectangle of the square at file f, row r (0 = White's first row).
func (l *layout) cell(f, r int) image.Rectangle {
	x := l.x0 + f*l.sq
	y := l.y0 + (l.n-1-r)*l.sq
	return image.Rect(x, y, x+l.sq, y+l.sq)
}

// centre returns the centre of sq in pixels.
func (l *layout) centre(sq rules.Square) (float64, float64) {
	f, r := l.v.Coords(sq)
	c := l.cell(f, r)
	return float64(c.Min.X) + float64(l.sq)/2, float64(c.Min.Y) + float64(l.sq)/2
}

// faces are the type sizes of one picture.
type faces struct {
	label  font.Face // coordinates around the board
	number font.Face // square numbers on the board
	badge  font.Face // a tower's height
}

func newFaces(sq int) (faces, error) {
	f, err := boldFont()
	if err != nil {
		return faces{}, fmt.Errorf("diagram: the Go Bold font: %w", err)
	}
	face := func(px float64) (font.Face, error) {
		return opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	}
	var fs faces
	if fs.label, err = face(math.Max(11, 0.46*float64(sq))); err != nil {
		return faces{}, fmt.Errorf("diagram: a face of Go Bold: %w", err)
	}
	if fs.number, err = face(math.Max(9, 0.40*float64(sq))); err != nil {
		return faces{}, fmt.Errorf("diagram: a face of Go Bold: %w", err)
	}
	if fs.badge, err = face(math.Max(9, 0.36*float64(sq))); err != nil {
		return faces{}, fmt.Errorf("diagram: a face of Go Bold: %w", err)
	}
	return fs, nil
}

// Draw draws p: the board with White at the bottom, the pieces and towers,
// the last move, the coordinates and the side to move. The package
// documentation describes how to read it. Draw panics for the zero
// Position (it belongs to no variant) and if the embedded font cannot be
// read, which the tests rule out; [PNG] returns those as errors.
func Draw(p rules.Position, opt Options) image.Image {
	img, err := render(&p, opt)
	if err != nil {
		panic(err)
	}
	return img
}

// PNG draws p as [Draw] does and encodes it as PNG. The same position and
// options always give the same bytes.
func PNG(p rules.Position, opt Options) ([]byte, error) {
	img, err := render(&p, opt)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	// BestSpeed: the diagrams are flat colours and compress well even so, and
	// the default level costs three times as long for a few per cent. The
	// encoder's buffers (a megabyte and more) are reused from picture to picture.
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderBuffers{}}
	if err := enc.Encode(&buf, paletted(img)); err != nil {
		return nil, fmt.Errorf("diagram: encoding the PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// encoderBuffers lends png.Encoder the buffers of earlier pictures. It holds no
// state of its own: what the pool keeps never changes a picture's bytes.
type encoderBuffers struct{}

var encoderPool sync.Pool

func (encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := encoderPool.Get().(*png.EncoderBuffer)
	return b
}

func (encoderBuffers) Put(b *png.EncoderBuffer) { encoderPool.Put(b) }

func render(p *rules.Position, opt Options) (*image.RGBA, error) {
	v := p.Variant()
	if v == nil {
		return nil, fmt.Errorf("diagram: the position has no variant")
	}
	l := newLayout(v, opt.Width)
	fs, err := newFaces(l.sq)
	if err != nil {
		return nil, err
	}
	c := newCanvas(l.w, l.h, colBackground)
	l.board(c, opt.Last)
	l.coordinates(c, fs)
	if opt.Last != nil {
		l.lastMove(c, opt.Last)
	}
	if l.numbers { // over the capture path, so that no number is hidden
		l.squareNumbers(c, p, fs)
	}
	for row := l.n - 1; row >= 0; row-- { // from the top row down: a tall stack may reach into the square above
		for file := 0; file < l.n; file++ {
			sq := v.SquareAt(file, row)
			if sq == rules.NoSquare {
				continue
			}
			t := p.Tower(sq)
			if t.Empty() {
				continue
			}
			x, y := l.centre(sq)
			if v.Towers() {
				l.stack(c, fs, t, x, y)
			} else {
				l.man(c, t.Top(), x, y, 0.40*float64(l.sq))
			}
		}
	}
	l.sideToMove(c, p.SideToMove())
	return c.img, nil
}

// board paints the squares, the frame, and the from and to squares of the last move.
func (l *layout) board(c *canvas, last *rules.Move) {
	fw := max(2, l.sq/14)
	c.rect(image.Rect(l.x0-fw, l.y0-fw, l.x0+l.n*l.sq+fw, l.y0+l.n*l.sq+fw), colFrame)
	for r := 0; r < l.n; r++ {
		for f := 0; f < l.n; f++ {
			col := colLight
			if l.v.SquareAt(f, r) != rules.NoSquare {
				col = colDark
			}
			c.rect(l.cell(f, r), col)
		}
	}
	if last == nil {
		return
	}
	for _, sq := range []rules.Square{last.From(), last.To()} {
		if int(sq) < 0 || int(sq) >= l.v.NumSquares() {
			continue
		}
		f, r := l.v.Coords(sq)
		c.rect(l.cell(f, r), colHighlight)
	}
}

// coordinates writes the variant's notation around the board: files and rows
// on 8×8 and 7×7, the numbers of the edge squares on 10×10.
func (l *layout) coordinates(c *canvas, fs faces) {
	s := float64(l.sq)
	left := float64(l.x0) - 0.42*s
	below := float64(l.y0+l.n*l.sq) + 0.42*s
	if !l.edgeNumbers {
		for r := 0; r < l.n; r++ {
			cl := l.cell(0, r)
			c.text(fs.label, strconv.Itoa(r+1), left, float64(cl.Min.Y)+s/2, colLabel)
		}
		for f := 0; f < l.n; f++ {
			cl := l.cell(f, 0)
			c.text(fs.label, string(rune('a'+f)), float64(cl.Min.X)+s/2, below, colLabel)
		}
		return
	}
	// 10×10: the numbers of the dark squares on the edge, outside the board,
	// so that a player can find his row when its squares are covered.
	above := float64(l.y0) - 0.38*s
	right := float64(l.x0+l.n*l.sq) + 0.48*s
	for i := 0; i < l.n; i++ {
		if sq := l.v.SquareAt(i, l.n-1); sq != rules.NoSquare {
			x, _ := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), x, above, colLabel)
		}
		if sq := l.v.SquareAt(i, 0); sq != rules.NoSquare {
			x, _ := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), x, below-0.04*s, colLabel)
		}
		if sq := l.v.SquareAt(0, i); sq != rules.NoSquare {
			_, y := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), left-0.02*s, y, colLabel)
		}
		if sq := l.v.SquareAt(l.n-1, i); sq != rules.NoSquare {
			_, y := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), right, y, colLabel)
		}
	}
}

// squareNumbers writes the number of every empty dark square in its middle
// (international, Lasca: the notation players write is these numbers).
func (l *layout) squareNumbers(c *canvas, p *rules.Position, fs faces) {
	for i := 0; i < l.v.NumSquares(); i++ {
		sq := rules.Square(i)
		if !p.Tower(sq).Empty() {
			continue
		}
		x, y := l.centre(sq)
		c.text(fs.number, l.v.NumericName(sq), x, y, colNumber)
	}
}

// lastMove draws the path of a capture, from the start through each landing
// square, and a frame around each square jumped; under the pieces, so that
// it never hides one.
func (l *layout) lastMove(c *canvas, m *rules.Move) {
	if !m.IsCapture() {
		return
	}
	n := l.v.NumSquares()
	ok := func(sq rules.Square) bool { return int(sq) >= 0 && int(sq) < n }
	s := float64(l.sq)
	if !ok(m.From()) {
		return
	}
	px, py := l.centre(m.From())
	for _, sq := range m.Route() {
		if !ok(sq) {
			return
		}
		x, y := l.centre(sq)
		c.line(px, py, x, y, 0.13*s, colPath)
		px, py = x, y
	}
	// A jumped square gets a red frame along its edge rather than a cross on
	// its middle: in the tower variants the jumped tower is still there, and
	// on the numbered boards the square's number stays readable.
	fw := max(2, int(math.Round(0.1*s)))
	for _, sq := range m.Jumped() {
		if !ok(sq) {
			continue
		}
		f, r := l.v.Coords(sq)
		cl := l.cell(f, r)
		c.rect(image.Rect(cl.Min.X, cl.Min.Y, cl.Max.X, cl.Min.Y+fw), colJumped)
		c.rect(image.Rect(cl.Min.X, cl.Max.Y-fw, cl.Max.X, cl.Max.Y), colJumped)
		c.rect(image.Rect(cl.Min.X, cl.Min.Y, cl.Min.X+fw, cl.Max.Y), colJumped)
		c.rect(image.Rect(cl.Max.X-fw, cl.Min.Y, cl.Max.X, cl.Max.Y), colJumped)
	}
}

// sideToMove draws a man of the side to move in the right margin, level with
// that side's first row, with a triangle pointing at the board: the side
// whose turn it is, without a word.
func (l *layout) sideToMove(c *canvas, side rules.Color) {
	s := float64(l.sq)
	row := 0
	if side == rules.Black {
		row = l.n - 1
	}
	cl := l.cell(l.n-1, row)
	y := float64(cl.Min.Y) + s/2
	r := 0.34 * s
	x := float64(l.w) - 0.1*s - r
	l.man(c, rules.Piece{Color: side}, x, y, r)
	base := x - r - 0.06*s
	c.polygon(colLabel, base-0.26*s, y, base, y-0.2*s, base, y+0.2*s)
}
