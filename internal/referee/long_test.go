package referee

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postald/internal/mailparse"
)

// longLetters plays a long game by letters: each player repeats the partner's moves, makes the
// move the rules engine lists at a fixed index and proposes a two-move variant. It returns the
// letters with their envelopes, and stops at n plies or when the game ends.
func longLetters(tb testing.TB, variant string, n int) (Seat, []*mailparse.Letter, []Envelope) {
	tb.Helper()
	g := testGame(variant)
	g.Table.End = day("2030-01-01")
	reg := DefaultRegulation()
	reg.ControlDays = 5000 // long enough not to overstep
	var ls []*mailparse.Letter
	var envs []Envelope
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)
	start := g
	for len(g.Plies) < n && g.Status == StatusPlaying {
		b, err := newBoard(variant, "")
		if err != nil {
			tb.Fatal(err)
		}
		if err := b.replay(g.Plies); err != nil {
			tb.Fatal(err)
		}
		legal := legalText(b)
		if len(legal) == 0 {
			break
		}
		p := len(g.Plies)
		// The move that leaves the partner most moves, so that the game lasts.
		mv, most := legal[0], -1
		for i := range legal {
			m := legal[(i+p)%len(legal)]
			c := b.clone()
			if c.play(m) != nil {
				continue
			}
			if k := len(c.legal()); k > most {
				mv, most = m, k
			}
		}
		var body strings.Builder
		if owed := *g.owes(g.ToMove()); len(owed) > 0 {
			body.WriteString("Ваш ход")
			for _, j := range owed {
				body.WriteString(" " + numbered(j, g.Plies[j].Text))
			}
			body.WriteString(" получил.\n")
		}
		fmt.Fprintf(&body, "Мой ход: %s\n", numbered(p, mv))
		if err := b.play(mv); err == nil {
			if rs := legalText(b); len(rs) > 1 {
				r := rs[0]
				_ = b.play(r)
				if as := legalText(b); len(as) > 0 {
					fmt.Fprintf(&body, "Если %s, то %s\n", numbered(p+1, r), numbered(p+2, as[0]))
				}
			}
		}
		from := g.Player(g.ToMove())
		id := fmt.Sprintf("long-%d@mail.example", p)
		raw := "From: " + from.Email + "\r\nSubject: СТ-2026/1 партия 1-2\r\nDate: " + at.Format(time.RFC1123Z) +
			"\r\nMessage-ID: <" + id + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
			strings.ReplaceAll(body.String(), "\n", "\r\n")
		l, err := mailparse.Parse([]byte(raw))
		if err != nil {
			tb.Fatal(err)
		}
		env := Envelope{From: from.Email, MessageID: id, Received: at}
		d := apply(g, l, env, reg)
		if d.Verdict != Accepted && d.Verdict != Corrected {
			tb.Fatalf("ply %d: %s %v %v\n%s", p, d.Verdict, d.Clauses, d.Violations, body.String())
		}
		g.Game = d.Game
		ls, envs = append(ls, l), append(envs, env)
		at = at.Add(36 * time.Hour)
	}
	return start, ls, envs
}

// legalText returns the legal moves of b's position in postald's notation.
func legalText(b *board) []string {
	var out []string
	for _, m := range b.legal() {
		out = append(out, b.format(m))
	}
	return out
}

// TestLongGame plays a long column game by letters with a variant in every letter: every letter
// is accepted, the game replays, and the state survives the whole way.
func TestLongGame(t *testing.T) {
	start, ls, envs := longLetters(t, "column", 140)
	reg := DefaultRegulation()
	reg.ControlDays = 5000
	g := start
	for i := range ls {
		g.Game = apply(g, ls[i], envs[i], reg).Game
	}
	if len(g.Plies) < 100 {
		t.Fatalf("the long game has %d plies, want at least 100 (%s %s)", len(g.Plies), g.Status, g.Reason)
	}
	b, _ := newBoard("column", "")
	if err := b.replay(g.Plies); err != nil {
		t.Errorf("the game does not replay: %v", err)
	}
	if fen := b.pos.FEN(); fen != g.Position {
		t.Errorf("stored position %s, replayed %s", g.Position, fen)
	}
}

// BenchmarkApply measures decisions per second on a long game: each iteration decides the last
// letter of a 120-ply column game in which every letter proposes a variant.
func BenchmarkApply(b *testing.B) {
	start, ls, envs := longLetters(b, "column", 120)
	reg := DefaultRegulation()
	reg.ControlDays = 5000
	g := start
	for i := range len(ls) - 1 {
		g.Game = apply(g, ls[i], envs[i], reg).Game
	}
	last, env := ls[len(ls)-1], envs[len(envs)-1]
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		d := apply(g, last, env, reg)
		if d.Verdict != Accepted && d.Verdict != Corrected {
			b.Fatal(d.Verdict)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
