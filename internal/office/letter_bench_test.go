package office

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/store"
	"postald/internal/tournament"
)

// benchFsync makes BenchmarkLetter commit as the daemon does, with an fsync per transaction: the
// disk's cost, the same for every letter, which the store's own BenchmarkLetter measures. By
// default the benchmark measures the work of the letter itself (store.Options.NoSync).
var benchFsync = flag.Bool("letter.fsync", false, "BenchmarkLetter: fsync every commit, as the daemon does")

// BenchmarkLetter measures the whole unit of work for one letter, (*Office).Letter: the letter
// recorded, read, routed and decided, the game's new state, the archive, the answer and the
// forwarded copy, in a real store file. Every measured letter is a legal move written in full
// notation, repeating the partner's last move (4.2.9), and is accepted; the setup (tournaments
// registered with CreateTournament, the game played to the wanted ply by letters) is outside
// the timer. After every two letters (a move and its answer) the game is put back as it was
// before them, outside the timer, so that every letter meets the game at the wanted ply.
//
//   - tournaments=N: the store holds N tournaments of 10 players; the sender plays in the first
//     (in play) and in about half of the others, whose games are all finished; the rest are in
//     play among other players.
//   - plies=N: the letter meets the game after N plies, in a store of one tournament.
func BenchmarkLetter(b *testing.B) {
	for _, c := range []struct {
		name               string
		tournaments, plies int
	}{
		{"tournaments=1", 1, 20},
		{"tournaments=100", 100, 20},
		{"plies=20", 1, 20},
		{"plies=200", 1, 200},
	} {
		b.Run(c.name, func(b *testing.B) { benchLetter(b, c.tournaments, c.plies) })
	}
}

// benchPlayers is the size of the benchmark's tournaments.
const benchPlayers = 10

// benchSheet is tournament i of the benchmark: its players are the first group's ("p") when
// the sender plays in it, another group's otherwise.
func benchSheet(i int, group string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `
[tournament]
code = "B-%03d"
name = "benchmark %d"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "en"
address = "moves@postald.test"
judge = "judge@postald.test"
director = "director@postald.test"
rounds = 1

[regulation]
zone = "Europe/Moscow"
`, i, i)
	for n := 1; n <= benchPlayers; n++ {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = \"Player %s%02d\"\nemail = \"%s%02d@postald.test\"\n", n, group, n, group, n)
	}
	return b.String()
}

type letterBench struct {
	db    *store.DB
	o     *Office
	from  mail.Address
	now   time.Time
	sheet *tournament.Sheet
	id    store.GameID
	white string // the players' addresses
	black string
	line  []string // the game's plies in full notation
	uid   uint32
}

func benchLetter(b *testing.B, tournaments, plies int) {
	db, err := store.Open(filepath.Join(b.TempDir(), "postald.db"), store.Options{NoSync: !*benchFsync})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	r := newLetterRig(b, db, tournaments, plies+2)
	for k := range plies {
		r.play(b, k)
	}
	r.checkAccepted(b, plies)
	var snap referee.Game
	if err := db.View(func(tx *store.Tx) error {
		var err error
		snap, err = loadStored(tx, r.id)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	if len(snap.Plies) != plies {
		b.Fatalf("the game has %d plies, want %d", len(snap.Plies), plies)
	}
	before := fileSize(b, db.Path())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i > 0 && i%2 == 0 {
			b.StopTimer()
			r.checkAccepted(b, 2)
			if err := db.Update(func(tx *store.Tx) error {
				// The letters go out, as the daemon's sender sends them.
				due, err := tx.Due(r.now.Add(24*time.Hour), 0)
				if err != nil {
					return err
				}
				for _, it := range due {
					if err := tx.MarkSent(it.Seq, r.now); err != nil {
						return err
					}
				}
				return putGame(tx, r.from, r.id, r.sheet, snap, r.now)
			}); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		r.play(b, plies+i%2)
	}
	b.StopTimer()
	r.checkAccepted(b, min(b.N, 2))
	// What the store grows by: the letter, its answers and the forwarded copy archived, the
	// inbound record, the outbox's record of each letter sent (the game itself is set back
	// every second letter).
	b.ReportMetric(float64(fileSize(b, db.Path())-before)/float64(b.N), "store-B/letter")
}

// newLetterRig registers the benchmark's tournaments in db (see BenchmarkLetter) and returns the
// office with the game its letters are about (White player 1 of the first tournament), and a
// line of plies of that game.
func newLetterRig(tb testing.TB, db *store.DB, tournaments, plies int) *letterBench {
	r := &letterBench{db: db, from: mail.Address{Name: "postald", Address: "moves@postald.test"},
		now: time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC)}
	for i := range tournaments {
		group := "p"
		if i > 0 && i%2 == 0 {
			group = fmt.Sprintf("q%03d-", i)
		}
		sh, err := CreateTournament(db, r.from, []byte(benchSheet(i, group)), r.now)
		if err != nil {
			tb.Fatal(err)
		}
		if i == 0 {
			r.sheet = sh
			continue
		}
		if group == "p" {
			finishAll(tb, db, r.from, sh, r.now)
		}
	}
	for _, g := range r.sheet.Games() {
		if g.White == 1 {
			r.id = store.GameID{Tournament: r.sheet.Code, Game: g.Name}
			r.white, r.black = r.sheet.Players[g.White-1].Email, r.sheet.Players[g.Black-1].Email
			break
		}
	}
	r.o = r.office()
	r.line = longLine(tb, r.sheet.Variant, plies)
	return r
}

// office returns a new office on the rig's store, as a restarted daemon has.
func (r *letterBench) office() *Office {
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 30 // every letter of the benchmark comes at the same instant
	return New(Options{Store: r.db, From: r.from, Limits: limits, Trust: config.Trust{FromOnly: true}, Now: func() time.Time { return r.now }})
}

// play sends the letter that makes ply k: the move of the side on move, repeating the partner's
// last move.
func (r *letterBench) play(b testing.TB, k int) {
	from := r.white
	if k%2 == 1 {
		from = r.black
	}
	var body strings.Builder
	fmt.Fprintf(&body, "Tournament %s, game %s.\r\n", r.id.Tournament, r.id.Game)
	if k > 0 {
		fmt.Fprintf(&body, "Received your %s.\r\n", numberedPly(k-1, r.line[k-1]))
	}
	fmt.Fprintf(&body, "My move: %s\r\n", numberedPly(k, r.line[k]))
	r.uid++
	raw := fmt.Sprintf("From: %s\r\nTo: moves@postald.test\r\nSubject: %s game %s\r\nDate: %s\r\nMessage-ID: <bench-%d@postald.test>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, r.id.Tournament, r.id.Game, r.now.Format(time.RFC1123Z), r.uid, body.String())
	m := Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: r.uid, Raw: []byte(raw), InternalDate: r.now, Size: int64(len(raw))}
	if err := r.o.Letter(m); err != nil {
		b.Fatal(err)
	}
}

// checkAccepted fails unless the last n letters were accepted.
func (r *letterBench) checkAccepted(b testing.TB, n int) {
	b.Helper()
	err := r.db.View(func(tx *store.Tx) error {
		for uid := r.uid - uint32(n) + 1; uid <= r.uid && uid > 0; uid++ {
			in, err := tx.Inbound(store.MessageRef{Mailbox: "INBOX", UIDValidity: 1, UID: uid})
			if err != nil {
				return err
			}
			if in.State != store.InboundDone || in.Verdict != string(referee.Accepted) {
				return fmt.Errorf("letter %d: %s, %s (%s), want accepted", uid, in.State, in.Verdict, in.Reason)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// numberedPly writes ply k (0-based) with its move number, as players do: "12. g3:e5",
// "12... f6:d4".
func numberedPly(k int, text string) string {
	if k%2 == 0 {
		return fmt.Sprintf("%d. %s", k/2+1, text)
	}
	return fmt.Sprintf("%d... %s", k/2+1, text)
}

// finishAll ends every game of a tournament in a draw, as if played out.
func finishAll(b testing.TB, db *store.DB, from mail.Address, sh *tournament.Sheet, now time.Time) {
	err := db.Update(func(tx *store.Tx) error {
		for _, pr := range sh.Games() {
			id := store.GameID{Tournament: sh.Code, Game: pr.Name}
			g, err := LoadGame(tx, id)
			if err != nil {
				return err
			}
			g.Status, g.Result, g.Reason = referee.StatusFinished, referee.ResultDraw, "agreed"
			g.WhiteClock.Stop()
			g.BlackClock.Stop()
			if err := Put(tx, from, id, sh, g, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// longLine returns n plies of a game of the variant in full notation, found by a search that
// leaves the side on move at least two legal moves after every ply, so that no reply is forced
// (postald would play it itself, 4.2.4) and the game does not end.
func longLine(b testing.TB, variant string, n int) []string {
	v, err := rules.VariantByID(variant)
	if err != nil {
		b.Fatal(err)
	}
	for seed := uint64(1); seed < 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0x5eed))
		var line []string
		budget := 200000
		var dfs func(p rules.Position) bool
		dfs = func(p rules.Position) bool {
			if len(line) == n {
				return true
			}
			if budget--; budget < 0 {
				return false
			}
			moves := p.LegalMoves(nil)
			rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			// Safe moves first: those after which the partner cannot capture keep both sides'
			// material, and the game long.
			var safe, rest []rules.Move
			for _, m := range moves {
				q := p.Play(m)
				next := q.LegalMoves(nil)
				if len(next) < 2 {
					continue
				}
				if next[0].IsCapture() {
					rest = append(rest, m)
				} else {
					safe = append(safe, m)
				}
			}
			for _, m := range append(safe, rest...) {
				q := p.Play(m)
				line = append(line, rules.FormatMove(&p, m))
				if dfs(q) {
					return true
				}
				line = line[:len(line)-1]
			}
			return false
		}
		if dfs(v.Start()) {
			return line
		}
	}
	b.Fatalf("no line of %d plies found", n)
	return nil
}

func fileSize(tb testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}
