package pages

import (
	"postald/internal/phrase"
	"postald/internal/tournament"
)

// Listed is one tournament of the list, with how many of its games the store holds and how
// many of those go on.
type Listed struct {
	Sheet    *tournament.Sheet
	Href     string // the tournament's page
	Games    int    // the games of its Berger table
	Playing  int    // games in play or awaiting adjudication
	Finished int
}

// IndexPage is the list of tournaments.
type IndexPage struct {
	Frame
	Rows []IndexRow
}

// IndexRow is one tournament as the list shows it.
type IndexRow struct {
	Href, Code, Name, Variant, Dates string
	Lang                             string // the tournament's language, for its name
	Games, Playing, Finished         string
}

// Index draws the list of tournaments in fr's language.
func Index(fr Frame, list []Listed) ([]byte, error) {
	p := IndexPage{Frame: fr}
	w, r := fr.Words, fr.Report
	for _, l := range list {
		s := l.Sheet
		variant, ok := r.Variants.Of(s.Variant)
		if !ok {
			variant = s.Variant
		}
		p.Rows = append(p.Rows, IndexRow{
			Href: l.Href, Code: s.Code, Name: s.Name, Variant: variant, Lang: phrase.For(s.Language).Lang,
			Dates: w.Dates(r.Date(s.Start), r.Date(s.End)),
			Games: w.Games(l.Games), Playing: w.GamesPlaying(l.Playing), Finished: w.GamesFinished(l.Finished),
		})
	}
	return render("index", p)
}
