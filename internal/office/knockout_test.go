package office

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"postald/internal/lots"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// knockoutSheet writes the start sheet of a knockout of n players with the regulation's
// knockout keys (extra lines of [regulation], "" for none).
func knockoutSheet(n int, regulation string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = \"КУ-%d\"\nname = \"Кубок\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\n", n)
	b.WriteString("address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = \"knockout\"\n")
	if regulation != "" {
		b.WriteString("\n[regulation]\n" + regulation + "\n")
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Игрок %d\"\nemail = \"p%d@mail.example\"\n", i, i, i)
	}
	return b.String()
}

// handBracket16 is the order of the places of a bracket of 16 as the federations' tables print
// it (seeds 1 and 2 in opposite halves, 1–4 in opposite quarters): written out here, not
// computed, so that the test does not repeat package tournament's recursion.
var handBracket16 = []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}

// handOrder returns the bracket order for size places (2, 4, 8 or 16), read off the table of 16:
// a bracket of fewer places keeps the seeds up to its size in the same order.
func handOrder(size int) []int {
	var out []int
	for _, s := range handBracket16 {
		if s <= size {
			out = append(out, s)
		}
	}
	return out
}

// handPairing is a pairing as the test counts it.
type handPairing struct {
	a, b   int // higher seed first; b 0 for a bye
	winner int
	how    string
}

// handCountKnockout runs the bracket of n players by hand from the results of the games, game
// by game named as the test played them, the regulation's micromatch m, extra games e and tie
// rule, and the seed for the lots (1.11, seed 003 1.2).
func handCountKnockout(n, m, e int, tie string, results map[string]tournament.Result, seed lots.Seed) [][]handPairing {
	size := 1
	for size < n {
		size *= 2
	}
	alive := handOrder(size)
	for i, s := range alive {
		if s > n {
			alive[i] = 0
		}
	}
	pts := func(a, b int, names []string) (float64, float64, bool) {
		var pa, pb float64
		for _, name := range names {
			r, ok := results[name]
			if !ok {
				return 0, 0, false
			}
			w := strings.HasPrefix(name, fmt.Sprint(a)+"-")
			switch {
			case r == tournament.Draw:
				pa, pb = pa+0.5, pb+0.5
			case (r == tournament.WhiteWins) == w:
				pa++
			default:
				pb++
			}
		}
		return pa, pb, true
	}
	var rounds [][]handPairing
	for r := 1; len(alive) > 1; r++ {
		var row []handPairing
		var next []int
		for k := 0; k < len(alive); k += 2 {
			a, b := alive[k], alive[k+1]
			if a == 0 || (b != 0 && b < a) {
				a, b = b, a
			}
			p := handPairing{a: a, b: b}
			switch {
			case b == 0:
				p.winner, p.how = a, tournament.HowBye
			default:
				names := []string{fmt.Sprintf("%d-%d", a, b)}
				if m == 2 {
					names = append(names, fmt.Sprintf("%d-%d", b, a))
				}
				pa, pb, _ := pts(a, b, names)
				switch {
				case pa > pb:
					p.winner, p.how = a, tournament.HowWon
				case pb > pa:
					p.winner, p.how = b, tournament.HowWon
				default:
					if e == 1 {
						ea, eb, _ := pts(a, b, []string{fmt.Sprintf("%d-%d", b, a)})
						if ea != eb {
							p.winner, p.how = a, tournament.HowExtra
							if eb > ea {
								p.winner = b
							}
							break
						}
					}
					if tie == "higher-seed" {
						p.winner, p.how = a, tournament.HowHigherSeed
						break
					}
					// The recipe of package lots: a choice among 2 of label "knockout R A-B".
					p.winner, p.how = a, tournament.HowLot
					if seed.Draw(fmt.Sprintf("knockout %d %d-%d", r, a, b)).Choice(2) == 1 {
						p.winner = b
					}
				}
			}
			row = append(row, p)
			next = append(next, p.winner)
		}
		rounds = append(rounds, row)
		alive = next
	}
	return rounds
}

// bracketOf reads the office's bracket of the simulated knockout from the store.
func bracketOf(t *testing.T, sim *Simulation) *tournament.Bracket {
	t.Helper()
	var br *tournament.Bracket
	if err := sim.Store().View(func(tx *store.Tx) error {
		rulings, err := tx.Rulings(store.GameID{Tournament: sim.Sheet().Code})
		if err != nil {
			return err
		}
		opened := store.LogOf(rulings).Knockout
		results, err := reading.TableResults(tx, sim.Sheet().Code)
		if err != nil {
			return err
		}
		br, err = sim.Sheet().Bracket(opened, results)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return br
}

// inPlay returns the games of the simulation in play, in the order of its draw.
func inPlay(t *testing.T, sim *Simulation) []tournament.Game {
	t.Helper()
	seats, err := sim.Games()
	if err != nil {
		t.Fatal(err)
	}
	var out []tournament.Game
	for _, s := range seats {
		if s.Game.Status != referee.StatusPlaying {
			continue
		}
		w, b, _ := s.Game.Numbers()
		out = append(out, tournament.Game{Name: s.Game.Name, White: w, Black: b})
	}
	return out
}

// checkTieLots: postald lots verify lists every tie the lot decided, as the hand count drew it
// from the revealed seed, and so does the letter that revealed the seed; a hash other than the
// one the start letters published is refused.
func checkTieLots(t *testing.T, sim *Simulation, want [][]handPairing, hash string) {
	t.Helper()
	var lines []string
	for r, row := range want {
		for _, hp := range row {
			if hp.how == tournament.HowLot {
				choice := 0
				if hp.winner == hp.b {
					choice = 1
				}
				lines = append(lines, fmt.Sprintf("knockout %d %d-%d: %d, проходит %d Игрок %d", r+1, hp.a, hp.b, choice, hp.winner, hp.winner))
			}
		}
	}
	rep, err := sim.office.Run(LotsRequest{Hash: hash})
	if err != nil {
		t.Fatal(err)
	}
	lr := replyOf[*LotsReply](t, rep)
	if !lr.Verified || len(lr.Ties) != len(lines) {
		t.Errorf("lots verify: verified %v, %d ties; the hand count has %d", lr.Verified, len(lr.Ties), len(lines))
	}
	for i, d := range lr.Ties {
		if i < len(lines) && !strings.HasPrefix(lines[i], fmt.Sprintf("%s: %d, проходит %d ", d.Label, d.Choice, d.Through)) {
			t.Errorf("lots verify: tie %+v; the hand count: %s", d, lines[i])
		}
	}
	var revealed mailed
	for _, m := range mailedSince(t, sim.Store(), 0) {
		if m.to == "p1@mail.example" && strings.HasSuffix(m.subject, ": ключ жеребьёвки раскрыт") {
			revealed = m
		}
	}
	for _, l := range lines {
		if !strings.Contains(revealed.body, l) {
			t.Errorf("the letter that revealed the seed does not list %q:\n%s", l, revealed.body)
		}
	}
	other := strings.Repeat("0", 64)
	if _, err := sim.office.Run(LotsRequest{Hash: other}); !errors.Is(err, ErrLotMismatch) {
		t.Errorf("lots verify with a hash no start letter gave: %v, want ErrLotMismatch", err)
	}
}

// TestKnockoutPlayedThrough plays knockouts of 2 to 16 players (with byes) by letters through the
// office, with micromatches of one and two games, extra games and both tie rules: round 1 is
// opened at registration; the letter that decides a pairing opens the next one as soon as its
// other feeding pairing is decided, in the same step, with its letters; a tied micromatch opens
// its extra game; the final's letter tells everyone the winner and reveals the seed. Every
// pairing, its winner and how it was decided is the test's own count of the bracket (a bracket
// order written out, the points summed, the lots drawn from the revealed seed by the recipe of
// package lots), and the seed is the one whose hash the start letters published.
func TestKnockoutPlayedThrough(t *testing.T) {
	legend := phrase.For("ru").Picture.ToMove
	seen := map[string]int{} // how the pairings were decided, over every bracket
	defer func() {
		for _, how := range []string{tournament.HowWon, tournament.HowExtra, tournament.HowLot, tournament.HowHigherSeed, tournament.HowBye} {
			if seen[how] == 0 {
				t.Errorf("no pairing of the brackets was decided by %q: %v", how, seen)
			}
		}
	}()
	for _, c := range []struct {
		players, micromatch, extra int
		tie                        string
		seed                       uint32
	}{
		{2, 1, 0, "lot", 1},
		{3, 1, 0, "lot", 2},
		{5, 2, 0, "lot", 3},
		{6, 1, 1, "lot", 4},
		{7, 2, 0, "higher-seed", 5},
		{8, 1, 1, "higher-seed", 6},
		{8, 2, 0, "lot", 7},
		{11, 1, 1, "lot", 8},
		{16, 2, 0, "lot", 9},
		{16, 1, 0, "lot", 10},
	} {
		t.Run(fmt.Sprintf("%d players, micromatch %d, extra %d, %s", c.players, c.micromatch, c.extra, c.tie), func(t *testing.T) {
			reg := fmt.Sprintf("micromatch = %d\nknockout_extra = %d\nknockout_tie = %q", c.micromatch, c.extra, c.tie)
			sim, err := NewSimulation([]byte(knockoutSheet(c.players, reg)), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer sim.Close()
			defer checkKnown(t, sim)
			p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
			if _, err := sim.Finish(p.at); err != nil {
				t.Fatal(err)
			}
			sh := sim.Sheet()
			start := mailedSince(t, sim.Store(), 0)
			hash := ""
			if c.tie == "lot" {
				hash = sh.Lots.Hash.String()
				for n := 1; n <= c.players; n++ {
					l := letterTo(t, start, fmt.Sprintf("p%d@mail.example", n))
					if !strings.Contains(l.body, hash) || !strings.Contains(l.body, "олимпийской системе") {
						t.Fatalf("player %d's start letter names neither the system nor the hash %s:\n%s", n, hash, l.body)
					}
				}
			}
			if c.players == 3 {
				// Seed 1 goes through round 1 without a game: the registration letter says so.
				want := "Без встречи в 1-м туре, сразу во 2-й тур (по числу участников): 1. Игрок 1."
				if judge := letterTo(t, start, "judge@club.example"); !strings.Contains(judge.body, want) {
					t.Errorf("the registration letter lacks %q:\n%s", want, judge.body)
				}
			}
			results := map[string]tournament.Result{}
			for steps := 0; ; steps++ {
				games := inPlay(t, sim)
				if len(games) == 0 {
					break
				}
				if steps > 64 {
					t.Fatal("the knockout does not end")
				}
				g := games[0]
				res := outcome(g.Name, c.seed)
				if c.micromatch == 1 && c.extra == 1 && g.White < g.Black {
					res = []tournament.Result{tournament.Draw, tournament.WhiteWins, tournament.BlackWins}[(g.White+int(c.seed))%3]
				}
				sent := len(mailedSince(t, sim.Store(), 0))
				p.play(g, res)
				results[g.Name] = res
				// What the letter opened went at once to both players of the new games, with the
				// picture of the start position only for one who has White in a new game.
				after := mailedSince(t, sim.Store(), sent)
				var fresh []tournament.Game
				for _, ng := range inPlay(t, sim) {
					if !slices.ContainsFunc(games, func(o tournament.Game) bool { return o.Name == ng.Name }) {
						fresh = append(fresh, ng)
					}
				}
				for _, ng := range fresh {
					for _, n := range []int{ng.White, ng.Black} {
						white := slices.ContainsFunc(fresh, func(o tournament.Game) bool { return o.White == n })
						if !slices.ContainsFunc(after, func(m mailed) bool {
							return m.to == fmt.Sprintf("p%d@mail.example", n) && strings.Contains(m.body, ng.Name) &&
								strings.Contains(m.body, legend) == white
						}) {
							t.Errorf("game %s opened: player %d got no letter naming it, with the picture only if he has White (%v)", ng.Name, n, white)
						}
					}
				}
			}

			var seed lots.Seed
			if c.tie == "lot" {
				var kept *store.Lot
				if err := sim.Store().View(func(tx *store.Tx) error {
					raw, err := tx.Tournament(sh.Code)
					kept = raw.Lot
					return err
				}); err != nil {
					t.Fatal(err)
				}
				if kept == nil || kept.Revealed.IsZero() {
					t.Fatalf("the knockout ended and its seed is not revealed: %+v", kept)
				}
				if seed, err = lots.ParseSeed(kept.Seed); err != nil {
					t.Fatal(err)
				}
				h, _ := lots.ParseHash(hash)
				if err := lots.Check(seed, h); err != nil {
					t.Fatalf("the seed revealed against the hash the start letters published: %v", err)
				}
			}
			want := handCountKnockout(c.players, c.micromatch, c.extra, c.tie, results, seed)
			br := bracketOf(t, sim)
			if len(br.Rounds) != len(want) {
				t.Fatalf("%d rounds, the hand count has %d", len(br.Rounds), len(want))
			}
			for r, row := range want {
				for k, hp := range row {
					got := br.Rounds[r][k]
					seen[got.How]++
					if got.A != hp.a || got.B != hp.b || got.Winner != hp.winner || got.How != hp.how {
						t.Errorf("round %d, pairing %d: %d–%d, %d through by %q; the hand count: %d–%d, %d by %q",
							r+1, k+1, got.A, got.B, got.Winner, got.How, hp.a, hp.b, hp.winner, hp.how)
					}
				}
			}
			if c.tie == "lot" {
				checkTieLots(t, sim, want, hash)
			}
			champion := want[len(want)-1][0].winner
			if br.Winner != champion {
				t.Errorf("winner %d, the hand count's %d", br.Winner, champion)
			}
			all := mailedSince(t, sim.Store(), 0)
			// A pairing still tied and decided by the lot or the higher seed is told to both its
			// players at once, each whether he goes through; the final's letter says that the seed
			// is revealed with it, an earlier one that it will be.
			for r, row := range want {
				for _, hp := range row {
					if hp.how != tournament.HowLot && hp.how != tournament.HowHigherSeed {
						continue
					}
					for _, n := range []int{hp.a, hp.b} {
						to, n := fmt.Sprintf("p%d@mail.example", n), n
						ok := slices.ContainsFunc(all, func(m mailed) bool {
							return m.to == to && m.subject == sh.Code+": ничейная встреча решена" &&
								strings.Contains(m.body, fmt.Sprintf("проходит %d. Игрок %d", hp.winner, hp.winner)+".") != (hp.how == tournament.HowHigherSeed) && strings.Contains(m.body, fmt.Sprintf("%d. Игрок %d.", hp.winner, hp.winner)) &&
								strings.Contains(m.body, "Вы выбываете") == (n != hp.winner) &&
								strings.Contains(m.body, "ключ раскрыт в письме, которое пришло вместе с этим") == (hp.how == tournament.HowLot && r == len(want)-1) &&
								strings.Contains(m.body, "Ключ будет раскрыт") == (hp.how == tournament.HowLot && r < len(want)-1)
						})
						if !ok {
							t.Errorf("player %d got no letter that his tied pairing %d–%d was decided (%s): %d goes through", n, hp.a, hp.b, hp.how, hp.winner)
						}
					}
				}
			}
			// The judge's letter of every pairing opened says which pairing of which stage it is,
			// and of extra games that they follow a tie.
			extras := 0
			for _, m := range all {
				if m.to != "judge@club.example" || !strings.HasPrefix(m.subject, sh.Code+": тур ") {
					continue
				}
				if !regexp.MustCompile(`\d-й тур \([^)]+\), встреча \d+`).MatchString(m.body) {
					t.Errorf("the judge's letter %q names no stage nor pairing:\n%s", m.subject, m.body)
				}
				if strings.Contains(m.body, "назначены дополнительные партии (п. 1.11)") {
					extras++
				}
			}
			tied := 0
			for _, row := range want {
				for _, hp := range row {
					if hp.how == tournament.HowExtra || c.extra == 1 && (hp.how == tournament.HowLot || hp.how == tournament.HowHigherSeed) {
						tied++
					}
				}
			}
			if extras != tied {
				t.Errorf("%d letters to the judge of extra games, the hand count has %d tied pairings that played them", extras, tied)
			}
			for _, to := range []string{"p1@mail.example", fmt.Sprintf("p%d@mail.example", c.players), "judge@club.example", "td@club.example"} {
				n := 0
				for _, m := range all {
					if m.to == to && m.subject == sh.Code+": победитель" {
						n++
						if !strings.Contains(m.body, fmt.Sprintf("Победитель — %d Игрок %d.", champion, champion)) {
							t.Errorf("the letter of the winner to %s:\n%s", to, m.body)
						}
						// It shows no position: no picture (whose legend would follow the text).
						if strings.Contains(m.body, legend) {
							t.Errorf("the letter of the winner to %s pictures a position:\n%s", to, m.body)
						}
					}
				}
				if n != 1 {
					t.Errorf("%s got %d letters of the winner, want 1", to, n)
				}
			}
			// The director's report lists the bracket's steps under their own heading, oldest
			// first: every pairing decided over the board on the day its last game ended, the
			// final as the winner's event.
			rep, err := sim.office.Run(ReportRequest{Tournament: sh.Code})
			if err != nil {
				t.Fatal(err)
			}
			_, events, _ := strings.Cut(replyOf[*ReportReply](t, rep).Reports[0].Text, "События сетки\n")
			events, _, _ = strings.Cut(events, "\n\n")
			overBoard := 0
			for r, row := range want {
				for _, hp := range row {
					if r < len(want)-1 && hp.how != tournament.HowBye && hp.how != tournament.HowWithdrawal {
						overBoard++
					}
				}
			}
			if got := strings.Count(events, " решена ("); got != overBoard {
				t.Errorf("the report's bracket events name %d pairings decided, the hand count %d before the final:\n%s", got, overBoard, events)
			}
			if !strings.Contains(events, "финал решён (") || !strings.Contains(events+"\n", fmt.Sprintf("победитель — %d Игрок %d\n", champion, champion)) {
				t.Errorf("the report's bracket events do not say how the final was decided and by whom:\n%s", events)
			}
			var last time.Time
			for _, l := range strings.Split(events, "\n")[2:] {
				on, err := time.Parse("02.01.2006", strings.Fields(l)[0])
				if err != nil || on.Before(last) {
					t.Errorf("the report's bracket events are not dated in order at %q:\n%s", l, events)
					break
				}
				last = on
			}
			// Every player played the hand count's pairings, and nothing more.
			var played int
			for _, row := range want {
				for _, hp := range row {
					if hp.b != 0 {
						played += c.micromatch
						if hp.how == tournament.HowExtra || (c.extra == 1 && (hp.how == tournament.HowLot || hp.how == tournament.HowHigherSeed)) {
							played++
						}
					}
				}
			}
			if len(results) != played {
				t.Errorf("%d games played, the hand count's pairings have %d", len(results), played)
			}
			// The list of tournaments (the pages' index) counts every game played, the extra
			// ones too, all of them finished.
			list, err := reading.NewReader(sim.Store()).Tournaments()
			if err != nil || len(list) != 1 || list[0].Games != played || list[0].Finished != played {
				t.Errorf("the list of tournaments: %+v, %v; want %d games, all finished", list, err, played)
			}
		})
	}
}

// TestKnockoutWithdrawal: a player who withdraws (1.10) loses his pairing at once: his game
// without a move is lost without play (1.10.3, 1.12.2), his partner goes through, and the final
// opens as soon as the other semi-final ends, its letters sent with the letter that ended it.
func TestKnockoutWithdrawal(t *testing.T) {
	sim, err := NewSimulation([]byte(knockoutSheet(4, `knockout_tie = "higher-seed"`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	if _, err := sim.Finish(p.at); err != nil {
		t.Fatal(err)
	}
	if _, err := sim.office.Run(WithdrawRequest{Player: 4, Reason: "по болезни"}); err != nil {
		t.Fatal(err)
	}
	st, err := sim.Game("1-4")
	if err != nil {
		t.Fatal(err)
	}
	if got := tournament.TableResult(&st.Game); got != tournament.WhiteByForfeit {
		t.Errorf("1-4 after 4 withdrew: %s, want +/-", got)
	}
	br := bracketOf(t, sim)
	if p := br.Rounds[0][0]; p.Winner != 1 || p.How != tournament.HowWithdrawal {
		t.Errorf("1–4 after 4 withdrew: %+v", p)
	}
	if games := inPlay(t, sim); len(games) != 1 || games[0].Name != "2-3" {
		t.Fatalf("in play after the withdrawal: %v, want 2-3 alone", games)
	}
	sent := len(mailedSince(t, sim.Store(), 0))
	p.play(tournament.Game{Name: "2-3", White: 2, Black: 3}, tournament.BlackWins)
	after := mailedSince(t, sim.Store(), sent)
	for _, n := range []int{1, 3} {
		var l mailed
		for _, m := range after {
			if m.to == fmt.Sprintf("p%d@mail.example", n) && m.subject == "КУ-4: тур 2" {
				l = m
			}
		}
		if l.subject == "" || !strings.Contains(l.body, "Партия 1-3") || !strings.Contains(l.body, "финал") {
			t.Errorf("player %d's letter of the final: %s\n%s", n, l.subject, l.body)
		}
	}
	if games := inPlay(t, sim); len(games) != 1 || games[0].Name != "1-3" {
		t.Fatalf("in play after the semi-finals: %v, want the final 1-3", games)
	}
	p.play(tournament.Game{Name: "1-3", White: 1, Black: 3}, tournament.Draw)
	if br := bracketOf(t, sim); br.Winner != 1 || br.Rounds[1][0].How != tournament.HowHigherSeed {
		t.Errorf("the final drawn, tie by the higher seed: winner %d, %+v", br.Winner, br.Rounds[1][0])
	}
}

// TestKnockoutWithdrawalAfterWin: a player who withdraws after winning his pairing, while his
// next partner is not known, keeps the pairing he won and loses the next: when the other
// semi-final ends its winner goes through the final without a game, and everyone is told the
// winner in the same step.
func TestKnockoutWithdrawalAfterWin(t *testing.T) {
	sim, err := NewSimulation([]byte(knockoutSheet(4, "")), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer checkKnown(t, sim)
	p := &player{t: t, sim: sim, at: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	if _, err := sim.Finish(p.at); err != nil {
		t.Fatal(err)
	}
	p.play(tournament.Game{Name: "1-4", White: 1, Black: 4}, tournament.WhiteWins)
	if _, err := sim.office.Run(WithdrawRequest{Player: 1, Reason: "переезд"}); err != nil {
		t.Fatal(err)
	}
	sent := len(mailedSince(t, sim.Store(), 0))
	p.play(tournament.Game{Name: "2-3", White: 2, Black: 3}, tournament.BlackWins)
	br := bracketOf(t, sim)
	if r1 := br.Rounds[0][0]; r1.Winner != 1 || r1.How != tournament.HowWon {
		t.Errorf("1-4, won before 1 withdrew: %+v", r1)
	}
	if f := br.Rounds[1][0]; f.A != 1 || f.B != 3 || f.Winner != 3 || f.How != tournament.HowWithdrawal || f.Opened {
		t.Errorf("the final after 1 withdrew: %+v", f)
	}
	if games := inPlay(t, sim); len(games) != 0 {
		t.Errorf("games in play: %v", games)
	}
	n := 0
	for _, m := range mailedSince(t, sim.Store(), sent) {
		if m.subject == "КУ-4: победитель" && strings.Contains(m.body, "Победитель — 3 Игрок 3.") {
			n++
		}
	}
	if n != 4+2 { // the four players, the judge and the director
		t.Errorf("%d letters of the winner after 2-3, want 6", n)
	}
}
