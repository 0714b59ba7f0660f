package diagram

import (
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"slices"
	"sync"
)

// The PNG encoder. A diagram is flat colours: whole rows the same as the
// row above, long runs of one colour, the same piece again two or four
// squares to the right, and between them the few pixels of antialiased
// edges. The encoder is made for that. The rows are not filtered (filter
// type 0): palette indices do not subtract meaningfully, and the Up filter
// measured larger. The compressor looks for repeats at a few distances only
// — the pixel before, the pixel above, two and four squares to the left —
// and, where none is found, at the last place the same four bytes began a
// literal, rather than searching its window as a general compressor does;
// it writes one deflate block with Huffman codes made for the picture. On
// the golden pictures it is several times faster than image/png at
// BestSpeed and its files are a quarter to a third smaller, about the size
// image/png writes at its default level (BenchmarkEncoders,
// TestSmallerThanImagePNG). It is deterministic: the bytes depend on the
// pixels alone, not on the Go release that built postald.

// encoder holds the buffers of one encoding, lent from picture to picture.
type encoder struct {
	toks []uint32 // literal: the byte; match: 1<<31 | length<<16 | distance
	out  []byte
	lit  [286]int32 // frequencies of the literal/length symbols
	dist [30]int32
	huff huffScratch
	// seen holds, by a hash of four bytes, the place after the last
	// literal that began with them (0: none).
	seen [1 << hashBits]int32
}

const hashBits = 14

var encoders = sync.Pool{New: func() any { return new(encoder) }}

const matchFlag = 1 << 31

// encodePNG returns the PNG of pic, with dists the distances repeats are
// looked for at besides the pixel before and the pixel above.
func encodePNG(pic *picture, dists ...int) []byte {
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	b := e.png(pic, dists)
	return append([]byte(nil), b...)
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

func (e *encoder) png(pic *picture, extra []int) []byte {
	src := pic.buf[:pic.stride*pic.h]
	var ds [8]int
	dists := append(ds[:0], pic.stride, 1)
	for _, d := range extra {
		if d > 1 && d != pic.stride && d <= 32768 && len(dists) < len(ds) {
			dists = append(dists, d)
		}
	}
	maxLit := e.tokenize(src, dists)

	out := append(e.out[:0], pngSignature...)
	// IHDR: 8-bit palette indices, no interlace.
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(pic.w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(pic.h))
	ihdr[8], ihdr[9] = 8, 3
	out = chunk(out, "IHDR", ihdr[:])
	// PLTE: the palette up to the last colour used, which every pixel is: a
	// pixel is a literal or a copy of an earlier one.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'P', 'L', 'T', 'E')
	for _, c := range palette[:maxLit+1] {
		r, g, b, _ := c.RGBA()
		out = append(out, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	out = endChunk(out, start)
	// IDAT: one zlib stream, one chunk.
	start = len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	out = append(out, 0x78, 0x01) // deflate, 32 KB window, no dictionary
	out = e.deflate(out)
	out = binary.BigEndian.AppendUint32(out, adler32(src))
	out = endChunk(out, start)
	out = chunk(out, "IEND", nil)
	e.out = out
	return out
}

// chunk appends a PNG chunk.
func chunk(out []byte, typ string, data []byte) []byte {
	start := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, typ...)
	out = append(out, data...)
	return endChunk(out, start)
}

// endChunk writes the length of the chunk begun at start and appends its CRC.
func endChunk(out []byte, start int) []byte {
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
}

// tokenize cuts src into literals and matches, greedily: at each byte the
// longest repeat at one of dists, or else at the last place where a literal
// began with the same four bytes, if it is three bytes or more; else the
// byte itself. It counts the symbols' frequencies and returns the largest
// literal.
func (e *encoder) tokenize(src []byte, dists []int) (maxLit uint8) {
	toks := e.toks[:0]
	e.lit, e.dist = [286]int32{}, [30]int32{}
	clear(e.seen[:])
	n := len(src)
	for i := 0; i < n; {
		limit := min(258, n-i)
		best, bd := 0, 0
		for _, d := range dists {
			// a repeat that could not be longer than the best is not measured
			if d > i || src[i] != src[i-d] || (best > 0 && src[i+best] != src[i+best-d]) {
				continue
			}
			if m := matchLen(src[i:i+limit], src[i-d:]); m > best {
				best, bd = m, d
				if m == limit {
					break
				}
			}
		}
		if best < 3 && i+4 <= n {
			// No repeat at the fixed distances: the last place the same four
			// bytes were seen at, where an edge of a piece was drawn before.
			h := binary.LittleEndian.Uint32(src[i:]) * 0x1e35a7bd >> (32 - hashBits)
			if j := int(e.seen[h]) - 1; j >= 0 && i-j <= 32768 && src[j] == src[i] {
				if m := matchLen(src[i:i+limit], src[j:]); m > best {
					best, bd = m, i-j
				}
			}
			e.seen[h] = int32(i + 1)
		}
		if best < 3 {
			c := src[i]
			maxLit = max(maxLit, c)
			toks = append(toks, uint32(c))
			e.lit[c]++
			i++
			continue
		}
		toks = append(toks, matchFlag|uint32(best)<<16|uint32(bd))
		e.lit[257+int(lengthCode[best])]++
		dc, _, _ := distCode(bd)
		e.dist[dc]++
		i += best
	}
	e.lit[256]++ // the end of the block
	e.toks = toks
	return maxLit
}

// matchLen is the length of the common prefix of a and b (len(b) >= len(a)).
func matchLen(a, b []byte) int {
	n := 0
	for n+8 <= len(a) {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n
}

// The lengths and distances of deflate (RFC 1951, 3.2.5): base values and
// extra bits of each code.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	// lengthCode is the code of each match length (3 to 258), 0 to 28.
	lengthCode = func() (t [259]uint8) {
		for c := range lengthBase {
			for l := int(lengthBase[c]); l < int(lengthBase[c])+1<<lengthExtra[c] && l <= 258; l++ {
				t[l] = uint8(c) // 258 ends with code 28 (285), as deflate wants
			}
		}
		return t
	}()
)

// distCode returns the code of distance d (1 to 32768), its extra bits and their value.
func distCode(d int) (code int, nextra uint, extra int) {
	x := d - 1
	if x < 4 {
		return x, 0, 0
	}
	nb := bits.Len(uint(x)) - 1 // the highest bit of x
	return 2*nb + (x>>(nb-1))&1, uint(nb - 1), x & (1<<(nb-1) - 1)
}

// adler32 is the Adler-32 checksum of p (RFC 1950, 8.2), as hash/adler32
// computes it, sixteen bytes at a time. Over bytes b0…b15 the first sum
// grows by their sum, and the second by 16 times the first plus
// 16·b0+15·b1+…+b15, which is 8 times the sum of b0…b7 plus
// 8·(b0+b8)+7·(b1+b9)+…+(b7+b15). The bytes are added in 16-bit lanes, four
// even and four odd ones, and a lanes' weighted sum is the top lane of one
// product.
func adler32(p []byte) uint32 {
	const (
		mod   = 65521
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		wEven = 2 | 4<<16 | 6<<32 | 8<<48 // the weights of b6, b4, b2, b0
		wOdd  = 1 | 3<<16 | 5<<32 | 7<<48 // of b7, b5, b3, b1
		block = 1 << 20                   // bytes between reductions: the sums stay far below 2⁶⁴
	)
	s1, s2 := uint64(1), uint64(0)
	for len(p) > 0 {
		q := p[:min(len(p), block)]
		p = p[len(q):]
		for len(q) >= 16 {
			x, y := binary.LittleEndian.Uint64(q), binary.LittleEndian.Uint64(q[8:])
			xe, xo := x&lanes, x>>8&lanes
			even, odd := xe+y&lanes, xo+y>>8&lanes
			first := ((xe + xo) * ones) >> 48
			s2 += 16*s1 + 8*first + (even*wEven+odd*wOdd)>>48
			s1 += ((even + odd) * ones) >> 48
			q = q[16:]
		}
		for _, b := range q {
			s1 += uint64(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return uint32(s2<<16 | s1)
}

// bitWriter appends bits to a byte slice, least significant first.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// put writes the n low bits of v (n <= 32).
func (w *bitWriter) put(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

func (w *bitWriter) flush() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n = max(w.n, 8) - 8
	}
}

// clOrder is the order the code lengths of the code length alphabet are written in.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// deflate appends e's tokens as one final deflate block with dynamic Huffman codes.
func (e *encoder) deflate(out []byte) []byte {
	var litLen [286]uint8
	var distLen [30]uint8
	e.huff.lengths(e.lit[:], 15, litLen[:])
	e.huff.lengths(e.dist[:], 15, distLen[:])
	nlit, ndist := 257, 1
	for i, l := range litLen {
		if l > 0 {
			nlit = max(nlit, i+1)
		}
	}
	for i, l := range distLen {
		if l > 0 {
			ndist = max(ndist, i+1)
		}
	}
	// The code lengths, run-length coded (3.2.7).
	var seq [286 + 30]uint8
	n := copy(seq[:], litLen[:nlit])
	n += copy(seq[n:], distLen[:ndist])
	var rl [286 + 30]uint16 // symbol | extra bits' value << 8
	var clFreq [19]int32
	nrl := 0
	emit := func(sym, extra int) {
		rl[nrl] = uint16(sym | extra<<8)
		nrl++
		clFreq[sym]++
	}
	for i := 0; i < n; {
		v := seq[i]
		run := 1
		for i+run < n && seq[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				r := min(run, 138)
				emit(18, r-11)
				run -= r
			}
			if run >= 3 {
				emit(17, run-3)
				run = 0
			}
		} else {
			emit(int(v), 0)
			run--
			for run >= 3 {
				r := min(run, 6)
				emit(16, r-3)
				run -= r
			}
		}
		for ; run > 0; run-- {
			emit(int(v), 0)
		}
	}
	var clLen [19]uint8
	e.huff.lengths(clFreq[:], 7, clLen[:])
	nclen := 19
	for nclen > 4 && clLen[clOrder[nclen-1]] == 0 {
		nclen--
	}
	var litCode [286]uint16
	var distCodes [30]uint16
	var clCode [19]uint16
	canonical(litLen[:], litCode[:])
	canonical(distLen[:], distCodes[:])
	canonical(clLen[:], clCode[:])

	w := bitWriter{out: out}
	w.put(1|2<<1, 3) // the final block, dynamic codes
	w.put(uint64(nlit-257), 5)
	w.put(uint64(ndist-1), 5)
	w.put(uint64(nclen-4), 4)
	for _, s := range clOrder[:nclen] {
		w.put(uint64(clLen[s]), 3)
	}
	for _, r := range rl[:nrl] {
		sym, extra := r&0xff, uint64(r>>8)
		w.put(uint64(clCode[sym]), uint(clLen[sym]))
		switch sym {
		case 16:
			w.put(extra, 2)
		case 17:
			w.put(extra, 3)
		case 18:
			w.put(extra, 7)
		}
	}
	for _, t := range e.toks {
		if t&matchFlag == 0 {
			w.put(uint64(litCode[t]), uint(litLen[t]))
			continue
		}
		length, d := int(t>>16&0x1ff), int(t&0xffff)
		lc := lengthCode[length]
		sym := 257 + int(lc)
		w.put(uint64(litCode[sym])|uint64(length-int(lengthBase[lc]))<<litLen[sym], uint(litLen[sym])+uint(lengthExtra[lc]))
		dc, nx, x := distCode(d)
		w.put(uint64(distCodes[dc])|uint64(x)<<distLen[dc], uint(distLen[dc])+nx)
	}
	w.put(uint64(litCode[256]), uint(litLen[256]))
	w.flush()
	return w.out
}

// canonical sets codes to the canonical Huffman codes of the code lengths
// (3.2.2), bit-reversed, as they are written.
func canonical(lengths []uint8, codes []uint16) {
	var count [16]int
	for _, l := range lengths {
		if l > 0 {
			count[l]++
		}
	}
	var next [16]int
	code := 0
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		codes[s] = uint16(bits.Reverse16(uint16(next[l])) >> (16 - l))
		next[l]++
	}
}

// huffScratch holds the buffers of building Huffman codes.
type huffScratch struct {
	leaves []leaf
	freq   []int64
	parent []int32
	depth  []int32
}

type leaf struct {
	freq int32
	sym  int32
}

// lengths sets lengths[s] to the length of the Huffman code of symbol s for
// the frequencies freq (0: no code), none longer than maxBits. A code has at
// least two symbols, so that every decoder takes it: when fewer have a
// frequency, the first symbols without one are given one.
func (h *huffScratch) lengths(freq []int32, maxBits int, lengths []uint8) {
	clear(lengths)
	f := h.leaves[:0]
	for s, x := range freq {
		if x > 0 {
			f = append(f, leaf{x, int32(s)})
		}
	}
	for s := 0; len(f) < 2; s++ {
		if freq[s] == 0 {
			f = append(f, leaf{1, int32(s)})
		}
	}
	h.leaves = f
	slices.SortFunc(f, func(a, b leaf) int {
		if a.freq != b.freq {
			return int(a.freq - b.freq)
		}
		return int(a.sym - b.sym)
	})
	for {
		if h.build(f, maxBits, lengths) {
			return
		}
		// Too long a code: flatten the frequencies and build again. With
		// every frequency 1 the tree is balanced, well within maxBits.
		for i := range f {
			f[i].freq = (f[i].freq + 1) / 2
		}
	}
}

// build makes the Huffman tree of the leaves, sorted by frequency, by the
// two-queue method, and sets their lengths; false if one is over maxBits.
func (h *huffScratch) build(f []leaf, maxBits int, lengths []uint8) bool {
	n := len(f)
	nodes := 2*n - 1
	h.freq = slices.Grow(h.freq[:0], nodes)[:nodes]
	h.parent = slices.Grow(h.parent[:0], nodes)[:nodes]
	h.depth = slices.Grow(h.depth[:0], nodes)[:nodes]
	for i, l := range f {
		h.freq[i] = int64(l.freq)
	}
	li, ii := 0, n // the next leaf, the next internal node
	pick := func(k int) int {
		if li < n && (ii >= k || h.freq[li] <= h.freq[ii]) {
			li++
			return li - 1
		}
		ii++
		return ii - 1
	}
	for k := n; k < nodes; k++ {
		a := pick(k)
		b := pick(k)
		h.freq[k] = h.freq[a] + h.freq[b]
		h.parent[a], h.parent[b] = int32(k), int32(k)
	}
	h.depth[nodes-1] = 0
	for k := nodes - 2; k >= 0; k-- {
		h.depth[k] = h.depth[h.parent[k]] + 1
	}
	for i, l := range f {
		if int(h.depth[i]) > maxBits {
			return false
		}
		lengths[l.sym] = uint8(h.depth[i])
	}
	return true
}
