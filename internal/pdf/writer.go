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
	font   *monoFont
	glyphs *glyphs
	images []*picture
	pages  []page
}

// The objects every document has, by number; the pictures follow, then two
// objects a page (the page and its content stream).
const (
	objCatalog = 1 + iota
	objPages
	objInfo
	objFont
	objCIDFont
	objDescriptor
	objFontFile
	objToUnicode
	objCIDToGID
	objFirstImage
)

// writer writes the objects of a PDF file into buf, noting where each
// starts for the cross-reference table.
type writer struct {
	buf     *bytes.Buffer
	offsets []int // offsets[n] is where object n starts; offsets[0] is unused
	z       bytes.Buffer
	zw      *zlib.Writer
}

func (d *document) write(buf *bytes.Buffer, title string, created time.Time) error {
	nImages := len(d.images)
	objPage := func(i int) int { return objFirstImage + nImages + 2*i }
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

	if err := d.writeFont(w); err != nil {
		return err
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
		w.stream(objFirstImage+i, fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8",
			im.width, im.height, cs), im.samples)
	}

	var content bytes.Buffer
	for i, p := range d.pages {
		w.begin(objPage(i))
		fmt.Fprintf(buf, "<< /Type /Page /Parent %d 0 R /Resources << /Font << /F1 %d 0 R >>", objPages, objFont)
		if p.image >= 0 {
			fmt.Fprintf(buf, " /XObject << /Im%d %d 0 R >>", p.image, objFirstImage+p.image)
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

// writeFont writes the font's objects: a Type0 font over a CIDFontType2
// font with the TrueType file embedded, subset to the glyphs the document
// uses, its CIDs mapped to the font's glyphs by a CIDToGIDMap and to
// Unicode by a ToUnicode CMap.
func (d *document) writeFont(w *writer) error {
	f, g := d.font, d.glyphs
	ttf, err := subset(f.ttf, g.gids)
	if err != nil {
		return fmt.Errorf("pdf: subsetting the embedded font: %w", err)
	}
	name := subsetTag(g.gids) + "+" + psName(f.name)
	w.object(objFont, "<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>",
		name, objCIDFont, objToUnicode)
	wide := ""
	if n := len(g.runes); n > 0 {
		wide = fmt.Sprintf(" /W [1 %d %s]", n, num(f.advance))
	}
	w.object(objCIDFont, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /DW %s%s /CIDToGIDMap %d 0 R >>",
		name, objDescriptor, num(f.advance), wide, objCIDToGID)
	// Flags: FixedPitch (1) and Nonsymbolic (32).
	w.object(objDescriptor, "<< /Type /FontDescriptor /FontName /%s /Flags 33 /FontBBox [%s %s %s %s] /ItalicAngle 0 /Ascent %s /Descent %s /CapHeight %s /StemV 80 /FontFile2 %d 0 R >>",
		name, num(f.bbox[0]), num(f.bbox[1]), num(f.bbox[2]), num(f.bbox[3]), num(f.ascent), num(f.descent), num(f.capHeight), objFontFile)

	w.stream(objFontFile, fmt.Sprintf("/Length1 %d", len(ttf)), ttf)

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
		size := 0.0
		for _, r := range p.runs {
			if r.size != size {
				fmt.Fprintf(b, "/F1 %s Tf\n", num(r.size))
				size = r.size
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
		return "GoMono"
	}
	return string(b)
}
