package report

import (
	"strings"
	"unicode/utf8"
)

// Text writes the director's report as plain UTF-8 text in the tournament's language:
// the standings and crosstable, the games in play with whose move it is, each player's
// days and next control, the controls due within a week, violations and penalties, the
// judge's rulings and the finished games.
func Text(in Input) (string, error) {
	v, err := Build(in)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(v.Title + "\n")
	b.WriteString(v.AsOf + "\n\n")
	for _, f := range v.Facts {
		b.WriteString(f + "\n")
	}
	for _, g := range v.Tables {
		heading(&b, g.Title)
		b.WriteString(g.Text())
	}
	for _, s := range v.Sections {
		heading(&b, s.Title)
		if len(s.Rows) == 0 {
			b.WriteString(s.Empty + "\n")
			continue
		}
		writeTable(&b, append([][]string{s.Header}, s.Rows...))
	}
	return b.String(), nil
}

func heading(b *strings.Builder, title string) {
	b.WriteString("\n" + title + "\n" + strings.Repeat("=", utf8.RuneCountInString(title)) + "\n")
}

// writeTable writes rows as columns two spaces apart, left-aligned.
func writeTable(b *strings.Builder, rows [][]string) {
	var width []int
	for _, r := range rows {
		for j, c := range r {
			if j == len(width) {
				width = append(width, 0)
			}
			width[j] = max(width[j], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for j, c := range r {
			if j > 0 {
				line.WriteString("  ")
			}
			line.WriteString(c + strings.Repeat(" ", width[j]-utf8.RuneCountInString(c)))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
