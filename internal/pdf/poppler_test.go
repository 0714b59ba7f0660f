package pdf

import (
	"fmt"

	"github.com/google/go-cmp/cmp"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// poppler returns the path of one of poppler-utils' programs. Without it
// the test skips, unless MAILSTACK_REQUIRED=1 (the test script, which
// installs the package with scripts/mailstack/install.sh).
func poppler(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("MAILSTACK_REQUIRED") == "1" {
			t.Fatalf("%s is not installed (Debian's package poppler-utils; scripts/mailstack/install.sh installs it)", name)
		}
		t.Skipf("%s is not installed (Debian's package poppler-utils)", name)
	}
	return path
}

// writeFile writes d to a file of t's temporary directory.
func writeFile(t *testing.T, name string, d Document) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".pdf")
	if err := os.WriteFile(path, write(t, d), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readText runs pdftotext on the file at path with args, its text in UTF-8.
func readText(t *testing.T, bin, path string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, append(args, "-enc", "UTF-8", path, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// area is the text pdftotext reads in a box of a page, in mm from the page's top left corner:
// its lines, trimmed, blank lines left out.
func area(t *testing.T, bin, path string, page int, left, top, width, height float64) []string {
	t.Helper()
	pt := func(v float64) string { return fmt.Sprint(int(v * mm)) } // at 72 dpi a pixel is a point
	text := readText(t, bin, path, "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-r", "72",
		"-x", pt(left), "-y", pt(top), "-W", pt(width), "-H", pt(height), "-layout")
	var out []string
	for l := range strings.SplitSeq(strings.TrimSuffix(text, "\f"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestAddressBlocks reads back with pdftotext what the window of the envelope shows, and the
// sender block: the address line by line as the post wants it, for a Russian address and an
// English one, each written on one line in the start sheet, the Russian one beginning with the
// player's name in the dative.
func TestAddressBlocks(t *testing.T) {
	bin := poppler(t, "pdftotext")
	for _, tc := range []struct {
		name     string
		card     Card
		to, from []string
	}{
		{"Russian", startCard(),
			[]string{"Петрову Петру Петровичу", "ул. Ленина, д. 1, кв. 2", "г. Тверь", "Тверская обл.", "170000"},
			[]string{"Заочный кубок клуба (ЗК-1)", "а/я 12", "Москва", "101000"}},
		{"English", longCard(),
			[]string{"Peter Smith", "Flat 2, 10 Downing Street", "London SW1A 2AA", "UNITED KINGDOM"},
			[]string{"Tournament CT-2026/1, postald", "P.O. Box 12", "Moscow", "101000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, tc.name, Document{Cards: []Card{tc.card}})
			// The window of a C5 envelope: 90 × 45 mm, 20 mm from the right edge.
			window := area(t, bin, path, 1, 100, 40, 90, 55)
			if diff := cmp.Diff(tc.to, window); diff != "" {
				t.Errorf("the envelope's window (-want +got):\n%s", diff)
			}
			from := area(t, bin, path, 1, 20, 10, 80, 30)
			if diff := cmp.Diff(tc.from, from); diff != "" {
				t.Errorf("the sender block (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPdftotext reads every card's text back with pdftotext, from the text's area of each of its
// pages: every character of the letter is there, in order (the spaces aside, which the
// wrapping moves), the characters the fonts lack too; the lines of a text diagram come out
// exactly as written, their columns kept (pdftotext -fixed 6 places every character of Go Mono
// at 10 points by its position); and no paragraph is wrapped twice: a short line read back is
// a short line of the letter, or ends a paragraph.
func TestPdftotext(t *testing.T) {
	bin := poppler(t, "pdftotext")
	for name, d := range docs(t) {
		for i, c := range d.Cards {
			t.Run(fmt.Sprintf("%s/%d", name, i), func(t *testing.T) {
				path := writeFile(t, name, Document{Cards: []Card{c}, PageLabel: d.PageLabel})
				pages := strings.Count(readText(t, bin, path), "\f")
				var got []string
				for k := 1; k <= pages; k++ {
					top := firstTextTop/mm - 2
					if k > 1 {
						top = contTextTop/mm - 2
					}
					got = append(got, area(t, bin, path, k, 20, top, 185, 297-20+2-top)...)
				}
				var want strings.Builder
				for _, l := range rawLines(c.Text) {
					want.WriteString(string(l))
				}
				squeeze := func(s string) string { return strings.ReplaceAll(s, " ", "") }
				if g, w := squeeze(strings.Join(got, "")), squeeze(want.String()); g != w {
					t.Errorf("the text read back:\n%s\nwant the letter's characters:\n%s", strings.Join(got, "\n"), c.Text)
				}

				// Short lines.
				short := map[string]bool{}
				ends := map[string]bool{}
				for _, e := range elements(c.Text) {
					if f := strings.Fields(string(e.text)); len(f) > 0 {
						ends[f[len(f)-1]] = true
					}
				}
				for _, l := range rawLines(c.Text) {
					short[strings.Join(strings.Fields(string(l)), " ")] = true
				}
				for _, l := range got {
					f := strings.Fields(l)
					// A word longer than the line is cut: its pieces are no paragraph's end.
					if len(f) < 3 && !short[strings.Join(f, " ")] && !ends[f[len(f)-1]] && len([]rune(f[0])) < 40 {
						t.Errorf("the line %q read back is short, and neither a line of the letter nor a paragraph's end", l)
					}
				}

				// The text diagrams and tables, in columns.
				fixed := readText(t, bin, path, "-layout", "-fixed", "6")
				var rows []string
				for l := range strings.SplitSeq(fixed, "\n") {
					rows = append(rows, strings.TrimRight(l, " \f"))
				}
				for _, e := range elements(c.Text) {
					if e.kind != preElem || len(e.lines[0]) > monoColumns {
						continue
					}
					if !columnsIn(rows, e.lines) {
						t.Errorf("the lines in columns\n%s\nare not in pdftotext's text, their columns kept:\n%s", runesJoin(e.lines), fixed)
					}
				}
			})
		}
	}
	// The strange characters, spelled out, lest the comparison above hide them.
	out := readText(t, bin, writeFile(t, "strange", Document{Cards: []Card{strangeCard()}}), "-layout")
	for _, s := range []string{"日本語 and 🙂 are not in the font; x\u0301 has a combining accent.", "Ω≈ç√∫ ¼ € № ‰ ♔", "王 先生"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), s) {
			t.Errorf("pdftotext's text has no %q:\n%s", s, out)
		}
	}
}

func runesJoin(lines [][]rune) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(string(l) + "\n")
	}
	return b.String()
}

// columnsIn reports whether lines stand in rows one under the other, in order, each shifted by
// the same number of columns (the page's margin); other rows may come between them (a page's
// end and the next page's header).
func columnsIn(rows []string, lines [][]rune) bool {
	want := make([]string, len(lines))
	for i, l := range lines {
		want[i] = string(trimRight(l))
	}
	indent := indentation(want)
	shift, at := -1, 0
	for _, w := range want {
		w = w[indent:]
		found := false
		for ; at < len(rows) && !found; at++ {
			r := rows[at]
			k := strings.Index(r, w)
			if k < 0 || strings.TrimSpace(r[:k]) != "" || shift >= 0 && len([]rune(r[:k])) != shift {
				continue
			}
			shift, found = len([]rune(r[:k])), true
		}
		if !found {
			return false
		}
	}
	return true
}

// indentation is the fewest spaces any of lines starts with.
func indentation(lines []string) int {
	n := -1
	for _, l := range lines {
		if k := len(l) - len(strings.TrimLeft(l, " ")); n < 0 || k < n {
			n = k
		}
	}
	return max(n, 0)
}

var pageSize = regexp.MustCompile(`(?m)^Page +(\d+) size: +595\.276 x 841\.89 pts \(A4\)$`)

// TestPdfinfo checks the documents' page counts, page sizes and titles as
// pdfinfo reads them.
func TestPdfinfo(t *testing.T) {
	bin := poppler(t, "pdfinfo")
	tests := map[string]struct {
		pages int
		title string
	}{
		"move":  {docPages["move"], "СТ-2026/1, 1-2, ход 2"},
		"cards": {docPages["cards"], "CT-2026/1: the cards of 1 December"},
		"start": {docPages["start"], "ЗК-1: начало турнира"},
	}
	for name, d := range docs(t) {
		out, err := exec.Command(bin, "-f", "1", "-l", "99", writeFile(t, name, d)).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: pdfinfo: %v\n%s", name, err, out)
		}
		want := tests[name]
		if !strings.Contains(string(out), fmt.Sprintf("\nPages:           %d\n", want.pages)) {
			t.Errorf("%s: pdfinfo, want %d pages:\n%s", name, want.pages, out)
		}
		if n := len(pageSize.FindAllString(string(out), -1)); n != want.pages {
			t.Errorf("%s: pdfinfo, %d A4 portrait pages, want %d:\n%s", name, n, want.pages, out)
		}
		if !strings.Contains(string(out), "Title:           "+want.title+"\n") {
			t.Errorf("%s: pdfinfo, want the title %q:\n%s", name, want.title, out)
		}
		if !strings.Contains(string(out), "CreationDate:    Tue Dec  1 ") {
			t.Errorf("%s: pdfinfo, want the creation date on 1 December:\n%s", name, out)
		}
		if strings.Contains(string(out), "Syntax Error") || strings.Contains(string(out), "Syntax Warning") {
			t.Errorf("%s: pdfinfo complains:\n%s", name, out)
		}
	}
}

// TestPdftoppm renders the documents with pdftoppm: poppler draws every
// page, its font and pictures, without a complaint.
func TestPdftoppm(t *testing.T) {
	bin := poppler(t, "pdftoppm")
	for name, d := range docs(t) {
		dir := t.TempDir()
		cmd := exec.Command(bin, "-r", "30", "-png", writeFile(t, name, d), filepath.Join(dir, "page"))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Errorf("%s: pdftoppm: %v\n%s", name, err, stderr.String())
		}
		pages, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
		if want := docPages[name]; len(pages) != want {
			t.Errorf("%s: pdftoppm drew %d pages, want %d", name, len(pages), want)
		}
	}
}

// TestLegendWithDiagram: a diagram's legend (what its marks mean, the picture's, the FEN) and
// the line that heads it («Позиция:») are printed on the page of the diagram, never the heading
// alone at the foot of the page before, wherever the text before it ends the page: read back with
// pdftotext page by page, for every length of that text from nothing to two pages, with the
// picture beside the diagram and without.
func TestLegendWithDiagram(t *testing.T) {
	bin := poppler(t, "pdftotext")
	_, diagramText, _ := strings.Cut(ruLetter, "Позиция:\n")
	diagramText, _, _ = strings.Cut(diagramText, "\n\n")
	legend := "w белая шашка, W белая дамка" // the first words of the legend's line
	tail := "Позиция:\n" + diagramText + "\nНа рисунке очередь хода показана шашкой с треугольником справа от доски: внизу — ход белых, вверху — ход чёрных.\nFEN W:Wa1,c1,e1:Bb8,d8\n"
	for _, pic := range []bool{true, false} {
		for n := 0; n <= 60; n += 2 {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "Строка письма номер %d, чтобы позиция пришлась на другое место.\n\n", i+1)
			}
			c := Card{From: sender, To: address, Text: b.String() + tail, Title: "СТ-2026/1, 1-2"}
			if pic {
				c.Picture = diagramPNG(t)
			}
			path := writeFile(t, fmt.Sprintf("legend-%v-%d", pic, n), Document{Cards: []Card{c}})
			pages := strings.Split(strings.TrimSuffix(readText(t, bin, path), "\f"), "\f")
			for k, p := range pages {
				has := func(s string) bool { return strings.Contains(p, s) }
				if has("a b c d e f g h") { // the diagram's files
					if !has(legend) || !has("FEN W:Wa1") || !has("На рисунке") {
						t.Errorf("picture %v, %d lines before: page %d has the diagram without its legend:\n%s", pic, n, k+1, p)
					}
				}
				if has("Позиция:") != has("a b c d e f g h") {
					t.Errorf("picture %v, %d lines before: page %d has the heading «Позиция:» or the diagram without the other:\n%s", pic, n, k+1, p)
				}
			}
		}
	}
}

// TestParagraphsWhole: a paragraph (a receipt) and a block of indented lines (the captain's
// address quoted in a start letter) are printed on one page, wherever the text before them ends
// the page: read back with pdftotext page by page, for every length of that text from nothing to
// two pages.
func TestParagraphsWhole(t *testing.T) {
	bin := poppler(t, "pdftotext")
	tail := "Квитанция: КК-2026/1-4 #5, ход 1, sha256:10f2b58b020afc095529fcea3b78e8250f59c7a3995bcbe834f7dc4f93f8d946\n" +
		"(получено 07.12.2026 09:21 +0300; сохраните её: она доказывает, что и когда получил postald)\n\n" +
		"Каждый ход пишите на открытке, одна партия на открытке, турнирному секретарю:\n" +
		"    шашечный клуб «Чёрный слон»\n    а/я 77\n    Тула\n    300077\n" +
		"Секретарь вводит его, postald проверит ход и перешлёт его партнёру.\n"
	for n := 0; n <= 60; n++ {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "Строка письма номер %d, чтобы квитанция и адрес пришлись на другое место.\n\n", i+1)
		}
		c := Card{From: sender, To: address, Text: b.String() + tail, Title: "КК-2026, 1-4"}
		path := writeFile(t, fmt.Sprintf("whole-%d", n), Document{Cards: []Card{c}})
		pages := strings.Split(strings.TrimSuffix(readText(t, bin, path), "\f"), "\f")
		receipt, block := 0, 0
		for k, p := range pages {
			has := func(s string) bool { return strings.Contains(p, s) }
			if has("Квитанция:") || has("сохраните её") {
				receipt++
				if !has("Квитанция:") || !has("сохраните её") {
					t.Errorf("%d lines before: page %d has the receipt in part:\n%s", n, k+1, p)
				}
			}
			if has("Чёрный слон") || has("300077") {
				block++
				if !has("Чёрный слон") || !has("а/я 77") || !has("300077") {
					t.Errorf("%d lines before: page %d has the quoted address in part:\n%s", n, k+1, p)
				}
			}
		}
		if receipt != 1 || block != 1 {
			t.Errorf("%d lines before: the receipt on %d pages, the address on %d", n, receipt, block)
		}
	}
}
