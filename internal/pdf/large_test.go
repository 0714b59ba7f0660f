package pdf

import (
	"bytes"
	"strings"
	"testing"
)

// largeTexts are letters far longer than postald writes, of the shapes that cost most to set:
// a run of spaces, a word longer than many lines, a paragraph of thousands of lines, a list of
// thousands of items, thousands of lines in columns.
var largeTexts = map[string]string{
	"spaces":  "a" + strings.Repeat(" ", 100000) + "b",
	"word":    strings.Repeat("ы", 100000),
	"lines":   strings.Repeat("абзац продолжается длинной строкой текста без конца и края\nи ", 5000),
	"items":   strings.Repeat("- пункт списка, который продолжается на следующей строке и\n  дальше\n", 5000),
	"columns": strings.Repeat(" 1  x\n", 5000),
}

// TestLargeTexts: each large text is written whole, on as many pages as it takes (the run of
// spaces, set in columns, takes one), the file well formed.
func TestLargeTexts(t *testing.T) {
	for name, text := range largeTexts {
		t.Run(name, func(t *testing.T) {
			objs, err := parsePDF(write(t, Document{Cards: []Card{{Text: text}}}))
			if err != nil {
				t.Fatal(err)
			}
			if n, err := pageCount(objs); err != nil || n < 2 && name != "spaces" {
				t.Errorf("%d pages, %v", n, err)
			}
		})
	}
}

// BenchmarkWriteLarge writes each large text: the time to set a letter grows with its length,
// not with its square.
func BenchmarkWriteLarge(b *testing.B) {
	for name, text := range largeTexts {
		b.Run(name, func(b *testing.B) {
			d := Document{Cards: []Card{{Text: text}}}
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := Write(&buf, d); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(text)), "bytes/text")
		})
	}
}
