package tournament

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/golden"
	"postald/internal/lots"
)

// knockoutSheet writes the start sheet of a knockout of n players in lang with the extra lines
// of [regulation].
func knockoutSheet(n int, lang, regulation string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = \"КЧ-2026\"\nname = \"Кубок клуба\"\nvariant = \"russian\"\nstart = 2026-11-01\nend = 2027-10-31\nlanguage = %q\n", lang)
	b.WriteString("address = \"moves@club.example\"\njudge = \"judge@club.example\"\ndirector = \"td@club.example\"\nsystem = \"knockout\"\n")
	if regulation != "" {
		b.WriteString("\n[regulation]\n" + regulation + "\n")
	}
	who := map[string]string{"ru": "Игрок", "en": "Player"}[lang]
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"%s %d\"\nemail = \"p%d@mail.example\"\n", i, who, i, i)
	}
	return b.String()
}

func parseKnockout(t *testing.T, n int, lang, regulation string) *Sheet {
	t.Helper()
	sh, err := ParseSheet([]byte(knockoutSheet(n, lang, regulation)))
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// TestBracketOrder: the places of a bracket as the federations' tables print them, seeds 1 and 2
// in opposite halves and the four best in opposite quarters.
func TestBracketOrder(t *testing.T) {
	for size, want := range map[int][]int{
		2:  {1, 2},
		4:  {1, 4, 2, 3},
		8:  {1, 8, 4, 5, 2, 7, 3, 6},
		16: {1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11},
	} {
		if diff := cmp.Diff(want, bracketOrder(size)); diff != "" {
			t.Errorf("bracket of %d (-want +got):\n%s", size, diff)
		}
	}
	for n, want := range map[int]int{1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4, 16: 4, 17: 5} {
		if got := KnockoutRounds(n); got != want {
			t.Errorf("KnockoutRounds(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestKnockoutFirstRound: for 2 to 16 players, round 1 pairs every player once or gives him a
// bye; the byes go to the best seeds, as many as the places left empty; the higher seed has
// White in a pairing's first game and the colours alternate.
func TestKnockoutFirstRound(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for _, m := range []int{1, 2} {
			sh := parseKnockout(t, n, "en", fmt.Sprintf("micromatch = %d", m))
			size := 1
			for size < n {
				size *= 2
			}
			games := sh.Games()
			seen := map[int]int{}
			for i, g := range games {
				seen[g.White]++
				seen[g.Black]++
				if m == 2 && i%2 == 1 {
					if prev := games[i-1]; g.White != prev.Black || g.Black != prev.White || g.Leg != 2 {
						t.Errorf("%d players: game %s after %s: the colours do not alternate", n, g.Name, prev.Name)
					}
				} else if g.White > g.Black {
					t.Errorf("%d players: game %s: the higher seed has Black in the first game", n, g.Name)
				}
			}
			for p := 1; p <= n; p++ {
				bye := p <= size-n
				switch {
				case bye && seen[p] != 0:
					t.Errorf("%d players: seed %d plays round 1; the %d best seeds have byes", n, p, size-n)
				case !bye && seen[p] != m:
					t.Errorf("%d players, micromatch %d: seed %d has %d games in round 1", n, m, p, seen[p])
				}
			}
			if want := (n - (size - n)) / 2 * m; len(games) != want {
				t.Errorf("%d players: %d games in round 1, want %d", n, len(games), want)
			}
		}
	}
}

// TestKnockoutSheet: the knockout's keys are checked with their clauses.
func TestKnockoutSheet(t *testing.T) {
	for _, tc := range []struct {
		n          int
		regulation string
		where      string
	}{
		{1, "", "player"},
		{4, "micromatch = 2\nknockout_extra = 1", "regulation.knockout_extra"},
		{4, "knockout_extra = 2", "regulation.knockout_extra"},
		{4, "knockout_extra = -1", "regulation.knockout_extra"},
		{4, "knockout_tie = \"coin\"", "regulation.knockout_tie"},
		{4, "micromatch = 3", "regulation.knockout_extra"},
	} {
		_, err := ParseSheet([]byte(knockoutSheet(tc.n, "en", tc.regulation)))
		if err == nil || !strings.Contains(err.Error(), tc.where) {
			t.Errorf("%d players, %q: %v, want a problem at %s", tc.n, tc.regulation, err, tc.where)
		}
	}
	src := strings.Replace(knockoutSheet(4, "en", ""), "system = \"knockout\"", "system = \"knockout\"\nrounds = 2", 1)
	if _, err := ParseSheet([]byte(src)); err == nil || !strings.Contains(err.Error(), "tournament.rounds") {
		t.Errorf("a knockout with rounds: %v", err)
	}
	rr := strings.Replace(knockoutSheet(4, "en", "knockout_tie = \"lot\""), "system = \"knockout\"", "", 1)
	if _, err := ParseSheet([]byte(rr)); err == nil || !strings.Contains(err.Error(), "regulation.knockout_tie") {
		t.Errorf("a round robin with knockout_tie: %v", err)
	}
	sh := parseKnockout(t, 4, "en", "")
	if !sh.NeedsLot() || sh.Competition.KnockoutTie != TieLot {
		t.Errorf("a knockout tied by lot by default must draw: NeedsLot %v, tie %q", sh.NeedsLot(), sh.Competition.KnockoutTie)
	}
	if sh := parseKnockout(t, 4, "en", "knockout_tie = \"higher-seed\""); sh.NeedsLot() {
		t.Error("a knockout tied by the higher seed has nothing to draw, and needs a lot")
	}
}

// koSeed is a fixed seed for the tests' lots.
var koSeed = lots.Seed{7, 7, 7}

// TestKnockoutTies: a bracket of 4 decided by the regulation's tie rules, every pairing counted
// here by hand: in the semi-final 1–4 the micromatch of one game is drawn and so is the extra
// game, so the lot decides (its choice read from the seed by the recipe of package lots); in
// 2–3 the draw is followed by 3's win with White in the extra game; the final opens once both
// are decided, and with the higher-seed rule the higher seed goes through a tie instead.
func TestKnockoutTies(t *testing.T) {
	for _, tie := range []string{TieLot, TieHigherSeed} {
		sh := parseKnockout(t, 4, "en", "knockout_extra = 1\nknockout_tie = \""+tie+"\"")
		if tie == TieLot {
			if err := sh.Draw(koSeed); err != nil {
				t.Fatal(err)
			}
		}
		results := map[string]Result{"1-4": Draw, "2-3": Draw}
		br, err := sh.Bracket(nil, results)
		if err != nil {
			t.Fatal(err)
		}
		want := []KnockoutOpened{{Round: 1, Slot: 1, A: 1, B: 4, Extra: true}, {Round: 1, Slot: 2, A: 2, B: 3, Extra: true}}
		if diff := cmp.Diff(want, br.Open); diff != "" {
			t.Fatalf("%s: the micromatches drawn: what opens (-want +got):\n%s", tie, diff)
		}
		results["4-1"], results["3-2"] = Draw, WhiteWins
		br, err = sh.Bracket(want, results)
		if err != nil {
			t.Fatal(err)
		}
		semi := br.Rounds[0]
		through := 1
		how := HowHigherSeed
		if tie == TieLot {
			how = HowLot
			if koSeed.Draw("knockout 1 1-4").Choice(2) == 1 {
				through = 4
			}
		}
		if semi[0].Winner != through || semi[0].How != how || semi[0].Main != [2]float64{0.5, 0.5} || semi[0].Extra != [2]float64{0.5, 0.5} {
			t.Errorf("%s: 1–4 drawn twice: %+v, want %d through by %s", tie, semi[0], through, how)
		}
		if semi[1].Winner != 3 || semi[1].How != HowExtra || semi[1].Extra != [2]float64{0, 1} {
			t.Errorf("%s: 2–3, 3 won the extra game: %+v", tie, semi[1])
		}
		final := []KnockoutOpened{{Round: 2, Slot: 1, A: min(through, 3), B: max(through, 3)}}
		if diff := cmp.Diff(final, br.Open); diff != "" {
			t.Fatalf("%s: the final (-want +got):\n%s", tie, diff)
		}
		opened := append(want, final...)
		results[GameName(final[0].A, final[0].B)] = BlackWins
		br, err = sh.Bracket(opened, results)
		if err != nil {
			t.Fatal(err)
		}
		if br.Winner != final[0].B || len(br.Open) != 0 {
			t.Errorf("%s: the final won by Black: winner %d, open %v", tie, br.Winner, br.Open)
		}
	}
}

// TestKnockoutLotNeedsSeed: a tie the lot decides stays undecided in a sheet not drawn, rather
// than being decided some other way.
func TestKnockoutLotNeedsSeed(t *testing.T) {
	sh := parseKnockout(t, 2, "en", "")
	br, err := sh.Bracket(nil, map[string]Result{"1-2": Draw})
	if err != nil {
		t.Fatal(err)
	}
	if p := br.Rounds[0][0]; p.Decided() || br.Winner != 0 {
		t.Errorf("a tie by lot without the seed: %+v", p)
	}
}

// TestKnockoutWithdrawal: a player who withdraws (1.10) loses the pairing he is in, whatever its
// games, or, waiting for his next partner, the next one; the pairings he went through before
// stand; a pairing both of whose players withdrew sends nobody on, and the next partner goes
// through without a game; a pairing lost before it opened never opens.
func TestKnockoutWithdrawal(t *testing.T) {
	sh := parseKnockout(t, 8, "en", "knockout_tie = \"higher-seed\"")
	results := map[string]Result{"1-8": BlackWins}
	var log []KnockoutOpened
	withdraw := func(n int, want KnockoutOpened) {
		t.Helper()
		o, ok, err := sh.KnockoutWithdrawal(log, results, n)
		if err != nil || !ok || o != want {
			t.Fatalf("%d withdraws: %+v %v %v, want %+v", n, o, ok, err, want)
		}
		log = append(log, o)
	}
	// 8 won 1-8 and withdraws before his partner in round 2 is known: he loses round 2, not 1-8.
	withdraw(8, KnockoutOpened{Round: 2, Slot: 1, A: 8, Withdrew: 8})
	withdraw(4, KnockoutOpened{Round: 1, Slot: 2, A: 4, B: 5, Withdrew: 4})
	// 5 goes through 4–5 by 4's withdrawal and round 2 by 8's; he withdraws too, and loses the
	// final, whose partner is not known yet.
	withdraw(5, KnockoutOpened{Round: 3, Slot: 1, A: 5, Withdrew: 5})
	br, err := sh.Bracket(log, results)
	if err != nil {
		t.Fatal(err)
	}
	r1 := br.Rounds[0]
	if r1[0].Winner != 8 || r1[0].How != HowWon {
		t.Errorf("8 won 1-8 before he withdrew: %+v", r1[0])
	}
	if r1[1].Winner != 5 || r1[1].How != HowWithdrawal {
		t.Errorf("4 withdrew from 4–5: %+v", r1[1])
	}
	if p := br.Rounds[1][0]; p.A != 5 || p.B != 8 || p.Winner != 5 || p.How != HowWithdrawal || p.Opened {
		t.Errorf("8 withdrew before 5–8 opened: %+v", p)
	}
	// 2 beats 7, 3 beats 6: 2–3 opens; 2 withdraws in it, and 3 goes through.
	results["2-7"], results["3-6"] = WhiteWins, WhiteWins
	if br, err = sh.Bracket(log, results); err != nil {
		t.Fatal(err)
	}
	if want := []KnockoutOpened{{Round: 2, Slot: 2, A: 2, B: 3}}; !cmp.Equal(want, br.Open) {
		t.Fatalf("what opens: %v, want %v", br.Open, want)
	}
	log = append(log, br.Open...)
	withdraw(2, KnockoutOpened{Round: 2, Slot: 2, A: 2, B: 3, Withdrew: 2})
	if br, err = sh.Bracket(log, results); err != nil {
		t.Fatal(err)
	}
	if p := br.Rounds[1][1]; p.Winner != 3 || p.How != HowWithdrawal {
		t.Errorf("2 withdrew in 2–3: %+v", p)
	}
	if p := br.Rounds[2][0]; len(br.Open) != 0 || br.Winner != 3 || p.How != HowWithdrawal || p.Opened {
		t.Errorf("the final: open %v, %+v; want 3 through without a game", br.Open, p)
	}
	// Both players of a pairing lost it (the log may say so): nobody goes through, and the next
	// partner has no game.
	both := []KnockoutOpened{{Round: 1, Slot: 2, A: 4, B: 5, Withdrew: 4}, {Round: 1, Slot: 2, A: 4, B: 5, Withdrew: 5}}
	if br, err = sh.Bracket(both, map[string]Result{"1-8": WhiteWins}); err != nil {
		t.Fatal(err)
	}
	if p, q := br.Rounds[0][1], br.Rounds[1][0]; p.Winner != 0 || !p.Decided() || q.Winner != 1 || q.How != HowBye {
		t.Errorf("4–5 both withdrew: %+v; then %+v", p, q)
	}
	if _, ok, _ := sh.KnockoutWithdrawal(log, results, 7); ok {
		t.Error("7, out already, loses another pairing by withdrawing")
	}
}

// TestKnockoutChangedLog: a pairing opened for two players whom the results before it no longer
// give (a result changed by a ruling after it opened) stands as opened, its games counted, and
// the bracket notes it for the judge; a log naming no place of the bracket is refused.
func TestKnockoutChangedLog(t *testing.T) {
	sh := parseKnockout(t, 4, "en", "knockout_tie = \"higher-seed\"")
	results := map[string]Result{"1-4": WhiteWins, "2-3": WhiteWins, "1-3": BlackWins}
	br, err := sh.Bracket([]KnockoutOpened{{Round: 2, Slot: 1, A: 1, B: 3}}, results)
	if err != nil {
		t.Fatal(err)
	}
	if f := br.Rounds[1][0]; f.A != 1 || f.B != 3 || f.Winner != 3 || !f.Opened || len(br.Open) != 0 {
		t.Errorf("the final opened for 1 and 3 when 2 won 2–3: %+v, open %v", f, br.Open)
	}
	want := []KnockoutChange{{Round: 2, Slot: 1, Opened: [2]int{1, 3}, Now: [2]int{1, 2}, Known: true}}
	if diff := cmp.Diff(want, br.Changed); diff != "" {
		t.Errorf("changed (-want +got):\n%s", diff)
	}
	if notes := br.Grid(sh, "en").Notes; len(notes) != 1 || !strings.Contains(notes[0], "Round 2, pairing 1 was opened for 1 – 3; the results before it now give 1 – 2") {
		t.Errorf("the bracket's notes: %q", notes)
	}
	if _, err := sh.Bracket([]KnockoutOpened{{Round: 3, Slot: 1, A: 1, B: 2}}, results); err == nil {
		t.Error("a round 3 of a bracket of 2 rounds: no error")
	}
}

// TestKnockoutLetters: the letters of a knockout in both languages, golden: the start letter of a
// player in round 1 and of one with a bye, the letter of a new pairing and of the extra games,
// and the winner's with the bracket.
func TestKnockoutLetters(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		sh := parseKnockout(t, 6, lang, "knockout_extra = 1")
		if err := sh.Draw(koSeed); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, n := range []int{1, 3} {
			l, err := sh.StartLetter(n)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(letterText(l) + "\n-----\n")
		}
		// Round 1: 3–6 and 4–5; 1 and 2 have byes.
		results := map[string]Result{"3-6": Draw, "4-5": WhiteWins}
		br, err := sh.Bracket(nil, results)
		if err != nil {
			t.Fatal(err)
		}
		var opened []KnockoutOpened
		for _, o := range br.Open {
			opened = append(opened, o)
			if !o.Extra {
				results[GameName(o.A, o.B)] = WhiteWins
			}
			for _, l := range sh.KnockoutLetters(o, br.Rounds[o.Round-1][o.Slot-1].Score()) {
				b.WriteString(letterText(l) + "\n-----\n")
			}
		}
		results["6-3"] = Draw // the extra game drawn too: the lot
		br, err = sh.Bracket(opened, results)
		if err != nil {
			t.Fatal(err)
		}
		for len(br.Open) > 0 {
			opened = append(opened, br.Open...)
			for _, o := range br.Open {
				results[GameName(o.A, o.B)] = WhiteWins
			}
			if br, err = sh.Bracket(opened, results); err != nil {
				t.Fatal(err)
			}
		}
		if br.Winner == 0 {
			t.Fatal("the bracket played through has no winner")
		}
		ls := sh.KnockoutWonLetters(br)
		if len(ls) != 7 || ls[6].Number != 0 {
			t.Fatalf("%d letters of the winner, want 6 players' and the officials'", len(ls))
		}
		b.WriteString(letterText(ls[0]) + "\n-----\n" + letterText(ls[6]))
		golden.Text(t, "testdata/knockout."+lang+".golden", b.String())
	}
}

// TestKnockoutResultsFile: postald crosstable reads a knockout's results file and draws its
// bracket, golden in both languages; the pairing decided by lot is the seed's draw, counted here
// by the recipe of package lots; a game no pairing plays is refused.
func TestKnockoutResultsFile(t *testing.T) {
	data, err := os.ReadFile("testdata/knockout.results.toml")
	if err != nil {
		t.Fatal(err)
	}
	st, err := ReadStandings(data)
	if err != nil {
		t.Fatal(err)
	}
	br := st.Knockout
	seed, _ := lots.ParseSeed("0707070000000000000000000000000000000000000000000000000000000000")
	lot := 4
	if seed.Draw("knockout 1 4-5").Choice(2) == 1 {
		lot = 5
	}
	if p := br.Rounds[0][1]; p.Winner != lot || p.How != HowLot {
		t.Errorf("4–5 drawn twice: %+v, want %d through by lot", p, lot)
	}
	if br.Winner != 3 || br.Rounds[2][0].How != HowExtra {
		t.Errorf("the final: winner %d by %q, want 3 by the extra game", br.Winner, br.Rounds[2][0].How)
	}
	for _, lang := range []string{"ru", "en"} {
		golden.Text(t, "testdata/knockout.results."+lang+".golden", st.Text(lang))
	}
	bad := strings.Replace(string(data), "white = 2\nblack = 3", "white = 2\nblack = 5", 1)
	if _, err := ReadStandings([]byte(bad)); err == nil || !strings.Contains(err.Error(), "2-5") {
		t.Errorf("a game 2-5 no pairing plays: %v", err)
	}
	if _, err := ReadStandings([]byte(strings.Replace(string(data), `system = "knockout"`, `system = "round-robin"`, 1))); err == nil || !strings.Contains(err.Error(), "knockout_tie") {
		t.Errorf("a round robin's file with a knockout's keys: %v", err)
	}
}
