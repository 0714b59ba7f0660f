package pdf

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fallback is the character drawn for one the font lacks: the replacement
// character, which Go Mono has.
const fallback = '\uFFFD'

// maxCID is the greatest character identifier a two-byte Identity-H code
// can carry. A document with more distinct characters than that prints the
// excess as the fallback.
const maxCID = 0xFFFF

// monoFont is the embedded font, Go Mono, read once and never changed: the
// parsed font, its metrics in thousandths of an em (PDF's glyph space) and
// its file.
type monoFont struct {
	sfnt      *sfnt.Font
	name      string  // PostScript name
	advance   float64 // every glyph's advance
	ascent    float64
	descent   float64 // negative, below the baseline
	capHeight float64
	bbox      [4]float64
	fallback  sfnt.GlyphIndex
	ttf       []byte
}

// theFont is the font, parsed on first use.
var theFont = sync.OnceValues(func() (*monoFont, error) {
	f, err := parseFont(gomono.TTF)
	if err != nil {
		return nil, fmt.Errorf("pdf: the embedded font: %w", err)
	}
	return f, nil
})

func parseFont(ttf []byte) (*monoFont, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	var b sfnt.Buffer
	upem := fixed.I(int(f.UnitsPerEm()))
	em := func(v fixed.Int26_6) float64 { // font units (as 26.6) in thousandths of an em
		return float64(v) / 64 * 1000 / float64(f.UnitsPerEm())
	}
	m := &monoFont{sfnt: f, ttf: ttf}
	if m.name, err = f.Name(&b, sfnt.NameIDPostScript); err != nil || m.name == "" {
		m.name = "GoMono"
	}
	zero, err := f.GlyphIndex(&b, '0')
	if err != nil || zero == 0 {
		return nil, fmt.Errorf("no glyph for 0")
	}
	adv, err := f.GlyphAdvance(&b, zero, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	m.advance = em(adv)
	// The layout gives every character one cell: the font must be monospaced.
	for g := range f.NumGlyphs() {
		a, err := f.GlyphAdvance(&b, sfnt.GlyphIndex(g), upem, font.HintingNone)
		if err != nil {
			return nil, err
		}
		if a != adv && a != 0 {
			return nil, fmt.Errorf("glyph %d is %v wide, not %v: not a monospaced font", g, a, adv)
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

// glyphs numbers the characters of one document: each distinct character
// gets its own character identifier (CID), in the order of first use, so
// that the ToUnicode map gives every character back, even one drawn with
// the fallback glyph. CID 0 is unused.
type glyphs struct {
	font  *monoFont
	buf   sfnt.Buffer
	cid   map[rune]uint16
	runes []rune            // runes[cid-1]
	gids  []sfnt.GlyphIndex // gids[cid-1]
}

func newGlyphs(f *monoFont) *glyphs {
	return &glyphs{font: f, cid: make(map[rune]uint16)}
}

// CID returns r's character identifier, numbering r if it is new.
func (g *glyphs) CID(r rune) uint16 {
	if c, ok := g.cid[r]; ok {
		return c
	}
	if len(g.runes) >= maxCID-1 && r != fallback {
		return g.CID(fallback)
	}
	gid, err := g.font.sfnt.GlyphIndex(&g.buf, r)
	if err != nil || gid == 0 {
		gid = g.font.fallback
	}
	g.runes = append(g.runes, r)
	g.gids = append(g.gids, gid)
	c := uint16(len(g.runes))
	g.cid[r] = c
	return c
}
