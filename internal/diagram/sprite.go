package diagram

import (
	"image"
	"image/color"
	"slices"
)

// A sprite is a shape drawn once and laid on pictures many times: a man, a
// coin of a tower, a number. Its pixels are palette indices, in coordinates
// relative to the point it is laid at (its anchor). A pixel the shape covers
// whole is copied; a pixel of its antialiased rim is mixed with what is
// under it, by the blend table of the rim's colour.
type sprite struct {
	runs []run   // the covered pixels, row by row, in runs
	pix  []uint8 // the runs' palette indices, one run after another
	rims []rim   // the rim's pixels
}

// run is n covered pixels from (dx, dy), their indices at pix[at:].
type run struct {
	dx, dy int16
	n      uint16
	at     int32
}

// rim is one pixel of a sprite's rim: base colour fg covering l/levels of it.
type rim struct {
	dx, dy int16
	l      uint8
	t      *blendTable
}

// spriteMaker turns drawn tiles into sprites, remembering the palette
// colour it found for each colour it met: a kit's tiles share a few
// thousand colours of antialiased edges between a piece's layers.
type spriteMaker struct {
	near map[color.RGBA]uint8
}

func newSpriteMaker() *spriteMaker { return &spriteMaker{near: map[color.RGBA]uint8{}} }

// sprite returns the sprite of the tile drawn in c, anchored at the origin of
// the tile's coordinates. A pixel covered at least (levels-½)/levels is taken
// as covered whole, one covered less than ½/levels as not covered.
func (m *spriteMaker) sprite(c *canvas) *sprite {
	img := c.img
	b := img.Bounds()
	s := &sprite{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		open := false // a run is open at the end of s.runs
		for x := b.Min.X; x < b.Max.X; x++ {
			i := img.PixOffset(x, y)
			a := int(img.Pix[i+3])
			l := (a*levels + 127) / 255
			if l == 0 {
				open = false
				continue
			}
			// the colour drawn, without its coverage (the tile is premultiplied)
			un := func(v uint8) uint8 { return uint8((int(v)*255 + a/2) / a) }
			col := color.RGBA{un(img.Pix[i]), un(img.Pix[i+1]), un(img.Pix[i+2]), 0xff}
			if l < levels {
				open = false
				s.rims = append(s.rims, rim{dx: int16(x), dy: int16(y), l: uint8(l), t: blendOf(nearestBase(col))})
				continue
			}
			idx, ok := m.near[col]
			if !ok {
				idx = nearest(col)
				m.near[col] = idx
			}
			if !open || s.runs[len(s.runs)-1].n == 0xffff {
				s.runs = append(s.runs, run{dx: int16(x), dy: int16(y), at: int32(len(s.pix))})
				open = true
			}
			s.runs[len(s.runs)-1].n++
			s.pix = append(s.pix, idx)
		}
	}
	return s
}

// picture is a diagram being drawn: w×h palette indices, row y at
// buf[y*stride+1:], each row preceded by the byte of its PNG filter (0,
// none), so that the buffer is the PNG's image data as it is compressed.
type picture struct {
	buf    []byte
	w, h   int
	stride int
}

func newPicture(buf []byte, w, h int) *picture {
	return &picture{buf: buf, w: w, h: h, stride: w + 1}
}

// image returns the picture as an image.Paletted sharing its pixels, with a
// copy of the palette: what its holder does to it changes no other picture.
func (p *picture) image() *image.Paletted {
	return &image.Paletted{Pix: p.buf[1:], Stride: p.stride, Rect: image.Rect(0, 0, p.w, p.h), Palette: slices.Clone(palette)}
}

// fill paints the rectangle r (clipped to the picture) with palette index c.
func (p *picture) fill(r image.Rectangle, c uint8) {
	r = r.Intersect(image.Rect(0, 0, p.w, p.h))
	if r.Empty() {
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := p.buf[y*p.stride+1+r.Min.X : y*p.stride+1+r.Max.X]
		for i := range row {
			row[i] = c
		}
	}
}

// lay lays s on the picture with its anchor at (ax, ay); what falls outside
// the picture is left out.
func (p *picture) lay(s *sprite, ax, ay int) {
	for _, r := range s.runs {
		x, y := ax+int(r.dx), ay+int(r.dy)
		if y < 0 || y >= p.h {
			continue
		}
		src := s.pix[r.at : r.at+int32(r.n)]
		if x < 0 {
			if -x >= len(src) {
				continue
			}
			src, x = src[-x:], 0
		}
		if x+len(src) > p.w {
			if x >= p.w {
				continue
			}
			src = src[:p.w-x]
		}
		copy(p.buf[y*p.stride+1+x:], src)
	}
	for _, m := range s.rims {
		x, y := ax+int(m.dx), ay+int(m.dy)
		if x < 0 || y < 0 || x >= p.w || y >= p.h {
			continue
		}
		d := &p.buf[y*p.stride+1+x]
		*d = m.t[*d][m.l]
	}
}
