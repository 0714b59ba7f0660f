package pdn

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/rules"
)

func mustVariant(t testing.TB, id string) *rules.Variant {
	t.Helper()
	v, err := rules.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func readOne(t testing.TB, text string) *Game {
	t.Helper()
	games, err := ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("read %d games, want 1", len(games))
	}
	return games[0]
}

func TestVariantOf(t *testing.T) {
	tests := []struct {
		name string
		pdn  string
		want string
	}{
		{"GameType 25", "[GameType \"25\"] 1. 32-28 *", "russian"},
		{"GameType 20 in full form", "[GameType \"20,W,10,10,N1,0\"] 1. c3-d4 *", "international"},
		{"lidraughts antidraughts", "[GameType \"98\"] *", "international-giveaway"},
		{"column", "[GameType \"42\"] *", "column"},
		{"lasca", "[GameType \"43\"] *", "lasca"},
		{"russian giveaway", "[GameType \"44\"] *", "russian-giveaway"},
		{"column giveaway", "[GameType \"45\"] *", "column-giveaway"},
		{"lasca giveaway", "[GameType \"46\"] *", "lasca-giveaway"},
		{"no GameType, algebraic moves", "[FEN \"W:W29,30,31,32:B1,2,3,4.\"] 1. c3-d4 *", "russian"},
		{"no GameType, numeric moves", "1. 32-28 *", "international"},
		{"no GameType, algebraic FEN only", "[FEN \"W:Wa1,c3:Bh8\"] *", "russian"},
		{"no GameType, nothing", "[Event \"x\"] *", "international"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := VariantOf(readOne(t, tt.pdn))
			if err != nil {
				t.Fatal(err)
			}
			if v.ID() != tt.want {
				t.Errorf("variant %s, want %s", v.ID(), tt.want)
			}
		})
	}
	_, err := VariantOf(readOne(t, "[GameType \"21\"] 1. 11-15 *"))
	var re *ReplayError
	if !errors.As(err, &re) || re.Kind != ProblemVariant || re.Ply != 0 {
		t.Errorf("GameType 21: error %v, want a ProblemVariant at ply 0", err)
	}
}

func TestReplay(t *testing.T) {
	tests := []struct {
		name    string
		variant string // "" lets the game decide
		pdn     string
		plies   int // moves replayed
		kind    ProblemKind
		ply     int
	}{
		{name: "spaces and leading zeros", pdn: "1. 32-28 19-23 2. 28x 19 14x23 3. 31- 26 09-14 *", plies: 6},
		{name: "alphanumeric quiet move without separator", pdn: "[GameType \"25\"] 1. c3d4 f6g5 2. d4c5 b6d4 *", plies: 4},
		{name: "Russian moves in PDN numbers", pdn: "[GameType \"25\"] 1. 22-18 11-15 2. 18x11 *", plies: 3},
		{name: "capture by from and to around corners", pdn: "[GameType \"25\"] [FEN \"W:Wc1:Bb2,b4,e5\"] 1. c1:c5 *", plies: 1},
		{name: "routes taking the same pieces are one move (FMJD)", pdn: "[GameType \"25\"] [FEN \"W:Wc1:Bb2,b4,d2,d4\"] 1. c1:c1 *", plies: 1},
		{name: "ambiguous capture", pdn: "[GameType \"25\"] [FEN \"W:WKa5:Bg3,b4,d4,b6\"] 1. a5:h2 *", kind: ProblemAmbiguous, ply: 1},
		{name: "the turning point decides", pdn: "[GameType \"25\"] [FEN \"W:WKa5:Bg3,b4,d4,b6\"] 1. a5:c7:h2 *", plies: 1},
		{name: "the other route", pdn: "[GameType \"25\"] [FEN \"W:WKa5:Bg3,b4,d4,b6\"] 1. a5:c3:e5:h2 *", plies: 1},
		{name: "black to move from the FEN", pdn: "[FEN \"B:W28:B19\"] 1... 19-23 28x19 *", plies: 2},
		{name: "FEN without SetUp, with a trailing dot", pdn: "[FEN \"W:W31-50:B1-20.\"] 1. 32-28 *", plies: 1},
		{name: "bad FEN", pdn: "[FEN \"W:W99:B1\"] 1. 32-28 *", kind: ProblemFEN, ply: 0},
		{name: "garbled word", pdn: "1. 32-28 hello *", plies: 1, kind: ProblemUnreadable, ply: 2},
		{name: "abbreviated notation", pdn: "[GameType \"25\"] 1. cd4 *", kind: ProblemUnreadable, ply: 1},
		{name: "wrong side", pdn: "1. 19-23 *", kind: ProblemIllegal, ply: 1},
		{name: "capture ignored", pdn: "1. 32-28 19-23 2. 31-27 *", plies: 2, kind: ProblemIllegal, ply: 3},
		{name: "variant given overrides GameType", variant: "russian", pdn: "[GameType \"20\"] 1. c3-d4 *", plies: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v *rules.Variant
			if tt.variant != "" {
				v = mustVariant(t, tt.variant)
			}
			rg, err := Replay(readOne(t, tt.pdn), v)
			if tt.kind == 0 {
				if err != nil {
					t.Fatalf("Replay: %v", err)
				}
			} else {
				var re *ReplayError
				if !errors.As(err, &re) {
					t.Fatalf("error %v, want a *ReplayError %v", err, tt.kind)
				}
				if re.Kind != tt.kind || re.Ply != tt.ply {
					t.Fatalf("error %v: kind %v at ply %d, want %v at ply %d", err, re.Kind, re.Ply, tt.kind, tt.ply)
				}
			}
			got := 0
			if rg != nil {
				got = len(rg.Moves)
			}
			if got != tt.plies {
				t.Errorf("%d moves replayed, want %d", got, tt.plies)
			}
		})
	}
}

// TestReplayAmbiguousRoutes checks which pieces the two routes of the
// ambiguous capture take: a5:c7:h2 takes b6 and g3; a5:c3:e5:h2 takes b4,
// d4 and g3 (Russian rules: no majority, both are legal).
func TestReplayAmbiguousRoutes(t *testing.T) {
	v := mustVariant(t, "russian")
	for _, tt := range []struct {
		move  string
		taken []string
	}{
		{"a5:c7:h2", []string{"b6", "g3"}},
		{"a5:c3:e5:h2", []string{"b4", "d4", "g3"}},
	} {
		rg, err := Replay(readOne(t, "[FEN \"W:WKa5:Bg3,b4,d4,b6\"] 1. "+tt.move+" *"), v)
		if err != nil {
			t.Fatalf("%s: %v", tt.move, err)
		}
		var taken []string
		for _, sq := range rg.Moves[0].Jumped() {
			taken = append(taken, v.SquareName(sq))
		}
		if strings.Join(taken, " ") != strings.Join(tt.taken, " ") {
			t.Errorf("%s takes %v, want %v", tt.move, taken, tt.taken)
		}
	}
}

// TestSeedColumnGame replays the seed's sample column game (Ivanov –
// Petrov, seed 000 section 1) in the seed's own notation, from 1. c3-b4 to
// 11. b2:d4:f6:d8:a5:d2:h6, after which Black resigned.
func TestSeedColumnGame(t *testing.T) {
	games := readFile(t, filepath.Join("testdata", "column-ivanov-petrov.pdn"))
	if len(games) != 1 {
		t.Fatalf("%d games, want 1", len(games))
	}
	g := games[0]
	if n := len(g.Moves); n != 21 {
		t.Fatalf("%d plies, want 21 (11 moves of White, 10 of Black)", n)
	}
	if last := g.Moves[20].Text; last != "b2:d4:f6:d8:a5:d2:h6" {
		t.Errorf("last move %q", last)
	}
	withMark := *g
	withMark.Moves = append([]Move(nil), g.Moves...)
	withMark.Moves[20].Text = "b2:d4:f6:d8D:a5:d2:h6" // the seed's promotion mark
	for _, tc := range []struct {
		g *Game
		v *rules.Variant
	}{{g, nil}, {g, mustVariant(t, "column")}, {&withMark, nil}} {
		g, v := tc.g, tc.v
		rg, err := Replay(g, v)
		if err != nil {
			t.Fatalf("Replay: %v", err)
		}
		p := rg.Position()
		// The final move takes c3, the top of e5, e7, c7, b4 and g5 (the
		// seed's comment), six pieces, and leaves the white king on h6.
		last := rg.Moves[20]
		if last.NumJumps() != 6 {
			t.Errorf("the last move takes %d pieces, want 6", last.NumJumps())
		}
		h6, _ := v0(rg).ParseSquare("h6")
		top := p.Tower(h6).Top()
		if top.Color != rules.White || !top.King {
			t.Errorf("h6 holds %v on top, want a white king", top)
		}
		// 4. a3:a7 made a tower of three pieces on a7 (the seed's comment).
		ps := rg.Positions()
		a7, _ := v0(rg).ParseSquare("a7")
		if h := ps[7].Tower(a7).Height(); h != 3 {
			t.Errorf("after 4. a3:a7 the tower on a7 has %d pieces, want 3", h)
		}
	}
}

func v0(rg *rules.Game) *rules.Variant { return rg.Variant }

// TestSeedLascaGame replays the seed's Lasca game (Johnson-Davies –
// Matthews, seed 000 section 2) as printed: it stops at White's 23rd move,
// "23. e3-d4", because no piece stands on e3 (see cmd/postald's
// TestCheckSeedLasca for why). With 23. c5-d4, the only white move to d4
// that fits the rest of the record, every move replays to the end.
func TestSeedLascaGame(t *testing.T) {
	g := readFile(t, filepath.Join("testdata", "lasca-johnson-davies-matthews.pdn"))[0]
	if n := len(g.Moves); n != 53 {
		t.Fatalf("%d plies, want 53 (27 moves of White, 26 of Black)", n)
	}
	rg, err := Replay(g, nil)
	var re *ReplayError
	if !errors.As(err, &re) || re.Ply != 45 || re.Text != "e3-d4" || re.Kind != ProblemIllegal {
		t.Fatalf("Replay error %v, want ply 45 (e3-d4) illegal", err)
	}
	if len(rg.Moves) != 44 {
		t.Errorf("%d plies replayed, want 44", len(rg.Moves))
	}
	p := rg.Position()
	v := rg.Variant
	for _, name := range []string{"g1", "c5", "e5", "g7"} {
		sq, _ := v.ParseSquare(name)
		if pc, ok := p.PieceAt(sq); !ok || pc.Color != rules.White {
			t.Errorf("before 23. no white piece on %s", name)
		}
	}
	if n := len(p.Squares(rules.White)); n != 4 {
		t.Errorf("before 23. White has %d towers, want 4 (g1 c5 e5 g7)", n)
	}

	g.Moves[44].Text = "c5-d4"
	rg, err = Replay(g, nil)
	if err != nil {
		t.Fatalf("with 23. c5-d4: %v", err)
	}
	if len(rg.Moves) != 53 {
		t.Errorf("%d plies replayed, want 53", len(rg.Moves))
	}
}

func TestReplayErrorMessage(t *testing.T) {
	_, err := Replay(readOne(t, "[GameType \"25\"] 1. c3-d4 d6-e5 2. f6-g5 *"), nil)
	want := "move 3 (f6-g5): illegal move: not your piece: the piece on f6 is black and white is to move"
	if err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestReplayTooLong(t *testing.T) {
	g := readOne(t, "1. 32-28 *")
	g.Err = ErrTooLong
	_, err := Replay(g, nil)
	var re *ReplayError
	if !errors.As(err, &re) || re.Kind != ProblemTooLong || re.Ply != 2 || !errors.Is(err, ErrTooLong) {
		t.Errorf("error %v, want ProblemTooLong at ply 2 wrapping ErrTooLong", err)
	}
}
