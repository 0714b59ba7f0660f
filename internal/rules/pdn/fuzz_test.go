package pdn

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReader reads arbitrary bytes as a PDN file. The reader must not panic,
// must keep its limits, and must give every game consecutive plies from 1 and
// valid UTF-8 text.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"[Event \"Cup\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n",
		"[Event       \"XXV\"]\r\n1. c3-d4 f6-g5 2. b2-c3 g5-h4\r\n\r\n 1/2-1/2\r\n",
		"1. 41-37  1- 7 2. 28x 19 35 x44 3. 01-06 06x17 4-6",
		"1. 33-29 {[%drgnode 0 1]} 20-25 (1... 19-23 (1... 18-23)) $1 !? (?) *",
		"[Event \"A\"] [GameType \"20,W,10,10,N1,0\"]  1.33-29 19-23 1-1\n[Empty] 1. 32-28 -",
		"\uFEFF[Site \"\"]\\r\n/FEN \"B:W28:B19\"/ 1... 19-23 *\nEvent \"x\"]\n[\nWhite \"y\"]",
		"{unclosed comment [White \"a\"] 1. 32-28",
		"[White \"\xc1\xeb\xe8\xed\xe4\xe5\xf0\"] 1. c3-d4 % rest\n; more\n*",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for n := 0; ; n++ {
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("Next: %v (bytes.Reader cannot fail)", err)
			}
			if n > len(data) {
				t.Fatalf("more games (%d) than input bytes (%d)", n, len(data))
			}
			if len(g.Tags) > MaxTags || len(g.Moves) > MaxPlies {
				t.Fatalf("game %d: %d tags, %d moves: over the limits", n+1, len(g.Tags), len(g.Moves))
			}
			for i, m := range g.Moves {
				if m.Ply != i+1 {
					t.Fatalf("game %d: move %d has ply %d", n+1, i, m.Ply)
				}
				if m.Text == "" || !utf8.ValidString(m.Text) || !utf8.ValidString(m.Comment) {
					t.Fatalf("game %d: bad move text %q / comment %q", n+1, m.Text, m.Comment)
				}
			}
			for _, tg := range g.Tags {
				if !utf8.ValidString(tg.Name) || !utf8.ValidString(tg.Value) {
					t.Fatalf("game %d: tag not UTF-8: %q %q", n+1, tg.Name, tg.Value)
				}
			}
		}
	})
}

// FuzzLexer splits arbitrary bytes into tokens: no panic, lines never go
// back, and every text stays within its limit.
func FuzzLexer(f *testing.F) {
	for _, s := range []string{
		"[Event \"a \\\"b\\\"\"]\n1. 32-28 {c} (d) $1 %e\n; f\n/FEN \"W:W31:B19\"/ *",
		"[ \nEvent x]\n(!) (?!) ( ( ) ] } [%cmd] \\r\\n",
		"Event \"lost bracket\"]\n" + strings.Repeat("x", 300),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l := newLexer(bytes.NewReader(data))
		line := 1
		for n := 0; ; n++ {
			tok, err := l.next()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("next: %v", err)
			}
			if n > len(data) {
				t.Fatalf("more tokens (%d) than input bytes (%d)", n, len(data))
			}
			if tok.line < line {
				t.Fatalf("token %d on line %d after line %d", n, tok.line, line)
			}
			line = tok.line
			if utf8.RuneCountInString(tok.text) > maxValue || utf8.RuneCountInString(tok.name) > maxTagName {
				t.Fatalf("token %d over its limit: %d runes", n, utf8.RuneCountInString(tok.text))
			}
			if tok.kind == tokWord && (tok.text == "" || utf8.RuneCountInString(tok.text) > maxWord) {
				t.Fatalf("word %q: empty or over %d runes", tok.text, maxWord)
			}
		}
	})
}

// FuzzWriteRead writes a game built from fuzzed tag values, comments and
// moves, reads it back, and expects the same game.
func FuzzWriteRead(f *testing.F) {
	f.Add("Иванов \"И\" \\ ]", "good {move}", uint8(3), uint16(1234), false)
	f.Add("", "", uint8(0), uint16(0), true)
	f.Add("x", "[%eval 0.1]", uint8(40), uint16(65535), true)
	f.Fuzz(func(t *testing.T, value, comment string, n uint8, seed uint16, black bool) {
		if !utf8.ValidString(value) || !utf8.ValidString(comment) ||
			utf8.RuneCountInString(value) > maxValue || utf8.RuneCountInString(comment) > maxValue {
			return // the reader cuts longer texts: that is its limit, not a round trip
		}
		if (int(n)/3+1)*utf8.RuneCountInString(comment) > maxComments {
			return // so it does with the comments of a game
		}
		g := &Game{Tags: []Tag{{"Event", value}, {"Result", "1-0"}}}
		if black {
			g.Tags = append(g.Tags, Tag{"FEN", "B:W31-50:B1-20"})
		}
		s := uint32(seed)
		for i := 0; i < int(n); i++ {
			s = s*1103515245 + 12345
			from, to := int(s>>8)%50+1, int(s>>16)%50+1
			sep := "-x"[s&1 : s&1+1]
			text := strings.Join([]string{strconv.Itoa(from), strconv.Itoa(to)}, sep)
			if _, c := classify(text); c != wordMove {
				text = strconv.Itoa(from) + "x" + strconv.Itoa(to) + "x" + strconv.Itoa(from)
			}
			m := Move{Ply: i + 1, Text: text}
			if i%3 == 0 {
				m.Comment = comment
			}
			g.Moves = append(g.Moves, m)
		}
		var buf bytes.Buffer
		if err := Write(&buf, g); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(line, "[") {
				continue
			}
			if w := utf8.RuneCountInString(line); w > lineWidth && !strings.Contains(line, "{") {
				t.Fatalf("line of %d columns: %q", w, line)
			}
		}
		got, err := ReadAll(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("read %d games back, want 1:\n%s", len(got), buf.String())
		}
		want := wantAfterRoundTrip(g)
		if v, _ := got[0].Tag("Event"); v != want.Tags[0].Value {
			t.Fatalf("Event %q read back as %q", want.Tags[0].Value, v)
		}
		if len(got[0].Moves) != len(want.Moves) {
			t.Fatalf("%d moves read back, want %d:\n%s", len(got[0].Moves), len(want.Moves), buf.String())
		}
		for i, m := range got[0].Moves {
			if m.Text != want.Moves[i].Text || m.Comment != want.Moves[i].Comment {
				t.Fatalf("move %d read back as %q {%q}, want %q {%q}", i+1, m.Text, m.Comment, want.Moves[i].Text, want.Moves[i].Comment)
			}
		}
		if got[0].Result != "1-0" {
			t.Fatalf("result %q, want 1-0", got[0].Result)
		}
	})
}

// wantAfterRoundTrip returns what reading g back after Write gives: tag
// values with line ends as spaces and trimmed, comments with braces turned
// into parentheses and white space folded.
func wantAfterRoundTrip(g *Game) *Game {
	w := &Game{}
	for _, t := range g.Tags {
		v := strings.TrimSpace(strings.NewReplacer("\n", " ", "\r", " ").Replace(t.Value))
		w.Tags = append(w.Tags, Tag{t.Name, v})
	}
	for _, m := range g.Moves {
		c := strings.NewReplacer("}", ")", "{", "(").Replace(m.Comment)
		c = strings.Join(strings.Fields(c), " ")
		w.Moves = append(w.Moves, Move{Ply: m.Ply, Text: m.Text, Comment: c})
	}
	return w
}
