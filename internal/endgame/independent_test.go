package endgame_test

// An independent solver: a plain forward fixed point over the explicit graph
// of positions, written apart from the retrograde analysis and its index.
// It shares only the rules engine's move generator (LegalMoves and Play,
// which the perft tests prove), and decides a position from its successors
// round by round: in round k a position is won in k plies when a move leads
// to a position lost in k-1, lost in k plies when every move leads to a
// position won in fewer; what no round decides is a draw.

import (
	"math/rand/v2"
	"testing"

	"postald/internal/endgame"
	"postald/internal/rules"
)

type node struct {
	succ     []int32
	terminal bool
	decided  bool
	win      bool
	plies    int
}

type graph struct {
	v     *rules.Variant
	ids   map[rules.Bits]int32
	pos   []rules.Bits
	nodes []node
	// known gives the value of positions outside the graph (fewer pieces).
	known func(p *rules.Position) (win bool, plies int, decided bool, ok bool)
	limit int // pieces of the positions the graph holds; fewer are known
	ext   []rules.Bits
}

func (g *graph) add(p rules.Position) int32 {
	k := p.Bits()
	if id, ok := g.ids[k]; ok {
		return id
	}
	id := int32(len(g.nodes))
	g.ids[k] = id
	g.pos = append(g.pos, k)
	g.nodes = append(g.nodes, node{})
	return id
}

func pieces(p *rules.Position) int {
	return len(p.Squares(rules.White)) + len(p.Squares(rules.Black))
}

// expand adds every position reachable from the graph's positions that has
// as many pieces as the limit; positions with fewer must be known.
func (g *graph) expand() {
	var buf []rules.Move
	for i := 0; i < len(g.nodes); i++ {
		p, _ := g.v.FromBits(g.pos[i])
		if p.Outcome() != rules.Ongoing {
			g.nodes[i].terminal = true
			continue
		}
		buf = p.LegalMoves(buf)
		var succ []int32
		for _, m := range buf {
			q := p.Play(m)
			if pieces(&q) < g.limit && q.Outcome() == rules.Ongoing {
				succ = append(succ, -1-g.external(q))
				continue
			}
			succ = append(succ, g.add(q))
		}
		g.nodes[i].succ = succ
	}
}

// external returns the negative id of a position with fewer pieces.
func (g *graph) external(q rules.Position) int32 {
	g.ext = append(g.ext, q.Bits())
	return int32(len(g.ext) - 1)
}

func (g *graph) solve() {
	for i := range g.nodes {
		if g.nodes[i].terminal {
			// 1.12: the side to move with no piece or no move has lost (won in giveaway).
			g.nodes[i] = node{terminal: true, decided: true, win: g.v.Giveaway(), plies: 0}
		}
	}
	value := func(id int32) (bool, int, bool) {
		if id >= 0 {
			n := &g.nodes[id]
			return n.win, n.plies, n.decided
		}
		q, _ := g.v.FromBits(g.ext[-1-id])
		win, plies, decided, ok := g.known(&q)
		if !ok {
			panic("position outside the graph not known")
		}
		return win, plies, decided
	}
	for k := 1; ; k++ {
		var now []int
		var wins []bool
		for i := range g.nodes {
			n := &g.nodes[i]
			if n.decided {
				continue
			}
			all, longest := true, -1
			won := false
			for _, s := range n.succ {
				win, plies, decided := value(s)
				switch {
				case decided && !win && plies == k-1:
					won = true
				case decided && win && plies < k:
					longest = max(longest, plies)
				default:
					all = false
				}
			}
			if won {
				now, wins = append(now, i), append(wins, true)
			} else if all && longest == k-1 {
				now, wins = append(now, i), append(wins, false)
			}
		}
		if len(now) == 0 {
			return
		}
		for j, i := range now {
			g.nodes[i] = node{succ: g.nodes[i].succ, decided: true, win: wins[j], plies: k}
		}
	}
}

func (g *graph) value(p *rules.Position) (endgame.Value, bool) {
	id, ok := g.ids[p.Bits()]
	if !ok {
		return endgame.Value{}, false
	}
	n := &g.nodes[id]
	if !n.decided {
		return endgame.Value{Verdict: endgame.Draw}, true
	}
	if n.win {
		return endgame.Value{Verdict: endgame.Win, Plies: n.plies}, true
	}
	return endgame.Value{Verdict: endgame.Loss, Plies: n.plies}, true
}

// place puts pieces on an empty board: each piece a colour, a rank and a
// square. It reports false when a man stands on its promotion row or two
// pieces on one square.
func place(v *rules.Variant, side rules.Color, pcs []rules.Piece, squares []rules.Square) (rules.Position, bool) {
	p := v.Empty()
	p.SetSideToMove(side)
	size := v.BoardSize()
	for i, pc := range pcs {
		sq := squares[i]
		if _, taken := p.PieceAt(sq); taken {
			return p, false
		}
		_, row := v.Coords(sq)
		if !pc.King && (pc.Color == rules.White && row == size-1 || pc.Color == rules.Black && row == 0) {
			return p, false
		}
		t, _ := rules.TowerOf(pc)
		p.SetTower(sq, t)
	}
	return p, true
}

// allPositions calls f with every position of n pieces with both sides on the board.
func allPositions(v *rules.Variant, n int, f func(rules.Position)) {
	kinds := []rules.Piece{{Color: rules.White}, {Color: rules.White, King: true}, {Color: rules.Black}, {Color: rules.Black, King: true}}
	sq := make([]rules.Square, n)
	pcs := make([]rules.Piece, n)
	var rec func(i int, from int)
	rec = func(i, from int) {
		if i == n {
			var colours [2]bool
			for _, pc := range pcs {
				colours[pc.Color] = true
			}
			if !colours[0] || !colours[1] {
				return
			}
			// Pieces of the same kind in increasing square order only: each set once.
			for j := 1; j < n; j++ {
				if pcs[j] == pcs[j-1] && sq[j] < sq[j-1] {
					return
				}
			}
			for _, s := range []rules.Color{rules.White, rules.Black} {
				if p, ok := place(v, s, pcs, sq); ok {
					f(p)
				}
			}
			return
		}
		for k := from; k < len(kinds); k++ {
			pcs[i] = kinds[k]
			for s := 0; s < v.NumSquares(); s++ {
				sq[i] = rules.Square(s)
				rec(i+1, k)
			}
		}
	}
	rec(0, 0)
}

// solveTwo solves every position of two pieces.
func solveTwo(v *rules.Variant) *graph {
	two := &graph{v: v, ids: map[rules.Bits]int32{}, limit: 2}
	allPositions(v, 2, func(p rules.Position) { two.add(p) })
	two.known = func(p *rules.Position) (bool, int, bool, bool) { return false, 0, false, false }
	two.expand()
	two.solve()
	return two
}

// solveUpTo3 solves every position of 2 and 3 pieces.
func solveUpTo3(t *testing.T, v *rules.Variant) (two, three *graph) {
	t.Helper()
	two = solveTwo(v)
	three = &graph{v: v, ids: map[rules.Bits]int32{}, limit: 3}
	allPositions(v, 3, func(p rules.Position) { three.add(p) })
	three.known = fromGraph(two)
	three.expand()
	three.solve()
	return two, three
}

func fromGraph(g *graph) func(p *rules.Position) (bool, int, bool, bool) {
	return func(p *rules.Position) (bool, int, bool, bool) {
		v, ok := g.value(p)
		return v.Verdict == endgame.Win, v.Plies, v.Verdict != endgame.Draw, ok
	}
}

// dbValue looks a position up in tables built in memory.
func dbValue(t *testing.T, sp *endgame.Space, tabs map[endgame.Material]*endgame.Table, p *rules.Position) endgame.Value {
	t.Helper()
	m, i, ok := sp.Locate(p)
	if !ok {
		t.Fatalf("%s: not in the database", p.FEN())
	}
	tb := tabs[m]
	if tb == nil {
		t.Fatalf("%s: no table of %v", p.FEN(), m)
	}
	return tb.Value(i)
}

// compare checks every position of g with both sides on the board.
func compare(t *testing.T, g *graph, sp *endgame.Space, tabs map[endgame.Material]*endgame.Table) int {
	t.Helper()
	n, bad := 0, 0
	for i, b := range g.pos {
		if b.Occ[0] == 0 || b.Occ[1] == 0 {
			continue
		}
		p, _ := g.v.FromBits(b)
		want, _ := g.value(&p)
		got := dbValue(t, sp, tabs, &p)
		n++
		if got != want {
			bad++
			if bad <= 10 {
				t.Errorf("%s %s: database %v %d plies, independent solver %v %d plies", g.v.ID(), p.FEN(), got.Verdict, got.Plies, want.Verdict, want.Plies)
			}
		}
		_ = i
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d positions disagree", g.v.ID(), bad, n)
	}
	return n
}

// TestIndependentUpTo3 solves every position of two and three pieces with
// the independent solver and compares each with the database.
func TestIndependentUpTo3(t *testing.T) {
	for _, id := range []string{"russian", "international", "russian-giveaway"} {
		if (testing.Short() || raceDetector) && id != "russian" {
			continue // a million and a half positions more: only outside -short and the race detector
		}
		v, _ := rules.VariantByID(id)
		sp, err := endgame.NewSpace(v)
		if err != nil {
			t.Fatal(err)
		}
		pieces := 3
		if raceDetector {
			pieces = 2
		}
		tabs, err := sp.BuildInMemory(pieces)
		if err != nil {
			t.Fatal(err)
		}
		if raceDetector {
			// Under the race detector the graph solver is too slow for three pieces: two.
			n := compare(t, solveTwo(v), sp, tabs)
			t.Logf("%s: %d positions of two pieces agree", id, n)
			continue
		}
		two, three := solveUpTo3(t, v)
		n := compare(t, two, sp, tabs) + compare(t, three, sp, tabs)
		t.Logf("%s: %d positions of two and three pieces agree", id, n)
	}
}

// randomPosition places the pieces of material m (side to move's men and
// kings, then its opponent's) on random squares, side to move at random.
func randomPosition(v *rules.Variant, r *rand.Rand, m endgame.Material) rules.Position {
	for {
		side := rules.Color(r.IntN(2))
		var pcs []rules.Piece
		add := func(c rules.Color, king bool, n int8) {
			for range n {
				pcs = append(pcs, rules.Piece{Color: c, King: king})
			}
		}
		add(side, false, m.UsMen)
		add(side, true, m.UsKings)
		add(side.Opponent(), false, m.ThemMen)
		add(side.Opponent(), true, m.ThemKings)
		sq := make([]rules.Square, len(pcs))
		for i := range sq {
			sq[i] = rules.Square(r.IntN(v.NumSquares()))
		}
		if p, ok := place(v, side, pcs, sq); ok && p.Outcome() == rules.Ongoing {
			return p
		}
	}
}

// TestIndependentRandom4 draws random positions of four pieces, two
// thousand of three kings against a king (Petrov's triangle's material) and
// two thousand of a man against three kings, either side to move, and
// solves them with the independent solver: the graph of every position they
// lead to with four pieces (about half a million), the positions of fewer
// pieces they capture into valued by the independent solution of those.
func TestIndependentRandom4(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("solves half a million positions twice: not under -short or the race detector")
	}
	v, _ := rules.VariantByID("russian")
	sp, _ := endgame.NewSpace(v)
	var mats []endgame.Material
	for _, name := range []string{"0m3k-0m1k", "1m0k-0m3k"} {
		m, _ := endgame.ParseMaterial(name)
		mats = append(mats, m)
	}
	tabs, err := sp.BuildMaterials(mats)
	if err != nil {
		t.Fatal(err)
	}
	two, three := solveUpTo3(t, v)
	r := rand.New(rand.NewPCG(35, 4))
	known2, known3 := fromGraph(two), fromGraph(three)
	known := func(p *rules.Position) (bool, int, bool, bool) {
		if pieces(p) == 2 {
			return known2(p)
		}
		return known3(p)
	}
	g := &graph{v: v, ids: map[rules.Bits]int32{}, limit: 4, known: known}
	var sample []rules.Position
	for _, m := range mats {
		for range 2000 {
			p := randomPosition(v, r, m)
			sample = append(sample, p)
			g.add(p)
		}
	}
	g.expand()
	g.solve()
	t.Logf("%d random positions, a graph of %d positions", len(sample), len(g.nodes))
	bad := 0
	for _, p := range sample {
		want, _ := g.value(&p)
		if got := dbValue(t, sp, tabs, &p); got != want {
			bad++
			if bad <= 10 {
				t.Errorf("%s: database %v %d plies, independent solver %v %d plies", p.FEN(), got.Verdict, got.Plies, want.Verdict, want.Plies)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions disagree", bad, len(sample))
	}
}
