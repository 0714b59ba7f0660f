package rules_test

import (
	"errors"
	"fmt"
	"strings"

	"postald/internal/rules"
)

func ExampleVariant_Start() {
	v, _ := rules.VariantByID("lasca")
	p := v.Start()
	fmt.Println(p.FEN())
	// Output: W:W1,2,3,4,5,6,7,8,9,10,11:B15,16,17,18,19,20,21,22,23,24,25
}

func ExamplePosition_LegalMoves() {
	v, _ := rules.VariantByID("russian")
	p := v.Start()
	var moves []string
	for _, m := range p.LegalMoves(nil) {
		moves = append(moves, rules.FormatMove(&p, m))
	}
	fmt.Println(strings.Join(moves, " "))
	// Output: a3-b4 c3-d4 c3-b4 e3-f4 e3-d4 g3-h4 g3-f4
}

func ExampleParseMove() {
	v, _ := rules.VariantByID("column")
	p, _ := rules.ParseFEN(v, "W:WKd8:BKe3,b4(Bbw),d4(bWw),e7(bw)")
	_, err := rules.ParseMove(&p, "d8:a5")
	var ne *rules.NotationError
	if errors.As(err, &ne) {
		fmt.Println(ne.Kind, ne.Clause, len(ne.Candidates))
	}
	m, _ := rules.ParseMove(&p, "d8:g5:d2:a5")
	q := p.Play(m)
	fmt.Println(q.FEN())

	_, err = rules.ParseMove(&p, "gf4")
	fmt.Println(err)
	// Output:
	// ambiguous capture 4.2.2 2
	// B:Wa5(WbBB),e7:Bb4(bw),d4(bWw)
	// gf4: abbreviated notation: write both squares in full, for example c3-d4 (4.2.2)
}

// A capture taking the same pieces along either route is one move: both
// ways round the loop read as the move LegalMoves holds.
func ExampleParseMove_eitherWayRound() {
	v, _ := rules.VariantByID("international")
	p, _ := rules.ParseFEN(v, "W:W47:B41,42,31,32")
	kept := p.LegalMoves(nil)[0]
	for _, text := range []string{"47x36x27x38x47", "47x38x27x36x47"} {
		m, err := rules.ParseMove(&p, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		q := p.Play(m)
		fmt.Println(text, m.Equal(kept), rules.FormatMove(&p, m), q.FEN())
	}
	// Output:
	// 47x36x27x38x47 true 47:47 B:W47:B
	// 47x38x27x36x47 true 47:47 B:W47:B
}

func ExampleFormatMove() {
	v, _ := rules.VariantByID("international")
	p, _ := rules.ParseFEN(v, "W:W37:B32,31,21")
	m := p.LegalMoves(nil)[0] // the majority rule leaves one capture
	var route []string
	for _, sq := range m.Route() {
		route = append(route, v.SquareName(sq))
	}
	fmt.Println(rules.FormatMove(&p, m), rules.FormatMoveIn(&p, m, rules.NotationAlgebraic), route)
	// Output: 37:17 c3:c7 [26 17]
}

func ExampleGame() {
	v, _ := rules.VariantByID("column")
	g := rules.NewGame(v.Start())
	for _, text := range []string{"c3-b4", "b6-c5", "b4-a5", "a7-b6", "b2-c3", "c5-b4", "a3:a7"} {
		if _, err := g.PlayText(text); err != nil {
			fmt.Println(err)
			return
		}
	}
	p := g.Position()
	a7, _ := v.ParseSquare("a7")
	fmt.Println(p.Tower(a7), g.Outcome(), len(g.DrawClaims()))
	// Output: wbb ongoing 0
}

func ExamplePerft() {
	v, _ := rules.VariantByID("international")
	p := v.Start()
	for depth := 1; depth <= 4; depth++ {
		fmt.Printf("depth %d: %d\n", depth, rules.Perft(&p, depth))
	}
	// Output:
	// depth 1: 9
	// depth 2: 81
	// depth 3: 658
	// depth 4: 4265
}

func ExampleParseFEN() {
	v, _ := rules.VariantByID("column")
	p, err := rules.ParseFEN(v, "W:Wc3(wbb),e1:Bd6(Bww)")
	if err != nil {
		fmt.Println(err)
		return
	}
	c3, _ := v.ParseSquare("c3")
	for _, pc := range p.Tower(c3).Pieces() {
		fmt.Println(pc.Color, "king:", pc.King)
	}
	fmt.Println(p.FEN())
	// Output:
	// white king: false
	// black king: false
	// black king: false
	// W:We1,c3(wbb):Bd6(Bww)
}
