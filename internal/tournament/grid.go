package tournament

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Grid is a table of standings as postald shows it — in the text of `postald crosstable` and
// of the director's report, and as HTML on the pages: its title, the headings of its columns,
// its rows of text and the notes under it. NameColumn is the column that names the row (the
// player, the team), written left-aligned like every column of Left; the others are numbers
// and results, right-aligned. Points, when not 0, is the column of the points of a crosstable
// of players: the columns between the name's and it are the opponents' (or the rounds'), the
// tie-breaks follow it.
type Grid struct {
	Title      string
	Header     []string
	Rows       [][]string
	Notes      []string
	NameColumn int
	Left       []int
	Points     int
}

// Text writes the grid as aligned UTF-8 text, columns two spaces apart, then its notes after
// a blank line; the title is the caller's.
func (g Grid) Text() string {
	rows := append([][]string{g.Header}, g.Rows...)
	var width []int
	for _, r := range rows {
		for j, v := range r {
			if j == len(width) {
				width = append(width, 0)
			}
			width[j] = max(width[j], utf8.RuneCountInString(v))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for j, v := range r {
			if j > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(v))
			if j == g.NameColumn || slices.Contains(g.Left, j) {
				line.WriteString(v + pad)
			} else {
				line.WriteString(pad + v)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	if len(g.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range g.Notes {
			b.WriteString(n + "\n")
		}
	}
	return b.String()
}
