package pdf

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fallback is the character drawn for one a font lacks: the replacement character, which both
// Go fonts have.
const fallback = '\uFFFD'

// maxCID is the greatest character identifier a two-byte Identity-H code can carry. A document
// with more distinct characters than that in one face prints the excess as the fallback.
const maxCID = 0xFFFF

// A face is one embedded font, read once and never changed: the parsed font, its metrics in
// thousandths of an em (PDF's glyph space), every glyph's advance and its file.
type face struct {
	sfnt      *sfnt.Font
	name      string // PostScript name
	mono      bool
	ascent    float64
	descent   float64 // negative, below the baseline
	capHeight float64
	bbox      [4]float64
	advance   []float64 // by glyph index
	fallback  sfnt.GlyphIndex
	ttf       []byte
}

// The two faces of a card: Go Regular for the letter and the blocks, Go Mono for the lines set
// in columns (text diagrams, tables).
type faces struct{ text, mono *face }

// theFaces are the faces, parsed on first use.
var theFaces = sync.OnceValues(func() (*faces, error) {
	text, err := parseFace(goregular.TTF, "GoRegular", false)
	if err != nil {
		return nil, fmt.Errorf("pdf: the embedded font Go Regular: %w", err)
	}
	mono, err := parseFace(gomono.TTF, "GoMono", true)
	if err != nil {
		return nil, fmt.Errorf("pdf: the embedded font Go Mono: %w", err)
	}
	return &faces{text: text, mono: mono}, nil
})

func parseFace(ttf []byte, defaultName string, mono bool) (*face, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	var b sfnt.Buffer
	upem := fixed.I(int(f.UnitsPerEm()))
	em := func(v fixed.Int26_6) float64 { // font units (as 26.6) in thousandths of an em
		return float64(v) / 64 * 1000 / float64(f.UnitsPerEm())
	}
	m := &face{sfnt: f, ttf: ttf, mono: mono}
	if m.name, err = f.Name(&b, sfnt.NameIDPostScript); err != nil || m.name == "" {
		m.name = defaultName
	}
	m.advance = make([]float64, f.NumGlyphs())
	for g := range f.NumGlyphs() {
		a, err := f.GlyphAdvance(&b, sfnt.GlyphIndex(g), upem, font.HintingNone)
		if err != nil {
			return nil, err
		}
		m.advance[g] = em(a)
	}
	if mono {
		// The columns of a diagram line up only if every character takes one cell.
		zero, err := f.GlyphIndex(&b, '0')
		if err != nil || zero == 0 {
			return nil, fmt.Errorf("no glyph for 0")
		}
		for g, a := range m.advance {
			if a != m.advance[zero] && a != 0 {
				return nil, fmt.Errorf("glyph %d is %v wide, not %v: not a monospaced font", g, a, m.advance[zero])
			}
		}
	}
	met, err := f.Metrics(&b, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	m.ascent, m.descent, m.capHeight = em(met.Ascent), -em(met.Descent), em(met.CapHeight)
	bounds, err := f.Bounds(&b, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	// sfnt's y axis points down, PDF's up.
	m.bbox = [4]float64{em(bounds.Min.X), -em(bounds.Max.Y), em(bounds.Max.X), -em(bounds.Min.Y)}
	if m.fallback, err = f.GlyphIndex(&b, fallback); err != nil || m.fallback == 0 {
		if m.fallback, err = f.GlyphIndex(&b, '?'); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// glyphs numbers the characters one face draws in one document: each distinct character gets
// its own character identifier (CID), in the order of first use, so that the ToUnicode map
// gives every character back, even one drawn with the fallback glyph. CID 0 is unused.
type glyphs struct {
	face  *face
	buf   sfnt.Buffer
	gid   map[rune]sfnt.GlyphIndex // the glyph of every character measured
	cid   map[rune]uint16
	runes []rune            // runes[cid-1]
	gids  []sfnt.GlyphIndex // gids[cid-1]
}

func newGlyphs(f *face) *glyphs {
	return &glyphs{face: f, gid: make(map[rune]sfnt.GlyphIndex), cid: make(map[rune]uint16)}
}

// glyph is the glyph that draws r: its own, or the fallback's.
func (g *glyphs) glyph(r rune) sfnt.GlyphIndex {
	if gid, ok := g.gid[r]; ok {
		return gid
	}
	gid, err := g.face.sfnt.GlyphIndex(&g.buf, r)
	if err != nil || gid == 0 {
		gid = g.face.fallback
	}
	g.gid[r] = gid
	return gid
}

// width is r's advance at size points.
func (g *glyphs) width(r rune, size float64) float64 {
	return g.face.advance[g.glyph(r)] * size / 1000
}

// measure is the width of l at size points.
func (g *glyphs) measure(l []rune, size float64) float64 {
	w := 0.0
	for _, r := range l {
		w += g.width(r, size)
	}
	return w
}

// CID returns r's character identifier, numbering r if it is new.
func (g *glyphs) CID(r rune) uint16 {
	if c, ok := g.cid[r]; ok {
		return c
	}
	if len(g.runes) >= maxCID-1 && r != fallback {
		return g.CID(fallback)
	}
	g.runes = append(g.runes, r)
	g.gids = append(g.gids, g.glyph(r))
	c := uint16(len(g.runes))
	g.cid[r] = c
	return c
}
