package swiss

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/trf"
)

// format writes a pairing as the FIDE-endorsed engines do.
func format(p *Pairing) string {
	var b strings.Builder
	n := len(p.Boards)
	if p.Bye != 0 {
		n++
	}
	fmt.Fprintf(&b, "%d\n", n)
	for _, bd := range p.Boards {
		fmt.Fprintf(&b, "%d %d\n", bd.White, bd.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintf(&b, "%d 0\n", p.Bye)
	}
	return b.String()
}

// TestExamples pairs the TRFs of testdata, each a rule of C.04.3 worked by hand, and
// compares with the pairing the rule gives (NAME.out, in the engines' output format):
//
//   - round1-even, round1-odd: round 1 is the top half against the bottom half, the
//     colours alternate from the initial colour (5.5), the lowest player gets the bye;
//   - round1-black: the initial colour black (152 B);
//   - transposition: 1–3 met, so S2 is transposed (4.2): 1 meets 4 and 2 meets 3, every
//     colour preference met;
//   - exchange: the transposition would leave four players without their colour, the
//     exchange of 2 and 3 between S1 and S2 (4.3) leaves none: the quality criterion
//     (C12) comes before the order of generation;
//   - moved-down: 3 and 6 met, so both float down and are paired first, each with the
//     resident whose colour preference fits (C12);
//   - forfeit: a forfeited game is no game played: the two meet again (C1);
//   - bye-unplayed: the bye goes to player 4, not 5, who had a round without a game
//     (C9, from 1 July 2025);
//   - bye-once: player 3 had the pairing-allocated bye and does not get it again (C2);
//   - bye-moved-down: 2 and 4 met, so both move down to 1, and one of them gets the bye:
//     the order of the moved-down players would pair 2, but C9 gives the bye to 2, who
//     has no round without a game, and 4, absent in round 2, plays.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("testdata/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, name := range files {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".trf"), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(name, ".trf") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			f, err := trf.Read(data)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := FromTRF(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Pair(tr)
			if err != nil {
				t.Fatal(err)
			}
			if got := format(p); got != string(want) {
				t.Errorf("paired:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestFromTRFRefuses: records whose effect on the pairing the file does not fix are
// refused with their line, and so is a points column the results do not give.
func TestFromTRFRefuses(t *testing.T) {
	base, err := os.ReadFile("testdata/bye-unplayed.trf")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, extra string
		line        int
		says        string
	}{
		{"acceleration", "250 00.0 01.0 001 002 0001 0002\n", 8, "accelerated"},
		{"TRF(x) acceleration", "XXA 0001  1.0\n", 8, "accelerated"},
		{"abnormal points", "299 W       1.0 001 0001\n", 8, "abnormal points"},
	} {
		f, err := trf.Read(append(append([]byte{}, base...), c.extra...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = FromTRF(f)
		var e *trf.Error
		if !errors.As(err, &e) || e.Line != c.line || !strings.Contains(e.Msg, c.says) {
			t.Errorf("%s: %v, want line %d saying %q", c.name, err, c.line, c.says)
		}
	}
	wrong := strings.Replace(string(base), "Player 1                                                           1.0", "Player 1                                                           1.5", 1)
	f, err := trf.Read([]byte(wrong))
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromTRF(f)
	var e *trf.Error
	if !errors.As(err, &e) || e.Line != 3 || e.Column != 81 || !strings.Contains(e.Msg, "results of rounds 1–1 give 1.0") {
		t.Errorf("points: %v, want line 3, column 81", err)
	}
}

// TestByeRecords: a 240 record gives the bye of a round whose column is blank (its points
// count), and keeps its player out of the round to pair.
func TestByeRecords(t *testing.T) {
	text := "012 Byes by record\n142 4\n" +
		"001    1      Player 1                                                           1.5          2 w 1\n" +
		"001    2      Player 2                                                           0.0          1 b 0\n" +
		"001    3      Player 3                                                           0.5\n" +
		"001    4      Player 4                                                           0.0\n" +
		"240 H 001  0003\n240 Z 001  0004\n240 F 002  0004\n"
	f, err := trf.Read([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	// Player 1's points are wrong on purpose: the column says 1.5, the results give 1.0.
	if _, err := FromTRF(f); err == nil || !strings.Contains(err.Error(), "line 3, column 81") {
		t.Fatalf("wrong points: %v", err)
	}
	f.Players()[0].Points = 10
	tr, err := FromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Players[2].Rounds[0]; got.Points != 5 || got.Played {
		t.Errorf("player 3, round 1: %+v, want the half-point bye of the 240 record", got)
	}
	if !tr.Players[3].Absent || tr.Players[2].Absent {
		t.Errorf("absent: player 3 %v, player 4 %v; want 4 only", tr.Players[2].Absent, tr.Players[3].Absent)
	}
	p, err := Pair(tr)
	if err != nil {
		t.Fatal(err)
	}
	// 1 (1.0) and 2 (0.0) met; 3 (0.5) meets 1 after the top bracket has no pair,
	// and 2 gets the bye.
	if got := format(p); got != "2\n3 1\n2 0\n" {
		t.Errorf("paired:\n%s", got)
	}
}
