package tournament

import (
	"fmt"
	"slices"
	"strconv"

	"postald/internal/phrase"
	"postald/internal/referee"
)

// knockoutCourse is the knockout (seed 003, 1.2 «олимпийская», knockout.go): round 1 is paired
// at the registration; a pairing of a later round opens as soon as both pairings feeding it are
// decided, and a tied micromatch's extra games as soon as it is tied (1.11), in the step that
// decided it; when the final is decided, everyone gets the bracket and the winner.
type knockoutCourse struct{ base }

// Awaits: any game's end may decide a pairing; the bracket says what is ready.
func (c knockoutCourse) Awaits(Log, string) ([]string, bool) { return nil, true }

// GameEnded opens what the bracket has ready (Bracket.Open), each pairing or extra games with
// its record, its games and its letters (each player's with the picture of the new game he moves
// first in, the officials' list of its games), and once the final is decided and its letters
// have not gone, the winner's record and the letters of the end to every player, the judge and
// the director. ended, the game whose end brought the step ("" for a withdrawal), decides a
// pairing still tied by the lot or the higher seed (1.11): both its players are told at once,
// before the pairing it feeds opens.
func (c knockoutCourse) GameEnded(st State, ended string) (Step, error) {
	s := c.s
	br, err := s.Bracket(st.Log.Knockout, st.Results)
	if err != nil {
		return Step{}, err
	}
	sy := &phrase.For(s.Language).Tournament.Systems
	var step Step
	if ended != "" {
		// The tournament ends with this step when nothing opens and every game of the bracket
		// is finished: the seed is revealed with it, and a tie's letter says so.
		last := len(br.Open) == 0
		for _, row := range br.Rounds {
			for _, p := range row {
				for _, g := range p.Games {
					if _, done := st.Results[g.Name]; !done {
						last = false
					}
				}
			}
		}
		var ties []Letter
		for _, row := range br.Rounds {
			for _, p := range row {
				if !slices.ContainsFunc(p.Games, func(g Game) bool { return g.Name == ended }) {
					continue
				}
				for _, l := range s.KnockoutTieLetters(br, p, last) {
					l.Games = []Game{} // no position: no picture
					ties = append(ties, l)
				}
			}
		}
		if len(ties) > 0 {
			step.Parts = append(step.Parts, Part{Letters: ties})
		}
	}
	for _, o := range br.Open {
		reason := fmt.Sprintf("round %d, pairing %d: %d – %d", o.Round, o.Slot, o.A, o.B)
		score := ""
		if o.Extra {
			score = br.Rounds[o.Round-1][o.Slot-1].Score()
			reason = fmt.Sprintf("round %d, pairing %d: %d – %d tied %s, extra games", o.Round, o.Slot, o.A, o.B, score)
		}
		games := s.KnockoutGames(o)
		// What opened, as the report's bracket events say it: the pairing, or its extra games
		// after a tie, with its stage («1-й тур (полуфинал), встреча 2: ничья ½–½, назначены
		// дополнительные партии»).
		who := func(n int) string { return strconv.Itoa(n) + " " + s.Players[n-1].Name }
		head := sy.KnockoutEvent(phrase.KnockoutEvent{Round: o.Round, Rounds: len(br.Rounds), Slot: o.Slot, A: who(o.A), B: who(o.B),
			Extra: o.Extra, Score: score})
		open, err := s.open(st.Table, st.Now, games)
		if err != nil {
			return Step{}, err
		}
		letters := s.KnockoutLetters(o, score)
		for i := range letters {
			letters[i].Games = games // the picture of the new game each moves first in (none for Black's)
		}
		step.Parts = append(step.Parts, Part{Records: []Record{{Clause: "1.2,1.11", Reason: reason, Entry: o}}, Open: open,
			Letters: append(letters, s.gamesLetter(sy.RoundSubject(s.Code, o.Round), head, games, "")...)})
	}
	if br.Winner == 0 || st.Log.Won != 0 {
		return step, nil
	}
	var letters []Letter
	for _, l := range s.KnockoutWonLetters(br) {
		if l.Number == 0 {
			letters = append(letters, s.toOfficials(l.Subject, l.Body)...)
			continue
		}
		l.Games = []Game{} // the result shows no position: no picture of a game
		letters = append(letters, l)
	}
	step.Parts = append(step.Parts, Part{Records: []Record{{Clause: "1.2", Reason: fmt.Sprintf("the final is decided: %d goes through", br.Winner),
		Entry: KnockoutWon{Winner: br.Winner}}}, Letters: letters})
	return step, nil
}

// Withdraw: the player loses the pairing he is in, or the next one he waits for (1.10,
// KnockoutWithdrawal), recorded before his games are ruled as 1.10.3 rules them; then what the
// bracket has ready opens (his partner's next pairing).
func (c knockoutCourse) Withdraw(st State, games []referee.Game, num int, clause, reason string) (Withdrawn, Step, error) {
	w, p, err := c.withdraw(st, games, num, clause, reason, ClauseLost)
	if err != nil {
		return w, Step{}, err
	}
	after := st
	after.Log = st.Log.Add(Left{Player: num})
	o, ok, err := c.s.KnockoutWithdrawal(st.Log.Knockout, st.Results, num)
	if err != nil {
		return w, Step{}, err
	}
	if ok {
		p.Records = append(p.Records, Record{Clause: "1.10", Reason: fmt.Sprintf("round %d, pairing %d: %d withdrew and loses it", o.Round, o.Slot, num), Entry: o})
		after.Log = after.Log.Add(o)
	}
	after.Results = ruled(st.Results, p.Rulings)
	next, err := c.GameEnded(after, "")
	if err != nil {
		return w, Step{}, err
	}
	return w, Step{Parts: append([]Part{p}, next.Parts...)}, nil
}

// Standings are the bracket.
func (c knockoutCourse) Standings(st State) (*Standings, error) {
	br, err := c.s.Bracket(st.Log.Knockout, st.Results)
	if err != nil {
		return nil, err
	}
	return &Standings{System: Knockout, Knockout: br, sheet: c.s}, nil
}

// Facts say how far the knockout is: the round in play and its pairings undecided, or the
// winner.
func (c knockoutCourse) Facts(st State, lang string) []string {
	br, err := c.s.Bracket(st.Log.Knockout, st.Results)
	if err != nil {
		return nil
	}
	sy := &words(lang).Systems
	if p, ok := c.s.Player(br.Winner); ok {
		return []string{sy.KnockoutProgress(0, len(br.Rounds), 0, strconv.Itoa(p.Number)+" "+p.Name)}
	}
	for _, row := range br.Rounds {
		open := 0
		for _, p := range row {
			if !p.Decided() {
				open++
			}
		}
		if open > 0 {
			return []string{sy.KnockoutProgress(row[0].Round, len(br.Rounds), open, "")}
		}
	}
	return nil
}

// Ties are the tie lots the bracket drew: each label, its choice among 2 (0 the lower number)
// and who went through.
func (c knockoutCourse) Ties(st State) ([]Tie, error) {
	br, err := c.s.Bracket(st.Log.Knockout, st.Results)
	if err != nil {
		return nil, err
	}
	var out []Tie
	for _, row := range br.Rounds {
		for _, p := range row {
			if p.How != HowLot {
				continue
			}
			t := Tie{Label: p.Lot, Through: p.Winner}
			if p.Winner == max(p.A, p.B) {
				t.Choice = 1
			}
			if pl, ok := c.s.Player(p.Winner); ok {
				t.Name = pl.Name
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// Planned counts one pairing for every player but the winner.
func (c knockoutCourse) Planned() int { return c.s.KnockoutPlanned() }

// Qualified: a knockout ranks its winner only.
func (c knockoutCourse) Qualified(*Standings, int) ([]int, error) { return nil, c.notPlaces() }
