package tournament

import (
	"fmt"
	"time"

	"postald/internal/phrase"
	"postald/internal/referee"
)

// swissCourse is the Swiss (seed 003, 1.2), by correspondence: its first round is paired at the
// registration, and when the last game of a round is finished — by the players, by a ruling, by
// the judge's adjudication — the next round is paired in the same step, its letters going out
// with the letter that ended the round (C.04.3, internal/swiss).
type swissCourse struct{ base }

// Start pairs round 1, opens its games (with the round's own end date when the regulation gives
// one, round_days) and writes every player's start letter with his game of it or his bye.
func (c swissCourse) Start(t *referee.Table, now time.Time) (Step, error) {
	s := c.started(t, now)
	first, err := s.PairSwiss(nil, nil, nil)
	if err != nil {
		return Step{}, err
	}
	first.Ends = s.roundEnds(t, now)
	games := s.SwissGames([]PairedRound{first})
	open, err := s.open(t, now, games)
	if err != nil {
		return Step{}, err
	}
	return Step{Parts: []Part{{Records: []Record{roundRecord(first)}, Open: open,
		Letters: append(s.SwissStartLetters(first), s.registeredLetters(games)...)}}}, nil
}

// roundRecord is the log's record of a round paired.
func roundRecord(r PairedRound) Record {
	return Record{Clause: "1.2", Reason: fmt.Sprintf("round %d paired by the FIDE Dutch system (C.04.3)", r.Round), Entry: r}
}

// Awaits names the games of the last round paired, while rounds are still to be paired or the
// end of the last one is still to be told.
func (c swissCourse) Awaits(log Log, _ string) ([]string, bool) {
	if len(log.Rounds) == 0 || len(log.Rounds) >= c.s.Rounds && log.Ended {
		return nil, false // not paired yet, or its end is told
	}
	var names []string
	for _, b := range log.Rounds[len(log.Rounds)-1].Boards {
		names = append(names, GameName(b[0], b[1]))
	}
	return names, true
}

// GameEnded pairs the next round once every game of the last round is finished: its record, its
// games, each player's letter with his game, colour, partner, place and points, and the
// officials' list of its games. A round no pairing of the rules completes (C.04.3: C1–C3) is
// left to the judges, who are told; the game's end stands. When the last round is over, the
// tournament ends with it (1.2): its record, and the final standings to every player, the judge
// and the director.
func (c swissCourse) GameEnded(st State, _ string) (Step, error) {
	rounds := st.Log.Rounds
	if len(rounds) == 0 || len(rounds) >= c.s.Rounds && st.Log.Ended {
		return Step{}, nil // not paired yet, or its end is told
	}
	if done, _ := RoundFinished(rounds[len(rounds)-1], st.Results); !done {
		return Step{}, nil
	}
	if len(rounds) >= c.s.Rounds {
		return c.end(st)
	}
	next, err := c.s.PairSwiss(rounds, st.Results, st.Log.Withdrawn)
	if err != nil {
		book := phrase.For(c.s.Language)
		n := len(rounds) + 1
		return Step{Parts: []Part{{Letters: c.s.toOfficials(book.Tournament.Systems.RoundSubject(c.s.Code, n), book.Office.RoundNotPaired(c.s.Code, n))}}}, nil
	}
	standings, err := c.s.ComputeSwiss(rounds, st.Results, st.Log.Withdrawn)
	if err != nil {
		return Step{}, err
	}
	next.Ends = c.s.roundEnds(st.Table, st.Now)
	games := c.s.SwissGames([]PairedRound{next})
	open, err := c.s.open(st.Table, st.Now, games)
	if err != nil {
		return Step{}, err
	}
	subject := phrase.For(c.s.Language).Tournament.Systems.RoundSubject(c.s.Code, next.Round)
	bye := ""
	if p, ok := c.s.Player(next.Bye); ok { // 0: no bye
		bye = phrase.For(c.s.Language).Office.RoundBye(next.Round, fmt.Sprintf("%d. %s", p.Number, p.Name)) // 1.12.2
	}
	letters := append(c.s.RoundLetters(next, standings), c.s.gamesLetter(subject, "", games, bye)...)
	return Step{Parts: []Part{{Records: []Record{roundRecord(next)}, Open: open, Letters: letters}}}, nil
}

// end is the step of the Swiss's end: the record that its last round is played, and the
// letters of its final standings, which show no position.
func (c swissCourse) end(st State) (Step, error) {
	rounds := st.Log.Rounds
	standings, err := c.s.ComputeSwiss(rounds, st.Results, st.Log.Withdrawn)
	if err != nil {
		return Step{}, err
	}
	var letters []Letter
	for _, l := range c.s.SwissEndLetters(standings) {
		if l.Number == 0 {
			letters = append(letters, c.s.toOfficials(l.Subject, l.Body)...)
			continue
		}
		l.Games = []Game{} // no position: no picture
		letters = append(letters, l)
	}
	rec := Record{Clause: "1.2", Reason: fmt.Sprintf("all %d rounds are played", len(rounds)), Entry: SwissEnded{Rounds: len(rounds)}}
	return Step{Parts: []Part{{Records: []Record{rec}, Letters: letters}}}, nil
}

// Withdraw: in a Swiss the games he played stand (1.10.5), and he is paired no more.
func (c swissCourse) Withdraw(st State, games []referee.Game, num int, clause, reason string) (Withdrawn, Step, error) {
	w, p, err := c.withdraw(st, games, num, clause, reason, ClauseSwiss)
	return w, Step{Parts: []Part{p}}, err
}

// Standings are the Swiss's, with every round (1.13.11).
func (c swissCourse) Standings(st State) (*Standings, error) {
	sw, err := c.s.ComputeSwiss(st.Log.Rounds, st.Results, st.Log.Withdrawn)
	if err != nil {
		return nil, err
	}
	return &Standings{System: Swiss, Swiss: sw}, nil
}

// Facts say how far the Swiss is: the rounds paired of all, and whether the last is in play.
func (c swissCourse) Facts(st State, lang string) []string {
	open := false
	if n := len(st.Log.Rounds); n > 0 {
		done, _ := RoundFinished(st.Log.Rounds[n-1], st.Results)
		open = !done
	}
	return []string{words(lang).Systems.SwissProgress(len(st.Log.Rounds), c.s.Rounds, open)}
}

// Registered counts round 1's games; Planned every round's.
func (c swissCourse) Registered() int { return len(c.s.Players) / 2 }
func (c swissCourse) Planned() int    { return c.s.Rounds * (len(c.s.Players) / 2) }

// Qualified are the first places of the Swiss's standings.
func (c swissCourse) Qualified(st *Standings, places int) ([]int, error) {
	return Qualified(st.Swiss.Standings, places)
}
