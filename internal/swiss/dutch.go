package swiss

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sort"
)

// Board is one pair of a round: the pairing numbers of White and Black.
type Board struct{ White, Black int }

// Pairing is a paired round: the boards in order and the pairing-allocated bye (0: none).
type Pairing struct {
	Boards []Board
	Bye    int
}

// MaxPlayers is the largest field postald's Swiss tournaments take (tournament create refuses
// more): a later round of 500 players is paired in about 5 seconds of one core, a round of
// 1,000 in about two minutes (a first round in about one second), the pairing growing as the
// cube of the field. postald pair -dutch pairs a file of any size, and stops on a signal.
const MaxPlayers = 500

// ErrNoPairing is returned when no pairing of the round meets the absolute criteria
// (C1 no rematch, C2 one pairing-allocated bye at most, C3 the absolute colour preferences): the
// arbiter decides what to do.
var ErrNoPairing = errors.New("no pairing of the round meets the absolute criteria C1–C3 of C.04.3: the arbiter decides")

type floatKind int8

const (
	floatNone floatKind = iota
	floatDown
	floatUp
)

// state is what the pairing knows of a player: his score and the history the criteria read.
type state struct {
	num      int
	rank     int // position in the pairing order (1.2: score, then pairing number)
	seq      int // place by pairing number among the players 5.5 counts (see allocate), from 0
	score    int
	cd       int      // colour difference: games with White minus games with Black (1.6)
	last     []Colour // colours of his games played, in order
	pref     Colour
	absolute bool
	strong   bool
	repeated Colour // the colour of his last two games when they had the same one
	float1   floatKind
	float2   floatKind
	byeOK    bool // may get the pairing-allocated bye (C2)
	unplayed int  // rounds without a game played
	top      bool // a topscorer (1.7), in the last round only
	met      map[int]bool
}

func buildStates(t *Tournament) []*state {
	byNum := map[int]*Player{}
	for i := range t.Players {
		byNum[t.Players[i].Number] = &t.Players[i]
	}
	scoreBefore := func(p *Player, r int) int {
		s := 0
		for i := 0; i < r && i < len(p.Rounds); i++ {
			s += p.Rounds[i].Points
		}
		return s
	}
	done := t.Next() - 1
	floatOf := func(p *Player, r int) floatKind {
		if r < 0 || r >= len(p.Rounds) {
			return floatNone
		}
		rd := p.Rounds[r]
		if !rd.Played {
			// 1.4.3: scoring without playing more than a loss is a downfloat.
			if rd.Points > t.Loss {
				return floatDown
			}
			return floatNone
		}
		opp := byNum[rd.Opponent]
		if opp == nil {
			return floatNone
		}
		// 1.4.2: the higher score of the two before the round floats down.
		a, b := scoreBefore(p, r), scoreBefore(opp, r)
		switch {
		case a > b:
			return floatDown
		case a < b:
			return floatUp
		}
		return floatNone
	}
	lastRound := t.Rounds > 0 && t.Next() == t.Rounds
	// The players 5.5 counts: those paired in this round, and those paired in any round
	// before (a game, a forfeit, the pairing-allocated bye), in pairing-number order.
	seq := map[int]int{}
	{
		var nums []int
		for _, p := range t.Players {
			counted := !p.Absent
			for _, rd := range p.Rounds {
				if rd.Opponent != 0 || rd.PAB {
					counted = true
				}
			}
			if counted {
				nums = append(nums, p.Number)
			}
		}
		sort.Ints(nums)
		for i, n := range nums {
			seq[n] = i
		}
	}
	var out []*state
	for i := range t.Players {
		p := &t.Players[i]
		if p.Absent {
			continue
		}
		s := &state{num: p.Number, met: map[int]bool{}, byeOK: true, seq: seq[p.Number]}
		for _, rd := range p.Rounds {
			s.score += rd.Points
			if rd.Played {
				s.met[rd.Opponent] = true
				s.last = append(s.last, rd.Colour)
				s.cd += int(rd.Colour)
			} else {
				s.unplayed++
			}
			// C2: a player who had the pairing-allocated bye, or won by forfeit, does
			// not get it again.
			if rd.PAB || rd.Forfeit {
				s.byeOK = false
			}
		}
		s.unplayed += done - len(p.Rounds)
		// 1.6: the colour difference and the colour preference.
		if k := len(s.last); k > 0 {
			switch {
			case s.cd < -1:
				s.pref, s.absolute = White, true
			case s.cd > 1:
				s.pref, s.absolute = Black, true
			case k >= 2 && s.last[k-1] == s.last[k-2]:
				s.pref, s.absolute = -s.last[k-1], true
			case s.cd == -1:
				s.pref, s.strong = White, true
			case s.cd == 1:
				s.pref, s.strong = Black, true
			default:
				s.pref = -s.last[k-1]
			}
			if k >= 2 && s.last[k-1] == s.last[k-2] {
				s.repeated = s.last[k-1]
			}
		}
		s.float1 = floatOf(p, done-1)
		s.float2 = floatOf(p, done-2)
		// 1.7: a topscorer has more than half the points possible, when pairing the last round.
		s.top = lastRound && 2*s.score > done*t.Win
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].num < out[j].num
	})
	for i, s := range out {
		s.rank = i
	}
	return out
}

func absDiff(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// engine pairs one round.
type engine struct {
	t         *Tournament
	ps        []*state
	lastRound bool
	forbidden map[[2]int]bool
	groupOf   map[int]int // score → its group's place among all scores, 0 the lowest
	// groupShift places a score's count in a field counted by score (C6, C8, C18–C21),
	// the higher scores higher; groupBits is the width of such a field: for each score
	// the bits a count of its players needs, and one more.
	groupShift map[int]int
	groupBits  int
	groups     int
	byeScore   int
	odd        bool
	nb         int      // bits of a count of players
	arena      []uint64 // the weights of the last matching, reused by the next
	// whole puts the order of generation (4.2, 4.3) into the weights, a field of a digit for
	// every player: the reference the tests hold the player-by-player order to. Its weights grow
	// as n log n bits, and a round of a few hundred players takes minutes; without it the order
	// is fixed player by player on a matcher solved again after each change (pairBracket).
	whole bool
	ctx   context.Context
}

// compatible: the absolute criteria C1 (no rematch) and C3 (two players with the
// same absolute colour preference do not meet, except topscorers in the last round),
// and the arbiter's prohibited pairs.
func (e *engine) compatible(a, b *state) bool {
	if a.met[b.num] || e.forbidden[[2]int{a.num, b.num}] || e.forbidden[[2]int{b.num, a.num}] {
		return false
	}
	if a.absolute && b.absolute && a.pref == b.pref {
		return e.lastRound && (a.top || b.top)
	}
	return true
}

// candidate for the bye: may get it (C2) and is no higher than the lowest score a
// complete pairing can give it to.
func (e *engine) byeCandidate(a *state) bool { return a.byeOK && a.score <= e.byeScore }

func bitsFor(n int) int { return bits.Len(uint(n)) + 1 }

// digitBits is the width of one digit of a field written as digits, one for each player
// of a group, each from 1 to n and each written once: no digit carries into the next.
func digitBits(n int) int { return bits.Len(uint(n)) }

// field ids, in the order of priority (the first the most significant): the criteria
// C4–C21, then the order in which the rules generate the candidates (article 4).
const (
	fComplete       = iota // C4 (with C2): the round can be completed, the one left over a candidate for the bye
	fPairs                 // C5: as many pairs as possible in the bracket
	fScores                // C6: the highest scores paired in the bracket (the smallest PSD, 1.8)
	fNextPairs             // C7: as many pairs as possible in the next bracket
	fNextScores            // C8: the highest scores paired in the next bracket
	fByeUnplayed           // C9: the bye's assignee with as few unplayed games as possible
	fTopCD                 // C10: no topscorer or topscorer's opponent with a colour difference beyond ±2
	fTopRow                // C11: no topscorer or topscorer's opponent with one colour three times running
	fPref                  // C12: as many colour preferences met as possible
	fStrong                // C13: as many strong colour preferences met as possible
	fDown1                 // C14: no downfloat repeated from the round before
	fUp1                   // C15: no upfloat repeated from the round before
	fDown2                 // C16: no downfloat repeated from two rounds before
	fUp2                   // C17: no upfloat repeated from two rounds before
	fDown1Score            // C18: the lowest scores for downfloats repeated from the round before
	fUp1Score              // C19: the lowest opponents' scores for upfloats repeated from the round before
	fDown2Score            // C20: the same as C18, two rounds before
	fUp2Score              // C21: the same as C19, two rounds before
	tMDP                   // 4.3 (D.3): which moved-down players are paired, the highest first
	tMDPPartner            // 4.2 (D.1): their opponents, by the transpositions of S2
	tExchanges             // 4.3 (D.2 b1): as few players exchanged between S1 and S2 as possible
	tExchangeSum           // 4.3 (D.2 b2): the smallest difference of the sums of the exchanged numbers
	tExchangeFromS1        // 4.3 (D.2 b3): the highest numbers moved from S1
	tExchangeFromS2        // 4.3 (D.2 b4): the lowest numbers moved from S2
	tTransposition         // 4.2 (D.1): the transpositions of S2 in lexicographic order
	tOrder                 // one player's preference among his partners, while the order above is fixed player by player
	nFields
)

// layout places each field at its bit offset in a weight.
type layout struct {
	off   [nFields]int
	width [nFields]int
	words int
}

func (l *layout) finish() {
	off := 0
	for f := nFields - 1; f >= 0; f-- {
		l.off[f] = off
		off += l.width[f]
	}
	// Room for the matcher: weights are doubled and duals add two of them.
	l.words = (off + 4 + 63) / 64
}

// add adds v << (offset of f + shift) to w; nothing to a field of no bits.
func (l *layout) add(w num, f int, shift int, v uint64) {
	if v == 0 || l.width[f] == 0 {
		return
	}
	pos := l.off[f] + shift
	// w is small enough that v < 2^63; add across the word boundary.
	word, bit := pos/64, uint(pos%64)
	lo := v << bit
	var hi uint64
	if bit > 0 {
		hi = v >> (64 - bit)
	}
	addWord(w, word, lo)
	if hi != 0 {
		addWord(w, word+1, hi)
	}
}

// addOnes adds count one bits from shift on: (2^count − 1) << (offset of f + shift).
func (l *layout) addOnes(w num, f, shift, count int) {
	if count <= 0 || l.width[f] == 0 {
		return
	}
	hi := l.off[f] + shift + count
	addWord(w, hi/64, uint64(1)<<uint(hi%64))
	lo := l.off[f] + shift
	subWord(w, lo/64, uint64(1)<<uint(lo%64))
}

func subWord(w num, i int, v uint64) {
	for ; i < len(w) && v != 0; i++ {
		d := w[i] - v
		if w[i] < v {
			w[i] = d
			v = 1
		} else {
			w[i] = d
			v = 0
		}
	}
}

func addWord(w num, i int, v uint64) {
	for ; i < len(w) && v != 0; i++ {
		s := w[i] + v
		if s < w[i] {
			w[i] = s
			v = 1
		} else {
			w[i] = s
			v = 0
		}
	}
}

// bracket is what the weights of one bracket's pairing read.
type bracket struct {
	inC, inN   []bool // by rank: in the bracket being paired, in the next one
	mdp        []int  // by rank: place among the moved-down players, or -1
	res        []int  // by rank: place among the residents, or -1
	nMDP, nRes int
	byeBracket bool
	// The remainder, once the moved-down players' pairs are known.
	rem      []int // by rank: place in the remainder, or -1
	remPairs int
	nRem     int
	l        layout
}

func (e *engine) newLayout(b *bracket) {
	nb := e.nb
	g := e.groupBits
	w := &b.l.width
	w[fComplete] = bitsFor(2*len(e.ps)) + 1
	w[fPairs], w[fScores], w[fNextPairs], w[fNextScores] = nb, g, nb, g
	w[fByeUnplayed] = bitsFor(len(e.ps) * (e.t.Next() + 1))
	w[fTopCD], w[fTopRow], w[fPref], w[fStrong] = nb, nb, nb, nb
	w[fDown1], w[fUp1], w[fDown2], w[fUp2] = nb, nb, nb, nb
	w[fDown1Score], w[fUp1Score], w[fDown2Score], w[fUp2Score] = g, g, g, g
	// Fields that can tell no two pairings apart take no bits (a narrower weight is a faster
	// matching): the floats of rounds not played, the topscorers' criteria before the last
	// round (each pair then counts one, as C5 counts it already), the bye's unplayed games
	// outside the bracket it comes from.
	if done := e.t.Next() - 1; done < 2 {
		w[fDown2], w[fUp2], w[fDown2Score], w[fUp2Score] = 0, 0, 0, 0
		if done < 1 {
			w[fDown1], w[fUp1], w[fDown1Score], w[fUp1Score] = 0, 0, 0, 0
		}
	}
	if !e.lastRound {
		w[fTopCD], w[fTopRow] = 0, 0
	}
	if !b.byeBracket {
		w[fByeUnplayed] = 0
	}
	w[tMDP] = b.nMDP + 1
	w[tMDPPartner] = b.nMDP * digitBits(b.nRes)
	if b.rem != nil {
		k := b.nRem
		w[tExchanges] = nb
		w[tExchangeSum] = bitsFor(k*k + 1)
		w[tExchangeFromS1] = b.remPairs + bitsFor(b.remPairs+1) + 1
		w[tExchangeFromS2] = k - b.remPairs + 1
		w[tTransposition] = k * digitBits(k)
	} else {
		w[tExchanges], w[tExchangeSum], w[tExchangeFromS1], w[tExchangeFromS2], w[tTransposition] = 0, 0, 0, 0, 0
	}
	w[tOrder] = 0
	if !e.whole {
		// Fixed player by player instead (pairBracket): one player's preference among his
		// partners, the only order in the weights at a time.
		w[tMDPPartner], w[tExchangeFromS1], w[tExchangeFromS2], w[tTransposition] = 0, 0, 0, 0
		w[tOrder] = bitsFor(len(e.ps) + 1)
	}
	b.l.finish()
}

// colourOutcome says, for a pair, who would not get his colour preference under the
// colour rules of article 5, and what that does to him.
func (e *engine) colourOutcome(a, b *state) (prefMissed, strongMissed, topCD, topRow int) {
	if a.pref == NoColour || b.pref == NoColour || a.pref != b.pref {
		return 0, 0, 0, 0
	}
	// One of the two does not get his preference.
	ca := allocate(a, b, e.t.Initial)
	loser := a
	if ca == a.pref {
		loser = b
	}
	prefMissed = 1
	if (a.strong || a.absolute) && (b.strong || b.absolute) && !(a.absolute && b.absolute) {
		strongMissed = 1
	}
	if a.top || b.top {
		given := -loser.pref
		if absDiff(loser.cd+int(given)) > 2 {
			topCD = 1
		}
		if loser.repeated == given {
			topRow = 1
		}
	}
	return
}

// weight is the weight of the pair a–b (a ranked higher), or nil when they cannot meet.
func (e *engine) weight(a, b *state, br *bracket, w num) bool {
	if !e.compatible(a, b) {
		return false
	}
	l := &br.l
	clear(w)
	// Completion: every pair counts, and every pair of a player who is no candidate for
	// the bye, so that the player left over is a candidate.
	v := uint64(1)
	if !e.byeCandidate(a) {
		v++
	}
	if !e.byeCandidate(b) {
		v++
	}
	l.add(w, fComplete, 0, v)
	inC := br.inC[a.rank] && br.inC[b.rank]
	inN := (br.inC[a.rank] || br.inN[a.rank]) && br.inN[b.rank]
	if inC {
		l.add(w, fPairs, 0, 1)
		l.add(w, fScores, e.groupShift[a.score], 1)
	}
	if inN {
		l.add(w, fNextPairs, 0, 1)
		l.add(w, fNextScores, e.groupShift[a.score], 1)
	}
	if br.byeBracket && (inC || inN) {
		var u uint64
		if a.score == e.byeScore {
			u += uint64(a.unplayed)
		}
		if b.score == e.byeScore {
			u += uint64(b.unplayed)
		}
		l.add(w, fByeUnplayed, 0, u)
	}
	if !inC {
		return true
	}
	pm, sm, tcd, trow := e.colourOutcome(a, b)
	l.add(w, fTopCD, 0, uint64(1-tcd))
	l.add(w, fTopRow, 0, uint64(1-trow))
	l.add(w, fPref, 0, uint64(1-pm))
	l.add(w, fStrong, 0, uint64(1-sm))
	done := e.t.Next() - 1
	if done >= 1 {
		// Players who floated down last round and do not float down now: b is in
		// the bracket and paired in it; a does not float when the scores are equal.
		var d uint64
		if b.float1 == floatDown {
			d++
		}
		if a.score <= b.score && a.float1 == floatDown {
			d++
		}
		l.add(w, fDown1, 0, d)
		if !(a.score > b.score && b.float1 == floatUp) {
			l.add(w, fUp1, 0, 1)
		}
		if b.float1 == floatDown {
			l.add(w, fDown1Score, e.groupShift[b.score], 1)
		}
		if a.float1 == floatDown {
			l.add(w, fDown1Score, e.groupShift[a.score], 1)
		}
		if !(b.float1 == floatUp && a.score > b.score) {
			l.add(w, fUp1Score, e.groupShift[a.score], 1)
		}
	}
	if done >= 2 {
		var d uint64
		if b.float2 == floatDown {
			d++
		}
		if a.score <= b.score && a.float2 == floatDown {
			d++
		}
		l.add(w, fDown2, 0, d)
		if !(a.score > b.score && b.float2 == floatUp) {
			l.add(w, fUp2, 0, 1)
		}
		if b.float2 == floatDown {
			l.add(w, fDown2Score, e.groupShift[b.score], 1)
		}
		if a.float2 == floatDown {
			l.add(w, fDown2Score, e.groupShift[a.score], 1)
		}
		if !(b.float2 == floatUp && a.score > b.score) {
			l.add(w, fUp2Score, e.groupShift[a.score], 1)
		}
	}
	// The order in which the rules generate the candidates decides between candidates
	// equal by every criterion (4.1: the first one generated is taken).
	if i, j := br.mdp[a.rank], br.res[b.rank]; i >= 0 && j >= 0 {
		l.add(w, tMDP, br.nMDP-1-i, 1)
		if e.whole {
			db := digitBits(br.nRes)
			l.add(w, tMDPPartner, (br.nMDP-1-i)*db, uint64(br.nRes-j))
		}
	}
	if br.rem != nil {
		i, j := br.rem[a.rank], br.rem[b.rank]
		if i >= 0 && j >= 0 {
			k, p := br.nRem, br.remPairs
			if i < p {
				l.add(w, tExchanges, 0, 1)
			}
			l.add(w, tExchangeSum, 0, uint64(k-i))
			if e.whole {
				if i < p {
					// 2^p − 2^i: the bits i..p−1.
					l.addOnes(w, tExchangeFromS1, i, p-i)
				} else {
					l.add(w, tExchangeFromS2, k-1-i, 1)
				}
				db := digitBits(k)
				l.add(w, tTransposition, (k-1-i)*db, uint64(k-j))
			}
		}
	}
	return true
}

// solve finds the maximum-weight matching of the players still unpaired (by rank).
func (e *engine) solve(alive []*state, br *bracket) []int {
	words := br.l.words
	m := newMatcher(len(alive), words)
	// The weights live in one array, a block of words for each pair that may meet.
	need := words * len(alive) * (len(alive) - 1) / 2
	if cap(e.arena) < need {
		e.arena = make([]uint64, need)
	}
	arena := e.arena[:need]
	clear(arena)
	for i := 0; i < len(alive); i++ {
		for j := i + 1; j < len(alive); j++ {
			w := num(arena[:words:words])
			if e.weight(alive[i], alive[j], br, w) {
				m.addEdge(i, j, w)
				arena = arena[words:]
			}
		}
	}
	mate := m.solve()
	out := make([]int, len(e.ps))
	for i := range out {
		out[i] = -1
	}
	for i, j := range mate {
		if j >= 0 {
			out[alive[i].rank] = alive[j].rank
		}
	}
	return out
}

// Pair pairs the next round of t by the FIDE Dutch system (C.04.3, applied from 1 July
// 2025) and allocates the colours (article 5); the boards are in the order of C.04.2.
func Pair(t *Tournament) (*Pairing, error) { return PairContext(context.Background(), t) }

// PairContext is Pair, given up with ctx's error when ctx ends first.
func PairContext(ctx context.Context, t *Tournament) (*Pairing, error) {
	return pair(ctx, t, false)
}

// pair is Pair; with whole, the order of generation is in the weights (engine.whole).
func pair(ctx context.Context, t *Tournament, whole bool) (*Pairing, error) {
	ps := buildStates(t)
	if len(ps) == 0 {
		return &Pairing{}, nil
	}
	e := &engine{t: t, ps: ps, lastRound: t.Rounds > 0 && t.Next() == t.Rounds, forbidden: map[[2]int]bool{}, groupOf: map[int]int{},
		whole: whole, ctx: ctx}
	for _, f := range t.Forbidden {
		e.forbidden[f] = true
	}
	var scores []int
	for _, s := range ps {
		if _, ok := e.groupOf[s.score]; !ok {
			e.groupOf[s.score] = 0
			scores = append(scores, s.score)
		}
	}
	sort.Ints(scores)
	count := map[int]int{}
	for _, s := range ps {
		count[s.score]++
	}
	e.groupShift = map[int]int{}
	for i, s := range scores {
		e.groupOf[s] = i
		e.groupShift[s] = e.groupBits
		e.groupBits += bits.Len(uint(count[s])) + 1
	}
	e.groups = len(scores)
	e.nb = bitsFor(len(ps) + 1)
	e.odd = len(ps)%2 == 1

	// Can the round be completed at all, and what is the lowest score the bye can go to?
	e.byeScore = scores[len(scores)-1] + 1 // every eligible player is a candidate
	var start bracket
	start.l.width[fComplete] = bitsFor(2*len(ps)) + 1
	start.l.width[fScores] = bitsFor(len(ps) * (e.groups + 1))
	start.l.finish()
	mate := e.solveStart(ps, &start)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	unpaired := 0
	for _, s := range ps {
		if mate[s.rank] < 0 {
			unpaired++
			e.byeScore = s.score
		}
	}
	if unpaired > 1 {
		return nil, ErrNoPairing
	}
	if unpaired == 1 {
		for _, s := range ps {
			if mate[s.rank] < 0 && !s.byeOK {
				// C2: nobody left over may have the bye.
				return nil, ErrNoPairing
			}
		}
	} else {
		e.byeScore = -1 << 40
	}
	if len(ps) == 1 {
		return &Pairing{Bye: ps[0].num}, nil
	}

	final := make([]int, len(ps))
	for i := range final {
		final[i] = -1
	}
	paired := make([]bool, len(ps))
	var mdps []*state
	gi := 0
	// C9 applies in the bracket from which the bye is given.
	byeBracket := e.odd && e.byeScore >= ps[0].score
	if byeBracket {
		for _, s := range ps {
			if s.score < ps[0].score {
				break
			}
			if m := mate[s.rank]; m >= 0 && ps[m].score < ps[0].score {
				byeBracket = false
			}
		}
	}
	for {
		// The bracket: the moved-down players and the next scoregroup (1.3.2).
		var residents []*state
		for gi < len(ps) && (len(residents) == 0 || ps[gi].score == residents[0].score) {
			residents = append(residents, ps[gi])
			gi++
		}
		ngi := gi
		var next []*state
		for ngi < len(ps) && (len(next) == 0 || ps[ngi].score == next[0].score) {
			next = append(next, ps[ngi])
			ngi++
		}
		cur := append(append([]*state{}, mdps...), residents...)

		if len(cur) == 0 {
			break
		}
		var alive []*state
		for _, s := range ps {
			if !paired[s.rank] {
				alive = append(alive, s)
			}
		}
		br := &bracket{inC: make([]bool, len(ps)), inN: make([]bool, len(ps)), mdp: fill(len(ps), -1), res: fill(len(ps), -1), byeBracket: byeBracket}
		for i, s := range mdps {
			br.inC[s.rank] = true
			br.mdp[s.rank] = i
		}
		for i, s := range residents {
			br.inC[s.rank] = true
			br.res[s.rank] = i
		}
		for _, s := range next {
			br.inN[s.rank] = true
		}
		br.nMDP, br.nRes = len(mdps), len(residents)
		var m []int
		switch {
		case len(alive) >= 2 && !e.whole:
			// Even a bracket of one player is matched: the matching says which players
			// the next bracket must give up below it (C9 below).
			m = e.pairBracket(alive, br, residents)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		case len(alive) >= 2:
			e.newLayout(br)
			m = e.solve(alive, br)
			// The remainder (1.3.4): the residents not paired with moved-down players.
			br.rem = fill(len(ps), -1)
			var rem []*state
			for _, s := range residents {
				if p := m[s.rank]; p >= 0 && br.mdp[p] >= 0 {
					continue
				}
				rem = append(rem, s)
			}
			for i, s := range rem {
				br.rem[s.rank] = i
			}
			br.nRem = len(rem)
			for _, s := range rem {
				if p := m[s.rank]; p > s.rank && br.rem[p] >= 0 {
					br.remPairs++
				}
			}
			e.newLayout(br)
			m = e.solve(alive, br)
		default:
			m = mate
		}
		mdps = mdps[:0:0]
		for _, s := range cur {
			if p := m[s.rank]; p >= 0 && br.inC[p] {
				final[s.rank] = p
				paired[s.rank] = true
			} else {
				mdps = append(mdps, s)
			}
		}
		if len(next) == 0 {
			break
		}
		// C9 applies in the next bracket when the bye will come from it: its residents
		// score no more than the bye's assignee will, and no player carried into it is
		// bound, in the matching just found, to a player below it.
		byeBracket = e.odd && e.byeScore >= next[0].score
		for _, s := range ps {
			if paired[s.rank] || !(br.inC[s.rank] || br.inN[s.rank]) {
				continue
			}
			if p := m[s.rank]; p >= 0 && ps[p].score < next[0].score {
				byeBracket = false
			}
		}
		mate = m
	}
	pairing := &Pairing{}
	type pr struct{ hi, lo *state }
	var prs []pr
	for _, s := range ps {
		p := final[s.rank]
		switch {
		case p < 0:
			if pairing.Bye != 0 {
				return nil, fmt.Errorf("two players unpaired: %d and %d: %w", pairing.Bye, s.num, ErrNoPairing)
			}
			pairing.Bye = s.num
		case p > s.rank:
			prs = append(prs, pr{s, ps[p]})
		}
	}
	// C.04.2: the boards by the higher player's score, the sum of the scores, and the
	// higher player's place in the pairing order.
	sort.SliceStable(prs, func(i, j int) bool {
		a, b := prs[i], prs[j]
		if a.hi.score != b.hi.score {
			return a.hi.score > b.hi.score
		}
		if sa, sb := a.hi.score+a.lo.score, b.hi.score+b.lo.score; sa != sb {
			return sa > sb
		}
		return a.hi.rank < b.hi.rank
	})
	for _, p := range prs {
		if allocate(p.hi, p.lo, t.Initial) == White {
			pairing.Boards = append(pairing.Boards, Board{p.hi.num, p.lo.num})
		} else {
			pairing.Boards = append(pairing.Boards, Board{p.lo.num, p.hi.num})
		}
	}
	return pairing, nil
}

// solveStart is the first matching: any complete pairing, the bye to the lowest score.
func (e *engine) solveStart(ps []*state, br *bracket) []int {
	m := newMatcher(len(ps), br.l.words)
	for i := 0; i < len(ps); i++ {
		for j := i + 1; j < len(ps); j++ {
			a, b := ps[i], ps[j]
			if !e.compatible(a, b) {
				continue
			}
			w := make(num, br.l.words)
			v := uint64(1)
			if !a.byeOK {
				v++
			}
			if !b.byeOK {
				v++
			}
			br.l.add(w, fComplete, 0, v)
			br.l.add(w, fScores, 0, uint64(e.groupOf[a.score]+e.groupOf[b.score]))
			m.addEdge(i, j, w)
		}
	}
	mate := m.solve()
	out := fill(len(ps), -1)
	for i, j := range mate {
		if j >= 0 {
			out[ps[i].rank] = ps[j].rank
		}
	}
	return out
}
