package pdf

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/diagram"
	"postald/internal/golden"
	"postald/internal/rules"
)

var created = time.Date(2026, 12, 1, 15, 4, 5, 0, time.FixedZone("MSK", 3*3600))

// diagramPNG is a board diagram as postald draws it for a letter: a Russian
// draughts position after a capture of two men.
func diagramPNG(t testing.TB) []byte {
	t.Helper()
	v, err := rules.VariantByID("russian")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(v, "W:Wc3,e1,a1,Kh2:Bd4,f6,b8,d8,Ka7,Kf2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := rules.ParseMove(&p, "c3:g7")
	if err != nil {
		t.Fatal(err)
	}
	b, err := diagram.PNG(p.Play(m), diagram.Options{Last: &m})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const ruLetter = `Здравствуйте, Пётр!
Ваш ход 1... f6-g5 получил.
Мой ход: 2. g3-h4
Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4
Даты: 03.11.2026 / 03.11.2026 / 05.11.2026
Время: 3/3
Иванов

— отметка postald, секретаря турнира —
Турнир СТ-2026/1, партия 1-2 (Иванов Иван – Петров Пётр).
Письмо указывает дату отправки 05.11.2026, отметка postald — 06.11.2026; действует отметка (4.3.1).
Позиция:
 8    b   b   b   b
 7  b   b   b   b
 6    b   b   .   b
 5  .   .   .   b
 4    .   w   .   w
 3  w   .   w   .
 2    w   w   w   w
 1  w   w   w   w
    a b c d e f g h
w белая шашка, W белая дамка, b чёрная шашка, B чёрная дамка, . пустое поле.

┌────┬──────────────┬───────┐
│ №  │ Игрок        │ Очки  │
├────┼──────────────┼───────┤
│ 1  │ Иванов Иван  │ 2½    │
│ 2  │ Петров Пётр  │ 1½    │
└────┴──────────────┴───────┘
`

var (
	sender  = []string{"Турнир СТ-2026/1 — postald", "а/я 12, Москва, 101000"}
	address = []string{"Петрову Петру Петровичу", "ул. Ленина, д. 1, кв. 2", "Санкт-Петербург", "190000", "Россия"}
)

// moveCard is a Russian letter with its picture: one page.
func moveCard(t testing.TB) Card {
	return Card{From: sender, To: address, Text: ruLetter, Picture: diagramPNG(t), Title: "СТ-2026/1, 1-2, ход 2"}
}

// longText is an English letter of n lines, a table among them.
func longText(n int) string {
	var b strings.Builder
	b.WriteString("Dear Peter,\n\nthe moves of game 1-2 so far, one a line, with the dates they were sent:\n")
	for i := 4; i < n-1; i++ {
		fmt.Fprintf(&b, "%3d. move g3-h4 h6-g5  | sent 2026-11-%02d | received 2026-11-%02d |\n", i-3, i%28+1, i%28+2)
	}
	b.WriteString("Yours, the secretary\n")
	return b.String()
}

// longCard's text takes two pages.
func longCard() Card {
	return Card{
		From:  []string{"Tournament CT-2026/1, postald", "P.O. Box 12, Moscow 101000"},
		To:    []string{"Peter Petrov", "1 Lenin street, apt 2", "St Petersburg 190000", "Russia"},
		Text:  longText(70),
		Title: "CT-2026/1, game 1-2, move 40",
	}
}

// strangeText has characters Go Mono lacks, control characters, a tab,
// invalid UTF-8 and a word longer than a line.
var strangeText = "日本語 and 🙂 are not in the font; x\u0301 has a combining accent.\n" +
	"a\tb\tc\x01d\xffe\r\n" +
	"Ω≈ç√∫ ¼ € № ‰ ♔\r" +
	strings.Repeat("long", 25) + " end\n"

func strangeCard() Card {
	return Card{From: []string{"postald"}, To: []string{"王 先生", "Tokyo"}, Text: strangeText, Title: "strange"}
}

// docs are the documents the tests write.
func docs(t testing.TB) map[string]Document {
	label := func(page, pages int) string { return fmt.Sprintf("page %d of %d", page, pages) }
	return map[string]Document{
		"move":  {Created: created, Cards: []Card{moveCard(t)}},
		"cards": {Title: "CT-2026/1: the cards of 1 December", Created: created.UTC(), Cards: []Card{longCard(), strangeCard()}, PageLabel: label},
	}
}

func write(t testing.TB, d Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestStructure(t *testing.T) {
	pages := map[string]int{"move": 1, "cards": 3}
	for name, d := range docs(t) {
		objs, err := parsePDF(write(t, d))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n, err := pageCount(objs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n != pages[name] {
			t.Errorf("%s: %d pages, want %d", name, n, pages[name])
		}
	}
}

func TestDeterministic(t *testing.T) {
	for name, d := range docs(t) {
		a, b := write(t, d), write(t, d)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two writes differ", name)
		}
	}
}

// TestConcurrent writes documents from several goroutines: the font is
// shared, and each write gives the same bytes.
func TestConcurrent(t *testing.T) {
	d := docs(t)["move"]
	want := write(t, d)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			var b bytes.Buffer
			if err := Write(&b, d); err != nil {
				t.Error(err)
			} else if !bytes.Equal(b.Bytes(), want) {
				t.Error("a concurrent write differs")
			}
		})
	}
	wg.Wait()
}

// dump is a PDF file as text, for the golden files: its length and digest,
// then its objects with their streams decompressed; the font file and the
// pictures' samples are given by length and digest.
func dump(t *testing.T, b []byte) string {
	t.Helper()
	objs, err := parsePDF(b)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "file: %d bytes, sha256 %x\n", len(b), sha256.Sum256(b))
	keys := make([]int, 0, len(objs))
	for k := range objs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		o := objs[k]
		fmt.Fprintf(&out, "\n%d 0 obj %s\n", k, o.dict)
		switch {
		case !o.isStm:
		case strings.Contains(o.dict, "/Length1") || strings.Contains(o.dict, "/Subtype /Image"):
			fmt.Fprintf(&out, "stream: %d bytes, sha256 %x\n", len(o.stream), sha256.Sum256(o.stream))
		case k == objCIDToGID:
			for i := 0; i < len(o.stream); i += 32 {
				fmt.Fprintf(&out, "%x\n", o.stream[i:min(i+32, len(o.stream))])
			}
		default:
			out.Write(o.stream)
		}
	}
	return out.String()
}

func TestGolden(t *testing.T) {
	for name, d := range docs(t) {
		got := dump(t, write(t, d))
		golden.Text(t, filepath.Join("testdata", name+".golden"), got)
	}
}

func TestTextLines(t *testing.T) {
	long := strings.Repeat("word ", 20) // 100 columns
	tests := []struct {
		in   string
		cols int
		want []string
	}{
		{"", 80, nil},
		{"\n\n", 80, nil},
		{"a\n\nb\n", 80, []string{"a", "", "b"}},
		{"a\r\nb\rc", 80, []string{"a", "b", "c"}},
		{"trailing   \n  indented", 80, []string{"trailing", "  indented"}},
		{"a\tb\n1234567\tc\n12345678\td", 80, []string{"a       b", "1234567 c", "12345678        d"}},
		{"bell\a \x00 \xff", 80, []string{"bell\uFFFD \uFFFD \uFFFD"}},
		{long, 80, []string{strings.TrimSpace(strings.Repeat("word ", 16)), "word word word word"}},
		{"abcd efgh", 4, []string{"abcd", "efgh"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"ab cdefghij", 4, []string{"ab", "cdef", "ghij"}},
		{"    abcdefgh", 4, []string{"    ", "abcd", "efgh"}},
		{"ab     cd", 4, []string{"ab", "cd"}},
		{"Вариант А: если", 10, []string{"Вариант А:", "если"}},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range textLines(tt.in, tt.cols) {
			got = append(got, string(l))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("textLines(%q, %d) (-want +got):\n%s", tt.in, tt.cols, diff)
		}
	}
}

// lines is a text of n numbered lines.
func lines(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d\n", i+1)
	}
	return b.String()
}

// TestPages checks how a card's text and picture are set out on pages: 41
// lines on the first page, 60 on each further one; the picture beside the
// address block, or under the text when a long sender block leaves it too
// little room there.
func TestPages(t *testing.T) {
	fnt, err := theFont()
	if err != nil {
		t.Fatal(err)
	}
	pic, err := decodePicture(diagramPNG(t))
	if err != nil {
		t.Fatal(err)
	}
	images := []*picture{pic}
	tall := make([]string, MaxBlockLines) // the longest sender block
	for i := range tall {
		tall[i] = fmt.Sprint("sender line ", i+1)
	}
	label := func(page, pages int) string { return fmt.Sprintf("%d of %d", page, pages) }
	type placed struct {
		Page          int
		Left, Top     float64 // mm from the page's top left corner
		Width, Height float64 // mm
	}
	tests := []struct {
		name  string
		card  Card
		pic   int
		lines []int // lines of text on each page
		image *placed
	}{
		{"empty", Card{}, -1, []int{0}, nil},
		{"41 lines", Card{Text: lines(41)}, -1, []int{41}, nil},
		{"42 lines", Card{Text: lines(42)}, -1, []int{41, 1}, nil},
		{"101 lines", Card{Text: lines(101)}, -1, []int{41, 60}, nil},
		{"102 lines", Card{Text: lines(102)}, -1, []int{41, 60, 1}, nil},
		{"picture", Card{From: sender, Text: lines(41)}, 0, []int{41}, &placed{0, 25, 26.76, 75, 67.88}},
		{"picture, no sender", Card{Text: lines(41)}, 0, []int{41}, &placed{0, 25, 15, 75, 67.88}},
		{"picture under the text", Card{From: tall, Text: lines(10)}, 0, []int{10}, &placed{0, 69.67, 145.63, 80, 72.4}},
		{"picture on a page of its own", Card{From: tall, Text: lines(41)}, 0, []int{41, 0}, &placed{1, 69.67, 22, 80, 72.4}},
		{"picture under the text of page 2", Card{From: tall, Text: lines(50)}, 0, []int{41, 9}, &placed{1, 69.67, 63.39, 80, 72.4}},
	}
	round := func(v float64) float64 { return float64(int(v/mm*100+0.5)) / 100 }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages, err := layoutCard(&tt.card, tt.pic, images, label, newGlyphs(fnt))
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			var image *placed
			blocks := len(blockLines(tt.card.From, SenderColumns)) + len(blockLines(tt.card.To, AddressColumns))
			for k, p := range pages {
				n := len(p.runs)
				if k == 0 {
					n -= blocks
				}
				if len(pages) > 1 {
					n-- // the label or the header
				}
				got = append(got, n)
				if p.image >= 0 {
					if image != nil {
						t.Errorf("the picture is on pages %d and %d", image.Page+1, k+1)
					}
					image = &placed{k, round(p.imgX), round(pageHeight - p.imgY - p.imgH), round(p.imgW), round(p.imgH)}
				}
			}
			if diff := cmp.Diff(tt.lines, got); diff != "" {
				t.Errorf("lines a page (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.image, image); diff != "" {
				t.Errorf("the picture (-want +got):\n%s", diff)
			}
			for k, p := range pages {
				for _, r := range p.runs {
					top := pageHeight - r.y - r.size
					if r.y < 10*mm || top < 10*mm || r.x < leftMargin || r.x+float64(len(r.cids))*r.size*0.6 > textRight+0.1 {
						t.Errorf("page %d: a line of %d characters at (%.1f, %.1f) mm runs off the page's area", k+1, len(r.cids), r.x/mm, top/mm)
					}
				}
				if p.image >= 0 && (p.imgY < bottomMargin-0.01 || p.imgX < leftMargin || p.imgX+p.imgW > textRight) {
					t.Errorf("page %d: the picture runs off the page's area", k+1)
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	good := longCard()
	bad := good
	bad.Picture = []byte("GIF89a, not a PNG")
	var b bytes.Buffer
	err := Write(&b, Document{Cards: []Card{good, bad}})
	var fe png.FormatError
	if err == nil || !strings.Contains(err.Error(), "Cards[1]") || !strings.Contains(err.Error(), good.Title) || !errors.As(err, &fe) {
		t.Errorf("a card with a GIF for a picture: %v, want an error naming Cards[1] and wrapping a png.FormatError", err)
	}
	if b.Len() != 0 {
		t.Errorf("%d bytes written before the error", b.Len())
	}

	huge := bytes.Clone(diagramPNG(t))
	copy(huge[16:24], []byte{0, 0, 0x40, 0, 0, 0, 0x40, 0}) // 16384×16384 in the IHDR chunk
	binary.BigEndian.PutUint32(huge[29:33], crc32.ChecksumIEEE(huge[12:29]))
	bad.Picture = huge
	if err := Write(&b, Document{Cards: []Card{bad}}); err == nil || !strings.Contains(err.Error(), "Cards[0]") || !strings.Contains(err.Error(), "16384×16384") {
		t.Errorf("a picture of 16384×16384 pixels: %v, want an error naming Cards[0]", err)
	}

	if err := Write(&b, Document{}); !errors.Is(err, ErrNoCards) {
		t.Errorf("no cards: %v, want ErrNoCards", err)
	}

	long := good
	long.To = append(slices.Clone(good.To), strings.Repeat("a long line ", 30))
	if err := Write(&b, Document{Cards: []Card{good, long}}); err == nil || !strings.Contains(err.Error(), "Cards[1]") || !strings.Contains(err.Error(), "address block") {
		t.Errorf("an address block of 13 lines: %v, want an error naming Cards[1]", err)
	}
	long = good
	long.From = strings.Split(lines(11), "\n")
	if err := Write(&b, Document{Cards: []Card{long}}); err == nil || !strings.Contains(err.Error(), "sender block") {
		t.Errorf("a sender block of 11 lines: %v, want an error", err)
	}

	werr := errors.New("disk full")
	if err := Write(failingWriter{werr}, Document{Cards: []Card{good}}); !errors.Is(err, werr) {
		t.Errorf("a failing writer: %v, want its error", err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestInfo checks the information dictionary: the title (the document's,
// else a single card's) as UTF-16, and the creation date with its zone.
func TestInfo(t *testing.T) {
	tests := []struct {
		d    Document
		want string
	}{
		{Document{Cards: []Card{{Title: "Ж"}}}, "<< /Producer (postald) /Title <FEFF0416> >>"},
		{Document{Title: "A🙂", Cards: []Card{{Title: "Ж"}}, Created: created}, "<< /Producer (postald) /Title <FEFF0041D83DDE42> /CreationDate (D:20261201150405+03'00') >>"},
		{Document{Cards: []Card{{Title: "Ж"}, {Title: "Б"}}, Created: created.UTC()}, "<< /Producer (postald) /CreationDate (D:20261201120405Z) >>"},
		{Document{Cards: []Card{{}}, Created: created.In(time.FixedZone("", -(3*3600 + 30*60)))}, "<< /Producer (postald) /CreationDate (D:20261201083405-03'30') >>"},
	}
	for _, tt := range tests {
		objs, err := parsePDF(write(t, tt.d))
		if err != nil {
			t.Fatal(err)
		}
		if got := objs[objInfo].dict; got != tt.want {
			t.Errorf("info %s, want %s", got, tt.want)
		}
	}
}

// TestPictures checks the colour spaces of the pictures: indexed for a
// paletted PNG (its transparent colours over white), grey for a grey one,
// RGB for others; and that a picture used twice is embedded once.
func TestPictures(t *testing.T) {
	encode := func(m image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	pal := image.NewPaletted(image.Rect(0, 0, 3, 2), color.Palette{color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 0, 0}, color.NRGBA{0, 0, 255, 128}})
	pal.Pix = []uint8{0, 1, 2, 2, 1, 0}
	gray := image.NewGray(image.Rect(0, 0, 2, 1))
	gray.Pix = []uint8{0, 200}
	rgba := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	rgba.Pix = []uint8{10, 20, 30, 255, 0, 0, 0, 0}
	tests := []struct {
		img     image.Image
		space   string
		samples []byte
	}{
		{pal, "[/Indexed /DeviceRGB 2 <ff0000ffffff7f7fff>]", []byte{0, 1, 2, 2, 1, 0}},
		{gray, "/DeviceGray", []byte{0, 200}},
		{rgba, "/DeviceRGB", []byte{10, 20, 30, 255, 255, 255}},
	}
	for _, tt := range tests {
		b := encode(tt.img)
		objs, err := parsePDF(write(t, Document{Cards: []Card{{Picture: b}, {Picture: b}}}))
		if err != nil {
			t.Fatal(err)
		}
		var images []object
		for _, o := range objs {
			if strings.Contains(o.dict, "/Subtype /Image") {
				images = append(images, o)
			}
		}
		if len(images) != 1 {
			t.Fatalf("%T: %d images, want 1", tt.img, len(images))
		}
		r := tt.img.Bounds()
		want := fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Length ", r.Dx(), r.Dy(), tt.space)
		if !strings.HasPrefix(images[0].dict, want) {
			t.Errorf("%T: %s, want %s…", tt.img, images[0].dict, want)
		}
		if !bytes.Equal(images[0].stream, tt.samples) {
			t.Errorf("%T: samples %v, want %v", tt.img, images[0].stream, tt.samples)
		}
	}
}

// TestHeaders checks the continuation pages' header and the first page's
// label, as pdftotext would read them: a title and labels with line breaks
// and tabs are made one line.
func TestHeaders(t *testing.T) {
	fnt, err := theFont()
	if err != nil {
		t.Fatal(err)
	}
	g := newGlyphs(fnt)
	c := Card{Title: "ЗК-1,\n1-2,\tход 12 ", Text: lines(42)}
	label := func(page, pages int) string { return fmt.Sprintf("\nстр. %d из %d\n", page, pages) }
	pages, err := layoutCard(&c, -1, nil, label, g)
	if err != nil {
		t.Fatal(err)
	}
	text := func(r run) string {
		var b strings.Builder
		for _, c := range r.cids {
			b.WriteRune(g.runes[c-1])
		}
		return b.String()
	}
	var got []string
	for _, p := range pages {
		for _, r := range p.runs {
			if r.size == headerSize {
				got = append(got, text(r))
			}
		}
	}
	want := []string{"стр. 1 из 2", "ЗК-1, 1-2, ход 12, стр. 2 из 2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("headers (-want +got):\n%s", diff)
	}

	c.Title = strings.Repeat("Заголовок ", 20)
	pages, err = layoutCard(&c, -1, nil, label, g)
	if err != nil {
		t.Fatal(err)
	}
	h := text(pages[1].runs[0])
	if n := len([]rune(h)); n != headerColumns || !strings.HasSuffix(h, "…") {
		t.Errorf("a long title's header: %d characters %q, want %d ending with …", n, h, headerColumns)
	}
}

// TestManyCharacters writes a document of more distinct characters than a
// two-byte code can number, the fallback not among them: the excess is
// printed as the fallback, which takes the last CID, and the file is well
// formed.
func TestManyCharacters(t *testing.T) {
	var b strings.Builder
	n := 0
	for r := rune(0x10000); n < maxCID+1000; r++ {
		b.WriteRune(r)
		if n++; n%TextColumns == 0 {
			b.WriteByte('\n')
		}
	}
	out := write(t, Document{Cards: []Card{{Text: b.String()}}})
	objs, err := parsePDF(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(objs[objCIDFont].dict, fmt.Sprintf("/W [1 %d ", maxCID)) {
		t.Errorf("the CID font: %.300s…, want %d CIDs", objs[objCIDFont].dict, maxCID)
	}
	if m := objs[objToUnicode].stream; !bytes.Contains(m, []byte("<FFFF> <FFFD>\n")) {
		t.Errorf("the ToUnicode map does not map CID FFFF to U+FFFD")
	}
	if _, err := pageCount(objs); err != nil {
		t.Error(err)
	}
}

// TestBlockProblems: what AddressProblem and SenderProblem refuse is what Write cannot print,
// and what they accept it prints.
func TestBlockProblems(t *testing.T) {
	long := strings.Repeat("Очень длинная улица имени кого-то, ", 12) // about 400 characters
	for _, tc := range []struct {
		name  string
		lines []string
		ok    bool
	}{
		{"an address of four lines", []string{"Белов Борис", "190000, Санкт-Петербург", "ул. Садовая, д. 1, кв. 2", "Россия"}, true},
		{"ten lines of 40", slices.Repeat([]string{strings.Repeat("x", AddressColumns)}, MaxBlockLines), true},
		{"eleven lines", slices.Repeat([]string{"x"}, MaxBlockLines+1), false},
		{"a 400-character line", []string{"Белов Борис", long}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, block := range []struct {
				problem func([]string) string
				card    func([]string) Card
			}{
				{AddressProblem, func(l []string) Card { return Card{From: []string{"Club"}, To: l, Text: "x"} }},
				{SenderProblem, func(l []string) Card { return Card{From: l, To: []string{"Boris"}, Text: "x"} }},
			} {
				p := block.problem(tc.lines)
				err := Write(io.Discard, Document{Cards: []Card{block.card(tc.lines)}})
				if (p == "") != tc.ok || (err == nil) != tc.ok {
					t.Errorf("problem %q, Write %v; want printable %v", p, err, tc.ok)
				}
			}
		})
	}
}
