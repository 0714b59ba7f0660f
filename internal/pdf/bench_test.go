package pdf

import (
	"bytes"
	"testing"
)

// BenchmarkWrite writes one card with a picture, as postald posts a move:
// a Russian letter of 35 lines and its board diagram.
func BenchmarkWrite(b *testing.B) {
	d := Document{Created: created, Cards: []Card{moveCard(b)}}
	var buf bytes.Buffer
	if err := Write(&buf, d); err != nil { // the font is read once, before the clock starts
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/doc")
}

// BenchmarkWriteText writes one card of text alone, 70 lines on two pages.
func BenchmarkWriteText(b *testing.B) {
	d := Document{Created: created, Cards: []Card{longCard()}}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/doc")
}
