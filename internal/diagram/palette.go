package diagram

import (
	"image"
	"image/color"
	"slices"
)

// paletted turns a drawn diagram into a picture of at most 256 colours, so that its PNG is a
// third of the size: every letter of a game carries one, and the store keeps every letter.
// The flat colours of the board and the pieces are kept exactly (they are by far the most
// frequent); only the rarest shades of the antialiased edges are drawn with the nearest colour
// kept, which the eye does not tell apart at the size of a square's rim. Deterministic: colours
// of equal frequency are taken in the order of their value.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	count := map[uint32]int{}
	pix := img.Pix
	var last uint32 = 1 << 31 // no colour: the alpha byte is never part of the key
	n := 0
	for i := 0; i+3 < len(pix); i += 4 {
		c := uint32(pix[i])<<16 | uint32(pix[i+1])<<8 | uint32(pix[i+2])
		if c != last {
			if n > 0 {
				count[last] += n
			}
			last, n = c, 0
		}
		n++
	}
	if n > 0 {
		count[last] += n
	}
	colours := make([]uint32, 0, len(count))
	for c := range count {
		colours = append(colours, c)
	}
	slices.SortFunc(colours, func(a, b uint32) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return int(int64(a) - int64(b))
	})
	kept := colours[:min(len(colours), 256)]
	pal := make(color.Palette, len(kept))
	index := make(map[uint32]uint8, len(colours))
	for i, c := range kept {
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
		index[c] = uint8(i)
	}
	for _, c := range colours[len(kept):] {
		index[c] = nearest(kept, c)
	}
	out := image.NewPaletted(b, pal)
	last, lastIndex := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		c := uint32(pix[i])<<16 | uint32(pix[i+1])<<8 | uint32(pix[i+2])
		if c != last {
			last, lastIndex = c, index[c]
		}
		out.Pix[j] = lastIndex
	}
	return out
}

// nearest is the index of the colour of kept closest to c.
func nearest(kept []uint32, c uint32) uint8 {
	best, bestD := 0, int64(-1)
	for i, k := range kept {
		dr := int64(k>>16&0xff) - int64(c>>16&0xff)
		dg := int64(k>>8&0xff) - int64(c>>8&0xff)
		db := int64(k&0xff) - int64(c&0xff)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
