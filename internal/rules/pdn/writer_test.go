package pdn

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"postald/internal/rules"
)

// randomGame plays up to plies random legal moves from start.
func randomGame(start rules.Position, plies int, rng *rand.Rand) *rules.Game {
	rg := rules.NewGame(start)
	p := start
	for range plies {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		rg.Moves = append(rg.Moves, m)
		p = p.Play(m)
	}
	return rg
}

// TestRoundTrip writes random games of every variant as PDN, reads them back
// and replays them: the positions must be the same. Half the games start
// from a position reached by random play (a FEN with towers in the tower
// variants), with either side to move.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range rules.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			for i := range 40 {
				start := v.Start()
				if i%2 == 1 {
					start = randomGame(start, 10+i, rng).Position()
				}
				rg := randomGame(start, 150, rng)
				tags := []Tag{{"Event", "Кубок клуба"}, {"White", "Иванов"}, {"Black", "Петров"}, {"FEN", "stale"}}
				var buf bytes.Buffer
				if err := Write(&buf, FromGame(rg, tags, "1-0")); err != nil {
					t.Fatal(err)
				}
				text := buf.String()
				for _, line := range strings.Split(text, "\n") {
					if n := utf8.RuneCountInString(line); n >= 80 && !strings.HasPrefix(line, "[") {
						t.Fatalf("line of %d columns: %q", n, line)
					}
				}
				g := readOne(t, text)
				if gt, _ := g.Tag("GameType"); gt != v.GameType() {
					t.Fatalf("GameType %q, want %q", gt, v.GameType())
				}
				if _, ok := g.Tag("FEN"); ok != (i%2 == 1) {
					t.Fatalf("FEN tag present: %v, want %v:\n%s", ok, i%2 == 1, text)
				}
				back, err := Replay(g, nil)
				if err != nil {
					t.Fatalf("game %d does not replay: %v\n%s", i, err, text)
				}
				want, got := rg.Positions(), back.Positions()
				if len(got) != len(want) {
					t.Fatalf("game %d: %d positions read back, want %d", i, len(got), len(want))
				}
				for k := range want {
					if !got[k].Equal(&want[k]) {
						t.Fatalf("game %d: position %d read back as %s, want %s\n%s", i, k, got[k].FEN(), want[k].FEN(), text)
					}
				}
				if g.Result != "1-0" {
					t.Fatalf("result %q, want 1-0", g.Result)
				}
			}
		})
	}
}

// TestWriteGolden writes two games in a known form: the seed's column game
// with its tags, and an international game from a position with Black to
// move and a comment.
func TestWriteGolden(t *testing.T) {
	games := readFile(t, filepath.Join("testdata", "column-ivanov-petrov.pdn"))
	column, err := Replay(games[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, FromGame(column, games[0].Tags, "1-0")); err != nil {
		t.Fatal(err)
	}
	intl := readOne(t, "[FEN \"B:W28,K50:B19,23\"] 1... 19-24 {threat} 2. 28x19 24x13 1/2-1/2")
	intl.SetTag("White", "A")
	if err := Write(&buf, intl); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "write.golden")
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("Write differs from %s:\ngot:\n%s\nwant:\n%s", golden, buf.String(), want)
	}
}
