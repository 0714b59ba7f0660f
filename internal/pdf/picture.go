package pdf

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// maxPicturePixels bounds a picture's size, so that a damaged or hostile
// PNG header cannot make Write allocate gigabytes; a board diagram has a
// few hundred thousand pixels.
const maxPicturePixels = 4096 * 4096

// A picture is a decoded PNG as a PDF image XObject wants it: 8-bit samples,
// row after row, uncompressed, in the colour space below. Transparent
// pixels are composed over white paper.
type picture struct {
	width, height int
	// gray: one sample a pixel (DeviceGray); palette (Indexed over
	// DeviceRGB, three bytes a colour): one index a pixel; else three
	// samples a pixel (DeviceRGB).
	gray    bool
	palette []byte
	samples []byte
}

func decodePicture(b []byte) (*picture, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPicturePixels {
		return nil, fmt.Errorf("%d×%d pixels, more than %d or none", cfg.Width, cfg.Height, maxPicturePixels)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	r := img.Bounds()
	p := &picture{width: r.Dx(), height: r.Dy()}
	switch m := img.(type) {
	case *image.Paletted:
		p.palette = make([]byte, 0, 3*len(m.Palette))
		for _, c := range m.Palette {
			rgb := overWhite(c.RGBA())
			p.palette = append(p.palette, rgb[:]...)
		}
		if len(m.Palette) == 0 {
			p.palette = []byte{255, 255, 255}
		}
		p.samples = make([]byte, 0, p.width*p.height)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := m.Pix[m.PixOffset(r.Min.X, y):][:p.width]
			for _, i := range row {
				if int(i) >= len(m.Palette) { // beyond the palette: its first colour
					i = 0
				}
				p.samples = append(p.samples, i)
			}
		}
	case *image.Gray:
		p.gray = true
		p.samples = make([]byte, 0, p.width*p.height)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			p.samples = append(p.samples, m.Pix[m.PixOffset(r.Min.X, y):][:p.width]...)
		}
	default:
		p.samples = make([]byte, 0, 3*p.width*p.height)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				rgb := overWhite(img.At(x, y).RGBA())
				p.samples = append(p.samples, rgb[:]...)
			}
		}
	}
	return p, nil
}

// overWhite composes an alpha-premultiplied colour over white and returns
// its 8-bit red, green and blue.
func overWhite(r, g, b, a uint32) [3]byte {
	w := 0xffff - a
	return [3]byte{byte((r + w) >> 8), byte((g + w) >> 8), byte((b + w) >> 8)}
}
