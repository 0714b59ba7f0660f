package tournament

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/golden"
	"postald/internal/lots"
	"postald/internal/referee"
	"postald/internal/rules"
)

// lotSheet is a Russian-draughts tournament of six players whose numbers the lot draws (no
// player has one) and whose pairs draw an opening from a list of three: a series of moves, a
// starting position of its own, and a position with moves from it.
const lotSheet = `[tournament]
code = "ЖР-1"
name = "Кубок с жеребьёвкой"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
rounds = 2

[lots]
openings = "list"

[[lots.line]]
name = "Дебют 1"
moves = "1. c3-d4 f6-g5 2. b2-c3"

[[lots.line]]
name = "Позиция 1"
fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

[[lots.line]]
name = "Дебют 2"
fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
moves = "1. c3-b4 b6-a5"

[[player]]
name = "Первый"
email = "p1@mail.example"
[[player]]
name = "Второй"
email = "p2@mail.example"
[[player]]
name = "Третий"
email = "p3@mail.example"
[[player]]
name = "Четвёртый"
email = "p4@mail.example"
[[player]]
name = "Пятый"
email = "p5@mail.example"
[[player]]
name = "Шестой"
email = "p6@mail.example"
`

// testSeed is a fixed seed, so that the draws are the same every run.
func testSeed(t testing.TB, b byte) lots.Seed {
	t.Helper()
	s, err := lots.ParseSeed(strings.Repeat(fmt.Sprintf("%02x", b), 32))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func drawnSheet(t *testing.T, data string, seed lots.Seed) *Sheet {
	t.Helper()
	s, err := ParseSheet([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Draw(seed); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDrawNumbers: the players' numbers are the order lots.Seed.Order gives the sheet's list, the
// player at place k of the order getting number k+1 (the recipe of docs/director.md); each
// number once; the same seed the same numbers; another seed, for six players, other numbers.
func TestDrawNumbers(t *testing.T) {
	seed := testSeed(t, 7)
	s := drawnSheet(t, lotSheet, seed)
	listed := []string{"Первый", "Второй", "Третий", "Четвёртый", "Пятый", "Шестой"}
	order := seed.Order("numbers", 6)
	for k, i := range order {
		p := s.Players[k]
		if p.Number != k+1 || p.Name != listed[i] {
			t.Errorf("number %d: %d %s, want the player listed %d, %s", k+1, p.Number, p.Name, i+1, listed[i])
		}
		if q, ok := s.PlayerByEmail(p.Email); !ok || q.Number != k+1 {
			t.Errorf("%s: PlayerByEmail gives number %d", p.Email, q.Number)
		}
	}
	if got := s.Lots.Order; !slices.Equal(got, []int{order[0] + 1, order[1] + 1, order[2] + 1, order[3] + 1, order[4] + 1, order[5] + 1}) {
		t.Errorf("Lots.Order = %v, want the order drawn from 1: %v", got, order)
	}
	again := drawnSheet(t, lotSheet, seed)
	if !cmp.Equal(s.Players, again.Players) {
		t.Error("the same seed drew other numbers")
	}
	other := drawnSheet(t, lotSheet, testSeed(t, 8))
	if cmp.Equal(s.Players, other.Players) {
		t.Error("two seeds drew the same numbers for six players")
	}
	if err := s.Draw(seed); err == nil {
		t.Error("a sheet drawn twice")
	}
	if s.Lots.Hash != seed.Hash() {
		t.Errorf("the hash is %s, want the seed's %s", s.Lots.Hash, seed.Hash())
	}
}

// TestDrawOpenings: each pair's opening is the choice of the draw "opening A-B" among the lines
// (the lower number first), both games of a pair in the double round-robin play it, and the
// table the referee decides by carries it for every game.
func TestDrawOpenings(t *testing.T) {
	seed := testSeed(t, 7)
	s := drawnSheet(t, lotSheet, seed)
	table := s.Table(nil)
	seen := map[int]int{}
	for _, g := range s.Games() {
		a, b := min(g.White, g.Black), max(g.White, g.Black)
		want := seed.Draw(fmt.Sprintf("opening %d-%d", a, b)).Choice(3)
		line, i, ok := s.Opening(g.Name)
		if !ok || i != want || line.Name != s.Lots.Lines[want].Name {
			t.Errorf("game %s: line %d %q (%v), want line %d", g.Name, i, line.Name, ok, want)
		}
		o := table.Openings[g.Name]
		if o.Name != line.Name || o.Setup != line.Setup || !slices.Equal(o.Moves, line.Moves) {
			t.Errorf("game %s: the table's opening %+v, the sheet's %+v", g.Name, o, line)
		}
		seen[i]++
	}
	if len(seen) < 2 {
		t.Errorf("30 games all drew the same line: %v", seen)
	}
	var pairs int
	for _, d := range s.Drawings() {
		if d.Label == "numbers" {
			if d.Among != 6 || len(d.Order) != 6 {
				t.Errorf("the numbers' drawing: %+v", d)
			}
			continue
		}
		pairs++
		if d.Among != 3 || len(d.Games) != 2 || d.Line < 1 || d.Line > 3 {
			t.Errorf("%s: %+v, want two games and a line of three", d.Label, d)
		}
	}
	if pairs != 15 {
		t.Errorf("%d openings drawn, want one per pair of six players: 15", pairs)
	}
}

// TestLines: the lines as the rules engine reads them, normalised to full notation; a first-move
// list is White's legal first moves in the order of their notation.
func TestLines(t *testing.T) {
	s, err := ParseSheet([]byte(lotSheet))
	if err != nil {
		t.Fatal(err)
	}
	start := "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
	p, err := rules.ParseFEN(mustVariant(t, "russian"), start)
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{
		{Name: "Дебют 1", Moves: []string{"c3-d4", "f6-g5", "b2-c3"}},
		{Name: "Позиция 1", Setup: p.FEN()},
		{Name: "Дебют 2", Setup: p.FEN(), Moves: []string{"c3-b4", "b6-a5"}},
	}
	if diff := cmp.Diff(want, s.Lots.Lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if got := want[0].Text(); got != "1. c3-d4 f6-g5 2. b2-c3" {
		t.Errorf("Text() = %q", got)
	}
	if want[0].ToMove() != referee.Black || want[2].ToMove() != referee.White {
		t.Error("the side on move after a line")
	}

	head, _, _ := strings.Cut(lotSheet, "[lots]")
	first, err := ParseSheet([]byte(head + "[lots]\nopenings = \"first-move\"\n" + lotPlayers))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range first.Lots.Lines {
		names = append(names, l.Name)
	}
	wantNames := []string{"1. a3-b4", "1. c3-b4", "1. c3-d4", "1. e3-d4", "1. e3-f4", "1. g3-f4", "1. g3-h4"}
	if !slices.Equal(names, wantNames) {
		t.Errorf("White's first moves: %q, want %q", names, wantNames)
	}
}

const lotPlayers = `
[[player]]
name = "A"
email = "a@mail.example"
[[player]]
name = "B"
email = "b@mail.example"
`

func mustVariant(t *testing.T, id string) *rules.Variant {
	t.Helper()
	v, err := rules.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestLotsRefused: every mistake of a [lots] table is refused with its key and why.
func TestLotsRefused(t *testing.T) {
	head := `[tournament]
code = "T-1"
name = "T"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
`
	numbered := `
[[player]]
number = 1
name = "A"
email = "a@mail.example"
[[player]]
number = 2
name = "B"
email = "b@mail.example"
`
	for _, tc := range []struct {
		name, lots, players, where, what string
	}{
		{"numbers drawn and given", "[lots]\nnumbers = true\n", numbered, "lots.numbers", "leave every number out"},
		{"numbers neither drawn nor given", "[lots]\nnumbers = false\n", lotPlayers, "player 1.number", "numbers start at 1"},
		{"some numbers given", "", "\n[[player]]\nnumber = 1\nname = \"A\"\nemail = \"a@mail.example\"\n[[player]]\nname = \"B\"\nemail = \"b@mail.example\"\n", "player 2.number", "numbers start at 1"},
		{"unknown openings", "[lots]\nopenings = \"ballot\"\n", lotPlayers, "lots.openings", `"ballot": want "first-move" or "list"`},
		{"list without lines", "[lots]\nopenings = \"list\"\n", lotPlayers, "lots.line", "there are none"},
		{"lines without the list", "[[lots.line]]\nname = \"x\"\nmoves = \"1. c3-d4\"\n", lotPlayers, "lots.line", `set openings = "list"`},
		{"lines with first-move", "[lots]\nopenings = \"first-move\"\n[[lots.line]]\nname = \"x\"\nmoves = \"1. c3-d4\"\n", lotPlayers, "lots.line", "leave the lines out"},
		{"a line without a name", "[lots]\nopenings = \"list\"\n[[lots.line]]\nmoves = \"1. c3-d4\"\n", lotPlayers, "lots.line[0].name", "missing"},
		{"two lines one name", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nmoves = \"1. c3-d4\"\n[[lots.line]]\nname = \"x\"\nmoves = \"1. a3-b4\"\n", lotPlayers, "lots.line[1].name", "also the name of lots.line[0]"},
		{"an illegal move", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nmoves = \"1. c3-d4 f6-g5 2. a1-b2\"\n", lotPlayers, "lots.line[0].moves", "move 2. a1-b2"},
		{"a line with nothing", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\n", lotPlayers, "lots.line[0].moves", "a line has moves, a starting position"},
		{"a result in a line", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nmoves = \"1. c3-d4 1-0\"\n", lotPlayers, "lots.line[0].moves", "a result"},
		{"Black to move", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nfen = \"B:Wc3:Bf6\"\n", lotPlayers, "lots.line[0].fen", "Black to move"},
		{"an unreadable position", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nfen = \"W:Wz9:Bf6\"\n", lotPlayers, "lots.line[0].fen", "z9"},
		{"a game over", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nfen = \"W:Wc3:Bd4\"\nmoves = \"1. c3:e5\"\n", lotPlayers, "lots.line[0].moves", "over after it"},
		{"a position lost at once", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nfen = \"W:Wa1:Bb2,c3\"\n", lotPlayers, "lots.line[0].fen", "over after it"},
		{"too many moves", "[lots]\nopenings = \"list\"\n[[lots.line]]\nname = \"x\"\nmoves = \"" + strings.Repeat("1. c3-d4 f6-g5 ", 21) + "\"\n", lotPlayers, "lots.line[0].moves", "at most 40"},
		{"an unknown key", "[lots]\nopening = \"list\"\n", lotPlayers, "lots.opening", "unknown key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSheet([]byte(head + tc.lots + tc.players))
			var inv *InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("ParseSheet: %v, want the problems named", err)
			}
			for _, p := range inv.Problems {
				if p.Where == tc.where && strings.Contains(p.What, tc.what) {
					return
				}
			}
			t.Errorf("%v: want %s: …%s…", err, tc.where, tc.what)
		})
	}
}

// TestCheckGame: a game opened by the referee from the table begins as drawn; one whose drawn
// plies, starting position or name differ is named with what differs.
func TestCheckGame(t *testing.T) {
	s := drawnSheet(t, lotSheet, testSeed(t, 7))
	table := s.Table(nil)
	for _, g := range s.Games() {
		d, err := referee.Open(table, g.Name, s.Start.Start(time.UTC))
		if err != nil {
			t.Fatalf("game %s: %v", g.Name, err)
		}
		if err := s.CheckGame(&d.Game); err != nil {
			t.Errorf("an opened game: %v", err)
		}
		line, _, _ := s.Opening(g.Name)
		if changed := d.Game; len(line.Moves) > 0 {
			changed.Plies = slices.Clone(changed.Plies)
			changed.Plies[0].Text = "a3-b4"
			if err := s.CheckGame(&changed); err == nil || !strings.Contains(err.Error(), "the lot drew") {
				t.Errorf("game %s with another first move: %v", g.Name, err)
			}
		}
		moved := d.Game
		moved.Setup = ""
		if line.Setup != "" {
			if err := s.CheckGame(&moved); err == nil || !strings.Contains(err.Error(), "begins from") {
				t.Errorf("game %s from the variant's start: %v", g.Name, err)
			}
		}
		renamed := d.Game
		renamed.Opening = "другой"
		if err := s.CheckGame(&renamed); err == nil {
			t.Errorf("game %s under another name: verified", g.Name)
		}
	}
}

// TestStartLetterWithLots: the start letters of a drawn tournament name the hash, each game's
// opening and who is on move after it, and a sample letter that continues the drawn opening;
// a tournament without lots writes its letters as before (the other golden files).
func TestStartLetterWithLots(t *testing.T) {
	s := drawnSheet(t, lotSheet, testSeed(t, 7))
	for _, n := range []int{1, 4} {
		l, err := s.StartLetter(n)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(l.Body, s.Lots.Hash.String()) {
			t.Errorf("player %d: the start letter does not give the hash", n)
		}
		golden.Text(t, fmt.Sprintf("testdata/start.lots.%d.golden", n), l.Body)
	}
	en := drawnSheet(t, strings.Replace(lotSheet, "address = ", "language = \"en\"\naddress = ", 1), testSeed(t, 7))
	l, err := en.StartLetter(2)
	if err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "testdata/start.lots.en.2.golden", l.Body)
}

// TestSampleAfterOpening: the sample letter of a game with a drawn opening repeats a legal move
// of the partner and gives a legal reply, in the position after the drawn moves.
func TestSampleAfterOpening(t *testing.T) {
	s := drawnSheet(t, lotSheet, testSeed(t, 7))
	for _, line := range s.Lots.Lines {
		for _, side := range []referee.Side{referee.White, referee.Black} {
			received, own, ok := sampleAfter("russian", line, side)
			if !ok {
				t.Fatalf("%s, %s: no sample", line.Name, side)
			}
			g := rules.NewGame(mustStart(t, line))
			for _, m := range line.Moves {
				if _, err := g.PlayText(m); err != nil {
					t.Fatal(err)
				}
			}
			if line.ToMove() == side {
				p := g.Position()
				g.Moves = append(g.Moves, p.LegalMoves(nil)[0])
			}
			for _, m := range []string{received, own} {
				_, text, _ := strings.Cut(m, " ")
				if _, err := g.PlayText(text); err != nil {
					t.Errorf("%s, %s: sample %q then %q: %v", line.Name, side, received, own, err)
				}
			}
		}
	}
}

func mustStart(t *testing.T, l Line) rules.Position {
	v := mustVariant(t, "russian")
	if l.Setup == "" {
		return v.Start()
	}
	p, err := rules.ParseFEN(v, l.Setup)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDocLotsKeys holds docs/director.md to the [lots] table as TestDocDirectorKeys holds it to
// the others: every key of lotsFile and lineFile has a row with its default.
func TestDocLotsKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	var keys []docKey
	for _, f := range fields(reflect.TypeFor[lotsFile]()) {
		if f.tag != "line" {
			keys = append(keys, docKey{section: "[lots]", key: f.tag})
		}
	}
	for _, f := range fields(reflect.TypeFor[lineFile]()) {
		keys = append(keys, docKey{section: "[[lots.line]]", key: f.tag})
	}
	checkDocKeys(t, "docs/director.md", string(doc), keys)
}

// FuzzReadLine: whatever a sheet writes as a line's moves and position, ReadLine returns moves
// that replay from the position and leave a game in play, or a *LineError; it never panics.
func FuzzReadLine(f *testing.F) {
	f.Add("russian", "", "1. c3-d4 f6-g5 2. b2-c3")
	f.Add("russian", "W:Wa1,c3:Bf6,h8", "1. c3-d4")
	f.Add("international", "", "1. 32-28 19-23 2. 28x19 14x23")
	f.Add("column", "", "1.c3-d4 f6-g5 {comment} (1... b6-a5) 2.g3-f4 *")
	f.Add("lasca", "", "1. c3-d4 e5-f4 2. g3xe5")
	f.Add("russian", "B:Wa1:Bh8", "")
	f.Add("russian", "", "1-0")
	f.Fuzz(func(t *testing.T, variant, setup, text string) {
		v, err := rules.VariantByID(variant)
		if err != nil {
			return
		}
		moves, err := ReadLine(v, setup, text)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("%q %q: %v is not a *LineError", setup, text, err)
			}
			return
		}
		p := v.Start()
		if setup != "" {
			if p, err = rules.ParseFEN(v, setup); err != nil {
				t.Fatalf("%q: accepted a position that does not read: %v", setup, err)
			}
		}
		if len(moves) > MaxLineMoves {
			t.Fatalf("%d moves", len(moves))
		}
		for _, m := range moves {
			mv, err := rules.ParseMove(&p, m)
			if err != nil {
				t.Fatalf("%q %q: move %q does not replay: %v", setup, text, m, err)
			}
			p = p.Play(mv)
		}
		if p.Outcome() != rules.Ongoing {
			t.Fatalf("%q %q: accepted a line after which the game is over", setup, text)
		}
	})
}

// FuzzDrawSheet: any sheet ParseSheet accepts that draws by lot is drawn by any seed: the numbers
// are 1..N, each once, every player still found by his address, and every game opens, at the
// table the referee decides by, with the opening drawn for it (CheckGame).
func FuzzDrawSheet(f *testing.F) {
	f.Add([]byte(lotSheet), []byte{7})
	head, _, _ := strings.Cut(lotSheet, "[lots]")
	f.Add([]byte(head+"[lots]\nopenings = \"first-move\"\n"+lotPlayers), []byte("seed"))
	f.Fuzz(func(t *testing.T, data, key []byte) {
		s, err := ParseSheet(data)
		if err != nil || !s.NeedsLot() || len(s.Players) > 30 {
			return
		}
		var seed lots.Seed
		copy(seed[:], key)
		if err := s.Draw(seed); err != nil {
			t.Fatalf("Draw: %v", err)
		}
		for i, p := range s.Players {
			if p.Number != i+1 {
				t.Fatalf("player %d has number %d", i, p.Number)
			}
			if p.Email != "" {
				if q, ok := s.PlayerByEmail(p.Email); !ok || q.Number != p.Number {
					t.Fatalf("%s: number %d, found %d", p.Email, p.Number, q.Number)
				}
			}
		}
		table := s.Table(time.UTC)
		for _, g := range s.Games() {
			d, err := referee.Open(table, g.Name, s.Start.Start(time.UTC))
			if err != nil {
				t.Fatalf("game %s: %v", g.Name, err)
			}
			if err := s.CheckGame(&d.Game); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// bigLotSheet is a round-robin of n players whose numbers and openings (among ten lines) are drawn.
func bigLotSheet(n int) []byte {
	var b strings.Builder
	b.WriteString(strings.Split(lotSheet, "[lots]")[0])
	b.WriteString("[lots]\nopenings = \"list\"\n")
	moves := []string{"c3-d4", "c3-b4", "a3-b4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}
	for i := range 10 {
		fmt.Fprintf(&b, "[[lots.line]]\nname = \"Дебют %d\"\nmoves = \"1. %s\"\n", i+1, moves[i%len(moves)])
		if i >= len(moves) {
			b.WriteString("fen = \"W:Wc1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8\"\n")
		}
	}
	for i := range n {
		fmt.Fprintf(&b, "[[player]]\nname = \"Игрок %d\"\nemail = \"p%d@mail.example\"\n", i+1, i+1)
	}
	return []byte(b.String())
}

// BenchmarkDrawSheet parses and draws a sheet of 100 players in a double round-robin (4,950
// pairs, 9,900 games), as the office does whenever the store's tournaments change: the numbers'
// order and an opening per pair.
func BenchmarkDrawSheet(b *testing.B) {
	data := bigLotSheet(100)
	seed := testSeed(b, 3)
	b.ReportAllocs()
	for b.Loop() {
		s, err := ParseSheet(data)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Draw(seed); err != nil {
			b.Fatal(err)
		}
	}
}
