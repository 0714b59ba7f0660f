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
	"unicode"

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

// longCard's text takes two pages; its address is an English player's, on one line.
func longCard() Card {
	return Card{
		From:  []string{"Tournament CT-2026/1, postald", "P.O. Box 12, Moscow 101000"},
		To:    []string{"Peter Smith", "Flat 2, 10 Downing Street, London SW1A 2AA, United Kingdom"},
		Text:  longText(70),
		Title: "CT-2026/1, game 1-2, move 40",
	}
}

// startText is a start letter as postald writes it to a player by post: paragraphs wrapped by
// hand, narrower than the page; a list whose items go on indented under their text; the
// captain's address quoted; the example of a move letter.
const startText = `Здравствуйте, Петров Пётр!

Вы участник заочного турнира ЗК-1 «Заочный кубок клуба»: русские
шашки, круговой турнир в один круг.
Ваш номер 2. Участников 3, у каждого 2 партии, все партии играются одновременно.

Правила вкратце
- Турнир начался 28 ноября 2026; вы получили это письмо позже, и для вас игра
  начинается 3 декабря 2026, на следующий день после его получения (4.3.2).
- Контроль времени: 50 дней на каждые 10 ходов, с нарастающим итогом (4.3.1).

Как отправить ход
Вы играете по почте (4.1.1, 4.2.1). Каждый ход пишите на открытке или в письме, одна
партия на открытке, турнирному секретарю:
    а/я 12
    Москва
    101000
Секретарь вводит его, postald проверит ход и перешлёт его партнёру. Дата отправки
вашего хода — по почтовому штемпелю; для заказной корреспонденции — дата на штемпеле
почтовой квитанции; на открытке без разборчивого штемпеля — указанная вами (4.3.1).

    Турнир ЗК-1, партия 1-2.
    Мой ход: 1. c3-d4

Желаем успеха!
Турнирный секретарь (postald). Судья турнира: judge@club.test
`

// startCard is the start letter of a Russian player by post, his address and the captain's
// written on one line each, his beginning with his name in the dative.
func startCard() Card {
	return Card{
		From:  []string{"Заочный кубок клуба (ЗК-1)", "101000, Москва, а/я 12"},
		To:    []string{"Петров Пётр", "Петрову Петру Петровичу, ул. Ленина, д. 1, кв. 2, г. Тверь, Тверская обл., 170000"},
		Text:  startText,
		Title: "ЗК-1: начало турнира",
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
	ru := func(page, pages int) string { return fmt.Sprintf("стр. %d из %d", page, pages) }
	return map[string]Document{
		"move":  {Created: created, Cards: []Card{moveCard(t)}},
		"cards": {Title: "CT-2026/1: the cards of 1 December", Created: created.UTC(), Cards: []Card{longCard(), strangeCard()}, PageLabel: label},
		"start": {Created: created, Cards: []Card{startCard()}, PageLabel: ru},
	}
}

// docPages are the documents' pages.
var docPages = map[string]int{"move": 1, "cards": 3, "start": 1}

func write(t testing.TB, d Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestStructure(t *testing.T) {
	for name, d := range docs(t) {
		objs, err := parsePDF(write(t, d))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n, err := pageCount(objs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n != docPages[name] {
			t.Errorf("%s: %d pages, want %d", name, n, docPages[name])
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

// TestConcurrent writes documents from several goroutines: the fonts are shared, and each
// write gives the same bytes.
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

// refTo is the object number after key in dict ("/CIDToGIDMap 12 0 R"), 0 for none.
func refTo(dict, key string) int {
	i := strings.Index(dict, key+" ")
	if i < 0 {
		return 0
	}
	var n int
	fmt.Sscanf(dict[i+len(key)+1:], "%d 0 R", &n)
	return n
}

// faceObjects are the objects of the face whose PostScript name ends with name: its Type0
// font, its CIDFont and its ToUnicode map.
func faceObjects(t *testing.T, objs map[int]object, name string) (font, cid, toUnicode object) {
	t.Helper()
	for _, o := range objs {
		if strings.HasPrefix(o.dict, "<< /Type /Font /Subtype /Type0 ") && strings.Contains(o.dict, "+"+name+" ") {
			var c int
			fmt.Sscanf(o.dict[strings.Index(o.dict, "/DescendantFonts [")+len("/DescendantFonts ["):], "%d 0 R", &c)
			return o, objs[c], objs[refTo(o.dict, "/ToUnicode")]
		}
	}
	t.Fatalf("no font %s", name)
	return
}

// dump is a PDF file as text, for the golden files: its length and digest, then its objects
// with their streams decompressed; the fonts' files and the pictures' samples are given by
// length and digest, the CIDToGIDMaps in hexadecimal.
func dump(t *testing.T, b []byte) string {
	t.Helper()
	objs, err := parsePDF(b)
	if err != nil {
		t.Fatal(err)
	}
	maps := map[int]bool{}
	for _, o := range objs {
		if n := refTo(o.dict, "/CIDToGIDMap"); n > 0 {
			maps[n] = true
		}
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
		case maps[k]:
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

// TestElements: how a letter's text is read into paragraphs and lines set in columns.
func TestElements(t *testing.T) {
	long := "Каждый ход пишите на открытке или в письме, одна" // 49 characters
	type el struct {
		Kind         elemKind
		Text         string
		Indent, Hang int
		Lines        []string
	}
	para := func(text string) el { return el{Kind: paraElem, Text: text} }
	blank := el{Kind: blankElem}
	for _, tc := range []struct {
		name string
		in   string
		want []el
	}{
		{"empty", "", nil},
		{"a line wrapped by hand goes on", long + "\nпартия на открытке.\nНовая строка.",
			[]el{para(long + " партия на открытке."), para("Новая строка.")}},
		{"three lines", long + "\nпартия на открытке, турнирному секретарю, и ещё длинный хвост\nсловами.",
			[]el{para(long + " партия на открытке, турнирному секретарю, и ещё длинный хвост словами.")}},
		{"a short line ends its paragraph", "Мой ход\nпредлагаю ничью.", []el{para("Мой ход"), para("предлагаю ничью.")}},
		{"a capital starts a paragraph", long + "\nПартия.", []el{para(long), para("Партия.")}},
		{"a parenthesis goes on", long + "\n(4.3.1).", []el{para(long + " (4.3.1).")}},
		{"a move starts a line", long + "\nc3-d4 f6-g5", []el{para(long), para("c3-d4 f6-g5")}},
		{"in English", "Write every move on a card or in a letter, one game a\ncard, to the captain.",
			[]el{para("Write every move on a card or in a letter, one game a card, to the captain.")}},
		{"a colon announces a quoted address", long + " секретарю:\n    а/я 12\n    Москва\nСекретарь вводит его.",
			[]el{para(long + " секретарю:"), {Kind: paraElem, Text: "а/я 12", Indent: 4}, {Kind: paraElem, Text: "Москва", Indent: 4}, para("Секретарь вводит его.")}},
		{"a list's items hang", "Правила\n- Турнир начался 28 ноября 2026; для вас игра начинается\n  3 декабря 2026 (4.3.2).\n- Контроль: 50 дней.\n  Второй абзац.",
			[]el{para("Правила"), {Kind: paraElem, Text: "- Турнир начался 28 ноября 2026; для вас игра начинается 3 декабря 2026 (4.3.2).", Hang: 2},
				{Kind: paraElem, Text: "- Контроль: 50 дней.", Hang: 2}, {Kind: paraElem, Text: "Второй абзац.", Indent: 2}}},
		{"a numbered item", "1. Первый пункт списка, который написан в две строки по\n   ширине.", []el{{Kind: paraElem, Text: "1. Первый пункт списка, который написан в две строки по ширине.", Hang: 3}}},
		{"an item's line not under its text", "- Первый пункт списка, который написан в две строки по\nширине.", []el{{Kind: paraElem, Text: "- Первый пункт списка, который написан в две строки по", Hang: 2}, para("ширине.")}},
		{"a text diagram", "Позиция:\n 8    b   b\n 7  b   b\n    a b c d\nw белая шашка",
			[]el{para("Позиция:"), {Kind: preElem, Lines: []string{" 8    b   b", " 7  b   b", "    a b c d"}}, para("w белая шашка")}},
		{"a table", "┌──┐\n│№ │\n└──┘", []el{{Kind: preElem, Lines: []string{"┌──┐", "│№ │", "└──┘"}}}},
		{"columns by two spaces", "  1. move g3-h4  | sent", []el{{Kind: preElem, Lines: []string{"  1. move g3-h4  | sent"}}}},
		{"blank lines", "\n\nА\n\n\nБ\n\n", []el{blank, para("А"), blank, para("Б")}},
		{"a tab sets columns", "a\tb\x01\xff", []el{{Kind: preElem, Lines: []string{"a       b\uFFFD\uFFFD"}}}},
		{"controls", "a\x01\xffb", []el{para("a\uFFFD\uFFFDb")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []el
			for _, e := range elements(tc.in) {
				g := el{Kind: e.kind, Text: string(e.text), Indent: e.indent, Hang: e.hang}
				for _, l := range e.lines {
					g.Lines = append(g.Lines, string(l))
				}
				got = append(got, g)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("elements(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func newSetter(t testing.TB) *setter {
	t.Helper()
	f, err := theFaces()
	if err != nil {
		t.Fatal(err)
	}
	return &setter{text: newGlyphs(f.text), mono: newGlyphs(f.mono)}
}

// TestWrap: a paragraph is wrapped once, greedily: no line is wider than the width, every line
// but the last would be with the next word, and the words are all there in their order;
// a word of one Cyrillic letter never ends a line, a dash never starts one.
func TestWrap(t *testing.T) {
	s := newSetter(t)
	texts := []string{
		startText,
		"в и с к у о а я " + strings.Repeat("слово в слово — и к делу, ", 20),
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 12),
		strings.Repeat("ы", 200) + " конец",
	}
	for _, text := range texts {
		para := []rune(strings.Join(strings.Fields(text), " "))
		for _, width := range []float64{120, 241, 480} {
			lines := s.wrap(para, textSize, width, false)
			var words []string
			for i, l := range lines {
				if w := s.text.measure(l, textSize); w > width+0.001 {
					t.Errorf("width %v: line %d %q is %v wide", width, i, string(l), w)
				}
				f := strings.Fields(string(l))
				if len(f) == 0 {
					t.Fatalf("width %v: line %d empty", width, i)
				}
				if last := []rune(f[len(f)-1]); len(last) == 1 && unicode.Is(unicode.Cyrillic, last[0]) && i < len(lines)-1 {
					t.Errorf("width %v: line %d %q ends with a word of one letter", width, i, string(l))
				}
				if f[0] == "—" {
					t.Errorf("width %v: line %d %q starts with a dash", width, i, string(l))
				}
				if i+1 < len(lines) && len(f) > 0 && !strings.HasPrefix(string(para), "ыыы") {
					nf := strings.Fields(string(lines[i+1]))
					next := nf[0]
					if len(nf) > 1 && nf[1] == "—" {
						next += " —" // a dash goes with the word before it
					}
					if ext := string(l) + " " + next; s.text.measure([]rune(ext), textSize) <= width && !oneLetterEnd(ext) {
						t.Errorf("width %v: line %d %q would take %q", width, i, string(l), next)
					}
				}
				words = append(words, f...)
			}
			if got := strings.Join(words, ""); got != strings.ReplaceAll(string(para), " ", "") {
				t.Errorf("width %v: the words differ:\n%s", width, got)
			}
		}
	}
	// An address's line breaks at a comma, where a paragraph's would at the last space.
	street := []rune("ул. Большая Морская, д. 15, корп. 2, кв. 123")
	width := s.text.measure([]rune("ул. Большая Морская, д. 15, корп. 2, кв."), addressSize) + 1
	for _, tc := range []struct {
		commas bool
		want   []string
	}{
		{true, []string{"ул. Большая Морская, д. 15, корп. 2,", "кв. 123"}},
		{false, []string{"ул. Большая Морская, д. 15, корп. 2, кв.", "123"}},
	} {
		if diff := cmp.Diff(tc.want, runesText(s.wrap(street, addressSize, width, tc.commas))); diff != "" {
			t.Errorf("an address's line, commas %v (-want +got):\n%s", tc.commas, diff)
		}
	}
}

// oneLetterEnd reports whether s ends with a word of one Cyrillic letter.
func oneLetterEnd(s string) bool {
	f := strings.Fields(s)
	last := []rune(f[len(f)-1])
	return len(last) == 1 && unicode.Is(unicode.Cyrillic, last[0])
}

func runesText(lines [][]rune) []string {
	var out []string
	for _, l := range lines {
		out = append(out, string(l))
	}
	return out
}

// lines is a text of n numbered lines, each a paragraph of its own.
func lines(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d\n", i+1)
	}
	return b.String()
}

// TestPages checks how a card's text and picture are set out on pages: 33 lines of paragraphs
// on the first page, 48 on each further one; the picture beside the text diagram, or beside
// the address block, or under the text when a long sender block leaves it too little room
// there.
func TestPages(t *testing.T) {
	s := newSetter(t)
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
	board := "Позиция:\n" + strings.Join(strings.Split(ruLetter, "\n")[12:21], "\n") + "\n"
	tests := []struct {
		name  string
		card  Card
		pic   int
		lines []int // lines of text on each page
		image *placed
	}{
		{"empty", Card{}, -1, []int{0}, nil},
		{"33 lines", Card{Text: lines(33)}, -1, []int{33}, nil},
		{"34 lines", Card{Text: lines(34)}, -1, []int{33, 1}, nil},
		{"81 lines", Card{Text: lines(81)}, -1, []int{33, 48}, nil},
		{"82 lines", Card{Text: lines(82)}, -1, []int{33, 48, 1}, nil},
		{"41 lines in columns", Card{Text: strings.Repeat(" 1  x\n", 41)}, -1, []int{41}, nil},
		{"42 lines in columns", Card{Text: strings.Repeat(" 1  x\n", 42)}, -1, []int{41, 1}, nil},
		{"picture beside the text diagram", Card{From: sender, Text: "Ход.\n" + board}, 0, []int{11}, &placed{0, 75.22, 110.58, 80, 72.4}},
		{"picture beside the address block", Card{From: sender, Text: lines(33)}, 0, []int{33}, &placed{0, 25, 35.93, 66.37, 60.07}},
		{"picture, no sender", Card{Text: lines(33)}, 0, []int{33}, &placed{0, 25, 15, 75, 67.88}},
		{"picture under the text", Card{From: tall, Text: lines(10)}, 0, []int{10}, &placed{0, 69.67, 156.92, 80, 72.4}},
		{"picture on a page of its own", Card{From: tall, Text: lines(33)}, 0, []int{33, 0}, &placed{1, 69.67, 22, 80, 72.4}},
		{"picture under the text of page 2", Card{From: tall, Text: lines(40)}, 0, []int{33, 7}, &placed{1, 69.67, 63.04, 80, 72.4}},
	}
	round := func(v float64) float64 { return float64(int(v/mm*100+0.5)) / 100 }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages, err := layoutCard(&tt.card, tt.pic, images, label, s)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			var image *placed
			blocks := len(s.block(tt.card.From, senderSize, senderWidth)) + len(s.block(tt.card.To, addressSize, addressWidth))
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
					g := s.text
					if r.mono {
						g = s.mono
					}
					w := 0.0
					for _, c := range r.cids {
						w += g.width(g.runes[c-1], r.size)
					}
					if r.y < 10*mm || top < 10*mm || r.x < leftMargin || r.x+w > textRight+0.1 {
						t.Errorf("page %d: a line of %d characters at (%.1f, %.1f) mm runs off the page's area", k+1, len(r.cids), r.x/mm, top/mm)
					}
				}
				if p.image >= 0 && (p.imgY < bottomMargin-0.01 || p.imgX < leftMargin || p.imgX+p.imgW > textRight) {
					t.Errorf("page %d: the picture runs off the page's area", k+1)
				}
				// The picture beside the text diagram covers none of its lines.
				if p.image >= 0 {
					for _, r := range p.runs {
						top := pageHeight - r.y - r.size
						if r.y >= p.imgY && r.y <= p.imgY+p.imgH && r.x+float64(len(r.cids))*r.size*0.6 > p.imgX && top > 95*mm {
							t.Errorf("page %d: a line at (%.1f, %.1f) mm runs under the picture", k+1, r.x/mm, top/mm)
						}
					}
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
	long.To = append(slices.Clone(good.To), strings.Repeat("a long line ", 40))
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

// TestInfo checks the information dictionary: the title (the document's, else a single
// card's) as UTF-16, and the creation date with its zone.
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

// TestPictures checks the colour spaces of the pictures: indexed for a paletted PNG (its
// transparent colours over white), grey for a grey one, RGB for others; and that a picture
// used twice is embedded once.
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

// TestHeaders checks the continuation pages' header and the first page's label, as pdftotext
// would read them: a title and labels with line breaks and tabs are made one line, and a title
// too long for the line ends with an ellipsis.
func TestHeaders(t *testing.T) {
	s := newSetter(t)
	c := Card{Title: "ЗК-1,\n1-2,\tход 12 ", Text: lines(34)}
	label := func(page, pages int) string { return fmt.Sprintf("\nстр. %d из %d\n", page, pages) }
	pages, err := layoutCard(&c, -1, nil, label, s)
	if err != nil {
		t.Fatal(err)
	}
	text := func(r run) string {
		var b strings.Builder
		for _, c := range r.cids {
			b.WriteRune(s.text.runes[c-1])
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
	pages, err = layoutCard(&c, -1, nil, label, s)
	if err != nil {
		t.Fatal(err)
	}
	h := text(pages[1].runs[len(pages[1].runs)-1])
	if w := s.text.measure([]rune(h), headerSize); w > textWidth || w < textWidth-20 || !strings.HasSuffix(h, "…") {
		t.Errorf("a long title's header: %q, %v points wide, want the text's width ending with …", h, w)
	}
}

// TestManyCharacters writes a document of more distinct characters than a two-byte code can
// number, the fallback not among them: the excess is printed as the fallback, which takes the
// last CID, and the file is well formed.
func TestManyCharacters(t *testing.T) {
	var b strings.Builder
	n := 0
	for r := rune(0x10000); n < maxCID+1000; r++ {
		b.WriteRune(r)
		if n++; n%40 == 0 {
			b.WriteByte('\n')
		}
	}
	out := write(t, Document{Cards: []Card{{Text: b.String()}}})
	objs, err := parsePDF(out)
	if err != nil {
		t.Fatal(err)
	}
	_, cid, toUnicode := faceObjects(t, objs, "GoRegular")
	if !strings.Contains(cid.dict, fmt.Sprintf(" %d [", maxCID-maxCID%100+1)) || strings.Contains(cid.dict, fmt.Sprintf(" %d [", maxCID+1)) {
		t.Errorf("the CID font: …%.300s, want %d CIDs", cid.dict[max(0, len(cid.dict)-300):], maxCID)
	}
	if !bytes.Contains(toUnicode.stream, []byte("<FFFF> <FFFD>\n")) {
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
		{"an address of four lines", []string{"Белов Борис", "190000, Санкт-Петербург, ул. Садовая, д. 1, кв. 2, Россия"}, true},
		{"ten lines", slices.Repeat([]string{"ул. Садовая, д. 1"}, MaxBlockLines), true},
		{"eleven lines", strings.Split(strings.TrimSpace(lines(MaxBlockLines+1)), "\n"), false},
		{"a 400-character line", []string{"Белов Борис", long}, false},
		{"the name once", append([]string{"Белов Борис", "Белов Борис"}, slices.Repeat([]string{"ул. Садовая, д. 1"}, MaxBlockLines-1)...), true},
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
