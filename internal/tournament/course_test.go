package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/referee"
)

// courseRun plays a tournament through its course alone, as the office would record its steps:
// the log grows by the records, the games by those opened, the results by the rulings and by
// the games the test finishes.
type courseRun struct {
	t       *testing.T
	sh      *Sheet
	c       Course
	table   *referee.Table
	now     time.Time
	log     Log
	games   map[string]referee.Game
	results map[string]Result
	opened  []string // the games opened, in order
	records []string // the log's records, in order: "pair 2", "knockout 2.1 1-4", …
	letters []Letter
}

func newCourseRun(t *testing.T, src string) *courseRun {
	t.Helper()
	sh, err := ParseSheet([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := &courseRun{t: t, sh: sh, c: sh.Course(), table: sh.Table(time.UTC), now: time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC),
		games: map[string]referee.Game{}, results: map[string]Result{}}
	step, err := r.c.Start(r.table, r.now)
	if err != nil {
		t.Fatal(err)
	}
	r.record(step)
	return r
}

func (r *courseRun) state() State {
	return State{Log: r.log, Results: r.results, Table: r.table, Now: r.now}
}

// record records step as the office does, part by part.
func (r *courseRun) record(step Step) {
	r.t.Helper()
	for _, p := range step.Parts {
		for _, rec := range p.Records {
			r.log = r.log.Add(rec.Entry)
			switch e := rec.Entry.(type) {
			case PairedRound:
				r.records = append(r.records, fmt.Sprintf("pair %d", e.Round))
			case Substitution:
				r.records = append(r.records, fmt.Sprintf("reserve %d for %d", e.In, e.Out))
			case KnockoutOpened:
				r.records = append(r.records, fmt.Sprintf("knockout %d.%d %d-%d extra=%v withdrew=%d", e.Round, e.Slot, e.A, e.B, e.Extra, e.Withdrew))
			case Left:
				r.records = append(r.records, fmt.Sprintf("withdraw %d %s", e.Player, e.Clause))
			case KnockoutWon:
				r.records = append(r.records, fmt.Sprintf("won %d", e.Winner))
			case SwissEnded:
				r.records = append(r.records, fmt.Sprintf("ended after %d", e.Rounds))
			}
		}
		for _, ru := range p.Rulings {
			r.games[ru.Game] = ru.Decision.Game
			g := ru.Decision.Game
			if res := TableResult(&g); res.Finished() {
				r.results[ru.Game] = res
			}
		}
		for _, o := range p.Open {
			if _, dup := r.games[o.Game.Name]; dup {
				r.t.Fatalf("game %s opened twice", o.Game.Name)
			}
			r.games[o.Game.Name] = o.Decision.Game
			r.opened = append(r.opened, o.Game.Name)
		}
		r.letters = append(r.letters, p.Letters...)
	}
}

// finish gives game name its result and records what its end brings, when the games the course
// awaits are finished.
func (r *courseRun) finish(name string, res Result) {
	r.t.Helper()
	if _, ok := r.games[name]; !ok {
		r.t.Fatalf("game %s finished, but it was never opened (opened: %v)", name, r.opened)
	}
	r.results[name] = res
	names, ok := r.c.Awaits(r.log, name)
	if !ok {
		return
	}
	for _, n := range names {
		if !r.results[n].Finished() {
			return
		}
	}
	step, err := r.c.GameEnded(r.state(), name)
	if err != nil {
		r.t.Fatal(err)
	}
	r.record(step)
}

func (r *courseRun) gamesOf(n int) []referee.Game {
	var out []referee.Game
	for _, name := range r.opened {
		if g := r.games[name]; strings.HasPrefix(name, fmt.Sprint(n, "-")) || strings.HasSuffix(name, fmt.Sprint("-", n)) {
			out = append(out, g)
		}
	}
	return out
}

// TestCourseSwiss: a Swiss through its course: round 1 paired, recorded and opened at the start;
// the next round paired when the last game of a round ends, not before, as PairSwiss pairs it
// from the rounds and results; no round after the last, but its end recorded once and the final
// standings to every player (without a picture of a game), the judge and the director.
func TestCourseSwiss(t *testing.T) {
	r := newCourseRun(t, strings.Replace(readSheet(t), "rounds = 1", "rounds = 3\nsystem = \"swiss\"", 1))
	if got, want := len(r.opened), r.c.Registered(); got != 2 || want != 2 || r.c.Planned() != 6 {
		t.Fatalf("%d games opened at the start, Registered %d, Planned %d; want 2, 2, 6", got, want, r.c.Planned())
	}
	if diff := cmp.Diff([]string{"pair 1"}, r.records); diff != "" {
		t.Errorf("the start's records (-want +got):\n%s", diff)
	}
	for round := 1; round <= 3; round++ {
		names := slices.Clone(r.opened[len(r.opened)-2:])
		after := map[string]Result{names[0]: WhiteWins, names[1]: Draw}
		for k, v := range r.results {
			after[k] = v
		}
		want, err := r.sh.PairSwiss(r.log.Rounds, after, nil)
		r.finish(names[0], WhiteWins)
		if len(r.log.Rounds) != round {
			t.Fatalf("round %d paired before its last game ended", round+1)
		}
		sent := len(r.letters)
		r.finish(names[1], Draw)
		if round == 3 {
			if len(r.log.Rounds) != 3 || len(r.opened) != 6 {
				t.Errorf("after the last round: %d rounds, %d games", len(r.log.Rounds), len(r.opened))
			}
			if diff := cmp.Diff([]string{"pair 1", "pair 2", "pair 3", "ended after 3"}, r.records); diff != "" {
				t.Errorf("the log after the last round (-want +got):\n%s", diff)
			}
			var players, officials int
			for _, l := range r.letters[sent:] {
				lang := r.sh.Language
				if l.Number != 0 {
					lang = r.sh.LanguageOf(l.Number)
				}
				if l.Subject != words(lang).Systems.EndedSubject(r.sh.Code) {
					t.Errorf("a letter of the end %q", l.Subject)
				}
				if l.Number == 0 {
					officials++
				} else if l.Games == nil || len(l.Games) != 0 {
					t.Errorf("player %d's letter of the end pictures games %v", l.Number, l.Games)
				} else {
					players++
				}
			}
			if players != 4 || officials != 2 {
				t.Errorf("the end's letters: %d players', %d officials'; want 4 and the judge's and the director's", players, officials)
			}
			if step, err := r.c.GameEnded(r.state(), names[1]); err != nil || len(step.Parts) != 0 {
				t.Errorf("after the end was recorded: %+v %v", step, err)
			}
			if _, ok := r.c.Awaits(r.log, names[1]); ok {
				t.Errorf("the end recorded, the course still awaits games")
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got := r.log.Rounds[len(r.log.Rounds)-1]
		want.Ends = got.Ends
		if !cmp.Equal(want, got) || len(r.opened) != 2*(round+1) {
			t.Errorf("round %d as the course paired it %+v, as PairSwiss pairs it %+v; %d games", round+1, got, want, len(r.opened))
		}
	}
	st, err := r.c.Standings(r.state())
	if err != nil || st.Swiss == nil || len(st.Crosstable().Standings) != 4 {
		t.Fatalf("standings: %v %+v", err, st)
	}
	if q, err := r.c.Qualified(st, 4); err != nil || len(q) != 4 || q[0] != st.Crosstable().Standings[0].Number {
		t.Errorf("the four places: %v %v", q, err)
	}
}

// TestCourseKnockout: a knockout of four through its course: the final opened once both
// semi-finals are decided, a tied semi-final's extra game first; the winner recorded once; a
// player who withdraws loses his pairing (1.10) and his partner's next pairing opens; a pairing
// still tied that the higher seed decides is told to both its players at once.
func TestCourseKnockout(t *testing.T) {
	r := newCourseRun(t, knockoutSheet(4, "en", "knockout_extra = 1\nknockout_tie = \"higher-seed\""))
	if diff := cmp.Diff([]string{"1-4", "2-3"}, r.opened); diff != "" {
		t.Fatalf("round 1 (-want +got):\n%s", diff)
	}
	r.finish("1-4", WhiteWins)
	r.finish("2-3", Draw)
	r.finish("3-2", BlackWins) // 2 wins the extra game with Black
	r.finish("1-2", Draw)
	r.finish("2-1", WhiteWins) // the final's extra game: 2 again
	want := []string{"knockout 1.2 2-3 extra=true withdrew=0", "knockout 2.1 1-2 extra=false withdrew=0",
		"knockout 2.1 1-2 extra=true withdrew=0", "won 2"}
	if diff := cmp.Diff(want, r.records); diff != "" {
		t.Errorf("the log (-want +got):\n%s", diff)
	}
	won := 0
	for _, l := range r.letters {
		if strings.Contains(l.Subject, "winner") {
			won++
		}
	}
	if won != 4+2 {
		t.Errorf("%d letters of the winner, want 4 players, the judge and the director", won)
	}
	if step, err := r.c.GameEnded(r.state(), "2-1"); err != nil || len(step.Parts) != 0 {
		t.Errorf("after the winner was recorded: %+v %v", step, err)
	}

	r = newCourseRun(t, knockoutSheet(4, "en", "knockout_tie = \"higher-seed\""))
	w, step, err := r.c.Withdraw(r.state(), r.gamesOf(4), 4, "", "ill")
	if err != nil {
		t.Fatal(err)
	}
	r.record(step)
	if w.Clause != ClauseLost || r.results["1-4"] != WhiteByForfeit {
		t.Errorf("withdrawal %+v, 1-4 %v; want 1.10.3 and a game lost without play", w, r.results["1-4"])
	}
	r.finish("2-3", BlackWins)
	want = []string{"withdraw 4 1.10.3", "knockout 1.1 1-4 extra=false withdrew=4", "knockout 2.1 1-3 extra=false withdrew=0"}
	if diff := cmp.Diff(want, r.records); diff != "" {
		t.Errorf("the log (-want +got):\n%s", diff)
	}
	if q, err := r.c.Qualified(nil, 2); !errors.Is(err, ErrRefused) || q != nil {
		t.Errorf("the places of a knockout for a next stage: %v %v", q, err)
	}
	var inv *InvalidError
	if _, err := r.c.Qualified(nil, 2); !errors.As(err, &inv) || inv.Problems[0].Where != "stage.after" {
		t.Errorf("the places of a knockout for a next stage: %v, want the sheet's fault at stage.after", err)
	}

	// A semi-final still tied that the higher seed decides (1.11): both its players are told in
	// the step of its game's end, before the final opens, without a picture of a game.
	r = newCourseRun(t, knockoutSheet(4, "en", "knockout_tie = \"higher-seed\""))
	r.finish("1-4", WhiteWins)
	sent := len(r.letters)
	r.finish("2-3", Draw)
	var told []int
	for _, l := range r.letters[sent:] {
		if l.Subject == words("en").Systems.TieSubject(r.sh.Code) {
			told = append(told, l.Number)
			if l.Games == nil || len(l.Games) != 0 {
				t.Errorf("player %d's letter of the tie pictures games %v", l.Number, l.Games)
			}
		}
	}
	if diff := cmp.Diff([]int{2, 3}, told); diff != "" {
		t.Errorf("the players told of the tie (-want +got):\n%s", diff)
	}
	if len(r.letters) == sent || r.letters[sent].Subject != words("en").Systems.TieSubject(r.sh.Code) {
		t.Errorf("the tie's letters are not the step's first")
	}
	if diff := cmp.Diff([]string{"knockout 2.1 1-2 extra=false withdrew=0"}, r.records); diff != "" {
		t.Errorf("the log (-want +got):\n%s", diff)
	}
}

// TestCourseTeams: a team event through its course: a match's result to both captains once its
// last game ends (1.14.7); a reserve entered: recorded, the old games annulled, the new ones
// opened with their letters (1.14.2); a round robin refuses a reserve.
func TestCourseTeams(t *testing.T) {
	r := newCourseRun(t, string(readTestdata(t, "teams.toml")))
	if len(r.opened) != r.c.Registered() || r.c.Planned() != len(r.opened) {
		t.Fatalf("%d games opened, Registered %d, Planned %d", len(r.opened), r.c.Registered(), r.c.Planned())
	}
	m := r.sh.Matches()[0]
	for i, name := range m.Games {
		before := len(r.letters)
		r.finish(name, Draw)
		captains := 0
		for _, l := range r.letters[before:] {
			if l.Number == 0 && strings.HasSuffix(l.To, "@club.example") && l.To != "judge@club.example" {
				captains++
			}
		}
		if last := i == len(m.Games)-1; (captains == 2) != last {
			t.Errorf("after game %s (%d of %d): %d captains' letters", name, i+1, len(m.Games), captains)
		}
	}
	sub, step, err := r.c.Reserve(r.state(), r.games, 1, 7, "ill")
	if err != nil {
		t.Fatal(err)
	}
	r.record(step)
	if len(step.Parts) != 1 || len(step.Parts[0].Rulings) != len(sub.Games) || len(step.Parts[0].Open) != len(sub.Games) ||
		!slices.Contains(r.records, "reserve 7 for 1") {
		t.Errorf("the reserve's step: %+v", step)
	}
	for _, ru := range step.Parts[0].Rulings {
		if ru.Ruling.Kind != referee.RuleAnnul || r.results[ru.Game] != Annulled {
			t.Errorf("game %s taken over: %+v", ru.Game, ru.Ruling)
		}
	}
	if _, _, err := r.c.Reserve(r.state(), r.games, 1, 2, "x"); !errors.Is(err, ErrRefused) {
		t.Errorf("a board player as a reserve: %v", err)
	}
	rr := newCourseRun(t, readSheet(t))
	if _, _, err := rr.c.Reserve(rr.state(), rr.games, 1, 2, "x"); !errors.Is(err, ErrRefused) {
		t.Errorf("a reserve in a round robin: %v", err)
	}
	if st, err := r.c.Standings(r.state()); err != nil || st.Teams == nil {
		t.Errorf("team standings: %v", err)
	} else if _, err := r.c.Qualified(st, 2); !errors.Is(err, ErrRefused) {
		t.Errorf("the places of a team event for a next stage: %v", err)
	}
}
