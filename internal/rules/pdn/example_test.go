package pdn_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"postald/internal/rules"
	"postald/internal/rules/pdn"
)

// Read the games of a file one by one and replay them.
func ExampleReader() {
	const file = `[Event       "XXV первенство СССР"]
[White       "Абаулин В."]
[Result      "1-0"]

1. c3-d4 f6-g5 2. b2-c3 g5-h4 3. c3-b4 g7-f6 4. d4-c5 b6xd4 5. e3xc5 1-0

[GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23-29 4. 33x24 20x 29 2-0
[GameType "20"] 1. 32-28 19-23 2. 33-29 *
`
	r := pdn.NewReader(strings.NewReader(file))
	for n := 1; ; n++ {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		white, _ := g.Tag("White")
		rg, err := pdn.Replay(g, nil)
		if err != nil {
			fmt.Printf("game %d (%s): %v\n", n, rg.Variant, err)
			continue
		}
		fmt.Printf("game %d (%s, %q): %d plies, %s\n", n, rg.Variant, white, len(rg.Moves), g.Result)
	}
	// Output:
	// game 1 (russian, "Абаулин В."): 9 plies, 1-0
	// game 2 (international, ""): 8 plies, 2-0
	// game 3 (international): move 3 (33-29): illegal move: capture is compulsory: capturing is compulsory; a capture is written with :
}

// Write a game played with the rules engine as PDN.
func ExampleFromGame() {
	v, _ := rules.VariantByID("russian")
	rg := rules.NewGame(v.Start())
	for _, text := range []string{"e3-f4", "d6-e5", "f4:d6", "c7:e5"} {
		if _, err := rg.PlayText(text); err != nil {
			fmt.Println(err)
			return
		}
	}
	tags := []pdn.Tag{{Name: "White", Value: "Иванов"}, {Name: "Black", Value: "Петров"}}
	if err := pdn.Write(os.Stdout, pdn.FromGame(rg, tags, "*")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [White "Иванов"]
	// [Black "Петров"]
	// [Result "*"]
	// [GameType "25"]
	//
	// 1. e3-f4 d6-e5 2. f4:d6 c7:e5 *
}
