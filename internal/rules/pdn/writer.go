package pdn

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"postald/internal/rules"
)

// lineWidth is the longest line the writer writes: under 80 columns, as
// draughts programs and e-mail expect.
const lineWidth = 79

// Write writes g as PDN 3.0 text: its tags, one per line, a blank line, the
// move text with move numbers wrapped under 80 columns, the result, and a
// blank line to separate it from the next game. The result written at the end
// of the move text is g.Result, or else the value of the Result tag, or else
// "*". Move numbers start at 1; when the FEN tag gives Black the first move,
// the move text starts with "1...".
//
// Write writes what it is given: it checks neither the moves nor the tags.
// Quotes and backslashes in tag values are escaped; a "}" in a comment is
// written as ")" since PDN comments cannot hold one.
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", tagName(t.Name), escapeTag(t.Value))
	}
	if len(g.Tags) > 0 {
		bw.WriteString("\n")
	}
	lw := lineWriter{w: bw}
	black := blackStarts(g)
	for i, m := range g.Moves {
		ply := i
		if black {
			ply++
		}
		// A move number stays on the line of its move.
		text := strings.ReplaceAll(m.Text, " ", "")
		switch {
		case ply%2 == 0:
			text = fmt.Sprintf("%d. %s", ply/2+1, text)
		case i == 0:
			text = fmt.Sprintf("%d... %s", ply/2+1, text)
		}
		lw.word(text)
		if m.Comment != "" {
			lw.comment(m.Comment)
		}
	}
	lw.word(resultOf(g))
	lw.flush()
	bw.WriteString("\n")
	return bw.Flush()
}

// resultOf returns the result to write at the end of g's move text.
func resultOf(g *Game) string {
	if g.Result != "" {
		return g.Result
	}
	if r, ok := g.Tag("Result"); ok && r != "" && r != "?" {
		return r
	}
	return "*"
}

// blackStarts reports whether g's FEN tag gives the first move to Black.
func blackStarts(g *Game) bool {
	fen, ok := g.Tag("FEN")
	return ok && strings.HasPrefix(strings.ToUpper(strings.TrimSpace(fen)), "B")
}

// tagName returns a tag name that reads back as one word.
func tagName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == ' ' || r == '"' || r == ']' || r == '[' || r < ' ' {
			return '_'
		}
		return r
	}, name)
	if name == "" {
		return "_"
	}
	return name
}

func escapeTag(v string) string {
	v = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, v)
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}

// lineWriter writes words separated by spaces, breaking lines before they
// reach lineWidth columns.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (lw *lineWriter) word(s string) {
	n := len([]rune(s))
	switch {
	case lw.col == 0:
	case lw.col+1+n > lineWidth:
		lw.w.WriteString("\n")
		lw.col = 0
	default:
		lw.w.WriteString(" ")
		lw.col++
	}
	lw.w.WriteString(s)
	lw.col += n
}

// comment writes {text}, broken into words so that long comments wrap too.
func (lw *lineWriter) comment(text string) {
	text = strings.NewReplacer("}", ")", "{", "(").Replace(text)
	words := strings.Fields(text)
	if len(words) == 0 {
		lw.word("{}")
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, w := range words {
		lw.word(w)
	}
}

func (lw *lineWriter) flush() {
	if lw.col > 0 {
		lw.w.WriteString("\n")
		lw.col = 0
	}
}

// FromGame returns the PDN record of rg with the given tags and result. The
// tags are copied in order and completed: GameType is set to the variant's
// number (see rules.Variant.GameType), FEN to the start position when rg
// does not start from the variant's start position (and removed otherwise),
// and Result to result ("*" when empty). The moves are written in full
// notation by rules.FormatMove: from-to, from:to, with the squares where the
// direction changes only when from:to alone is ambiguous. In international
// and its giveaway form captures are written with "x", the separator PDN
// 3.0 writes for GameType 20; elsewhere with ":", as Russian PDN files and
// the column code do.
func FromGame(rg *rules.Game, tags []Tag, result string) *Game {
	if result == "" {
		result = "*"
	}
	g := &Game{Tags: append([]Tag(nil), tags...), Result: result}
	v := rg.Variant
	g.SetTag("Result", result)
	g.SetTag("GameType", v.GameType())
	start := v.Start()
	if rg.Start.Equal(&start) {
		g.Tags = slices.DeleteFunc(g.Tags, func(t Tag) bool { return strings.EqualFold(t.Name, "FEN") })
	} else {
		g.SetTag("FEN", rg.Start.FEN())
	}
	capture := ":"
	if v.BoardSize() == 10 {
		capture = "x"
	}
	p := rg.Start
	for i, m := range rg.Moves {
		text := rules.FormatMove(&p, m)
		if capture != ":" {
			text = strings.ReplaceAll(text, ":", capture)
		}
		g.Moves = append(g.Moves, Move{Ply: i + 1, Text: text})
		p = p.Play(m)
	}
	return g
}
