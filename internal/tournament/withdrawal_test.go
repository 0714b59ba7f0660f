package tournament

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Seed 003, 1.10.2–1.10.4: what a withdrawal does, from the player's games.
func TestWithdrawal(t *testing.T) {
	begun, none, annulled := GamePlay{Moves: 2}, GamePlay{}, GamePlay{Moves: 3, Annulled: true}
	tests := []struct {
		name          string
		games         []GamePlay
		clause        string
		played, total int
	}{
		{"one of three played, one annulled without a move", []GamePlay{begun, {Annulled: true}, none}, ClauseStruckOut, 1, 3},
		{"an annulled game with moves is not played", []GamePlay{annulled, begun, none}, ClauseStruckOut, 1, 3},
		{"two of three begun, unfinished ones count", []GamePlay{annulled, begun, {Moves: 1}}, ClauseLost, 2, 3},
		{"exactly half", []GamePlay{begun, begun, none, none}, ClauseLost, 2, 4},
		{"nothing played", []GamePlay{none, none, annulled}, ClauseStruckOut, 0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clause, played, total := Withdrawal(tc.games)
			if clause != tc.clause || played != tc.played || total != tc.total {
				t.Errorf("Withdrawal = %s, %d of %d; want %s, %d of %d", clause, played, total, tc.clause, tc.played, tc.total)
			}
		})
	}
}

// An annulled game scores nothing for anyone, also against a player who withdrew (1.10.4),
// and a game in progress with a move counts among his played games.
func TestComputeAnnulledAndBegun(t *testing.T) {
	players := []Entrant{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}, {Number: 3, Name: "C"}, {Number: 4, Name: "D", Withdrawn: true}}
	tests := []struct {
		name  string
		games []Played
		begun []Played
		want  []string // place:number:points:cells
	}{
		// 4 left: 1-4 annulled, 2-4 and 4-3 begun: two of three, 1.10.3; the annulled game is
		// no plus for 1, and the begun games wait for the judge's adjudication (1.10.4): no
		// plus and no minus until he gives their results.
		{"annulled, two begun", []Played{{1, 4, Annulled}}, []Played{{2, 4, Unfinished}, {4, 3, Unfinished}},
			[]string{"1-4:1:0:", "1-4:2:0:", "1-4:3:0:", "1-4:4:0:"}},
		// The same after the judge adjudicated 2-4 as a draw and 4-3 as a win for 3.
		{"annulled, two adjudicated", []Played{{1, 4, Annulled}, {2, 4, Draw}, {4, 3, BlackWins}}, nil,
			[]string{"1:3:1:4" + Win.Symbol(), "2-3:2:½:4½", "2-3:4:½:2½3" + Loss.Symbol(), "4:1:0:"}},
		// 1-4 won over the board, 2-4 annulled, 4-3 not begun: one of three, 1.10.2.
		{"one played, one annulled", []Played{{1, 4, WhiteWins}, {2, 4, Annulled}}, nil,
			[]string{"1-3:1:0:4(1)", "1-3:2:0:", "1-3:3:0:4-", ":4:0:1(0)3-"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ct, err := Compute(&Results{Scoring: ScoringHalf, Rounds: 1, Players: players, Games: tc.games, Begun: tc.begun})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range ct.Standings {
				cells := ""
				for _, c := range s.Games {
					if c.Annulled {
						cells += itoa(c.Opponent) + "(" + c.Score.Symbol() + ")"
					} else {
						cells += itoa(c.Opponent) + c.Score.Symbol()
					}
				}
				got = append(got, s.Place+":"+itoa(s.Number)+":"+FormatPoints(s.Points)+":"+cells)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
