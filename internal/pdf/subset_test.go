package pdf

import (
	"bytes"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestSubset checks the subset font: it parses; the glyphs used have their
// outlines and advances as in the whole font, under the same indexes; the
// others are empty. (Go Mono has no composite glyph: TestComponents reads
// one.)
func TestSubset(t *testing.T) {
	whole, err := sfnt.Parse(gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	var used []sfnt.GlyphIndex
	for _, r := range "Ёё Йй Пётр ab╔═╗\uFFFD" {
		g, err := whole.GlyphIndex(&buf, r)
		if err != nil || g == 0 {
			t.Fatalf("%q: glyph %d, %v", r, g, err)
		}
		used = append(used, g)
	}
	b, err := subset(gomono.TTF, used)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := subset(gomono.TTF, used); !bytes.Equal(b, again) {
		t.Error("two subsets of the same glyphs differ")
	}
	if len(b) > len(gomono.TTF)/4 {
		t.Errorf("the subset is %d bytes, the whole font %d", len(b), len(gomono.TTF))
	}
	if sum := checksum(b); sum != 0xB1B0AFBA {
		t.Errorf("the file's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	sub, err := sfnt.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if sub.NumGlyphs() != whole.NumGlyphs() {
		t.Fatalf("%d glyphs in the subset, %d in the font", sub.NumGlyphs(), whole.NumGlyphs())
	}
	kept := map[sfnt.GlyphIndex]bool{0: true}
	for _, g := range used {
		kept[g] = true
	}
	var buf2 sfnt.Buffer
	ppem := fixed.I(int(whole.UnitsPerEm()))
	for g := range whole.NumGlyphs() {
		gi := sfnt.GlyphIndex(g)
		want, err := whole.LoadGlyph(&buf, gi, ppem, nil)
		if err != nil {
			t.Fatalf("glyph %d: %v", g, err)
		}
		want = slices.Clone(want)
		got, err := sub.LoadGlyph(&buf2, gi, ppem, nil)
		if err != nil {
			t.Fatalf("glyph %d of the subset: %v", g, err)
		}
		if !kept[gi] {
			if len(got) != 0 {
				t.Errorf("glyph %d, not used, has an outline of %d segments", g, len(got))
			}
			continue
		}
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("glyph %d differs from the font's (-font +subset):\n%s", g, diff)
		}
		wa, _ := whole.GlyphAdvance(&buf, gi, ppem, 0)
		sa, _ := sub.GlyphAdvance(&buf2, gi, ppem, 0)
		if wa != sa {
			t.Errorf("glyph %d is %v wide in the subset, %v in the font", g, sa, wa)
		}
	}
}

// TestComponents reads the parts of composite glyphs: of two parts, the
// first with word arguments and a scale, the second with byte arguments
// and a two-by-two matrix; a simple glyph has none; a glyph cut short is
// an error.
func TestComponents(t *testing.T) {
	box := []byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 10, 0, 10} // -1 contours: composite
	composite := append(slices.Clone(box),
		0x00, 0x29, 0x01, 0x2C, 0x00, 0x05, 0x00, 0x07, 0x40, 0x00, // words, scale, more: glyph 300
		0x00, 0x80, 0x00, 0x07, 0x01, 0x02, 0x40, 0, 0, 0, 0, 0, 0x40, 0) // bytes, 2×2: glyph 7
	parts, err := components(composite)
	if err != nil || !slices.Equal(parts, []int{300, 7}) {
		t.Errorf("components: %v, %v, want [300 7]", parts, err)
	}
	if _, err := components(composite[:16]); err == nil {
		t.Error("a composite glyph cut short: no error")
	}
	simple := []byte{0, 1, 0, 0, 0, 0, 0, 10, 0, 10, 0, 0}
	if parts, err := components(simple); err != nil || parts != nil {
		t.Errorf("a simple glyph: %v, %v", parts, err)
	}
}

// TestSubsetDamaged subsets the font cut short at every length, and with
// its bytes overwritten here and there: an error or a result, never a
// panic.
func TestSubsetDamaged(t *testing.T) {
	used := []sfnt.GlyphIndex{36, 453, 709}
	for n := 0; n < len(gomono.TTF); n += 97 {
		subset(gomono.TTF[:n], used)
	}
	for i := 0; i < 400; i++ {
		b := bytes.Clone(gomono.TTF)
		for j := 0; j < 8; j++ {
			b[(i*7919+j*104729)%len(b)] ^= byte(0x5A + i + j)
		}
		subset(b, used)
	}
	for i := 0; i < 12+16*14; i++ { // every byte of the table directory
		b := bytes.Clone(gomono.TTF)
		b[i] = 0xFF
		subset(b, used)
	}
}
