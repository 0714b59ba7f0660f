package reading

import (
	"bytes"
	"fmt"
	"strings"

	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/rules/pdn"
	"postald/internal/tournament"
)

// GamePDN writes a game postald keeps as PDN 3.0, which draughts programs read and
// `postald check` replays. A move whose letter did not come by e-mail is followed by a comment
// that says how it came, in the tournament's language: {card}, {call} («открытка», «звонок»). A
// game that began with an opening drawn by lot (seed 003, 1.6.4) has its name in an Opening tag,
// its starting position, when it has one of its own, in the FEN tag, and its drawn moves marked
// {drawn by lot} («по жребию»).
func GamePDN(sh *tournament.Sheet, st referee.Seat) ([]byte, error) {
	g := st.Game
	v, err := rules.VariantByID(st.Table.Variant)
	if err != nil {
		return nil, err
	}
	start := v.Start()
	if g.Setup != "" {
		if start, err = rules.ParseFEN(v, g.Setup); err != nil {
			return nil, fmt.Errorf("game %s: its starting position: %w", g.ID(), err)
		}
	}
	rg := rules.NewGame(start)
	for i, p := range g.Plies {
		if _, err := rg.PlayText(p.Text); err != nil {
			return nil, fmt.Errorf("game %s, ply %d %q: %w", g.ID(), i+1, p.Text, err)
		}
	}
	date := ""
	if len(g.Plies) > 0 {
		date = strings.ReplaceAll(g.Plies[0].Date.String(), "-", ".")
	}
	tags := []pdn.Tag{
		{Name: "Event", Value: sh.Name + " (" + sh.Code + ")"},
		{Name: "Site", Value: "correspondence, " + sh.Address},
		{Name: "Date", Value: date},
		{Name: "Round", Value: g.Name},
		{Name: "White", Value: st.Player(referee.White).Name},
		{Name: "Black", Value: st.Player(referee.Black).Name},
	}
	if g.Opening != "" {
		tags = append(tags, pdn.Tag{Name: "Opening", Value: g.Opening})
	}
	pg := pdn.FromGame(rg, tags, string(g.Result))
	book := phrase.For(sh.Language)
	for i, p := range g.Plies {
		if i < len(pg.Moves) {
			pg.Moves[i].Comment = book.Channels.Move(string(p.Via))
			if p.By == referee.ByLot {
				pg.Moves[i].Comment = book.Lots.Drawn
			}
		}
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, pg); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
