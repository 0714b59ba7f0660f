package diagram_test

import (
	"bytes"
	"fmt"
	"image/png"

	"postald/internal/diagram"
	"postald/internal/rules"
)

// A column draughts position after White's capture c3:e5: the white man
// takes the top piece of the tower on d4 and puts it under itself.
func ExamplePNG() {
	v, _ := rules.VariantByID("column")
	before, err := rules.ParseFEN(v, "W:Wc3(wb),a1:Bd4(bw),f8")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := rules.ParseMove(&before, "c3:e5")
	if err != nil {
		fmt.Println(err)
		return
	}
	after := before.Play(m)
	b, err := diagram.PNG(after, diagram.Options{Last: &m, Width: 320})
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(after.FEN())
	fmt.Printf("%d×%d pixels\n", cfg.Width, cfg.Height)
	// Output:
	// B:Wa1,d4,e5(wbb):Bf8
	// 320×290 pixels
}
