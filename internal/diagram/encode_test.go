package diagram

import (
	"bytes"
	"compress/flate"
	"fmt"
	stdAdler32 "hash/adler32"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

// picOf is a w×h picture whose pixel (x, y) is px(x, y) (an index of the palette).
func picOf(w, h int, px func(x, y int) uint8) *picture {
	p := newPicture(make([]byte, (w+1)*h), w, h)
	for y := range h {
		for x := range w {
			p.buf[y*p.stride+1+x] = px(x, y)
		}
	}
	return p
}

// checkDecodes decodes b with image/png and fails unless it is pic, pixel
// for pixel, with the palette up to the last index used.
func checkDecodes(t *testing.T, b []byte, pic *picture) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	got, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded as %T, want *image.Paletted", img)
	}
	if got.Rect != image.Rect(0, 0, pic.w, pic.h) {
		t.Fatalf("decoded %v, want %d×%d", got.Rect, pic.w, pic.h)
	}
	var top uint8
	for y := range pic.h {
		row := pic.buf[y*pic.stride+1 : y*pic.stride+1+pic.w]
		for _, c := range row {
			top = max(top, c)
		}
		if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+pic.w], row) {
			t.Fatalf("row %d differs after decoding", y)
		}
	}
	if len(got.Palette) != int(top)+1 {
		t.Errorf("palette of %d colours, want %d (up to the last used)", len(got.Palette), top+1)
	}
	for i, c := range got.Palette {
		if r1, g1, b1, a1 := c.RGBA(); [4]uint32{r1, g1, b1, a1} != func() [4]uint32 {
			r, g, b, a := palette[i].RGBA()
			return [4]uint32{r, g, b, a}
		}() {
			t.Fatalf("palette colour %d is %v, want %v", i, c, palette[i])
		}
	}
}

// TestEncode encodes pictures made to try every path of the encoder — no
// repeat at all, one colour, the longest rows, repeats at the edge of the
// window — and decodes them with image/png (which checks the zlib
// checksum and every CRC).
func TestEncode(t *testing.T) {
	n := len(palette)
	rng := rand.New(rand.NewPCG(1, 2))
	noise := func(x, y int) uint8 { return uint8(rng.IntN(n)) }
	cases := []struct {
		name string
		pic  *picture
		dist []int
	}{
		{"one pixel", picOf(1, 1, func(x, y int) uint8 { return 0 }), nil},
		{"one pixel, not the background", picOf(1, 1, func(x, y int) uint8 { return 5 }), nil},
		{"one colour", picOf(50, 30, func(x, y int) uint8 { return 7 }), nil},
		{"every colour once", picOf(n, 1, func(x, y int) uint8 { return uint8(x) }), nil},
		{"every colour in stripes", picOf(n, 40, func(x, y int) uint8 { return uint8((x + y/3) % n) }), nil},
		{"noise", picOf(300, 200, noise), nil},
		{"noise rows repeated", func() *picture {
			row := make([]uint8, 500)
			for i := range row {
				row[i] = uint8(rng.IntN(n))
			}
			return picOf(500, 50, func(x, y int) uint8 { return row[(x+y/7)%len(row)] })
		}(), []int{7}},
		{"the widest picture", picOf(MaxWidth, 30, func(x, y int) uint8 { return uint8((x / 37 * 11) % n) }), []int{74}},
		// rows that come back after 32 and after 33 rows of 1001 bytes: the
		// first inside deflate's window of 32768 bytes, the second outside
		{"repeats at the edge of the window", func() *picture {
			rows := make([][]uint8, 33)
			for i := range rows {
				rows[i] = make([]uint8, 1000)
				for j := range rows[i] {
					rows[i][j] = uint8(rng.IntN(n))
				}
			}
			return picOf(1000, 140, func(x, y int) uint8 {
				if y < 70 {
					return rows[y%32][x]
				}
				return rows[y%33][x]
			})
		}(), nil},
		{"a diagram", func() *picture {
			g := goldens[3]
			p, m := g.played(t)
			k, err := kitFor(p.Variant(), DefaultWidth)
			if err != nil {
				t.Fatal(err)
			}
			pic := newPicture(make([]byte, len(k.base)), k.l.w, k.l.h)
			k.draw(pic, &p, m)
			return pic
		}(), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := encodePNG(tc.pic, tc.dist...)
			checkDecodes(t, b, tc.pic)
			if again := encodePNG(tc.pic, tc.dist...); !bytes.Equal(b, again) {
				t.Error("two encodings of one picture differ")
			}
		})
	}
}

// TestDeflateLongCodes writes literals whose frequencies follow the
// Fibonacci numbers, which Huffman's algorithm would give codes of up to 26
// bits: deflate allows 15, and the stream must still inflate to the bytes.
func TestDeflateLongCodes(t *testing.T) {
	e := new(encoder)
	var want []byte
	a, b := 1, 1
	for sym := range 27 {
		for range a {
			want = append(want, byte(sym))
		}
		a, b = b, a+b
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(want), func(i, j int) { want[i], want[j] = want[j], want[i] })
	e.lit, e.dist = [286]int32{}, [30]int32{}
	e.toks = e.toks[:0]
	for _, c := range want {
		e.toks = append(e.toks, uint32(c))
		e.lit[c]++
	}
	e.lit[256]++
	var lengths [286]uint8
	e.huff.lengths(e.lit[:], 15, lengths[:])
	longest := 0
	for _, l := range lengths {
		longest = max(longest, int(l))
	}
	if longest > 15 {
		t.Fatalf("a code of %d bits", longest)
	}
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(e.deflate(nil))))
	if err != nil {
		t.Fatalf("the stream does not inflate: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("the stream inflates to other bytes")
	}
}

// TestHuffmanLengths: for any frequencies the code lengths make a complete
// prefix code (Kraft's sum is exactly 1), within the limit, with a code for
// every symbol that occurs and at least two codes (an alphabet has two
// symbols or more).
func TestHuffmanLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var h huffScratch
	for i := range 2000 {
		n := 2 + rng.IntN(285) // the alphabets of deflate: 286, 30 and 19 symbols
		limit := []int{7, 15}[i%2]
		if limit == 7 {
			n = 2 + rng.IntN(18)
		}
		freq := make([]int32, n)
		for s := range freq {
			switch rng.IntN(4) {
			case 0: // absent
			case 1:
				freq[s] = 1 + rng.Int32N(3)
			case 2:
				freq[s] = 1 + rng.Int32N(1<<20)
			default:
				freq[s] = 1 << rng.IntN(28) // far apart, for long codes
			}
		}
		lengths := make([]uint8, n)
		h.lengths(freq, limit, lengths)
		var kraft float64
		codes := 0
		for s, l := range lengths {
			if freq[s] > 0 && l == 0 {
				t.Fatalf("case %d: symbol %d occurs and has no code", i, s)
			}
			if int(l) > limit {
				t.Fatalf("case %d: a code of %d bits, over %d", i, l, limit)
			}
			if l > 0 {
				codes++
				kraft += 1 / float64(uint64(1)<<l)
			}
		}
		if codes < 2 {
			t.Fatalf("case %d: %d codes", i, codes)
		}
		if kraft != 1 {
			t.Fatalf("case %d: Kraft's sum %v, the code is not complete", i, kraft)
		}
	}
}

// FuzzEncode: any picture encodes to a PNG that decodes to it.
func FuzzEncode(f *testing.F) {
	f.Add(uint8(3), uint8(2), []byte{0, 1, 2, 3, 4, 5})
	f.Add(uint8(40), uint8(9), bytes.Repeat([]byte{7, 7, 7, 8}, 50))
	f.Fuzz(func(t *testing.T, w, h uint8, px []byte) {
		if len(px) == 0 {
			px = []byte{0}
		}
		n := len(palette)
		pic := picOf(int(w)+1, int(h)+1, func(x, y int) uint8 {
			return px[(y*(int(w)+1)+x)%len(px)] % uint8(n)
		})
		checkDecodes(t, encodePNG(pic, int(w)%8+2), pic)
	})
}

// BenchmarkEncoders compares the encoder with image/png on the golden
// pictures: the time, and the bytes of the PNG (B/picture). image/png
// leaves paletted pictures unfiltered at every level.
func BenchmarkEncoders(b *testing.B) {
	for _, g := range goldens {
		p, m := g.played(b)
		k, err := kitFor(p.Variant(), keptWidth(g.width))
		if err != nil {
			b.Fatal(err)
		}
		pic := newPicture(make([]byte, len(k.base)), k.l.w, k.l.h)
		k.draw(pic, &p, m)
		run := func(name string, enc func() []byte) {
			b.Run(fmt.Sprintf("%s/%s", g.name, name), func(b *testing.B) {
				b.ReportAllocs()
				var n int
				for b.Loop() {
					n = len(enc())
				}
				b.ReportMetric(float64(n), "B/picture")
			})
		}
		run("diagram", func() []byte { return encodePNG(pic, 2*k.l.sq, 4*k.l.sq) })
		for _, lv := range []struct {
			name  string
			level png.CompressionLevel
		}{{"image-png-best-speed", png.BestSpeed}, {"image-png-default", png.DefaultCompression}} {
			enc := png.Encoder{CompressionLevel: lv.level}
			run(lv.name, func() []byte {
				var buf bytes.Buffer
				if err := enc.Encode(&buf, pic.image()); err != nil {
					b.Fatal(err)
				}
				return buf.Bytes()
			})
		}
	}
}

// TestAdler32: the checksum is hash/adler32's, for every length of a few
// kinds of bytes, and past the bytes between reductions.
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, fill := range []func(i int) byte{
		func(int) byte { return 0xff }, // the largest sums
		func(int) byte { return 0 },
		func(i int) byte { return byte(rng.IntN(256)) },
	} {
		p := make([]byte, 3<<20+5)
		for i := range p {
			p[i] = fill(i)
		}
		for n := range 200 {
			if got, want := adler32(p[:n]), stdAdler32.Checksum(p[:n]); got != want {
				t.Fatalf("%d bytes: %08x, hash/adler32 %08x", n, got, want)
			}
		}
		for _, n := range []int{5551, 5552, 5553, 1 << 20, 1<<20 + 7, len(p)} {
			if got, want := adler32(p[:n]), stdAdler32.Checksum(p[:n]); got != want {
				t.Fatalf("%d bytes: %08x, hash/adler32 %08x", n, got, want)
			}
		}
	}
}
