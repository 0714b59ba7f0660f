package mailparse

import (
	"strings"

	"golang.org/x/net/html"
)

// blockElements end a line before and after them.
var blockElements = map[string]bool{
	"p": true, "div": true, "br": true, "tr": true, "li": true, "ul": true, "ol": true, "table": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "pre": true, "hr": true,
	"blockquote": true, "section": true, "article": true, "header": true, "footer": true, "dl": true,
	"dt": true, "dd": true, "address": true, "center": true, "form": true, "fieldset": true,
	"tbody": true, "thead": true, "tfoot": true, "body": true, "html": true, "nav": true, "main": true,
}

// skippedElements are dropped with their content: nothing in them is text a player wrote.
var skippedElements = map[string]bool{
	"script": true, "style": true, "head": true, "title": true, "template": true, "noscript": true,
	"object": true, "iframe": true, "svg": true, "math": true, "select": true, "textarea": true,
}

// htmlText renders HTML as plain text: block elements and <br> end lines, entities are
// decoded, scripts and styles are dropped, and the content of <blockquote> is quoted with
// "> " so that it goes the way of any quoted reply. It reads the tokens as a stream, so
// malformed or deeply nested markup costs nothing more than its length.
func htmlText(src string) string {
	z := html.NewTokenizer(strings.NewReader(src))
	z.SetMaxBuf(0)
	var b strings.Builder
	b.Grow(len(src) / 2)
	quote := 0 // <blockquote> depth
	skip := 0  // depth inside skipped elements
	pre := 0   // <pre> depth: keep line breaks and spaces
	atLineStart := true
	pendingSpace := false
	newline := func() {
		b.WriteByte('\n')
		atLineStart = true
		pendingSpace = false
	}
	write := func(s string) {
		for _, r := range s {
			if r == '\n' {
				newline()
				continue
			}
			if atLineStart {
				for range quote {
					b.WriteString("> ")
				}
				atLineStart = false
			} else if pendingSpace {
				b.WriteByte(' ')
			}
			pendingSpace = false
			b.WriteRune(r)
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			if skip > 0 {
				continue
			}
			text := string(z.Text())
			if pre > 0 {
				write(text)
				continue
			}
			// Collapse white space as a browser does.
			fields := strings.Fields(text)
			if len(fields) == 0 {
				switch {
				case atLineStart && strings.ContainsRune(text, '\u00a0'):
					write(" ") // "<p>&nbsp;</p>": Outlook's empty line
				case text != "" && !atLineStart:
					pendingSpace = true
				}
				continue
			}
			if (text[0] == ' ' || text[0] == '\n' || text[0] == '\t' || text[0] == '\r') && !atLineStart {
				pendingSpace = true
			}
			// Collapse only ASCII white space: no-break spaces stay for cleanText, which
			// drops them inside a move, a date or a fraction ("g3&nbsp;-&nbsp;e5").
			write(strings.Join(strings.FieldsFunc(text, func(r rune) bool {
				return r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\f'
			}), " "))
			last := text[len(text)-1]
			if last == ' ' || last == '\n' || last == '\t' || last == '\r' {
				pendingSpace = true
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if skippedElements[tag] {
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
				continue
			}
			if skip > 0 {
				continue
			}
			if tag == "pre" {
				if tt == html.StartTagToken {
					pre++
				} else if tt == html.EndTagToken && pre > 0 {
					pre--
				}
			}
			if blockElements[tag] {
				if !atLineStart || tag == "br" {
					newline()
				}
			}
			if tag == "blockquote" {
				if tt == html.StartTagToken {
					quote++
				} else if tt == html.EndTagToken && quote > 0 {
					quote--
				}
			}
			if tag == "td" || tag == "th" {
				pendingSpace = !atLineStart
			}
		}
	}
}
