package endgame

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"postald/internal/rules"
)

// Retrograde analysis of one pair of materials: a material and its Turned,
// whose positions lead into each other by every move that neither captures
// nor crowns. Every other move leads into a material built before (fewer
// pieces, or as many with one man fewer), whose table the caller supplies.
//
// Each position carries one 32-bit state word, changed only by atomic
// compare-and-swap so that workers may share the pair:
//
//	bits 0–7   the successors still undecided (moves inside the pair), plus
//	           one that never leaves for a move outside it that does not win
//	           for the opponent
//	bits 8–15  the kind: open, win or loss pending at its distance, win,
//	           loss, draw
//	bits 16–31 the distance in plies: for a decided position its own, for a
//	           pending one when it falls due, for an open one the longest a
//	           loss must last because of a move outside the pair
//
// 1. Init looks at every position once with the rules engine's moves: no
// move is the end of the game; every move out of the pair is looked up; the
// moves inside the pair are counted. A position whose moves all leave the
// pair is decided at once; one with a move out of the pair that the
// opponent loses is a pending win at that distance.
// 2. Level by level, L = 0, 1, 2, …: pending positions due at L are
// decided; then every position decided at distance L is taken back one move
// (the opponent's pieces step back: kings along their diagonals, men one
// square backwards) and each predecessor is told: after a loss it is a win
// at L+1 unless decided already; after a win its counter falls, and at zero
// every move of it wins for the opponent, so it is lost at L+1, or later if
// a move out of the pair lasts longer.
// 3. What is still open at the end is a draw: neither side can force the
// end of the game.
//
// Because levels are taken in order, a win is found at its least distance
// and a loss at its greatest, which are the distances best play gives.

const (
	kindOpen = iota
	kindPendingWin
	kindPendingLoss
	kindWin
	kindLoss
	kindDraw

	counterMask = 0xff
	kindShift   = 8
	distShift   = 16
	maxDistance = 0xffff
)

func word(counter, kind, dist int) uint32 {
	return uint32(counter) | uint32(kind)<<kindShift | uint32(dist)<<distShift
}

func kindOf(w uint32) int { return int(w >> kindShift & 0xff) }
func distOf(w uint32) int { return int(w >> distShift) }

// Pair is the retrograde analysis of a material and its Turned in progress.
type Pair struct {
	sp       *Space
	slices   []*slice
	ext      [1 << 12]*Table
	extIx    [1 << 12]*indexer
	maxLevel atomic.Int32
	// pending and decided count the positions falling due and decided at
	// each distance, so that a level with none is not walked.
	pending, decided []atomic.Int64
}

type slice struct {
	m       Material
	ix      *indexer
	st      []uint32
	partner *slice
}

// NewPair prepares the analysis of material m and its Turned. tables
// returns the table of every material a capture or a crowning can lead to;
// it is asked for each once, here, and nil for a material means it is not
// needed (it is an error only if a position then leads into it).
func (sp *Space) NewPair(m Material, tables func(Material) *Table) (*Pair, error) {
	if !sp.Fits(m) {
		return nil, fmt.Errorf("material %v does not fit the board of %s", m, sp.v.ID())
	}
	p := &Pair{sp: sp}
	a := &slice{m: m, ix: sp.indexer(m)}
	p.slices = append(p.slices, a)
	if t := m.Turned(); t != m {
		b := &slice{m: t, ix: sp.indexer(t), partner: a}
		a.partner = b
		p.slices = append(p.slices, b)
	} else {
		a.partner = a
	}
	for _, s := range p.slices {
		s.st = make([]uint32, s.ix.Size())
	}
	for _, d := range sp.dependencies(m) {
		p.ext[d.code()] = tables(d)
		p.extIx[d.code()] = sp.indexer(d)
	}
	p.pending = make([]atomic.Int64, maxDistance+1)
	p.decided = make([]atomic.Int64, maxDistance+1)
	return p, nil
}

// dependencies returns the materials one move of the pair of m can lead to
// outside the pair: a capture (the opponent loses one piece or more, the
// mover may be crowned) or a crowning.
func (sp *Space) dependencies(m Material) []Material {
	var out []Material
	seen := map[Material]bool{}
	for _, s := range []Material{m, m.Turned()} {
		// After the move the opponent is to move: Turned, with the mover's pieces changed.
		for crown := 0; crown <= 1 && crown <= int(s.UsMen); crown++ {
			for tm := 0; tm <= int(s.ThemMen); tm++ {
				for tk := 0; tk <= int(s.ThemKings); tk++ {
					captured := int(s.ThemMen) - tm + int(s.ThemKings) - tk
					if captured == 0 && crown == 0 {
						continue // a quiet move inside the pair
					}
					d := Material{UsMen: int8(tm), UsKings: int8(tk), ThemMen: s.UsMen - int8(crown), ThemKings: s.UsKings + int8(crown)}
					if d.valid() && sp.b.fits(d) && !seen[d] {
						seen[d] = true
						out = append(out, d)
					}
				}
			}
		}
	}
	return out
}

// Dependencies returns the materials whose tables the pair of m needs.
func (sp *Space) Dependencies(m Material) []Material { return sp.dependencies(m) }

// Slices returns the materials of the pair: m, then its Turned unless it is m.
func (p *Pair) Slices() []Material {
	out := make([]Material, len(p.slices))
	for i, s := range p.slices {
		out[i] = s.m
	}
	return out
}

// Len returns the number of positions of slice s.
func (p *Pair) Len(s int) uint64 { return uint64(len(p.slices[s].st)) }

// MaxLevel returns the greatest distance known so far: the levels to walk.
func (p *Pair) MaxLevel() int { return int(p.maxLevel.Load()) }

func (p *Pair) raise(d int) {
	for {
		cur := p.maxLevel.Load()
		if int32(d) <= cur || p.maxLevel.CompareAndSwap(cur, int32(d)) {
			return
		}
	}
}

// Worker is one worker's scratch space; each goroutine needs its own.
type Worker struct {
	moves []rules.Move
	succ  []rules.Bits
	preds []pos
	// The men of the last position read: consecutive numbers share them.
	menIx  *indexer
	menNum uint64
	menPos pos
	// Positions is the number of positions this worker looked at.
	Positions uint64
}

// NewWorker returns scratch space for one worker.
func (p *Pair) NewWorker() *Worker {
	return &Worker{moves: make([]rules.Move, 0, 128), succ: make([]rules.Bits, 0, 128), preds: make([]pos, 0, 128)}
}

// terminal is the value of a position whose side to move has no move (no
// piece included): lost, and in giveaway won (1.12).
func (p *Pair) terminal() int {
	if p.sp.giveaway {
		return kindWin
	}
	return kindLoss
}

// Init looks at positions lo..hi-1 of slice s (step 1).
func (p *Pair) Init(w *Worker, s int, lo, hi uint64) error {
	sl := p.slices[s]
	sp := p.sp
	b := sp.b
	themPieces := int(sl.m.ThemMen + sl.m.ThemKings)
	kings := int(sl.m.UsKings + sl.m.ThemKings)
	for i := lo; i < hi; i++ {
		c := w.position(sl.ix, i)
		rp, ok := sp.v.FromBits(c.rulesBits())
		if !ok {
			return fmt.Errorf("material %v position %d is not a position", sl.m, i)
		}
		w.moves, w.succ = rp.Successors(w.moves[:0], w.succ[:0])
		w.Positions++
		if len(w.succ) == 0 {
			sl.st[i] = word(0, p.terminal(), 0)
			p.decided[0].Add(1)
			continue
		}
		counter, bestWin, worstLoss, blocked := 0, -1, 0, false
		for k := range w.succ {
			q := &w.succ[k]
			if bits.OnesCount64(q.Occ[rules.Black]) == themPieces && bits.OnesCount64(q.Kings) == kings {
				counter++ // a quiet move that crowns nobody: inside the pair
				continue
			}
			v, err := p.external(b.turned(*q))
			if err != nil {
				return fmt.Errorf("material %v position %d: %w", sl.m, i, err)
			}
			switch v.Verdict {
			case Loss:
				if d := v.Plies + 1; bestWin < 0 || d < bestWin {
					bestWin = d
				}
			case Win:
				worstLoss = max(worstLoss, v.Plies+1)
			default:
				blocked = true
			}
		}
		switch {
		case counter == 0 && bestWin >= 0:
			sl.st[i] = word(0, kindWin, bestWin)
			p.decided[bestWin].Add(1)
		case counter == 0 && blocked:
			sl.st[i] = word(0, kindDraw, 0)
		case counter == 0:
			sl.st[i] = word(0, kindLoss, worstLoss)
			p.decided[worstLoss].Add(1)
		case bestWin >= 0:
			sl.st[i] = word(counter+1, kindPendingWin, bestWin)
			p.pending[bestWin].Add(1)
		default:
			if blocked {
				counter++
			}
			sl.st[i] = word(counter, kindOpen, worstLoss)
		}
		if counter >= counterMask {
			return fmt.Errorf("material %v position %d: %d moves, more than a state word counts", sl.m, i, counter)
		}
		if bestWin > maxDistance-2 || worstLoss > maxDistance-2 {
			return fmt.Errorf("material %v position %d: a distance beyond %d plies", sl.m, i, maxDistance)
		}
		p.raise(max(bestWin, worstLoss))
	}
	return nil
}

// external returns the value of a position outside the pair.
func (p *Pair) external(c pos) (Value, error) {
	m := c.material()
	if m.UsMen+m.UsKings == 0 {
		// The side to move has no piece left: the end of the game (1.12).
		if p.sp.giveaway {
			return Value{Verdict: Win}, nil
		}
		return Value{Verdict: Loss}, nil
	}
	t := p.ext[m.code()]
	if t == nil {
		return Value{}, fmt.Errorf("no table of material %v", m)
	}
	return t.Value(p.extIx[m.code()].index(c)), nil
}

// position returns position i of x, reusing the men of the last one.
func (w *Worker) position(x *indexer, i uint64) pos {
	men := i / x.kingsSize
	if w.menIx != x || w.menNum != men {
		w.menIx, w.menNum, w.menPos = x, men, x.men(men)
	}
	c := w.menPos
	x.kings(&c, i%x.kingsSize)
	return c
}

// PendingAt reports whether positions fall due at level L: Finalize has
// work to do.
func (p *Pair) PendingAt(level int) bool { return p.pending[level].Load() > 0 }

// DecidedAt reports whether positions are decided at level L: Propagate
// has work to do.
func (p *Pair) DecidedAt(level int) bool { return p.decided[level].Load() > 0 }

// Finalize decides the pending positions of lo..hi-1 of slice s that fall
// due at level L (step 2). It must run for both slices, before Propagate of
// the same level.
func (p *Pair) Finalize(s int, level int, lo, hi uint64) {
	st := p.slices[s].st
	for i := lo; i < hi; i++ {
		w := atomic.LoadUint32(&st[i])
		if distOf(w) != level {
			continue
		}
		switch kindOf(w) {
		case kindPendingWin:
			atomic.StoreUint32(&st[i], word(0, kindWin, level))
			p.decided[level].Add(1)
		case kindPendingLoss:
			atomic.StoreUint32(&st[i], word(0, kindLoss, level))
			p.decided[level].Add(1)
		}
	}
}

// Propagate takes back one move from every position of lo..hi-1 of slice s
// decided at level L and tells each predecessor (step 2). It returns the
// number of positions it took back.
func (p *Pair) Propagate(w *Worker, s int, level int, lo, hi uint64) int {
	sl := p.slices[s]
	partner := sl.partner
	b := p.sp.b
	n := 0
	for i := lo; i < hi; i++ {
		e := atomic.LoadUint32(&sl.st[i])
		k := kindOf(e)
		if distOf(e) != level || (k != kindWin && k != kindLoss) {
			continue
		}
		n++
		w.preds = b.predecessors(w.position(sl.ix, i), w.preds[:0])
		for _, q := range w.preds {
			j := partner.ix.index(q)
			if k == kindLoss {
				p.winAt(&partner.st[j], level+1)
			} else {
				p.oneWon(&partner.st[j], level+1)
			}
		}
	}
	return n
}

// winAt decides an undecided position as a win at distance d: it has a
// move after which the opponent loses.
func (p *Pair) winAt(st *uint32, d int) {
	for {
		old := atomic.LoadUint32(st)
		if k := kindOf(old); k != kindOpen && k != kindPendingWin {
			return
		}
		if atomic.CompareAndSwapUint32(st, old, word(0, kindWin, d)) {
			p.raise(d)
			p.decided[d].Add(1)
			return
		}
	}
}

// oneWon counts one more move of an undecided position after which the
// opponent wins at distance d-1; when it was the last, the position is lost.
func (p *Pair) oneWon(st *uint32, d int) {
	for {
		old := atomic.LoadUint32(st)
		k := kindOf(old)
		if k != kindOpen && k != kindPendingWin {
			return
		}
		c := int(old & counterMask)
		nw := old - 1
		if c == 1 {
			// Every move loses (a pending win keeps its blocking count, so
			// only an open position gets here): lost, as late as the longest line.
			dd := max(d, distOf(old))
			if dd == d {
				nw = word(0, kindLoss, d)
			} else {
				nw = word(0, kindPendingLoss, dd)
			}
		}
		if atomic.CompareAndSwapUint32(st, old, nw) {
			if c == 1 {
				dd := max(d, distOf(old))
				p.raise(dd)
				if dd == d {
					p.decided[d].Add(1)
				} else {
					p.pending[dd].Add(1)
				}
			}
			return
		}
	}
}

// predecessors appends to out the positions from which the opponent
// ("them" in c) reached c by a move that neither captured nor crowned, each
// in the stored orientation (the opponent to move, so turned).
func (b *board) predecessors(c pos, out []pos) []pos {
	occ := c.occupied()
	for k := c.them.kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		rest := c.them.kings &^ b.bits[s]
		for d := 0; d < 4; d++ {
			for t := b.next[s][d]; t >= 0 && occ&b.bits[t] == 0; t = b.next[t][d] {
				out = append(out, b.turnedBack(c, c.them.men, rest|b.bits[t]))
			}
		}
	}
	// The opponent's men move down the board: each came from a square above.
	for m := c.them.men; m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		rest := c.them.men &^ b.bits[s]
		for d := upRight; d <= upLeft; d++ {
			if t := b.next[s][d]; t >= 0 && occ&b.bits[t] == 0 {
				out = append(out, b.turnedBack(c, rest|b.bits[t], c.them.kings))
			}
		}
	}
	return out
}

// turnedBack returns the position with the opponent's pieces replaced,
// turned so that the opponent is to move.
func (b *board) turnedBack(c pos, men, kings uint64) pos {
	return pos{us: side{b.flip(men), b.flip(kings)}, them: side{b.flip(c.us.men), b.flip(c.us.kings)}}
}

// Result returns the table of slice s once the levels are walked: what is
// still open is a draw.
func (p *Pair) Result(s int) (*Table, Stats) {
	sl := p.slices[s]
	wide := p.MaxLevel()+1 > 0xff
	t := NewTable(sl.m, p.sp.giveaway, uint64(len(sl.st)), wide)
	var st Stats
	for i, w := range sl.st {
		switch kindOf(w) {
		case kindWin:
			t.Set(uint64(i), Value{Verdict: Win, Plies: distOf(w)})
			st.Wins++
			st.MaxPlies = max(st.MaxPlies, distOf(w))
		case kindLoss:
			t.Set(uint64(i), Value{Verdict: Loss, Plies: distOf(w)})
			st.Losses++
			st.MaxPlies = max(st.MaxPlies, distOf(w))
		case kindPendingWin, kindPendingLoss:
			panic(fmt.Sprintf("endgame: material %v position %d still pending after the last level", sl.m, i))
		default:
			st.Draws++
		}
	}
	return t, st
}

// Stats counts the verdicts of a table.
type Stats struct {
	Wins, Draws, Losses uint64
	MaxPlies            int
}

// Solve runs the whole analysis in the calling goroutine: Init of every
// position, then the levels. The shell runs the same steps on every core.
func (p *Pair) Solve() error {
	w := p.NewWorker()
	for s := range p.slices {
		if err := p.Init(w, s, 0, p.Len(s)); err != nil {
			return err
		}
	}
	for level := 0; level <= p.MaxLevel(); level++ {
		if p.PendingAt(level) {
			for s := range p.slices {
				p.Finalize(s, level, 0, p.Len(s))
			}
		}
		if p.DecidedAt(level) {
			for s := range p.slices {
				p.Propagate(w, s, level, 0, p.Len(s))
			}
		}
	}
	return nil
}

// BuildInMemory solves every material of at most pieces pieces in the
// calling goroutine and returns the tables by material: small databases
// for tests and examples.
func (sp *Space) BuildInMemory(pieces int) (map[Material]*Table, error) {
	return sp.BuildMaterials(sp.Materials(pieces))
}

// BuildMaterials solves the given materials and every material they depend
// on, in the calling goroutine.
func (sp *Space) BuildMaterials(want []Material) (map[Material]*Table, error) {
	out := map[Material]*Table{}
	var build func(m Material) error
	build = func(m Material) error {
		if out[m] != nil {
			return nil
		}
		for _, d := range sp.dependencies(m) {
			if err := build(d); err != nil {
				return err
			}
		}
		p, err := sp.NewPair(m, func(d Material) *Table { return out[d] })
		if err != nil {
			return err
		}
		if err := p.Solve(); err != nil {
			return err
		}
		for s, mm := range p.Slices() {
			out[mm], _ = p.Result(s)
		}
		return nil
	}
	for _, m := range want {
		if err := build(m); err != nil {
			return nil, err
		}
	}
	return out, nil
}
