package pdn

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/charmap"
)

// moves builds the expected moves of a game from their texts, numbering plies
// from 1.
func moves(texts ...string) []Move {
	ms := make([]Move, len(texts))
	for i, t := range texts {
		ms[i] = Move{Ply: i + 1, Text: t}
	}
	return ms
}

func TestReader(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []*Game
	}{
		{
			name: "tags moves result",
			in:   "[Event \"Cup\"]\n[White \"A\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-0\n",
			want: []*Game{{
				Tags:   []Tag{{"Event", "Cup"}, {"White", "A"}},
				Moves:  moves("32-28", "19-23", "28x19", "14x23"),
				Result: "1-0", Line: 1,
			}},
		},
		{
			name: "padded and odd-case tag names",
			in:   "[Event       \"XXV первенство СССР\"]\n[ white \"Абаулин В.\" ]\n[RESULT \"2-0\"]\n1. c3-d4 *",
			want: []*Game{{
				Tags:   []Tag{{"Event", "XXV первенство СССР"}, {"white", "Абаулин В."}, {"RESULT", "2-0"}},
				Moves:  moves("c3-d4"),
				Result: "*", Line: 1,
			}},
		},
		{
			name: "escaped quote, unquoted value, missing quote",
			in:   "[Event \"a \\\"b\\\" \\\\ c\"]\n[Round 3]\n[Site \"Delft\n[Date \"2007\"]\n1. 32-28 *",
			want: []*Game{{
				Tags:   []Tag{{"Event", `a "b" \ c`}, {"Round", "3"}, {"Site", "Delft"}, {"Date", "2007"}},
				Moves:  moves("32-28"),
				Result: "*", Line: 1,
			}},
		},
		{
			name: "spaces inside moves and leading zeros",
			in:   "1. 41-37  1- 7 2. 28x 19 35 x44 3. 01-06 06x17 *",
			want: []*Game{{
				Moves:  moves("41-37", "1- 7", "28x 19", "35 x44", "01-06", "06x17"),
				Result: "*", Line: 1,
			}},
		},
		{
			name: "move numbers glued, black first, ellipsis",
			in:   "1...17-22 2.32-28 2... 22x33 3. ... 38x29 1-1",
			want: []*Game{{
				Moves:  moves("17-22", "32-28", "22x33", "38x29"),
				Result: "1-1", Line: 1,
			}},
		},
		{
			name: "comments and commands",
			in: "1. 33-29 {[%drgnode 0 1]} 20-25 {book} {[%eval 0.1] deep} [%clk 0:01] 2. 39-33 %line comment 1-0\n" +
				"14-20 ; rest of line\n*",
			want: []*Game{{
				Moves: []Move{
					{Ply: 1, Text: "33-29", Comment: "[%drgnode 0 1]"},
					{Ply: 2, Text: "20-25", Comment: "book [%eval 0.1] deep [%clk 0:01]"},
					{Ply: 3, Text: "39-33", Comment: "line comment 1-0"},
					{Ply: 4, Text: "14-20", Comment: "rest of line"},
				},
				Result: "*", Line: 1,
			}},
		},
		{
			// PDN 3.0: a comment ends at the first "}"; comments do not nest.
			name: "comments do not nest",
			in:   "1. 32-28 {a {b} c} 17-22 *",
			want: []*Game{{
				Moves:  []Move{{Ply: 1, Text: "32-28", Comment: "a {b"}, {Ply: 2, Text: "c"}, {Ply: 3, Text: "17-22"}},
				Result: "*", Line: 1,
			}},
		},
		{
			name: "variations are skipped, nested too",
			in:   "1. 32-28 (1. 33-29 {x)} 17-21 (1... 19-23)) 17-22 2. 28x17 (?) 12x21 (!) *",
			want: []*Game{{
				Moves:  moves("32-28", "17-22", "28x17", "12x21"),
				Result: "*", Line: 1,
			}},
		},
		{
			name: "NAGs and strength marks",
			in:   "1. c3-d4! d6-e5?? $4 2. b2-c3!? $12 e7-d6 ?! *",
			want: []*Game{{
				Moves:  moves("c3-d4", "d6-e5", "b2-c3", "e7-d6"),
				Result: "*", Line: 1,
			}},
		},
		{
			name: "results of every kind end games",
			in:   "1. 32-28 2-0 1. 33-29 0-2 1. 34-30 1/2-1/2 1. 31-26 0-0 1. 32-27 ½-½ 1. 33-28 4-6\n[Event \"x\"] 1. 34-29 2-8",
			want: []*Game{
				{Moves: moves("32-28"), Result: "2-0", Line: 1},
				{Moves: moves("33-29"), Result: "0-2", Line: 1},
				{Moves: moves("34-30"), Result: "1/2-1/2", Line: 1},
				{Moves: moves("31-26"), Result: "0-0", Line: 1},
				{Moves: moves("32-27"), Result: "½-½", Line: 1},
				{Moves: moves("33-28"), Result: "4-6", Line: 1},
				{Tags: []Tag{{"Event", "x"}}, Moves: moves("34-29"), Result: "2-8", Line: 2},
			},
		},
		{
			// "2-8" and "8-2" are moves on 10×10 and Delfts results: only
			// the end of the game makes them a result.
			name: "Delfts-looking moves inside a game",
			in:   "1. 2-8 8-2 2. 4-6 5-5",
			want: []*Game{{Moves: moves("2-8", "8-2", "4-6"), Result: "5-5", Line: 1}},
		},
		{
			name: "unknown moves and unknown result",
			in:   "[Result \"-\"]\n1. - - 2. 32-28 -\n[Result \"-\"] 1. 33-29 -",
			want: []*Game{
				{Tags: []Tag{{"Result", "-"}}, Moves: moves("-", "-", "32-28"), Result: "-", Line: 1},
				{Tags: []Tag{{"Result", "-"}}, Moves: moves("33-29"), Result: "-", Line: 3},
			},
		},
		{
			name: "one game per line",
			in: "[Event \"A\"] [Round \"1\"] [GameType \"20\"]  1.33-29 19-23 2.35-30 1-1\n" +
				"[Event \"A\"] [Round \"2\"] [GameType \"20\"]  1.32-28 18-22 0-2\n",
			want: []*Game{
				{Tags: []Tag{{"Event", "A"}, {"Round", "1"}, {"GameType", "20"}}, Moves: moves("33-29", "19-23", "35-30"), Result: "1-1", Line: 1},
				{Tags: []Tag{{"Event", "A"}, {"Round", "2"}, {"GameType", "20"}}, Moves: moves("32-28", "18-22"), Result: "0-2", Line: 2},
			},
		},
		{
			name: "a tag after move text starts the next game",
			in:   "[White \"A\"]\n1. 32-28 17-22\n[White \"B\"]\n1. 33-29\n",
			want: []*Game{
				{Tags: []Tag{{"White", "A"}}, Moves: moves("32-28", "17-22"), Line: 1},
				{Tags: []Tag{{"White", "B"}}, Moves: moves("33-29"), Line: 3},
			},
		},
		{
			name: "BOM and CRLF",
			in:   "\uFEFF[Event \"E\"]\r\n\r\n1. 32-28 17-22\r\n2-0\r\n",
			want: []*Game{{Tags: []Tag{{"Event", "E"}}, Moves: moves("32-28", "17-22"), Result: "2-0", Line: 1}},
		},
		{
			name: "line ends written as backslash escapes",
			in:   `[Site ""]\r` + "\n" + `[White "K"]\r` + "\n1. 32-28 17-21 *\\r\n",
			want: []*Game{{Tags: []Tag{{"Site", ""}, {"White", "K"}}, Moves: moves("32-28", "17-21"), Result: "*", Line: 1}},
		},
		{
			name: "tag that lost its bracket",
			in:   "1. 32-28 *\n\nEvent \"Kampioenschap 2025\"]\n[Site \"\"]\n1. 33-29 *\n[\nEvent \"B\"]\n1. 34-30 *",
			want: []*Game{
				{Moves: moves("32-28"), Result: "*", Line: 1},
				{Tags: []Tag{{"Event", "Kampioenschap 2025"}, {"Site", ""}}, Moves: moves("33-29"), Result: "*", Line: 3},
				{Tags: []Tag{{"Event", "B"}}, Moves: moves("34-30"), Result: "*", Line: 6},
			},
		},
		{
			name: "setup command gives the FEN",
			in:   "/FEN \"B:W28:B19\"/ 1. ... 19-23 28x19 *",
			want: []*Game{{Tags: []Tag{{"FEN", "B:W28:B19"}}, Moves: moves("19-23", "28x19"), Result: "*", Line: 1}},
		},
		{
			name: "garbled words are kept for the replay to report",
			in:   "1. 32-28 17-22 zz 2. 28 *",
			want: []*Game{{Moves: moves("32-28", "17-22", "zz", "28"), Result: "*", Line: 1}},
		},
		{
			name: "empty and separator-only input",
			in:   "  \n * 1-0 {nothing}\n",
			want: nil,
		},
		{
			name: "tags without moves",
			in:   "[White \"A\"]\n[Black \"B\"]\n",
			want: []*Game{{Tags: []Tag{{"White", "A"}, {"Black", "B"}}, Line: 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadAll(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ReadAll: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("games differ (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReaderLegacyCodePages(t *testing.T) {
	tests := []struct {
		name  string
		cm    *charmap.Charmap
		white string
	}{
		{"Windows-1251 Cyrillic names", charmap.Windows1251, "Блиндер Б."},
		{"Windows-1252 accented names", charmap.Windows1252, "Gérard Jansen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "[White \"" + tt.white + "\"]\n[Black \"Коган М\"]\n1. c3-d4 *\n"
			if tt.cm == charmap.Windows1252 {
				text = "[White \"" + tt.white + "\"]\n[Black \"Dépôt\"]\n1. 32-28 *\n"
			}
			enc, err := tt.cm.NewEncoder().String(text)
			if err != nil {
				t.Fatal(err)
			}
			games, err := ReadAll(strings.NewReader(enc))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 1 {
				t.Fatalf("got %d games, want 1", len(games))
			}
			if got, _ := games[0].Tag("White"); got != tt.white {
				t.Errorf("White = %q, want %q", got, tt.white)
			}
		})
	}
}

func TestReaderLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n")
	for i := 0; i < MaxPlies+10; i++ {
		b.WriteString("32-28 ")
	}
	b.WriteString("*\n[Event \"next\"] 1. 33-29 *")
	games, err := ReadAll(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("got %d games, want 2", len(games))
	}
	if len(games[0].Moves) != MaxPlies || !errors.Is(games[0].Err, ErrTooLong) {
		t.Errorf("first game: %d moves, Err %v; want %d moves and ErrTooLong", len(games[0].Moves), games[0].Err, MaxPlies)
	}
	if games[1].Err != nil || len(games[1].Moves) != 1 {
		t.Errorf("second game: %d moves, Err %v; want 1 move and no error", len(games[1].Moves), games[1].Err)
	}
}

func TestReaderReadError(t *testing.T) {
	broken := errors.New("disk on fire")
	r := NewReader(io.MultiReader(strings.NewReader("[Event \"x\"]\n1. 32-28 "), iotest.ErrReader(broken)))
	_, err := r.Next()
	if !errors.Is(err, broken) {
		t.Fatalf("Next error = %v, want %v", err, broken)
	}
}

func TestGameTag(t *testing.T) {
	g := &Game{Tags: []Tag{{"GameType", "20"}, {"gametype", "25"}}}
	if v, ok := g.Tag("GAMETYPE"); !ok || v != "20" {
		t.Errorf("Tag = %q, %v; want the first, \"20\"", v, ok)
	}
	if _, ok := g.Tag("FEN"); ok {
		t.Error("Tag(FEN) found a tag that is not there")
	}
	g.SetTag("fen", "W:W31:B19")
	g.SetTag("GameType", "98")
	want := []Tag{{"GameType", "98"}, {"gametype", "25"}, {"fen", "W:W31:B19"}}
	if diff := cmp.Diff(want, g.Tags); diff != "" {
		t.Errorf("tags after SetTag (-want +got):\n%s", diff)
	}
}

// TestReaderBoundedText reads a file whose word, comment and tag value are
// megabytes long: each is cut to its limit and the next game still reads.
func TestReaderBoundedText(t *testing.T) {
	huge := strings.Repeat("é", 1<<20)
	in := "[Event \"" + huge + "\"]\n1. 32-28" + huge + " {" + huge + "} " + strings.Repeat("{c} ", 100) + "2-8 *\n[Event \"next\"] 1. 33-29 *"
	games, err := ReadAll(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	g := games[0]
	if v, _ := g.Tag("Event"); utf8.RuneCountInString(v) != maxValue {
		t.Errorf("Event value of %d runes, want it cut to %d", utf8.RuneCountInString(v), maxValue)
	}
	if len(g.Moves) != 2 || utf8.RuneCountInString(g.Moves[0].Text) != maxWord || g.Moves[1].Text != "2-8" {
		t.Errorf("moves %d, first %d runes, second %.10q; want 2 moves, the first cut to %d runes, then 2-8",
			len(g.Moves), utf8.RuneCountInString(g.Moves[0].Text), g.Moves[len(g.Moves)-1].Text, maxWord)
	}
	if n := utf8.RuneCountInString(g.Moves[0].Comment); n > maxComments+maxValue {
		t.Errorf("comments of %d runes kept, want at most %d", n, maxComments+maxValue)
	}
	if g.Result != "*" {
		t.Errorf("result %q, want *", g.Result)
	}
}
