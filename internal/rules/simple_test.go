package rules

// This file holds a deliberately simple second move generator, written from
// the rules with plain coordinates, slices and recursion, sharing no code with
// the engine. The tests compare the two move by move.

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
)

type sPiece struct{ black, king bool }

// sBoard is a board of towers (top first) indexed by [file][rank].
type sBoard struct {
	size  int
	cells [][][]sPiece
	black bool // black to move
}

type sRules struct {
	turkish     bool // captured pieces stay until the end and block (russian, international)
	flying      bool // kings fly
	menBackward bool // men capture backward
	menForward  bool // lasca: men capture forward only
	majority    bool
	promo       string // "continue", "pass", "stop"
	// testing only: let a tower jumped in this move be jumped again even when
	// its new top is the mover's (the rule the engine must not apply)
	rejumpOwn bool
}

func simpleRules(id string) sRules {
	switch strings.TrimSuffix(id, "-giveaway") {
	case "russian":
		return sRules{turkish: true, flying: true, menBackward: true, promo: "continue"}
	case "international":
		return sRules{turkish: true, flying: true, menBackward: true, majority: true, promo: "pass"}
	case "column":
		return sRules{flying: true, menBackward: true, promo: "continue"}
	case "lasca":
		return sRules{menForward: true, promo: "stop"}
	}
	panic(id)
}

type sMove struct {
	from, to [2]int
	jumped   [][2]int
	crown    bool
}

var sDirs = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func (b *sBoard) on(f, r int) bool { return f >= 0 && r >= 0 && f < b.size && r < b.size }

func (b *sBoard) clone() *sBoard {
	c := &sBoard{size: b.size, black: b.black, cells: make([][][]sPiece, b.size)}
	for f := range b.cells {
		c.cells[f] = make([][]sPiece, b.size)
		for r := range b.cells[f] {
			c.cells[f][r] = append([]sPiece(nil), b.cells[f][r]...)
		}
	}
	return c
}

func (b *sBoard) lastRank() int {
	if b.black {
		return 0
	}
	return b.size - 1
}

// search state of one capture
type sState struct {
	b        *sBoard
	rules    sRules
	captured map[[2]int]bool // turkish: captured squares
}

// moves returns all legal moves, one per route (duplicates by route removed).
func (b *sBoard) moves(rl sRules) []sMove {
	var caps []sMove
	for f := 0; f < b.size; f++ {
		for r := 0; r < b.size; r++ {
			t := b.cells[f][r]
			if len(t) == 0 || t[0].black != b.black {
				continue
			}
			w := b.clone()
			tower := w.cells[f][r]
			w.cells[f][r] = nil
			st := &sState{b: w, rules: rl, captured: map[[2]int]bool{}}
			for _, seq := range st.continueFrom(f, r, tower[0].king, false, -1, nil) {
				seq.from = [2]int{f, r}
				caps = append(caps, seq)
			}
		}
	}
	if len(caps) > 0 {
		if rl.majority {
			best := 0
			for _, m := range caps {
				if len(m.jumped) > best {
					best = len(m.jumped)
				}
			}
			var keep []sMove
			for _, m := range caps {
				if len(m.jumped) == best {
					keep = append(keep, m)
				}
			}
			caps = keep
		}
		return caps
	}
	var quiet []sMove
	for f := 0; f < b.size; f++ {
		for r := 0; r < b.size; r++ {
			t := b.cells[f][r]
			if len(t) == 0 || t[0].black != b.black {
				continue
			}
			for di, d := range sDirs {
				if !t[0].king && (di < 2) == b.black {
					continue // men step forward only
				}
				for k := 1; ; k++ {
					nf, nr := f+d[0]*k, r+d[1]*k
					if !b.on(nf, nr) || len(b.cells[nf][nr]) > 0 {
						break
					}
					quiet = append(quiet, sMove{from: [2]int{f, r}, to: [2]int{nf, nr},
						crown: !t[0].king && nr == b.lastRank()})
					if !t[0].king || !rl.flying {
						break
					}
				}
			}
		}
	}
	return quiet
}

// jumpable reports whether the tower at (f, r) may be jumped now.
func (st *sState) jumpable(f, r int) bool {
	t := st.b.cells[f][r]
	if st.rules.rejumpOwn && st.captured[[2]int{f, r}] && len(t) > 0 {
		return true
	}
	return len(t) > 0 && t[0].black != st.b.black && !st.captured[[2]int{f, r}]
}

// continueFrom returns the complete captures from (f, r); king tells the
// rights the piece captures with, crowned whether it was crowned in this move,
// lastDir the index of the previous jump's direction (-1 at the start).
func (st *sState) continueFrom(f, r int, king, crowned bool, lastDir int, jumped [][2]int) []sMove {
	b := st.b
	var out []sMove
	for di, d := range sDirs {
		if lastDir >= 0 && di == 3-lastDir {
			continue // never straight back
		}
		if !king && st.rules.menForward && (di < 2) == b.black {
			continue
		}
		// find the piece to jump
		k := 1
		if king && st.rules.flying {
			for b.on(f+d[0]*k, r+d[1]*k) && len(b.cells[f+d[0]*k][r+d[1]*k]) == 0 {
				k++
			}
		}
		xf, xr := f+d[0]*k, r+d[1]*k
		if !b.on(xf, xr) || !st.jumpable(xf, xr) {
			continue
		}
		// landing squares
		var lands [][2]int
		for j := 1; ; j++ {
			lf, lr := xf+d[0]*j, xr+d[1]*j
			if !b.on(lf, lr) || len(b.cells[lf][lr]) > 0 {
				break
			}
			lands = append(lands, [2]int{lf, lr})
			if !(king && st.rules.flying) {
				break
			}
		}
		if len(lands) == 0 {
			continue
		}
		// take the piece
		saved := b.cells[xf][xr]
		wasCaptured := st.captured[[2]int{xf, xr}]
		if st.rules.turkish {
			st.captured[[2]int{xf, xr}] = true
		} else {
			b.cells[xf][xr] = saved[1:]
			if st.rules.rejumpOwn {
				st.captured[[2]int{xf, xr}] = true
			}
		}
		nj := append(append([][2]int(nil), jumped...), [2]int{xf, xr})
		var cont, stops []sMove
		for _, l := range lands {
			nk, ncrowned, stop := king, crowned, false
			if !king && l[1] == b.lastRank() {
				switch st.rules.promo {
				case "continue":
					nk, ncrowned = true, true
				case "stop":
					stop = true
				}
			}
			var sub []sMove
			if !stop {
				sub = st.continueFrom(l[0], l[1], nk, ncrowned, di, nj)
			}
			cont = append(cont, sub...)
			crown := ncrowned || (!nk && l[1] == b.lastRank())
			stops = append(stops, sMove{to: l, jumped: nj, crown: crown})
		}
		if len(cont) > 0 {
			out = append(out, cont...)
		} else {
			out = append(out, stops...)
		}
		if st.rules.turkish {
			delete(st.captured, [2]int{xf, xr})
		} else {
			b.cells[xf][xr] = saved
			if st.rules.rejumpOwn && !wasCaptured {
				delete(st.captured, [2]int{xf, xr})
			}
		}
	}
	return out
}

// apply plays m on a copy of b.
func (b *sBoard) apply(m sMove, rl sRules) *sBoard {
	c := b.clone()
	t := c.cells[m.from[0]][m.from[1]]
	c.cells[m.from[0]][m.from[1]] = nil
	for _, j := range m.jumped {
		if rl.turkish {
			c.cells[j[0]][j[1]] = nil
			continue
		}
		top := c.cells[j[0]][j[1]][0]
		c.cells[j[0]][j[1]] = c.cells[j[0]][j[1]][1:]
		t = append(t, top)
	}
	if m.crown {
		t = append([]sPiece(nil), t...)
		t[0].king = true
	}
	c.cells[m.to[0]][m.to[1]] = t
	c.black = !c.black
	return c
}

// key identifies a move the way the variant counts moves: by route for
// towers, by (from, to, set, crown) for russian and international.
func (m sMove) key(rl sRules) string {
	js := make([]string, len(m.jumped))
	for i, j := range m.jumped {
		js[i] = fmt.Sprint(j)
	}
	if rl.turkish {
		sort.Strings(js)
	}
	return fmt.Sprintf("%v %v %v %v", m.from, strings.Join(js, ""), m.to, m.crown)
}

func simpleKeys(b *sBoard, rl sRules) map[string]sMove {
	out := map[string]sMove{}
	for _, m := range b.moves(rl) {
		out[m.key(rl)] = m
	}
	return out
}

func engineKey(v *Variant, m Move, rl sRules) string {
	c := func(s Square) [2]int { f, r := v.Coords(s); return [2]int{f, r} }
	sm := sMove{from: c(m.From()), to: c(m.To()), crown: m.Crowns()}
	for _, j := range m.Jumped() {
		sm.jumped = append(sm.jumped, c(j))
	}
	return sm.key(rl)
}

// simpleFromPosition reads an engine position square by square through the
// public accessors only.
func simpleFromPosition(p *Position) *sBoard {
	v := p.Variant()
	b := &sBoard{size: v.BoardSize(), black: p.SideToMove() == Black, cells: make([][][]sPiece, v.BoardSize())}
	for f := range b.cells {
		b.cells[f] = make([][]sPiece, b.size)
	}
	for s := 0; s < v.NumSquares(); s++ {
		f, r := v.Coords(Square(s))
		for _, pc := range p.Tower(Square(s)).Pieces() {
			b.cells[f][r] = append(b.cells[f][r], sPiece{black: pc.Color == Black, king: pc.King})
		}
	}
	return b
}

func (b *sBoard) String() string {
	var parts []string
	for r := 0; r < b.size; r++ {
		for f := 0; f < b.size; f++ {
			if t := b.cells[f][r]; len(t) > 0 {
				s := ""
				for _, pc := range t {
					c := "w"
					if pc.black {
						c = "b"
					}
					if pc.king {
						c = strings.ToUpper(c)
					}
					s += c
				}
				parts = append(parts, fmt.Sprintf("%c%d(%s)", 'a'+f, r+1, s))
			}
		}
	}
	return fmt.Sprintf("black=%v %s", b.black, strings.Join(parts, ","))
}

// compareMoves checks that the engine and the simple generator agree on the
// moves of p, and returns the matching pairs.
func compareMoves(t *testing.T, p *Position, b *sBoard, rl sRules) ([]Move, []sMove) {
	t.Helper()
	v := p.Variant()
	want := simpleKeys(b, rl)
	got := p.LegalMoves(nil)
	seen := map[string]bool{}
	var sms []sMove
	for _, m := range got {
		k := engineKey(v, m, rl)
		if seen[k] {
			t.Fatalf("%s: engine gives %s twice", p.FEN(), k)
		}
		seen[k] = true
		sm, ok := want[k]
		if !ok {
			t.Fatalf("%s: engine move %s (%s) not legal for the simple generator; simple: %v", p.FEN(), FormatMove(p, m), k, keys(want))
		}
		sms = append(sms, sm)
	}
	for k := range want {
		if !seen[k] {
			t.Fatalf("%s: simple generator's move %s missing from the engine; engine: %d moves", p.FEN(), k, len(got))
		}
	}
	return got, sms
}

func keys(m map[string]sMove) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compareTree walks the game tree to depth and compares every node.
func compareTree(t *testing.T, p *Position, b *sBoard, rl sRules, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	got, sms := compareMoves(t, p, b, rl)
	var n uint64
	for i, m := range got {
		q := p.Play(m)
		c := b.apply(sms[i], rl)
		if simpleFromPosition(&q).String() != c.String() {
			t.Fatalf("positions differ after %s: engine %s, simple %s", FormatMove(p, m), q.FEN(), c)
		}
		n += compareTree(t, &q, c, rl, depth-1)
	}
	return n
}

func TestSimpleGeneratorStartTrees(t *testing.T) {
	depths := map[string]int{"russian": 6, "international": 5, "column": 6, "lasca": 10}
	if testing.Short() || raceDetector {
		depths = map[string]int{"russian": 4, "international": 4, "column": 4, "lasca": 7}
	}
	for _, id := range []string{"russian", "international", "column", "lasca"} {
		t.Run(id, func(t *testing.T) {
			v, _ := VariantByID(id)
			p := v.Start()
			rl := simpleRules(id)
			n := compareTree(t, &p, simpleFromPosition(&p), rl, depths[id])
			if want := Perft(&p, depths[id]); n != want {
				t.Errorf("simple tree has %d leaves, Perft %d", n, want)
			}
		})
	}
}

// TestSimpleGeneratorPlayouts compares the generators along random games,
// which reach kings, long captures and tall towers.
func TestSimpleGeneratorPlayouts(t *testing.T) {
	games := 150
	if testing.Short() || raceDetector {
		games = 30
	}
	for _, id := range []string{"russian", "international", "column", "lasca"} {
		t.Run(id, func(t *testing.T) {
			v, _ := VariantByID(id)
			rl := simpleRules(id)
			rng := rand.New(rand.NewSource(int64(len(id))))
			var positions, captures, long int
			for g := 0; g < games; g++ {
				p := v.Start()
				b := simpleFromPosition(&p)
				for ply := 0; ply < 300; ply++ {
					got, sms := compareMoves(t, &p, b, rl)
					positions++
					if len(got) == 0 {
						break
					}
					i := rng.Intn(len(got))
					if got[i].IsCapture() {
						captures++
						if got[i].NumJumps() >= 3 {
							long++
						}
					}
					q := p.Play(got[i])
					b = b.apply(sms[i], rl)
					if simpleFromPosition(&q).String() != b.String() {
						t.Fatalf("after %s: engine %s, simple %s", FormatMove(&p, got[i]), simpleFromPosition(&q), b)
					}
					p = q
				}
			}
			t.Logf("%d positions compared, %d captures played, %d of 3+ pieces", positions, captures, long)
		})
	}
}

// randomPosition places pieces at random: men never on their own last row,
// kings with probability king, towers up to height maxTower.
func randomPosition(v *Variant, rng *rand.Rand, pieces int, king float64, maxTower int) Position {
	p := v.Empty()
	if rng.Intn(2) == 1 {
		p.SetSideToMove(Black)
	}
	for i := 0; i < pieces; i++ {
		sq := Square(rng.Intn(v.NumSquares()))
		if !p.Tower(sq).Empty() {
			continue
		}
		_, row := v.Coords(sq)
		h := 1
		if v.Towers() && maxTower > 1 {
			h = 1 + rng.Intn(maxTower)
		}
		var pcs []Piece
		for j := 0; j < h; j++ {
			pc := Piece{Color: Color(rng.Intn(2)), King: rng.Float64() < king}
			last := v.BoardSize() - 1
			if j == 0 && !pc.King && (pc.Color == White && row == last || pc.Color == Black && row == 0) {
				pc.King = true
			}
			pcs = append(pcs, pc)
		}
		tw, _ := TowerOf(pcs...)
		p.SetTower(sq, tw)
	}
	return p
}

// TestSimpleGeneratorRandomPositions compares the generators on random
// positions full of kings and towers, where long and branching captures
// are common.
func TestSimpleGeneratorRandomPositions(t *testing.T) {
	n := 10000
	if testing.Short() || raceDetector {
		n = 1000
	}
	for _, id := range []string{"russian", "international", "column", "lasca"} {
		t.Run(id, func(t *testing.T) {
			v, _ := VariantByID(id)
			rl := simpleRules(id)
			rng := rand.New(rand.NewSource(7))
			var captures, long, maxJ int
			for i := 0; i < n; i++ {
				pieces := 4 + rng.Intn(v.NumSquares()/2)
				p := randomPosition(v, rng, pieces, 0.4, 4)
				got, sms := compareMoves(t, &p, simpleFromPosition(&p), rl)
				for j, m := range got {
					if m.IsCapture() {
						captures++
						if m.NumJumps() >= 4 {
							long++
						}
						maxJ = max(maxJ, m.NumJumps())
					}
					q := p.Play(m)
					if s := simpleFromPosition(&p).apply(sms[j], rl); simpleFromPosition(&q).String() != s.String() {
						t.Fatalf("%s after %s: engine %s, simple %s", p.FEN(), FormatMove(&p, m), q.FEN(), s)
					}
				}
			}
			t.Logf("%d positions, %d captures, %d of 4+ pieces, longest %d", n, captures, long, maxJ)
		})
	}
}

// newRand returns a deterministic random source for a test.
func newRand(name string) *rand.Rand {
	var seed int64
	for _, c := range name {
		seed = seed*31 + int64(c)
	}
	return rand.New(rand.NewSource(seed))
}
