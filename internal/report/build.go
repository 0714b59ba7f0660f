package report

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/tournament"
)

// WeekAhead is how far ahead the report looks for deadlines: the days after Today whose
// deadlines it lists (with Today itself and every overdue one).
const WeekAhead = 7

// View is a report ready to be written out: the same content for the text, the director's HTML
// report and the web pages (package pages).
type View struct {
	Lang  string
	Title string
	AsOf  string
	Facts []string
	// Tables are the standings of the tournament's system: the crosstable of a round robin, the
	// standings of a Swiss with every round, or the team standings, the matches and the board
	// results of a team event. Each is headed by its title.
	Tables []tournament.Grid
	// Cross is the crosstable of the players of a round robin or a Swiss; nil for a team event
	// and a knockout. Standings are the tables as the tournament's course drew them up.
	Cross     *tournament.Crosstable
	Standings *tournament.Standings
	Sections  []Section // after the tables
}

// Section is one table of the report.
type Section struct {
	Title  string
	Header []string
	Rows   [][]string
	Empty  string // said instead of an empty table
	// GameColumn is the column that names a game (0-based), so that a page can link it; -1:
	// none.
	GameColumn int
}

// game is an input game joined with the sheet.
type game struct {
	Game
	pairing      tournament.Game
	white, black tournament.Player
}

// Build arranges in as the report shows it; Text writes it out, and package pages draws it as
// HTML.
func Build(in Input) (*View, error) {
	s := in.Sheet
	if s == nil {
		return nil, errors.New("report: no start sheet")
	}
	if in.Today.IsZero() {
		return nil, errors.New("report: no date")
	}
	book := phrase.For(s.Language) // Russian for an empty or unknown language
	lang, t := book.Lang, &book.Report
	course := s.Course()
	pairings := course.Paired(in.log())
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
	v := &View{
		Lang:  lang,
		Title: t.Title(s.Code, s.Name),
		AsOf:  t.AsOf(t.Date(in.Today)),
	}
	state := tournament.State{Log: in.log(), Results: results}
	for _, g := range games {
		// Seed 003, 1.10.4: a game in progress with a move made counts among the games a
		// withdrawing player has played.
		if !g.Result.Finished() && g.Moves > 0 {
			state.Begun = append(state.Begun, g.Name)
		}
	}
	if err := standings(v, course, state, t); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	variant, _ := t.Variants.Of(s.Variant)
	v.Facts = append(v.Facts,
		t.Facts(variant, s.SystemName(lang), t.Date(s.Start), t.Date(s.End)),
		t.Officials(s.Judge, s.Director),
		counts(t, len(pairings), games),
	)
	v.Facts = append(v.Facts, course.Facts(state, lang)...) // a Swiss's round, a knockout's
	v.Sections = []Section{
		inProgress(t, games),
	}
	if sec, ok := settled(t, &book.Endgame, games); ok {
		v.Sections = append(v.Sections, sec)
	}
	v.Sections = append(v.Sections,
		clocks(t, &book.Channels, s, games),
		deadlines(t, in.Today, games),
		violations(t, games),
	)
	if br := v.Standings.Knockout; br != nil {
		// A knockout's steps, under their own heading: they are no rulings of the judge.
		v.Sections = append(v.Sections, knockoutEvents(t, &book.Tournament.Systems, s, br, in.Events, games))
	}
	v.Sections = append(v.Sections, rulings(t, in.Rulings), finished(t, games))
	return v, nil
}

// knockoutEvents lists the steps of a knockout's bracket br, oldest first, in the tournament's
// words: what the log recorded (pairings and extra games opened, a loss by withdrawal, the
// final decided) and every pairing decided over the board (a win, the extra games, the lot,
// the higher seed), on the day its last game ended; the steps of one day in the bracket's order. A bye is
// no step: the bracket shows it from the start.
func knockoutEvents(t *phrase.ReportText, sy *phrase.SystemText, s *tournament.Sheet, br *tournament.Bracket, events []Event, games []game) Section {
	sec := Section{Title: sy.KnockoutEvents, Empty: t.None, GameColumn: -1, Header: []string{t.Columns.Date, t.Columns.Event}}
	who := func(n int) string {
		if p, ok := s.Player(n); ok {
			return strconv.Itoa(p.Number) + " " + p.Name
		}
		return strconv.Itoa(n)
	}
	ended := map[string]daysclock.Date{}
	for _, g := range games {
		ended[g.Name] = g.Ended
	}
	final := func() (tournament.Pairing, bool) {
		if n := len(br.Rounds); n > 0 && len(br.Rounds[n-1]) == 1 {
			return br.Rounds[n-1][0], true
		}
		return tournament.Pairing{}, false
	}
	type row struct {
		date daysclock.Date
		// order puts the steps of one day in the bracket's order: a round's pairing opened,
		// then its extra games, then its decision, then the next round's.
		order int
		text  string
	}
	var rows []row
	winner := false
	for _, e := range events {
		o := e.Opened
		ev := phrase.KnockoutEvent{Round: o.Round, Rounds: len(br.Rounds), Slot: o.Slot, A: who(o.A), B: who(o.B), Extra: o.Extra}
		order := 4 * o.Round
		switch {
		case e.Winner != 0:
			winner, order = true, 4*len(br.Rounds)+3
			ev = phrase.KnockoutEvent{Winner: who(e.Winner)}
			if p, ok := final(); ok && p.Winner == e.Winner && overTheBoard(p.How) {
				ev.How, ev.Score = sy.KnockoutHow(p.How, p.Lot), p.Scores()
			}
		case o.Withdrew != 0:
			ev.Withdrew, order = who(o.Withdrew), 4*o.Round+2
		case o.Extra:
			order++
			if o.Round >= 1 && o.Round <= len(br.Rounds) && o.Slot >= 1 && o.Slot <= len(br.Rounds[o.Round-1]) {
				ev.Score = br.Rounds[o.Round-1][o.Slot-1].Score()
			}
		}
		rows = append(rows, row{e.Date, order, sy.KnockoutEvent(ev)})
	}
	for r, round := range br.Rounds {
		for _, p := range round {
			if !overTheBoard(p.How) || winner && r == len(br.Rounds)-1 {
				continue // not decided over the board, or the final the log's winner names
			}
			var on daysclock.Date
			for _, g := range p.Games {
				if d := ended[g.Name]; d.After(on) {
					on = d
				}
			}
			rows = append(rows, row{on, 4*p.Round + 2, sy.KnockoutEvent(phrase.KnockoutEvent{Round: p.Round, Rounds: len(br.Rounds), Slot: p.Slot,
				Through: who(p.Winner), How: sy.KnockoutHow(p.How, p.Lot), Score: p.Scores()})})
		}
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if c := a.date.Sub(b.date); c != 0 {
			return c
		}
		return a.order - b.order
	})
	for _, r := range rows {
		sec.Rows = append(sec.Rows, []string{t.Date(r.date), r.text})
	}
	return sec
}

// overTheBoard reports whether a pairing decided as how was decided by its games: a win, the
// extra games, or the tie's lot or seed (not a bye, a withdrawal, or nothing yet).
func overTheBoard(how string) bool {
	switch how {
	case tournament.HowWon, tournament.HowExtra, tournament.HowLot, tournament.HowHigherSeed:
		return true
	}
	return false
}

// settled lists the games not finished whose result the endgame database settles in theory,
// each with its verdict; false when there is none (the report then has no such section).
func settled(t *phrase.ReportText, w *phrase.EndgameText, games []game) (Section, bool) {
	sec := Section{Title: w.SettledTitle, GameColumn: 0, Header: []string{t.Columns.Game, t.Columns.White, t.Columns.Black, w.SettledColumn}}
	for _, g := range games {
		if g.Status == referee.StatusFinished || g.Settled == "" {
			continue
		}
		sec.Rows = append(sec.Rows, []string{g.Name, g.white.Name, g.black.Name, g.Settled})
	}
	return sec, len(sec.Rows) > 0
}

// standings puts the tables of the tournament's system in v, as its course draws them up: a
// round robin's crosstable, a Swiss's standings, a team event's standings, matches and board
// results, a knockout's bracket.
func standings(v *View, course tournament.Course, state tournament.State, t *phrase.ReportText) error {
	st, err := course.Standings(state)
	if err != nil {
		return err
	}
	v.Standings, v.Tables = st, st.Grids(v.Lang)
	if v.Cross = st.Crosstable(); v.Cross != nil {
		v.Tables[0].Title = t.Crosstable
	}
	return nil
}

// side returns the clock and the player of a side: Black's, else White's.
func (g *game) side(side referee.Side) (Clock, tournament.Player) {
	if side == referee.Black {
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
		case referee.StatusPlaying, referee.StatusFinished, referee.StatusAdjudication:
		default:
			return nil, fmt.Errorf("report: game %s: status %q", g.Name, g.Status)
		}
		switch g.ToMove {
		case "", referee.White, referee.Black:
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
func counts(t *phrase.ReportText, all int, games []game) string {
	var playing, adjudication, done int
	for _, g := range games {
		switch g.Status {
		case referee.StatusPlaying:
			playing++
		case referee.StatusAdjudication:
			adjudication++
		case referee.StatusFinished:
			done++
		}
	}
	return t.Counts(all, done, playing, adjudication, all-len(games))
}

func inProgress(t *phrase.ReportText, games []game) Section {
	sec := Section{Title: t.InProgress, Empty: t.None, GameColumn: 0,
		Header: []string{t.Columns.Game, t.Columns.White, t.Columns.Black, t.Columns.Move, t.Columns.OnMove, t.Columns.Time, t.Columns.LastDay}}
	for _, g := range games {
		if g.Status == referee.StatusFinished {
			continue
		}
		on, last := t.Nobody, ""
		switch {
		case g.Status == referee.StatusAdjudication:
			on = t.Adjudication
		case g.ToMove == referee.White:
			on, last = t.WhiteSide, t.Date(g.White.LastDay)
		case g.ToMove == referee.Black:
			on, last = t.BlackSide, t.Date(g.Black.LastDay)
		}
		sec.Rows = append(sec.Rows, []string{g.Name, g.white.Name, g.black.Name, strconv.Itoa(g.Moves), on,
			fmt.Sprintf("%d/%d", g.White.Days, g.Black.Days), last})
	}
	return sec
}

// clocks lists, player by player, his days and next control in every game still played; a
// player who does not play by e-mail is named with how he plays (phrase.ChannelText.Named).
func clocks(t *phrase.ReportText, ch *phrase.ChannelText, s *tournament.Sheet, games []game) Section {
	sec := Section{Title: t.Clocks, Empty: t.None, GameColumn: 2,
		Header: []string{t.Columns.Number, t.Columns.Player, t.Columns.Game, t.Columns.Colour, t.Columns.Days, t.Columns.PenaltyDays, t.Columns.Control, t.Columns.LastDay}}
	for _, p := range s.Players {
		for _, g := range games {
			if g.Status != referee.StatusPlaying || (g.pairing.White != p.Number && g.pairing.Black != p.Number) {
				continue
			}
			c, colour, side := g.White, t.WhiteSide, referee.White
			if g.pairing.Black == p.Number {
				c, colour, side = g.Black, t.BlackSide, referee.Black
			}
			last := ""
			if g.ToMove == side {
				last = t.Date(c.LastDay)
			}
			sec.Rows = append(sec.Rows, []string{strconv.Itoa(p.Number), ch.Named(p.Name, string(p.Channel)), g.Name, colour,
				strconv.Itoa(c.Days), strconv.Itoa(c.Penalty), t.Control(c.Control, c.Limit), last})
		}
	}
	return sec
}

// deadlines lists the players on move whose control falls due within WeekAhead days of
// today, or is already past.
func deadlines(t *phrase.ReportText, today daysclock.Date, games []game) Section {
	sec := Section{Title: t.Deadlines(WeekAhead), Empty: t.None, GameColumn: 1,
		Header: []string{t.Columns.LastDay, t.Columns.Game, t.Columns.Player, t.Columns.Control, t.Columns.Days, ""}}
	var all []datedRow
	for _, g := range games {
		if g.Status != referee.StatusPlaying {
			continue
		}
		if g.ToMove != referee.White && g.ToMove != referee.Black {
			continue
		}
		c, p := g.side(g.ToMove)
		if c.LastDay.IsZero() || c.LastDay.After(today.AddDays(WeekAhead)) {
			continue
		}
		note := t.DaysLeft(c.LastDay.Sub(today))
		if c.LastDay.Before(today) {
			note = t.Overdue(today.Sub(c.LastDay))
		}
		all = append(all, datedRow{c.LastDay, []string{t.Date(c.LastDay), g.Name, p.Name,
			t.Control(c.Control, c.Limit), strconv.Itoa(c.Days), note}})
	}
	sec.Rows = byDay(all)
	return sec
}

// violations lists the penalty days charged (4.2.11) and the oversteps (4.3.1), by date.
func violations(t *phrase.ReportText, games []game) Section {
	sec := Section{Title: t.Violations, Empty: t.None, GameColumn: 1,
		Header: []string{t.Columns.Date, t.Columns.Game, t.Columns.Player, t.Columns.PenaltyDays, t.Columns.Clause, t.Columns.What}}
	var all []datedRow
	for _, g := range games {
		for _, pen := range g.Penalties {
			_, p := g.side(pen.Side)
			all = append(all, datedRow{pen.Date, []string{t.Date(pen.Date), g.Name, p.Name, strconv.Itoa(pen.Days), pen.Clause, pen.What}})
		}
		for _, side := range []referee.Side{referee.White, referee.Black} {
			if c, p := g.side(side); !c.Overstep.IsZero() {
				all = append(all, datedRow{c.Overstep, []string{t.Date(c.Overstep), g.Name, p.Name, "", "4.3.1", t.Overstep}})
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

// rulings lists the judge's rulings, oldest first; the column of who ruled only when a ruling
// names him.
func rulings(t *phrase.ReportText, rs []Ruling) Section {
	sec := Section{Title: t.Rulings, Empty: t.None, GameColumn: 1,
		Header: []string{t.Columns.Date, t.Columns.Game, t.Columns.Kind, t.Columns.Clause, t.Columns.Ruling}}
	judged := slices.ContainsFunc(rs, func(r Ruling) bool { return r.Judge != "" })
	if judged {
		sec.Header = append(sec.Header, t.Columns.Judge)
	}
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b Ruling) int { return a.Date.Sub(b.Date) })
	for _, r := range rs {
		g := r.Game
		if g == "" {
			g = t.WholeTournament
		}
		kind, ok := t.Kinds.Of(r.Kind)
		if !ok {
			kind = r.Kind
		}
		row := []string{t.Date(r.Date), g, kind, r.Clause, r.Text}
		if judged {
			row = append(row, r.Judge)
		}
		sec.Rows = append(sec.Rows, row)
	}
	return sec
}

func finished(t *phrase.ReportText, games []game) Section {
	sec := Section{Title: t.Finished, Empty: t.None, GameColumn: 0,
		Header: []string{t.Columns.Game, t.Columns.White, t.Columns.Black, t.Columns.Result, t.Columns.Move, t.Columns.How}}
	for _, g := range games {
		if g.Status != referee.StatusFinished {
			continue
		}
		res := g.Result.String()
		if g.Result == tournament.Annulled {
			res = t.NoResult // no result: it counts for neither player
		}
		sec.Rows = append(sec.Rows, []string{g.Name, g.white.Name, g.black.Name, res, strconv.Itoa(g.Moves), g.Reason})
	}
	return sec
}
