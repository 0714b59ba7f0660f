package tournament

import (
	"fmt"
	"strconv"
	"strings"
)

// Game is one game of a tournament.
type Game struct {
	Name  string // "1-2": White's number, then Black's
	White int
	Black int
	// Round is the round, from 1: of the Berger table (of the players, or of the teams in a
	// team event; in a double round-robin the second cycle continues the count), or of a Swiss.
	Round int
	// Match is the match of a team event the game belongs to (Sheet.Matches, from 1); 0 in an
	// individual event. Board is the board of the match's home team's player, Opposite the
	// away team's (the same board in a team round robin; any two in a Scheveningen match).
	Match, Board, Opposite int
	// Leg is the game's place in its micromatch (1.11), from 1; 0 when a pairing plays one game.
	Leg int
	// Replaced is the game that replaced this one when a reserve took it over (Substitution);
	// such a game counts for no one.
	Replaced string
}

// Key is what the results of a knockout's games are keyed by: the game's name, and for a
// micromatch's third game and after, which only a results file can hold (two players have one
// game named for each colour), the name and its place: "1-2/3".
func (g Game) Key() string {
	if g.Leg <= 2 {
		return g.Name
	}
	return g.Name + "/" + strconv.Itoa(g.Leg)
}

// GameName names a game by the players' numbers, White first (formats.md): "1-2".
func GameName(white, black int) string { return strconv.Itoa(white) + "-" + strconv.Itoa(black) }

// ParseGameName reads a game name: "3-7", "03-07", or the four-digit form "0307" of start
// sheets that give every player a two-digit number (White's first).
func ParseGameName(s string) (white, black int, err error) {
	w, b, ok := strings.Cut(s, "-")
	if !ok && len(s) == 4 {
		w, b, ok = s[:2], s[2:], true
	}
	if ok {
		white, err1 := strconv.Atoi(w)
		black, err2 := strconv.Atoi(b)
		if err1 == nil && err2 == nil && white > 0 && black > 0 && white != black &&
			!strings.HasPrefix(w, "+") && !strings.HasPrefix(b, "+") {
			return white, black, nil
		}
	}
	return 0, 0, fmt.Errorf("game %q: want White's and Black's numbers, such as 1-2", s)
}

// Pairings returns the games of a round-robin of n players (rounds = 1) or of a double
// round-robin (rounds = 2), round by round, as the Berger tables pair them.
//
// The tables (seed 000, appendix 1 "таблица очередности игры", not in the seed text; these
// are the standard Berger tables of draughts and chess): with an even n, round 1 pairs
// 1–n, 2–(n−1), 3–(n−2), ..., the lower number White. Each next round is the previous one
// with every number k < n replaced by k + n/2, counted round 1..n−1, player n staying on
// the first board; player n takes Black on the first board in odd rounds and White in even
// rounds. With an odd n a dummy player n+1 completes the table and his partner rests in
// that round: there is no game. The second cycle of a double round-robin repeats the first
// with colours exchanged.
func Pairings(n, rounds int) ([]Game, error) {
	if n < 2 {
		return nil, fmt.Errorf("pairings: %d players: want at least 2", n)
	}
	if rounds != 1 && rounds != 2 {
		return nil, fmt.Errorf("pairings: %d rounds: want 1 or 2", rounds)
	}
	m := n
	if m%2 == 1 {
		m++ // the dummy player
	}
	half := m / 2
	// board[i] holds the pair on board i of the current round, before the first board's
	// colours are settled.
	type pair struct{ a, b int }
	board := make([]pair, half)
	for i := range board {
		board[i] = pair{i + 1, m - i}
	}
	cycle := m - 1
	games := make([]Game, 0, n*(n-1)/2*rounds)
	for r := 1; r <= cycle; r++ {
		for i, p := range board {
			w, b := p.a, p.b
			if i == 0 && r%2 == 0 {
				w, b = p.b, p.a
			}
			if w > n || b > n {
				continue // the dummy's partner rests
			}
			games = append(games, Game{Name: GameName(w, b), White: w, Black: b, Round: r})
		}
		for i := range board {
			board[i].a = shift(board[i].a, half, m)
			board[i].b = shift(board[i].b, half, m)
		}
	}
	if rounds == 2 {
		for _, g := range games[:len(games):len(games)] {
			games = append(games, Game{Name: GameName(g.Black, g.White), White: g.Black, Black: g.White, Round: g.Round + cycle})
		}
	}
	return games, nil
}

// shift moves k by step along the circle 1..m−1; player m stays where he is.
func shift(k, step, m int) int {
	if k == m {
		return m
	}
	return (k-1+step)%(m-1) + 1
}
