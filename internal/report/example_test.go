package report_test

import (
	"fmt"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/tournament"
)

func ExampleText() {
	sheet, err := tournament.ParseSheet([]byte(`
[tournament]
code = "CT-2026/2"
name = "Club cup"
variant = "russian"
start = 2026-11-01
end = 2027-05-01
language = "en"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[[player]]
number = 1
name = "Adams"
email = "adams@mail.example"

[[player]]
number = 2
name = "Brown"
email = "brown@mail.example"
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	text, err := report.Text(report.Input{
		Sheet: sheet,
		Today: daysclock.Date{Year: 2026, Month: 12, Day: 1},
		Games: []report.Game{{
			Name: "1-2", Status: referee.StatusPlaying, ToMove: "black", Moves: 7,
			White: report.Clock{Days: 9, Control: 10, Limit: 50},
			Black: report.Clock{Days: 21, Control: 10, Limit: 50, LastDay: daysclock.Date{Year: 2026, Month: 12, Day: 5}},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	i := strings.Index(text, "Controls due")
	fmt.Print(text[i : i+strings.Index(text[i:], "\n\n")+1])
	// Output:
	// Controls due within 7 days
	// ==========================
	// Last day    Game  Player  Control           Days
	// 2026-12-05  1-2   Brown   move 10: 50 days  21    4 days left
}
