package pages

import (
	"fmt"
	"strconv"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/tournament"
)

// GameInput is what a game's page shows, read by the caller. Game's proposed variants and
// accepted parts are never read here: they stay private until played.
type GameInput struct {
	Sheet   *tournament.Sheet
	Table   *referee.Table // the tournament as the referee decides it
	Game    referee.Game
	Result  tournament.Result // the game's mark in the crosstable
	Rulings []report.Ruling   // the judge's rulings on the game, oldest first
	Today   daysclock.Date    // in the tournament's zone
	// Ply is the position shown: after so many plies, 0 the start; clamped to the game.
	Ply int
	// Picture is the URL of the board's picture after ply n, or nil to draw the text diagram.
	Picture func(n int) string
	// Step is the URL of this page showing the position after ply n.
	Step func(n int) string
	PDN  string // the link to the game as PDN; "" none
}

// GamePage is a game's page.
type GamePage struct {
	Frame
	Heading, Status, OnMove, Made string
	Board                         Board
	Buttons                       []Button
	Moves                         []MoveRow
	Plies                         int // how many plies the game has
	Clocks                        []ClockRow
	Rulings                       []report.Ruling
	RulingKind                    func(string) string
	Date                          func(daysclock.Date) string
	PDN                           string
}

// Board is the position shown: a picture, or the text diagram when there is no picture.
type Board struct {
	Ply     int
	Picture string // URL; "" draws Text
	Base    string // the picture's URL without its ply, for the script
	Text    string
	Caption string
	Start   string // the caption of the start position, for the script
}

// Button is one step of the move list.
type Button struct {
	Text, Href string
	Ply        int
	Key        string // first, prev, next, last: what the script binds it to
	Off        bool   // it would lead nowhere from here
}

// MoveRow is one move of the list: White's ply and Black's.
type MoveRow struct {
	Number       int
	White, Black *PlyCell
}

// PlyCell is one ply of the move list.
type PlyCell struct {
	Ply     int // 1-based: the position after it
	Text    string
	Date    string
	Href    string
	Caption string
	Current bool
	// Via marks a ply whose letter did not come by e-mail («открытка», "card"); ViaTitle is
	// the mark's tooltip. Both "" for e-mail.
	Via, ViaTitle string
}

// ClockRow is one side's clock (4.3.1).
type ClockRow struct {
	Side, Player, Days, Penalty, Control, LastDay, Left string
	Overdue                                             bool
}

// Game draws a game's page.
func Game(fr Frame, in GameInput) ([]byte, error) {
	g := in.Game
	w, r := fr.Words, fr.Report
	n := min(max(in.Ply, 0), len(g.Plies))
	p := GamePage{Frame: fr, Plies: len(g.Plies), Rulings: in.Rulings, Date: r.Date, PDN: in.PDN}
	p.RulingKind = func(k string) string {
		if s, ok := r.Kinds.Of(k); ok {
			return s
		}
		return k
	}
	st := referee.Seat{Table: in.Table, Game: g}
	p.Heading = w.GameTitle(g.Name, st.Player(referee.White).Name, st.Player(referee.Black).Name)
	if fr.Title == "" {
		p.Title = p.Heading + " · " + in.Sheet.Code
	}
	switch g.Status {
	case referee.StatusPlaying:
		p.Status = w.Playing
		p.OnMove = w.OnMove(g.ToMove() == referee.White)
	case referee.StatusAdjudication:
		p.Status = w.Awaiting
	default:
		res := in.Result.String()
		if in.Result == tournament.Annulled {
			res = r.NoResult
		}
		p.Status = w.Finished(res)
	}
	p.Made = w.MovesMade((len(g.Plies) + 1) / 2)

	moves := g.MoveList()
	captions := make([]string, len(moves))
	for i, m := range moves {
		captions[i] = w.After(m)
	}
	for i, pl := range g.Plies {
		c := &PlyCell{Ply: i + 1, Text: pl.Text, Date: r.Date(pl.Date), Href: in.Step(i + 1), Caption: captions[i], Current: i+1 == n,
			Via: fr.Channels.Move(string(pl.Via)), ViaTitle: fr.Channels.Title(string(pl.Via))}
		if pl.By == referee.ByLot {
			// A move of the opening drawn by lot before play (1.6.4).
			c.Via = phrase.For(fr.Lang).Lots.Drawn
			c.ViaTitle = c.Via
		}
		if i%2 == 0 {
			p.Moves = append(p.Moves, MoveRow{Number: i/2 + 1, White: c})
		} else {
			p.Moves[len(p.Moves)-1].Black = c
		}
	}
	p.Board = Board{Ply: n, Start: w.StartPosition, Caption: w.StartPosition}
	if n > 0 {
		p.Board.Caption = captions[n-1]
	}
	if in.Picture != nil {
		p.Board.Picture, p.Board.Base = in.Picture(n), in.Picture(-1)
	} else {
		at := st
		at.Game.Plies = g.Plies[:n]
		text, err := at.Diagram()
		if err != nil {
			return nil, fmt.Errorf("pages: game %s, ply %d: %w", g.ID(), n, err)
		}
		p.Board.Text = text
	}
	last := len(g.Plies)
	p.Buttons = []Button{
		{Text: w.First, Ply: 0, Key: "first", Off: n == 0},
		{Text: w.Previous, Ply: max(n-1, 0), Key: "prev", Off: n == 0},
		{Text: w.Next, Ply: min(n+1, last), Key: "next", Off: n == last},
		{Text: w.Last, Ply: last, Key: "last", Off: n == last},
	}
	for i := range p.Buttons {
		p.Buttons[i].Href = in.Step(p.Buttons[i].Ply)
	}
	p.Clocks = clocks(fr, in)
	return render("game", p)
}

// clocks are both sides' clocks as the page shows them.
func clocks(fr Frame, in GameInput) []ClockRow {
	g := in.Game
	w, r := fr.Words, fr.Report
	st := referee.Seat{Table: in.Table, Game: g}
	t := st.Terms()
	var rows []ClockRow
	for _, s := range []referee.Side{referee.White, referee.Black} {
		c := g.Clock(s)
		next := c.Next(t)
		p := st.Player(s)
		row := ClockRow{Side: r.WhiteSide, Player: fr.Channels.Named(p.Name, string(p.Channel)), Days: strconv.Itoa(c.Days),
			Penalty: strconv.Itoa(c.Penalty), Control: r.Control(next.Move, next.Days)}
		if s == referee.Black {
			row.Side = r.BlackSide
		}
		if g.Status == referee.StatusPlaying && g.ToMove() == s {
			if day := c.Deadline(t).LastDay; !day.IsZero() {
				row.LastDay = r.Date(day)
				if left := day.Sub(in.Today); left >= 0 {
					row.Left = w.DaysLeft(left)
				} else {
					row.Left, row.Overdue = w.Overdue(-left), true
				}
			}
		}
		if c.Overstep != nil {
			row.Left, row.Overdue = r.Overstep, true
		}
		rows = append(rows, row)
	}
	return rows
}
