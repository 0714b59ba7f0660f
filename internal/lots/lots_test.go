package lots

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestVectors recomputes the vectors testdata/recipe.py wrote with Python's hmac and hashlib —
// the recipe an arbiter follows — and requires the same hashes, choices and orders: the draw is
// the documented function of the seed, not merely one of Go's. The vectors include choices among
// about a third of 2^64, where a third of the blocks are skipped: the test also checks that
// skips happened, so that the rule against modulo bias is exercised.
func TestVectors(t *testing.T) {
	f, err := os.Open("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var hashes, choices, orders, skipped int
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		seed, err := ParseSeed(fs[1])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		switch fs[0] {
		case "hash":
			hashes++
			if got := seed.Hash().String(); got != fs[2] {
				t.Errorf("line %d: hash of %s = %s, want %s", n, fs[1], got, fs[2])
			}
		case "choices":
			d := seed.Draw(fs[2])
			pairs := strings.Fields(fs[3])
			for _, p := range pairs {
				a, b, _ := strings.Cut(p, "=")
				among, err1 := strconv.Atoi(a)
				want, err2 := strconv.Atoi(b)
				if err1 != nil || err2 != nil {
					t.Fatalf("line %d: %q", n, p)
				}
				if got := d.Choice(among); got != want {
					t.Errorf("line %d: %s, label %q: choice among %d = %d, want %d", n, fs[1], fs[2], among, got, want)
				}
				choices++
			}
			skipped += int(d.Blocks()) - len(pairs)
		case "order":
			size, _ := strconv.Atoi(fs[3])
			var want []int
			for _, s := range strings.Split(fs[4], ",") {
				v, _ := strconv.Atoi(s)
				want = append(want, v)
			}
			if diff := cmp.Diff(want, seed.Order(fs[2], size)); diff != "" {
				t.Errorf("line %d: order of %d (-python +go):\n%s", n, size, diff)
			}
			orders++
		default:
			t.Fatalf("line %d: %q", n, fs[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if hashes < 4 || choices < 100 || orders < 16 {
		t.Errorf("%d hashes, %d choices, %d orders: the vectors file is cut short", hashes, choices, orders)
	}
	if skipped == 0 {
		t.Error("no block was skipped in the vectors: the rule against modulo bias is not exercised")
	}
}

// TestRecipeIsDocumented holds the recipe to its texts: the Python of testdata/recipe.py, which
// computed the vectors, is the Python of the package documentation and of docs/director.md,
// line for line. When python3 is installed it also runs the recipe on a fresh seed and
// compares it with Go's draws.
func TestRecipeIsDocumented(t *testing.T) {
	recipe, err := os.ReadFile("testdata/recipe.py")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSpace(string(recipe))
	src, err := os.ReadFile("lots.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	in := false
	for _, l := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(l, "//\timport hashlib"):
			in = true
		case in && !strings.HasPrefix(l, "//\t") && l != "//":
			in = false
		}
		if in {
			doc = append(doc, strings.TrimPrefix(strings.TrimPrefix(l, "//"), "\t"))
		}
	}
	if got := strings.TrimSpace(strings.Join(doc, "\n")); got != want {
		t.Errorf("the package documentation's recipe differs from testdata/recipe.py:\n%s", cmp.Diff(want, got))
	}
	director, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(director), "```python\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok || !strings.HasPrefix(strings.TrimSpace(block), want) {
		t.Errorf("docs/director.md: its ```python block does not begin with the recipe of testdata/recipe.py")
	}

	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the recipe was checked against the committed vectors only")
	}
	seed, err := NewSeed(bytes.NewReader(bytes.Repeat([]byte{0x5a, 0xc3, 0x17}, 11)))
	if err != nil {
		t.Fatal(err)
	}
	script := string(recipe) + "\n" + `import sys
s = sys.argv[1]
print(",".join(map(str, order(s, "numbers", 12))))
c = draw(s, "opening 2-9")
print(",".join(str(c(n)) for n in [7, 7, 49, 3, 1]))
`
	path := filepath.Join(t.TempDir(), "check.py")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, path, seed.String()).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	d := seed.Draw("opening 2-9")
	var cs []string
	for _, n := range []int{7, 7, 49, 3, 1} {
		cs = append(cs, strconv.Itoa(d.Choice(n)))
	}
	var ord []string
	for _, v := range seed.Order("numbers", 12) {
		ord = append(ord, strconv.Itoa(v))
	}
	if diff := cmp.Diff(strings.Join(ord, ",")+"\n"+strings.Join(cs, ",")+"\n", string(out)); diff != "" {
		t.Errorf("python3 and Go draw differently (-go +python):\n%s", diff)
	}
}

func TestCheck(t *testing.T) {
	seed, err := ParseSeed("3F9A0C6B 2D8E41F7 A5C3B9E0 D1F2A4C6\n8B7E5D3C 2A1F0E9D 8C7B6A5F 4E3D2C1B")
	if err != nil {
		t.Fatal(err)
	}
	h := seed.Hash()
	if err := Check(seed, h); err != nil {
		t.Errorf("the seed against its own hash: %v", err)
	}
	other := seed
	other[31] ^= 1
	err = Check(other, h)
	if !errors.Is(err, ErrMismatch) {
		t.Fatalf("a changed seed: %v, want ErrMismatch", err)
	}
	if !strings.Contains(err.Error(), h.String()) || !strings.Contains(err.Error(), other.Hash().String()) {
		t.Errorf("%v: want both hashes named", err)
	}
	back, err := ParseHash(h.String())
	if err != nil || back != h {
		t.Errorf("ParseHash(%s) = %v, %v", h, back, err)
	}
}

func TestParseSeedRefuses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "0 characters: want 64 hexadecimal digits"},
		{strings.Repeat("a", 63), "63 characters"},
		{strings.Repeat("a", 65), "65 characters"},
		{strings.Repeat("g", 64), "is not hexadecimal"},
		{strings.Repeat("а", 64), "64 characters"}, // Cyrillic а looks like a
	} {
		_, err := ParseSeed(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSeed(%.10q…) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestChoiceEven draws 70,000 choices among 7 from one seed and requires every value's count
// within 5% of 10,000: a mapping with a bias of the size a careless modulo gives on small
// ranges, or a choice stuck on one value, would show. The counts are those of one fixed seed,
// so the test gives the same answer every run.
func TestChoiceEven(t *testing.T) {
	seed, _ := ParseSeed(strings.Repeat("5c", 32))
	d := seed.Draw("even")
	var counts [7]int
	for range 70000 {
		counts[d.Choice(7)]++
	}
	for v, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("value %d drawn %d times of 70000, want about 10000", v, c)
		}
	}
	if d.Choice(0) != 0 || d.Choice(-3) != 0 {
		t.Error("a choice among nothing is 0")
	}
}

func TestOrderIsAPermutation(t *testing.T) {
	seed, _ := ParseSeed(strings.Repeat("01", 32))
	for n := range 40 {
		o := seed.Order("numbers", n)
		seen := make([]bool, n)
		for _, v := range o {
			if v < 0 || v >= n || seen[v] {
				t.Fatalf("order of %d: %v is not a permutation", n, o)
			}
			seen[v] = true
		}
	}
	if a, b := seed.Order("numbers", 20), seed.Order("numbers", 20); !cmp.Equal(a, b) {
		t.Error("the same seed and label drew two orders")
	}
	if a, b := seed.Order("numbers", 20), seed.Order("numbers ", 20); cmp.Equal(a, b) {
		t.Error("two labels drew the same order of 20")
	}
	// Restart is a new draw of the label.
	d := seed.Draw("x")
	d.Choice(1000)
	d.Restart("opening 1-2")
	if a, b := d.Choice(1000), seed.Draw("opening 1-2").Choice(1000); a != b || d.Blocks() != 1 {
		t.Errorf("a restarted draw chose %d after %d blocks, a new one %d", a, d.Blocks(), b)
	}
}

func FuzzParseSeed(f *testing.F) {
	f.Add(strings.Repeat("0", 64))
	f.Add("3F9A0C6B 2D8E41F7 A5C3B9E0 D1F2A4C6\n8B7E5D3C 2A1F0E9D 8C7B6A5F 4E3D2C1B")
	f.Add(strings.Repeat("zz", 32))
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSeed(in)
		if err != nil {
			if _, err := ParseHash(in); err == nil {
				t.Fatalf("%q: a hash but not a seed", in)
			}
			return
		}
		back, err := ParseSeed(s.String())
		if err != nil || back != s {
			t.Fatalf("%q: %s read back as %s, %v", in, s, back, err)
		}
		if err := Check(s, s.Hash()); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzChoice(f *testing.F) {
	f.Add([]byte("seed"), "numbers", 7)
	f.Add([]byte{}, "", 1)
	f.Add([]byte{0xff}, "opening 1-2", 1<<62+1)
	f.Fuzz(func(t *testing.T, key []byte, label string, n int) {
		var s Seed
		copy(s[:], key)
		d := s.Draw(label)
		for range 3 {
			if c := d.Choice(n); n >= 1 && (c < 0 || c >= n) || n < 1 && c != 0 {
				t.Fatalf("choice among %d: %d", n, c)
			}
		}
	})
}

// BenchmarkChoice is one choice among 49 (one block of HMAC-SHA256).
func BenchmarkChoice(b *testing.B) {
	seed, _ := ParseSeed(strings.Repeat("5c", 32))
	d := seed.Draw("opening 3-7")
	b.ReportAllocs()
	for b.Loop() {
		d.Choice(49)
	}
}
