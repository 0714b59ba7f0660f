package pdf

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"golang.org/x/image/font/sfnt"
)

// subsetTables are the tables of the font kept in a subset: those PDF wants
// of an embedded TrueType font, and the font's cmap, OS/2 metrics and post
// header (without the glyph names). The font's names (name) are left out.
var subsetTables = []string{"OS/2", "cmap", "cvt ", "fpgm", "gasp", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "post", "prep"}

// subset returns the TrueType file ttf with the outlines of only the glyphs
// used (and of glyph 0, and of the glyphs composite glyphs are made of):
// every other glyph is empty. Every glyph keeps its index, so that the
// document's CIDToGIDMap, made for the whole font, holds for the subset.
// The result is a function of its arguments alone.
func subset(ttf []byte, used []sfnt.GlyphIndex) ([]byte, error) {
	tables, err := tableDirectory(ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "maxp", "loca", "glyf"} {
		if _, ok := tables[tag]; !ok {
			return nil, fmt.Errorf("font: no %s table", tag)
		}
	}
	head, maxp, loca, glyf := tables["head"], tables["maxp"], tables["loca"], tables["glyf"]
	if len(head) < 54 || len(maxp) < 6 {
		return nil, errors.New("font: short head or maxp table")
	}
	n := int(binary.BigEndian.Uint16(maxp[4:]))
	long := binary.BigEndian.Uint16(head[50:]) == 1
	offsets := make([]int, n+1)
	for g := range offsets {
		if long {
			if 4*g+4 > len(loca) {
				return nil, errors.New("font: short loca table")
			}
			offsets[g] = int(binary.BigEndian.Uint32(loca[4*g:]))
		} else {
			if 2*g+2 > len(loca) {
				return nil, errors.New("font: short loca table")
			}
			offsets[g] = 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
		}
		if offsets[g] > len(glyf) || g > 0 && offsets[g] < offsets[g-1] {
			return nil, fmt.Errorf("font: loca entry %d out of the glyf table", g)
		}
	}
	glyph := func(g int) []byte { return glyf[offsets[g]:offsets[g+1]] }

	// The glyphs kept: those used and, recursively, their components.
	keep := make([]bool, n)
	stack := []int{0}
	for _, g := range used {
		stack = append(stack, int(g))
	}
	for len(stack) > 0 {
		g := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g >= n || keep[g] {
			continue
		}
		keep[g] = true
		parts, err := components(glyph(g))
		if err != nil {
			return nil, fmt.Errorf("font: glyph %d: %w", g, err)
		}
		stack = append(stack, parts...)
	}

	// The new glyf and loca tables (loca in the long format).
	var newGlyf []byte
	newLoca := make([]byte, 4*(n+1))
	for g := range n {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if keep[g] {
			newGlyf = append(newGlyf, glyph(g)...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*n:], uint32(len(newGlyf)))
	newHead := slices.Clone(head)
	binary.BigEndian.PutUint16(newHead[50:], 1) // indexToLocFormat: long
	binary.BigEndian.PutUint32(newHead[8:], 0)  // checkSumAdjustment, set below
	out := map[string][]byte{"glyf": newGlyf, "loca": newLoca, "head": newHead}
	if post := tables["post"]; len(post) >= 32 {
		// Version 3: the header alone, no glyph names.
		out["post"] = binary.BigEndian.AppendUint32(nil, 0x00030000)
		out["post"] = append(out["post"], post[4:32]...)
	}
	var tags []string
	for _, tag := range subsetTables {
		if _, ok := out[tag]; !ok {
			t, ok := tables[tag]
			if !ok {
				continue
			}
			out[tag] = t
		}
		tags = append(tags, tag)
	}

	// The file: the offset table, the table records sorted by tag, the
	// tables, each padded to four bytes.
	slices.Sort(tags)
	num := len(tags)
	pow := 1
	for pow*2 <= num {
		pow *= 2
	}
	b := make([]byte, 12+16*num)
	copy(b, ttf[:4]) // the sfnt version
	binary.BigEndian.PutUint16(b[4:], uint16(num))
	binary.BigEndian.PutUint16(b[6:], uint16(16*pow))
	binary.BigEndian.PutUint16(b[8:], uint16(log2(pow)))
	binary.BigEndian.PutUint16(b[10:], uint16(16*(num-pow)))
	headAt := 0
	for i, tag := range tags {
		t := out[tag]
		rec := b[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(b)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t)))
		if tag == "head" {
			headAt = len(b)
		}
		b = append(b, t...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
	}
	binary.BigEndian.PutUint32(b[headAt+8:], 0xB1B0AFBA-checksum(b))
	return b, nil
}

// tableDirectory returns the tables of a TrueType file by tag.
func tableDirectory(ttf []byte) (map[string][]byte, error) {
	if len(ttf) < 12 {
		return nil, errors.New("font: short file")
	}
	num := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*num {
		return nil, errors.New("font: short table directory")
	}
	tables := make(map[string][]byte, num)
	for i := range num {
		rec := ttf[12+16*i:]
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off > len(ttf) || length > len(ttf)-off {
			return nil, fmt.Errorf("font: table %q out of the file", rec[:4])
		}
		tables[string(rec[:4])] = ttf[off : off+length]
	}
	return tables, nil
}

// components returns the glyphs a composite glyph is made of; none for a
// simple or empty glyph.
func components(g []byte) ([]int, error) {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil, nil
	}
	const (
		argsAreWords  = 0x0001
		haveScale     = 0x0008
		moreParts     = 0x0020
		haveXYScale   = 0x0040
		haveTwoByTwo  = 0x0080
		componentHead = 4 // flags and glyph index
	)
	var parts []int
	for p := 10; ; {
		if p+componentHead > len(g) {
			return nil, errors.New("composite glyph cut short")
		}
		flags := binary.BigEndian.Uint16(g[p:])
		parts = append(parts, int(binary.BigEndian.Uint16(g[p+2:])))
		p += componentHead + 2
		if flags&argsAreWords != 0 {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&haveTwoByTwo != 0:
			p += 8
		}
		if flags&moreParts == 0 {
			return parts, nil
		}
	}
}

// checksum is a TrueType table checksum: the sum of its big-endian 32-bit
// words, the last padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

func log2(n int) int {
	k := 0
	for n > 1 {
		n /= 2
		k++
	}
	return k
}

// subsetTag is the six capital letters that prefix a subset font's name,
// by the glyphs it has: the same glyphs, the same tag.
func subsetTag(used []sfnt.GlyphIndex) string {
	h := sha256.New()
	for _, g := range used {
		h.Write([]byte{byte(g >> 8), byte(g)})
	}
	sum := h.Sum(nil)
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag)
}
