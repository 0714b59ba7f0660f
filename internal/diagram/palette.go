package diagram

import (
	"image/color"
	"sync"
)

// levels is the number of steps of coverage an antialiased edge is drawn
// with: a pixel of a shape's rim covers 1/levels, 2/levels, … of its area.
// Six steps give edges the eye takes for smooth at the size of a square, and
// leave room in 256 colours for every pair of colours that meet.
const levels = 6

// The base colours, by their index in the palette. Fixed colours, chosen for
// contrast: white and black pieces both stand out from the mid-brown dark
// squares, and the marks of the last move (blue) and of kings (gold) are
// colours no piece has. Index 0 is the background, so that a picture's
// buffer made of zeros is the background with every row's filter byte.
const (
	cBackground = iota // the margins, and the face of a tower's height badge
	cLight             // the squares never used
	cDark              // the playing squares
	cFrame
	cNumber    // square numbers on dark squares
	cHighlight // from and to of the last move
	cPath      // the capture path
	cJumped    // a square jumped by the last capture
	cWhiteFace
	cWhiteSide
	cInk // the rim of a white piece, the side of a black one, the writing
	cBlackFace
	cBlackEdge
	cCrown
	cCrownEdge
	cBadgeEdge
	cHidden // the pieces of a tall tower not drawn
	numBase
)

var baseColours = [numBase]color.RGBA{
	cBackground: {0xff, 0xff, 0xff, 0xff},
	cLight:      {0xf3, 0xe7, 0xc9, 0xff},
	cDark:       {0x9a, 0x6a, 0x40, 0xff},
	cFrame:      {0x3a, 0x26, 0x16, 0xff},
	cNumber:     {0xf6, 0xea, 0xd0, 0xff},
	cHighlight:  {0x3d, 0x7e, 0xc8, 0xff},
	cPath:       {0x1f, 0x5f, 0xb0, 0xff},
	cJumped:     {0xd0, 0x20, 0x20, 0xff},
	cWhiteFace:  {0xff, 0xff, 0xfb, 0xff},
	cWhiteSide:  {0xe2, 0xe0, 0xd6, 0xff},
	cInk:        {0x14, 0x14, 0x14, 0xff},
	cBlackFace:  {0x2e, 0x2e, 0x2e, 0xff},
	cBlackEdge:  {0x8c, 0x8c, 0x8c, 0xff},
	cCrown:      {0xf0, 0xb0, 0x10, 0xff},
	cCrownEdge:  {0x5a, 0x3a, 0x00, 0xff},
	cBadgeEdge:  {0xc0, 0x10, 0x10, 0xff},
	cHidden:     {0x9c, 0x9c, 0x9c, 0xff},
}

// The names of the ink by what it draws.
const (
	cWhiteEdge  = cInk
	cBlackSide  = cInk
	cLabel      = cInk // coordinates around the board, the side-to-move triangle
	cBadgeDigit = cInk // a tower's height, the rim of the grey disc of its hidden pieces
)

// meeting are the pairs of base colours whose edges meet in a diagram: a
// shape's rim over what is under it, or two layers of one piece. Between
// each pair the palette holds levels-1 mixtures, so that an antialiased
// edge between them is drawn with exact colours; any other edge takes the
// palette's nearest colour.
var meeting = [][2]uint8{
	// men seen from above: the rings and the face
	{cWhiteEdge, cWhiteFace}, {cWhiteFace, cWhiteSide},
	{cBlackEdge, cBlackFace}, {cBlackFace, cBlackSide},
	// pieces on the squares and on the marks of the last move
	{cWhiteEdge, cDark}, {cBlackEdge, cDark},
	{cWhiteEdge, cHighlight}, {cBlackEdge, cHighlight},
	{cWhiteEdge, cPath}, {cBlackEdge, cPath},
	{cWhiteEdge, cBackground}, {cBlackEdge, cBackground}, // the side to move; the writing
	// the capture path
	{cPath, cDark}, {cPath, cHighlight}, {cPath, cLight}, {cPath, cJumped},
	// the numbers on the squares
	{cNumber, cDark},
	// kings: the crown
	{cCrown, cCrownEdge}, {cCrownEdge, cWhiteFace}, {cCrownEdge, cBlackFace},
	// towers, last, so that a picture without them ends its palette early:
	// the coins' outlines and sides, of both colours
	{cWhiteEdge, cWhiteSide}, {cBlackEdge, cWhiteSide}, {cBlackEdge, cInk},
	{cWhiteEdge, cJumped}, {cBlackEdge, cJumped},
	// a king's stripe
	{cCrown, cWhiteSide}, {cCrown, cBlackSide}, {cCrown, cHidden},
	// a tall tower: the grey disc and the height badge
	{cInk, cHidden}, {cBlackEdge, cHidden},
	{cBadgeEdge, cBackground},
	{cBadgeEdge, cWhiteFace}, {cBadgeEdge, cBlackFace}, {cBadgeEdge, cInk},
	{cBadgeEdge, cBlackEdge}, {cBadgeEdge, cDark}, {cBadgeEdge, cLight},
}

// palette is the colours of every diagram: the base colours first (index i
// is base colour i), then the mixtures of the meeting pairs, each colour
// once. It never changes after it is made.
var palette = func() color.Palette {
	p := make(color.Palette, 0, 256)
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, c := range baseColours {
		if seen[c] {
			panic("diagram: two base colours alike") // their indices would not be their names
		}
		add(c)
	}
	for _, m := range meeting {
		for l := 1; l < levels; l++ {
			add(mix(baseColours[m[0]], baseColours[m[1]], l))
		}
	}
	if len(p) > 256 {
		panic("diagram: more than 256 colours in the palette")
	}
	return p
}()

// rgbOf is the colour of palette index i.
func rgbOf(i uint8) color.RGBA { return palette[i].(color.RGBA) }

// mix is fg laid over bg with coverage l/levels.
func mix(fg, bg color.RGBA, l int) color.RGBA {
	m := func(a, b uint8) uint8 {
		return uint8((int(a)*l + int(b)*(levels-l) + levels/2) / levels)
	}
	return color.RGBA{m(fg.R, bg.R), m(fg.G, bg.G), m(fg.B, bg.B), 0xff}
}

// nearest is the index of the palette colour closest to c, weighing green
// most and blue least as the eye does; of two equally close, the first.
func nearest(c color.RGBA) uint8 {
	best, bestD := 0, -1
	for i, p := range palette {
		q := p.(color.RGBA)
		dr := int(q.R) - int(c.R)
		dg := int(q.G) - int(c.G)
		db := int(q.B) - int(c.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// nearestBase is the base colour closest to c.
func nearestBase(c color.RGBA) uint8 {
	best, bestD := 0, -1
	for i, q := range baseColours {
		dr := int(q.R) - int(c.R)
		dg := int(q.G) - int(c.G)
		db := int(q.B) - int(c.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// blendTable says what a pixel of base colour fg with coverage l becomes over
// a pixel of palette colour bg: [bg][l], the palette's nearest colour to the
// mixture (for l = 0 bg itself, for l = levels fg).
type blendTable [256][levels + 1]uint8

// blends are the blend tables of the base colours, each made the first time
// a rim of that colour is drawn. A table depends on nothing but the palette:
// which picture makes it first never changes a picture.
var blends [numBase]struct {
	once sync.Once
	t    blendTable
}

// blendOf returns the blend table of base colour fg.
func blendOf(fg uint8) *blendTable {
	b := &blends[fg]
	b.once.Do(func() {
		f := baseColours[fg]
		for bg := range b.t {
			b.t[bg][0] = uint8(bg)
			b.t[bg][levels] = fg
			if bg >= len(palette) {
				continue // no pixel has that index
			}
			for l := 1; l < levels; l++ {
				b.t[bg][l] = nearest(mix(f, rgbOf(uint8(bg)), l))
			}
		}
	})
	return &b.t
}
