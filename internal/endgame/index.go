package endgame

import "math/bits"

// The perfect index of a material. Positions are numbered without gaps:
// every number below Size is one position and every position one number.
//
//  1. The men of the side to move stand on its rows 0..size-2 (a man on the
//     last row would be a king), those of its opponent on rows 1..size-1.
//     The two domains share all rows but the first and the last. The men of
//     the side to move are split by how many, j, stand on row 0, where no
//     opponent's man can be: its j men there and its other men on the
//     shared rows are each a combination, and the opponent's men are a
//     combination of the squares of their domain that remain free. Group j
//     has C(row, j) · C(shared, men−j) · C(domain − (men−j), their men)
//     positions of the men, and the groups follow each other.
//  2. The kings of the side to move are a combination of the squares the
//     men leave free, and the opponent's kings one of the squares left
//     after those.
//
// Combinations are numbered in co-lexicographic order: the sorted places
// c0 < c1 < … < ck−1 have the number C(c0,1) + C(c1,2) + … + C(ck−1,k). A
// place among free squares is the square's number less the occupied
// squares below it, one population count.

// binom holds the binomial coefficients C(n, k) for n ≤ 64, k ≤ maxPieces+1.
var binom = func() (t [65][maxPieces + 2]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k < len(t[n]); k++ {
			if n > 0 {
				t[n][k] = t[n-1][k-1] + t[n-1][k]
			}
		}
	}
	return t
}()

// indexer numbers the positions of one material.
type indexer struct {
	b          *board
	m          Material
	um, uk     int
	tm, tk     int
	shared     int       // squares both sides' men may stand on
	groups     int       // number of groups j = 0..groups-1
	menOff     [9]uint64 // first number of group j's men
	themDomain [9]int    // free squares of the opponent's men in group j
	restCount  [9]uint64 // C(shared, um-j)
	themCount  [9]uint64 // C(themDomain[j], tm)
	menSize    uint64
	freeSq     int    // squares the men leave
	kingsSize  uint64 // positions of the kings for one placing of the men
	tkCount    uint64 // C(freeSq-uk, tk)
	size       uint64
}

func newIndexer(b *board, m Material) *indexer {
	x := &indexer{b: b, m: m, um: int(m.UsMen), uk: int(m.UsKings), tm: int(m.ThemMen), tk: int(m.ThemKings)}
	x.shared = b.n - 2*b.row
	var off uint64
	for j := 0; j <= b.row && j <= x.um; j++ {
		x.menOff[j] = off
		x.groups = j + 1
		rest := x.um - j
		if rest > x.shared {
			continue // no such placing: the group is empty
		}
		x.restCount[j] = binom[x.shared][rest]
		x.themDomain[j] = b.n - b.row - rest
		x.themCount[j] = binom[x.themDomain[j]][x.tm]
		off += binom[b.row][j] * x.restCount[j] * x.themCount[j]
	}
	x.menSize = off
	x.freeSq = b.n - x.um - x.tm
	x.tkCount = binom[x.freeSq-x.uk][x.tk]
	x.kingsSize = binom[x.freeSq][x.uk] * x.tkCount
	x.size = x.menSize * x.kingsSize
	return x
}

// Size returns the number of positions of the material.
func (x *indexer) Size() uint64 { return x.size }

// index returns the number of p, which must be of x's material.
func (x *indexer) index(p pos) uint64 {
	b := x.b
	um := p.us.men
	low := um & b.first
	j := bits.OnesCount64(low)
	var lowRank, restRank, themRank uint64
	i := 1
	for l := low; l != 0; l &= l - 1 {
		lowRank += binom[bits.TrailingZeros64(l)][i]
		i++
	}
	over := um &^ b.first
	i = 1
	for r := over; r != 0; r &= r - 1 {
		restRank += binom[bits.TrailingZeros64(r)-b.row][i]
		i++
	}
	i = 1
	for t := p.them.men; t != 0; t &= t - 1 {
		s := bits.TrailingZeros64(t)
		c := s - b.row - bits.OnesCount64(over&b.below[s])
		themRank += binom[c][i]
		i++
	}
	men := (x.menOff[j] + (lowRank*x.restCount[j]+restRank)*x.themCount[j] + themRank)
	menOcc := um | p.them.men
	var ukRank, tkRank uint64
	i = 1
	for k := p.us.kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		ukRank += binom[s-bits.OnesCount64(menOcc&b.below[s])][i]
		i++
	}
	occ := menOcc | p.us.kings
	i = 1
	for k := p.them.kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		tkRank += binom[s-bits.OnesCount64(occ&b.below[s])][i]
		i++
	}
	return men*x.kingsSize + ukRank*x.tkCount + tkRank
}

// position returns the position numbered i < Size.
func (x *indexer) position(i uint64) pos {
	p := x.men(i / x.kingsSize)
	x.kings(&p, i%x.kingsSize)
	return p
}

// men returns the men of the placing numbered men.
func (x *indexer) men(men uint64) pos {
	b := x.b
	j := x.groups - 1
	for men < x.menOff[j] || x.restCount[j] == 0 {
		j--
	}
	within := men - x.menOff[j]
	themRank := within % x.themCount[j]
	usRank := within / x.themCount[j]
	lowRank := usRank / x.restCount[j]
	restRank := usRank % x.restCount[j]
	var p pos
	var places [maxPieces]int
	unrank(lowRank, j, b.row, places[:])
	for _, c := range places[:j] {
		p.us.men |= b.bits[c]
	}
	rest := x.um - j
	unrank(restRank, rest, x.shared, places[:])
	var over uint64
	for _, c := range places[:rest] {
		over |= b.bits[c+b.row]
	}
	p.us.men |= over
	unrank(themRank, x.tm, x.themDomain[j], places[:])
	// The opponent's men: the c-th free square of rows 1..size-1.
	p.them.men = selectFree(b.all&^b.below[b.row]&^over, places[:x.tm])
	return p
}

// kings places on p, whose men are set, the kings numbered k.
func (x *indexer) kings(p *pos, k uint64) {
	b := x.b
	var places [maxPieces]int
	menOcc := p.us.men | p.them.men
	unrank(k/x.tkCount, x.uk, x.freeSq, places[:])
	p.us.kings = selectFree(b.all&^menOcc, places[:x.uk])
	unrank(k%x.tkCount, x.tk, x.freeSq-x.uk, places[:])
	p.them.kings = selectFree(b.all&^menOcc&^p.us.kings, places[:x.tk])
}

// unrank writes to places[0:k] the sorted places of the combination of k
// among n numbered r.
func unrank(r uint64, k, n int, places []int) {
	c := n
	for i := k; i >= 1; i-- {
		c--
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		places[i-1] = c
	}
}

// selectFree returns the squares of free whose places among the set bits of
// free (counted from 0, lowest square first) are the sorted places.
func selectFree(free uint64, places []int) uint64 {
	var out uint64
	at := 0
	for _, c := range places {
		for ; at < c; at++ {
			free &= free - 1
		}
		low := free & -free
		out |= low
		free &^= low
		at++
	}
	return out
}
