package tournament

import (
	"fmt"
	"strings"

	"postald/internal/referee"
)

// Result is a game's mark in a crosstable: the game's result (referee.Result, the one result of a
// game) where it was played over the board, and the marks of the games that were not: lost
// without play, annulled. TableResult derives it from a game; ParseResult reads it from a results
// file (formats.md).
type Result int

// Results. The forfeits are games not played that were scored by the judge (seed 003,
// 1.12.2): a plus instead of the win and a minus instead of the loss.
const (
	Unfinished     Result = iota // "*": no result yet
	WhiteWins                    // "1-0"
	BlackWins                    // "0-1"
	Draw                         // "1/2-1/2"
	WhiteByForfeit               // "+/-": Black lost without play
	BlackByForfeit               // "-/+": White lost without play
	BothForfeited                // "-/-": both lost without play
	// Annulled is a game the judge annulled: it is not played and scores nothing for either
	// player (seed 003, 1.10.4: an annulled game is not among the games played).
	Annulled // "annulled"
)

var resultText = [...]string{
	Unfinished:     string(referee.ResultNone),
	WhiteWins:      string(referee.ResultWhite),
	BlackWins:      string(referee.ResultBlack),
	Draw:           string(referee.ResultDraw),
	WhiteByForfeit: "+/-",
	BlackByForfeit: "-/+",
	BothForfeited:  "-/-",
	Annulled:       "annulled",
}

// resultOf returns the mark of a game's result played over the board: a win, a draw or none.
func resultOf(r referee.Result) Result {
	switch r {
	case referee.ResultWhite:
		return WhiteWins
	case referee.ResultBlack:
		return BlackWins
	case referee.ResultDraw:
		return Draw
	}
	return Unfinished
}

// String returns the result as the crosstable input writes it: "1-0", "1/2-1/2", "+/-", "*".
func (r Result) String() string {
	if r < 0 || int(r) >= len(resultText) {
		return fmt.Sprintf("Result(%d)", int(r))
	}
	return resultText[r]
}

// ParseResult reads a result as formats.md writes it; "½-½" is accepted for "1/2-1/2".
func ParseResult(s string) (Result, error) {
	if s == "½-½" {
		return Draw, nil
	}
	for i, t := range resultText {
		if s == t {
			return Result(i), nil
		}
	}
	return Unfinished, fmt.Errorf("result %q: want 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, annulled or *", s)
}

// MarshalText implements encoding.TextMarshaler.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Result) UnmarshalText(b []byte) error {
	v, err := ParseResult(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Finished reports whether the game is over: it has a result, or it was annulled.
func (r Result) Finished() bool { return r != Unfinished }

// Played reports whether the result was reached over the board (not a forfeit).
func (r Result) Played() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// Score is one player's share of a result.
type Score int

// Scores of one player in one game.
const (
	NoScore     Score = iota // the game has no result (or it was struck out)
	Win                      // 1
	DrawScore                // ½
	Loss                     // 0
	ForfeitWin               // + (seed 003, 1.12.2)
	ForfeitLoss              // − (seed 003, 1.12.2)
)

// Symbol returns the score as a crosstable cell shows it: 1 ½ 0 + -.
func (s Score) Symbol() string {
	symbols := [...]string{"", "1", "½", "0", "+", "-"}
	if s < 0 || int(s) >= len(symbols) {
		return "?"
	}
	return symbols[s]
}

// won reports whether the score counts as a win; a plus counts as a win for points and
// coefficients (seed 003, 1.12.2).
func (s Score) won() bool { return s == Win || s == ForfeitWin }

// lost reports whether the score counts as a loss; so does a minus (seed 003, 1.12.2).
func (s Score) lost() bool { return s == Loss || s == ForfeitLoss }

// Scores splits a result into White's and Black's scores.
func (r Result) Scores() (white, black Score) {
	switch r {
	case WhiteWins:
		return Win, Loss
	case BlackWins:
		return Loss, Win
	case Draw:
		return DrawScore, DrawScore
	case WhiteByForfeit:
		return ForfeitWin, ForfeitLoss
	case BlackByForfeit:
		return ForfeitLoss, ForfeitWin
	case BothForfeited:
		return ForfeitLoss, ForfeitLoss
	}
	return NoScore, NoScore
}

// Scoring is the number of points for a win, a draw and a loss (seed 003, 1.12.1).
type Scoring struct {
	Name string // "1-0.5-0" or "2-1-0"
	Win  float64
	Draw float64
}

// Scorings of seed 003, 1.12.1: win 1, draw ½, loss 0; or win 2, draw 1, loss 0.
var (
	ScoringHalf  = Scoring{Name: "1-0.5-0", Win: 1, Draw: 0.5}
	ScoringWhole = Scoring{Name: "2-1-0", Win: 2, Draw: 1}
)

// ParseScoring reads a scoring name: "1-0.5-0" (also "1-½-0") or "2-1-0"; "" means "1-0.5-0".
func ParseScoring(s string) (Scoring, error) {
	switch s {
	case "", "1-0.5-0", "1-½-0", "1-1/2-0":
		return ScoringHalf, nil
	case "2-1-0":
		return ScoringWhole, nil
	}
	return Scoring{}, fmt.Errorf("scoring %q: want 1-0.5-0 or 2-1-0 (seed 003, 1.12.1)", s)
}

// Points returns the points a score is worth (seed 003, 1.12.1–1.12.2).
func (sc Scoring) Points(s Score) float64 {
	switch {
	case s.won():
		return sc.Win
	case s == DrawScore:
		return sc.Draw
	}
	return 0
}

// Tie-break names (formats.md), for the regulation's tiebreaks list.
const (
	Shmulyan         = "shmulyan"          // S1 − S0 (seed 003, 1.13.4; seed 000, 3.7.3)
	Berger           = "berger"            // S1 + S½ − S0 (seed 000, 3.7.3)
	SonnebornBerger  = "sonneborn-berger"  // 2·S1 + S½ (seed 003, 1.13.5; seed 000, 3.7.3)
	Buchholz         = "buchholz"          // S1 + S½ + S0 (seed 003, 1.13.6)
	Solkoff          = "solkoff"           // Buchholz without the best and the worst (seed 003, 1.13.7)
	SolkoffTruncated = "solkoff-truncated" // without the worst, then the two worst... (seed 003, 1.13.8)
	Riga             = "riga"              // 2·S1 + 1.5·S½ + S0 (seed 003, 1.13.9)
	Wins             = "wins"              // most wins (seed 003, 1.13.3)
	HeadToHead       = "head-to-head"      // the games among the tied players (seed 003, 1.13.3)
	// The further criteria of seed 003, 1.13.3, in its order.
	BeatenPoints    = "beaten-points"    // the points of the opponents beaten: S1 («сумме очков участников, над которыми одержаны победы»)
	ResultsByPlace  = "results-by-place" // the results against the others in the order of places
	OpponentsRating = "opponents-rating" // the sum of the opponents' ratings («сумме индивидуального рейтинга (ЭЛО) противников»)
)

// TiebreakNames lists every tie-break postald computes.
func TiebreakNames() []string {
	return []string{Shmulyan, Berger, SonnebornBerger, Buchholz, Solkoff, SolkoffTruncated, Riga, Wins, HeadToHead,
		BeatenPoints, ResultsByPlace, OpponentsRating}
}

func isTiebreak(s string) bool {
	for _, t := range TiebreakNames() {
		if s == t {
			return true
		}
	}
	return false
}

func checkTiebreaks(ps *problems, where string, tbs []string) {
	seen := map[string]bool{}
	for i, t := range tbs {
		w := fmt.Sprintf("%s[%d]", where, i)
		switch {
		case !isTiebreak(t):
			ps.add(w, "%q is not a tie-break: want one of %s", t, strings.Join(TiebreakNames(), ", "))
		case seen[t]:
			ps.add(w, "%q is listed twice", t)
		}
		seen[t] = true
	}
}
