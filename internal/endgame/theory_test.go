package endgame_test

// Known theory, each with its positions and its published source.

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// kingsPosition places White's kings on ws and Black's on bs, side to move given.
func kingsPosition(v *rules.Variant, side rules.Color, ws, bs []rules.Square) rules.Position {
	p := v.Empty()
	p.SetSideToMove(side)
	for _, group := range []struct {
		c  rules.Color
		sq []rules.Square
	}{{rules.White, ws}, {rules.Black, bs}} {
		for _, s := range group.sq {
			t, _ := rules.TowerOf(rules.Piece{Color: group.c, King: true})
			p.SetTower(s, t)
		}
	}
	return p
}

// canCapture reports whether the side given could capture in p if it were to move.
func canCapture(p rules.Position, side rules.Color) bool {
	p.SetSideToMove(side)
	for _, m := range p.LegalMoves(nil) {
		if m.IsCapture() {
			return true
		}
	}
	return false
}

// forcesCapture reports whether after m the opponent's every move is a capture (a sacrifice).
func forcesCapture(p *rules.Position, m rules.Move) bool {
	q := p.Play(m)
	moves := q.LegalMoves(nil)
	for _, r := range moves {
		if !r.IsCapture() {
			return false
		}
	}
	return len(moves) > 0
}

func russianTables(t *testing.T, names ...string) (*rules.Variant, *endgame.Space, endgame.Tables) {
	t.Helper()
	return tablesOf(t, "russian", names...)
}

// built holds the tables the tests built, by variant and materials: each set is built once.
var built sync.Map // string → func() builtSet

type builtSet struct {
	sp   *endgame.Space
	tabs endgame.Tables
	err  error
}

// tablesOf returns the tables of the given materials of variant id and of what they depend on.
func tablesOf(t *testing.T, id string, names ...string) (*rules.Variant, *endgame.Space, endgame.Tables) {
	t.Helper()
	v, _ := rules.VariantByID(id)
	f, _ := built.LoadOrStore(id+" "+strings.Join(names, " "), sync.OnceValue(func() builtSet {
		sp, err := endgame.NewSpace(v)
		if err != nil {
			return builtSet{err: err}
		}
		var ms []endgame.Material
		for _, n := range names {
			m, err := endgame.ParseMaterial(n)
			if err != nil {
				return builtSet{err: err}
			}
			ms = append(ms, m)
		}
		tabs, err := sp.BuildMaterials(ms)
		return builtSet{sp, endgame.Tables(tabs), err}
	}))
	b := f.(func() builtSet)()
	if b.err != nil {
		t.Fatal(b.err)
	}
	return v, b.sp, b.tabs
}

// mainRoad returns the squares of a1–h8 (the «большая дорога»).
func mainRoad(v *rules.Variant) map[rules.Square]bool {
	out := map[rules.Square]bool{}
	for f := 0; f < v.BoardSize(); f++ {
		out[v.SquareAt(f, f)] = true
	}
	return out
}

// TestPetrovTriangle: in Russian draughts three kings that hold the main road catch a lone king
// off it no later than the thirteenth move. Sources: A. D. Petrov, «Руководство к основательному
// познанию шашечной игры» (1827), whose position is White kings a1, c1, e1 against a black king
// on f8; «Треугольник Петрова» in the Russian Wikipedia: «Этот способ позволяет поймать одинокую
// дамку не позже тринадцатого хода». Checked on every such position: White to move, a white
// king on a1–h8, the black king off it and none of White's kings en prise (Black to move would
// have no capture) — every one is a win, and the longest takes exactly 13 moves.
func TestPetrovTriangle(t *testing.T) {
	v, sp, src := russianTables(t, "0m3k-0m1k")
	road := mainRoad(v)
	n, longest := 0, 0
	var worst string
	for a := 0; a < 32; a++ {
		for b := a + 1; b < 32; b++ {
			for c := b + 1; c < 32; c++ {
				ws := []rules.Square{rules.Square(a), rules.Square(b), rules.Square(c)}
				if !road[ws[0]] && !road[ws[1]] && !road[ws[2]] {
					continue
				}
				for k := rules.Square(0); k < 32; k++ {
					if road[k] || k == ws[0] || k == ws[1] || k == ws[2] {
						continue
					}
					p := kingsPosition(v, rules.White, ws, []rules.Square{k})
					if canCapture(p, rules.Black) {
						continue
					}
					val, err := sp.Probe(src, &p)
					if err != nil {
						t.Fatal(err)
					}
					n++
					if val.Verdict != endgame.Win {
						t.Fatalf("%s: %v, want a win", p.FEN(), val.Verdict)
					}
					if val.Moves() > longest {
						longest, worst = val.Moves(), p.FEN()
					}
				}
			}
		}
	}
	if longest != 13 {
		t.Errorf("the longest win takes %d moves (%s), want 13", longest, worst)
	}
	petrov, _ := rules.ParseFEN(v, "W:WKa1,Kc1,Ke1:BKf8")
	if val, _ := sp.Probe(src, &petrov); val.Verdict != endgame.Win || val.Moves() > 13 {
		t.Errorf("Petrov's position: %v in %d moves", val.Verdict, val.Moves())
	}
	t.Logf("%d positions, all won, the longest in %d moves: %s", n, longest, worst)
}

// TestLoneKingOnMainRoad: a lone king holding the main road draws against three kings, except
// where a sacrifice catches it (the same sources: the method needs the main road). Checked on
// every position with the black king on a1–h8, no white king on it, no king of either side en
// prise, White to move: each is a draw, or a win whose winning move is a sacrifice (after it
// Black's every move is a capture).
func TestLoneKingOnMainRoad(t *testing.T) {
	v, sp, src := russianTables(t, "0m3k-0m1k")
	road := mainRoad(v)
	draws, sacrifices := 0, 0
	for a := 0; a < 32; a++ {
		for b := a + 1; b < 32; b++ {
			for c := b + 1; c < 32; c++ {
				ws := []rules.Square{rules.Square(a), rules.Square(b), rules.Square(c)}
				if road[ws[0]] || road[ws[1]] || road[ws[2]] {
					continue
				}
				for k := range road {
					p := kingsPosition(v, rules.White, ws, []rules.Square{k})
					if canCapture(p, rules.Black) || canCapture(p, rules.White) {
						continue
					}
					val, _ := sp.Probe(src, &p)
					if val.Verdict == endgame.Draw {
						draws++
						continue
					}
					m, ok, err := sp.Best(src, &p, val, nil)
					if err != nil || !ok || val.Verdict != endgame.Win {
						t.Fatalf("%s: %v", p.FEN(), val)
					}
					found := false
					for _, w := range p.LegalMoves(nil) {
						q := p.Play(w)
						if after, _ := sp.Probe(src, &q); after.Verdict == endgame.Loss && forcesCapture(&p, w) {
							found = true
						}
					}
					if !found {
						t.Errorf("%s: won (%s) without a sacrifice", p.FEN(), rules.FormatMove(&p, m))
					}
					sacrifices++
				}
			}
		}
	}
	if draws == 0 || sacrifices == 0 {
		t.Errorf("%d draws, %d sacrifices", draws, sacrifices)
	}
	t.Logf("%d draws, %d positions won by a sacrifice", draws, sacrifices)
}

// TestKingAgainstKing: one king against one king is a draw, except for an immediate capture and
// the corner trap on the main road: with both kings on a1–h8 and the lone one in a corner, the
// side to move takes the other corner and the cornered king must step along the road into
// capture. Source: the same literature (the corner trap is the «ловушка в углу большой дороги»);
// the side to move standing in a corner against the other corner is itself caught.
func TestKingAgainstKing(t *testing.T) {
	v, sp, src := russianTables(t, "0m3k-0m1k")
	road := mainRoad(v)
	a1, h8 := v.SquareAt(0, 0), v.SquareAt(7, 7)
	for w := rules.Square(0); w < 32; w++ {
		for b := rules.Square(0); b < 32; b++ {
			if w == b {
				continue
			}
			p := kingsPosition(v, rules.White, []rules.Square{w}, []rules.Square{b})
			val, _ := sp.Probe(src, &p)
			capture := canCapture(p, rules.White)
			corner := (b == a1 || b == h8) && road[w]
			want := endgame.Draw
			switch {
			case capture:
				want = endgame.Win
			case corner && (w == a1 || w == h8):
				want = endgame.Loss // both in the corners: the side to move must step out first
			case corner:
				want = endgame.Win
			}
			if val.Verdict != want {
				t.Errorf("%s: %v, want %v", p.FEN(), val.Verdict, want)
			}
		}
	}
}

// TestInternationalLongDiagonal: in international draughts a lone king holding the long
// diagonal (46–5) draws against three kings except to a sacrifice. Source: FMJD, «The endgame»
// (course S5, chapter 3, "three kings against one, which usually is a draw; you have to know some
// exceptions"); the classical position with White's kings on 13, 16 and 27: with White to move
// the lone king draws on 41, 37, 28 and 23 (and in the corner, 46); on 32 and 19 it is taken at
// once, on 14, 10 and 5 a sacrifice (13-19) catches it.
func TestInternationalLongDiagonal(t *testing.T) {
	if raceDetector {
		t.Skip("builds two million positions: not under the race detector")
	}
	v, sp, src := tablesOf(t, "international", "0m3k-0m1k")
	for _, c := range []struct {
		square    int
		want      endgame.Verdict
		sacrifice bool
	}{
		{46, endgame.Draw, false}, {41, endgame.Draw, false}, {37, endgame.Draw, false}, {28, endgame.Draw, false},
		{23, endgame.Draw, false}, {32, endgame.Win, false}, {19, endgame.Win, false},
		{14, endgame.Win, true}, {10, endgame.Win, true}, {5, endgame.Win, true},
	} {
		p, err := rules.ParseFEN(v, fmt.Sprintf("W:WK13,K16,K27:BK%d", c.square))
		if err != nil {
			t.Fatal(err)
		}
		val, _ := sp.Probe(src, &p)
		if val.Verdict != c.want {
			t.Errorf("black king on %d: %v, want %v", c.square, val.Verdict, c.want)
			continue
		}
		if val.Verdict != endgame.Win {
			continue
		}
		m, _, _ := sp.Best(src, &p, val, nil)
		switch {
		case c.sacrifice && !forcesCapture(&p, m):
			t.Errorf("black king on %d: won by %s, not a sacrifice", c.square, rules.FormatMove(&p, m))
		case !c.sacrifice && !m.IsCapture():
			t.Errorf("black king on %d: won by %s, not taken at once", c.square, rules.FormatMove(&p, m))
		}
	}
}
