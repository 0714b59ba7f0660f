package tournament

import (
	"errors"
	"slices"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
)

// TestWithdraw: seed 003, 1.10 as a pure function over a player's games: which clause, and what
// becomes of each game of his.
func TestWithdraw(t *testing.T) {
	loc := time.UTC
	at := time.Date(2026, 11, 10, 12, 0, 0, 0, loc)
	reg := referee.DefaultRegulation()
	start, err := daysclock.ParseDate("2026-10-01")
	if err != nil {
		t.Fatal(err)
	}
	end := start.AddDays(270)
	player := func(n int) referee.Player {
		return referee.Player{Number: n, Name: "P" + string(rune('0'+n)), Email: "p" + string(rune('0'+n)) + "@x"}
	}
	// game returns a game of player 4 against player n, with plies plies, ended as given.
	table := &referee.Table{Code: "T", Variant: "russian", Language: "en", Start: start, End: end, Regulation: reg, Zone: loc}
	for n := 1; n <= 4; n++ {
		table.Players = append(table.Players, player(n))
	}
	game := func(n, plies int, status referee.Status, result referee.Result, reason referee.Reason) referee.Game {
		g := table.NewGame("4-" + string(rune('0'+n)))
		for range plies {
			g.Plies = append(g.Plies, referee.Ply{Text: "x", Date: start, By: referee.ByLetter})
		}
		if status != "" {
			g.Status, g.Result, g.Reason = status, result, reason
		}
		return g
	}
	finished := func(n int) referee.Game {
		return game(n, 30, referee.StatusFinished, referee.ResultDraw, "draw agreed")
	}
	annulled := func(n int) referee.Game {
		return game(n, 0, referee.StatusFinished, referee.ResultNone, referee.ReasonAnnulled)
	}
	tests := []struct {
		name     string
		games    []referee.Game
		clause   string
		want     string // the clause the rule gives
		played   int
		results  []string // each game's status/result/reason afterwards
		ended    int      // games the withdrawal ended (struck out, lost without play)
		referred int      // begun games it sent to adjudication (1.10.4)
		err      bool
	}{
		{name: "one of three played, one annulled: 1.10.2", games: []referee.Game{game(1, 5, "", "", ""), annulled(2), game(3, 0, "", "", "")},
			want: ClauseStruckOut, played: 1,
			results: []string{"finished * struck out", "finished * annulled", "finished * struck out"}, ended: 2},
		{name: "two of three played: 1.10.3", games: []referee.Game{finished(1), game(2, 7, "", "", ""), game(3, 0, "", "", "")},
			want: ClauseLost, played: 2,
			results: []string{"finished 1/2-1/2 draw agreed", "adjudication * withdrawn", "finished 0-1 forfeit"}, ended: 1, referred: 1},
		{name: "the judge names the rule's clause", games: []referee.Game{finished(1), finished(2)}, clause: "1.10.3", want: ClauseLost, played: 2,
			results: []string{"finished 1/2-1/2 draw agreed", "finished 1/2-1/2 draw agreed"}},
		{name: "the judge names the other clause", games: []referee.Game{finished(1), finished(2)}, clause: "1.10.2", err: true},
		{name: "a game of someone else", games: []referee.Game{table.NewGame("1-2")}, err: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := Withdraw(table, tc.games, 4, tc.clause, "left", at)
			if tc.err {
				if !errors.Is(err, referee.ErrRuling) {
					t.Fatalf("Withdraw = %v, want an ErrRuling", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if w.Clause != tc.want || w.Played != tc.played || w.Total != len(tc.games) {
				t.Errorf("clause %s, %d of %d played; want %s, %d of %d", w.Clause, w.Played, w.Total, tc.want, tc.played, len(tc.games))
			}
			if w.Ended() != tc.ended || w.Referred() != tc.referred {
				t.Errorf("%d games ended, %d referred; want %d and %d", w.Ended(), w.Referred(), tc.ended, tc.referred)
			}
			after := slices.Clone(tc.games)
			for _, r := range w.Rulings {
				after[r.Game] = r.Decision.Game
			}
			for i, g := range after {
				if got := g.Status.String() + " " + g.Result.String() + " " + g.Reason.String(); got != tc.results[i] {
					t.Errorf("game %s: %q, want %q", g.Name, got, tc.results[i])
				}
			}
		})
	}
}

// TestTableResult: a game's result as the crosstable counts it, from the game alone.
func TestTableResult(t *testing.T) {
	g := func(plies int, result referee.Result, reason referee.Reason) *referee.Game {
		x := referee.Game{Status: referee.StatusFinished, Result: result, Reason: reason, Plies: make([]referee.Ply, plies)}
		return &x
	}
	tests := []struct {
		game *referee.Game
		want Result
	}{
		{g(0, referee.ResultWhite, referee.ReasonForfeit), WhiteByForfeit},
		{g(0, referee.ResultBlack, referee.ReasonForfeit), BlackByForfeit},
		{g(3, referee.ResultBlack, referee.ReasonForfeit), BlackWins},
		{g(3, referee.ResultNone, referee.ReasonAnnulled), Annulled},
		{g(3, referee.ResultNone, referee.ReasonStruckOut), Unfinished},
		{g(3, referee.ResultDraw, "draw agreed"), Draw},
		{&referee.Game{Status: referee.StatusPlaying, Result: referee.ResultNone}, Unfinished},
	}
	for _, tc := range tests {
		if got := TableResult(tc.game); got != tc.want {
			t.Errorf("%s %s %q, %d plies: %v, want %v", tc.game.Status, tc.game.Result, tc.game.Reason, len(tc.game.Plies), got, tc.want)
		}
	}
}
