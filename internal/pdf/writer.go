package pdf

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// document is a document laid out, ready to be written.
type document struct {
	set    *setter
	images []*picture
	pages  []page
}

// The objects every document has, by number; then each face's six objects (the faces used
// only: the text's, then the columns'), the pictures, and two objects a page (the page and its
// content stream).
const (
	objCatalog = 1 + iota
	objPages
	objInfo
	objFirstFont
)

// fontObjects is the number of objects a face takes: the Type0 font, its CIDFont, its
// descriptor, the font file, the ToUnicode map and the CIDToGIDMap.
const fontObjects = 6

// resource names a face in the pages' resources.
func resource(mono bool) string {
	if mono {
		return "/F2"
	}
	return "/F1"
}

// writer writes the objects of a PDF file into buf, noting where each
// starts for the cross-reference table.
type writer struct {
	buf     *bytes.Buffer
	offsets []int // offsets[n] is where object n starts; offsets[0] is unused
	z       bytes.Buffer
	zw      *zlib.Writer
}

func (d *document) write(buf *bytes.Buffer, title string, created time.Time) error {
	var used []*glyphs
	for _, g := range []*glyphs{d.set.text, d.set.mono} {
		if len(g.runes) > 0 {
			used = append(used, g)
		}
	}
	objImage := objFirstFont + fontObjects*len(used)
	objPage := func(i int) int { return objImage + len(d.images) + 2*i }
	w := &writer{buf: buf, offsets: make([]int, objPage(len(d.pages)))}
	var err error
	if w.zw, err = zlib.NewWriterLevel(&w.z, zlib.DefaultCompression); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	// The header's second line, bytes above 127, tells programs the file is binary.
	buf.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")

	w.object(objCatalog, "<< /Type /Catalog /Pages %d 0 R >>", objPages)

	w.begin(objPages)
	buf.WriteString("<< /Type /Pages /Kids [")
	for i := range d.pages {
		if i > 0 {
			buf.WriteByte(' ')
		}
		fmt.Fprintf(buf, "%d 0 R", objPage(i))
	}
	fmt.Fprintf(buf, "] /Count %d /MediaBox [0 0 %s %s] >>\n", len(d.pages), num(pageWidth), num(pageHeight))
	w.end()

	w.begin(objInfo)
	buf.WriteString("<< /Producer (postald)")
	if title != "" {
		buf.WriteString(" /Title ")
		textString(buf, title)
	}
	if !created.IsZero() {
		fmt.Fprintf(buf, " /CreationDate (%s)", date(created))
	}
	buf.WriteString(" >>\n")
	w.end()

	var fonts strings.Builder
	for i, g := range used {
		first := objFirstFont + fontObjects*i
		if err := writeFont(w, g, first); err != nil {
			return err
		}
		fmt.Fprintf(&fonts, " %s %d 0 R", resource(g.face.mono), first)
	}

	for i, im := range d.images {
		var cs string
		switch {
		case im.gray:
			cs = "/DeviceGray"
		case im.palette != nil:
			cs = fmt.Sprintf("[/Indexed /DeviceRGB %d <%x>]", len(im.palette)/3-1, im.palette)
		default:
			cs = "/DeviceRGB"
		}
		w.stream(objImage+i, fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8",
			im.width, im.height, cs), im.samples)
	}

	var content bytes.Buffer
	for i, p := range d.pages {
		w.begin(objPage(i))
		fmt.Fprintf(buf, "<< /Type /Page /Parent %d 0 R /Resources <<", objPages)
		if fonts.Len() > 0 {
			fmt.Fprintf(buf, " /Font <<%s >>", fonts.String())
		}
		if p.image >= 0 {
			fmt.Fprintf(buf, " /XObject << /Im%d %d 0 R >>", p.image, objImage+p.image)
		}
		fmt.Fprintf(buf, " >> /Contents %d 0 R >>\n", objPage(i)+1)
		w.end()

		content.Reset()
		p.content(&content)
		w.stream(objPage(i)+1, "", content.Bytes())
	}

	xref := buf.Len()
	fmt.Fprintf(buf, "xref\n0 %d\n0000000000 65535 f \n", len(w.offsets))
	for _, off := range w.offsets[1:] {
		fmt.Fprintf(buf, "%010d 00000 n \n", off)
	}
	// The file's identifier is a digest of its objects: the same document
	// has the same one.
	id := sha256.Sum256(buf.Bytes())
	fmt.Fprintf(buf, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%x> <%x>] >>\nstartxref\n%d\n%%%%EOF\n",
		len(w.offsets), objCatalog, objInfo, id[:16], id[:16], xref)
	return nil
}

// writeFont writes a face's six objects from object number first: a Type0 font over a
// CIDFontType2 font with the TrueType file embedded, subset to the glyphs the document uses,
// its CIDs mapped to the font's glyphs by a CIDToGIDMap and to Unicode by a ToUnicode CMap.
func writeFont(w *writer, g *glyphs, first int) error {
	f := g.face
	objCID, objDescriptor, objFile, objToUnicode, objCIDToGID := first+1, first+2, first+3, first+4, first+5
	ttf, err := subset(f.ttf, g.gids)
	if err != nil {
		return fmt.Errorf("pdf: subsetting the embedded font %s: %w", f.name, err)
	}
	name := subsetTag(g.gids) + "+" + psName(f.name)
	w.object(first, "<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>",
		name, objCID, objToUnicode)
	var widths strings.Builder
	dw := f.advance[f.fallback]
	if f.mono {
		fmt.Fprintf(&widths, "1 %d %s", len(g.runes), num(dw))
	} else {
		// Every CID's width, in runs of at most 100.
		for i := 0; i < len(g.gids); i += 100 {
			if i > 0 {
				widths.WriteByte(' ')
			}
			fmt.Fprintf(&widths, "%d [", i+1)
			for j := i; j < min(i+100, len(g.gids)); j++ {
				if j > i {
					widths.WriteByte(' ')
				}
				widths.WriteString(num(f.advance[g.gids[j]]))
			}
			widths.WriteByte(']')
		}
	}
	w.object(objCID, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /DW %s /W [%s] /CIDToGIDMap %d 0 R >>",
		name, objDescriptor, num(dw), widths.String(), objCIDToGID)
	// Flags: FixedPitch (1) for the monospaced face, Nonsymbolic (32).
	flags := 32
	if f.mono {
		flags |= 1
	}
	w.object(objDescriptor, "<< /Type /FontDescriptor /FontName /%s /Flags %d /FontBBox [%s %s %s %s] /ItalicAngle 0 /Ascent %s /Descent %s /CapHeight %s /StemV 80 /FontFile2 %d 0 R >>",
		name, flags, num(f.bbox[0]), num(f.bbox[1]), num(f.bbox[2]), num(f.bbox[3]), num(f.ascent), num(f.descent), num(f.capHeight), objFile)

	w.stream(objFile, fmt.Sprintf("/Length1 %d", len(ttf)), ttf)

	var cmap bytes.Buffer
	cmap.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	for i := 0; i < len(g.runes); i += 100 { // at most 100 mappings a section
		n := min(100, len(g.runes)-i)
		fmt.Fprintf(&cmap, "%d beginbfchar\n", n)
		for j := i; j < i+n; j++ {
			fmt.Fprintf(&cmap, "<%04X> <", j+1)
			for _, u := range utf16.Encode([]rune{g.runes[j]}) {
				fmt.Fprintf(&cmap, "%04X", u)
			}
			cmap.WriteString(">\n")
		}
		cmap.WriteString("endbfchar\n")
	}
	cmap.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	w.stream(objToUnicode, "", cmap.Bytes())

	gids := make([]byte, 2*(len(g.gids)+1)) // CID 0 is glyph 0
	for i, gid := range g.gids {
		gids[2*i+2], gids[2*i+3] = byte(gid>>8), byte(gid)
	}
	w.stream(objCIDToGID, "", gids)
	return nil
}

// content writes the page's content stream: its text, then its picture.
func (p *page) content(b *bytes.Buffer) {
	if len(p.runs) > 0 {
		b.WriteString("BT\n")
		size, mono := 0.0, false
		for _, r := range p.runs {
			if r.size != size || r.mono != mono {
				fmt.Fprintf(b, "%s %s Tf\n", resource(r.mono), num(r.size))
				size, mono = r.size, r.mono
			}
			fmt.Fprintf(b, "1 0 0 1 %s %s Tm\n<", num(r.x), num(r.y))
			for _, c := range r.cids {
				b.WriteByte(hexDigits[c>>12])
				b.WriteByte(hexDigits[c>>8&15])
				b.WriteByte(hexDigits[c>>4&15])
				b.WriteByte(hexDigits[c&15])
			}
			b.WriteString("> Tj\n")
		}
		b.WriteString("ET\n")
	}
	if p.image >= 0 {
		fmt.Fprintf(b, "q %s 0 0 %s %s %s cm /Im%d Do Q\n", num(p.imgW), num(p.imgH), num(p.imgX), num(p.imgY), p.image)
	}
}

const hexDigits = "0123456789ABCDEF"

// begin starts object n.
func (w *writer) begin(n int) {
	w.offsets[n] = w.buf.Len()
	fmt.Fprintf(w.buf, "%d 0 obj\n", n)
}

func (w *writer) end() { w.buf.WriteString("endobj\n") }

// object writes object n, a dictionary.
func (w *writer) object(n int, format string, args ...any) {
	w.begin(n)
	fmt.Fprintf(w.buf, format, args...)
	w.buf.WriteByte('\n')
	w.end()
}

// stream writes object n, a stream of data compressed with Flate; dict
// holds the stream dictionary's entries besides its length and filter.
func (w *writer) stream(n int, dict string, data []byte) {
	w.z.Reset()
	w.zw.Reset(&w.z)
	w.zw.Write(data) // writes to a bytes.Buffer do not fail
	w.zw.Close()
	w.begin(n)
	if dict != "" {
		dict += " "
	}
	fmt.Fprintf(w.buf, "<< %s/Length %d /Filter /FlateDecode >>\nstream\n", dict, w.z.Len())
	w.buf.Write(w.z.Bytes())
	w.buf.WriteString("\nendstream\n")
	w.end()
}

// num formats a length in points with at most three decimals.
func num(f float64) string {
	s := strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(f, 'f', 3, 64), "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// textString writes s as a PDF text string: UTF-16BE with a byte order
// mark, in hexadecimal.
func textString(b *bytes.Buffer, s string) {
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(b, "%04X", u)
	}
	b.WriteByte('>')
}

// date formats t as a PDF date: D:YYYYMMDDHHmmSS and the offset from UTC.
func date(t time.Time) string {
	s := fmt.Sprintf("D:%04d%02d%02d%02d%02d%02d", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second())
	_, off := t.Zone()
	if off == 0 {
		return s + "Z"
	}
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("%s%c%02d'%02d'", s, sign, off/3600, off/60%60)
}

// psName is name with the characters a PDF name may not hold unescaped, or
// a PostScript font name should not, dropped.
func psName(name string) string {
	b := []byte(nil)
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' {
			b = append(b, c)
		}
	}
	if len(b) == 0 {
		return "GoFont"
	}
	return string(b)
}
