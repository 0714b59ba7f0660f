package pages

import (
	"html/template"
	"strings"
)

// The tournament's tables are drawn here rather than by the template: a round robin of 20 has
// some five thousand cells, which html/template's escaping, cell by cell, takes tens of
// milliseconds to draw, and the page is drawn again after every letter of the tournament. The
// cells are escaped as html/template escapes text (escapeText), and the links as it escapes a
// URL in a quoted attribute (normalURL, then escapeText): the page is the same, byte for byte
// (TestTablesAsTheTemplate).

// crossBody draws the rows of a crosstable of players (a round robin's, a Swiss's with its
// rounds): column name as the row's header, X where a player meets himself, the other cells as
// numbers, each with its class and its label for a phone's card (the place, the number, an
// opponent's or a round's result up to column points, the points, the tie-breaks), the columns
// of words in text as text.
func crossBody(header []string, rows [][]string, name, points int, text map[int]bool) template.HTML {
	return gridBody(rows, name, true, func(j int) (class, label string) {
		label = cell(header, j)
		if j > name && j < points && isNumber(label) && len(header) > 1 {
			label = header[1] + " " + label // the opponent's number: "№ 5"
		}
		switch {
		case text[j]:
			return "", label
		case j == 0:
			return "n place", label
		case j < name:
			return "n num", label
		case j < points:
			return "n opp", label
		case j == points:
			return "n pts", label
		}
		return "n tb", label
	})
}

// rowsBody draws the rows of a table that is not a crosstable of players (the teams', the
// matches', the boards'): column name as the row's header, every other cell labelled by its
// column's heading, so that a phone shows a card per row.
func rowsBody(header []string, rows [][]string, name int, text map[int]bool) template.HTML {
	return gridBody(rows, name, false, func(j int) (class, label string) {
		if text[j] {
			return "", cell(header, j)
		}
		return "n", cell(header, j)
	})
}

// gridBody draws rows: column name as the row's header, X where a player meets himself when
// self says so, every other cell with the class and label of its column.
func gridBody(rows [][]string, name int, self bool, column func(j int) (class, label string)) template.HTML {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString("<tr>")
		for j, c := range row {
			if j == name {
				b.WriteString(`<th scope="row" class="name">`)
				escapeText(&b, c)
				b.WriteString("</th>")
				continue
			}
			if self && c == "X" {
				b.WriteString(`<td class="x">X</td>`)
				continue
			}
			class, label := column(j)
			b.WriteString("<td")
			if class != "" {
				b.WriteString(` class="` + class + `"`)
			}
			b.WriteString(` data-label="`)
			escapeText(&b, label)
			b.WriteString(`">`)
			escapeText(&b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String()) // every text escaped above
}

// listBody draws a section's rows, each cell labelled by its column's heading, the game in
// column col linked to its page (links: by name; nil links nothing).
func listBody(header []string, rows [][]string, col int, links map[string]string) template.HTML {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString("<tr>")
		for j, c := range row {
			b.WriteString(`<td data-label="`)
			escapeText(&b, cell(header, j))
			b.WriteString(`">`)
			if href, ok := links[c]; ok && j == col && links != nil {
				b.WriteString(`<a href="`)
				escapeText(&b, normalURL(href))
				b.WriteString(`">`)
				escapeText(&b, c)
				b.WriteString("</a></td>")
				continue
			}
			escapeText(&b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String()) // every text escaped above
}

// cell is column j of row, "" past its end.
func cell(row []string, j int) string {
	if j < len(row) {
		return row[j]
	}
	return ""
}

// isNumber reports whether s is a number of digits alone: an opponent's column heading.
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// escapeText writes s escaped as html/template escapes text and quoted attributes: the five
// characters HTML gives a meaning, and +, which a UTF-7 reader would; a NUL as U+FFFD.
func escapeText(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '&':
			r = "&amp;"
		case '\'':
			r = "&#39;"
		case '+':
			r = "&#43;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// normalURL is url as html/template writes it in an attribute that holds a URL: a URL whose
// scheme is not http, https or mailto is replaced by "#ZgotmplZ", and every byte that is neither
// unreserved nor reserved in RFC 3986 (nor a %) is percent-encoded.
func normalURL(url string) string {
	if i := strings.IndexAny(url, ":/?#"); i >= 0 && url[i] == ':' {
		switch strings.ToLower(url[:i]) {
		case "http", "https", "mailto":
		default:
			return "#ZgotmplZ"
		}
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	last := 0
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case strings.IndexByte("!#$&*+,/:;=?@[]-._~%", c) >= 0,
			'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			continue
		}
		b.WriteString(url[last:i])
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
		last = i + 1
	}
	if last == 0 {
		return url
	}
	b.WriteString(url[last:])
	return b.String()
}
