package diagram

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"path/filepath"
	"testing"

	"postald/internal/golden"
	"postald/internal/rules"
)

// goldenCase is a position of one variant family drawn after its last move: before
// is the position the move is played in, move its text in the variant's notation.
type goldenCase struct {
	name    string
	variant string
	before  string
	move    string
	width   int
}

// goldens hold men, kings, towers of heights 1, 2, 3 and 6 or more, kings
// inside towers, a capture path and a quiet move, and both sides to move.
var goldens = []goldenCase{
	// a two-piece capture by a man; kings of both colours
	{"russian", "russian", "W:Wc3,e1,a1,Kh2:Bd4,f6,b8,d8,Ka7,Kf2", "c3:g7", 0},
	// the numbers on the board; a flying king's capture; White to move after it
	{"international", "international", "B:W31,32,33,34,35,K48,45:B1,2,3,12,13,K25", "25:26", 0},
	// towers of 1, 2, 3 and 7 pieces, a black king inside a white tower, a
	// capture that builds a tower and leaves the jumped one with a new top
	{"column", "column", "W:Wc3(wb),e1(wBw),a1,g1(Wb):Bd4(bw),d8(bwwbbWb),f8(Bww),b8", "c3:e5", 0},
	{"lasca", "lasca", "W:Wc3(wb),e1(wBw),a1,g1(Wbb):Bd4(bw),d6(bwwbbwb),f6(Bww),b6", "c3:g7", 0},
	// towers of every height to four, of five (the first with a badge) and
	// of nine with kings hidden in it; a quiet move; Black to move after it
	{"column-heights", "column", "W:Wa1,c1(wb),e1(wBw),g1(WbbB),b4(wbwbw):Bd8(bbwwBwbwB)", "a1-b2", 0},
	// the smallest picture, and a larger one
	{"lasca-smallest", "lasca", "W:Wc3(wb),e1(wBw),a1,g1(Wbb):Bd4(bw),d6(bwwbbwb),f6(Bww),b6", "c3:g7", MinWidth},
	{"international-large", "international", "B:W31,32,33,34,35,K48,45:B1,2,3,12,13,K25", "25:26", 800},
}

// played returns the position after g's move and the move.
func (g goldenCase) played(t testing.TB) (rules.Position, *rules.Move) {
	t.Helper()
	v, err := rules.VariantByID(g.variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(v, g.before)
	if err != nil {
		t.Fatal(err)
	}
	var m rules.Move
	if g.move == "" {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			t.Fatalf("%s: no legal move", g.name)
		}
		m = moves[0]
	} else if m, err = rules.ParseMove(&p, g.move); err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	return p.Play(m), &m
}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			p, m := g.played(t)
			got, err := PNG(p, Options{Last: m, Width: g.width})
			if err != nil {
				t.Fatal(err)
			}
			golden.Bytes(t, filepath.Join("testdata", g.name+".png"), got, "the picture "+g.name+" (look at both)")
		})
	}
}

// mustPNG draws the position fen of variant id.
func mustPNG(t testing.TB, id, fen string, opt Options) []byte {
	t.Helper()
	v, err := rules.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PNG(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEveryVariant draws the start of every variant at several widths: the
// PNG decodes and has the width asked for (kept within MinWidth, MaxWidth).
func TestEveryVariant(t *testing.T) {
	widths := []struct{ ask, want int }{{0, DefaultWidth}, {200, 200}, {401, 401}, {777, 777}, {10, MinWidth}, {99999, MaxWidth}}
	for i, v := range rules.Variants() {
		for _, w := range widths {
			if i > 0 && (w.ask < MinWidth || w.ask > MaxWidth) {
				continue // the bounds once are enough: a large picture takes a while
			}
			b, err := PNG(v.Start(), Options{Width: w.ask})
			if err != nil {
				t.Fatalf("%s width %d: %v", v, w.ask, err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s width %d: the PNG does not decode: %v", v, w.ask, err)
			}
			if got := img.Bounds().Dx(); got != w.want {
				t.Errorf("%s width %d: picture %d pixels wide, want %d", v, w.ask, got, w.want)
			}
			if h := img.Bounds().Dy(); h < w.want*3/4 || h > w.want {
				t.Errorf("%s width %d: picture %d pixels high", v, w.ask, h)
			}
			if d := Draw(v.Start(), Options{Width: w.ask}); d.Bounds() != img.Bounds() {
				t.Errorf("%s width %d: Draw gives %v, PNG %v", v, w.ask, d.Bounds(), img.Bounds())
			}
		}
	}
}

// TestDifferent: positions a player must tell apart give different pictures,
// and one position gives the same bytes every time.
func TestDifferent(t *testing.T) {
	pairs := []struct {
		name, variant, a, b string
	}{
		{"a man moved", "russian", "W:Wc3,e3:Bf6", "W:Wd4,e3:Bf6"},
		{"a man or a king", "russian", "W:Wc3,e3:Bf6", "W:WKc3,e3:Bf6"},
		{"a man or a king, 10×10", "international", "W:W32,33:B18", "W:WK32,33:B18"},
		{"the side to move", "international", "W:W32,33:B18", "B:W32,33:B18"},
		{"a tower's order swapped", "column", "W:Wc3(wbwb):Bf6", "W:Wc3(wwbb):Bf6"},
		{"a tower's top piece", "column", "W:Wc3(wb):Bf6", "B:Wf6:Bc3(bw)"},
		{"a king inside a tower", "column", "W:Wc3(wbw):Bf6", "W:Wc3(wBw):Bf6"},
		{"a king on top of a tower", "lasca", "W:Wc3(wb):Bf6", "W:Wc3(Wb):Bf6"},
		{"a tall tower's order swapped", "lasca", "W:Wf6:Bc3(bwwbbwb)", "W:Wf6:Bc3(bwbwbwb)"},
		{"a king hidden in a tall tower", "lasca", "W:Wf6:Bc3(bwwbbwb)", "W:Wf6:Bc3(bwwbbWb)"},
		{"a tall tower's height", "lasca", "W:Wc3(wbwbwb):Bf6", "W:Wc3(wbwbwbw):Bf6"},
	}
	for _, tc := range pairs {
		t.Run(tc.name, func(t *testing.T) {
			a1 := mustPNG(t, tc.variant, tc.a, Options{})
			a2 := mustPNG(t, tc.variant, tc.a, Options{})
			b := mustPNG(t, tc.variant, tc.b, Options{})
			if !bytes.Equal(a1, a2) {
				t.Errorf("%s drawn twice gives two pictures", tc.a)
			}
			if bytes.Equal(a1, b) {
				t.Errorf("%s and %s give the same picture", tc.a, tc.b)
			}
		})
	}
	// The last move is marked: with and without it differ.
	g := goldens[0]
	p, m := g.played(t)
	with, err := PNG(p, Options{Last: m})
	if err != nil {
		t.Fatal(err)
	}
	without, err := PNG(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(with, without) {
		t.Error("the last move is not marked")
	}
}

// TestConcurrent draws from several goroutines at once (run with -race),
// some at widths enough to push kits out of the cache while others draw
// from them: the shared font and kits and the package's state must stand it.
func TestConcurrent(t *testing.T) {
	type drawn struct {
		p   rules.Position
		opt Options
	}
	ds := make([]drawn, len(goldens))
	want := make([][]byte, len(goldens))
	for i, g := range goldens {
		p, m := g.played(t)
		ds[i] = drawn{p, Options{Last: m, Width: g.width}}
		b, err := PNG(p, ds[i].opt)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	done := make(chan error, 8)
	for w := 0; w < 8; w++ {
		go func() {
			if w%4 == 3 {
				for i := range maxKits + 4 {
					if _, err := PNG(ds[i%len(ds)].p, Options{Width: MinWidth + 40 + w + i}); err != nil {
						done <- err
						return
					}
				}
			}
			for i, d := range ds {
				b, err := PNG(d.p, d.opt)
				if err == nil && !bytes.Equal(b, want[i]) {
					err = fmt.Errorf("%s: another picture when drawn concurrently", goldens[i].name)
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for w := 0; w < 8; w++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestPNGIsDraw: the PNG decodes to the picture Draw returns, pixel for pixel.
func TestPNGIsDraw(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			p, m := g.played(t)
			opt := Options{Last: m, Width: g.width}
			b, err := PNG(p, opt)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			d := Draw(p, opt)
			if d.Bounds() != img.Bounds() {
				t.Fatalf("Draw gives %v, PNG %v", d.Bounds(), img.Bounds())
			}
			r := d.Bounds()
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if a, b := color.RGBAModel.Convert(d.At(x, y)), color.RGBAModel.Convert(img.At(x, y)); a != b {
						t.Fatalf("pixel (%d, %d): Draw %v, PNG %v", x, y, a, b)
					}
				}
			}
		})
	}
}

// TestSmallerThanImagePNG: every letter carries a picture and the store
// keeps every letter, so the encoder must write the diagrams no larger than
// image/png does at its best speed (what postald used before).
func TestSmallerThanImagePNG(t *testing.T) {
	type pos struct {
		name string
		p    rules.Position
		opt  Options
	}
	var ps []pos
	for _, g := range goldens {
		p, m := g.played(t)
		ps = append(ps, pos{g.name, p, Options{Last: m, Width: g.width}})
	}
	for _, v := range rules.Variants() {
		ps = append(ps, pos{v.ID() + " start", v.Start(), Options{}})
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	for _, tc := range ps {
		ours, err := PNG(tc.p, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		var theirs bytes.Buffer
		if err := enc.Encode(&theirs, Draw(tc.p, tc.opt)); err != nil {
			t.Fatal(err)
		}
		if len(ours) > theirs.Len() {
			t.Errorf("%s: %d bytes, image/png %d", tc.name, len(ours), theirs.Len())
		}
		t.Logf("%s: %d bytes, image/png at its best speed %d", tc.name, len(ours), theirs.Len())
	}
}

// TestHostileMoves draws every variant's start with the moves of every
// variant as its last move: squares that are not the board's are left out,
// and the picture is drawn.
func TestHostileMoves(t *testing.T) {
	var moves []rules.Move
	for _, g := range goldens[:4] {
		_, m := g.played(t)
		moves = append(moves, *m)
	}
	for _, v := range rules.Variants() {
		start := v.Start()
		moves = append(moves, start.LegalMoves(nil)...)
	}
	moves = append(moves, rules.Move{})
	for _, v := range rules.Variants() {
		for i := range moves {
			b, err := PNG(v.Start(), Options{Last: &moves[i]})
			if err != nil {
				t.Fatalf("%s with move %d: %v", v, i, err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Fatalf("%s with move %d: the PNG does not decode: %v", v, i, err)
			}
			_ = Draw(v.Start(), Options{Last: &moves[i]})
		}
	}
}

// TestKits: a picture is the same whether its kit is kept, made again after
// others pushed it out, or made for it alone (the widest pictures).
func TestKits(t *testing.T) {
	g := goldens[2]
	p, m := g.played(t)
	for _, w := range []int{DefaultWidth, maxKeptWidth + 1} {
		first, err := PNG(p, Options{Last: m, Width: w})
		if err != nil {
			t.Fatal(err)
		}
		for i := range maxKits + 2 { // more kits than are kept
			if _, err := PNG(p, Options{Width: MinWidth + i}); err != nil {
				t.Fatal(err)
			}
		}
		again, err := PNG(p, Options{Last: m, Width: w})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Errorf("width %d: another picture once the kit was made again", w)
		}
	}
	kits.mu.Lock()
	n := len(kits.m)
	kits.mu.Unlock()
	if n > maxKits {
		t.Errorf("%d kits kept, at most %d", n, maxKits)
	}
}

func TestZeroPosition(t *testing.T) {
	if _, err := PNG(rules.Position{}, Options{}); err == nil {
		t.Error("PNG of the zero Position gives no error")
	}
}

func BenchmarkPNG(b *testing.B) {
	for _, bc := range []struct{ name, golden string }{
		{"8x8", "russian"}, {"10x10", "international"}, {"8x8-towers", "column"}, {"7x7-towers", "lasca"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var g goldenCase
			for _, x := range goldens {
				if x.name == bc.golden {
					g = x
				}
			}
			p, m := g.played(b)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := PNG(p, Options{Last: m}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkKit measures what the first picture of a variant at a width
// costs more than the next ones: its kit made.
func BenchmarkKit(b *testing.B) {
	for _, id := range []string{"russian", "international", "column", "lasca"} {
		b.Run(id, func(b *testing.B) {
			v, err := rules.VariantByID(id)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := newKit(v, DefaultWidth); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzDraw: any position the rules read, with any of its legal moves or a
// move of another board as the last move, at any width, is drawn, and its
// PNG decodes to a picture of that width.
func FuzzDraw(f *testing.F) {
	for _, g := range goldens {
		f.Add(g.variant, g.before, uint8(0), uint16(g.width))
	}
	f.Add("lasca", "B:W1,2(wbwbwbwbwbwbwbwbwbwb):B25", uint8(3), uint16(131))
	f.Fuzz(func(t *testing.T, id, fen string, move uint8, width uint16) {
		v, err := rules.VariantByID(id)
		if err != nil {
			return
		}
		p, err := rules.ParseFEN(v, fen)
		if err != nil {
			return
		}
		// a few widths only: every new width makes a kit
		opt := Options{Width: []int{0, MinWidth, 333, 480}[width%4]}
		own := p.LegalMoves(nil)
		other := rules.Variants()[int(move)%len(rules.Variants())].Start()
		moves := append(own, other.LegalMoves(nil)...)
		i := int(move) % len(moves)
		m, q := moves[i], p
		if i < len(own) {
			q = p.Play(m)
		}
		opt.Last = &m
		b, err := PNG(q, opt)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("the PNG does not decode: %v", err)
		}
		if want := keptWidth(opt.Width); cfg.Width != want {
			t.Errorf("%d pixels wide, want %d", cfg.Width, want)
		}
	})
}
