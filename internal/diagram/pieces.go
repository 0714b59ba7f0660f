package diagram

import (
	"image/color"
	"math"
	"strconv"

	"postald/internal/rules"
)

// maxCoins is the number of pieces a tower shows in full. A taller tower
// shows its top maxCoins-1 pieces, a grey piece standing for the rest (with
// a king's gold stripe when a king is among them), and its height in a
// badge: five or more thin bands in one square could no longer be told apart
// by the eye.
const maxCoins = 4

// col is base colour i.
func col(i uint8) color.RGBA { return baseColours[i] }

// colours returns the face, side and edge colours of a piece of colour c.
func colours(c rules.Color) (face, side, edge color.RGBA) {
	if c == rules.White {
		return col(cWhiteFace), col(cWhiteSide), col(cWhiteEdge)
	}
	return col(cBlackFace), col(cBlackSide), col(cBlackEdge)
}

// lineWidth is the width of the edges around pieces: never under 1.5 pixels,
// so that no edge is a hairline.
func (l *layout) lineWidth() float64 { return math.Max(1.5, 0.055*float64(l.sq)) }

// man draws a piece seen from above, as in the diagrams of books: a disc
// with a ring, and a crown for a king.
func (l *layout) man(c *canvas, pc rules.Piece, x, y, r float64) {
	face, side, edge := colours(pc.Color)
	lw := l.lineWidth()
	c.disc(x, y, r, edge)
	c.disc(x, y, r-lw, face)
	c.disc(x, y, 0.70*r, side)
	c.disc(x, y, 0.70*r-lw, face)
	if pc.King {
		l.crown(c, x, y, 1.15*r, 0.85*r)
	}
}

// crown draws the king's mark centred on (x, y), w wide and h high: gold,
// edged in dark brown, the same on both colours.
func (l *layout) crown(c *canvas, x, y, w, h float64) {
	pts := func(w, h float64) []float64 {
		return []float64{
			x - w/2, y + h/2, // bottom left
			x - w/2, y - h/2, // left point
			x - w/4, y + h/10,
			x, y - h/2, // middle point
			x + w/4, y + h/10,
			x + w/2, y - h/2, // right point
			x + w/2, y + h/2, // bottom right
		}
	}
	lw := l.lineWidth()
	c.polygon(col(cCrownEdge), pts(w+2.4*lw, h+2.4*lw)...)
	c.polygon(col(cCrown), pts(w, h)...)
}

// coin adds the outline of one piece of a tower seen from the side: the
// upper half of its top face (centre line y0), its side down to y1, and the
// lower half of its bottom edge; a is the half width, ry the half height of
// the ellipse the perspective makes of its round face.
func (c *canvas) coin(x, y0, y1, a, ry float64) {
	kx, ky := a*kappa, ry*kappa
	c.moveTo(x-a, y0)
	c.cubeTo(x-a, y0-ky, x-kx, y0-ry, x, y0-ry)
	c.cubeTo(x+kx, y0-ry, x+a, y0-ky, x+a, y0)
	c.lineTo(x+a, y1)
	c.cubeTo(x+a, y1+ky, x+kx, y1+ry, x, y1+ry)
	c.cubeTo(x-kx, y1+ry, x-a, y1+ky, x-a, y1)
	c.closePath()
}

// band adds the curved strip of a coin's side between the centre lines ya
// and yb (ya < yb): the part of the side a viewer sees.
func (c *canvas) band(x, ya, yb, a, ry float64) {
	kx, ky := a*kappa, ry*kappa
	c.moveTo(x-a, ya)
	c.cubeTo(x-a, ya+ky, x-kx, ya+ry, x, ya+ry)
	c.cubeTo(x+kx, ya+ry, x+a, ya+ky, x+a, ya)
	c.lineTo(x+a, yb)
	c.cubeTo(x+a, yb+ky, x+kx, yb+ry, x, yb+ry)
	c.cubeTo(x-kx, yb+ry, x-a, yb+ky, x-a, yb)
	c.closePath()
}

// The kinds of coin in a tower: a man or a king of either colour, or the
// grey coin standing for the hidden pieces of a tall tower, with or without
// a king among them.
const (
	coinWhite = iota
	coinWhiteKing
	coinBlack
	coinBlackKing
	coinHidden
	coinHiddenKing
	coinKinds
)

// coinKind is the kind of coin of pc.
func coinKind(pc rules.Piece) int {
	k := coinWhite
	if pc.Color == rules.Black {
		k = coinBlack
	}
	if pc.King {
		k++
	}
	return k
}

// coinRows are the centre lines of the top face (y0) and the bottom edge
// (y1) of the i-th coin from the top of a tower of shown coins standing on
// (x, y). Every stack in a diagram uses the same thickness per piece, so
// heights compare at a glance.
func (l *layout) coinRows(shown, i int, y float64) (y0, y1 float64) {
	s := float64(l.sq)
	ry, th := 0.14*s, 0.16*s
	total := 2*ry + float64(shown)*th
	yb := y + total/2 - ry // centre line of the bottom edge of the lowest coin
	y1 = yb - float64(shown-1-i)*th
	return y1 - th, y1
}

// coin draws one coin of a tower seen from the side, between the centre
// lines y0 and y1; top: the top piece, whose face shows.
func (l *layout) coin(c *canvas, kind int, top bool, x, y0, y1 float64) {
	s := float64(l.sq)
	lw := l.lineWidth()
	a, ry, th := 0.43*s, 0.14*s, y1-y0
	stripe := func() { // a king's gold stripe along the side: a king inside a tower is seen as well as one on top
		c.band(x, y0+0.28*th, y1-0.28*th, a, ry)
		c.fill(col(cCrown))
	}
	if kind >= coinHidden {
		c.coin(x, y0, y1, a+lw, ry+lw)
		c.fill(col(cBadgeDigit))
		c.coin(x, y0, y1, a, ry)
		c.fill(col(cHidden))
		if kind == coinHiddenKing {
			stripe()
		}
		return
	}
	king := kind == coinWhiteKing || kind == coinBlackKing
	pc := rules.Piece{Color: rules.White, King: king}
	if kind >= coinBlack {
		pc.Color = rules.Black
	}
	face, side, edge := colours(pc.Color)
	c.coin(x, y0, y1, a+lw, ry+lw)
	c.fill(edge)
	c.coin(x, y0, y1, a, ry)
	c.fill(side)
	if king {
		stripe()
	}
	if top {
		c.ellipse(x, y0, a, ry)
		c.fill(edge)
		c.ellipse(x, y0, a-lw, ry-lw)
		c.fill(face)
		if king {
			l.crown(c, x, y0, 0.36*s, 0.16*s)
		}
	}
}

// hiddenKing reports whether a piece from the i-th (from the top) down is a king.
func hiddenKing(t rules.Tower, i int) bool {
	for ; i < t.Height(); i++ {
		if t.Piece(i).King {
			return true
		}
	}
	return false
}

// badge writes a tower's height h in a white disc with a red rim, at the top
// right of the tower standing on (x, y).
func (l *layout) badge(c *canvas, fs faces, h int, x, y float64) {
	s := float64(l.sq)
	x, y = x+0.29*s, y-0.27*s
	r := 0.23 * s
	c.disc(x, y, r, col(cBadgeEdge))
	c.disc(x, y, r-math.Max(1.5, 0.06*s), col(cBackground))
	c.text(fs.badge, strconv.Itoa(h), x, y, col(cBadgeDigit))
}
