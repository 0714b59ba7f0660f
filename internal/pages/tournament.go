package pages

import (
	"fmt"
	"html/template"

	"postald/internal/report"
	"postald/internal/tournament"
)

// TournamentPage is a tournament's page: the director's report, its games linked.
type TournamentPage struct {
	Frame
	Heading string // the report's title, or on the web the tournament's code and name
	View    *report.View
	// Tables are the standings of the tournament's system (report.View.Tables), each with the
	// id of its table element: the first is the crosstable.
	Tables []Table
	// Bodies are the rows of each section of View, in its order, drawn (tables.go).
	Bodies []template.HTML
	// Games links each game's name to its page; nil draws the names alone (the report).
	Games map[string]string
	// PDN links every game as PDN; "" none.
	PDN string
}

// Table is one table of standings as a page draws it.
type Table struct {
	tournament.Grid
	ID string
	// Text marks the columns of words (the names), drawn left-aligned; the others are numbers
	// and results, centred.
	Text map[int]bool
	// Body is the table's rows, drawn (tables.go); Class the table element's classes: "cross",
	// a crosstable of players, a card per player on a phone; "rows", a card per row.
	Body  template.HTML
	Class string
}

// Tournament draws the page of a tournament from what its report shows; games maps a game's
// name to its page (nil: no links), pdn is the link to every game as PDN ("" none).
func Tournament(fr Frame, in report.Input, games map[string]string, pdn string) ([]byte, error) {
	v, err := report.Build(in)
	if err != nil {
		return nil, err
	}
	heading := v.Title
	if games != nil && in.Sheet != nil {
		// A page of the tournament, not the director's report of a day.
		heading = fr.Words.TournamentTitle(in.Sheet.Code, in.Sheet.Name)
	}
	if fr.Title == "" {
		fr.Title = heading
	}
	p := TournamentPage{Frame: fr, Heading: heading, View: v, Games: games, PDN: pdn}
	for i, g := range v.Tables {
		t := Table{Grid: g, ID: "crosstable", Text: map[int]bool{}, Class: "cross"}
		if i > 0 {
			t.ID = fmt.Sprintf("table-%d", i+1)
		}
		for _, c := range g.Left {
			t.Text[c] = true
		}
		if g.Points > 0 {
			t.Body = crossBody(g.Header, g.Rows, g.NameColumn, g.Points, t.Text)
		} else {
			// A table of teams or matches: on a phone a card per row, each value by its name.
			t.Class = "rows"
			t.Body = rowsBody(g.Header, g.Rows, g.NameColumn, t.Text)
		}
		p.Tables = append(p.Tables, t)
	}
	for _, s := range v.Sections {
		links := games
		if s.GameColumn < 0 {
			links = nil
		}
		p.Bodies = append(p.Bodies, listBody(s.Header, s.Rows, s.GameColumn, links))
	}
	return render("tournament", p)
}

// Report is the director's report as one HTML page (`postald report -html`, the report's mail):
// the tournament's page in its language, without links, switch or script.
func Report(in report.Input) (string, error) {
	lang := ""
	if in.Sheet != nil {
		lang = in.Sheet.Language
	}
	b, err := Tournament(NewFrame(lang, ""), in, nil, "")
	return string(b), err
}
