package tournament

import (
	"fmt"
	"math/bits"
	"strconv"

	"postald/internal/lots"
)

// The knockout (seed 003, 1.2: «олимпийская (с выбыванием), когда спортсмен или команда,
// проигравшие встречу, выбывают из дальнейшего участия в данных соревнованиях»).
//
// The players are seeded by their numbers in the sheet, 1 the strongest. The bracket has P
// places, P the least power of two not below the players' count N, and log2 P rounds. Round 1
// puts the seeds in the usual bracket order (1, P, P/2+1, P/2, … : seed 1 and seed 2 in
// opposite halves, so that they can meet only in the final; the four best only in the
// semi-finals), and pairs them two by two; a seed above N is nobody, and his partner, one of the
// P−N best seeds, has a bye: he goes through without a game. Pairing k of round r+1 is between
// the players who went through pairings 2k−1 and 2k of round r, and it is opened as soon as both
// of these are decided, without waiting for the rest of the round: by correspondence a round
// has no common day.
//
// Every pairing is a micromatch of `[regulation] micromatch` games (1.11, one by default), all
// opened at once as correspondence plays them, colours alternating: the higher seed of the
// pairing (the lower number) has White in its first game. A pairing is decided when one player
// has more than half the points its games can give (1.11: «по сумме набранных в этих партиях
// очков определяется победитель»). On a tie, the regulation's tie rule (1.11: «может быть
// предусмотрено продолжение поединков - назначение дополнительных микроматчей»):
//   - `knockout_extra` > 0: an extra micromatch of that many games, colours continuing to
//     alternate, opened in the transaction that made the tie; it is decided like the first.
//   - When there are no extra games, or they are tied too, `knockout_tie` decides: "lot"
//     (the default) draws who goes through from the tournament's committed seed (package lots:
//     label "knockout R A-B", R the round, A and B the two numbers, a choice among 2: 0 the
//     higher seed A, 1 the lower seed B), its hash published in the start letters and the seed
//     revealed when the last game ends; "higher-seed", the higher seed goes through. Seed 000
//     gives the lot as what decides between players before play (the colours,
//     «решается жеребьевкой»), and neither seed says that seeding decides a tied match: the lot
//     is the default, the seeding an option of the regulation.
//
// A game is named by its players, White first (formats.md): two players can have one game with
// each colour and no more, so that a pairing's games with the extra ones are at most two (a
// micromatch of two and no extra games, or one game and one extra game with the colours
// reversed); a sheet asking for more is refused with its key. A results file names no games: it
// may give a micromatch of any length and extra games after it (1.11: «состоят из двух или
// большего количества партий»), its games of a pairing taken in their order, those with the
// higher seed White as its odd games and the others as its even ones (Game.Key).
//
// A pairing once opened stands as opened, its games being played: when a ruling later changes a
// result before it so that the bracket would give other players, the bracket notes it
// (Bracket.Changed) for the judge, who rules (4.1.10); postald changes nothing behind the players.
//
// A game lost without play counts as a loss (1.12.2), and an annulled game as no game: it gives
// neither player a point, so that a micromatch of annulled games is tied and the tie rules
// decide it. The game cannot be played again under its name; a judge who wants it replayed
// rules on the pairing's games with postald judge before the last one ends.
//
// A player who withdraws (1.10) loses the pairing he is in at once, whatever its games: the
// partner goes through. When he went through his last pairing and waits for his next partner,
// he loses that next pairing, which opens no games. The pairings he won before stand: the office
// records which pairing he lost when he withdraws (KnockoutWithdrawal), so that the bracket does
// not change behind him. His games are ruled as 1.10.3 rules them (a game without a move lost
// without play, a begun one sent to adjudication), and their results stand in the table without
// changing who went through. When both players of a pairing lost it so, nobody goes through it
// and the partner of the next round goes through without a game.

// Knockout is the knockout system (seed 003, 1.2 «олимпийская»).
const Knockout System = "knockout"

// Tie rules of a knockout (`[regulation] knockout_tie`): what decides a pairing still tied
// after its extra games (or without any).
const (
	TieLot        = "lot"         // the lot, drawn from the committed seed (the default)
	TieHigherSeed = "higher-seed" // the higher seed (the lower number) goes through
)

// How a knockout pairing was decided.
const (
	HowPending    = ""            // not decided yet
	HowWon        = "won"         // more than half the micromatch's points
	HowExtra      = "extra"       // tied, won in the extra games
	HowLot        = "lot"         // tied, drawn by lot
	HowHigherSeed = "higher-seed" // tied, the higher seed goes through
	HowBye        = "bye"         // no partner: through without a game
	HowWithdrawal = "withdrawal"  // the partner withdrew (1.10)
)

// labelKnockout begins the label of a knockout's tie lot: "knockout 2 3-6".
const labelKnockout = "knockout "

// KnockoutOpened is a pairing of a knockout opened after the registration, or the extra games
// of one (Extra), as the office records it in the rulings log: round, place in the round (from
// 1) and the two players, the higher seed first. With Withdrew set it is instead the record that
// player Withdrew withdrew (1.10) and loses that pairing (A and B then as far as they were
// known: 0 for a partner not known yet).
type KnockoutOpened struct {
	Round    int  `json:"round"`
	Slot     int  `json:"slot"`
	A        int  `json:"a"`
	B        int  `json:"b"`
	Extra    bool `json:"extra,omitempty"`
	Withdrew int  `json:"withdrew,omitempty"`
}

// Pairing is one pairing of a knockout's bracket as it stands.
type Pairing struct {
	Round, Slot int // from 1
	// A is the higher seed (the lower number), B his partner; 0 for a place not known yet (a
	// pairing before it is undecided) or for nobody (B 0 with A known: a bye).
	A, B int
	// Games are the pairing's games opened so far: the micromatch, then the extra games.
	Games []Game
	// Main and Extra are the points of A and B in the micromatch and in its extra games
	// (finished games only).
	Main, Extra [2]float64
	// Opened: its games are opened (round 1 at the registration, the others as the log says);
	// ExtraOpened likewise its extra games.
	Opened, ExtraOpened bool
	Winner              int    // the player who went through; 0 while undecided (or nobody)
	How                 string // how it was decided (HowWon, …); HowPending while not
	Lot                 string // the tie lot's label when a lot decided it
}

// Decided reports whether the pairing is decided.
func (p Pairing) Decided() bool { return p.How != HowPending }

// Bracket is a knockout as it stands: its pairings round by round, what the office opens next,
// and the winner once the final is decided.
type Bracket struct {
	Players int
	Rounds  [][]Pairing // Rounds[r-1][k-1] is pairing k of round r
	// Open lists what is ready and not yet opened: pairings whose players are both known, and
	// tied micromatches whose extra games are due, in bracket order.
	Open   []KnockoutOpened
	Winner int // the tournament's winner; 0 until the final is decided
	// Changed lists the pairings opened for other players than the pairings before them now
	// give (a result changed by a ruling after the pairing opened): they stand as opened.
	Changed []KnockoutChange

	results map[string]Result // the results it was drawn up from, for its table
}

// KnockoutChange is a pairing opened for two players whom the pairings before it no longer give:
// Opened are its players, Now those the bracket gives now (Known false: not decided yet).
type KnockoutChange struct {
	Round, Slot int
	Opened, Now [2]int
	Known       bool
}

// bracketOrder returns the seeds of a bracket of size places (a power of two) in the order of
// its places: [1 2], [1 4 2 3], [1 8 4 5 2 7 3 6], …
func bracketOrder(size int) []int {
	order := []int{1}
	for m := 1; m < size; m *= 2 {
		next := make([]int, 0, 2*m)
		for _, x := range order {
			next = append(next, x, 2*m+1-x)
		}
		order = next
	}
	return order
}

// KnockoutRounds returns the number of rounds of a knockout of n players.
func KnockoutRounds(n int) int {
	if n < 2 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// knockoutGames returns the games of a pairing of A (the higher seed) and B in round r: the
// micromatch's, A White in the first and the colours alternating, then (extra) the extra games,
// the colours alternating on.
func (s *Sheet) knockoutGames(r, a, b int, extra bool) []Game {
	m, e := s.Competition.Micromatch, s.Competition.KnockoutExtra
	from, to := 0, m
	if extra {
		from, to = m, m+e
	}
	legs := m > 1 || e > 0
	var out []Game
	for k := from; k < to; k++ {
		w, bl := a, b
		if k%2 == 1 {
			w, bl = b, a
		}
		g := Game{Name: GameName(w, bl), White: w, Black: bl, Round: r}
		if legs {
			g.Leg = k + 1
		}
		out = append(out, g)
	}
	return out
}

// knockoutFirst returns the games of round 1 of a knockout: the sheet's games.
func (s *Sheet) knockoutFirst() []Game {
	n := len(s.Players)
	if n < 2 {
		return nil
	}
	order := bracketOrder(1 << KnockoutRounds(n))
	var out []Game
	for k := 0; k+1 < len(order); k += 2 {
		a, b := min(order[k], order[k+1]), max(order[k], order[k+1])
		if b <= n {
			out = append(out, s.knockoutGames(1, a, b, false)...)
		}
	}
	return out
}

// KnockoutGames returns the games of a pairing (or of its extra games) opened as o says.
func (s *Sheet) KnockoutGames(o KnockoutOpened) []Game {
	return s.knockoutGames(o.Round, o.A, o.B, o.Extra)
}

// knockoutPaired returns every game of a knockout as its log stands: round 1's, then the games
// opened after, in the log's order.
func (s *Sheet) knockoutPaired(opened []KnockoutOpened) []Game {
	out := s.knockoutFirst()
	for _, o := range opened {
		if o.Withdrew == 0 { // a pairing lost by a withdrawal opens nothing
			out = append(out, s.knockoutGames(o.Round, o.A, o.B, o.Extra)...)
		}
	}
	return out
}

// KnockoutLotLabel is the label of the tie lot of the pairing of a and b in round r (package
// lots): "knockout 2 3-6", the lower number first.
func KnockoutLotLabel(r, a, b int) string {
	return labelKnockout + strconv.Itoa(r) + " " + pairOf(a, b)
}

// KnockoutLot draws the tie lot of the pairing of a and b in round r from seed: the player who
// goes through (a choice among 2 with label KnockoutLotLabel: 0 the lower number, 1 the higher).
func KnockoutLot(seed lots.Seed, r, a, b int) int {
	lo, hi := min(a, b), max(a, b)
	if seed.Draw(KnockoutLotLabel(r, lo, hi)).Choice(2) == 0 {
		return lo
	}
	return hi
}

// Bracket draws up the knockout's bracket from its log (the pairings opened after the
// registration, and the pairings lost by a withdrawal) and the results of its games by name. The
// tie lots are drawn from the seed kept in the sheet's Lots (Draw); a sheet not drawn leaves a
// tie that needs the lot undecided.
func (s *Sheet) Bracket(opened []KnockoutOpened, results map[string]Result) (*Bracket, error) {
	if s.System != Knockout {
		return nil, fmt.Errorf("tournament %s is no knockout", s.Code)
	}
	sc, err := ParseScoring(s.Regulation.Scoring)
	if err != nil {
		return nil, err
	}
	n := len(s.Players)
	rounds := KnockoutRounds(n)
	br := &Bracket{Players: n, results: results}
	if rounds == 0 {
		return br, nil
	}
	type key struct{ r, slot int }
	log := map[key]KnockoutOpened{}
	extra := map[key]bool{}
	lost := map[key]map[int]bool{} // the players who lose a pairing by withdrawing (1.10)
	for _, o := range opened {
		k := key{o.Round, o.Slot}
		if o.Withdrew != 0 {
			if o.Round < 1 || o.Round > rounds || o.Slot < 1 || o.Slot > 1<<(rounds-o.Round) {
				return nil, fmt.Errorf("tournament %s: player %d withdrew from pairing %d of round %d, no place of its bracket", s.Code, o.Withdrew, o.Slot, o.Round)
			}
			if lost[k] == nil {
				lost[k] = map[int]bool{}
			}
			lost[k][o.Withdrew] = true
			continue
		}
		if o.Round < 2 && !o.Extra || o.Round < 1 || o.Round > rounds || o.Slot < 1 || o.Slot > 1<<(rounds-o.Round) {
			return nil, fmt.Errorf("tournament %s: pairing %d of round %d is no place of its bracket", s.Code, o.Slot, o.Round)
		}
		if o.Extra {
			extra[k] = true
			continue
		}
		log[k] = o
	}
	order := bracketOrder(1 << rounds)
	// went[k] is who went through place k of the round before (0: nobody), known[k] whether it
	// is decided.
	var went []int
	var known []bool
	for k := 0; k < len(order); k++ {
		if order[k] <= n {
			went = append(went, order[k])
		} else {
			went = append(went, 0)
		}
		known = append(known, true)
	}
	for r := 1; r <= rounds; r++ {
		var row []Pairing
		var nextWent []int
		var nextKnown []bool
		for k := 0; k+1 < len(went); k += 2 {
			p := Pairing{Round: r, Slot: k/2 + 1}
			both := known[k] && known[k+1]
			x, y := went[k], went[k+1]
			if x == 0 || (y != 0 && y < x) {
				x, y = y, x
			}
			if o, ok := log[key{r, p.Slot}]; ok {
				// A pairing once opened stands as opened: its games are being played. When the
				// pairings before it no longer give these two (a result changed by a ruling after
				// it opened), the bracket says so for the judge to rule on.
				if !both || o.A != x || o.B != y {
					br.Changed = append(br.Changed, KnockoutChange{Round: r, Slot: p.Slot, Opened: [2]int{o.A, o.B}, Now: [2]int{x, y}, Known: both})
				}
				p.A, p.B, p.Opened, both = o.A, o.B, true, true
			} else if both {
				p.A, p.B = x, y
				p.Opened = r == 1 && y != 0 // round 1 is opened at the registration
			}
			if p.Opened {
				p.ExtraOpened = extra[key{r, p.Slot}]
			}
			s.decide(&p, both, sc, results, lost[key{r, p.Slot}])
			if p.A != 0 && p.B != 0 && !p.Opened && !p.Decided() {
				br.Open = append(br.Open, KnockoutOpened{Round: r, Slot: p.Slot, A: p.A, B: p.B})
			}
			if p.Opened && !p.ExtraOpened && p.How == HowPending && s.tiedAfterMain(p, results) {
				br.Open = append(br.Open, KnockoutOpened{Round: r, Slot: p.Slot, A: p.A, B: p.B, Extra: true})
			}
			row = append(row, p)
			nextWent = append(nextWent, p.Winner)
			nextKnown = append(nextKnown, p.Decided())
		}
		br.Rounds = append(br.Rounds, row)
		went, known = nextWent, nextKnown
	}
	if final := br.Rounds[rounds-1][0]; final.Decided() {
		br.Winner = final.Winner
	}
	return br, nil
}

// tiedAfterMain reports whether the micromatch of opened pairing p is finished and tied, with
// extra games to come (1.11).
func (s *Sheet) tiedAfterMain(p Pairing, results map[string]Result) bool {
	if s.Competition.KnockoutExtra == 0 {
		return false
	}
	for _, g := range s.knockoutGames(p.Round, p.A, p.B, false) {
		if !results[g.Key()].Finished() {
			return false
		}
	}
	return p.Main[0] == p.Main[1]
}

// decide decides pairing p as far as its games, the withdrawals from it (out) and the tie rules
// allow (see the comment at the top of the file).
func (s *Sheet) decide(p *Pairing, known bool, sc Scoring, results map[string]Result, out map[int]bool) {
	switch {
	case !known:
		return // a pairing before it is undecided
	case p.A == 0:
		p.How = HowWithdrawal // nobody on either side: both before withdrew
		return
	case p.B == 0 && out[p.A]:
		p.How = HowWithdrawal // no partner, and he withdrew: nobody goes through
		return
	case p.B == 0:
		p.Winner, p.How = p.A, HowBye // no partner: a seed above N, or nobody went through
		return
	}
	var main [2]float64
	mainDone := false
	if p.Opened {
		p.Games = s.knockoutGames(p.Round, p.A, p.B, false)
		main, mainDone = points(p.Games, p.A, sc, results)
		p.Main = main
		if p.ExtraOpened {
			eg := s.knockoutGames(p.Round, p.A, p.B, true)
			p.Games = append(p.Games, eg...)
			p.Extra, _ = points(eg, p.A, sc, results)
		}
	}
	// 1.10: a player who withdrew loses his pairing, played or not yet opened (then it is not
	// opened at all).
	switch {
	case out[p.A] && out[p.B]:
		p.How = HowWithdrawal // nobody goes through
		return
	case out[p.A]:
		p.Winner, p.How = p.B, HowWithdrawal
		return
	case out[p.B]:
		p.Winner, p.How = p.A, HowWithdrawal
		return
	case !p.Opened:
		return
	}
	// 1.11: the winner has more than half the points the micromatch's games can give.
	half := float64(s.Competition.Micromatch) * sc.Win / 2
	switch {
	case main[0] > half:
		p.Winner, p.How = p.A, HowWon
		return
	case main[1] > half:
		p.Winner, p.How = p.B, HowWon
		return
	case !mainDone:
		return
	}
	// A tie: the extra micromatch (1.11 «дополнительные микроматчи»), then the regulation's
	// tie rule.
	if e := s.Competition.KnockoutExtra; e > 0 {
		if !p.ExtraOpened {
			return
		}
		eg := s.knockoutGames(p.Round, p.A, p.B, true)
		extra, done := points(eg, p.A, sc, results)
		half := float64(e) * sc.Win / 2
		switch {
		case extra[0] > half:
			p.Winner, p.How = p.A, HowExtra
			return
		case extra[1] > half:
			p.Winner, p.How = p.B, HowExtra
			return
		case !done:
			return
		}
	}
	switch s.Competition.KnockoutTie {
	case TieHigherSeed:
		p.Winner, p.How = p.A, HowHigherSeed
	default:
		if s.Lots.Seed == (lots.Seed{}) {
			return // no seed to draw from: the lot waits
		}
		p.Winner, p.How = KnockoutLot(s.Lots.Seed, p.Round, p.A, p.B), HowLot
		p.Lot = KnockoutLotLabel(p.Round, p.A, p.B)
	}
}

// points sums the points of a (index 0) and his partner (index 1) in the finished games of
// games, and reports whether all of them are finished.
func points(games []Game, a int, sc Scoring, results map[string]Result) ([2]float64, bool) {
	var pts [2]float64
	done := true
	for _, g := range games {
		r := results[g.Key()]
		if !r.Finished() {
			done = false
			continue
		}
		sw, sb := r.Scores()
		if g.White == a {
			pts[0] += sc.Points(sw)
			pts[1] += sc.Points(sb)
		} else {
			pts[0] += sc.Points(sb)
			pts[1] += sc.Points(sw)
		}
	}
	return pts, done
}

// KnockoutWithdrawal returns the record that player n, withdrawing now, loses his pairing
// (1.10): the one he plays that is not decided, or, when he went through his last one and the
// next has no partner for him yet, that next one; false when he is out already or won the final.
func (s *Sheet) KnockoutWithdrawal(opened []KnockoutOpened, results map[string]Result, n int) (KnockoutOpened, bool, error) {
	br, err := s.Bracket(opened, results)
	if err != nil {
		return KnockoutOpened{}, false, err
	}
	for r, row := range br.Rounds {
		for _, p := range row {
			switch {
			case (p.A == n || p.B == n) && !p.Decided():
				return KnockoutOpened{Round: p.Round, Slot: p.Slot, A: p.A, B: p.B, Withdrew: n}, true, nil
			case p.Winner == n && r+1 < len(br.Rounds):
				next := br.Rounds[r+1][(p.Slot-1)/2]
				if next.A == 0 && next.B == 0 && !next.Decided() {
					return KnockoutOpened{Round: next.Round, Slot: next.Slot, A: n, Withdrew: n}, true, nil
				}
			}
		}
	}
	return KnockoutOpened{}, false, nil
}

// Pairing returns the pairing of the bracket whose games include game name; false when none.
func (b *Bracket) Pairing(name string) (Pairing, bool) {
	for _, row := range b.Rounds {
		for _, p := range row {
			for _, g := range p.Games {
				if g.Name == name {
					return p, true
				}
			}
		}
	}
	return Pairing{}, false
}

// FirstPairing returns player number's pairing of round 1, or of round 2 for one with a bye.
func (b *Bracket) FirstPairing(number int) (Pairing, bool) {
	for _, row := range b.Rounds {
		for _, p := range row {
			if p.A == number || p.B == number {
				return p, true
			}
		}
	}
	return Pairing{}, false
}

// KnockoutPlanned counts the games a knockout plays without extra games: one pairing for every
// player but the winner.
func (s *Sheet) KnockoutPlanned() int {
	return max(len(s.Players)-1, 0) * s.Competition.Micromatch
}

// checkKnockout checks the knockout's keys of [regulation] (see the comment at the top of the
// file); file: of a results file, whose micromatches may be longer.
func checkKnockout(ps *problems, s *Sheet, file bool) {
	c := s.Competition
	if n := len(s.Players); n < 2 {
		ps.add("player", "%d players: a knockout needs at least 2", n)
	}
	if c.KnockoutTie != TieLot && c.KnockoutTie != TieHigherSeed {
		ps.add("regulation.knockout_tie", "%q: want %q (drawn from the committed seed) or %q (the higher seed goes through)", c.KnockoutTie, TieLot, TieHigherSeed)
	}
	switch {
	case c.KnockoutExtra < 0:
		ps.add("regulation.knockout_extra", "%d: want the games of an extra micromatch on a tie (1.11), or 0 for none", c.KnockoutExtra)
	case c.Micromatch+c.KnockoutExtra > 2 && !file:
		// A game is named by its players, White first (formats.md).
		ps.add("regulation.knockout_extra", "micromatch = %d with knockout_extra = %d: two players meet at most twice, once with each colour (a game is named by its players, White first); a pairing plays one or two games, the extra ones included", c.Micromatch, c.KnockoutExtra)
	}
}

// knockoutNeedsLot reports whether the knockout's ties may be drawn by lot: the sheet then has a
// committed seed (NeedsLot).
func (s *Sheet) knockoutNeedsLot() bool {
	return s.System == Knockout && s.Competition.KnockoutTie == TieLot
}
