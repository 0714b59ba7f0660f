package reading

import (
	"postald/internal/endgame"
	"postald/internal/referee"
)

// EndgameView is what the endgame database says of a game's position, as judge show gives it
// (referee.Settlement): the verdict for the side to move with best play, the winner's moves to
// the end, the verdict under the counting rules of 2.6 and whether it has one meaning, the
// principal line, and all of it in the tournament's words.
type EndgameView struct {
	Verdict  string       `json:"verdict"` // win, draw, loss
	ToMove   referee.Side `json:"to_move"`
	Distance int          `json:"distance,omitempty"`
	Plies    int          `json:"plies,omitempty"`
	Rules    string       `json:"rules_verdict"` // win, draw, loss under 2.6
	Rule     string       `json:"rule,omitempty"`
	Limit    int          `json:"limit,omitempty"`
	Certain  bool         `json:"certain"`
	Line     []string     `json:"line"`
	Words    string       `json:"words"`
}

// ruleNames are the counting rules as the JSON views name them.
var ruleNames = [...]string{endgame.NoRule: "", endgame.RuleLoneKing: "lone-king", endgame.RuleFiveKings: "five-kings", endgame.RuleKingsOnly: "kings-only"}

// endgameView returns what the database says of the seat's game, in language lang; nil when
// the game's position is beyond the database's reach and the game does not wait for the judge
// (a game in adjudication is told that the database holds no verdict).
func endgameView(st referee.Seat, lang string) *EndgameView {
	s, err := st.Settle()
	if err != nil || (!s.Held && st.Status != referee.StatusAdjudication) {
		return nil
	}
	v := &EndgameView{ToMove: s.ToMove, Words: s.Words(lang), Line: s.Line}
	if !s.Held {
		v.Verdict, v.Rules, v.Line = endgame.Unknown.String(), endgame.Unknown.String(), []string{}
		return v
	}
	v.Verdict, v.Distance, v.Plies = s.Value.Verdict.String(), s.Value.Moves(), max(s.Value.Plies, 0)
	v.Rules, v.Rule, v.Limit, v.Certain = s.Check.Verdict.String(), ruleNames[s.Check.Rule], s.Check.Limit, s.Check.Certain
	if v.Line == nil {
		v.Line = []string{}
	}
	return v
}
