package trf

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRoundTrip: a file read and written back is the same file, byte for byte, with its
// own line ending (CR for TRF-2026's remark 1, CR LF here for the TRF(x) one).
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"testdata/trf2026.trf", "testdata/trfx.trf"} {
		data := readFile(t, name)
		f, err := Read(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := Write(f); !bytes.Equal(got, data) {
			t.Errorf("%s: written back differs:\n%s", name, cmp.Diff(string(data), string(got)))
		}
	}
}

// TestLineEndings: LF, CR LF, CR and a mix read the same; the first ending is kept.
func TestLineEndings(t *testing.T) {
	data := readFile(t, "testdata/trf2026.trf")
	want, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\r"), "\r")
	for _, c := range []struct{ name, text, eol string }{
		{"LF", strings.Join(lines, "\n") + "\n", "\n"},
		{"CRLF", strings.Join(lines, "\r\n") + "\r\n", "\r\n"},
		{"no final ending", strings.Join(lines, "\n"), "\n"},
		{"mixed", lines[0] + "\r\n" + lines[1] + "\n" + strings.Join(lines[2:], "\r"), "\r\n"},
	} {
		got, err := Read([]byte(c.text))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.EOL != c.eol {
			t.Errorf("%s: EOL %q, want %q", c.name, got.EOL, c.eol)
		}
		if diff := cmp.Diff(want.Lines, got.Lines); diff != "" {
			t.Errorf("%s: lines differ:\n%s", c.name, diff)
		}
	}
}

// TestPlayerLine: the fixed columns of a 001 record, as the arbiter's program wrote them.
func TestPlayerLine(t *testing.T) {
	f, err := Read(readFile(t, "testdata/trf2026.trf"))
	if err != nil {
		t.Fatal(err)
	}
	ps := f.Players()
	if len(ps) != 6 {
		t.Fatalf("%d players, want 6", len(ps))
	}
	want := &Player{Number: 1, Sex: "m", Name: "Иванов, Пётр", Rating: 2210, Federation: "RUS",
		FIDEID: "24100010", Birth: "1958/03/14", Points: 50, Rank: 1,
		Rounds: []Result{{4, 'w', '1'}, {3, 'b', '='}, {2, 'w', '1'}}}
	if diff := cmp.Diff(want, ps[0]); diff != "" {
		t.Errorf("player 1:\n%s", diff)
	}
	if got := ps[1].Title; got != "FM" {
		t.Errorf("player 2's title %q, want FM", got)
	}
	if got := ps[4].Rounds[1]; got != (Result{0, '-', 'H'}) {
		t.Errorf("player 5, round 2: %+v, want the half-point bye", got)
	}
	if got := ps[5].Rounds; got[0] != (Result{3, 'b', '-'}) || got[1] != (Result{0, '-', 'U'}) {
		t.Errorf("player 6: %+v, want a forfeit loss then the pairing-allocated bye", got)
	}
	if f.Name() != "Кубок клуба по переписке 2026" {
		t.Errorf("name %q", f.Name())
	}
}

// TestRecords: the tournament records a pairing reads, in both dialects.
func TestRecords(t *testing.T) {
	f, err := Read(readFile(t, "testdata/trf2026.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := f.Rounds(); n != 5 {
		t.Errorf("142: %d rounds, want 5", n)
	}
	if c, _ := f.InitialColour(); c != 'w' {
		t.Errorf("152: initial colour %q, want w", c)
	}
	s, _ := f.Scoring()
	want := Scoring{Win: 20, Draw: 10, Loss: 0, ForfeitWin: 20, ForfeitLoss: 0, FullBye: 20, HalfBye: 10, ZeroBye: 0, PAB: 20, Unknown: 10}
	if s != want {
		t.Errorf("162: %+v, want %+v", s, want)
	}
	byes, _ := f.Byes()
	if diff := cmp.Diff([]Bye{{Kind: 'H', Round: 4, Players: []int{4}, Line: 19}}, byes); diff != "" {
		t.Errorf("240:\n%s", diff)
	}
	pr, _ := f.Prohibited()
	if diff := cmp.Diff([]Prohibition{{First: 1, Last: 5, Players: []int{2, 6}, Line: 20}}, pr); diff != "" {
		t.Errorf("260:\n%s", diff)
	}

	x, err := Read(readFile(t, "testdata/trfx.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Rounds(); n != 5 {
		t.Errorf("XXR: %d rounds, want 5", n)
	}
	if c, _ := x.InitialColour(); c != 'w' {
		t.Errorf("XXC: initial colour %q, want w", c)
	}
	if s, _ := x.Scoring(); s != DefaultScoring() {
		t.Errorf("XXS W=1 D=0.5: %+v, want the default", s)
	}
}

// TestScoringLines: 2-1-0 and 3-1-0 scoring, the pairing-allocated bye of its own.
func TestScoringLines(t *testing.T) {
	for _, c := range []struct {
		line string
		want Scoring
	}{
		{"162  W 2.0    D 1.0", Scoring{Win: 20, Draw: 10, ForfeitWin: 20, FullBye: 20, HalfBye: 10, PAB: 20, Unknown: 10}},
		{"162  W 3.0    D 1.0    P 1.0", Scoring{Win: 30, Draw: 10, ForfeitWin: 30, FullBye: 30, HalfBye: 10, PAB: 10, Unknown: 10}},
		{"162  W 1.0    D 0.5    A-1.0", Scoring{Win: 10, Draw: 5, ForfeitWin: 10, FullBye: 10, HalfBye: 5, PAB: 10, Unknown: 5, ZeroBye: -10, ForfeitLoss: -10}},
		{"XXS WW=2 BW=2 WD=1 BD=1 PAB=1", Scoring{Win: 20, Draw: 10, ForfeitWin: 10, FullBye: 10, HalfBye: 5, PAB: 10, Unknown: 5}},
	} {
		f, err := Read([]byte(c.line + "\n"))
		if err != nil {
			t.Fatalf("%q: %v", c.line, err)
		}
		got, _ := f.Scoring()
		if got != c.want {
			t.Errorf("%q:\n got %+v\nwant %+v", c.line, got, c.want)
		}
	}
}

const good = "001    1      Alpha, A                          2400                             1.0    1     2 w 1"

// TestErrors: a file that cannot be read is refused with the line and the column, and
// why, in words an arbiter can act on.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		name, text   string
		line, column int
		says         string
	}{
		{"starting rank", "012 T\n001   x1      Alpha", 2, 5, "starting rank"},
		{"rating", "012 T\n" + good[:48] + "24x0" + good[52:], 2, 49, "rating"},
		{"points", good[:80] + "1.x " + good[84:], 1, 81, "points"},
		{"tenths only", good[:80] + "1.25" + good[84:], 1, 81, "tenths"},
		{"colour", good[:96] + "x" + good[97:], 1, 97, "colour"},
		{"result", good[:98] + "7", 1, 99, "result"},
		{"opponent", good[:91] + "00x2" + good[95:], 1, 92, "opponent"},
		{"no such opponent", good, 1, 92, "no 001 line"},
		{"bye with opponent", strings.Replace(good, "2 w 1", "2 - H", 1), 1, 92, "bye"},
		{"played without colour", strings.Replace(good, "2 w 1", "2 - 1", 1), 1, 92, "colour"},
		{"twice", good + "\n" + good, 2, 5, "also on line 1"},
		{"rounds", "XXR x\n", 1, 5, "number of rounds"},
		{"rounds differ", "142 5\nXXR 7\n", 2, 5, "line 1 says 5"},
		{"initial colour", "152 X\n", 1, 5, "initial colour"},
		{"scoring code", "162  Q 1.0\n", 1, 6, "none of W D L A P X"},
		{"scoring points", "162  W x.0\n", 1, 6, "points of W"},
		{"bye kind", "240 Q 001  0001\n", 1, 5, "bye"},
		{"bye player", "240 H 001  0009\n" + strings.Replace(good, "     2 w 1", "", 1), 1, 12, "no 001 line"},
		{"prohibited", "260 001 005  0001\n", 1, 5, "at least two players"},
		{"control character", "012 T\x01\n", 1, 6, "control character"},
	} {
		_, err := Read([]byte(c.text))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want an *Error", c.name, err)
			continue
		}
		if e.Line != c.line || e.Column != c.column || !strings.Contains(e.Msg, c.says) {
			t.Errorf("%s: %q, want line %d, column %d, saying %q", c.name, e.Error(), c.line, c.column, c.says)
		}
	}
}

// TestWriteNew: a file made in code is written with CR LF and reads back the same.
func TestWriteNew(t *testing.T) {
	f := &File{Lines: []Line{{Text: "012 New"}, {Text: "142 3"},
		{Player: &Player{Number: 1, Name: "A", Points: 10, Rounds: []Result{{2, 'w', '1'}}}},
		{Player: &Player{Number: 2, Name: "B", Points: 0, Rounds: []Result{{1, 'b', '0'}}}},
		{Player: &Player{Number: 3, Name: "C", Points: 10, Rounds: []Result{{0, '-', 'U'}}}},
	}}
	data := Write(f)
	if !strings.Contains(string(data), "\r\n") {
		t.Fatalf("no CR LF in %q", data)
	}
	back, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f.Lines, back.Lines); diff != "" {
		t.Errorf("read back differs:\n%s", diff)
	}
}
