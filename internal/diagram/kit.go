package diagram

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"

	"postald/internal/rules"
)

// boldFont is Go Bold, parsed once: the parsed font is read-only and safe to share;
// the faces made from it are not, so each kit makes its own.
var boldFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// layout is the geometry of the pictures of one variant at one width. The
// unit is the side of a square, sq pixels; the margins hold the coordinates
// and, on the right, the side to move.
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

// keptWidth is the width a picture asked to be asked pixels wide is drawn at.
func keptWidth(asked int) int {
	if asked == 0 {
		asked = DefaultWidth
	}
	return min(max(asked, MinWidth), MaxWidth)
}

func newLayout(v *rules.Variant, width int) layout {
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

// cellOf returns the pixel rectangle of sq.
func (l *layout) cellOf(sq rules.Square) image.Rectangle {
	f, r := l.v.Coords(sq)
	return l.cell(f, r)
}

// centre returns the centre of sq in pixels.
func (l *layout) centre(sq rules.Square) (float64, float64) {
	c := l.cellOf(sq)
	return float64(c.Min.X) + float64(l.sq)/2, float64(c.Min.Y) + float64(l.sq)/2
}

// faces are the type sizes of one kit.
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

// A kit is what every picture of one variant at one width is drawn from,
// made once: the empty board with its frame and coordinates, and the sprites
// of the men, the coins of towers, the height badges, the square numbers, the
// side-to-move marks and the segments of capture paths. A picture is the
// board copied and the sprites laid on it. A kit never changes once made,
// but for the segments and badges it makes on first use, under its lock.
type kit struct {
	l      layout
	fs     faces // used under mu once the kit is made: a face is not safe to share
	stride int
	base   []byte // the empty board, as a picture's buf (see picture)

	men     [2][2]*sprite                          // by colour and king, anchored at the square's top-left corner
	coins   [maxCoins][maxCoins][coinKinds]*sprite // by coins shown, coin from the top and kind; anchored as men
	numbers []*sprite                              // by square (numeric notations), anchored at the picture's origin
	side    [2]*sprite                             // the side to move by colour, anchored at the picture's origin

	mu     sync.Mutex
	maker  *spriteMaker
	badges map[int]*sprite    // by height; anchored as men
	segs   map[[2]int]*sprite // by files and rows crossed; anchored at the start square's top-left corner
}

func newKit(v *rules.Variant, width int) (*kit, error) {
	l := newLayout(v, width)
	fs, err := newFaces(l.sq)
	if err != nil {
		return nil, err
	}
	k := &kit{l: l, fs: fs, stride: l.w + 1, maker: newSpriteMaker(),
		badges: map[int]*sprite{}, segs: map[[2]int]*sprite{}}
	k.board()
	s := float64(l.sq)
	c := s / 2 // the centre of a square, from its top-left corner
	for _, colour := range []rules.Color{rules.White, rules.Black} {
		for ki, king := range []bool{false, true} {
			k.men[colour][ki] = k.cellSprite(func(cv *canvas) {
				l.man(cv, rules.Piece{Color: colour, King: king}, c, c, 0.40*s)
			})
		}
	}
	if v.Towers() {
		for shown := 1; shown <= maxCoins; shown++ {
			for i := range shown {
				kinds := coinHidden
				if shown == maxCoins && i == shown-1 {
					kinds = coinKinds // the bottom coin of a tall tower may stand for the hidden pieces
				}
				for kind := range kinds {
					y0, y1 := l.coinRows(shown, i, c)
					k.coins[shown-1][i][kind] = k.cellSprite(func(cv *canvas) { l.coin(cv, kind, i == 0, c, y0, y1) })
				}
			}
		}
	}
	if l.numbers {
		k.numbers = make([]*sprite, v.NumSquares())
		for i := range k.numbers {
			sq := rules.Square(i)
			x, y := l.centre(sq)
			cv := newCanvas(l.cellOf(sq).Inset(-l.sq / 2))
			cv.text(fs.number, v.NumericName(sq), x, y, col(cNumber))
			k.numbers[i] = k.maker.sprite(cv)
		}
	}
	for _, colour := range []rules.Color{rules.White, rules.Black} {
		row := 0
		if colour == rules.Black {
			row = l.n - 1
		}
		margin := l.cell(l.n-1, row) // the right margin, level with that side's first row
		margin.Min.X, margin.Max.X = margin.Max.X, l.w
		cv := newCanvas(margin.Inset(-l.sq / 2).Intersect(image.Rect(0, 0, l.w, l.h)))
		l.sideToMove(cv, colour)
		k.side[colour] = k.maker.sprite(cv)
	}
	return k, nil
}

// cellSprite is the sprite paint draws in the coordinates of a square whose
// top-left corner is the origin; it may reach half a square beyond.
func (k *kit) cellSprite(paint func(c *canvas)) *sprite {
	s := k.l.sq
	cv := newCanvas(image.Rect(-s/2, -s/2, s+s/2, s+s/2))
	paint(cv)
	return k.maker.sprite(cv)
}

// board draws the empty board: the frame, the squares, the coordinates.
func (k *kit) board() {
	l := &k.l
	p := newPicture(make([]byte, k.stride*l.h), l.w, l.h) // all zero: the background, and filter bytes of none
	fw := max(2, l.sq/14)
	p.fill(image.Rect(l.x0-fw, l.y0-fw, l.x0+l.n*l.sq+fw, l.y0+l.n*l.sq+fw), cFrame)
	for r := 0; r < l.n; r++ {
		for f := 0; f < l.n; f++ {
			c := uint8(cLight)
			if l.v.SquareAt(f, r) != rules.NoSquare {
				c = cDark
			}
			p.fill(l.cell(f, r), c)
		}
	}
	cv := newCanvas(image.Rect(0, 0, l.w, l.h))
	l.coordinates(cv, k.fs)
	p.lay(k.maker.sprite(cv), 0, 0)
	k.base = p.buf
}

// badge returns the sprite of the height badge of a tower of h pieces.
func (k *kit) badge(h int) *sprite {
	k.mu.Lock()
	defer k.mu.Unlock()
	s, ok := k.badges[h]
	if !ok {
		c := float64(k.l.sq) / 2
		s = k.cellSprite(func(cv *canvas) { k.l.badge(cv, k.fs, h, c, c) })
		k.badges[h] = s
	}
	return s
}

// segment returns the sprite of a capture path's segment from the centre of
// a square to the centre of the square df files right and dr rows up.
func (k *kit) segment(df, dr int) *sprite {
	k.mu.Lock()
	defer k.mu.Unlock()
	key := [2]int{df, dr}
	s, ok := k.segs[key]
	if !ok {
		sq := k.l.sq
		c := float64(sq) / 2
		x1, y1 := c+float64(df*sq), c-float64(dr*sq)
		r := image.Rect(0, 0, sq, sq).Union(image.Rect(df*sq, -dr*sq, df*sq+sq, -dr*sq+sq))
		cv := newCanvas(r)
		cv.line(c, c, x1, y1, 0.13*float64(sq), col(cPath))
		s = k.maker.sprite(cv)
		k.segs[key] = s
	}
	return s
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
			c.text(fs.label, strconv.Itoa(r+1), left, float64(cl.Min.Y)+s/2, col(cLabel))
		}
		for f := 0; f < l.n; f++ {
			cl := l.cell(f, 0)
			c.text(fs.label, string(rune('a'+f)), float64(cl.Min.X)+s/2, below, col(cLabel))
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
			c.text(fs.number, l.v.NumericName(sq), x, above, col(cLabel))
		}
		if sq := l.v.SquareAt(i, 0); sq != rules.NoSquare {
			x, _ := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), x, below-0.04*s, col(cLabel))
		}
		if sq := l.v.SquareAt(0, i); sq != rules.NoSquare {
			_, y := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), left-0.02*s, y, col(cLabel))
		}
		if sq := l.v.SquareAt(l.n-1, i); sq != rules.NoSquare {
			_, y := l.centre(sq)
			c.text(fs.number, l.v.NumericName(sq), right, y, col(cLabel))
		}
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
	c.polygon(col(cLabel), base-0.26*s, y, base, y-0.2*s, base, y+0.2*s)
}

// kits keeps the kits of the pictures drawn lately: a daemon draws its
// letters at one width and its pages at another, so a few kits serve every
// picture. Pictures wider than maxKeptWidth are drawn from a kit made for
// them alone (their kit would hold megabytes for a picture drawn rarely).
var kits = kitCache{m: map[kitKey]*kitEntry{}}

const (
	maxKits      = 16
	maxKeptWidth = 1000
)

type kitKey struct {
	variant string
	width   int
}

type kitEntry struct {
	once sync.Once
	k    *kit
	err  error
	used uint64 // when it was last asked for, in kitCache.clock
}

// kitCache is a race-free map of at most maxKits kits; the one asked for
// least lately goes first. What it holds never changes a picture.
type kitCache struct {
	mu    sync.Mutex
	m     map[kitKey]*kitEntry
	clock uint64
}

// kitFor returns the kit of v at width (a width newLayout accepts). A
// giveaway variant is drawn from its base variant's kit: the board is the
// same.
func kitFor(v *rules.Variant, width int) (*kit, error) {
	if b := v.Base(); b != nil {
		v = b
	}
	if width > maxKeptWidth {
		return newKit(v, width)
	}
	e := kits.entry(kitKey{v.ID(), width})
	e.once.Do(func() { e.k, e.err = newKit(v, width) })
	return e.k, e.err
}

func (c *kitCache) entry(key kitKey) *kitEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clock++
	e, ok := c.m[key]
	if !ok {
		if len(c.m) >= maxKits {
			var oldest kitKey
			var at uint64 = math.MaxUint64
			for k, e := range c.m {
				if e.used < at {
					oldest, at = k, e.used
				}
			}
			delete(c.m, oldest)
		}
		e = &kitEntry{}
		c.m[key] = e
	}
	e.used = c.clock
	return e
}
