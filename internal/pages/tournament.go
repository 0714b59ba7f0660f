package pages

import (
	"postald/internal/report"
)

// TournamentPage is a tournament's page: the director's report, its games linked.
type TournamentPage struct {
	Frame
	Heading     string // the report's title, or on the web the tournament's code and name
	View        *report.View
	CrossTitle  string
	CrossHeader []string
	CrossRows   [][]string
	CrossNotes  []string
	NameColumn  int
	// PointsColumn is the crosstable's column of points: the opponents' columns lie between
	// the name's and it, the tie-breaks after it.
	PointsColumn int
	// Games links each game's name to its page; nil draws the names alone (the report).
	Games map[string]string
	// PDN links every game as PDN; "" none.
	PDN string
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
	p := TournamentPage{
		Frame: fr, Heading: heading, View: v,
		CrossTitle:   fr.Report.Crosstable,
		CrossHeader:  v.Cross.Header(v.Lang),
		CrossRows:    v.Cross.Rows(),
		CrossNotes:   v.Cross.Notes(v.Lang),
		NameColumn:   2,
		PointsColumn: 3 + len(v.Cross.Standings), // place, number, name, an opponent a column
		Games:        games,
		PDN:          pdn,
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
