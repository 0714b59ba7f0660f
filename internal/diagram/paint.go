package diagram

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// kappa places the control points of a cubic Bézier that follows a quarter ellipse.
const kappa = 0.5522847498

// op is one step of a path: move, line or cubic curve, in picture coordinates.
type op struct {
	kind byte // 'M', 'L', 'C', 'Z'
	pts  [3][2]float64
}

// canvas draws antialiased shapes onto one RGBA tile: the tile a sprite is
// made from, drawn once for a kit (see kit.go), never a whole picture. A
// shape is first collected as a path, then rasterized in a rasterizer the
// size of its own bounding box.
type canvas struct {
	img  *image.RGBA
	z    vector.Rasterizer
	path []op
	minX float64
	minY float64
	maxX float64
	maxY float64
}

// newCanvas returns a transparent tile covering r, in the coordinates the
// shapes are given in.
func newCanvas(r image.Rectangle) *canvas {
	c := &canvas{img: image.NewRGBA(r)}
	c.begin()
	return c
}

func (c *canvas) begin() {
	c.path = c.path[:0]
	c.minX, c.minY = math.Inf(1), math.Inf(1)
	c.maxX, c.maxY = math.Inf(-1), math.Inf(-1)
}

func (c *canvas) grow(x, y float64) {
	c.minX, c.maxX = math.Min(c.minX, x), math.Max(c.maxX, x)
	c.minY, c.maxY = math.Min(c.minY, y), math.Max(c.maxY, y)
}

func (c *canvas) moveTo(x, y float64) {
	c.grow(x, y)
	c.path = append(c.path, op{kind: 'M', pts: [3][2]float64{{x, y}}})
}

func (c *canvas) lineTo(x, y float64) {
	c.grow(x, y)
	c.path = append(c.path, op{kind: 'L', pts: [3][2]float64{{x, y}}})
}

func (c *canvas) cubeTo(x1, y1, x2, y2, x3, y3 float64) {
	c.grow(x1, y1)
	c.grow(x2, y2)
	c.grow(x3, y3)
	c.path = append(c.path, op{kind: 'C', pts: [3][2]float64{{x1, y1}, {x2, y2}, {x3, y3}}})
}

func (c *canvas) closePath() { c.path = append(c.path, op{kind: 'Z'}) }

// fill paints the collected path (non-zero winding) and starts a new one.
func (c *canvas) fill(col color.RGBA) {
	defer c.begin()
	if len(c.path) == 0 {
		return
	}
	x0, y0 := int(math.Floor(c.minX)), int(math.Floor(c.minY))
	x1, y1 := int(math.Ceil(c.maxX))+1, int(math.Ceil(c.maxY))+1
	r := image.Rect(x0, y0, x1, y1).Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	c.z.Reset(r.Dx(), r.Dy())
	for _, o := range c.path {
		p := o.pts
		switch o.kind {
		case 'M':
			c.z.MoveTo(float32(p[0][0]-ox), float32(p[0][1]-oy))
		case 'L':
			c.z.LineTo(float32(p[0][0]-ox), float32(p[0][1]-oy))
		case 'C':
			c.z.CubeTo(float32(p[0][0]-ox), float32(p[0][1]-oy), float32(p[1][0]-ox), float32(p[1][1]-oy),
				float32(p[2][0]-ox), float32(p[2][1]-oy))
		case 'Z':
			c.z.ClosePath()
		}
	}
	c.z.ClosePath()
	c.z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

// ellipse adds a closed ellipse centred on (x, y) with radii rx, ry.
func (c *canvas) ellipse(x, y, rx, ry float64) {
	kx, ky := rx*kappa, ry*kappa
	c.moveTo(x+rx, y)
	c.cubeTo(x+rx, y+ky, x+kx, y+ry, x, y+ry)
	c.cubeTo(x-kx, y+ry, x-rx, y+ky, x-rx, y)
	c.cubeTo(x-rx, y-ky, x-kx, y-ry, x, y-ry)
	c.cubeTo(x+kx, y-ry, x+rx, y-ky, x+rx, y)
	c.closePath()
}

// disc fills a circle.
func (c *canvas) disc(x, y, r float64, col color.RGBA) {
	c.ellipse(x, y, r, r)
	c.fill(col)
}

// polygon fills the polygon through pts (x, y pairs).
func (c *canvas) polygon(col color.RGBA, pts ...float64) {
	c.moveTo(pts[0], pts[1])
	for i := 2; i+1 < len(pts); i += 2 {
		c.lineTo(pts[i], pts[i+1])
	}
	c.closePath()
	c.fill(col)
}

// line strokes a straight segment of width w with round ends: a round end
// hides the joint where two segments of a capture path meet.
func (c *canvas) line(x0, y0, x1, y1, w float64, col color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n == 0 {
		c.disc(x0, y0, w/2, col)
		return
	}
	nx, ny := -dy/n*w/2, dx/n*w/2
	c.polygon(col, x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
	c.disc(x0, y0, w/2, col)
	c.disc(x1, y1, w/2, col)
}

// text writes s centred on (x, y) (the middle of its digits and capital letters).
func (c *canvas) text(face font.Face, s string, x, y float64, col color.RGBA) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	b, adv := d.BoundString(s)
	w := float64(adv) / 64
	// b.Min.Y is the top of the ink above the baseline (negative); centre the ink vertically.
	top, bottom := float64(b.Min.Y)/64, float64(b.Max.Y)/64
	d.Dot = fixed.Point26_6{
		X: fixed.Int26_6(math.Round((x - w/2) * 64)),
		Y: fixed.Int26_6(math.Round((y - (top+bottom)/2) * 64)),
	}
	d.DrawString(s)
}
