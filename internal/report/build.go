package report

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"postald/internal/daysclock"
	"postald/internal/tournament"
)

// WeekAhead is how far ahead the report looks for deadlines: the days after Today whose
// deadlines it lists (with Today itself and every overdue one).
const WeekAhead = 7

// view is a report ready to be written out: the same content for text and HTML.
type view struct {
	Lang     string
	Title    string
	AsOf     string
	Facts    []string
	Cross    *tournament.Crosstable
	Sections []section // after the crosstable
}

// section is one table of the report.
type section struct {
	Title  string
	Header []string
	Rows   [][]string
	Empty  string // said instead of an empty table
}

// game is an input game joined with the sheet.
type game struct {
	Game
	pairing      tournament.Game
	white, black tournament.Player
}

func build(in Input) (*view, error) {
	s := in.Sheet
	if s == nil {
		return nil, errors.New("report: no start sheet")
	}
	if in.Today.IsZero() {
		return nil, errors.New("report: no date")
	}
	lang := s.Language
	t := text[lang]
	if t == nil {
		lang, t = tournament.Russian, text[tournament.Russian]
	}
	pairings := s.Games()
	games, err := joinGames(s, pairings, in.Games)
	if err != nil {
		return nil, err
	}
	results := map[string]tournament.Result{}
	for _, g := range games {
		if g.Result.Finished() {
			results[g.Name] = g.Result
		}
	}
	table, err := s.Table(results, in.Withdrawn)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	for _, g := range games {
		// Seed 003, 1.10.4: a game in progress with a move made counts among the games a
		// withdrawing player has played.
		if !g.Result.Finished() && g.Moves > 0 {
			table.Begun = append(table.Begun, tournament.Played{White: g.pairing.White, Black: g.pairing.Black, Result: tournament.Unfinished})
		}
	}
	ct, err := tournament.Compute(table)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	v := &view{
		Lang:  lang,
		Title: fmt.Sprintf(t["title"], s.Code, s.Name),
		AsOf:  fmt.Sprintf(t["asof"], date(in.Today, lang)),
		Cross: ct,
	}
	rounds := t["rounds1"]
	if s.Rounds == 2 {
		rounds = t["rounds2"]
	}
	v.Facts = append(v.Facts,
		fmt.Sprintf(t["facts"], t[s.Variant], rounds, date(s.Start, lang), date(s.End, lang)),
		fmt.Sprintf(t["officials"], s.Judge, s.Director),
		counts(t, len(pairings), games),
	)
	v.Sections = []section{
		inProgress(t, lang, games),
		clocks(t, lang, s, games),
		deadlines(t, lang, in.Today, games),
		violations(t, lang, games),
		rulings(t, lang, in.Rulings),
		finished(t, games),
	}
	return v, nil
}

// side returns the clock and the player of a side: "black", else White's.
func (g *game) side(side string) (Clock, tournament.Player) {
	if side == "black" {
		return g.Black, g.black
	}
	return g.White, g.white
}

// joinGames checks the input games against the sheet and its pairings and returns them in the
// sheet's order.
func joinGames(s *tournament.Sheet, pairings []tournament.Game, in []Game) ([]game, error) {
	known := make(map[string]bool, len(pairings))
	for _, p := range pairings {
		known[p.Name] = true
	}
	byName := map[string]Game{}
	for _, g := range in {
		if _, dup := byName[g.Name]; dup {
			return nil, fmt.Errorf("report: game %s given twice", g.Name)
		}
		if !known[g.Name] {
			return nil, fmt.Errorf("report: game %s is not a game of %s", g.Name, s.Code)
		}
		switch g.Status {
		case StatusPlaying, StatusFinished, StatusAdjudication:
		default:
			return nil, fmt.Errorf("report: game %s: status %q", g.Name, g.Status)
		}
		switch g.ToMove {
		case "", "white", "black":
		default:
			return nil, fmt.Errorf("report: game %s: to move %q: want white, black or nothing", g.Name, g.ToMove)
		}
		byName[g.Name] = g
	}
	var out []game
	for _, p := range pairings {
		g, ok := byName[p.Name]
		if !ok {
			continue
		}
		w, _ := s.Player(p.White)
		b, _ := s.Player(p.Black)
		out = append(out, game{Game: g, pairing: p, white: w, black: b})
	}
	return out, nil
}

// counts sums up the games by status, of all the games of the tournament.
func counts(t map[string]string, all int, games []game) string {
	var playing, adjudication, done int
	for _, g := range games {
		switch g.Status {
		case StatusPlaying:
			playing++
		case StatusAdjudication:
			adjudication++
		case StatusFinished:
			done++
		}
	}
	return fmt.Sprintf(t["counts"], all, done, playing, adjudication, all-len(games), count(t, "game", all))
}

func inProgress(t map[string]string, lang string, games []game) section {
	sec := section{Title: t["inprogress"], Empty: t["none"],
		Header: []string{t["game"], t["white"], t["black"], t["move"], t["onmove"], t["time"], t["lastday"]}}
	for _, g := range games {
		if g.Status == StatusFinished {
			continue
		}
		on, last := t["nobody"], ""
		switch {
		case g.Status == StatusAdjudication:
			on = t["adjudication"]
		case g.ToMove == "white":
			on, last = t["whiteside"], date(g.White.LastDay, lang)
		case g.ToMove == "black":
			on, last = t["blackside"], date(g.Black.LastDay, lang)
		}
		sec.Rows = append(sec.Rows, []string{g.Name, g.white.Name, g.black.Name, strconv.Itoa(g.Moves), on,
			fmt.Sprintf("%d/%d", g.White.Days, g.Black.Days), last})
	}
	return sec
}

// clocks lists, player by player, his days and next control in every game still played.
func clocks(t map[string]string, lang string, s *tournament.Sheet, games []game) section {
	sec := section{Title: t["clocks"], Empty: t["none"],
		Header: []string{t["number"], t["player"], t["game"], t["colour"], t["days"], t["penaltydays"], t["control"], t["lastday"]}}
	for _, p := range s.Players {
		for _, g := range games {
			if g.Status != StatusPlaying || (g.pairing.White != p.Number && g.pairing.Black != p.Number) {
				continue
			}
			c, colour, side := g.White, t["whiteside"], "white"
			if g.pairing.Black == p.Number {
				c, colour, side = g.Black, t["blackside"], "black"
			}
			last := ""
			if g.ToMove == side {
				last = date(c.LastDay, lang)
			}
			sec.Rows = append(sec.Rows, []string{strconv.Itoa(p.Number), p.Name, g.Name, colour,
				strconv.Itoa(c.Days), strconv.Itoa(c.Penalty), fmt.Sprintf(t["controlfmt"], c.Control, c.Limit, count(t, "day", c.Limit)), last})
		}
	}
	return sec
}

// deadlines lists the players on move whose control falls due within WeekAhead days of
// today, or is already past.
func deadlines(t map[string]string, lang string, today daysclock.Date, games []game) section {
	sec := section{Title: fmt.Sprintf(t["deadlines"], WeekAhead, count(t, "day", WeekAhead)), Empty: t["none"],
		Header: []string{t["lastday"], t["game"], t["player"], t["control"], t["days"], ""}}
	var all []datedRow
	for _, g := range games {
		if g.Status != StatusPlaying {
			continue
		}
		if g.ToMove != "white" && g.ToMove != "black" {
			continue
		}
		c, p := g.side(g.ToMove)
		if c.LastDay.IsZero() || c.LastDay.After(today.AddDays(WeekAhead)) {
			continue
		}
		note := fmt.Sprintf(t["daysleft"], c.LastDay.Sub(today), count(t, "day", c.LastDay.Sub(today)))
		if c.LastDay.Before(today) {
			note = fmt.Sprintf(t["overdue"], today.Sub(c.LastDay), count(t, "day", today.Sub(c.LastDay)))
		}
		all = append(all, datedRow{c.LastDay, []string{date(c.LastDay, lang), g.Name, p.Name,
			fmt.Sprintf(t["controlfmt"], c.Control, c.Limit, count(t, "day", c.Limit)), strconv.Itoa(c.Days), note}})
	}
	sec.Rows = byDay(all)
	return sec
}

// violations lists the penalty days charged (4.2.11) and the oversteps (4.3.1), by date.
func violations(t map[string]string, lang string, games []game) section {
	sec := section{Title: t["violations"], Empty: t["none"],
		Header: []string{t["date"], t["game"], t["player"], t["penaltydays"], t["clause"], t["what"]}}
	var all []datedRow
	for _, g := range games {
		for _, pen := range g.Penalties {
			_, p := g.side(pen.Side)
			all = append(all, datedRow{pen.Date, []string{date(pen.Date, lang), g.Name, p.Name, strconv.Itoa(pen.Days), pen.Clause, pen.What}})
		}
		for _, side := range []string{"white", "black"} {
			if c, p := g.side(side); !c.Overstep.IsZero() {
				all = append(all, datedRow{c.Overstep, []string{date(c.Overstep, lang), g.Name, p.Name, "", "4.3.1", t["overstep"]}})
			}
		}
	}
	sec.Rows = byDay(all)
	return sec
}

// datedRow is a row of a table listed by date.
type datedRow struct {
	day daysclock.Date
	row []string
}

// byDay returns the rows oldest first, rows of the same day in the order given.
func byDay(all []datedRow) [][]string {
	slices.SortStableFunc(all, func(a, b datedRow) int { return a.day.Sub(b.day) })
	var rows [][]string
	for _, d := range all {
		rows = append(rows, d.row)
	}
	return rows
}

func rulings(t map[string]string, lang string, rs []Ruling) section {
	sec := section{Title: t["rulings"], Empty: t["none"],
		Header: []string{t["date"], t["game"], t["kind"], t["clause"], t["ruling"], t["judge"]}}
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b Ruling) int { return a.Date.Sub(b.Date) })
	for _, r := range rs {
		g := r.Game
		if g == "" {
			g = t["wholetournament"]
		}
		kind := t["kind-"+r.Kind]
		if kind == "" {
			kind = r.Kind
		}
		sec.Rows = append(sec.Rows, []string{date(r.Date, lang), g, kind, r.Clause, r.Text, r.Judge})
	}
	return sec
}

func finished(t map[string]string, games []game) section {
	sec := section{Title: t["finished"], Empty: t["none"],
		Header: []string{t["game"], t["white"], t["black"], t["result"], t["move"], t["how"]}}
	for _, g := range games {
		if g.Status != StatusFinished {
			continue
		}
		res := g.Result.String()
		if g.Result == tournament.Annulled {
			res = "—" // no result: it counts for neither player
		}
		sec.Rows = append(sec.Rows, []string{g.Name, g.white.Name, g.black.Name, res, strconv.Itoa(g.Moves), g.Reason})
	}
	return sec
}

// date writes a day as the tournament's letters do: 18.11.2026 in Russian, 2026-11-18 in
// English; the zero date as nothing.
func date(d daysclock.Date, lang string) string {
	switch {
	case d.IsZero():
		return ""
	case lang == tournament.Russian:
		return fmt.Sprintf("%02d.%02d.%04d", d.Day, d.Month, d.Year)
	}
	return d.String()
}
