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

// crossBody draws the rows of a table of standings (a crosstable, a Swiss's rounds, the teams'
// tables): column name as the row's header, the columns of words in text as text, X where a
// player meets himself, the other cells as numbers.
func crossBody(rows [][]string, name int, text map[int]bool) template.HTML {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString("<tr>")
		for j, c := range row {
			switch {
			case j == name:
				b.WriteString(`<th scope="row" class="name">`)
				escapeText(&b, c)
				b.WriteString("</th>")
			case text[j]:
				b.WriteString("<td>")
				escapeText(&b, c)
				b.WriteString("</td>")
			case c == "X":
				b.WriteString(`<td class="x">X</td>`)
			default:
				b.WriteString(`<td class="n">`)
				escapeText(&b, c)
				b.WriteString("</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String()) // every text escaped above
}

// listBody draws a section's rows, the game in column col linked to its page (links: by name;
// nil links nothing).
func listBody(rows [][]string, col int, links map[string]string) template.HTML {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString("<tr>")
		for j, c := range row {
			if href, ok := links[c]; ok && j == col && links != nil {
				b.WriteString(`<td><a href="`)
				escapeText(&b, normalURL(href))
				b.WriteString(`">`)
				escapeText(&b, c)
				b.WriteString("</a></td>")
				continue
			}
			b.WriteString("<td>")
			escapeText(&b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String()) // every text escaped above
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
