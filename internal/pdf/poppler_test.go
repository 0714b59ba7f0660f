package pdf

import (
	"fmt"
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

// TestPdftotext reads the documents back with pdftotext -layout: every
// card's sender and address lines come out as lines of their own, and the
// letter's lines, as wrapped, come out in order; the characters the font
// lacks come out as themselves. Blank lines and the lines of the page
// labels are left out of the comparison.
//
// pdftotext -layout guesses the columns of a page from the gaps between its
// words, so the test compares the lines with their runs of spaces made one;
// with -fixed 6 (the letter's character width, 6 points) it places every
// character by its position, and the lines come out exactly, their spaces
// included: the text diagrams and tables keep their columns.
func TestPdftotext(t *testing.T) {
	bin := poppler(t, "pdftotext")
	oneSpace := func(l string) string { return strings.Join(strings.Fields(l), " ") }
	for name, d := range docs(t) {
		path := writeFile(t, name, d)
		t.Run(name+"/layout", func(t *testing.T) {
			readBack(t, bin, path, d, oneSpace, "-layout")
		})
		t.Run(name+"/fixed", func(t *testing.T) {
			readBack(t, bin, path, d, func(l string) string { return l }, "-layout", "-fixed", "6")
		})
	}
	// The strange characters, spelled out, lest the comparison above hide them.
	out, err := exec.Command(bin, "-layout", "-fixed", "6", "-enc", "UTF-8", writeFile(t, "strange", Document{Cards: []Card{strangeCard()}}), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for _, s := range []string{"日本語 and 🙂 are not in the font; x\u0301 has a combining accent.", "a       b       c\uFFFDd\uFFFDe", "Ω≈ç√∫ ¼ € № ‰ ♔", "王 先生"} {
		if !strings.Contains(string(out), s) {
			t.Errorf("pdftotext's text has no %q:\n%s", s, out)
		}
	}
}

// readBack runs pdftotext with args on the file of d at path and compares
// its text with d's, each line put through norm.
func readBack(t *testing.T, bin, path string, d Document, norm func(string) string, args ...string) {
	out, err := exec.Command(bin, append(args, "-enc", "UTF-8", path, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	pages := strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
	label := d.PageLabel
	if label == nil {
		label = func(page, pages int) string { return fmt.Sprintf("%d/%d", page, pages) }
	}
	at := 0 // the first page of the card
	for i, c := range d.Cards {
		// The pages of the card, less their labels and blank lines.
		m := 1
		for at+m < len(pages) && strings.HasPrefix(strings.TrimSpace(pages[at+m]), c.Title+", ") {
			m++
		}
		var got []string
		for k, p := range pages[at : at+m] {
			for l := range strings.SplitSeq(p, "\n") {
				l = strings.TrimRight(l, " ")
				one := strings.Join(strings.Fields(l), " ")
				if one == "" || m > 1 && (k == 0 && one == label(1, m) || k > 0 && one == c.Title+", "+label(k+1, m)) {
					continue
				}
				got = append(got, l)
			}
		}
		at += m

		// The blocks, each line on its own.
		var blocks []string
		for _, l := range blockLines(c.From, SenderColumns) {
			blocks = append(blocks, string(l))
		}
		for _, l := range blockLines(c.To, AddressColumns) {
			blocks = append(blocks, string(l))
		}
		rest := got
		for _, b := range blocks {
			j := 0
			for j < len(rest) && norm(strings.TrimSpace(rest[j])) != norm(b) {
				j++
			}
			if j == len(rest) {
				t.Fatalf("card %d: the block line %q is not in pdftotext's text, in order:\n%s", i, b, strings.Join(got, "\n"))
			}
			rest = rest[j+1:]
		}

		// The letter, its lines' common indentation taken off.
		var want []string
		for _, l := range textLines(c.Text, TextColumns) {
			if len(l) > 0 {
				want = append(want, string(l))
			}
		}
		if len(rest) != len(want) {
			t.Errorf("card %d: %d lines of text, want %d:\n%s", i, len(rest), len(want), strings.Join(rest, "\n"))
			continue
		}
		indent := indentation(rest) - indentation(want)
		for j := range want {
			if g := norm(rest[j][max(0, indent):]); g != norm(want[j]) {
				t.Errorf("card %d: line %d is\n%q, want\n%q", i, j+1, g, norm(want[j]))
			}
		}
	}
	if at != len(pages) {
		t.Errorf("%d pages read, %d in the file", at, len(pages))
	}
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
		"move":  {1, "СТ-2026/1, 1-2, ход 2"},
		"cards": {3, "CT-2026/1: the cards of 1 December"},
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
		if want := map[string]int{"move": 1, "cards": 3}[name]; len(pages) != want {
			t.Errorf("%s: pdftoppm drew %d pages, want %d", name, len(pages), want)
		}
	}
}
