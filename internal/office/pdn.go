package office

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
// that says how it came, in the tournament's language: {card}, {call} («открытка», «звонок»).
func GamePDN(sh *tournament.Sheet, st referee.Seat) ([]byte, error) {
	g := st.Game
	v, err := rules.VariantByID(st.Table.Variant)
	if err != nil {
		return nil, err
	}
	rg := rules.NewGame(v.Start())
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
	pg := pdn.FromGame(rg, tags, string(g.Result))
	ch := &phrase.For(sh.Language).Channels
	for i, p := range g.Plies {
		if i < len(pg.Moves) {
			pg.Moves[i].Comment = ch.Move(string(p.Via))
		}
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, pg); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
