package diagram

import (
	"fmt"
	"image"
	"math"
	"sync"

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

// Draw draws p: the board with White at the bottom, the pieces and towers,
// the last move, the coordinates and the side to move. The package
// documentation describes how to read it. The picture is an
// *image.Paletted. Draw panics for the zero Position (it belongs to no
// variant) and if the embedded font cannot be read, which the tests rule
// out; [PNG] returns those as errors.
func Draw(p rules.Position, opt Options) image.Image {
	k, err := kitOf(&p, opt)
	if err != nil {
		panic(err)
	}
	pic := newPicture(make([]byte, len(k.base)), k.l.w, k.l.h)
	k.draw(pic, &p, opt.Last)
	return pic.image()
}

// PNG draws p as [Draw] does and encodes it as PNG. The same position and
// options always give the same bytes.
func PNG(p rules.Position, opt Options) ([]byte, error) {
	k, err := kitOf(&p, opt)
	if err != nil {
		return nil, err
	}
	buf := pictureBuffer(len(k.base))
	defer buffers.Put(buf)
	pic := newPicture(*buf, k.l.w, k.l.h)
	k.draw(pic, &p, opt.Last)
	return encodePNG(pic, 2*k.l.sq, 4*k.l.sq), nil
}

// buffers lends PNG the pixels of earlier pictures: every pixel is drawn
// anew, so what a buffer held never shows.
var buffers sync.Pool

func pictureBuffer(n int) *[]byte {
	b, _ := buffers.Get().(*[]byte)
	if b == nil || cap(*b) < n {
		nb := make([]byte, n)
		return &nb
	}
	*b = (*b)[:n]
	return b
}

func kitOf(p *rules.Position, opt Options) (*kit, error) {
	v := p.Variant()
	if v == nil {
		return nil, fmt.Errorf("diagram: the position has no variant")
	}
	return kitFor(v, keptWidth(opt.Width))
}

// draw draws p with the last move last (nil: none) on pic, which has the
// kit's size. The order is fixed: the board, the marks of the last move, the
// numbers, the towers from the top row down (a tall stack may reach into
// the square above), the side to move.
func (k *kit) draw(pic *picture, p *rules.Position, last *rules.Move) {
	l := &k.l
	v := l.v
	copy(pic.buf, k.base)
	if last != nil {
		k.lastMove(pic, last)
	}
	if l.numbers { // over the capture path, so that no number is hidden
		for i, s := range k.numbers {
			if p.Tower(rules.Square(i)).Empty() {
				pic.lay(s, 0, 0)
			}
		}
	}
	for row := l.n - 1; row >= 0; row-- {
		for file := 0; file < l.n; file++ {
			sq := v.SquareAt(file, row)
			if sq == rules.NoSquare {
				continue
			}
			t := p.Tower(sq)
			if t.Empty() {
				continue
			}
			at := l.cell(file, row).Min
			if !v.Towers() {
				top := t.Top()
				pic.lay(k.men[top.Color&1][b2i(top.King)], at.X, at.Y)
				continue
			}
			k.tower(pic, t, at)
		}
	}
	pic.lay(k.side[p.SideToMove()&1], 0, 0)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tower lays the coins of t on the square whose top-left corner is at, from
// the bottom up: the top maxCoins-1 pieces and a grey coin for the rest when
// t is taller than maxCoins, with its height in a badge.
func (k *kit) tower(pic *picture, t rules.Tower, at image.Point) {
	h := t.Height()
	shown := min(h, maxCoins)
	cut := h > maxCoins // the bottom coin stands for the hidden pieces
	for i := shown - 1; i >= 0; i-- {
		kind := coinKind(t.Piece(i))
		if cut && i == shown-1 {
			kind = coinHidden
			if hiddenKing(t, i) {
				kind = coinHiddenKing
			}
		}
		pic.lay(k.coins[shown-1][i][kind], at.X, at.Y)
	}
	if cut {
		pic.lay(k.badge(h), at.X, at.Y)
	}
}

// lastMove marks the last move: its start and end squares blue; for a
// capture the path from the start through each landing square, and a red
// frame around each square jumped, under the pieces, so that it never
// hides one. Squares that are not the board's are left out.
func (k *kit) lastMove(pic *picture, m *rules.Move) {
	l := &k.l
	n := l.v.NumSquares()
	ok := func(sq rules.Square) bool { return int(sq) >= 0 && int(sq) < n }
	for _, sq := range []rules.Square{m.From(), m.To()} {
		if ok(sq) {
			pic.fill(l.cellOf(sq), cHighlight)
		}
	}
	if !m.IsCapture() || !ok(m.From()) {
		return
	}
	pf, pr := l.v.Coords(m.From())
	for _, sq := range m.Route() {
		if !ok(sq) {
			return
		}
		f, r := l.v.Coords(sq)
		at := l.cell(pf, pr).Min
		pic.lay(k.segment(f-pf, r-pr), at.X, at.Y)
		pf, pr = f, r
	}
	// A jumped square gets a red frame along its edge rather than a cross on
	// its middle: in the tower variants the jumped tower is still there, and
	// on the numbered boards the square's number stays readable.
	fw := max(2, int(math.Round(0.1*float64(l.sq))))
	for _, sq := range m.Jumped() {
		if !ok(sq) {
			continue
		}
		cl := l.cellOf(sq)
		pic.fill(image.Rect(cl.Min.X, cl.Min.Y, cl.Max.X, cl.Min.Y+fw), cJumped)
		pic.fill(image.Rect(cl.Min.X, cl.Max.Y-fw, cl.Max.X, cl.Max.Y), cJumped)
		pic.fill(image.Rect(cl.Min.X, cl.Min.Y, cl.Min.X+fw, cl.Max.Y), cJumped)
		pic.fill(image.Rect(cl.Max.X-fw, cl.Min.Y, cl.Max.X, cl.Max.Y), cJumped)
	}
}
