package tournament

import (
	"regexp"
	"strconv"
	"strings"

	"postald/internal/phrase"
)

// words returns the words of the tournament's texts in lang: its section of the phrasebook
// (Russian for an empty or unknown language).
func words(lang string) *phrase.TournamentText { return &phrase.For(lang).Tournament }

// tiebreakHeading heads the column of a tie-break.
func tiebreakHeading(h *phrase.TournamentText, tb string) string {
	t := &h.Tiebreaks
	switch tb {
	case Shmulyan:
		return t.Shmulyan
	case Berger:
		return t.Berger
	case SonnebornBerger:
		return t.SonnebornBerger
	case Buchholz:
		return t.Buchholz
	case Solkoff:
		return t.Solkoff
	case SolkoffTruncated:
		return t.SolkoffTruncated
	case Riga:
		return t.Riga
	case Wins:
		return t.Wins
	case HeadToHead:
		return t.HeadToHead
	case BeatenPoints:
		return t.BeatenPoints
	case ResultsByPlace:
		return t.ResultsByPlace
	case OpponentsRating:
		return t.OpponentsRating
	}
	return tb
}

// Text formats the crosstable as aligned UTF-8 text, headings in lang ("ru" or "en"; Russian
// for any other): one
// line per player in order of places with his place, number, name, one column per opponent
// (in the same order, X on the diagonal) holding the results 1 ½ 0 + -, his points and a
// column per tie-break; then the notes on withdrawals.
func (ct *Crosstable) Text(lang string) string { return ct.Grid(lang).Text() }

// Grid returns the crosstable as a grid (Text): Header, Rows and Notes, the name in column 2.
func (ct *Crosstable) Grid(lang string) Grid {
	// place, number, name, an opponent a column, the points
	rows := ct.Rows()
	decimalComma(rows, 3+len(ct.Standings), lang)
	return Grid{Header: ct.Header(lang), Rows: rows, Notes: ct.Notes(lang), NameColumn: 2, Points: 3 + len(ct.Standings)}
}

// decimalComma writes the decimal fractions of the cells of rows from column from on (points,
// tie-breaks, coefficients) with a comma, 1,5, as a Russian reader writes them, in a grid in
// Russian; other languages keep the point. The tables' numbers themselves (JSON, TRF) are not
// grids and keep the point.
func decimalComma(rows [][]string, from int, lang string) {
	if phrase.For(lang).Lang != Russian {
		return
	}
	for _, r := range rows {
		for i := from; i < len(r); i++ {
			if decimal.MatchString(r[i]) {
				r[i] = strings.Replace(r[i], ".", ",", 1)
			}
		}
	}
}

var decimal = regexp.MustCompile(`^-?\d+\.\d+$`)

// Header returns the column headings of the crosstable in lang: place, number, name, the
// opponents' numbers, points, then one heading per tie-break.
func (ct *Crosstable) Header(lang string) []string {
	h := words(lang)
	header := []string{h.Place, h.Number, h.Name}
	for _, s := range ct.Standings {
		header = append(header, strconv.Itoa(s.Number))
	}
	header = append(header, h.Points)
	for _, tb := range ct.Tiebreaks {
		header = append(header, tiebreakHeading(h, tb))
	}
	return header
}

// Rows returns the crosstable's lines under Header, in order of places: every value as the
// text crosstable writes it.
func (ct *Crosstable) Rows() [][]string {
	col := map[int]int{} // player number -> column
	for k, s := range ct.Standings {
		col[s.Number] = k
	}
	var rows [][]string
	for k, s := range ct.Standings {
		cells := make([]string, len(ct.Standings))
		cells[k] = "X"
		for _, g := range s.Games {
			if g.Opponent == 0 {
				continue // a Swiss's bye: no column of its own
			}
			sym := g.Score.Symbol()
			if g.Annulled {
				sym = "(" + sym + ")"
			}
			cells[col[g.Opponent]] += sym
		}
		row := []string{s.Place, strconv.Itoa(s.Number), s.Name}
		row = append(row, cells...)
		row = append(row, FormatPoints(s.Points))
		row = append(row, tiebreakCells(ct.Tiebreaks, s.Tiebreaks)...)
		rows = append(rows, row)
	}
	return rows
}

// Notes returns the remarks under the crosstable in lang: who withdrew and how his games
// were scored, and what a result in parentheses means.
func (ct *Crosstable) Notes(lang string) []string {
	h := words(lang)
	var struck, withdrawn []string
	annulled := false
	for _, s := range ct.Standings {
		switch {
		case s.StruckOut:
			struck = append(struck, strconv.Itoa(s.Number)+" "+s.Name)
		case s.Withdrawn:
			withdrawn = append(withdrawn, strconv.Itoa(s.Number)+" "+s.Name)
		}
		for _, g := range s.Games {
			annulled = annulled || g.Annulled
		}
	}
	var notes []string
	if len(struck) > 0 {
		notes = append(notes, h.Struck+" "+strings.Join(struck, ", ")+".")
	}
	if len(withdrawn) > 0 {
		notes = append(notes, h.Withdrawn+" "+strings.Join(withdrawn, ", ")+".")
	}
	if annulled {
		notes = append(notes, h.Annulled)
	}
	return notes
}

// FormatPoints writes points as crosstables do: 3, 3½, ½, 6.25.
func FormatPoints(v float64) string {
	whole := float64(int64(v))
	switch v - whole {
	case 0:
		return strconv.FormatInt(int64(v), 10)
	case 0.5:
		if whole == 0 {
			return "½"
		}
		return strconv.FormatInt(int64(v), 10) + "½"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// tiebreakCells writes a player's tie-breaks in the order of the table's columns: head-to-head
// as points, the others as numbers, "" where a tie-break was not applied to him.
func tiebreakCells(order []string, values map[string]float64) []string {
	cells := make([]string, 0, len(order))
	for _, tb := range order {
		v, ok := values[tb]
		switch {
		case !ok:
			cells = append(cells, "")
		case tb == HeadToHead:
			cells = append(cells, FormatPoints(v))
		default:
			cells = append(cells, strconv.FormatFloat(v, 'f', -1, 64))
		}
	}
	return cells
}
