package mailparse_test

import (
	"fmt"
	"log"

	"postald/internal/mailparse"
)

func ExampleParse() {
	raw := []byte("From: Ivan Sidorov <ivanov@mail.example>\r\n" +
		"Subject: CT-2026/1 game 3-7 move 12\r\n" +
		"\r\n" +
		"Dear Peter,\r\n" +
		"Received your 11... h6:f4.\r\n" +
		"My move: 12. g3:e5\r\n" +
		"Variant A: if 12... f6:d4 then 13. c3:e5\r\n" +
		"Dates: 2026-11-14, 2026-11-16, 2026-11-18\r\n" +
		"Time: 23/31\r\n" +
		"Regards, Ivan\r\n")
	l, err := mailparse.Parse(raw)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("game:", l.Tournament, l.Game)
	fmt.Println("repeated:", l.Repeated[0], "at line", l.Repeated[0].Line)
	fmt.Println("moves:", l.Moves[0], "squares", l.Moves[0].Squares)
	fmt.Println("variant", l.Variants[0].Label+":", l.Variants[0].Moves)
	fmt.Println("dates:", l.DateValues())
	fmt.Println("time:", l.Time.Fraction)
	// Output:
	// game: CT-2026/1 3-7
	// repeated: 11... h6:f4 at line 2
	// moves: 12. g3:e5 squares [g3 e5]
	// variant A: [12... f6:d4 13. c3:e5]
	// dates: [2026-11-14 2026-11-16 2026-11-18]
	// time: 23/31
}

func ExampleLetter_View() {
	raw := []byte("Subject: партия 5-2\n\nМой ход: 8... gf4\nПредлагаю ничью.\n")
	l, err := mailparse.Parse(raw)
	if err != nil {
		log.Fatal(err)
	}
	v := l.View()
	fmt.Println(v.Game, v.Moves, v.Draw)
	for _, p := range v.Problems {
		fmt.Printf("line %d: %q: %s\n", p.Line, p.Text, p.What)
	}
	// Output:
	// 5-2 [8... gf4] offer
	// line 1: "gf4": abbreviated notation
}
